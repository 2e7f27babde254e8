//! The movement and end phases of a round (FR-3 to FR-7, PEL-1, PEL-2).

use super::board::Board;
use super::cards::{Card, RiderKind, uncapped_on_climbs};
use super::events::RiderIdx;
use crate::course::{Course, Pos, Terrain};

/// The uphill limit of the base game (FR-4).
pub const UPHILL_MAX: u16 = 5;
/// The downhill minimum (FR-5).
pub const DOWNHILL_MIN: u16 = 5;
/// The supply-zone minimum (PEL-1).
pub const SUPPLY_MIN: u16 = 4;
/// The longest move a card gives (the sprinteur's 9): the run-out the card race lays past the
/// line, so no card is ever cut by the end of the board (see `Stage::from_shared`).
pub const LONGEST_MOVE: u16 = 9;

/// How far a card takes a rider from `row`, after the terrain rules and before blocking.
///
/// Our reading of the climb rule (FR-4), as the engine issue states it: a rider starting on an
/// uphill row moves at most 5. A rider whose card would reach the first uphill row ahead of it,
/// j rows away, moves at most max(5, j - 1): it may always ride up to the foot of the climb (row
/// j - 1), and never further into the climb than a card of 5 would take it. Minimums (downhill 5,
/// supply 4) are applied first, so a fast descent into a climb is cut too. A card exempt from the
/// cap (the house-B grimpeur's 7, QB-04 / QA-03) skips both cuts but keeps the minimums.
pub fn effective_distance(course: &Course, row: u16, kind: RiderKind, card: Card) -> u16 {
    effective_points(course, row, kind, card, 0)
}

/// [`effective_distance`] with `bonus` added to the card's value before the terrain rules (the
/// house-B boost of a steep downhill row, HB-005).
pub fn effective_points(course: &Course, row: u16, kind: RiderKind, card: Card, bonus: u16) -> u16 {
    let terrain = course.terrain(row);
    let mut d = card.value() as u16 + bonus;
    match terrain {
        Terrain::Downhill => d = d.max(DOWNHILL_MIN),
        Terrain::Supply => d = d.max(SUPPLY_MIN),
        _ => {}
    }
    if uncapped_on_climbs(kind, card) {
        return d;
    }
    if terrain == Terrain::Uphill {
        d = d.min(UPHILL_MAX);
    }
    if let Some(j) = course.uphill_ahead(row)
        && d >= j
    {
        d = d.min(UPHILL_MAX.max(j - 1));
    }
    d
}

/// Where a rider ends when it rides `distance` rows from `from`: the furthest row up to the
/// target that has a free lane, never behind its own row. `None` when every row ahead in reach is
/// full, so the rider stays where it is.
pub(crate) fn destination(course: &Course, board: &Board, from: Pos, distance: u16) -> Option<Pos> {
    let target = (from.row + distance).min(course.last_row());
    (from.row + 1..=target)
        .rev()
        .find_map(|row| board.free_lane(row).map(|lane| Pos::new(row, lane)))
}

/// Takes a rider out of its cell; the riders on its left in that row shift one cell to the right
/// (towards lane 0), so rows stay packed from the right-hand side (FR-3). "On its left" is what
/// the course says, cell by cell, not lane arithmetic.
pub(crate) fn leave(board: &mut Board, positions: &mut [Pos], course: &Course, at: Pos) {
    board.take(at);
    let mut right = at;
    while let Some(here) = course.left_of(right) {
        if let (Some(r), None) = (board.at(here), board.at(right)) {
            board.take(here);
            board.put(right, r);
            positions[r as usize] = right;
        }
        right = here;
    }
}

/// Slipstream breaks on climbs and cobbles (FR-4, PEL-2) and never happens past the line (FR-6).
fn carries_slipstream(course: &Course, row: u16) -> bool {
    !course.is_past_line(row) && !matches!(course.terrain(row), Terrain::Uphill | Terrain::Cobbles)
}

/// The end-phase slipstream (FR-6): repeatedly find the rearmost occupied row r with r+1 empty and
/// r+2 occupied (none of the three a climb, cobbles or past the line) and move r's riders up to
/// r+1, keeping their lanes. Repeating from the back makes a group join the one ahead and lets
/// groups chain forward. Our ruling where the road narrows: a row whose riders do not all fit in
/// the row ahead stays where it is (a group moves whole or not at all).
///
/// Returns (rider, from, to) for every rider moved, in the order they moved.
pub(crate) fn slipstream(
    course: &Course,
    board: &mut Board,
    positions: &mut [Pos],
    rearmost: u16,
) -> Vec<(RiderIdx, Pos, Pos)> {
    let mut moved = Vec::new();
    let line = course.finish_row();
    loop {
        let found = (rearmost..line.saturating_sub(2)).find(|&r| {
            board.count(r) > 0
                && board.is_empty_row(r + 1)
                && board.count(r + 2) > 0
                && board.count(r) <= course.width(r + 1)
                && (r..=r + 2).all(|x| carries_slipstream(course, x))
        });
        let Some(r) = found else { break };
        let group: Vec<(u8, RiderIdx)> = board.riders_in(r).collect();
        for (i, (lane, rider)) in group.into_iter().enumerate() {
            let from = Pos::new(r, lane);
            let to = Pos::new(r + 1, i as u8);
            board.take(from);
            board.put(to, rider);
            positions[rider as usize] = to;
            moved.push((rider, from, to));
        }
    }
    moved
}

/// The end-phase exhaustion (FR-7): a rider before the line whose next row is empty has nobody
/// to shelter behind and takes an exhaustion card.
pub(crate) fn exposed(course: &Course, board: &Board, at: Pos) -> bool {
    !course.is_past_line(at.row) && board.is_empty_row(at.row + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::CourseSpec;

    #[test]
    fn fr_3_a_rider_with_every_row_ahead_full_stays_put() {
        let course = CourseSpec {
            tiles: Some("au".into()),
            lanes: Some(1),
            ..Default::default()
        }
        .build()
        .unwrap();
        let mut board = Board::new(&course);
        board.put(Pos::new(3, 0), 0);
        board.put(Pos::new(4, 0), 1);
        assert_eq!(destination(&course, &board, Pos::new(2, 0), 2), None);
        assert_eq!(
            destination(&course, &board, Pos::new(2, 0), 3),
            Some(Pos::new(5, 0))
        );
        // Past the end of the road the target is the last row.
        assert_eq!(
            destination(&course, &board, Pos::new(5, 0), 40),
            Some(Pos::new(course.last_row(), 0))
        );
    }
}
