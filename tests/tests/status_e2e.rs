//! Issue 36, following the tour in the channel: each tour has one status message, posted and
//! pinned when the tour starts, edited in place as the tour moves (never posted again by the
//! bot itself), saying the stage and turn, who is awaited and since when, and when the bot
//! plays for them. `/tour status` posts it again at the bottom of the channel, pinned, and
//! deletes the old one, so there is still one.

mod common;

use common::{channel_posts, open_tour, start_bot, wait_hand_post};

use commissaire::clock::ManualClock;
use commissaire_tests::drive::{WAIT, content, flags, play_with_buttons, slash};
use commissaire_tests::fake_discord::{FakeDiscord, MANAGE_CHANNELS, Who};
use serde_json::{Value, json};
use std::sync::Arc;

const GUILD: u64 = 1_100_000_000_000_000_936;
const CHANNEL: u64 = 1_200_000_000_000_000_936;
const ADMIN: u64 = 1_300_000_000_000_000_936;
const ALICE: u64 = 1_300_000_000_000_000_937;
const T0: i64 = 1_800_000_000;
const TITLE: &str = "📌 Where the tour stands";

/// The channel's status messages, oldest first.
fn status_posts(fake: &FakeDiscord) -> Vec<Value> {
    channel_posts(fake, CHANNEL)
        .into_iter()
        .filter(|m| content(m).starts_with(TITLE))
        .collect()
}

/// Waits until the channel has one status message (a repost deletes the old one just after
/// it posts the new) and it passes `check`, and returns it.
async fn wait_status(fake: &FakeDiscord, check: impl Fn(&Value) -> bool) -> Value {
    let until = std::time::Instant::now() + WAIT;
    loop {
        let posts = status_posts(fake);
        if let [post] = posts.as_slice()
            && check(post)
        {
            return post.clone();
        }
        assert!(
            std::time::Instant::now() < until,
            "no status message as awaited: {posts:#?}\n{:#?}",
            channel_posts(fake, CHANNEL)
                .iter()
                .map(|m| content(m).to_string())
                .collect::<Vec<_>>()
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tour_has_one_status_message_pinned_and_edited_in_place() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = common::database(&dir, "commissaire.db");
    let config = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../config");
    let clock = Arc::new(ManualClock::new(T0));
    let (stop, bot) = start_bot(&fake, GUILD, &database, &config, &clock);
    fake.wait_ready(WAIT).await;
    let admin = Who::member(ADMIN, "jury", GUILD, CHANNEL).with_permissions(MANAGE_CHANNELS);
    let alice = Who::member(ALICE, "alice", GUILD, CHANNEL);
    open_tour(&fake, "week", 2, &admin, &[(&alice, "Reds", 0)]).await;

    // The start posts it, pinned: the stage and turn, Alice's team awaited, the deadline.
    let first = wait_status(&fake, |m| m["pinned"] == json!(true)).await;
    let text = content(&first).to_string();
    assert!(text.contains("stage 1 of "), "{text}");
    assert!(
        text.contains(&format!("⏳ Reds · <@{ALICE}>")),
        "Alice is awaited: {text}"
    );
    assert!(text.contains("The bot plays for late teams <t:"), "{text}");
    let id = first["id"].clone();

    // Alice plays her turn (a decision a rider): the same message is edited (the turn moved
    // on), not posted again.
    let hand = wait_hand_post(&fake, CHANNEL)
        .await
        .expect("a hand to open");
    let played = play_with_buttons(&fake, &alice, hand.id, &hand.tour, 20).await;
    assert!(!played.is_empty(), "{played:?}");
    let moved = wait_status(&fake, |m| content(m) != text).await;
    assert_eq!(moved["id"], id, "edited in place");
    assert!(moved["edited_timestamp"].is_string(), "{moved}");
    // The round settled and the next opened: awaited since the choice that settled it.
    assert!(
        content(&moved).contains(&format!("Awaited since <t:{T0}:R>")),
        "{}",
        content(&moved)
    );

    // `/tour status` posts it again at the bottom, pinned; the old one is gone.
    let answer = slash(&fake, "tour status", json!({}), &alice).await;
    assert_eq!(flags(&answer), 64, "a private note: {answer}");
    assert!(
        content(&answer).contains("posted again below and pinned"),
        "{answer}"
    );
    let again = wait_status(&fake, |m| m["id"] != id).await;
    assert_eq!(again["pinned"], json!(true), "{again}");
    // What it shows is the tour as it stands (the round may have moved on since).
    assert!(content(&again).contains("stage 1 of "), "{again}");
    let last = channel_posts(&fake, CHANNEL);
    assert_eq!(
        last.last().map(|m| m["id"].clone()),
        Some(again["id"].clone()),
        "posted at the bottom of the channel"
    );

    let _ = stop.send(());
    bot.await.unwrap().unwrap();
}
