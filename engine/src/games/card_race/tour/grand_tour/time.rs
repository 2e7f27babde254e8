//! Stage times of house rules B (seed 004, MODES DE COURSE – GRAND TOUR – CLASSEMENTS – GENERAL;
//! clauses HB-061…HB-064, table B5, ruling QB-20).
//!
//! A time is a number of seconds (`i64`): one minute per card, then seconds off for rows past
//! the line and for bonuses, or seconds on for rows still to ride.

use super::options::{GcShort, TourOptions};
use super::tables::{
    FINISH_BONUS_SECONDS, SECONDS_PER_CARD, SECONDS_PER_ROW_PAST, SPRINT_BONUS_SECONDS,
    short_row_seconds,
};
use crate::tour::error::TourError;
pub use crate::tour::pricing::StageTime;
use crate::tour::result::{Outcome, StageKind, StageResult};
use crate::tour::validate;
use std::collections::HashMap;

/// The time a rider rode, before bonuses (HB-061, HB-062, table B5): one minute per card played,
/// then 10 s off per row past the line, or, short of the line, the price of each row not yet
/// ridden (10 s downhill, 20 s flat, cobbled or supply, 30 s uphill). `None` for a rider who
/// abandoned: it has no time.
///
/// The issue's worked case: 12 cards and 4 rows past the line give 720 − 40 = 680 s (11:20).
pub fn ridden_time(cards_played: u32, outcome: &Outcome, gc_short: GcShort) -> Option<i64> {
    let cards = i64::from(cards_played) * SECONDS_PER_CARD;
    match outcome {
        Outcome::Crossed { rows_past } => {
            Some(cards - i64::from(*rows_past) * SECONDS_PER_ROW_PAST)
        }
        Outcome::Short { own_row, to_ride } => {
            let ahead: i64 = to_ride.iter().map(|&t| short_row_seconds(t)).sum();
            // QB-20: by default the rider's own row is not charged, so a rider on the last row
            // before the line adds nothing; the option charges it as well.
            let own = match gc_short {
                GcShort::RowsBetween => 0,
                GcShort::IncludeOwnRow => short_row_seconds(*own_row),
            };
            Some(cards + ahead + own)
        }
        Outcome::Timed { minutes, .. } => Some(i64::from(*minutes) * 60),
        Outcome::Abandoned => None,
    }
}

/// Every finisher's time for one stage, in stage-place order (HB-061…HB-064, QB-20).
pub fn stage_times(
    stage: &StageResult,
    options: &TourOptions,
) -> Result<Vec<StageTime>, TourError> {
    validate::stage(stage)?;
    Ok(stage_times_checked(stage, options))
}

/// [`stage_times`] on a stage already validated.
pub(crate) fn stage_times_checked(stage: &StageResult, options: &TourOptions) -> Vec<StageTime> {
    let time_trial = stage.kind.is_time_trial();
    let mut times: Vec<StageTime> = stage
        .riders
        .iter()
        .filter_map(|r| {
            let ridden = ridden_time(r.cards_played, &r.outcome, options.gc_short)?;
            let place = r.place?;
            // QB-18, QB-20: a time trial has no stage bonus; a ruleset's own time has none of
            // house rules B's, nor a stage whose rules define none (house rules A).
            let finish_bonus = if time_trial || !stage.bonus_seconds || r.outcome.is_timed() {
                0
            } else {
                nth_or_zero(&FINISH_BONUS_SECONDS, place as usize - 1)
            };
            Some(StageTime {
                rider: r.rider.clone(),
                team: r.team.clone(),
                place,
                ridden,
                finish_bonus,
                sprint_bonus: 0,
                time: 0,
            })
        })
        .collect();
    if stage.kind == StageKind::TeamTimeTrial {
        // HB-057: the team is timed on its last rider across, the slowest ridden time of its
        // finishers; each of them takes that time into the general classification.
        let mut team_time: HashMap<&str, i64> = HashMap::new();
        for t in &times {
            let slot = team_time.entry(t.team.as_str()).or_insert(t.ridden);
            *slot = (*slot).max(t.ridden);
        }
        let team_time: HashMap<String, i64> = team_time
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .collect();
        for t in &mut times {
            t.ridden = team_time[&t.team];
        }
    }
    if !time_trial && stage.bonus_seconds {
        // HB-064, table B4: sprint seconds go to the same total as the stage time (QB-20); a
        // time trial has no intermediate sprint, and a stage without bonus seconds no sprint
        // seconds.
        for sprint in &stage.sprints {
            for (key, &bonus) in sprint.order.iter().zip(SPRINT_BONUS_SECONDS.iter()) {
                if let Some(t) = times.iter_mut().find(|t| &t.rider == key) {
                    t.sprint_bonus += bonus;
                }
            }
        }
    }
    for t in &mut times {
        t.time = t.ridden - i64::from(t.finish_bonus) - i64::from(t.sprint_bonus);
    }
    times.sort_by_key(|t| t.place);
    times
}

fn nth_or_zero(scale: &[u32], index: usize) -> u32 {
    scale.get(index).copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::Terrain::{Cobbles, Downhill, Flat, Supply, Uphill};
    use crate::tour::fixtures::*;
    use crate::tour::format_time;

    fn by_rider(times: &[StageTime]) -> HashMap<&str, i64> {
        times.iter().map(|t| (t.rider.as_str(), t.time)).collect()
    }

    #[test]
    fn hb_061_stage_time_crossed_worked_case_of_the_issue() {
        // Issue 4: 12 cards, 4 rows past the line: 11 min 20 s before bonuses.
        let t = ridden_time(12, &crossed(4), GcShort::RowsBetween);
        assert_eq!(t, Some(11 * 60 + 20));
        assert_eq!(format_time(t.unwrap()), "11:20");
    }

    #[test]
    fn hb_061_first_row_past_counts_one() {
        assert_eq!(
            ridden_time(10, &crossed(1), GcShort::RowsBetween),
            Some(590)
        );
    }

    #[test]
    fn hb_062_stage_time_short_prices_each_row_still_to_ride() {
        let o = short(Flat, &[Downhill, Flat, Cobbles, Supply, Uphill]);
        assert_eq!(
            ridden_time(10, &o, GcShort::RowsBetween),
            Some(600 + 10 + 20 + 20 + 20 + 30)
        );
    }

    #[test]
    fn qb_20_own_row_is_charged_only_with_the_option() {
        let o = short(Uphill, &[Flat]);
        assert_eq!(ridden_time(10, &o, GcShort::RowsBetween), Some(620));
        assert_eq!(ridden_time(10, &o, GcShort::IncludeOwnRow), Some(650));
        // On the last row before the line nothing is left to ride.
        assert_eq!(
            ridden_time(10, &short(Flat, &[]), GcShort::RowsBetween),
            Some(600)
        );
    }

    #[test]
    fn hb_061_an_abandoned_rider_has_no_time() {
        let o = crate::tour::result::Outcome::Abandoned;
        assert_eq!(ridden_time(10, &o, GcShort::RowsBetween), None);
    }

    #[test]
    fn tv_15_stage_times_house_b() {
        let times = stage_times(&tv15_stage(), &TourOptions::default()).unwrap();
        let shown: Vec<String> = times.iter().map(|t| format_time(t.time)).collect();
        assert_eq!(shown, ["17:15", "17:40", "17:55", "19:00", "20:10"]);
        // HB-063: 15, 10, 5 s to places 1 to 3, even though R3 did not cross (QB-20).
        let bonus: Vec<u32> = times.iter().map(|t| t.finish_bonus).collect();
        assert_eq!(bonus, [15, 10, 5, 0, 0]);
    }

    #[test]
    fn tv_15_stage_times_with_include_own_row() {
        let options = TourOptions {
            gc_short: GcShort::IncludeOwnRow,
            ..TourOptions::default()
        };
        let times = stage_times(&tv15_stage(), &options).unwrap();
        let shown: Vec<String> = times.iter().map(|t| format_time(t.time)).collect();
        assert_eq!(shown, ["17:15", "17:40", "18:15", "19:30", "20:20"]);
    }

    #[test]
    fn tv_15_hb_064_sprint_bonus_seconds() {
        let mut stage = tv15_stage();
        stage
            .sprints
            .push(sprint("Km 30", &["R4", "R5", "R1", "R2"]));
        let times = stage_times(&stage, &TourOptions::default()).unwrap();
        let t = by_rider(&times);
        assert_eq!(format_time(t["R4"]), "18:57");
        assert_eq!(format_time(t["R5"]), "20:08");
        assert_eq!(format_time(t["R1"]), "17:14");
        // Fourth over the line: no seconds.
        assert_eq!(format_time(t["R2"]), "17:40");
    }

    #[test]
    fn hb_064_sprint_seconds_add_up_over_several_sprints() {
        let mut stage = tv15_stage();
        stage.sprints.push(sprint("Km 30", &["R1"]));
        stage.sprints.push(sprint("Km 60", &["R2", "R1"]));
        let times = stage_times(&stage, &TourOptions::default()).unwrap();
        let r1 = times.iter().find(|t| t.rider.as_str() == "R1").unwrap();
        assert_eq!(r1.sprint_bonus, 5);
        assert_eq!(r1.time, 1080 - 30 - 15 - 5);
    }

    #[test]
    fn qb_20_a_time_trial_has_no_bonus_seconds() {
        let mut stage = tv15_stage();
        stage.kind = StageKind::TimeTrial;
        stage.sprints.push(sprint("Km 30", &["R1", "R2", "R3"]));
        let times = stage_times(&stage, &TourOptions::default()).unwrap();
        let t = by_rider(&times);
        assert_eq!(t["R1"], 1080 - 30);
        assert_eq!(t["R2"], 1080 - 10);
        assert_eq!(t["R3"], 1080);
    }

    /// QX-05, C-11, C-14 (seed 001 has no bonus seconds): a stage ridden under house rules A
    /// gives the time ridden into the general classification as it is. TV-15's R1 beats R2 by
    /// 20 s (2 rows more past the line) and the gap stays 20 s: no 15 / 10 / 5 s, and a sprint
    /// R1 won pays no 3 s either. The same stage under house rules B still gives them.
    #[test]
    fn qx_05_c_14_a_stage_without_bonus_seconds_keeps_the_gap_ridden() {
        let mut stage = tv15_stage();
        stage.sprints.push(sprint("Km 30", &["R1", "R2", "R3"]));
        stage.bonus_seconds = false;
        let times = stage_times(&stage, &TourOptions::default()).unwrap();
        let t = by_rider(&times);
        assert_eq!(t["R1"], 1080 - 30);
        assert_eq!(t["R2"], 1080 - 10);
        assert_eq!(t["R2"] - t["R1"], 20, "the gap ridden, and nothing else");
        assert_eq!(t["R3"], 1080);
        for time in &times {
            assert_eq!((time.finish_bonus, time.sprint_bonus), (0, 0), "{time:?}");
            assert_eq!(time.time, time.ridden);
        }
        stage.bonus_seconds = true;
        let times = stage_times(&stage, &TourOptions::default()).unwrap();
        let t = by_rider(&times);
        // House rules B: R1 15 + 3 s, R2 10 + 2 s, R3 5 + 1 s.
        assert_eq!(t["R1"], 1080 - 30 - 15 - 3);
        assert_eq!(t["R2"], 1080 - 10 - 10 - 2);
        assert_eq!(t["R3"], 1080 - 5 - 1);
        assert_eq!(t["R2"] - t["R1"], 26);
    }

    /// A result stored before it said whether the stage gives bonus seconds reads as one that
    /// does, as it was counted then; one that gives none says so when stored.
    #[test]
    fn a_result_without_the_bonus_seconds_field_reads_as_giving_them() {
        let stage = tv15_stage();
        let mut json = serde_json::to_value(&stage).unwrap();
        assert!(
            json.get("bonus_seconds").is_none(),
            "the default is not written"
        );
        json.as_object_mut().unwrap().remove("bonus_seconds");
        let back: StageResult = serde_json::from_value(json).unwrap();
        assert!(back.bonus_seconds);
        let none = StageResult {
            bonus_seconds: false,
            ..stage
        };
        let json = serde_json::to_value(&none).unwrap();
        assert_eq!(json["bonus_seconds"], serde_json::json!(false));
        let back: StageResult = serde_json::from_value(json).unwrap();
        assert!(!back.bonus_seconds);
    }

    #[test]
    fn hb_057_team_time_trial_gives_each_rider_the_last_riders_time() {
        let mut stage = flat_stage(
            1,
            vec![
                rider("a", "Red", 1, 20, crossed(5), Some(1)),
                rider("b", "Red", 2, 21, crossed(1), Some(3)),
                rider("c", "Blue", 3, 20, crossed(2), Some(2)),
                rider("d", "Blue", 4, 20, crossed(3), None),
            ],
        );
        stage.riders[3].outcome = crate::tour::result::Outcome::Abandoned;
        stage.kind = StageKind::TeamTimeTrial;
        let times = stage_times(&stage, &TourOptions::default()).unwrap();
        let t = by_rider(&times);
        assert_eq!(t["a"], 21 * 60 - 10);
        assert_eq!(t["b"], 21 * 60 - 10);
        // The abandoned rider neither has a time nor slows its team.
        assert_eq!(t["c"], 20 * 60 - 20);
        assert!(!t.contains_key("d"));
    }

    #[test]
    fn times_format_for_display() {
        assert_eq!(format_time(0), "0:00");
        assert_eq!(format_time(1035), "17:15");
        assert_eq!(format_time(3723), "1:02:03");
        assert_eq!(format_time(-5), "-0:05");
    }
}
