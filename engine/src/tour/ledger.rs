//! The fold of a tour's stage results into running totals, shared by every classification.
//!
//! Each classification function calls [`Ledger::build`] on the whole list of results, so any
//! moment of a tour can be recomputed from its log by passing the first `k` results.

use super::combativity::stage_combativity_checked;
use super::error::TourError;
use super::general;
use super::mountains::stage_mountain_points_checked;
use super::options::TourOptions;
use super::points::stage_points_checked;
use super::result::{Outcome, RiderKey, StageResult};
use super::tables::{COMBATIVITY_POINTS, TEAM_COUNTED_RIDERS};
use super::time::stage_times_checked;
use super::validate;
use std::collections::{HashMap, HashSet};

/// One rider's running totals.
#[derive(Debug, Clone)]
pub(crate) struct RiderLine {
    pub key: RiderKey,
    pub team: String,
    pub start_number: u32,
    /// False once the rider abandoned (during a stage, or by missing a stage's start). Riders
    /// who left are kept out of every individual classification (QB-24 ranks "riders still
    /// racing"; the seed has no time for a stage not ridden, so a total would mean nothing) and
    /// count no more for their team (QB-23).
    pub racing: bool,
    /// Sum of the stage times with their bonuses (HB-061…HB-064).
    pub total_time: i64,
    /// Stage places, one per stage ridden to the end, for the countback tie-break (QX-09).
    pub places: Vec<u32>,
    pub stage_wins: u32,
    pub points: u32,
    pub mountains: u32,
    pub combativity: u32,
    /// 1-based place in the general classification; set for riders still racing.
    pub gc_rank: Option<u32>,
}

#[derive(Debug, Clone)]
pub(crate) struct Ledger {
    pub riders: Vec<RiderLine>,
    /// Teams in the order they first appear in stage 1.
    pub teams: Vec<String>,
    /// Per stage, the time of each team with at least two finishers: the sum of its two best
    /// stage times (HB-069, QB-23).
    pub team_stage_times: Vec<HashMap<String, i64>>,
}

impl Ledger {
    pub(crate) fn build(stages: &[StageResult], options: &TourOptions) -> Result<Self, TourError> {
        let mut ledger = Ledger {
            riders: Vec::new(),
            teams: Vec::new(),
            team_stage_times: Vec::new(),
        };
        let mut index: HashMap<RiderKey, usize> = HashMap::new();
        for (i, stage) in stages.iter().enumerate() {
            let expected = i as u32 + 1;
            if stage.number != expected {
                return Err(TourError::StageNumber {
                    expected,
                    found: stage.number,
                });
            }
            validate::stage(stage)?;
            ledger.enter_riders(stage, &mut index)?;
            ledger.score(stage, &index, options);
        }
        let order = general::order(&ledger.riders);
        for (rank, &i) in order.iter().enumerate() {
            ledger.riders[i].gc_rank = Some(rank as u32 + 1);
        }
        Ok(ledger)
    }

    /// Checks the stage's field against the tour so far and marks who left.
    fn enter_riders(
        &mut self,
        stage: &StageResult,
        index: &mut HashMap<RiderKey, usize>,
    ) -> Result<(), TourError> {
        let number = stage.number;
        let mut present = HashSet::new();
        for r in &stage.riders {
            let i = match index.get(&r.rider) {
                None if number == 1 => {
                    if let Some(other) = self
                        .riders
                        .iter()
                        .find(|o| o.start_number == r.start_number)
                    {
                        return Err(TourError::DuplicateStartNumber {
                            number: r.start_number,
                            first: other.key.to_string(),
                            second: r.rider.to_string(),
                        });
                    }
                    if !self.teams.contains(&r.team) {
                        self.teams.push(r.team.clone());
                    }
                    self.riders.push(RiderLine {
                        key: r.rider.clone(),
                        team: r.team.clone(),
                        start_number: r.start_number,
                        racing: true,
                        total_time: 0,
                        places: Vec::new(),
                        stage_wins: 0,
                        points: 0,
                        mountains: 0,
                        combativity: 0,
                        gc_rank: None,
                    });
                    index.insert(r.rider.clone(), self.riders.len() - 1);
                    self.riders.len() - 1
                }
                None => {
                    return Err(TourError::LateStarter {
                        stage: number,
                        rider: r.rider.to_string(),
                    });
                }
                Some(&i) => i,
            };
            let line = &self.riders[i];
            if !line.racing {
                return Err(TourError::NotRacing {
                    stage: number,
                    rider: r.rider.to_string(),
                });
            }
            if line.team != r.team {
                return Err(TourError::TeamChanged {
                    stage: number,
                    rider: r.rider.to_string(),
                    before: line.team.clone(),
                    after: r.team.clone(),
                });
            }
            if line.start_number != r.start_number {
                return Err(TourError::StartNumberChanged {
                    stage: number,
                    rider: r.rider.to_string(),
                    before: line.start_number,
                    after: r.start_number,
                });
            }
            present.insert(i);
        }
        // A rider missing from the start abandoned between stages (an admin's "abandon").
        for (i, line) in self.riders.iter_mut().enumerate() {
            if !present.contains(&i) {
                line.racing = false;
            }
        }
        for r in &stage.riders {
            if r.outcome == Outcome::Abandoned {
                self.riders[index[&r.rider]].racing = false;
            }
        }
        Ok(())
    }

    /// Adds one validated stage's times and points to the totals.
    fn score(&mut self, stage: &StageResult, index: &HashMap<RiderKey, usize>, o: &TourOptions) {
        let times = stage_times_checked(stage, o);
        let mut by_team: HashMap<&str, Vec<i64>> = HashMap::new();
        for t in &times {
            let line = &mut self.riders[index[&t.rider]];
            line.total_time += t.time;
            line.places.push(t.place);
            if t.place == 1 {
                line.stage_wins += 1;
            }
            by_team.entry(&t.team).or_default().push(t.time);
        }
        let team_times = by_team
            .into_iter()
            .filter(|(_, v)| v.len() >= TEAM_COUNTED_RIDERS)
            .map(|(team, mut v)| {
                v.sort_unstable();
                (team.to_owned(), v[..TEAM_COUNTED_RIDERS].iter().sum())
            })
            .collect();
        self.team_stage_times.push(team_times);
        for award in stage_points_checked(stage) {
            self.riders[index[&award.rider]].points += award.points;
        }
        for award in stage_mountain_points_checked(stage, o) {
            self.riders[index[&award.rider]].mountains += award.points;
        }
        if let Some(key) = stage_combativity_checked(stage) {
            self.riders[index[&key]].combativity += COMBATIVITY_POINTS;
        }
    }

    pub(crate) fn racing(&self) -> impl Iterator<Item = &RiderLine> {
        self.riders.iter().filter(|r| r.racing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::fixtures::*;

    fn stage_of(number: u32, riders: &[(&str, &str, u32)]) -> StageResult {
        flat_stage(
            number,
            riders
                .iter()
                .zip(1..)
                .map(|(&(k, team, n), place)| rider(k, team, n, 10, crossed(1), Some(place)))
                .collect(),
        )
    }

    #[test]
    fn stages_must_come_in_order() {
        let stages = [stage_of(2, &[("a", "Red", 1)])];
        assert!(matches!(
            Ledger::build(&stages, &TourOptions::default()),
            Err(TourError::StageNumber {
                expected: 1,
                found: 2
            })
        ));
    }

    #[test]
    fn the_field_is_set_by_stage_1() {
        let stages = [
            stage_of(1, &[("a", "Red", 1)]),
            stage_of(2, &[("a", "Red", 1), ("b", "Red", 2)]),
        ];
        assert!(matches!(
            Ledger::build(&stages, &TourOptions::default()),
            Err(TourError::LateStarter { stage: 2, .. })
        ));
    }

    #[test]
    fn a_rider_keeps_team_and_number() {
        let o = TourOptions::default();
        let stages = [
            stage_of(1, &[("a", "Red", 1)]),
            stage_of(2, &[("a", "Blue", 1)]),
        ];
        assert!(matches!(
            Ledger::build(&stages, &o),
            Err(TourError::TeamChanged { .. })
        ));
        let stages = [
            stage_of(1, &[("a", "Red", 1)]),
            stage_of(2, &[("a", "Red", 7)]),
        ];
        assert!(matches!(
            Ledger::build(&stages, &o),
            Err(TourError::StartNumberChanged { .. })
        ));
        let stages = [stage_of(1, &[("a", "Red", 1), ("b", "Red", 1)])];
        assert!(matches!(
            Ledger::build(&stages, &o),
            Err(TourError::DuplicateStartNumber { number: 1, .. })
        ));
    }

    #[test]
    fn a_rider_who_left_cannot_come_back() {
        let o = TourOptions::default();
        let stages = [
            stage_of(1, &[("a", "Red", 1), ("b", "Red", 2)]),
            stage_of(2, &[("a", "Red", 1)]),
            stage_of(3, &[("a", "Red", 1), ("b", "Red", 2)]),
        ];
        assert!(matches!(
            Ledger::build(&stages, &o),
            Err(TourError::NotRacing { stage: 3, .. })
        ));
        let ledger = Ledger::build(&stages[..2], &o).unwrap();
        assert!(!ledger.riders[1].racing);
        assert_eq!(ledger.racing().count(), 1);
    }

    #[test]
    fn totals_add_up_over_stages() {
        let o = TourOptions::default();
        let stages = [
            stage_of(1, &[("a", "Red", 1), ("b", "Red", 2)]),
            stage_of(2, &[("b", "Red", 2), ("a", "Red", 1)]),
        ];
        let ledger = Ledger::build(&stages, &o).unwrap();
        // 590 s each stage, minus 15 s as winner and 10 s as second.
        assert_eq!(ledger.riders[0].total_time, 590 * 2 - 15 - 10);
        assert_eq!(ledger.riders[0].places, [1, 2]);
        assert_eq!(ledger.riders[0].stage_wins, 1);
        assert_eq!(ledger.team_stage_times[1]["Red"], 590 * 2 - 25);
    }
}
