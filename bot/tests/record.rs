//! Issue 35, a referee anyone can check: each stage's seed sealed when it starts (the SHA-256
//! of the seed and a salt) and told when it ends; the tour exported as one file, checked by
//! `verify` (a die changed, a choice moved, a seed swapped: each named), and imported into a
//! fresh database where the tour goes on, for every game.

mod common;

use commissaire::services::{Replay, Seal, Services, TourFile, verify};
use commissaire::store::{results, stages, tours};
use common::*;
use serde_json::Value;
use sha2::{Digest, Sha256};
use sqlx::Row;

const GAMES: [&str; 4] = ["week", "velo-master-debutant", "maillot-jaune", "hulst"];

async fn tour_id(s: &Services) -> i64 {
    let mut conn = s.store().read().await.unwrap();
    tours::latest_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .expect("a tour in the channel")
        .id
}

async fn stage_row(s: &Services, number: u32) -> stages::StageRow {
    let id = tour_id(s).await;
    let mut conn = s.store().read().await.unwrap();
    stages::get(&mut conn, id, number).await.unwrap().unwrap()
}

async fn over(s: &Services) -> bool {
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::latest_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    tour.status == tours::TourStatus::Finished
}

async fn all_results(s: &Services) -> Vec<commissaire_engine::tour::StageResult> {
    let id = tour_id(s).await;
    let mut conn = s.store().read().await.unwrap();
    results::list(&mut conn, id).await.unwrap()
}

/// Everything the channel has been owed so far, as stored.
async fn outbox(s: &Services) -> String {
    let mut conn = s.store().read().await.unwrap();
    sqlx::query("SELECT body FROM outbox ORDER BY id")
        .fetch_all(&mut *conn)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get::<String, _>("body"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The 64 hexadecimal digits after `marker` in `text`.
fn hash_after(text: &str, marker: &str) -> String {
    let at = text
        .find(marker)
        .unwrap_or_else(|| panic!("{marker:?} in {text}"));
    text[at + marker.len()..].chars().take(64).collect()
}

fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A tour in the channel: one director (player 1) and bots, started; the start's answer.
async fn one_director(s: &Services, preset: &str, seats: u8, seed: u64) -> String {
    let mut settings = settings(seats, seed);
    settings.preset = preset.into();
    ok(s.create_tour(&admin(), CHANNEL, settings).await);
    ok(s.join(&player(1), CHANNEL, "Team 1", "red").await);
    all_text(&ok(s.start(&admin(), CHANNEL).await))
}

/// A tour of bots alone, started.
async fn bots_alone(s: &Services, preset: &str, seats: u8, seed: u64) {
    let mut settings = settings(seats, seed);
    settings.preset = preset.into();
    ok(s.create_tour(&admin(), CHANNEL, settings).await);
    ok(s.start(&admin(), CHANNEL).await);
}

/// Player 1 plays (the first option offered each time) until stage `number` is over; the text
/// of every answer.
async fn finish_stage(s: &Services, number: u32) -> String {
    let mut text = String::new();
    while !stage_row(s, number).await.finished {
        for reply in play_round(s, &player(1)).await {
            text.push_str(&all_text(&reply));
        }
    }
    text
}

#[tokio::test]
async fn a_stage_s_seed_is_sealed_when_it_starts_kept_secret_and_told_when_it_ends() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    let start = one_director(&s, "week", 2, 35).await;
    let row = stage_row(&s, 1).await;
    let salt = row.salt.clone().expect("a new stage is sealed");
    // The channel is told the SHA-256 of "<seed>:<salt>" (computed here with the hash alone).
    let told = hash_after(&start, "Seed sealed: its SHA-256 commitment is `");
    assert_eq!(told, sha256_hex(&format!("{}:{salt}", row.seed)));
    assert_eq!(told, commissaire::services::commitment(row.seed, &salt));

    // A few rounds: neither the seed nor the salt shows anywhere a player or the channel can
    // read, nor in the tour's file.
    let seed = row.seed.to_string();
    let mut seen = start.clone();
    for _ in 0..3 {
        for reply in play_round(&s, &player(1)).await {
            seen.push_str(&all_text(&reply));
        }
        seen.push_str(&all_text(&ok(s.hand(&player(1), CHANNEL).await)));
    }
    assert!(!stage_row(&s, 1).await.finished, "still riding stage 1");
    let file = s.export(tour_id(&s).await, false).await.unwrap();
    seen.push_str(&file.to_json());
    seen.push_str(&outbox(&s).await);
    assert!(
        !seen.contains(&seed),
        "the seed shows before the stage ends"
    );
    assert!(
        !seen.contains(&salt),
        "the salt shows before the stage ends"
    );
    let sealed = &file.stages[0];
    assert_eq!(sealed.commitment.as_deref(), Some(told.as_str()));
    assert_eq!(
        (sealed.seed.as_deref(), sealed.salt.as_deref()),
        (None, None)
    );
    assert!(sealed.choices.is_empty() && sealed.events.is_empty());
    assert!(
        file.tour.seed.is_none(),
        "the tour's seed gives every stage's"
    );
    let report = s.verify(&file);
    assert!(report.good(), "{}", report.text());
    assert!(
        report.text().contains("Nothing to replay yet"),
        "{}",
        report.text()
    );

    // The stage ends: the seed and the salt are told under its result, and they hash to what
    // was told at the start. Stage 2 is sealed with a salt of its own.
    let end = finish_stage(&s, 1).await + &outbox(&s).await;
    assert!(
        end.contains(&format!("Seed of the stage: `{seed}`, salt `{salt}`")),
        "{end}"
    );
    assert!(end.contains(&told), "{end}");
    let second = stage_row(&s, 2).await;
    let salt2 = second.salt.clone().unwrap();
    assert_ne!(salt2, salt);
    let told2 = hash_after(&end, "Seed sealed: its SHA-256 commitment is `");
    assert_eq!(told2, sha256_hex(&format!("{}:{salt2}", second.seed)));
    assert!(!end.contains(&second.seed.to_string()));
    let file = s.export(tour_id(&s).await, false).await.unwrap();
    assert_eq!(file.stages[0].seed.as_deref(), Some(seed.as_str()));
    assert_eq!(file.stages[0].salt.as_deref(), Some(salt.as_str()));
    assert_eq!(file.stages[1].seed, None);
}

#[tokio::test]
async fn a_tour_exported_mid_stage_is_imported_into_a_fresh_database_and_ridden_to_the_end() {
    let (db1, db2) = (Db::new(), Db::new());
    let (s1, s2) = (open(&db1, &clock()).await, open(&db2, &clock()).await);
    one_director(&s1, "week", 2, 7).await;
    finish_stage(&s1, 1).await;
    for _ in 0..3 {
        play_round(&s1, &player(1)).await;
    }
    assert!(!stage_row(&s1, 2).await.finished);

    // The file anyone may have keeps stage 2's seed and choices to itself: it cannot move a
    // tour under way, and says how to.
    let public = s1.export(tour_id(&s1).await, false).await.unwrap();
    let refused = s2.import(&public, None).await.unwrap_err().to_string();
    assert!(
        refused.contains("commissaire export --secrets"),
        "{refused}"
    );

    // The operator's file, with the secrets, through its JSON text.
    let text = s1.export(tour_id(&s1).await, true).await.unwrap().to_json();
    let file = TourFile::parse(&text).unwrap();
    assert!(!file.stages[1].choices.is_empty(), "stage 2 under way");
    s2.import(&file, None).await.unwrap();

    // Both databases ride on the same way: the director's same choices give the same race.
    for s in [&s1, &s2] {
        let mut turns = 0;
        while !over(s).await {
            play_round(s, &player(1)).await;
            turns += 1;
            assert!(turns < 2_000, "the tour ends");
        }
    }
    let (r1, r2) = (all_results(&s1).await, all_results(&s2).await);
    assert_eq!(r1.len(), 7);
    assert_eq!(r1, r2);
    // The imported tour's own file, the tour over, checks out stage by stage.
    let done = s2.export(tour_id(&s2).await, false).await.unwrap();
    let report = s2.verify(&done);
    assert!(report.good(), "{}", report.text());
    assert_eq!(report.stages.len(), 7);
    for stage in &report.stages {
        assert!(matches!(stage.seal, Seal::Matches { .. }), "{stage:?}");
        assert!(matches!(stage.replay, Replay::Matches { .. }), "{stage:?}");
    }
}

#[tokio::test]
async fn every_game_s_tour_exports_verifies_and_goes_on_after_an_import() {
    for preset in GAMES {
        let (db1, db2) = (Db::new(), Db::new());
        let (s1, s2) = (open(&db1, &clock()).await, open(&db2, &clock()).await);
        bots_alone(&s1, preset, 3, 11).await;
        // A tour of bots rides a stage a call: the start rides stage 1, this call stage 2, and
        // stage 3 is under way, sealed.
        ok(s1.advance(CHANNEL).await);
        assert!(stage_row(&s1, 2).await.finished, "{preset}");
        assert!(!stage_row(&s1, 3).await.finished, "{preset}");
        let file = s1.export(tour_id(&s1).await, true).await.unwrap();
        s2.import(&TourFile::parse(&file.to_json()).unwrap(), None)
            .await
            .unwrap();
        for s in [&s1, &s2] {
            let mut calls = 0;
            while !over(s).await {
                ok(s.advance(CHANNEL).await);
                calls += 1;
                assert!(calls < 30, "{preset}: the tour ends");
            }
        }
        let (f1, f2) = (
            s1.export(tour_id(&s1).await, false).await.unwrap(),
            s2.export(tour_id(&s2).await, false).await.unwrap(),
        );
        assert!(f1.results == f2.results, "{preset}: the same results");
        // The same stages, each ridden from the same seed with the same choices and events (a
        // stage started after the import has a salt of its own, drawn there).
        let ridden = |f: &TourFile| -> Vec<_> {
            f.stages
                .iter()
                .map(|s| {
                    (
                        s.number,
                        s.seed.clone(),
                        s.choices.clone(),
                        s.events.clone(),
                    )
                })
                .collect()
        };
        assert!(ridden(&f1) == ridden(&f2), "{preset}: the same stages");
        let report = verify(&f2, s2.library());
        assert!(report.good(), "{preset}: {}", report.text());
        // The file carries its courses: it checks out where no course file is at hand.
        let nowhere = tempfile::tempdir().unwrap();
        let bare = verify(&f2, &commissaire::services::Library::new(nowhere.path()));
        assert!(bare.good(), "{preset}: {}", bare.text());
        assert_eq!(bare, report, "{preset}");
        assert!(
            report
                .stages
                .iter()
                .all(|s| matches!(s.seal, Seal::Matches { .. })
                    && matches!(s.replay, Replay::Matches { .. })),
            "{preset}: {}",
            report.text()
        );
    }
}

/// What `serve` does: each stage's seed drawn from the operating system when the stage starts,
/// so that a seed told at a stage's end says nothing of the next. The same tour seed then gives
/// other stage seeds in every database, none the one derived from the tour's seed, and the tour
/// still verifies.
#[tokio::test]
async fn drawn_seeds_owe_nothing_to_the_tour_s_seed_and_still_verify() {
    let (db1, db2, db3) = (Db::new(), Db::new(), Db::new());
    let drawn = |db: &Db| {
        let db = db.database();
        async move {
            Services::open(db, &config_dir(), clock())
                .await
                .unwrap()
                .with_pictures(false)
                .with_drawn_seeds(true)
        }
    };
    let (a, b) = (drawn(&db1).await, drawn(&db2).await);
    let derived = open(&db3, &clock()).await;
    for s in [&a, &b, &derived] {
        bots_alone(s, "velo-master-debutant", 2, 9).await;
        ok(s.advance(CHANNEL).await);
    }
    for number in 1..=3 {
        let (sa, sb, sd) = (
            stage_row(&a, number).await.seed,
            stage_row(&b, number).await.seed,
            stage_row(&derived, number).await.seed,
        );
        assert!(sa != sb && sa != sd && sb != sd, "stage {number}");
    }
    while !over(&a).await {
        ok(a.advance(CHANNEL).await);
    }
    let report = a.verify(&a.export(tour_id(&a).await, false).await.unwrap());
    assert!(report.good(), "{}", report.text());
}

/// A rider an admin takes out in the middle of a stage leaves its result without a place, which
/// no die decided: `verify` takes that from the file and the stage still checks out, as do the
/// stages after it.
#[tokio::test]
async fn a_rider_taken_out_by_an_admin_mid_stage_does_not_spoil_the_check() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    one_director(&s, "week", 2, 21).await;
    for _ in 0..3 {
        play_round(&s, &player(1)).await;
    }
    ok(s.abandon_rider(&admin(), CHANNEL, "11").await);
    finish_stage(&s, 1).await;
    finish_stage(&s, 2).await;
    let file = s.export(tour_id(&s).await, false).await.unwrap();
    let out = &file.results[0].riders;
    assert!(out.iter().any(|r| r.place.is_none()), "{out:?}");
    let report = s.verify(&file);
    assert!(report.good(), "{}", report.text());
    assert!(
        report.stages[..2]
            .iter()
            .all(|c| matches!(c.replay, Replay::Matches { .. }))
    );
}

/// A finished Velo Master tour's file: dice in its events.
async fn velo_master_file() -> (Services, Db, TourFile) {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    bots_alone(&s, "velo-master-debutant", 2, 5).await;
    while !over(&s).await {
        ok(s.advance(CHANNEL).await);
    }
    let file = s.export(tour_id(&s).await, false).await.unwrap();
    (s, db, file)
}

/// Changes the face of the first die in `v` (an object with `sides` and `face`).
fn change_a_die(v: &mut Value) -> bool {
    match v {
        Value::Object(map) if map.contains_key("sides") && map.contains_key("face") => {
            let sides = map["sides"].as_u64().unwrap();
            let face = map["face"].as_u64().unwrap();
            map["face"] = Value::from(face % sides + 1);
            true
        }
        Value::Object(map) => map.values_mut().any(change_a_die),
        Value::Array(items) => items.iter_mut().any(change_a_die),
        _ => false,
    }
}

#[tokio::test]
async fn a_die_changed_a_choice_moved_or_a_seed_swapped_is_named_as_tampering() {
    let (s, _db, file) = velo_master_file().await;
    let good = s.verify(&file);
    assert!(good.good(), "{}", good.text());
    assert!(!good.text().contains("TAMPERED"));

    // A die of stage 1 shows another face.
    let mut die = file.clone();
    let at = die.stages[0]
        .events
        .iter_mut()
        .position(|e| change_a_die(&mut e.event))
        .expect("Velo Master rolls dice");
    let report = s.verify(&die);
    assert!(!report.good());
    let one = &report.stages[0];
    assert!(one.tampered(), "{one:?}");
    assert!(
        matches!(&one.replay, Replay::Differs(commissaire::services::Difference::Event { at: a, .. }) if *a == at),
        "{one:?}"
    );
    assert!(report.stages[1..].iter().all(|s| s.good()));
    let text = report.text();
    assert!(
        text.contains(&format!("TAMPERED: event {} is recorded as", at + 1)),
        "{text}"
    );

    // A choice of stage 2 moved to the end of the file's list.
    let mut moved = file.clone();
    let choice = moved.stages[1].choices.remove(1);
    moved.stages[1].choices.push(choice);
    let report = s.verify(&moved);
    let two = &report.stages[1];
    assert!(two.tampered(), "{two:?}");
    assert_eq!(two.replay, Replay::ChoiceMoved { seq: 2, place: 1 });
    assert!(
        report
            .text()
            .contains("TAMPERED: choice 3 stands at place 2")
    );

    // Two choices of stage 2 swapped, their numbers kept in order: the replay parts with the
    // record (another move, or a move refused).
    let mut swapped = file.clone();
    let choices = &mut swapped.stages[1].choices;
    let (a, b) = (0..choices.len() - 1)
        .map(|i| (i, i + 1))
        .find(|&(i, j)| choices[i].choice != choices[j].choice)
        .expect("two different choices follow each other");
    let (ca, cb) = (choices[a].clone(), choices[b].clone());
    choices[a].choice = cb.choice;
    choices[a].seat = cb.seat;
    choices[b].choice = ca.choice;
    choices[b].seat = ca.seat;
    let report = s.verify(&swapped);
    let two = &report.stages[1];
    assert!(two.tampered(), "{two:?}");
    assert!(matches!(two.replay, Replay::Differs(_)), "{two:?}");

    // Stage 3's seed swapped for another: it no longer hashes to its commitment.
    let mut seed = file.clone();
    let other: u64 = seed.stages[2]
        .seed
        .as_ref()
        .unwrap()
        .parse::<u64>()
        .unwrap()
        ^ 1;
    seed.stages[2].seed = Some(other.to_string());
    let report = s.verify(&seed);
    let three = &report.stages[2];
    assert!(matches!(three.seal, Seal::Mismatch { .. }), "{three:?}");
    assert!(three.tampered());
    assert!(report.text().contains("TAMPERED: seed"));

    // Stage 1's result with two riders' places swapped: the events still replay, the result
    // is named.
    let mut result = file.clone();
    let riders = &mut result.results[0].riders;
    let (first, second) = (riders[0].place, riders[1].place);
    riders[0].place = second;
    riders[1].place = first;
    let named = riders[0].rider.to_string();
    let report = s.verify(&result);
    let one = &report.stages[0];
    assert!(one.tampered(), "{one:?}");
    assert_eq!(
        one.replay,
        Replay::ResultDiffers {
            rider: Some(named.clone())
        }
    );
    assert!(
        report
            .text()
            .contains(&format!("the result recorded for {named} is not")),
        "{}",
        report.text()
    );

    // A tampered file is not imported.
    let db2 = Db::new();
    let s2 = open(&db2, &clock()).await;
    let refused = s2.import(&die, None).await.unwrap_err().to_string();
    assert!(
        refused.contains("does not check out (stage 1)"),
        "{refused}"
    );
}

/// A database of an older release (`tests/fixtures/before-rulesets.sqlite`, stopped in the
/// middle of stage 2, before seeds were sealed): its stages have no salt. Stage 2 is told its
/// seed at its end, saying it was never sealed; stage 3 is sealed; the file verifies, the two
/// old stages replayed without a commitment to check their seeds against.
#[tokio::test]
async fn a_stage_stored_before_seeds_were_sealed_is_told_unsealed_and_still_replays() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/before-rulesets.sqlite");
    let db = dir.path().join("old.sqlite");
    std::fs::copy(fixture, &db).unwrap();
    let s = Services::open(&db, &config_dir(), clock())
        .await
        .unwrap()
        .with_pictures(false);
    let you = commissaire::services::Actor::player("you");
    let id = {
        let mut conn = s.store().read().await.unwrap();
        tours::active_in_channel(&mut conn, "terminal")
            .await
            .unwrap()
            .unwrap()
            .id
    };
    let row = |number: u32| {
        let s = &s;
        async move {
            let mut conn = s.store().read().await.unwrap();
            stages::get(&mut conn, id, number).await.unwrap()
        }
    };
    let old = row(2).await.unwrap();
    assert_eq!(old.salt, None, "stored before seeds were sealed");
    let mut told = String::new();
    let mut n = 0;
    while !row(2).await.unwrap().finished {
        let hand = ok(s.hand(&you, "terminal").await);
        n += 1;
        let reply = ok(s
            .choose(&you, "terminal", &format!("old-{n}"), offered(&hand)[0])
            .await);
        told.push_str(&all_text(&reply));
        assert!(n < 400, "stage 2 never ended");
    }
    told.push_str(&outbox(&s).await);
    assert!(
        told.contains(&format!(
            "Seed of the stage: `{}`. The stage started before seeds were sealed",
            old.seed
        )),
        "{told}"
    );
    let third = row(3).await.unwrap();
    assert!(third.salt.is_some(), "a stage started now is sealed");
    let report = s.verify(&s.export(id, false).await.unwrap());
    assert!(report.good(), "{}", report.text());
    let seals: Vec<&Seal> = report.stages.iter().map(|c| &c.seal).collect();
    assert!(matches!(seals[0], Seal::Unsealed { .. }), "{seals:?}");
    assert!(matches!(seals[1], Seal::Unsealed { .. }), "{seals:?}");
    assert!(matches!(seals[2], Seal::Sealed { .. }), "{seals:?}");
    assert!(report.text().contains("before seeds were sealed"));
}

/// A file of the format's first version, written by the build that introduced it (a Maillot
/// Jaune tour of three stages ridden by bots, `write_the_version_1_fixture`): later builds
/// still read and check it.
const VERSION_1: &str = "tests/fixtures/tour-v1.json";

#[test]
fn a_file_of_version_1_still_verifies() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(VERSION_1);
    let text = std::fs::read_to_string(path).unwrap();
    let value: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["version"], 1);
    let file = TourFile::parse(&text).unwrap();
    let library = commissaire::services::Library::new(&config_dir());
    let report = verify(&file, &library);
    assert!(report.good(), "{}", report.text());
    assert_eq!(report.stages.len(), 3);
    assert!(
        report
            .stages
            .iter()
            .all(|s| matches!(s.replay, Replay::Matches { .. }))
    );
}

#[test]
fn a_file_of_a_later_version_or_another_format_is_refused_with_a_reason() {
    let later = r#"{"format": "commissaire-tour", "version": 99}"#;
    let why = TourFile::parse(later).unwrap_err();
    assert!(why.contains("version 99"), "{why}");
    let why = TourFile::parse(r#"{"format": "something-else"}"#).unwrap_err();
    assert!(why.contains("not a commissaire tour"), "{why}");
}

/// Writes the version-1 fixture. Run once, by hand, when the format's version 1 was made:
/// `cargo test -p commissaire --test record -- --ignored`.
#[tokio::test]
#[ignore]
async fn write_the_version_1_fixture() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    bots_alone(&s, "maillot-jaune", 3, 1).await;
    while !over(&s).await {
        ok(s.advance(CHANNEL).await);
    }
    let file = s.export(tour_id(&s).await, false).await.unwrap();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(VERSION_1);
    std::fs::write(path, file.to_json()).unwrap();
}
