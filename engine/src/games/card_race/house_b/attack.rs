//! House rules B's attack card (seed 004, EFFETS DE COURSE – CARTE ATTAQUE; HB-016…HB-019,
//! ruling QB-08, test vector TV-20). Option `attack_card = true`.
//!
//! - HB-016: one attack card is shuffled into every rider's deck; it is drawn, kept or recycled
//!   like any card, and offered as "Keep A (attack)" in the hand (QB-08.1).
//! - HB-017: after the reveal the attackers go first, the rearmost first: lowest row first, and
//!   in one row the left lane before the right (QB-08.2); each finishes its search and its move
//!   before the next starts. Then the other riders move front to back as the race stands.
//! - HB-018: the attacker turns the top card of its draw pile; its director keeps it (`Keep`)
//!   or discards it face up to the recycle pile (`Turn`) and the next is turned. The last card
//!   of the draw pile must be kept; the recycle pile is never shuffled in during a search; an
//!   attacker whose draw pile is empty when its search starts rides an exhaustion card (QB-08.3).
//! - HB-019: the kept card moves the attacker by the ordinary rules against everyone where they
//!   stand now (earlier attackers moved, the others not yet), a fall included (QB-08.4).
//! - The attack card itself leaves the game once played; the kept card counts as the card the
//!   rider played (punctures, feed zones: QB-08.6). No attacks in time trials (QB-08.7).

use crate::course::Pos;
use crate::game::Seat;
use crate::games::card_race::cards::Card;
use crate::games::card_race::events::{Event, RiderIdx};
use crate::games::card_race::stage::{Choice, RiderRound, RuleError, Stage};

/// The attacks of the round being resolved.
#[derive(Debug, Clone, Default)]
pub(crate) struct Attacks {
    /// Attackers still to search, next first.
    queue: Vec<RiderIdx>,
    /// The attacker searching now and the card it has turned up.
    turned: Option<(RiderIdx, Card)>,
    /// The attackers' moves so far, for the round's summary.
    pub moved: Vec<RiderRound>,
}

/// HB-017 (QB-08.2): the order attackers resolve in, from where they stand.
pub fn attack_order(mut attackers: Vec<(RiderIdx, Pos)>) -> Vec<RiderIdx> {
    attackers.sort_by_key(|&(i, p)| (p.row, std::cmp::Reverse(p.lane), i));
    attackers.into_iter().map(|(i, _)| i).collect()
}

impl Stage {
    /// After the reveal: sets the attackers searching. False when nobody attacks.
    pub(crate) fn start_attacks(&mut self, events: &mut Vec<Event>) -> bool {
        if !self.setup.options.house_b.attack_card || self.setup.options.time_trial.is_some() {
            return false;
        }
        let attackers: Vec<(RiderIdx, Pos)> = (0..self.riders.len() as RiderIdx)
            .filter(|&i| {
                let r = &self.riders[i as usize];
                r.racing() && r.kept == Some(Card::Attack)
            })
            .map(|i| (i, self.riders[i as usize].pos))
            .collect();
        if attackers.is_empty() {
            return false;
        }
        let mut queue = attack_order(attackers);
        queue.reverse();
        self.attacks = Some(Attacks {
            queue,
            turned: None,
            moved: Vec::new(),
        });
        !self.next_attacker(events)
    }

    /// Turns cards for the attackers in turn until one waits for its director's choice; true
    /// when every attacker has moved.
    fn next_attacker(&mut self, events: &mut Vec<Event>) -> bool {
        loop {
            let attacks = self.attacks.as_mut().expect("attacks under way");
            let Some(rider) = attacks.queue.pop() else {
                return true;
            };
            let r = &mut self.riders[rider as usize];
            match r.deck.pop() {
                None => {
                    // QB-08.3: nothing to turn, nothing reshuffled: an exhaustion card from the
                    // supply.
                    r.supply_exhaustion += 1;
                    events.push(Event::AttackEmpty { rider });
                    self.attack_with(rider, Card::Exhaustion, events);
                }
                Some(card) => {
                    if self.turned_up(rider, card, events) {
                        return false;
                    }
                }
            }
        }
    }

    /// Shows a turned card; the last card of the draw pile is kept at once (HB-018). True when
    /// the director must choose.
    fn turned_up(&mut self, rider: RiderIdx, card: Card, events: &mut Vec<Event>) -> bool {
        let left = self.riders[rider as usize].deck.len() as u16;
        events.push(Event::AttackTurned { rider, card, left });
        if left == 0 {
            self.attack_with(rider, card, events);
            return false;
        }
        self.attacks.as_mut().expect("attacks under way").turned = Some((rider, card));
        true
    }

    /// HB-019: the attacker rides the kept card now, against everyone where they stand.
    fn attack_with(&mut self, rider: RiderIdx, card: Card, events: &mut Vec<Event>) {
        // The attack card leaves the game: the kept card is what the rider played this round.
        self.riders[rider as usize].kept = Some(card);
        let mut positions: Vec<Pos> = self.riders.iter().map(|r| r.pos).collect();
        let moved = self.ride(rider, card, &mut positions, events);
        for (r, p) in self.riders.iter_mut().zip(positions) {
            r.pos = p;
        }
        let mut line = self.moved(rider, card, moved, events);
        line.attack = true;
        self.attacks
            .as_mut()
            .expect("attacks under way")
            .moved
            .push(line);
    }

    /// `Keep` during a search: the attacker keeps the card turned up. True when every attacker
    /// has moved.
    pub(crate) fn keep_turned(
        &mut self,
        rider: RiderIdx,
        card: Card,
        events: &mut Vec<Event>,
    ) -> bool {
        let attacks = self.attacks.as_mut().expect("attacks under way");
        debug_assert_eq!(attacks.turned, Some((rider, card)), "checked as legal");
        attacks.turned = None;
        self.attack_with(rider, card, events);
        self.next_attacker(events)
    }

    /// `Turn`: the card turned up goes face up to the recycle pile and the next is turned.
    pub(crate) fn turn_next(&mut self, rider: RiderIdx, events: &mut Vec<Event>) -> bool {
        let attacks = self.attacks.as_mut().expect("attacks under way");
        let (_, card) = attacks.turned.take().expect("checked as legal");
        let r = &mut self.riders[rider as usize];
        r.recycle.push(card);
        let next = r
            .deck
            .pop()
            .expect("a card is only offered to pass over when another lies under it");
        if self.turned_up(rider, next, events) {
            return false;
        }
        self.next_attacker(events)
    }

    /// The options of a seat whose rider is searching: keep the card turned up, or turn the next.
    pub(crate) fn attack_choices(&self, seat: Seat) -> Option<Vec<Choice>> {
        let attacks = self.attacks.as_ref()?;
        let (rider, card) = attacks.turned?;
        Some(if self.setup.riders[rider as usize].team == seat {
            vec![Choice::Keep { rider, card }, Choice::Turn { rider }]
        } else {
            Vec::new()
        })
    }

    /// Why a choice is refused while a rider searches.
    pub(crate) fn attack_refusal(&self, _seat: Seat) -> Option<RuleError> {
        let (rider, card) = self.attacks.as_ref()?.turned?;
        Some(RuleError::Searching {
            rider: self.setup.riders[rider as usize].id.clone(),
            card,
        })
    }

    /// The rider searching its draw pile now and the card it has turned up (HB-018).
    pub fn attack_search(&self) -> Option<(RiderIdx, Card)> {
        self.attacks.as_ref()?.turned
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hb_017_qb_08_lowest_row_first_left_lane_before_right() {
        let order = attack_order(vec![
            (0, Pos::new(12, 0)),
            (1, Pos::new(10, 0)),
            (2, Pos::new(10, 1)),
            (3, Pos::new(14, 1)),
        ]);
        assert_eq!(order, [2, 1, 0, 3]);
    }
}

#[cfg(test)]
mod stage_tests {
    use super::super::HouseBOptions;
    use super::super::testing::*;
    use crate::course::Pos;
    use crate::game::Ruleset;
    use crate::games::card_race::{Card, Choice, Event, RiderIdx, Stage};

    fn attack_on() -> HouseBOptions {
        HouseBOptions {
            attack_card: true,
            ..HouseBOptions::default()
        }
    }

    /// Every rider draws and keeps `card`, in rider order; the events of the last keep.
    fn choose(s: &mut Stage, cards: &[Card]) -> Vec<Event> {
        let mut events = Vec::new();
        for (i, &card) in cards.iter().enumerate() {
            let rider = i as RiderIdx;
            s.apply(i as u8, &Choice::Draw { rider }).unwrap();
            events = s.apply(i as u8, &Choice::Keep { rider, card }).unwrap();
        }
        events
    }

    fn moves(events: &[Event]) -> Vec<(RiderIdx, Card, u16, u16)> {
        events
            .iter()
            .filter_map(|e| match *e {
                Event::Moved {
                    rider,
                    card,
                    from,
                    to,
                    ..
                } => Some((rider, card, from.row, to.row)),
                _ => None,
            })
            .collect()
    }

    /// TV-20: X (row 10) and Y (row 12) attack, Z (row 14) plays 5.
    fn tv_20(x_pile: &[Card]) -> Stage {
        let mut x = x_pile.to_vec();
        x.extend([e(4), e(4), e(4), A]);
        let y: &[Card] = &[e(7), e(9), e(2), e(4), e(4), e(4), A];
        let z: &[Card] = &[e(5), e(5), e(5), e(5), e(5)];
        let mut s = stacked(
            flat(40),
            &[(10, 0, &x), (12, 0, y), (14, 0, z)],
            attack_on(),
        );
        choose(&mut s, &[A, A, e(5)]);
        s
    }

    #[test]
    fn hb_017_to_hb_019_tv_20_attackers_search_rearmost_first_then_the_rest_move() {
        let mut s = tv_20(&[e(7), e(7), e(6), e(3)]);
        // X, the rearmost attacker, has turned its 3: its seat keeps it or turns on; nobody else
        // has a choice.
        assert_eq!(s.attack_search(), Some((0, e(3))));
        assert_eq!(
            s.legal_choices(0),
            [
                Choice::Keep {
                    rider: 0,
                    card: e(3)
                },
                Choice::Turn { rider: 0 }
            ]
        );
        assert!(s.legal_choices(1).is_empty() && s.legal_choices(2).is_empty());
        let err = s.apply(1, &Choice::Turn { rider: 1 }).unwrap_err();
        assert!(err.to_string().contains("R0 is searching"), "{err}");
        let turned = s.apply(0, &Choice::Turn { rider: 0 }).unwrap();
        assert_eq!(
            turned,
            [Event::AttackTurned {
                rider: 0,
                card: e(6),
                left: 2
            }]
        );
        let mut events = s
            .apply(
                0,
                &Choice::Keep {
                    rider: 0,
                    card: e(6),
                },
            )
            .unwrap();
        assert_eq!(s.attack_search(), Some((1, e(2))), "then Y searches");
        events.extend(s.apply(1, &Choice::Turn { rider: 1 }).unwrap());
        events.extend(
            s.apply(
                1,
                &Choice::Keep {
                    rider: 1,
                    card: e(9),
                },
            )
            .unwrap(),
        );
        assert_eq!(
            moves(&events),
            [(0, e(6), 10, 16), (1, e(9), 12, 21), (2, e(5), 14, 19)]
        );
        // HB-018: the discards went face up to the recycle piles; the attack card left the game
        // and the kept card is what the rider played (QB-08.1, QB-08.6).
        let (deck, _, recycle, played) = s.piles(0);
        assert_eq!(played, [e(6)]);
        assert!(recycle.contains(&e(3)) && !recycle.contains(&A) && !deck.contains(&A));
        assert_eq!(deck, [e(7), e(7)]);
        assert!(s.last_round().iter().any(|r| r.rider == 1 && r.attack));
        assert!(s.last_round().iter().any(|r| r.rider == 2 && !r.attack));
    }

    #[test]
    fn hb_019_tv_20_an_attacker_meets_riders_where_they_still_stand() {
        let mut s = tv_20(&[e(7), e(7), e(6), e(4)]);
        let mut events = s
            .apply(
                0,
                &Choice::Keep {
                    rider: 0,
                    card: e(4),
                },
            )
            .unwrap();
        assert_eq!(
            s.position(0),
            Pos::new(14, 1),
            "beside Z, who has not moved"
        );
        events.extend(s.apply(1, &Choice::Turn { rider: 1 }).unwrap());
        events.extend(
            s.apply(
                1,
                &Choice::Keep {
                    rider: 1,
                    card: e(9),
                },
            )
            .unwrap(),
        );
        assert!(
            moves(&events).contains(&(2, e(5), 14, 19)),
            "Z moves from row 14"
        );
    }

    #[test]
    fn hb_018_tv_20_the_last_card_of_the_pile_must_be_kept() {
        let mut s = tv_20(&[e(6), e(3)]);
        let events = s.apply(0, &Choice::Turn { rider: 0 }).unwrap();
        assert!(events.contains(&Event::AttackTurned {
            rider: 0,
            card: e(6),
            left: 0
        }));
        assert!(
            moves(&events).contains(&(0, e(6), 10, 16)),
            "ridden at once"
        );
        assert_eq!(s.attack_search(), Some((1, e(2))), "no choice left for X");
    }

    #[test]
    fn hb_018_qb_08_an_empty_pile_rides_an_exhaustion_card_without_reshuffling() {
        let mut s = tv_20(&[]);
        // X drew its last four cards: nothing to turn, and its recycle pile stays put.
        assert_eq!(s.attack_search(), Some((1, e(2))));
        assert_eq!(s.position(0), Pos::new(12, 1));
        assert_eq!(s.cards_played(0), [] as [Card; 0]);
        s.apply(
            1,
            &Choice::Keep {
                rider: 1,
                card: e(2),
            },
        )
        .unwrap();
        assert_eq!(s.cards_played(0), [X]);
        assert_eq!(s.supply_exhaustion(0), 1);
    }

    #[test]
    fn hb_016_every_deck_holds_one_attack_card_offered_in_the_hand() {
        let mut s = stacked(flat(40), &[(10, 0, &[])], attack_on());
        let setup = s.setup().clone();
        let fresh = Stage::new(setup, 3).unwrap();
        let (deck, ..) = fresh.piles(0);
        assert_eq!(deck.len(), 16);
        assert_eq!(deck.iter().filter(|c| c.is_attack()).count(), 1);
        s.riders[0].deck = vec![e(3), A, e(5), e(4)];
        s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
        assert!(
            s.legal_choices(0)
                .contains(&Choice::Keep { rider: 0, card: A })
        );
        // Not kept, it is recycled like any card.
        s.apply(
            0,
            &Choice::Keep {
                rider: 0,
                card: e(5),
            },
        )
        .unwrap();
        assert!(s.piles(0).2.contains(&A));
    }
}
