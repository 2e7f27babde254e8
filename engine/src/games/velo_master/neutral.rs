//! Two players at Expert race with a neutral team of four team-mates (VM-014…017): each
//! team-mates' phase the player whose leader is better placed takes two of them, the other
//! player the others, and each moves his right after his own team-mates with 2 d6. A
//! neutral rider who falls stays with the player who was moving it until it is back.

use super::events::{Choice, Event, RiderIx};
use super::stage::{Part, Phase, Slot, Spot, VeloMaster};
use crate::game::Seat;

/// The allocation awaited from the better-placed player: he takes `take` of `free`.
#[derive(Debug, Clone, PartialEq)]
pub struct Picking {
    pub seat: Seat,
    pub free: Vec<RiderIx>,
    pub take: usize,
}

impl VeloMaster {
    fn neutrals(&self) -> &[RiderIx] {
        match self.fixed.neutral {
            Some(n) => &self.fixed.riders_of[n as usize],
            None => &[],
        }
    }

    fn players(&self) -> Vec<Seat> {
        (0..self.seats() as Seat)
            .filter(|&s| Some(s) != self.fixed.neutral)
            .collect()
    }

    /// The player whose leader is best placed (A-09: he decides for neutral bikes nobody is
    /// moving).
    fn best_player(&self) -> Seat {
        self.players()
            .into_iter()
            .max_by(|&a, &b| {
                self.leader_rank(a)
                    .partial_cmp(&self.leader_rank(b))
                    .expect("finite")
                    .then(b.cmp(&a))
            })
            .unwrap_or(0)
    }

    /// The seat that decides for a rider now: his team's, or for a neutral rider the player
    /// moving it.
    pub fn controller(&self, r: RiderIx) -> Seat {
        let team = self.fixed.team_of[r as usize];
        if Some(team) != self.fixed.neutral {
            return self.director(r);
        }
        self.ally[r as usize].unwrap_or_else(|| self.best_player())
    }

    /// Whether `seat` moves rider `r` in this phase: its own riders of the phase,
    /// and in the team-mates' phase the neutral riders allocated to it.
    pub fn moves(&self, seat: Seat, part: Part, r: RiderIx) -> bool {
        self.riders_in(seat, part).contains(&r)
            || (part == Part::Mates
                && self.fixed.team_of[r as usize] != seat
                && self.ally[r as usize] == Some(seat))
    }

    /// The riders a start slot of `seat` may launch: its own first, then, once they are all
    /// on, neutral riders.
    pub fn launchable(&self, seat: Seat) -> Vec<RiderIx> {
        let at_start = |r: &&RiderIx| self.riders[**r as usize].spot == Spot::Start;
        let own: Vec<RiderIx> = self.fixed.riders_of[seat as usize]
            .iter()
            .filter(at_start)
            .copied()
            .collect();
        if !own.is_empty() || Some(seat) == self.fixed.neutral {
            return own;
        }
        self.neutrals().iter().filter(at_start).copied().collect()
    }

    /// A new round: neutral riders are free again, but a fallen one stays with the player who
    /// was moving it until it is back on the road.
    pub(super) fn release_neutrals(&mut self) {
        for &r in self
            .fixed
            .neutral
            .map_or(&[][..], |n| &self.fixed.riders_of[n as usize])
        {
            if !matches!(self.riders[r as usize].spot, Spot::Roadside(_)) {
                self.ally[r as usize] = None;
            }
        }
    }

    /// VM-016: the team-mates' phase begins: the better-placed player picks his two.
    pub(super) fn begin_allocation(&mut self) {
        if self.fixed.neutral.is_none() {
            return;
        }
        self.release_neutrals();
        let seat = self.best_player();
        let kept = self
            .neutrals()
            .iter()
            .filter(|&&r| self.ally[r as usize] == Some(seat))
            .count();
        let free: Vec<RiderIx> = self
            .neutrals()
            .iter()
            .copied()
            .filter(|&r| self.ally[r as usize].is_none())
            .filter(|&r| matches!(self.riders[r as usize].spot, Spot::Road(_) | Spot::Start))
            .collect();
        self.picking = Some(Picking {
            seat,
            take: 2usize.saturating_sub(kept).min(free.len()),
            free,
        });
    }

    pub fn picks(&self) -> Vec<Choice> {
        let Some(p) = &self.picking else {
            return Vec::new();
        };
        let mut out = Vec::new();
        match p.take {
            1 => out.extend(p.free.iter().map(|&a| Choice::Pick { a, b: a })),
            2 => {
                for (i, &a) in p.free.iter().enumerate() {
                    for &b in &p.free[i + 1..] {
                        out.push(Choice::Pick { a, b });
                    }
                }
            }
            _ => {}
        }
        out
    }

    /// Whether the pick leaves no choice (nothing to take, or as many as there are).
    pub(super) fn pick_is_forced(&self) -> bool {
        self.picking
            .as_ref()
            .is_some_and(|p| p.take == 0 || p.take == p.free.len())
    }

    pub(super) fn pick_forced(&mut self, ev: &mut Vec<Event>) {
        let p = self.picking.clone().expect("a pick");
        let take: Vec<RiderIx> = p.free.iter().take(p.take).copied().collect();
        self.allocate(&take, ev);
    }

    pub(super) fn pick(&mut self, a: RiderIx, b: RiderIx, ev: &mut Vec<Event>) {
        let take = if a == b { vec![a] } else { vec![a, b] };
        self.allocate(&take, ev);
    }

    /// The picker gets `take`, the other player every other free neutral rider.
    fn allocate(&mut self, take: &[RiderIx], ev: &mut Vec<Event>) {
        let p = self.picking.take().expect("a pick");
        let other = self
            .players()
            .into_iter()
            .find(|&s| s != p.seat)
            .expect("two players");
        for &r in &p.free {
            self.ally[r as usize] = Some(if take.contains(&r) { p.seat } else { other });
        }
        let seats = [p.seat, other]
            .into_iter()
            .map(|s| {
                let mine = self
                    .neutrals()
                    .iter()
                    .copied()
                    .filter(|&r| self.ally[r as usize] == Some(s))
                    .collect();
                (s, mine)
            })
            .collect();
        ev.push(Event::NeutralsAllocated { seats });
    }

    /// right after his own team-mates, the player rolls 2 d6 for his neutral riders.
    pub(super) fn open_neutral(&mut self, seat: Seat, ev: &mut Vec<Event>) -> Result<(), String> {
        if !matches!(
            self.phase,
            Phase::Race {
                part: Part::Mates,
                ..
            }
        ) {
            return Ok(());
        }
        let mine: Vec<RiderIx> = self
            .neutrals()
            .iter()
            .copied()
            .filter(|&r| self.ally[r as usize] == Some(seat))
            .collect();
        let mut movers = Vec::new();
        for r in mine {
            match self.riders[r as usize].spot {
                Spot::Roadside(_) if self.riders[r as usize].punctured => {}
                Spot::Roadside(cell) => {
                    if self.riders[r as usize].misses > 0 {
                        self.riders[r as usize].misses -= 1;
                        ev.push(Event::SitsOut { rider: r });
                    } else {
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
        if movers.is_empty() {
            return Ok(());
        }
        self.slot = Some(Slot {
            seat,
            dice: Vec::new(),
            movers,
            launch: false,
            bonus: Vec::new(),
            accels: Vec::new(),
            rolled: false,
            part: Part::Neutral,
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
}
