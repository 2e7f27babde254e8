//! The card race's own scenario notation (`"ruleset": "flamme-rouge"`), kept as it was before
//! the registry: a script of cards per round, one JSON line per round with each rider's row,
//! lane and exhaustion in race order, then the finish order. Files written for it keep giving
//! the same bytes; new files use the script of choices ([`super::Scripted`]).

use super::{
    Card, Choice, Hands, Options, Profiles, RiderIdx, RiderKind, RiderSetup, RuleError, Stage,
    StageEnd, StageSetup,
};
use crate::course::{Course, Pos};
use crate::game::Viewer;
use crate::game::{Ruleset, Seat};
use crate::registry::Scene;
use crate::scenario::{CourseRef, ScenarioError, fail, parse};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The ruleset name of the card race's cards-per-round notation.
pub const ROUNDS_NOTATION: &str = "flamme-rouge";

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub ruleset: String,
    #[serde(default)]
    pub seed: u64,
    #[serde(default)]
    pub hands: Hands,
    #[serde(default)]
    pub profiles: Profiles,
    pub course: CourseRef,
    pub riders: Vec<ScenarioRider>,
    #[serde(default)]
    pub rounds: Vec<BTreeMap<String, Card>>,
    #[serde(default)]
    pub until: Until,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioRider {
    pub id: String,
    pub team: String,
    pub kind: RiderKind,
    /// Omit row and lane to take the next free cell of the start grid, front first.
    pub row: Option<u16>,
    pub lane: Option<u8>,
    #[serde(default)]
    pub carried_exhaustion: u16,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Until {
    /// Stop after the round in which the first rider crosses.
    #[default]
    FirstAcross,
    /// Play on until every rider has crossed.
    AllAcross,
    /// Play every scripted round, whoever crosses.
    Script,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RiderLine {
    pub id: String,
    pub row: u16,
    pub lane: u8,
    pub exhaustion: u16,
    pub finished: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoundLine {
    pub round: u32,
    pub riders: Vec<RiderLine>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ResultLine {
    pub result: ResultBody,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ResultBody {
    pub order: Vec<String>,
}

/// A scenario played out: the stage as it stands, one line per round played, and the result.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub stage: Stage,
    pub rounds: Vec<RoundLine>,
    pub result: ResultLine,
    /// Every choice made, in order: with the seed and setup, enough to replay the stage.
    pub log: Vec<(Seat, Choice)>,
}

impl Outcome {
    /// What the pictures are drawn from: the stage as everyone sees it.
    pub fn scene(&self) -> Scene {
        Scene::CardRace(self.stage.view(Viewer::Public))
    }

    /// The output format: one JSON object per line.
    pub fn to_json_lines(&self) -> String {
        let mut out = String::new();
        for line in &self.rounds {
            out.push_str(&serde_json::to_string(line).expect("plain data serialises"));
            out.push('\n');
        }
        out.push_str(&serde_json::to_string(&self.result).expect("plain data serialises"));
        out.push('\n');
        out
    }
}

impl Scenario {
    /// Reads a scenario; an error names the field it is about (`course.segments[1].terrain`).
    pub fn from_json(text: &str) -> Result<Self, ScenarioError> {
        parse(text)
    }

    /// The scenario's course: built here when given inline; a shipped course's name goes to
    /// `named`, the caller's, since the engine reads no files.
    pub fn course(
        &self,
        named: impl FnOnce(&str) -> Result<Course, String>,
    ) -> Result<Course, ScenarioError> {
        self.course.resolve(named)
    }

    /// Builds the stage setup on the scenario's course, already resolved by [`Self::course`].
    pub fn setup(&self, course: Course) -> Result<StageSetup, ScenarioError> {
        if self.ruleset != ROUNDS_NOTATION {
            return fail(format!(
                "unknown ruleset '{}': cards per round are the notation of \"{ROUNDS_NOTATION}\"; \
                 other rulesets take a `script` of choices",
                self.ruleset
            ));
        }
        let mut teams: Vec<String> = Vec::new();
        let mut grid = course.start_cells().into_iter();
        let mut riders = Vec::with_capacity(self.riders.len());
        for r in &self.riders {
            let team = match teams.iter().position(|t| *t == r.team) {
                Some(t) => t,
                None => {
                    teams.push(r.team.clone());
                    teams.len() - 1
                }
            };
            let start = match (r.row, r.lane) {
                (Some(row), Some(lane)) => Pos::new(row, lane),
                (Some(row), None) => Pos::new(row, 0),
                (None, None) => loop {
                    let Some(cell) = grid.next() else {
                        return fail(format!(
                            "no start cell is left for rider '{}': give it a row and lane",
                            r.id
                        ));
                    };
                    if !riders.iter().any(|o: &RiderSetup| o.start == cell)
                        && !self
                            .riders
                            .iter()
                            .any(|o| o.row == Some(cell.row) && o.lane.unwrap_or(0) == cell.lane)
                    {
                        break cell;
                    }
                },
                (None, Some(_)) => {
                    return fail(format!("rider '{}' has a lane but no row", r.id));
                }
            };
            riders.push(RiderSetup {
                id: r.id.clone(),
                team: team as Seat,
                kind: r.kind,
                start,
                carried_exhaustion: r.carried_exhaustion,
            });
        }
        let setup = StageSetup {
            course: Arc::new(course),
            teams,
            riders,
            options: Options {
                hands: self.hands,
                stage_end: match self.until {
                    Until::FirstAcross => StageEnd::FirstAcross,
                    Until::AllAcross | Until::Script => StageEnd::AllAcross,
                },
                profiles: self.profiles,
                ..Options::default()
            },
        };
        setup
            .validate()
            .map_err(|e| ScenarioError(format!("the riders are not valid: {e}")))?;
        Ok(setup)
    }

    /// Plays the script on the scenario's course, up to round `stop_after` when given.
    pub fn run(&self, course: Course, stop_after: Option<u32>) -> Result<Outcome, ScenarioError> {
        let setup = self.setup(course)?;
        let mut stage = Stage::new(setup, self.seed)
            .map_err(|e| ScenarioError(format!("the riders are not valid: {e}")))?;
        let mut rounds = Vec::new();
        let mut log = Vec::new();
        for (k, script) in self.rounds.iter().enumerate() {
            let round = k as u32 + 1;
            if stage.is_over() || stop_after.is_some_and(|n| round > n) {
                break;
            }
            if let Some(unknown) = script
                .keys()
                .find(|id| !stage.setup().riders.iter().any(|r| &r.id == *id))
            {
                return fail(format!("round {round}: there is no rider '{unknown}'"));
            }
            for seat in 0..stage.setup().teams.len() as Seat {
                for &rider in stage.team_riders(seat).to_vec().iter() {
                    if stage.crossed(rider).is_some() {
                        continue;
                    }
                    let id = stage.setup().riders[rider as usize].id.clone();
                    let Some(&card) = script.get(&id) else {
                        return fail(format!("round {round}: no card for rider '{id}'"));
                    };
                    if self.hands == Hands::Deal {
                        let draw = Choice::Draw { rider };
                        stage
                            .apply(seat, &draw)
                            .map_err(|e| round_error(round, e))?;
                        log.push((seat, draw));
                    }
                    let keep = Choice::Keep { rider, card };
                    stage.apply(seat, &keep).map_err(|e| match e {
                        RuleError::CardNotInHand { hand, .. } => ScenarioError(format!(
                            "round {round}: rider '{id}' drew {hand} and cannot keep {card}"
                        )),
                        e => round_error(round, e),
                    })?;
                    log.push((seat, keep));
                }
            }
            rounds.push(round_line(&stage, round));
        }
        let result = ResultLine {
            result: ResultBody {
                order: ids(&stage, &stage.finish_order()),
            },
        };
        Ok(Outcome {
            stage,
            rounds,
            result,
            log,
        })
    }
}

fn round_error(round: u32, e: RuleError) -> ScenarioError {
    ScenarioError(format!("round {round}: {e}"))
}

fn ids(stage: &Stage, order: &[RiderIdx]) -> Vec<String> {
    order
        .iter()
        .map(|&i| stage.setup().riders[i as usize].id.clone())
        .collect()
}

fn round_line(stage: &Stage, round: u32) -> RoundLine {
    RoundLine {
        round,
        riders: stage
            .race_order()
            .into_iter()
            .map(|i| {
                let pos = stage.position(i);
                RiderLine {
                    id: stage.setup().riders[i as usize].id.clone(),
                    row: pos.row,
                    lane: pos.lane,
                    exhaustion: stage.exhaustion_taken(i),
                    finished: stage.crossed(i).is_some(),
                }
            })
            .collect(),
    }
}
