//! A Hulst "Le Tour de France" stage through the fake Discord: two directors play every turn
//! from their private hand's buttons, a bot team rides the third seat. A move is two
//! decisions: the card (a button by value), then, when the card leaves more than one landing
//! square, the square by its letter, which the director's own picture letters (never the
//! channel's). On the way: a wind move chosen by its letter, a swap square (cards given up), an
//! unavoidable crash, and at the end the standings in points (`/standings`).
//!
//! The stage is a short test course (two lanes, swap squares in the placement's reach) so that
//! two directors play it by hand in reasonable time. Its seed comes from the channel and the
//! time the tour is created: `SEED_OFFSET` seconds after `T0` gives the crash;
//! `find_a_stage_with_a_crash` (ignored) finds another if the engine's rules change.

mod common;

use common::{config_with_presets, start_bot, told, wait_hand_post, wait_told};

use commissaire::clock::ManualClock;
use commissaire::services::{Actor, Pick, Services, TourSettings};
use commissaire::store::results;
use commissaire_tests::drive::{WAIT, ask, button_labels, content, flags, slash};
use commissaire_tests::fake_discord::{FakeDiscord, MANAGE_CHANNELS, Who};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

const GUILD: u64 = 1_100_000_000_000_000_500;
const CHANNEL: u64 = 1_200_000_000_000_000_051;
const ADMIN: u64 = 1_300_000_000_000_000_051;
const ALICE: u64 = 1_300_000_000_000_000_052;
const BOB: u64 = 1_300_000_000_000_000_053;
const T0: i64 = 1_800_000_000;
/// When the tour is created, after `T0`: with the channel, what its seed is made of.
const SEED_OFFSET: i64 = 0;
const PRESET: &str = "hulst-e2e";

/// Our test road: 30 squares on two lanes, swap squares on rows 3 to 5, a sprint after 15.
const COURSE: &str = r#"
name = "Proefrit"
lanes = 2

[[segment]]
terrain = "flat"
length = 1
start = true

[[segment]]
terrain = "flat"
length = 30

[[segment]]
terrain = "flat"
length = 8
finish = true

[game]
length = 30
numbered_edge = "right"
swap = ["3/0", "3/1", "4/0", "4/1", "5/0", "5/1"]

[[game.sprint]]
after = 15
bonus = [{ seconds = 3, points = 3 }, { seconds = 2, points = 2 }, { seconds = 1, points = 1 }]
"#;

/// The shipped courses, our test road, and a one-stage preset on it.
fn config_dir() -> tempfile::TempDir {
    let preset = "name = \"Le Tour de France, a test\"\nruleset = \"hulst\"\nrules = \"box\"\n\
                  roster = [\"Rider 1\", \"Rider 2\", \"Rider 3\"]\ndecision_deadline = 15\n\
                  [[stage]]\ncourse = \"hulst-e2e\"\nkind = \"flat\"\n";
    let dir = config_with_presets(&[(PRESET, preset)]);
    std::fs::write(dir.path().join("courses/hulst/hulst-e2e.toml"), COURSE).unwrap();
    dir
}

/// What a director pressed, with the private answer it got.
struct Press {
    label: String,
    answer: Value,
}

/// A director plays from the buttons of their private hand until nothing is offered or `limit`
/// presses are made: a landing square with the wind when one is offered (by its letter),
/// else the first button. Each press redraws the hand in place.
async fn play_hand(
    fake: &FakeDiscord,
    who: &Who,
    hand_message: u64,
    tour: &str,
    limit: usize,
) -> Vec<Press> {
    let (sent, hand) = ask(
        fake,
        fake.component(&format!("v1:{tour}:hand"), hand_message, who),
    )
    .await;
    assert_eq!(flags(&hand), 64, "a hand is private: {hand}");
    let mut private = fake.original_response(&sent).expect("the hand message");
    let private_id: u64 = private["id"].as_str().unwrap().parse().unwrap();
    let mut pressed = Vec::new();
    while pressed.len() < limit {
        let rows = private["components"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let buttons: Vec<Value> = rows
            .iter()
            .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
            .collect();
        if buttons.is_empty() {
            break;
        }
        // Past 25 options (the cards to give up on a swap square) the hand is select menus;
        // a move's decisions, card then square, are always buttons.
        if buttons[0]["type"] == 3 {
            let menu = &buttons[0];
            let option = &menu["options"][0];
            let label = option["label"].as_str().unwrap().to_string();
            assert!(
                label.contains("Give up"),
                "only cards to give up in menus: {label}"
            );
            let value = option["value"].as_str().unwrap();
            let id = menu["custom_id"].as_str().unwrap();
            let (_, answer) = ask(fake, fake.select(id, &[value], private_id, who)).await;
            assert_eq!(answer["type"], 7, "a choice redraws the hand: {answer}");
            pressed.push(Press { label, answer });
            private = fake.message(private_id).expect("the hand message, updated");
            continue;
        }
        let pick = buttons
            .iter()
            .find(|b| b["label"].as_str().is_some_and(|l| l.contains("(wind +")))
            .unwrap_or(&buttons[0]);
        let id = pick["custom_id"].as_str().unwrap().to_string();
        let label = pick["label"].as_str().unwrap().to_string();
        let (_, answer) = ask(fake, fake.component(&id, private_id, who)).await;
        assert_eq!(answer["type"], 7, "a choice redraws the hand: {answer}");
        pressed.push(Press { label, answer });
        private = fake.message(private_id).expect("the hand message, updated");
    }
    pressed
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hulst_stage_card_then_letter_from_create_to_the_points() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("commissaire.db");
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
        json!({"preset": PRESET, "teams": 3}),
        &admin,
    )
    .await;
    assert!(content(&created).contains("is open"), "{created}");
    for (who, team, colour) in [(&alice, "Rood", 0), (&bob, "Blauw", 1)] {
        let joined = slash(
            &fake,
            "tour join",
            json!({"team": team, "colour": colour}),
            who,
        )
        .await;
        assert!(content(&joined).contains(team), "{joined}");
    }
    // The third seat is the bot's.
    slash(&fake, "tour start", json!({}), &admin).await;

    let mut pressed: Vec<Press> = Vec::new();
    for _ in 0..1_000 {
        if told(&fake, CHANNEL, "The tour is over") {
            break;
        }
        let post = wait_hand_post(&fake, CHANNEL).await;
        let a = play_hand(&fake, &alice, post.id, &post.tour, 200).await;
        let b = play_hand(&fake, &bob, post.id, &post.tour, 200).await;
        let idle = a.is_empty() && b.is_empty();
        pressed.extend(a);
        pressed.extend(b);
        if idle {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    wait_told(&fake, CHANNEL, "The tour is over").await;
    let labels: Vec<&str> = pressed.iter().map(|p| p.label.as_str()).collect();
    eprintln!(
        "{} presses: {:?}",
        labels.len(),
        &labels[..labels.len().min(40)]
    );

    // The card first: a button by value; then the square by its letter.
    let card = pressed
        .iter()
        .position(|p| p.label.contains("Play "))
        .expect("a card with a choice of squares");
    let after = button_labels(&pressed[card].answer);
    assert!(
        after.iter().any(|l| l.contains("A: ")) && after.iter().any(|l| l.contains("Back")),
        "after the card, its squares by letter and the way back: {after:?}"
    );
    // A wind move chosen by its letter.
    assert!(
        pressed
            .iter()
            .any(|p| p.label.contains(": ") && p.label.contains("(wind +1)")),
        "a wind move by letter: {labels:?}"
    );
    // A swap square: cards given up.
    assert!(
        labels.iter().any(|l| l.contains("Give up")),
        "a swap square's cards given up: {labels:?}"
    );
    assert!(told(&fake, CHANNEL, "swap square"));
    // An unavoidable crash, told in the channel.
    assert!(told(&fake, CHANNEL, "Crash on"), "a crash in the channel");

    // The letters are drawn on the director's own picture, in the private answer only.
    let requests = fake.requests();
    let own = |r: &&commissaire_tests::fake_discord::Recorded| {
        r.files.iter().any(|f| {
            f.filename
                .as_deref()
                .is_some_and(|n| n.ends_with("-own.png"))
        })
    };
    assert!(
        requests
            .iter()
            .filter(own)
            .all(|r| r.path.contains("/interactions/")),
        "a director's own picture never goes to the channel"
    );
    assert!(
        requests.iter().any(|r| own(&r)),
        "the landing squares' picture came with a card chosen"
    );

    // The standings in points.
    let points = slash(
        &fake,
        "standings",
        json!({"classification": "points"}),
        &alice,
    )
    .await;
    let text = content(&points).to_string();
    assert!(text.contains("Rood") && text.contains("pts"), "{points}");

    fake.assert_clean();
    let _ = stop.send(());
    let stopped = tokio::time::timeout(WAIT, bot).await;
    assert!(matches!(stopped, Ok(Ok(Ok(())))), "{stopped:?}");
}

/// Finds creation times whose stage has an unavoidable crash, played as the test plays it (a
/// wind square when offered, else the first option), through the services: `cargo test -p
/// commissaire-tests --test hulst_e2e -- --ignored --nocapture`. Set `SEED_OFFSET` to one.
#[tokio::test]
#[ignore]
async fn find_a_stage_with_a_crash() {
    for offset in 0..20 {
        let config = config_dir();
        let dir = tempfile::tempdir().unwrap();
        let clock = Arc::new(ManualClock::new(T0 + offset));
        let s = Services::open(&dir.path().join("db"), config.path(), clock)
            .await
            .unwrap()
            .with_pictures(false);
        let channel = CHANNEL.to_string();
        let admin = Actor::admin(ADMIN.to_string());
        let people = [ALICE, BOB].map(|id| Actor::player(id.to_string()));
        let settings = TourSettings {
            preset: PRESET.into(),
            seats: 3,
            turn_deadline_secs: 3600,
            seed: None,
            decision_deadline_secs: None,
            language: None,
        };
        s.create_tour(&admin, &channel, settings).await.unwrap();
        for (who, team) in people.iter().zip(["Rood", "Blauw"]) {
            s.join(who, &channel, team, "red").await.unwrap();
        }
        s.start(&admin, &channel).await.unwrap();
        let mut asked = 0;
        let (mut wind, mut swap, mut crash) = (false, false, false);
        loop {
            let mut played = false;
            for who in &people {
                loop {
                    // Once the one stage is over, so is the tour: nothing more is open.
                    let Ok(open) = s.open_choices(who, &channel).await else {
                        break;
                    };
                    let Some(o) = open
                        .iter()
                        .find(|o| o.label.contains("(wind +"))
                        .or(open.first())
                    else {
                        break;
                    };
                    wind |= o.label.contains("(wind +") && o.label.contains(": ");
                    swap |= o.label.starts_with("Give up") && o.key.as_str().starts_with("s:");
                    crash |= o.key.as_str().starts_with("c:");
                    asked += 1;
                    let request = format!("r{asked}");
                    match s.choose(who, &channel, &request, Pick::now(o.key)).await {
                        Ok(_) => played = true,
                        Err(_) => break,
                    }
                }
            }
            let mut conn = s.store().read().await.unwrap();
            let done = results::list(&mut conn, 1).await.unwrap().len();
            drop(conn);
            if !played || done == 1 {
                break;
            }
        }
        println!("offset {offset}: {asked} choices, wind {wind}, swap {swap}, crash {crash}");
    }
}
