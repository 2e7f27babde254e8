//! Group commit on SQLite (issue 34): the write transactions that queue for the one writer
//! connection share one SQLite transaction, each in a savepoint of its own, and one `COMMIT`
//! (one `fsync`) makes them all durable together.
//!
//! Why: with every choice's reads made before its transaction, a choice's transaction is three
//! statements, and the writer spent a fifth of its time in the commit's `fsync` and the writes of
//! the same pages again and again (the choices' and events' last pages, the channel's count of
//! changes). Measured with `perf trace` on the writer's thread, 200 tours clicking back to back:
//! 2,766 commits in ten seconds, 0.72 ms of `fsync` and twelve page writes each (docs/speed.md).
//!
//! How, for one write transaction ([`super::Tx`] on SQLite):
//! - It waits its turn for the writer (a queue, in order), opens the shared transaction if none is
//!   open (`BEGIN IMMEDIATE`), and sets a savepoint.
//! - Its statements run. Dropped without a commit (an error, a refusal), its savepoint is rolled
//!   back, and only its own writes are undone.
//! - Committed, its savepoint is released. If nobody else waits for the writer (or the group holds
//!   [`MAX_MEMBERS`] transactions), it commits the group at once; otherwise the next one in the
//!   queue joins the group and the last one commits it.
//! - Every member returns from its commit only once the group's `COMMIT` has succeeded: an answer
//!   is never given for a choice that a crash could still lose. If the `COMMIT` fails, every
//!   member is told so.
//! - A member that leaves the group open for the next one also leaves a watchdog: if that next one
//!   never comes (its task ended while it waited), the group is committed after [`WATCHDOG`].
//!
//! What a member reads inside its transaction includes the writes of the members before it in the
//! group: they commit together or not at all, so it never acts on a change that is later undone.

use super::StoreError;
use super::batch::{Batch, query, rows_by_statement};
use sqlx::any::AnyRow;
use sqlx::{Any, AnyPool, Executor};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::{Mutex, OwnedMutexGuard, watch};

/// The most transactions one `COMMIT` makes durable: bounds how long the first of them waits.
pub const MAX_MEMBERS: usize = 32;

/// How long a group left for the next transaction stays open if that transaction never comes.
pub const WATCHDOG: Duration = Duration::from_millis(20);

/// How a group's `COMMIT` went, told to every member: `None` until it is made.
type Outcome = Option<Result<(), Arc<str>>>;

/// The shared transaction and who is in it.
struct Open {
    tx: sqlx::Transaction<'static, Any>,
    members: usize,
    done: Arc<watch::Sender<Outcome>>,
    id: u64,
}

#[derive(Default)]
pub(super) struct State {
    open: Option<Open>,
}

/// The writer connection's queue and its group, shared by every clone of the store.
pub(super) struct Grouping {
    state: Arc<Mutex<State>>,
    /// Transactions waiting for the writer: while there is one, a commit leaves the group open
    /// for it to join.
    waiting: AtomicUsize,
    next_id: AtomicU64,
    /// `COMMIT`s made, for the tests and the load program.
    commits: AtomicU64,
    /// Transactions that held the writer, and for how long in all (nanoseconds): logged when
    /// the store closes, to show what the writer's queue is made of.
    members: AtomicU64,
    held: AtomicU64,
}

/// One write transaction in the group: the writer held, inside its own savepoint.
pub struct Member {
    guard: Option<OwnedMutexGuard<State>>,
    grouping: Arc<Grouping>,
    since: std::time::Instant,
}

impl Grouping {
    pub(super) fn new() -> Arc<Grouping> {
        Arc::new(Grouping {
            state: Arc::new(Mutex::new(State::default())),
            waiting: AtomicUsize::new(0),
            next_id: AtomicU64::new(1),
            commits: AtomicU64::new(0),
            members: AtomicU64::new(0),
            held: AtomicU64::new(0),
        })
    }

    /// How many transactions held the writer, and for how long in all.
    pub(super) fn held(&self) -> (u64, Duration) {
        (
            self.members.load(Ordering::Relaxed),
            Duration::from_nanos(self.held.load(Ordering::Relaxed)),
        )
    }

    fn count_hold(&self, since: std::time::Instant) {
        self.members.fetch_add(1, Ordering::Relaxed);
        self.held
            .fetch_add(since.elapsed().as_nanos() as u64, Ordering::Relaxed);
    }

    pub(super) fn commits(&self) -> u64 {
        self.commits.load(Ordering::SeqCst)
    }

    pub(super) fn waiting(&self) -> usize {
        self.waiting.load(Ordering::SeqCst)
    }

    /// Waits for the writer, joins (or opens) the group and sets this transaction's savepoint.
    pub(super) async fn begin(
        self: &Arc<Grouping>,
        writer: &AnyPool,
    ) -> Result<Member, StoreError> {
        Ok(self.begin_with(writer, None).await?.0)
    }

    /// Waits for the writer and joins the group, opening it if none is open; sets no
    /// savepoint yet.
    async fn join(self: &Arc<Grouping>, writer: &AnyPool) -> Result<Member, StoreError> {
        let guard = {
            // Counted while waiting, uncounted however the wait ends (a task dropped here too).
            struct Waiting<'a>(&'a AtomicUsize);
            impl Drop for Waiting<'_> {
                fn drop(&mut self) {
                    self.0.fetch_sub(1, Ordering::SeqCst);
                }
            }
            self.waiting.fetch_add(1, Ordering::SeqCst);
            let _waiting = Waiting(&self.waiting);
            self.state.clone().lock_owned().await
        };
        let mut member = Member {
            guard: Some(guard),
            grouping: self.clone(),
            since: std::time::Instant::now(),
        };
        let state = member.state();
        if state.open.is_none() {
            // Nothing of this member's is in the writer yet: should the `BEGIN` fail, its
            // drop has no savepoint to roll back, and finds no group open.
            let tx = writer.begin_with("BEGIN IMMEDIATE").await?;
            let (done, _) = watch::channel(None);
            state.open = Some(Open {
                tx,
                members: 0,
                done: Arc::new(done),
                id: self.next_id.fetch_add(1, Ordering::SeqCst),
            });
        }
        Ok(member)
    }

    /// A write transaction that is `writes` alone (issue 34): waits for the writer and joins
    /// the group, then sets its savepoint, runs `writes` and releases the savepoint in one
    /// round trip; returns once the group is committed, with each statement's rows, one list
    /// a statement. Should a statement fail, the savepoint is rolled back (only these writes
    /// are undone) and the group goes on.
    pub(super) async fn write(
        self: &Arc<Grouping>,
        writer: &AnyPool,
        writes: Batch,
    ) -> Result<Vec<Vec<AnyRow>>, StoreError> {
        // Made before the writer is taken: a value that cannot be bound ends nothing.
        let statements = writes.len();
        let (sql, values) = writes.joined("SAVEPOINT member", "RELEASE member");
        let whole = query(sql, values)?;
        let mut member = self.join(writer).await?;
        let open = member
            .state()
            .open
            .as_mut()
            .expect("open while a member is");
        match rows_by_statement(&mut open.tx, whole).await {
            Ok(mut each) if each.len() == statements + 2 => {
                // The savepoint's and the release's (empty) results off both ends.
                each.pop();
                each.remove(0);
                member.finish().await?;
                Ok(each)
            }
            Ok(each) => {
                // Not every statement ran to its end: whether the release ran is not known,
                // so the writes are not counted as made (the drop rolls back to the
                // savepoint if it still stands, else ends the group, which then tells every
                // member that its writes are lost).
                drop(member);
                Err(StoreError::Corrupt(format!(
                    "a batch of {statements} writes gave {} results, not {}",
                    each.len(),
                    statements + 2
                )))
            }
            Err(e) => {
                // As in `begin_with`: the savepoint, if it was set, is rolled back by the drop.
                drop(member);
                Err(e)
            }
        }
    }

    /// As [`Grouping::begin`], and runs `first` in the savepoint, sent with it in one round trip
    /// (issue 34): the last row it returns, if any. Should `first` fail, the savepoint is rolled back
    /// as for any member dropped without its commit.
    pub(super) async fn begin_with(
        self: &Arc<Grouping>,
        writer: &AnyPool,
        first: Option<Batch>,
    ) -> Result<(Member, Option<AnyRow>), StoreError> {
        // Made before the writer is taken: a value that cannot be bound ends nothing.
        let first = match first {
            Some(first) => {
                let (sql, values) = first.joined("SAVEPOINT member", "");
                Some(query(sql, values)?)
            }
            None => None,
        };
        let mut member = self.join(writer).await?;
        let open = member
            .state()
            .open
            .as_mut()
            .expect("open while a member is");
        let Some(first) = first else {
            if let Err(e) = open.tx.execute("SAVEPOINT member").await {
                // The shared transaction cannot go on: end it for everyone in it.
                member.abandon(e.to_string());
                return Err(e.into());
            }
            return Ok((member, None));
        };
        // Every row of the query (`fetch_optional` would stop at the savepoint's result).
        match first.fetch_all(&mut *open.tx).await {
            Ok(rows) => Ok((member, rows.into_iter().last())),
            Err(e) => {
                // Whether the savepoint was set (the statement after it failed) or not, the
                // shared transaction is in doubt only if the savepoint is: roll back to it,
                // which fails (and ends the group) only if it was never set.
                drop(member);
                Err(e.into())
            }
        }
    }
}

impl Member {
    fn state(&mut self) -> &mut State {
        self.guard.as_mut().expect("held until the member ends")
    }

    /// The writer connection, inside this member's savepoint.
    pub fn conn_ref(&self) -> &sqlx::AnyConnection {
        let state = self.guard.as_ref().expect("held until the member ends");
        &state.open.as_ref().expect("open while a member is").tx
    }

    /// The writer connection, inside this member's savepoint.
    pub fn conn(&mut self) -> &mut sqlx::AnyConnection {
        &mut self
            .state()
            .open
            .as_mut()
            .expect("open while a member is")
            .tx
    }

    /// Ends the shared transaction without committing it (rolled back as sqlx drops it) and
    /// tells its members that their writes are lost.
    fn abandon(&mut self, why: String) {
        if let Some(open) = self.state().open.take() {
            open.done.send_replace(Some(Err(why.into())));
        }
    }

    /// Runs `last` in the savepoint and releases it, in one round trip (issue 34), then
    /// returns once the group holding it is committed. Should a statement of `last` fail, the
    /// savepoint is rolled back, as for a member dropped without its commit, and the group
    /// goes on.
    pub(super) async fn commit_with(mut self, last: Batch) -> Result<(), StoreError> {
        if !last.is_empty() {
            let (sql, values) = last.joined("", "RELEASE member");
            let open = self.state().open.as_mut().expect("open while a member is");
            if let Err(e) = query(sql, values)?.execute(&mut *open.tx).await {
                // A statement before the release failed, and the ones after it did not run:
                // the savepoint still stands, and dropping the member rolls back to it.
                return Err(e.into());
            }
        } else {
            let released = {
                let open = self.state().open.as_mut().expect("open while a member is");
                open.tx.execute("RELEASE member").await
            };
            if let Err(e) = released {
                self.abandon(e.to_string());
                return Err(e.into());
            }
        }
        self.finish().await
    }

    /// The member's savepoint released: it is one of the group's, and returns once the
    /// group is committed (at once if nobody waits to join it).
    async fn finish(mut self) -> Result<(), StoreError> {
        let grouping = self.grouping.clone();
        let mut guard = self.guard.take().expect("held until the member ends");
        let open = guard.open.as_mut().expect("open while a member is");
        open.members += 1;
        let mut done = open.done.subscribe();
        if grouping.waiting() == 0 || open.members >= MAX_MEMBERS {
            commit_group(&grouping, &mut guard).await;
        } else {
            // The next one in the queue joins; should it never come, the watchdog commits.
            watch_over(&grouping, open.id);
        }
        drop(guard);
        grouping.count_hold(self.since);
        let outcome = done
            .wait_for(Option::is_some)
            .await
            .map_err(|_| StoreError::Corrupt("a group commit ended without an outcome".into()))?
            .clone();
        match outcome {
            Some(Ok(())) => Ok(()),
            Some(Err(why)) => Err(StoreError::GroupCommit(why.to_string())),
            None => unreachable!("waited for an outcome"),
        }
    }
}

/// Leaves group `id` open for the transaction waiting to join it, and commits it after
/// [`WATCHDOG`] if it is still open then (that transaction's task ended while it waited).
fn watch_over(grouping: &Arc<Grouping>, id: u64) {
    let watched = grouping.clone();
    tokio::spawn(async move {
        tokio::time::sleep(WATCHDOG).await;
        let mut guard = watched.state.clone().lock_owned().await;
        if guard.open.as_ref().is_some_and(|o| o.id == id) {
            commit_group(&watched, &mut guard).await;
        }
    });
}

/// Commits the open group and tells its members.
async fn commit_group(grouping: &Grouping, state: &mut State) {
    let Some(open) = state.open.take() else {
        return;
    };
    let outcome = open.tx.commit().await.map_err(|e| e.to_string().into());
    grouping.commits.fetch_add(1, Ordering::SeqCst);
    open.done.send_replace(Some(outcome));
}

impl Drop for Member {
    /// A member dropped without its commit: its savepoint is rolled back (only its own writes
    /// are undone), on a task of its own since a drop cannot wait, the writer still held so
    /// that nothing else runs on the connection first. If nobody waits to join, the group is
    /// then committed, so that the members before it are not kept waiting.
    fn drop(&mut self) {
        let Some(guard) = self.guard.take() else {
            return;
        };
        let grouping = self.grouping.clone();
        grouping.count_hold(self.since);
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            // No runtime left (the process is ending): dropping the guard drops nothing of the
            // transaction, which SQLite rolls back when its connection closes.
            return;
        };
        runtime.spawn(async move {
            let mut guard = guard;
            let Some(open) = guard.open.as_mut() else {
                return;
            };
            let id = open.id;
            let mut undone = open.tx.execute("ROLLBACK TO member").await;
            if undone.is_ok() {
                undone = open.tx.execute("RELEASE member").await;
            }
            match undone {
                Err(e) => {
                    if let Some(open) = guard.open.take() {
                        open.done.send_replace(Some(Err(e.to_string().into())));
                    }
                }
                Ok(_) if grouping.waiting() == 0 => commit_group(&grouping, &mut guard).await,
                Ok(_) => watch_over(&grouping, id),
            }
        });
    }
}

/// Commits whatever group is open (the store is closing).
pub(super) async fn flush(grouping: &Arc<Grouping>) {
    let mut guard = grouping.state.clone().lock_owned().await;
    commit_group(grouping, &mut guard).await;
}

#[cfg(test)]
mod tests {
    use super::super::{Store, changes};
    use std::sync::atomic::Ordering;

    async fn store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path().join("group.sqlite")).await.unwrap();
        (dir, store)
    }

    /// Waits, without a clock, until `n` write transactions queue for the writer.
    async fn until_waiting(store: &Store, n: usize) {
        while store.waiting_writers() != n {
            tokio::task::yield_now().await;
        }
    }

    async fn count(store: &Store, channel: &str) -> i64 {
        changes(&mut store.read().await.unwrap(), channel)
            .await
            .unwrap()
    }

    /// A transaction spawned to write `channel`'s count and commit, or to drop without it.
    fn member(store: &Store, channel: &'static str, commit: bool) -> tokio::task::JoinHandle<()> {
        let store = store.clone();
        tokio::spawn(async move {
            let mut tx = store.begin().await.unwrap();
            store.lock_channel(&mut tx, channel).await.unwrap();
            if commit {
                store.commit(tx).await.unwrap();
            }
        })
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn transactions_queued_for_the_writer_commit_together() {
        let (_dir, store) = store().await;
        let before = store.group_commits();
        let mut first = store.begin().await.unwrap();
        store.lock_channel(&mut first, "a").await.unwrap();
        let (b, c) = (member(&store, "b", true), member(&store, "c", true));
        until_waiting(&store, 2).await;
        let a = {
            let store = store.clone();
            tokio::spawn(async move { store.commit(first).await.unwrap() })
        };
        for t in [a, b, c] {
            t.await.unwrap();
        }
        assert_eq!(
            store.group_commits() - before,
            1,
            "three transactions, one COMMIT"
        );
        for channel in ["a", "b", "c"] {
            assert_eq!(count(&store, channel).await, 1, "{channel} is committed");
        }
        // Alone, a transaction commits at once.
        member(&store, "d", true).await.unwrap();
        assert_eq!(store.group_commits() - before, 2);
        assert_eq!(count(&store, "d").await, 1);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_member_dropped_without_its_commit_undoes_only_its_own_writes() {
        let (_dir, store) = store().await;
        let before = store.group_commits();
        let mut first = store.begin().await.unwrap();
        store.lock_channel(&mut first, "a").await.unwrap();
        let (b, c) = (member(&store, "b", false), member(&store, "c", true));
        until_waiting(&store, 2).await;
        store.commit(first).await.unwrap();
        b.await.unwrap();
        c.await.unwrap();
        assert_eq!(
            (
                count(&store, "a").await,
                count(&store, "b").await,
                count(&store, "c").await
            ),
            (1, 0, 1)
        );
        assert_eq!(store.group_commits() - before, 1);
        // The last of a group dropped: the group before it is still committed.
        let mut first = store.begin().await.unwrap();
        store.lock_channel(&mut first, "e").await.unwrap();
        let dropped = member(&store, "f", false);
        until_waiting(&store, 1).await;
        store.commit(first).await.unwrap();
        dropped.await.unwrap();
        assert_eq!((count(&store, "e").await, count(&store, "f").await), (1, 0));
    }

    /// The savepoint goes with a first statement and the release with the last writes (one
    /// round trip each); a write of the last batch that fails undoes that member's writes only,
    /// count included, and the group goes on.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn writes_sent_with_the_savepoint_and_its_release_land_or_are_undone_whole() {
        use super::super::Batch;
        let (_dir, store) = store().await;
        let (tx, unchanged) = store.begin_channel_since("a", 0).await.unwrap();
        assert!(unchanged, "nothing changed channel a before");
        let mut last = Batch::new();
        last.push(
            "INSERT INTO channel_changes (channel_id, version) VALUES ($1, $2)",
            vec!["x".into(), 7i64.into()],
        );
        store.commit_with(tx, last).await.unwrap();
        assert_eq!((count(&store, "a").await, count(&store, "x").await), (1, 7));
        // Read at count 0, but channel a has had a change since: not unchanged.
        let (tx, unchanged) = store.begin_channel_since("a", 0).await.unwrap();
        assert!(!unchanged);
        drop(tx);
        // A last batch whose second write breaks a key: its first write and its count are
        // undone with it, and the member beside it in the group is committed.
        let mut first = store.begin().await.unwrap();
        store.lock_channel(&mut first, "b").await.unwrap();
        let failing = {
            let store = store.clone();
            tokio::spawn(async move {
                let (tx, unchanged) = store.begin_channel_since("a", 1).await.unwrap();
                assert!(unchanged);
                let mut last = Batch::new();
                last.push(
                    "INSERT INTO channel_changes (channel_id, version) VALUES ($1, 1)",
                    vec!["y".into()],
                );
                last.push(
                    "INSERT INTO channel_changes (channel_id, version) VALUES ($1, 1)",
                    vec!["x".into()],
                );
                store.commit_with(tx, last).await
            })
        };
        until_waiting(&store, 1).await;
        store.commit(first).await.unwrap();
        assert!(
            failing.await.unwrap().is_err(),
            "channel x is there already"
        );
        let after = store.group_commits();
        assert_eq!(
            (
                count(&store, "a").await,
                count(&store, "b").await,
                count(&store, "x").await,
                count(&store, "y").await
            ),
            (1, 1, 7, 0)
        );
        // The writer is free and its transaction sound: the next change lands.
        let (tx, unchanged) = store.begin_channel_since("a", 1).await.unwrap();
        assert!(unchanged);
        store.commit_with(tx, Batch::new()).await.unwrap();
        assert_eq!(count(&store, "a").await, 2);
        assert!(store.group_commits() > after);
    }

    /// A transaction of writes alone (`Store::write`): each statement's rows come back apart;
    /// one that fails undoes that transaction's writes only, and the group beside it lands.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn writes_alone_give_each_statement_its_rows_or_are_undone_whole() {
        use super::super::Batch;
        let (_dir, store) = store().await;
        let mut writes = Batch::new();
        writes.push(
            "INSERT INTO channel_changes (channel_id, version) VALUES ($1, 5)",
            vec!["x".into()],
        );
        store.lock_channel_in(&mut writes, "a");
        writes.push(
            "SELECT version FROM channel_changes WHERE channel_id = $1 OR channel_id = $2 \
             ORDER BY channel_id",
            vec!["x".into(), "a".into()],
        );
        writes.push(
            "UPDATE channel_changes SET version = 6 WHERE channel_id = $1",
            vec!["nobody".into()],
        );
        let each = store.write(writes).await.unwrap();
        let versions = |rows: &Vec<sqlx::any::AnyRow>| -> Vec<i64> {
            rows.iter()
                .map(|r| sqlx::Row::try_get(r, 0).unwrap())
                .collect()
        };
        assert_eq!(each.len(), 4, "one list a statement");
        assert_eq!(versions(&each[0]), vec![1], "the lock's count, first");
        assert_eq!(
            versions(&each[1]),
            Vec::<i64>::new(),
            "an insert returns nothing"
        );
        assert_eq!(versions(&each[2]), vec![1, 5]);
        assert!(each[3].is_empty());
        // Beside a member of the same group, writes whose second statement breaks a key.
        let mut first = store.begin().await.unwrap();
        store.lock_channel(&mut first, "b").await.unwrap();
        let failing = {
            let store = store.clone();
            tokio::spawn(async move {
                let mut writes = Batch::new();
                writes.push(
                    "INSERT INTO channel_changes (channel_id, version) VALUES ($1, 1)",
                    vec!["y".into()],
                );
                writes.push(
                    "INSERT INTO channel_changes (channel_id, version) VALUES ($1, 1)",
                    vec!["x".into()],
                );
                store.lock_channel_in(&mut writes, "a");
                store.write(writes).await
            })
        };
        until_waiting(&store, 1).await;
        store.commit(first).await.unwrap();
        assert!(
            failing.await.unwrap().is_err(),
            "channel x is there already"
        );
        assert_eq!(
            (
                count(&store, "a").await,
                count(&store, "b").await,
                count(&store, "x").await,
                count(&store, "y").await
            ),
            (1, 1, 5, 0)
        );
        // The writer is free and sound: the next writes land.
        let mut writes = Batch::new();
        store.lock_channel_in(&mut writes, "a");
        store.write(writes).await.unwrap();
        assert_eq!(count(&store, "a").await, 2);
    }

    /// A group left open for a transaction that never comes to join it is committed by the
    /// watchdog, and its member's commit returns.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_group_left_for_a_transaction_that_never_comes_is_committed() {
        let (_dir, store) = store().await;
        let before = store.group_commits();
        let mut first = store.begin().await.unwrap();
        store.lock_channel(&mut first, "a").await.unwrap();
        // As a waiting transaction whose task ends before it is let in.
        store.grouping.waiting.fetch_add(1, Ordering::SeqCst);
        // A hang guard only: the watchdog commits after 20 ms.
        tokio::time::timeout(std::time::Duration::from_secs(60), store.commit(first))
            .await
            .expect("the watchdog commits the group")
            .unwrap();
        store.grouping.waiting.fetch_sub(1, Ordering::SeqCst);
        assert_eq!(store.group_commits() - before, 1);
        assert_eq!(count(&store, "a").await, 1);
    }

    /// Closing the store commits the open group.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn closing_commits_what_is_open() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("group.sqlite");
        let store = Store::open(path.clone()).await.unwrap();
        let mut first = store.begin().await.unwrap();
        store.lock_channel(&mut first, "a").await.unwrap();
        store.grouping.waiting.fetch_add(1, Ordering::SeqCst);
        let committed = {
            let store = store.clone();
            tokio::spawn(async move { store.commit(first).await })
        };
        while store.group_commits() == 0 && !committed.is_finished() {
            // The commit has released its savepoint and left the group open.
            if store
                .grouping
                .state
                .try_lock()
                .is_ok_and(|s| s.open.as_ref().is_some_and(|o| o.members == 1))
            {
                break;
            }
            tokio::task::yield_now().await;
        }
        store.close().await;
        committed.await.unwrap().unwrap();
        let store = Store::open(path).await.unwrap();
        assert_eq!(count(&store, "a").await, 1);
    }
}
