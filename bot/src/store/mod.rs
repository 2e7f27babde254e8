//! The store: SQLite or PostgreSQL through sqlx's `Any` driver. All SQL of the bot lives under
//! this module, written once for both (numbered parameters, `RETURNING`, `ON CONFLICT`); the
//! two differ only where [`json_int`] and [`json_text`] say, and in how a write is serialized.
//!
//! What is kept (see `migrations/`): per channel, the tours and their settings, the teams and who
//! directs them, the riders between stages, each stage's course, seed and starters, every choice
//! (with the id of the request that carried it), the events, the stage results, the reminders
//! sent, where each round's opening message was posted, the repêchage votes with each
//! directeur's ballot, and what each channel is owed (the outbox) until it is posted. A stage's
//! state is not kept: it is rebuilt by replaying its choices (`docs/architecture.md`).
//!
//! Every change goes through one [`Tx`] opened by [`Store::begin`]. On SQLite it is `BEGIN
//! IMMEDIATE`, which takes the file's write lock at once: two writers (tasks or processes) never
//! both read a turn and then both write it. On PostgreSQL, where several processes write at once,
//! a change of a channel's tour first takes that channel's transaction-scoped advisory lock
//! ([`Store::lock_channel`]), so one tour's changes are serialized there too and other tours'
//! go on. A turn therefore lands whole or not at all, once. Taking a channel's lock also counts
//! the change (`channel_changes`), so that a choice read before its transaction, on a reader,
//! can check in the statement that locks that nothing changed since ([`changes`],
//! [`Store::lock_channel_since`]).

mod batch;
pub mod choices;
pub mod events;
mod group;
mod kept;
mod migrations;
pub mod outbox;
pub mod posts;
pub mod reminders;
pub mod results;
pub mod riders;
pub mod stages;
pub mod status;
pub mod teams;
pub mod tours;
pub mod transfer;
pub mod votes;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions, AnyRow};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{Any, AnyPool, ConnectOptions, Executor};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

pub use batch::{Batch, Bound};
pub use kept::Pooled;

/// A connection, of either backend.
pub type Conn = sqlx::AnyConnection;

/// A write transaction. Dropped without [`Store::commit`], it rolls back. On SQLite it is a
/// member of a group commit ([`group`]): a savepoint in the writer's shared transaction.
pub struct Tx(TxKind);

enum TxKind {
    Plain(PlainTx),
    Grouped(group::Member),
}

/// A PostgreSQL transaction on a connection for changes kept between requests ([`kept`]): as
/// sqlx's own `Transaction`, but the connection outlives it. Committed, it is kept for the next
/// change, without the pool's ping; dropped unfinished, its rollback is started and the
/// connection goes back to sqlx's pool, whose ping sends the rollback at once.
struct PlainTx {
    conn: Pooled,
    /// Begun and not yet committed: dropped so, it rolls back.
    open: bool,
}

type Manager = <Any as sqlx::Database>::TransactionManager;

impl PlainTx {
    async fn begin(conn: Pooled) -> Result<PlainTx, sqlx::Error> {
        use sqlx_core::transaction::TransactionManager;
        // Open from here on, as in sqlx's `Transaction::begin`: should `BEGIN` fail or not
        // finish, a rollback is attempted in case it went through.
        let mut tx = PlainTx { conn, open: true };
        Manager::begin(&mut tx.conn, None).await?;
        Ok(tx)
    }

    async fn commit(mut self) -> Result<(), sqlx::Error> {
        use sqlx_core::transaction::TransactionManager;
        Manager::commit(&mut self.conn).await?;
        self.open = false;
        Ok(())
    }
}

impl Drop for PlainTx {
    fn drop(&mut self) {
        use sqlx_core::transaction::TransactionManager;
        if self.open {
            Manager::start_rollback(&mut self.conn);
            self.conn.let_go();
        }
    }
}

impl std::ops::Deref for Tx {
    type Target = Conn;
    fn deref(&self) -> &Conn {
        match &self.0 {
            TxKind::Plain(tx) => &tx.conn,
            TxKind::Grouped(member) => member.conn_ref(),
        }
    }
}

impl std::ops::DerefMut for Tx {
    fn deref_mut(&mut self) -> &mut Conn {
        match &mut self.0 {
            TxKind::Plain(tx) => &mut tx.conn,
            TxKind::Grouped(member) => member.conn(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Sql(#[source] sqlx::Error),
    #[error("cannot apply the database migrations: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("a stored record cannot be read back: {0}")]
    Json(#[from] serde_json::Error),
    #[error("the database holds something impossible: {0}")]
    Corrupt(String),
    /// The `COMMIT` of a group of write transactions failed: this one's writes are lost too.
    #[error("the database could not commit: {0}")]
    GroupCommit(String),
    /// Only from [`Store::crash_before_next_commit`]: the commit was abandoned on purpose.
    #[error("simulated crash before commit")]
    SimulatedCrash,
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        // A connection that failed is not kept for the next request ([`kept`]).
        kept::note_failure(&e);
        StoreError::Sql(e)
    }
}

/// Where the tours are kept: a SQLite file (the default, nothing to set up) or a PostgreSQL
/// database that several processes share.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Database {
    Sqlite(PathBuf),
    /// A `postgres://` URL.
    Postgres(String),
}

impl Database {
    /// `postgres://…` or `postgresql://…` is PostgreSQL; `sqlite://path`, `sqlite:path` or a bare
    /// path is a SQLite file.
    pub fn parse(s: &str) -> Database {
        if s.starts_with("postgres://") || s.starts_with("postgresql://") {
            return Database::Postgres(s.to_string());
        }
        let path = s
            .strip_prefix("sqlite://")
            .or_else(|| s.strip_prefix("sqlite:"))
            .unwrap_or(s);
        Database::Sqlite(PathBuf::from(path))
    }

    pub fn backend(&self) -> Backend {
        match self {
            Database::Sqlite(_) => Backend::Sqlite,
            Database::Postgres(_) => Backend::Postgres,
        }
    }

    /// What a log line may say of it: the file, or the PostgreSQL server and database without
    /// the user or the password.
    pub fn describe(&self) -> String {
        match self {
            Database::Sqlite(path) => path.display().to_string(),
            Database::Postgres(url) => match url::Url::parse(url) {
                Ok(u) => format!(
                    "postgres://{}{}{}",
                    u.host_str().unwrap_or(""),
                    u.port().map(|p| format!(":{p}")).unwrap_or_default(),
                    u.path()
                ),
                Err(_) => "postgres (an unreadable URL)".into(),
            },
        }
    }
}

impl From<&Path> for Database {
    fn from(p: &Path) -> Database {
        Database::Sqlite(p.to_path_buf())
    }
}

impl From<PathBuf> for Database {
    fn from(p: PathBuf) -> Database {
        Database::Sqlite(p)
    }
}

impl From<&PathBuf> for Database {
    fn from(p: &PathBuf) -> Database {
        Database::Sqlite(p.clone())
    }
}

impl From<&Database> for Database {
    fn from(d: &Database) -> Database {
        d.clone()
    }
}

/// Which SQL a statement is written in where the two backends differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub(crate) fn of(conn: &Conn) -> Backend {
        if conn.backend_name().eq_ignore_ascii_case("PostgreSQL") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        }
    }
}

/// How long a writer waits for another one (another process on the same file) before failing.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Connections a process opens to a PostgreSQL server: for changes (each holds one for its
/// transaction only) and, apart, for reads, so that a request holding a read never waits for a
/// change's connection behind others that do the same. Twenty-eight a process: PostgreSQL's
/// `max_connections` (100 by default) must exceed 28 times the number of processes. With six
/// and four, 200 tours clicking back to back got 231 answers a second and a `/play` suggestion
/// waited a second for a reader (p50); with twelve and sixteen, 368 a second and 113 ms
/// (docs/speed.md, issue 34).
const POSTGRES_WRITERS: u32 = 12;
const POSTGRES_READERS: u32 = 16;
/// As [`SQLITE_IDLE`]: a connection left idle this long is closed, but one of each pool, so a
/// bot at rest does not keep 28 connections' buffers and statement caches, and the first
/// request after a quiet spell does not wait for a connection to be opened.
const POSTGRES_IDLE: Duration = Duration::from_secs(5);

/// SQLite's readers (WAL: they never wait for the writer nor for each other). A question holds
/// one for its few statements, and so does a choice before its transaction. With four, 200 tours
/// clicking back to back had every request queue for them once the group commit had freed the
/// writer (a hand's p50 406 ms; with twelve, 46–88 ms: docs/speed.md, issue 34). Idle ones are
/// closed after [`SQLITE_IDLE`], before the tours at rest are let go and the memory trimmed
/// (`Services::rest`, 15 s), so a bot at rest does not keep their page caches.
const SQLITE_READERS: u32 = 12;
const SQLITE_IDLE: Duration = Duration::from_secs(5);

#[derive(Clone)]
pub struct Store {
    backend: Backend,
    /// On SQLite, one connection for every write transaction: writers wait their turn in the
    /// pool's queue, in order, rather than racing for SQLite's lock and sleeping in its busy
    /// handler while the lock stands free (measured by the load program: a 500-tour press
    /// answered in seconds, most of them asleep). On PostgreSQL, a few connections.
    writer: AnyPool,
    /// Readers never wait for the writer (SQLite's WAL; PostgreSQL's snapshots).
    readers: AnyPool,
    /// The readers, kept between requests rather than pinged back into the pool ([`kept`]).
    kept_readers: Arc<kept::Kept>,
    /// On PostgreSQL, the connections for changes, kept so too: a transaction begins on one
    /// and leaves it kept once committed ([`PlainTx`]). sqlx's pool pinged each when it was
    /// taken and when it was given back: three round trips for a choice of one statement.
    /// (SQLite's one writer goes through its group commit, which holds it.)
    kept_writers: Option<Arc<kept::Kept>>,
    crash_before_commit: Arc<AtomicBool>,
    /// SQLite's group commit: the write transactions queued for the writer.
    grouping: Arc<group::Grouping>,
    /// SQLite's checkpoints, made apart from the writer.
    checkpoints: Arc<Checkpoints>,
}

/// How often SQLite's checkpointer looks whether anything was committed since it last copied
/// the write-ahead log into the database file.
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(2);

/// SQLite's checkpoints, made apart from the writer (issue 34). By default the connection whose
/// commit grows the write-ahead log past a thousand pages copies the log into the database
/// file, and `fsync`s it, before its `COMMIT` returns: the one writer is held all that time,
/// and every transaction queued for it waits. Measured at the goal's shape (1,000 tours live),
/// the slowest choices were groups whose commit took 195 ms, all at once (docs/speed.md). So
/// the writer makes none (`wal_autocheckpoint = 0`), and a task of the store's makes a
/// `PASSIVE` checkpoint on a reader every [`CHECKPOINT_EVERY`] when something was committed:
/// it copies what no reader still needs without waiting for readers or the writer, who go on
/// meanwhile.
#[derive(Default)]
struct Checkpoints {
    count: AtomicU64,
    micros: AtomicU64,
    longest: AtomicU64,
}

impl Checkpoints {
    /// Starts the checkpointer: it ends when the store is closed or dropped.
    fn start(self: &Arc<Self>, readers: AnyPool, grouping: &Arc<group::Grouping>) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let counts = Arc::downgrade(self);
        let commits_of = Arc::downgrade(grouping);
        runtime.spawn(async move {
            let mut checkpointed = 0;
            loop {
                tokio::time::sleep(CHECKPOINT_EVERY).await;
                let (Some(counts), Some(grouping)) = (counts.upgrade(), commits_of.upgrade())
                else {
                    return;
                };
                if readers.is_closed() {
                    return;
                }
                let commits = grouping.commits();
                if commits == checkpointed {
                    continue;
                }
                checkpointed = commits;
                let started = std::time::Instant::now();
                if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                    .execute(&readers)
                    .await
                {
                    // Nothing is lost: the log keeps what was committed, and the next
                    // checkpoint (or the one at close) copies it.
                    tracing::warn!(error = %e, "a checkpoint of the SQLite database failed");
                    continue;
                }
                counts.count(started.elapsed());
            }
        });
    }

    fn count(&self, took: Duration) {
        let micros = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
        self.count.fetch_add(1, Ordering::Relaxed);
        self.micros.fetch_add(micros, Ordering::Relaxed);
        self.longest.fetch_max(micros, Ordering::Relaxed);
    }
}

impl Store {
    /// Opens the database (creating a SQLite file if needed) and applies the migrations.
    pub async fn open(database: impl Into<Database>) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let database = database.into();
        match &database {
            Database::Sqlite(path) => Store::open_sqlite(path).await,
            Database::Postgres(url) => Store::open_postgres(url).await,
        }
    }

    async fn open_sqlite(path: &Path) -> Result<Store, StoreError> {
        let url = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .to_url_lossy();
        let options = AnyConnectOptions::from_url(&url)?;
        let pool = |connections: u32| {
            AnyPoolOptions::new()
                .max_connections(connections)
                .after_connect(|conn, _| {
                    Box::pin(async move {
                        // WAL: readers never block the writer, and a crash leaves the file
                        // consistent. FULL: a committed turn survives a power cut too.
                        // No checkpoint at a commit: the checkpointer does them apart
                        // ([`Checkpoints`]).
                        conn.execute(sqlx::raw_sql(
                            "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; \
                             PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 10000; \
                             PRAGMA wal_autocheckpoint = 0;",
                        ))
                        .await?;
                        Ok(())
                    })
                })
        };
        debug_assert_eq!(BUSY_TIMEOUT.as_millis(), 10_000);
        let writer = pool(1).connect_with(options.clone()).await?;
        migrations::sqlite().run(&writer).await?;
        let readers = pool(SQLITE_READERS)
            .idle_timeout(SQLITE_IDLE)
            .connect_with(options)
            .await?;
        let grouping = group::Grouping::new();
        let checkpoints = Arc::new(Checkpoints::default());
        checkpoints.start(readers.clone(), &grouping);
        Ok(Store {
            backend: Backend::Sqlite,
            kept_readers: kept::Kept::new(readers.clone(), SQLITE_READERS),
            kept_writers: None,
            writer,
            readers,
            crash_before_commit: Arc::new(AtomicBool::new(false)),
            grouping,
            checkpoints,
        })
    }

    async fn open_postgres(url: &str) -> Result<Store, StoreError> {
        let options = AnyConnectOptions::from_str(url)?;
        let pool = |connections: u32| {
            AnyPoolOptions::new()
                .max_connections(connections)
                .acquire_timeout(BUSY_TIMEOUT)
                .idle_timeout(POSTGRES_IDLE)
                .min_connections(1)
                .after_connect(|conn, _| {
                    Box::pin(async move {
                        // No JIT: the store's statements are short, and PostgreSQL compiles a
                        // statement whose estimated cost passes `jit_above_cost`, such as the
                        // scheduler's tick over 10,000 tours, for longer than it then runs
                        // (14 of its 35 ms; docs/speed.md).
                        conn.execute("SET jit = off").await?;
                        Ok(())
                    })
                })
        };
        let writer = pool(POSTGRES_WRITERS).connect_with(options.clone()).await?;
        // Several processes may start at once: sqlx's migrator takes PostgreSQL's advisory lock
        // for the migrations, so one applies them and the others find them applied.
        migrations::postgres().run(&writer).await?;
        let readers = pool(POSTGRES_READERS).connect_with(options).await?;
        Ok(Store {
            backend: Backend::Postgres,
            kept_readers: kept::Kept::new(readers.clone(), POSTGRES_READERS),
            kept_writers: Some(kept::Kept::new(writer.clone(), POSTGRES_WRITERS)),
            writer,
            readers,
            crash_before_commit: Arc::new(AtomicBool::new(false)),
            grouping: group::Grouping::new(),
            checkpoints: Arc::new(Checkpoints::default()),
        })
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Starts a write transaction. On SQLite it holds the write lock from the first statement;
    /// on PostgreSQL a change of a tour then takes its channel's lock ([`Store::lock_channel`]).
    pub async fn begin(&self) -> Result<Tx, StoreError> {
        Ok(match self.backend {
            Backend::Sqlite => Tx(TxKind::Grouped(self.grouping.begin(&self.writer).await?)),
            Backend::Postgres => Tx(TxKind::Plain(
                PlainTx::begin(self.for_change().await?).await?,
            )),
        })
    }

    /// Serializes the changes of one channel's tour across processes, and counts them: waits
    /// for the channel's lock (on PostgreSQL its transaction-scoped advisory lock, released by
    /// the commit or the rollback; on SQLite the transaction already holds the file's write
    /// lock) and adds one to the channel's count of changes ([`changes`]), in one statement.
    /// Taken before the transaction reads the tour, so what it reads is what the last change of
    /// that tour committed.
    pub async fn lock_channel(&self, tx: &mut Tx, channel_id: &str) -> Result<(), StoreError> {
        self.count_change(tx, channel_id).await?;
        Ok(())
    }

    /// As [`Store::lock_channel`], and whether the channel's tour is as it was when
    /// [`changes`] read `seen`: true when no other change of the channel's tour was committed
    /// (or begun) since. A change prepared on a reader checks with it, in the same statement
    /// that locks, that what it read still stands (issue 34).
    pub async fn lock_channel_since(
        &self,
        tx: &mut Tx,
        channel_id: &str,
        seen: i64,
    ) -> Result<bool, StoreError> {
        Ok(self.count_change(tx, channel_id).await? == seen + 1)
    }

    /// Begins a change of a channel's tour prepared from reads made at count `seen`
    /// ([`changes`]): [`Store::begin`] then [`Store::lock_channel_since`], and whether the tour
    /// is as it was read. On SQLite the savepoint and the count go in one round trip.
    pub async fn begin_channel_since(
        &self,
        channel_id: &str,
        seen: i64,
    ) -> Result<(Tx, bool), StoreError> {
        match self.backend {
            Backend::Sqlite => {
                let mut count = Batch::new();
                count.push(self.count_sql(), vec![channel_id.into()]);
                let (member, row) = self.grouping.begin_with(&self.writer, Some(count)).await?;
                let row = row.ok_or_else(|| {
                    StoreError::Corrupt("counting a channel's change returned nothing".into())
                })?;
                let version: i64 = sqlx::Row::try_get(&row, 0)?;
                Ok((Tx(TxKind::Grouped(member)), version == seen + 1))
            }
            Backend::Postgres => {
                let mut tx = self.begin().await?;
                let unchanged = self.lock_channel_since(&mut tx, channel_id, seen).await?;
                Ok((tx, unchanged))
            }
        }
    }

    /// A change of a channel's tour prepared from reads made at count `seen` ([`changes`]),
    /// whose writes need nothing back: if the tour is as it was read, the channel's lock, its
    /// count and `writes`, committed (`None`). Else nothing is written, and what comes back is
    /// a transaction that holds the tour (it took the lock and counted this change), for the
    /// change to be read and made again in it. So it is too when a row to insert stands already
    /// (a unique key met: a choice whose request was counted).
    ///
    /// On PostgreSQL a batch of inserts goes in one statement committed alone: one round trip,
    /// where a transaction takes five (`BEGIN`, the count, two inserts, `COMMIT`). On SQLite too
    /// it is one round trip to the writer: the savepoint, the count, the inserts (each checking
    /// the count) and the release ([`batch::Batch::guarded_by_count`]), where it took two. Other
    /// writes take two: the savepoint with the count, then the writes with the release.
    pub async fn change_since(
        &self,
        channel_id: &str,
        seen: i64,
        writes: Batch,
    ) -> Result<Option<Tx>, StoreError> {
        if self.backend == Backend::Postgres
            && writes.inserts_only()
            && !self.crash_before_commit.load(Ordering::SeqCst)
        {
            let (sql, values) =
                writes.after_count(self.count_sql(), vec![channel_id.into()], seen + 1);
            let mut conn = self.for_change().await?;
            let done = batch::query(sql, values)?.execute(&mut *conn).await;
            drop(conn);
            match done {
                Ok(_) => return Ok(None),
                // The check's division by zero: the tour changed since it was read. Or a row
                // this change would insert stands already, written meanwhile. Either way
                // nothing was written: the long way reads the tour again under its lock.
                Err(sqlx::Error::Database(e))
                    if matches!(e.code().as_deref(), Some("22012" | "23505")) => {}
                Err(e) => return Err(e.into()),
            }
            let (tx, _) = self.begin_channel_since(channel_id, seen).await?;
            return Ok(Some(tx));
        }
        // On SQLite, plain inserts go in one round trip to the writer, the count's check in
        // each insert's `WHERE`. A wrong guess commits the count alone (one change counted with
        // nothing changed, which only makes those who kept the channel's reads read them
        // again); the long way then counts its own change and reads the tour under the lock.
        let guarded = match self.backend {
            Backend::Sqlite if !self.crash_before_commit.load(Ordering::SeqCst) => {
                writes.guarded_by_count(self.count_sql(), channel_id, seen + 1)
            }
            _ => None,
        };
        if let Some(guarded) = guarded {
            match self.grouping.write(&self.writer, guarded).await {
                Ok(each) => {
                    let row = each.first().and_then(|rows| rows.last()).ok_or_else(|| {
                        StoreError::Corrupt("counting a channel's change returned nothing".into())
                    })?;
                    let version: i64 = sqlx::Row::try_get(row, 0)?;
                    if version == seen + 1 {
                        return Ok(None);
                    }
                }
                // A row this change would insert stands already (a choice whose request was
                // counted): the savepoint was rolled back, count and all.
                Err(StoreError::Sql(sqlx::Error::Database(e))) if e.is_unique_violation() => {}
                Err(e) => return Err(e),
            }
            let (tx, _) = self.begin_channel_since(channel_id, seen).await?;
            return Ok(Some(tx));
        }
        let (tx, unchanged) = self.begin_channel_since(channel_id, seen).await?;
        if !unchanged {
            return Ok(Some(tx));
        }
        match self.commit_with(tx, writes).await {
            Ok(()) => Ok(None),
            // A row this change would insert stands already (a choice whose request was
            // counted, at a count guessed from the kept reads): nothing was written, and the
            // long way reads the tour again under its lock, as on PostgreSQL.
            Err(StoreError::Sql(sqlx::Error::Database(e))) if e.is_unique_violation() => {
                let (tx, _) = self.begin_channel_since(channel_id, seen).await?;
                Ok(Some(tx))
            }
            Err(e) => Err(e),
        }
    }

    /// The statement that takes a channel's lock and counts one change more, returning the
    /// count.
    fn count_sql(&self) -> &'static str {
        match self.backend {
            Backend::Sqlite => {
                "INSERT INTO channel_changes (channel_id, version) VALUES ($1, 1) \
                 ON CONFLICT (channel_id) DO UPDATE SET version = channel_changes.version + 1 \
                 RETURNING version"
            }
            // The advisory lock is taken as the row to insert is made, before the row itself.
            Backend::Postgres => {
                "INSERT INTO channel_changes (channel_id, version) SELECT $1, 1 FROM \
                 (SELECT pg_advisory_xact_lock(hashtextextended(current_schema() || ':' || $1, 0))) AS l \
                 ON CONFLICT (channel_id) DO UPDATE SET version = channel_changes.version + 1 \
                 RETURNING version"
            }
        }
    }

    /// Takes the channel's lock and counts one change more; returns the count.
    async fn count_change(&self, tx: &mut Tx, channel_id: &str) -> Result<i64, StoreError> {
        let version: i64 = sqlx::query_scalar(self.count_sql())
            .bind(channel_id)
            .fetch_one(&mut **tx)
            .await?;
        Ok(version)
    }

    /// As [`Store::lock_channel`], without waiting: false when another transaction holds the
    /// channel's lock (on SQLite, where the transaction already holds the file, always true).
    pub async fn try_lock_channel(
        &self,
        tx: &mut Tx,
        channel_id: &str,
    ) -> Result<bool, StoreError> {
        if self.backend == Backend::Postgres {
            let got: bool = sqlx::query_scalar(
                "SELECT pg_try_advisory_xact_lock(hashtextextended(current_schema() || ':' || $1, 0))",
            )
            .bind(channel_id)
            .fetch_one(&mut **tx)
            .await?;
            if !got {
                return Ok(false);
            }
        }
        // Held now (taking it again is free): the change is counted.
        self.count_change(tx, channel_id).await?;
        Ok(true)
    }

    /// Several channels' locks in one transaction, taken in sorted order (as the in-process
    /// locks are), so that two transactions never wait for each other.
    pub async fn lock_channels(
        &self,
        tx: &mut Tx,
        channel_ids: &[String],
    ) -> Result<(), StoreError> {
        let mut ids: Vec<&String> = channel_ids.iter().collect();
        ids.sort();
        ids.dedup();
        for id in ids {
            self.lock_channel(tx, id).await?;
        }
        Ok(())
    }

    /// Begins a change of a channel's tour: [`Store::begin`] then [`Store::lock_channel`].
    pub async fn begin_channel(&self, channel_id: &str) -> Result<Tx, StoreError> {
        let mut tx = self.begin().await?;
        self.lock_channel(&mut tx, channel_id).await?;
        Ok(tx)
    }

    pub async fn commit(&self, tx: Tx) -> Result<(), StoreError> {
        self.commit_with(tx, Batch::new()).await
    }

    /// Runs `last` in the transaction, then commits it: on SQLite the writes and the
    /// savepoint's release go in one round trip. Should a statement of `last` fail, the
    /// transaction is rolled back and the error returned.
    pub async fn commit_with(&self, mut tx: Tx, last: Batch) -> Result<(), StoreError> {
        if self.crash_before_commit.swap(false, Ordering::SeqCst) {
            // As a process dying here would: the transaction is dropped, so it rolls back.
            // (Its last writes ran, as every statement of the transaction did.)
            last.run(&mut tx).await?;
            drop(tx);
            return Err(StoreError::SimulatedCrash);
        }
        match tx.0 {
            TxKind::Plain(mut tx) => {
                last.run(&mut tx.conn).await?;
                tx.commit().await?
            }
            TxKind::Grouped(member) => member.commit_with(last).await?,
        }
        Ok(())
    }

    /// A write transaction made of `writes` alone, committed; each statement's rows (its
    /// `RETURNING`, or a `SELECT`'s), one list a statement. On SQLite the savepoint, the writes
    /// and the release go to the writer in one round trip (issue 34), where [`Store::begin`],
    /// a statement and [`Store::commit`] take three. On PostgreSQL a single statement is sent
    /// alone, without `BEGIN` and `COMMIT`: one statement is a transaction of its own there.
    pub async fn write(&self, writes: Batch) -> Result<Vec<Vec<AnyRow>>, StoreError> {
        let crash = self.crash_before_commit.load(Ordering::SeqCst);
        if self.backend == Backend::Postgres && writes.len() == 1 && !crash {
            let mut conn = self.for_change().await?;
            return writes.fetch_each(&mut conn).await;
        }
        if self.backend == Backend::Postgres || crash {
            // Statement by statement, and the crash before the commit simulated where it is.
            let mut tx = self.begin().await?;
            let each = writes.fetch_each(&mut tx).await?;
            self.commit(tx).await?;
            return Ok(each);
        }
        self.grouping.write(&self.writer, writes).await
    }

    /// Queues, first in `writes`, the statement that takes the channel's lock and counts its
    /// change (as [`Store::lock_channel`] does): for a change of a channel's tour made with
    /// [`Store::write`]. Its rows (the count) come first in what that returns.
    pub fn lock_channel_in(&self, writes: &mut Batch, channel_id: &str) {
        writes.push_front(self.count_sql(), vec![channel_id.into()]);
    }

    /// Runs `writes` in the transaction now (one round trip on SQLite).
    pub async fn run(&self, tx: &mut Tx, writes: Batch) -> Result<(), StoreError> {
        writes.run(tx).await
    }

    /// How many `COMMIT`s the SQLite writer has made (each makes a group of write
    /// transactions durable).
    pub fn group_commits(&self) -> u64 {
        self.grouping.commits()
    }

    /// How many checkpoints SQLite's checkpointer has made ([`CHECKPOINT_EVERY`]).
    pub fn checkpoints(&self) -> u64 {
        self.checkpoints.count.load(Ordering::Relaxed)
    }

    /// How many write transactions wait for the SQLite writer.
    pub fn waiting_writers(&self) -> usize {
        self.grouping.waiting()
    }

    /// Writes a consistent copy of a SQLite database to the new file `to` (`VACUUM INTO`: one
    /// snapshot, read while writers go on). PostgreSQL is backed up with its own `pg_dump`.
    pub async fn backup(&self, to: &Path) -> Result<(), StoreError> {
        if self.backend != Backend::Sqlite {
            return Err(StoreError::Corrupt(
                "a PostgreSQL database is backed up with pg_dump".into(),
            ));
        }
        sqlx::query("VACUUM INTO $1")
            .bind(to.to_string_lossy().into_owned())
            .execute(&self.readers)
            .await?;
        Ok(())
    }

    /// Fault injection for restart tests: the next commit is abandoned as if the process died
    /// just before it, after every statement of the transaction ran.
    pub fn crash_before_next_commit(&self) {
        self.crash_before_commit.store(true, Ordering::SeqCst);
    }

    /// Closes every connection. On SQLite it first copies the write-ahead log into the database
    /// file, so the `.sqlite` file holds everything on its own (a user copies or mails that one
    /// file). Not needed for safety: dropping the store loses nothing that was committed. A
    /// failed checkpoint is not an error: the data is still in the WAL, which SQLite reads back.
    pub async fn close(&self) {
        // The pools wait for every connection taken from them, kept ones included.
        self.kept_readers.release_all();
        if let Some(kept) = &self.kept_writers {
            kept.release_all();
        }
        self.readers.close().await;
        if self.backend == Backend::Sqlite {
            group::flush(&self.grouping).await;
            let (transactions, held) = self.grouping.held();
            if transactions > 0 {
                tracing::info!(
                    transactions,
                    commits = self.grouping.commits(),
                    held_ms = held.as_millis() as u64,
                    mean_us = (held / transactions as u32).as_micros() as u64,
                    "the SQLite writer was held this long by the write transactions"
                );
            }
            let checkpoints = self.checkpoints.count.load(Ordering::Relaxed);
            if checkpoints > 0 {
                tracing::info!(
                    checkpoints,
                    checkpointing_ms = self.checkpoints.micros.load(Ordering::Relaxed) / 1000,
                    longest_checkpoint_ms =
                        self.checkpoints.longest.load(Ordering::Relaxed) as f64 / 1e3,
                    "SQLite's checkpoints, made apart from the writer"
                );
            }
            let _ = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
                .execute(&self.writer)
                .await;
        }
        self.writer.close().await;
    }
}

/// A yes or no as both backends store it: an integer, 0 or 1 (binding a `bool` would give
/// PostgreSQL a boolean for a BIGINT column).
pub(crate) fn flag(on: bool) -> i64 {
    i64::from(on)
}

/// A stored 0 or 1 read back as a yes or no.
pub(crate) fn get_flag(row: &sqlx::any::AnyRow, column: &str) -> Result<bool, StoreError> {
    use sqlx::Row;
    Ok(row.try_get::<i64, _>(column)? != 0)
}

/// A JSON document's integer at `path` (object keys) in `column`, as SQL of the connection's
/// backend: compared with a bound `i64`.
pub(crate) fn json_int(conn: &Conn, column: &str, path: &[&str]) -> String {
    match Backend::of(conn) {
        Backend::Sqlite => format!("json_extract({column}, '$.{}')", path.join(".")),
        Backend::Postgres => format!("(({column})::jsonb #>> '{{{}}}')::bigint", path.join(",")),
    }
}

/// A JSON document's string at `path` in `column`, as SQL of the connection's backend.
pub(crate) fn json_text(conn: &Conn, column: &str, path: &[&str]) -> String {
    match Backend::of(conn) {
        Backend::Sqlite => format!("json_extract({column}, '$.{}')", path.join(".")),
        Backend::Postgres => format!("(({column})::jsonb #>> '{{{}}}')", path.join(",")),
    }
}

/// A u64 seed as the i64 SQLite stores (same bits).
pub(crate) fn seed_to_sql(seed: u64) -> i64 {
    seed as i64
}

pub(crate) fn seed_from_sql(seed: i64) -> u64 {
    seed as u64
}

/// How many changes the channel's tours have had (0 before the first): read first, before
/// the rest of what a change is prepared from, and checked by [`Store::lock_channel_since`].
pub async fn changes(conn: &mut Conn, channel_id: &str) -> Result<i64, StoreError> {
    let version: Option<i64> =
        sqlx::query_scalar("SELECT version FROM channel_changes WHERE channel_id = $1")
            .bind(channel_id)
            .fetch_optional(conn)
            .await?;
    Ok(version.unwrap_or(0))
}

/// [`changes`], and whether the request `request_id` was counted already
/// ([`choices::request_seen`]), in one statement: what a choice reads first (one round trip
/// less a choice, issue 34).
pub async fn changes_and_request(
    conn: &mut Conn,
    channel_id: &str,
    request_id: &str,
) -> Result<(i64, bool), StoreError> {
    let (version, seen): (i64, i64) = sqlx::query_as(
        "SELECT COALESCE((SELECT version FROM channel_changes WHERE channel_id = $1), 0), \
         CASE WHEN EXISTS (SELECT 1 FROM choices WHERE request_id = $2) THEN 1 ELSE 0 END",
    )
    .bind(channel_id)
    .bind(request_id)
    .fetch_one(conn)
    .await?;
    Ok((version, seen != 0))
}

impl Store {
    /// A connection to read what a change is prepared from, before its transaction: on SQLite
    /// a reader (the one writer connection is kept for the transaction itself); on PostgreSQL
    /// one of the connections for changes, so that choices being prepared do not take the
    /// readers the questions wait for (with them on the readers, 200 tours clicking back to
    /// back had the hand's p50 go from 0.28 to 1.05 s; docs/speed.md).
    pub async fn read_for_change(&self) -> Result<Pooled, StoreError> {
        Ok(match self.backend {
            Backend::Sqlite => self.kept_readers.acquire().await?,
            Backend::Postgres => self.for_change().await?,
        })
    }

    /// On PostgreSQL, one of the connections for changes: the one kept last, else the pool's.
    /// On SQLite (where the writer is taken by the group commit, not here), one of the pool's.
    async fn for_change(&self) -> Result<Pooled, StoreError> {
        Ok(match &self.kept_writers {
            Some(kept) => kept.acquire().await?,
            None => Pooled::unkept(self.writer.acquire().await?),
        })
    }

    /// A connection for reading. It sees the last committed state, never half a turn (SQLite's
    /// WAL, PostgreSQL's snapshot of each statement).
    pub async fn read(&self) -> Result<Pooled, StoreError> {
        Ok(self.kept_readers.acquire().await?)
    }

    /// How many times a request found a connection kept rather than taking one from a pool.
    pub fn connections_reused(&self) -> u64 {
        self.kept_readers.reused() + self.kept_writers.as_ref().map_or(0, |k| k.reused())
    }

    /// How many connections the store holds open now, in use or idle (its writers' and its
    /// readers'): idle ones beyond one a pool are closed after a few seconds.
    pub fn open_connections(&self) -> u32 {
        self.writer.size() + self.readers.size()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The writer never checkpoints at a commit; the checkpointer copies what was committed
    /// into the database file on its own, so that the file without its log holds it.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn commits_are_checkpointed_apart_from_the_writer() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("checkpoints.sqlite");
        let store = Store::open(path.clone()).await.unwrap();
        let mut tx = store.begin().await.unwrap();
        let every: i64 = sqlx::query_scalar("PRAGMA wal_autocheckpoint")
            .fetch_one(&mut *tx)
            .await
            .unwrap();
        assert_eq!(every, 0, "the writer makes no checkpoint at a commit");
        store.lock_channel(&mut tx, "a").await.unwrap();
        store.commit(tx).await.unwrap();
        // A hang guard only: the checkpointer looks every half second.
        let waited = std::time::Instant::now();
        while store.checkpoints() == 0 {
            assert!(
                waited.elapsed() < Duration::from_secs(120),
                "no checkpoint was made"
            );
            tokio::time::sleep(CHECKPOINT_EVERY).await;
        }
        // The database file alone, without its write-ahead log, holds the commit.
        let copy = dir.path().join("copy.sqlite");
        std::fs::copy(&path, &copy).unwrap();
        let copied = Store::open(copy).await.unwrap();
        assert_eq!(
            changes(&mut copied.read().await.unwrap(), "a")
                .await
                .unwrap(),
            1
        );
        // Nothing committed since: the checkpointer waits, and makes none.
        let made = store.checkpoints();
        tokio::time::sleep(CHECKPOINT_EVERY * 3).await;
        assert_eq!(store.checkpoints(), made);
        store.close().await;
    }
}
