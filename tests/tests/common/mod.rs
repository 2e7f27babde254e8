//! What the games' end-to-end tests share: a bot serving the fake Discord from a configuration
//! folder, and reading what a channel was told.

// Each test file uses some of these; none uses them all.
#![allow(dead_code)]

use commissaire::clock::{Clock, ManualClock};
use commissaire::discord::config::ServeConfig;
use commissaire::discord::serve::{Options, ServeError, run};
use commissaire::services::{Actor, Services, TourSettings};
use commissaire_tests::drive::{WAIT, button_ids, button_labels, content, slash};
use commissaire_tests::fake_discord::{FAKE_TOKEN, FakeDiscord, Who};
use serde_json::{Value, json};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// A configuration folder holding the shipped courses and the tour presets given as
/// (file name without `.toml`, text).
pub fn config_with_presets(presets: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let courses = dir.path().join("courses");
    std::fs::create_dir_all(&courses).unwrap();
    std::fs::create_dir_all(dir.path().join("tours")).unwrap();
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("../config/courses");
    // Each game's courses sit in a folder of their own: copy the folders.
    for folder in std::fs::read_dir(shipped).unwrap() {
        let folder = folder.unwrap();
        let into = courses.join(folder.file_name());
        std::fs::create_dir_all(&into).unwrap();
        for file in std::fs::read_dir(folder.path()).unwrap() {
            let file = file.unwrap();
            std::fs::copy(file.path(), into.join(file.file_name())).unwrap();
        }
    }
    for (name, text) in presets {
        std::fs::write(dir.path().join(format!("tours/{name}.toml")), text).unwrap();
    }
    dir
}

/// The bot serving `guild` at the fake Discord, with pictures, a one-second tick and reminders
/// two minutes ahead; send on the first half to stop it.
pub fn start_bot(
    fake: &FakeDiscord,
    guild: u64,
    database: &Path,
    config_dir: &Path,
    clock: &Arc<ManualClock>,
) -> (
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<Result<(), ServeError>>,
) {
    let config = ServeConfig {
        database: database.to_path_buf(),
        api_base: Some(fake.url()),
        tick_secs: 1,
        reminder_lead_secs: 120,
        ..ServeConfig::default()
    };
    let token = config
        .token(&|k| (k == "DISCORD_TOKEN").then(|| FAKE_TOKEN.to_string()))
        .unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let bot = tokio::spawn(run(
        Options {
            config,
            config_dir: config_dir.to_path_buf(),
            token,
            guild: Some(guild),
            clock: Arc::clone(clock) as Arc<dyn Clock>,
            pictures: true,
        },
        async move {
            let _ = stopped.await;
        },
    ));
    (stop, bot)
}

/// The channel's public messages, oldest first.
pub fn channel_posts(fake: &FakeDiscord, channel: u64) -> Vec<Value> {
    fake.channel_messages(channel)
        .into_iter()
        .filter(|m| m["flags"].as_u64().unwrap_or(0) & 64 == 0)
        .collect()
}

/// A public post carrying the way into the hand (the button a director presses to play).
#[allow(dead_code)] // each test binary reads what it needs
pub struct HandPost {
    /// The message's id, to press its buttons.
    pub id: u64,
    /// The tour's id, read from the button's custom id.
    pub tour: String,
    /// The labels of its buttons, as a player reads them.
    pub labels: Vec<String>,
}

/// The channel's latest public post carrying the way into the hand.
pub fn hand_post(fake: &FakeDiscord, channel: u64) -> Option<HandPost> {
    channel_posts(fake, channel).iter().rev().find_map(|m| {
        let button = button_ids(m).into_iter().find(|id| id.ends_with(":hand"))?;
        Some(HandPost {
            id: m["id"].as_str()?.parse().ok()?,
            tour: button.split(':').nth(1)?.to_string(),
            labels: button_labels(m),
        })
    })
}

/// Waits for a post carrying the way into the hand; fails with the fake's failures if none comes.
#[allow(dead_code)]
pub async fn wait_hand_post(fake: &FakeDiscord, channel: u64) -> HandPost {
    let give_up = std::time::Instant::now() + WAIT;
    loop {
        if let Some(post) = hand_post(fake, channel) {
            return post;
        }
        assert!(
            std::time::Instant::now() < give_up,
            "no post with the way into the hand; failures: {:#?}",
            fake.failures()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The id of the channel's latest public message carrying the way into the hand.
#[allow(dead_code)]
pub fn hand_message(fake: &FakeDiscord, channel: u64) -> Option<u64> {
    hand_post(fake, channel).map(|post| post.id)
}

/// Whether a public message of the channel contains `text`.
pub fn told(fake: &FakeDiscord, channel: u64, text: &str) -> bool {
    channel_posts(fake, channel)
        .iter()
        .any(|m| content(m).contains(text))
}

/// Waits until the channel is told `text`; fails with what it was told instead.
pub async fn wait_told(fake: &FakeDiscord, channel: u64, text: &str) {
    let give_up = std::time::Instant::now() + WAIT;
    while !told(fake, channel, text) {
        assert!(
            std::time::Instant::now() < give_up,
            "the channel never told {text:?}; posts: {:#?}; failures: {:#?}",
            channel_posts(fake, channel)
                .iter()
                .map(|m| content(m).to_string())
                .collect::<Vec<_>>(),
            fake.failures()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Opens a tour of `preset` for `teams` seats in the fake's channel as people would: the admin
/// creates it, each director joins with a team and a colour, the admin starts it (the seats
/// left are the bot's). Returns `/tour create`'s answer.
pub async fn open_tour(
    fake: &FakeDiscord,
    preset: &str,
    teams: u8,
    admin: &Who,
    directors: &[(&Who, &str, u64)],
) -> Value {
    let created = slash(
        fake,
        "tour create",
        json!({"preset": preset, "teams": teams}),
        admin,
    )
    .await;
    assert!(content(&created).contains("is open"), "{created}");
    for (who, team, colour) in directors {
        let joined = slash(
            fake,
            "tour join",
            json!({"team": team, "colour": colour}),
            who,
        )
        .await;
        assert!(content(&joined).contains(team), "{joined}");
    }
    slash(fake, "tour start", json!({}), admin).await;
    created
}

/// The same tour through the services alone, for the tests that look for a seed: created at
/// `at` in `channel` (the seed comes from both, as in Discord), joined by `directors`, started.
/// Keep the folder: the database lives in it.
pub async fn services_tour(
    config_dir: &Path,
    at: i64,
    channel: &str,
    preset: &str,
    seats: u8,
    admin: &Actor,
    directors: &[(&Actor, &str)],
) -> (Services, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(at));
    let s = Services::open(&dir.path().join("db"), config_dir, clock)
        .await
        .unwrap()
        .with_pictures(false);
    let settings = TourSettings {
        preset: preset.into(),
        seats,
        turn_deadline_secs: 3600,
        seed: None,
        decision_deadline_secs: None,
        language: None,
    };
    s.create_tour(admin, channel, settings).await.unwrap();
    for (who, team) in directors {
        s.join(who, channel, team, "red").await.unwrap();
    }
    s.start(admin, channel).await.unwrap();
    (s, dir)
}
