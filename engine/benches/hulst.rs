//! A whole Hulst stage on the flat course, four teams of three played by the sensible bot from a
//! new seed each time, through the registry's surface as the services drive it.

use commissaire_engine::course::parse_course_toml;
use commissaire_engine::registry::{self, DynStage, Entrant, Setup};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::Arc;

fn setup(text: &str, file: &str) -> Setup {
    let course = parse_course_toml(text, file).expect("shipped course");
    let mut riders = Vec::new();
    for team in 0..4u8 {
        for k in 0..3 {
            riders.push(Entrant {
                id: format!("T{team}R{k}"),
                team,
                start: None,
                attributes: serde_json::Value::Null,
            });
        }
    }
    Setup {
        course: Arc::new(course),
        teams: (0..4).map(|t| format!("Team {t}")).collect(),
        riders,
        options: serde_json::Value::Null,
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
    let mut group = c.benchmark_group("hulst");
    group.throughput(Throughput::Elements(1));
    for (name, file, text) in [
        (
            "flat",
            "hulst-vlakke-etappe.toml",
            include_str!("../../config/courses/hulst/hulst-vlakke-etappe.toml"),
        ),
        (
            "mountain",
            "hulst-bergetappe.toml",
            include_str!("../../config/courses/hulst/hulst-bergetappe.toml"),
        ),
    ] {
        let setup = setup(text, file);
        let mut seed = 0u64;
        group.bench_function(format!("{name}_stage_4_teams_bots"), |b| {
            b.iter(|| {
                seed += 1;
                let mut stage = registry::start("hulst", &setup, seed).expect("starts");
                bots(stage.as_mut())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, whole_stage);
criterion_main!(benches);
