//! The stages being raced, kept in memory as rebuilt, so that an answer does not replay every
//! choice of the stage again (which made a round-12 answer cost two to three times a round-1
//! one). An entry is only used while it has as many choices as the store, and it is only put
//! back after a commit, so it is never ahead of what is stored: a miss, a restart, another
//! process writing or a rolled-back request all fall back to a replay.

use commissaire_engine::card_race::Stage;
use std::collections::HashMap;
use std::sync::Mutex;

/// How many stages are kept; the least recently used goes first.
pub(crate) const CAPACITY: usize = 1024;

struct Entry {
    seed: u64,
    choices: u32,
    stage: Stage,
    used: u64,
}

pub(crate) struct WarmStages {
    capacity: usize,
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    entries: HashMap<i64, Entry>,
    clock: u64,
}

impl WarmStages {
    pub fn new(capacity: usize) -> Self {
        WarmStages {
            capacity: capacity.max(1),
            inner: Mutex::new(Inner::default()),
        }
    }

    /// The stage as it stands after `choices` stored choices, if it is kept.
    pub fn get(&self, stage_id: i64, seed: u64, choices: u32) -> Option<Stage> {
        let mut inner = self.inner.lock().expect("warm stages");
        inner.clock += 1;
        let now = inner.clock;
        let e = inner.entries.get_mut(&stage_id)?;
        if e.seed != seed || e.choices != choices {
            return None;
        }
        e.used = now;
        Some(e.stage.clone())
    }

    /// Keeps the stage as it stands after `choices` stored choices (call only with a state the
    /// store has committed).
    pub fn put(&self, stage_id: i64, seed: u64, choices: u32, stage: Stage) {
        let mut inner = self.inner.lock().expect("warm stages");
        inner.clock += 1;
        let used = inner.clock;
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
            },
        );
    }

    /// Forgets a stage (it finished: nobody asks for it as a live stage again).
    pub fn forget(&self, stage_id: i64) {
        self.inner
            .lock()
            .expect("warm stages")
            .entries
            .remove(&stage_id);
    }

    pub fn len(&self) -> usize {
        self.inner.lock().expect("warm stages").entries.len()
    }
}
