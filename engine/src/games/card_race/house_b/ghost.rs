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
//! How many cards a ghost draws: the stage deals every rider's hand the same way (it does not
//! know which seats a bot rides), so a ghost reads the first 1, 2 or 3 cards of its hand, in the
//! order they came off its draw pile: the cards it would have drawn. The cards it does not read
//! are recycled with the rest of the hand, as anybody's. The attack card counts 0 in a ghost's
//! sort; turned up in an attack search, a ghost keeps a card of 5 or more.

use crate::game::Seat;
use crate::games::card_race::bot::{Policy, SensibleBot};
use crate::games::card_race::cards::{Card, deck_for};
use crate::games::card_race::events::RiderIdx;
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
    use crate::games::card_race::cards::{Profiles, RiderKind, starting_deck};

    fn e(v: u8) -> Card {
        Card::Energy(v)
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
