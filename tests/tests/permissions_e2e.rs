//! Issue 34, permissions, through the fake Discord: every admin action a member without the
//! right to manage the channel sends is refused, privately, and changes nothing; a director's
//! `/play` naming a choice of another team's rider is refused, privately, and counts for nothing.

mod common;

use common::{open_tour, start_bot};

use commissaire::clock::ManualClock;
use commissaire_tests::drive::{WAIT, content, slash};
use commissaire_tests::fake_discord::{FakeDiscord, MANAGE_CHANNELS, Who};
use serde_json::{Value, json};
use std::sync::Arc;

const GUILD: u64 = 1_100_000_000_000_000_800;
const CHANNEL: u64 = 1_200_000_000_000_000_081;
const ADMIN: u64 = 1_300_000_000_000_000_081;
const ALICE: u64 = 1_300_000_000_000_000_082;
const BOB: u64 = 1_300_000_000_000_000_083;
const T0: i64 = 1_800_000_000;

fn flags(answer: &Value) -> u64 {
    answer["data"]["flags"].as_u64().unwrap_or(0)
}

/// The values `/play` autocomplete offers `who`: the choices of their own team.
async fn own_choices(fake: &FakeDiscord, who: &Who) -> Vec<(String, String)> {
    let (_, options) = commissaire_tests::drive::ask(
        fake,
        fake.autocomplete("play", json!({"choice": ""}), "choice", who),
    )
    .await;
    options["data"]["choices"]
        .as_array()
        .expect("autocomplete choices")
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_string(),
                c["value"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_without_the_right_is_refused_every_admin_action_and_another_teams_riders() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = common::database(&dir, "commissaire.db");
    let config = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../config");
    let clock = Arc::new(ManualClock::new(T0));
    let (stop, bot) = start_bot(&fake, GUILD, &database, &config, &clock);
    fake.wait_ready(WAIT).await;
    let admin = Who::member(ADMIN, "jury", GUILD, CHANNEL).with_permissions(MANAGE_CHANNELS);
    let alice = Who::member(ALICE, "alice", GUILD, CHANNEL);
    let bob = Who::member(BOB, "bob", GUILD, CHANNEL);

    // Before the tour starts: creating and starting are the admin's.
    let created = slash(
        &fake,
        "tour create",
        json!({"preset": "week", "teams": 2}),
        &alice,
    )
    .await;
    assert_eq!(flags(&created), 64, "{created}");
    assert!(
        content(&created).contains("only an admin can create a tour"),
        "{created}"
    );
    open_tour(
        &fake,
        "week",
        2,
        &admin,
        &[(&alice, "Reds", 0), (&bob, "Blues", 1)],
    )
    .await;
    let rider = own_choices(&fake, &bob).await[0]
        .0
        .split(": ")
        .next()
        .expect("an option names its rider")
        .to_string();

    let refused = [
        ("tour start", json!({}), "start the tour"),
        ("admin pause", json!({}), "pause the tour"),
        ("admin resume", json!({}), "resume the tour"),
        (
            "admin deadline",
            json!({"minutes": 5}),
            "set the turn deadline",
        ),
        ("admin close-round", json!({}), "close"),
        (
            "admin replace",
            json!({"team": "Blues"}),
            "replace a player by a bot",
        ),
        (
            "admin abandon",
            json!({"rider": rider}),
            "make a rider abandon",
        ),
        (
            "admin repechage",
            json!({"rider": rider}),
            "propose a repêchage",
        ),
        ("admin end", json!({}), "end the tour"),
    ];
    let status_before = content(&slash(&fake, "tour status", json!({}), &admin).await).to_string();
    for (command, options, action) in refused {
        let answer = slash(&fake, command, options, &alice).await;
        assert_eq!(
            flags(&answer),
            64,
            "{command}: the refusal is private: {answer}"
        );
        let text = content(&answer);
        assert!(text.contains("only an admin can"), "{command}: {text}");
        assert!(text.contains(action), "{command} names its action: {text}");
    }
    // Nothing of it happened: the tour is as it was (not paused, not ended, Bob still directs).
    let status_after = content(&slash(&fake, "tour status", json!({}), &admin).await).to_string();
    assert_eq!(status_before, status_after);

    // Alice types one of Bob's choices: refused, privately, and Bob still owes it.
    let bobs = own_choices(&fake, &bob).await;
    let alices = own_choices(&fake, &alice).await;
    let (bob_label, bob_value) = bobs[0].clone();
    assert!(
        alices.iter().all(|(_, v)| *v != bob_value),
        "Alice is never offered Bob's choices"
    );
    let answer = slash(&fake, "play", json!({"choice": bob_value}), &alice).await;
    assert_eq!(flags(&answer), 64, "{answer}");
    // Her options are her own team's: Bob's is none of them, and she is told hers.
    let text = content(&answer);
    assert!(text.contains("is none of your options"), "{answer}");
    assert!(text.contains("Reds") && !text.contains("Blues"), "{answer}");
    assert_eq!(
        own_choices(&fake, &bob).await[0].0,
        bob_label,
        "Bob's choice is still his"
    );
    fake.assert_clean();
    let _ = stop.send(());
    let _ = tokio::time::timeout(WAIT, bot).await;
}
