//! The youth classification (seed 004, GRAND TOUR – CLASSEMENTS – JEUNE; HB-070, ruling QB-24).
//!
//! The seed has no ages: each team's slowest rider counts as its young rider. QB-24 picks him
//! again after every stage, among the team's riders still racing (a team that lost a rider goes
//! on with its slowest remaining one), and ranks those riders by total time. Their order is
//! therefore their order in the general classification, ties included (QX-09).

use super::options::TourOptions;
use crate::tour::error::TourError;
use crate::tour::ledger::{Ledger, RiderLine};
use crate::tour::result::StageResult;
use crate::tour::standing::{StandingRow, rider_time_rows};

/// The youth classification after the given stages: one rider a team, lowest time first.
pub fn youth(stages: &[StageResult], options: &TourOptions) -> Result<Vec<StandingRow>, TourError> {
    Ok(rows(&super::pricing::ledger(stages, options)?))
}

pub(crate) fn rows(ledger: &Ledger) -> Vec<StandingRow> {
    let mut young: Vec<&RiderLine> = ledger
        .teams
        .iter()
        .filter_map(|team| {
            // The worst general-classification place is the worst total time, with the
            // general's tie-breaks deciding between equal times.
            ledger
                .racing()
                .filter(|r| &r.team == team)
                .max_by_key(|r| r.gc_rank)
        })
        .collect();
    young.sort_by_key(|r| r.gc_rank);
    rider_time_rows(young)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::fixtures::*;
    use crate::tour::result::Outcome;
    use crate::tour::standing::Score;

    fn o() -> TourOptions {
        TourOptions::default()
    }

    #[test]
    fn hb_070_tv_16_slowest_rider_of_each_team_is_its_young_rider() {
        let after_1 = youth(&[tv15_stage()], &o()).unwrap();
        // Blue's slowest is R3 (17:55), Red's is R5 (20:10).
        assert_eq!(riders_of(&after_1), ["R3", "R5"]);
        assert_eq!(after_1[1].value.to_string(), "20:10");
        assert_eq!(
            after_1[1].gap,
            Score::Seconds(20 * 60 + 10 - (17 * 60 + 55))
        );

        let after_2 = youth(&[tv15_stage(), tv16_stage2()], &o()).unwrap();
        assert_eq!(riders_of(&after_2), ["R3", "R5"]);
        assert_eq!(after_2[1].value.to_string(), "38:15");
    }

    #[test]
    fn qb_24_a_team_that_lost_a_rider_goes_on_with_its_slowest_remaining() {
        let mut s2 = tv16_stage2();
        s2.riders[2].outcome = Outcome::Abandoned; // R5, Red's young rider
        s2.riders[2].place = None;
        for r in &mut s2.riders[3..] {
            r.place = r.place.map(|p| p - 1);
        }
        let rows = youth(&[tv15_stage(), s2], &o()).unwrap();
        // Red: R1 1035 + 1105 = 2140, R4 1140 + 1080 = 2220: R4 is now Red's young rider.
        // Blue: R3 1075 + 1130 = 2205.
        assert_eq!(riders_of(&rows), ["R3", "R4"]);
    }

    #[test]
    fn qb_24_a_team_with_no_rider_left_has_no_young_rider() {
        let s2 = flat_stage(
            2,
            vec![
                rider("R1", "Red", 1, 18, crossed(2), Some(1)),
                rider("R4", "Red", 4, 18, crossed(1), Some(2)),
                rider("R5", "Red", 5, 18, crossed(1), Some(3)),
            ],
        );
        let rows = youth(&[tv15_stage(), s2], &o()).unwrap();
        assert_eq!(riders_of(&rows), ["R5"]);
    }
}
