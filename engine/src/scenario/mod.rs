//! Scenario files: the engine's stable contract with the outside world.
//!
//! A scenario gives a ruleset, a course, riders and a script of choices; running it gives one
//! JSON line per turn the ruleset settles, then the result. People use it to check a ruling by
//! hand (with known dice when the game rolls them); tests use it to pin the rules down. Any
//! registered ruleset runs through [`Scripted`], which talks to the stage only through the
//! registry's surface. The card race also keeps the notation it had before the registry
//! ([`Scenario`], `"ruleset": "flamme-rouge"`, cards per round), so that its files give the
//! same bytes as ever. Both are documented in the README.

mod choose;
mod course_ref;
mod lines;
mod runner;
mod script;
mod walk;

pub use course_ref::CourseRef;
// The card race's own cards-per-round notation lives with the card race.
pub use crate::games::card_race::scenario::{
    Outcome, ROUNDS_NOTATION, ResultBody, ResultLine, RiderLine, RoundLine, Scenario,
    ScenarioRider, Until,
};
pub use runner::{ChoiceLine, LineOrder, Played, RollLine, Summary, TurnLine};
pub use script::{Entry, ScriptRider, Scripted};

use crate::course::Course;
use crate::registry::{RULESETS, Scene};
use serde::de::DeserializeOwned;
use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ScenarioError(pub String);

pub(crate) fn fail<T>(message: impl Into<String>) -> Result<T, ScenarioError> {
    Err(ScenarioError(message.into()))
}

/// Reads JSON into `T`; an error names the field it is about (`course.segments[1].terrain`).
pub(crate) fn parse<T: DeserializeOwned>(text: &str) -> Result<T, ScenarioError> {
    let mut de = serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let problem = if inner.is_data() && path != "." {
            format!("`{path}`: {inner}")
        } else {
            inner.to_string()
        };
        ScenarioError(format!("the scenario is not valid: {problem}"))
    })
}

/// A scenario file in either notation, told apart by its `ruleset`.
#[derive(Debug, Clone)]
pub enum ScenarioFile {
    /// The card race's cards per round.
    Rounds(Scenario),
    /// Any registered ruleset's script of choices.
    Script(Scripted),
}

impl ScenarioFile {
    pub fn from_json(text: &str) -> Result<Self, ScenarioError> {
        let value: Value = serde_json::from_str(text)
            .map_err(|e| ScenarioError(format!("the scenario is not valid: {e}")))?;
        match value.get("ruleset").and_then(Value::as_str) {
            Some(ROUNDS_NOTATION) => Scenario::from_json(text).map(ScenarioFile::Rounds),
            Some(id) if !RULESETS.iter().any(|r| r.id == id) => fail(format!(
                "unknown ruleset '{id}': use one of {}, or \"{ROUNDS_NOTATION}\" for the card \
                 race with its cards per round",
                known_rulesets()
            )),
            Some(_) if value.get("rounds").is_some() => fail(format!(
                "`rounds` (cards per round) is the notation of \"ruleset\": \
                 \"{ROUNDS_NOTATION}\"; with a registered ruleset give a `script` of choices"
            )),
            // No ruleset, or one that is not text: the reader names the problem.
            _ => Scripted::from_json(text).map(ScenarioFile::Script),
        }
    }

    pub fn course(
        &self,
        named: impl FnOnce(&str) -> Result<Course, String>,
    ) -> Result<Course, ScenarioError> {
        match self {
            ScenarioFile::Rounds(s) => s.course(named),
            ScenarioFile::Script(s) => s.course.resolve(named),
        }
    }

    /// Plays the scenario on its course (from [`Self::course`]), up to turn `stop_after` when
    /// given.
    pub fn run(
        &self,
        course: Course,
        stop_after: Option<u32>,
    ) -> Result<ScenarioRun, ScenarioError> {
        match self {
            ScenarioFile::Rounds(s) => s
                .run(course, stop_after)
                .map(|o| ScenarioRun::Rounds(Box::new(o))),
            ScenarioFile::Script(s) => s.run(course, stop_after).map(ScenarioRun::Script),
        }
    }
}

/// A scenario played out.
#[derive(Debug)]
pub enum ScenarioRun {
    /// Boxed: a stage played out is large beside a script's record.
    Rounds(Box<Outcome>),
    Script(Played),
}

impl ScenarioRun {
    /// The output: one JSON object per line.
    pub fn to_json_lines(&self) -> String {
        match self {
            ScenarioRun::Rounds(o) => o.to_json_lines(),
            ScenarioRun::Script(p) => p.to_json_lines(),
        }
    }

    /// As [`ScenarioRun::to_json_lines`], with what happened worded by `word` (see
    /// [`Played::to_json_lines_worded`]).
    pub fn to_json_lines_worded(
        &self,
        word: &dyn Fn(&crate::registry::Sentence) -> String,
    ) -> String {
        match self {
            ScenarioRun::Rounds(o) => o.to_json_lines(),
            ScenarioRun::Script(p) => p.to_json_lines_worded(word),
        }
    }

    /// The lines before the result: rounds, or the turns the ruleset settled.
    pub fn turns(&self) -> u32 {
        match self {
            ScenarioRun::Rounds(o) => o.rounds.len() as u32,
            ScenarioRun::Script(p) => p.turns.len() as u32,
        }
    }

    /// What one line of the output is called, for messages.
    pub fn turn_word(&self) -> &'static str {
        match self {
            ScenarioRun::Rounds(_) => "round",
            ScenarioRun::Script(_) => "turn",
        }
    }

    /// What the pictures are drawn from, as the registry gives it.
    pub fn scene(&self) -> Scene {
        match self {
            ScenarioRun::Rounds(o) => o.scene(),
            ScenarioRun::Script(p) => p.stage.scene(),
        }
    }
}

fn known_rulesets() -> String {
    RULESETS.iter().map(|r| r.id).collect::<Vec<_>>().join(", ")
}
