//! Velo Master, the dice race (seed 000, the French rulebook), refereed exactly: riders move
//! step by step on the course's cell graph with a d6 as a maximum, d20 tests settle climbs,
//! danger cells and the start order, and the time counts the slots played.
//!
//! Implemented: the Débutant level whole, the Expert level but shared colours (VM-018,
//! VM-019), and the Pro groups but the team classification's tour side; README.md lists the
//! clauses. Each ruling our conformance table makes (A-xx) is written beside the code that
//! follows it.
//!
//! Modules: `options` (levels, switches, rider attributes), `board` (what the rules read from
//! the course), `tables` (the rulebook's tables), `stage` (state, start phase, rounds and
//! slots), `phases` (the dice of a slot, protection, punctures, crash severity), `movement`
//! (steps and their tests), `entraide`, `acceleration`, `neutral` (the neutral team),
//! `condition`, `attack`, `doping` (Pro), `finish` (summits, finish, time, jerseys, team
//! classification), `view`, `bot`, `game` (the registry's adapter).

pub mod acceleration;
pub mod attack;
pub mod board;
pub mod bot;
pub mod classify;
pub mod condition;
pub mod doping;
pub mod entraide;
pub mod events;
pub mod finish;
pub mod game;
mod movement;
pub mod neutral;
pub mod options;
mod phases;
pub mod stage;
pub mod tables;
pub mod view;

pub use events::{Choice, Event, RiderIx};
pub use options::{Level, Options, Role};
pub use stage::{Part, Spot, VeloMaster};
pub use view::VeloView;

pub const ID: &str = "velo-master";
