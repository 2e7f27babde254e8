//! The team classification (seed 004, GRAND TOUR – CLASSEMENTS – EQUIPE; HB-069, ruling QB-23).
//!
//! By default, each stage the team's two best stage times (bonuses included, as they are in the
//! stage time of table B5) are added, and the team's time is the sum over the stages; the option
//! `team_time = best_two_gc` adds the two best general-classification totals instead. A team with
//! fewer than two riders still racing leaves the classification (QB-23).
//!
//! The seed settles no tie, and QX-09 speaks of riders; applied to teams it reads: countback of
//! the team's stage places (its rank among the teams on each stage's team time, equal times
//! sharing a rank), then its best rider's general classification, then its lowest start number.

use super::options::{TeamTime, TourOptions};
use super::tables::TEAM_COUNTED_RIDERS;
use crate::tour::error::TourError;
use crate::tour::ledger::Ledger;
use crate::tour::result::StageResult;
use crate::tour::standing::{StandingRow, time_rows};
use crate::tour::tiebreak::countback;

/// The team classification after the given stages, lowest time first.
pub fn team(stages: &[StageResult], options: &TourOptions) -> Result<Vec<StandingRow>, TourError> {
    Ok(rows(&super::pricing::ledger(stages, options)?, options))
}

struct TeamLine<'a> {
    name: &'a str,
    time: i64,
    stage_ranks: Vec<u32>,
    best_gc: Option<u32>,
    lowest_number: u32,
}

pub(crate) fn rows(ledger: &Ledger, options: &TourOptions) -> Vec<StandingRow> {
    let mut lines: Vec<TeamLine> = Vec::new();
    for name in &ledger.teams {
        let racing: Vec<_> = ledger.racing().filter(|r| &r.team == name).collect();
        if racing.len() < TEAM_COUNTED_RIDERS {
            continue;
        }
        let time = match options.team_time {
            // A rider still racing finished every stage or, brought back by a repêchage, was
            // credited with a time for those it missed, so a team with two of them has
            // a time for every stage.
            TeamTime::PerStage => ledger
                .team_stage_times
                .iter()
                .filter_map(|stage| stage.get(name))
                .sum(),
            TeamTime::BestTwoGc => {
                let mut totals: Vec<i64> = racing.iter().map(|r| r.total_time).collect();
                totals.sort_unstable();
                totals[..TEAM_COUNTED_RIDERS].iter().sum()
            }
        };
        let stage_ranks = ledger
            .team_stage_times
            .iter()
            .filter_map(|stage| {
                let own = stage.get(name)?;
                Some(1 + stage.values().filter(|&t| t < own).count() as u32)
            })
            .collect();
        lines.push(TeamLine {
            name,
            time,
            stage_ranks,
            best_gc: racing.iter().filter_map(|r| r.gc_rank).min(),
            lowest_number: racing
                .iter()
                .map(|r| r.start_number)
                .min()
                .unwrap_or(u32::MAX),
        });
    }
    lines.sort_by(|a, b| {
        a.time
            .cmp(&b.time)
            .then_with(|| countback(&a.stage_ranks, &b.stage_ranks))
            .then(a.best_gc.cmp(&b.best_gc))
            .then(a.lowest_number.cmp(&b.lowest_number))
    });
    time_rows(
        lines
            .into_iter()
            .map(|t| (None, None, t.name.to_owned(), t.time)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::fixtures::*;
    use crate::tour::result::Outcome;
    use crate::tour::standing::Score;

    fn values(rows: &[StandingRow]) -> Vec<(&str, String)> {
        rows.iter()
            .map(|r| (r.team.as_str(), r.value.to_string()))
            .collect()
    }

    #[test]
    fn hb_069_tv_16_team_time_per_stage() {
        let o = TourOptions::default();
        let after_1 = team(&[tv15_stage()], &o).unwrap();
        // Red: R1 17:15 + R4 19:00; Blue: R2 17:40 + R3 17:55.
        assert_eq!(
            values(&after_1),
            [("Blue", "35:35".into()), ("Red", "36:15".into())]
        );
        let after_2 = team(&[tv15_stage(), tv16_stage2()], &o).unwrap();
        // Red: 36:15 + (R4 18:00 + R5 18:05) = 72:20; Blue: 35:35 + 17:45 + 18:50 = 72:10.
        assert_eq!(
            values(&after_2),
            [("Blue", "1:12:10".into()), ("Red", "1:12:20".into())]
        );
        assert_eq!(after_2[1].gap, Score::Seconds(10));
        assert_eq!(after_2[0].rider, None);
    }

    #[test]
    fn qb_23_tv_16_team_time_best_two_gc_option() {
        let o = TourOptions {
            team_time: TeamTime::BestTwoGc,
            ..TourOptions::default()
        };
        let rows = team(&[tv15_stage(), tv16_stage2()], &o).unwrap();
        // Red: R1 35:45 + R4 37:00 = 72:45; Blue: R2 35:25 + R3 36:45 = 72:10.
        assert_eq!(
            values(&rows),
            [("Blue", "1:12:10".into()), ("Red", "1:12:45".into())]
        );
    }

    #[test]
    fn qb_23_a_team_with_fewer_than_two_riders_leaves() {
        let mut s2 = tv16_stage2();
        s2.riders[4].outcome = Outcome::Abandoned; // R3 of Blue, last of the stage
        s2.riders[4].place = None;
        let rows = team(&[tv15_stage(), s2], &TourOptions::default()).unwrap();
        assert_eq!(values(&rows), [("Red", "1:12:20".into())]);
    }

    #[test]
    fn qx_09_team_tie_goes_to_the_best_general_classification() {
        let s1 = flat_stage(
            1,
            vec![
                rider("a", "Red", 1, 10, crossed(3), Some(1)),
                rider("c", "Blue", 3, 10, crossed(2), Some(2)),
                rider("d", "Blue", 4, 10, crossed(1), Some(3)),
                rider("b", "Red", 2, 10, crossed(1), Some(4)),
            ],
        );
        let s2 = flat_stage(
            2,
            vec![
                rider("c", "Blue", 3, 10, crossed(3), Some(1)),
                rider("a", "Red", 1, 10, crossed(2), Some(2)),
                rider("b", "Red", 2, 10, crossed(1), Some(3)),
                rider("d", "Blue", 4, 10, crossed(1), Some(4)),
            ],
        );
        // Stage 1: Red 555 + 590 = 1145, Blue 570 + 585 = 1155.
        // Stage 2: Blue 555 + 590 = 1145, Red 570 + 585 = 1155. Equal totals, equal countback
        // ({1, 2} each): the best general classification decides. General: a 555 + 570 = 1125,
        // c 570 + 555 = 1125, same places; a has the lower start number, so Red wins.
        let rows = team(&[s1, s2], &TourOptions::default()).unwrap();
        assert_eq!(rows[0].value, rows[1].value);
        assert_eq!(values(&rows)[0].0, "Red");
        assert_eq!(rows[1].rank, 2);
    }

    /// A racing rider of the ledger, at no time yet, `gc_rank` where given.
    fn line(
        key: &str,
        team: &str,
        number: u32,
        gc_rank: Option<u32>,
    ) -> crate::tour::ledger::RiderLine {
        crate::tour::ledger::RiderLine {
            key: key.into(),
            team: team.into(),
            start_number: number,
            racing: true,
            left_at: None,
            reinstated: false,
            total_time: 0,
            places: Vec::new(),
            stage_wins: 0,
            points: 0,
            mountains: 0,
            combativity: 0,
            climber_points: 0,
            gc_rank,
        }
    }

    /// One stage's team times.
    fn stage_times(times: [(&str, i64); 3]) -> std::collections::HashMap<String, i64> {
        times.iter().map(|&(t, s)| (t.to_owned(), s)).collect()
    }

    #[test]
    fn qx_09_team_tie_goes_to_countback_of_team_stage_places() {
        // All three teams total 2310 s. Team stage places: Red 1 and 3, Blue 2 and 2, Green
        // 3 and 1. Red and Green beat Blue on countback; Green's best rider leads the general.
        let ledger = Ledger {
            riders: vec![
                line("r1", "Red", 1, Some(3)),
                line("r2", "Red", 2, Some(4)),
                line("b1", "Blue", 3, Some(2)),
                line("b2", "Blue", 4, Some(5)),
                line("g1", "Green", 5, Some(1)),
                line("g2", "Green", 6, Some(6)),
            ],
            teams: vec!["Red".into(), "Blue".into(), "Green".into()],
            team_stage_times: vec![
                stage_times([("Red", 1140), ("Blue", 1155), ("Green", 1170)]),
                stage_times([("Red", 1170), ("Blue", 1155), ("Green", 1140)]),
            ],
        };
        let rows = rows(&ledger, &TourOptions::default());
        assert_eq!(riders_of(&rows), ["Green", "Red", "Blue"]);
        assert!(rows.iter().all(|r| r.value == Score::Seconds(2310)));
    }

    #[test]
    fn qx_09_a_team_stage_place_counts_the_teams_faster_that_day() {
        // Red and Blue both total 2250 s. Red is 1st then 3rd, Blue 2nd then 1st: one win
        // each, and Blue's second place breaks the tie.
        let ledger = Ledger {
            riders: vec![
                line("r1", "Red", 1, None),
                line("r2", "Red", 2, None),
                line("b1", "Blue", 3, None),
                line("b2", "Blue", 4, None),
                line("g1", "Green", 5, None),
                line("g2", "Green", 6, None),
            ],
            teams: vec!["Red".into(), "Blue".into(), "Green".into()],
            team_stage_times: vec![
                stage_times([("Red", 1100), ("Blue", 1150), ("Green", 1200)]),
                stage_times([("Red", 1150), ("Blue", 1100), ("Green", 1125)]),
            ],
        };
        let rows = rows(&ledger, &TourOptions::default());
        assert_eq!(riders_of(&rows), ["Blue", "Red", "Green"]);
    }

    #[test]
    fn qx_09_shared_team_stage_place_on_equal_stage_times() {
        let s1 = flat_stage(
            1,
            vec![
                rider("a", "Red", 1, 10, crossed(3), Some(1)),
                rider("c", "Blue", 3, 10, crossed(3), Some(2)),
                rider("d", "Blue", 4, 10, crossed(1), Some(3)),
                rider("b", "Red", 2, 10, crossed(1), Some(4)),
            ],
        );
        // Red 555 + 590 = 1145, Blue 560 + 585 = 1145: both first of the stage.
        let ledger = super::super::pricing::ledger(&[s1], &TourOptions::default()).unwrap();
        let rows = rows(&ledger, &TourOptions::default());
        assert_eq!(rows[0].value, Score::Seconds(1145));
        assert_eq!(rows[1].value, Score::Seconds(1145));
        // General: a 555 leads, so Red goes first.
        assert_eq!(riders_of(&rows), ["Red", "Blue"]);
    }
}
