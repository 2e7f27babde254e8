//! A whole stage as an animated GIF, for each game: the boards drawn, the palette chosen, the
//! frames compared and encoded. The goal (issue 36): under a second of CPU for a 30-turn
//! stage, so that it is made at every stage's end.

#[allow(dead_code)]
mod stages;

use commissaire_render::ruleset::stage_gif;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn animation(c: &mut Criterion) {
    let mut group = c.benchmark_group("stage animation");
    group.sample_size(10);
    for game in stages::GAMES {
        let turns = stages::stage(game, 7);
        let gif = stage_gif(&turns, "Stage 1, finish", &|_| None, &|_| None, &[]).unwrap();
        eprintln!("{game}: {} turns, {} bytes", turns.len(), gif.len());
        group.bench_function(format!("{game} {} turns: draw + GIF", turns.len()), |b| {
            b.iter(|| {
                stage_gif(
                    black_box(&turns),
                    "Stage 1, finish",
                    &|_| None,
                    &|_| None,
                    &[],
                )
                .unwrap()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, animation);
criterion_main!(benches);
