//! The card race's tour: its classifications (house rules B's six, house rules A's jerseys, the
//! world cup) and how its stages are set up from, and handed back to, the tour.

mod classify;
pub mod grand_tour;
pub mod house_a;
mod stages;
pub mod world_cup;

pub use classify::{PRICING, classifications};
pub use stages::{carry_over, exhaustion_held, stage_result, stage_setup};
