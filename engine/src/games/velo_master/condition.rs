//! Pro physical condition (VM-117…136): a percentage per rider, gains of 10 % (ruling A-38),
//! the losses the rulebook lists, and what each band forbids.

use super::board::Relief;
use super::events::{Event, RiderIx};
use super::options::{Gains, Role};
use super::stage::{Phase, Spot, VeloMaster};

/// A gain (A-38: the amounts were lost in the extraction; every gain is 10 %).
pub const GAIN: i32 = 10;
/// Doping at a stage start (VM-126).
pub const DOPING: i32 = 20;
/// Losses (seed 000, "Perdre en condition physique", p.21): an attack, a missed feed, a
/// failed power roll; crashes by severity in [`crash_loss`].
pub const ATTACK_LOSS: i32 = 20;
pub const MISSED_FEED_LOSS: i32 = 30;
pub const FAILED_POWER_LOSS: i32 = 10;

/// VM-131: serious injury −50 %, injury −30 %, scratch −10 %.
pub fn crash_loss(severity: super::tables::Severity) -> i32 {
    use super::tables::Severity::*;
    match severity {
        Serious => 50,
        Injury => 30,
        Scratch => 10,
        Abandon | Unhurt => 0,
    }
}

/// Why a rider's condition changes, for the narration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Why {
    Motivated,
    Doped,
    Ones,
    PowerRoll,
    TeamMatesInLine,
    StageWin,
    Jersey,
    Attack,
    MissedFeed,
    Crash,
    FailedPowerRoll,
}

/// ≥ 90 % plays normally (0); 60 to 89 % (1); 40 to 59 % (2); below 40 % abandons.
pub fn band(condition: i32) -> u8 {
    match condition {
        90.. => 0,
        60..=89 => 1,
        _ => 2,
    }
}

impl VeloMaster {
    /// Whether the physical condition rules are in force (Pro, switch on).
    pub fn condition_on(&self) -> bool {
        self.fixed.options.pro(self.fixed.options.condition)
    }

    pub fn band_of(&self, r: RiderIx) -> u8 {
        if self.condition_on() {
            band(self.riders[r as usize].condition)
        } else {
            0
        }
    }

    /// VM-134, VM-135, A-41: whether the rider may take part in an accélération.
    pub fn may_accelerate(&self, r: RiderIx) -> bool {
        match self.fixed.roles[r as usize] {
            Role::Leader => self.band_of(r) < 2,
            _ => self.band_of(r) < 1,
        }
    }

    /// VM-135, A-41: whether the rider may take part in an entraide.
    pub fn may_entraide(&self, r: RiderIx) -> bool {
        self.band_of(r) < 2
    }

    /// VM-134: a leader in the 60-89 % band (or lower) on a climb moves like a team-mate.
    pub fn climbs_like_a_mate(&self, r: RiderIx) -> bool {
        self.fixed.roles[r as usize] != Role::Leader
            || (self.band_of(r) >= 1
                && matches!(self.riders[r as usize].spot,
                    Spot::Road(c) if self.fixed.board.cell(c).relief == Relief::Climb))
    }

    /// A gain of `amount` (VM-118, VM-119, A-38): refused whole, unless doped, when the
    /// rider's director takes gains only up to 100 % and this one would pass it.
    pub(super) fn gain(&mut self, r: RiderIx, why: Why, amount: i32, ev: &mut Vec<Event>) {
        if !self.condition_on() || !self.racing(r) {
            return;
        }
        let rider = &self.riders[r as usize];
        if !rider.doped
            && self.gains[r as usize] == Gains::UpTo100
            && rider.condition + amount > 100
        {
            return;
        }
        self.riders[r as usize].condition += amount;
        ev.push(Event::Condition {
            rider: r,
            change: amount,
            now: self.riders[r as usize].condition,
            why,
        });
    }

    /// A loss; below 40 % the rider abandons at once (VM-136, A-40).
    pub(super) fn lose(&mut self, r: RiderIx, why: Why, amount: i32, ev: &mut Vec<Event>) {
        if !self.condition_on() || amount == 0 || !self.racing(r) {
            return;
        }
        self.riders[r as usize].condition -= amount;
        let now = self.riders[r as usize].condition;
        ev.push(Event::Condition {
            rider: r,
            change: -amount,
            now,
            why,
        });
        if now < 40 {
            // No loss reaches a rider at the roadside today (crashes are paid before he
            // leaves the road), but one that did would leave from his cell all the same.
            let spot = self.riders[r as usize].spot;
            let cell = match spot {
                Spot::Road(c) | Spot::Roadside(c) => c,
                _ => 0,
            };
            if let Spot::Road(c) = spot {
                self.occupied[c as usize] = None;
            }
            self.riders[r as usize].spot = Spot::Out;
            if self.moving.as_ref().is_some_and(|m| m.rider == r) {
                self.moving = None;
            }
            ev.push(Event::Abandoned { rider: r, cell });
        }
    }

    /// VM-122, VM-132: a power roll of 18-20 gains; a failed one loses 10 %.
    pub(super) fn power_outcome(
        &mut self,
        r: RiderIx,
        face: u8,
        success: bool,
        ev: &mut Vec<Event>,
    ) {
        if !success {
            self.lose(r, Why::FailedPowerRoll, FAILED_POWER_LOSS, ev);
        } else if face >= 18 {
            self.gain(r, Why::PowerRoll, GAIN, ev);
        }
    }

    /// VM-127: at the end of a stage its winner and each rider taking a jersey gain.
    pub(super) fn stage_end_gains(&mut self, ev: &mut Vec<Event>) {
        if !self.condition_on() {
            return;
        }
        let lines = self.classification();
        if let Some(w) = lines.first().filter(|l| l.finished) {
            self.gain_at_end(w.rider, Why::StageWin, ev);
        }
        let j = self.jerseys();
        for r in [j.or, j.rouge].into_iter().flatten() {
            self.gain_at_end(r, Why::Jersey, ev);
        }
    }

    /// A gain for a rider who may be across the line already.
    fn gain_at_end(&mut self, r: RiderIx, why: Why, ev: &mut Vec<Event>) {
        let rider = &self.riders[r as usize];
        if rider.spot == Spot::Out
            || (!rider.doped
                && self.gains[r as usize] == Gains::UpTo100
                && rider.condition + GAIN > 100)
        {
            return;
        }
        self.riders[r as usize].condition += GAIN;
        ev.push(Event::Condition {
            rider: r,
            change: GAIN,
            now: self.riders[r as usize].condition,
            why,
        });
    }

    /// VM-120, VM-121, A-39: three 1s on a roll of three d6, or two 1s on a roll of exactly
    /// two: every rider of the roll gains, once.
    pub(super) fn gains_from_faces(
        &mut self,
        faces: &[u8],
        movers: &[RiderIx],
        ev: &mut Vec<Event>,
    ) {
        let all_ones = faces.iter().all(|&f| f == 1);
        if all_ones && (faces.len() == 3 || faces.len() == 2) {
            for &r in movers {
                self.gain(r, Why::Ones, GAIN, ev);
                self.ones_gained.push(r);
            }
        }
    }

    /// VM-123: the leader gains "à chaque « 1 »" (seed 000, CONDITION PHYSIQUE, Gagner en
    /// condition physique, Pour le leader uniquement): once for each die of his own roll (his
    /// leaders' roll or his attack) that shows 1, whichever die he then moves with (issue 21,
    /// item 17: ruling A-39 read it as "the die he moves with shows 1", once a roll, which
    /// the words do not say). Each face pays once, so the double and triple 1 (VM-120,
    /// VM-121), which count the same faces, add nothing more for him.
    pub(super) fn gains_from_leaders_ones(
        &mut self,
        leader: RiderIx,
        faces: &[u8],
        ev: &mut Vec<Event>,
    ) {
        for _ in faces.iter().filter(|&&f| f == 1) {
            self.gain(leader, Why::Ones, GAIN, ev);
        }
        self.ones_gained.push(leader);
    }

    /// VM-124, A-39: a leader with two of his team-mates in line directly in front of him
    /// gains, at most once a phase.
    pub(super) fn gains_from_lines(&mut self, ev: &mut Vec<Event>) {
        if !self.condition_on() {
            return;
        }
        let phase = match &self.phase {
            Phase::Race { round, part, .. } => {
                round * 2 + (*part == super::stage::Part::Mates) as u32
            }
            _ => return,
        };
        for t in 0..self.fixed.riders_of.len() {
            if Some(t as u8) == self.fixed.neutral || self.fixed.riders_of[t].is_empty() {
                continue;
            }
            let leader = self.fixed.riders_of[t][0];
            let Spot::Road(c) = self.riders[leader as usize].spot else {
                continue;
            };
            if self.riders[leader as usize].line_gain_in == phase {
                continue;
            }
            let b = &self.fixed.board;
            let mate_at = |c: Option<u16>| {
                c.and_then(|c| self.occupied[c as usize])
                    .filter(|&o| o != leader && self.fixed.team_of[o as usize] == t as u8)
            };
            let first = b.cell(c).ahead;
            let second = first.and_then(|f| b.cell(f).ahead);
            if mate_at(first).is_some() && mate_at(second).is_some() {
                self.riders[leader as usize].line_gain_in = phase;
                self.gain(leader, Why::TeamMatesInLine, GAIN, ev);
            }
        }
    }
}
