//! Tours: what every game's tour shares. Stage results, the ledger (the fold of results into
//! running totals), standing rows and tie-breaks, repêchage, presets, validation, and the
//! [`Classifications`] form every game gives the bot. A game's own tables (a cup, its own
//! jerseys, its grand tour's classifications) and how its stages hand on to the next live in its
//! folder (`games/<game>/`).
//!
//! The card race's house rules B grand-tour classifications (general, points, mountains, team,
//! youth, combativity, priced as seed 004 prices them) live in
//! `games::card_race::tour::grand_tour`, with their tables, tests and conformance table
//! (HB-058…HB-073); they are re-exported here (`crate::tour::general`, `standings`, ...) so the
//! bot, the renderer and the tests keep their paths. The ledger still folds with them, and
//! [`TourOptions`] (the switchable readings QB-20…QB-23) stays here because the ledger and Velo
//! Master's classifications take it too.
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
//! Readings of ours where the seed and the rulings are silent (each said where it is applied):
//! a team time trial gives every rider its team's time (HB-057, in [`StageKind`]); summits pay
//! in time trials too ([`mountains`]); the finish points go to the stage ranking that QB-20 uses
//! for the bonus seconds ([`points`]); QX-09 is read for teams in [`team`]; riders who abandon
//! leave the points, mountains and combativity classifications as well as the general; a rider
//! brought back by a repêchage is marked on every row ([`StandingRow::reinstated`]), has no
//! place, points or bonus for the stages it did not finish, and its credited times count for its
//! team (the `repechage` module has the rest).

pub mod classifications;
pub(crate) mod error;
#[cfg(test)]
pub(crate) mod fixtures;
pub(crate) mod ledger;
pub(crate) mod options;
mod plan;
mod repechage;
pub(crate) mod result;
pub(crate) mod standing;
pub mod tables;
pub(crate) mod tiebreak;
pub(crate) mod validate;

pub use classifications::{Classification, Classifications, Jersey, Unit};
pub use error::TourError;
pub use options::{GcShort, SteepBonus, TeamTime, TourOptions};
pub use plan::{PresetError, StagePlan, TourPreset, TourRider, enter_teams, entrants_setup};
pub use repechage::{VoteCount, count_votes, stage_left};
pub use result::{LineResult, Outcome, RiderKey, RiderStage, StageKind, StageResult, SummitResult};
pub use standing::{Award, Score, StandingRow, format_time};

// House rules B's grand-tour classifications live with the card race; re-exported so the bot,
// the renderer and the tests keep their paths.
pub use crate::games::card_race::tour::grand_tour::{
    FINISH, FinalWinners, StageTime, Standings, combativity, final_winners, general, mountains,
    points, ridden_time, stage_combativity, stage_mountain_points, stage_points, stage_times,
    standings, team, youth,
};

pub(crate) use ledger::{Ledger, RiderLine};
pub(crate) use standing::{rider_points_rows, rider_time_rows};
