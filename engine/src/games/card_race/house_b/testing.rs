//! Stages with stacked decks for the house-B clause tests of this module's files.

use super::HouseBOptions;
use crate::course::{CourseSpec, Pos, SegmentSpec, Terrain};
use crate::games::card_race::{Card, Hands, Options, RiderKind, RiderSetup, Stage, StageSetup};
use std::sync::Arc;

pub fn seg(terrain: Terrain, length: i64, start: bool, finish: bool) -> SegmentSpec {
    SegmentSpec {
        terrain,
        length,
        lanes: None,
        start,
        finish,
    }
}

/// A start, `rows` of flat, a finish.
pub fn flat(rows: i64) -> Vec<SegmentSpec> {
    vec![
        seg(Terrain::Flat, 4, true, false),
        seg(Terrain::Flat, rows, false, false),
        seg(Terrain::Flat, 5, false, true),
    ]
}

/// Each rider its own team, real decks stacked as given (the last card is drawn first).
pub fn stacked(
    segments: Vec<SegmentSpec>,
    riders: &[(u16, u8, &[Card])],
    house_b: HouseBOptions,
) -> Stage {
    let spec = CourseSpec {
        segments,
        ..Default::default()
    };
    stacked_on(spec, riders, house_b)
}

/// [`stacked`] on a course with marks beyond its segments (steep rows).
pub fn stacked_on(
    spec: CourseSpec,
    riders: &[(u16, u8, &[Card])],
    house_b: HouseBOptions,
) -> Stage {
    let course = spec.build().unwrap();
    let setup = StageSetup {
        course: Arc::new(course),
        teams: (0..riders.len()).map(|i| format!("T{i}")).collect(),
        riders: riders
            .iter()
            .enumerate()
            .map(|(i, &(row, lane, _))| RiderSetup {
                id: format!("R{i}"),
                team: i as u8,
                kind: RiderKind::Rouleur,
                start: Pos::new(row, lane),
                carried_exhaustion: 0,
            })
            .collect(),
        options: Options {
            hands: Hands::Deal,
            house_b,
            ..Options::default()
        },
    };
    let mut s = Stage::new(setup, 1).unwrap();
    for (i, &(_, _, deck)) in riders.iter().enumerate() {
        s.riders[i].deck = deck.to_vec();
    }
    s
}

pub fn e(v: u8) -> Card {
    Card::Energy(v)
}
pub const X: Card = Card::Exhaustion;
pub const A: Card = Card::Attack;
