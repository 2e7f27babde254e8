//! What the games' end-to-end tests share: a bot serving the fake Discord from a configuration
//! folder, and reading what a channel was told.

// Each test file uses some of these; none uses them all.
#![allow(dead_code)]

use commissaire::clock::{Clock, ManualClock};
use commissaire::discord::config::ServeConfig;
use commissaire::discord::serve::{Options, ServeError, run};
use commissaire::services::{Actor, Services, TourSettings};
use commissaire::store::Database;
use commissaire_tests::drive::{WAIT, button_ids, button_labels, content, slash};
use commissaire_tests::fake_discord::{FAKE_TOKEN, FakeDiscord, Who};
use serde_json::{Value, json};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// A configuration folder holding the shipped courses and the tour presets given as
/// (file name without `.toml`, text).
/// A test's database, named `file` in the folder `dir` on SQLite; in the `postgres_e2e` test
/// binary (which runs these same tests), a PostgreSQL schema of its own on the tests' server
/// instead (`commissaire_tests::postgres`; without a server outside CI, the SQLite file).
pub fn database(dir: &tempfile::TempDir, file: &str) -> Database {
    let sqlite = Database::Sqlite(dir.path().join(file));
    if module_path!().starts_with("postgres_e2e::") {
        commissaire_tests::postgres::database().map_or(sqlite, Database::Postgres)
    } else {
        sqlite
    }
}

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
    database: &Database,
    config_dir: &Path,
    clock: &Arc<ManualClock>,
) -> (
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<Result<(), ServeError>>,
) {
    start_bot_with(fake, guild, database, config_dir, clock, answer_budget_ms())
}

/// As [`start_bot`], with the answer budget given in milliseconds (0: every answer deferred).
pub fn start_bot_with(
    fake: &FakeDiscord,
    guild: u64,
    database: &Database,
    config_dir: &Path,
    clock: &Arc<ManualClock>,
    answer_budget_ms: u64,
) -> (
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<Result<(), ServeError>>,
) {
    let config = ServeConfig {
        answer_budget_ms,
        ..serve_config(fake, database)
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

/// The settings the end-to-end bots serve with: the fake's address, a one-second tick,
/// reminders two minutes ahead, and the answer budget of `COMMISSAIRE_ANSWER_BUDGET_MS` when it
/// is set (`0`: every answer deferred, as a busy machine would), else the bot's default.
pub fn serve_config(fake: &FakeDiscord, database: &Database) -> ServeConfig {
    ServeConfig {
        database: database.clone(),
        api_base: Some(fake.url()),
        tick_secs: 1,
        reminder_lead_secs: 120,
        answer_budget_ms: answer_budget_ms(),
        ..ServeConfig::default()
    }
}

/// The answer budget the end-to-end bots run with (see [`serve_config`]).
pub fn answer_budget_ms() -> u64 {
    use commissaire::discord::config::{DEFAULT_ANSWER_BUDGET_MS, ENV_ANSWER_BUDGET};
    match std::env::var(ENV_ANSWER_BUDGET) {
        Ok(ms) => ms.trim().parse().unwrap_or_else(|_| {
            panic!("{ENV_ANSWER_BUDGET} is not a number of milliseconds: {ms}")
        }),
        Err(_) => DEFAULT_ANSWER_BUDGET_MS,
    }
}

/// A wait that gives up only once the bot has stopped working: [`WAIT`] without a request
/// reaching the fake. A busy machine draws the boards slowly and the channel's posts lag the
/// players' presses; a test waits for them as long as they keep coming (issue 32, item 15).
pub struct Patience {
    seen: usize,
    since: std::time::Instant,
}

impl Patience {
    pub fn new(fake: &FakeDiscord) -> Patience {
        Patience {
            seen: fake.request_count(),
            since: std::time::Instant::now(),
        }
    }

    /// Whether to keep waiting: the bot sent something within the last [`WAIT`].
    pub fn holds(&mut self, fake: &FakeDiscord) -> bool {
        let now = fake.request_count();
        if now != self.seen {
            self.seen = now;
            self.since = std::time::Instant::now();
        }
        self.since.elapsed() < WAIT
    }
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

/// Waits for a post carrying the way into the hand; `None` once the tour is over (its last
/// turn's post keeps no button, issue 32, item 12). Fails with the fake's failures if neither
/// comes.
#[allow(dead_code)]
pub async fn wait_hand_post(fake: &FakeDiscord, channel: u64) -> Option<HandPost> {
    let mut patience = Patience::new(fake);
    loop {
        if let Some(post) = hand_post(fake, channel) {
            return Some(post);
        }
        if told(fake, channel, "The tour is over") {
            return None;
        }
        assert!(
            patience.holds(fake),
            "no post with the way into the hand; posts: {:#?}; failures: {:#?}",
            channel_posts(fake, channel)
                .iter()
                .rev()
                .take(3)
                .map(|m| content(m).to_string())
                .collect::<Vec<_>>(),
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
    let mut patience = Patience::new(fake);
    while !told(fake, channel, text) {
        assert!(
            patience.holds(fake),
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

/// The turn titles of a text ("**Stage 1, round 3**", "**Stage 1, round 3** (continued)").
pub fn turn_titles(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| {
            l.strip_prefix("**Stage ")
                .and_then(|rest| rest.split_once(", "))
                .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
                && (l.ends_with("**") || l.ends_with("** (continued)"))
        })
        .map(str::to_string)
        .collect()
}

/// Issue 32, item 12, on a channel as Discord keeps it once a tour is over: one post a turn.
/// Every turn's post has one title, no title has two posts (but a post that goes on where its
/// turn's grew past one message, titled so, right after it), every turn's post tells its moves
/// and kept no card nor button, a stage's first post says it starts, and each stage's result
/// is a post of its own between its last turn's post and the next stage's first. Returns how
/// many turn posts each stage had.
pub fn check_one_post_a_turn(fake: &FakeDiscord, channel: u64, stages: u32) -> Vec<usize> {
    let posts: Vec<String> = channel_posts(fake, channel)
        .iter()
        .map(|m| content(m).to_string())
        .collect();
    let mut per_stage = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let mut last_title: Option<String> = None;
    let mut stage = 0;
    let mut count = 0;
    for (text, message) in posts.iter().zip(channel_posts(fake, channel)) {
        let titles = turn_titles(text);
        if text.starts_with(&format!("**Stage {}/", stage + 1)) && text.contains("** starts.") {
            // A new stage: the previous one's result came before it.
            if stage > 0 {
                per_stage.push(count);
            }
            stage += 1;
            count = 0;
        }
        if text.contains(": result**") {
            assert!(titles.is_empty(), "a result post tells no turn: {text}");
            assert!(
                !text.contains("** starts."),
                "a result and the next stage's start share a post: {text}"
            );
            continue;
        }
        if titles.is_empty() {
            // Another public message: an answer, a reminder, a vote.
            continue;
        }
        assert_eq!(titles.len(), 1, "one turn a post: {text}");
        let title = &titles[0];
        match title.strip_suffix(" (continued)") {
            Some(base) => assert_eq!(
                last_title
                    .as_deref()
                    .map(|t| t.trim_end_matches(" (continued)")),
                Some(base),
                "a continued post follows its turn's"
            ),
            None => {
                assert!(!seen.contains(title), "{title} has two posts: {posts:#?}");
                seen.push(title.clone());
                count += 1;
            }
        }
        assert!(
            title.starts_with(&format!("**Stage {stage}, ")),
            "{title} in stage {stage}'s posts"
        );
        assert!(
            text.lines().any(|l| l.starts_with("- ")),
            "a turn's post tells its moves: {text}"
        );
        assert!(
            message["embeds"].as_array().is_none_or(|e| e.is_empty())
                && message["components"]
                    .as_array()
                    .is_none_or(|c| c.is_empty()),
            "a turn over keeps no card nor button: {message}"
        );
        last_title = Some(title.clone());
    }
    per_stage.push(count);
    assert_eq!(stage, stages, "every stage started in a post of its own");
    assert!(per_stage.iter().all(|&n| n > 0), "{per_stage:?}");
    per_stage
}
