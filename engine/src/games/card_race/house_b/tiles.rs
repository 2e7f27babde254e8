//! House rules B's steep rows (seed 004, TUILES – FORT POURCENTAGE; HB-003…HB-005, rulings QB-02,
//! QB-03).
//!
//! A card's value, after the terrain rules (the uphill cap and the climb-ahead cut included), is
//! a number of movement points, spent row by row: a steep row in a climb costs 2, any other row
//! costs 1. A rider with exactly 1 point left in front of a steep row stops before it and the
//! point is lost (HB-004). The grimpeur's 7 is exempt from the cap, not from the steep cost (QB-02).
//!
//! Downhill, the seed's author only sketched two ideas, untested (QB-03): with
//! `steep_downhill = "boost"` a rider starting its move on a steep downhill row adds 1 to its
//! card, before the downhill minimum; with the option off a steep downhill row is a plain
//! downhill row. The "gamble" variant (HB-006) is [`super::gamble`].

use crate::course::{Course, Terrain};
use serde::{Deserialize, Serialize};

/// What a steep row costs to enter, in movement points (HB-003).
pub const STEEP_COST: u16 = 2;
/// What the boost variant adds to a card played from a steep downhill row (HB-005).
pub const DOWNHILL_BOOST: u16 = 1;

/// Option `steep_downhill` (conformance table 5.1, QB-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SteepDownhill {
    #[default]
    Off,
    /// HB-005: +1 to a card played from a steep downhill row.
    Boost,
    /// HB-006: a rider may declare, with its card, that it skips the steep downhill row in its
    /// path, at the risk of a fall ([`super::gamble`]).
    Gamble,
}

/// Option `tiles`: which of house rules B's tiles the course's marks bring into play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TilesOptions {
    /// Steep rows cost 2 movement points in a climb (HB-003, HB-004).
    #[serde(default)]
    pub steep: bool,
    /// A rider keeps its side through a roundabout, the short lane costing 2 points less
    /// (HB-001, HB-002).
    #[serde(default)]
    pub roundabout: bool,
}

/// The card's value plus the boost of a steep downhill start, when that variant is on (HB-005):
/// added before the downhill minimum, so it matters only for cards of 5 and more.
pub fn boosted(course: &Course, row: u16, value: u16, downhill: SteepDownhill) -> u16 {
    let boost = downhill == SteepDownhill::Boost
        && course.terrain(row) == Terrain::Downhill
        && course.is_steep(row);
    value + if boost { DOWNHILL_BOOST } else { 0 }
}

/// The rows `points` movement points carry a rider from `row`, steep climb rows costing 2
/// (HB-003, HB-004, TV-25) when `steep` is on, rows off the rider's path (a roundabout's outer
/// rows for a rider on its short lane, HB-002) nothing.
pub fn rows_for(
    course: &Course,
    row: u16,
    points: u16,
    steep: bool,
    on_path: impl Fn(u16) -> bool,
) -> u16 {
    let mut left = points;
    let mut rows = 0;
    let mut next = row + 1;
    while left > 0 && next <= course.last_row() {
        let cost = if !on_path(next) {
            0
        } else if steep && course.terrain(next) == Terrain::Uphill && course.is_steep(next) {
            STEEP_COST
        } else {
            1
        };
        if left < cost {
            break;
        }
        left -= cost;
        rows += 1;
        next += 1;
    }
    // Past the end of the road the remaining points still count, one row each (the run-out is
    // as long as the longest card, so this only keeps the sum whole).
    rows + left * u16::from(next > course.last_row())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::parse_course_toml;

    /// 4 start rows, 10 uphill rows (4 to 13), the line and 5 flat rows; steep rows given.
    fn climb(steep: &[u16]) -> Course {
        let list: Vec<String> = steep.iter().map(|r| r.to_string()).collect();
        parse_course_toml(
            &format!(
                "steep = [{}]\n[[segment]]\nterrain = \"flat\"\nlength = 4\nstart = true\n[[segment]]\nterrain = \"uphill\"\nlength = 10\n[[segment]]\nterrain = \"flat\"\nlength = 5\nfinish = true\n",
                list.join(", ")
            ),
            "climb.toml",
        )
        .unwrap()
    }

    fn rows_for_steep(course: &Course, row: u16, points: u16) -> u16 {
        rows_for(course, row, points, true, |_| true)
    }

    #[test]
    fn hb_003_hb_004_tv_25_points_spent_row_by_row() {
        let r = 5;
        assert_eq!(rows_for_steep(&climb(&[r + 2]), r, 5), 4, "1 + 2 + 1 + 1");
        assert_eq!(
            rows_for_steep(&climb(&[r + 5]), r, 5),
            4,
            "1 point left, cannot enter"
        );
        assert_eq!(
            rows_for_steep(&climb(&[r + 2]), r, 3),
            2,
            "onto the steep row"
        );
        assert_eq!(rows_for_steep(&climb(&[r + 2]), r, 2), 1, "stops before it");
        assert_eq!(rows_for_steep(&climb(&[]), r, 5), 5);
        assert_eq!(
            rows_for_steep(&climb(&[r + 1, r + 2]), r, 4),
            2,
            "two steep rows"
        );
    }

    #[test]
    fn hb_005_boost_adds_1_from_a_steep_downhill_row_only() {
        let c = parse_course_toml(
            "steep = [5]\n[[segment]]\nterrain = \"flat\"\nlength = 4\nstart = true\n[[segment]]\nterrain = \"downhill\"\nlength = 3\n[[segment]]\nterrain = \"flat\"\nlength = 5\nfinish = true\n",
            "down.toml",
        )
        .unwrap();
        assert_eq!(boosted(&c, 5, 6, SteepDownhill::Boost), 7);
        assert_eq!(boosted(&c, 5, 6, SteepDownhill::Off), 6);
        assert_eq!(
            boosted(&c, 4, 6, SteepDownhill::Boost),
            6,
            "not a steep row"
        );
        // Downhill steep rows cost nothing extra.
        assert_eq!(rows_for_steep(&c, 4, 3), 3);
    }
}
