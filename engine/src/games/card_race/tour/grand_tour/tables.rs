//! Every scale of the house-rules-B grand tour, in one place.
//!
//! Source: seed 004 (house rules B), MODES DE COURSE – GRAND TOUR – CLASSEMENTS (GENERAL,
//! POINTS, MONTAGNE, EQUIPE, COMBATIVITE) and RESULTATS; restated in `docs/rules-card-race.md`
//! (tables B3, B4 and B5 are the scales below). The repêchage's constants, which every tour
//! shares (from Velo Master, seed 000, POINTS DIVERS), live in the shared `crate::tour::tables`.

use crate::course::Terrain;

/// One minute per card played (GENERAL; HB-061, table B5).
pub const SECONDS_PER_CARD: i64 = 60;

/// Taken off per row a rider ended beyond the line, the first row beyond counting 1 (GENERAL;
/// HB-061, QB-20).
pub const SECONDS_PER_ROW_PAST: i64 = 10;

/// What one row not yet ridden costs a rider short of the line (GENERAL; HB-062, table B5):
/// 10 s downhill, 20 s flat or cobbled, 30 s uphill. The seed names no price for the supply
/// rows; table B5 prices them as flat, since they are flat road with a feed on it.
pub fn short_row_seconds(terrain: Terrain) -> i64 {
    match terrain {
        Terrain::Downhill => 10,
        Terrain::Flat | Terrain::Cobbles | Terrain::Supply => 20,
        Terrain::Uphill => 30,
    }
}

/// Seconds taken off the first three of a stage's ranking (GENERAL; HB-063, table B4).
pub const FINISH_BONUS_SECONDS: [u32; 3] = [15, 10, 5];

/// Points for the first three over an intermediate sprint (POINTS; HB-064, table B4).
pub const SPRINT_POINTS: [u32; 3] = [9, 6, 3];

/// Seconds taken off the general-classification time of the first three over an intermediate
/// sprint (POINTS; HB-064, table B4).
pub const SPRINT_BONUS_SECONDS: [u32; 3] = [3, 2, 1];

/// Points for the first three of a stage, except on a summit finish or in a time trial (POINTS;
/// HB-065, HB-066, table B4).
pub const FINISH_POINTS: [u32; 3] = [6, 3, 1];

/// Points at the top of a climb of `length` rows, first over first (MONTAGNE; HB-067, table B3).
///
/// The seed prints lengths 2 to 12; the printed table is exactly this formula, which QB-22 adopts
/// beyond it: fewer than 4 rows pay `[n, 1]`, 4 to 7 rows `[n, n/2, 1]`, 8 rows or more
/// `[n, n/2, n/4, 1]` (halves and quarters rounded down). A 1-row climb pays 1 to the first
/// rider only (QB-22); a 0-row climb is not a climb and pays nothing.
pub fn mountain_points(length: u16) -> Vec<u32> {
    let n = u32::from(length);
    match n {
        0 => Vec::new(),
        1 => vec![1],
        2 | 3 => vec![n, 1],
        4..=7 => vec![n, n / 2, 1],
        _ => vec![n, n / 2, n / 4, 1],
    }
}

/// The extra point of a climb raised by a steep (black) row (MONTAGNE; HB-068, QB-22).
pub const STEEP_BONUS_POINTS: u32 = 1;

/// The combativity point of a stage (COMBATIVITE; HB-071).
pub const COMBATIVITY_POINTS: u32 = 1;

/// How many riders' times make a team's time (EQUIPE; HB-069).
pub const TEAM_COUNTED_RIDERS: usize = 2;

#[cfg(test)]
mod tests {
    use super::*;

    /// Table B3 exactly as the seed prints it (MONTAGNE), lengths 2 to 12.
    const PRINTED_B3: [(u16, &[u32]); 11] = [
        (2, &[2, 1]),
        (3, &[3, 1]),
        (4, &[4, 2, 1]),
        (5, &[5, 2, 1]),
        (6, &[6, 3, 1]),
        (7, &[7, 3, 1]),
        (8, &[8, 4, 2, 1]),
        (9, &[9, 4, 2, 1]),
        (10, &[10, 5, 2, 1]),
        (11, &[11, 5, 2, 1]),
        (12, &[12, 6, 3, 1]),
    ];

    #[test]
    fn hb_067_mountain_points_by_length_match_the_printed_table() {
        for (length, points) in PRINTED_B3 {
            assert_eq!(mountain_points(length), points, "climb of {length} rows");
        }
    }

    #[test]
    fn qb_22_mountain_points_beyond_the_printed_table() {
        assert_eq!(mountain_points(0), Vec::<u32>::new());
        assert_eq!(mountain_points(1), vec![1]);
        assert_eq!(mountain_points(13), vec![13, 6, 3, 1]);
        assert_eq!(mountain_points(20), vec![20, 10, 5, 1]);
    }

    #[test]
    fn hb_062_short_row_prices() {
        assert_eq!(short_row_seconds(Terrain::Downhill), 10);
        assert_eq!(short_row_seconds(Terrain::Flat), 20);
        assert_eq!(short_row_seconds(Terrain::Cobbles), 20);
        assert_eq!(short_row_seconds(Terrain::Supply), 20);
        assert_eq!(short_row_seconds(Terrain::Uphill), 30);
    }

    #[test]
    fn hb_063_hb_064_hb_065_scales() {
        assert_eq!(FINISH_BONUS_SECONDS, [15, 10, 5]);
        assert_eq!(SPRINT_POINTS, [9, 6, 3]);
        assert_eq!(SPRINT_BONUS_SECONDS, [3, 2, 1]);
        assert_eq!(FINISH_POINTS, [6, 3, 1]);
    }
}
