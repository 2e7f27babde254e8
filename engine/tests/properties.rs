//! Properties over random courses and random legal play.

use commissaire_engine::course::{CourseSpec, SegmentSpec, Terrain};
use commissaire_engine::game::{Ruleset, replay};
use commissaire_engine::games::card_race::bot::{Policy, RandomBot};
use commissaire_engine::games::card_race::cards::starting_deck;
use commissaire_engine::games::card_race::{
    Card, Choice, Options, Profiles, RiderKind, RiderSetup, Stage, StageEnd, StageSetup, grid_start,
};
use proptest::prelude::*;
use std::collections::HashSet;
use std::sync::Arc;

fn terrain() -> impl Strategy<Value = Terrain> {
    prop_oneof![
        4 => Just(Terrain::Flat),
        2 => Just(Terrain::Uphill),
        2 => Just(Terrain::Downhill),
        1 => Just(Terrain::Supply),
        1 => Just(Terrain::Cobbles),
    ]
}

fn setup_strategy() -> impl Strategy<Value = StageSetup> {
    (
        prop::collection::vec((terrain(), 1i64..8), 1..10),
        2usize..=10,
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(runs, riders, all_across, house_b)| {
            let mut segments = vec![SegmentSpec {
                terrain: Terrain::Flat,
                length: 5,
                lanes: None,
                start: true,
                finish: false,
            }];
            segments.extend(runs.into_iter().map(|(terrain, length)| SegmentSpec {
                terrain,
                length,
                lanes: None,
                start: false,
                finish: false,
            }));
            segments.push(SegmentSpec {
                terrain: Terrain::Flat,
                length: 5,
                lanes: None,
                start: false,
                finish: true,
            });
            let course = CourseSpec {
                segments,
                ..Default::default()
            }
            .build()
            .unwrap();
            let cells = grid_start(&course, riders).unwrap();
            let kinds = [
                RiderKind::Rouleur,
                RiderKind::Sprinteur,
                RiderKind::Grimpeur,
            ];
            StageSetup {
                teams: (0..riders.div_ceil(2)).map(|t| format!("T{t}")).collect(),
                riders: (0..riders)
                    .map(|i| RiderSetup {
                        id: format!("r{i}"),
                        team: (i / 2) as u8,
                        kind: kinds[i % if house_b { 3 } else { 2 }],
                        start: cells[i],
                        carried_exhaustion: (i % 3) as u16,
                    })
                    .collect(),
                course: Arc::new(course),
                options: Options {
                    stage_end: if all_across {
                        StageEnd::AllAcross
                    } else {
                        StageEnd::FirstAcross
                    },
                    profiles: if house_b {
                        Profiles::HouseB
                    } else {
                        Profiles::Base
                    },
                    ..Options::default()
                },
            }
        })
}

fn check_invariants(s: &Stage) {
    let mut cells = HashSet::new();
    for r in 0..s.setup().riders.len() as u8 {
        if s.on_road(r) {
            assert!(
                cells.insert(s.position(r)),
                "two riders in {:?}",
                s.position(r)
            );
            assert!(s.course().contains(s.position(r)));
        }
        // Every card accounted for.
        let setup = &s.setup().riders[r as usize];
        let mut expected = starting_deck(
            setup.kind,
            s.setup().options.profiles,
            setup.carried_exhaustion,
        );
        expected.extend(std::iter::repeat_n(
            Card::Exhaustion,
            (s.exhaustion_taken(r) + s.supply_exhaustion(r)) as usize,
        ));
        let (deck, hand, recycle, played) = s.piles(r);
        let mut actual: Vec<Card> = [deck, hand, recycle, played].concat();
        actual.extend(s.kept(r));
        expected.sort();
        actual.sort();
        assert_eq!(actual, expected, "cards of rider {r}");
    }
}

/// Plays a stage with random legal choices, checking the invariants after every choice.
fn random_play(setup: StageSetup, seed: u64) -> (Stage, Vec<(u8, Choice)>, String) {
    let mut s = Stage::new(setup, seed).unwrap();
    let mut bot = RandomBot::new(seed ^ 0x5eed);
    let mut log = Vec::new();
    let mut events = Vec::new();
    let mut steps = 0;
    while !s.is_over() {
        let pending = s.pending();
        // Pick a seat at random among those who owe a choice: teams play in any order.
        let d = &pending[(steps * 7 + seed as usize) % pending.len()];
        let choice = bot.choose(&s, d.seat, &d.options);
        events.extend(s.apply(d.seat, &choice).unwrap());
        log.push((d.seat, choice));
        check_invariants(&s);
        steps += 1;
        assert!(steps < 20_000, "the stage never ended");
    }
    (s, log, serde_json::to_string(&events).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_legal_play_keeps_every_invariant(setup in setup_strategy(), seed in any::<u64>()) {
        random_play(setup, seed);
    }

    #[test]
    fn same_seed_and_choices_give_identical_events(setup in setup_strategy(), seed in any::<u64>()) {
        let (_, log, events) = random_play(setup.clone(), seed);
        let (_, again, events_again) = random_play(setup.clone(), seed);
        prop_assert_eq!(&log, &again);
        prop_assert_eq!(&events, &events_again);
        let (_, replayed) = replay::<Stage>(setup, seed, &log).unwrap();
        prop_assert_eq!(events, serde_json::to_string(&replayed).unwrap());
    }
}
