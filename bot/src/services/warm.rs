//! The stages being raced, kept in memory as rebuilt, so that an answer does not replay every
//! choice of the stage again (which made a round-12 answer cost two to three times a round-1
//! one). An entry is only used while it has as many choices as the store, and it is only put
//! back after a commit, so it is never ahead of what is stored: a miss, a restart, another
//! process writing or a rolled-back request all fall back to a replay.

use super::live::SharedStage;
use std::collections::HashMap;
use std::sync::Mutex;

/// How many stages are kept; the least recently used goes first.
pub(crate) const CAPACITY: usize = 1024;

struct Entry<T> {
    seed: u64,
    choices: u32,
    stage: T,
    used: u64,
    /// The clock's time at the last [`WarmStages::rest`] before it was last used (`None`: used
    /// before the first), which is when it was last used to within one pass of the scheduler.
    at: Option<i64>,
}

/// Generic only so that its tests need no stage.
pub(crate) struct WarmStages<T = SharedStage> {
    capacity: usize,
    inner: Mutex<Inner<T>>,
}

struct Inner<T> {
    entries: HashMap<i64, Entry<T>>,
    clock: u64,
    /// The time given to the last [`WarmStages::rest`].
    now: Option<i64>,
}

impl<T: Clone> WarmStages<T> {
    pub fn new(capacity: usize) -> Self {
        WarmStages {
            capacity: capacity.max(1),
            inner: Mutex::new(Inner {
                entries: HashMap::new(),
                clock: 0,
                now: None,
            }),
        }
    }

    /// The stage as it stands after `choices` stored choices, if it is kept (for a
    /// [`SharedStage`], the kept one itself, shared: not a copy).
    pub fn get(&self, stage_id: i64, seed: u64, choices: u32) -> Option<T> {
        let mut inner = self.inner.lock().expect("warm stages");
        inner.clock += 1;
        let (now, at) = (inner.clock, inner.now);
        let e = inner.entries.get_mut(&stage_id)?;
        if e.seed != seed || e.choices != choices {
            return None;
        }
        e.used = now;
        e.at = at;
        Some(e.stage.clone())
    }

    /// Keeps the stage as it stands after `choices` stored choices (call only with a state the
    /// store has committed).
    pub fn put(&self, stage_id: i64, seed: u64, choices: u32, stage: T) {
        let mut inner = self.inner.lock().expect("warm stages");
        inner.clock += 1;
        let (used, at) = (inner.clock, inner.now);
        if !inner.entries.contains_key(&stage_id) && inner.entries.len() >= self.capacity {
            let oldest = inner
                .entries
                .iter()
                .min_by_key(|(_, e)| e.used)
                .map(|(id, _)| *id);
            if let Some(id) = oldest {
                inner.entries.remove(&id);
            }
        }
        inner.entries.insert(
            stage_id,
            Entry {
                seed,
                choices,
                stage,
                used,
                at,
            },
        );
    }

    /// Lets go of the stages nobody asked for in the last `idle` seconds before `now` (the
    /// scheduler's pass): a tour at rest is not held in memory (issue 34). Returns how many
    /// were let go.
    pub fn rest(&self, now: i64, idle: i64) -> usize {
        let mut inner = self.inner.lock().expect("warm stages");
        inner.now = Some(now);
        let before = inner.entries.len();
        inner.entries.retain(|_, e| {
            // Used before the first pass: counted from this one.
            let at = *e.at.get_or_insert(now);
            now - at < idle
        });
        if inner.entries.is_empty() {
            inner.entries.shrink_to_fit();
        }
        before - inner.entries.len()
    }

    /// Forgets a stage (it finished: nobody asks for it as a live stage again).
    pub fn forget(&self, stage_id: i64) {
        self.inner
            .lock()
            .expect("warm stages")
            .entries
            .remove(&stage_id);
    }

    pub fn clear(&self) {
        self.inner.lock().expect("warm stages").entries.clear();
    }

    pub fn len(&self) -> usize {
        self.inner.lock().expect("warm stages").entries.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_stage_is_used_only_at_the_stored_count_and_seed() {
        let warm = WarmStages::new(4);
        warm.put(1, 99, 10, "after 10");
        assert_eq!(warm.get(1, 99, 10), Some("after 10"));
        assert_eq!(warm.get(1, 99, 11), None, "the store has a choice more");
        assert_eq!(warm.get(1, 98, 10), None, "another stage under a reused id");
        warm.forget(1);
        assert_eq!(warm.get(1, 99, 10), None);
    }

    #[test]
    fn a_shared_stage_is_lent_not_copied_and_a_change_copies_it_first() {
        use std::sync::Arc;
        let warm = WarmStages::new(4);
        warm.put(1, 0, 3, Arc::new(String::from("after 3")));
        let read = warm.get(1, 0, 3).expect("kept");
        let again = warm.get(1, 0, 3).expect("kept");
        assert!(Arc::ptr_eq(&read, &again), "two reads share the kept stage");
        // A request changing its stage (`Live::stage_mut`) changes a copy of its own: what is
        // kept stays what the store has committed until the request's commit puts it back.
        let mut changed = read;
        Arc::make_mut(&mut changed).push_str(", then 4");
        assert_eq!(*changed, "after 3, then 4");
        assert_eq!(*warm.get(1, 0, 3).expect("kept"), "after 3");
        assert!(!Arc::ptr_eq(&changed, &again));
    }

    #[test]
    fn the_least_recently_used_stage_goes_first() {
        let warm = WarmStages::new(2);
        warm.put(1, 0, 0, 'a');
        warm.put(2, 0, 0, 'b');
        assert!(warm.get(1, 0, 0).is_some()); // 2 is now the least recently used
        warm.put(3, 0, 0, 'c');
        assert_eq!(warm.len(), 2);
        assert_eq!(warm.get(2, 0, 0), None);
        assert_eq!(warm.get(1, 0, 0), Some('a'));
        assert_eq!(warm.get(3, 0, 0), Some('c'));
        // Putting a kept stage again replaces it without evicting another.
        warm.put(3, 0, 1, 'd');
        assert_eq!(warm.len(), 2);
        assert_eq!(warm.get(1, 0, 0), Some('a'));
    }

    #[test]
    fn a_stage_nobody_asked_for_lately_is_let_go() {
        let warm = WarmStages::new(8);
        warm.put(1, 0, 0, 'a'); // before the first pass: counted from it
        assert_eq!(warm.rest(100, 15), 0);
        warm.put(2, 0, 0, 'b'); // at 100
        assert_eq!(warm.rest(110, 15), 0);
        assert!(warm.get(1, 0, 0).is_some()); // used again at 110
        assert_eq!(warm.rest(114, 15), 0, "2 was used 14 s ago");
        assert_eq!(warm.rest(115, 15), 1, "2 was used 15 s ago");
        assert_eq!(warm.get(2, 0, 0), None);
        assert_eq!(
            warm.get(1, 0, 0),
            Some('a'),
            "1 was used at 110, and again now (115)"
        );
        assert_eq!(warm.rest(129, 15), 0);
        assert_eq!(warm.rest(130, 15), 1);
        assert_eq!(warm.len(), 0);
    }
}
