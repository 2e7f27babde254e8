//! What a finished stage looks like to the classifications: plain data, produced by the stage
//! engine (or read back from the store), with nothing the classifications would have to replay.
//!
//! A tour's standings at any moment are a pure function of the list of these results (see
//! `docs/architecture.md`), so the same log always gives the same tables.

use crate::course::Terrain;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A rider's identity for the whole tour. The stage engine and the store must use the same key
/// for the same rider in every stage, since the classifications add stages up by this key.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RiderKey(pub String);

impl RiderKey {
    pub fn new(key: impl Into<String>) -> Self {
        RiderKey(key.into())
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for RiderKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<&str> for RiderKey {
    fn from(key: &str) -> Self {
        RiderKey::new(key)
    }
}

/// The kind of a stage. Seed 004 (house rules B) has no stage-type scales: only time trials
/// change what is paid (MODES DE COURSE – Grand tour – Points; conformance table B4). Flat,
/// hilly and mountain are kept so a tour preset and the standings can say what a stage was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StageKind {
    Flat,
    Hilly,
    Mountain,
    /// Individual time trial (seed 004, TYPES D'EPREUVE – Contre-la-montre individuel): no
    /// points, no sprint or finish bonus seconds (HB-066, QB-18, QB-20).
    TimeTrial,
    /// Team time trial (seed 004, Contre-la-montre par équipe). Every rider of a team gets the
    /// team's time, the time of its last rider across (HB-057; giving it to each rider for the
    /// general classification is our reading, the seed only times the team).
    TeamTimeTrial,
}

impl StageKind {
    pub fn is_time_trial(self) -> bool {
        matches!(self, StageKind::TimeTrial | StageKind::TeamTimeTrial)
    }
}

/// One finished stage, as the classifications need it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StageResult {
    /// 1 for the first stage of the tour, then 2, 3…; the list of results must be in this order
    /// with no gap, so a missing stage is caught rather than silently skipped.
    pub number: u32,
    pub kind: StageKind,
    /// True when the stage's last climb ends on the last row before the finish line (a summit
    /// finish, conformance table 0.1 and QA-10). Such a stage pays no finish points (HB-066,
    /// QB-21); its climb is still reported in [`StageResult::summits`], ranked at the line
    /// (QB-22).
    #[serde(default)]
    pub summit_finish: bool,
    /// Every rider who started the stage, once each. A rider who rode the previous stage and is
    /// missing here abandoned before the start; a rider who leaves during the stage is listed
    /// with [`Outcome::Abandoned`]. Nobody joins after stage 1 but the riders of `rejoined`.
    pub riders: Vec<RiderStage>,
    /// Riders who had left the race and start this stage again, brought back by a repêchage
    /// vote (VM-085, A-48). Each is also in `riders`. For every stage from the one it left to
    /// the one before this, the classifications credit it with that stage's last classified
    /// time plus [`REPECHAGE_DELAY_SECONDS`](super::tables::REPECHAGE_DELAY_SECONDS), and
    /// nothing else: no place, no points, no bonus.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rejoined: Vec<RiderKey>,
    /// Intermediate sprints in course order. Ignored in time trials (table B4).
    #[serde(default)]
    pub sprints: Vec<LineResult>,
    /// Summits (the top row of each climb) in course order, the summit finish included.
    #[serde(default)]
    pub summits: Vec<SummitResult>,
    /// Whether the stage gives bonus seconds: house rules B's 15 / 10 / 5 s to the first three
    /// and 3 / 2 / 1 s at each intermediate sprint (HB-063, HB-064). A ruleset whose rules
    /// define none says `false` (the card race under house rules A: seed 001 has no bonus
    /// seconds), and then the general classification takes the time ridden as it is. A result
    /// stored before this was kept reads as `true`, as it was counted then.
    #[serde(default = "bonus_seconds_given", skip_serializing_if = "is_given")]
    pub bonus_seconds: bool,
    /// What this stage hands the next one of the tour, in the ruleset's own JSON (the card
    /// race: the weather it ended in). The ruleset's `prepare` reads it when the next stage is
    /// set up; the classifications never do.
    #[serde(default, skip_serializing_if = "serde_json::Value::is_null")]
    pub carry: serde_json::Value,
}

fn bonus_seconds_given() -> bool {
    true
}

fn is_given(bonus_seconds: &bool) -> bool {
    *bonus_seconds
}

/// One rider's stage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RiderStage {
    pub rider: RiderKey,
    /// The team's name; it must not change during the tour.
    pub team: String,
    /// The rider's start number (dossard), fixed for the tour and unique: the last tie-break of
    /// every classification (QX-09), so that no tie is ever left to chance.
    pub start_number: u32,
    /// Rounds in which the rider played a card, an attack counting once (QB-20). In a time
    /// trial, counted from the rider's own start (QB-18).
    pub cards_played: u32,
    /// Where the rider ended the stage.
    pub outcome: Outcome,
    /// The rider's place in the stage ranking, 1-based: in a road stage the race order at the
    /// end of the last round (furthest past the line first, then lane 0; riders short of the
    /// line after all who crossed, in the same order, conformance table FR-8); in a time trial,
    /// the order of the stage times. Every rider who finished the stage has one (the finish
    /// bonuses go to places 1 to 3 even if some did not cross, QB-20); `None` exactly when the
    /// rider abandoned. The places of a stage are 1..=n, once each.
    pub place: Option<u32>,
    /// Exhaustion cards the rider holds (draw pile, recycle pile and hand, not the ones played
    /// as energy) when the stage starts (HB-071, QB-25).
    #[serde(default)]
    pub exhaustion_start: u32,
    /// Exhaustion cards the rider holds when the stage ends, counted as for `exhaustion_start`.
    #[serde(default)]
    pub exhaustion_end: u32,
}

/// Where a rider ended its stage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Outcome {
    /// Past the finish line: `rows_past` is 1 for the first row beyond the line (QB-20).
    Crossed { rows_past: u16 },
    /// Short of the line when the stage ended (HB-062).
    Short {
        /// The terrain of the row the rider stands on: charged only with the option
        /// `gc_short = include_own_row` (QB-20).
        own_row: Terrain,
        /// The terrain of every row strictly between the rider's row and the line, each one
        /// charged (QB-20). Steep rows must be given as [`Terrain::Uphill`] (table B5); supply
        /// and feed rows cost as flat.
        to_ride: Vec<Terrain>,
    },
    /// The rider left the race during this stage: no time, no place, and it leaves the tour.
    Abandoned,
    /// A ruleset that times its riders itself (e.g. a race clock in minutes, one a
    /// slot played, VM-078, A-26; a rider still on the road when the race ends is charged for
    /// the levels left, A-25). The time is taken as it is: no row is priced and no bonus given.
    Timed {
        minutes: u32,
        /// Over the line (`false`: timed where the race ended, A-25).
        #[serde(default)]
        across: bool,
        /// Points the rider won on this stage's summits (a climbers' classification's points,
        /// VM-070…074), which its own classifications add up (VM-080).
        #[serde(default)]
        climber_points: u32,
        /// Points a game's own points classification adds up (Hulst: 11 minus the place plus
        /// the sprint points, HT-061); 0 for a game without one.
        #[serde(default, skip_serializing_if = "is_zero")]
        points: u32,
        /// Bonus seconds the rider won on this stage, which a game's own time classification
        /// takes off (Hulst, HT-058); the stage's time stays as ridden (HT-059).
        #[serde(default, skip_serializing_if = "is_zero")]
        bonus_seconds: u32,
    },
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Outcome {
    /// Whether the rider's time is the ruleset's own (see [`Outcome::Timed`]).
    pub fn is_timed(&self) -> bool {
        matches!(self, Outcome::Timed { .. })
    }
}

/// An intermediate sprint line and the order riders crossed it, first over first. Riders who
/// crossed in the same round rank by their position after that round (further first, lane 0
/// first: issue 4, QB-21), which the stage engine settles.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineResult {
    pub name: String,
    /// Every rider who crossed, or at least the first three (only they score).
    pub order: Vec<RiderKey>,
}

/// The top of one climb and the order riders crossed it (HB-067, QB-22).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SummitResult {
    pub name: String,
    /// The climb's length in rows (a maximal run of uphill rows, conformance table 0.1): it sets
    /// the points (table B3). At least 1.
    pub length: u16,
    /// True when the climb has at least one steep (black) row: one extra point (HB-068).
    #[serde(default)]
    pub steep: bool,
    /// Riders in the order they crossed the summit, first over first, ranked as sprint lines.
    pub order: Vec<RiderKey>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::fixtures::*;

    #[test]
    fn a_stage_result_round_trips_through_json() {
        let mut stage = tv15_stage();
        stage.sprints.push(sprint("Km 30", &["R4", "R5"]));
        stage.summits.push(SummitResult {
            name: "Col".into(),
            length: 6,
            steep: true,
            order: keys(&["R1"]),
        });
        stage.riders[4].outcome = Outcome::Abandoned;
        stage.riders[4].place = None;
        let json = serde_json::to_string(&stage).unwrap();
        assert!(json.contains(
            r#""outcome":{"kind":"short","own_row":"uphill","to_ride":["flat","flat","flat"]}"#
        ));
        assert!(json.contains(r#""rider":"R1""#));
        let back: StageResult = serde_json::from_str(&json).unwrap();
        assert_eq!(back, stage);
    }

    #[test]
    fn optional_fields_may_be_left_out() {
        let json = r#"{"number": 1, "kind": "flat", "riders": [{"rider": "a", "team": "Red",
            "start_number": 1, "cards_played": 12, "outcome": {"kind": "crossed", "rows_past": 4},
            "place": 1}]}"#;
        let stage: StageResult = serde_json::from_str(json).unwrap();
        assert!(!stage.summit_finish && stage.sprints.is_empty() && stage.summits.is_empty());
        assert_eq!(stage.riders[0].exhaustion_start, 0);
        assert!(StageKind::TeamTimeTrial.is_time_trial() && !StageKind::Mountain.is_time_trial());
    }

    #[test]
    fn a_timed_outcome_round_trips_and_its_extras_may_be_left_out() {
        let o = Outcome::Timed {
            minutes: 57,
            across: true,
            climber_points: 12,
            points: 0,
            bonus_seconds: 0,
        };
        let json = serde_json::to_string(&o).unwrap();
        assert_eq!(
            json,
            r#"{"kind":"timed","minutes":57,"across":true,"climber_points":12}"#
        );
        assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), o);
        let short: Outcome = serde_json::from_str(r#"{"kind":"timed","minutes":88}"#).unwrap();
        assert_eq!(
            short,
            Outcome::Timed {
                minutes: 88,
                across: false,
                climber_points: 0,
                points: 0,
                bonus_seconds: 0,
            }
        );
    }
}
