//! The card race's classifications as the registry reads them: house rules B's six (HB-059),
//! house rules A's jersey tables where a tour's options name them, or the world cup's alone.

use super::grand_tour::{GrandTour, TourOptions, standings};
use crate::tour::classifications::{Classifications, Jersey, Unit, led, titles};
use crate::tour::{StageResult, TourError};

/// Which jersey tables a card-race tour rides: the tour's options `points`, `mountains` and
/// `combativity`, each `"house-b"` (the default) or `"house-a"` ([`super::house_a`]).
fn house_a_jerseys(options: &serde_json::Value) -> [bool; 3] {
    ["points", "mountains", "combativity"]
        .map(|name| options.get(name).and_then(|v| v.as_str()) == Some("house-a"))
}

/// How the card race's tours price a stage: house rules B's grand tour with the rulings'
/// defaults, as [`classifications`] reads them (house rules A's stages say themselves that they
/// give no bonus seconds; a world cup ranks by its cup, from the stage places alone).
pub static PRICING: GrandTour = GrandTour(TourOptions::DEFAULT);

/// The card race's six classifications (house rules B, HB-059), as [`standings`] computes
/// them; its winners are the first rows (HB-072, QB-26). `options` are the tour's ruleset
/// options: the classifications' own readings are the defaults of [`TourOptions`], and the
/// points, mountains and combativity tables are house rules A's when the options say so.
pub fn classifications(
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
    use super::super::grand_tour::final_winners;
    use super::*;
    use crate::tour::fixtures::*;

    #[test]
    fn the_card_race_keeps_its_six_classifications_and_winners() {
        let stages = [tv15_stage(), tv16_stage2()];
        let c = classifications(&stages, &serde_json::Value::Null).unwrap();
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
        let b = classifications(&stages, &serde_json::Value::Null).unwrap();
        let named_b = serde_json::json!({"points": "house-b", "mountains": "house-b"});
        assert_eq!(classifications(&stages, &named_b).unwrap(), b);
        let s = standings(&stages, &TourOptions::default()).unwrap();
        assert_eq!(b.get("points").unwrap().rows, s.points);
        // B: sprint 9, 6, 3; finish 6, 3, 1 to the stage's first three (HB-065): R4 12, R2 9,
        // R1 9, R5 7, R3 1.
        assert_eq!(riders_of(&s.points), ["R4", "R2", "R1", "R5", "R3"]);
        let a = classifications(&stages, &serde_json::json!({"points": "house-a"})).unwrap();
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
