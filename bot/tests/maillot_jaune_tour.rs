//! A third game through the same store, services and buttons: a Maillot Jaune tour (one
//! director of two riders, three bot teams) is created from its preset, directed from the hand's
//! buttons one rider's turn at a time, its first stage scored in minutes, and its standings are
//! the yellow jersey's, with nothing in the bot written for it.

mod common;

use commissaire::services::TourSettings;
use commissaire::store::{results, riders, tours};
use commissaire_engine::tour::Outcome;
use common::*;

#[tokio::test]
async fn a_maillot_jaune_stage_is_directed_from_the_same_buttons_and_scored_in_minutes() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    let settings = TourSettings {
        preset: "maillot-jaune".into(),
        ..settings(4, 21)
    };
    ok(s.create_tour(&admin(), CHANNEL, settings).await);
    ok(s.join(&player(1), CHANNEL, "Jaunes", "yellow").await);
    ok(s.start(&admin(), CHANNEL).await);
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::active_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(tour.ruleset, "maillot-jaune");
    assert_eq!(tour.options["level"], "complementary");
    let entered = riders::list(&mut conn, tour.id).await.unwrap();
    assert_eq!(entered.len(), 8, "four teams of two riders");
    assert_eq!(entered[0].key.0, "Jaunes Rider");
    drop(conn);

    // The director answers each decision the hand offers, as it comes: the bots play their
    // riders' turns in between, inside the same requests. His brief shows the risky-escape
    // table while a rider of his is to play.
    let mut decisions = 0;
    let mut saw_prices = false;
    loop {
        let mut conn = s.store().read().await.unwrap();
        if !results::list(&mut conn, tour.id).await.unwrap().is_empty() {
            break;
        }
        drop(conn);
        let hand = ok(s.hand(&player(1), CHANNEL).await);
        saw_prices |= hand
            .text
            .contains("Risky escape, cost for 1/2/3/4 cells by roll");
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
    assert!(saw_prices, "the hand shows the price of a risky escape");
    let mut conn = s.store().read().await.unwrap();
    let done = results::list(&mut conn, tour.id).await.unwrap();
    assert!(done[0].riders.iter().any(|r| r.place == Some(1)));
    for r in &done[0].riders {
        assert!(
            matches!(r.outcome, Outcome::Timed { .. } | Outcome::Abandoned),
            "{}: {:?}",
            r.rider,
            r.outcome
        );
    }
    drop(conn);
    let standings = ok(s.standings(CHANNEL).await);
    assert!(
        standings.text.contains("Maillot Jaune (time)"),
        "{}",
        standings.text
    );
    assert!(!standings.text.contains("Maillot Or"), "{}", standings.text);
}
