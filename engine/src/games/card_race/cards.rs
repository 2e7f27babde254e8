//! Cards and the decks they come in: the rules tables of the card race, in one place.

use super::house_a::{self, Profile, StageType};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// One card: an energy card of a printed value, or an exhaustion card (worth 2), or house rules
/// B's attack card (HB-016), which has no value of its own: played, it sends its rider searching
/// its draw pile for the card it rides by (HB-017…HB-019, [`super::house_b::attack`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Card {
    Energy(u8),
    Exhaustion,
    Attack,
    /// The Peloton bot team's split attack card "9/2" (PEL-4, HA-003): one Peloton rider moves
    /// 9, the other 2 (`house_a::peloton`). Not house rules B's attack card.
    SplitAttack,
}

impl Card {
    /// The value the card moves (an exhaustion card moves 2). The attack card never moves a
    /// rider itself (the card its search keeps does): 0 (QB-08).
    pub fn value(self) -> u8 {
        match self {
            Card::Energy(v) => v,
            Card::Exhaustion => EXHAUSTION_VALUE,
            Card::Attack => 0,
            // What it moves the rider behind (QA-02); the rider in front moves 2.
            Card::SplitAttack => ATTACK_VALUE,
        }
    }
    pub fn is_attack(self) -> bool {
        self == Card::Attack
    }
    pub fn is_exhaustion(self) -> bool {
        self == Card::Exhaustion
    }
    /// The card as one number that orders as cards do (energy cards by value, then the
    /// exhaustion, attack and split attack cards): hot loops sort and compare these rather than
    /// the enum, whose comparisons branch on the kind of card first.
    pub(crate) fn rank(self) -> u16 {
        match self {
            Card::Energy(v) => v as u16,
            Card::Exhaustion => 256,
            Card::Attack => 257,
            Card::SplitAttack => 258,
        }
    }

    /// The card of a [`Card::rank`].
    pub(crate) fn from_rank(rank: u16) -> Card {
        match rank {
            256 => Card::Exhaustion,
            257 => Card::Attack,
            258 => Card::SplitAttack,
            v => Card::Energy(v as u8),
        }
    }

    /// Parses "2" to "9", "E", "A" (house rules B's attack card) or "9/2" (the Peloton's).
    pub fn parse(text: &str) -> Option<Card> {
        match text.trim() {
            "E" | "e" => Some(Card::Exhaustion),
            "A" | "a" => Some(Card::Attack),
            "9/2" => Some(Card::SplitAttack),
            t => t
                .parse::<u8>()
                .ok()
                .filter(|v| (2..=9).contains(v))
                .map(Card::Energy),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Energy(v) => write!(f, "{v}"),
            Card::Exhaustion => f.write_str("E"),
            Card::Attack => f.write_str("A"),
            Card::SplitAttack => f.write_str("9/2"),
        }
    }
}

/// Serialised as the number, or `"E"` for an exhaustion card, as in scenario files.
impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Card::Energy(v) => s.serialize_u8(*v),
            Card::Exhaustion => s.serialize_str("E"),
            Card::Attack => s.serialize_str("A"),
            Card::SplitAttack => s.serialize_str("9/2"),
        }
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Num(i64),
            Text(String),
        }
        let bad = |what: String| {
            serde::de::Error::custom(format!(
                "{what} is not a card: use a value from 2 to 9, \"E\" for an exhaustion card, \"A\" for an attack card or \"9/2\" for the Peloton's"
            ))
        };
        match Raw::deserialize(d)? {
            Raw::Num(n) if (2..=9).contains(&n) => Ok(Card::Energy(n as u8)),
            Raw::Num(n) => Err(bad(n.to_string())),
            Raw::Text(t) => Card::parse(&t).ok_or_else(|| bad(format!("\"{t}\""))),
        }
    }
}

/// What an exhaustion card moves (base game).
pub const EXHAUSTION_VALUE: u8 = 2;
/// What the Peloton's attack card moves the rider behind (PEL-4, QA-02).
pub const ATTACK_VALUE: u8 = 9;
/// Cards drawn in each energy phase (FR-2).
pub const HAND_SIZE: usize = 4;
/// Every value a card may have, for hands dealt freely (scenarios).
pub const FREE_CARDS: [Card; 9] = [
    Card::Energy(2),
    Card::Energy(3),
    Card::Energy(4),
    Card::Energy(5),
    Card::Energy(6),
    Card::Energy(7),
    Card::Energy(8),
    Card::Energy(9),
    Card::Exhaustion,
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RiderKind {
    Rouleur,
    #[serde(alias = "sprinter")]
    Sprinteur,
    Grimpeur,
    /// House rules A's baroudeur/puncheur (Table A1).
    #[serde(alias = "baroudeur-puncheur")]
    Puncheur,
    /// House rules A.
    Polyvalent,
    /// House rules A.
    Domestique,
    /// House rules A's specialist: sprinteur, baroudeur or grimpeur by the stage type (HA-023).
    #[serde(alias = "specialiste")]
    Specialist,
}

impl RiderKind {
    /// The letter on the rider's token.
    pub fn letter(self) -> char {
        match self {
            RiderKind::Rouleur => 'R',
            RiderKind::Sprinteur => 'S',
            RiderKind::Grimpeur => 'G',
            RiderKind::Puncheur => 'P',
            RiderKind::Polyvalent => 'V',
            RiderKind::Domestique => 'D',
            RiderKind::Specialist => 'C',
        }
    }

    /// A profile only house rules A has: it rides A's deck whatever the stage's profile set.
    pub fn house_a_only(self) -> bool {
        matches!(
            self,
            RiderKind::Puncheur
                | RiderKind::Polyvalent
                | RiderKind::Domestique
                | RiderKind::Specialist
        )
    }

    /// The rider's name in a roster ("Rouleur", "Specialist").
    pub fn label(self) -> &'static str {
        match self {
            RiderKind::Rouleur => "Rouleur",
            RiderKind::Sprinteur => "Sprinteur",
            RiderKind::Grimpeur => "Grimpeur",
            RiderKind::Puncheur => "Puncheur",
            RiderKind::Polyvalent => "Polyvalent",
            RiderKind::Domestique => "Domestique",
            RiderKind::Specialist => "Specialist",
        }
    }
}

/// How riders are named (option `rider_names`): by their profile, or by house rules B's
/// grand-tour names (seed 004, PROFILS DE COUREUR – Noms; HB-010, C-23): the rouleur is the
/// team's leader, the sprinter its baroudeur, the grimpeur its équipier. Names only: each rider
/// keeps its profile's deck and rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RiderNames {
    #[default]
    Profiles,
    HouseB,
}

impl RiderNames {
    /// The rider's name in a roster.
    pub fn label(self, kind: RiderKind) -> &'static str {
        match (self, kind) {
            (RiderNames::HouseB, RiderKind::Rouleur) => "Leader",
            (RiderNames::HouseB, RiderKind::Sprinteur) => "Baroudeur",
            (RiderNames::HouseB, RiderKind::Grimpeur) => "Équipier",
            (_, kind) => kind.label(),
        }
    }

    /// The letter on the rider's token, after its team's initial: the name's first.
    pub fn letter(self, kind: RiderKind) -> char {
        match self {
            RiderNames::HouseB => self.label(kind).chars().next().unwrap_or('?'),
            RiderNames::Profiles => kind.letter(),
        }
    }
}

/// Which set of rider profiles the stage uses (option `profiles`, conformance table 5.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Profiles {
    #[default]
    Base,
    /// House rules A (seed 001, Table A1): see [`super::house_a::profiles`].
    HouseA,
    HouseB,
}

/// The five distinct values of a base or house-B deck; each comes three times (FR-1, HB-007,
/// HB-008). `None` where house rules A's Table A1 gives the deck (profiles `house-a`, and the
/// profiles only A has).
///
/// Sources: base rouleur and sprinteur decks as given in the engine issue (FR-1); house rules B
/// (seed 004), PROFILS DE COUREUR: the sprinter's 5s become 6s, and the grimpeur
/// rides 7, 6, 4, 3, 2 (table B1). The grimpeur has no base deck; it rides B's.
pub fn deck_values(kind: RiderKind, profiles: Profiles) -> Option<[u8; 5]> {
    if profiles == Profiles::HouseA || kind.house_a_only() {
        return None;
    }
    Some(match (kind, profiles) {
        (RiderKind::Sprinteur, Profiles::Base) => [2, 3, 4, 5, 9],
        (RiderKind::Sprinteur, _) => [2, 3, 4, 6, 9],
        (RiderKind::Grimpeur, _) => [2, 3, 4, 6, 7],
        _ => [3, 4, 5, 6, 7],
    })
}

pub const COPIES_PER_VALUE: usize = 3;

/// The full starting deck, unshuffled, plus any exhaustion cards carried into the stage, for
/// a stage of the given type (only house rules A's specialist reads it, HA-023).
pub fn deck_for(
    kind: RiderKind,
    profiles: Profiles,
    stage: StageType,
    carried_exhaustion: u16,
) -> Vec<Card> {
    let Some(values) = deck_values(kind, profiles) else {
        return house_a::profiles::starting_deck(Profile::of(kind, stage), carried_exhaustion);
    };
    let mut deck = Vec::with_capacity(15 + carried_exhaustion as usize);
    for v in values {
        deck.extend(std::iter::repeat_n(Card::Energy(v), COPIES_PER_VALUE));
    }
    deck.extend(std::iter::repeat_n(
        Card::Exhaustion,
        carried_exhaustion as usize,
    ));
    deck
}

/// [`deck_for`] a flat stage: the deck of every kind but house rules A's specialist.
pub fn starting_deck(kind: RiderKind, profiles: Profiles, carried_exhaustion: u16) -> Vec<Card> {
    deck_for(kind, profiles, StageType::Flat, carried_exhaustion)
}

/// HB-009 / QB-04: the grimpeur's 7s ignore the uphill cap and the climb-ahead cut.
pub fn uncapped_on_climbs(kind: RiderKind, card: Card) -> bool {
    kind == RiderKind::Grimpeur && card == Card::Energy(7)
}

/// Whether a card of this rider ignores the uphill cap and the climb-ahead cut: house rules A's
/// profiles where Table A1 gives the deck (HA-004, HA-005, HA-028), else HB-009.
pub fn uncapped_in(kind: RiderKind, profiles: Profiles, stage: StageType, card: Card) -> bool {
    match deck_values(kind, profiles) {
        None => Profile::of(kind, stage).uncapped(card),
        Some(_) => uncapped_on_climbs(kind, card),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sorting by rank is sorting the cards, and a rank gives its card back.
    #[test]
    fn a_rank_orders_as_its_card_and_gives_it_back() {
        let mut cards: Vec<Card> = (0..=255u8).map(Card::Energy).collect();
        cards.extend([Card::Exhaustion, Card::Attack, Card::SplitAttack]);
        for a in &cards {
            assert_eq!(Card::from_rank(a.rank()), *a);
            for b in &cards {
                assert_eq!(a.rank().cmp(&b.rank()), a.cmp(b), "{a:?} against {b:?}");
            }
        }
    }

    fn total(kind: RiderKind, p: Profiles) -> u32 {
        starting_deck(kind, p, 0)
            .iter()
            .map(|c| c.value() as u32)
            .sum()
    }

    /// TV-01: deck totals.
    #[test]
    fn fr_1_hb_007_hb_008_deck_totals() {
        assert_eq!(total(RiderKind::Rouleur, Profiles::Base), 75);
        assert_eq!(total(RiderKind::Sprinteur, Profiles::Base), 69);
        assert_eq!(total(RiderKind::Sprinteur, Profiles::HouseB), 72);
        assert_eq!(total(RiderKind::Grimpeur, Profiles::HouseB), 66);
        assert_eq!(
            starting_deck(RiderKind::Rouleur, Profiles::Base, 2).len(),
            17
        );
    }

    #[test]
    fn cards_read_and_write_as_in_scenarios() {
        assert_eq!(serde_json::to_string(&Card::Energy(9)).unwrap(), "9");
        assert_eq!(serde_json::to_string(&Card::Exhaustion).unwrap(), "\"E\"");
        assert_eq!(
            serde_json::from_str::<Card>("\"E\"").unwrap(),
            Card::Exhaustion
        );
        assert_eq!(serde_json::from_str::<Card>("5").unwrap(), Card::Energy(5));
        let e = serde_json::from_str::<Card>("10").unwrap_err().to_string();
        assert!(e.contains("from 2 to 9"), "{e}");
        assert!(serde_json::from_str::<Card>("\"X\"").is_err());
    }
}
