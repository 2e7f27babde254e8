//! The points classification (seed 004, GRAND TOUR – CLASSEMENTS – POINTS; HB-064…HB-066,
//! table B4, ruling QB-21).
//!
//! Intermediate sprints pay 9, 6, 3 to the first three over; the finish pays 6, 3, 1 to the
//! first three over the line, in the stage ranking. A rider short of the line scores no finish
//! points even when it is third of the stage: the seed pays sprint points to "the first three to
//! cross this line" and finish points to "the first three on the finish line", the same words
//! for both lines, and summit points go only to riders over the top. The bonus seconds are
//! another matter: the seed gives them to "the first three" of the stage with no line named,
//! so those go to places 1 to 3 crossed or not (QB-20, in `time.rs`). A summit
//! finish pays no finish points but its sprints still pay (QB-21); a time trial pays nothing.
//! Ties: more stage wins, then the better general classification (QB-21), which settles
//! everything since the general classification has no ties.

use super::options::TourOptions;
use super::tables::{FINISH_POINTS, SPRINT_POINTS};
use crate::tour::error::TourError;
use crate::tour::ledger::{Ledger, RiderLine};
use crate::tour::result::{Outcome, StageResult};
use crate::tour::standing::{Award, StandingRow, rider_points_rows};
use crate::tour::validate;

/// The name [`Award::at`] gives the finish line.
pub const FINISH: &str = "finish";

/// The points one stage pays, line by line in course order, the finish last.
pub fn stage_points(stage: &StageResult) -> Result<Vec<Award>, TourError> {
    validate::stage(stage)?;
    Ok(stage_points_checked(stage))
}

pub(crate) fn stage_points_checked(stage: &StageResult) -> Vec<Award> {
    let mut awards = Vec::new();
    // HB-066: "no points at all in a time trial" covers its sprints and its finish.
    if stage.kind.is_time_trial() {
        return awards;
    }
    for sprint in &stage.sprints {
        for (rider, &points) in sprint.order.iter().zip(SPRINT_POINTS.iter()) {
            awards.push(Award {
                rider: rider.clone(),
                points,
                at: sprint.name.clone(),
            });
        }
    }
    if !stage.summit_finish {
        let mut placed: Vec<_> = stage
            .riders
            .iter()
            // HB-065 (seed 004, GRAND TOUR – POINTS): "sur la ligne d'arrivée, les trois
            // premiers" are the stage's first three, as for the bonus seconds (HB-063): a stage
            // ends in the round of the first crossing, so the 2nd and 3rd may be short of the
            // line and still score. A time a ruleset gives itself (`Timed`) scores as before.
            .filter(|r| matches!(r.outcome, Outcome::Crossed { .. } | Outcome::Short { .. }))
            .filter_map(|r| Some((r.place?, &r.rider)))
            .collect();
        placed.sort_unstable_by_key(|&(place, _)| place);
        for ((_, rider), &points) in placed.into_iter().zip(FINISH_POINTS.iter()) {
            awards.push(Award {
                rider: rider.clone(),
                points,
                at: FINISH.to_owned(),
            });
        }
    }
    awards
}

/// The points classification after the given stages: riders still racing with at least one
/// point, most points first.
pub fn points(
    stages: &[StageResult],
    options: &TourOptions,
) -> Result<Vec<StandingRow>, TourError> {
    Ok(rows(&super::pricing::ledger(stages, options)?))
}

pub(crate) fn rows(ledger: &Ledger) -> Vec<StandingRow> {
    let mut scored: Vec<&RiderLine> = ledger.racing().filter(|r| r.points > 0).collect();
    scored.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then(b.stage_wins.cmp(&a.stage_wins))
            .then(a.gc_rank.cmp(&b.gc_rank))
    });
    rider_points_rows(scored.into_iter().map(|r| (r, r.points)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::fixtures::*;
    use crate::tour::result::StageKind;
    use crate::tour::standing::Score;

    fn o() -> TourOptions {
        TourOptions::default()
    }

    fn paid(awards: &[Award]) -> Vec<(&str, u32, &str)> {
        awards
            .iter()
            .map(|a| (a.rider.as_str(), a.points, a.at.as_str()))
            .collect()
    }

    #[test]
    fn hb_064_tv_13_sprint_pays_9_6_3() {
        let mut stage = tv15_stage();
        stage
            .sprints
            .push(sprint("Km 30", &["R4", "R5", "R1", "R2"]));
        let awards = stage_points(&stage).unwrap();
        assert_eq!(
            paid(&awards)[..3],
            [("R4", 9, "Km 30"), ("R5", 6, "Km 30"), ("R1", 3, "Km 30")]
        );
    }

    /// HB-064 (seed 004, GRAND TOUR – POINTS), table B4: an intermediate sprint pays the first
    /// three over it, 9, 6 and 3, and nobody else: the fourth and fifth over score nothing there
    /// (nor any sprint seconds, HB-064).
    #[test]
    fn hb_064_a_sprint_pays_its_first_three_and_no_fourth() {
        let mut stage = tv15_stage();
        stage
            .sprints
            .push(sprint("Km 30", &["R4", "R5", "R1", "R2", "R3"]));
        let awards = stage_points(&stage).unwrap();
        let at_sprint: Vec<(&str, u32, &str)> = paid(&awards)
            .into_iter()
            .filter(|a| a.2 == "Km 30")
            .collect();
        assert_eq!(
            at_sprint,
            [("R4", 9, "Km 30"), ("R5", 6, "Km 30"), ("R1", 3, "Km 30")]
        );
        let times = super::super::time::stage_times(&stage, &Default::default()).unwrap();
        let seconds = |key: &str| {
            times
                .iter()
                .find(|t| t.rider.as_str() == key)
                .unwrap()
                .sprint_bonus
        };
        assert_eq!(["R4", "R5", "R1", "R2", "R3"].map(seconds), [3, 2, 1, 0, 0]);
    }

    #[test]
    fn hb_065_finish_points_go_to_the_stages_first_three() {
        // R3 is third of the stage and short of the line (the stage ended in the round R1
        // crossed): the stage's first three score 6, 3 and 1.
        let awards = stage_points(&tv15_stage()).unwrap();
        assert!(matches!(
            tv15_stage().riders[2].outcome,
            Outcome::Short { .. }
        ));
        assert_eq!(
            paid(&awards),
            [("R1", 6, FINISH), ("R2", 3, FINISH), ("R3", 1, FINISH)]
        );
        let mut all_over = tv15_stage();
        for r in &mut all_over.riders {
            r.outcome = Outcome::Crossed { rows_past: 1 };
        }
        assert_eq!(
            paid(&stage_points(&all_over).unwrap()),
            [("R1", 6, FINISH), ("R2", 3, FINISH), ("R3", 1, FINISH)]
        );
    }

    #[test]
    fn hb_066_tv_13_summit_finish_pays_no_finish_points_but_sprints_pay() {
        let mut stage = tv15_stage();
        stage.summit_finish = true;
        stage.sprints.push(sprint("Km 30", &["R2"]));
        assert_eq!(paid(&stage_points(&stage).unwrap()), [("R2", 9, "Km 30")]);
    }

    #[test]
    fn hb_066_tv_13_time_trials_pay_no_points() {
        for kind in [StageKind::TimeTrial, StageKind::TeamTimeTrial] {
            let mut stage = tv15_stage();
            stage.kind = kind;
            stage.sprints.push(sprint("Km 30", &["R2"]));
            assert!(stage_points(&stage).unwrap().is_empty());
        }
    }

    #[test]
    fn hb_064_points_add_up_over_stages() {
        let mut s1 = tv15_stage();
        s1.sprints.push(sprint("Km 30", &["R4", "R5", "R1"]));
        let s2 = tv16_stage2();
        let rows = points(&[s1, s2], &o()).unwrap();
        // R1 3 + 6; R2 3 + 6; R4 9 + 3; R5 6 + 1; R3 third of stage 1, short of the line: 1.
        assert_eq!(riders_of(&rows), ["R4", "R2", "R1", "R5", "R3"]);
        assert_eq!(rows[0].value, Score::Points(12));
        assert_eq!(rows[1].gap, Score::Points(3));
    }

    #[test]
    fn qb_21_points_tie_goes_to_stage_wins_then_general() {
        // Stage 1: R1 wins (6 points), R2 3, R3 1. A sprint gives R2 and R3 points too.
        let mut s1 = tv15_stage();
        s1.sprints.push(sprint("Km 30", &["R4", "R3", "R2"]));
        // R1 6 (1 win); R2 3 + 3 = 6 (no win); R3 6 + 1 (third of the stage, short of the
        // line); R4 9. R1's stage win puts it ahead of R2 on 6.
        let rows = points(&[s1], &o()).unwrap();
        assert_eq!(riders_of(&rows), ["R4", "R3", "R1", "R2"]);

        // No stage wins on any side: the general classification decides. R5 (9), R4 (6 + 3)
        // and R3 (9) tie; in the general R3 leads R4, who leads R5.
        let mut s1 = tv15_stage();
        s1.summit_finish = true;
        s1.sprints.push(sprint("Km 30", &["R5", "R4"]));
        s1.sprints.push(sprint("Km 60", &["R3", "R2", "R4"]));
        let rows = points(&[s1], &o()).unwrap();
        assert_eq!(riders_of(&rows), ["R3", "R4", "R5", "R2"]);
        assert_eq!(rows[0].value, rows[1].value);
    }

    #[test]
    fn riders_who_abandon_leave_the_points_classification() {
        let mut s2 = tv16_stage2();
        s2.riders[0].outcome = Outcome::Abandoned; // R2, who scored 3 in stage 1
        s2.riders[0].place = None;
        for r in &mut s2.riders[1..] {
            r.place = r.place.map(|p| p - 1);
        }
        let rows = points(&[tv15_stage(), s2], &o()).unwrap();
        assert!(!riders_of(&rows).contains(&"R2"));
        assert_eq!(riders_of(&rows), ["R1", "R4", "R5", "R3"]);
    }
}
