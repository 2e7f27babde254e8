//! The commissaire bot as a library: the store, the application services, the clock and the
//! scheduler. The binary (`main.rs`) and the end-to-end tests drive these; no Discord type
//! appears here.

pub mod clock;
pub mod courses;
pub mod store;
