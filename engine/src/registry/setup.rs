//! What any ruleset starts a stage from: the course, the teams, the riders with the ruleset's
//! own attributes, and the ruleset's options, the last two as JSON so that the store and the
//! tour presets can keep them without knowing the game.

use crate::course::{Course, Pos};
use crate::game::Seat;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::Arc;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Setup {
    #[serde(skip)]
    pub course: Arc<Course>,
    /// Team names; a team's index is its seat.
    pub teams: Vec<String>,
    pub riders: Vec<Entrant>,
    /// The ruleset's options (`null` for its defaults).
    pub options: Value,
    /// Die faces to use, in order, before the seed's own rolls (see [`crate::dice::Dice`]):
    /// how a scenario checks a ruling with known rolls. Empty in a real stage.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<u8>,
}

/// One rider entered in a stage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    /// Unique within the stage; the tour's rider key.
    pub id: String,
    pub team: Seat,
    /// Where the rider starts. Leave every start out to have the ruleset lay the riders on its
    /// start grid, front first, in the order given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Pos>,
    /// What the ruleset knows of the rider (for example a rider's kind, what it carries over).
    #[serde(default)]
    pub attributes: Value,
}

/// Why a stage could not start. Each says what to change.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    #[error("there is no ruleset '{id}': use one of {known}")]
    UnknownRuleset { id: String, known: String },
    #[error("the options of {ruleset} are not understood: {message}")]
    Options {
        ruleset: &'static str,
        message: String,
    },
    #[error("rider '{rider}': {message}")]
    Rider { rider: String, message: String },
    #[error("give a start to every rider or to none (the grid is then laid in order)")]
    MixedStarts,
    #[error("{0}")]
    Rules(String),
}

impl Setup {
    /// Every team and every rider has a name: a blank one could not be told apart in a
    /// message, a standing or a script. Checked for every ruleset before its own checks.
    pub fn check_names(&self) -> Result<(), StartError> {
        if let Some(n) = self.teams.iter().position(|t| t.trim().is_empty()) {
            return Err(StartError::Rules(format!(
                "team {} of {} has no name: give every team a name, such as \"Blue\"",
                n + 1,
                self.teams.len()
            )));
        }
        if let Some(n) = self.riders.iter().position(|r| r.id.trim().is_empty()) {
            return Err(StartError::Rules(format!(
                "rider {} of {} has no id: give every rider an id of its own, such as \"BlueR\"",
                n + 1,
                self.riders.len()
            )));
        }
        Ok(())
    }

    /// The riders' starts: as given, or the grid's cells (grown backwards when the field needs
    /// it) in the order the riders are listed. Returns the course the riders stand on.
    pub fn starts(&self) -> Result<(Arc<Course>, Vec<Pos>), StartError> {
        let given: Vec<Pos> = self.riders.iter().filter_map(|r| r.start).collect();
        if given.len() == self.riders.len() {
            return Ok((Arc::clone(&self.course), given));
        }
        if !given.is_empty() {
            return Err(StartError::MixedStarts);
        }
        let course = self.course.with_start_for(self.riders.len());
        let cells = course.start_cells();
        Ok((Arc::new(course), cells[..self.riders.len()].to_vec()))
    }
}
