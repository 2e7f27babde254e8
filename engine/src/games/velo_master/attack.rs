//! Pro attacks (VM-137…141): declared before the dice, the attacker rolls 2 d6 of his own and
//! may move up to their sum, for 20 % of his condition.

use super::condition::{ATTACK_LOSS, Why};
use super::events::{Choice, Event, RiderIx};
use super::stage::{Part, Phase, Spot, VeloMaster};

impl VeloMaster {
    /// The riders who may declare an attack now: in the bonus moves of a race slot, a rider
    /// the player moves in this phase, on the road, under no lowest-die penalty.
    pub fn attack_options(&self) -> Vec<Choice> {
        let o = &self.fixed.options;
        let open = o.pro(o.attacks) && o.pro(o.condition);
        if !(open && matches!(self.phase, Phase::Race { .. })) {
            return Vec::new();
        }
        let Some(slot) = &self.slot else {
            return Vec::new();
        };
        if slot.rolled || slot.passed || slot.launch || slot.part == Part::Neutral {
            return Vec::new();
        }
        slot.movers
            .iter()
            .copied()
            .filter(|r| !slot.attackers.contains(r))
            .filter(|&r| {
                let rider = &self.riders[r as usize];
                matches!(rider.spot, Spot::Road(_))
                    && !rider.scratch
                    && !rider.missed_feed
                    && self.fixed.team_of[r as usize] == slot.seat
            })
            .map(|rider| Choice::Attack { rider })
            .collect()
    }

    /// VM-137, VM-138: the attack is declared now and costs 20 % at once.
    pub(super) fn declare_attack(&mut self, r: RiderIx, ev: &mut Vec<Event>) {
        if let Some(slot) = &mut self.slot {
            slot.attackers.push(r);
        }
        ev.push(Event::AttackDeclared { rider: r });
        self.lose(r, Why::Attack, ATTACK_LOSS, ev);
    }

    /// VM-139, VM-140, VM-141: each attacker rolls his own 2 d6 (checked for 4-2-1 as a roll
    /// for one rider, A-34) and moves up to their sum; a leader's attack replaces his roll
    /// and his protection.
    pub(super) fn roll_attacks(
        &mut self,
        attackers: &[RiderIx],
        ev: &mut Vec<Event>,
    ) -> Result<(), String> {
        for &r in attackers {
            if !matches!(self.riders[r as usize].spot, Spot::Road(_)) {
                continue;
            }
            let rolls = vec![self.roll(6)?, self.roll(6)?];
            ev.push(Event::AttackRolled {
                rider: r,
                rolls: rolls.clone(),
            });
            let faces: Vec<u8> = rolls.iter().map(|x| x.face).collect();
            self.ones_gained.clear();
            if self.fixed.roles[r as usize] == super::options::Role::Leader {
                self.gains_from_leaders_ones(r, &faces, ev);
            } else {
                self.gains_from_faces(&faces, &[r], ev);
            }
            if self.leader_punctures(r, &faces, ev)? {
                continue;
            }
            let sum = faces.iter().sum();
            if let Some(slot) = &mut self.slot {
                slot.attack_moves.push((r, sum));
            }
        }
        Ok(())
    }
}
