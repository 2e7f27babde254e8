//! The stage being raced is kept in memory: an answer late in a stage costs what one early in
//! it does, because neither replays the stored choices. Counted, not timed: the services say
//! how many stored choices they replayed.

mod common;

use common::*;

/// One choice of player 1, and how many stored choices answering it replayed.
async fn replays_for_one_choice(s: &commissaire::services::Services) -> u64 {
    let before = s.replayed_choices();
    let hand = ok(s.hand(&player(1), CHANNEL).await);
    let choice = offered(&hand)[0];
    ok(s.choose(&player(1), CHANNEL, &request(), choice).await);
    s.replayed_choices() - before
}

#[tokio::test]
async fn a_choice_in_round_12_replays_nothing_as_in_round_1() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    started_tour(&s, 2, 4, 7).await;
    assert_eq!(replays_for_one_choice(&s).await, 0, "round 1");
    while !ok(s.hand(&player(1), CHANNEL).await)
        .text
        .contains("round 12")
    {
        ok(s.close_turn(&admin(), CHANNEL).await);
    }
    assert!(stored_choices(&s).await > 40, "a long stage behind us");
    assert_eq!(replays_for_one_choice(&s).await, 0, "round 12");
    // The scheduler's pass, closing the round, replays nothing either.
    let before = s.replayed_choices();
    ok(s.close_turn(&admin(), CHANNEL).await);
    assert_eq!(s.replayed_choices(), before);
}

#[tokio::test]
async fn after_a_restart_the_stage_is_replayed_once_then_kept() {
    let db = Db::new();
    let clock = clock();
    {
        let s = open(&db, &clock).await;
        started_tour(&s, 2, 4, 8).await;
        for _ in 0..5 {
            ok(s.close_turn(&admin(), CHANNEL).await);
        }
        s.store().close().await;
    }
    let s = open(&db, &clock).await;
    let stored = stored_choices(&s).await as u64;
    assert_eq!(s.replayed_choices(), 0);
    let first = replays_for_one_choice(&s).await;
    assert_eq!(
        first, stored,
        "the first answer rebuilds the stage from the store"
    );
    assert_eq!(replays_for_one_choice(&s).await, 0, "then it is kept");
}

#[tokio::test]
async fn a_choice_whose_commit_fails_leaves_the_kept_stage_as_stored() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    started_tour(&s, 2, 4, 9).await;
    ok(s.close_turn(&admin(), CHANNEL).await);
    let hand = ok(s.hand(&player(1), CHANNEL).await);
    let choice = offered(&hand)[0];
    let stored = stored_choices(&s).await as u64;
    s.store().crash_before_next_commit();
    assert!(
        s.choose(&player(1), CHANNEL, &request(), choice)
            .await
            .is_err()
    );
    assert_eq!(stored_choices(&s).await as u64, stored);
    // The kept stage did not take the lost choice: it is still offered, and accepted once.
    let again = ok(s.hand(&player(1), CHANNEL).await);
    assert_eq!(offered(&again), offered(&hand));
    ok(s.choose(&player(1), CHANNEL, &request(), choice).await);
    assert_eq!(stored_choices(&s).await as u64, stored + 1);
}
