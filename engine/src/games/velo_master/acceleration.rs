//! Accélérations (Expert, VM-088…099): a straight line of three or more bikes, if half of them
//! agree, leapfrogs itself from the rear, each bike landing one step beyond the head; bikes
//! just ahead may be swallowed on the way.

use super::board::{CellIx, Relief};
use super::events::{Event, RiderIx, Skill};
use super::options::Role;
use super::stage::{Part, Phase, Spot, VeloMaster};
use crate::course::LinkKind;
use crate::game::Seat;

/// Bikes a whole accélération may swallow (VM-096).
const MAX_SWALLOWED: usize = 3;

/// An accélération under way.
#[derive(Debug, Clone, PartialEq)]
pub struct Accel {
    /// The line, rear first, as it stood when the slot began.
    pub line: Vec<RiderIx>,
    /// Per bike, its vote; the proposing bike's is yes.
    pub votes: Vec<Option<bool>>,
    /// Voting is over: bikes jump from `next` on, rear first.
    pub jumping: bool,
    pub next: usize,
    pub swallowed: Vec<RiderIx>,
    pub jumped: Vec<RiderIx>,
}

/// A landing offered to the jumper: the cell, the step from the head, the head's cell, and the
/// bikes landing there swallows.
#[derive(Debug, Clone, PartialEq)]
pub struct Landing {
    pub cell: CellIx,
    pub kind: LinkKind,
    pub head: CellIx,
    pub swallows: Vec<RiderIx>,
}

fn votes_all_in(votes: &[Option<bool>]) -> bool {
    votes.iter().all(Option::is_some)
}

/// VM-091: yes votes needed for a line of `n` bikes: at least half.
pub fn votes_needed(n: usize) -> usize {
    n.div_ceil(2)
}

impl VeloMaster {
    fn phase_no(&self) -> u32 {
        self.bonus_period()
    }

    fn road_cell(&self, r: RiderIx) -> Option<CellIx> {
        match self.riders[r as usize].spot {
            Spot::Road(c) => Some(c),
            _ => None,
        }
    }

    /// The maximal line whose front bike is `front`, rear first.
    pub fn line_to(&self, front: RiderIx) -> Vec<RiderIx> {
        let b = &self.fixed.board;
        let Some(mut c) = self.road_cell(front) else {
            return Vec::new();
        };
        if b.cell(c)
            .ahead
            .is_some_and(|a| self.occupied[a as usize].is_some())
        {
            return Vec::new();
        }
        let mut line = vec![front];
        loop {
            let back: Vec<RiderIx> = b
                .cell(c)
                .behind
                .iter()
                .filter_map(|&x| self.occupied[x as usize])
                .collect();
            match back[..] {
                [r] => {
                    line.push(r);
                    c = self.road_cell(r).expect("on the road");
                }
                _ => break,
            }
        }
        line.reverse();
        line
    }

    /// VM-088, VM-090, A-18: lines of three or more with a bike `seat` moves in this phase
    /// among their three front bikes, as the slot begins; Expert only, never at the start.
    pub(super) fn lines_of_three(&self, seat: Seat, part: Part) -> Vec<Vec<RiderIx>> {
        if !self.fixed.options.expert() || !matches!(self.phase, Phase::Race { .. }) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for front in 0..self.riders.len() as RiderIx {
            let line = self.line_to(front);
            if line.len() < 3 {
                continue;
            }
            let due = |r: &RiderIx| self.moves(seat, part, *r) && self.may_accelerate(*r);
            if line.iter().rev().take(3).any(due) {
                out.push(line);
            }
        }
        out
    }

    /// The accélérations of the slot still open: the same line as when the slot began.
    pub fn open_accelerations(&self) -> Vec<Vec<RiderIx>> {
        let Some(slot) = &self.slot else {
            return Vec::new();
        };
        slot.accels
            .iter()
            .filter(|line| self.line_to(*line.last().expect("a line")) == **line)
            .cloned()
            .collect()
    }

    /// The proposing bike: the front-most bike the active player moves among the three front
    /// bikes (VM-090).
    fn proposer(&self, line: &[RiderIx]) -> Option<RiderIx> {
        let slot = self.slot.as_ref()?;
        line.iter()
            .rev()
            .take(3)
            .copied()
            .find(|&r| self.moves(slot.seat, slot.part, r) && self.may_accelerate(r))
    }

    pub(super) fn begin_acceleration(&mut self, front: RiderIx, ev: &mut Vec<Event>) {
        let line = self.line_to(front);
        if let Some(slot) = &mut self.slot {
            slot.accels.retain(|l| l.last() != Some(&front));
        }
        let proposer = self.proposer(&line);
        // The proposer votes yes; a bike that may not take part votes no.
        let votes: Vec<Option<bool>> = line
            .iter()
            .map(|&r| {
                if Some(r) == proposer {
                    Some(true)
                } else if !self.may_accelerate(r) {
                    Some(false)
                } else {
                    None
                }
            })
            .collect();
        ev.push(Event::AccelerationProposed { line: line.clone() });
        let decided = votes_all_in(&votes);
        self.accel = Some(Accel {
            line,
            votes,
            jumping: false,
            next: 0,
            swallowed: Vec::new(),
            jumped: Vec::new(),
        });
        if decided {
            self.count_votes(ev);
        }
    }

    /// The bike whose vote is awaited, front first.
    pub fn voter(&self) -> Option<RiderIx> {
        let a = self.accel.as_ref().filter(|a| !a.jumping)?;
        (0..a.line.len())
            .rev()
            .find(|&k| a.votes[k].is_none())
            .map(|k| a.line[k])
    }

    /// VM-091, A-18: one vote per bike by whoever moves it; once every vote is in, the line
    /// goes if at least half said yes.
    pub(super) fn vote(&mut self, yes: bool, ev: &mut Vec<Event>) {
        let Some(voter) = self.voter() else {
            return;
        };
        let a = self.accel.as_mut().expect("an accélération");
        let k = a
            .line
            .iter()
            .position(|&r| r == voter)
            .expect("in the line");
        a.votes[k] = Some(yes);
        ev.push(Event::Vote { rider: voter, yes });
        if a.votes.iter().any(Option::is_none) {
            return;
        }
        self.count_votes(ev);
    }

    fn count_votes(&mut self, ev: &mut Vec<Event>) {
        let a = self.accel.as_mut().expect("an accélération");
        let ayes = a.votes.iter().filter(|v| **v == Some(true)).count();
        let n = a.line.len();
        let go = ayes >= votes_needed(n);
        ev.push(Event::AccelerationVoted {
            yes: ayes as u8,
            needed: votes_needed(n) as u8,
            go,
        });
        if go {
            a.jumping = true;
        } else {
            self.accel = None;
        }
    }

    /// The bike due to jump now: the rear-most that has not had its chance and can jump.
    pub fn jumper(&self) -> Option<RiderIx> {
        let a = self.accel.as_ref().filter(|a| a.jumping)?;
        a.line.get(a.next).copied()
    }

    /// the landings of the jumper: one legal step beyond the head (the most advanced of
    /// the line's bikes and the swallowed ones), or beyond a bike it may swallow on the way.
    pub fn accel_landings(&self) -> Vec<Landing> {
        let (Some(a), Some(j)) = (self.accel.as_ref(), self.jumper()) else {
            return Vec::new();
        };
        let b = &self.fixed.board;
        if self.road_cell(j).is_none()
            || self.riders[j as usize].bonus_in == self.phase_no()
            || !self.may_accelerate(j)
        {
            return Vec::new();
        }
        let group: Vec<RiderIx> = a
            .line
            .iter()
            .chain(&a.swallowed)
            .copied()
            .filter(|&r| r != j && self.road_cell(r).is_some())
            .collect();
        let Some(top) = group
            .iter()
            .map(|&r| b.cell(self.road_cell(r).expect("on the road")).level)
            .reduce(f64::max)
        else {
            return Vec::new();
        };
        // Heads: (cell, swallows needed to reach it).
        let mut heads: Vec<(CellIx, Vec<RiderIx>)> = group
            .iter()
            .filter_map(|&r| self.road_cell(r))
            .filter(|&c| b.cell(c).level == top)
            .map(|c| (c, Vec::new()))
            .collect();
        let mut k = 0;
        while k < heads.len() {
            let (hc, chain) = heads[k].clone();
            if a.swallowed.len() + chain.len() < MAX_SWALLOWED {
                for &t in &b.cell(hc).touching {
                    let Some(x) = self.occupied[t as usize] else {
                        continue;
                    };
                    let taken = a.line.contains(&x)
                        || a.swallowed.contains(&x)
                        || heads.iter().any(|h| h.0 == t);
                    if !taken && b.cell(t).level > b.cell(hc).level {
                        let mut c2 = chain.clone();
                        c2.push(x);
                        heads.push((t, c2));
                    }
                }
            }
            k += 1;
        }
        let mut out: Vec<Landing> = Vec::new();
        for (hc, chain) in heads {
            for (cell, kind) in self.step_targets(hc, &[]) {
                let better = |l: &Landing| {
                    // One cell, one option: the straight step (fewest tests), then the fewest
                    // bikes swallowed.
                    (kind == LinkKind::Forward && l.kind != LinkKind::Forward)
                        || (kind == l.kind && chain.len() < l.swallows.len())
                };
                match out.iter_mut().find(|l| l.cell == cell) {
                    Some(l) if better(l) => {
                        *l = Landing {
                            cell,
                            kind,
                            head: hc,
                            swallows: chain.clone(),
                        }
                    }
                    Some(_) => {}
                    None => out.push(Landing {
                        cell,
                        kind,
                        head: hc,
                        swallows: chain.clone(),
                    }),
                }
            }
        }
        out.sort_by_key(|l| l.cell);
        out
    }

    /// The jumper lands: its tests in the order met, then the landing.
    pub(super) fn accel_land(&mut self, cell: CellIx, ev: &mut Vec<Event>) -> Result<(), String> {
        let landing = self
            .accel_landings()
            .into_iter()
            .find(|l| l.cell == cell)
            .ok_or("not a landing cell")?;
        let j = self.jumper().ok_or("nobody jumps")?;
        let from = self.road_cell(j).ok_or("the jumper is not on the road")?;
        let phase = self.phase_no();
        self.riders[j as usize].bonus_in = phase;
        if let Some(a) = &mut self.accel {
            a.swallowed.extend(landing.swallows.iter().copied());
        }
        let b = &self.fixed.board;
        let from_level = b.cell(from).level;
        let head_level = b.cell(landing.head).level;
        // The cells passed: every bike of the group ahead of the jumper up to the head.
        let mut passed: Vec<CellIx> = {
            let a = self.accel.as_ref().expect("an accélération");
            a.line
                .iter()
                .chain(&a.swallowed)
                .filter(|&&r| r != j)
                .filter_map(|&r| self.road_cell(r))
                .filter(|&c| b.cell(c).level > from_level && b.cell(c).level <= head_level)
                .collect()
        };
        passed.sort_by(|x, y| {
            b.cell(*x)
                .level
                .partial_cmp(&b.cell(*y).level)
                .expect("finite")
        });
        // VM-099, VM-134: a leader makes no power roll for the line, unless his condition
        // makes him climb like a team-mate.
        let mate = self.fixed.roles[j as usize] != Role::Leader || self.climbs_like_a_mate(j);
        let climb_slope = |c: CellIx| b.slope(c);
        // A-21 (a): a team-mate going up a line on a climb rolls once as the jump starts.
        let first_climb = std::iter::once(from)
            .chain(passed.iter().copied())
            .chain(std::iter::once(cell))
            .find_map(climb_slope);
        let straight_both = landing.kind == LinkKind::Forward
            && b.cell(from).relief == Relief::Climb
            && b.cell(cell).relief == Relief::Climb;
        let landing_roll = if landing.kind != LinkKind::Forward {
            climb_slope(landing.head)
        } else if mate && straight_both {
            climb_slope(cell)
        } else {
            None
        };
        if mate
            && let Some(slope) = first_climb
            && !self.power_roll(j, slope, ev)?
        {
            return self.next_jumper(ev);
        }
        for c in passed {
            if self.fixed.board.cell(c).danger && self.skill_check(j, c, Skill::Danger, ev)? {
                self.occupied[from as usize] = None;
                self.fall(j, c, ev)?;
                self.after_segment(ev);
                return self.next_jumper(ev);
            }
        }
        if let Some(slope) = landing_roll
            && !self.power_roll(j, slope, ev)?
        {
            return self.next_jumper(ev);
        }
        if landing.kind == LinkKind::Diagonal
            && self.squeezed(landing.head, cell)
            && self.skill_check(j, landing.head, Skill::Squeeze, ev)?
        {
            self.occupied[from as usize] = None;
            self.fall(j, landing.head, ev)?;
            self.after_segment(ev);
            return self.next_jumper(ev);
        }
        let to = self.fixed.board.cell(cell);
        let (to_level, past_line, danger) = (to.level, to.past_line, to.danger);
        self.place(j, cell);
        ev.push(Event::Jumped {
            rider: j,
            from,
            over: landing.head,
            to: cell,
            step: landing.kind,
        });
        // VM-072, A-24: summit places in the order of the jumps.
        self.cross_summits(j, from_level, to_level, ev);
        self.pass_feed(j, from_level, to_level, ev);
        if past_line {
            self.finish(j, ev);
            self.after_segment(ev);
            return self.next_jumper(ev);
        }
        if danger && self.skill_check(j, cell, Skill::Danger, ev)? {
            self.occupied[cell as usize] = None;
            self.fall(j, cell, ev)?;
            self.after_segment(ev);
            return self.next_jumper(ev);
        }
        if let Some(a) = &mut self.accel {
            a.jumped.push(j);
        }
        self.feed_after_bonus(j, ev);
        self.after_segment(ev);
        self.next_jumper(ev)
    }

    /// VM-095: a bike that stays does not stop the ones after it.
    pub(super) fn next_jumper(&mut self, ev: &mut Vec<Event>) -> Result<(), String> {
        let Some(a) = &mut self.accel else {
            return Ok(());
        };
        a.next += 1;
        if a.next >= a.line.len() || matches!(self.phase, Phase::Over { .. }) {
            let a = self.accel.take().expect("an accélération");
            ev.push(Event::AccelerationOver);
            self.extras.extend(a.jumped);
            self.queue_kept();
        }
        Ok(())
    }

    pub(super) fn decline_accel_jump(&mut self, ev: &mut Vec<Event>) -> Result<(), String> {
        if let Some(j) = self.jumper() {
            ev.push(Event::NoJump { rider: j });
        }
        self.next_jumper(ev)
    }

    /// A power roll: d20 over the slope (VM-064). Returns whether it succeeded.
    fn power_roll(&mut self, r: RiderIx, slope: u8, ev: &mut Vec<Event>) -> Result<bool, String> {
        let success = self.power_check(r, slope, ev)?;
        Ok(success && self.racing(r))
    }
}
