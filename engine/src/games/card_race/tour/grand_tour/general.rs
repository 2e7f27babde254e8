//! The general classification (seed 004, GRAND TOUR – CLASSEMENTS – GENERAL; HB-061…HB-064):
//! the sum of each rider's stage times, bonuses taken off, lowest first.
//!
//! The seed gives no tie-break, so QX-09 applies: countback of stage places, then the lower
//! start number (the "better general classification" step is this classification itself).
//! Riders who abandoned are left out: they have no time for the stages they did not ride.

use super::options::TourOptions;
use crate::tour::error::TourError;
use crate::tour::ledger::{Ledger, RiderLine};
use crate::tour::result::StageResult;
use crate::tour::standing::{StandingRow, rider_time_rows};

/// The general classification after the given stages (all of them, or the first `k` to see
/// the standings as they were after stage `k`).
pub fn general(
    stages: &[StageResult],
    options: &TourOptions,
) -> Result<Vec<StandingRow>, TourError> {
    Ok(rows(&super::pricing::ledger(stages, options)?))
}

pub(crate) fn rows(ledger: &Ledger) -> Vec<StandingRow> {
    let mut racing: Vec<&RiderLine> = ledger.racing().collect();
    racing.sort_by_key(|r| r.gc_rank);
    rider_time_rows(racing)
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

    fn values(rows: &[StandingRow]) -> Vec<(&str, String)> {
        riders_of(rows)
            .into_iter()
            .zip(rows.iter().map(|r| r.value.to_string()))
            .collect()
    }

    #[test]
    fn hb_061_general_sums_stage_times_tv_16() {
        let rows = general(&[tv15_stage(), tv16_stage2()], &o()).unwrap();
        assert_eq!(
            values(&rows),
            [
                ("R2", "35:25".to_string()),
                ("R1", "35:45".to_string()),
                ("R3", "36:45".to_string()),
                ("R4", "37:00".to_string()),
                ("R5", "38:15".to_string()),
            ]
        );
        assert_eq!(rows[0].gap, Score::Seconds(0));
        assert_eq!(rows[1].gap, Score::Seconds(20));
        assert_eq!(
            rows.iter().map(|r| r.rank).collect::<Vec<_>>(),
            [1, 2, 3, 4, 5]
        );
    }

    #[test]
    fn hb_061_any_moment_can_be_recomputed_from_the_log() {
        let stages = [tv15_stage(), tv16_stage2()];
        let after_1 = general(&stages[..1], &o()).unwrap();
        assert_eq!(riders_of(&after_1), ["R1", "R2", "R3", "R4", "R5"]);
        assert!(general(&[], &o()).unwrap().is_empty());
    }

    #[test]
    fn hb_064_sprint_seconds_count_in_the_general() {
        let mut stage = tv15_stage();
        stage.sprints.push(sprint("Km 30", &["R2"]));
        let rows = general(&[stage], &o()).unwrap();
        // R2: 17:40 - 3 s = 17:37.
        assert_eq!(rows[1].value, Score::Seconds(17 * 60 + 37));
    }

    #[test]
    fn qx_09_general_tie_goes_to_countback_of_stage_places() {
        // a and b both total 1140 s: a was 1st and 3rd, b twice 2nd, so a is ahead although
        // its start number is higher.
        let s1 = flat_stage(
            1,
            vec![
                rider("a", "Red", 5, 10, crossed(2), Some(1)),
                rider("b", "Red", 1, 10, crossed(2), Some(2)),
                rider("c", "Blue", 3, 10, crossed(1), Some(3)),
            ],
        );
        let s2 = flat_stage(
            2,
            vec![
                rider("c", "Blue", 3, 10, crossed(3), Some(1)),
                rider("b", "Red", 1, 10, crossed(2), Some(2)),
                rider("a", "Red", 5, 10, crossed(2), Some(3)),
            ],
        );
        let rows = general(&[s1, s2], &o()).unwrap();
        assert_eq!(riders_of(&rows), ["c", "a", "b"]);
        assert_eq!(rows[1].value, rows[2].value);
    }

    #[test]
    fn qx_09_general_last_tie_break_is_the_start_number() {
        // a and b both total 1145 s with places {1, 2} each: the lower number goes first.
        let s1 = flat_stage(
            1,
            vec![
                rider("a", "Red", 2, 10, crossed(2), Some(1)),
                rider("b", "Red", 1, 10, crossed(1), Some(2)),
                rider("c", "Blue", 3, 10, crossed(1), Some(3)),
            ],
        );
        let s2 = flat_stage(
            2,
            vec![
                rider("b", "Red", 1, 10, crossed(2), Some(1)),
                rider("a", "Red", 2, 10, crossed(1), Some(2)),
                rider("c", "Blue", 3, 10, crossed(1), Some(3)),
            ],
        );
        let rows = general(&[s1, s2], &o()).unwrap();
        assert_eq!(riders_of(&rows), ["b", "a", "c"]);
        assert_eq!(rows[1].gap, Score::Seconds(0));
    }

    #[test]
    fn riders_who_abandon_leave_the_general() {
        // Stage 2: R3 missed the start, R4 abandoned on the road.
        let s2 = flat_stage(
            2,
            vec![
                rider("R2", "Blue", 2, 19, crossed(6), Some(1)),
                rider("R5", "Red", 5, 19, crossed(5), Some(2)),
                rider("R1", "Red", 1, 19, crossed(3), Some(3)),
                rider("R4", "Red", 4, 12, Outcome::Abandoned, None),
            ],
        );
        let rows = general(&[tv15_stage(), s2], &o()).unwrap();
        assert_eq!(riders_of(&rows), ["R2", "R1", "R5"]);
    }
}
