//! Maillot Jaune's bots: one that rides to the rulebook's advice, and one that picks any legal
//! option (for tests and the "random" seats).
//!
//! The advice (seed 002): spend energy at the right moment, not on luck (MJ-063); arrive on
//! the last cells before a change of terrain with a full move (MJ-057, which the terrain rule
//! G-06 already enforces: a move stops at the change); sit in a wheel to be pulled
//! (L'ASPIRATION); keep the dial for the finish: the bot escapes, safely, only in the stretch
//! that runs to the line (energy left at the line is lost), or when that takes it over.

use super::events::Choice;
use super::stage::{MaillotJaune, Spot};
use crate::game::Seat;

/// The rulebook's bot: the furthest cell, in a wheel when it can, escaping only to cross the
/// line with energy it has; it helps a team-mate who punctured and refuses pacts it is asked
/// (an unanswered pact is a refusal, G-17).
pub fn sensible(stage: &MaillotJaune, _seat: Seat, options: &[Choice]) -> Choice {
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
    // A safe escape that crosses the line, when the stars alone do not.
    if let Some(d) = stage.cells_to_line(turn.rider) {
        let stars = stage.allowance(turn.rider);
        if d > stars {
            let plan = Choice::Plan {
                safe: d - stars,
                risky: 0,
            };
            if options.contains(&plan) {
                return plan;
            }
        }
    }
    // The last stretch runs to the line: energy left at the line is lost (the dial is refilled
    // for the next stage, MJ-023), so it is spent there, safely, as far as it goes.
    if stage.terrain_of_turn(turn.rider).1 >= stage.course.finish_row()
        && let Some(plan) = options
            .iter()
            .filter(|c| matches!(c, Choice::Plan { risky: 0, .. }))
            .max_by_key(|c| match c {
                Choice::Plan { safe, .. } => *safe,
                _ => 0,
            })
    {
        return plan.clone();
    }
    best_move(stage, options)
        .or_else(|| options.iter().find(|c| **c == Choice::Stay).cloned())
        .or_else(|| options.iter().find(|c| **c == Choice::Back).cloned())
        .unwrap_or_else(|| options[0].clone())
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
            Choice::Move { to, via } => Some((c, *to, via.is_some())),
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
