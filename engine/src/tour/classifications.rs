//! A tour's classifications in a form every ruleset shares: a list of tables, each with a short
//! id, a title from the message catalogue, a jersey, a unit and its rows. Each ruleset computes
//! its own from the stage results through the registry (`RulesetEntry::classify`), so the bot
//! shows whatever a game ranks without knowing which game it is; each game computes its own in
//! its folder (`games/<game>/`).

use super::standing::StandingRow;
use crate::registry::Sentence;
use serde::Serialize;

/// The colour a classification's leader wears.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Jersey {
    Yellow,
    Green,
    /// White with red dots.
    PolkaDot,
    White,
    /// A gold jersey (a time leader's, in some games).
    Gold,
    /// A red jersey.
    Red,
    /// Any other, by colour.
    Rgb([u8; 3]),
}

/// What a classification counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// A time, lowest first.
    Time,
    /// Points, most first.
    Points,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Classification {
    /// Short and stable, for commands and file names. Rulesets give the same id to the same
    /// kind of table (`general`: the riders by total time; `mountains`: the climbers; `team`),
    /// so `/standings general` asks every game for its time classification.
    pub id: &'static str,
    /// Its title, a message of the catalogue.
    pub title: Sentence,
    /// `None`: the classification gives no jersey (a team table, say).
    pub jersey: Option<Jersey>,
    pub unit: Unit,
    /// In classification order; every tie broken.
    pub rows: Vec<StandingRow>,
    /// The row whose rider wears the jersey, and wins the classification once the tour is
    /// over: the first, unless the ruleset gives it to another (a game that allows one jersey a
    /// rider, VM-081); `None` while nobody holds it.
    pub holder: Option<usize>,
}

impl Classification {
    /// The row of the jersey's holder (the winner, once the tour is over).
    pub fn holder_row(&self) -> Option<&StandingRow> {
        self.holder.and_then(|i| self.rows.get(i))
    }
}

/// All the classifications of a tour after some stages, in the order the ruleset shows them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Classifications {
    pub tables: Vec<Classification>,
}

impl Classifications {
    pub fn get(&self, id: &str) -> Option<&Classification> {
        self.tables.iter().find(|c| c.id == id)
    }

    pub fn ids(&self) -> Vec<&'static str> {
        self.tables.iter().map(|c| c.id).collect()
    }

    /// The time classification that orders the grid of the next stage: `general`, or the
    /// first table.
    pub fn general(&self) -> Option<&Classification> {
        self.get("general").or(self.tables.first())
    }
}

/// A classification's title: the catalogue's message `id` (the engine's narration form, so the
/// catalogue's test finds it), with the English words meanwhile.
pub(crate) fn sentence(id: &'static str, english: &str) -> Sentence {
    Sentence {
        id,
        args: Vec::new(),
        text: english.to_string(),
    }
}

/// The titles of the classifications most games share: the message catalogue's ids (the
/// narration's form, which the catalogue's test finds), with the English words meanwhile. A
/// game's own tables (a cup, a jersey of its own) title themselves with [`sentence`].
pub mod titles {
    use super::sentence;
    use crate::registry::Sentence;

    pub fn general() -> Sentence {
        sentence("classification-general", "General classification")
    }
    pub fn points() -> Sentence {
        sentence("classification-points", "Points")
    }
    pub fn mountains() -> Sentence {
        sentence("classification-mountains", "Mountains")
    }
    pub fn team() -> Sentence {
        sentence("classification-team", "Teams")
    }
    pub fn youth() -> Sentence {
        sentence("classification-youth", "Youth")
    }
    pub fn combativity() -> Sentence {
        sentence("classification-combativity", "Combativity")
    }
}

/// A table whose holder is its leader, as in most games.
pub(crate) fn led(
    id: &'static str,
    title: Sentence,
    jersey: Option<Jersey>,
    unit: Unit,
    rows: Vec<StandingRow>,
) -> Classification {
    let holder = (!rows.is_empty()).then_some(0);
    Classification {
        id,
        title,
        jersey,
        unit,
        rows,
        holder,
    }
}
