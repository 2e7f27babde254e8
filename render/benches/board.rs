//! Drawing and encoding a 12-rider board must stay under 20 ms (the bot posts one per turn).

use commissaire_render::{draw_board, render_board, samples};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn board(c: &mut Criterion) {
    let sprint = samples::bunch_sprint();
    assert_eq!(sprint.riders.len(), 12);
    c.bench_function("board 12 riders: draw + PNG", |b| {
        b.iter(|| render_board(black_box(&sprint)).unwrap())
    });
    c.bench_function("board 12 riders: draw only", |b| {
        b.iter(|| draw_board(black_box(&sprint)).unwrap())
    });
    let split = samples::split_field();
    c.bench_function("board split in 3 strips: draw + PNG", |b| {
        b.iter(|| render_board(black_box(&split)).unwrap())
    });
}

criterion_group!(benches, board);
criterion_main!(benches);
