//! What a game's tour pays for one stage: the times, points, summit points and combativity the
//! shared ledger folds into running totals.
//!
//! Every game prices its stages its own way (house rules B's minute a card and bonus seconds,
//! Velo Master's own clock), but the bookkeeping around the prices is the same for all: who
//! started which stage, who left, who a repêchage brought back and with what time, how
//! many stages each rider won. So the ledger asks the game's [`Pricing`] (given by its line in
//! the registry) for the prices and keeps the rest itself.

use super::error::TourError;
use super::result::{Outcome, RiderKey, StageResult};
use super::standing::Award;
use super::validate;
use serde::{Deserialize, Serialize};

/// One rider's time for one stage, with its parts so the standings can show them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StageTime {
    pub rider: RiderKey,
    pub team: String,
    pub place: u32,
    /// The time ridden, before any bonus (in a team time trial, the team's time).
    pub ridden: i64,
    /// Seconds off for the rider's stage place.
    pub finish_bonus: u32,
    /// Seconds off won at intermediate sprints.
    pub sprint_bonus: u32,
    /// What counts in the general classification: `ridden - finish_bonus - sprint_bonus`.
    pub time: i64,
}

/// How a game prices a stage for its tour. Every method gets a stage already validated
/// ([`validate::stage`]).
pub trait Pricing: Sync + std::fmt::Debug {
    /// Every classified rider's time, in stage-place order: the last is the time of the stage's
    /// last classified rider, which a repêchage credits.
    fn times(&self, stage: &StageResult) -> Vec<StageTime>;

    /// The points the stage pays to the points classification (none by default).
    fn points(&self, _stage: &StageResult) -> Vec<Award> {
        Vec::new()
    }

    /// The points the stage pays to the mountains classification (none by default).
    fn mountains(&self, _stage: &StageResult) -> Vec<Award> {
        Vec::new()
    }

    /// The stage's most combative rider, if the game names one, and the points it scores.
    fn combativity(&self, _stage: &StageResult) -> Option<(RiderKey, u32)> {
        None
    }

    /// How many of a team's stage times make its time for the stage; a team with fewer
    /// finishers has none that stage.
    fn team_counted(&self) -> usize;
}

/// The times `pricing` gives one stage, after checking the stage is well formed.
pub fn priced_times(
    stage: &StageResult,
    pricing: &dyn Pricing,
) -> Result<Vec<StageTime>, TourError> {
    validate::stage(stage)?;
    Ok(pricing.times(stage))
}

/// The times of a game that keeps its own race clock and reports each rider's minutes
/// ([`Outcome::Timed`]): those minutes in seconds, in stage-place order, with no bonus. Velo
/// Master and Maillot Jaune price their stages with it.
pub fn clock_times(stage: &StageResult) -> Vec<StageTime> {
    let mut times: Vec<StageTime> = stage
        .riders
        .iter()
        .filter_map(|r| {
            let Outcome::Timed { minutes, .. } = r.outcome else {
                return None;
            };
            let ridden = i64::from(minutes) * 60;
            Some(StageTime {
                rider: r.rider.clone(),
                team: r.team.clone(),
                place: r.place?,
                ridden,
                finish_bonus: 0,
                sprint_bonus: 0,
                time: ridden,
            })
        })
        .collect();
    times.sort_by_key(|t| t.place);
    times
}
