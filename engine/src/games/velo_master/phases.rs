//! The dice of a slot (VM-030, VM-033, VM-034) and what the Expert level adds to them: leader
//! protection on climbs (VM-100), the scratch's worst die (VM-110, VM-086), punctures by 4-2-1
//! (VM-106…109), the crash severity table (VM-110, VM-111).

use super::board::{CellIx, Relief};
use super::events::{Event, RiderIx};
use super::stage::{Part, Spot, VeloMaster};
use super::tables::{self, Severity};
use crate::dice::Roll;

/// Whether three faces are 4, 2 and 1 in any order.
fn is_421(faces: &[u8]) -> bool {
    let mut f = faces.to_vec();
    f.sort_unstable();
    f == [1, 2, 4]
}

impl VeloMaster {
    /// VM-100, A-22: own team-mates on the road on cells touching the leader's, when the
    /// leader stands on a climb cell.
    pub fn protectors(&self, leader: RiderIx) -> usize {
        let Spot::Road(c) = self.riders[leader as usize].spot else {
            return 0;
        };
        let b = &self.fixed.board;
        if b.cell(c).relief != Relief::Climb {
            return 0;
        }
        let team = self.fixed.team_of[leader as usize];
        b.cell(c)
            .touching
            .iter()
            .filter_map(|&t| self.occupied[t as usize])
            .filter(|&o| o != leader && self.fixed.team_of[o as usize] == team)
            .count()
    }

    /// How many d6 a leader rolls, and whether he must keep the lowest.
    pub fn leader_dice(&self, leader: RiderIx) -> (usize, bool) {
        if self.riders[leader as usize].scratch {
            // VM-110: a scratched leader exceptionally rolls 3 d6 and keeps the lowest;
            // protection is ignored while a penalty applies.
            return (3, true);
        }
        if self.riders[leader as usize].missed_feed {
            // VM-105: 2 d6 for every 1-d6 roll, keep the lower, no protection.
            return (2, true);
        }
        if self.band_of(leader) >= 1 {
            // VM-134, A-22: below 90 % a leader loses his protection.
            return (1, false);
        }
        let n = match self.protectors(leader) {
            0 => 1,
            1 => 2,
            _ => 3,
        };
        (n, false)
    }

    /// Rolls the slot's dice once its bonus moves are over.
    pub(super) fn roll_slot(&mut self, ev: &mut Vec<Event>) -> Result<(), String> {
        let Some(slot) = &self.slot else {
            return Ok(());
        };
        let (seat, part) = (slot.seat, slot.part);
        let attackers = slot.attackers.clone();
        self.roll_attacks(&attackers, ev)?;
        let Some(slot) = &mut self.slot else {
            return Ok(());
        };
        slot.movers.retain(|r| !attackers.contains(r));
        slot.rolled = true;
        let movers = slot.movers.clone();
        if movers.is_empty() {
            if slot.attack_moves.is_empty() {
                self.slot = None;
            }
            return Ok(());
        }
        let (n, lowest) = match part {
            // VM-030: 2 d6, one per rider.
            Part::All => (2, false),
            Part::Leaders => self.leader_dice(movers[0]),
            // VM-034, VM-035, A-13: 3 d6 whatever the number of team-mates able to move;
            // 3 minus the attackers' (at least 1).
            Part::Mates => (3usize.saturating_sub(attackers.len()).max(1), false),
            // 2 d6 for a player's two neutral riders, one die each.
            Part::Neutral => (2, false),
        };
        let mut rolls: Vec<Roll> = Vec::with_capacity(n);
        for _ in 0..n {
            rolls.push(self.roll(6)?);
        }
        ev.push(Event::DiceRolled {
            seat,
            rolls: rolls.clone(),
        });
        self.last_roll = rolls.clone();
        self.last_roller = Some(seat);
        let faces: Vec<u8> = rolls.iter().map(|r| r.face).collect();
        self.ones_gained.clear();
        if part == Part::Leaders {
            self.gains_from_leaders_ones(movers[0], &faces, ev);
        } else if part != Part::All {
            self.gains_from_faces(&faces, &movers, ev);
        }
        let low = *faces.iter().min().expect("at least one die");
        let mut dice = faces.clone();
        let mut penalised = Vec::new();
        let mut four_two_one = false;
        match part {
            Part::All => {}
            Part::Leaders => {
                if self.leader_punctures(movers[0], &faces, ev)? {
                    self.slot = None;
                    return Ok(());
                }
                if lowest {
                    dice = vec![low];
                }
            }
            Part::Mates | Part::Neutral => {
                four_two_one = if part == Part::Mates {
                    is_421(&faces)
                } else {
                    self.shared_pair_punctures(&faces, ev)?
                };
                penalised = movers
                    .iter()
                    .copied()
                    .filter(|&r| {
                        let rider = &self.riders[r as usize];
                        rider.scratch || rider.missed_feed
                    })
                    .collect();
                if !penalised.is_empty() {
                    // VM-086: the penalised share the smallest die; the others take the rest.
                    let k = dice.iter().position(|&d| d == low).expect("the low die");
                    dice.remove(k);
                }
            }
        }
        if let Some(slot) = &mut self.slot {
            slot.dice = dice;
            slot.rolled = true;
            slot.low = low;
            slot.penalised = penalised;
            slot.four_two_one = four_two_one;
        }
        Ok(())
    }

    /// VM-107, VM-108, A-34: a roll for one rider alone (a leader's, an attacker's) is checked
    /// with the other d6 of the box.
    pub(super) fn leader_punctures(
        &mut self,
        leader: RiderIx,
        faces: &[u8],
        ev: &mut Vec<Event>,
    ) -> Result<bool, String> {
        let mut sorted = faces.to_vec();
        sorted.sort_unstable();
        let check = match sorted[..] {
            [1] => 2,
            [1, 2] | [2, 4] | [1, 4] => 1,
            _ => 0,
        };
        let mut all = faces.to_vec();
        if check > 0 {
            let mut rolls = Vec::new();
            for _ in 0..check {
                rolls.push(self.roll(6)?);
            }
            all.extend(rolls.iter().map(|r| r.face));
            ev.push(Event::PunctureCheck {
                rider: leader,
                rolls,
            });
        }
        let punctured = match all.len() {
            3 => is_421(&all),
            _ => false,
        };
        if punctured {
            self.puncture(leader, ev);
        }
        Ok(punctured)
    }

    /// VM-103, A-30 (Expert): ending a segment on a feed cell feeds the rider at its zone.
    pub(super) fn feed_here(&mut self, r: RiderIx, ev: &mut Vec<Event>) {
        if !self.fixed.options.expert() {
            // VM-003: feed cells do nothing at Débutant.
            return;
        }
        if let Spot::Road(c) = self.riders[r as usize].spot
            && let Some(zone) = self.fixed.board.cell(c).feed
        {
            let bit = 1u64 << zone.min(63);
            if self.riders[r as usize].fed & bit == 0 {
                self.riders[r as usize].fed |= bit;
                ev.push(Event::Fed { rider: r, zone });
            }
        }
    }

    /// VM-112 (Pro feed precision): a feed cell reached by a bonus move in the rider's own
    /// slot counts only if he is still there when his turn ends (his die move's end feeds
    /// him then); reached in another player's slot, it counts at once.
    pub(super) fn feed_after_bonus(&mut self, r: RiderIx, ev: &mut Vec<Event>) {
        let own = self
            .slot
            .as_ref()
            .is_some_and(|s| self.controller(r) == s.seat);
        if own && self.fixed.options.pro(self.fixed.options.feed_precision) {
            return;
        }
        self.feed_here(r, ev);
    }

    /// a rider first reaching a level beyond a zone's last level without having fed
    /// there has missed it (VM-104, VM-105: the penalty holds to the finish).
    pub(super) fn pass_feed(&mut self, r: RiderIx, from: f64, to: f64, ev: &mut Vec<Event>) {
        if !self.fixed.options.expert() {
            return;
        }
        let fixed = std::sync::Arc::clone(&self.fixed);
        for (z, &last) in fixed.board.feed_last.iter().enumerate() {
            let bit = 1u64 << z.min(63);
            let rider = &mut self.riders[r as usize];
            if from <= last && last < to && rider.fed & bit == 0 {
                rider.fed |= bit;
                rider.missed_feed = true;
                ev.push(Event::MissedFeed {
                    rider: r,
                    zone: z as u8,
                });
                // VM-130: −30 % for each missed zone.
                self.lose(
                    r,
                    super::condition::Why::MissedFeed,
                    super::condition::MISSED_FEED_LOSS,
                    ev,
                );
            }
        }
    }

    /// a shared roll of 2 d6 is checked only on 1+2 or 1+4, with one more die; if it
    /// completes 4-2-1, whoever is given the 1 punctures.
    fn shared_pair_punctures(&mut self, faces: &[u8], ev: &mut Vec<Event>) -> Result<bool, String> {
        let mut sorted = faces.to_vec();
        sorted.sort_unstable();
        if sorted != [1, 2] && sorted != [1, 4] {
            return Ok(false);
        }
        let roll = self.roll(6)?;
        let rider = self
            .slot
            .as_ref()
            .and_then(|s| s.movers.first().copied())
            .unwrap_or(0);
        ev.push(Event::PunctureCheck {
            rider,
            rolls: vec![roll],
        });
        let mut all = sorted;
        all.push(roll.face);
        Ok(is_421(&all))
    }

    /// VM-109, A-28: the rider waits at the roadside beside his cell until the phase ends.
    pub(super) fn puncture(&mut self, r: RiderIx, ev: &mut Vec<Event>) {
        if let Spot::Road(c) = self.riders[r as usize].spot {
            self.occupied[c as usize] = None;
            self.riders[r as usize].spot = Spot::Roadside(c);
            self.riders[r as usize].punctured = true;
            ev.push(Event::Punctured { rider: r, cell: c });
        }
    }

    /// The end of a phase: punctured riders get back on at their place (VM-109).
    pub(super) fn end_of_phase(&mut self, ev: &mut Vec<Event>) {
        for r in 0..self.riders.len() {
            if self.riders[r].punctured
                && let Spot::Roadside(c) = self.riders[r].spot
            {
                self.riders[r].punctured = false;
                let back = self.return_cell(c);
                self.place(r as RiderIx, back);
                ev.push(Event::BackOnRoad {
                    rider: r as RiderIx,
                    cell: back,
                });
            }
        }
    }

    /// A crash: the rider leaves the road for the roadside beside `cell`. Débutant: he
    /// misses his next rider turn (VM-047). Expert: a d20 gives the severity (VM-110), which
    /// replaces that; whatever it is, his movement ends (VM-111).
    pub(super) fn fall(
        &mut self,
        r: RiderIx,
        cell: CellIx,
        ev: &mut Vec<Event>,
    ) -> Result<(), String> {
        let mut fallers = vec![(r, cell)];
        if self
            .fixed
            .options
            .pro(self.fixed.options.collective_crashes)
        {
            // VM-115, A-37: the riders behind on cells touching a crash cell roll at once,
            // front to back; whoever falls starts the same check around his own cell; a
            // rider rolls once per chain. VM-116: the crash cell is where the roll failed.
            let mut rolled = vec![r];
            let mut k = 0;
            while k < fallers.len() {
                let (_, c) = fallers[k];
                let b = &self.fixed.board;
                let level = b.cell(c).level;
                let mut behind: Vec<(RiderIx, CellIx)> = b
                    .cell(c)
                    .touching
                    .iter()
                    .filter(|&&t| b.cell(t).level < level)
                    .filter_map(|&t| self.occupied[t as usize].map(|o| (o, t)))
                    .filter(|(o, _)| !rolled.contains(o))
                    .collect();
                behind.sort_by(|x, y| {
                    let (cx, cy) = (b.cell(x.1), b.cell(y.1));
                    cy.level
                        .partial_cmp(&cx.level)
                        .expect("finite")
                        .then(cx.across.partial_cmp(&cy.across).expect("finite"))
                });
                let fallen = fallers[k].0;
                for (o, t) in behind {
                    rolled.push(o);
                    let why = super::events::Skill::Collective { fallen };
                    if self.skill_check(o, t, why, ev)? {
                        self.occupied[t as usize] = None;
                        fallers.push((o, t));
                    }
                }
                k += 1;
            }
        }
        // each faller then rolls his own severity.
        for (f, c) in fallers {
            self.fall_one(f, c, ev)?;
        }
        Ok(())
    }

    fn fall_one(&mut self, r: RiderIx, cell: CellIx, ev: &mut Vec<Event>) -> Result<(), String> {
        let (misses, out) = if self.fixed.options.expert() {
            let roll = self.roll(20)?;
            let severity = tables::severity(roll.face);
            ev.push(Event::Severity {
                rider: r,
                roll,
                severity,
            });
            self.riders[r as usize].scratch = severity == Severity::Scratch;
            self.lose(
                r,
                super::condition::Why::Crash,
                super::condition::crash_loss(severity),
                ev,
            );
            if !self.racing(r) {
                return Ok(());
            }
            (severity.misses(), severity == Severity::Abandon)
        } else {
            (tables::DEBUTANT_CRASH_MISSES, false)
        };
        // VM-017, A-10's option: the player who was moving a neutral rider that falls also
        // passes his own next slot.
        if self.fixed.options.neutral_crash_skips_player
            && self.fixed.roles[r as usize] == super::options::Role::Neutral
            && let Some(seat) = self.ally[r as usize]
        {
            self.skip_next[seat as usize] = true;
        }
        let rider = &mut self.riders[r as usize];
        rider.punctured = false;
        if out {
            // VM-087: an abandoned rider leaves the race for good.
            rider.spot = Spot::Out;
            ev.push(Event::Abandoned { rider: r, cell });
            return Ok(());
        }
        rider.spot = Spot::Roadside(cell);
        rider.misses = misses;
        ev.push(Event::Crashed {
            rider: r,
            cell,
            misses,
        });
        Ok(())
    }
}
