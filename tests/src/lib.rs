//! Test infrastructure for driving the bot without Discord: Discord's API description as a
//! request validator, and a fake Discord (REST and gateway) on loopback.
//! End-to-end tests live in tests/tests/.

pub mod fake_discord;
pub mod spec;
