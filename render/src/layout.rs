//! Which rows of the course the board shows, and how: one to three strips of road, one under the
//! other, each a run of consecutive rows. Pure arithmetic on row numbers so it is tested alone.

use commissaire_engine::course::Course;
use commissaire_messages::msg;

/// Widest picture Discord shows without shrinking it into an unreadable thumbnail.
pub const MAX_WIDTH: i32 = 1600;
/// Left of the road: the "to go" caption of the distance ticks.
pub const MARGIN_LEFT: i32 = 60;
pub const MARGIN_RIGHT: i32 = 20;
/// Cell widths tried in order: the widest that fits the field in [`MAX_STRIPS`] strips wins.
/// 76 px keeps a token's label readable once Discord scales the picture down to its preview.
pub const CELL_WIDTHS: [i32; 5] = [76, 64, 52, 44, 36];
/// A cell is a little less tall than wide, and tall enough for a label between two rows of
/// badges.
pub const CELL_ASPECT: f32 = 0.9;
pub const MAX_STRIPS: usize = 3;

/// Rows shown behind the last rider of a strip, and in front of its first one.
const BEHIND: u16 = 2;
const AHEAD: u16 = 2;

/// A run of rows drawn as one strip, `first..=last`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Strip {
    pub first: u16,
    pub last: u16,
}

impl Strip {
    pub fn contains(&self, row: u16) -> bool {
        (self.first..=self.last).contains(&row)
    }
    pub fn len(&self) -> u16 {
        self.last - self.first + 1
    }
    pub fn is_empty(&self) -> bool {
        false
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardLayout {
    pub cell_w: i32,
    pub cell_h: i32,
    /// Rows in every strip: all strips of a board are the same length, so they line up.
    pub rows_per_strip: u16,
    /// Cells along the road the widest strip spans: rows on a grid, fewer than its rows where
    /// files are staggered (two rows half a cell apart share a cell's width).
    pub columns: u16,
    /// Head of the race first.
    pub strips: Vec<Strip>,
}

impl BoardLayout {
    /// Width of the whole picture.
    pub fn width(&self) -> i32 {
        MARGIN_LEFT + self.columns as i32 * self.cell_w + MARGIN_RIGHT
    }
}

/// Rows that fit in one strip at a given cell width.
pub fn rows_per_strip(cell_w: i32) -> u16 {
    ((MAX_WIDTH - MARGIN_LEFT - MARGIN_RIGHT) / cell_w) as u16
}

/// Where a row lies along the road, in cells: its place, which a grid numbers as the row.
pub fn row_along(course: &Course, row: u16) -> f64 {
    match course.rows().get(row as usize) {
        Some(r) => r.cells[0].place.along,
        // Just past the last row: where a line after it is drawn.
        None => course.row(course.last_row()).cells[0].place.along + 1.0,
    }
}

/// The most cells along the road that any `n` consecutive rows span.
fn span(course: &Course, n: u16) -> f64 {
    let rows = course.row_count();
    (0..=rows - n)
        .map(|first| row_along(course, first + n - 1) - row_along(course, first) + 1.0)
        .fold(0.0, f64::max)
}

/// The most consecutive rows whose places fit in `fit` cells along the road: `fit` rows on a
/// grid, more where rows lie closer than a cell apart.
fn rows_that_fit(course: &Course, fit: u16) -> (u16, u16) {
    let (mut lo, mut hi) = (1, course.row_count());
    // Spans grow with the number of rows: the largest n that fits, by bisection.
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if span(course, mid) <= fit as f64 + 1e-9 {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    (lo, span(course, lo).ceil().max(1.0) as u16)
}

/// Chooses the strips for riders on `rider_rows`: one strip when the field fits, else the fewest
/// strips from the head of the race backwards, with the widest cells that keep it to three.
pub fn plan(course: &Course, rider_rows: &[u16]) -> BoardLayout {
    for (i, &cell_w) in CELL_WIDTHS.iter().enumerate() {
        let (n, columns) = rows_that_fit(course, rows_per_strip(cell_w));
        let strips = strips_for(course.row_count(), course.finish_row(), rider_rows, n);
        if strips.len() <= MAX_STRIPS || i == CELL_WIDTHS.len() - 1 {
            // At the narrowest cells a field spread over more than 3 strips still gets every
            // rider drawn: the picture grows taller rather than lose a laggard.
            return BoardLayout {
                cell_w,
                cell_h: (cell_w as f32 * CELL_ASPECT).round() as i32,
                rows_per_strip: n,
                columns,
                strips,
            };
        }
    }
    unreachable!("the last cell width always returns")
}

/// Strips of `n` rows covering every rider, for a course of `rows` rows whose line lies before
/// `finish_row`.
pub fn strips_for(rows: u16, finish_row: u16, rider_rows: &[u16], n: u16) -> Vec<Strip> {
    let last_row = rows - 1;
    // A window of n rows ending at `hi`, pushed back inside the course.
    let window = |hi: u16| {
        let hi = hi.min(last_row).max(n - 1);
        Strip {
            first: hi + 1 - n,
            last: hi,
        }
    };
    let (Some(&leader), Some(&last)) = (rider_rows.iter().max(), rider_rows.iter().min()) else {
        return vec![window(0)];
    };

    if leader - last + 1 + BEHIND + AHEAD <= n {
        // The whole field fits: give the spare rows to the road ahead, which the players are
        // about to choose cards for, and which brings the finish into view as it nears.
        return vec![window(last.saturating_sub(BEHIND) + n - 1)];
    }

    let mut hi = leader + AHEAD;
    // Once the leader is within half a strip of the line, the line (and a row past it) is shown.
    if finish_row < leader + n / 2 {
        hi = hi.max(finish_row + 1);
    }
    let mut strips = vec![window(hi)];
    loop {
        let lo = strips.last().expect("one strip").first;
        let Some(top) = rider_rows.iter().copied().filter(|&r| r < lo).max() else {
            break;
        };
        // Each chase strip continues the road of the one above when its first rider is close
        // to it, else it starts just ahead of its first rider.
        let hi = (lo - 1).min(top + AHEAD);
        let first = (hi + 1).saturating_sub(n);
        let last = (first + n - 1).min(lo - 1);
        strips.push(Strip { first, last });
    }
    strips
}

/// The name of strip `i` of `count`, for its label. Past three strips (a long course with the
/// field scattered wider than three strips of the narrowest cells show) each group between the
/// chase and the last one is numbered, so that only the last strip is the laggards'.
pub fn strip_name(i: usize, count: usize) -> String {
    match (i, count) {
        (_, 1) => String::new(),
        (0, _) => msg!("board-strip-head"),
        (1, 2) => msg!("board-strip-behind"),
        (1, _) => msg!("board-strip-chase"),
        _ if i + 1 == count => msg!("board-strip-laggards"),
        _ => msg!("board-strip-group", number = i + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_compact_field_is_one_strip_with_the_road_ahead() {
        let s = strips_for(80, 74, &[10, 12, 14], 20);
        assert_eq!(s, vec![Strip { first: 8, last: 27 }]);
    }

    #[test]
    fn the_start_is_shown_from_row_zero() {
        let s = strips_for(80, 74, &[0, 1, 2, 3, 4], 20);
        assert_eq!(s, vec![Strip { first: 0, last: 19 }]);
    }

    #[test]
    fn near_the_end_the_window_stops_at_the_last_row() {
        let s = strips_for(80, 74, &[70, 72], 20);
        assert_eq!(
            s,
            vec![Strip {
                first: 60,
                last: 79
            }]
        );
    }

    #[test]
    fn a_split_field_gets_two_strips_and_every_rider() {
        let riders = [50, 49, 48, 20, 19];
        let s = strips_for(80, 74, &riders, 20);
        assert_eq!(s.len(), 2);
        for r in riders {
            assert_eq!(s.iter().filter(|st| st.contains(r)).count(), 1, "row {r}");
        }
        assert!(s[0].first > s[1].last, "head first, no overlap");
    }

    #[test]
    fn a_strung_out_field_continues_the_road_from_strip_to_strip() {
        let riders = [60, 55, 50, 45, 40, 35];
        let s = strips_for(80, 74, &riders, 20);
        assert_eq!(s.len(), 2);
        assert_eq!(s[1].last + 1, s[0].first);
    }

    #[test]
    fn the_finish_comes_into_view_when_the_leader_nears_it() {
        let s = strips_for(80, 74, &[66, 30], 20);
        assert!(s[0].contains(74) && s[0].contains(66));
        assert_eq!(s.len(), 2);
    }

    #[test]
    fn a_very_spread_field_narrows_the_cells_rather_than_lose_riders() {
        let course = commissaire_engine::course::CourseSpec {
            tiles: Some("abcdefghijklmnopqrstu".into()),
            ..Default::default()
        }
        .build()
        .unwrap();
        let riders = [75, 55, 35, 15, 0];
        let layout = plan(&course, &riders);
        assert!(layout.strips.len() <= MAX_STRIPS);
        assert!(layout.cell_w < CELL_WIDTHS[0]);
        for r in riders {
            assert!(layout.strips.iter().any(|s| s.contains(r)), "row {r}");
        }
        assert!(layout.width() <= MAX_WIDTH);
    }
}
