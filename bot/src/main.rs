//! The `commissaire` binary: the Discord bot (`serve`) and the command line over the engine and
//! the tour services, all in the library's `cli` module.

/// mimalloc, with what gives its memory back at rest (`commissaire::memory`).
#[global_allocator]
static ALLOCATOR: commissaire::memory::Allocator = commissaire::memory::Allocator;

fn main() -> std::process::ExitCode {
    commissaire::cli::app::main()
}
