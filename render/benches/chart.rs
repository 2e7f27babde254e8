//! A classification's chart (issue 36): the standings after each stage computed through the
//! registry, then the chart drawn and encoded, for a week (7 stages) and a grand tour (21).

use commissaire_engine::registry;
use commissaire_render::samples::tour_results;
use commissaire_render::{ChartScene, render_chart};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn after_each(
    done: &[commissaire_engine::tour::StageResult],
    id: &str,
) -> Vec<commissaire_engine::tour::Classification> {
    (1..=done.len())
        .map(|k| {
            registry::classify("card-race", &done[..k], &serde_json::Value::Null)
                .unwrap()
                .get(id)
                .unwrap()
                .clone()
        })
        .collect()
}

fn chart(c: &mut Criterion) {
    let mut group = c.benchmark_group("chart");
    group.sample_size(20);
    for stages in [7, 21] {
        let done = tour_results(stages, 36);
        let tables = after_each(&done, "general");
        let scene = ChartScene::new(&tables, &|_| Some(commissaire_render::palette::team(0)));
        let png = render_chart(&scene).unwrap();
        eprintln!("general after {stages} stages: {} bytes", png.len());
        group.bench_function(format!("standings after each of {stages} stages"), |b| {
            b.iter(|| after_each(black_box(&done), "general"))
        });
        group.bench_function(format!("general, {stages} stages: draw + PNG"), |b| {
            b.iter(|| render_chart(black_box(&scene)).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, chart);
criterion_main!(benches);
