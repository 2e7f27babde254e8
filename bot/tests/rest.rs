//! Issue 34: a tour at rest is not held in memory. The stages kept warm between requests and the
//! pictures kept drawn are let go once nobody has asked about them for `REST_SECS` seconds, on
//! the scheduler's pass; a request after that reads the stage again and gets the same answer.

mod common;

use commissaire::scheduler::Scheduler;
use commissaire::services::REST_SECS;
use common::*;
use std::sync::Arc;

#[tokio::test]
async fn a_tour_nobody_asks_about_is_let_go_from_memory() {
    let db = Db::new();
    let clock = clock();
    let s = Arc::new(open(&db, &clock).await.with_pictures(true));
    started_tour(&s, 2, 3, 32).await; // rounds last 600 s: no pass below closes one
    play_round(&s, &player(1)).await;
    ok(s.stage_info(CHANNEL).await); // its profile is kept drawn
    let hand = ok(s.hand(&player(2), CHANNEL).await);
    assert_eq!(s.warm_stages(), 1);
    assert!(s.pictures_kept() >= 1);

    let scheduler = Scheduler::new(Arc::clone(&s), 120);
    let first = T0 + 10;
    scheduler.tick(first).await.unwrap();
    scheduler.tick(first + REST_SECS - 1).await.unwrap();
    assert_eq!(s.warm_stages(), 1, "asked about {} s ago", REST_SECS - 1);
    assert!(s.pictures_kept() >= 1, "kept while a stage is");

    // Asked about again: kept for another REST_SECS from this pass.
    ok(s.hand(&player(2), CHANNEL).await);
    scheduler.tick(first + REST_SECS).await.unwrap();
    assert_eq!(s.warm_stages(), 1, "asked about since the last pass");
    scheduler.tick(first + 2 * REST_SECS - 2).await.unwrap();
    assert_eq!(s.warm_stages(), 1);
    scheduler.tick(first + 2 * REST_SECS - 1).await.unwrap();
    assert_eq!(s.warm_stages(), 0, "nobody asked for {REST_SECS} s");
    assert_eq!(s.pictures_kept(), 0, "no stage kept: no picture either");

    // The next request reads the stage again, and answers as before.
    let replayed = s.replayed_choices();
    let again = ok(s.hand(&player(2), CHANNEL).await);
    assert!(s.replayed_choices() > replayed, "the stage was replayed");
    assert_eq!(again.text, hand.text);
    assert_eq!(again.buttons, hand.buttons);
}
