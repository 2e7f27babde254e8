//! A whole Velo Master tour at Expert through the fake Discord, to its last stage: one director
//! plays from the hand's buttons (the cells lettered), one with `/play` (autocomplete), one on
//! `/autopilot on`. Each phase is one channel post, edited in place as its slots are played; a
//! crash is narrated, a team-mate abandons in stage 1 after a crash of severity 1, and a
//! repêchage vote in stage 2 brings him back for stage 3.
//!
//! The tour is three stages of our short course (a test preset), so that two directors play
//! every one of their decisions by hand in reasonable time. Its seed comes from the channel and
//! the time the tour is created (as in Discord): `SEED_OFFSET` seconds after `T0` gives the crash
//! and the abandon; `find_a_tour_with_a_crash_abandon` (ignored) finds another if the engine's
//! rules change.

mod common;

use commissaire::store::Database;

use common::{
    config_with_presets, open_tour, services_tour, start_bot, told, wait_hand_post, wait_told,
};

use commissaire::clock::ManualClock;
use commissaire::services::{Actor, Pick, Services};
use commissaire::store::{Store, choices, results, stages, teams, tours};
use commissaire_engine::tour::Outcome;
use commissaire_tests::drive::{
    WAIT, ask, button_ids, content, flags, play_with_buttons, play_with_slash, slash,
};
use commissaire_tests::fake_discord::{FakeDiscord, MANAGE_CHANNELS, Who};
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

const GUILD: u64 = 1_100_000_000_000_000_300;
const CHANNEL: u64 = 1_200_000_000_000_000_031;
const ADMIN: u64 = 1_300_000_000_000_000_021;
const ALICE: u64 = 1_300_000_000_000_000_022;
const BOB: u64 = 1_300_000_000_000_000_023;
const CAROL: u64 = 1_300_000_000_000_000_024;
const T0: i64 = 1_800_000_000;
/// When the tour is created, after `T0`: with the channel, what its seed is made of.
const SEED_OFFSET: i64 = 3;
/// The team-mate the race puts out in stage 1 with this seed.
const ABANDONED: &str = "Reds Team-mate 3";
const PRESET: &str = "velo-master-e2e";

/// A configuration folder with the shipped courses and a three-stage Expert preset on the short
/// course.
fn config_dir() -> tempfile::TempDir {
    let stage = "[[stage]]\ncourse = \"vm-sprint-de-vic\"\nkind = \"flat\"\n";
    let preset = format!(
        "name = \"Velo Master, three sprints\"\nruleset = \"velo-master\"\nrules = \"expert\"\n\
         roster = [\"leader\", \"team-mate\", \"team-mate\", \"team-mate\"]\n\
         decision_deadline = 15\n{stage}{stage}{stage}"
    );
    config_with_presets(&[(PRESET, &preset)])
}

async fn finished_stages(database: &Database) -> usize {
    let store = Store::open(database).await.unwrap();
    let mut conn = store.read().await.unwrap();
    let done = results::list(&mut conn, 1).await.unwrap().len();
    drop(conn);
    store.close().await;
    done
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_velo_master_tour_at_expert_from_create_to_the_winners() {
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
    let carol = Who::member(CAROL, "carol", GUILD, CHANNEL);

    open_tour(
        &fake,
        PRESET,
        3,
        &admin,
        &[
            (&alice, "Reds", 0),
            (&bob, "Blues", 1),
            (&carol, "Greens", 2),
        ],
    )
    .await;
    let on = slash(&fake, "autopilot", json!({"switch": 0}), &carol).await;
    assert_eq!(flags(&on), 64);
    assert!(content(&on).contains("Greens"), "{on}");

    // The directors play until the tour is over: Alice every decision she owes from her hand's
    // buttons, then Bob every decision he owes with /play, and again; Carol's team is the bot's.
    let mut pressed = Vec::new();
    let mut typed = Vec::new();
    let mut voted = false;
    for _ in 0..2_000 {
        if told(&fake, CHANNEL, "The tour is over") {
            break;
        }
        let Some(post) = wait_hand_post(&fake, CHANNEL).await else {
            break;
        };
        let (tour_message, tour) = (post.id, post.tour);
        let a = play_with_buttons(&fake, &alice, tour_message, &tour, 500).await;
        let b = play_with_slash(&fake, &bob, 500).await;
        let idle = a.is_empty() && b.is_empty();
        pressed.extend(a);
        typed.extend(b);

        // Stage 1 is over (its team-mate out after a crash): the admin puts him to the vote
        // in stage 2, every directeur votes yes, and he is back for stage 3.
        if !voted && finished_stages(&database).await == 1 {
            voted = true;
            wait_told(&fake, CHANNEL, &format!("{ABANDONED} abandons")).await;
            let (proposal_sent, proposal) = ask(
                &fake,
                fake.slash("admin repechage", json!({"rider": ABANDONED}), &admin),
            )
            .await;
            assert_eq!(flags(&proposal), 0, "the proposal is public: {proposal}");
            let yes = button_ids(&proposal)
                .into_iter()
                .find(|id| id.ends_with(":yes"))
                .expect("a yes button");
            let proposal_id = commissaire_tests::drive::answer_id(&fake, &proposal_sent, &proposal);
            for who in [&alice, &bob, &carol] {
                let (_, ballot) = ask(&fake, fake.component(&yes, proposal_id, who)).await;
                assert_eq!(flags(&ballot), 64, "a ballot is answered privately");
            }
            wait_told(&fake, CHANNEL, "brought back").await;
            continue;
        }
        if idle {
            // Nobody owes anything: the bots are between stages, or the tour just ended.
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    wait_told(&fake, CHANNEL, "The tour is over").await;
    assert!(voted, "stage 1 never finished");

    // Both ways of playing were used throughout, the letters of the board on the buttons.
    assert!(
        pressed.len() > 50 && typed.len() > 50,
        "{} {}",
        pressed.len(),
        typed.len()
    );
    assert!(
        pressed.iter().any(|l| l.contains("Move to A")),
        "the cells are lettered on the buttons: {:?}",
        &pressed[..10]
    );
    // Crashes are told as they happen, with the one that ended a team-mate's race.
    assert!(
        told(&fake, CHANNEL, "he crashes"),
        "a crash narrated in the channel"
    );
    assert!(told(&fake, CHANNEL, &format!("{ABANDONED} abandons")));

    // A dice game in its own words: no post, answer, button or suggestion ever speaks of cards
    // (the card race's words), and the hand's button is the game's own.
    let requests = fake.requests();
    let mut hand_buttons = 0;
    for r in &requests {
        let Some(body) = &r.json else { continue };
        let text = body.to_string().to_lowercase();
        for word in ["card ", "cards", "choose my cards"] {
            assert!(
                !text.contains(word),
                "{} {} speaks of {word:?}: {body}",
                r.method,
                r.path
            );
        }
        hand_buttons += text.matches("\"choose my move\"").count();
    }
    assert!(hand_buttons > 0, "the hand's button is Velo Master's own");

    // A phase is one post, edited in place: far fewer posts than choices, many edits, each edit
    // with the board as it stands.
    let posts = requests
        .iter()
        .filter(|r| r.is("POST", &format!("/channels/{CHANNEL}/messages")))
        .count();
    let edits: Vec<_> = requests
        .iter()
        .filter(|r| r.is("PATCH", &format!("/channels/{CHANNEL}/messages/")))
        .filter(|r| r.json.as_ref().is_some_and(|j| j.get("content").is_some()))
        // The tour's status message is edited too, as text alone (status_e2e.rs).
        .filter(|r| {
            !r.json
                .as_ref()
                .is_some_and(|j| content(j).starts_with("📌"))
        })
        .collect();
    let choices = pressed.len() + typed.len();
    assert!(
        posts * 5 < choices,
        "{posts} posts and {} edits for {choices} choices",
        edits.len()
    );
    assert!(edits.len() > 10, "{} edits", edits.len());
    assert!(
        edits.iter().all(|e| e
            .files
            .iter()
            .any(|f| f.filename.as_deref().is_some_and(|n| n.ends_with(".png")))),
        "every edit carries the board"
    );

    // From stage 2 on, a stage's result is posted with its jerseys' charts (issue 36): the
    // Maillot Or's and the Rouge's, after stages 2 and 3, the rider voted back among them.
    let charts: Vec<String> = requests
        .iter()
        .filter(|r| r.is("POST", &format!("/channels/{CHANNEL}/messages")))
        .flat_map(|r| r.files.iter())
        .filter_map(|f| f.filename.clone())
        .filter(|n| n.ends_with("-chart.png"))
        .collect();
    for chart in ["general-chart.png", "mountains-chart.png"] {
        assert_eq!(
            charts.iter().filter(|n| *n == chart).count(),
            2,
            "{chart} with stages 2 and 3: {charts:?}"
        );
    }

    // The store: Carol never chose, the bot did for her; the team-mate rode stage 3 again.
    let store = Store::open(&database).await.unwrap();
    let mut conn = store.read().await.unwrap();
    let tour = tours::get(&mut conn, 1).await.unwrap().unwrap();
    assert_eq!(tour.status.as_str(), "finished");
    let greens = teams::list(&mut conn, 1)
        .await
        .unwrap()
        .into_iter()
        .find(|t| t.name == "Greens")
        .unwrap();
    assert!(greens.autopilot);
    let stage_three = stages::get(&mut conn, 1, 3).await.unwrap().unwrap();
    assert!(
        stage_three.starters.iter().any(|r| r.key.0 == ABANDONED),
        "the rider voted back starts stage 3"
    );
    let by_player = choices::count_by_source(&mut conn, stage_three.id, choices::Source::Player)
        .await
        .unwrap();
    assert!(by_player > 0);
    let done = results::list(&mut conn, 1).await.unwrap();
    assert_eq!(done.len(), 3);
    assert!(
        done[0]
            .riders
            .iter()
            .any(|r| r.rider.0 == ABANDONED && r.outcome == Outcome::Abandoned)
    );
    drop(conn);
    store.close().await;

    // Issue 32, item 12: Velo Master: a post a phase, each round's two named apart.
    let turns = common::check_one_post_a_turn(&fake, CHANNEL, 3);
    eprintln!("turn posts per stage: {turns:?}");
    for phase in ["the leaders' phase", "the team-mates' phase"] {
        let title = format!("**Stage 1, round 1, {phase}**");
        assert!(told(&fake, CHANNEL, &title), "{title}");
    }
    fake.assert_clean();
    let _ = stop.send(());
    let stopped = tokio::time::timeout(WAIT, bot).await;
    assert!(matches!(stopped, Ok(Ok(Ok(())))), "{stopped:?}");
}

/// Finds creation times whose tour has a team-mate put out by a crash in stage 1, played as the
/// test plays it, through the services: `cargo test -p commissaire-tests --test velo_master_e2e
/// -- --ignored --nocapture`. Prints each candidate; set `SEED_OFFSET` and `ABANDONED` to one.
#[tokio::test]
#[ignore]
async fn find_a_tour_with_a_crash_abandon() {
    for offset in 0..30 {
        let config = config_dir();
        let channel = CHANNEL.to_string();
        let admin = Actor::admin(ADMIN.to_string());
        let people = [ALICE, BOB, CAROL].map(|id| Actor::player(id.to_string()));
        let (s, _dir) = services_tour(
            config.path(),
            T0 + offset,
            &channel,
            PRESET,
            3,
            &admin,
            &[
                (&people[0], "Reds"),
                (&people[1], "Blues"),
                (&people[2], "Greens"),
            ],
        )
        .await;
        s.autopilot(&people[2], &channel, true).await.unwrap();
        let mut asked = 0;
        let outcome = loop {
            let mut played = false;
            for who in &people[..2] {
                while let Some(o) = s.open_choices(who, &channel).await.unwrap().first() {
                    asked += 1;
                    let request = format!("r{asked}");
                    match s.choose(who, &channel, &request, Pick::now(o.key)).await {
                        Ok(_) => played = true,
                        Err(_) => break,
                    }
                }
            }
            let done = stage_results(&s).await;
            if !played || done.len() == 3 {
                break done;
            }
        };
        let out: Vec<String> = outcome
            .iter()
            .map(|stage| {
                stage
                    .riders
                    .iter()
                    .filter(|r| r.outcome == Outcome::Abandoned)
                    .map(|r| r.rider.0.clone())
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .collect();
        println!("offset {offset}: {asked} choices, out by stage: {out:?}");
    }
}

async fn stage_results(s: &Services) -> Vec<commissaire_engine::tour::StageResult> {
    let mut conn = s.store().read().await.unwrap();
    results::list(&mut conn, 1).await.unwrap()
}
