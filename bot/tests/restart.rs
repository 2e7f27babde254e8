//! Restart safety: reopening the database file after a stop, or after a crash in the middle of
//! a turn, loses no accepted choice and plays no round twice.

mod common;

use commissaire::services::ServiceError;
use commissaire::store::{StoreError, choices, events, stages, tours};
use commissaire_engine::games::card_race::{Choice, Event};
use common::*;

/// The current stage's id, round and number of stored choices.
async fn where_we_are(s: &commissaire::services::Services) -> (i64, u32, u32, Vec<Event>) {
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::active_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    let stage = stages::get(&mut conn, tour.id, tour.current_stage)
        .await
        .unwrap()
        .unwrap();
    let log = choices::log(&mut conn, stage.id).await.unwrap();
    let ev = events::list(&mut conn, stage.id)
        .await
        .unwrap()
        .into_iter()
        .map(|v| serde_json::from_value(v).unwrap())
        .collect();
    (stage.id, stage.round, log.len() as u32, ev)
}

fn rounds_revealed(events: &[Event]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, Event::CardsRevealed { .. }))
        .count()
}

#[tokio::test]
async fn a_tour_resumes_after_reopening_the_database() {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await;
    started_tour(&s, 2, 4, 11).await;
    // Player 1 plays the whole round; player 2 draws one hand; then the process stops.
    play_round(&s, &player(1)).await;
    let hand = ok(s.hand(&player(2), CHANNEL).await);
    let draw = offered(&hand)[0];
    ok(s.choose(&player(2), CHANNEL, &request(), draw).await);
    let before = ok(s.hand(&player(2), CHANNEL).await);
    let (_, round, count, _) = where_we_are(&s).await;
    assert_eq!(round, 1);
    s.store().close().await;
    drop(s);

    let s = open(&db, &clock).await;
    let after = ok(s.hand(&player(2), CHANNEL).await);
    assert_eq!(after.text, before.text, "the same hand, drawn once");
    assert_eq!(after.buttons, before.buttons);
    assert_eq!(where_we_are(&s).await.2, count);
    // Player 2 finishes the round: it resolves once, and the race goes on.
    let replies = play_round(&s, &player(2)).await;
    assert!(all_text(replies.last().unwrap()).contains("Stage 1, the fictive start"));
    let (_, round, _, ev) = where_we_are(&s).await;
    assert_eq!(round, 2);
    assert_eq!(rounds_revealed(&ev), 1);
    // And the stage can be ridden to its end after the restart.
    let stage_id = where_we_are(&s).await.0;
    let mut rounds = 0;
    while where_we_are(&s).await.0 == stage_id {
        play_round(&s, &player(1)).await;
        play_round(&s, &player(2)).await;
        rounds += 1;
        assert!(rounds < 100, "a stage ends");
    }
    let shown = ok(s.standings(CHANNEL).await);
    assert!(
        shown.text.contains("Standings after stage 1"),
        "{}",
        shown.text
    );
}

#[tokio::test]
async fn a_crash_in_the_middle_of_a_turn_loses_no_choice_and_plays_no_round_twice() {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await;
    started_tour(&s, 2, 2, 12).await;
    play_round(&s, &player(1)).await;
    // Player 2 plays all but the last keep.
    let p2 = player(2);
    let last = loop {
        let hand = ok(s.hand(&p2, CHANNEL).await);
        let choice = offered(&hand)[0];
        let reply = ok(s.choose(&p2, CHANNEL, &request(), choice).await);
        assert!(!reply.text.contains("completed stage"), "closed too early");
        // Stop when the last rider has drawn: one keep closes the round.
        let hand = ok(s.hand(&p2, CHANNEL).await);
        let next = offered(&hand);
        let draws_left = hand.text.matches("cards to draw from").count();
        if draws_left == 0 && matches!(choice_of(&next[0]), Choice::Keep { .. }) {
            break next[0];
        }
    };
    let (stage_id, round, count, ev) = where_we_are(&s).await;
    assert_eq!((round, rounds_revealed(&ev)), (1, 0));

    // The closing keep runs every statement of the turn, then the process dies before COMMIT.
    s.store().crash_before_next_commit();
    let request_id = request();
    match s.choose(&p2, CHANNEL, &request_id, last).await {
        Err(ServiceError::Store(StoreError::SimulatedCrash)) => {}
        other => panic!("expected the simulated crash, got {other:?}"),
    }
    drop(s);

    // Reopened: everything accepted before is there, nothing of the lost turn is.
    let s = open(&db, &clock).await;
    let (same_stage, round, after, ev) = where_we_are(&s).await;
    assert_eq!((same_stage, round, after), (stage_id, 1, count));
    assert_eq!(rounds_revealed(&ev), 0);
    // The player's client retries the same request: it counts now, once.
    let reply = ok(s.choose(&p2, CHANNEL, &request_id, last).await);
    assert!(
        reply.text.contains("completed stage 1, the fictive start"),
        "{}",
        reply.text
    );
    let again = ok(s.choose(&p2, CHANNEL, &request_id, last).await);
    // Counted once, and answered with the hand as it stands (the next round's), buttons
    // and all, so that the director keeps them whichever process answered first.
    assert!(
        again
            .text
            .starts_with("This request was already counted; nothing more was done.\n**"),
        "{}",
        again.text
    );
    assert!(!offered(&again).is_empty(), "the hand's buttons: {again:?}");
    let (_, round, _, ev) = where_we_are(&s).await;
    assert_eq!(round, 2);
    assert_eq!(rounds_revealed(&ev), 1, "round 1 was played exactly once");

    // Dropping the service between two choices of the next round loses neither.
    let hand = ok(s.hand(&player(1), CHANNEL).await);
    ok(s.choose(&player(1), CHANNEL, &request(), offered(&hand)[0])
        .await);
    let count = where_we_are(&s).await.2;
    drop(s);
    let s = open(&db, &clock).await;
    assert_eq!(where_we_are(&s).await.2, count);
}

/// Many events from one choice (more than one `INSERT` carries) are stored whole, in order,
/// each under its number and its choice, and a transaction dropped before its commit leaves
/// none of them.
#[tokio::test]
async fn a_choice_with_many_events_stores_them_all_in_order() {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await;
    started_tour(&s, 2, 4, 11).await;
    let hand = ok(s.hand(&player(2), CHANNEL).await);
    ok(s.choose(&player(2), CHANNEL, &request(), offered(&hand)[0])
        .await);
    let (stage_id, _, stored, before) = where_we_are(&s).await;
    // The events stand under the last choice stored (a foreign key).
    let count = stored - 1;
    let many: Vec<serde_json::Value> = (0..250)
        .map(|i| serde_json::json!({ "kind": "test", "i": i }))
        .collect();

    let mut tx = s.store().begin().await.unwrap();
    events::append(&mut tx, stage_id, before.len() as u32, count, &many)
        .await
        .unwrap();
    drop(tx);
    let mut conn = s.store().read().await.unwrap();
    assert_eq!(
        events::count(&mut conn, stage_id).await.unwrap() as usize,
        before.len(),
        "rolled back"
    );
    drop(conn);

    let mut tx = s.store().begin().await.unwrap();
    events::append(&mut tx, stage_id, before.len() as u32, count, &many)
        .await
        .unwrap();
    s.store().commit(tx).await.unwrap();
    let mut conn = s.store().read().await.unwrap();
    let stored = events::list(&mut conn, stage_id).await.unwrap();
    assert_eq!(stored.len(), before.len() + 250);
    assert_eq!(&stored[before.len()..], &many[..]);
    let seqs: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT seq, choice_seq FROM events WHERE stage_id = $1 AND seq >= $2 ORDER BY seq",
    )
    .bind(stage_id)
    .bind(before.len() as i64)
    .fetch_all(&mut *conn)
    .await
    .unwrap();
    let want: Vec<(i64, i64)> = (0..250)
        .map(|i| (before.len() as i64 + i, count as i64))
        .collect();
    assert_eq!(seqs, want);
}
