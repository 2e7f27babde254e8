//! Test infrastructure for driving the bot without Discord: Discord's API description as a
//! request validator, a fake Discord (REST and gateway) on loopback, and players at it.
//! End-to-end tests live in tests/tests/.

pub mod drive;
pub mod fake_discord;
pub mod postgres;
pub mod spec;
