//! The commissaire bot as a library: the SQLite store, the application services, the injected
//! clock and the scheduler, and the two adapters over them, Discord's (`discord`) and the
//! terminal's (`cli`). The binary (`main.rs`) only calls `cli::app::main`, so that a release
//! build compiles the services' async code once, here; the end-to-end tests drive the rest. No
//! Discord type appears outside `discord`.

pub mod cli;
pub mod clock;
pub mod courses;
pub mod discord;
pub mod fuzzing;
pub mod logs;
pub mod memory;
pub mod scheduler;
pub mod services;
pub mod store;
