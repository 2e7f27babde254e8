//! The ten rider profiles of house rules A and their decks (Table A1, HA-002, HA-003), and who
//! rides climbs without the cap (HA-004, HA-005, HA-028).
//!
//! Source: seed 001, "Règles de différents cyclistes", the deck table and the two lines under it
//! ("Grimpeur : pas de limitation en montée ; Polyvalent : pas de limitation dans les montées
//! avec les cartes 7").

use super::stage_type::StageType;
use crate::games::card_race::cards::{Card, RiderKind};
use serde::{Deserialize, Serialize};

/// A deck of Table A1. The Brain rouleur, sprinteur and grimpeur decks are also the decks of a
/// rouleur, sprinteur or grimpeur that a person directs under house rules A.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Profile {
    Rouleur,
    Sprinteur,
    Grimpeur,
    /// "Baroudeur/Puncheur": the only deck with 8s.
    Puncheur,
    Polyvalent,
    Domestique,
    /// The Peloton bot team's deck, with its two split "9/2" attack cards (HA-003).
    Peloton,
    SpecialistBaroudeur,
    SpecialistSprinteur,
    SpecialistGrimpeur,
}

/// The values of Table A1's columns, highest first (the "9/2" column apart).
const VALUES: [u8; 8] = [9, 8, 7, 6, 5, 4, 3, 2];

/// Table A1 (HA-002, HA-003): how many cards of each value of [`VALUES`] a deck holds, and its
/// split "9/2" cards. Every deck has 15 cards.
const TABLE_A1: [(Profile, [u8; 8], u8); 10] = [
    //                          9  8  7  6  5  4  3  2   9/2
    (Profile::Rouleur, [0, 0, 3, 3, 3, 3, 3, 0], 0),
    (Profile::Sprinteur, [3, 0, 0, 3, 0, 3, 3, 3], 0),
    (Profile::Grimpeur, [0, 0, 3, 3, 3, 0, 3, 3], 0),
    (Profile::Puncheur, [0, 3, 0, 3, 3, 0, 3, 3], 0),
    (Profile::Polyvalent, [1, 0, 2, 2, 3, 2, 2, 3], 0),
    (Profile::Domestique, [0, 0, 0, 3, 3, 3, 3, 3], 0),
    (Profile::Peloton, [0, 0, 3, 3, 3, 2, 2, 0], 2),
    (Profile::SpecialistBaroudeur, [0, 0, 3, 3, 3, 2, 2, 2], 0),
    (Profile::SpecialistSprinteur, [3, 0, 0, 4, 0, 3, 3, 2], 0),
    (Profile::SpecialistGrimpeur, [0, 0, 3, 4, 3, 0, 3, 2], 0),
];

/// What the split card counts for in Table A1's printed totals: (9 + 2) / 2, in halves.
const SPLIT_HALVES: u32 = 11;

/// Which climbs do not cap a rider's cards (HA-004, HA-005, HA-028).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClimbLimit {
    /// Every card capped at 5 on climbs (FR-4).
    Capped,
    /// No card capped (grimpeur, specialist grimpeur).
    NoLimit,
    /// Only the 7s uncapped (polyvalent).
    SevensFree,
}

impl Profile {
    /// A rider's profile under house rules A. The specialist's role follows the stage type
    /// (HA-023): flat → sprinteur, hilly → baroudeur, mountain → grimpeur.
    pub fn of(kind: RiderKind, stage: StageType) -> Profile {
        match kind {
            RiderKind::Rouleur => Profile::Rouleur,
            RiderKind::Sprinteur => Profile::Sprinteur,
            RiderKind::Grimpeur => Profile::Grimpeur,
            RiderKind::Puncheur => Profile::Puncheur,
            RiderKind::Polyvalent => Profile::Polyvalent,
            RiderKind::Domestique => Profile::Domestique,
            RiderKind::Specialist => match stage {
                StageType::Flat => Profile::SpecialistSprinteur,
                StageType::Hilly => Profile::SpecialistBaroudeur,
                StageType::Mountain => Profile::SpecialistGrimpeur,
            },
        }
    }

    fn row(self) -> ([u8; 8], u8) {
        let (_, counts, split) = TABLE_A1
            .iter()
            .find(|(p, _, _)| *p == self)
            .expect("every profile has its row");
        (*counts, *split)
    }

    /// The deck's energy cards, highest first (the Peloton's split cards apart).
    pub fn energy_cards(self) -> Vec<Card> {
        let (counts, _) = self.row();
        let mut cards = Vec::with_capacity(counts.iter().map(|&n| n as usize).sum());
        for (&v, n) in VALUES.iter().zip(counts) {
            cards.extend(std::iter::repeat_n(Card::Energy(v), n as usize));
        }
        cards
    }

    /// The split "9/2" attack cards of the deck (the Peloton's two).
    pub fn split_cards(self) -> u8 {
        self.row().1
    }

    /// Table A1's printed total, doubled so the split card's 5.5 stays whole.
    pub fn printed_total_halves(self) -> u32 {
        let energy: u32 = self.energy_cards().iter().map(|c| c.value() as u32).sum();
        2 * energy + SPLIT_HALVES * self.split_cards() as u32
    }

    /// HA-004, HA-005, HA-028. Ruling QA-03: "no limit" lifts both the cap on a climb and the
    /// cut for a climb ahead (FR-4), for the exempt cards only, and nothing else (the downhill
    /// and supply minimums, the ban on slipstream on climbs stay).
    pub fn climb_limit(self) -> ClimbLimit {
        match self {
            Profile::Grimpeur | Profile::SpecialistGrimpeur => ClimbLimit::NoLimit,
            Profile::Polyvalent => ClimbLimit::SevensFree,
            _ => ClimbLimit::Capped,
        }
    }

    pub fn uncapped(self, card: Card) -> bool {
        match self.climb_limit() {
            ClimbLimit::Capped => false,
            ClimbLimit::NoLimit => true,
            ClimbLimit::SevensFree => card == Card::Energy(7),
        }
    }
}

/// A rider's starting deck under house rules A, unshuffled, with the exhaustion cards it carries.
pub fn starting_deck(profile: Profile, carried_exhaustion: u16) -> Vec<Card> {
    let mut deck = profile.energy_cards();
    deck.reserve_exact(carried_exhaustion as usize);
    deck.extend(std::iter::repeat_n(
        Card::Exhaustion,
        carried_exhaustion as usize,
    ));
    deck
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::card_race::cards::{Profiles, starting_deck as base_deck};

    fn cards(profile: Profile) -> String {
        let texts: Vec<String> = profile
            .energy_cards()
            .iter()
            .map(|c| c.to_string())
            .collect();
        texts.join(" ")
    }

    /// TV-01, the A part: every deck has 15 cards and Table A1's printed total; the split cards
    /// count 5.5 each (HA-003), so the Peloton's 13 ordinary cards add up to 68.
    #[test]
    fn ha_002_ha_003_tv_01_deck_totals() {
        for (profile, total_halves) in [
            (Profile::Rouleur, 150),
            (Profile::Sprinteur, 144),
            (Profile::Grimpeur, 138),
            (Profile::Puncheur, 144),
            (Profile::Polyvalent, 140),
            (Profile::Domestique, 120),
            (Profile::Peloton, 158),
            (Profile::SpecialistBaroudeur, 144),
            (Profile::SpecialistSprinteur, 152),
            (Profile::SpecialistGrimpeur, 146),
        ] {
            let n = profile.energy_cards().len() + profile.split_cards() as usize;
            assert_eq!(n, 15, "{profile:?}");
            assert_eq!(profile.printed_total_halves(), total_halves, "{profile:?}");
        }
        assert_eq!(Profile::Peloton.split_cards(), 2);
        let peloton: u32 = Profile::Peloton
            .energy_cards()
            .iter()
            .map(|c| c.value() as u32)
            .sum();
        assert_eq!(peloton, 68);
    }

    /// Table A1 row by row, as the conformance table writes the multisets; and A's rouleur and
    /// sprinteur are the base rouleur and B's sprinter (C-01), A's grimpeur is not B's (C-02).
    #[test]
    fn ha_002_table_a1_decks() {
        assert_eq!(cards(Profile::Rouleur), "7 7 7 6 6 6 5 5 5 4 4 4 3 3 3");
        assert_eq!(cards(Profile::Sprinteur), "9 9 9 6 6 6 4 4 4 3 3 3 2 2 2");
        assert_eq!(cards(Profile::Grimpeur), "7 7 7 6 6 6 5 5 5 3 3 3 2 2 2");
        assert_eq!(cards(Profile::Puncheur), "8 8 8 6 6 6 5 5 5 3 3 3 2 2 2");
        assert_eq!(cards(Profile::Polyvalent), "9 7 7 6 6 5 5 5 4 4 3 3 2 2 2");
        assert_eq!(cards(Profile::Domestique), "6 6 6 5 5 5 4 4 4 3 3 3 2 2 2");
        assert_eq!(cards(Profile::Peloton), "7 7 7 6 6 6 5 5 5 4 4 3 3");
        assert_eq!(
            cards(Profile::SpecialistBaroudeur),
            "7 7 7 6 6 6 5 5 5 4 4 3 3 2 2"
        );
        assert_eq!(
            cards(Profile::SpecialistSprinteur),
            "9 9 9 6 6 6 6 4 4 4 3 3 3 2 2"
        );
        assert_eq!(
            cards(Profile::SpecialistGrimpeur),
            "7 7 7 6 6 6 6 5 5 5 3 3 3 2 2"
        );
        let sorted = |mut d: Vec<Card>| {
            d.sort();
            d
        };
        assert_eq!(
            sorted(Profile::Rouleur.energy_cards()),
            sorted(base_deck(RiderKind::Rouleur, Profiles::Base, 0))
        );
        assert_eq!(
            sorted(Profile::Sprinteur.energy_cards()),
            sorted(base_deck(RiderKind::Sprinteur, Profiles::HouseB, 0))
        );
        assert_ne!(
            sorted(Profile::Grimpeur.energy_cards()),
            sorted(base_deck(RiderKind::Grimpeur, Profiles::HouseB, 0))
        );
    }

    /// HA-023: the specialist's deck follows the stage type.
    #[test]
    fn ha_023_specialist_role_follows_the_stage_type() {
        for (stage, profile) in [
            (StageType::Flat, Profile::SpecialistSprinteur),
            (StageType::Hilly, Profile::SpecialistBaroudeur),
            (StageType::Mountain, Profile::SpecialistGrimpeur),
        ] {
            assert_eq!(Profile::of(RiderKind::Specialist, stage), profile);
        }
        assert_eq!(
            Profile::of(RiderKind::Rouleur, StageType::Mountain),
            Profile::Rouleur
        );
    }

    #[test]
    fn ha_004_ha_005_ha_028_who_climbs_without_the_cap() {
        for v in [2, 3, 5, 6, 7] {
            assert!(Profile::Grimpeur.uncapped(Card::Energy(v)));
            assert!(Profile::SpecialistGrimpeur.uncapped(Card::Energy(v)));
        }
        assert!(Profile::Polyvalent.uncapped(Card::Energy(7)));
        for v in [9, 6, 5] {
            assert!(!Profile::Polyvalent.uncapped(Card::Energy(v)), "{v}");
        }
        assert!(!Profile::Rouleur.uncapped(Card::Energy(7)));
        assert!(!Profile::Puncheur.uncapped(Card::Energy(8)));
    }
}
