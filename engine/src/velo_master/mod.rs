//! Velo Master, the dice race (seed 000, the French rulebook), refereed exactly: riders move
//! step by step on the course's cell graph with a d6 as a maximum, d20 tests settle climbs,
//! danger cells and the start order, and the time counts the slots played.
//!
//! Implemented: the Débutant level (VM-001, VM-010, VM-020…031, VM-036…049, VM-063…081). Not
//! yet: entraides (VM-051…062), the Expert and Pro levels. Each ruling our conformance table
//! makes (A-xx) is written beside the code that follows it.
//!
//! Modules: `options` (levels, switches, rider roles), `board` (what the rules read from the
//! course), `tables` (the rulebook's tables), `stage` (state, start phase, rounds and slots),
//! `movement` (steps and their tests), `finish` (summits, finish, time, jerseys), `view`,
//! `bot`, `game` (the registry's adapter).

pub mod acceleration;
pub mod attack;
pub mod board;
pub mod bot;
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
