//! Giving memory back to the system when tours go to rest.

use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Asks the allocator to return the memory it holds free to the system. glibc keeps what a
/// thread's arena freed for later use, so after a busy hour the bot's resident memory stays
/// near its peak though most of it is free: after 200 tours had played, 226 MB resident at rest,
/// 115 MB once trimmed (measured with the load program, docs/speed.md). Elsewhere a no-op.
pub fn trim() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` only walks glibc's own free lists under its locks; it takes and
    // returns plain integers.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// [`trim`], timed.
pub fn timed_trim() -> Duration {
    let start = Instant::now();
    trim();
    start.elapsed()
}

/// How many trims there were, how long they took in all, the longest, and when the last was.
pub struct Trims {
    count: AtomicU64,
    micros: AtomicU64,
    longest: AtomicU64,
    last: AtomicI64,
}

impl Default for Trims {
    fn default() -> Self {
        Trims {
            count: AtomicU64::new(0),
            micros: AtomicU64::new(0),
            longest: AtomicU64::new(0),
            last: AtomicI64::new(i64::MIN),
        }
    }
}

impl Trims {
    /// Whether `every` seconds have passed at `now` since the last trim (a first one is due).
    pub fn due(&self, now: i64, every: i64) -> bool {
        now.saturating_sub(self.last.load(Ordering::Relaxed)) >= every
    }

    /// Counts a trim made at `now` that took `took`.
    pub fn count(&self, now: i64, took: Duration) {
        self.last.store(now, Ordering::Relaxed);
        let micros = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
        self.count.fetch_add(1, Ordering::Relaxed);
        self.micros.fetch_add(micros, Ordering::Relaxed);
        self.longest.fetch_max(micros, Ordering::Relaxed);
    }

    pub fn read(&self) -> (u64, Duration, Duration) {
        (
            self.count.load(Ordering::Relaxed),
            Duration::from_micros(self.micros.load(Ordering::Relaxed)),
            Duration::from_micros(self.longest.load(Ordering::Relaxed)),
        )
    }
}

/// Sets how the allocator holds memory, once, before the bot's threads start (`serve`).
///
/// - Blocks of 128 KiB and more (a board's canvas is megabytes) are mapped from the system
///   and unmapped when freed. glibc otherwise raises that threshold to the largest block freed
///   so far, after which every canvas is carved from a thread's arena and stays there.
/// - At most two arenas: each thread that allocates (the runtime's, the drawing threads, each
///   SQLite connection's) would otherwise get one of its own, up to eight a core, each holding
///   what its thread freed.
///
/// Measured with 1,000 tours live among 10,000 stored: 69 MB at rest after the run instead of
/// 79 (docs/speed.md). Elsewhere a no-op.
pub fn tune() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` sets two of glibc's integer parameters; called before other threads
    // allocate, and glibc takes its own lock for it anyway.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
        libc::mallopt(libc::M_ARENA_MAX, 2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trim_is_due_every_so_often() {
        let trims = Trims::default();
        assert!(trims.due(0, 60), "the first");
        trims.count(100, Duration::from_millis(3));
        trims.count(130, Duration::from_millis(7));
        assert!(!trims.due(189, 60));
        assert!(trims.due(190, 60));
        assert_eq!(
            trims.read(),
            (2, Duration::from_millis(10), Duration::from_millis(7))
        );
    }
}
