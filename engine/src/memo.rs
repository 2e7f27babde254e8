//! A value worked out from a stage, kept with what it was worked out from.
//!
//! A game's legal-moves function is asked the same question many times for one choice (the
//! options shown, the bot's pick, each step's check, the move itself), and in a playout nothing
//! changes in between: a [`Memo`] keeps the last few answers with their keys, the part of the
//! stage each answer depends on (a turn asks of each rider who may move), and gives one back
//! while its key is the same. It is part of the stage
//! only as a cache: a copy of the stage starts empty, two stages compare equal whatever they
//! keep, and it is never serialised. Pure: no clock, no I/O; a lock only so that a stage stays
//! `Sync` (the playouts of `/odds` share one stage between threads, each playing its own copy).

use std::sync::{Arc, Mutex};

pub struct Memo<K, V>(Mutex<Vec<(K, Arc<V>)>>);

/// How many answers a memo keeps: the riders one turn may ask about (a Hulst team's three).
const KEPT: usize = 4;

impl<K: PartialEq, V> Memo<K, V> {
    /// The value kept for `key`, or `work()`'s, then kept in place of the oldest.
    pub fn get_or(&self, key: K, work: impl FnOnce() -> V) -> Arc<V> {
        let mut kept = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some((_, value)) = kept.iter().find(|(k, _)| *k == key) {
            return Arc::clone(value);
        }
        let value = Arc::new(work());
        if kept.len() == KEPT {
            kept.remove(0);
        }
        kept.push((key, Arc::clone(&value)));
        value
    }
}

impl<K, V> Default for Memo<K, V> {
    fn default() -> Self {
        Memo(Mutex::new(Vec::new()))
    }
}

impl<K, V> Clone for Memo<K, V> {
    fn clone(&self) -> Self {
        Memo::default()
    }
}

impl<K, V> PartialEq for Memo<K, V> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<K, V> std::fmt::Debug for Memo<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memo")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn a_value_is_worked_out_again_only_when_its_key_changes() {
        let memo: Memo<u32, u32> = Memo::default();
        let works = Cell::new(0);
        let square = |k: u32| {
            *memo.get_or(k, || {
                works.set(works.get() + 1);
                k * k
            })
        };
        assert_eq!((square(3), square(3)), (9, 9));
        assert_eq!(works.get(), 1);
        assert_eq!(square(4), 16);
        assert_eq!(square(3), 9);
        assert_eq!(works.get(), 2);
        // The oldest goes when a fifth key comes.
        for k in 5..=8 {
            square(k);
        }
        assert_eq!(works.get(), 6);
        assert_eq!(square(8), 64);
        assert_eq!(works.get(), 6);
        assert_eq!(square(3), 9);
        assert_eq!(works.get(), 7);
        // A copy keeps nothing.
        let copy = memo.clone();
        assert_eq!(*copy.get_or(3, || 0), 0);
    }
}
