//! Entraide (VM-051…062): two bikes alone one behind the other in a file leapfrog each other,
//! two cells each, before the slot's dice; each bike's director decides for his own bike.

use super::board::{CellIx, Relief};
use super::events::{Event, RiderIx, Skill};
use super::stage::{Move, Part, Phase, Spot, VeloMaster};
use crate::course::LinkKind;
use crate::game::Seat;

/// A jump awaited: `rider` passes `partner` and lands one legal step beyond it.
#[derive(Debug, Clone, PartialEq)]
pub struct Jump {
    pub rider: RiderIx,
    pub partner: RiderIx,
    /// The rear bike's jump (the front one's follows it).
    pub first: bool,
    /// Bikes that have jumped in this entraide, for the descent's extra step afterwards.
    pub jumped: Vec<RiderIx>,
}

impl VeloMaster {
    /// The phase under way, numbered from 2 (A-15: one bonus per bike per phase).
    fn round(&self) -> u32 {
        self.bonus_period()
    }

    fn cell_of(&self, r: RiderIx) -> Option<CellIx> {
        match self.riders[r as usize].spot {
            Spot::Road(c) => Some(c),
            _ => None,
        }
    }

    /// whether `rear` and `front` are a line of exactly two bikes: `front` directly
    /// ahead of `rear`, nobody directly behind `rear` nor directly ahead of `front`.
    pub fn is_line_of_two(&self, rear: RiderIx, front: RiderIx) -> bool {
        let b = &self.fixed.board;
        let (Some(rc), Some(fc)) = (self.cell_of(rear), self.cell_of(front)) else {
            return false;
        };
        b.cell(rc).ahead == Some(fc)
            && b.cell(rc)
                .behind
                .iter()
                .all(|&c| self.occupied[c as usize].is_none())
            && b.cell(fc)
                .ahead
                .is_none_or(|c| self.occupied[c as usize].is_none())
    }

    /// VM-051, A-16: the 2-lines with a rider in them that `seat` moves in this phase (at
    /// Expert its leader in the leaders' phase, its team-mates in theirs), as the slot
    /// begins; none in the start phase (VM-025).
    pub(super) fn lines_of_two(&self, seat: Seat, part: Part) -> Vec<(RiderIx, RiderIx)> {
        if !matches!(self.phase, Phase::Race { .. }) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for rear in 0..self.riders.len() as RiderIx {
            let Some(rc) = self.cell_of(rear) else {
                continue;
            };
            let Some(front) = self
                .fixed
                .board
                .cell(rc)
                .ahead
                .and_then(|a| self.occupied[a as usize])
            else {
                continue;
            };
            let ours = |r: RiderIx| self.moves(seat, part, r);
            if (ours(rear) || ours(front)) && self.is_line_of_two(rear, front) {
                // a rear bike that may not take part means no entraide for either.
                if !self.may_entraide(rear) {
                    continue;
                }
                out.push((rear, front));
            }
        }
        out
    }

    /// The entraides of the slot still open: listed when it began, still the same
    /// 2-line, and neither bike has had a bonus this round (VM-055).
    pub fn open_entraides(&self) -> Vec<(RiderIx, RiderIx)> {
        let Some(slot) = &self.slot else {
            return Vec::new();
        };
        let round = self.round();
        slot.bonus
            .iter()
            .copied()
            .filter(|&(rear, front)| {
                self.is_line_of_two(rear, front)
                    && self.riders[rear as usize].bonus_in != round
                    && self.riders[front as usize].bonus_in != round
            })
            .collect()
    }

    pub(super) fn begin_entraide(&mut self, rear: RiderIx, front: RiderIx, ev: &mut Vec<Event>) {
        if let Some(slot) = &mut self.slot {
            slot.bonus.retain(|&p| p != (rear, front));
        }
        ev.push(Event::EntraideBegins { rear, front });
        self.jump = Some(Jump {
            rider: rear,
            partner: front,
            first: true,
            jumped: Vec::new(),
        });
    }

    /// the landing cells: one legal step from the partner's cell, free.
    pub fn landings(&self, j: &Jump) -> Vec<(CellIx, LinkKind)> {
        let Some(p) = self.cell_of(j.partner) else {
            return Vec::new();
        };
        if !self.may_entraide(j.rider) {
            // a restricted front bike does not jump.
            return Vec::new();
        }
        if self.cell_of(j.rider).is_none() {
            return Vec::new();
        }
        self.step_targets(p, &[])
    }

    /// The jumper lands on `cell`: the partner's cell is passed (a danger cell there costs a
    /// skill roll, VM-061), then the landing step is made under every single-step rule: a
    /// power roll if it is diagonal or sideways from a climb cell (VM-062), a skill roll if it
    /// lands on a danger cell (A-17, A-20: in that order).
    pub(super) fn land(&mut self, cell: CellIx, ev: &mut Vec<Event>) -> Result<(), String> {
        let mut j = self.jump.clone().ok_or("no jump is awaited")?;
        let kind = self
            .landings(&j)
            .into_iter()
            .find(|l| l.0 == cell)
            .map(|l| l.1)
            .ok_or("not a landing cell")?;
        let r = j.rider;
        let from = self.cell_of(r).ok_or("the jumper is not on the road")?;
        let over = self
            .cell_of(j.partner)
            .ok_or("the partner is not on the road")?;
        let b = &self.fixed.board;
        let (over_danger, from_level) = (b.cell(over).danger, b.cell(from).level);
        self.riders[r as usize].bonus_in = self.round();
        if over_danger {
            let crash = self.skill_check(r, over, Skill::Danger, ev)?;
            if crash {
                // a jumper falls where the failing test happened.
                self.occupied[from as usize] = None;
                self.fall(r, over, ev)?;
                return self.after_jump(j, false, ev);
            }
        }
        if kind != LinkKind::Forward
            && let Some(slope) = self.fixed.board.slope(over)
        {
            let success = self.power_check(r, slope, ev)?;
            if !success || !self.racing(r) {
                // Our reading of A-19 for a jump: it is not made, the bike stays where it was.
                return self.after_jump(j, false, ev);
            }
        }
        // diagonal landings of jumps squeeze like any diagonal step.
        if kind == LinkKind::Diagonal && self.squeezed(over, cell) {
            let crash = self.skill_check(r, over, Skill::Squeeze, ev)?;
            if crash {
                self.occupied[from as usize] = None;
                self.fall(r, over, ev)?;
                self.after_segment(ev);
                return self.after_jump(j, false, ev);
            }
        }
        let to = self.fixed.board.cell(cell);
        let (to_level, past_line, danger) = (to.level, to.past_line, to.danger);
        self.place(r, cell);
        ev.push(Event::Jumped {
            rider: r,
            from,
            over,
            to: cell,
            step: kind,
        });
        self.cross_summits(r, from_level, to_level, ev);
        self.pass_feed(r, from_level, to_level, ev);
        if past_line {
            self.finish(r, ev);
            self.after_segment(ev);
            return self.after_jump(j, false, ev);
        }
        if danger {
            let crash = self.skill_check(r, cell, Skill::Danger, ev)?;
            if crash {
                self.occupied[cell as usize] = None;
                self.fall(r, cell, ev)?;
                self.after_segment(ev);
                return self.after_jump(j, false, ev);
            }
        }
        j.jumped.push(r);
        self.feed_after_bonus(r, ev);
        self.after_segment(ev);
        self.after_jump(j, true, ev)
    }

    /// The next jump of the entraide, or its end.
    fn after_jump(&mut self, j: Jump, landed: bool, ev: &mut Vec<Event>) -> Result<(), String> {
        if j.first && landed && !self.is_over() {
            // VM-053: the front bike, now behind, jumps from its new partner's cell.
            self.jump = Some(Jump {
                rider: j.partner,
                partner: j.rider,
                first: false,
                jumped: j.jumped,
            });
            return Ok(());
        }
        if j.first {
            // without the rear bike's jump the front bike has nobody to pass.
            ev.push(Event::NoJump { rider: j.partner });
        }
        self.jump = None;
        // VM-050: after the entraide, each bike that ends it on a descent cell may step once.
        self.extras.extend(j.jumped);
        // and the blocked leaders are offered their kept points.
        self.queue_kept();
        Ok(())
    }

    /// VM-054: the bike's director declines the jump (A-16: the rear bike's refusal ends the
    /// entraide for both).
    pub(super) fn decline_jump(&mut self, j: Jump, ev: &mut Vec<Event>) {
        ev.push(Event::NoJump { rider: j.rider });
        if j.first {
            ev.push(Event::NoJump { rider: j.partner });
        }
        self.jump = None;
        self.extras.extend(j.jumped);
        self.queue_kept();
    }

    pub(super) fn jump_lapses(&mut self, j: Jump, ev: &mut Vec<Event>) {
        self.decline_jump(j, ev);
    }

    /// The next rider owed a descent extra step after a bonus move, if one can take it.
    pub(super) fn next_extra(&mut self) -> Option<RiderIx> {
        while !self.extras.is_empty() {
            let r = self.extras.remove(0);
            let Some(c) = self.cell_of(r) else {
                continue;
            };
            if self.fixed.board.cell(c).relief != Relief::Descent || self.is_over() {
                continue;
            }
            if !self.step_targets(c, &[]).is_empty() {
                return Some(r);
            }
        }
        None
    }

    pub(super) fn offer_extra(&mut self, r: RiderIx, ev: &mut Vec<Event>) {
        ev.push(Event::ExtraStepOffered { rider: r });
        self.moving = Some(Move {
            rider: r,
            left: 1,
            moved: 0,
            extra: true,
            kept: false,
            die: 0,
            speed: false,
            visited: Vec::new(),
        });
    }
}
