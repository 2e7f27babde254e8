//! One lock per channel. A channel holds at most one tour that is not finished and a tour never
//! changes channel, so the channel's lock is its tour's lock, and it also covers what creates a
//! tour (there is no tour id yet to lock on). Requests of one tour queue behind each other; other
//! tours go on (SQLite still takes their write transactions one at a time, each short).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::{Mutex as AsyncMutex, OwnedMutexGuard};

/// Past this many entries, locks nobody holds or waits for are dropped when a new one is made.
const PRUNE_ABOVE: usize = 1024;

#[derive(Default)]
pub(crate) struct Locks {
    by_channel: Mutex<HashMap<String, Arc<AsyncMutex<()>>>>,
}

impl Locks {
    /// Waits for the channel's lock; it is released when the guard drops.
    pub async fn lock(&self, channel_id: &str) -> OwnedMutexGuard<()> {
        let lock = {
            let mut map = self.by_channel.lock().expect("lock map");
            if !map.contains_key(channel_id) && map.len() >= PRUNE_ABOVE {
                // Only the map holds these: no guard is out and nobody is waiting.
                map.retain(|_, l| Arc::strong_count(l) > 1);
            }
            Arc::clone(map.entry(channel_id.to_string()).or_default())
        };
        lock.lock_owned().await
    }

    /// Several channels' locks at once, taken in sorted order so that two callers never wait
    /// for each other.
    pub async fn lock_all(&self, channel_ids: &[String]) -> Vec<OwnedMutexGuard<()>> {
        let mut ids: Vec<&String> = channel_ids.iter().collect();
        ids.sort();
        ids.dedup();
        let mut guards = Vec::with_capacity(ids.len());
        for id in ids {
            guards.push(self.lock(id).await);
        }
        guards
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.by_channel.lock().expect("lock map").len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn another_channel_does_not_wait() {
        let locks = Locks::default();
        let _a = locks.lock("a").await;
        let b = tokio::time::timeout(Duration::from_secs(1), locks.lock("b")).await;
        assert!(b.is_ok(), "channel b waited for channel a's lock");
        let again = tokio::time::timeout(Duration::from_millis(50), locks.lock("a")).await;
        assert!(again.is_err(), "channel a's lock was taken twice");
    }

    #[tokio::test]
    async fn unused_locks_are_dropped() {
        let locks = Locks::default();
        for n in 0..3 * PRUNE_ABOVE {
            drop(locks.lock(&n.to_string()).await);
        }
        assert!(locks.len() <= PRUNE_ABOVE + 1);
    }
}
