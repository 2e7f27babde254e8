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
