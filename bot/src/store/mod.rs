//! The store: SQLite through sqlx. All SQL of the bot lives under this module.
//!
//! What is kept (see `migrations/`): per channel, the tours and their settings, the teams and who
//! directs them, the riders between stages, each stage's course, seed and starters, every choice
//! (with the id of the request that carried it), the events, the stage results, the reminders
//! sent, where each round's opening message was posted, the repêchage votes with each
//! directeur's ballot, and what each channel is owed (the outbox) until it is posted. A stage's
//! state is not kept: it is rebuilt by replaying its choices (`docs/architecture.md`).
//!
//! Every change goes through one [`Tx`] opened by [`Store::begin`] with `BEGIN IMMEDIATE`, which
//! takes SQLite's write lock at once: two writers (tasks or processes) never both read a turn and
//! then both write it. A turn therefore lands whole or not at all.

pub mod choices;
pub mod events;
mod migrations;
pub mod outbox;
pub mod posts;
pub mod reminders;
pub mod results;
pub mod riders;
pub mod stages;
pub mod teams;
pub mod tours;
pub mod votes;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Sqlite, SqlitePool};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// A write transaction. Dropped without [`Store::commit`], it rolls back.
pub type Tx = sqlx::Transaction<'static, Sqlite>;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Sql(#[from] sqlx::Error),
    #[error("cannot apply the database migrations: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("a stored record cannot be read back: {0}")]
    Json(#[from] serde_json::Error),
    #[error("the database holds something impossible: {0}")]
    Corrupt(String),
    /// Only from [`Store::crash_before_next_commit`]: the commit was abandoned on purpose.
    #[error("simulated crash before commit")]
    SimulatedCrash,
}

/// How long a writer waits for another one (another process on the same file) before failing.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Clone)]
pub struct Store {
    /// One connection for every write transaction: writers wait their turn in the pool's
    /// queue, in order, rather than racing for SQLite's lock and sleeping in its busy handler
    /// while the lock stands free (measured by the load program: a 500-tour press answered in
    /// seconds, most of them asleep).
    writer: SqlitePool,
    /// Readers never wait for the writer (WAL).
    readers: SqlitePool,
    crash_before_commit: Arc<AtomicBool>,
}

impl Store {
    /// Opens (creating if needed) the database file and applies the migrations.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            // WAL: readers never block the writer, and a crash leaves the file consistent.
            .journal_mode(SqliteJournalMode::Wal)
            // FULL: a committed turn survives a power cut too, not only a process crash.
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT);
        let writer = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options.clone())
            .await?;
        migrations::migrator().run(&writer).await?;
        let readers = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await?;
        Ok(Store {
            writer,
            readers,
            crash_before_commit: Arc::new(AtomicBool::new(false)),
        })
    }

    /// Starts a write transaction holding SQLite's write lock from the first statement.
    pub async fn begin(&self) -> Result<Tx, StoreError> {
        Ok(self.writer.begin_with("BEGIN IMMEDIATE").await?)
    }

    pub async fn commit(&self, tx: Tx) -> Result<(), StoreError> {
        if self.crash_before_commit.swap(false, Ordering::SeqCst) {
            // As a process dying here would: the transaction is dropped, so SQLite rolls it back.
            drop(tx);
            return Err(StoreError::SimulatedCrash);
        }
        tx.commit().await?;
        Ok(())
    }

    /// Fault injection for restart tests: the next commit is abandoned as if the process died
    /// just before it, after every statement of the transaction ran.
    pub fn crash_before_next_commit(&self) {
        self.crash_before_commit.store(true, Ordering::SeqCst);
    }

    /// Copies the write-ahead log into the database file and closes every connection, so the
    /// `.sqlite` file holds everything on its own (a user copies or mails that one file). Not
    /// needed for safety: dropping the store loses nothing that was committed. A failed
    /// checkpoint is not an error: the data is still in the WAL, which SQLite reads back.
    pub async fn close(&self) {
        self.readers.close().await;
        let _ = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(&self.writer)
            .await;
        self.writer.close().await;
    }
}

/// A u64 seed as the i64 SQLite stores (same bits).
pub(crate) fn seed_to_sql(seed: u64) -> i64 {
    seed as i64
}

pub(crate) fn seed_from_sql(seed: i64) -> u64 {
    seed as u64
}

impl Store {
    /// A connection for reading. In WAL mode it sees the last committed state, never half a turn.
    pub async fn read(&self) -> Result<sqlx::pool::PoolConnection<Sqlite>, StoreError> {
        Ok(self.readers.acquire().await?)
    }
}
