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
