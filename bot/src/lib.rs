//! The commissaire bot as a library: the SQLite store, the application services, the injected
//! clock and the scheduler. The binary (`main.rs`) and the end-to-end tests drive these; no
//! Discord type appears here.

pub mod clock;
pub mod courses;
pub mod scheduler;
pub mod services;
pub mod store;
