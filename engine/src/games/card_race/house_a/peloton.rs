//! The base game's bot teams (PEL-4), as house rules A use them (HA-003, HA-027, HA-055):
//! options `peloton_team` and `muscle_team` name the seat each rides.
//!
//! - Peloton: its riders share one deck and one card a round moves them all. Its deck is the
//!   rouleur's plus two split attack cards "9/2" (17 cards), or with house rules A's profiles
//!   Table A1's Peloton deck (15 cards, two of them attack cards, HA-003). The attack card moves
//!   the Peloton rider behind its teammate 9 and the one in front 2; a lone Peloton rider moves
//!   2 (QA-02). It turns the top card of its deck (a hand of one) and takes no exhaustion.
//! - Muscle: each rider turns the top card of its own deck and takes no exhaustion; the
//!   sprinteur's deck holds one 5 more.
//!
//! Our rulings where PEL-4 says nothing: the Peloton's deck is held by its first rider still
//! racing, who draws for the team; the other riders' cards are that card. A deck that runs out
//! is not reshuffled (there is no recycle pile with a hand of one): the team then plays the
//! supply's exhaustion card, 2 a round, as FR-2 says.
//!
//! With house rules A's specialist baroudeur in the race, it moves by the card the Peloton
//! revealed, an attack card counting as an exhaustion card (HA-027, QA-15). When the Peloton
//! made the breakaway, the first two exhaustion cards it turns move its rider outside the
//! breakaway and the baroudeur by its two bid cards, in bid order; its breakaway rider moves 2
//! (HA-055, QA-27).

use super::profiles::{self, Profile};
use crate::game::Seat;
use crate::games::card_race::cards::{Card, Profiles, RiderKind, deck_for};
use crate::games::card_race::events::RiderIdx;
use crate::games::card_race::stage::Stage;
use rand::seq::SliceRandom;

/// Attack cards in a Peloton deck (PEL-4).
pub const ATTACK_CARDS: usize = 2;
/// What the attack card moves the rider in front, or a lone rider (QA-02).
pub const ATTACK_FRONT: u8 = 2;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BotTeam {
    Peloton,
    Muscle,
}

/// What the Peloton carries through the stage (HA-055).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct PelotonState {
    /// Its bid cards, in bid order, when it made the breakaway.
    pub bids: Vec<Card>,
    /// Exhaustion cards it has turned in the race so far.
    pub exhaustion_turned: u8,
    /// This round: the bid card its rider outside the breakaway and the baroudeur ride.
    pub bid_card_now: Option<Card>,
    /// This round it revealed its attack card (the gruppetto's die, HA-035).
    pub attacked: bool,
}

/// The Peloton's deck, unshuffled (PEL-4; HA-003 with house rules A's profiles).
pub fn peloton_deck(profiles: Profiles) -> Vec<Card> {
    let mut deck = match profiles {
        Profiles::HouseA => profiles::starting_deck(Profile::Peloton, 0),
        _ => deck_for(
            RiderKind::Rouleur,
            Profiles::Base,
            super::StageType::Flat,
            0,
        ),
    };
    if profiles != Profiles::HouseA {
        deck.extend(std::iter::repeat_n(Card::SplitAttack, ATTACK_CARDS));
    } else {
        deck.extend(std::iter::repeat_n(
            Card::SplitAttack,
            Profile::Peloton.split_cards() as usize,
        ));
    }
    deck
}

impl Stage {
    /// The bot team a seat is ridden by, if any.
    pub fn bot_team(&self, seat: Seat) -> Option<BotTeam> {
        let o = &self.setup.options;
        if o.peloton_team == Some(seat) {
            Some(BotTeam::Peloton)
        } else if o.muscle_team == Some(seat) {
            Some(BotTeam::Muscle)
        } else {
            None
        }
    }

    pub(crate) fn rider_bot_team(&self, rider: RiderIdx) -> Option<BotTeam> {
        self.bot_team(self.setup.riders[rider as usize].team)
    }

    /// Deals the bot teams' decks, once, when the stage starts.
    pub(crate) fn deal_bot_teams(&mut self) {
        let o = self.setup.options;
        if o.hands != crate::games::card_race::Hands::Deal || o.time_trial.is_some() {
            return;
        }
        if self.b_peloton() {
            self.deal_b_peloton();
        } else if let Some(seat) = o.peloton_team
            && let Some(team) = self.team_riders.get(seat as usize).cloned()
        {
            for (k, &i) in team.iter().enumerate() {
                let r = &mut self.riders[i as usize];
                r.deck = if k == 0 {
                    peloton_deck(o.profiles)
                } else {
                    Vec::new()
                };
                r.deck.shuffle(&mut r.rng);
            }
        }
        if let Some(seat) = o.muscle_team
            && let Some(team) = self.team_riders.get(seat as usize).cloned()
        {
            for i in team {
                let kind = self.setup.riders[i as usize].kind;
                let r = &mut self.riders[i as usize];
                if kind == RiderKind::Sprinteur {
                    r.deck.push(Card::Energy(5));
                    r.deck.shuffle(&mut r.rng);
                }
            }
        }
    }

    /// A rider of a bot team turns one card a round and never tires (PEL-4); house rules B's
    /// Peloton draws two and tires (HB-015).
    pub(crate) fn rides_for_a_bot_team(&self, rider: RiderIdx) -> bool {
        match self.rider_bot_team(rider) {
            Some(BotTeam::Peloton) => !self.b_peloton(),
            Some(BotTeam::Muscle) => true,
            None => false,
        }
    }

    /// The Peloton rider who holds the deck and draws for the team: its first rider racing.
    pub fn peloton_holder(&self) -> Option<RiderIdx> {
        let seat = self.setup.options.peloton_team?;
        self.team_riders
            .get(seat as usize)?
            .iter()
            .copied()
            .find(|&r| self.riders[r as usize].racing())
    }

    /// A Peloton rider whose card is the holder's: it owes no choice of its own.
    pub(crate) fn follows_peloton(&self, rider: RiderIdx) -> bool {
        self.rider_bot_team(rider) == Some(BotTeam::Peloton)
            && self.peloton_holder().is_some_and(|h| h != rider)
    }

    /// The holder kept a card: every other Peloton rider still racing lays the same.
    pub(crate) fn peloton_kept(&mut self, rider: RiderIdx, card: Card) {
        // House rules B's Peloton split its hand as the holder kept (HB-015).
        if self.rider_bot_team(rider) != Some(BotTeam::Peloton) || self.b_peloton() {
            return;
        }
        let seat = self.setup.riders[rider as usize].team;
        for &o in &self.team_riders[seat as usize] {
            let r = &mut self.riders[o as usize];
            if o != rider && r.racing() {
                r.kept = Some(card);
            }
        }
    }

    /// Before the moves of a round: what the Peloton revealed (HA-035, HA-055).
    pub(crate) fn peloton_round(&mut self) {
        let card = self
            .peloton_holder()
            .and_then(|h| self.riders[h as usize].kept);
        self.peloton.attacked = card == Some(Card::SplitAttack);
        self.peloton.bid_card_now = None;
        let in_breakaway = self
            .peloton_holder()
            .is_some_and(|_| self.breakaway.iter().any(|&b| self.follows_or_holds(b)));
        if card == Some(Card::Exhaustion) && in_breakaway {
            let k = self.peloton.exhaustion_turned as usize;
            self.peloton.bid_card_now = self.peloton.bids.get(k).copied();
            self.peloton.exhaustion_turned += 1;
        }
    }

    fn follows_or_holds(&self, rider: RiderIdx) -> bool {
        self.rider_bot_team(rider) == Some(BotTeam::Peloton)
    }

    /// The card a Peloton rider or the specialist baroudeur rides this round (QA-02, HA-027,
    /// HA-055), from the card the Peloton revealed; `card` for anyone else.
    pub(crate) fn bot_team_card(&self, rider: RiderIdx, card: Card) -> Card {
        let peloton = self.rider_bot_team(rider) == Some(BotTeam::Peloton);
        let baroudeur = self.setup.riders[rider as usize].kind == RiderKind::Specialist
            && Profile::of(RiderKind::Specialist, self.stage_type) == Profile::SpecialistBaroudeur;
        if baroudeur {
            let Some(holder) = self.peloton_holder() else {
                return card;
            };
            return match self.riders[holder as usize].kept {
                Some(Card::SplitAttack) => Card::Exhaustion,
                Some(_) if self.peloton.bid_card_now.is_some() => {
                    self.peloton.bid_card_now.expect("checked")
                }
                Some(c) => c,
                None => card,
            };
        }
        if !peloton {
            return card;
        }
        if let Some(bid) = self.peloton.bid_card_now {
            return if self.breakaway.contains(&rider) {
                Card::Exhaustion
            } else {
                bid
            };
        }
        if card != Card::SplitAttack {
            return card;
        }
        let seat = self.setup.riders[rider as usize].team;
        let me = self.riders[rider as usize].pos;
        let behind = self.team_riders[seat as usize].iter().any(|&o| {
            let p = self.riders[o as usize].pos;
            o != rider
                && self.riders[o as usize].racing()
                && (p.row, std::cmp::Reverse(p.lane)) > (me.row, std::cmp::Reverse(me.lane))
        });
        Card::Energy(if behind {
            crate::games::card_race::cards::ATTACK_VALUE
        } else {
            ATTACK_FRONT
        })
    }

    /// After a round: a Peloton holder across the line hands the deck to the next rider.
    pub(crate) fn pass_peloton_deck(&mut self) {
        self.merge_b_peloton_piles();
        let Some(seat) = self.setup.options.peloton_team else {
            return;
        };
        let Some(team) = self.team_riders.get(seat as usize).cloned() else {
            return;
        };
        let Some(&holder) = team.iter().find(|&&r| {
            !self.riders[r as usize].deck.is_empty() || !self.riders[r as usize].recycle.is_empty()
        }) else {
            return;
        };
        if self.riders[holder as usize].racing() {
            return;
        }
        if let Some(next) = team
            .iter()
            .copied()
            .find(|&r| self.riders[r as usize].racing())
        {
            let deck = std::mem::take(&mut self.riders[holder as usize].deck);
            let recycle = std::mem::take(&mut self.riders[holder as usize].recycle);
            let r = &mut self.riders[next as usize];
            r.deck = deck;
            r.recycle = recycle;
        }
    }

    /// The rider whose draw pile a rider's cards come from: the Peloton's holder for a Peloton
    /// rider, else the rider itself.
    pub(crate) fn deck_of(&self, rider: RiderIdx) -> RiderIdx {
        if self.rider_bot_team(rider) == Some(BotTeam::Peloton) {
            self.peloton_holder().unwrap_or(rider)
        } else {
            rider
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::{CourseSpec, Pos, SegmentSpec, Terrain};
    use crate::game::Ruleset;
    use crate::games::card_race::setup::{Options, RiderSetup, StageSetup, Start};
    use crate::games::card_race::{Choice, Event};
    use std::sync::Arc;

    fn n(v: u8) -> Card {
        Card::Energy(v)
    }

    /// Teams of the kinds given, on a flat (or, with `uphill`, hilly) course; `options` on top
    /// of dealt hands.
    fn stage(teams: &[&[RiderKind]], uphill: i64, options: Options) -> Stage {
        let seg = |terrain, length, start, finish| SegmentSpec {
            terrain,
            length,
            lanes: None,
            start,
            finish,
        };
        let mut segments = vec![
            seg(Terrain::Flat, 4, true, false),
            seg(Terrain::Flat, 8, false, false),
        ];
        if uphill > 0 {
            segments.push(seg(Terrain::Uphill, uphill, false, false));
        }
        segments.push(seg(Terrain::Flat, 30, false, false));
        segments.push(seg(Terrain::Flat, 5, false, true));
        let course = CourseSpec {
            segments,
            ..Default::default()
        }
        .build()
        .unwrap();
        let mut riders = Vec::new();
        for (t, kinds) in teams.iter().enumerate() {
            for (k, &kind) in kinds.iter().enumerate() {
                riders.push(RiderSetup {
                    id: format!("T{t}{k}"),
                    team: t as Seat,
                    kind,
                    // Team t's riders one behind the other in lane t.
                    start: Pos::new(3 - k as u16, t as u8),
                    carried_exhaustion: 0,
                });
            }
        }
        let setup = StageSetup {
            course: Arc::new(course),
            teams: (0..teams.len()).map(|t| format!("T{t}")).collect(),
            riders,
            options,
        };
        Stage::new(setup, 3).unwrap()
    }

    fn rig(s: &mut Stage, rider: RiderIdx, top: &[Card]) {
        let deck = &mut s.riders[rider as usize].deck;
        for &c in top {
            let i = deck
                .iter()
                .position(|&d| d == c)
                .expect("the deck holds it");
            deck.remove(i);
        }
        deck.extend(top.iter().rev());
    }

    /// Plays one round: each seat takes its first option until the round turns.
    fn first_options_round(s: &mut Stage) -> Vec<Event> {
        let round = s.round();
        let mut events = Vec::new();
        while s.round() == round && !s.is_over() {
            for seat in 0..s.setup().teams.len() as Seat {
                if s.round() != round {
                    break;
                }
                if let Some(&c) = s.legal_choices(seat).first() {
                    events.extend(s.apply(seat, &c).unwrap());
                }
            }
        }
        events
    }

    const ROULEURS: &[RiderKind] = &[RiderKind::Rouleur, RiderKind::Rouleur];

    fn peloton_at_1() -> Options {
        Options {
            peloton_team: Some(1),
            ..Options::default()
        }
    }

    #[test]
    fn pel_4_the_peloton_deck_goes_on_to_the_first_rider_still_racing() {
        // The Peloton's second rider holds its cards (a recycle pile only, its draw pile
        // spent) and is across the line; the first rider, still racing, holds nothing. After
        // the round the cards are the first rider's.
        let mut s = stage(&[ROULEURS, ROULEURS], 0, peloton_at_1());
        let (first, second) = (s.team_riders(1)[0], s.team_riders(1)[1]);
        let mut cards = std::mem::take(&mut s.riders[first as usize].deck);
        cards.append(&mut s.riders[first as usize].recycle);
        s.riders[second as usize].deck.clear();
        s.riders[second as usize].recycle = cards.clone();
        s.riders[second as usize].crossed = Some((1, Pos::new(50, 0)));
        s.pass_peloton_deck();
        let got = &s.riders[first as usize];
        assert_eq!((got.deck.len(), got.recycle.len()), (0, cards.len()));
        assert!(s.riders[second as usize].recycle.is_empty());
    }

    #[test]
    fn pel_4_tv_01_bot_team_decks() {
        assert_eq!(peloton_deck(Profiles::Base).len(), 17);
        let printed: u32 = peloton_deck(Profiles::Base)
            .iter()
            .filter(|c| **c != Card::SplitAttack)
            .map(|c| c.value() as u32)
            .sum();
        assert_eq!(printed, 75, "the rouleur's deck and two attack cards");
        // HA-003: Table A1's Peloton deck: 15 cards, two of them split.
        let a = peloton_deck(Profiles::HouseA);
        assert_eq!(
            (
                a.len(),
                a.iter().filter(|c| **c == Card::SplitAttack).count()
            ),
            (15, 2)
        );
        let s = stage(
            &[ROULEURS, &[RiderKind::Rouleur, RiderKind::Sprinteur]],
            0,
            Options {
                muscle_team: Some(1),
                ..Options::default()
            },
        );
        let muscle_sprinteur: u32 = s.piles(3).0.iter().map(|c| c.value() as u32).sum();
        assert_eq!((s.piles(3).0.len(), muscle_sprinteur), (16, 74));
        assert_eq!(s.piles(2).0.len(), 15);
    }

    #[test]
    fn pel_4_one_peloton_card_moves_both_riders_and_they_never_tire() {
        let mut s = stage(&[ROULEURS, ROULEURS], 0, peloton_at_1());
        assert_eq!((s.piles(2).0.len(), s.piles(3).0.len()), (17, 0));
        rig(&mut s, 2, &[n(6)]);
        assert_eq!(s.legal_choices(1), vec![Choice::Draw { rider: 2 }]);
        s.apply(1, &Choice::Draw { rider: 2 }).unwrap();
        assert_eq!(s.hand(2), &[n(6)], "a hand of one");
        s.apply(
            1,
            &Choice::Keep {
                rider: 2,
                card: n(6),
            },
        )
        .unwrap();
        assert!(
            s.legal_choices(1).is_empty(),
            "its second rider lays the same card"
        );
        let events = first_options_round(&mut s);
        let moved = |r: RiderIdx| {
            events.iter().find_map(|e| match e {
                Event::Moved { rider, card, .. } if *rider == r => Some(*card),
                _ => None,
            })
        };
        assert_eq!((moved(2), moved(3)), (Some(n(6)), Some(n(6))));
        assert_eq!((s.position(2).row, s.exhaustion_taken(2)), (9, 0));
        assert_eq!(s.exhaustion_taken(3), 0);
    }

    #[test]
    fn pel_4_qa_02_the_attack_card_moves_the_rider_behind_9_and_the_front_one_2() {
        let mut s = stage(&[ROULEURS, ROULEURS], 0, peloton_at_1());
        rig(&mut s, 2, &[Card::SplitAttack]);
        first_options_round(&mut s);
        // Rider 2 was in front (row 3), rider 3 behind (row 2).
        assert_eq!(s.position(2).row, 3 + 2);
        assert_eq!(s.position(3).row, 2 + 9);
    }

    #[test]
    fn pel_4_muscle_riders_turn_one_card_and_never_tire() {
        let mut s = stage(
            &[ROULEURS, ROULEURS],
            0,
            Options {
                muscle_team: Some(1),
                ..Options::default()
            },
        );
        s.apply(1, &Choice::Draw { rider: 2 }).unwrap();
        assert_eq!(s.hand(2).len(), 1);
        first_options_round(&mut s);
        assert_eq!((s.exhaustion_taken(2), s.exhaustion_taken(3)), (0, 0));
        assert_eq!(
            s.piles(2).0.len() + s.piles(2).2.len(),
            14,
            "one card spent"
        );
    }

    #[test]
    fn ha_027_qa_15_specialist_baroudeur_rides_at_the_pelotons_pace() {
        // Hilly: the specialist rides as a baroudeur (HA-023).
        let mut s = stage(&[&[RiderKind::Specialist], ROULEURS], 6, peloton_at_1());
        rig(&mut s, 1, &[n(7), Card::SplitAttack]);
        first_options_round(&mut s);
        assert_eq!(s.position(0).row, 3 + 7, "the Peloton's 7");
        first_options_round(&mut s);
        assert_eq!(
            s.position(0).row,
            10 + 2,
            "an attack card counts as an exhaustion card"
        );
    }

    #[test]
    fn ha_050_ha_055_qa_27_the_peloton_bids_without_attack_cards_and_its_exhaustion_moves_by_the_bids()
     {
        let mut s = stage(
            &[ROULEURS, ROULEURS],
            0,
            Options {
                profiles: Profiles::HouseA,
                start: Start::BreakawayHouseA,
                ..peloton_at_1()
            },
        );
        rig(&mut s, 2, &[Card::SplitAttack, n(5), n(4)]);
        assert!(
            s.legal_choices(1)
                .iter()
                .all(|c| !matches!(c, Choice::BidDraw { .. })),
            "a bot team has no hand to bid from"
        );
        s.apply(0, &Choice::BidPass { rider: 0 }).unwrap();
        s.apply(1, &Choice::BidBlind { rider: 2 }).unwrap();
        s.apply(1, &Choice::BidBlind { rider: 2 }).unwrap();
        assert_eq!(s.breakaway(), &[2]);
        // The attack card went back; the 5 and the 4 were bid; two exhaustion cards came in.
        let deck = s.piles(2).0.to_vec();
        assert_eq!(deck.iter().filter(|c| **c == Card::SplitAttack).count(), 2);
        assert_eq!(deck.iter().filter(|c| **c == Card::Exhaustion).count(), 2);
        assert_eq!(deck.len(), 15 - 2 + 2);
        rig(&mut s, 2, &[Card::Exhaustion, Card::Exhaustion]);
        let (front, back) = (s.position(2).row, s.position(3).row);
        first_options_round(&mut s);
        assert_eq!(s.position(2).row, front + 2, "the breakaway rider moves 2");
        assert_eq!(
            s.position(3).row,
            back + 5,
            "the other rides the first bid card"
        );
        let (front, back) = (s.position(2).row, s.position(3).row);
        first_options_round(&mut s);
        assert_eq!(s.position(2).row, front + 2);
        assert_eq!(s.position(3).row, back + 4, "then the second bid card");
    }
}
