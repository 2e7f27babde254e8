//! A whole stage of Avenue Corso Paseo, four teams of two riders (what its start area holds),
//! played by the sensible bot from a new seed each time.

use commissaire_engine::card_race::bot::{SensibleBot, play_stage};
use commissaire_engine::card_race::{
    Options, RiderKind, RiderSetup, Stage, StageSetup, grid_start,
};
use commissaire_engine::course::parse_course_toml;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::Arc;

fn paseo_setup() -> Arc<StageSetup> {
    let text = include_str!("../../config/courses/avenue-corso-paseo.toml");
    let course = parse_course_toml(text, "avenue-corso-paseo.toml").expect("shipped course");
    let cells = grid_start(&course, 8).expect("the start area holds eight");
    let mut riders = Vec::new();
    for (k, kind) in [RiderKind::Rouleur, RiderKind::Sprinteur]
        .into_iter()
        .enumerate()
    {
        for team in 0..4u8 {
            riders.push(RiderSetup {
                id: format!("T{team}{}", kind.letter()),
                team,
                kind,
                start: cells[k * 4 + team as usize],
                carried_exhaustion: 0,
            });
        }
    }
    Arc::new(StageSetup {
        course: Arc::new(course),
        teams: (0..4).map(|t| format!("Team {t}")).collect(),
        riders,
        options: Options::default(),
    })
}

fn whole_stage(c: &mut Criterion) {
    let setup = paseo_setup();
    let mut group = c.benchmark_group("card_race");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("paseo_stage_4_teams_sensible_bot", |b| {
        b.iter(|| {
            seed += 1;
            let mut stage = Stage::from_shared(Arc::clone(&setup), seed).unwrap();
            let played = play_stage(&mut stage, &mut SensibleBot).unwrap();
            black_box(played)
        })
    });
    group.finish();
}

criterion_group!(benches, whole_stage);
criterion_main!(benches);
