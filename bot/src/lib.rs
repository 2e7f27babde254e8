//! The commissaire bot as a library: the SQLite store, the application services, the injected
//! clock and the scheduler, and the Discord adapter over them. The binary (`main.rs`) and the
//! end-to-end tests drive these; no Discord type appears outside `discord`.

pub mod clock;
pub mod courses;
pub mod discord;
pub mod logs;
pub mod scheduler;
pub mod services;
pub mod store;
