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

use common::{
    config_with_presets, open_tour, services_tour, start_bot, start_bot_with, told, wait_hand_post,
    wait_told,
};

use commissaire::clock::ManualClock;
use commissaire::services::{Actor, Pick};
use commissaire::store::results;
use commissaire_tests::drive::{Press, WAIT, button_labels, content, press_hand, slash};
use commissaire_tests::fake_discord::{FakeDiscord, MANAGE_CHANNELS, Who};
use serde_json::json;
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

/// What the test's directors press: a landing square with the wind when one is offered (by
/// its letter), else the first option.
fn wind_first(labels: &[String]) -> usize {
    labels
        .iter()
        .position(|l| l.contains("(wind +"))
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hulst_stage_card_then_letter_from_create_to_the_points() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = common::database(&dir, "commissaire.db");
    let config = config_dir();
    let clock = Arc::new(ManualClock::new(T0 + SEED_OFFSET));
    let (stop, bot) = start_bot(&fake, GUILD, &database, config.path(), &clock);
    hulst_stage(&fake).await;
    let _ = stop.send(());
    let stopped = tokio::time::timeout(WAIT, bot).await;
    assert!(matches!(stopped, Ok(Ok(Ok(())))), "{stopped:?}");
}

/// Issue 32, item 15: the same stage with the bot's answer budget at 0, so that every answer to
/// a command or a button is put off ("thinking…", or a press acknowledged) and edited in when
/// ready, as on a machine too busy to answer within the budget. The players follow each
/// deferral to its edit, as Discord's clients do, and the stage plays out the same.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn item_15_the_hulst_stage_with_every_answer_deferred() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = common::database(&dir, "commissaire.db");
    let config = config_dir();
    let clock = Arc::new(ManualClock::new(T0 + SEED_OFFSET));
    let (stop, bot) = start_bot_with(&fake, GUILD, &database, config.path(), &clock, 0);
    hulst_stage(&fake).await;
    // Every answer but autocomplete's (which Discord does not let a bot defer) was deferred.
    let callbacks: Vec<u64> = fake
        .requests()
        .iter()
        .filter(|r| r.route().starts_with("/interactions/"))
        .filter_map(|r| r.json.as_ref()?["type"].as_u64())
        .collect();
    assert!(callbacks.len() > 50, "{callbacks:?}");
    assert!(
        callbacks.iter().all(|t| matches!(t, 5 | 6 | 8)),
        "{callbacks:?}"
    );
    assert!(callbacks.contains(&5) && callbacks.contains(&6));
    let _ = stop.send(());
    let stopped = tokio::time::timeout(WAIT, bot).await;
    assert!(matches!(stopped, Ok(Ok(Ok(())))), "{stopped:?}");
}

/// Two directors play the test's stage from create to the points; the bot serves `fake`.
async fn hulst_stage(fake: &FakeDiscord) {
    fake.wait_ready(WAIT).await;
    let admin = Who::member(ADMIN, "jury", GUILD, CHANNEL).with_permissions(MANAGE_CHANNELS);
    let alice = Who::member(ALICE, "alice", GUILD, CHANNEL);
    let bob = Who::member(BOB, "bob", GUILD, CHANNEL);

    // The third seat is the bot's.
    open_tour(
        fake,
        PRESET,
        3,
        &admin,
        &[(&alice, "Rood", 0), (&bob, "Blauw", 1)],
    )
    .await;

    let mut pressed: Vec<Press> = Vec::new();
    for _ in 0..1_000 {
        if told(fake, CHANNEL, "The tour is over") {
            break;
        }
        let Some(post) = wait_hand_post(fake, CHANNEL).await else {
            break;
        };
        let a = press_hand(fake, &alice, post.id, &post.tour, 200, &wind_first).await;
        let b = press_hand(fake, &bob, post.id, &post.tour, 200, &wind_first).await;
        let idle = a.is_empty() && b.is_empty();
        pressed.extend(a);
        pressed.extend(b);
        if idle {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    wait_told(fake, CHANNEL, "The tour is over").await;
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
    assert!(told(fake, CHANNEL, "swap square"));
    // A move's decisions, card then square, are always buttons: menus hold only the cards to
    // give up on a swap square.
    for p in pressed.iter().filter(|p| p.from_menu) {
        assert!(
            p.label.contains("Give up"),
            "only cards to give up in menus: {}",
            p.label
        );
    }
    // An unavoidable crash, told in the channel.
    assert!(told(fake, CHANNEL, "Crash on"), "a crash in the channel");

    // The letters are drawn on the director's own picture, in the private answer only.
    let requests = fake.requests();
    let own = |r: &&commissaire_tests::fake_discord::Recorded| {
        r.files.iter().any(|f| {
            f.filename
                .as_deref()
                .is_some_and(|n| n.ends_with("-own.png"))
        })
    };
    // Only in the interaction's own answer: its callback, or the edit of a deferred one
    // through the interaction's webhook (a busy machine puts answers off).
    assert!(
        requests
            .iter()
            .filter(own)
            .all(|r| r.route().starts_with("/interactions/") || r.route().starts_with("/webhooks/")),
        "a director's own picture never goes to the channel"
    );
    assert!(
        requests.iter().any(|r| own(&r)),
        "the landing squares' picture came with a card chosen"
    );

    // The standings in points.
    let points = slash(
        fake,
        "standings",
        json!({"classification": "points"}),
        &alice,
    )
    .await;
    let text = content(&points).to_string();
    assert!(text.contains("Rood") && text.contains("pts"), "{points}");

    // Issue 32, item 12: Hulst: a post a round.
    let turns = common::check_one_post_a_turn(fake, CHANNEL, 1);
    eprintln!("turn posts per stage: {turns:?}");
    fake.assert_clean();
}

/// Finds creation times whose stage has an unavoidable crash, played as the test plays it (a
/// wind square when offered, else the first option), through the services: `cargo test -p
/// commissaire-tests --test hulst_e2e -- --ignored --nocapture`. Set `SEED_OFFSET` to one.
#[tokio::test]
#[ignore]
async fn find_a_stage_with_a_crash() {
    for offset in 0..20 {
        let config = config_dir();
        let channel = CHANNEL.to_string();
        let admin = Actor::admin(ADMIN.to_string());
        let people = [ALICE, BOB].map(|id| Actor::player(id.to_string()));
        let (s, _dir) = services_tour(
            config.path(),
            T0 + offset,
            &channel,
            PRESET,
            3,
            &admin,
            &[(&people[0], "Rood"), (&people[1], "Blauw")],
        )
        .await;
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
