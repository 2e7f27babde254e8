//! House rules B's ghosts (seed 004, PROFILS DE COUREUR – FANTÔMES; HB-011…HB-014, rulings QB-05,
//! QB-06, test vector TV-23): bots that commit, by the first card they play in a stage, to one
//! way of riding for the rest of it. Option `bots = "ghosts"`: every seat nobody directs.
//!
//! - HB-011 / QB-06: in its first round a ghost plays one card at random: the first card of its
//!   hand (the hand comes off a shuffled pile, so it is a random card of the deck).
//! - QB-05: the classes are taken over the distinct energy values of the rider's deck (Table B2):
//!   the top two make it offensive, the bottom two random, the rest steady. An exhaustion card
//!   counts as 2.
//! - HB-012 offensive: of 2 cards it plays the higher. HB-013 random: it plays its 1 card.
//!   HB-014 steady: of 3 cards, sorted, the middle one (the pair when two match); of 2, the
//!   higher; of 1, it.
//!
//! How many cards a ghost draws (issue 21): the number its way reads, 1 in its first round, then
//! 2, 1 or 3, and no more, so its deck, exhaustion included, cycles as the seed's ghost's does.
//! The stage knows its ghosts from the option `ghosts`, the seats a tour's bots ride (no
//! director): a director on autopilot, or late, is played by the same policy, but its rider
//! draws four like anyone's, and the policy reads the first cards of that hand. Our rulings
//! where the seed is silent: the cards a ghost draws and does not play go to its recycle pile,
//! as any rider's hand does (FR-2: keep one, recycle the rest); what the race takes off a hand
//! (a fall's two cards, HB-028) or adds to it it takes off or adds to the ghost's count, never
//! fewer than one card ([`hand_size`]). The attack card counts 0 in a ghost's sort; turned up
//! in an attack search, a ghost keeps a card of 5 or more.

use crate::game::Seat;
use crate::games::card_race::bot::{Policy, SensibleBot};
use crate::games::card_race::cards::{Card, HAND_SIZE, deck_for};
use crate::games::card_race::events::RiderIdx;
use crate::games::card_race::setup::Bots;
use crate::games::card_race::stage::{Choice, Stage};

/// What a ghost committed to (HB-012…HB-014).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GhostClass {
    Offensive,
    Random,
    Steady,
}

impl GhostClass {
    /// QB-05: the class a first card sets, over the distinct energy values of the deck.
    pub fn of(first: Card, deck: &[Card]) -> GhostClass {
        let mut values: Vec<u8> = deck
            .iter()
            .filter_map(|c| match c {
                Card::Energy(v) => Some(*v),
                _ => None,
            })
            .collect();
        values.sort_unstable();
        values.dedup();
        let v = first.value();
        let n = values.len();
        if n >= 2 && v >= values[n - 2] {
            GhostClass::Offensive
        } else if n >= 2 && v <= values[1] {
            GhostClass::Random
        } else {
            GhostClass::Steady
        }
    }

    /// How many cards of its hand the ghost reads.
    pub fn cards(self) -> usize {
        match self {
            GhostClass::Offensive => 2,
            GhostClass::Random => 1,
            GhostClass::Steady => 3,
        }
    }

    /// The card it plays of those it read (never empty).
    pub fn pick(self, read: &[Card]) -> Card {
        let mut sorted = read.to_vec();
        sorted.sort_by_key(|c| (c.value(), !c.is_exhaustion()));
        match (self, sorted.len()) {
            (GhostClass::Random, _) => read[0],
            (GhostClass::Steady, 3) => sorted[1],
            _ => *sorted.last().expect("a ghost reads at least one card"),
        }
    }
}

/// How many cards a ghost draws now (HB-011…HB-014): one in its first round, whose card sets
/// its way (QB-06), then the number its way reads. `allowed` is what the race lets any rider
/// draw now (four, two after a fall, HB-028): the ghost's count moves with it, never below one.
pub fn hand_size(class: Option<GhostClass>, allowed: usize) -> usize {
    let own = class.map_or(1, GhostClass::cards);
    (own + allowed).saturating_sub(HAND_SIZE).max(1)
}

impl Stage {
    /// Whether a rider is one of house rules B's ghosts: its seat is one the option `ghosts`
    /// names, under `bots = "ghosts"`, in a road stage (a time trial's bots play its own way)
    /// and not a bot team's (the Peloton and Muscle teams draw their own way, PEL-4, HB-015).
    pub fn rides_as_ghost(&self, rider: RiderIdx) -> bool {
        let o = &self.setup().options;
        o.bots == Bots::Ghosts
            && o.time_trial.is_none()
            && o.time_trial_b.is_none()
            && o.ghosts.contains(self.setup().riders[rider as usize].team)
            && self.rider_bot_team(rider).is_none()
    }
}

/// A turned-up card a bot keeps in an attack search (HB-018): 5 or more is worth an attack.
pub fn keeps_in_search(card: Card) -> bool {
    card.value() >= 5
}

/// The ghosts' policy (HB-011…HB-014).
#[derive(Debug, Clone, Copy, Default)]
pub struct GhostBot;

impl GhostBot {
    /// The class the rider committed to, once it has played a card this stage.
    pub fn class(stage: &Stage, rider: RiderIdx) -> Option<GhostClass> {
        let first = *stage.cards_played(rider).first()?;
        let setup = stage.setup();
        let deck = deck_for(
            setup.riders[rider as usize].kind,
            setup.options.profiles,
            stage.stage_type(),
            0,
        );
        Some(GhostClass::of(first, &deck))
    }
}

impl Policy for GhostBot {
    fn choose(&mut self, stage: &Stage, seat: Seat, options: &[Choice]) -> Choice {
        // A single option is taken as it is (house rules B's Peloton: its draw decides, HB-015).
        if let [only] = options {
            return *only;
        }
        let keep_of = |c: &Choice| match *c {
            Choice::Keep { rider, card } => Some((rider, card)),
            _ => None,
        };
        let Some((rider, _)) = options.iter().find_map(keep_of) else {
            return SensibleBot.choose(stage, seat, options);
        };
        if let Some((_, card)) = stage.attack_search() {
            let turn = options.iter().find(|c| matches!(c, Choice::Turn { .. }));
            return match turn {
                Some(t) if !keeps_in_search(card) => *t,
                _ => Choice::Keep { rider, card },
            };
        }
        let hand = stage.hand(rider);
        let card = match (hand.first(), Self::class(stage, rider)) {
            // The supply's exhaustion card, the only option.
            (None, _) => return options[0],
            // HB-011 / QB-06: the first card is played as it comes.
            (Some(&first), None) => first,
            (Some(_), Some(class)) => class.pick(&hand[..class.cards().min(hand.len())]),
        };
        Choice::Keep { rider, card }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::{CourseSpec, Pos};
    use crate::game::Ruleset;
    use crate::game::Seat;
    use crate::games::card_race::cards::{Profiles, RiderKind, starting_deck};
    use crate::games::card_race::events::Event;
    use crate::games::card_race::house_b::testing::flat;
    use crate::games::card_race::setup::{Hands, Options, RiderSetup, Seats, StageSetup};
    use std::sync::Arc;

    fn e(v: u8) -> Card {
        Card::Energy(v)
    }

    /// A house-B rouleur deck (3 to 7, three of each) stacked so that `top` comes off first, in
    /// that order.
    fn stacked_deck(top: &[Card]) -> Vec<Card> {
        let mut rest = starting_deck(RiderKind::Rouleur, Profiles::HouseB, 0);
        for card in top {
            let i = rest
                .iter()
                .position(|c| c == card)
                .expect("a card of the deck");
            rest.remove(i);
        }
        rest.extend(top.iter().rev());
        rest
    }

    /// R0, a ghost rouleur on seat 0, and R1, a rouleur its director rides on seat 1, side by
    /// side; both decks stacked with `top` first.
    fn ghost_and_rider(top: &[Card]) -> Stage {
        let setup = StageSetup {
            course: Arc::new(
                CourseSpec {
                    segments: flat(30),
                    ..Default::default()
                }
                .build()
                .unwrap(),
            ),
            teams: vec!["Ghosts".into(), "Directed".into()],
            riders: (0..2u8)
                .map(|i| RiderSetup {
                    id: format!("R{i}"),
                    team: i,
                    kind: RiderKind::Rouleur,
                    start: Pos::new(3, i),
                    carried_exhaustion: 0,
                })
                .collect(),
            options: Options {
                hands: Hands::Deal,
                profiles: Profiles::HouseB,
                bots: Bots::Ghosts,
                ghosts: [0].into_iter().collect::<Seats>(),
                ..Options::default()
            },
        };
        let mut s = Stage::new(setup, 1).unwrap();
        for r in &mut s.riders {
            r.deck = stacked_deck(top);
        }
        s
    }

    /// One round: each rider draws; the ghost plays as its policy says, R1 keeps its first card.
    /// The hands drawn, in rider order.
    fn play_round(s: &mut Stage) -> Vec<Vec<Card>> {
        let mut hands = Vec::new();
        for seat in 0..2u8 {
            let events = s.apply(seat, &Choice::Draw { rider: seat }).unwrap();
            hands.extend(events.iter().filter_map(|e| match e {
                Event::HandDrawn { cards, .. } => Some(cards.to_vec()),
                _ => None,
            }));
        }
        let options = s.legal_choices(0);
        let ghost = GhostBot.choose(s, 0, &options);
        s.apply(0, &ghost).unwrap();
        let first = s.hand(1)[0];
        s.apply(
            1,
            &Choice::Keep {
                rider: 1,
                card: first,
            },
        )
        .unwrap();
        hands
    }

    /// The draw pile's size and the energy cards in the recycle pile, sorted (the exhaustion
    /// cards the end phase deals go there too, and are left out).
    fn piles(s: &Stage, rider: RiderIdx) -> (usize, Vec<Card>) {
        let (deck, _, recycle, _) = s.piles(rider);
        let mut energy: Vec<Card> = recycle
            .iter()
            .copied()
            .filter(|c| !c.is_exhaustion())
            .collect();
        energy.sort();
        (deck.len(), energy)
    }

    /// Two rounds of a ghost whose first card is `first`, then `next` on top of its deck: the
    /// hands it drew, its card of round 2, its draw pile and the energy of its recycle pile;
    /// and R1's piles, a rider who draws four each round.
    fn two_rounds(first: Card, next: &[Card]) -> (Vec<Vec<Card>>, Card, (usize, Vec<Card>)) {
        let mut top = vec![first];
        top.extend(next);
        let mut s = ghost_and_rider(&top);
        let mut hands = Vec::new();
        for _ in 0..2 {
            hands.push(play_round(&mut s).remove(0));
        }
        // R1, no ghost, drew four twice and kept one each time: 7 left, 6 recycled.
        assert_eq!(piles(&s, 1).0, 15 - 8);
        assert_eq!(piles(&s, 1).1.len(), 6);
        let played = s.cards_played(0)[1];
        (hands, played, piles(&s, 0))
    }

    /// HB-011, QB-06: a ghost's first round is one card, played as it comes; it sets the way.
    #[test]
    fn hb_011_qb_06_a_ghost_draws_one_card_in_its_first_round_and_plays_it() {
        let mut s = ghost_and_rider(&[e(7), e(3), e(6)]);
        let hands = play_round(&mut s);
        assert_eq!(hands[0], [e(7)], "one card");
        assert_eq!(hands[1].len(), 4, "a directed rider draws four");
        assert_eq!(hands[1][..3], [e(7), e(3), e(6)]);
        assert_eq!(s.cards_played(0), [e(7)]);
        assert_eq!(piles(&s, 0), (14, vec![]), "nothing left to recycle");
    }

    /// HB-012 (seed 004, FANTÔMES, "Offensif"): first card one of the deck's two strongest (7),
    /// so each round it draws two cards and plays the stronger. Drawing 3 and 6, it plays the 6;
    /// the 3 goes to its recycle pile, and its draw pile has given 1 + 2 cards of 15.
    #[test]
    fn hb_012_an_offensive_ghost_draws_two_and_plays_the_stronger() {
        let (hands, played, (deck, recycled)) = two_rounds(e(7), &[e(3), e(6), e(5), e(4)]);
        assert_eq!(hands, [vec![e(7)], vec![e(3), e(6)]]);
        assert_eq!(played, e(6));
        assert_eq!((deck, recycled), (12, vec![e(3)]));
    }

    /// HB-013 (seed 004, FANTÔMES, "Aléatoire"): first card one of the deck's two weakest (3),
    /// so each round it draws one card and plays it. Its 6 is played; nothing is recycled, and
    /// its draw pile has given 1 + 1 cards of 15.
    #[test]
    fn hb_013_a_random_ghost_draws_one_and_plays_it() {
        let (hands, played, (deck, recycled)) = two_rounds(e(3), &[e(6), e(7), e(5), e(4)]);
        assert_eq!(hands, [vec![e(3)], vec![e(6)]]);
        assert_eq!(played, e(6));
        assert_eq!((deck, recycled), (13, vec![]));
    }

    /// HB-014 (seed 004, FANTÔMES, "Régulier"): first card a middle value (5), so each round it
    /// draws three cards and plays the middle value. Drawing 3, 7, 4 it plays the 4; the 3 and
    /// the 7 are recycled, and its draw pile has given 1 + 3 cards of 15.
    #[test]
    fn hb_014_a_steady_ghost_draws_three_and_plays_the_middle_value() {
        let (hands, played, (deck, recycled)) = two_rounds(e(5), &[e(3), e(7), e(4), e(6)]);
        assert_eq!(hands, [vec![e(5)], vec![e(3), e(7), e(4)]]);
        assert_eq!(played, e(4));
        assert_eq!((deck, recycled), (11, vec![e(3), e(7)]));
        // A pair among the three is the middle value: 3, 3, 7 plays a 3.
        let (hands, played, (deck, recycled)) = two_rounds(e(5), &[e(3), e(7), e(3), e(6)]);
        assert_eq!(hands[1], [e(3), e(7), e(3)]);
        assert_eq!(played, e(3));
        assert_eq!((deck, recycled), (11, vec![e(3), e(7)]));
    }

    /// The option `ghosts` names seats of the stage, under the ghosts' rules; anything else is
    /// refused with a sentence that says what to change.
    #[test]
    fn the_ghosts_option_names_seats_of_the_stage_under_the_ghosts_rules() {
        use crate::games::card_race::SetupError;
        let seats: Seats = serde_json::from_value(serde_json::json!([2, 0])).unwrap();
        assert_eq!(seats.iter().collect::<Vec<_>>(), [0, 2]);
        assert!(seats.contains(2) && !seats.contains(1) && !seats.contains(200));
        assert!(!Seats::from_iter(0..=63).contains(64), "seats stop at 63");
        assert_eq!(Seats::from_iter([1, 64, 1]).iter().collect::<Vec<_>>(), [1]);
        assert_eq!(
            serde_json::to_value(seats).unwrap(),
            serde_json::json!([0, 2])
        );
        let wide = serde_json::from_value::<Seats>(serde_json::json!([64])).unwrap_err();
        assert!(wide.to_string().contains("from 0 to 63"), "{wide}");
        assert!(Seats::default().is_empty() && !seats.is_empty());
        let setup = |bots: Bots, ghosts: &[Seat]| {
            let mut s = ghost_and_rider(&[]).setup().clone();
            s.options.bots = bots;
            s.options.ghosts = ghosts.iter().copied().collect();
            Stage::new(s, 1).map(|_| ())
        };
        assert_eq!(setup(Bots::Ghosts, &[1]), Ok(()));
        let e = setup(Bots::Sensible, &[1]).unwrap_err();
        assert_eq!(e, SetupError::GhostsWithoutGhostBots);
        assert!(e.to_string().contains("bots = \"ghosts\""), "{e}");
        let e = setup(Bots::Ghosts, &[2]).unwrap_err();
        assert_eq!(e, SetupError::GhostSeat { seat: 2, teams: 2 });
        assert!(e.to_string().contains("from 0 to 1"), "{e}");
        // A ghost's seat in a time trial plays the trial's bot, and draws like anyone; the
        // Peloton's seat draws the Peloton's way (PEL-4).
        let mut s = ghost_and_rider(&[]);
        assert!(s.rides_as_ghost(0) && !s.rides_as_ghost(1));
        let mut peloton = s.setup().clone();
        peloton.options.peloton_team = Some(0);
        assert!(!Stage::new(peloton, 1).unwrap().rides_as_ghost(0));
        let mut trial = s.setup().clone();
        trial.options.time_trial_b = Some(super::super::time_trial::TimeTrialB::Individual);
        s = Stage::new(trial, 1).unwrap();
        assert!(!s.rides_as_ghost(0));
    }

    /// Our ruling (HB-028 on a ghost): a fall's two cards come off the ghost's count, never below
    /// one; a hand the race leaves whole is the way's count.
    #[test]
    fn a_ghosts_hand_moves_with_what_the_race_allows_never_below_one() {
        use GhostClass::*;
        assert_eq!(hand_size(None, 4), 1, "the first round");
        assert_eq!(
            [Offensive, Random, Steady].map(|c| hand_size(Some(c), 4)),
            [2, 1, 3]
        );
        assert_eq!(
            [Offensive, Random, Steady].map(|c| hand_size(Some(c), 2)),
            [1, 1, 1],
            "after a fall"
        );
        assert_eq!(hand_size(Some(Steady), 5), 4, "one card more, as anyone");
        assert_eq!(hand_size(Some(Steady), 3), 2, "one card fewer");
        assert_eq!(hand_size(None, 1), 1);
    }

    #[test]
    fn hb_011_to_hb_014_tv_23_the_first_card_sets_the_class() {
        let rouleur = starting_deck(RiderKind::Rouleur, Profiles::HouseB, 0);
        let sprinter = starting_deck(RiderKind::Sprinteur, Profiles::HouseB, 0);
        use GhostClass::*;
        for (card, class) in [(7, Offensive), (6, Offensive), (3, Random), (4, Random)] {
            assert_eq!(GhostClass::of(e(card), &rouleur), class, "rouleur {card}");
        }
        assert_eq!(GhostClass::of(e(5), &rouleur), Steady);
        for (card, class) in [
            (9, Offensive),
            (6, Offensive),
            (2, Random),
            (3, Random),
            (4, Steady),
        ] {
            assert_eq!(GhostClass::of(e(card), &sprinter), class, "sprinter {card}");
        }
        assert_eq!(GhostClass::of(Card::Exhaustion, &rouleur), Random);
    }

    #[test]
    fn hb_012_to_hb_014_tv_23_what_each_class_plays() {
        use GhostClass::*;
        assert_eq!(Steady.pick(&[e(3), e(5), e(7)]), e(5));
        assert_eq!(Steady.pick(&[e(7), e(3), e(3)]), e(3));
        assert_eq!(Steady.pick(&[e(3), e(7), e(7)]), e(7));
        assert_eq!(
            Steady.pick(&[e(4), e(6)]),
            e(6),
            "two cards left: the higher"
        );
        assert_eq!(Offensive.pick(&[e(3), e(6)]), e(6));
        assert_eq!(Random.pick(&[e(3)]), e(3));
        assert_eq!(
            (Offensive.cards(), Random.cards(), Steady.cards()),
            (2, 1, 3)
        );
    }
}
