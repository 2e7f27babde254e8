//! Drawing and encoding a 12-rider board must stay under 20 ms (the bot posts one per turn).
//! The team colours every picture takes (issue 36) are worked out once a picture too, and the
//! stage's profile (`/stage`) is drawn as the board is.

use commissaire_render::{
    Mark, Played, ProfileScene, draw_board, palette, profile::render_profile, render_board,
    samples, vision,
};
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
    // The same board with each rider's card drawn again in the panel of what was played
    // (issue 36), as a card race's settled round is.
    let mut played = sprint.clone();
    played.played = sprint
        .riders
        .iter()
        .filter_map(|r| {
            Some(Played {
                team: r.team,
                rider: r.label.clone(),
                what: Mark::Card(r.card()?.to_string()),
            })
        })
        .collect();
    played.played.sort_by_key(|p| p.team);
    assert_eq!(played.played.len(), 12);
    c.bench_function("board 12 riders and their cards: draw + PNG", |b| {
        b.iter(|| render_board(black_box(&played)).unwrap())
    });
    // The stage's profile that `/stage` answers with, redrawn once a round for each tour.
    let profile = ProfileScene::from_board(&sprint);
    c.bench_function("profile 12 riders: draw + PNG", |b| {
        b.iter(|| render_profile(black_box(&profile)).unwrap())
    });
    let split = samples::split_field();
    c.bench_function("board split in 3 strips: draw + PNG", |b| {
        b.iter(|| render_board(black_box(&split)).unwrap())
    });
}

fn team_colours(c: &mut Criterion) {
    let named = |n: &str| palette::team(palette::team_index(n).unwrap());
    // The worst case: eight teams that all chose red, seven of them moved.
    let reds = vec![named("red"); 8];
    c.bench_function("team colours: 8 teams all in red", |b| {
        b.iter(|| vision::distinct_team_colours(black_box(&reds)))
    });
    // A usual tour: six teams, two clashes (red and brown, blue and purple).
    let six = ["red", "brown", "blue", "purple", "yellow", "black"].map(named);
    c.bench_function("team colours: 6 teams, two clashes", |b| {
        b.iter(|| vision::distinct_team_colours(black_box(&six)))
    });
}

criterion_group!(benches, board, team_colours);
criterion_main!(benches);
