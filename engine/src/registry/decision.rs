//! Decisions as every ruleset states them: who owes one, at which step, and the options, each
//! with a label a player reads and a key a button or command carries.

use super::key::Key;
use crate::game::Seat;
use serde::Serialize;
use serde_json::Value;
use std::sync::Arc;

/// Text shared between many options (a rider's name), cheap to hand out again and again.
pub type Text = Arc<str>;

/// One decision a seat owes now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Pending {
    pub seat: Seat,
    /// The seat's decision number. It moves on each time a decision of this seat is taken, so
    /// a button drawn for an earlier step is known to be stale, never applied to a later one.
    /// It counts per seat, not per stage: in a game where everyone chooses at once another
    /// team's choice must not turn this team's buttons stale.
    pub step: u32,
    pub options: Vec<LabelledOption>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LabelledOption {
    /// What the option is about, for grouping buttons and menus (e.g. the rider it moves).
    pub group: Text,
    /// What the player reads, in the engine's English, e.g. "Keep 5": scenario files name
    /// options by it.
    pub label: Text,
    pub key: Key,
    /// The label as the message catalogue words it, in the player's language: a message id and
    /// its arguments (its `text` is left empty: `label` is the English).
    pub said: Sentence,
    /// The group as the catalogue words it, when it is a word rather than a name ("Neutral
    /// riders"); `None`: the group is a name, read as it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group_said: Option<Sentence>,
}

impl LabelledOption {
    /// An option whose label has no words of its own in the catalogue: players read its English
    /// label in every language (tests, and games not yet translated).
    pub fn plain(group: impl Into<Text>, label: impl Into<Text>, key: Key) -> LabelledOption {
        let label = label.into();
        LabelledOption {
            group: group.into(),
            said: plain_label(&label),
            label,
            key,
            group_said: None,
        }
    }
}

/// Why a choice was not applied. The stage is unchanged whenever one is returned.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ChoiceError {
    #[error("'{key}' is not a choice in this game: pick one of the options offered")]
    UnknownKey { key: String },
    /// The rules refused it: the reason is a sentence of the catalogue, telling what to do.
    #[error("{reason}")]
    Illegal { key: String, reason: Sentence },
    #[error(
        "that choice was for an earlier decision (step {step}, now {current}): choose again from the options shown now"
    )]
    Stale { step: u32, current: u32 },
    #[error("there is no seat {0} in this stage")]
    UnknownSeat(Seat),
    #[error("this stored choice cannot be read: {0}")]
    BadJson(String),
}

/// One sentence of narration: a message id and its arguments, which the message catalogue words
/// in the reader's language, and its English text (for logs, tests and scenarios).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Sentence {
    pub id: &'static str,
    pub args: Vec<(&'static str, Value)>,
    pub text: String,
}

impl Sentence {
    /// What a turn is called when its ruleset has no name of its own for it: round `round`
    /// (see [`super::Game::turn_name`]). A noun phrase in lower case, as the services' messages
    /// put it inside their own sentences ("Stage 1, round 3").
    pub fn round(round: u32) -> Sentence {
        sentence(
            "turn-round",
            vec![("round", Value::from(round))],
            format!("round {round}"),
        )
    }
    /// "28 rows to the line": a distance counted in rows of the road (see
    /// [`super::Game::to_line`]).
    pub fn rows_to_line(count: u32) -> Sentence {
        sentence(
            "board-rows-to-line",
            vec![("count", Value::from(count))],
            format!(
                "{count} {} to the line",
                if count == 1 { "row" } else { "rows" }
            ),
        )
    }
    /// "26 cells to the line": a distance counted in cells along the road.
    pub fn cells_to_line(count: u32) -> Sentence {
        sentence(
            "board-cells-to-line",
            vec![("count", Value::from(count))],
            format!(
                "{count} {} to the line",
                if count == 1 { "cell" } else { "cells" }
            ),
        )
    }
}

/// Its English text, for logs, tests and the scenario runner (players read the catalogue's).
impl std::fmt::Display for Sentence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

fn sentence(id: &'static str, args: Vec<(&'static str, Value)>, text: String) -> Sentence {
    Sentence { id, args, text }
}

/// An option's label as the catalogue words it when its game has no words of its own for it:
/// the English label as it is.
pub(crate) fn plain_label(label: &str) -> Sentence {
    sentence(
        "option-label",
        vec![("label", Value::from(label))],
        String::new(),
    )
}

/// Something one seat knows and the others must not: where it sits in that seat's view (a JSON
/// pointer) and what it is. The conformance harness checks that no other viewer sees it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Secret {
    pub seat: Seat,
    pub pointer: String,
    pub value: Value,
}

/// Why a stage has no result for the tour yet.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OutcomeError {
    #[error("the stage is still being raced")]
    Running,
    #[error("rider '{0}' rode the stage but is not a rider of the tour")]
    NotInTour(String),
}

/// A settled turn as the channel is told it: a line per thing that happened, and the turn in
/// one line when the ruleset has a summary to give.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Told {
    pub lines: Vec<Sentence>,
    pub brief: Option<Sentence>,
}
