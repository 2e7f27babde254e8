//! A whole stage of Avenue Corso Paseo, four teams of two riders (what its start area holds),
//! played by the sensible bot from a new seed each time: once through the typed card-race API,
//! once through the registry's object-safe surface (pending, bot choice, apply by key), which
//! the services will use for every ruleset.

use commissaire_engine::course::parse_course_toml;
use commissaire_engine::games::card_race::bot::{SensibleBot, play_stage};
use commissaire_engine::games::card_race::card_race_attributes;
use commissaire_engine::games::card_race::house_a::BrainBot;
use commissaire_engine::games::card_race::movement::LONGEST_MOVE;
use commissaire_engine::games::card_race::{
    Options, Profiles, RiderKind, RiderSetup, Stage, StageEnd, StageSetup, Start, grid_start,
};
use commissaire_engine::registry::{self, DynStage, Entrant, Setup};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn paseo_setup() -> Arc<StageSetup> {
    let text = include_str!("../../config/courses/card-race/avenue-corso-paseo.toml");
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

/// House rules A on Avenue Corso Paseo: eight teams of a rouleur and a sprinteur (the start
/// area grown backwards for sixteen and the gruppetto), the breakaway auction, the gruppetto,
/// riding until all are across or swept.
fn house_a_setup() -> Arc<StageSetup> {
    let text = include_str!("../../config/courses/card-race/avenue-corso-paseo.toml");
    // The run-out laid once here, as a tour would, rather than by every stage it starts.
    let course = parse_course_toml(text, "avenue-corso-paseo.toml")
        .expect("shipped course")
        .with_start_for(18)
        .with_run_out(LONGEST_MOVE);
    let cells = grid_start(&course, 16).expect("the start area holds sixteen");
    let mut riders = Vec::new();
    for (k, kind) in [RiderKind::Rouleur, RiderKind::Sprinteur]
        .into_iter()
        .enumerate()
    {
        for team in 0..8u8 {
            riders.push(RiderSetup {
                id: format!("T{team}{}", kind.letter()),
                team,
                kind,
                start: cells[k * 8 + team as usize],
                carried_exhaustion: 0,
            });
        }
    }
    Arc::new(StageSetup {
        course: Arc::new(course),
        teams: (0..8).map(|t| format!("Team {t}")).collect(),
        riders,
        options: Options {
            profiles: Profiles::HouseA,
            stage_types: true,
            stage_end: StageEnd::AllAcross,
            start: Start::BreakawayHouseA,
            gruppetto: true,
            ..Options::default()
        },
    })
}

/// The same stage as the registry takes it.
fn registry_setup(typed: &StageSetup) -> Setup {
    Setup {
        course: Arc::clone(&typed.course),
        teams: typed.teams.clone(),
        riders: typed
            .riders
            .iter()
            .map(|r| Entrant {
                id: r.id.clone(),
                team: r.team,
                start: Some(r.start),
                attributes: card_race_attributes(r.kind, r.carried_exhaustion),
            })
            .collect(),
        options: serde_json::Value::Null,
        dice: Vec::new(),
    }
}

/// Plays a stage as the services will for bots: ask who owes a decision, let the bot play it.
fn bots_through_registry(stage: &mut dyn DynStage) -> usize {
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

/// Plays a stage as the services will for clicks: ask who owes a decision, let the bot pick a key, apply it.
fn play_through_registry(stage: &mut dyn DynStage) -> usize {
    let mut choices = 0;
    loop {
        let owed = stage.pending();
        if owed.is_empty() {
            return choices;
        }
        for decision in owed {
            if let Some(key) = stage.bot_choice(decision.seat) {
                black_box(
                    stage
                        .apply(decision.seat, key.as_str())
                        .expect("the bot's choice is legal"),
                );
                choices += 1;
            }
        }
    }
}

fn whole_stage(c: &mut Criterion) {
    let setup = paseo_setup();
    let dyn_setup = registry_setup(&setup);
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
    let mut seed = 0u64;
    group.bench_function("paseo_stage_4_teams_sensible_bot_via_registry_keys", |b| {
        b.iter(|| {
            seed += 1;
            let mut stage = registry::start("card-race", &dyn_setup, seed).unwrap();
            black_box(play_through_registry(stage.as_mut()))
        })
    });
    let mut seed = 0u64;
    group.bench_function(
        "paseo_stage_4_teams_sensible_bot_via_registry_play_bot",
        |b| {
            b.iter(|| {
                seed += 1;
                let mut stage = registry::start("card-race", &dyn_setup, seed).unwrap();
                black_box(bots_through_registry(stage.as_mut()))
            })
        },
    );
    group.finish();

    // The same two, interleaved stage by stage with the same seeds, each timing only its own
    // half: both halves see the same machine load, so their ratio holds on a busy machine.
    let mut paired = c.benchmark_group("card_race_paired");
    paired.throughput(Throughput::Elements(1));
    for registry_half in [false, true] {
        let name = if registry_half {
            "registry_play_bot"
        } else {
            "typed"
        };
        let mut seed = 0u64;
        let (mut all_typed, mut all_via) = (Duration::ZERO, Duration::ZERO);
        paired.bench_function(name, |b| {
            b.iter_custom(|iters| {
                let (mut typed, mut via) = (Duration::ZERO, Duration::ZERO);
                for _ in 0..iters {
                    seed += 1;
                    let t0 = Instant::now();
                    let mut stage = Stage::from_shared(Arc::clone(&setup), seed).unwrap();
                    black_box(play_stage(&mut stage, &mut SensibleBot).unwrap());
                    let t1 = Instant::now();
                    let mut stage = registry::start("card-race", &dyn_setup, seed).unwrap();
                    black_box(bots_through_registry(stage.as_mut()));
                    let t2 = Instant::now();
                    typed += t1 - t0;
                    via += t2 - t1;
                }
                all_typed += typed;
                all_via += via;
                if registry_half { via } else { typed }
            })
        });
        eprintln!(
            "registry at {:.1} % of the typed speed over every paired stage",
            100.0 * all_typed.as_secs_f64() / all_via.as_secs_f64()
        );
    }
    paired.finish();

    // House rules A, the measure: a whole stage of eight Brain teams with the auction
    // and the gruppetto, through the typed API.
    let setup = house_a_setup();
    let mut group = c.benchmark_group("card_race_house_a");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("paseo_stage_8_teams_brain_gruppetto", |b| {
        b.iter(|| {
            seed += 1;
            let mut stage = Stage::from_shared(Arc::clone(&setup), seed).unwrap();
            let played = play_stage(&mut stage, &mut BrainBot).unwrap();
            black_box(played)
        })
    });
    group.finish();
}

criterion_group!(benches, whole_stage);
criterion_main!(benches);
