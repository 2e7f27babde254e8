//! The mountains classification (seed 004, GRAND TOUR – CLASSEMENTS – MONTAGNE; HB-067, HB-068,
//! table B3, ruling QB-22).
//!
//! Each summit pays by its climb's length; a climb with a steep row pays one extra point, to the
//! first rider over by default (`steep_bonus`). A summit finish pays its points at the line,
//! which the stage engine reports as that climb's order. The seed excludes nothing here (its
//! "no points" sentence is under POINTS), so summits pay in every kind of stage.
//! No tie-break in the seed: QX-09, countback of stage places, then the general classification.

use super::options::{SteepBonus, TourOptions};
use super::tables::{STEEP_BONUS_POINTS, mountain_points};
use crate::tour::error::TourError;
use crate::tour::ledger::{Ledger, RiderLine};
use crate::tour::result::StageResult;
use crate::tour::standing::{Award, StandingRow, rider_points_rows};
use crate::tour::tiebreak::countback;
use crate::tour::validate;

/// The mountain points one stage pays, summit by summit in course order.
pub fn stage_mountain_points(
    stage: &StageResult,
    options: &TourOptions,
) -> Result<Vec<Award>, TourError> {
    validate::stage(stage)?;
    Ok(stage_mountain_points_checked(stage, options))
}

pub(crate) fn stage_mountain_points_checked(
    stage: &StageResult,
    options: &TourOptions,
) -> Vec<Award> {
    let mut awards = Vec::new();
    for summit in &stage.summits {
        let scale = mountain_points(summit.length);
        for (i, (rider, &base)) in summit.order.iter().zip(scale.iter()).enumerate() {
            let steep = summit.steep
                && match options.steep_bonus {
                    SteepBonus::FirstOnly => i == 0,
                    SteepBonus::EveryPlace => true,
                };
            awards.push(Award {
                rider: rider.clone(),
                points: base + if steep { STEEP_BONUS_POINTS } else { 0 },
                at: summit.name.clone(),
            });
        }
    }
    awards
}

/// The mountains classification after the given stages: riders still racing with at least one
/// point, most points first.
pub fn mountains(
    stages: &[StageResult],
    options: &TourOptions,
) -> Result<Vec<StandingRow>, TourError> {
    Ok(rows(&super::pricing::ledger(stages, options)?))
}

pub(crate) fn rows(ledger: &Ledger) -> Vec<StandingRow> {
    let mut scored: Vec<&RiderLine> = ledger.racing().filter(|r| r.mountains > 0).collect();
    scored.sort_by(|a, b| {
        b.mountains
            .cmp(&a.mountains)
            .then_with(|| countback(&a.places, &b.places))
            .then(a.gc_rank.cmp(&b.gc_rank))
    });
    rider_points_rows(scored.into_iter().map(|r| (r, r.mountains)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::fixtures::*;
    use crate::tour::result::{StageKind, SummitResult};
    use crate::tour::standing::Score;

    fn o() -> TourOptions {
        TourOptions::default()
    }

    fn climb(name: &str, length: u16, steep: bool, order: &[&str]) -> SummitResult {
        SummitResult {
            name: name.into(),
            length,
            steep,
            order: keys(order),
        }
    }

    fn paid(stage: &StageResult, options: &TourOptions) -> Vec<u32> {
        stage_mountain_points(stage, options)
            .unwrap()
            .iter()
            .map(|a| a.points)
            .collect()
    }

    #[test]
    fn hb_067_tv_14_mountain_points_by_length() {
        let everyone = ["R1", "R2", "R3", "R4", "R5"];
        let cases: [(u16, &[u32]); 10] = [
            (1, &[1]),
            (2, &[2, 1]),
            (4, &[4, 2, 1]),
            (5, &[5, 2, 1]),
            (6, &[6, 3, 1]),
            (7, &[7, 3, 1]),
            (8, &[8, 4, 2, 1]),
            (9, &[9, 4, 2, 1]),
            (12, &[12, 6, 3, 1]),
            (13, &[13, 6, 3, 1]),
        ];
        for (length, want) in cases {
            let mut stage = tv15_stage();
            stage.summits.push(climb("Col", length, false, &everyone));
            assert_eq!(paid(&stage, &o()), want, "climb of {length} rows");
        }
    }

    #[test]
    fn hb_067_fewer_riders_over_than_places_paid() {
        let mut stage = tv15_stage();
        stage.summits.push(climb("Col", 8, false, &["R2", "R1"]));
        assert_eq!(paid(&stage, &o()), [8, 4]);
    }

    #[test]
    fn hb_068_tv_14_steep_climb_pays_one_more_to_the_first() {
        let mut stage = tv15_stage();
        stage
            .summits
            .push(climb("Mur", 7, true, &["R1", "R2", "R3"]));
        assert_eq!(paid(&stage, &o()), [8, 3, 1]);
    }

    #[test]
    fn qb_22_steep_bonus_every_place_option() {
        let options = TourOptions {
            steep_bonus: SteepBonus::EveryPlace,
            ..o()
        };
        let mut stage = tv15_stage();
        stage
            .summits
            .push(climb("Mur", 7, true, &["R1", "R2", "R3"]));
        assert_eq!(paid(&stage, &options), [8, 4, 2]);
    }

    #[test]
    fn tv_14_la_haute_montagne_climbs_7_and_12_with_summit_finish() {
        let mut stage = tv15_stage();
        stage.kind = StageKind::Mountain;
        stage.summit_finish = true;
        stage
            .summits
            .push(climb("Col 1", 7, false, &["R3", "R1", "R2"]));
        stage
            .summits
            .push(climb("Finish", 12, false, &["R1", "R2", "R3", "R4"]));
        assert_eq!(paid(&stage, &o()), [7, 3, 1, 12, 6, 3, 1]);
        let rows = mountains(&[stage], &o()).unwrap();
        // R1 3 + 12; R2 1 + 6; R3 7 + 3; R4 1.
        assert_eq!(riders_of(&rows), ["R1", "R3", "R2", "R4"]);
        assert_eq!(rows[0].value, Score::Points(15));
        assert_eq!(rows[1].gap, Score::Points(5));
    }

    #[test]
    fn qx_09_mountains_tie_goes_to_countback_then_general() {
        // R4 and R5 tie on 2 points each; in a single stage the countback is the stage place,
        // so R4 (4th) leads R5 (5th).
        let mut s1 = tv15_stage();
        s1.summits.push(climb("A", 2, false, &["R5", "R4"]));
        s1.summits.push(climb("B", 2, false, &["R4", "R5"]));
        s1.summits.push(climb("C", 1, false, &["R3"]));
        let rows = mountains(&[s1.clone()], &o()).unwrap();
        assert_eq!(riders_of(&rows), ["R4", "R5", "R3"]);

        // Equal countback (R1 and R2 swap places 1 and 2 across two stages): the general
        // classification decides.
        let mut s2 = flat_stage(
            2,
            vec![
                rider("R2", "Blue", 2, 18, crossed(4), Some(1)),
                rider("R1", "Red", 1, 18, crossed(1), Some(2)),
                rider("R3", "Blue", 3, 18, crossed(1), Some(3)),
                rider("R4", "Red", 4, 18, crossed(1), Some(4)),
                rider("R5", "Red", 5, 18, crossed(1), Some(5)),
            ],
        );
        s2.summits.push(climb("D", 3, false, &["R2", "R1"]));
        let mut s1 = tv15_stage();
        s1.summits.push(climb("A", 3, false, &["R1", "R2"]));
        let rows = mountains(&[s1, s2], &o()).unwrap();
        // Both 4 points, places {1, 2} each. General: R1 1035 + 1060 = 2095 against
        // R2 1060 + 1025 = 2085, so R2 leads.
        assert_eq!(riders_of(&rows), ["R2", "R1"]);
    }

    #[test]
    fn qb_22_summits_pay_in_a_time_trial_too() {
        let mut stage = tv15_stage();
        stage.kind = StageKind::TimeTrial;
        stage.summits.push(climb("Col", 4, false, &["R2"]));
        assert_eq!(paid(&stage, &o()), [4]);
    }
}
