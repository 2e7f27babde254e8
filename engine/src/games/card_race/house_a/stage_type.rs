//! Stage types from the climbs (HA-001): the type chooses the specialist's role (HA-023) and,
//! in the tour, the jersey scales (Table A3).
//!
//! Source: seed 001, "Règles de différents cyclistes" (repeated under "Règles des différents
//! maillots"): a stage is flat under 6 uphill rows in all, hilly from 6 to 11, mountain above 11.

use crate::course::{Course, Terrain};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StageType {
    Flat,
    Hilly,
    Mountain,
}

/// The fewest uphill rows of a hilly stage, and of a mountain stage (HA-001).
const HILLY_FROM: u16 = 6;
const MOUNTAIN_FROM: u16 = 12;

impl StageType {
    /// HA-001 by the count of uphill rows.
    pub fn from_uphill_rows(rows: u16) -> StageType {
        match rows {
            r if r >= MOUNTAIN_FROM => StageType::Mountain,
            r if r >= HILLY_FROM => StageType::Hilly,
            _ => StageType::Flat,
        }
    }

    /// HA-001 for a course. Ruling QA-01: only uphill rows strictly before the finish line count
    /// (the run-out after the line does not), over the whole course; the start area counts as
    /// it is drawn (the shipped courses start on flat).
    pub fn of(course: &Course) -> StageType {
        Self::from_uphill_rows(uphill_rows(course))
    }
}

/// Uphill rows before the finish line.
pub fn uphill_rows(course: &Course) -> u16 {
    (0..course.finish_row())
        .filter(|&r| course.terrain(r) == Terrain::Uphill)
        .count() as u16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::{CourseSpec, SegmentSpec, parse_course_toml};

    fn course_with(uphill: i64, uphill_after_line: i64) -> Course {
        let seg = |terrain, length, start, finish| SegmentSpec {
            terrain,
            length,
            lanes: None,
            start,
            finish,
        };
        let mut segments = vec![seg(Terrain::Flat, 4, true, false)];
        if uphill > 0 {
            segments.push(seg(Terrain::Uphill, uphill, false, false));
        }
        segments.push(seg(Terrain::Flat, 6, false, false));
        segments.push(seg(Terrain::Flat, 2, false, true));
        if uphill_after_line > 0 {
            segments.push(seg(Terrain::Uphill, uphill_after_line, false, false));
        }
        CourseSpec {
            segments,
            ..Default::default()
        }
        .build()
        .unwrap()
    }

    /// TV-03, first table: the bounds 5/6 and 11/12, counted on built courses; rows past the
    /// line do not count (QA-01).
    #[test]
    fn ha_001_tv_03_stage_type_by_uphill_rows_before_the_line() {
        for (rows, expected) in [
            (0, StageType::Flat),
            (5, StageType::Flat),
            (6, StageType::Hilly),
            (11, StageType::Hilly),
            (12, StageType::Mountain),
            (19, StageType::Mountain),
        ] {
            assert_eq!(
                StageType::of(&course_with(rows, 0)),
                expected,
                "{rows} rows"
            );
        }
        assert_eq!(
            StageType::of(&course_with(5, 3)),
            StageType::Flat,
            "the run-out's climb is past the line"
        );
    }

    /// TV-03, second table: the six stages of the base game as shipped.
    #[test]
    fn ha_001_tv_03_the_base_stages() {
        let cases: [(&str, &str, u16, StageType); 6] = [
            (
                "avenue-corso-paseo",
                include_str!("../../../../../config/courses/card-race/avenue-corso-paseo.toml"),
                0,
                StageType::Flat,
            ),
            (
                "firenze-milano",
                include_str!("../../../../../config/courses/card-race/firenze-milano.toml"),
                12,
                StageType::Mountain,
            ),
            (
                "la-classicissima",
                include_str!("../../../../../config/courses/card-race/la-classicissima.toml"),
                18,
                StageType::Mountain,
            ),
            (
                "la-haute-montagne",
                include_str!("../../../../../config/courses/card-race/la-haute-montagne.toml"),
                19,
                StageType::Mountain,
            ),
            (
                "le-col-du-ballon",
                include_str!("../../../../../config/courses/card-race/le-col-du-ballon.toml"),
                12,
                StageType::Mountain,
            ),
            (
                "ronde-van-wevelgem",
                include_str!("../../../../../config/courses/card-race/ronde-van-wevelgem.toml"),
                8,
                StageType::Hilly,
            ),
        ];
        for (file, text, rows, expected) in cases {
            let course = parse_course_toml(text, file).unwrap();
            assert_eq!(uphill_rows(&course), rows, "{file}");
            assert_eq!(StageType::of(&course), expected, "{file}");
        }
    }
}
