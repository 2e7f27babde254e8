//! House rules B's roundabout in a move (seed 004, TUILES – ROND-POINT; HB-001, HB-002, ruling
//! QB-01, TV-25). The course lays it as three rows (see `course/roundabout.rs`): the long lane
//! runs through all three, the short lane only through the middle one.
//!
//! A rider rides the roundabout in the lane on the side it stood on when its move began (lane 0
//! is the right-hand side), read as the round's moves begin: a rider whose right-hand neighbour
//! rides off first closes up to lane 0 (FR-3) and keeps the left side all the same
//! (`Conditions::moves_begin`, issue 21): from the row before to the row after costs 4 points on the long lane
//! and 2 on the short one, the outer rows being off the short lane's path. Inside, nobody changes
//! lane: a rider whose cell is taken falls back along its own lane, and riders beside one who
//! leaves do not close up.

use crate::course::{Course, Marker, Pos, Side};
use crate::games::card_race::board::Board;

/// The roundabout part and short side of a row, if it is one of a roundabout's rows.
fn part(course: &Course, row: u16) -> Option<(u8, Side)> {
    course.row(row).cells.iter().find_map(|c| {
        c.markers.iter().find_map(|m| match *m {
            Marker::Roundabout { part, short } => Some((part, short)),
            _ => None,
        })
    })
}

fn other(side: Side) -> Side {
    match side {
        Side::Right => Side::Left,
        Side::Left => Side::Right,
    }
}

/// Whether the course has a roundabout anywhere.
pub fn any(course: &Course) -> bool {
    (0..course.row_count()).any(|r| part(course, r).is_some())
}

/// The side a rider at `at` rides on: in a roundabout's outer rows the long lane's side, else
/// lane 0 is the right and any other lane the left.
pub fn side_at(course: &Course, at: Pos) -> Side {
    match part(course, at.row) {
        Some((0 | 2, short)) => other(short),
        _ if at.lane == 0 => Side::Right,
        _ => Side::Left,
    }
}

/// Whether a row lies on the path of a rider riding on `side`: the roundabout's outer rows are
/// not on the short lane's path.
pub fn on_path(course: &Course, row: u16, side: Side) -> bool {
    !matches!(part(course, row), Some((0 | 2, short)) if short == side)
}

/// The lane a rider on `side` must take in a roundabout row, `None` outside roundabouts.
fn lane_in(course: &Course, row: u16, side: Side) -> Option<u8> {
    let (part, _) = part(course, row)?;
    Some(match (part, side) {
        (1, Side::Left) => 1,
        _ => 0,
    })
}

/// Whether riders keep their lanes in this row when a neighbour leaves (inside a roundabout).
pub fn keeps_lanes(course: &Course, row: u16) -> bool {
    part(course, row).is_some()
}

/// Where a rider on `side` ends when it rides `distance` rows (its path's rows) from `from`:
/// the furthest row of its path up to the target with a place for it, its own lane's cell inside
/// a roundabout, the lowest free lane elsewhere (FR-3); `None` when nothing ahead is free.
pub(crate) fn destination(
    course: &Course,
    board: &Board,
    from: Pos,
    distance: u16,
    side: Side,
) -> Option<Pos> {
    let target = (from.row + distance).min(course.last_row());
    (from.row + 1..=target).rev().find_map(|row| {
        if !on_path(course, row, side) {
            return None;
        }
        match lane_in(course, row, side) {
            Some(lane) => board
                .at(Pos::new(row, lane))
                .is_none()
                .then_some(Pos::new(row, lane)),
            None => board.free_lane(row).map(|lane| Pos::new(row, lane)),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::parse_course_toml;

    /// Flat rows 4 to 19, a roundabout on rows 8 to 10 with its short lane on the right.
    fn course() -> Course {
        parse_course_toml(
            "[[segment]]\nterrain = \"flat\"\nlength = 4\nstart = true\n[[segment]]\nterrain = \"flat\"\nlength = 16\n[[segment]]\nterrain = \"flat\"\nlength = 5\nfinish = true\n[[roundabout]]\nrow = 8\nshort = \"right\"\n",
            "r.toml",
        )
        .unwrap()
    }

    #[test]
    fn hb_002_qb_01_a_rider_falls_back_along_its_own_lane() {
        let c = course();
        let mut b = Board::new(&c);
        // The long lane's middle cell is taken; the short cell beside it is free.
        b.put(Pos::new(9, 1), 0);
        let from = Pos::new(7, 1);
        assert_eq!(side_at(&c, from), Side::Left);
        assert_eq!(
            destination(&c, &b, from, 2, Side::Left),
            Some(Pos::new(8, 0)),
            "back to the long lane's first cell, not across to the short cell"
        );
        // A short-lane rider bound for row 11 finds it full: back to the short cell, skipping
        // row 10, which is not on its path.
        b.put(Pos::new(11, 0), 1);
        b.put(Pos::new(11, 1), 2);
        assert_eq!(
            destination(&c, &b, Pos::new(7, 0), 4, Side::Right),
            Some(Pos::new(9, 0))
        );
        b.put(Pos::new(9, 0), 3);
        assert_eq!(
            destination(&c, &b, Pos::new(7, 0), 4, Side::Right),
            None,
            "every cell of its path is taken: it stays"
        );
    }

    #[test]
    fn hb_002_the_side_comes_from_where_the_move_starts() {
        let c = course();
        assert_eq!(side_at(&c, Pos::new(7, 0)), Side::Right);
        assert_eq!(
            side_at(&c, Pos::new(8, 0)),
            Side::Left,
            "the outer rows are the long lane"
        );
        assert_eq!(side_at(&c, Pos::new(9, 0)), Side::Right, "the short cell");
        assert_eq!(side_at(&c, Pos::new(9, 1)), Side::Left);
        assert!(!on_path(&c, 8, Side::Right) && on_path(&c, 9, Side::Right));
        assert!(on_path(&c, 8, Side::Left) && on_path(&c, 10, Side::Left));
    }
}
