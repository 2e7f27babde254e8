//! Maillot Jaune (seed 002, the French rulebook of 1979): a tour of three stages where nine
//! riders rated one to three stars per terrain spend energy and form on escapes, safe or
//! against the dice. The conformance table restates it as clauses MJ-001…MJ-063 and our
//! defaults G-01…G-25; each default stands beside its code with its config key
//! (`options::Options`), and docs/maillot-jaune.md lists them.
//!
//! Modules: `tables` (the risky-escape table, the roster), `options` (the level and the
//! defaults' keys), `events` (choices and events), `stage` (state, the one legal-moves
//! function, turns), `game` (the registry's adapter), `view`, `bot`.

pub mod bot;
pub mod classify;
pub mod events;
pub mod game;
pub mod options;
pub mod stage;
pub mod tables;
pub mod view;

pub use events::{Choice, Event, RiderIx};
pub use options::{Level, Options};
pub use stage::{MaillotJaune, MjError, Spot};
pub use view::{MjRiderView, MjView};

pub const ID: &str = "maillot-jaune";
