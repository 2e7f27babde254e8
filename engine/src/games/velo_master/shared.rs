//! A colour shared by two players (Expert and Pro, more than four players: VM-018, VM-019,
//! ruling A-11).
//!
//! Seed 000, RÈGLES pour 2 et +4 JOUEURS › + 4 joueurs (p.18): a d20 roll-off decides which
//! player directs the leader and the violet team-mate, and which one is the "outsider" with the
//! green and grey team-mates; the colour still plays as one team, its leader in the leaders'
//! phase and its three team-mates at the slot its leader gives it.
//!
//! How a setup says it: the outsider's team enters two team-mates whose attributes name the
//! colour they ride in (`{"role": "team-mate", "colour": "Rouge"}`); the colour's own team
//! enters its leader and one team-mate. The four are one team for every rule (protection,
//! entraides, the race's end, the team classification); the roll-off at the start then gives
//! the leader and the first team-mate to the player who rolls higher, whichever entered them.

use super::events::{Choice, Event, RiderIx};
use super::stage::{Part, VeloMaster};
use crate::game::Seat;

impl VeloMaster {
    /// The seat that directs a rider (VM-018 after the roll-off; his team's otherwise).
    pub fn director(&self, r: RiderIx) -> Seat {
        self.directors[r as usize]
    }

    /// For a colour shared by two players, the other player's seat.
    pub fn partner(&self, seat: Seat) -> Option<Seat> {
        self.fixed.partner.get(seat as usize).copied().flatten()
    }

    /// VM-018: each shared colour's two players roll a d20, again while tied; the higher directs
    /// the leader and the violet team-mate (the colour's first team-mate), the other the green
    /// and grey ones.
    pub(super) fn roll_off(&mut self, ev: &mut Vec<Event>) -> Result<(), String> {
        for colour in 0..self.seats() as Seat {
            let Some(outsider) = self.partner(colour) else {
                continue;
            };
            if self.fixed.riders_of[colour as usize].is_empty() {
                continue;
            }
            let winner = loop {
                let a = self.roll(20)?;
                let b = self.roll(20)?;
                ev.push(Event::RollOff {
                    colour,
                    rolls: vec![(colour, a), (outsider, b)],
                });
                if a.face != b.face {
                    break if a.face > b.face { colour } else { outsider };
                }
            };
            let loser = if winner == colour { outsider } else { colour };
            let riders = self.fixed.riders_of[colour as usize].clone();
            for (k, &r) in riders.iter().enumerate() {
                self.directors[r as usize] = if k < 2 { winner } else { loser };
            }
            ev.push(Event::ColourShared {
                colour,
                leader_director: winner,
                outsider: loser,
            });
        }
        Ok(())
    }

    /// The rider of the slot's colour a slot option is about: whoever directs him makes the
    /// choice. `None` for the roll, and for an option about no bike of the colour.
    pub(super) fn option_rider(&self, choice: &Choice) -> Option<RiderIx> {
        let colour = self.slot.as_ref()?.seat;
        let ours = |r: RiderIx| (self.fixed.team_of[r as usize] == colour).then_some(r);
        match *choice {
            Choice::Launch { rider, .. } | Choice::Give { rider, .. } => Some(rider),
            // An entraide's bike of this colour: the one helped behind, else the one ahead.
            Choice::Entraide { rear, front } => ours(rear).or_else(|| ours(front)),
            Choice::Attack { rider } => Some(rider),
            Choice::Accelerate { front } => ours(front),
            _ => None,
        }
    }

    /// Who owes the decision of a shared colour's slot now, when the slot is one:
    /// - before the dice, each player plays the bonus moves and attacks of his own riders, the
    ///   outsider first, who then hands the roll to the leader's director (our order: the
    ///   rulebook gives none, and the leader's director "gives the slot", VM-019);
    /// - after the dice, the leader's director gives the violet team-mate his die first, then
    ///   the outsider gives the others; in the leaders' phase and the start phase, whoever
    ///   directs the riders still to move, the leader's director first.
    pub(super) fn shared_slot_owner(&self) -> Option<Seat> {
        let slot = self.slot.as_ref()?;
        self.partner(slot.seat)?;
        let riders = &self.fixed.riders_of[slot.seat as usize];
        let head = self.director(riders[0]);
        let other = riders
            .iter()
            .map(|&r| self.director(r))
            .find(|&d| d != head)?;
        if !slot.rolled {
            if !slot.handed && self.own_options(other).iter().any(|c| *c != Choice::Roll) {
                return Some(other);
            }
            return Some(head);
        }
        let waiting = |d: Seat| slot.movers.iter().any(|&r| self.director(r) == d);
        if slot.part == Part::Mates || slot.launch {
            if waiting(head) {
                return Some(head);
            }
            return Some(other);
        }
        Some(head)
    }

    /// The slot's options that `seat` may take in a shared colour's slot: those about his own
    /// riders, and the roll (which, from the outsider, hands it on).
    fn own_options(&self, seat: Seat) -> Vec<Choice> {
        self.slot_options()
            .into_iter()
            .filter(|c| {
                self.option_rider(c)
                    .is_none_or(|r| self.director(r) == seat)
            })
            .collect()
    }

    /// [`VeloMaster::slot_options`] as `seat` is offered them.
    pub(super) fn slot_options_for(&self, seat: Seat) -> Vec<Choice> {
        match self.slot.as_ref() {
            Some(slot) if self.partner(slot.seat).is_some() => self.own_options(seat),
            _ => self.slot_options(),
        }
    }

    /// Whether a roll chosen now only hands the slot to the leader's director.
    pub fn hands_over(&self) -> Option<(Seat, Seat)> {
        let slot = self.slot.as_ref()?;
        if slot.rolled || slot.handed {
            return None;
        }
        let owner = self.shared_slot_owner()?;
        let head = self.director(self.fixed.riders_of[slot.seat as usize][0]);
        (owner != head).then_some((owner, head))
    }

    /// Whether the leader's director has nothing left to do before the dice but roll them.
    pub(super) fn only_the_roll_left(&self) -> bool {
        match self.shared_slot_owner() {
            Some(owner) => {
                self.own_options(owner).iter().all(|c| *c == Choice::Roll)
                    && self.hands_over().is_none()
            }
            None => false,
        }
    }
}
