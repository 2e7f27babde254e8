//! A Velo Master race: its state, the start phase and the rounds (turn structure, VM-020…036).
//! Movement lives in `movement.rs`, the finish and classifications in `finish.rs`.

use super::board::{Board, CellIx};
use super::events::{Choice, Event, RiderIx};
use super::options::{Options, Role};
use super::tables;
use crate::dice::{Dice, Roll};
use crate::game::Seat;
use crate::registry::{Sentence, Setup, StartError};
use serde::Serialize;
use serde_json::json;
use std::sync::Arc;

/// Where a rider is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "at", content = "cell", rename_all = "snake_case")]
pub enum Spot {
    /// Outside the road, before the first level (the virtual start cell, A-06).
    Start,
    Road(CellIx),
    /// Fallen, waiting beside this cell (VM-048, A-28); holds no cell.
    Roadside(CellIx),
    /// Across the line: off the road.
    Finished,
    /// Abandoned (Expert crash severity 1): off the road for good (VM-087).
    Out,
}

/// Which riders a phase moves: Débutant rounds move everyone; an Expert round is the leaders'
/// phase, then the team-mates' phase (VM-032).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    All,
    Leaders,
    Mates,
    /// A player's neutral riders, right after his own team-mates.
    Neutral,
}

/// What does not change during a race.
#[derive(Debug)]
pub struct Fixed {
    pub board: Board,
    pub options: Options,
    pub teams: Vec<String>,
    pub ids: Vec<String>,
    pub team_of: Vec<Seat>,
    pub roles: Vec<Role>,
    /// Per team, its riders, the leader first.
    pub riders_of: Vec<Vec<RiderIx>>,
    /// The neutral team of a two-player Expert race (VM-014): no leader, no player.
    pub neutral: Option<Seat>,
    /// Per seat, the other player of a colour shared by two (VM-018): the colour's team for
    /// the outsider's seat, which has no riders of its own, and the outsider's for the colour.
    pub partner: Vec<Option<Seat>>,
    /// Per rider, the champion's title he carries into this race (VM-006): his white bike.
    pub champions: Vec<Option<super::options::Title>>,
    /// Per rider, his number in his team, the one his name carries and his token shows.
    pub numbers: Vec<u8>,
}

#[derive(Debug, Clone)]
pub struct Rider {
    pub spot: Spot,
    /// The event number that brought the rider to its level: at equal levels, who got there
    /// first is ahead.
    pub reached: u32,
    pub misses: u8,
    pub points: u32,
    /// Summits crossed, as a bit per summit (a rider scores once per summit, VM-070).
    pub summits: u64,
    /// Finishing place and time in minutes.
    pub finish: Option<(u32, u32)>,
    /// The phase in which the rider last took part in a bonus move (0: none); one per phase
    /// (VM-055, A-15).
    pub bonus_in: u32,
    /// Expert: a scratch (crash severity 10-17) to serve at the next rider turn (VM-110, A-27).
    pub scratch: bool,
    /// At the roadside with a puncture: back at the end of the phase (VM-109).
    pub punctured: bool,
    /// Expert: a leader's points kept from a move the road blocked (VM-102, A-31).
    pub kept: u8,
    /// Pro: physical condition in percent (VM-117).
    pub condition: i32,
    /// Pro: doped, so he takes every gain (VM-126).
    pub doped: bool,
    /// Pro: the phase in which he last gained from team-mates in line (VM-124).
    pub line_gain_in: u32,
    /// Pro: excluded by the doping control (VM-143).
    pub excluded: bool,
    /// Feed zones fed at, a bit per zone (VM-103).
    pub fed: u64,
    /// Expert: missed a feed zone; the penalty lasts to the finish (VM-104, VM-105).
    pub missed_feed: bool,
}

/// One rider's move in progress, chosen step by step.
#[derive(Debug, Clone)]
pub struct Move {
    pub rider: RiderIx,
    pub left: u8,
    pub moved: u8,
    /// The descent's extra step (VM-049).
    pub extra: bool,
    /// A blocked leader's kept points, played when the road opens (VM-102).
    pub kept: bool,
    /// The die the rider moves with (0 for a move that uses none).
    pub die: u8,
    /// Pro: the speed control of a 6 through a descent is rolled (VM-113, A-35).
    pub speed: bool,
    pub visited: Vec<CellIx>,
}

/// A player's slot: the dice still to give and the riders still to move.
#[derive(Debug, Clone)]
pub struct Slot {
    pub seat: Seat,
    pub dice: Vec<u8>,
    pub movers: Vec<RiderIx>,
    /// A start slot: one die is kept, one rider launched (VM-022).
    pub launch: bool,
    /// The entraides open when the slot began (VM-051, VM-059), as (rear, front); played or
    /// passed before the dice are rolled (VM-030, A-12).
    pub bonus: Vec<(RiderIx, RiderIx)>,
    /// The accélérations open when the slot began (VM-088), each line rear first.
    pub accels: Vec<Vec<RiderIx>>,
    /// Whether the slot's dice are rolled (the bonus moves are over).
    pub rolled: bool,
    /// The phase the slot belongs to.
    pub part: Part,
    /// Riders who must move with the roll's smallest die (`low`), which the others cannot take
    /// (VM-086, VM-110).
    pub penalised: Vec<RiderIx>,
    pub low: u8,
    /// The team-mates' roll shows 4, 2 and 1: whoever takes the 1 punctures (VM-106).
    pub four_two_one: bool,
    /// Pro: riders who declared an attack in this slot (VM-138).
    pub attackers: Vec<RiderIx>,
    /// Their moves, each up to the sum of his own 2 d6 (VM-139), in order.
    pub attack_moves: Vec<(RiderIx, u8)>,
    /// The player passed the rest of his bonus moves and attacks: roll now.
    pub passed: bool,
    /// A shared colour's outsider is through with his bonus moves and attacks.
    pub handed: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Phase {
    /// Launch rounds in the d20 order (VM-021…027); `entered` is whether a rider got onto the
    /// road in this round.
    Start {
        order: Vec<Seat>,
        next: usize,
        entered: bool,
    },
    Race {
        round: u32,
        part: Part,
        acted: Vec<bool>,
    },
    /// The race is over; `round` is the round it ended in (0 before any), for the board.
    Over { round: u32 },
}

#[derive(Debug, Clone)]
pub struct VeloMaster {
    pub fixed: Arc<Fixed>,
    pub dice: Dice,
    pub riders: Vec<Rider>,
    /// Per cell, the bike on it.
    pub occupied: Vec<Option<RiderIx>>,
    pub phase: Phase,
    /// Per rider, the seat whose player decides for him (see [`VeloMaster::director`]).
    pub directors: Vec<Seat>,
    pub slot: Option<Slot>,
    pub moving: Option<Move>,
    /// An entraide under way: whose jump is awaited.
    pub jump: Option<super::entraide::Jump>,
    /// An accélération under way.
    pub accel: Option<super::acceleration::Accel>,
    /// Two players at Expert: per rider, the player moving it now (neutral riders, VM-016).
    pub ally: Vec<Option<Seat>>,
    /// The allocation of the neutral riders awaited at the start of a team-mates' phase.
    pub picking: Option<super::neutral::Picking>,
    /// The player whose neutral riders move next, right after his own team-mates.
    pub neutral_due: Option<Seat>,
    /// Riders owed the descent's extra step after a bonus move, in order (VM-050).
    pub extras: Vec<RiderIx>,
    /// Blocked leaders to offer their kept points to, in order (VM-102, A-31).
    pub kept_offers: Vec<RiderIx>,
    /// Whether the kept points have been offered since the last slot ended.
    pub kept_offered: bool,
    /// The race clock in minutes: one per slot played.
    pub clock: u32,
    /// Events told so far, numbering arrivals.
    pub seq: u32,
    /// Per summit, the riders over it so far, first over first.
    pub over: Vec<Vec<RiderIx>>,
    pub finishers: u32,
    /// Events of the start (the d20 order, the first dice), handed out with the first choice.
    pub opening: Vec<Event>,
    /// Last dice rolled, for the view.
    pub last_roll: Vec<Roll>,
    /// Whose slot rolled them (the board shows them by team).
    pub last_roller: Option<Seat>,
    /// Pro: per rider, which gains his director takes (VM-119).
    pub gains: Vec<super::options::Gains>,
    /// Riders who gained from the faces of the roll under way (A-39: once a roll).
    pub ones_gained: Vec<RiderIx>,
    /// Per seat, a slot to skip: option `neutral_crash_skips_player` (A-10, VM-017).
    pub skip_next: Vec<bool>,
}

impl VeloMaster {
    pub fn new(setup: &Setup, seed: u64) -> Result<VeloMaster, StartError> {
        let options =
            Options::from_json(&setup.options).map_err(|message| StartError::Options {
                ruleset: super::ID,
                message,
            })?;
        let board = Board::new(Arc::clone(&setup.course)).map_err(StartError::Rules)?;
        let teams = setup.teams.len();
        // VM-011, A-08: up to eight players. The book's four colours make two Débutant teams
        // share one from five players on, told apart by bibs; our board draws eight colours,
        // so each team keeps its own.
        if !(2..=8).contains(&teams) {
            return Err(StartError::Rules(format!(
                "Velo Master is raced by 2 to 8 teams, not {teams}: add or remove teams"
            )));
        }
        let size = tables::team_size(options.expert());
        let attrs: Vec<super::options::Attributes> = setup
            .riders
            .iter()
            .map(|r| {
                super::options::attributes_of(&r.attributes).map_err(|message| StartError::Rider {
                    rider: r.id.clone(),
                    message,
                })
            })
            .collect::<Result<_, _>>()?;
        super::entries::check(&options, setup, &attrs)?;
        // VM-018: a rider whose attributes name another team's colour rides in that team.
        let mut team_of: Vec<Seat> = Vec::with_capacity(setup.riders.len());
        for (r, a) in setup.riders.iter().zip(&attrs) {
            let colour = match &a.colour {
                None => r.team,
                Some(name) => match setup.teams.iter().position(|t| t == name) {
                    Some(t) => t as Seat,
                    None => {
                        return Err(StartError::Rider {
                            rider: r.id.clone(),
                            message: format!(
                                "\"colour\": there is no team '{name}' to share a colour with: name one of {}",
                                setup.teams.join(", ")
                            ),
                        });
                    }
                },
            };
            team_of.push(colour);
        }
        let mut roles = Vec::new();
        let mut riders_of = vec![Vec::new(); teams];
        for (i, r) in setup.riders.iter().enumerate() {
            let role = attrs[i].role;
            let Some(list) = riders_of.get_mut(team_of[i] as usize) else {
                return Err(StartError::Rider {
                    rider: r.id.clone(),
                    message: format!("team {} does not exist: there are {teams} teams", r.team),
                });
            };
            if role == Role::Leader {
                list.insert(0, i as RiderIx);
            } else {
                list.push(i as RiderIx);
            }
            roles.push(role);
        }
        let partner = shared_colours(setup, &team_of, &roles, options.expert())?;
        // VM-014: the neutral team is the one whose riders are all neutral.
        let neutral_teams: Vec<usize> = (0..teams)
            .filter(|&t| {
                !riders_of[t].is_empty()
                    && riders_of[t]
                        .iter()
                        .all(|&r| roles[r as usize] == Role::Neutral)
            })
            .collect();
        let players = teams - neutral_teams.len();
        let neutral = match (options.expert(), players, &neutral_teams[..]) {
            (true, 2, [t]) if riders_of[*t].len() <= 4 => Some(*t as Seat),
            (true, 2, []) => {
                return Err(StartError::Rules(
                    "two players at Expert race with a neutral team (VM-014): add a third team of four riders, each {\"role\": \"neutral\"}".into(),
                ));
            }
            (_, _, []) => None,
            _ => {
                return Err(StartError::Rules(
                    "a neutral team (four riders, each {\"role\": \"neutral\"}) races only at Expert with exactly two players (VM-014)".into(),
                ));
            }
        };
        for (t, list) in riders_of.iter().enumerate() {
            if Some(t as Seat) == neutral || (list.is_empty() && partner[t].is_some()) {
                continue;
            }
            let leaders = list
                .iter()
                .filter(|&&r| roles[r as usize] == Role::Leader)
                .count();
            // VM-087: in a stage race a team-mate who abandoned rides no later stage, so from
            // the second stage on (riders marked `later_stage`) a team may start short of
            // team-mates; never of its leader (the leaders' phase is his: a team that lost
            // him names another before the stage, A-47, in `carry_over`).
            let later = list.iter().all(|&r| {
                setup.riders[r as usize].attributes.get("later_stage")
                    == Some(&serde_json::Value::Bool(true))
            });
            let short = list.len() < size && later;
            if (list.len() != size && !short) || leaders != 1 {
                return Err(StartError::Rules(format!(
                    "team '{}' has {} riders and {leaders} leaders: at this level a team is one leader and {} team-mates (VM-010, VM-013), fewer only after abandons (VM-087)",
                    setup.teams[t],
                    list.len(),
                    size - 1
                )));
            }
        }
        let given: Vec<_> = setup.riders.iter().filter_map(|r| r.start).collect();
        if !given.is_empty() && given.len() != setup.riders.len() {
            return Err(StartError::MixedStarts);
        }
        let fixed = Fixed {
            options,
            teams: setup.teams.clone(),
            ids: setup.riders.iter().map(|r| r.id.clone()).collect(),
            team_of,
            roles,
            riders_of,
            neutral,
            partner,
            champions: attrs.iter().map(|a| a.champion).collect(),
            numbers: numbers(setup, &attrs),
            board,
        };
        let mut occupied = vec![None; fixed.board.cells.len()];
        let mut riders = Vec::new();
        for (i, r) in setup.riders.iter().enumerate() {
            let spot = match r.start {
                None => Spot::Start,
                Some(pos) => {
                    let Some(cell) = fixed.board.index(pos) else {
                        return Err(StartError::Rider {
                            rider: r.id.clone(),
                            message: format!(
                                "({}, {}) is not a cell of the course",
                                pos.row, pos.lane
                            ),
                        });
                    };
                    if occupied[cell as usize].is_some() || fixed.board.cell(cell).past_line {
                        return Err(StartError::Rider {
                            rider: r.id.clone(),
                            message: format!(
                                "cell {} is taken or past the line: give each rider a free cell before the line",
                                fixed.board.name(cell)
                            ),
                        });
                    }
                    occupied[cell as usize] = Some(i as RiderIx);
                    Spot::Road(cell)
                }
            };
            riders.push(Rider {
                spot,
                reached: i as u32,
                misses: 0,
                points: 0,
                summits: 0,
                finish: None,
                bonus_in: 0,
                scratch: false,
                punctured: false,
                kept: 0,
                condition: attrs[i].condition.unwrap_or(100),
                doped: attrs[i].doped,
                line_gain_in: 0,
                excluded: false,
                fed: 0,
                missed_feed: false,
            });
        }
        let summits = fixed.board.summits.len();
        let mut stage = VeloMaster {
            fixed: Arc::new(fixed),
            dice: Dice::new(seed, setup.dice.clone()),
            riders,
            occupied,
            phase: Phase::Over { round: 0 },
            directors: setup.riders.iter().map(|r| r.team).collect(),
            slot: None,
            moving: None,
            jump: None,
            accel: None,
            ally: vec![None; setup.riders.len()],
            picking: None,
            neutral_due: None,
            extras: Vec::new(),
            kept_offers: Vec::new(),
            kept_offered: true,
            clock: 0,
            seq: setup.riders.len() as u32,
            over: vec![Vec::new(); summits],
            finishers: 0,
            opening: Vec::new(),
            last_roll: Vec::new(),
            last_roller: None,
            gains: attrs.iter().map(|a| a.gains).collect(),
            ones_gained: Vec::new(),
            skip_next: vec![false; setup.teams.len()],
        };
        let mut ev = Vec::new();
        // VM-125, VM-126: a stage's start: the doped rider's +20 %, the motivated one's gain.
        for (i, a) in attrs.iter().enumerate() {
            if a.doped {
                stage.riders[i].condition += super::condition::DOPING;
                if stage.condition_on() {
                    ev.push(Event::Condition {
                        rider: i as RiderIx,
                        change: super::condition::DOPING,
                        now: stage.riders[i].condition,
                        why: super::condition::Why::Doped,
                    });
                }
            }
            if a.motivated {
                stage.gain(
                    i as RiderIx,
                    super::condition::Why::Motivated,
                    super::condition::GAIN,
                    &mut ev,
                );
            }
        }
        stage.roll_off(&mut ev).map_err(StartError::Rules)?;
        if given.is_empty() {
            let order = stage.start_order(&mut ev)?;
            stage.phase = Phase::Start {
                order,
                next: 0,
                entered: false,
            };
        } else {
            stage.begin_race(&mut ev);
        }
        stage.advance(&mut ev).map_err(StartError::Rules)?;
        stage.opening = ev;
        Ok(stage)
    }

    pub fn seats(&self) -> usize {
        self.fixed.teams.len()
    }

    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    pub fn roll(&mut self, sides: u8) -> Result<Roll, String> {
        let roll = self.dice.roll(sides).map_err(|e| e.to_string())?;
        Ok(roll)
    }

    /// VM-021, A-07: every player rolls the d20, highest first; tied players roll again among
    /// themselves, the new roll ordering only them.
    fn start_order(&mut self, ev: &mut Vec<Event>) -> Result<Vec<Seat>, StartError> {
        let neutral = self.fixed.neutral;
        // A shared colour rolls once, as the one team it is (VM-019).
        let seats: Vec<Seat> = (0..self.seats() as Seat)
            .filter(|&s| Some(s) != neutral && !self.fixed.riders_of[s as usize].is_empty())
            .collect();
        let order = self.order_by_d20(seats, 0, ev).map_err(StartError::Rules)?;
        ev.push(Event::StartOrder {
            order: order.clone(),
        });
        Ok(order)
    }

    fn order_by_d20(
        &mut self,
        seats: Vec<Seat>,
        round: u8,
        ev: &mut Vec<Event>,
    ) -> Result<Vec<Seat>, String> {
        let mut rolled = Vec::new();
        for seat in seats {
            let roll = self.roll(20)?;
            ev.push(Event::OrderRoll { seat, roll, round });
            rolled.push((seat, roll.face));
        }
        let mut faces: Vec<u8> = rolled.iter().map(|r| r.1).collect();
        faces.sort_unstable_by(|a, b| b.cmp(a));
        faces.dedup();
        let mut order = Vec::new();
        for face in faces {
            let tied: Vec<Seat> = rolled.iter().filter(|r| r.1 == face).map(|r| r.0).collect();
            if tied.len() == 1 || round == u8::MAX {
                order.extend(tied);
            } else {
                order.extend(self.order_by_d20(tied, round + 1, ev)?);
            }
        }
        Ok(order)
    }

    fn begin_race(&mut self, ev: &mut Vec<Event>) {
        ev.push(Event::RaceBegins);
        // in the leaders' phase the best-placed player decides for neutral bikes.
        self.release_neutrals();
        self.phase = Phase::Race {
            round: 1,
            part: self.first_part(),
            acted: vec![false; self.seats()],
        };
        ev.push(Event::RoundStarted { round: 1 });
    }

    /// VM-055, A-15: the period in which a bike gets at most one bonus move: the phase under
    /// way, numbered from 2 (a Débutant round is one phase); with the option `bonus_limit =
    /// "slot"`, the slot under way (the race clock counts slots, A-26).
    pub(super) fn bonus_period(&self) -> u32 {
        match (&self.phase, self.fixed.options.bonus_limit) {
            (Phase::Race { .. }, super::options::BonusLimit::Slot) => self.clock,
            (Phase::Race { round, part, .. }, super::options::BonusLimit::Phase) => {
                round * 2 + (*part == Part::Mates) as u32
            }
            _ => 0,
        }
    }

    pub fn first_part(&self) -> Part {
        if self.fixed.options.expert() {
            Part::Leaders
        } else {
            Part::All
        }
    }

    /// Still in the race: not across the line, not abandoned.
    pub fn racing(&self, r: RiderIx) -> bool {
        !matches!(self.riders[r as usize].spot, Spot::Finished | Spot::Out)
    }

    /// The riders of a team a phase moves.
    pub fn riders_in(&self, seat: Seat, part: Part) -> &[RiderIx] {
        let team = &self.fixed.riders_of[seat as usize];
        // The neutral team has no slot of its own, nor a shared colour's outsider (VM-019).
        if Some(seat) == self.fixed.neutral || team.is_empty() {
            // The neutral team has no slot of its own: the players move its riders.
            return &[];
        }
        match part {
            Part::All => team,
            Part::Leaders => &team[..1],
            Part::Mates => &team[1..],
            Part::Neutral => &[],
        }
    }

    /// The seat that owes the next decision, if any.
    pub fn to_play(&self) -> Option<Seat> {
        if let Some(m) = &self.moving {
            return Some(self.controller(m.rider));
        }
        if let Some(j) = &self.jump {
            return Some(self.controller(j.rider));
        }
        if let Some(r) = self.voter().or_else(|| self.jumper()) {
            return Some(self.controller(r));
        }
        if let Some(p) = &self.picking {
            return Some(p.seat);
        }
        self.slot
            .as_ref()
            .map(|s| self.shared_slot_owner().unwrap_or(s.seat))
    }

    /// Plays the race on until someone owes a decision or the race is over.
    pub fn advance(&mut self, ev: &mut Vec<Event>) -> Result<(), String> {
        loop {
            if matches!(self.phase, Phase::Over { .. }) {
                self.slot = None;
                self.moving = None;
                return Ok(());
            }
            if let Some(m) = &self.moving {
                let m = m.clone();
                if m.left > 0 && !self.steps(&m).is_empty() {
                    return Ok(());
                }
                self.end_move(m, false, ev);
                continue;
            }
            if let Some(j) = &self.jump {
                if !self.landings(j).is_empty() {
                    return Ok(());
                }
                // no free landing cell, no jump; A-16: the partner's lapses with it.
                let j = j.clone();
                self.jump_lapses(j, ev);
                continue;
            }
            if self.picking.is_some() {
                if self.pick_is_forced() {
                    self.pick_forced(ev);
                    continue;
                }
                return Ok(());
            }
            if self.accel.is_some() {
                if self.voter().is_some() || !self.accel_landings().is_empty() {
                    return Ok(());
                }
                // a bike with no free landing cell cannot jump; the next may.
                if self.jumper().is_some() {
                    self.decline_accel_jump(ev)?;
                } else {
                    self.accel = None;
                }
                continue;
            }
            if let Some(r) = self.next_extra() {
                self.offer_extra(r, ev);
                continue;
            }
            if let Some(r) = self.next_kept() {
                self.offer_kept(r, ev);
                continue;
            }
            if let Some(slot) = &mut self.slot {
                slot.movers.retain(|&r| {
                    matches!(self.riders[r as usize].spot, Spot::Start | Spot::Road(_))
                });
                if !slot.rolled {
                    if (self.open_entraides().is_empty()
                        && self.open_accelerations().is_empty()
                        && self.attack_options().is_empty())
                        || self.only_the_roll_left()
                    {
                        self.roll_slot(ev)?;
                    } else {
                        return Ok(());
                    }
                    continue;
                }
                if let Some(slot) = &mut self.slot
                    && !slot.attack_moves.is_empty()
                {
                    let (rider, sum) = slot.attack_moves.remove(0);
                    ev.push(Event::DieTaken { rider, die: sum });
                    self.moving = Some(Move {
                        rider,
                        left: sum,
                        moved: 0,
                        extra: false,
                        kept: false,
                        die: 0,
                        speed: false,
                        visited: Vec::new(),
                    });
                    continue;
                }
                let slot = self.slot.as_ref().expect("a slot is open");
                if slot.movers.is_empty() || (slot.dice.is_empty() && slot.penalised.is_empty()) {
                    self.slot = None;
                    continue;
                }
                // A die that can only go to one rider is given without asking.
                let launch = slot.launch;
                let gives = self.to_play().map_or_else(Vec::new, |s| self.legal(s));
                if let [Choice::Give { rider, die }] = gives[..]
                    && !launch
                {
                    self.take_die(rider, die, ev);
                    continue;
                }
                return Ok(());
            }
            if self.slot.is_none()
                && let Some(seat) = self.neutral_due.take()
            {
                self.open_neutral(seat, ev)?;
                continue;
            }
            if !self.kept_offered {
                // at the end of every slot, the blocked leaders' kept points.
                self.kept_offered = true;
                self.queue_kept();
                continue;
            }
            self.next_slot(ev)?;
        }
    }

    /// Opens the next slot, or ends a round or the start phase.
    fn next_slot(&mut self, ev: &mut Vec<Event>) -> Result<(), String> {
        match self.phase.clone() {
            Phase::Start {
                order,
                mut next,
                entered,
            } => {
                let at_start = |s: Seat| !self.launchable(s).is_empty();
                while next < order.len() && !at_start(order[next]) {
                    next += 1;
                }
                if next == order.len() {
                    // the start phase ends when every rider is on the road, or after a
                    // round of launches in which nobody could get on.
                    let anyone = (0..self.seats() as Seat).any(at_start);
                    if !anyone || !entered {
                        self.begin_race(ev);
                    } else {
                        self.phase = Phase::Start {
                            order,
                            next: 0,
                            entered: false,
                        };
                    }
                    return Ok(());
                }
                let seat = order[next];
                self.phase = Phase::Start {
                    order,
                    next: next + 1,
                    entered,
                };
                self.clock += 1;
                ev.push(Event::SlotStarted {
                    seat,
                    clock: self.clock,
                });
                let rolls = vec![self.roll(6)?, self.roll(6)?];
                ev.push(Event::DiceRolled {
                    seat,
                    rolls: rolls.clone(),
                });
                let movers = self.launchable(seat);
                self.slot = Some(Slot {
                    seat,
                    dice: rolls.iter().map(|r| r.face).collect(),
                    movers,
                    launch: true,
                    bonus: Vec::new(),
                    accels: Vec::new(),
                    rolled: true,
                    part: Part::All,
                    penalised: Vec::new(),
                    low: 0,
                    four_two_one: false,
                    attackers: Vec::new(),
                    attack_moves: Vec::new(),
                    passed: false,
                    handed: false,
                });
                self.last_roll = rolls;
                self.last_roller = Some(seat);
                Ok(())
            }
            Phase::Race {
                mut round,
                mut part,
                mut acted,
            } => {
                // VM-075, A-25: a rider may leave the race outside any segment (an attack that
                // takes him to the abandon level, VM-136): with nobody left to end it in a
                // segment, the race ends here rather than in empty rounds (issue 21, item 12).
                if self.race_is_over() {
                    self.end_race(ev);
                    return Ok(());
                }
                // VM-028/029, VM-034: the player whose leader is best placed among those who
                // have not played in this phase; A-26: a player plays a slot in a phase when he
                // has a rider in it still racing.
                let next = (0..acted.len() as Seat)
                    .filter(|&s| !acted[s as usize])
                    .filter(|&s| self.riders_in(s, part).iter().any(|&r| self.racing(r)))
                    .max_by(|&a, &b| {
                        self.leader_rank(a)
                            .partial_cmp(&self.leader_rank(b))
                            .expect("levels are finite")
                            .then(b.cmp(&a))
                    });
                let Some(seat) = next else {
                    self.end_of_phase(ev);
                    let mut allocate = false;
                    if part == Part::Leaders {
                        part = Part::Mates;
                        ev.push(Event::MatesPhase { round });
                        allocate = true;
                    } else {
                        round += 1;
                        part = self.first_part();
                        ev.push(Event::RoundStarted { round });
                        self.release_neutrals();
                    }
                    if round > 10_000 {
                        return Err("the race does not end".into());
                    }
                    self.phase = Phase::Race {
                        round,
                        part,
                        acted: vec![false; acted.len()],
                    };
                    if allocate {
                        self.begin_allocation();
                    }
                    return Ok(());
                };
                acted[seat as usize] = true;
                self.phase = Phase::Race { round, part, acted };
                if std::mem::take(&mut self.skip_next[seat as usize]) {
                    // A-10's option: the player responsible for a neutral rider's crash
                    // passes his next slot; he does not play it, so no minute (VM-078).
                    ev.push(Event::SlotSkipped {
                        seat,
                        clock: self.clock,
                    });
                    return Ok(());
                }
                self.open_slot(seat, part, ev)
            }
            Phase::Over { .. } => Ok(()),
        }
    }

    /// A slot (VM-030, VM-033, VM-034): fallen riders of the phase get back on or sit out,
    /// then the bonus moves, then the dice.
    fn open_slot(&mut self, seat: Seat, part: Part, ev: &mut Vec<Event>) -> Result<(), String> {
        self.kept_offered = false;
        if part == Part::Mates && self.fixed.neutral.is_some() {
            self.neutral_due = Some(seat);
        }
        if part == Part::Leaders {
            // points kept from a blocked road are lost when his next leaders' slot begins.
            let leader = self.fixed.riders_of[seat as usize][0];
            self.riders[leader as usize].kept = 0;
        }
        // The slot's minute is counted below, once we know the player plays it.
        let mark = ev.len();
        let mut movers = Vec::new();
        for r in self.riders_in(seat, part).to_vec() {
            match self.riders[r as usize].spot {
                Spot::Roadside(_) if self.riders[r as usize].punctured => {}
                Spot::Roadside(cell) => {
                    let rider = &mut self.riders[r as usize];
                    if rider.misses > 0 {
                        // VM-047, A-27: the rider's own turn is the one missed.
                        rider.misses -= 1;
                        ev.push(Event::SitsOut { rider: r });
                    } else {
                        // VM-048, A-28: back on just before the turn he may play.
                        let back = self.return_cell(cell);
                        self.place(r, back);
                        ev.push(Event::BackOnRoad {
                            rider: r,
                            cell: back,
                        });
                        movers.push(r);
                    }
                }
                Spot::Start | Spot::Road(_) => movers.push(r),
                Spot::Finished | Spot::Out => {}
            }
        }
        let bonus = self.lines_of_two(seat, part);
        let accels = self.lines_of_three(seat, part);
        let plays = !movers.is_empty()
            || !bonus.is_empty()
            || !accels.is_empty()
            || self.neutral_due == Some(seat);
        // VM-078, seed 000 (ARRIVEE / CLASSEMENTS, Maillot Or): a minute is added "each time a
        // player plays". A player whose riders of this phase all sit out (fallen, missing the
        // turn, or waiting with a puncture) passes his turn, as the book says of a fallen
        // rider ("passe son tour"): he does not play, so no minute (issue 21, item 17; this
        // narrows ruling A-26, which counted such a slot).
        if !plays {
            return Ok(());
        }
        self.clock += 1;
        ev.insert(
            mark,
            Event::SlotStarted {
                seat,
                clock: self.clock,
            },
        );
        self.slot = Some(Slot {
            seat,
            dice: Vec::new(),
            movers,
            launch: false,
            bonus,
            accels,
            rolled: false,
            part,
            penalised: Vec::new(),
            low: 0,
            four_two_one: false,
            attackers: Vec::new(),
            attack_moves: Vec::new(),
            passed: false,
            handed: false,
        });
        Ok(())
    }

    /// the crash cell if free, else the free cell level with it nearest across, else the
    /// nearest free cell behind it.
    pub fn return_cell(&self, cell: CellIx) -> CellIx {
        let b = &self.fixed.board;
        let home = b.cell(cell);
        let free = |i: usize| self.occupied[i].is_none() && !b.cells[i].past_line;
        if free(cell as usize) {
            return cell;
        }
        let best = (0..b.cells.len())
            .filter(|&i| free(i) && b.cells[i].level <= home.level)
            .min_by(|&i, &j| {
                let key = |k: usize| {
                    (
                        home.level - b.cells[k].level,
                        (b.cells[k].across - home.across).abs(),
                        k,
                    )
                };
                key(i).partial_cmp(&key(j)).expect("finite")
            });
        best.map_or(cell, |i| i as CellIx)
    }

    pub fn place(&mut self, r: RiderIx, cell: CellIx) {
        let level = self.fixed.board.cell(cell).level;
        let old = match self.riders[r as usize].spot {
            Spot::Road(c) | Spot::Roadside(c) => Some(self.fixed.board.cell(c).level),
            _ => None,
        };
        if let Spot::Road(c) = self.riders[r as usize].spot {
            self.occupied[c as usize] = None;
        }
        self.occupied[cell as usize] = Some(r);
        self.riders[r as usize].spot = Spot::Road(cell);
        self.seq += 1;
        if old != Some(level) {
            self.riders[r as usize].reached = self.seq;
        }
    }

    /// How well a team's leader is placed, higher first: finished leaders in finishing
    /// order, then by level, then by who reached it first; a fallen leader at his crash cell.
    pub fn leader_rank(&self, seat: Seat) -> (u8, f64, i64) {
        if Some(seat) == self.fixed.neutral {
            return (0, f64::MIN, 0);
        }
        // A shared colour's outsider ranks with the colour's leader.
        let seat = match self.partner(seat) {
            Some(colour) if self.fixed.riders_of[seat as usize].is_empty() => colour,
            _ => seat,
        };
        let leader = self.fixed.riders_of[seat as usize][0];
        let r = &self.riders[leader as usize];
        match r.spot {
            Spot::Finished => (3, -(r.finish.map_or(0, |f| f.0) as f64), 0),
            Spot::Road(c) | Spot::Roadside(c) => {
                (2, self.fixed.board.cell(c).level, -(r.reached as i64))
            }
            Spot::Start => (1, 0.0, -(r.reached as i64)),
            // a team without its leader after every team with one, by its best rider.
            Spot::Out => {
                let best = self.fixed.riders_of[seat as usize]
                    .iter()
                    .filter_map(|&o| match self.riders[o as usize].spot {
                        Spot::Road(c) | Spot::Roadside(c) => Some(self.fixed.board.cell(c).level),
                        Spot::Finished => Some(f64::MAX),
                        _ => None,
                    })
                    .fold(f64::MIN, f64::max);
                (0, best, 0)
            }
        }
    }

    fn take_die(&mut self, rider: RiderIx, die: u8, ev: &mut Vec<Event>) {
        self.riders[rider as usize].scratch = false;
        if let Some(slot) = &mut self.slot {
            if slot.penalised.contains(&rider) {
                // VM-086: every penalised rider moves with the same smallest die.
                slot.penalised.retain(|&r| r != rider);
            } else if let Some(k) = slot.dice.iter().position(|&d| d == die) {
                slot.dice.remove(k);
            }
            slot.movers.retain(|&r| r != rider);
            if slot.four_two_one && die == 1 && !slot.launch {
                // VM-106: the team-mate given the 1 of a 4-2-1 punctures and does not move.
                self.puncture(rider, ev);
                return;
            }
            if slot.launch {
                // One die is kept, the other is not used (VM-022).
                slot.dice.clear();
                slot.movers.clear();
            }
        }
        if let Some(slot) = &self.slot
            && self.fixed.team_of[rider as usize] != slot.seat
        {
            // A neutral rider is moved by the player whose slot it is.
            self.ally[rider as usize] = Some(slot.seat);
        }
        ev.push(Event::DieTaken { rider, die });
        self.moving = Some(Move {
            rider,
            left: die,
            moved: 0,
            extra: false,
            kept: false,
            die,
            speed: false,
            visited: Vec::new(),
        });
    }

    /// The options of the seat that owes a decision.
    pub fn legal(&self, seat: Seat) -> Vec<Choice> {
        if self.to_play() != Some(seat) {
            return Vec::new();
        }
        if let Some(m) = &self.moving {
            let mut out: Vec<Choice> = self
                .steps(m)
                .into_iter()
                .map(|(cell, _)| Choice::Step { cell })
                .collect();
            out.push(Choice::Stop);
            return out;
        }
        if let Some(j) = &self.jump {
            let mut out: Vec<Choice> = self
                .landings(j)
                .into_iter()
                .map(|(cell, _)| Choice::Jump { cell })
                .collect();
            out.push(Choice::Stop);
            return out;
        }
        if self.voter().is_some() {
            return vec![Choice::Vote { yes: true }, Choice::Vote { yes: false }];
        }
        if self.picking.is_some() {
            return self.picks();
        }
        if self.jumper().is_some() {
            let mut out: Vec<Choice> = self
                .accel_landings()
                .into_iter()
                .map(|l| Choice::Jump { cell: l.cell })
                .collect();
            out.push(Choice::Stop);
            return out;
        }
        self.slot_options_for(seat)
    }

    /// The options of the open slot: the bonus moves, attacks and the roll before the dice,
    /// then the dice to give.
    pub(super) fn slot_options(&self) -> Vec<Choice> {
        let Some(slot) = &self.slot else {
            return Vec::new();
        };
        if !slot.rolled {
            let mut out: Vec<Choice> = self
                .open_entraides()
                .into_iter()
                .map(|(rear, front)| Choice::Entraide { rear, front })
                .collect();
            out.extend(self.attack_options());
            out.extend(
                self.open_accelerations()
                    .into_iter()
                    .map(|l| Choice::Accelerate {
                        front: *l.last().expect("a line"),
                    }),
            );
            out.push(Choice::Roll);
            return out;
        }
        let mut dice = slot.dice.clone();
        dice.sort_unstable();
        dice.dedup();
        let mut out = Vec::new();
        for &rider in &slot.movers {
            if slot.penalised.contains(&rider) {
                out.push(Choice::Give {
                    rider,
                    die: slot.low,
                });
                continue;
            }
            for &die in &dice {
                out.push(if slot.launch {
                    Choice::Launch { rider, die }
                } else {
                    Choice::Give { rider, die }
                });
            }
        }
        out
    }

    /// Plays a choice, or refuses it in a sentence of the catalogue and changes nothing.
    pub fn apply(&mut self, seat: Seat, choice: &Choice) -> Result<Vec<Event>, Sentence> {
        if self.is_over() {
            return Err(sentence(
                "vm-refusal-over",
                vec![],
                "the race is over: nothing more to play".into(),
            ));
        }
        let Some(owner) = self.to_play() else {
            return Err(sentence(
                "vm-refusal-nobody",
                vec![],
                "nobody is to play now".into(),
            ));
        };
        if owner != seat {
            let (now, you) = (
                &self.fixed.teams[owner as usize],
                &self.fixed.teams[seat as usize],
            );
            return Err(sentence(
                "vm-refusal-not-your-turn",
                vec![("team", json!(now)), ("you", json!(you))],
                format!("the turn is for {now}, not {you}: wait for your slot"),
            ));
        }
        if !self.legal(seat).contains(choice) {
            return Err(self.why_illegal(choice));
        }
        // Only a scripted face can refuse a roll (a scenario's face off the die): then work on
        // a copy, so that the refusal changes nothing. The seeded stream never refuses, so no
        // player meets this one.
        let scripted = |text: String| {
            sentence(
                "vm-refusal-scripted-face",
                vec![("reason", json!(&text))],
                text.clone(),
            )
        };
        if self.dice.left() > 0 {
            let mut next = self.clone();
            let ev = next.play_and_run_out(choice).map_err(scripted)?;
            *self = next;
            return Ok(ev);
        }
        self.play_and_run_out(choice).map_err(scripted)
    }

    /// Plays a choice; then, with the option `finish_all` once the race has reached
    /// its end, the bot rides every rider still on the road to the line with its policy.
    fn play_and_run_out(&mut self, choice: &Choice) -> Result<Vec<Event>, String> {
        let mut ev = self.play(choice)?;
        while self.in_run_out() && !self.is_over() {
            let Some(seat) = self.to_play() else { break };
            let legal = self.legal(seat);
            let choice = super::bot::sensible(self, seat, &legal);
            ev.extend(self.play(&choice)?);
        }
        Ok(ev)
    }

    fn play(&mut self, choice: &Choice) -> Result<Vec<Event>, String> {
        let mut ev = std::mem::take(&mut self.opening);
        match *choice {
            Choice::Launch { rider, die } | Choice::Give { rider, die } => {
                self.take_die(rider, die, &mut ev)
            }
            Choice::Step { cell } => self.step(cell, &mut ev)?,
            Choice::Stop if self.moving.is_some() => {
                let m = self.moving.clone().expect("a move is under way");
                self.end_move(m, true, &mut ev);
            }
            Choice::Stop if self.jump.is_some() => {
                let j = self.jump.clone().expect("a jump is awaited");
                self.decline_jump(j, &mut ev);
            }
            Choice::Stop => self.decline_accel_jump(&mut ev)?,
            Choice::Entraide { rear, front } => self.begin_entraide(rear, front, &mut ev),
            Choice::Jump { cell } if self.jump.is_some() => self.land(cell, &mut ev)?,
            Choice::Jump { cell } => self.accel_land(cell, &mut ev)?,
            Choice::Accelerate { front } => self.begin_acceleration(front, &mut ev),
            Choice::Vote { yes } => self.vote(yes, &mut ev),
            Choice::Pick { a, b } => self.pick(a, b, &mut ev),
            Choice::Attack { rider } => self.declare_attack(rider, &mut ev),
            Choice::Roll if self.hands_over().is_some() => {
                let (from, to) = self.hands_over().expect("a hand-over");
                if let Some(slot) = &mut self.slot {
                    slot.handed = true;
                }
                ev.push(Event::RollHandedOver { from, to });
            }
            Choice::Roll => {
                if let Some(slot) = &mut self.slot {
                    slot.bonus.clear();
                    slot.accels.clear();
                    slot.passed = true;
                }
            }
        }
        self.advance(&mut ev)?;
        Ok(ev)
    }

    fn why_illegal(&self, choice: &Choice) -> Sentence {
        let names = &self.fixed.ids;
        match *choice {
            Choice::Step { cell } if (cell as usize) < self.fixed.board.cells.len() => {
                let name = self.fixed.board.name(cell);
                sentence(
                    "vm-refusal-step",
                    vec![("cell", json!(name))],
                    format!(
                        "cell {name} cannot be reached in one step now: pick one of the lettered cells or stop"
                    ),
                )
            }
            Choice::Step { .. } => sentence("vm-refusal-no-cell", vec![], "there is no such cell: pick one of the lettered cells".into()),
            Choice::Give { rider, die } | Choice::Launch { rider, die } => match self.slot.as_ref()
            {
                Some(s) if !s.dice.contains(&die) => {
                    let left: Vec<String> = s.dice.iter().map(|d| d.to_string()).collect();
                    let left = left.join(", ");
                    sentence(
                        "vm-refusal-no-die",
                        vec![("die", json!(die)), ("left", json!(left))],
                        format!("no die shows {die}: the dice left are {left}"),
                    )
                }
                Some(_) => {
                    let name = names
                        .get(rider as usize)
                        .map_or("that rider", |n| n.as_str());
                    sentence(
                        "vm-refusal-no-die-now",
                        vec![("rider", json!(name))],
                        format!("{name} cannot take a die now: choose one of your riders offered"),
                    )
                }
                None => sentence("vm-refusal-moving", vec![], "a rider is moving: step or stop first".into()),
            },
            Choice::Stop => sentence("vm-refusal-nothing-moving", vec![], "no rider is moving now: give a die first".into()),
            Choice::Entraide { .. } => sentence("vm-refusal-entraide", vec![], "that entraide is not open: the two bikes must stand one behind the other, alone in their file, since the slot began, and neither may have had a bonus this round".into()),
            Choice::Jump { .. } => sentence("vm-refusal-jump", vec![], "that cell is not a landing cell now: pick one offered".into()),
            Choice::Roll => sentence("vm-refusal-rolled", vec![], "the dice are already rolled".into()),
            Choice::Accelerate { .. } => sentence("vm-refusal-acceleration", vec![], "that accélération is not open: the line must be the same as when the slot began, with one of your bikes due to play among its three front bikes".into()),
            Choice::Vote { .. } => sentence("vm-refusal-no-vote", vec![], "no vote is under way".into()),
            Choice::Pick { .. } => {
                sentence("vm-refusal-pick", vec![], "pick two of the neutral riders offered".into())
            }
            Choice::Attack { .. } => sentence("vm-refusal-attack", vec![], "that rider cannot attack now: attacks are declared before the dice, by a rider of yours in this phase under no penalty (Pro)".into()),
        }
    }
}

/// Each rider's number in his team (VM-008: a bib tells a team's riders apart): the one his
/// attributes give (a tour's roster numbers its riders as it names them, "Team-mate 3" is 3,
/// and the number stays his all tour, even when an abandon leaves his team short or A-47 makes
/// him leader), else as a roster numbers them: the leader 1, the others 2, 3, 4 in the order
/// the setup lists them.
fn numbers(setup: &Setup, attrs: &[super::options::Attributes]) -> Vec<u8> {
    let leads = |i: usize| attrs[i].role == Role::Leader;
    (0..setup.riders.len())
        .map(|i| {
            attrs[i].number.unwrap_or_else(|| {
                if leads(i) {
                    return 1;
                }
                let team = setup.riders[i].team;
                let before = (0..i)
                    .filter(|&o| setup.riders[o].team == team && !leads(o))
                    .count();
                (before + 2).min(u8::MAX as usize) as u8
            })
        })
        .collect()
}

/// VM-018, A-08, A-11: which teams share a colour, checked: at Expert or Pro, with more than four
/// players, two players a colour at most, the colour's own team entering its leader and one
/// team-mate and the outsider two team-mates. Per seat, its partner.
fn shared_colours(
    setup: &Setup,
    team_of: &[Seat],
    roles: &[Role],
    expert: bool,
) -> Result<Vec<Option<Seat>>, StartError> {
    let teams = setup.teams.len();
    let mut partner: Vec<Option<Seat>> = vec![None; teams];
    for (i, r) in setup.riders.iter().enumerate() {
        let (own, colour) = (r.team as usize, team_of[i] as usize);
        if own == colour || own >= teams {
            continue;
        }
        let rule = |message: String| Err(StartError::Rules(message));
        if !expert {
            return rule(format!(
                "'{}' shares the colour of '{}', but colours are shared only at Expert and Pro (VM-018): remove \"colour\"",
                setup.teams[own], setup.teams[colour]
            ));
        }
        if team_of
            .iter()
            .zip(&setup.riders)
            .any(|(&c, o)| o.team as usize == colour && c as usize != colour)
        {
            return rule(format!(
                "'{}' rides in another team's colour, so '{}' cannot share it (VM-018: two players a colour)",
                setup.teams[colour], setup.teams[own]
            ));
        }
        match (partner[own], partner[colour]) {
            (None, None) => {
                partner[own] = Some(colour as Seat);
                partner[colour] = Some(own as Seat);
            }
            (Some(p), _) if p as usize == colour => {}
            _ => {
                return rule(format!(
                    "a colour is shared by two players at most, and each player rides in one colour (VM-018): check the \"colour\" of '{}'",
                    setup.teams[own]
                ));
            }
        }
    }
    let outsiders = (0..teams)
        .filter(|&t| partner[t].is_some() && team_of.iter().all(|&c| c as usize != t))
        .count();
    if outsiders == 0 {
        return Ok(partner);
    }
    let players = teams;
    if players <= 4 {
        return Err(StartError::Rules(format!(
            "colours are shared only with more than four players (VM-018), and {players} race here: give each team its own colour"
        )));
    }
    for (t, p) in partner.iter().enumerate() {
        let Some(p) = *p else { continue };
        let entered = |seat: usize| -> (usize, usize) {
            let mine: Vec<usize> = (0..setup.riders.len())
                .filter(|&i| setup.riders[i].team as usize == seat)
                .collect();
            let leaders = mine.iter().filter(|&&i| roles[i] == Role::Leader).count();
            (leaders, mine.len() - leaders)
        };
        let colour_side = team_of.iter().any(|&c| c as usize == t);
        let (leaders, mates) = entered(t);
        let ok = if colour_side {
            (leaders, mates) == (1, 1)
        } else {
            (leaders, mates) == (0, 2)
        };
        if !ok {
            return Err(StartError::Rules(format!(
                "'{}' and '{}' share a colour: one enters its leader and one team-mate, the other two team-mates who say \"colour\" (VM-018)",
                setup.teams[t], setup.teams[p as usize]
            )));
        }
    }
    Ok(partner)
}

/// A refusal as a sentence of the catalogue (`velo-master.ftl`), its English beside it.
fn sentence(
    id: &'static str,
    args: Vec<(&'static str, serde_json::Value)>,
    text: String,
) -> Sentence {
    Sentence { id, args, text }
}
