//! Hulst's tables, one place each. The seed (`003_f0f0fe26d238c817.txt`) gives the counts but
//! not the values of its decks: the defaults below are our rulings (G-01, G-02), which a tour's
//! options replace (`deck`, `chance`) once someone has the real cards.

use serde::{Deserialize, Serialize};

/// Riders a team races (DOEL VAN HET SPEL / BUT DU JEU: three riders a team; HT-003).
pub const TEAM_SIZE: usize = 3;
/// Teams at the table (header, Spelers / Joueurs: 2 to 4 players; HT-002).
pub const MIN_TEAMS: usize = 2;
pub const MAX_TEAMS: usize = 4;
/// Cards dealt per rider (VOORBEREIDING / PREPARATION: five cards per rider; HT-008, HT-009).
pub const CARDS_PER_RIDER: usize = 5;
/// Cards given up on a swap square (WISSELVAKJES / CASES ECHANGE: three; HT-023).
pub const SWAP_CARDS: usize = 3;
/// Seconds added for every round after the first finishing round (EINDE VAN EEN ETAPPE /
/// FIN D'UNE ETAPE: ten seconds a round; HT-054).
pub const ROUND_SECONDS: u32 = 10;
/// Squares the passing principle leaves the next rider (PASSEERPRINCIPLE / REGLE DE
/// DEPASSEMENT: room for a card of 4, uphill a card of 6, i.e. three squares; HT-046, G-22).
pub const ROOM_FLAT: u8 = 4;
pub const ROOM_UPHILL: u8 = 3;
/// A seconde card of the book (SPEL MATERIAAL: 112 cards; HT-001).
pub const DECK_SIZE: usize = 112;
/// Chance cards in the box (SPEL MATERIAAL: 32; HT-001).
pub const CHANCE_SIZE: usize = 32;

/// G-01 (`deck.values`): our default seconde deck, 14 cards of each value 3 to 10 (112 cards):
/// it has the 4 and 6 the passing principle names, a 3 still moves a square uphill, and with a
/// top card of 10 no later-round finisher beats an earlier one (HT-054).
pub fn default_deck() -> Vec<(u8, u8)> {
    (3..=10).map(|v| (v, 14)).collect()
}

/// Place points of a stage (PUNTENTELLING / CALCUL DES POINTS: 11 minus the place, never
/// below 0; HT-061, HT-062).
pub fn place_points(place: usize) -> u32 {
    11u32.saturating_sub(place as u32)
}

/// Final bonuses (EINDKLASSEMENT / CLASSEMENT GENERAL; HT-067): the three fastest teams, the
/// owners of the three fastest riders.
pub const TEAM_TIME_BONUS: [u32; 3] = [40, 15, 5];
pub const RIDER_TIME_BONUS: [u32; 3] = [15, 10, 5];
/// Team time trial points (PUNTENTELLING (TTT); HT-079).
pub const TTT_POINTS: [u32; 3] = [18, 12, 6];

/// What a chance card does (G-02: every kind of effect the text names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// Ride on `amount` squares (a chance move: never a crash, HT-026).
    Advance,
    /// Drop back `amount` squares.
    FallBack,
    /// Skip the next turn, still giving up a card (as a crash, HT-036).
    Puncture,
    /// A crash on the rider's number, the rider its causer (HT-027, HT-041).
    CrashHere,
    /// Exchange up to `amount` seconde cards (as a swap square, of the player's choice).
    Exchange,
    /// Kept: `amount` more squares on one later flat or downhill move.
    Keep,
    /// `amount` bonus seconds.
    BonusSeconds,
    Nothing,
}

/// One kind of chance card and how many of it the pile holds (`[[chance]] effect, amount,
/// count`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChanceSpec {
    pub effect: Effect,
    #[serde(default)]
    pub amount: u8,
    pub count: u8,
}

/// A chance card as drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChanceCard {
    pub effect: Effect,
    #[serde(default)]
    pub amount: u8,
}

/// G-02 (`chance`): our placeholder pile of 32 chance cards, to be replaced by the real ones.
pub fn default_chance() -> Vec<ChanceSpec> {
    use Effect::*;
    [
        (Advance, 1, 4),
        (Advance, 2, 4),
        (FallBack, 1, 2),
        (FallBack, 2, 2),
        (Puncture, 0, 3),
        (CrashHere, 0, 2),
        (Exchange, 3, 4),
        (Keep, 2, 3),
        (BonusSeconds, 2, 3),
        (Nothing, 0, 5),
    ]
    .into_iter()
    .map(|(effect, amount, count)| ChanceSpec {
        effect,
        amount,
        count,
    })
    .collect()
}
