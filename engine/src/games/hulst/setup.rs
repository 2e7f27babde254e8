//! What a Hulst stage is set up from, checked before anything is dealt: the teams, the deck,
//! the cards of the draw for the first player (a scenario's `dice`), the first hands (the
//! `hands` option) and the squares riders are given (a scenario's `start`s). Every refusal is
//! a [`SetupError`] naming the field, the card or the rider and square, and what is allowed.

use super::board::Board;
use super::events::Spot;
use super::tables::{CARDS_PER_RIDER, MAX_TEAMS, MIN_TEAMS, TEAM_SIZE};
use crate::course::Pos;
use crate::registry::StartError;

/// Why a stage cannot be set up as given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("Le Tour de France is raced by {MIN_TEAMS} to {MAX_TEAMS} teams, not {0}")]
    Teams(usize),
    #[error("team '{team}' has {count} riders: every team races exactly {TEAM_SIZE}")]
    TeamSize { team: String, count: usize },
    /// The deck of `deck.values` (its own sentence, which names the key).
    #[error("{0}")]
    Deck(String),
    #[error("deck.values: {cards} cards cannot deal {per_team} a team to {teams} teams")]
    DeckTooSmall {
        cards: usize,
        per_team: usize,
        teams: usize,
    },
    /// HT-007: a card of the draw for the first player the deck does not hold.
    #[error(
        "dice: card {place} of the draw for the first player is {card}, but the deck holds only {values}: give cards the deck holds"
    )]
    DrawCard {
        place: usize,
        card: u8,
        values: String,
    },
    /// The riders start on the road: there is no placement round for a first player to open.
    #[error(
        "dice: riders given squares on the road skip the placement round, so nobody draws for the first player: leave dice out"
    )]
    DrawUnused,
    #[error("hands: {given} hands for {teams} teams: give one a team, in seat order, or none")]
    HandsCount { given: usize, teams: usize },
    /// A first hand's card the deck does not hold at all.
    #[error("hands[{index}] ({team}): the deck holds no card of {card}; it holds only {values}")]
    HandCard {
        index: usize,
        team: String,
        card: u8,
        values: String,
    },
    /// More cards of a value in the first hands than the deck holds.
    #[error("hands: the hands hold {asked} cards of {card}, but the deck has {held}")]
    HandTooMany { card: u8, asked: usize, held: usize },
    #[error(
        "hands: the hands given leave {left} cards in the deck, too few to deal {needed} to team '{team}'"
    )]
    DealShort {
        left: usize,
        needed: usize,
        team: String,
    },
    #[error("give a start to every rider or to none (all then wait in the start area)")]
    MixedStarts,
    /// A start that is no square of the board.
    #[error(
        "rider '{rider}': there is no square {square} on this board (row 0 the start area, rows 1 to {last}, lanes from 0)"
    )]
    NoSquare {
        rider: String,
        square: String,
        last: u16,
    },
    /// A start on the run-out: a rider there has finished.
    #[error(
        "rider '{rider}': square {square} lies past the line, where riders have finished: give a square of rows 1 to {line}, or row 0 (the start area)"
    )]
    PastLine {
        rider: String,
        square: String,
        line: u16,
    },
    /// HT-014: one rider a square.
    #[error("rider '{rider}': square {square} is already given to '{other}': one rider a square")]
    Taken {
        rider: String,
        square: String,
        other: String,
    },
    /// HT-075: a team time trial's teams leave the start area one round apart.
    #[error(
        "rider '{rider}': a team time trial starts every team from the start area, one round after the other (HT-075): give no square on the road ({square})"
    )]
    TimeTrialStart { rider: String, square: String },
}

impl SetupError {
    /// The rider the refusal is about, and what is wrong with his square.
    fn rider(&self) -> Option<(String, String)> {
        let message = self.to_string();
        let rider = match self {
            SetupError::NoSquare { rider, .. }
            | SetupError::PastLine { rider, .. }
            | SetupError::Taken { rider, .. }
            | SetupError::TimeTrialStart { rider, .. } => rider,
            _ => return None,
        };
        let prefix = format!("rider '{rider}': ");
        let message = message
            .strip_prefix(&prefix)
            .unwrap_or(&message)
            .to_string();
        Some((rider.clone(), message))
    }
}

/// As the registry says why a stage cannot start: a rider's square, an option (the deck, the
/// first hands), or the rules (teams, the draw).
impl From<SetupError> for StartError {
    fn from(e: SetupError) -> StartError {
        if let Some((rider, message)) = e.rider() {
            return StartError::Rider { rider, message };
        }
        match e {
            SetupError::MixedStarts => StartError::MixedStarts,
            SetupError::Deck(_)
            | SetupError::DeckTooSmall { .. }
            | SetupError::HandsCount { .. }
            | SetupError::HandCard { .. }
            | SetupError::HandTooMany { .. }
            | SetupError::DealShort { .. } => StartError::Options {
                ruleset: super::ID,
                message: e.to_string(),
            },
            _ => StartError::Rules(e.to_string()),
        }
    }
}

/// The values a deck holds, lowest first, as a refusal names them: a run "3 to 10", or a list
/// "3, 5, 9" where values are missing.
pub fn values_text(deck: &[u8]) -> String {
    let mut v = deck.to_vec();
    v.sort_unstable();
    v.dedup();
    match (v.first(), v.last()) {
        (Some(&lo), Some(&hi)) if v.len() > 2 && usize::from(hi - lo) + 1 == v.len() => {
            format!("{lo} to {hi}")
        }
        _ => v.iter().map(u8::to_string).collect::<Vec<_>>().join(", "),
    }
}

/// HT-007: every card given for the draw for the first player is a card of the deck (the draw
/// puts each back, so only the value counts).
pub fn check_draw(deck: &[u8], given: &[u8]) -> Result<(), SetupError> {
    match given.iter().position(|c| !deck.contains(c)) {
        Some(i) => Err(SetupError::DrawCard {
            place: i + 1,
            card: given[i],
            values: values_text(deck),
        }),
        None => Ok(()),
    }
}

/// HT-008: the first hands given are cards of the deck, never more of a value than it holds
/// (the hands are dealt from it), and they leave enough for the teams dealt from the seed.
/// `hands[t]` empty: team `t` is dealt from the seed.
pub fn check_hands(deck: &[u8], hands: &[Vec<u8>], teams: &[String]) -> Result<(), SetupError> {
    if hands.len() > teams.len() {
        return Err(SetupError::HandsCount {
            given: hands.len(),
            teams: teams.len(),
        });
    }
    for (index, hand) in hands.iter().enumerate() {
        if let Some(&card) = hand.iter().find(|c| !deck.contains(c)) {
            return Err(SetupError::HandCard {
                index,
                team: teams[index].clone(),
                card,
                values: values_text(deck),
            });
        }
    }
    let given: Vec<u8> = hands.iter().flatten().copied().collect();
    let mut values = given.clone();
    values.sort_unstable();
    values.dedup();
    for card in values {
        let asked = given.iter().filter(|&&c| c == card).count();
        let held = deck.iter().filter(|&&c| c == card).count();
        if asked > held {
            return Err(SetupError::HandTooMany { card, asked, held });
        }
    }
    let needed = TEAM_SIZE * CARDS_PER_RIDER;
    let mut left = deck.len() - given.len();
    for (t, team) in teams.iter().enumerate() {
        if hands.get(t).is_some_and(|h| !h.is_empty()) {
            continue;
        }
        if left < needed {
            return Err(SetupError::DealShort {
                left,
                needed,
                team: team.clone(),
            });
        }
        left -= needed;
    }
    Ok(())
}

/// Where each rider starts: the start area when no start is given (G-04), else the square
/// given, named as the board names its squares ("row/lane", row 1 the first square after the
/// start area, row 0 the start area itself). A square must exist and lie before the line, and
/// hold one rider only (HT-014); the start area holds any number (G-04). A team time trial
/// leaves the start area one team a round (HT-075), so its riders are given no road square.
pub fn starts(
    board: &Board,
    names: &[String],
    given: &[Option<Pos>],
    team_time_trial: bool,
) -> Result<Vec<Spot>, SetupError> {
    let count = given.iter().filter(|g| g.is_some()).count();
    if count == 0 {
        return Ok(vec![Spot::Start; names.len()]);
    }
    if count != given.len() {
        return Err(SetupError::MixedStarts);
    }
    let mut spots: Vec<Spot> = Vec::with_capacity(given.len());
    for (r, p) in given.iter().flatten().enumerate() {
        let square = Board::name_of(*p);
        let rider = names[r].clone();
        if p.row == 0 && p.lane < board.width(0) {
            spots.push(Spot::Start);
            continue;
        }
        if !board.exists(*p) {
            return Err(SetupError::NoSquare {
                rider,
                square,
                last: board.last_row(),
            });
        }
        if board.past_line(p.row) {
            return Err(SetupError::PastLine {
                rider,
                square,
                line: board.line(),
            });
        }
        if team_time_trial {
            return Err(SetupError::TimeTrialStart { rider, square });
        }
        let spot = Spot::Road { pos: *p };
        if let Some(other) = spots.iter().position(|s| *s == spot) {
            return Err(SetupError::Taken {
                rider,
                square,
                other: names[other].clone(),
            });
        }
        spots.push(spot);
    }
    Ok(spots)
}
