//! The Discord end-to-end tests again, on PostgreSQL (issue 34): each file below is the test
//! file the SQLite run compiles, included as a module (one tour of each kind of game and the
//! restarts; the other games' long tours and the languages run on SQLite only, since they take
//! the same store paths and would double CI's time); its `common::database` gives each test a
//! PostgreSQL schema of its own on the tests' server (`commissaire_tests::postgres`). Without
//! PostgreSQL they run on SQLite and say so, except under `CI=true`, where that fails.

// Each file includes the shared helpers as its own `mod common`, as it does on its own.
#![allow(clippy::duplicate_mod)]

#[path = "discord_e2e.rs"]
mod discord_e2e;
#[path = "house_a_e2e.rs"]
mod house_a_e2e;
#[path = "hulst_e2e.rs"]
mod hulst_e2e;
#[path = "maillot_jaune_e2e.rs"]
mod maillot_jaune_e2e;
#[path = "outbox_e2e.rs"]
mod outbox_e2e;
