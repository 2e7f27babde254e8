//! The track tiles of the base card race, by letter.
//!
//! Source: the tile facts listed in the engine issue (the base game's 21 double-sided tiles; the
//! lower-case letter is one side, the upper-case letter the other). Each tile is a list of
//! (terrain, rows) runs; `Line` marks where the finish line lies inside the finish tiles.

use super::Terrain::{self, Downhill, Flat, Uphill};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TileRun {
    /// Rows of the start area (flat).
    Start(u16),
    Road(Terrain, u16),
    /// The finish line: rows after it are past the line.
    Line,
    /// A roundabout of house rules B (three rows, see `roundabout.rs`), its short lane on this
    /// side.
    Roundabout(super::Side),
}

use TileRun::{Line, Road, Start};

pub const TILE_LETTERS: &str = "abcdefghijklmnopqrstuvABCDEFGHIJKLMNOPQRSTUV";

/// The rows of one tile, or `None` for a letter that is not a tile.
pub fn tile_rows(letter: char) -> Option<&'static [TileRun]> {
    Some(match letter {
        'a' => &[Start(5), Road(Flat, 1)],
        'A' => &[Start(4), Road(Flat, 2)],
        'b' | 'c' | 'd' | 'f' | 'l' | 'm' | 'n' => &[Road(Flat, 6)],
        'e' | 'g' | 'h' | 'i' | 'j' | 'k' | 'o' | 'p' | 'q' | 'r' | 's' | 't' => &[Road(Flat, 2)],
        'u' => &[Road(Flat, 1), Line, Road(Flat, 5)],
        'B' => &[Road(Downhill, 4), Road(Flat, 2)],
        'C' => &[Road(Flat, 3), Road(Uphill, 3)],
        'D' => &[Road(Uphill, 5), Road(Downhill, 1)],
        'F' => &[Road(Downhill, 3), Road(Flat, 3)],
        'L' => &[Road(Uphill, 3), Road(Downhill, 3)],
        'M' => &[Road(Flat, 2), Road(Uphill, 4)],
        'N' => &[Road(Uphill, 6)],
        'E' | 'G' | 'K' | 'O' | 'Q' | 'R' => &[Road(Uphill, 2)],
        'H' | 'P' => &[Road(Downhill, 2)],
        'I' | 'J' | 'S' | 'T' => &[Road(Flat, 2)],
        'U' => &[Road(Uphill, 2), Line, Road(Uphill, 4)],
        // House rules B's roundabout, short lane on the right (v) or on the left (V).
        'v' => &[TileRun::Roundabout(super::Side::Right)],
        'V' => &[TileRun::Roundabout(super::Side::Left)],
        _ => return None,
    })
}

/// Curves are the two-row tiles: same geometry in the card race, drawn bent.
pub fn is_curve(letter: char) -> bool {
    "eghijkopqrstvEGKOQRHPIJSTV".contains(letter)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(letter: char) -> u16 {
        tile_rows(letter)
            .unwrap()
            .iter()
            .map(|r| match r {
                Start(n) | Road(_, n) => *n,
                Line => 0,
                TileRun::Roundabout(_) => super::super::roundabout::ROWS,
            })
            .sum()
    }

    #[test]
    fn every_letter_is_a_tile_of_six_or_two_rows() {
        for c in TILE_LETTERS.chars() {
            let n = rows(c);
            let expected = match c {
                'v' | 'V' => 3,
                _ if is_curve(c) => 2,
                _ => 6,
            };
            assert_eq!(n, expected, "tile {c}");
        }
        assert!(tile_rows('w').is_none());
        assert!(tile_rows('1').is_none());
    }
}
