//! The links of a grid, and the checks every course's links must pass.

use super::{Link, LinkKind, Pos, Row};
use std::ops::Range;

/// The links a plain grid implies for the rows in `range`: straight ahead to the same lane of the
/// next row, diagonally to its neighbouring lanes, and to either side, wherever those cells exist
/// (a narrower row ahead has no cell for the outer lanes). Per cell: forward, diagonals, sides,
/// each lane-ascending, so the order never depends on how the course was written.
pub(crate) fn grid_links(rows: &[Row], range: Range<usize>) -> Vec<(Pos, Link)> {
    let width = |r: usize| rows.get(r).map_or(0, |row| row.width() as i16);
    let mut out = Vec::new();
    for r in range {
        for l in 0..width(r) {
            let from = Pos::new(r as u16, l as u8);
            let mut add = |row: usize, lane: i16, kind| {
                if lane >= 0 && lane < width(row) {
                    out.push((
                        from,
                        Link {
                            to: Pos::new(row as u16, lane as u8),
                            kind,
                        },
                    ));
                }
            };
            add(r + 1, l, LinkKind::Forward);
            add(r + 1, l - 1, LinkKind::Diagonal);
            add(r + 1, l + 1, LinkKind::Diagonal);
            add(r, l - 1, LinkKind::Side);
            add(r, l + 1, LinkKind::Side);
        }
    }
    out
}

/// For each cell (flat numbering), whether it can be reached from `starts` by following links.
pub(crate) fn reachable(
    links: &[Vec<usize>],
    starts: impl IntoIterator<Item = usize>,
) -> Vec<bool> {
    let mut seen = vec![false; links.len()];
    let mut stack: Vec<usize> = starts.into_iter().collect();
    for &s in &stack {
        seen[s] = true;
    }
    while let Some(i) = stack.pop() {
        for &j in &links[i] {
            if !seen[j] {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    seen
}
