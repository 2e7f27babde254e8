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
    distance_with(course, row, uncapped_on_climbs(kind, card), card)
}

/// [`effective_distance`] for a card that is (or is not) exempt from the climb rule, whatever
/// rules made it so (`Stage::reach` asks the rider's profile).
pub fn distance_with(course: &Course, row: u16, uncapped: bool, card: Card) -> u16 {
    effective_points(course, row, uncapped, card, 0)
}

/// [`distance_with`] with `bonus` added to the card's value before the terrain rules (the
/// house-B boost of a steep downhill row, HB-005).
pub fn effective_points(course: &Course, row: u16, uncapped: bool, card: Card, bonus: u16) -> u16 {
    let terrain = course.terrain(row);
    let mut d = card.value() as u16 + bonus;
    match terrain {
        Terrain::Downhill => d = d.max(DOWNHILL_MIN),
        Terrain::Supply => d = d.max(SUPPLY_MIN),
        _ => {}
    }
    if uncapped {
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
    // `right` is always empty: the cell just left, then each cell whose rider moved on into
    // it or that was empty already. Only `here` needs looking at.
    let mut right = at;
    while let Some(here) = course.left_of(right) {
        if let Some(r) = board.at(here) {
            board.take(here);
            board.put(right, r);
            // House rules A's gruppetto is on the board but has no rider's place.
            if let Some(p) = positions.get_mut(r as usize) {
                *p = right;
            }
        }
        right = here;
    }
}

/// Slipstream breaks on climbs and cobbles (FR-4, PEL-2) and never happens past the line (FR-6).
fn carries_slipstream(course: &Course, row: u16) -> bool {
    !course.is_past_line(row) && !matches!(course.terrain(row), Terrain::Uphill | Terrain::Cobbles)
}

/// The end-phase slipstream (FR-6): a group (a run of occupied rows with no empty row inside)
/// with exactly one empty row before the next group moves up one row, keeping its lanes;
/// repeated from the rearmost group, so a group joins the one ahead and groups chain forward.
///
/// Rows on a climb or cobbles, or past the line, neither give nor take slipstream (FR-4, PEL-2,
/// FR-6): what moves is the part of the group from its front row back to the first such row,
/// and only if the empty row and the row ahead of it carry slipstream too.
///
/// Our ruling where the road narrows: FR-6 moves the group, not its rows one by one, so when a
/// row of the moving part holds more riders than the row ahead of it has lanes, the whole group
/// stays where it is (it moves whole or not at all) and its front row takes the wind (FR-7).
///
/// Returns (rider, from, to) for every rider moved, in the order they moved (front row first).
// Kept beside `slipstream_except` for code with no weather to ask (other helpers' work in
// progress calls it); the stage and the team time trial pass the weather's rows.
#[allow(dead_code)]
pub(crate) fn slipstream(
    course: &Course,
    board: &mut Board,
    positions: &mut [Pos],
    rearmost: u16,
) -> Vec<(RiderIdx, Pos, Pos)> {
    slipstream_except(course, board, positions, rearmost, &|_| false)
}

/// [`slipstream`], with rows the weather stills on top of the terrain's (a Meteo crosswind
/// token, MET-1): they neither give nor take slipstream either.
pub(crate) fn slipstream_except(
    course: &Course,
    board: &mut Board,
    positions: &mut [Pos],
    rearmost: u16,
    still: &dyn Fn(u16) -> bool,
) -> Vec<(RiderIdx, Pos, Pos)> {
    let carries_slipstream =
        |course: &Course, row: u16| carries_slipstream(course, row) && !still(row);
    let mut moved = Vec::new();
    let line = course.finish_row();
    let mut from = rearmost;
    // `from` only grows while no group moves; after a move the search starts again at the back,
    // where a group that has just been joined from behind may now move on.
    while let Some((back, front)) = next_group(board, from, line) {
        from = front + 1;
        let gap = front + 1;
        // The empty row and the row ahead of it carry slipstream (so neither is past the line,
        // and the row ahead is on the board), and the row ahead holds the group to join.
        if !carries_slipstream(course, gap)
            || !carries_slipstream(course, gap + 1)
            || board.count(gap + 1) == 0
        {
            continue;
        }
        let Some(tail) = (back..=front)
            .rev()
            .take_while(|&r| carries_slipstream(course, r))
            .last()
        else {
            continue;
        };
        if (tail..=front).any(|r| board.count(r) > course.width(r + 1)) {
            continue;
        }
        if moved.is_empty() {
            moved.reserve(positions.len());
        }
        for r in (tail..=front).rev() {
            // Read before the row is emptied; on the stack, as rows are a few lanes wide.
            let mut row = [(0u8, 0 as RiderIdx); 16];
            let mut wide = Vec::new();
            let riders: &[(u8, RiderIdx)] = if board.count(r) as usize <= row.len() {
                let mut n = 0;
                for (slot, found) in row.iter_mut().zip(board.riders_in(r)) {
                    *slot = found;
                    n += 1;
                }
                &row[..n]
            } else {
                wide.extend(board.riders_in(r));
                &wide
            };
            for (i, &(lane, rider)) in riders.iter().enumerate() {
                let at = Pos::new(r, lane);
                let to = Pos::new(r + 1, i as u8);
                board.take(at);
                board.put(to, rider);
                if let Some(p) = positions.get_mut(rider as usize) {
                    *p = to;
                }
                moved.push((rider, at, to));
            }
        }
        from = rearmost;
    }
    moved
}

/// The first group at or after row `from` and before the line: its back and front rows.
fn next_group(board: &Board, from: u16, line: u16) -> Option<(u16, u16)> {
    let back = (from..line).find(|&r| board.count(r) > 0)?;
    let front = (back..line)
        .take_while(|&r| board.count(r) > 0)
        .last()
        .unwrap_or(back);
    Some((back, front))
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

    #[test]
    fn fr_4_a_card_on_a_climb_takes_a_rider_5_rows_and_the_grimpeurs_7_all_the_way() {
        use crate::course::{SegmentSpec, Terrain};
        let seg = |terrain, length, start, finish| SegmentSpec {
            terrain,
            length,
            lanes: None,
            start,
            finish,
        };
        // Rows 0-3 the start, 4-13 uphill, then the finish.
        let course = CourseSpec {
            segments: vec![
                seg(Terrain::Flat, 4, true, false),
                seg(Terrain::Uphill, 10, false, false),
                seg(Terrain::Flat, 5, false, true),
            ],
            ..Default::default()
        }
        .build()
        .unwrap();
        let (rouleur, grimpeur) = (RiderKind::Rouleur, RiderKind::Grimpeur);
        // On the climb a 7 rides 5; the grimpeur's 7 is exempt (QB-04) and rides 7.
        assert_eq!(effective_distance(&course, 5, rouleur, Card::Energy(7)), 5);
        assert_eq!(effective_distance(&course, 5, grimpeur, Card::Energy(7)), 7);
        // A 3 is under the cap: 3.
        assert_eq!(effective_distance(&course, 5, rouleur, Card::Energy(3)), 3);
    }
}
