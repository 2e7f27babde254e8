//! A scenario for any registered ruleset: the ruleset's options and rider attributes as JSON,
//! known dice, and a script of choices written as a person reads them on the buttons.

use super::course_ref::CourseRef;
use super::{ScenarioError, fail, lines, parse};
use crate::course::{Course, Pos};
use crate::game::Seat;
use crate::registry::{Entrant, Setup};
use serde::Deserialize;
use serde_json::Value;
use std::sync::Arc;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scripted {
    /// A registry id (`card-race`).
    pub ruleset: String,
    #[serde(default)]
    pub seed: u64,
    /// The ruleset's options, as a tour gives them (`null`: its defaults).
    #[serde(default)]
    pub options: Value,
    pub course: CourseRef,
    pub riders: Vec<ScriptRider>,
    #[serde(default)]
    pub script: Vec<Entry>,
    /// Die faces the game rolls, in order, before the seed's own rolls.
    #[serde(default)]
    pub dice: Vec<u8>,
    /// Teams whose choices are the game's bot's (as a tour's bot rides a seat nobody
    /// directs): each plays whenever it owes a decision, so a bot's ruling is checked with
    /// given dice and hands like any other.
    #[serde(default)]
    pub bots: Vec<String>,
    /// The line of the file each script entry starts on, when read from text.
    #[serde(skip)]
    pub entry_lines: Vec<usize>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScriptRider {
    pub id: String,
    /// The team's name; teams take their seats in the order they first appear.
    pub team: String,
    /// Give every rider a start or none (the grid is then laid in the order listed).
    #[serde(default)]
    pub start: Option<Pos>,
    /// What the ruleset knows of the rider (the card race: `{"kind": "rouleur"}`).
    #[serde(default)]
    pub attributes: Value,
}

/// One choice of the script: an option offered now, by its label (`"Keep 5"`, or the start of
/// one, `"Keep E"` for "Keep E (exhaustion)") or its key (`"k:0:5"`), narrowed by the team or
/// the rider (the option's group) when more than one would match. A bare string is `choose`
/// alone.
///
/// In a game whose moves are walked a step at a time (see [`crate::registry::Place`]), an
/// entry may give a whole move instead: `path`, the places stepped onto in order, or `to`, the
/// place where the move ends, when only one way leads there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub team: Option<String>,
    pub rider: Option<String>,
    /// Empty when the entry is a move (`path` or `to`).
    pub choose: String,
    pub path: Vec<String>,
    pub to: Option<String>,
}

impl Entry {
    /// The entry as a move, if it is one.
    pub fn walk(&self) -> Option<Walk<'_>> {
        if let Some(to) = &self.to {
            return Some(Walk::To(to));
        }
        (!self.path.is_empty()).then_some(Walk::Path(&self.path))
    }
}

/// A move given whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Walk<'a> {
    Path(&'a [String]),
    To(&'a str),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EntryFields {
    #[serde(default)]
    team: Option<String>,
    #[serde(default, alias = "group")]
    rider: Option<String>,
    #[serde(default)]
    choose: Option<String>,
    #[serde(default)]
    path: Option<Vec<String>>,
    #[serde(default)]
    to: Option<String>,
}

// By hand rather than `untagged`, so that a mistake inside an entry is named (`script[2]`:
// unknown field `chose`) rather than "matched no variant".
impl<'de> Deserialize<'de> for Entry {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Entry;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(
                    "a choice: its label or key as text, or {\"choose\": ..., \"rider\": ..., \"team\": ...}",
                )
            }
            fn visit_str<E: serde::de::Error>(self, choose: &str) -> Result<Entry, E> {
                Ok(Entry {
                    team: None,
                    rider: None,
                    choose: choose.to_string(),
                    path: Vec::new(),
                    to: None,
                })
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Entry, A::Error> {
                use serde::de::Error;
                let f =
                    EntryFields::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                let given = [f.choose.is_some(), f.path.is_some(), f.to.is_some()];
                if given.iter().filter(|g| **g).count() != 1 {
                    return Err(A::Error::custom(
                        "give one of \"choose\" (an option), \"path\" (the places a move steps \
                         onto) or \"to\" (where a move ends)",
                    ));
                }
                if f.path.as_ref().is_some_and(Vec::is_empty) {
                    return Err(A::Error::custom(
                        "\"path\" is empty: list the places the move steps onto, in order",
                    ));
                }
                Ok(Entry {
                    team: f.team,
                    rider: f.rider,
                    choose: f.choose.unwrap_or_default(),
                    path: f.path.unwrap_or_default(),
                    to: f.to,
                })
            }
        }
        d.deserialize_any(Visit)
    }
}

impl Scripted {
    /// Reads a scenario; an error names the field it is about (`script[2].choose`).
    pub fn from_json(text: &str) -> Result<Self, ScenarioError> {
        let mut scenario: Scripted = parse(text)?;
        let lines = lines::script_entry_lines(text);
        // Lines that do not match the entries one for one would point at the wrong place.
        if lines.len() == scenario.script.len() {
            scenario.entry_lines = lines;
        }
        Ok(scenario)
    }

    /// The team names, in seat order.
    pub fn teams(&self) -> Vec<String> {
        let mut teams: Vec<String> = Vec::new();
        for r in &self.riders {
            if !teams.contains(&r.team) {
                teams.push(r.team.clone());
            }
        }
        teams
    }

    /// The registry's setup on the scenario's course.
    pub fn setup(&self, course: Course) -> Result<Setup, ScenarioError> {
        let teams = self.teams();
        let mut riders: Vec<Entrant> = Vec::with_capacity(self.riders.len());
        for r in &self.riders {
            if riders.iter().any(|o| o.id == r.id) {
                return fail(format!(
                    "two riders are called '{}': give each its own id",
                    r.id
                ));
            }
            riders.push(Entrant {
                id: r.id.clone(),
                team: teams.iter().position(|t| *t == r.team).unwrap_or_default() as Seat,
                start: r.start,
                attributes: r.attributes.clone(),
            });
        }
        Ok(Setup {
            course: Arc::new(course),
            teams,
            riders,
            options: self.options.clone(),
            dice: self.dice.clone(),
        })
    }

    /// The seats of the teams named in `bots`.
    pub fn bot_seats(&self) -> Result<Vec<Seat>, ScenarioError> {
        let teams = self.teams();
        let mut seats = Vec::new();
        for name in &self.bots {
            let Some(seat) = teams
                .iter()
                .position(|t| t.trim().eq_ignore_ascii_case(name.trim()))
            else {
                return fail(format!(
                    "\"bots\" names '{name}', which is no team: name teams of the riders ({})",
                    teams.join(", ")
                ));
            };
            if !seats.contains(&(seat as Seat)) {
                seats.push(seat as Seat);
            }
        }
        Ok(seats)
    }

    /// Where script entry `index` (from 0) is, for messages: its number and line.
    pub(super) fn place(&self, index: usize) -> String {
        match self.entry_lines.get(index) {
            Some(line) => format!("script entry {} (line {line})", index + 1),
            None => format!("script entry {}", index + 1),
        }
    }
}
