//! Issue 35, the strong bot as a tour's bots: a preset that says `bots = "strong"` has its empty
//! seats ridden by the search bot (engine/src/strong.rs), whose choices are stored like any
//! bot's, so the stage replays from its log; the same tour under the game's own bot chooses
//! otherwise.

mod common;

use commissaire::services::{Services, TourSettings};
use commissaire::store::{choices, stages, tours};
use common::*;
use std::path::Path;

/// The shipped configuration, with one more preset: Velo Master at Débutant over one stage,
/// ridden by `bots` (a playout or few a decision: the tests' build is not optimised).
fn config_with(dir: &Path, bots: &str) {
    copy(&config_dir(), dir);
    std::fs::write(
        dir.join("tours/one-stage.toml"),
        format!(
            "name = \"One stage\"\nruleset = \"velo-master\"\nrules = \"debutant\"\n\
             roster = [\"leader\", \"team-mate\"]\n{bots}\n\
             [[stage]]\ncourse = \"vm-sprint-de-vic\"\nkind = \"flat\"\n"
        ),
    )
    .unwrap();
}

fn copy(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let path = entry.path();
        if path.is_dir() {
            copy(&path, &to.join(entry.file_name()));
        } else {
            std::fs::copy(&path, to.join(entry.file_name())).unwrap();
        }
    }
}

/// The stage's stored choices, as JSON, after a tour of two bot teams rides it.
async fn ridden(bots: &str) -> Vec<String> {
    let db = Db::new();
    let config = tempfile::tempdir().unwrap();
    config_with(config.path(), bots);
    let s = Services::open(db.database(), config.path(), clock())
        .await
        .unwrap()
        .with_pictures(false);
    let settings = TourSettings {
        preset: "one-stage".into(),
        ..settings(2, 35)
    };
    ok(s.create_tour(&admin(), CHANNEL, settings).await);
    let start = ok(s.start(&admin(), CHANNEL).await);
    assert!(
        start.text.contains("Bots ride every team"),
        "{}",
        start.text
    );
    let mut last = start;
    for _ in 0..3 {
        if all_text(&last).contains("The tour is over") {
            break;
        }
        last = ok(s.advance(CHANNEL).await);
    }
    assert!(
        all_text(&last).contains("The tour is over"),
        "{}",
        all_text(&last)
    );
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::latest_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    let stage = stages::get(&mut conn, tour.id, 1).await.unwrap().unwrap();
    assert!(stage.finished);
    let log = choices::log(&mut conn, stage.id).await.unwrap();
    drop(conn);
    // The log is the truth: replayed, it gives the stored events.
    let audit = s.audit(tour.id).await.unwrap();
    assert!(audit.iter().all(|a| a.disagreement.is_none()), "{audit:?}");
    log.into_iter().map(|(_, c)| c.to_string()).collect()
}

#[tokio::test]
async fn a_preset_of_strong_bots_rides_its_seats_with_the_search() {
    let rules = ridden("").await;
    let strong = ridden("bots = \"strong\"\nbot_playouts = 4").await;
    assert!(!strong.is_empty());
    assert_ne!(
        strong, rules,
        "the search bot chooses otherwise than the game's own"
    );
    // The same seed and budget: the same choices.
    assert_eq!(strong, ridden("bots = \"strong\"\nbot_playouts = 4").await);
}
