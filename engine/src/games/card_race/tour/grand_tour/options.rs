//! The named options of the classifications: the alternatives our rulings on house
//! rules B (QB-20…QB-23, see `docs/rules-card-race.md`) leave switchable. The defaults are the
//! rulings' defaults, i.e. the `house-b` preset.

use serde::{Deserialize, Serialize};

/// How the classifications read the rules where the rulings allow a choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TourOptions {
    pub gc_short: GcShort,
    pub steep_bonus: SteepBonus,
    pub team_time: TeamTime,
}

impl TourOptions {
    /// The rulings' defaults, the `house-b` preset's.
    pub const DEFAULT: Self = Self {
        gc_short: GcShort::RowsBetween,
        steep_bonus: SteepBonus::FirstOnly,
        team_time: TeamTime::PerStage,
    };
}

impl Default for TourOptions {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Which rows a rider short of the line pays for (HB-062, QB-20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GcShort {
    /// The rows strictly between the rider and the line.
    #[default]
    RowsBetween,
    /// Those rows and the rider's own row.
    IncludeOwnRow,
}

/// Who gets the extra point of a climb with a steep row (HB-068, QB-22).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SteepBonus {
    /// The first rider over, once per climb.
    #[default]
    FirstOnly,
    /// Every rider the climb pays.
    EveryPlace,
}

/// How a team's time is made (HB-069, QB-23).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamTime {
    /// Each stage, the team's two best stage times are added; the tour time is the sum of them.
    #[default]
    PerStage,
    /// The sum of the two best general-classification totals of the team's riders still racing.
    BestTwoGc,
}
