//! A second game through the same store, services and buttons: a Velo Master tour at Expert
//! (one director, three bot teams) is created from its preset, directed from the hand's buttons
//! one decision at a time, and its first stage is scored, with nothing in the bot written for it.

mod common;

use commissaire::services::TourSettings;
use commissaire::store::{results, riders, tours};
use common::*;

#[tokio::test]
async fn a_velo_master_stage_is_directed_from_the_same_buttons_and_scored() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    let settings = TourSettings {
        preset: "velo-master-week".into(),
        ..settings(4, 12)
    };
    let opened = ok(s.create_tour(&admin(), CHANNEL, settings).await);
    assert!(opened.text.contains("teams of 4 riders"), "{}", opened.text);
    ok(s.join(&player(1), CHANNEL, "Reds", "red").await);
    ok(s.start(&admin(), CHANNEL).await);
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::active_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(tour.ruleset, "velo-master");
    assert_eq!(tour.options["level"], "expert");
    let entered = riders::list(&mut conn, tour.id).await.unwrap();
    assert_eq!(entered.len(), 16);
    assert_eq!(entered[0].key.0, "Reds Leader");
    assert_eq!(entered[0].attributes, serde_json::json!({"role": "leader"}));
    drop(conn);

    // The director answers each decision the hand offers, first option first, as it comes:
    // the bots play their slots in between, inside the same requests.
    let mut decisions = 0;
    loop {
        let mut conn = s.store().read().await.unwrap();
        if !results::list(&mut conn, tour.id).await.unwrap().is_empty() {
            break;
        }
        drop(conn);
        let hand = ok(s.hand(&player(1), CHANNEL).await);
        let options = offered(&hand);
        assert!(
            !options.is_empty(),
            "the stage waits on the director, who is offered nothing: {}",
            hand.text
        );
        ok(s.choose(&player(1), CHANNEL, &request(), options[0]).await);
        decisions += 1;
        assert!(decisions < 2_000, "stage 1 never ended");
    }
    assert!(decisions > 5, "{decisions} decisions");
    let mut conn = s.store().read().await.unwrap();
    let done = results::list(&mut conn, tour.id).await.unwrap();
    assert_eq!(done[0].riders.len(), 16);
    assert!(done[0].riders.iter().any(|r| r.place == Some(1)));
    let tour = tours::get(&mut conn, tour.id).await.unwrap().unwrap();
    assert_eq!(tour.current_stage, 2, "stage 2 began");
}
