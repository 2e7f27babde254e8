//! Builders for small stages in tests: a course from (terrain, length) runs, riders on chosen
//! cells, and a round played from a list of cards.

#![allow(dead_code)]

use commissaire_engine::course::{Course, CourseSpec, Pos, SegmentSpec, Terrain};
use commissaire_engine::game::Ruleset;
use commissaire_engine::games::card_race::{
    Card, Choice, Event, Hands, Options, Profiles, RiderKind, RiderSetup, Stage, StageEnd,
    StageSetup,
};
use std::sync::Arc;

#[allow(unused_imports)]
pub use Terrain::{Cobbles as C, Downhill as D, Flat as F, Supply as S, Uphill as U};

/// A two-lane course: 4 start rows, then the runs given, then the line and 5 flat run-out rows.
pub fn course(runs: &[(Terrain, i64)]) -> Course {
    let mut segments = vec![SegmentSpec {
        terrain: Terrain::Flat,
        length: 4,
        lanes: None,
        start: true,
        finish: false,
    }];
    for &(terrain, length) in runs {
        segments.push(SegmentSpec {
            terrain,
            length,
            lanes: None,
            start: false,
            finish: false,
        });
    }
    segments.push(SegmentSpec {
        terrain: Terrain::Flat,
        length: 5,
        lanes: None,
        start: false,
        finish: true,
    });
    CourseSpec {
        segments,
        ..Default::default()
    }
    .build()
    .unwrap()
}

/// Each rider its own team (seat = listed index), free hands.
pub fn stage(course: Course, riders: &[(&str, u16, u8)]) -> Stage {
    stage_with(
        course,
        riders,
        RiderKind::Rouleur,
        StageEnd::FirstAcross,
        Profiles::Base,
    )
}

pub fn stage_with(
    course: Course,
    riders: &[(&str, u16, u8)],
    kind: RiderKind,
    stage_end: StageEnd,
    profiles: Profiles,
) -> Stage {
    let setup = StageSetup {
        course: Arc::new(course),
        teams: riders.iter().map(|r| format!("Team {}", r.0)).collect(),
        riders: riders
            .iter()
            .enumerate()
            .map(|(i, &(id, row, lane))| RiderSetup {
                id: id.into(),
                team: i as u8,
                kind,
                start: Pos::new(row, lane),
                carried_exhaustion: 0,
            })
            .collect(),
        options: Options {
            hands: Hands::Free,
            stage_end,
            profiles,
            ..Options::default()
        },
    };
    Stage::new(setup, 1).unwrap()
}

pub fn idx(stage: &Stage, id: &str) -> u8 {
    stage
        .setup()
        .riders
        .iter()
        .position(|r| r.id == id)
        .unwrap_or_else(|| panic!("no rider {id}")) as u8
}

/// Plays one round in free hands: every racing rider must be given a card.
pub fn round(stage: &mut Stage, cards: &[(&str, Card)]) -> Vec<Event> {
    let mut events = Vec::new();
    for &(id, card) in cards {
        let rider = idx(stage, id);
        let seat = stage.setup().riders[rider as usize].team;
        events.extend(stage.apply(seat, &Choice::Keep { rider, card }).unwrap());
    }
    events
}

pub fn n(v: u8) -> Card {
    Card::Energy(v)
}

pub const E: Card = Card::Exhaustion;

pub fn at(stage: &Stage, id: &str) -> (u16, u8) {
    let p = stage.position(idx(stage, id));
    (p.row, p.lane)
}

pub fn exhaustion(stage: &Stage, id: &str) -> u16 {
    stage.exhaustion_taken(idx(stage, id))
}
