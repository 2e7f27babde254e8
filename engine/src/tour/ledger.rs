//! The fold of a tour's stage results into running totals, shared by every classification.
//!
//! Each classification function calls [`Ledger::build`] on the whole list of results, so any
//! moment of a tour can be recomputed from its log by passing the first `k` results.

use super::error::TourError;
use super::pricing::Pricing;
use super::result::{Outcome, RiderKey, StageResult};
use super::tables::REPECHAGE_DELAY_SECONDS;
use super::tiebreak::countback;
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
    /// count no more for their team (QB-23), unless a repêchage brings them back (VM-085).
    pub racing: bool,
    /// The stage in which the rider left the race, while it is out of it.
    pub left_at: Option<u32>,
    /// Brought back by a repêchage (VM-085) at least once: the standings say so.
    pub reinstated: bool,
    /// Sum of the stage times with their bonuses (HB-061…HB-064), and of the times a repêchage
    /// credited for the stages not finished.
    pub total_time: i64,
    /// Stage places, one per stage ridden to the end, for the countback tie-break (QX-09). A
    /// stage credited by a repêchage has no place: the rider did not finish it.
    pub places: Vec<u32>,
    pub stage_wins: u32,
    pub points: u32,
    pub mountains: u32,
    pub combativity: u32,
    /// A ruleset's own summit points ([`Outcome::Timed`]'s `climber_points`), of the stages
    /// ridden to the end.
    pub climber_points: u32,
    /// 1-based place in the general classification; set for riders still racing.
    pub gc_rank: Option<u32>,
}

#[derive(Debug, Clone)]
pub(crate) struct Ledger {
    pub riders: Vec<RiderLine>,
    /// Teams in the order they first appear in stage 1.
    pub teams: Vec<String>,
    /// Per stage, the time of each team with enough finishers: the sum of its best stage times,
    /// as many as the game's [`Pricing::team_counted`] (house rules B: two, HB-069, QB-23).
    pub team_stage_times: Vec<HashMap<String, i64>>,
}

impl Ledger {
    /// Folds `stages`, priced by the game's `pricing`.
    pub(crate) fn build(stages: &[StageResult], pricing: &dyn Pricing) -> Result<Self, TourError> {
        let mut ledger = Ledger {
            riders: Vec::new(),
            teams: Vec::new(),
            team_stage_times: Vec::new(),
        };
        let mut fold = Fold::default();
        for (i, stage) in stages.iter().enumerate() {
            let expected = i as u32 + 1;
            if stage.number != expected {
                return Err(TourError::StageNumber {
                    expected,
                    found: stage.number,
                });
            }
            validate::stage(stage)?;
            ledger.enter_riders(stage, &mut fold)?;
            ledger.score(stage, &mut fold, pricing);
        }
        // Team stage times are made last: a repêchage adds a time to a stage already scored.
        let counted = pricing.team_counted();
        ledger.team_stage_times = fold
            .team_times
            .into_iter()
            .map(|by_team| {
                by_team
                    .into_iter()
                    .filter(|(_, v)| v.len() >= counted)
                    .map(|(team, mut v)| {
                        v.sort_unstable();
                        (team, v[..counted].iter().sum())
                    })
                    .collect()
            })
            .collect();
        let order = general_order(&ledger.riders);
        for (rank, &i) in order.iter().enumerate() {
            ledger.riders[i].gc_rank = Some(rank as u32 + 1);
        }
        Ok(ledger)
    }

    /// Checks the stage's field against the tour so far, brings back the riders of a
    /// repêchage and marks who left.
    fn enter_riders(&mut self, stage: &StageResult, fold: &mut Fold) -> Result<(), TourError> {
        let number = stage.number;
        for key in &stage.rejoined {
            self.bring_back(key, number, fold)?;
        }
        let index = &mut fold.index;
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
                        left_at: None,
                        reinstated: false,
                        total_time: 0,
                        places: Vec::new(),
                        stage_wins: 0,
                        points: 0,
                        mountains: 0,
                        combativity: 0,
                        climber_points: 0,
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
                line.leave(number);
            }
        }
        for r in &stage.riders {
            if r.outcome == Outcome::Abandoned {
                self.riders[index[&r.rider]].leave(number);
            }
        }
        Ok(())
    }

    /// a rider brought back starts stage `number` with, for each stage from the one it
    /// left, the time of that stage's last classified rider plus one minute. Those stages give
    /// it nothing else (no place, no points, no bonus), and the credited time counts for its
    /// team as a stage time would, so a team is never short of a time for a stage.
    fn bring_back(
        &mut self,
        key: &RiderKey,
        number: u32,
        fold: &mut Fold,
    ) -> Result<(), TourError> {
        let not_out = || TourError::NotOut {
            stage: number,
            rider: key.to_string(),
        };
        let i = *fold.index.get(key).ok_or_else(not_out)?;
        let line = &mut self.riders[i];
        let left = line.left_at.filter(|_| !line.racing).ok_or_else(not_out)?;
        for missed in left..number {
            let last = fold.last_classified[missed as usize - 1].ok_or_else(|| {
                TourError::NobodyClassified {
                    stage: number,
                    missed,
                    rider: key.to_string(),
                }
            })?;
            let credited = last + REPECHAGE_DELAY_SECONDS;
            line.total_time += credited;
            fold.team_times[missed as usize - 1]
                .entry(line.team.clone())
                .or_default()
                .push(credited);
        }
        line.racing = true;
        line.left_at = None;
        line.reinstated = true;
        Ok(())
    }

    /// Adds one validated stage's times and points to the totals.
    fn score(&mut self, stage: &StageResult, fold: &mut Fold, pricing: &dyn Pricing) {
        let index = &fold.index;
        let times = pricing.times(stage);
        let mut by_team: HashMap<String, Vec<i64>> = HashMap::new();
        for t in &times {
            let line = &mut self.riders[index[&t.rider]];
            line.total_time += t.time;
            line.places.push(t.place);
            if t.place == 1 {
                line.stage_wins += 1;
            }
            by_team.entry(t.team.clone()).or_default().push(t.time);
        }
        fold.team_times.push(by_team);
        for r in &stage.riders {
            if let Outcome::Timed { climber_points, .. } = r.outcome {
                self.riders[index[&r.rider]].climber_points += climber_points;
            }
        }
        // The times come in stage-place order: the last is the last classified rider's.
        fold.last_classified.push(times.last().map(|t| t.time));
        // A rider who abandons takes nothing from the stage into the classifications, not even
        // what it won on a line before leaving: should a repêchage bring it back, the stage
        // gives it only the credited time.
        let left: HashSet<&RiderKey> = stage
            .riders
            .iter()
            .filter(|r| r.outcome == Outcome::Abandoned)
            .map(|r| &r.rider)
            .collect();
        for award in pricing.points(stage) {
            if !left.contains(&award.rider) {
                self.riders[index[&award.rider]].points += award.points;
            }
        }
        for award in pricing.mountains(stage) {
            if !left.contains(&award.rider) {
                self.riders[index[&award.rider]].mountains += award.points;
            }
        }
        if let Some((key, points)) = pricing.combativity(stage) {
            self.riders[index[&key]].combativity += points;
        }
    }

    pub(crate) fn racing(&self) -> impl Iterator<Item = &RiderLine> {
        self.riders.iter().filter(|r| r.racing)
    }
}

/// The indices of the riders still racing, in the order of the general classification on time:
/// the lowest total first, ties broken by QX-09 (countback of stage places, then the lower start
/// number; the "better general classification" step is this order itself).
pub(crate) fn general_order(riders: &[RiderLine]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..riders.len()).filter(|&i| riders[i].racing).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&riders[a], &riders[b]);
        a.total_time
            .cmp(&b.total_time)
            .then_with(|| countback(&a.places, &b.places))
            .then(a.start_number.cmp(&b.start_number))
    });
    order
}

impl RiderLine {
    fn leave(&mut self, stage: u32) {
        if self.racing {
            self.racing = false;
            self.left_at = Some(stage);
        }
    }
}

/// What the fold carries from stage to stage besides the riders' lines.
#[derive(Default)]
struct Fold {
    index: HashMap<RiderKey, usize>,
    /// Per stage, each team's stage times: its finishers', and those a repêchage credited.
    team_times: Vec<HashMap<String, Vec<i64>>>,
    /// Per stage, the time of its last classified rider (`None`: nobody finished it).
    last_classified: Vec<Option<i64>>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::fixtures::*;
    // The house rules B grand tour's pricing: the worked numbers below are its.
    use crate::games::card_race::tour::grand_tour::GrandTour;

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
            Ledger::build(&stages, &GrandTour::default()),
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
            Ledger::build(&stages, &GrandTour::default()),
            Err(TourError::LateStarter { stage: 2, .. })
        ));
    }

    #[test]
    fn a_rider_keeps_team_and_number() {
        let o = GrandTour::default();
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
        let o = GrandTour::default();
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
        let o = GrandTour::default();
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
