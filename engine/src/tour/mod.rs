//! Tours: what every game's tour shares. Stage results, the ledger (the fold of results into
//! running totals), standing rows and tie-breaks, repêchage, presets, validation, and the
//! [`Classifications`] form every game gives the bot. A game's own tables (a cup, its own
//! jerseys, its grand tour's classifications) and how its stages hand on to the next live in its
//! folder (`games/<game>/`).
//!
//! Each game prices a stage its own way: its [`Pricing`] (given by its line in the registry)
//! says what a stage pays in time, points, summit points and combativity, and the ledger folds
//! those into running totals the same way for every game. The card race's house rules B grand
//! tour, with its six classifications and their switchable readings, lives in
//! `games::card_race::tour::grand_tour`; Velo Master's clock in `games::velo_master::classify`.
//!
//! The stage engine reports each finished stage as a [`StageResult`] (plain data: each rider's
//! cards played, where it ended, its stage place, exhaustion counts, and the order over each
//! sprint line and summit). Every classification is one function of the list of results so far,
//! so the standings after any stage are recomputed from the log, never stored. Ties never stay:
//! each classification applies its clause's tie-break, then QX-09 ([`tiebreak`]: countback of
//! stage places, the general classification, the lower start number).
//!
//! # Repêchage (from Velo Master: VM-085, ruling A-48, test vector TV-39)
//!
//! | clause | status | tests |
//! | --- | --- | --- |
//! | VM-085 the directeurs vote a rider back; a tie goes to the stage winner's directeur | implemented: [`count_votes`] (the vote is run by the bot's services) | `repechage::tv_39_*`, `repechage::vm_085_*`, `repechage::a_48_a_directeur_who_changes_their_vote_counts_once_with_the_last`, `repechage::a_48_no_ballot_cast_leaves_the_rider_out` |
//! | A-48 back at the next stage's start, last classified time + 1 min for the stage left | implemented: [`StageResult::rejoined`], credited by the ledger for every stage not finished, time only | `repechage::a_48_*`, `validate::vm_085_*` |
//! | VM-087 an abandoned rider is out for every later stage, unless reinstated | implemented: the ledger, [`stage_left`] | `repechage::vm_087_*`, `ledger::a_rider_who_left_cannot_come_back` |
//!
//! Readings of ours where the seed and the rulings are silent: riders who abandon leave every
//! classification; a rider brought back by a repêchage is marked on every row
//! ([`StandingRow::reinstated`]), has no place, points or bonus for the stages it did not finish,
//! and its credited times count for its team (the `repechage` module has the rest). The card
//! race's own readings are in `games::card_race::tour::grand_tour`.

pub mod classifications;
pub(crate) mod error;
#[cfg(test)]
pub(crate) mod fixtures;
pub(crate) mod ledger;
mod plan;
pub(crate) mod pricing;
mod repechage;
pub(crate) mod result;
pub(crate) mod standing;
pub mod tables;
pub(crate) mod tiebreak;
pub(crate) mod validate;

pub use classifications::{Classification, Classifications, Jersey, Unit};
pub use error::TourError;
pub use plan::{
    Bots, PresetError, StagePlan, TourPreset, TourRider, at_line, enter_teams, entrants_setup,
};
pub use pricing::{Pricing, StageTime, clock_times, priced_times};
pub use repechage::{VoteCount, count_votes, stage_left};
pub use result::{LineResult, Outcome, RiderKey, RiderStage, StageKind, StageResult, SummitResult};
pub use standing::{Award, Score, StandingRow, format_time};

pub(crate) use ledger::{Ledger, RiderLine};
pub(crate) use standing::{rider_points_rows, rider_time_rows};
