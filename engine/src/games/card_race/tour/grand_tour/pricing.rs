//! How house rules B prices a stage for the shared ledger (seed 004, GRAND TOUR – CLASSEMENTS):
//! a minute a card with bonus seconds (HB-061…HB-064), sprint and finish points (HB-064…HB-066),
//! summit points (HB-067, HB-068), a combativity point (HB-071) and a team's two best times
//! (HB-069). House rules A's tours and the world cup fold with it too, their stages saying what
//! they leave out (no bonus seconds in house A, `StageResult::bonus_seconds`).

use super::combativity::stage_combativity_checked;
use super::mountains::stage_mountain_points_checked;
use super::options::TourOptions;
use super::points::stage_points_checked;
use super::tables::{COMBATIVITY_POINTS, TEAM_COUNTED_RIDERS};
use super::time::stage_times_checked;
use crate::tour::error::TourError;
use crate::tour::ledger::Ledger;
use crate::tour::pricing::{Pricing, StageTime};
use crate::tour::result::{RiderKey, StageResult};
use crate::tour::standing::Award;

/// House rules B's prices, read with the tour's switchable readings (QB-20…QB-23).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GrandTour(pub TourOptions);

impl Pricing for GrandTour {
    fn times(&self, stage: &StageResult) -> Vec<StageTime> {
        stage_times_checked(stage, &self.0)
    }

    fn points(&self, stage: &StageResult) -> Vec<Award> {
        stage_points_checked(stage)
    }

    fn mountains(&self, stage: &StageResult) -> Vec<Award> {
        stage_mountain_points_checked(stage, &self.0)
    }

    fn combativity(&self, stage: &StageResult) -> Option<(RiderKey, u32)> {
        stage_combativity_checked(stage).map(|rider| (rider, COMBATIVITY_POINTS))
    }

    fn team_counted(&self) -> usize {
        TEAM_COUNTED_RIDERS
    }
}

/// The card race's stages folded with its grand tour's prices.
pub(crate) fn ledger(stages: &[StageResult], options: &TourOptions) -> Result<Ledger, TourError> {
    Ledger::build(stages, &GrandTour(*options))
}
