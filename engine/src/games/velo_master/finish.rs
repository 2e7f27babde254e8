//! Summits, the finish and the classifications (VM-070…084): climber points as riders cross,
//! the race time by slots played, the end of the race, and the jerseys.

use super::events::{Event, RiderIx};
use super::options::Title;
use super::stage::{Part, Phase, Spot, VeloMaster};
use super::tables;
use crate::game::Seat;
use crate::tour::TourRider;
use serde::Serialize;
use serde_json::{Value, json};

/// VM-128: the condition a rider recovers between two stages, in percent.
pub const RECOVERY: i32 = 20;
/// a rider brought back by a repêchage starts from this condition at least, before the
/// recovery.
pub const REPECHAGE_CONDITION: i32 = 40;

/// VM-128: recovery between stages never takes a rider above 100 %; a rider already above it
/// (a gain taken, doping) keeps what he has.
pub fn recover(condition: i32) -> i32 {
    if condition >= 100 {
        condition
    } else {
        (condition + RECOVERY).min(100)
    }
}

/// VM-006: which title a race's winner takes, by the side of the board played. Our course
/// files have no field for it; the course's name says it: a course named for the world
/// championship (or Salzburg, the book's World side) awards the World title, any other the
/// France title (the book's Aurillac side, and every course we ship).
pub fn title_of(course_name: &str) -> Title {
    let name = course_name.to_lowercase();
    if ["world", "monde", "mondial", "salzburg"]
        .iter()
        .any(|w| name.contains(w))
    {
        Title::World
    } else {
        Title::France
    }
}

impl VeloMaster {
    /// VM-070, VM-072, A-24: a rider crosses a summit line when a step takes him from its
    /// level or below to beyond it; places follow the order of crossing, once per rider.
    pub(super) fn cross_summits(&mut self, r: RiderIx, from: f64, to: f64, ev: &mut Vec<Event>) {
        for (k, s) in self.fixed.board.summits.iter().enumerate() {
            let bit = 1u64 << k.min(63);
            let rider = &mut self.riders[r as usize];
            if rider.summits & bit != 0 || !(from <= s.level && s.level < to) {
                continue;
            }
            rider.summits |= bit;
            self.over[k].push(r);
            let place = self.over[k].len() as u32;
            let points = tables::climber_points(s.category, place);
            // VM-073: points go to the rider, never to the team.
            rider.points += points;
            ev.push(Event::SummitCrossed {
                rider: r,
                summit: k as u8,
                place,
                points,
            });
        }
    }

    /// VM-076, VM-078, A-25, A-26: the rider is across; his time is the clock of this slot,
    /// and he leaves the road.
    pub(super) fn finish(&mut self, r: RiderIx, ev: &mut Vec<Event>) {
        if let Spot::Road(c) = self.riders[r as usize].spot {
            self.occupied[c as usize] = None;
        }
        self.finishers += 1;
        let rider = &mut self.riders[r as usize];
        rider.spot = Spot::Finished;
        rider.finish = Some((self.finishers, self.clock));
        ev.push(Event::Finished {
            rider: r,
            place: self.finishers,
            time: self.clock,
        });
    }

    /// Whether the race is over (VM-075, A-25). Seed 000, ARRIVEE / CLASSEMENTS: the race
    /// ends when all the leaders, or one complete team, have crossed the line. Our rulings:
    /// - a leader who abandoned cannot cross, so "all the leaders" are those still in the
    ///   race, but at least one leader must have crossed: with every leader out of the
    ///   race and none across, nobody has crossed the line as the book means it, and the race
    ///   goes on (issue 21, item 13; the first rider across is the champion, 1. Classement au
    ///   temps);
    /// - a team short of a rider who abandoned, in this race or an earlier stage, is not
    ///   complete;
    /// - with nobody left racing (every rider across or out of the race) there is nobody left
    ///   to play: the race is over (item 12).
    pub fn race_is_over(&self) -> bool {
        let nobody = (0..self.riders.len() as RiderIx).all(|r| !self.racing(r));
        // A-25's option `finish_all`: the end is reached, but the race runs out until every
        // rider is across or out (`in_run_out`).
        nobody || (!self.fixed.options.finish_all && self.end_reached())
    }

    /// VM-075: every leader still in the race across (one at least), or one whole team.
    fn end_reached(&self) -> bool {
        let done = |r: &RiderIx| self.riders[*r as usize].spot == Spot::Finished;
        let neutral = self.fixed.neutral.map(|n| n as usize);
        let teams: Vec<&Vec<RiderIx>> = (0..self.fixed.riders_of.len())
            .filter(|&t| Some(t) != neutral && !self.fixed.riders_of[t].is_empty())
            .map(|t| &self.fixed.riders_of[t])
            .collect();
        let leaders = teams.iter().all(|t| !self.racing(t[0])) && teams.iter().any(|t| done(&t[0]));
        let size = super::tables::team_size(self.fixed.options.expert());
        let one_team = teams.iter().any(|t| t.len() == size && t.iter().all(done));
        leaders || one_team
    }

    /// A-25's option `finish_all`: the race has reached its end and the bot rides the riders
    /// still on the road to the line.
    pub fn in_run_out(&self) -> bool {
        self.fixed.options.finish_all && !self.is_over() && self.end_reached()
    }

    /// After each segment, and before each slot (a rider may leave the race outside any
    /// segment, by an attack that takes his condition to the abandon level): the race ends
    /// when [`VeloMaster::race_is_over`] says so.
    pub(super) fn after_segment(&mut self, ev: &mut Vec<Event>) {
        if self.is_over() {
            return;
        }
        if !self.race_is_over() {
            self.gains_from_lines(ev);
            return;
        }
        self.end_race(ev);
    }

    /// The race is over: the end-of-stage gains, the doping control, the classification.
    pub(super) fn end_race(&mut self, ev: &mut Vec<Event>) {
        self.stage_end_gains(ev);
        // A roll refused here can only be a scenario's face off the die: the control is
        // then left out rather than the race left open.
        let _ = self.doping_control(ev);
        let order = self.classification();
        // VM-076: the champion is the first rider across; nobody wins a race nobody crossed.
        let winner = order.first().filter(|l| l.finished).map(|l| l.rider);
        ev.push(Event::RaceOver {
            order: order.iter().map(|l| (l.rider, l.time)).collect(),
            winner,
        });
        let round = match self.phase {
            Phase::Race { round, .. } => round,
            _ => 0,
        };
        self.phase = Phase::Over { round };
        self.slot = None;
        self.moving = None;
    }

    /// Slots in one round: one per team and phase with a rider in it still
    /// racing.
    fn slots_per_round(&self) -> u32 {
        let parts: &[Part] = if self.fixed.options.expert() {
            &[Part::Leaders, Part::Mates]
        } else {
            &[Part::All]
        };
        let mut n = 0;
        for &part in parts {
            n += (0..self.seats() as Seat)
                .filter(|&s| self.riders_in(s, part).iter().any(|&r| self.racing(r)))
                .count() as u32;
        }
        n.max(1)
    }

    /// The race's time classification now: finishers in crossing order with their times, then
    /// riders still on the road by place with the time A-25 gives them (ruling A-25).
    pub fn classification(&self) -> Vec<Line> {
        let b = &self.fixed.board;
        let mut done: Vec<Line> = Vec::new();
        let mut short: Vec<(f64, u32, RiderIx)> = Vec::new();
        for (i, r) in self.riders.iter().enumerate() {
            let i = i as RiderIx;
            match (r.finish, r.spot) {
                _ if r.excluded => {}
                (Some((place, time)), _) => done.push(Line {
                    rider: i,
                    place,
                    time,
                    points: r.points,
                    finished: true,
                }),
                (None, Spot::Road(c) | Spot::Roadside(c)) => {
                    short.push((b.cell(c).level, r.reached, i))
                }
                (None, Spot::Out) => {}
                (None, _) => short.push((f64::NEG_INFINITY, r.reached, i)),
            }
        }
        done.sort_by_key(|l| l.place);
        // VM-143, A-43: the riders behind an excluded one move up.
        for (k, l) in done.iter_mut().enumerate() {
            l.place = k as u32 + 1;
        }
        short.sort_by(|a, b| {
            b.0.partial_cmp(&a.0)
                .expect("finite")
                .then(a.1.cmp(&b.1))
                .then(a.2.cmp(&b.2))
        });
        let slots = self.slots_per_round();
        let first = b.entries.first().map_or(0.0, |&c| b.cell(c).level - 1.0);
        for (level, _, i) in short {
            let level = if level.is_finite() { level } else { first };
            let time = tables::time_short(self.clock, slots, b.levels_to_line(level));
            done.push(Line {
                rider: i,
                place: done.len() as u32 + 1,
                time,
                points: self.riders[i as usize].points,
                finished: false,
            });
        }
        done
    }

    /// The jerseys after this race alone.
    pub fn jerseys(&self) -> Jerseys {
        let lines = self.classification();
        let totals: Vec<Totals> = lines
            .iter()
            .map(|l| Totals {
                rider: l.rider,
                time: l.time,
                points: l.points,
                last_place: l.place,
                abandoned: false,
                team_best_points: self.team_best_points(l.rider),
            })
            .collect();
        jerseys(&totals)
    }

    /// VM-082: the climber points of the two best climbers of the rider's team.
    fn team_best_points(&self, r: RiderIx) -> u32 {
        let team = self.fixed.team_of[r as usize];
        let mut pts: Vec<u32> = self.fixed.riders_of[team as usize]
            .iter()
            .map(|&o| self.riders[o as usize].points)
            .collect();
        pts.sort_unstable_by(|a, b| b.cmp(a));
        pts.iter().take(2).sum()
    }
}

impl VeloMaster {
    /// What the tour's riders take from this race into the next (the registry's
    /// `carry_over`): at Pro with the condition rules, the condition after the recovery
    /// (VM-128; a rider out of the race at [`REPECHAGE_CONDITION`] at least, which matters only
    /// if a repêchage brings him back, A-48); and the champion's title to the winner (VM-006),
    /// which its holder loses when another rider wins it.
    pub fn carry_into(&self, riders: &mut [TourRider]) {
        let title = title_of(&self.fixed.board.course.name);
        let title_json = json!(title);
        let winner = self
            .classification()
            .first()
            .filter(|l| l.finished)
            .map(|l| self.fixed.ids[l.rider as usize].clone());
        for t in riders.iter_mut() {
            let Value::Object(map) = &mut t.attributes else {
                continue;
            };
            if winner.as_deref() == Some(t.key.as_str()) {
                map.insert("champion".into(), title_json.clone());
            } else if map.get("champion") == Some(&title_json) {
                map.remove("champion");
            }
            let Some(i) = self.fixed.ids.iter().position(|id| *id == t.key.0) else {
                continue;
            };
            if self.condition_on() {
                let r = &self.riders[i];
                let condition = if r.spot == Spot::Out {
                    r.condition.max(REPECHAGE_CONDITION)
                } else {
                    r.condition
                };
                map.insert("condition".into(), json!(recover(condition)));
            }
        }
    }
}

/// One line of a race's classification.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Line {
    pub rider: RiderIx,
    pub place: u32,
    /// Minutes.
    pub time: u32,
    pub points: u32,
    pub finished: bool,
}

/// A rider's totals over the stages raced (VM-079, VM-080), as the jerseys read them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Totals {
    pub rider: RiderIx,
    pub time: u32,
    pub points: u32,
    /// Place in the last stage (A-46's last tie-break).
    pub last_place: u32,
    pub abandoned: bool,
    /// The climber points of the two best riders of his team (VM-082).
    pub team_best_points: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Jerseys {
    /// Maillot Or: the lowest total time.
    pub or: Option<RiderIx>,
    /// Maillot Rouge: the most climber points.
    pub rouge: Option<RiderIx>,
}

/// VM-082, A-46: time ties go to more climber points, then the team's two best climbers, then
/// the last stage's place.
pub fn time_order(totals: &[Totals]) -> Vec<RiderIx> {
    let mut v: Vec<&Totals> = totals.iter().filter(|t| !t.abandoned).collect();
    v.sort_by(|a, b| {
        a.time
            .cmp(&b.time)
            .then(b.points.cmp(&a.points))
            .then(b.team_best_points.cmp(&a.team_best_points))
            .then(a.last_place.cmp(&b.last_place))
    });
    v.iter().map(|t| t.rider).collect()
}

/// VM-074, VM-082, A-46: most points first; ties to the lower time, then the team's two best
/// climbers, then the last stage's place.
pub fn climber_order(totals: &[Totals]) -> Vec<RiderIx> {
    let mut v: Vec<&Totals> = totals.iter().filter(|t| !t.abandoned).collect();
    v.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then(a.time.cmp(&b.time))
            .then(b.team_best_points.cmp(&a.team_best_points))
            .then(a.last_place.cmp(&b.last_place))
    });
    v.iter().map(|t| t.rider).collect()
}

/// VM-074, VM-079, VM-081, VM-084, A-45: the Or to the time leader; the Rouge to the best
/// climber not already in a jersey (one jersey per rider); an abandoned rider wears none.
/// Nobody wears the Rouge while no summit point has been scored.
pub fn jerseys(totals: &[Totals]) -> Jerseys {
    let or = time_order(totals).first().copied();
    let points = |r: RiderIx| totals.iter().find(|t| t.rider == r).map_or(0, |t| t.points);
    let rouge = climber_order(totals)
        .into_iter()
        .find(|&r| Some(r) != or && points(r) > 0);
    Jerseys { or, rouge }
}

/// One team's line in the team classification (Pro, VM-142).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TeamLine {
    pub team: Seat,
    /// Riders still in the tour.
    pub riders: usize,
    /// The sum of the three best cumulative times (of all of them when fewer are left).
    pub time: u32,
}

/// VM-142, A-49: teams ranked by the sum of their three best riders' cumulative times, lowest
/// first; teams with fewer than three riders left follow, by riders left (more first), then
/// their sum. Only riders still in the tour count (`abandoned` riders are left out); no jersey.
pub fn team_classification(riders: &[(Seat, u32, bool)]) -> Vec<TeamLine> {
    let mut teams: Vec<Seat> = riders.iter().map(|r| r.0).collect();
    teams.sort_unstable();
    teams.dedup();
    let mut lines: Vec<TeamLine> = teams
        .into_iter()
        .map(|team| {
            let mut times: Vec<u32> = riders
                .iter()
                .filter(|r| r.0 == team && !r.2)
                .map(|r| r.1)
                .collect();
            times.sort_unstable();
            TeamLine {
                team,
                riders: times.len(),
                time: times.iter().take(3).sum(),
            }
        })
        .collect();
    lines.sort_by(|a, b| {
        let full = |l: &TeamLine| l.riders >= 3;
        full(b)
            .cmp(&full(a))
            .then_with(|| {
                if full(a) {
                    std::cmp::Ordering::Equal
                } else {
                    b.riders.cmp(&a.riders)
                }
            })
            .then(a.time.cmp(&b.time))
            .then(a.team.cmp(&b.team))
    });
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::parse_course_toml;
    use crate::registry::{Entrant, Game, Setup};
    use crate::tour::RiderKey;
    use std::sync::Arc;

    fn setup(course_name: &str, attributes: &[Value]) -> Setup {
        let text = include_str!("../../../../config/courses/velo-master/vm-sprint-de-vic.toml");
        let mut course = parse_course_toml(text, "vm-sprint-de-vic.toml").unwrap();
        course.name = course_name.into();
        let riders = (0..12)
            .map(|i| Entrant {
                id: format!("R{i}"),
                team: (i / 4) as Seat,
                start: None,
                attributes: attributes[i].clone(),
            })
            .collect();
        Setup {
            course: Arc::new(course),
            teams: vec!["Blue".into(), "Red".into(), "Green".into()],
            riders,
            options: json!({"level": "pro"}),
            dice: Vec::new(),
        }
    }

    fn roles() -> Vec<Value> {
        (0..12)
            .map(|i| json!({"role": if i % 4 == 0 { "leader" } else { "team-mate" }}))
            .collect()
    }

    fn ridden(setup: &Setup, seed: u64) -> VeloMaster {
        let mut s = VeloMaster::new(setup, seed).unwrap();
        while !s.is_over() {
            let seat = (0..s.seats() as Seat).find(|&t| s.owes(t)).unwrap();
            let options = s.legal(seat);
            let choice = s.bot(seat, &options);
            s.apply(seat, &choice).unwrap();
        }
        s
    }

    fn tour_riders(attributes: &[Value]) -> Vec<TourRider> {
        attributes
            .iter()
            .enumerate()
            .map(|(i, a)| TourRider {
                key: RiderKey::new(format!("R{i}")),
                team: (i / 4) as Seat,
                start_number: i as u32 + 1,
                abandoned: false,
                attributes: a.clone(),
            })
            .collect()
    }

    #[test]
    fn vm_128_tv_31_recovery_between_stages_never_above_100() {
        assert_eq!(recover(60), 80);
        assert_eq!(recover(90), 100);
        assert_eq!(recover(110), 110, "unchanged above 100");
        assert_eq!(recover(100), 100);
    }

    #[test]
    fn vm_128_the_condition_after_a_stage_is_carried_recovered_into_the_next() {
        let mut attributes = roles();
        attributes[1]["condition"] = json!(70);
        let first = setup("Sprint de Vic", &attributes);
        let stage = ridden(&first, 5);
        let mut riders = tour_riders(&attributes);
        stage.carry_into(&mut riders);
        for (i, r) in riders.iter().enumerate() {
            let was = stage.riders[i].condition;
            let was = if stage.riders[i].spot == Spot::Out {
                was.max(REPECHAGE_CONDITION)
            } else {
                was
            };
            assert_eq!(r.attributes["condition"], json!(recover(was)), "R{i}");
            assert_eq!(
                r.attributes["role"], attributes[i]["role"],
                "the rest stays"
            );
        }
        // The next stage starts from the carried condition.
        let carried: Vec<Value> = riders.iter().map(|r| r.attributes.clone()).collect();
        let next = VeloMaster::new(&setup("Sprint de Vic", &carried), 6).unwrap();
        for (i, r) in riders.iter().enumerate() {
            assert_eq!(json!(next.riders[i].condition), r.attributes["condition"]);
        }
        // Without the condition rules nothing is written (a condition attribute outside Pro is
        // refused at the start, so this field is entered without one).
        let mut off = setup("Sprint de Vic", &roles());
        off.options = json!({"level": "expert"});
        let mut riders = tour_riders(&roles());
        ridden(&off, 5).carry_into(&mut riders);
        assert!(
            riders
                .iter()
                .all(|r| r.attributes.get("condition").is_none())
        );
    }

    #[test]
    fn vm_006_the_winner_carries_the_champions_title_into_the_next_race() {
        let mut attributes = roles();
        // Last race's France champion; the winner below is someone else's.
        let stage = ridden(&setup("Sprint de Vic", &attributes), 5);
        let winner = stage.classification()[0].rider as usize;
        let holder = (winner + 1) % 12;
        attributes[holder]["champion"] = json!("france");
        let mut riders = tour_riders(&attributes);
        stage.carry_into(&mut riders);
        assert_eq!(riders[winner].attributes["champion"], json!("france"));
        assert_eq!(riders[holder].attributes.get("champion"), None);
        assert_eq!(
            riders
                .iter()
                .filter(|r| r.attributes.get("champion").is_some())
                .count(),
            1
        );
        // The title rides into the next race: the attributes are read as they are.
        let carried: Vec<Value> = riders.iter().map(|r| r.attributes.clone()).collect();
        assert!(VeloMaster::new(&setup("Sprint de Vic", &carried), 2).is_ok());
        // A course of the world championship awards the World title.
        let stage = ridden(&setup("Salzburg World Championship", &roles()), 5);
        let winner = stage.classification()[0].rider as usize;
        let mut riders = tour_riders(&carried);
        stage.carry_into(&mut riders);
        assert_eq!(riders[winner].attributes["champion"], json!("world"));
        assert_eq!(title_of("Circuit d'Aurillac"), Title::France);
    }
}
