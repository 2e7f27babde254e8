//! What requests read of a channel's tour, kept between them (issue 34): the active tour, and
//! its current stage's teams, row and counts of stored choices and events, each under the count
//! of the channel's changes ([`crate::store::changes`]) read before them. Every change of a
//! tour's rows counts one change of its channel in its own transaction ([`Store::lock_channel`]
//! and its kin), so a request that reads the same count finds those rows as stored, and reads
//! one statement instead of five or six; each statement is a hop to a connection's thread and
//! back, and the questions and a choice's preparation read them on every request.
//!
//! Why a kept read is never older than the count it is kept under: it is read after that
//! count, and a count is committed with the rows it counts. (It may be newer: then the count
//! stored is higher by now, and nobody reads the lower one again.) Why it is filled only on a
//! reader, never in a write transaction: there, the count just taken may be rolled back and
//! then taken again by another change, with other rows.
//!
//! In debug builds (the tests) every kept read that is used is checked against the rows read
//! anew: a change of a tour's rows that forgot to count its channel's change fails the test
//! that made it.
//!
//! [`Store::lock_channel`]: crate::store::Store::lock_channel

use super::live::Live;
use super::{ServiceError, Services};
use crate::store::stages::StageRow;
use crate::store::teams::TeamRow;
use crate::store::tours::{self, TourRow};
use crate::store::{self, Conn, results, stages, teams};
use commissaire_engine::tour::StageResult;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// How many channels' reads are kept; the least recently used goes first.
pub(crate) const CAPACITY: usize = 1024;

/// The rows a [`Live`] is made from, but the stage itself (kept in the warm stages).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct StageRows {
    /// By seat.
    pub teams: Vec<TeamRow>,
    pub row: StageRow,
    pub choices: u32,
    pub events: u32,
}

/// A channel's active tour as read at a count of its changes.
#[derive(Clone, Debug)]
pub(crate) struct TourRead {
    pub tour: TourRow,
    /// The count of the channel's changes it was read at; negative: read otherwise (in a
    /// write transaction), not kept.
    pub version: i64,
}

impl TourRead {
    /// A tour read in a write transaction: nothing read with it is kept.
    pub fn unkept(tour: TourRow) -> TourRead {
        TourRead { tour, version: -1 }
    }
}

struct Entry {
    version: i64,
    tour: TourRow,
    /// Shared, not cloned, with the requests that find it (a stage's teams and starters).
    stage: Option<Arc<StageRows>>,
    /// The tour's finished stages' results, in stage order.
    results: Option<Arc<Vec<StageResult>>>,
    /// When the turn being played opened, for the status message: `(tour, stage number, round,
    /// the time)`. Kept whatever the count: it is the time of the last choice of an earlier
    /// turn, and once a turn is being played no choice of an earlier one is ever added.
    opened: Option<Opened>,
    used: u64,
    /// As in the warm stages: the time of the last rest pass before it was last used.
    at: Option<i64>,
}

/// A turn, `(tour, stage number, round)`, and when it opened (`None`: before any choice).
type Opened = ((i64, u32, u32), Option<i64>);

pub(crate) struct KeptReads {
    capacity: usize,
    inner: Mutex<Inner>,
    /// How many reads were found kept: a tour, or a stage's rows, each counts one.
    hits: std::sync::atomic::AtomicU64,
}

#[derive(Default)]
struct Inner {
    entries: HashMap<String, Entry>,
    clock: u64,
    now: Option<i64>,
}

impl KeptReads {
    pub fn new(capacity: usize) -> Self {
        KeptReads {
            capacity: capacity.max(1),
            inner: Mutex::new(Inner::default()),
            hits: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// Runs `f` on the channel's entry if it was kept at count `version`, marking it used.
    fn with_entry<R>(
        &self,
        channel_id: &str,
        version: i64,
        f: impl FnOnce(&Entry) -> Option<R>,
    ) -> Option<R> {
        let mut inner = self.inner.lock().expect("kept reads");
        inner.clock += 1;
        let (now, at) = (inner.clock, inner.now);
        let e = inner.entries.get_mut(channel_id)?;
        if e.version != version {
            return None;
        }
        e.used = now;
        e.at = at;
        f(e)
    }

    /// The channel's tour kept at count `version`.
    fn get_tour(&self, channel_id: &str, version: i64) -> Option<TourRow> {
        self.with_entry(channel_id, version, |e| Some(e.tour.clone()))
    }

    /// The rows of `tour`'s stage kept at count `version`. Only with the same tour: two reads
    /// after the same count may differ (one made after a later change too), and a stage's rows
    /// go only with the tour they were read with.
    fn get_stage(&self, channel_id: &str, version: i64, tour: &TourRow) -> Option<Arc<StageRows>> {
        self.with_entry(channel_id, version, |e| {
            (e.tour == *tour).then(|| e.stage.clone()).flatten()
        })
    }

    /// Keeps the tour read after count `version` (read on a reader only). A read kept at the
    /// same or a higher count stays: one read after the same count is never older (see above),
    /// and keeping it keeps the stage's rows read with it.
    fn put_tour(&self, channel_id: &str, version: i64, tour: &TourRow) {
        let mut inner = self.inner.lock().expect("kept reads");
        inner.clock += 1;
        let (used, at) = (inner.clock, inner.now);
        if let Some(e) = inner.entries.get_mut(channel_id) {
            if e.version >= version {
                return;
            }
            *e = Entry {
                version,
                tour: tour.clone(),
                stage: None,
                results: None,
                opened: e.opened.take(),
                used,
                at,
            };
            return;
        }
        if inner.entries.len() >= self.capacity
            && let Some(oldest) = inner
                .entries
                .iter()
                .min_by_key(|(_, e)| e.used)
                .map(|(k, _)| k.clone())
        {
            inner.entries.remove(&oldest);
        }
        inner.entries.insert(
            channel_id.to_string(),
            Entry {
                version,
                tour: tour.clone(),
                stage: None,
                results: None,
                opened: None,
                used,
                at,
            },
        );
    }

    /// When the turn `turn` (tour, stage number, round) opened, if kept.
    fn get_opened(&self, channel_id: &str, turn: (i64, u32, u32)) -> Option<Option<i64>> {
        let inner = self.inner.lock().expect("kept reads");
        let (kept, at) = inner.entries.get(channel_id)?.opened?;
        (kept == turn).then_some(at)
    }

    /// Keeps when the turn `turn` opened, with what the channel keeps.
    fn put_opened(&self, channel_id: &str, turn: (i64, u32, u32), at: Option<i64>) {
        let mut inner = self.inner.lock().expect("kept reads");
        if let Some(e) = inner.entries.get_mut(channel_id) {
            e.opened = Some((turn, at));
        }
    }

    /// The results of `tour`'s finished stages kept at count `version`, with the same tour.
    fn get_results(
        &self,
        channel_id: &str,
        version: i64,
        tour: &TourRow,
    ) -> Option<Arc<Vec<StageResult>>> {
        self.with_entry(channel_id, version, |e| {
            (e.tour == *tour).then(|| e.results.clone()).flatten()
        })
    }

    /// Keeps the results of the tour kept at count `version`.
    fn put_results(
        &self,
        channel_id: &str,
        version: i64,
        tour: &TourRow,
        results: Arc<Vec<StageResult>>,
    ) {
        let mut inner = self.inner.lock().expect("kept reads");
        if let Some(e) = inner.entries.get_mut(channel_id)
            && e.version == version
            && e.tour == *tour
        {
            e.results = Some(results);
        }
    }

    /// The count the channel's tour and its stage's rows are kept at, when both are: what a
    /// choice may guess the count to be, its write checking the guess.
    pub fn latest(&self, channel_id: &str) -> Option<i64> {
        let inner = self.inner.lock().expect("kept reads");
        let e = inner.entries.get(channel_id)?;
        e.stage.as_ref().map(|_| e.version)
    }

    /// Lets go of what is kept of the channel.
    pub fn forget(&self, channel_id: &str) {
        self.inner
            .lock()
            .expect("kept reads")
            .entries
            .remove(channel_id);
    }

    /// Moves what is kept at count `from` to count `to`, as it is.
    fn carry(&self, channel_id: &str, from: i64, to: i64) {
        let mut inner = self.inner.lock().expect("kept reads");
        if let Some(e) = inner.entries.get_mut(channel_id)
            && e.version == from
        {
            e.version = to;
        }
    }

    /// Keeps the stage's rows of the tour kept at count `version`.
    fn put_stage(&self, channel_id: &str, version: i64, tour: &TourRow, rows: StageRows) {
        let mut inner = self.inner.lock().expect("kept reads");
        if let Some(e) = inner.entries.get_mut(channel_id)
            && e.version == version
            && e.tour == *tour
        {
            e.stage = Some(Arc::new(rows));
        }
    }

    /// Lets go of what nobody asked for in the last `idle` seconds before `now`.
    pub fn rest(&self, now: i64, idle: i64) -> usize {
        let mut inner = self.inner.lock().expect("kept reads");
        inner.now = Some(now);
        let before = inner.entries.len();
        inner.entries.retain(|_, e| {
            let at = *e.at.get_or_insert(now);
            now - at < idle
        });
        if inner.entries.is_empty() {
            inner.entries.shrink_to_fit();
        }
        before - inner.entries.len()
    }

    pub fn clear(&self) {
        self.inner.lock().expect("kept reads").entries.clear();
    }

    pub fn len(&self) -> usize {
        self.inner.lock().expect("kept reads").entries.len()
    }

    pub fn hits(&self) -> u64 {
        self.hits.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Counts a read found kept.
    fn hit(&self) {
        self.hits.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
}

impl Services {
    /// The count of the channel's changes, then its active tour (`None`: it has none), kept
    /// from an earlier request when the count is the same. Only on a reader.
    pub(crate) async fn read_tour(
        &self,
        conn: &mut Conn,
        channel_id: &str,
    ) -> Result<Option<TourRead>, ServiceError> {
        let version = store::changes(conn, channel_id).await?;
        self.read_tour_at(conn, channel_id, version).await
    }

    /// As [`Services::read_tour`], the count read already (`version`, read before anything
    /// else of the request).
    pub(crate) async fn read_tour_at(
        &self,
        conn: &mut Conn,
        channel_id: &str,
        version: i64,
    ) -> Result<Option<TourRead>, ServiceError> {
        if let Some(tour) = self.kept.get_tour(channel_id, version) {
            self.kept.hit();
            #[cfg(debug_assertions)]
            self.check_kept_tour(conn, channel_id, version, &tour)
                .await?;
            return Ok(Some(TourRead { tour, version }));
        }
        let Some(tour) = tours::active_in_channel(conn, channel_id).await? else {
            return Ok(None);
        };
        self.kept.put_tour(channel_id, version, &tour);
        Ok(Some(TourRead { tour, version }))
    }

    /// As [`Services::active_tour`] (a refusal when the channel races nothing), through the
    /// kept reads. Only on a reader.
    pub(crate) async fn read_active_tour(
        &self,
        conn: &mut Conn,
        channel_id: &str,
        version: Option<i64>,
    ) -> Result<TourRead, ServiceError> {
        let read = match version {
            Some(v) => self.read_tour_at(conn, channel_id, v).await?,
            None => self.read_tour(conn, channel_id).await?,
        };
        match read {
            Some(read) => Ok(read),
            // Says why: over, or never begun.
            None => self
                .active_tour(conn, channel_id)
                .await
                .map(TourRead::unkept),
        }
    }

    /// As [`Services::load_live`], through the kept reads: the stage's rows kept with the tour
    /// at the same count, and the stage itself from the warm stages. Only on a reader, unless
    /// the tour was read [`TourRead::unkept`].
    pub(crate) async fn read_live(
        &self,
        conn: &mut Conn,
        read: TourRead,
    ) -> Result<Live, ServiceError> {
        if read.version < 0 {
            return self.load_live(conn, read.tour).await;
        }
        let channel_id = read.tour.channel_id.clone();
        let kept = self.kept.get_stage(&channel_id, read.version, &read.tour);
        if let Some(rows) = kept {
            self.kept.hit();
            #[cfg(debug_assertions)]
            self.check_kept_stage(conn, &read, &rows).await?;
            if let Some(stage) = self.warm.get(rows.row.id, rows.row.seed, rows.choices) {
                return self.live_from(read.tour, Arc::unwrap_or_clone(rows), stage);
            }
        }
        let rows = self.stage_rows(conn, &read.tour).await?;
        self.kept
            .put_stage(&channel_id, read.version, &read.tour, rows.clone());
        self.load_live_from(conn, read.tour, rows).await
    }

    /// Keeps the race as a write transaction left it, committed at count `version` of its
    /// channel's changes with nothing else changed since the count before it: the next
    /// request of the tour reads one statement, not six. The debug builds' check (above)
    /// holds the write paths to it.
    pub(crate) fn keep_read(&self, version: i64, live: &Live) {
        let channel_id = &live.tour.channel_id;
        // The change wrote no result (the stage it was made in goes on): the results kept at
        // the count before it stand.
        let results = self.kept.get_results(channel_id, version - 1, &live.tour);
        self.kept.put_tour(channel_id, version, &live.tour);
        if let Some(results) = results {
            self.kept
                .put_results(channel_id, version, &live.tour, results);
        }
        self.kept.put_stage(
            channel_id,
            version,
            &live.tour,
            StageRows {
                teams: live.teams.clone(),
                row: live.row.clone(),
                choices: live.choices,
                events: live.events,
            },
        );
    }

    /// A change of the channel's tour that wrote none of the rows kept (a round's post
    /// remembered or forgotten, a post marked delivered with it), committed at count `version`
    /// of its channel's changes, first in `written` as [`Store::lock_channel_in`] puts it: what
    /// was kept at the count before stands at this one, for nothing else changed between the
    /// two. The next request reads one statement, not four.
    ///
    /// [`Store::lock_channel_in`]: crate::store::Store::lock_channel_in
    pub(crate) fn kept_through(&self, channel_id: &str, written: &[Vec<sqlx::any::AnyRow>]) {
        let version = written
            .first()
            .and_then(|rows| rows.first())
            .and_then(|row| sqlx::Row::try_get::<i64, _>(row, 0).ok());
        if let Some(version) = version {
            self.kept_through_to(channel_id, version);
        }
    }

    /// As [`Services::kept_through`], the change's count given.
    pub(crate) fn kept_through_to(&self, channel_id: &str, version: i64) {
        self.kept.carry(channel_id, version - 1, version);
    }

    /// The results of the tour's finished stages, in stage order, through the kept reads.
    /// Only on a reader, unless the tour was read [`TourRead::unkept`].
    pub(crate) async fn read_results(
        &self,
        conn: &mut Conn,
        read: &TourRead,
    ) -> Result<Arc<Vec<StageResult>>, ServiceError> {
        let channel_id = &read.tour.channel_id;
        if read.version >= 0
            && let Some(kept) = self.kept.get_results(channel_id, read.version, &read.tour)
        {
            self.kept.hit();
            #[cfg(debug_assertions)]
            {
                let stored = results::list(conn, read.tour.id).await?;
                if store::changes(conn, channel_id).await? == read.version {
                    assert_eq!(
                        &stored, &*kept,
                        "channel {channel_id}: a tour's results were changed without counting its channel's change"
                    );
                }
            }
            return Ok(kept);
        }
        let done = Arc::new(results::list(conn, read.tour.id).await?);
        if read.version >= 0 {
            self.kept
                .put_results(channel_id, read.version, &read.tour, done.clone());
        }
        Ok(done)
    }

    /// When the turn being played in `live` opened: the time of the last choice of an earlier
    /// turn ([`choices::turn_opened`]), kept with the channel's reads once read, since it does
    /// not change while that turn is played (issue 34: the status message asks after every
    /// post).
    ///
    /// [`choices::turn_opened`]: crate::store::choices::turn_opened
    pub(crate) async fn turn_opened(
        &self,
        conn: &mut Conn,
        live: &Live,
    ) -> Result<Option<i64>, ServiceError> {
        let channel_id = &live.tour.channel_id;
        let turn = (live.tour.id, live.row.number, live.turn());
        if let Some(at) = self.kept.get_opened(channel_id, turn) {
            self.kept.hit();
            #[cfg(debug_assertions)]
            assert_eq!(
                store::choices::turn_opened(conn, turn.0, turn.1, turn.2).await?,
                at,
                "channel {channel_id}: a choice was added to a turn before the one being played"
            );
            return Ok(at);
        }
        let at = store::choices::turn_opened(conn, turn.0, turn.1, turn.2).await?;
        self.kept.put_opened(channel_id, turn, at);
        Ok(at)
    }

    /// The rows of the tour's current stage.
    pub(crate) async fn stage_rows(
        &self,
        conn: &mut Conn,
        tour: &TourRow,
    ) -> Result<StageRows, ServiceError> {
        let teams = teams::list(conn, tour.id).await?;
        let (row, choices, events) = stages::get_counted(conn, tour.id, tour.current_stage)
            .await?
            .ok_or_else(|| {
                ServiceError::Broken(format!(
                    "tour {} has no stage {}",
                    tour.id, tour.current_stage
                ))
            })?;
        Ok(StageRows {
            teams,
            row,
            choices,
            events,
        })
    }

    /// In debug builds: the kept tour is the one stored while the count is the same.
    #[cfg(debug_assertions)]
    async fn check_kept_tour(
        &self,
        conn: &mut Conn,
        channel_id: &str,
        version: i64,
        kept: &TourRow,
    ) -> Result<(), ServiceError> {
        let stored = tours::active_in_channel(conn, channel_id).await?;
        if store::changes(conn, channel_id).await? == version {
            assert_eq!(
                stored.as_ref(),
                Some(kept),
                "channel {channel_id}: a tour was changed without counting its channel's change"
            );
        }
        Ok(())
    }

    /// In debug builds: the kept stage's rows are those stored while the count is the same.
    #[cfg(debug_assertions)]
    async fn check_kept_stage(
        &self,
        conn: &mut Conn,
        read: &TourRead,
        kept: &StageRows,
    ) -> Result<(), ServiceError> {
        let stored = self.stage_rows(conn, &read.tour).await?;
        let channel_id = &read.tour.channel_id;
        if store::changes(conn, channel_id).await? == read.version {
            assert_eq!(
                &stored, kept,
                "channel {channel_id}: a stage's rows were changed without counting its channel's change"
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tours::TourStatus;

    fn tour(id: i64, status: TourStatus) -> TourRow {
        TourRow {
            id,
            channel_id: "c".into(),
            preset: "p".into(),
            seed: 1,
            seats: 4,
            turn_deadline_secs: 60,
            decision_deadline_secs: None,
            ruleset: "card-race".into(),
            options: serde_json::Value::Null,
            status,
            current_stage: 1,
            created_by: "u".into(),
            created_at: 0,
            language: Default::default(),
        }
    }

    /// The tour kept at the count, and its stage's rows if they were kept with it.
    fn get(
        kept: &KeptReads,
        channel_id: &str,
        version: i64,
    ) -> Option<(TourRow, Option<StageRows>)> {
        let tour = kept.get_tour(channel_id, version)?;
        let stage = kept
            .get_stage(channel_id, version, &tour)
            .map(Arc::unwrap_or_clone);
        Some((tour, stage))
    }

    fn rows(choices: u32) -> StageRows {
        StageRows {
            teams: Vec::new(),
            row: StageRow {
                id: 1,
                tour_id: 7,
                number: 1,
                course: "course".into(),
                kind: commissaire_engine::tour::StageKind::Flat,
                seed: 2,
                starters: Vec::new(),
                finished: false,
                round: 3,
                deadline: None,
                options: None,
                salt: None,
            },
            choices,
            events: 2 * choices,
        }
    }

    #[test]
    fn a_kept_read_is_used_only_at_its_count() {
        let kept = KeptReads::new(4);
        let t = tour(7, TourStatus::Running);
        kept.put_tour("c", 3, &t);
        kept.put_stage("c", 3, &tour(7, TourStatus::Running), rows(5));
        let (got, stage) = get(&kept, "c", 3).expect("kept at 3");
        assert_eq!(got, t);
        assert_eq!(stage, Some(rows(5)));
        assert!(get(&kept, "c", 4).is_none(), "the channel changed since");
        assert!(get(&kept, "c", 2).is_none());
        assert!(get(&kept, "d", 3).is_none(), "another channel");
    }

    #[test]
    fn a_stage_is_kept_only_with_its_tour_at_the_same_count() {
        let kept = KeptReads::new(4);
        kept.put_tour("c", 3, &tour(7, TourStatus::Running));
        kept.put_stage("c", 4, &tour(7, TourStatus::Running), rows(5));
        assert_eq!(
            get(&kept, "c", 3).expect("kept").1,
            None,
            "read at 4, not 3"
        );
        kept.put_stage("c", 3, &tour(8, TourStatus::Running), rows(5));
        assert_eq!(get(&kept, "c", 3).expect("kept").1, None, "another tour");
        kept.put_stage("c", 3, &tour(7, TourStatus::Running), rows(5));
        assert_eq!(get(&kept, "c", 3).expect("kept").1, Some(rows(5)));
    }

    #[test]
    fn a_newer_read_replaces_an_older_one_and_never_the_reverse() {
        let kept = KeptReads::new(4);
        kept.put_tour("c", 3, &tour(7, TourStatus::Running));
        kept.put_stage("c", 3, &tour(7, TourStatus::Running), rows(5));
        // The same read again keeps the stage's rows.
        kept.put_tour("c", 3, &tour(7, TourStatus::Running));
        assert_eq!(get(&kept, "c", 3).expect("kept").1, Some(rows(5)));
        kept.put_tour("c", 5, &tour(7, TourStatus::Paused));
        assert!(get(&kept, "c", 3).is_none());
        assert_eq!(get(&kept, "c", 5).expect("kept").1, None);
        kept.put_tour("c", 4, &tour(7, TourStatus::Running));
        assert_eq!(
            get(&kept, "c", 5).expect("kept at 5").0.status,
            TourStatus::Paused,
            "a slower request's older read does not replace it"
        );
    }

    #[test]
    fn a_stage_goes_only_with_the_tour_it_was_read_with() {
        let kept = KeptReads::new(4);
        let newer = TourRow {
            current_stage: 2,
            ..tour(7, TourStatus::Running)
        };
        let older = tour(7, TourStatus::Running);
        // Two reads after count 3, one of them after a later change too: the first kept stays.
        kept.put_tour("c", 3, &newer);
        kept.put_tour("c", 3, &older);
        assert_eq!(get(&kept, "c", 3).expect("kept").0, newer);
        // The older read's stage rows are not kept with the newer tour, nor given with it.
        kept.put_stage("c", 3, &older, rows(5));
        assert!(kept.get_stage("c", 3, &newer).is_none());
        kept.put_stage("c", 3, &newer, rows(6));
        assert!(
            kept.get_stage("c", 3, &older).is_none(),
            "the newer read's rows are not given with the older tour"
        );
        assert_eq!(
            kept.get_stage("c", 3, &newer).map(Arc::unwrap_or_clone),
            Some(rows(6))
        );
    }

    #[test]
    fn the_least_recently_used_channel_goes_first_and_rest_lets_go() {
        let kept = KeptReads::new(2);
        kept.put_tour("a", 1, &tour(1, TourStatus::Running));
        kept.put_tour("b", 1, &tour(2, TourStatus::Running));
        assert!(get(&kept, "a", 1).is_some());
        kept.put_tour("c", 1, &tour(3, TourStatus::Running));
        assert_eq!(kept.len(), 2);
        assert!(get(&kept, "b", 1).is_none());
        assert_eq!(kept.rest(100, 15), 0);
        assert!(get(&kept, "a", 1).is_some()); // used at 100
        assert_eq!(kept.rest(114, 15), 0);
        assert_eq!(kept.rest(115, 15), 2);
        assert_eq!(kept.len(), 0);
    }
}
