//! House rules B's Peloton bot team (seed 004, PROFILS DE COUREUR – Peloton; HB-015, ruling
//! QB-07): option `peloton_bot = "house-b"` beside `peloton_team = <seat>`.
//!
//! The seat's two riders ride one merged deck: both riders' own decks (the rouleur's and the
//! sprinter's in a team of house rules B) shuffled together. Each round the team draws two cards;
//! the lower goes to the rider in front, the higher to the rider behind. Unlike the base game's
//! Peloton it tires: both riders take their exhaustion into the shared recycle pile. QB-07 as
//! we apply it:
//! - "front" and "rear" are by race order when the cards are dealt, before anyone moves;
//! - one card left in all: the rear rider gets it and the front rider plays the supply's
//!   exhaustion card (2); no card: both play 2;
//! - each rider's card meets the terrain on its own (a climb caps each rider's card by itself).
//!
//! Our rulings where the seed and QB-07 are silent:
//! - The deck is held by the team's first rider still racing, who draws for both (as the base
//!   game's Peloton in [`crate::games::card_race::house_a::peloton`]); the team's choice is then a single
//!   option, the card its holder rides, since the split follows from the draw.
//! - Nor does it take any other decision: no musette opened, no steep gamble, no side of the
//!   road chosen (its riders land on the usual side); its one option is its card.
//! - A lone rider (its teammate across the line or out of the race) is both front and rear: it
//!   draws two and rides the higher; the lower goes to the recycle pile as an unplayed card.
//! - Attack cards (HB-016) stay out of the merged deck: the team never chooses, so it could
//!   not decide to search with one.
//! - In a time trial, A's or B's, each rider rides its own deck as any other rider.
//! - In a tour the holder carries the shared piles' exhaustion cards to the next stage, where
//!   the two decks are merged again: the team keeps every one.
//! - The team is two riders: a seat of more is refused when the stage is set up (a third rider
//!   would have no place in "front" and "rear").

use crate::games::card_race::cards::Card;
use crate::games::card_race::events::RiderIdx;
use crate::games::card_race::house_a::peloton::BotTeam;
use crate::games::card_race::stage::Stage;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

/// Cards the B peloton draws a round (HB-015).
pub const DRAW: usize = 2;
/// Riders a B peloton seat may field (HB-015, our ruling above).
pub const RIDERS: usize = 2;

/// How the seat named by `peloton_team` rides (option `peloton_bot`, conformance table C-04).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PelotonBot {
    /// The base game's Peloton (PEL-4), with Table A1's deck under `profiles = "house-a"`.
    #[default]
    Official,
    /// House rules B's merged deck, draw two, lower card in front (HB-015).
    HouseB,
}

/// The cards the B peloton's riders ride this round, from its holder's hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Split {
    /// The holder's card; the supply's exhaustion card when the hand has none for it.
    pub holder: Card,
    /// The teammate, its card, and whether that card is the supply's exhaustion card.
    pub mate: Option<(RiderIdx, Card, bool)>,
}

impl Stage {
    /// Whether the Peloton seat rides house rules B's way in this stage.
    pub(crate) fn b_peloton(&self) -> bool {
        let o = &self.setup.options;
        o.peloton_bot == PelotonBot::HouseB
            && o.peloton_team.is_some()
            && o.time_trial.is_none()
            && o.time_trial_b.is_none()
    }

    /// Whether this rider belongs to a B peloton.
    pub(crate) fn rides_b_peloton(&self, rider: RiderIdx) -> bool {
        self.b_peloton() && self.rider_bot_team(rider) == Some(BotTeam::Peloton)
    }

    /// Merges the two riders' decks, dealt as any rider's, into the holder's (HB-015).
    pub(crate) fn deal_b_peloton(&mut self) {
        let Some(seat) = self.setup.options.peloton_team else {
            return;
        };
        let Some(team) = self.team_riders.get(seat as usize).cloned() else {
            return;
        };
        let Some((&holder, rest)) = team.split_first() else {
            return;
        };
        let mut deck = std::mem::take(&mut self.riders[holder as usize].deck);
        for &o in rest {
            deck.append(&mut self.riders[o as usize].deck);
        }
        deck.retain(|&c| c != Card::Attack);
        let r = &mut self.riders[holder as usize];
        r.deck = deck;
        r.deck.shuffle(&mut r.rng);
    }

    /// How the holder's hand splits between the riders (HB-015, QB-07), by race order now.
    pub(crate) fn b_peloton_split(&self, holder: RiderIdx) -> Split {
        let mut cards = self.riders[holder as usize].hand.clone();
        cards.sort_by_key(|c| c.value());
        let seat = self.setup.riders[holder as usize].team;
        let mates: Vec<RiderIdx> = self
            .race_order()
            .into_iter()
            .filter(|&r| {
                self.setup.riders[r as usize].team == seat && self.riders[r as usize].racing()
            })
            .collect();
        let (front, rear) = match mates.as_slice() {
            [front, .., rear] => (*front, *rear),
            _ => {
                return Split {
                    holder: cards.last().copied().unwrap_or(Card::Exhaustion),
                    mate: None,
                };
            }
        };
        // (front's card, from the supply?), (rear's card, from the supply?)
        let ((front_card, front_supply), (rear_card, rear_supply)) = match cards.as_slice() {
            [] => ((Card::Exhaustion, true), (Card::Exhaustion, true)),
            [only] => ((Card::Exhaustion, true), (*only, false)),
            [low, .., high] => ((*low, false), (*high, false)),
        };
        if holder == front {
            Split {
                holder: front_card,
                mate: Some((rear, rear_card, rear_supply)),
            }
        } else {
            Split {
                holder: rear_card,
                mate: Some((front, front_card, front_supply)),
            }
        }
    }

    /// The holder rides `card`: its teammate takes its own card from the hand first, so that
    /// the holder's keep recycles nothing of the teammate's.
    pub(crate) fn b_peloton_deal_mate(&mut self, holder: RiderIdx) {
        let Some((mate, card, supply)) = self.b_peloton_split(holder).mate else {
            return;
        };
        if supply {
            self.riders[mate as usize].supply_exhaustion += 1;
        } else {
            let hand = &mut self.riders[holder as usize].hand;
            if let Some(i) = hand.iter().position(|&c| c == card) {
                hand.swap_remove(i);
            }
        }
        self.riders[mate as usize].kept = Some(card);
    }

    /// After a round: the teammate's exhaustion goes into the shared piles (QB-07), a card laid
    /// on top of its draw pile on top of the shared one.
    pub(crate) fn merge_b_peloton_piles(&mut self) {
        if !self.b_peloton() {
            return;
        }
        let Some(holder) = self.peloton_holder() else {
            return;
        };
        // The previous holder's piles are the bulk when the deck changed hands this round;
        // the other riders' few cards go on top of them.
        let seat = self.setup.riders[holder as usize].team;
        let team = self.team_riders[seat as usize].clone();
        let base = team
            .iter()
            .copied()
            .max_by_key(|&o| {
                self.riders[o as usize].deck.len() + self.riders[o as usize].recycle.len()
            })
            .unwrap_or(holder);
        let mut deck = std::mem::take(&mut self.riders[base as usize].deck);
        let mut recycle = std::mem::take(&mut self.riders[base as usize].recycle);
        for &o in &team {
            deck.append(&mut self.riders[o as usize].deck);
            recycle.append(&mut self.riders[o as usize].recycle);
        }
        let h = &mut self.riders[holder as usize];
        h.deck = deck;
        h.recycle = recycle;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::{CourseSpec, Pos, Terrain};
    use crate::game::{Ruleset, Seat};
    use crate::games::card_race::cards::{Profiles, RiderKind, deck_for};
    use crate::games::card_race::house_a::StageType;
    use crate::games::card_race::setup::{Options, RiderSetup, SetupError, StageSetup};
    use crate::games::card_race::stage::Choice;
    use std::sync::Arc;

    use crate::games::card_race::house_b::testing::{X, e, flat, seg};

    const PELOTON: Seat = 1;
    /// Team 1's riders: the rouleur in front (row 3), the sprinteur behind it (row 2).
    const FRONT: RiderIdx = 1;
    const REAR: RiderIdx = 2;

    fn setup(
        peloton: &[(RiderKind, u16)],
        segments: Vec<crate::course::SegmentSpec>,
    ) -> StageSetup {
        let course = CourseSpec {
            segments,
            ..Default::default()
        }
        .build()
        .unwrap();
        let mut riders = vec![RiderSetup {
            id: "Solo".into(),
            team: 0,
            kind: RiderKind::Rouleur,
            start: Pos::new(0, 0),
            carried_exhaustion: 0,
        }];
        for (k, &(kind, row)) in peloton.iter().enumerate() {
            riders.push(RiderSetup {
                id: format!("P{k}"),
                team: PELOTON,
                kind,
                start: Pos::new(row, 1),
                carried_exhaustion: 0,
            });
        }
        StageSetup {
            course: Arc::new(course),
            teams: vec!["Solo".into(), "Peloton".into()],
            riders,
            options: Options {
                profiles: Profiles::HouseB,
                peloton_team: Some(PELOTON),
                peloton_bot: PelotonBot::HouseB,
                ..Options::default()
            },
        }
    }

    fn b_team() -> Vec<(RiderKind, u16)> {
        vec![(RiderKind::Rouleur, 3), (RiderKind::Sprinteur, 2)]
    }

    fn stage(team: &[(RiderKind, u16)]) -> Stage {
        Stage::new(setup(team, flat(30)), 7).unwrap()
    }

    /// The holder's draw pile, stacked: the last card is drawn first.
    fn stack(s: &mut Stage, cards: &[Card]) {
        let h = s.peloton_holder().unwrap();
        s.riders[h as usize].deck = cards.to_vec();
        s.riders[h as usize].recycle.clear();
    }

    /// The Peloton draws and keeps its one option; the solo rider then plays a 2.
    fn ride_round(s: &mut Stage) -> Vec<Choice> {
        let h = s.peloton_holder().unwrap();
        s.apply(PELOTON, &Choice::Draw { rider: h }).unwrap();
        let options = s.legal_choices(PELOTON);
        s.apply(PELOTON, &options[0]).unwrap();
        s.riders[0].deck = vec![e(2), e(2), e(2), e(2)];
        s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
        s.apply(
            0,
            &Choice::Keep {
                rider: 0,
                card: e(2),
            },
        )
        .unwrap();
        options
    }

    #[test]
    fn hb_015_the_two_riders_decks_are_shuffled_into_one() {
        let s = stage(&b_team());
        let (deck, ..) = s.piles(FRONT);
        let mut merged = deck.to_vec();
        let mut expected = deck_for(RiderKind::Rouleur, Profiles::HouseB, StageType::Flat, 0);
        expected.extend(deck_for(
            RiderKind::Sprinteur,
            Profiles::HouseB,
            StageType::Flat,
            0,
        ));
        merged.sort();
        expected.sort();
        assert_eq!(merged, expected, "rouleur's and sprinter's decks, 30 cards");
        assert!(
            s.piles(REAR).0.is_empty(),
            "the rear rider holds no deck of its own"
        );
        assert_eq!(s.peloton_holder(), Some(FRONT));
    }

    #[test]
    fn hb_015_tv_23_draws_two_the_lower_to_the_front_rider_the_higher_to_the_rear() {
        let mut s = stage(&b_team());
        // TV-23: draws 3 and 9.
        stack(&mut s, &[e(4), e(9), e(3)]);
        let options = ride_round(&mut s);
        assert_eq!(
            options,
            vec![Choice::Keep {
                rider: FRONT,
                card: e(3)
            }],
            "one option: the card the holder, in front, rides"
        );
        assert_eq!(s.position(FRONT).row, 3 + 3, "front rider rode the 3");
        assert_eq!(s.position(REAR).row, 2 + 9, "rear rider rode the 9");
        assert_eq!(
            s.piles(s.peloton_holder().unwrap()).0,
            &[e(4)],
            "two cards drawn"
        );

        // TV-23: draws 5 and 5, both ride 5. The rear rider is now in front.
        let mut s = stage(&b_team());
        stack(&mut s, &[e(5), e(5)]);
        ride_round(&mut s);
        assert_eq!((s.position(FRONT).row, s.position(REAR).row), (8, 7));
    }

    #[test]
    fn hb_015_qb_07_front_and_rear_by_race_order_whoever_holds_the_deck() {
        // The holder (the team's first rider) starts behind its teammate: it rides the higher.
        let mut s = stage(&[(RiderKind::Rouleur, 2), (RiderKind::Sprinteur, 3)]);
        assert_eq!(s.peloton_holder(), Some(1));
        stack(&mut s, &[e(7), e(4)]);
        let options = ride_round(&mut s);
        assert_eq!(
            options,
            vec![Choice::Keep {
                rider: 1,
                card: e(7)
            }]
        );
        // 9 and 7, and the 7 takes the slipstream up to 8.
        assert_eq!((s.position(1).row, s.position(2).row), (2 + 7, 3 + 4 + 1));
    }

    #[test]
    fn hb_015_qb_07_tv_23_one_card_left_goes_to_the_rear_the_front_plays_exhaustion() {
        let mut s = stage(&b_team());
        stack(&mut s, &[e(6)]);
        ride_round(&mut s);
        assert_eq!(s.position(REAR).row, 2 + 6, "rear 6");
        assert_eq!(
            s.position(FRONT).row,
            3 + 2,
            "front 2, the supply's exhaustion card"
        );
        assert_eq!(s.supply_exhaustion(FRONT), 1);
        assert_eq!(s.supply_exhaustion(REAR), 0);

        // No card at all: both play 2.
        let mut s = stage(&b_team());
        stack(&mut s, &[]);
        ride_round(&mut s);
        assert_eq!((s.position(FRONT).row, s.position(REAR).row), (5, 4));
        assert_eq!(
            (s.supply_exhaustion(FRONT), s.supply_exhaustion(REAR)),
            (1, 1)
        );
    }

    #[test]
    fn hb_015_qb_07_both_riders_tire_into_the_shared_recycle_pile() {
        let mut s = stage(&b_team());
        stack(&mut s, &[e(4), e(9), e(3)]);
        ride_round(&mut s);
        // 6 and 11, nobody just ahead of either: both take an exhaustion card.
        let holder = s.peloton_holder().unwrap();
        let (deck, hand, recycle, _) = s.piles(holder);
        assert_eq!((deck, hand), (&[e(4)][..], &[][..]));
        assert_eq!(recycle, &[X, X], "both cards in the one shared pile");
        let mate = if holder == FRONT { REAR } else { FRONT };
        let (deck, hand, recycle, _) = s.piles(mate);
        assert!(deck.is_empty() && hand.is_empty() && recycle.is_empty());
        // The shared pile comes back into the draw: two exhaustion cards split 2 and 2.
        ride_round(&mut s);
        assert_eq!(
            (s.position(FRONT).row, s.position(REAR).row),
            (6 + 4, 11 + 2)
        );
    }

    #[test]
    fn hb_015_each_card_meets_the_terrain_on_its_own() {
        // An uphill from row 5: the rear rider's 9 is capped at 5 there, the front's 3 is not.
        let segments = vec![
            seg(Terrain::Flat, 4, true, false),
            seg(Terrain::Flat, 1, false, false),
            seg(Terrain::Uphill, 12, false, false),
            seg(Terrain::Flat, 5, false, true),
        ];
        let mut s = Stage::new(setup(&b_team(), segments), 7).unwrap();
        stack(&mut s, &[e(9), e(3)]);
        ride_round(&mut s);
        assert_eq!((s.position(FRONT).row, s.position(REAR).row), (6, 7));
    }

    #[test]
    fn hb_015_a_lone_peloton_rider_rides_the_higher_card() {
        let mut s = stage(&[(RiderKind::Rouleur, 3)]);
        stack(&mut s, &[e(3), e(8)]);
        let options = ride_round(&mut s);
        assert_eq!(
            options,
            vec![Choice::Keep {
                rider: FRONT,
                card: e(8)
            }]
        );
        assert_eq!(s.position(FRONT).row, 3 + 8);
        assert_eq!(
            s.piles(FRONT).2,
            &[e(3), X],
            "the lower card recycled, then its exhaustion"
        );
    }

    #[test]
    fn hb_015_the_peloton_keeps_no_other_card_and_plays_out_of_turn_nothing() {
        let mut s = stage(&b_team());
        stack(&mut s, &[e(9), e(3)]);
        s.apply(PELOTON, &Choice::Draw { rider: FRONT }).unwrap();
        let before = s.piles(FRONT).1.to_vec();
        let refused = s.apply(
            PELOTON,
            &Choice::Keep {
                rider: FRONT,
                card: e(9),
            },
        );
        assert!(
            refused.is_err(),
            "the front rider may not take the higher card"
        );
        assert_eq!(
            s.piles(FRONT).1,
            &before[..],
            "a refused choice changes nothing"
        );
        let refused = s.apply(PELOTON, &Choice::Draw { rider: REAR });
        assert!(refused.is_err(), "the rear rider draws nothing of its own");
    }

    /// Every bot policy rides a whole stage beside a B peloton, whose one option the runners
    /// take however they shortcut the listing of options.
    #[test]
    fn hb_015_whole_stages_ride_with_every_bot_beside_the_b_peloton() {
        use crate::games::card_race::bot::{Policy, SensibleBot, play_stage};
        use crate::games::card_race::house_a::BrainBot;
        use crate::games::card_race::house_b::GhostBot;
        let policies: [&mut dyn Policy; 3] = [&mut BrainBot, &mut GhostBot, &mut SensibleBot];
        for (k, policy) in policies.into_iter().enumerate() {
            for seed in 0..20 {
                let mut s = Stage::new(setup(&b_team(), flat(30)), seed).unwrap();
                let played = play_stage(&mut s, policy);
                assert!(played.is_ok(), "policy {k}, seed {seed}: {played:?}");
                assert!(s.is_over());
            }
        }
    }

    #[test]
    fn hb_015_a_b_peloton_needs_its_seat_and_two_riders() {
        let mut bad = setup(&b_team(), flat(30));
        bad.options.peloton_team = None;
        assert_eq!(
            Stage::new(bad, 1).unwrap_err(),
            SetupError::PelotonBotWithoutSeat
        );
        let three = [
            (RiderKind::Rouleur, 3),
            (RiderKind::Sprinteur, 2),
            (RiderKind::Grimpeur, 1),
        ];
        let e = Stage::new(setup(&three, flat(30)), 1).unwrap_err();
        assert_eq!(
            e,
            SetupError::PelotonBTeam {
                seat: PELOTON,
                riders: 3
            }
        );
        assert!(e.to_string().contains("enter two riders"), "{e}");
    }
}
