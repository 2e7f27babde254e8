//! Moving a rider, one step at a time (VM-037…050, VM-063…069): which cells a step may enter,
//! and the tests a step costs, rolled in the order the rider meets them.

use super::board::{CellIx, Relief};
use super::events::{Event, Skill};
use super::stage::{Move, Phase, Spot, VeloMaster};
use super::tables;
use crate::course::LinkKind;

impl VeloMaster {
    /// The cells the moving rider may step onto now, with the kind of step: the one function
    /// that both offers steps and validates them. VM-039: never a cell of the move's path,
    /// its start included (`visited` holds it from the first step on; the descent's extra
    /// step carries the path of the move it extends).
    pub fn steps(&self, m: &Move) -> Vec<(CellIx, LinkKind)> {
        let b = &self.fixed.board;
        let free = |c: CellIx| self.occupied[c as usize].is_none() && !m.visited.contains(&c);
        match self.riders[m.rider as usize].spot {
            // the start touches every cell of the first level, as a forward step.
            Spot::Start => b
                .entries
                .iter()
                .copied()
                .filter(|&c| free(c))
                .map(|c| (c, LinkKind::Forward))
                .collect(),
            Spot::Road(from) => self.step_targets(from, &m.visited),
            Spot::Roadside(_) | Spot::Finished | Spot::Out => Vec::new(),
        }
    }

    /// The cells one legal step from `from` may enter: touching it, never backwards, not
    /// holding a bike, not in `visited`.
    pub fn step_targets(&self, from: CellIx, visited: &[CellIx]) -> Vec<(CellIx, LinkKind)> {
        let b = &self.fixed.board;
        let here = b.cell(from);
        let side_of = |c: CellIx| (b.cell(c).across - here.across).signum();
        let mut out = here
            .links
            .iter()
            .copied()
            .filter(|&(to, kind)| {
                if kind != LinkKind::Side {
                    return true;
                }
                // VM-038, A-02: a side cell is forbidden when a more advanced cell on the same
                // side touches the rider's cell, occupied or not (unless the option allows it
                // when that cell holds a bike).
                !here.links.iter().any(|&(o, k)| {
                    k == LinkKind::Diagonal
                        && side_of(o) == side_of(to)
                        && !(self.fixed.options.side_step_when_blocked
                            && self.occupied[o as usize].is_some())
                })
            })
            // VM-039, VM-040: never a cell holding a bike, never a cell twice.
            .filter(|&(to, _)| self.occupied[to as usize].is_none() && !visited.contains(&to))
            .collect::<Vec<_>>();
        // Lettered A, B, C… in road order, across the road from lane 0.
        out.sort_unstable_by_key(|s| s.0);
        out
    }

    /// A power roll: d20 over the slope (VM-064), told, with what a 1 or a 20 does to the
    /// rider's condition (`power_outcome`). Returns whether it succeeded.
    pub(super) fn power_check(
        &mut self,
        r: super::events::RiderIx,
        slope: u8,
        ev: &mut Vec<Event>,
    ) -> Result<bool, String> {
        let roll = self.roll(20)?;
        let success = tables::power_succeeds(roll.face, slope);
        ev.push(Event::PowerRoll {
            rider: r,
            roll,
            slope,
            success,
        });
        self.power_outcome(r, roll.face, success, ev);
        Ok(success)
    }

    /// A skill roll for `cell` (VM-046): whether the rider crashes.
    pub(super) fn skill_check(
        &mut self,
        r: super::events::RiderIx,
        cell: CellIx,
        why: Skill,
        ev: &mut Vec<Event>,
    ) -> Result<bool, String> {
        let roll = self.roll(20)?;
        let crash = tables::skill_fails(roll.face);
        ev.push(Event::SkillRoll {
            rider: r,
            cell,
            roll,
            crash,
            why,
        });
        Ok(crash)
    }

    /// Whether the rider is a leader moving in his own leaders' slot at Expert (A-31: only a
    /// leader's die move keeps its points when the road is blocked).
    fn blocked_leader(&self, r: super::events::RiderIx) -> bool {
        self.fixed.options.expert()
            && self.fixed.roles[r as usize] == super::options::Role::Leader
            && self
                .slot
                .as_ref()
                .is_some_and(|s| s.part == super::stage::Part::Leaders)
    }

    /// The blocked leaders, best placed first, to be offered their points now.
    pub(super) fn queue_kept(&mut self) {
        let mut leaders: Vec<super::events::RiderIx> = (0..self.riders.len() as u8)
            .filter(|&r| self.riders[r as usize].kept > 0)
            .collect();
        leaders.sort_by(|a, b| {
            let seat = |r: u8| self.fixed.team_of[r as usize];
            self.leader_rank(seat(*b))
                .partial_cmp(&self.leader_rank(seat(*a)))
                .expect("finite")
        });
        self.kept_offers = leaders;
    }

    pub(super) fn next_kept(&mut self) -> Option<super::events::RiderIx> {
        while !self.kept_offers.is_empty() {
            let r = self.kept_offers.remove(0);
            let rider = &self.riders[r as usize];
            if rider.kept == 0 || self.is_over() {
                continue;
            }
            if let Spot::Road(c) = rider.spot
                && !self.step_targets(c, &[]).is_empty()
            {
                return Some(r);
            }
        }
        None
    }

    pub(super) fn offer_kept(&mut self, r: super::events::RiderIx, ev: &mut Vec<Event>) {
        let points = self.riders[r as usize].kept;
        ev.push(Event::RoadOpen { rider: r, points });
        self.moving = Some(Move {
            rider: r,
            left: points,
            moved: 0,
            extra: false,
            kept: true,
            die: 0,
            speed: false,
            visited: Vec::new(),
        });
    }

    /// VM-101, A-32: at Expert, whether a diagonal step from `from` to `to` squeezes between
    /// two bikes: the cells touching both its ends all hold bikes on the road.
    pub fn squeezed(&self, from: CellIx, to: CellIx) -> bool {
        if !self.fixed.options.expert() {
            return false;
        }
        let b = &self.fixed.board;
        let gates: Vec<CellIx> = b
            .cell(from)
            .touching
            .iter()
            .copied()
            .filter(|&c| c != to && b.cell(to).touching.contains(&c))
            .collect();
        gates.len() >= 2 && gates.iter().all(|&c| self.occupied[c as usize].is_some())
    }

    /// One step of the move under way onto `cell`, with its tests.
    pub(super) fn step(&mut self, cell: CellIx, ev: &mut Vec<Event>) -> Result<(), String> {
        let mut m = self.moving.clone().ok_or("no rider is moving")?;
        let kind = self
            .steps(&m)
            .into_iter()
            .find(|s| s.0 == cell)
            .map(|s| s.1)
            .ok_or("not a legal step")?;
        let r = m.rider;
        let from = match self.riders[r as usize].spot {
            Spot::Road(c) => Some(c),
            _ => None,
        };
        // VM-113, A-35 (Pro): moving with a 6, one skill roll when the path first touches a
        // descent cell; leaving from one, at the start.
        let speed_check =
            self.fixed.options.pro(self.fixed.options.descent_speed) && m.die == 6 && !m.speed;
        if speed_check
            && let Some(c) = from
            && self.fixed.board.cell(c).relief == Relief::Descent
        {
            m.speed = true;
            self.moving = Some(m.clone());
            if self.skill_check(r, c, Skill::Speed, ev)? {
                self.occupied[c as usize] = None;
                self.fall(r, c, ev)?;
                self.moving = None;
                self.after_segment(ev);
                return Ok(());
            }
        }
        // VM-063, VM-067: a diagonal or side step leaving a climb cell needs a power roll
        // first; the relief of the cell left decides. VM-065, A-19: on a failure the rider
        // stays where he was and his movement ends.
        if let Some(c) = from
            && kind != LinkKind::Forward
            && let Some(slope) = self.fixed.board.slope(c)
        {
            let success = self.power_check(r, slope, ev)?;
            if !self.racing(r) {
                self.moving = None;
                self.after_segment(ev);
                return Ok(());
            }
            if !success {
                self.moving = None;
                self.feed_here(r, ev);
                self.after_segment(ev);
                return Ok(());
            }
        }
        // VM-101, A-32 (Expert): a diagonal between two bikes costs a skill roll before
        // landing; a fall happens on the cell he was leaving.
        if let Some(c) = from
            && kind == LinkKind::Diagonal
            && self.squeezed(c, cell)
        {
            let crash = self.skill_check(r, c, Skill::Squeeze, ev)?;
            if crash {
                self.occupied[c as usize] = None;
                self.fall(r, c, ev)?;
                self.moving = None;
                self.after_segment(ev);
                return Ok(());
            }
        }
        let b = &self.fixed.board;
        let from_level = from.map_or(f64::NEG_INFINITY, |c| b.cell(c).level);
        let to = b.cell(cell);
        let (to_level, past_line, danger) = (to.level, to.past_line, to.danger);
        self.place(r, cell);
        if m.kept {
            self.riders[r as usize].kept = 0;
        }
        m.left -= 1;
        m.moved += 1;
        // VM-039: the path's cells, its start included, so that `steps` never offers one of
        // them again (seed 000, DÉPLACEMENTS des CYCLISTES INDIVIDUELS: no going back, and a
        // move is a chain of cells entered one after the other).
        if let Some(c) = from
            && !m.visited.contains(&c)
        {
            m.visited.push(c);
        }
        m.visited.push(cell);
        ev.push(Event::Stepped {
            rider: r,
            from,
            to: cell,
            step: kind,
            extra: m.extra,
        });
        if from.is_none()
            && let Phase::Start { entered, .. } = &mut self.phase
        {
            *entered = true;
        }
        self.cross_summits(r, from_level, to_level, ev);
        self.pass_feed(r, from_level, to_level, ev);
        if past_line {
            self.finish(r, ev);
            self.moving = None;
            self.after_segment(ev);
            return Ok(());
        }
        // VM-045, VM-046: every danger cell passed or stopped on costs a skill roll, rolled as
        // the rider enters it; 1 or 2 is a crash (VM-047: the move ends, a turn is missed).
        if danger {
            let crash = self.skill_check(r, cell, Skill::Danger, ev)?;
            if crash {
                self.occupied[cell as usize] = None;
                self.fall(r, cell, ev)?;
                self.moving = None;
                self.after_segment(ev);
                return Ok(());
            }
        }
        if speed_check && !m.speed && self.fixed.board.cell(cell).relief == Relief::Descent {
            m.speed = true;
            if self.skill_check(r, cell, Skill::Speed, ev)? {
                self.occupied[cell as usize] = None;
                self.fall(r, cell, ev)?;
                self.moving = None;
                self.after_segment(ev);
                return Ok(());
            }
        }
        self.moving = Some(m);
        Ok(())
    }

    /// Ends the move under way: stopped by choice (VM-042) or with no legal step (VM-043).
    /// A move of at least one step that ends on a descent cell earns one extra step (VM-049,
    /// A-29), which never earns another.
    pub(super) fn end_move(&mut self, m: Move, by_choice: bool, ev: &mut Vec<Event>) {
        self.moving = None;
        if m.kept && m.moved == 0 {
            // the blocked leader lets this chance go; his points wait for the next one.
            return;
        }
        // VM-114, A-36 (Pro): braking costs a skill roll: stopping a 6 short by choice, or
        // declining the descent's extra step (a legal step existed: Stop is offered only then).
        // A-36's option `braking_only_on_descent`: only when he stops on a descent cell.
        let on_descent = matches!(self.riders[m.rider as usize].spot,
            Spot::Road(c) if self.fixed.board.cell(c).relief == Relief::Descent);
        let braking = by_choice
            && self.fixed.options.pro(self.fixed.options.descent_speed)
            && (!self.fixed.options.braking_only_on_descent || on_descent)
            && ((m.die == 6 && m.left > 0 && !m.extra) || (m.extra && m.moved == 0));
        if braking && let Spot::Road(c) = self.riders[m.rider as usize].spot {
            match self.skill_check(m.rider, c, Skill::Braking, ev) {
                Ok(true) => {
                    self.occupied[c as usize] = None;
                    let _ = self.fall(m.rider, c, ev);
                    self.after_segment(ev);
                    return;
                }
                Ok(false) => {}
                Err(_) => {}
            }
        }
        self.feed_here(m.rider, ev);
        if m.left > 0 && !by_choice && !m.extra && !m.kept && self.blocked_leader(m.rider) {
            // VM-102, A-31: the road blocked a leader's die move: he keeps the rest.
            self.riders[m.rider as usize].kept = m.left;
            ev.push(Event::RoadBlocked {
                rider: m.rider,
                kept: m.left,
            });
        } else if m.left > 0 && !(m.extra && m.moved == 0) {
            let lost = m.left;
            ev.push(if by_choice {
                Event::Stopped {
                    rider: m.rider,
                    lost,
                }
            } else {
                Event::Blocked {
                    rider: m.rider,
                    lost,
                }
            });
        }
        if !m.extra
            && m.moved > 0
            && let Spot::Road(c) = self.riders[m.rider as usize].spot
            && self.fixed.board.cell(c).relief == Relief::Descent
        {
            // VM-049: the extra step is "one more cell" of the move that stopped here (seed
            // 000, Les DESCENTES), so it is one more step of the same path for VM-039: it
            // never goes back to a cell that move left, as a die step could not.
            let extra = Move {
                rider: m.rider,
                left: 1,
                moved: 0,
                extra: true,
                kept: false,
                die: 0,
                speed: false,
                visited: m.visited.clone(),
            };
            if !self.steps(&extra).is_empty() {
                ev.push(Event::ExtraStepOffered { rider: m.rider });
                self.moving = Some(extra);
                return;
            }
        }
        self.after_segment(ev);
    }
}
