//! Hulst's bots. The sensible one takes the wind, never crashes when it can help it (the
//! legal options already refuse an avoidable crash), keeps its highest card for a sprint line
//! or the finish, gives up its lowest cards; the random one picks any legal option.

use super::events::{Choice, Spot};
use super::options::BotKind;
use super::stage::{Hulst, played};
use crate::game::Seat;

/// Rows before a sprint line or the finish where the bot plays its high cards.
const SPRINT_REACH: u16 = 12;

/// The bot's pick among `options`. A move is two decisions (the card, then its square): the
/// bot weighs the whole moves of [`Hulst::moves`], then takes the option that leads to its
/// pick; it never goes back from the squares to the cards.
pub fn choose(stage: &Hulst, seat: Seat, options: &[Choice]) -> Choice {
    let forward: Vec<Choice> = options
        .iter()
        .filter(|c| !matches!(c, Choice::Back))
        .cloned()
        .collect();
    let options = if forward.is_empty() {
        options
    } else {
        &forward[..]
    };
    if !options.iter().any(|c| matches!(c, Choice::Card { .. })) {
        return pick(stage, seat, options);
    }
    let moves = stage.moves(seat);
    let whole = pick(stage, seat, &moves);
    let (rider, card) = played(&whole);
    options
        .iter()
        .find(|&o| *o == whole || *o == Choice::Card { rider, card })
        .cloned()
        .unwrap_or_else(|| pick(stage, seat, options))
}

fn pick(stage: &Hulst, seat: Seat, options: &[Choice]) -> Choice {
    match stage.options.bot {
        BotKind::Random => stage.random_pick(options),
        BotKind::Sensible => sensible(stage, seat, options),
    }
}

pub fn sensible(stage: &Hulst, seat: Seat, options: &[Choice]) -> Choice {
    let hand = &stage.hands[seat as usize];
    let top = hand.iter().copied().max().unwrap_or(0);
    let score = |c: &Choice| -> i64 {
        match c {
            Choice::Move {
                rider,
                card,
                to,
                boost,
            } => {
                let from = match stage.riders[*rider].spot {
                    Spot::Road { pos } => pos.row,
                    Spot::Roadside { row, .. } => row,
                    _ => 0,
                };
                let gained = i64::from(to.row.saturating_sub(from));
                let next_line = stage
                    .board
                    .sprints
                    .iter()
                    .map(|s| s.after)
                    .chain(std::iter::once(stage.board.line()))
                    .filter(|&a| a >= from)
                    .min()
                    .unwrap_or(stage.board.line());
                let near = next_line.saturating_sub(from) <= SPRINT_REACH;
                // Squares for the card: the wind's and the kept card's are free.
                let uphill = stage.board.is_uphill(match stage.riders[*rider].spot {
                    Spot::Road { pos } => pos,
                    _ => crate::course::Pos::new(0, 0),
                });
                let worth = if uphill { card / 2 } else { *card };
                let free = gained - i64::from(worth);
                let mut s = gained * 10 + free * 25 - i64::from(to.lane);
                if !near && *card == top && hand.len() > 1 {
                    // Keep the top card for the sprint.
                    s -= 60;
                }
                if *boost && !near {
                    s -= 30;
                }
                s
            }
            Choice::Crash { stop, .. } => i64::from(stop.row),
            Choice::Swap { give } => {
                // Give the lowest cards: the more and the lower, the better.
                give.iter().map(|&c| 20 - i64::from(c)).sum()
            }
            Choice::GiveUp { card } => -i64::from(*card),
            Choice::Land { to } => i64::from(to.row) * 10 - i64::from(to.lane),
            // Only whole moves are weighed (see `choose`).
            Choice::Card { .. } | Choice::Back => i64::MIN,
            // G-35: the front rider first, as the order stands.
            Choice::Order { riders } => i64::from(*riders == stage.team_block()),
        }
    };
    options
        .iter()
        .max_by_key(|c| score(c))
        .cloned()
        .expect("options are never empty")
}
