//! A world-cup tour through the fake Discord: after its first classic, `/standings` answers with
//! the cup (the tour's own classification, not a grand tour's list the cup is missing from), its
//! autocomplete offers the cup and nothing a world cup does not rank, and a classification the
//! tour does not have is refused with the ones it has. The card race's way into the hand reads
//! in the card race's words.

mod common;

use common::{channel_posts, config_with_presets, hand_post, start_bot, told};

use commissaire::clock::ManualClock;
use commissaire_tests::drive::{WAIT, content, play_with_buttons, slash};
use commissaire_tests::fake_discord::{FakeDiscord, MANAGE_CHANNELS, Who};
use serde_json::json;
use std::sync::Arc;

const GUILD: u64 = 1_100_000_000_000_000_700;
const CHANNEL: u64 = 1_200_000_000_000_000_071;
const ADMIN: u64 = 1_300_000_000_000_000_071;
const ALICE: u64 = 1_300_000_000_000_000_072;
const T0: i64 = 1_800_000_000;
const PRESET: &str = "cup-e2e";

/// Two short classics of house rules B's world cup.
fn config_dir() -> tempfile::TempDir {
    let preset = "name = \"A short cup\"\nruleset = \"card-race\"\nrules = \"house-b-world-cup\"\n\
                  roster = [\"rouleur\", \"sprinteur\", \"grimpeur\"]\n\n\
                  [[stage]]\nname = \"Classic 1\"\ncourse = \"avenue-corso-paseo\"\nkind = \"flat\"\n\n\
                  [[stage]]\nname = \"Classic 2\"\ncourse = \"avenue-corso-paseo\"\nkind = \"flat\"\n";
    config_with_presets(&[(PRESET, preset)])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_world_cups_standings_are_its_cup() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = common::database(&dir, "commissaire.db");
    let config = config_dir();
    let clock = Arc::new(ManualClock::new(T0));
    let (stop, bot) = start_bot(&fake, GUILD, &database, config.path(), &clock);
    fake.wait_ready(WAIT).await;
    let admin = Who::member(ADMIN, "jury", GUILD, CHANNEL).with_permissions(MANAGE_CHANNELS);
    let alice = Who::member(ALICE, "alice", GUILD, CHANNEL);

    let created = slash(
        &fake,
        "tour create",
        json!({"preset": PRESET, "teams": 2}),
        &admin,
    )
    .await;
    assert!(content(&created).contains("is open"), "{created}");
    slash(
        &fake,
        "tour join",
        json!({"team": "Reds", "colour": 0}),
        &alice,
    )
    .await;
    slash(&fake, "tour start", json!({}), &admin).await;

    // Before a classic is over there is nothing to rank yet.
    let early = slash(&fake, "standings", json!({}), &alice).await;
    assert!(
        content(&early).contains("No stage has finished yet"),
        "{early}"
    );

    // Alice rides her hand until the first classic is over.
    let give_up = std::time::Instant::now() + WAIT * 6;
    let mut labels = None;
    while !told(&fake, CHANNEL, ": result**") {
        assert!(
            std::time::Instant::now() < give_up,
            "classic 1 never ended: {:#?}",
            channel_posts(&fake, CHANNEL)
                .iter()
                .rev()
                .take(4)
                .map(|m| content(m).to_string())
                .collect::<Vec<_>>()
        );
        let Some(post) = hand_post(&fake, CHANNEL) else {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            continue;
        };
        labels.get_or_insert(post.labels);
        play_with_buttons(&fake, &alice, post.id, &post.tour, 8).await;
    }
    // The card race speaks of cards (Velo Master's button reads its own move).
    let labels = labels.expect("a post with the way into the hand");
    assert!(labels.iter().any(|l| l == "Choose my cards"), "{labels:?}");

    // Autocomplete offers the tour's own classification: the cup, and none of a grand tour's.
    let suggested = fake.autocomplete(
        "standings",
        json!({"classification": ""}),
        "classification",
        &alice,
    );
    let answer = fake.wait_callback(&fake.interaction(suggested), WAIT).await;
    let body = answer.json.clone().unwrap();
    let values: Vec<&str> = body["data"]["choices"]
        .as_array()
        .expect("suggestions")
        .iter()
        .filter_map(|c| c["value"].as_str())
        .collect();
    assert_eq!(values, ["cup"], "{body}");

    // Plain /standings and /standings cup both answer with the cup's table.
    for options in [json!({}), json!({"classification": "cup"})] {
        let standings = slash(&fake, "standings", options.clone(), &alice).await;
        let text = content(&standings);
        assert!(text.contains("__World cup__"), "{options}: {text}");
        assert!(text.contains("Reds"), "{options}: {text}");
        assert!(
            !text.contains("this tour's game has no"),
            "{options}: {text}"
        );
    }
    // A grand tour's classification is refused with the one this tour has.
    let refused = slash(
        &fake,
        "standings",
        json!({"classification": "general"}),
        &alice,
    )
    .await;
    assert!(
        content(&refused).contains("ask for one of cup"),
        "{refused}"
    );

    fake.assert_clean();
    let _ = stop.send(());
    let stopped = tokio::time::timeout(WAIT, bot).await;
    assert!(matches!(stopped, Ok(Ok(Ok(())))), "{stopped:?}");
}
