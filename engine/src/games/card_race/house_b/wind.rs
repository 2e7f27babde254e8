//! House rules B's wind (seed 004, EFFETS DE COURSE – VENT; HB-033…HB-037, ruling QB-12).
//!
//! The seed spins a pencil at the start of the event and the players agree on what it points
//! to. Our courses carry no heading per row, so one wind holds for the whole stage, relative to
//! the road (QB-12): a d4 from the stage's dice gives head, cross from the left, cross from the
//! right or tail, one chance in four each. The wind replaces the base end-phase exhaustion
//! (FR-7): a headwind gives 2 cards to each rider with an empty row ahead; a crosswind gives 1
//! card to each rider with nobody beside it on the wind's side in its row (a rider in the lane
//! the wind comes from is never sheltered); a tailwind gives none. Past the line nobody takes
//! any, as in FR-7.

use crate::course::{Course, Pos};
use crate::games::card_race::board::Board;
use crate::games::card_race::movement::exposed;
use serde::{Deserialize, Serialize};

/// The wind of a stage, relative to the road.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wind {
    Head,
    /// From the left-hand side of the road (lanes away from lane 0).
    CrossFromLeft,
    /// From the right-hand side (lane 0's side).
    CrossFromRight,
    Tail,
}

/// The die the wind is drawn with, and what each face means (QB-12).
pub const DIE: u8 = 4;

impl Wind {
    pub fn from_face(face: u8) -> Wind {
        match face {
            1 => Wind::Head,
            2 => Wind::CrossFromLeft,
            3 => Wind::CrossFromRight,
            _ => Wind::Tail,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Wind::Head => "head",
            Wind::CrossFromLeft => "cross_from_left",
            Wind::CrossFromRight => "cross_from_right",
            Wind::Tail => "tail",
        }
    }
}

/// Why a rider takes exhaustion in the end phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Exposure {
    /// Nobody in the row ahead, no wind rule (FR-7).
    Front,
    /// Nobody in the row ahead, headwind (HB-035).
    Headwind,
    /// Nobody beside on the wind's side, crosswind (HB-036).
    Crosswind,
}

impl Exposure {
    pub fn name(self) -> &'static str {
        match self {
            Exposure::Front => "front",
            Exposure::Headwind => "headwind",
            Exposure::Crosswind => "crosswind",
        }
    }
}

/// The exhaustion cards a rider at `at` takes in the end phase before the weather acts, and why:
/// FR-7 without wind, HB-035…HB-037 with it.
pub(crate) fn exhaustion_due(
    course: &Course,
    board: &Board,
    at: Pos,
    wind: Option<Wind>,
) -> Option<(u16, Exposure)> {
    if course.is_past_line(at.row) {
        return None;
    }
    let front_open = exposed(course, board, at);
    match wind {
        None => front_open.then_some((1, Exposure::Front)),
        Some(Wind::Head) => front_open.then_some((2, Exposure::Headwind)),
        Some(Wind::Tail) => None,
        Some(side @ (Wind::CrossFromLeft | Wind::CrossFromRight)) => {
            (!sheltered_beside(course, board, at, side)).then_some((1, Exposure::Crosswind))
        }
    }
}

/// Whether a rider of the same row stands between `at` and the wind's side of the road. The
/// course says which cell lies beside which; lanes are never counted by hand.
fn sheltered_beside(course: &Course, board: &Board, at: Pos, wind: Wind) -> bool {
    let step = |p: Pos| match wind {
        Wind::CrossFromLeft => course.left_of(p),
        _ => course.right_of(p),
    };
    let mut here = at;
    while let Some(next) = step(here) {
        if board.at(next).is_some() {
            return true;
        }
        here = next;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::CourseSpec;

    fn course() -> Course {
        CourseSpec {
            tiles: Some("abu".into()),
            ..Default::default()
        }
        .build()
        .unwrap()
    }

    fn board(course: &Course, riders: &[(u16, u8)]) -> Board {
        let mut b = Board::new(course);
        for (i, &(row, lane)) in riders.iter().enumerate() {
            b.put(Pos::new(row, lane), i as u8);
        }
        b
    }

    fn due(c: &Course, b: &Board, at: (u16, u8), wind: Option<Wind>) -> u16 {
        exhaustion_due(c, b, Pos::new(at.0, at.1), wind).map_or(0, |d| d.0)
    }

    #[test]
    fn hb_035_tv_26_headwind_gives_2_to_the_front_of_a_group() {
        let c = course();
        let b = board(&c, &[(8, 0), (8, 1), (7, 0)]);
        let head = Some(Wind::Head);
        assert_eq!(due(&c, &b, (8, 0), head), 2);
        assert_eq!(due(&c, &b, (8, 1), head), 2);
        assert_eq!(due(&c, &b, (7, 0), head), 0, "directly behind them");
        assert_eq!(due(&c, &b, (8, 0), None), 1, "FR-7 without wind");
    }

    #[test]
    fn hb_036_tv_26_crosswind_from_the_left_spares_the_rider_sheltered_on_its_left() {
        let c = course();
        let left = Some(Wind::CrossFromLeft);
        let both = board(&c, &[(8, 0), (8, 1), (9, 0)]);
        assert_eq!(due(&c, &both, (8, 1), left), 1, "the windward rider");
        assert_eq!(due(&c, &both, (8, 0), left), 0, "sheltered on its left");
        let right_only = board(&c, &[(8, 0)]);
        assert_eq!(due(&c, &right_only, (8, 0), left), 1);
        let left_only = board(&c, &[(8, 1)]);
        assert_eq!(due(&c, &left_only, (8, 1), left), 1);
        // From the right, the other way round; a row ahead shelters nobody from the side.
        let right = Some(Wind::CrossFromRight);
        assert_eq!(due(&c, &both, (8, 0), right), 1);
        assert_eq!(due(&c, &both, (8, 1), right), 0);
    }

    #[test]
    fn hb_037_tv_26_tailwind_gives_nothing() {
        let c = course();
        let b = board(&c, &[(8, 0)]);
        assert_eq!(due(&c, &b, (8, 0), Some(Wind::Tail)), 0);
        assert_eq!(due(&c, &b, (8, 0), None), 1);
    }

    #[test]
    fn hb_033_every_face_of_the_d4_is_a_wind() {
        let winds: Vec<Wind> = (1..=DIE).map(Wind::from_face).collect();
        assert_eq!(
            winds,
            [
                Wind::Head,
                Wind::CrossFromLeft,
                Wind::CrossFromRight,
                Wind::Tail
            ]
        );
    }

    #[test]
    fn past_the_line_no_wind_bites() {
        let c = course();
        let line = c.finish_row();
        let b = board(&c, &[(line, 0)]);
        assert_eq!(due(&c, &b, (line, 0), Some(Wind::Head)), 0);
        assert_eq!(due(&c, &b, (line, 0), Some(Wind::CrossFromLeft)), 0);
    }
}
