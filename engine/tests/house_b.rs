//! House rules B's race effects, clause by clause (seed 004; the clause ids and test vectors are
//! those of the conformance table, restated in `docs/rules-card-race.md`).

mod common;

use commissaire_engine::course::Pos;
use commissaire_engine::dice::Roll;
use commissaire_engine::game::Ruleset;
use commissaire_engine::games::card_race::house_b::{
    ConditionsError, Exposure, HouseBOptions, SteepDownhill, TilesOptions, WeatherRule, Wind,
    WindRule,
};
use commissaire_engine::games::card_race::{
    Card, Choice, Event, Hands, Options, RiderKind, RiderSetup, SetupError, Stage, StageSetup,
};
use common::*;
use std::sync::Arc;

fn options(hands: Hands, house_b: HouseBOptions) -> Options {
    Options {
        hands,
        house_b,
        ..Options::default()
    }
}

fn weather(level: Option<u8>) -> HouseBOptions {
    HouseBOptions {
        weather: WeatherRule::HouseB,
        weather_level: level,
        ..HouseBOptions::default()
    }
}

fn wind() -> HouseBOptions {
    HouseBOptions {
        wind: WindRule::HouseB,
        ..HouseBOptions::default()
    }
}

/// Each rider its own team, on a flat course long enough that nobody crosses in a few rounds.
fn start(riders: &[(&str, u16, u8)], options: Options, dice: Vec<u8>) -> Result<Stage, SetupError> {
    let setup = StageSetup {
        course: Arc::new(course(&[(F, 40)])),
        teams: riders.iter().map(|r| format!("Team {}", r.0)).collect(),
        riders: riders
            .iter()
            .enumerate()
            .map(|(i, &(id, row, lane))| RiderSetup {
                id: id.into(),
                team: i as u8,
                kind: RiderKind::Rouleur,
                start: Pos::new(row, lane),
                carried_exhaustion: 0,
            })
            .collect(),
        options,
    };
    Stage::with_dice(Arc::new(setup), 7, dice)
}

/// Plays a round with real decks: each rider draws and keeps the first card of its hand.
fn dealt_round(stage: &mut Stage) -> Vec<Event> {
    let mut events = Vec::new();
    for rider in 0..stage.setup().riders.len() as u8 {
        if stage.crossed(rider).is_some() {
            continue;
        }
        let seat = stage.setup().riders[rider as usize].team;
        events.extend(stage.apply(seat, &Choice::Draw { rider }).unwrap());
        let card = stage
            .hand(rider)
            .first()
            .copied()
            .unwrap_or(Card::Exhaustion);
        events.extend(stage.apply(seat, &Choice::Keep { rider, card }).unwrap());
    }
    events
}

fn dealt(events: &[Event]) -> Vec<(u8, u16, Exposure, bool, bool)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::ExhaustionDealt {
                rider,
                cards,
                exposure,
                heat,
                on_top,
            } => Some((rider, cards, exposure, heat, on_top)),
            _ => None,
        })
        .collect()
}

#[test]
fn hb_029_hb_030_tv_12_the_level_starts_at_3_and_follows_the_d6_each_round() {
    let mut s = start(
        &[("A", 3, 0)],
        options(Hands::Free, weather(None)),
        vec![1, 1, 1, 6],
    )
    .unwrap();
    let mut levels = vec![s.conditions().weather.unwrap()];
    for _ in 0..3 {
        let events = round(&mut s, &[("A", n(2))]);
        let rolled: Vec<(u32, u8, u8)> = events
            .iter()
            .filter_map(|e| match *e {
                Event::WeatherRolled { round, face, level } => Some((round, face, level)),
                _ => None,
            })
            .collect();
        assert_eq!(rolled.len(), 1, "one roll at the start of each round");
        assert_eq!(rolled[0].0, s.round());
        levels.push(s.conditions().weather.unwrap());
    }
    assert_eq!(levels, [2, 1, 1, 2]);
    assert!(matches!(
        s.opening_events(),
        [
            Event::WeatherRolled {
                round: 1,
                face: 1,
                level: 2
            },
            // The d6 as rolled, for a scenario's `dice` (issue 22, item 18).
            Event::DiceRolled { rolls },
        ] if rolls == &[Roll { sides: 6, face: 1, given: true }]
    ));
}

/// HB-030 (seed 004, EFFETS DE COURSE – MÉTÉO) as a stage rolls it from its seed, with no
/// face given: a d6 at the start of every round, every face coming up over a long stage, and
/// the level after each roll one colder on a 1, one warmer on a 6, the same on 2 to 5, within
/// 1 to 5. Over 60 rounds the weather changes.
#[test]
fn hb_030_a_seeded_stage_rolls_a_d6_each_round_and_the_level_follows_it() {
    let setup = StageSetup {
        course: Arc::new(course(&[(F, 130)])),
        teams: vec!["Team A".into()],
        riders: vec![RiderSetup {
            id: "A".into(),
            team: 0,
            kind: RiderKind::Rouleur,
            start: Pos::new(3, 0),
            carried_exhaustion: 0,
        }],
        options: options(Hands::Free, weather(None)),
    };
    let mut s = Stage::with_dice(Arc::new(setup), 7, vec![]).unwrap();
    let mut rolls: Vec<(u8, u8)> = s
        .opening_events()
        .iter()
        .filter_map(|e| match *e {
            Event::WeatherRolled { face, level, .. } => Some((face, level)),
            _ => None,
        })
        .collect();
    for _ in 0..60 {
        let events = round(&mut s, &[("A", n(2))]);
        rolls.extend(events.iter().filter_map(|e| match *e {
            Event::WeatherRolled { face, level, .. } => Some((face, level)),
            _ => None,
        }));
    }
    assert_eq!(rolls.len(), 61, "one roll a round");
    let mut level = 3;
    for &(face, now) in &rolls {
        let expected = match face {
            1 => (level - 1).max(1),
            6 => (level + 1).min(5),
            2..=5 => level,
            _ => panic!("a d6 shows 1 to 6, not {face}"),
        };
        assert_eq!(now, expected, "{rolls:?}");
        level = now;
    }
    for face in 1..=6 {
        assert!(rolls.iter().any(|r| r.0 == face), "face {face}: {rolls:?}");
    }
    let levels: std::collections::BTreeSet<u8> = rolls.iter().map(|r| r.1).collect();
    assert!(levels.len() >= 3, "the weather changes: {levels:?}");
    assert_eq!(s.conditions().weather, Some(level));
}

#[test]
fn hb_029_tv_12_a_grand_tour_stage_starts_at_the_level_given() {
    let s = start(
        &[("A", 3, 0)],
        options(Hands::Free, weather(Some(5))),
        vec![3],
    )
    .unwrap();
    assert_eq!(s.conditions().weather, Some(5));
    let e = start(
        &[("A", 3, 0)],
        options(Hands::Free, weather(Some(6))),
        vec![],
    )
    .unwrap_err();
    assert_eq!(e, SetupError::Conditions(ConditionsError::WeatherLevel(6)));
    assert!(e.to_string().contains("give 1 to 5"), "{e}");
}

#[test]
fn hb_030_the_weather_comes_from_the_seed_when_no_face_is_given() {
    let play = || {
        let mut s = start(&[("A", 3, 0)], options(Hands::Free, weather(None)), vec![]).unwrap();
        let mut levels = vec![s.conditions().weather.unwrap()];
        for _ in 0..12 {
            round(&mut s, &[("A", n(2))]);
            levels.push(s.conditions().weather.unwrap());
        }
        levels
    };
    let levels = play();
    assert_eq!(levels, play(), "the same seed, the same weather");
    assert!(levels.iter().all(|l| (1..=5).contains(l)));
}

#[test]
fn hb_031_tv_12_cold_puts_exhaustion_on_top_and_it_is_the_next_hand_first_card() {
    // Level 2, a 1 in round 1: cold. Another 1 keeps round 2 cold.
    let mut s = start(
        &[("A", 3, 0)],
        options(Hands::Deal, weather(Some(2))),
        vec![1, 1],
    )
    .unwrap();
    assert_eq!(s.conditions().weather, Some(1));
    let events = dealt_round(&mut s);
    assert_eq!(dealt(&events), [(0, 1, Exposure::Front, false, true)]);
    let (deck, _, recycle, _) = s.piles(0);
    assert_eq!(
        deck.last(),
        Some(&Card::Exhaustion),
        "on top of the draw pile"
    );
    assert!(!recycle.contains(&Card::Exhaustion));
    s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
    assert_eq!(
        s.hand(0)[0],
        Card::Exhaustion,
        "the first card of the next hand"
    );
}

#[test]
fn hb_032_tv_12_heat_doubles_every_award_and_levels_2_to_4_change_nothing() {
    let mut hot = start(
        &[("A", 3, 0)],
        options(Hands::Deal, weather(Some(5))),
        vec![3],
    )
    .unwrap();
    let events = dealt_round(&mut hot);
    assert_eq!(dealt(&events), [(0, 2, Exposure::Front, true, false)]);
    assert_eq!(hot.exhaustion_taken(0), 2);
    let (_, _, recycle, _) = hot.piles(0);
    assert_eq!(
        recycle.iter().filter(|c| **c == Card::Exhaustion).count(),
        2
    );

    let mut mild = start(
        &[("A", 3, 0)],
        options(Hands::Deal, weather(Some(3))),
        vec![3],
    )
    .unwrap();
    let events = dealt_round(&mut mild);
    assert_eq!(dealt(&events), [(0, 1, Exposure::Front, false, false)]);
}

#[test]
fn hb_033_the_wind_is_drawn_once_for_the_stage() {
    let s = start(&[("A", 3, 0)], options(Hands::Free, wind()), vec![2]).unwrap();
    assert_eq!(s.conditions().wind, Some(Wind::CrossFromLeft));
    assert_eq!(
        s.opening_events(),
        [
            Event::WindDrawn {
                wind: Wind::CrossFromLeft,
                face: 2
            },
            // The d4 as rolled, for a scenario's `dice` (issue 22, item 18).
            Event::DiceRolled {
                rolls: vec![Roll {
                    sides: 4,
                    face: 2,
                    given: true
                }]
            },
        ]
    );
    let e = start(&[("A", 3, 0)], options(Hands::Free, wind()), vec![5]).unwrap_err();
    assert!(e.to_string().contains("d4"), "{e}");
}

#[test]
fn hb_035_tv_26_headwind_two_cards_to_each_rider_with_nobody_ahead() {
    // A and B side by side, C right behind them; all play 2.
    let mut s = start(
        &[("A", 3, 0), ("B", 3, 1), ("C", 2, 0)],
        options(Hands::Free, wind()),
        vec![1],
    )
    .unwrap();
    let events = round(&mut s, &[("A", n(2)), ("B", n(2)), ("C", n(2))]);
    assert_eq!(
        dealt(&events),
        [
            (0, 2, Exposure::Headwind, false, false),
            (1, 2, Exposure::Headwind, false, false)
        ]
    );
    assert_eq!(exhaustion(&s, "C"), 0);
}

#[test]
fn hb_036_tv_26_crosswind_from_the_left_spares_the_rider_sheltered_on_its_left() {
    // Row 5 holds A (lane 0) and B (lane 1) after the move; D alone in lane 0 of row 8.
    let mut s = start(
        &[("A", 3, 0), ("B", 3, 1), ("D", 6, 0)],
        options(Hands::Free, wind()),
        vec![2],
    )
    .unwrap();
    let events = round(&mut s, &[("A", n(2)), ("B", n(2)), ("D", n(2))]);
    assert_eq!(at(&s, "A"), (5, 0));
    assert_eq!(at(&s, "B"), (5, 1));
    assert_eq!(
        dealt(&events),
        [
            (2, 1, Exposure::Crosswind, false, false),
            (1, 1, Exposure::Crosswind, false, false)
        ],
        "D alone and B windward take one; A is sheltered by B"
    );
}

#[test]
fn hb_037_tv_26_tailwind_nobody_takes_exhaustion() {
    let mut s = start(&[("A", 3, 0)], options(Hands::Free, wind()), vec![4]).unwrap();
    let events = round(&mut s, &[("A", n(5))]);
    assert!(dealt(&events).is_empty());
    assert_eq!(exhaustion(&s, "A"), 0);
}

#[test]
fn hb_032_hb_035_heat_doubles_the_headwind() {
    let both = HouseBOptions {
        weather: WeatherRule::HouseB,
        weather_level: Some(5),
        wind: WindRule::HouseB,
        ..HouseBOptions::default()
    };
    // The wind's d4 first, then round 1's d6.
    let mut s = start(&[("A", 3, 0)], options(Hands::Free, both), vec![1, 4]).unwrap();
    let events = round(&mut s, &[("A", n(3))]);
    assert_eq!(dealt(&events), [(0, 4, Exposure::Headwind, true, false)]);
    assert_eq!(exhaustion(&s, "A"), 4);
}

#[test]
fn without_house_b_conditions_exhaustion_is_told_as_in_the_base_game() {
    let mut s = start(
        &[("A", 3, 0)],
        options(Hands::Free, HouseBOptions::default()),
        vec![],
    )
    .unwrap();
    let events = round(&mut s, &[("A", n(3))]);
    assert!(events.contains(&Event::ExhaustionTaken { rider: 0 }));
    assert!(dealt(&events).is_empty());
    assert!(s.opening_events().is_empty());
    assert_eq!(s.conditions().weather, None);
}

/// 4 start rows, 10 uphill rows (4 to 13) with the steep rows given, the line, 5 flat rows.
fn steep_climb(steep: &[u16]) -> commissaire_engine::course::Course {
    let list: Vec<String> = steep.iter().map(|r| r.to_string()).collect();
    commissaire_engine::course::parse_course_toml(
        &format!(
            "steep = [{}]\n[[segment]]\nterrain = \"flat\"\nlength = 4\nstart = true\n[[segment]]\nterrain = \"uphill\"\nlength = 10\n[[segment]]\nterrain = \"flat\"\nlength = 5\nfinish = true\n",
            list.join(", ")
        ),
        "climb.toml",
    )
    .unwrap()
}

fn steep_on() -> HouseBOptions {
    HouseBOptions {
        tiles: TilesOptions {
            steep: true,
            ..TilesOptions::default()
        },
        ..HouseBOptions::default()
    }
}

fn climb_stage(steep: &[u16], house_b: HouseBOptions, riders: &[(&str, u16, RiderKind)]) -> Stage {
    let setup = StageSetup {
        course: Arc::new(steep_climb(steep)),
        teams: riders.iter().map(|r| format!("Team {}", r.0)).collect(),
        riders: riders
            .iter()
            .enumerate()
            .map(|(i, &(id, row, kind))| RiderSetup {
                id: id.into(),
                team: i as u8,
                kind,
                start: Pos::new(row, 0),
                carried_exhaustion: 0,
            })
            .collect(),
        options: options(Hands::Free, house_b),
    };
    Stage::new(setup, 3).unwrap()
}

#[test]
fn hb_003_hb_004_tv_25_a_steep_row_costs_two_and_one_point_left_stops_before_it() {
    // Uphill row 5; the card of 5 is capped at 5 points.
    for (steep, card, lands) in [(7, 5, 9), (10, 5, 9), (7, 3, 7), (7, 2, 6)] {
        let mut s = climb_stage(&[steep], steep_on(), &[("A", 5, RiderKind::Rouleur)]);
        round(&mut s, &[("A", n(card))]);
        assert_eq!(at(&s, "A").0, lands, "steep row {steep}, card {card}");
    }
    // Without the option the black row is a plain uphill row.
    let mut s = climb_stage(
        &[7],
        HouseBOptions::default(),
        &[("A", 5, RiderKind::Rouleur)],
    );
    round(&mut s, &[("A", n(5))]);
    assert_eq!(at(&s, "A").0, 10);
}

#[test]
fn hb_009_qb_02_the_grimpeur_7_is_uncapped_but_pays_the_steep_row() {
    let mut s = climb_stage(&[7], steep_on(), &[("G", 5, RiderKind::Grimpeur)]);
    let events = round(&mut s, &[("G", n(7))]);
    assert_eq!(at(&s, "G").0, 11, "7 points: 1 + 2 + 1 + 1 + 1 + 1");
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Moved {
            distance: 6,
            blocked: 0,
            ..
        }
    )));
}

#[test]
fn hb_068_a_climb_with_a_steep_row_is_marked_for_the_mountains_bonus() {
    let on = climb_stage(&[7], steep_on(), &[("A", 3, RiderKind::Rouleur)]);
    let summit = &on.line_crossings()[0];
    assert!(summit.steep, "steep rows in play");
    let off = climb_stage(
        &[7],
        HouseBOptions::default(),
        &[("A", 3, RiderKind::Rouleur)],
    );
    assert!(!off.line_crossings()[0].steep, "the option is off");
    let plain = climb_stage(&[], steep_on(), &[("A", 3, RiderKind::Rouleur)]);
    assert!(
        !plain.line_crossings()[0].steep,
        "no steep row on the climb"
    );
}

#[test]
fn hb_005_boost_adds_one_from_a_steep_downhill_row_and_the_run_out_fits_it() {
    let course = commissaire_engine::course::parse_course_toml(
        "steep = [5]\n[[segment]]\nterrain = \"flat\"\nlength = 4\nstart = true\n[[segment]]\nterrain = \"downhill\"\nlength = 3\n[[segment]]\nterrain = \"flat\"\nlength = 5\nfinish = true\n",
        "down.toml",
    )
    .unwrap();
    let play = |downhill: SteepDownhill, row: u16, card: u8| {
        let setup = StageSetup {
            course: Arc::new(course.clone()),
            teams: vec!["A".into()],
            riders: vec![RiderSetup {
                id: "A".into(),
                team: 0,
                kind: RiderKind::Sprinteur,
                start: Pos::new(row, 0),
                carried_exhaustion: 0,
            }],
            options: options(
                Hands::Free,
                HouseBOptions {
                    steep_downhill: downhill,
                    ..HouseBOptions::default()
                },
            ),
        };
        let mut s = Stage::new(setup, 1).unwrap();
        round(&mut s, &[("A", n(card))]);
        (at(&s, "A").0, s.course().run_out())
    };
    assert_eq!(play(SteepDownhill::Boost, 5, 6), (12, 10));
    assert_eq!(play(SteepDownhill::Off, 5, 6).0, 11);
    assert_eq!(
        play(SteepDownhill::Boost, 5, 3).0,
        10,
        "3 + 1 is still under the minimum 5"
    );
    // The sprinteur's 9 from the steep row: 10 rows, past the line (row 7), within the run-out.
    assert_eq!(play(SteepDownhill::Boost, 5, 9).0, 15);
}

/// 4 start rows, flat rows 4 to 19 with a roundabout on rows 8 to 10 (short lane on the right,
/// lane 0's side), the line, 5 flat rows.
fn roundabout_course() -> commissaire_engine::course::Course {
    commissaire_engine::course::parse_course_toml(
        "[[segment]]\nterrain = \"flat\"\nlength = 4\nstart = true\n[[segment]]\nterrain = \"flat\"\nlength = 16\n[[segment]]\nterrain = \"flat\"\nlength = 5\nfinish = true\n[[roundabout]]\nrow = 8\nshort = \"right\"\n",
        "roundabout.toml",
    )
    .unwrap()
}

fn roundabout_on() -> HouseBOptions {
    HouseBOptions {
        tiles: TilesOptions {
            roundabout: true,
            ..TilesOptions::default()
        },
        ..HouseBOptions::default()
    }
}

fn roundabout_stage(house_b: HouseBOptions, riders: &[(&str, u16, u8)]) -> Stage {
    let setup = StageSetup {
        course: Arc::new(roundabout_course()),
        teams: riders.iter().map(|r| format!("Team {}", r.0)).collect(),
        riders: riders
            .iter()
            .enumerate()
            .map(|(i, &(id, row, lane))| RiderSetup {
                id: id.into(),
                team: i as u8,
                kind: RiderKind::Rouleur,
                start: Pos::new(row, lane),
                carried_exhaustion: 0,
            })
            .collect(),
        options: options(Hands::Free, house_b),
    };
    Stage::new(setup, 3).unwrap()
}

#[test]
fn hb_001_the_roundabout_is_three_rows_long_lane_through_all_short_lane_in_the_middle() {
    let c = roundabout_course();
    assert_eq!([c.width(8), c.width(9), c.width(10)], [1, 2, 1]);
    assert_eq!([c.width(7), c.width(11)], [2, 2]);
    let tiles =
        commissaire_engine::course::parse_course_toml("tiles = \"abVbu\"\n", "t.toml").unwrap();
    // a (6) b (6), then the roundabout's rows 12 to 14.
    assert_eq!(
        [tiles.width(12), tiles.width(13), tiles.width(14)],
        [1, 2, 1]
    );
    let bad = commissaire_engine::course::parse_course_toml(
        "tiles = \"aCu\"\n[[roundabout]]\nrow = 9\nshort = \"left\"\n",
        "bad.toml",
    )
    .unwrap_err();
    assert!(
        bad.to_string().contains("three flat rows two lanes wide"),
        "{bad}"
    );
    assert_eq!(bad.line, Some(2), "{bad}");
}

#[test]
fn hb_002_tv_25_the_lane_kept_from_the_start_of_the_move_sets_the_cost() {
    // (start lane, card, lands): lane 0 is the short side.
    for (lane, card, lands) in [
        (0, 3, (12, 0)),
        (1, 3, (10, 0)),
        (1, 4, (11, 0)),
        (0, 2, (11, 0)),
    ] {
        let mut s = roundabout_stage(roundabout_on(), &[("A", 7, lane)]);
        round(&mut s, &[("A", n(card))]);
        assert_eq!(at(&s, "A"), lands, "lane {lane}, card {card}");
    }
    // Without the rule the roundabout is only a narrowing: 3 is 3 rows whatever the lane.
    let mut s = roundabout_stage(HouseBOptions::default(), &[("A", 7, 0)]);
    round(&mut s, &[("A", n(3))]);
    assert_eq!(at(&s, "A").0, 10);
}

#[test]
fn qb_01_riders_keep_their_lanes_when_a_neighbour_leaves_and_short_and_middle_are_level() {
    // A on the short cell (row 9, lane 0), B beside it on the long lane (lane 1).
    let s = roundabout_stage(roundabout_on(), &[("A", 9, 0), ("B", 9, 1)]);
    assert_eq!(s.race_order(), vec![0, 1], "level: lane 0 first");
    let mut s = roundabout_stage(roundabout_on(), &[("A", 9, 0), ("B", 9, 1), ("C", 3, 0)]);
    // A leaves first; B's long lane cell is kept (no closing up onto the short lane), then B
    // moves 2 along the long lane: row 10, then row 11.
    let events = round(&mut s, &[("A", n(5)), ("B", n(2)), ("C", n(2))]);
    let b_from = events.iter().find_map(|e| match e {
        Event::Moved { rider: 1, from, .. } => Some(*from),
        _ => None,
    });
    assert_eq!(
        b_from,
        Some(Pos::new(9, 1)),
        "B did not shift onto the short lane"
    );
    assert_eq!(at(&s, "B").0, 11);
    // Without the rule B closes up to lane 0 when A leaves.
    let mut s = roundabout_stage(
        HouseBOptions::default(),
        &[("A", 9, 0), ("B", 9, 1), ("C", 3, 0)],
    );
    let events = round(&mut s, &[("A", n(5)), ("B", n(2)), ("C", n(2))]);
    let b_from = events.iter().find_map(|e| match e {
        Event::Moved { rider: 1, from, .. } => Some(*from),
        _ => None,
    });
    assert_eq!(b_from, Some(Pos::new(9, 0)));
}

/// HB-002 (seed 004, TUILES – ROND-POINT): each rider rides the roundabout's lane on the side
/// it stood on when its move began. A in the right lane (the short side) and B beside it in the
/// left lane (the long side) stand on the row before the roundabout, no wind. A rides first
/// (lane 0 is ahead in race order) and leaves the row, and B closes up to lane 0 (FR-3), but
/// B's move still began in the left lane: its 3 takes it along the long lane to the third long
/// cell (TV-25), row 10, not over the short cell to the second row after the roundabout, row
/// 12, as a rider who began in the right lane would go. A's 2 takes it in 1, out 1 (row 11).
#[test]
fn hb_002_a_rider_beside_one_who_leaves_keeps_the_side_its_move_began_on() {
    let mut s = roundabout_stage(roundabout_on(), &[("A", 7, 0), ("B", 7, 1)]);
    let events = round(&mut s, &[("A", n(2)), ("B", n(3))]);
    let moved: Vec<(u8, Pos, Pos)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Moved {
                rider, from, to, ..
            } => Some((*rider, *from, *to)),
            _ => None,
        })
        .collect();
    assert_eq!(moved[0], (0, Pos::new(7, 0), Pos::new(11, 0)), "A first");
    assert_eq!(
        moved[1].1,
        Pos::new(7, 0),
        "B closed up to lane 0 as A left"
    );
    assert_eq!(at(&s, "A"), (11, 0));
    assert_eq!(at(&s, "B"), (10, 0), "B rode the long lane it began on");
    // The next round B begins its move in the roundabout's last row, which is on the long
    // lane: its 2 takes it out to row 12.
    round(&mut s, &[("A", n(2)), ("B", n(2))]);
    assert_eq!(at(&s, "B").0, 12);
    // Alone in the left lane, B rides the long lane as well: the same 3 lands on row 10.
    let mut alone = roundabout_stage(roundabout_on(), &[("B", 7, 1)]);
    round(&mut alone, &[("B", n(3))]);
    assert_eq!(at(&alone, "B"), (10, 0));
    // A rider who began in the right lane rides the short side: 3 is in 1, out 1, +1.
    let mut right = roundabout_stage(roundabout_on(), &[("A", 7, 0)]);
    round(&mut right, &[("A", n(3))]);
    assert_eq!(at(&right, "A"), (12, 0));
}

/// Bots ride whole stages under every house-B option on a course with steep rows up and down,
/// a roundabout of each hand and cobbles, and each stage replays from its stored choices to the
/// same public view.
#[test]
fn bots_ride_every_house_b_effect_to_the_line_and_the_stage_replays() {
    use commissaire_engine::game::Viewer;
    use commissaire_engine::games::card_race::card_race_attributes;
    use commissaire_engine::registry::{self, Entrant, Setup};
    use serde_json::json;
    // Rows: start 0-5, flat 6-17, uphill 18-25, cobbles 26-31, downhill 32-35, flat 36-55.
    let course = Arc::new(
        commissaire_engine::course::parse_course_toml(
            "name = \"Tout B\"\nsteep = [20, 23, 33]\n[[segment]]\nterrain = \"flat\"\nlength = 6\nstart = true\n[[segment]]\nterrain = \"flat\"\nlength = 12\n[[segment]]\nterrain = \"uphill\"\nlength = 8\n[[segment]]\nterrain = \"cobbles\"\nlength = 6\n[[segment]]\nterrain = \"downhill\"\nlength = 4\n[[segment]]\nterrain = \"flat\"\nlength = 20\n[[segment]]\nterrain = \"flat\"\nlength = 5\nfinish = true\n[[roundabout]]\nrow = 8\nshort = \"right\"\n[[roundabout]]\nrow = 45\nshort = \"left\"\n",
            "b.toml",
        )
        .unwrap(),
    );
    let kinds = [
        RiderKind::Rouleur,
        RiderKind::Sprinteur,
        RiderKind::Grimpeur,
    ];
    let riders: Vec<Entrant> = (0..4u8)
        .flat_map(|team| {
            kinds.iter().map(move |&kind| Entrant {
                id: format!("T{team} {kind:?}"),
                team,
                start: None,
                attributes: card_race_attributes(kind, 1),
            })
        })
        .collect();
    let setup = Setup {
        course,
        teams: (0..4).map(|t| format!("T{t}")).collect(),
        riders,
        options: json!({
            "profiles": "house-b",
            "weather": "house-b",
            "wind": "house-b",
            "tiles": {"steep": true, "roundabout": true},
            "steep_downhill": "boost",
            "punctures": true,
            "crashes": "house-b",
            "stage_end": "all_across",
        }),
        dice: Vec::new(),
    };
    let mut seen = std::collections::BTreeSet::new();
    for seed in 1..=6 {
        let mut stage = registry::start("card-race", &setup, seed).unwrap();
        let mut log = Vec::new();
        let mut guard = 0;
        while !stage.is_over() {
            guard += 1;
            assert!(guard < 5_000, "seed {seed}: the bots never finish");
            for (seat, _) in stage.waiting_on() {
                if let Some((key, events)) = stage.play_bot(seat).unwrap() {
                    log.push((seat, stage.choice_json(key.as_str()).unwrap()));
                    for e in events.to_json() {
                        seen.insert(e["event"].as_str().unwrap_or("").to_string());
                    }
                }
            }
        }
        let (again, _) = registry::replay("card-race", &setup, seed, &log).unwrap();
        assert_eq!(
            again.view_json(Viewer::Public),
            stage.view_json(Viewer::Public),
            "seed {seed}"
        );
    }
    for kind in [
        "weather_rolled",
        "exhaustion_dealt",
        "crashed",
        "puncture_checked",
    ] {
        assert!(seen.contains(kind), "{kind} never came up: {seen:?}");
    }
}

/// A house-B stage through the registry, with the named rules `house-b` a tour rides with, on
/// a course with a feed zone and cobbles: three teams of three.
fn house_b_registry_setup(options: serde_json::Value) -> commissaire_engine::registry::Setup {
    use commissaire_engine::games::card_race::card_race_attributes;
    use commissaire_engine::registry::{Entrant, Setup};
    let course = Arc::new(
        commissaire_engine::course::parse_course_toml(
            "name = \"Ravito\"\n[[segment]]\nterrain = \"flat\"\nlength = 6\nstart = true\n[[segment]]\nterrain = \"flat\"\nlength = 6\n[[segment]]\nterrain = \"supply\"\nlength = 6\n[[segment]]\nterrain = \"cobbles\"\nlength = 8\n[[segment]]\nterrain = \"flat\"\nlength = 30\n[[segment]]\nterrain = \"flat\"\nlength = 5\nfinish = true\n",
            "ravito.toml",
        )
        .unwrap(),
    );
    let riders: Vec<Entrant> = (0..3u8)
        .flat_map(|team| {
            KINDS.iter().map(move |&kind| Entrant {
                id: format!("T{team} {kind:?}"),
                team,
                start: None,
                attributes: card_race_attributes(kind, 0),
            })
        })
        .collect();
    Setup {
        course,
        teams: (0..3).map(|t| format!("T{t}")).collect(),
        riders,
        options,
        dice: Vec::new(),
    }
}

const KINDS: [RiderKind; 3] = [
    RiderKind::Rouleur,
    RiderKind::Sprinteur,
    RiderKind::Grimpeur,
];

fn house_b_named() -> serde_json::Value {
    let rules = commissaire_engine::registry::ruleset("card-race")
        .unwrap()
        .rules;
    let named = rules.iter().find(|r| r.name == "house-b").unwrap();
    (named.options)()
}

/// HB-016…HB-018 through the registry: the attack card is an option of the hand labelled as
/// such, and the search is a pair of options (keep the card turned up, or turn the next) for
/// the attacking seat alone.
#[test]
fn hb_016_hb_018_the_attack_card_and_its_search_are_labelled_options() {
    let setup = house_b_registry_setup(house_b_named());
    let mut attacked = false;
    let mut searched = false;
    for seed in 1..30 {
        let mut stage = commissaire_engine::registry::start("card-race", &setup, seed).unwrap();
        while !stage.is_over() {
            for (seat, _) in stage.waiting_on() {
                let pending = stage.pending_for(seat).unwrap();
                let find = |label: &str| {
                    pending
                        .options
                        .iter()
                        .find(|o| o.label.as_ref() == label)
                        .map(|o| o.key)
                };
                if let Some(key) = find("Turn the next card") {
                    searched = true;
                    // The search is this seat's alone: nobody else owes anything.
                    assert_eq!(stage.waiting_on().len(), 1);
                    assert_eq!(pending.options.len(), 2);
                    assert!(pending.options[0].label.starts_with("Keep "));
                    assert!(pending.options[0].key.as_str().starts_with("k:"));
                    stage.apply(seat, key.as_str()).unwrap();
                } else if let Some(key) = find("Keep A (attack)") {
                    attacked = true;
                    assert!(key.as_str().ends_with(":A"), "{}", key.as_str());
                    stage.apply(seat, key.as_str()).unwrap();
                } else {
                    stage.play_bot(seat).unwrap();
                }
            }
        }
        if attacked && searched {
            break;
        }
    }
    assert!(attacked && searched, "an attack and its search came up");
}

/// HB-011…HB-014 and HB-047 through the registry: under the named rules `house-b` the seats
/// the option `ghosts` names (a tour's seats nobody directs) ride as ghosts, each drawing one
/// card in its first round, then the cards its class reads, and playing the card its class
/// picks of them; feed zones hand out musettes; stages replay exactly.
#[test]
fn hb_011_to_hb_014_ghosts_keep_to_their_class_for_the_whole_stage() {
    use commissaire_engine::game::Viewer;
    use commissaire_engine::games::card_race::Profiles;
    use commissaire_engine::games::card_race::cards::starting_deck;
    use commissaire_engine::games::card_race::house_b::GhostClass;
    // Without the fictive start, whose two-card hands come before round 1.
    let mut options = house_b_named();
    options.as_object_mut().unwrap().remove("fictive_start");
    options["ghosts"] = serde_json::json!([0, 1, 2]);
    let setup = house_b_registry_setup(options);
    let mut seen = std::collections::BTreeSet::new();
    let mut classes = std::collections::BTreeSet::new();
    for seed in 1..=6 {
        let mut stage = commissaire_engine::registry::start("card-race", &setup, seed).unwrap();
        let mut log = Vec::new();
        let mut all: Vec<Event> = Vec::new();
        let mut guard = 0;
        while !stage.is_over() {
            guard += 1;
            assert!(guard < 5_000, "seed {seed}: the ghosts never finish");
            for (seat, _) in stage.waiting_on() {
                if let Some((key, events)) = stage.play_bot(seat).unwrap() {
                    log.push((seat, stage.choice_json(key.as_str()).unwrap()));
                    for e in events.to_json() {
                        seen.insert(e["event"].as_str().unwrap_or("").to_string());
                        all.push(serde_json::from_value(e).unwrap());
                    }
                }
            }
        }
        for (rider, kind) in KINDS.iter().cycle().take(9).enumerate() {
            let rider = rider as u8;
            let hands: Vec<Vec<Card>> = all
                .iter()
                .filter_map(|e| match e {
                    Event::HandDrawn { rider: r, cards } if *r == rider => Some(cards.to_vec()),
                    _ => None,
                })
                .collect();
            let revealed: Vec<Card> = all
                .iter()
                .filter_map(|e| match e {
                    Event::CardsRevealed { cards } => {
                        cards.iter().find(|(r, _)| *r == rider).map(|(_, c)| *c)
                    }
                    _ => None,
                })
                .collect();
            // The class comes from the card it rode in round 1 (an attack's kept card).
            let first = all
                .iter()
                .find_map(|e| match e {
                    Event::Moved { rider: r, card, .. } if *r == rider => Some(*card),
                    _ => None,
                })
                .unwrap();
            assert!(
                revealed[0].is_attack() || revealed[0] == first,
                "HB-011: round 1 plays its first card"
            );
            assert_eq!(Some(&revealed[0]), hands[0].first());
            assert_eq!(hands[0].len(), 1, "HB-011: one card in its first round");
            let class = GhostClass::of(first, &starting_deck(*kind, Profiles::HouseB, 0));
            classes.insert(format!("{class:?}"));
            for (hand, card) in hands.iter().zip(&revealed).skip(1) {
                if hand.is_empty() {
                    continue;
                }
                // Never more than its class reads (fewer after a fall, or from a short deck).
                assert!(
                    hand.len() <= class.cards(),
                    "rider {rider} {class:?} {hand:?}"
                );
                assert_eq!(*card, class.pick(hand), "rider {rider} {class:?} {hand:?}");
            }
        }
        let (again, _) =
            commissaire_engine::registry::replay("card-race", &setup, seed, &log).unwrap();
        assert_eq!(
            again.view_json(Viewer::Public),
            stage.view_json(Viewer::Public),
            "seed {seed}"
        );
    }
    assert!(seen.contains("musette_taken"), "{seen:?}");
    assert!(classes.len() >= 2, "{classes:?}");
}
