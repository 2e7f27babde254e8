//! House rules A for the card race (seed 001, "Règles de différents cyclistes"): stage types,
//! the ten rider profiles and their climb rules, and the time trials. Each rules table lives
//! once, in the module named for it, with the seed section it comes from.
//!
//! CONFORMANCE-A

pub mod brain;
pub mod profiles;
pub mod specialist;
pub mod stage_type;
pub mod time_trial;

pub use brain::BrainBot;
pub use profiles::{ClimbLimit, Profile};
pub use stage_type::StageType;
pub use time_trial::{TimeTrial, TimeTrialBot};
