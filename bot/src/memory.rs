//! Giving memory back to the system when tours go to rest.

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
