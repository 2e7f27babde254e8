//! The combativity classification (seed 004, GRAND TOUR – CLASSEMENTS – COMBATIVITE; HB-071,
//! ruling QB-25).
//!
//! Each stage, the rider whose count of exhaustion cards held grew the most (finish minus
//! start, if positive) scores one point: taking exhaustion means riding in the wind. No positive
//! gain, no point; equal gains go to the better stage place (QB-25). A rider who abandoned
//! during the stage has no finish count and cannot score. The classification's ties: QX-09,
//! countback of stage places, then the general classification.
//!
//! The sign. Word for word the seed takes "the positive difference between the exhaustion cards
//! at the start and those remaining at the finish", which read in that order is start minus
//! finish: a point for shedding exhaustion. We keep finish minus start (the table's HB-071 and
//! QB-25), on purpose: a held exhaustion card only leaves a rider's piles when it is played as a
//! 2, so start minus finish would reward the rider who crawled along on exhaustion cards and
//! took no wind, the opposite of what a combativity prize is for; "positive difference" reads as
//! "the gain, when there is one" (no gain, no point). Counts are of cards held (draw pile, hand,
//! recycle pile), as the seed's "remaining" says: a card played is gone.

use super::options::TourOptions;
use crate::tour::error::TourError;
use crate::tour::ledger::{Ledger, RiderLine};
use crate::tour::result::{RiderKey, StageResult};
use crate::tour::standing::{StandingRow, rider_points_rows};
use crate::tour::tiebreak::countback;
use crate::tour::validate;

/// Who takes the stage's combativity point, if anyone.
pub fn stage_combativity(stage: &StageResult) -> Result<Option<RiderKey>, TourError> {
    validate::stage(stage)?;
    Ok(stage_combativity_checked(stage))
}

pub(crate) fn stage_combativity_checked(stage: &StageResult) -> Option<RiderKey> {
    stage
        .riders
        .iter()
        .filter_map(|r| {
            let place = r.place?;
            let gain = r.exhaustion_end.checked_sub(r.exhaustion_start)?;
            (gain > 0).then_some((gain, place, &r.rider))
        })
        // Largest gain, then the better (smaller) place.
        .min_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)))
        .map(|(_, _, rider)| rider.clone())
}

/// The combativity classification after the given stages: riders still racing with at least
/// one point, most points first.
pub fn combativity(
    stages: &[StageResult],
    options: &TourOptions,
) -> Result<Vec<StandingRow>, TourError> {
    Ok(rows(&super::pricing::ledger(stages, options)?))
}

pub(crate) fn rows(ledger: &Ledger) -> Vec<StandingRow> {
    let mut scored: Vec<&RiderLine> = ledger.racing().filter(|r| r.combativity > 0).collect();
    scored.sort_by(|a, b| {
        b.combativity
            .cmp(&a.combativity)
            .then_with(|| countback(&a.places, &b.places))
            .then(a.gc_rank.cmp(&b.gc_rank))
    });
    rider_points_rows(scored.into_iter().map(|r| (r, r.combativity)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::fixtures::*;
    use crate::tour::result::Outcome;
    use crate::tour::standing::Score;

    fn with_exhaustion(mut stage: StageResult, counts: &[(u32, u32)]) -> StageResult {
        for (r, &(start, end)) in stage.riders.iter_mut().zip(counts) {
            r.exhaustion_start = start;
            r.exhaustion_end = end;
        }
        stage
    }

    #[test]
    fn hb_071_tv_17_biggest_gain_scores() {
        // R1 2 -> 5 (+3), R2 0 -> 2 (+2), R3 4 -> 1 (falls).
        let stage = with_exhaustion(tv15_stage(), &[(2, 5), (0, 2), (4, 1), (0, 0), (0, 0)]);
        assert_eq!(stage_combativity(&stage).unwrap(), Some("R1".into()));
    }

    #[test]
    fn hb_071_qb_25_the_gain_scores_not_the_loss() {
        // R3 sheds 5 cards (start minus finish = 5, the literal order's biggest difference);
        // R2 gains 1. The point is R2's; a stage where riders only shed pays nobody.
        let stage = with_exhaustion(tv15_stage(), &[(0, 0), (1, 2), (5, 0), (0, 0), (0, 0)]);
        assert_eq!(stage_combativity(&stage).unwrap(), Some("R2".into()));
        let shedding = with_exhaustion(tv15_stage(), &[(3, 0), (0, 0), (5, 0), (0, 0), (0, 0)]);
        assert_eq!(stage_combativity(&shedding).unwrap(), None);
    }

    #[test]
    fn qb_25_tv_17_no_positive_gain_no_point() {
        let stage = with_exhaustion(tv15_stage(), &[(3, 3), (2, 0), (4, 1), (0, 0), (1, 1)]);
        assert_eq!(stage_combativity(&stage).unwrap(), None);
        assert!(
            combativity(&[stage], &TourOptions::default())
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn qb_25_equal_gains_go_to_the_better_stage_place() {
        let stage = with_exhaustion(tv15_stage(), &[(0, 0), (0, 0), (0, 0), (1, 3), (0, 2)]);
        assert_eq!(stage_combativity(&stage).unwrap(), Some("R4".into()));
    }

    #[test]
    fn hb_071_a_rider_who_abandons_cannot_score() {
        let mut stage = with_exhaustion(tv15_stage(), &[(0, 1), (0, 0), (0, 0), (0, 0), (0, 6)]);
        stage.riders[4].outcome = Outcome::Abandoned;
        stage.riders[4].place = None;
        assert_eq!(stage_combativity(&stage).unwrap(), Some("R1".into()));
    }

    #[test]
    fn hb_071_points_add_up_and_ties_follow_qx_09() {
        let s1 = with_exhaustion(tv15_stage(), &[(0, 0), (0, 0), (0, 0), (0, 0), (0, 2)]);
        let s2 = with_exhaustion(tv16_stage2(), &[(0, 0), (0, 1), (2, 2), (0, 0), (0, 0)]);
        let rows = combativity(&[s1.clone(), s2], &TourOptions::default()).unwrap();
        // R5 (stage 1) and R4 (stage 2) one point each; countback: R4 placed 4 and 2, R5
        // 5 and 3, so R4 leads.
        assert_eq!(riders_of(&rows), ["R4", "R5"]);
        assert_eq!(rows[1].value, Score::Points(1));

        let s2 = with_exhaustion(tv16_stage2(), &[(0, 0), (0, 0), (0, 3), (0, 0), (0, 0)]);
        let rows = combativity(&[s1, s2], &TourOptions::default()).unwrap();
        assert_eq!(riders_of(&rows), ["R5"]);
        assert_eq!(rows[0].value, Score::Points(2));
    }
}
