//! Hulst "Le Tour de France" (seed `003_f0f0fe26d238c817.txt`, Dutch then French; the
//! conformance table `hulst-tour-de-france.md`): up to four teams of three riders, a secret
//! team hand of seconde cards, exact moves in a dynamic order from the front, wind, swap and
//! chance squares, sprints, crashes across the road and the passing principle.

pub mod board;
pub mod bot;
pub mod classify;
pub mod events;
pub mod game;
pub mod options;
pub mod setup;
pub mod stage;
pub mod tables;
pub mod view;

pub use board::{Board, check_course};
pub use events::{Choice, Event, RiderIx, Spot};
pub use options::Options;
pub use setup::SetupError;
pub use stage::{Hulst, Refusal};
pub use view::HulstView;

/// The registry id.
pub const ID: &str = "hulst";
