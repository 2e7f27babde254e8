//! A database written by the release before rulesets (made by `commissaire play`, stopped in
//! the middle of stage 2) opens with this one: the migration gives its tour a ruleset and its
//! options and its riders their attributes, and the tour goes on where it stopped.

mod common;

use commissaire::clock::ManualClock;
use commissaire::services::{Actor, Pick, ServiceError, Services};
use commissaire::store::{choices, results, riders, stages, tours};
use common::{config_dir, offered, ok};
use serde_json::json;
use std::path::Path;
use std::sync::Arc;

const CHANNEL: &str = "terminal";

fn you() -> Actor {
    Actor::player("you")
}

async fn upgraded(dir: &Path) -> Services {
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/before-rulesets.sqlite");
    let db = dir.join("play.sqlite");
    std::fs::copy(fixture, &db).unwrap();
    Services::open(
        &db,
        &config_dir(),
        Arc::new(ManualClock::new(1_800_000_000)),
    )
    .await
    .expect("the old database opens")
    .with_pictures(false)
}

#[tokio::test]
async fn an_old_database_upgrades_and_its_running_tour_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let s = upgraded(dir.path()).await;
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::active_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .expect("the tour left running");
    assert_eq!(tour.ruleset, "card-race");
    assert_eq!(tour.options, json!({"profiles": "house-b"}));
    assert_eq!(tour.current_stage, 2);
    // Riders kept their kind and the exhaustion stage 1 left them, now as attributes.
    let list = riders::list(&mut conn, tour.id).await.unwrap();
    assert_eq!(list.len(), 12);
    let rouleur = list
        .iter()
        .find(|r| r.key.0 == "Commissaire Rouleur")
        .unwrap();
    assert_eq!(
        rouleur.attributes,
        json!({"kind": "rouleur", "carried_exhaustion": 7})
    );
    // The stage under way keeps its starters, read in the new shape, in grid order.
    let stage = stages::get(&mut conn, tour.id, 2).await.unwrap().unwrap();
    assert_eq!(stage.starters.len(), 12);
    assert_eq!(stage.starters[0].key.0, "Vélo Club Mécanique Sprinteur");
    assert_eq!(
        stage.starters[0].attributes,
        json!({"kind": "sprinteur", "carried_exhaustion": 1})
    );
    let before = choices::count(&mut conn, stage.id).await.unwrap();
    drop(conn);

    // The stage replays from its stored choices and offers the director what is open.
    let hand = ok(s.hand(&you(), CHANNEL).await);
    assert!(hand.text.contains("stage 2, round 11"), "{}", hand.text);
    assert!(!offered(&hand).is_empty(), "{}", hand.text);

    // Played on until stage 2 is scored and stage 3 begins.
    let mut n = 0;
    loop {
        let mut conn = s.store().read().await.unwrap();
        if results::list(&mut conn, tour.id).await.unwrap().len() == 2 {
            break;
        }
        drop(conn);
        let hand = ok(s.hand(&you(), CHANNEL).await);
        let pick: Pick = offered(&hand)[0];
        n += 1;
        match s
            .choose(&you(), CHANNEL, &format!("upgrade-{n}"), pick)
            .await
        {
            Ok(_) => {}
            Err(ServiceError::Refused(r)) => panic!("refused after the upgrade: {r}"),
            Err(e) => panic!("{e}"),
        }
        assert!(n < 400, "stage 2 never ended");
    }
    let mut conn = s.store().read().await.unwrap();
    assert!(choices::count(&mut conn, stage.id).await.unwrap() > before);
    let tour = tours::get(&mut conn, tour.id).await.unwrap().unwrap();
    assert_eq!(tour.current_stage, 3);
    let riders = riders::list(&mut conn, tour.id).await.unwrap();
    assert!(
        riders.iter().all(
            |r| r.attributes["kind"].is_string() && r.attributes["carried_exhaustion"].is_u64()
        ),
        "{riders:?}"
    );
}
