//! Maillot Jaune's bots: one that rides to the rulebook's advice, and one that picks any legal
//! option (for tests and the "random" seats).
//!
//! The advice (seed 002): spend energy at the right moment, not on luck (MJ-063); arrive on
//! the last cells before a change of terrain with a full move (MJ-057, which the terrain rule
//! G-06 already enforces: a move stops at the change); sit in a wheel to be pulled
//! (L'ASPIRATION); keep the dial for the finish: the bot escapes, safely, only in the stretch
//! that runs to the line (energy left at the line is lost), or when that takes it over.

use super::events::{Choice, RiderIx};
use super::stage::{MaillotJaune, Spot};
use crate::game::Seat;

/// The rulebook's bot: the furthest cell, in a wheel when it can, escaping only to cross the
/// line with energy it has; it helps a team-mate who punctured and refuses pacts it is asked
/// (an unanswered pact is a refusal, G-17). It weighs whole moves (`MaillotJaune::moves`, the
/// one legal-moves function) and takes, among the step's options, the one that leads to its
/// pick: how far, how the escape is paid, then the cell; it never goes back.
pub fn sensible(stage: &MaillotJaune, seat: Seat, options: &[Choice]) -> Choice {
    let Some(turn) = &stage.turn else {
        return options[0].clone();
    };
    let me = &stage.riders[turn.rider as usize];
    if let Some(help) = options.iter().find(
        |c| matches!(c, Choice::Help { rider } if stage.riders[*rider as usize].seat == me.seat),
    ) {
        return help.clone();
    }
    if options.contains(&Choice::NoHelp) {
        return Choice::NoHelp;
    }
    if options.contains(&Choice::Answer { yes: false }) {
        return Choice::Answer { yes: false };
    }
    pick(stage, turn.rider)
        .and_then(|whole| {
            if options.contains(&whole) {
                Some(whole)
            } else {
                stage.lead(seat, &whole)
            }
        })
        .or_else(|| options.iter().find(|c| **c == Choice::Stay).cloned())
        .or_else(|| options.iter().find(|c| **c == Choice::Back).cloned())
        .unwrap_or_else(|| options[0].clone())
}

/// The whole move the bot rides: a safe escape that crosses the line when the stars alone do
/// not; in the stretch that runs to the line, the longest safe escape (energy left at the line
/// is lost: the dial is refilled for the next stage, MJ-023); else the best cell within the
/// stars. `None`: no move at all (he stays).
fn pick(stage: &MaillotJaune, r: RiderIx) -> Option<Choice> {
    let stars = stage.allowance(r);
    let plans = stage.plans(r);
    let safe = |s: u8| {
        plans
            .contains(&(s, 0))
            .then(|| best_move(stage, &stage.moves(r, s, 0)))
    };
    if let Some(d) = stage.cells_to_line(r)
        && d > stars
        && let Some(Some(m)) = safe(d - stars)
    {
        return Some(m);
    }
    if stage.terrain_of_turn(r).1 >= stage.course.finish_row()
        && let Some(&(most, _)) = plans.iter().filter(|p| p.1 == 0).max_by_key(|p| p.0)
        && let Some(Some(m)) = safe(most)
    {
        return Some(m);
    }
    best_move(stage, &stage.moves(r, 0, 0))
}

/// The furthest move; among equals one that ends in another's wheel, without the aspiration
/// unit (a sideways first step) when that is offered, then the priority lane.
fn best_move(stage: &MaillotJaune, options: &[Choice]) -> Option<Choice> {
    let in_wheel = |to: crate::course::Pos| {
        stage
            .riders
            .iter()
            .any(|r| matches!(r.spot, Spot::Road(p) if stage.course.ahead(to) == Some(p)))
    };
    options
        .iter()
        .filter_map(|c| match c {
            Choice::Move { to, via, .. } => Some((c, *to, via.is_some())),
            _ => None,
        })
        .max_by_key(|&(_, to, via)| (to.row, in_wheel(to), via, std::cmp::Reverse(to.lane)))
        .map(|(c, _, _)| c.clone())
}

/// Any legal option, picked by `n` (a seed the caller varies).
pub fn random_legal(options: &[Choice], n: u64) -> Choice {
    let k = (n.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 33) as usize % options.len();
    options[k].clone()
}
