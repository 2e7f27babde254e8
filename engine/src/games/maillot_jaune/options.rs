//! The options of a Maillot Jaune stage: the rule level (MJ-041, G-24) and the config key of
//! every default of ours (G-01…G-25), each named as the conformance table names it.

use super::tables::{Card, default_roster};
use serde::{Deserialize, Serialize};

/// Basic rules, or the complementary ones on top (aspiration, décalage, help after a puncture).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Basic,
    /// G-24's default: the complementary rules on.
    #[default]
    Complementary,
}

/// G-06: which rating a move uses across a change of terrain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TerrainChange {
    /// The terrain of the row just ahead; the whole move stays on that terrain (default).
    #[default]
    StopAtChange,
    /// The rating of the row the rider starts on; the move may run on.
    StartRow,
}

/// G-08: who plays first in round 1 of a stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LaterStages {
    /// Overall order, the yellow jersey first (default).
    #[default]
    GcOrder,
    /// A random first rider, then seat order, as in stage 1.
    RandomThenSeat,
}

/// G-09: who wins when several riders cross in the same round, and how that round's crossers
/// are placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FinishWinner {
    /// In the order they crossed, turn by turn: the first to cross wins (default).
    #[default]
    FirstInPlayOrder,
    /// When the round ends, its crossers are placed by how far past the line they stand; level
    /// riders keep the order they crossed in.
    FurthestPastLine,
}

/// The options of a stage, all with our defaults.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// `rules.level` (G-24).
    pub level: Level,
    /// `terrain_change` (G-06).
    pub terrain_change: TerrainChange,
    /// `risky_escape.puncture_pairs` (G-04): the doubles that puncture.
    pub puncture_pairs: Vec<u8>,
    /// `start.later_stages` (G-08).
    pub later_stages: LaterStages,
    /// `puncture_help.teammates_only` (G-22).
    pub help_teammates_only: bool,
    /// `aspiration.stay_put_pulls` (G-13): off by default.
    pub stay_put_pulls: bool,
    /// `finish.winner` (G-09).
    pub finish_winner: FinishWinner,
    /// `[[riders]]` (G-01): the cards riders are dealt from.
    pub riders: Vec<Card>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            level: Level::Complementary,
            terrain_change: TerrainChange::StopAtChange,
            puncture_pairs: vec![3, 4, 5],
            later_stages: LaterStages::GcOrder,
            help_teammates_only: false,
            stay_put_pulls: false,
            finish_winner: FinishWinner::FirstInPlayOrder,
            riders: default_roster(),
        }
    }
}

impl Options {
    pub fn complementary(&self) -> bool {
        self.level == Level::Complementary
    }
}

/// What a stage reads of a rider's attributes: the card he rides (by name; the next free card
/// of the roster when none), his form (20 before the tour), his minutes so far, his place in
/// each stage so far and his place in the overall order (stages 2 and 3 start in that order,
/// G-08; the places break its ties, G-12).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Attributes {
    pub card: Option<String>,
    /// What is left of his form: 20 before the tour (MJ-005).
    pub form: Option<i64>,
    pub minutes: u32,
    /// His place in each stage ridden, stage 1 first (G-12's tie-breaks).
    pub places: Vec<u32>,
    pub overall: Option<u32>,
    /// The dial at the start of the stage: 6 (MJ-005); a scenario may set another.
    pub energy: Option<i64>,
}

/// The dial's range (MJ-005: 6 before every stage, spent down to 0).
pub const ENERGY_RANGE: (i64, i64) = (0, super::tables::FULL_ENERGY as i64);
/// Form's range (MJ-005: 20 before the tour; MJ-031: it only goes down).
pub const FORM_RANGE: (i64, i64) = (0, super::tables::FULL_FORM as i64);

/// A rider's attribute the game has no room for: refused, never bent into range (a dial of 7
/// is not a dial of 6).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{field}` is {value}, but {what} runs from {min} to {max}: give {min} to {max}")]
pub struct OutOfRange {
    /// The attribute's name, as the rider's `attributes` write it.
    pub field: &'static str,
    pub value: i64,
    pub min: i64,
    pub max: i64,
    /// What the number is, in words.
    pub what: &'static str,
}

impl Attributes {
    /// The dial at the start (6 when not given, MJ-005) and the form (20 when not given), each
    /// refused when out of its range.
    pub fn dial_and_form(&self) -> Result<(u8, u8), OutOfRange> {
        let check = |field, what, value: Option<i64>, (min, max): (i64, i64)| match value {
            None => Ok(max as u8),
            Some(v) if (min..=max).contains(&v) => Ok(v as u8),
            Some(value) => Err(OutOfRange {
                field,
                value,
                min,
                max,
                what,
            }),
        };
        Ok((
            check("energy", "the energy dial", self.energy, ENERGY_RANGE)?,
            check("form", "form", self.form, FORM_RANGE)?,
        ))
    }
}
