//! Connections kept between requests, in front of sqlx's pools (issue 34).
//!
//! Why: sqlx's pool tests every connection given back to it with a ping before another request
//! may take it. On SQLite that is a round trip to the connection's thread (a wake-up of that
//! thread, and of the task again), and on PostgreSQL a round trip to the server. A question
//! holds a reader for one or two statements, so the ping doubled its round trips: under load,
//! giving connections back and pinging them was about a tenth of the bot's CPU (perf, 100 tours
//! back to back; docs/speed.md).
//!
//! How: a connection a request is done with is kept here, not given back, and the next request
//! takes the one kept last. One kept longer than [`KEEP`] unused goes back to sqlx's pool (and
//! its ping, and its closing of idle connections), by the next request or by a sweep every
//! [`KEEP`]: at rest the pools hold what they held before. Each request first takes one of as
//! many permits as the pool has connections. So a request that finds nothing kept always finds
//! room in the pool: the connections taken from it are then those other requests hold, fewer
//! than the permits (or, for a moment, the checkpointer's, which it gives straight back). It
//! never waits for a connection that sits kept here.
//!
//! Which: the readers on both backends, and on PostgreSQL the connections for changes too,
//! where sqlx's pool also pinged each one it handed out (a choice of one statement took three
//! round trips). A PostgreSQL transaction runs on a kept connection and leaves it kept once
//! committed (`PlainTx` in `store/mod.rs`).
//!
//! What the ping also did, and what stands instead: a transaction dropped unfinished is rolled
//! back by sqlx before the connection's next statement, whoever makes it (a connection for
//! changes whose transaction was left unfinished is let go to the pool, whose ping sends the
//! rollback at once: [`Pooled::let_go`]); and a connection that may have failed (a lost
//! server) is let go, to sqlx's ping, rather than kept: when any connection of the process
//! fails ([`note_failure`], called for every sqlx error the store meets), the connections in
//! use or kept then are all let go, not kept again.

use sqlx::Any;
use sqlx::pool::PoolConnection;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// How long a connection stays kept unused before it goes back to sqlx's pool.
pub const KEEP: Duration = Duration::from_secs(1);

/// How many times a connection failed in this process (an I/O or protocol error, a lost
/// SQLite worker): a connection taken or kept before the last failure is not kept again.
static FAILURES: AtomicU64 = AtomicU64::new(0);

/// Counts `e` if it is a failure of the connection itself, not of a statement.
pub(crate) fn note_failure(e: &sqlx::Error) {
    if matches!(
        e,
        sqlx::Error::Io(_)
            | sqlx::Error::Tls(_)
            | sqlx::Error::Protocol(_)
            | sqlx::Error::WorkerCrashed
    ) {
        FAILURES.fetch_add(1, Ordering::SeqCst);
    }
}

fn failures() -> u64 {
    FAILURES.load(Ordering::SeqCst)
}

/// The connections kept in front of one of sqlx's pools.
pub(crate) struct Kept {
    pool: sqlx::AnyPool,
    permits: Arc<Semaphore>,
    /// Most recently kept last, each with when it was kept and the count of failures then.
    idle: Mutex<Vec<(PoolConnection<Any>, Instant, u64)>>,
    /// Set as the store closes: nothing is kept any more.
    closing: std::sync::atomic::AtomicBool,
    /// Connections found kept, for the tests.
    reused: AtomicU64,
}

/// A connection taken from [`Kept`]: kept again when dropped. (Or one taken from a pool
/// directly, given back to it when dropped: [`Pooled::unkept`].)
pub struct Pooled {
    conn: Option<PoolConnection<Any>>,
    /// Where it is kept again, and the permit it holds meanwhile.
    home: Option<(Arc<Kept>, OwnedSemaphorePermit)>,
    /// The count of failures when it was taken.
    failures: u64,
}

impl Kept {
    /// Keeps connections of `pool`, which holds at most `size`; sweeps them while the runtime
    /// runs and the store is open.
    pub fn new(pool: sqlx::AnyPool, size: u32) -> Arc<Kept> {
        let kept = Arc::new(Kept {
            pool,
            permits: Arc::new(Semaphore::new(size.max(1) as usize)),
            idle: Mutex::new(Vec::new()),
            reused: AtomicU64::new(0),
            closing: std::sync::atomic::AtomicBool::new(false),
        });
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            let weak: Weak<Kept> = Arc::downgrade(&kept);
            runtime.spawn(async move {
                loop {
                    tokio::time::sleep(KEEP).await;
                    let Some(kept) = weak.upgrade() else { return };
                    if kept.pool.is_closed() {
                        return;
                    }
                    drop(kept.stale(Instant::now(), failures()));
                }
            });
        }
        kept
    }

    /// A connection: the one kept last, else one of the pool's.
    pub async fn acquire(self: &Arc<Kept>) -> Result<Pooled, sqlx::Error> {
        let permit = self
            .permits
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| sqlx::Error::PoolClosed)?;
        let failures = failures();
        let stale = self.stale(Instant::now(), failures);
        let found = self.idle.lock().expect("kept connections").pop();
        drop(stale);
        let conn = match found {
            Some((conn, _, _)) => {
                self.reused.fetch_add(1, Ordering::Relaxed);
                conn
            }
            None => self.pool.acquire().await?,
        };
        Ok(Pooled {
            conn: Some(conn),
            home: Some((self.clone(), permit)),
            failures,
        })
    }

    /// Takes out the connections kept longer than [`KEEP`], or kept before the last failure,
    /// for the caller to drop (outside the lock: dropping one hands it back to sqlx's pool).
    fn stale(&self, now: Instant, failures: u64) -> Vec<PoolConnection<Any>> {
        let mut idle = self.idle.lock().expect("kept connections");
        let mut stale = Vec::new();
        let mut i = 0;
        while i < idle.len() {
            let (_, at, seen) = &idle[i];
            if now.duration_since(*at) >= KEEP || *seen != failures {
                stale.push(idle.remove(i).0);
            } else {
                i += 1;
            }
        }
        stale
    }

    /// Gives every kept connection back to sqlx's pool: before the pool is closed, which waits
    /// for every connection taken from it.
    pub fn release_all(&self) {
        self.closing.store(true, Ordering::SeqCst);
        let all: Vec<_> = std::mem::take(&mut *self.idle.lock().expect("kept connections"));
        drop(all);
    }

    /// How many connections requests found kept since start-up.
    pub fn reused(&self) -> u64 {
        self.reused.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// How many are kept now.
    #[cfg(test)]
    fn kept(&self) -> usize {
        self.idle.lock().expect("kept connections").len()
    }
}

impl Pooled {
    /// A connection taken from a pool directly, given back to it when dropped.
    pub fn unkept(conn: PoolConnection<Any>) -> Pooled {
        Pooled {
            conn: Some(conn),
            home: None,
            failures: 0,
        }
    }
}

impl Pooled {
    /// Gives the connection back to sqlx's pool when dropped, rather than keeping it: for a
    /// connection whose transaction was left unfinished, so that the pool's ping sends its
    /// rollback at once (kept, it would go only with the next request's statement, and the
    /// transaction's locks would be held meanwhile).
    pub fn let_go(&mut self) {
        self.home = None;
    }
}

impl std::ops::Deref for Pooled {
    type Target = sqlx::AnyConnection;
    fn deref(&self) -> &sqlx::AnyConnection {
        self.conn.as_ref().expect("held until dropped")
    }
}

impl std::ops::DerefMut for Pooled {
    fn deref_mut(&mut self) -> &mut sqlx::AnyConnection {
        self.conn.as_mut().expect("held until dropped")
    }
}

impl Drop for Pooled {
    fn drop(&mut self) {
        let (Some(conn), Some((home, _permit))) = (self.conn.take(), self.home.as_ref()) else {
            return;
        };
        // A connection of the process failed while this one was in use: this one goes back to
        // sqlx's pool, whose ping closes it if it failed too.
        if failures() != self.failures
            || home.closing.load(Ordering::SeqCst)
            || home.pool.is_closed()
        {
            return;
        }
        home.idle
            .lock()
            .expect("kept connections")
            .push((conn, Instant::now(), self.failures));
        // The permit goes after the connection is kept: the next request finds it.
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlx::any::AnyPoolOptions;

    async fn pool(size: u32) -> (tempfile::TempDir, sqlx::AnyPool) {
        sqlx::any::install_default_drivers();
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("k.db").display());
        let pool = AnyPoolOptions::new()
            .max_connections(size)
            .connect(&url)
            .await
            .unwrap();
        (dir, pool)
    }

    /// A connection done with is kept and taken again, without going back to the pool; one
    /// kept unused longer than `KEEP` goes back.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_connection_is_kept_for_the_next_request_and_let_go_when_unused() {
        let (_dir, pool) = pool(2).await;
        let kept = Kept::new(pool.clone(), 2);
        let mut first = kept.acquire().await.unwrap();
        sqlx::query("SELECT 1").execute(&mut *first).await.unwrap();
        drop(first);
        assert_eq!(kept.kept(), 1);
        assert_eq!(pool.num_idle(), 0, "not given back to the pool");
        let second = kept.acquire().await.unwrap();
        assert_eq!(kept.reused(), 1);
        assert_eq!(kept.kept(), 0);
        drop(second);
        assert_eq!(kept.kept(), 1);
        // Unused for longer than KEEP: the sweep gives it back to the pool (whose ping comes
        // after). Waited for, not timed: a busy machine may take longer.
        let deadline = Instant::now() + Duration::from_secs(60);
        while kept.kept() > 0 || pool.num_idle() as u32 != pool.size() {
            assert!(Instant::now() < deadline, "never given back to the pool");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// With every connection of the pool kept or in use, a request waits for a permit, not for
    /// the pool: it takes the one kept as soon as it is put back. After a connection's failure,
    /// those in use are not kept.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn requests_never_wait_for_the_pool_while_a_connection_sits_kept() {
        let (_dir, pool) = pool(1).await;
        let kept = Kept::new(pool.clone(), 1);
        let held = kept.acquire().await.unwrap();
        let waiting = {
            let kept = kept.clone();
            tokio::spawn(async move {
                let mut conn = kept.acquire().await.unwrap();
                sqlx::query("SELECT 1").execute(&mut *conn).await.unwrap();
            })
        };
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!waiting.is_finished());
        drop(held);
        tokio::time::timeout(Duration::from_secs(20), waiting)
            .await
            .expect("the kept connection was taken")
            .unwrap();
        let in_use = kept.acquire().await.unwrap();
        note_failure(&sqlx::Error::Protocol("lost".into()));
        drop(in_use);
        assert_eq!(kept.kept(), 0);
        // A statement's error is not the connection's. (Tried again should another test of
        // this process note a failure meanwhile: the count is the process's.)
        let mut kept_after_error = false;
        for _ in 0..5 {
            let in_use = kept.acquire().await.unwrap();
            note_failure(&sqlx::Error::RowNotFound);
            drop(in_use);
            kept_after_error |= kept.kept() == 1;
        }
        assert!(kept_after_error);
        let again = kept.acquire().await.unwrap();
        drop(again);
        // One let go (a transaction left unfinished) goes back to the pool, not kept.
        let mut unfinished = kept.acquire().await.unwrap();
        let reused = kept.reused();
        assert_eq!(kept.kept(), 0);
        unfinished.let_go();
        drop(unfinished);
        assert_eq!(kept.kept(), 0, "let go: not kept");
        let deadline = Instant::now() + Duration::from_secs(60);
        while pool.num_idle() != 1 {
            assert!(Instant::now() < deadline, "never given back to the pool");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let next = kept.acquire().await.unwrap();
        assert_eq!(kept.reused(), reused, "taken from the pool, not found kept");
        drop(next);
        kept.release_all();
        assert_eq!(kept.kept(), 0);
        pool.close().await;
    }
}
