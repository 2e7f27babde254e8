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

/// A tour of two human teams and a bot's in `channel`.
async fn started_in(s: &commissaire::services::Services, channel: &str, seed: u64) {
    ok(s.create_tour(&admin(), channel, settings(3, seed)).await);
    for n in 1..=2 {
        ok(s.join(&player(n), channel, &format!("Team {n}"), "red")
            .await);
    }
    ok(s.start(&admin(), channel).await);
}

#[tokio::test]
async fn memory_is_given_back_at_once_at_rest_and_at_most_every_minute_while_tours_play() {
    use commissaire::services::TRIM_EVERY_SECS;
    let db = Db::new();
    let clock = clock();
    let s = Arc::new(open(&db, &clock).await);
    let [a, b, c] = ["channel-a", "channel-b", "channel-c"];
    for (channel, seed) in [(a, 1), (b, 2), (c, 3)] {
        started_in(&s, channel, seed).await;
        ok(s.hand(&player(1), channel).await);
    }
    let scheduler = Scheduler::new(Arc::clone(&s), 120);
    let t = T0 + 10;
    scheduler.tick(t).await.unwrap();
    scheduler.tick(t + 5).await.unwrap();
    ok(s.hand(&player(1), a).await);
    ok(s.hand(&player(1), c).await);
    assert_eq!(s.trims().0, 0, "nothing let go yet");

    scheduler.tick(t + REST_SECS).await.unwrap();
    assert_eq!(s.warm_stages(), 2, "b let go");
    assert_eq!(s.trims().0, 1, "the first trim is due at once");

    ok(s.hand(&player(1), a).await);
    scheduler.tick(t + REST_SECS + 5).await.unwrap();
    assert_eq!(s.warm_stages(), 1, "c let go");
    const { assert!(REST_SECS + 5 < TRIM_EVERY_SECS) };
    assert_eq!(
        s.trims().0,
        1,
        "a tour still plays: not again within the minute"
    );

    scheduler.tick(t + 2 * REST_SECS).await.unwrap();
    assert_eq!(s.warm_stages(), 0, "a let go");
    assert_eq!(s.trims().0, 2, "nothing kept: given back at once");
}
