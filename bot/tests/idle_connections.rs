//! Issue 34: a bot at rest does not keep its database connections. Many requests at once open
//! many readers (and, on PostgreSQL, writers); once they have been idle a few seconds
//! (`SQLITE_IDLE`, `POSTGRES_IDLE` in `bot/src/store/mod.rs`) the pools close them, each pool
//! keeping one on PostgreSQL and SQLite its one writer. Each connection holds its buffers and
//! its statement cache: on PostgreSQL the goal's shape left 68 MB resident at rest with its 28
//! connections kept, 51 MB with them closed (docs/speed.md).

mod common;

use common::*;
use std::time::{Duration, Instant};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_left_idle_are_closed() {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await;
    started_tour(&s, 2, 3, 34).await;
    let store = s.store();
    // Eight readers held at once, then a write transaction beside them.
    let mut held = Vec::new();
    for _ in 0..8 {
        held.push(store.read().await.unwrap());
    }
    let tx = store.begin().await.unwrap();
    let busy = store.open_connections();
    assert!(busy >= 9, "eight readers and a writer are open: {busy}");
    drop(tx);
    drop(held);
    // The pools' reapers run every few seconds: waited for, however slow the machine.
    let at_rest = match db.database() {
        commissaire::store::Database::Sqlite(_) => 1,
        _ => 2,
    };
    let give_up = Instant::now() + Duration::from_secs(120);
    while store.open_connections() > at_rest {
        assert!(
            Instant::now() < give_up,
            "{} connections still open after two minutes idle",
            store.open_connections()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // And a request after the quiet spell is served.
    assert!(!ok(s.stage_info(CHANNEL).await).text.is_empty());
}

/// PostgreSQL's connections run without JIT: it compiled the scheduler's tick over 10,000 tours
/// for longer than the statement then ran (docs/speed.md).
#[tokio::test]
async fn postgresql_connections_run_without_jit() {
    let db = Db::new();
    if matches!(db.database(), commissaire::store::Database::Sqlite(_)) {
        return;
    }
    let clock = clock();
    let s = open(&db, &clock).await;
    let store = s.store();
    let mut reader = store.read().await.unwrap();
    let jit: String = sqlx::query_scalar("SELECT current_setting('jit')")
        .fetch_one(&mut *reader)
        .await
        .unwrap();
    assert_eq!(jit, "off", "a reader");
    let mut tx = store.begin().await.unwrap();
    let jit: String = sqlx::query_scalar("SELECT current_setting('jit')")
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    assert_eq!(jit, "off", "a writer");
}

/// On PostgreSQL the connections for changes are kept between changes, as the readers are
/// (`bot/src/store/kept.rs`): sqlx's pool pinged each one when it was taken and when it was
/// given back, three round trips for a choice of one statement. A transaction dropped
/// unfinished still rolls back: nothing of it stays, and its channel's lock is free again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgresql_changes_keep_their_connection_and_an_unfinished_one_rolls_back() {
    use commissaire::store::Batch;
    let db = Db::new();
    if matches!(db.database(), commissaire::store::Database::Sqlite(_)) {
        return;
    }
    let clock = clock();
    let s = open(&db, &clock).await;
    let store = s.store();
    let before = store.connections_reused();
    for i in 0..5 {
        let mut w = Batch::new();
        w.push(
            "INSERT INTO channel_changes (channel_id, version) VALUES ($1, 1)",
            vec![format!("kept-{i}").into()],
        );
        store.write(w).await.unwrap();
    }
    // Five changes one after another: each after the first finds the last one's connection
    // kept. (At least one does, however slow the machine: one kept longer than a second goes
    // back to the pool.)
    assert!(
        store.connections_reused() > before,
        "no change found a connection kept"
    );

    // A change begun, its channel locked and counted, a row written, and dropped unfinished.
    let mut tx = store.begin_channel("dropped").await.unwrap();
    sqlx::query("INSERT INTO channel_changes (channel_id, version) VALUES ('dropped-row', 1)")
        .execute(&mut *tx)
        .await
        .unwrap();
    drop(tx);
    // The channel's lock is free again: another change of it begins and commits. (Waited for
    // with a bound only so that a lock never freed fails rather than hangs.)
    let again = tokio::time::timeout(Duration::from_secs(120), async {
        let tx = store.begin_channel("dropped").await.unwrap();
        store.commit(tx).await.unwrap();
    });
    again
        .await
        .expect("the unfinished change's lock was never freed");
    let mut reader = store.read().await.unwrap();
    let rows: Vec<(String, i64)> = sqlx::query_as(
        "SELECT channel_id, version FROM channel_changes \
         WHERE channel_id IN ('dropped', 'dropped-row') ORDER BY channel_id",
    )
    .fetch_all(&mut *reader)
    .await
    .unwrap();
    assert_eq!(
        rows,
        vec![("dropped".to_string(), 1)],
        "the unfinished change left nothing, its count included"
    );
    // And no connection is left inside a transaction.
    let open_transactions: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM pg_stat_activity \
         WHERE datname = current_database() AND state LIKE 'idle in transaction%'",
    )
    .fetch_one(&mut *reader)
    .await
    .unwrap();
    assert_eq!(open_transactions, 0);
}
