//! Issue 34, the writer's queue: a choice reads its tour and rebuilds its stage on a reader,
//! then opens its write transaction and checks, in the statement that takes the tour's lock,
//! that nothing changed since it read (`Store::lock_channel_since`). Two processes (two
//! `Services` on one database, as two `serve` processes are) that read the same state: the one
//! that writes second finds the tour changed, reads it again in its transaction, and its click
//! counts once, after the other's. On SQLite here; on PostgreSQL in the `postgres` binary.

mod common;

use commissaire::services::Services;
use commissaire::store::{Database, events, stages, tours};
use common::*;
use std::sync::Arc;

async fn process(
    database: &Database,
    clock: &Arc<commissaire::clock::ManualClock>,
) -> Arc<Services> {
    Arc::new(
        Services::open(database.clone(), &config_dir(), clock.clone())
            .await
            .expect("open the services")
            .with_pictures(false),
    )
}

async fn stage_events(s: &Services) -> Vec<serde_json::Value> {
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::active_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    let stage = stages::get(&mut conn, tour.id, tour.current_stage)
        .await
        .unwrap()
        .unwrap();
    events::list(&mut conn, stage.id).await.unwrap()
}

async fn choices_of_request(s: &Services, request_id: &str) -> usize {
    let mut conn = s.store().read().await.unwrap();
    let rows: Vec<i64> = sqlx::query_scalar("SELECT seq FROM choices WHERE request_id = $1")
        .bind(request_id.to_string())
        .fetch_all(&mut *conn)
        .await
        .unwrap();
    rows.len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_choice_read_before_another_process_wrote_is_read_again_and_counts_once() {
    let clock = clock();
    let db = Db::new();
    let a = process(&db.database(), &clock).await;
    let b = process(&db.database(), &clock).await;
    started_tour(&a, 2, 3, 41).await;
    let first = offered(&ok(a.hand(&player(1), CHANNEL).await))[0];
    let second = offered(&ok(b.hand(&player(2), CHANNEL).await))[0];
    let before = stored_choices(&a).await;

    // Director 1's click reaches process A, which reads the tour and is then held before it
    // writes; meanwhile director 2's click is recorded by process B.
    let (read, go) = a.hold_next_choice_after_read();
    let (one, two) = (request(), request());
    let held = {
        let (a, one) = (Arc::clone(&a), one.clone());
        tokio::spawn(async move { a.choose(&player(1), CHANNEL, &one, first).await })
    };
    read.notified().await;
    let by_b = ok(b.choose(&player(2), CHANNEL, &two, second).await);
    assert!(by_b.text.starts_with("✓"), "{}", by_b.text);
    go.notify_one();
    let by_a = ok(held.await.unwrap());
    assert!(by_a.text.starts_with("✓"), "{}", by_a.text);

    assert_eq!(
        a.choices_reread(),
        1,
        "A found the tour changed and read it again"
    );
    assert_eq!(
        b.choices_reread(),
        0,
        "nothing changed between B's read and its write"
    );
    assert_eq!(choices_of_request(&a, &one).await, 1);
    assert_eq!(choices_of_request(&a, &two).await, 1);
    assert_eq!(stored_choices(&a).await, before + 2);

    // The same choices made in the order they were committed, by one process alone: the same
    // events, so A's choice was applied to the stage after B's, not to the stage it first read.
    let alone_db = Db::new();
    let alone = process(&alone_db.database(), &clock).await;
    started_tour(&alone, 2, 3, 41).await;
    ok(alone.choose(&player(2), CHANNEL, &request(), second).await);
    ok(alone.choose(&player(1), CHANNEL, &request(), first).await);
    assert_eq!(stage_events(&a).await, stage_events(&alone).await);
    assert_eq!(stored_choices(&a).await, stored_choices(&alone).await);

    // And a third process, replaying the stage from the store, offers what A offers.
    let c = process(&db.database(), &clock).await;
    assert_eq!(
        offered(&ok(c.hand(&player(1), CHANNEL).await)),
        offered(&ok(a.hand(&player(1), CHANNEL).await))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_click_read_by_two_processes_before_either_wrote_counts_once() {
    let clock = clock();
    let db = Db::new();
    let a = process(&db.database(), &clock).await;
    let b = process(&db.database(), &clock).await;
    started_tour(&a, 2, 3, 42).await;
    let pick = offered(&ok(a.hand(&player(1), CHANNEL).await))[0];
    let before = stored_choices(&a).await;

    // One interaction delivered to both processes: A reads it as not counted yet and is held;
    // B counts it; A, let go, must find it counted.
    let (read, go) = a.hold_next_choice_after_read();
    let id = request();
    let held = {
        let (a, id) = (Arc::clone(&a), id.clone());
        tokio::spawn(async move { a.choose(&player(1), CHANNEL, &id, pick).await })
    };
    read.notified().await;
    let by_b = ok(b.choose(&player(1), CHANNEL, &id, pick).await);
    assert!(by_b.text.starts_with("✓"), "{}", by_b.text);
    go.notify_one();
    let by_a = ok(held.await.unwrap());
    assert!(
        by_a.text
            .starts_with("This request was already counted; nothing more was done.\n"),
        "{}",
        by_a.text
    );
    assert_eq!(a.choices_reread(), 1);
    assert_eq!(choices_of_request(&a, &id).await, 1);
    assert_eq!(stored_choices(&a).await, before + 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_process_alone_never_reads_a_choice_again() {
    let clock = clock();
    let db = Db::new();
    let s = process(&db.database(), &clock).await;
    started_tour(&s, 2, 3, 43).await;
    let before = stored_choices(&s).await;
    let mut made = 0;
    for _ in 0..2 {
        for n in [1, 2] {
            made += play_round(&s, &player(n)).await.len();
        }
    }
    assert!(made >= 4);
    assert!(stored_choices(&s).await > before);
    assert_eq!(
        s.choices_reread(),
        0,
        "the tour's lock keeps one process's reads true"
    );
    // Every choice it answered is stored once.
    let mut conn = s.store().read().await.unwrap();
    let counted: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM choices WHERE source = 'player'")
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(counted as usize, made);
}
