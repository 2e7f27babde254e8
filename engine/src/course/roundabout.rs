//! The roundabout (house rules B, TUILES – ROND-POINT; HB-001, ruling QB-01): a round curve tile
//! of four cells whose two lanes differ, 1 cell on the short side (the inside of the turn) and 3
//! on the long side. We lay it as three rows: the long lane's three cells one per row, the short
//! lane's one cell beside the long lane's middle one. The outer rows are one cell wide, the middle
//! row two, so order, slipstream and exhaustion read the short cell as the middle row (QB-01).
//!
//! Written as the tile letter `v` (short side on the right, lane 0's side) or `V` (short side on
//! the left), or in any grid course as `[[roundabout]]` sections: `row` (its first row) and
//! `short = "right" | "left"`, on three flat rows two lanes wide before the line.

use super::parse::{At, SpecError, err};
use super::{Marker, Row, Terrain};
use serde::{Deserialize, Serialize};

/// A side of the road, as a rider riding along it sees it (lane 0 is the right-hand lane).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Right,
    Left,
}

/// One `[[roundabout]]` of a grid course file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundaboutSpec {
    /// The first of its three rows.
    pub row: i64,
    /// The short lane's side: the inside of the turn.
    pub short: Side,
}

/// The rows a roundabout takes.
pub const ROWS: u16 = 3;

/// Turns three rows from `first` into a roundabout. `at` names the section in errors.
pub(super) fn lay(
    rows: &mut [Row],
    finish_row: u16,
    first: i64,
    short: Side,
    at: At,
) -> Result<(), SpecError> {
    let fits = first >= 0 && first + ROWS as i64 <= finish_row as i64;
    if !fits {
        return Err(err(
            at,
            format!(
                "the roundabout at row {first} needs its three rows before the finish line (rows 0 to {}): move it",
                finish_row.saturating_sub(1)
            ),
        ));
    }
    let first = first as usize;
    for (r, row) in rows.iter().enumerate().skip(first).take(ROWS as usize) {
        if row.width() != 2 || row.terrain() != Terrain::Flat {
            return Err(err(
                at,
                format!(
                    "the roundabout at row {first} lies on row {r}, which is {} and {} lane(s) wide: a roundabout takes three flat rows two lanes wide",
                    row.terrain().name(),
                    row.width()
                ),
            ));
        }
        if row.cells.iter().any(|c| {
            c.markers
                .iter()
                .any(|m| matches!(m, Marker::Roundabout { .. }))
        }) {
            return Err(err(at, format!("row {r} is already part of a roundabout")));
        }
    }
    let long_lane = match short {
        Side::Right => 1,
        Side::Left => 0,
    };
    for (part, r) in (first..first + ROWS as usize).enumerate() {
        let row = &mut rows[r];
        if part != 1 {
            // Only the long lane runs through the outer rows.
            let cell = row.cells[long_lane].clone();
            row.cells = vec![cell];
        }
        for cell in &mut row.cells {
            cell.markers.push(Marker::Roundabout {
                part: part as u8,
                short,
            });
        }
        row.curve = true;
    }
    Ok(())
}
