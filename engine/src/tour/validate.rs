//! Checks one stage result on its own (the checks across stages live in the ledger). Every public
//! function runs these first, so the scoring code may index and unwrap what they guarantee.

use super::error::TourError;
use super::result::{Outcome, RiderKey, StageResult};
use std::collections::HashSet;

pub(crate) fn stage(stage: &StageResult) -> Result<(), TourError> {
    let number = stage.number;
    let mut riders: HashSet<&RiderKey> = HashSet::new();
    let mut places = Vec::new();
    for r in &stage.riders {
        let rider = || r.rider.to_string();
        if !riders.insert(&r.rider) {
            return Err(TourError::DuplicateRider {
                stage: number,
                rider: rider(),
            });
        }
        match (&r.outcome, r.place) {
            (Outcome::Crossed { rows_past: 0 }, _) => {
                return Err(TourError::ZeroRowsPast {
                    stage: number,
                    rider: rider(),
                });
            }
            (Outcome::Abandoned, Some(place)) => {
                return Err(TourError::PlaceOfAbandoned {
                    stage: number,
                    rider: rider(),
                    place,
                });
            }
            (Outcome::Abandoned, None) => {}
            (_, None) => {
                return Err(TourError::MissingPlace {
                    stage: number,
                    rider: rider(),
                });
            }
            (_, Some(place)) => places.push(place),
        }
    }
    // The places are a ranking: exactly 1..=n, which is what makes "the first three" and the
    // countback tie-break well defined.
    let mut sorted = places.clone();
    sorted.sort_unstable();
    if sorted.iter().zip(1..).any(|(&p, want)| p != want) {
        return Err(TourError::BadPlaces {
            stage: number,
            finishers: places.len() as u32,
            places,
        });
    }
    let lines = stage
        .sprints
        .iter()
        .map(|s| (&s.name, &s.order))
        .chain(stage.summits.iter().map(|s| (&s.name, &s.order)));
    for (name, order) in lines {
        let mut seen = HashSet::new();
        for key in order {
            if !riders.contains(key) {
                return Err(TourError::UnknownRiderOnLine {
                    stage: number,
                    line: name.clone(),
                    rider: key.to_string(),
                });
            }
            if !seen.insert(key) {
                return Err(TourError::DuplicateRiderOnLine {
                    stage: number,
                    line: name.clone(),
                    rider: key.to_string(),
                });
            }
        }
    }
    let mut rejoined = HashSet::new();
    for key in &stage.rejoined {
        if !riders.contains(key) {
            return Err(TourError::RejoinedNotInStage {
                stage: number,
                rider: key.to_string(),
            });
        }
        if !rejoined.insert(key) {
            return Err(TourError::DuplicateRider {
                stage: number,
                rider: key.to_string(),
            });
        }
    }
    if let Some(climb) = stage.summits.iter().find(|s| s.length == 0) {
        return Err(TourError::EmptyClimb {
            stage: number,
            line: climb.name.clone(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::fixtures::*;
    use crate::tour::result::{LineResult, SummitResult};

    fn two_riders() -> StageResult {
        flat_stage(
            1,
            vec![
                rider("a", "Red", 1, 10, crossed(1), Some(1)),
                rider("b", "Red", 2, 10, crossed(1), Some(2)),
            ],
        )
    }

    #[test]
    fn a_consistent_stage_passes() {
        assert_eq!(stage(&two_riders()), Ok(()));
    }

    #[test]
    fn qb_20_first_row_beyond_counts_one_so_zero_is_refused() {
        let mut s = two_riders();
        s.riders[0].outcome = crossed(0);
        assert!(matches!(stage(&s), Err(TourError::ZeroRowsPast { .. })));
    }

    #[test]
    fn duplicate_rider_is_refused() {
        let mut s = two_riders();
        s.riders[1].rider = "a".into();
        assert!(matches!(stage(&s), Err(TourError::DuplicateRider { .. })));
    }

    #[test]
    fn places_must_be_a_ranking() {
        let mut s = two_riders();
        s.riders[1].place = Some(3);
        assert!(matches!(stage(&s), Err(TourError::BadPlaces { .. })));
        s.riders[1].place = Some(1);
        assert!(matches!(stage(&s), Err(TourError::BadPlaces { .. })));
        s.riders[1].place = None;
        assert!(matches!(stage(&s), Err(TourError::MissingPlace { .. })));
    }

    #[test]
    fn an_abandoned_rider_has_no_place() {
        let mut s = two_riders();
        s.riders[1].outcome = Outcome::Abandoned;
        assert!(matches!(
            stage(&s),
            Err(TourError::PlaceOfAbandoned { place: 2, .. })
        ));
        s.riders[1].place = None;
        assert_eq!(stage(&s), Ok(()));
    }

    #[test]
    fn lines_name_riders_of_the_stage_once() {
        let mut s = two_riders();
        s.sprints.push(LineResult {
            name: "Km 40".into(),
            order: vec!["a".into(), "z".into()],
        });
        assert!(matches!(
            stage(&s),
            Err(TourError::UnknownRiderOnLine { .. })
        ));
        s.sprints[0].order = vec!["a".into(), "a".into()];
        assert!(matches!(
            stage(&s),
            Err(TourError::DuplicateRiderOnLine { .. })
        ));
    }

    #[test]
    fn vm_085_riders_brought_back_started_the_stage_once_each() {
        let mut s = two_riders();
        s.rejoined = vec!["z".into()];
        assert!(matches!(
            stage(&s),
            Err(TourError::RejoinedNotInStage { .. })
        ));
        s.rejoined = vec!["b".into(), "b".into()];
        assert!(matches!(stage(&s), Err(TourError::DuplicateRider { .. })));
        s.rejoined = vec!["b".into()];
        assert_eq!(stage(&s), Ok(()));
    }

    #[test]
    fn qb_22_a_climb_has_at_least_one_row() {
        let mut s = two_riders();
        s.summits.push(SummitResult {
            name: "Col".into(),
            length: 0,
            steep: false,
            order: vec![],
        });
        assert!(matches!(stage(&s), Err(TourError::EmptyClimb { .. })));
    }
}
