//! Bots for Velo Master: a sensible one (the leader gets the bigger die, riders go as far as
//! they safely can, straight on climbs rather than risk a power roll) and a random legal one
//! for tests.

use super::board::CellIx;
use super::events::Choice;
use super::stage::{Spot, VeloMaster};
use crate::course::LinkKind;
use crate::game::Seat;

/// Worth of a level gained, in the bot's points.
const LEVEL: f64 = 10.0;
/// A danger cell: a 1-in-10 crash costing a turn (about 3.5 levels) and the rest of the move.
const DANGER: f64 = 4.0;

pub fn sensible(stage: &VeloMaster, _seat: Seat, options: &[Choice]) -> Choice {
    let score = |c: &Choice| -> f64 {
        match *c {
            // The leader rides for the win: he takes the bigger die.
            Choice::Launch { rider, die } | Choice::Give { rider, die } => {
                let leader = stage.fixed.roles[rider as usize] == super::options::Role::Leader;
                die as f64 * if leader { 1.5 } else { 1.0 }
            }
            Choice::Stop => stop_worth(stage),
            Choice::Step { cell } => step_worth(stage, cell),
            // Two free cells for both bikes: always worth it.
            Choice::Entraide { .. } => 100.0,
            Choice::Roll => 1.0,
            // Every bike of the line gains: propose, and agree.
            Choice::Accelerate { .. } => 90.0,
            // A leader in form attacks for the line when it is near.
            Choice::Attack { rider } => attack_worth(stage, rider),
            // The neutral riders furthest on are the most use.
            Choice::Pick { a, b } => neutral_worth(stage, a) + neutral_worth(stage, b),
            Choice::Vote { yes } => {
                if yes {
                    1.0
                } else {
                    0.0
                }
            }
            Choice::Jump { cell } => jump_worth(stage, cell),
        }
    };
    let mut best = options[0];
    let mut best_score = f64::NEG_INFINITY;
    for c in options {
        let s = score(c);
        if s > best_score {
            best = *c;
            best_score = s;
        }
    }
    best
}

/// Whether the moving rider still has to eat at the zone of `cell` (Expert only).
fn hungry_at(stage: &VeloMaster, cell: CellIx) -> Option<u8> {
    let m = stage.moving.as_ref()?;
    let zone = stage.fixed.board.cell(cell).feed?;
    let fed = stage.riders[m.rider as usize].fed & (1u64 << zone.min(63)) != 0;
    (stage.fixed.options.expert() && !fed).then_some(zone)
}

/// At Expert, a team-mate touching his leader on a climb gives him a die more (VM-100): the
/// cell's worth to the team-mate.
fn guards_leader(stage: &VeloMaster, cell: CellIx) -> f64 {
    let Some(m) = &stage.moving else {
        return 0.0;
    };
    let f = &stage.fixed;
    let team = f.team_of[m.rider as usize];
    if !f.options.expert() || f.roles[m.rider as usize] != super::options::Role::TeamMate {
        return 0.0;
    }
    let leader = f.riders_of[team as usize][0];
    match stage.riders[leader as usize].spot {
        Spot::Road(lc)
            if f.board.cell(lc).relief == super::board::Relief::Climb
                && f.board.cell(lc).touching.contains(&cell) =>
        {
            PROTECT
        }
        _ => 0.0,
    }
}

/// Worth of standing by the leader on a climb.
const PROTECT: f64 = 6.0;

/// Stopping is worth nothing, except by the leader on a climb or on the last feed cell a
/// hungry rider can reach.
fn stop_worth(stage: &VeloMaster) -> f64 {
    let Some(m) = &stage.moving else {
        return 0.0;
    };
    let Spot::Road(here) = stage.riders[m.rider as usize].spot else {
        return 0.0;
    };
    let guard = guards_leader(stage, here);
    let Some(zone) = hungry_at(stage, here) else {
        return guard;
    };
    let further = stage
        .steps(m)
        .iter()
        .any(|&(c, _)| stage.fixed.board.cell(c).feed == Some(zone));
    // Every step out of the zone unfed is worth less than nothing (it pays four levels, more
    // than a step can gain), so any positive worth here makes the same choice: the three
    // levels are a reading of the cost, not a balance (a mutant changing them is equivalent).
    if further { 0.0 } else { 3.0 * LEVEL }
}

fn step_worth(stage: &VeloMaster, cell: CellIx) -> f64 {
    let Some(m) = &stage.moving else {
        return 0.0;
    };
    let b = &stage.fixed.board;
    let from = match stage.riders[m.rider as usize].spot {
        Spot::Road(c) => Some(c),
        _ => None,
    };
    let here = from.map_or(b.cell(cell).level - 1.0, |c| b.cell(c).level);
    let target = b.cell(cell);
    let kind = from
        .and_then(|c| b.cell(c).links.iter().find(|l| l.0 == cell).map(|l| l.1))
        .unwrap_or(LinkKind::Forward);
    let mut worth = LEVEL * (target.level - here);
    if target.past_line {
        return worth + 1000.0;
    }
    // One step of look-ahead: what the best free step from there would add.
    if m.left > 1 {
        let next = target
            .links
            .iter()
            .filter(|(n, _)| stage.occupied[*n as usize].is_none() && *n != cell)
            .map(|(n, _)| b.cell(*n).level - target.level)
            .fold(0.0, f64::max);
        worth += LEVEL * next * 0.5;
    }
    if target.danger {
        worth -= DANGER;
    }
    if kind != LinkKind::Forward
        && let Some(slope) = from.and_then(|c| b.slope(c))
    {
        worth -= slope as f64 / 20.0 * LEVEL * m.left as f64;
    }
    worth += guards_leader(stage, cell);
    // Leaving a feed zone unfed costs the smallest die to the finish.
    if let Some(zone) = from.and_then(|c| hungry_at(stage, c))
        && target.feed != Some(zone)
        && target.level > b.feed_last[zone as usize]
    {
        worth -= 4.0 * LEVEL;
    }
    worth
}

fn jump_worth(stage: &VeloMaster, cell: CellIx) -> f64 {
    let Some(j) = &stage.jump else {
        return accel_worth(stage, cell);
    };
    let b = &stage.fixed.board;
    let (Spot::Road(from), Spot::Road(over)) = (
        stage.riders[j.rider as usize].spot,
        stage.riders[j.partner as usize].spot,
    ) else {
        return 0.0;
    };
    let target = b.cell(cell);
    let mut worth = LEVEL * (target.level - b.cell(from).level);
    if target.danger {
        worth -= DANGER;
    }
    let kind = b
        .cell(over)
        .links
        .iter()
        .find(|l| l.0 == cell)
        .map_or(LinkKind::Forward, |l| l.1);
    if kind != LinkKind::Forward
        && let Some(slope) = b.slope(over)
    {
        worth -= slope as f64 / 20.0 * LEVEL * 2.0;
    }
    // Straight landings keep the pair in line: a little better.
    if kind == LinkKind::Forward {
        worth += 1.0;
    }
    worth
}

fn accel_worth(stage: &VeloMaster, cell: CellIx) -> f64 {
    let Some(j) = stage.jumper() else {
        return 0.0;
    };
    let b = &stage.fixed.board;
    let Spot::Road(from) = stage.riders[j as usize].spot else {
        return 0.0;
    };
    let Some(l) = stage.accel_landings().into_iter().find(|l| l.cell == cell) else {
        return 0.0;
    };
    let target = b.cell(cell);
    let mut worth = LEVEL * (target.level - b.cell(from).level);
    if target.danger {
        worth -= DANGER;
    }
    if l.kind != LinkKind::Forward
        && let Some(slope) = b.slope(l.head)
    {
        worth -= slope as f64 / 20.0 * LEVEL * 2.0;
    }
    worth
}

fn attack_worth(stage: &VeloMaster, r: super::events::RiderIx) -> f64 {
    let f = &stage.fixed;
    let rider = &stage.riders[r as usize];
    let Spot::Road(c) = rider.spot else {
        return 0.0;
    };
    let near = f.board.levels_to_line(f.board.cell(c).level) <= 12;
    if f.roles[r as usize] == super::options::Role::Leader && rider.condition >= 100 && near {
        2.0
    } else {
        0.0
    }
}

fn neutral_worth(stage: &VeloMaster, r: super::events::RiderIx) -> f64 {
    match stage.riders[r as usize].spot {
        Spot::Road(c) => stage.fixed.board.cell(c).level,
        _ => 0.0,
    }
}

/// A legal option picked from `salt` and the state: the same state and salt, the same pick.
pub fn random(stage: &VeloMaster, options: &[Choice], salt: u64) -> Choice {
    let mut x = salt ^ ((stage.seq as u64) << 32) ^ stage.clock as u64 ^ options.len() as u64;
    // A mixer, not a rule: the random bot promises only a legal pick and the same pick for
    // the same state and salt, which any mixing keeps (a mutant of these shifts is equivalent).
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    options[(x % options.len() as u64) as usize]
}
