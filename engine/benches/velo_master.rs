//! A whole Velo Master stage on the mountain course (Col des Trois Cols), four teams played by
//! the sensible bot from a new seed each time, through the registry's surface as the services
//! drive it: start phase, every slot, every step.

use commissaire_engine::course::parse_course_toml;
use commissaire_engine::registry::{self, DynStage, Entrant, Setup};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use serde_json::json;
use std::hint::black_box;
use std::sync::Arc;

fn mountain_setup(level: &str) -> Setup {
    let text = include_str!("../../config/courses/velo-master/vm-col-des-trois-cols.toml");
    let course = parse_course_toml(text, "vm-col-des-trois-cols.toml").expect("shipped course");
    let per_team = if level == "debutant" { 2 } else { 4 };
    let mut riders = Vec::new();
    for team in 0..4u8 {
        for k in 0..per_team {
            riders.push(Entrant {
                id: format!("T{team}R{k}"),
                team,
                start: None,
                attributes: json!({"role": if k == 0 { "leader" } else { "team-mate" }}),
            });
        }
    }
    Setup {
        course: Arc::new(course),
        teams: (0..4).map(|t| format!("Team {t}")).collect(),
        riders,
        options: json!({ "level": level }),
        dice: Vec::new(),
    }
}

fn bots(stage: &mut dyn DynStage) -> usize {
    let mut choices = 0;
    loop {
        let owed = stage.waiting_on();
        if owed.is_empty() {
            return choices;
        }
        for (seat, _) in owed {
            if let Some(played) = stage.play_bot(seat).expect("the bot's choice is legal") {
                black_box(played);
                choices += 1;
            }
        }
    }
}

fn whole_stage(c: &mut Criterion) {
    let mut group = c.benchmark_group("velo_master");
    group.throughput(Throughput::Elements(1));
    for level in ["debutant", "expert"] {
        let setup = mountain_setup(level);
        let mut seed = 0u64;
        group.bench_function(format!("mountain_stage_4_teams_{level}_bots"), |b| {
            b.iter(|| {
                seed += 1;
                let mut stage = registry::start("velo-master", &setup, seed).unwrap();
                black_box(bots(stage.as_mut()))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, whole_stage);
criterion_main!(benches);
