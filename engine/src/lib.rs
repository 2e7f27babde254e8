//! The rules engine of commissaire.
//!
//! Pure by design (see `docs/architecture.md`): no I/O, no clock, no async. A stage is a setup, a
//! seed and the list of choices made; every ruleset speaks the language of [`game`]:
//! `pending`, `apply`, `view`. Randomness comes only from ChaCha generators seeded by the stage.
//! The [`registry`] maps a ruleset id to its typed game and gives every game one object-safe
//! surface (labelled options, keys, JSON choices and events) for the services.

pub mod course;
pub mod dice;
pub mod game;
pub mod games;
pub mod memo;
pub mod odds;
pub mod registry;
pub mod rng;
pub mod scenario;
pub mod strong;
pub mod suggest;
pub mod tour;

pub use course::{Course, CourseError, Marker, Pos, Terrain};
pub use game::{Decision, Ruleset, Seat, replay};
