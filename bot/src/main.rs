//! The `commissaire` binary: the Discord bot (`serve`) and the command line over the engine and
//! the tour services, all in the library's `cli` module.

fn main() -> std::process::ExitCode {
    commissaire::cli::app::main()
}
