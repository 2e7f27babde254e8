//! Time, injected: the services and the scheduler read the time only through a [`Clock`], so
//! deadlines, reminders and auto-play on timeout are tested without waiting (`docs/architecture.md`).

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Seconds since the Unix epoch. Seconds are fine-grained enough for turn deadlines and are
/// stored as plain integers in SQLite.
pub type Timestamp = i64;

pub trait Clock: Send + Sync {
    fn now(&self) -> Timestamp;
}

/// The machine's clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Timestamp {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs() as Timestamp)
            .unwrap_or(0)
    }
}

/// A clock that only moves when told: for tests and for replaying a tour at a chosen pace.
#[derive(Debug, Default)]
pub struct ManualClock {
    now: AtomicI64,
}

impl ManualClock {
    pub fn new(start: Timestamp) -> Self {
        ManualClock {
            now: AtomicI64::new(start),
        }
    }
    pub fn set(&self, now: Timestamp) {
        self.now.store(now, Ordering::SeqCst);
    }
    pub fn advance(&self, seconds: i64) {
        self.now.fetch_add(seconds, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Timestamp {
        self.now.load(Ordering::SeqCst)
    }
}

impl<C: Clock + ?Sized> Clock for std::sync::Arc<C> {
    fn now(&self) -> Timestamp {
        (**self).now()
    }
}
