//! Issue 34: `commissaire backup FILE` copies the live SQLite database, consistent, while a tour
//! goes on being written; it refuses to overwrite a file, and sends a PostgreSQL database to
//! `pg_dump`.

mod common;

use commissaire::store::{Database, Store, tours};
use common::*;
use std::path::Path;
use std::process::{Command, Output};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

fn backup(database: &str, to: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_commissaire"))
        .args(["--config"])
        .arg(config_dir())
        .arg("backup")
        .arg(to)
        .env("COMMISSAIRE_DATABASE", database)
        .env_remove("DATABASE_URL")
        .output()
        .expect("run commissaire backup")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_a_tour_is_played_is_whole() {
    let dir = tempfile::tempdir().unwrap();
    let live = dir.path().join("live.db");
    let s = Arc::new(
        commissaire::services::Services::open(&live, &config_dir(), clock())
            .await
            .unwrap()
            .with_pictures(false),
    );
    started_tour(&s, 1, 3, 41).await;
    // The director keeps playing while the copy is taken.
    let stop = Arc::new(AtomicBool::new(false));
    let playing = {
        let (s, stop) = (Arc::clone(&s), Arc::clone(&stop));
        tokio::spawn(async move {
            let mut rounds = 0;
            while !stop.load(Ordering::SeqCst) && rounds < 40 {
                play_round(&s, &player(1)).await;
                rounds += 1;
            }
        })
    };
    let copy = dir.path().join("copy.db");
    let (live_s, copy_s) = (live.to_string_lossy().into_owned(), copy.clone());
    let out = tokio::task::spawn_blocking(move || backup(&live_s, &copy_s))
        .await
        .unwrap();
    stop.store(true, Ordering::SeqCst);
    playing.await.unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.starts_with("Copied "), "{said}");
    // The copy opens on its own (no WAL beside it), whole, with the tour in it.
    let store = Store::open(Database::Sqlite(copy.clone())).await.unwrap();
    let mut conn = store.read().await.unwrap();
    let check: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(check, "ok");
    assert!(
        tours::active_in_channel(&mut conn, CHANNEL)
            .await
            .unwrap()
            .is_some()
    );
    drop(conn);
    store.close().await;
    // A second copy to the same file is refused, and the first is left as it was.
    let size = std::fs::metadata(&copy).unwrap().len();
    let again = backup(&live.to_string_lossy(), &copy);
    assert_eq!(again.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("exists already"),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    assert_eq!(std::fs::metadata(&copy).unwrap().len(), size);
}

#[test]
fn a_postgresql_database_is_backed_up_with_pg_dump() {
    let dir = tempfile::tempdir().unwrap();
    let out = backup(
        "postgres://commissaire@127.0.0.1:1/tours",
        &dir.path().join("copy.db"),
    );
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("pg_dump"), "{said}");
    assert!(
        !said.contains("commissaire@"),
        "no user name in what is said: {said}"
    );
    assert!(!dir.path().join("copy.db").exists());
}
