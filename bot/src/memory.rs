//! The bot's allocator, and giving memory back to the system when tours go to rest.
//!
//! The `commissaire` binary allocates with mimalloc ([`Allocator`]), and SQLite, whose C code
//! calls `malloc` itself, with glibc's. Clicking back to back, the bot spent a sixth of its
//! CPU in glibc's `malloc` and `free` and in the kernel's switching between threads that
//! waited for an arena's lock (at most two arenas, to keep the memory at rest low): mimalloc
//! gives each thread its own heap. Measured with the load program, 200 tours back to back, the
//! two alternately: 0.68 to 0.77 ms of CPU an interaction instead of 0.90 to 1.03, and 1,941 to
//! 2,111 interactions a second instead of 1,398 to 1,626 (docs/speed.md).
//!
//! A thread's heap keeps the pages it allocated, and a block freed by another thread waits on
//! its page until the owner looks: at rest, with every thread asleep, the memory of the tours
//! let go stays resident. So a [`trim`] asks every thread to collect its heap, and each does
//! the next time it allocates or, for the runtime's threads, as soon as it has nothing to do
//! ([`collect_if_asked`], called from the runtime's park hook).

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How many trims were asked for: each thread collects its heap once for each.
static COLLECTS_ASKED: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// The last trim this thread collected its heap for. Const-initialized and without a
    /// destructor, so that the allocator may read it (it allocates nothing).
    static COLLECTED: Cell<u64> = const { Cell::new(0) };
}

/// Two of mimalloc's options, as numbered in its 3.x `mimalloc.h` (the crate's constants name
/// only older ones); `the_options_are_the_ones_named` checks each by its default.
const MI_OPTION_ARENA_EAGER_COMMIT: libmimalloc_sys::mi_option_t = 4;
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// The global allocator of the `commissaire` binary: mimalloc, whose thread collects its heap
/// once after each [`trim`] when it next allocates.
pub struct Allocator;

// SAFETY: every call goes to mimalloc's own `GlobalAlloc` with the same arguments; what is
// done before it (an atomic load, a thread-local `Cell`, and `mi_collect`, which allocates
// nothing through Rust) does not touch the memory asked for.
unsafe impl std::alloc::GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        if !TUNED.load(Ordering::Relaxed) {
            tune_mimalloc();
            TUNED.store(true, Ordering::Relaxed);
        }
        collect_if_asked();
        // SAFETY: as the caller promised us.
        unsafe { mimalloc::MiMalloc.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        if !TUNED.load(Ordering::Relaxed) {
            tune_mimalloc();
            TUNED.store(true, Ordering::Relaxed);
        }
        collect_if_asked();
        // SAFETY: as the caller promised us.
        unsafe { mimalloc::MiMalloc.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        // SAFETY: as the caller promised us.
        unsafe { mimalloc::MiMalloc.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as the caller promised us.
        unsafe { mimalloc::MiMalloc.realloc(ptr, layout, new_size) }
    }
}

/// mimalloc's options, set by the first allocation (before mimalloc takes its first arena from
/// the system: an arena keeps how it was committed). Measured with the load program, 200 tours
/// back to back (docs/speed.md):
/// - Its arenas are not committed ahead (on Linux it does so by default). Committed ahead, a
///   page it frees is only marked free, for the kernel to take when memory runs short, and it
///   stays resident meanwhile: 65 MB at rest instead of 49-51, peak 206 MB instead of 161-174.
/// - A page freed is given back after 100 ms rather than a second: a board's canvas is
///   megabytes, and a thousand boards are drawn in a few seconds (peak 161 MB against 174).
///   Not at once: giving back every page as it is freed cost 0.1 ms of CPU an interaction.
fn tune_mimalloc() {
    // SAFETY: sets two of mimalloc's integer options, which it reads atomically.
    unsafe {
        libmimalloc_sys::mi_option_set(MI_OPTION_ARENA_EAGER_COMMIT, 0);
        libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, PURGE_DELAY_MS);
    }
}

/// How long mimalloc keeps a freed page before giving it back to the system.
const PURGE_DELAY_MS: std::ffi::c_long = 100;

/// Whether [`tune_mimalloc`] ran (it may run twice, harmlessly, if two threads race).
static TUNED: AtomicBool = AtomicBool::new(false);

/// Collects this thread's mimalloc heap if a [`trim`] was asked for since it last did: its
/// pages left empty, blocks other threads freed included, go back to mimalloc's arenas, which
/// return them to the system.
pub fn collect_if_asked() {
    let asked = COLLECTS_ASKED.load(Ordering::Relaxed);
    if asked == 0 {
        return;
    }
    let _ = COLLECTED.try_with(|seen| {
        if seen.get() != asked {
            seen.set(asked);
            collect();
        }
    });
}

fn collect() {
    // SAFETY: `mi_collect` walks this thread's own heap and mimalloc's arenas under its locks.
    unsafe { libmimalloc_sys::mi_collect(true) }
}

/// Asks the allocators to return the memory they hold free to the system: mimalloc's heaps
/// (this thread's at once, every other thread's when it next allocates or idles:
/// [`collect_if_asked`]), and glibc's, where SQLite allocates. glibc keeps what a thread's
/// arena freed for later use, so after a busy hour the bot's resident memory stayed near its
/// peak though most of it was free: after 200 tours had played, 226 MB resident at rest, 115 MB
/// once trimmed (measured with the load program, docs/speed.md).
pub fn trim() {
    COLLECTS_ASKED.fetch_add(1, Ordering::Relaxed);
    collect_if_asked();
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

/// Sets how glibc's allocator holds memory, once, before the bot's threads start (`serve`).
/// Since mimalloc serves the bot's Rust code, glibc serves SQLite's C code, and the tests.
///
/// - Blocks of 128 KiB and more (a board's canvas is megabytes) are mapped from the system
///   and unmapped when freed. glibc otherwise raises that threshold to the largest block freed
///   so far, after which every canvas is carved from a thread's arena and stays there.
/// - At most two arenas: each thread that allocates (the runtime's, the drawing threads, each
///   SQLite connection's) would otherwise get one of its own, up to eight a core, each holding
///   what its thread freed.
///
/// Measured with 1,000 tours live among 10,000 stored: 69 MB at rest after the run instead of
/// 79 (docs/speed.md).
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
    fn the_options_are_the_ones_named() {
        // mimalloc 3's defaults (`tune` is not called in the tests): each index names its
        // option.
        // SAFETY: reads two of mimalloc's integer options.
        unsafe {
            assert_eq!(
                libmimalloc_sys::mi_option_get(MI_OPTION_ARENA_EAGER_COMMIT),
                2,
                "arena_eager_commit: on systems that overcommit"
            );
            assert_eq!(
                libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY),
                1000,
                "purge_delay, in milliseconds"
            );
        }
    }

    #[test]
    fn a_trim_asks_every_thread_to_collect_once() {
        let before = COLLECTS_ASKED.load(Ordering::Relaxed);
        trim();
        let asked = COLLECTS_ASKED.load(Ordering::Relaxed);
        assert!(asked > before);
        // (Another test's trim may come between: more, never fewer.)
        assert!(
            COLLECTED.with(Cell::get) > before,
            "the trimming thread at once"
        );
        std::thread::spawn(move || {
            assert_eq!(COLLECTED.with(Cell::get), 0, "another thread, not yet");
            collect_if_asked();
            assert!(COLLECTED.with(Cell::get) >= asked, "and then once it looks");
        })
        .join()
        .unwrap();
    }

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
