//! A house-B stage through the fake Discord: a tour preset riding the named rules `house-b` on a
//! narrow cobbled course, one director playing from her hand's buttons (she plays her attack
//! card whenever it is in her hand, and answers its search with the buttons it brings), the
//! other on `/autopilot on` (his riders ride as house rules B's ghosts). The channel tells an
//! attack, a puncture, a crash and a change of weather, each in one line. The tour's second
//! stage is house rules B's individual time trial on the same road, riders setting off a round
//! apart.
//!
//! The course is one lane wide and cobbled end to end, so that riders block each other (falls,
//! HB-023…HB-027) and somebody ends on cobbles every round (punctures, HB-020); the weather die
//! is rolled every round (HB-030). The tour's seed comes from the channel and the clock.

mod common;

use common::{channel_posts, config_with_presets, hand_post, start_bot};

use commissaire::clock::ManualClock;
use commissaire_tests::drive::{WAIT, ask, content, flags, slash};
use commissaire_tests::fake_discord::{FakeDiscord, MANAGE_CHANNELS, Who};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

const GUILD: u64 = 1_100_000_000_000_000_400;
const CHANNEL: u64 = 1_200_000_000_000_000_041;
const ADMIN: u64 = 1_300_000_000_000_000_041;
const ALICE: u64 = 1_300_000_000_000_000_042;
const BOB: u64 = 1_300_000_000_000_000_043;
const T0: i64 = 1_800_000_000;
const PRESET: &str = "house-b-e2e";
/// When the tour is created, after `T0`: with the channel, what its seed is made of. With 1 the
/// stage meets a puncture and falls and ends; some seeds stall the field instead, every rider
/// punctured round after round on a deck of exhaustion cards in the cold.
const SEED_OFFSET: i64 = 1;

/// A configuration folder with one narrow cobbled course and a house-B preset of a road stage
/// and a time trial on it.
fn config_dir() -> tempfile::TempDir {
    let dir = config_with_presets(&[(
        PRESET,
        "name = \"Paris-Pavés\"\nruleset = \"card-race\"\nrules = \"house-b\"\n\
         [[stage]]\ncourse = \"paves-etroits\"\nkind = \"flat\"\n\
         [[stage]]\ncourse = \"paves-etroits\"\nkind = \"time_trial\"\n",
    )]);
    std::fs::write(
        dir.path().join("courses/paves-etroits.toml"),
        "name = \"Pavés étroits\"\nlanes = 1\n\
         [[segment]]\nterrain = \"flat\"\nlength = 8\nstart = true\n\
         [[segment]]\nterrain = \"cobbles\"\nlength = 90\n\
         [[segment]]\nterrain = \"flat\"\nlength = 5\nfinish = true\n",
    )
    .unwrap();
    dir
}

/// The public lines that contain `text`.
fn told(fake: &FakeDiscord, text: &str) -> Vec<String> {
    channel_posts(fake, CHANNEL)
        .iter()
        .flat_map(|m| content(m).lines().map(str::to_string).collect::<Vec<_>>())
        .filter(|l| l.contains(text))
        .collect()
}

/// The option buttons of a private hand: (custom id, label).
fn options(message: &Value) -> Vec<(String, String)> {
    message["components"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| {
            Some((
                b["custom_id"].as_str()?.to_string(),
                b["label"].as_str()?.to_string(),
            ))
        })
        .filter(|(id, _)| id.starts_with("v2:"))
        // A button reads "<rider>: <what>".
        .map(|(id, label)| (id, label.rsplit(": ").next().unwrap_or("").to_string()))
        .collect()
}

/// Alice plays every decision she owes from her hand's buttons: her attack card whenever she
/// holds it, the next card of an attack search while the one turned up is under 5, a musette
/// when she has one, and otherwise the first button. Returns the labels pressed.
async fn alice_plays(
    fake: &FakeDiscord,
    alice: &Who,
    tour_message: u64,
    tour: &str,
) -> Vec<String> {
    let (sent, hand) = ask(
        fake,
        fake.component(&format!("v1:{tour}:hand"), tour_message, alice),
    )
    .await;
    assert_eq!(flags(&hand), 64, "a hand is private: {hand}");
    let mut private = fake.original_response(&sent).expect("the hand message");
    let private_id: u64 = private["id"].as_str().unwrap().parse().unwrap();
    let mut pressed = Vec::new();
    for _ in 0..60 {
        let offered = options(&private);
        if offered.is_empty() {
            break;
        }
        let find = |prefix: &str| offered.iter().find(|(_, l)| l.starts_with(prefix));
        let turned_low = offered.iter().any(|(_, l)| {
            l.strip_prefix("Keep ")
                .and_then(|v| v.parse::<u8>().ok())
                .is_some_and(|v| v < 5)
        });
        let choice = match (
            find("Turn the next card"),
            find("Keep A (attack)"),
            find("Open a musette"),
        ) {
            (Some(turn), _, _) if turned_low => turn,
            (Some(_), _, _) => offered
                .iter()
                .find(|(_, l)| l.starts_with("Keep "))
                .unwrap(),
            (None, Some(attack), _) => attack,
            (None, None, Some(musette)) => musette,
            _ => &offered[0],
        };
        let (_, answer) = ask(fake, fake.component(&choice.0, private_id, alice)).await;
        assert_eq!(
            answer["type"], 7,
            "a choice redraws the hand in place: {answer}"
        );
        pressed.push(choice.1.clone());
        private = fake.message(private_id).expect("the hand message, updated");
    }
    pressed
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_house_b_stage_tells_an_attack_a_puncture_a_crash_and_the_weather() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = common::database(&dir, "commissaire.db");
    let config = config_dir();
    let clock = Arc::new(ManualClock::new(T0 + SEED_OFFSET));
    let (stop, bot) = start_bot(&fake, GUILD, &database, config.path(), &clock);
    fake.wait_ready(WAIT).await;
    let admin = Who::member(ADMIN, "jury", GUILD, CHANNEL).with_permissions(MANAGE_CHANNELS);
    let alice = Who::member(ALICE, "alice", GUILD, CHANNEL);
    let bob = Who::member(BOB, "bob", GUILD, CHANNEL);

    let created = slash(
        &fake,
        "tour create",
        json!({"preset": PRESET, "teams": 2}),
        &admin,
    )
    .await;
    assert!(content(&created).contains("is open"), "{created}");
    for (who, team, colour) in [(&alice, "Reds", 0), (&bob, "Blues", 1)] {
        let joined = slash(
            &fake,
            "tour join",
            json!({"team": team, "colour": colour}),
            who,
        )
        .await;
        assert!(content(&joined).contains(team), "{joined}");
    }
    slash(&fake, "tour start", json!({}), &admin).await;
    let on = slash(&fake, "autopilot", json!({"switch": 0}), &bob).await;
    assert!(content(&on).contains("Blues"), "{on}");

    let mut pressed = Vec::new();
    // As long as the bot is at work: on a busy machine its posts lag the presses.
    let mut patience = common::Patience::new(&fake);
    while patience.holds(&fake) {
        if !told(&fake, "The tour is over").is_empty() {
            break;
        }
        // The post and its tour read at once: a turn's post loses its button when it ends.
        let Some(post) = hand_post(&fake, CHANNEL) else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        let (tour_message, tour) = (post.id, post.tour);
        let played = alice_plays(&fake, &alice, tour_message, &tour).await;
        if played.is_empty() {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        pressed.extend(played);
    }
    assert!(
        !told(&fake, "The tour is over").is_empty(),
        "the stage never ended; pressed {pressed:?}; last post: {:?}; failures: {:#?}",
        channel_posts(&fake, CHANNEL)
            .last()
            .map(|m| content(m).to_string()),
        fake.failures()
    );

    // Alice played her attack card from the hand, and its search from the buttons it brought.
    assert!(
        pressed.iter().any(|l| l == "Keep A (attack)"),
        "{pressed:?}"
    );
    assert!(
        pressed.iter().any(|l| l == "Turn the next card"),
        "{pressed:?}"
    );
    // The channel told each effect in one line.
    let attacks = told(&fake, " attacks: turns ");
    assert!(attacks.iter().any(|l| l.contains("Reds")), "{attacks:?}");
    assert!(!told(&fake, ": a puncture! Its next move is 2 rows shorter.").is_empty());
    assert!(!told(&fake, "short: 2 cards fewer in its next hand.").is_empty());
    let weather = told(&fake, "the weather die shows");
    assert!(
        weather.iter().any(|l| !l.contains("weather 3/5")),
        "the weather changed: {weather:?}"
    );
    // HB-049…HB-053 through the tour: the second stage is a time trial, riders off a round
    // apart and the highest card of a hand paid for.
    assert!(
        !told(&fake, "against the clock").is_empty(),
        "{:#?}",
        channel_posts(&fake, CHANNEL)
            .iter()
            .map(|m| content(m).to_string())
            .collect::<Vec<_>>()
    );
    assert!(!told(&fake, "kept the highest card of its hand").is_empty());
    // Issue 32, item 12: the card race under house rules B: a post a round, its fictive start included.
    let turns = common::check_one_post_a_turn(&fake, CHANNEL, 2);
    eprintln!("turn posts per stage: {turns:?}");
    assert!(fake.failures().is_empty(), "{:#?}", fake.failures());

    stop.send(()).unwrap();
    bot.await.unwrap().unwrap();
}
