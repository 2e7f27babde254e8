//! A tour's classifications in a form every ruleset shares: a list of tables, each with a short
//! id, a title from the message catalogue, a jersey, a unit and its rows. Each ruleset computes
//! its own from the stage results through the registry (`RulesetEntry::classify`), so the bot
//! shows whatever a game ranks without knowing which game it is. The card race's are the six of
//! house rules B ([`card_race`]); Velo Master's live in `velo_master::classify`.

use super::error::TourError;
use super::options::TourOptions;
use super::result::StageResult;
use super::standing::StandingRow;
use super::winners::standings;
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
    /// Velo Master's Maillot Or.
    Gold,
    /// Velo Master's Maillot Rouge.
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
    /// `None`: the classification gives no jersey (Velo Master's teams, VM-142).
    pub jersey: Option<Jersey>,
    pub unit: Unit,
    /// In classification order; every tie broken.
    pub rows: Vec<StandingRow>,
    /// The row whose rider wears the jersey, and wins the classification once the tour is
    /// over: the first, unless the ruleset gives it to another (Velo Master's one jersey a
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
fn sentence(id: &'static str, english: &str) -> Sentence {
    Sentence {
        id,
        args: Vec::new(),
        text: english.to_string(),
    }
}

/// The titles of every ruleset's classifications, in one place: the message catalogue's ids
/// (the narration's form, which the catalogue's test finds), with the English words meanwhile.
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
    /// Velo Master's Maillot Or (VM-079).
    pub fn or() -> Sentence {
        sentence("classification-or", "Maillot Or (time)")
    }
    /// Velo Master's Maillot Rouge (VM-080).
    pub fn rouge() -> Sentence {
        sentence("classification-rouge", "Maillot Rouge (climbers)")
    }
    /// House rules B's world cup (HB-079).
    pub fn cup() -> Sentence {
        sentence("classification-cup", "World cup")
    }
    /// Velo Master's team classification at Pro (VM-142).
    pub fn velo_master_team() -> Sentence {
        sentence("classification-vm-team", "Teams (three best times)")
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

/// Which jersey tables a card-race tour rides: the tour's options `points`, `mountains` and
/// `combativity`, each `"house-b"` (the default) or `"house-a"` ([`super::house_a`]).
fn house_a_jerseys(options: &serde_json::Value) -> [bool; 3] {
    ["points", "mountains", "combativity"]
        .map(|name| options.get(name).and_then(|v| v.as_str()) == Some("house-a"))
}

/// The card race's six classifications (house rules B, HB-059), as [`standings`] computes
/// them; its winners are the first rows (HB-072, QB-26). `options` are the tour's ruleset
/// options: the classifications' own readings are the defaults of [`TourOptions`], and the
/// points, mountains and combativity tables are house rules A's when the options say so.
pub fn card_race(
    stages: &[StageResult],
    options: &serde_json::Value,
) -> Result<Classifications, TourError> {
    // House rules B's world cup ranks by its cup alone (HB-078, HB-079).
    if options.get("world_cup") == Some(&serde_json::Value::Bool(true)) {
        return Ok(super::world_cup::classifications(stages));
    }
    let mut s = standings(stages, &TourOptions::default())?;
    let [points, mountains, combativity] = house_a_jerseys(options);
    if points || mountains || combativity {
        let a = super::house_a::tables(stages, &TourOptions::default())?;
        if points {
            s.points = a.points;
        }
        if mountains {
            s.mountains = a.mountains;
        }
        if combativity {
            s.combativity = a.combativity;
        }
    }
    Ok(Classifications {
        tables: vec![
            led(
                "general",
                titles::general(),
                Some(Jersey::Yellow),
                Unit::Time,
                s.general,
            ),
            led(
                "points",
                titles::points(),
                Some(Jersey::Green),
                Unit::Points,
                s.points,
            ),
            led(
                "mountains",
                titles::mountains(),
                Some(Jersey::PolkaDot),
                Unit::Points,
                s.mountains,
            ),
            // Teams and combativity have none of the classic colours: the race's own (a red
            // number for the most combative).
            led(
                "team",
                titles::team(),
                Some(Jersey::Rgb([0x3b, 0x4a, 0x6b])),
                Unit::Time,
                s.team,
            ),
            led(
                "youth",
                titles::youth(),
                Some(Jersey::White),
                Unit::Time,
                s.youth,
            ),
            led(
                "combativity",
                titles::combativity(),
                Some(Jersey::Rgb([0xc8, 0x1e, 0x2b])),
                Unit::Points,
                s.combativity,
            ),
        ],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::final_winners;
    use crate::tour::fixtures::*;

    #[test]
    fn the_card_race_keeps_its_six_classifications_and_winners() {
        let stages = [tv15_stage(), tv16_stage2()];
        let c = card_race(&stages, &serde_json::Value::Null).unwrap();
        assert_eq!(
            c.ids(),
            [
                "general",
                "points",
                "mountains",
                "team",
                "youth",
                "combativity"
            ]
        );
        let s = standings(&stages, &TourOptions::default()).unwrap();
        assert_eq!(c.get("general").unwrap().rows, s.general);
        assert_eq!(c.get("youth").unwrap().rows, s.youth);
        let w = final_winners(&stages, &TourOptions::default()).unwrap();
        assert_eq!(c.get("general").unwrap().holder_row(), w.general.as_ref());
        assert_eq!(c.get("team").unwrap().holder_row(), w.team.as_ref());
        // Nobody scored a mountain point: no holder, as no winner.
        assert_eq!(c.get("mountains").unwrap().holder, None);
        assert_eq!(w.mountains, None);
        assert_eq!(c.general().unwrap().id, "general");
    }

    /// House rules B's tables are what a tour gets unless its options name house rules A's:
    /// the whole output is pinned, rows and holders.
    #[test]
    fn house_b_tables_stay_the_default_and_house_a_replaces_only_the_named_ones() {
        let mut one = tv15_stage();
        one.sprints.push(sprint("Km 30", &["R4", "R5", "R1"]));
        let stages = [one, tv16_stage2()];
        let b = card_race(&stages, &serde_json::Value::Null).unwrap();
        let named_b = serde_json::json!({"points": "house-b", "mountains": "house-b"});
        assert_eq!(card_race(&stages, &named_b).unwrap(), b);
        let s = standings(&stages, &TourOptions::default()).unwrap();
        assert_eq!(b.get("points").unwrap().rows, s.points);
        // B: sprint 9, 6, 3; finish 6, 3, 1 to riders over the line: R4 12, R2 9, R1 9, R5 7.
        assert_eq!(riders_of(&s.points), ["R4", "R2", "R1", "R5"]);
        let a = card_race(&stages, &serde_json::json!({"points": "house-a"})).unwrap();
        // A's flat finish 5, 3, 2, 1 to riders over the line and sprint 2, 1: R2 8, R1 6, R4 5.
        assert_eq!(
            riders_of(&a.get("points").unwrap().rows),
            ["R2", "R1", "R4", "R5"]
        );
        assert_ne!(a.get("points"), b.get("points"));
        for id in ["general", "mountains", "team", "youth", "combativity"] {
            assert_eq!(a.get(id), b.get(id), "{id} is house rules B's still");
        }
    }
}
