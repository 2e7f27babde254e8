//! House rules A's weather in a stage (seed 001, "Règles météo"; HA-067…HA-076, MET-1, TV-10,
//! TV-11, TV-27): each test sets up the situation with known dice or a given weather and checks
//! what the stage did. The tables themselves are checked in `house_a/weather.rs`.

mod common;

use commissaire_engine::course::{Course, CourseSpec, Pos};
use commissaire_engine::game::Ruleset;
use commissaire_engine::games::card_race::house_a::weather::{Reveal, Token, Weather};
use commissaire_engine::games::card_race::house_b::{
    ConditionsError, HouseBOptions, WeatherRule, WindRule,
};
use commissaire_engine::games::card_race::{
    Card, Choice, Event, Hands, Options, RiderKind, RiderSetup, SetupError, Stage, StageSetup,
};
use common::*;
use std::sync::Arc;

fn sky(today: Option<Weather>, reveal: Reveal) -> HouseBOptions {
    HouseBOptions {
        weather: WeatherRule::HouseA,
        weather_today: today,
        weather_reveal: reveal,
        ..HouseBOptions::default()
    }
}

/// 4 start rows, then 40 flat rows: token slots start at rows 4, 10, 16, 22, 28 and 34.
fn flat() -> Course {
    course(&[(F, 40)])
}

fn start_on(
    course: Course,
    riders: &[(&str, u16, u8, RiderKind)],
    hands: Hands,
    house_b: HouseBOptions,
    dice: Vec<u8>,
) -> Result<Stage, SetupError> {
    let setup = StageSetup {
        course: Arc::new(course),
        teams: riders.iter().map(|r| format!("Team {}", r.0)).collect(),
        riders: riders
            .iter()
            .enumerate()
            .map(|(i, &(id, row, lane, kind))| RiderSetup {
                id: id.into(),
                team: i as u8,
                kind,
                start: Pos::new(row, lane),
                carried_exhaustion: 0,
            })
            .collect(),
        options: Options {
            hands,
            house_b,
            ..Options::default()
        },
    };
    Stage::with_dice(Arc::new(setup), 11, dice)
}

fn rouleurs(riders: &[(&'static str, u16, u8)]) -> Vec<(&'static str, u16, u8, RiderKind)> {
    riders
        .iter()
        .map(|&(id, row, lane)| (id, row, lane, RiderKind::Rouleur))
        .collect()
}

/// Overcast, given: the forecast's 2d6 (3 + 4), then one pick per slot from the pool, effect
/// tokens first (headwind, tailwind, crosswind, rain, then blanks). `first` picks the token of
/// the slot at row 4; every other slot gets a blank.
fn overcast_with_first(first: u8) -> Vec<u8> {
    vec![3, 4, first, 4, 4, 4, 4, 4]
}

fn overcast() -> HouseBOptions {
    sky(Some(Weather::Overcast), Reveal::Upfront)
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

#[test]
fn ha_074_tv_10_the_first_stage_draws_its_weather_and_the_next_on_2d6() {
    // 4 + 5 = 9: sunny (Table A5); then 5 + 5 = 10 from sunny: storm next (Table A6).
    let s = start_on(
        flat(),
        &rouleurs(&[("A", 3, 0)]),
        Hands::Free,
        sky(None, Reveal::Upfront),
        vec![4, 5, 5, 5],
    )
    .unwrap();
    let view = s
        .conditions()
        .sky
        .expect("house rules A's weather is in play");
    assert_eq!(view.weather, Weather::Sunny);
    assert_eq!(view.forecast, Weather::Storm);
    assert_eq!(
        s.opening_events()[0],
        Event::SkyDrawn {
            weather: Weather::Sunny,
            roll: Some(9),
            forecast: Weather::Storm,
            forecast_roll: 10,
        }
    );
    // QA-32: 10 is overcast on the start table, not part of a 7-10 range.
    let s = start_on(
        flat(),
        &rouleurs(&[("A", 3, 0)]),
        Hands::Free,
        sky(None, Reveal::Upfront),
        vec![4, 6, 1, 1],
    )
    .unwrap();
    assert_eq!(s.conditions().sky.unwrap().weather, Weather::Overcast);
}

#[test]
fn ha_073_ha_075_a_given_weather_holds_for_the_whole_stage() {
    let mut s = start_on(
        flat(),
        &rouleurs(&[("A", 3, 0), ("B", 3, 1)]),
        Hands::Free,
        sky(Some(Weather::Windy), Reveal::Upfront),
        vec![2, 2],
    )
    .unwrap();
    assert!(matches!(
        s.opening_events()[0],
        Event::SkyDrawn {
            weather: Weather::Windy,
            roll: None,
            forecast: Weather::Windy,
            forecast_roll: 4,
        }
    ));
    for _ in 0..5 {
        let events = round(&mut s, &[("A", n(3)), ("B", n(3))]);
        assert!(!events.iter().any(|e| matches!(e, Event::SkyDrawn { .. })));
        assert_eq!(s.conditions().sky.unwrap().weather, Weather::Windy);
    }
}

#[test]
fn ha_069_windy_lays_all_three_wind_tokens() {
    // The forecast's 2d6, then the three wind tokens on slots picked by d6, d5, d4.
    for picks in [[1, 1, 1], [6, 5, 4], [3, 2, 4]] {
        let s = start_on(
            flat(),
            &rouleurs(&[("A", 3, 0)]),
            Hands::Free,
            sky(Some(Weather::Windy), Reveal::Upfront),
            [&[2, 2][..], &picks[..]].concat(),
        )
        .unwrap();
        let tokens: Vec<Token> = s
            .conditions()
            .sky
            .unwrap()
            .tokens
            .iter()
            .map(|t| t.1)
            .collect();
        assert_eq!(tokens.len(), 6, "six straight stretches before the line");
        for w in [Token::Headwind, Token::Tailwind, Token::Crosswind] {
            assert!(tokens.contains(&w), "{tokens:?}");
        }
    }
}

#[test]
fn met_1_a_crosswind_tile_gives_no_slipstream() {
    // A at row 6 rides 2 to row 8, B at row 4 rides 2 to row 6: one empty row between them.
    let play = |first: u8| {
        let mut s = start_on(
            flat(),
            &rouleurs(&[("A", 6, 0), ("B", 4, 0)]),
            Hands::Free,
            overcast(),
            overcast_with_first(first),
        )
        .unwrap();
        let events = round(&mut s, &[("A", n(2)), ("B", n(2))]);
        (s.conditions().sky.unwrap().tokens[0], at(&s, "B"), events)
    };
    let (token, b, events) = play(3);
    assert_eq!(token, (4, Token::Crosswind));
    assert_eq!(b, (6, 0), "no slipstream on the crosswind tile");
    assert!(!events.iter().any(|e| matches!(e, Event::Slipstream { .. })));
    let (token, b, _) = play(5);
    assert_eq!(token, (4, Token::Blank));
    assert_eq!(b, (7, 0), "a blank token leaves the slipstream");
    // The crosswind lies on its own tile, rows 4 to 9: on the next tile (a blank one) B,
    // riding from row 10 to 12 behind A on 14, joins A.
    let mut s = start_on(
        flat(),
        &rouleurs(&[("A", 12, 0), ("B", 10, 0)]),
        Hands::Free,
        overcast(),
        overcast_with_first(3),
    )
    .unwrap();
    round(&mut s, &[("A", n(2)), ("B", n(2))]);
    assert_eq!(s.conditions().sky.unwrap().tokens[0], (4, Token::Crosswind));
    assert_eq!(at(&s, "B"), (13, 0), "slipstream past the crosswind tile");
}

#[test]
fn met_1_qx_03_head_and_tail_wind_tiles_change_the_draw() {
    let hand = |first: u8, row: u16| {
        let mut s = start_on(
            flat(),
            &rouleurs(&[("A", row, 0)]),
            Hands::Deal,
            overcast(),
            overcast_with_first(first),
        )
        .unwrap();
        s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
        s.hand(0).len()
    };
    assert_eq!(hand(1, 5), 3, "headwind: 3 cards");
    assert_eq!(hand(2, 5), 5, "tailwind: 5 cards");
    assert_eq!(hand(1, 3), 4, "off the tile: 4 cards");
    assert_eq!(hand(5, 5), 4, "a blank token: 4 cards");
}

#[test]
fn met_1_qx_01_a_rain_tile_brings_falls_when_blocked() {
    // A and B ride 2 into row 8 and fill it; C's 3 from row 5 is blocked back to row 7.
    let play = |first: u8| {
        let mut s = start_on(
            flat(),
            &rouleurs(&[("A", 6, 0), ("B", 6, 1), ("C", 5, 0)]),
            Hands::Free,
            overcast(),
            overcast_with_first(first),
        )
        .unwrap();
        let events = round(&mut s, &[("A", n(2)), ("B", n(2)), ("C", n(3))]);
        (at(&s, "C"), events)
    };
    let (c, events) = play(4);
    assert_eq!(c.0, 7);
    assert!(
        events.iter().any(|e| matches!(
            e,
            Event::Crashed {
                rider: 2,
                row: 7,
                set_back: 1
            }
        )),
        "one row short on a rain row falls: {events:?}"
    );
    let (c, events) = play(5);
    assert_eq!(c.0, 7);
    assert!(!events.iter().any(|e| matches!(e, Event::Crashed { .. })));
}

/// a: start and one flat row (5), b: 6 straight rows (6…11), e: a sharp curve (12, 13), u.
fn with_curve() -> Course {
    CourseSpec {
        name: Some("curve".into()),
        tiles: Some("abeu".into()),
        ..Default::default()
    }
    .build()
    .unwrap()
}

#[test]
fn ha_068_qa_34_a_storm_brings_falls_on_the_sharp_curves() {
    // A and B ride 3 into row 13 (the curve) and fill it; C's 4 from row 9 stops on row 12.
    let play = |weather: Weather| {
        let mut s = start_on(
            with_curve(),
            &rouleurs(&[("A", 10, 0), ("B", 10, 1), ("C", 9, 0)]),
            Hands::Free,
            sky(Some(weather), Reveal::Upfront),
            vec![3, 4, 5],
        )
        .unwrap();
        let events = round(&mut s, &[("A", n(3)), ("B", n(3)), ("C", n(4))]);
        (s, events)
    };
    let (s, events) = play(Weather::Storm);
    assert_eq!(
        s.conditions().sky.unwrap().tokens,
        [(6, Token::Rain)],
        "the storm's rain token lies on the one straight"
    );
    assert_eq!(at(&s, "C").0, 12);
    assert!(
        events.iter().any(|e| matches!(
            e,
            Event::Crashed {
                rider: 2,
                row: 12,
                ..
            }
        )),
        "{events:?}"
    );
    let (s, events) = play(Weather::Sunny);
    assert_eq!(at(&s, "C").0, 12);
    assert!(
        !events.iter().any(|e| matches!(e, Event::Crashed { .. })),
        "no storm, no fall on the curve"
    );
}

#[test]
fn ha_067_tv_27_fog_puts_exhaustion_on_top_and_it_starts_the_next_hand() {
    let mut s = start_on(
        flat(),
        &rouleurs(&[("A", 3, 0)]),
        Hands::Deal,
        sky(Some(Weather::Fog), Reveal::Upfront),
        vec![1, 1],
    )
    .unwrap();
    let events = dealt_round(&mut s);
    assert!(events.contains(&Event::ExhaustionOnTop { rider: 0 }));
    let (deck, _, recycle, _) = s.piles(0);
    assert_eq!(deck.last(), Some(&Card::Exhaustion));
    assert!(!recycle.contains(&Card::Exhaustion));
    s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
    assert_eq!(s.hand(0)[0], Card::Exhaustion);
}

#[test]
fn ha_072_qa_35_tv_27_the_heatwave_deals_an_extra_card_every_4_rounds() {
    let long = course(&[(F, 120)]);
    let mut s = start_on(
        long,
        &[
            ("A", 3, 0, RiderKind::Rouleur),
            ("C", 3, 1, RiderKind::Specialist),
        ],
        Hands::Free,
        sky(Some(Weather::Heatwave), Reveal::Upfront),
        vec![1, 1],
    )
    .unwrap();
    let mut heat = Vec::new();
    for r in 1..=13 {
        let events = round(&mut s, &[("A", n(2)), ("C", n(2))]);
        for e in events {
            if let Event::HeatExhaustion { round, riders } = e {
                heat.push((round, riders));
            }
        }
        if r == 3 {
            assert!(heat.is_empty(), "nothing before round 4");
        }
    }
    assert_eq!(heat, [(4, vec![0]), (8, vec![0]), (12, vec![0])]);
    assert_eq!(exhaustion(&s, "C"), 0, "a specialist never tires (HA-024)");
    // The rider rode in front every round (13) and took 3 from the heat.
    assert_eq!(exhaustion(&s, "A"), 13 + 3);
}

#[test]
fn ha_072_with_real_decks_the_extra_card_lands_in_the_recycle_pile() {
    let mut s = start_on(
        course(&[(F, 120)]),
        &rouleurs(&[("A", 3, 0)]),
        Hands::Deal,
        sky(Some(Weather::Heatwave), Reveal::Upfront),
        vec![1, 1],
    )
    .unwrap();
    let mut before = 0;
    for r in 1..=4 {
        if r == 4 {
            let (deck, hand, recycle, played) = s.piles(0);
            before = [deck, hand, recycle, played]
                .iter()
                .flat_map(|p| p.iter())
                .filter(|&&c| c == Card::Exhaustion)
                .count();
        }
        dealt_round(&mut s);
    }
    let (deck, hand, recycle, played) = s.piles(0);
    let after = [deck, hand, recycle, played]
        .iter()
        .flat_map(|p| p.iter())
        .filter(|&&c| c == Card::Exhaustion)
        .count();
    // Round 4: one for riding in front, one for the heat.
    assert_eq!(after, before + 2);
}

#[test]
fn ha_076_qa_37_progressive_tokens_turn_when_the_front_reaches_the_row_before() {
    let mut s = start_on(
        flat(),
        &rouleurs(&[("A", 0, 0)]),
        Hands::Free,
        HouseBOptions {
            weather_reveal: Reveal::Progressive,
            ..overcast()
        },
        overcast_with_first(1),
    )
    .unwrap();
    let view = s.conditions().sky.unwrap();
    assert!(view.tokens.is_empty());
    assert_eq!(view.face_down, 6);
    assert!(
        !s.opening_events()
            .iter()
            .any(|e| matches!(e, Event::TokenTurned { .. })),
        "nothing is shown before the race comes to it"
    );
    // Row 2: not yet the row before the tile at 4.
    let events = round(&mut s, &[("A", n(2))]);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::TokenTurned { .. }))
    );
    assert_eq!(s.conditions().sky.unwrap().face_down, 6);
    // Row 4 is past the row before: the headwind token turns in this round's movement phase.
    let events = round(&mut s, &[("A", n(2))]);
    assert!(events.contains(&Event::TokenTurned {
        row: 4,
        token: Token::Headwind
    }));
    let view = s.conditions().sky.unwrap();
    assert_eq!(view.tokens, [(4, Token::Headwind)]);
    assert_eq!(view.face_down, 5);
    // A token turns once.
    let events = round(&mut s, &[("A", n(2))]);
    assert!(!events.contains(&Event::TokenTurned {
        row: 4,
        token: Token::Headwind
    }));
}

/// HA-076 (seed 001, Règles météo, last line), QA-37: a face-down token turns when a rider
/// reaches the row just before its tile. A stops on row 3, the last row before the tile that
/// starts at row 4: its headwind turns in that round. Row 2, two rows before, turns nothing; the
/// tile at 10 waits for a rider on row 9.
#[test]
fn ha_076_qa_37_the_row_just_before_the_tile_turns_its_token() {
    let start = || {
        start_on(
            flat(),
            &rouleurs(&[("A", 0, 0)]),
            Hands::Free,
            HouseBOptions {
                weather_reveal: Reveal::Progressive,
                ..overcast()
            },
            overcast_with_first(1),
        )
        .unwrap()
    };
    let turned = |events: &[Event]| -> Vec<u16> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::TokenTurned { row, .. } => Some(*row),
                _ => None,
            })
            .collect()
    };
    let mut s = start();
    assert!(turned(&round(&mut s, &[("A", n(2))])).is_empty(), "row 2");
    let mut s = start();
    let events = round(&mut s, &[("A", n(3))]);
    assert_eq!(at(&s, "A"), (3, 0));
    assert!(events.contains(&Event::TokenTurned {
        row: 4,
        token: Token::Headwind
    }));
    assert_eq!(s.conditions().sky.unwrap().face_down, 5);
    // On to row 7: the tile at 10 stays face down; row 9 turns it.
    let events = round(&mut s, &[("A", n(4))]);
    assert_eq!((at(&s, "A"), turned(&events)), ((7, 0), vec![]));
    let events = round(&mut s, &[("A", n(2))]);
    assert_eq!(at(&s, "A").0, 9);
    assert_eq!(turned(&events), vec![10]);
}

#[test]
fn c_16_house_a_weather_refuses_house_b_wind() {
    let e = start_on(
        flat(),
        &rouleurs(&[("A", 3, 0)]),
        Hands::Free,
        HouseBOptions {
            wind: WindRule::HouseB,
            ..sky(None, Reveal::Upfront)
        },
        vec![],
    )
    .unwrap_err();
    assert_eq!(e, SetupError::Conditions(ConditionsError::TwoWinds));
}

#[test]
fn ha_063_qa_31_the_head_of_the_race_after_each_round_takes_a_token() {
    let mut s = start_on(
        flat(),
        &rouleurs(&[("A", 3, 0), ("B", 2, 0)]),
        Hands::Free,
        HouseBOptions::default(),
        vec![],
    )
    .unwrap();
    round(&mut s, &[("A", n(2)), ("B", n(5))]); // B 7, A 5, then 6 in B's slipstream
    round(&mut s, &[("A", n(4)), ("B", n(2))]); // A 10, B 9
    round(&mut s, &[("A", n(2)), ("B", n(3))]); // A 12 (lane 0, moved first), B 12 lane 1
    round(&mut s, &[("A", n(2)), ("B", n(3))]); // B 15, A 14
    assert_eq!(s.round_leaders(), [1, 0, 0, 1]);
}

mod tour_chain {
    use commissaire_engine::course::CourseSpec;
    use commissaire_engine::games::card_race::RiderKind;
    use commissaire_engine::games::card_race::house_a::weather::{Weather, chain};
    use commissaire_engine::games::card_race::{ID as CARD_RACE, card_race_attributes};
    use commissaire_engine::registry::{self, Entrant, Scene, Setup, StageContext};
    use commissaire_engine::tour::{RiderKey, StageKind, StageResult, TourRider};
    use serde_json::{Value, json};

    fn tour() -> Vec<TourRider> {
        ["Blue", "Red"]
            .iter()
            .enumerate()
            .flat_map(|(t, team)| {
                [RiderKind::Rouleur, RiderKind::Sprinteur]
                    .into_iter()
                    .enumerate()
                    .map(move |(k, kind)| TourRider {
                        key: RiderKey::new(format!("{team} {kind:?}")),
                        team: t as u8,
                        start_number: 10 * (t as u32 + 1) + k as u32 + 1,
                        abandoned: false,
                        attributes: card_race_attributes(kind, 0),
                    })
            })
            .collect()
    }

    fn setup(options: Value) -> Setup {
        Setup {
            course: std::sync::Arc::new(
                CourseSpec {
                    tiles: Some("abcdefu".into()),
                    ..Default::default()
                }
                .build()
                .unwrap(),
            ),
            teams: vec!["Blue".into(), "Red".into()],
            riders: tour()
                .iter()
                .map(|r| Entrant {
                    id: r.key.0.clone(),
                    team: r.team,
                    start: None,
                    attributes: r.attributes.clone(),
                })
                .collect(),
            options,
            dice: Vec::new(),
        }
    }

    fn context<'a>(
        number: u32,
        rest_before: bool,
        previous: Option<&'a StageResult>,
        options: &'a Value,
    ) -> StageContext<'a> {
        StageContext {
            number,
            kind: StageKind::Flat,
            rest_before,
            previous,
            options,
            bots: &[],
        }
    }

    /// The weather a stage rides and whether it drew it itself (the start roll).
    fn sky_of(stage: &dyn registry::DynStage) -> (Weather, Weather) {
        let Scene::CardRace(view) = stage.scene() else {
            panic!("a card race draws a card-race scene")
        };
        let sky = view.conditions.sky.expect("house rules A's weather");
        (sky.weather, sky.forecast)
    }

    /// A house-A tour: each stage hands its type and tokens on, and the tour's tables are A's.
    #[test]
    fn ha_057_ha_063_a_house_a_tour_hands_tokens_and_ranks_by_house_a_tables() {
        let options = json!({"profiles": "house-a", "stage_types": true, "stage_end": "all_across",
            "points": "house-a", "mountains": "house-a", "combativity": "house-a"});
        let mut s = registry::start(CARD_RACE, &setup(options.clone()), 3).unwrap();
        while let Some(&(seat, _)) = s.waiting_on().first() {
            s.play_bot(seat).unwrap();
        }
        let result = s.result(1, StageKind::Hilly, &tour()).unwrap();
        let jerseys =
            commissaire_engine::games::card_race::tour::house_a::StageJerseys::of(&result);
        // The course has no climb: flat by HA-001, whatever the plan called it.
        assert_eq!(jerseys.stage_type, Some(StageKind::Flat));
        let rounds: u32 = jerseys.tokens.iter().map(|t| t.1).sum();
        let played = result.riders.iter().map(|r| r.cards_played).max().unwrap();
        assert_eq!(rounds, played, "one token a round");
        let c = registry::classify(CARD_RACE, std::slice::from_ref(&result), &options).unwrap();
        let points: Vec<u32> = c
            .get("points")
            .unwrap()
            .rows
            .iter()
            .map(|r| match r.value {
                commissaire_engine::tour::Score::Points(p) => p,
                _ => unreachable!(),
            })
            .collect();
        assert_eq!(points, [5, 3, 2, 1], "Table A3's flat finish");
        let most = jerseys.tokens.iter().map(|t| t.1).max().unwrap();
        let combative = c.get("combativity").unwrap().rows[0].rider.clone().unwrap();
        assert_eq!(
            jerseys.tokens.iter().find(|t| t.0 == combative).unwrap().1,
            most
        );
    }

    /// HA-074, TV-10 told: the opening says the weather drawn on the start table (4 + 5 = 9:
    /// sunny) and the forecast (5 + 5 = 10 from sunny: storm) with their rolls; a weather the
    /// tour hands on is told as given, with no roll.
    #[test]
    fn ha_074_tv_10_the_opening_tells_the_weather_drawn_and_the_forecast() {
        let mut drawn = setup(json!({"profiles": "house-a", "weather": "house-a"}));
        drawn.dice = vec![4, 5, 5, 5];
        let s = registry::start(CARD_RACE, &drawn, 5).unwrap();
        let told = s.narrate(&s.opening(), commissaire_engine::game::Viewer::Public);
        let sky = told.iter().find(|t| t.id.starts_with("card-race-sky"));
        let sky = sky.unwrap_or_else(|| panic!("the sky is told: {told:?}"));
        assert_eq!(sky.id, "card-race-sky-drawn");
        for arg in [
            ("weather", json!("sunny")),
            ("roll", json!(9)),
            ("forecast", json!("storm")),
            ("forecast_roll", json!(10)),
        ] {
            assert!(sky.args.contains(&arg), "{arg:?} in {:?}", sky.args);
        }
        let mut given = setup(json!({"profiles": "house-a", "weather": "house-a",
            "weather_today": "windy"}));
        given.dice = vec![5, 5];
        let s = registry::start(CARD_RACE, &given, 5).unwrap();
        let told = s.narrate(&s.opening(), commissaire_engine::game::Viewer::Public);
        let sky = told
            .iter()
            .find(|t| t.id.starts_with("card-race-sky"))
            .unwrap();
        assert_eq!(sky.id, "card-race-sky-given");
        assert!(sky.args.contains(&("weather", json!("windy"))));
        assert!(
            !sky.args.iter().any(|(k, _)| *k == "roll"),
            "{:?}",
            sky.args
        );
    }

    #[test]
    fn ha_069_the_situation_tells_the_weather_and_where_the_wind_tokens_lie() {
        let options = json!({"weather": "house-a", "weather_today": "windy"});
        let s = registry::start(CARD_RACE, &setup(options), 2).unwrap();
        let told = s.situation();
        assert_eq!(told[0].id, "card-race-sky-now");
        assert_eq!(told[0].args[0], ("weather", json!("windy")));
        let tokens: Vec<&Value> = told
            .iter()
            .filter(|t| t.id == "card-race-token-turned")
            .map(|t| &t.args[1].1)
            .collect();
        for wind in ["headwind", "tailwind", "crosswind"] {
            assert!(tokens.contains(&&json!(wind)), "{tokens:?}");
        }
    }

    /// HA-075 (QA-36) through the registry: a stage tells what it knows of the next, the
    /// forecast it rolled, or that a rest day will draw afresh; nothing for the last stage, nor
    /// without A's weather.
    #[test]
    fn ha_075_a_stage_tells_the_next_stages_forecast_or_the_rest_day() {
        use commissaire_engine::registry::NextStage;
        let options = json!({"profiles": "house-a", "weather": "house-a"});
        let s = registry::start(CARD_RACE, &setup(options), 5).unwrap();
        let (_, forecast) = sky_of(s.as_ref());
        let next = |rest_before| NextStage {
            number: 2,
            kind: StageKind::Flat,
            rest_before,
        };
        let told = s.outlook(Some(&next(false))).expect("a forecast");
        assert_eq!(told.id, "stage-forecast");
        assert!(
            told.args.contains(&("weather", json!(forecast.name()))),
            "{told:?}"
        );
        assert!(told.args.contains(&("number", json!(2))), "{told:?}");
        let rest = s.outlook(Some(&next(true))).expect("the rest day");
        assert_eq!(rest.id, "stage-forecast-rest");
        assert!(s.outlook(None).is_none(), "the last stage has no next");
        let dry = registry::start(CARD_RACE, &setup(json!({"profiles": "house-a"})), 5).unwrap();
        assert!(
            dry.outlook(Some(&next(false))).is_none(),
            "no weather, no forecast"
        );
    }

    #[test]
    fn ha_074_ha_075_qa_36_a_tours_next_stage_rides_the_forecast_and_a_rest_day_draws_anew() {
        let options = json!({"profiles": "house-a", "weather": "house-a"});
        let first = registry::prepare(CARD_RACE, &context(1, false, None, &options)).unwrap();
        assert!(
            first.get("weather_today").is_none(),
            "the first stage draws on the start table"
        );
        let mut s = registry::start(CARD_RACE, &setup(first), 5).unwrap();
        let (ridden, forecast) = sky_of(s.as_ref());
        while let Some(&(seat, _)) = s.waiting_on().first() {
            s.play_bot(seat).unwrap();
        }
        let result = s.result(1, StageKind::Flat, &tour()).unwrap();
        assert_eq!(result.carry["weather_a"], json!(ridden));
        let roll = result.carry["weather_a_next_roll"].as_u64().unwrap() as u8;
        assert_eq!(chain(Some(ridden), false, roll), forecast);

        let second =
            registry::prepare(CARD_RACE, &context(2, false, Some(&result), &options)).unwrap();
        assert_eq!(second["weather_today"], json!(forecast));
        for seed in [6, 7] {
            let s2 = registry::start(CARD_RACE, &setup(second.clone()), seed).unwrap();
            assert_eq!(sky_of(s2.as_ref()).0, forecast, "whatever the stage's seed");
        }

        // After a rest day the chain is dropped: the stage draws its own weather.
        let rested =
            registry::prepare(CARD_RACE, &context(2, true, Some(&result), &options)).unwrap();
        assert!(rested.get("weather_today").is_none());
        let drawn: Vec<Weather> = (0..30)
            .map(|seed| {
                let s = registry::start(CARD_RACE, &setup(rested.clone()), seed).unwrap();
                sky_of(s.as_ref()).0
            })
            .collect();
        assert!(
            drawn.iter().any(|&w| w != forecast),
            "a fresh draw on the start table: {drawn:?}"
        );
    }
}

/// A scenario's narration names a sentence the catalogue alone words by its id and arguments,
/// so a referee reading the output still sees what happened.
#[test]
fn ha_067_a_scenario_tells_fog_exhaustion_by_its_id_and_arguments() {
    use commissaire_engine::scenario::{ScenarioFile, ScenarioRun};
    let text = r#"{"ruleset": "card-race", "seed": 7,
 "options": {"hands": "free", "weather": "house-a", "weather_today": "fog"},
 "course": {"lanes": 2, "segments": [{"terrain": "flat", "length": 4, "start": true},
   {"terrain": "flat", "length": 30}, {"terrain": "flat", "length": 5, "finish": true}]},
 "riders": [{"id": "BlueR", "team": "Blue", "start": {"row": 3, "lane": 0}, "attributes": {"kind": "rouleur"}},
            {"id": "RedR", "team": "Red", "start": {"row": 0, "lane": 0}, "attributes": {"kind": "rouleur"}}],
 "script": ["k:0:5", "k:1:2"]}"#;
    let file = ScenarioFile::from_json(text).unwrap();
    let course = file.course(|n| Err(n.to_string())).unwrap();
    let ScenarioRun::Script(played) = file.run(course, None).unwrap() else {
        panic!("a script scenario")
    };
    let told = &played.turns[0].told;
    assert!(
        told.iter()
            .any(|t| t == r#"card-race-exhaustion-on-top {"rider":"BlueR"}"#),
        "{told:?}"
    );
    assert!(told.iter().all(|t| !t.is_empty()));
}

/// MET-1 in a house-A team time trial: slipstream within the team stops on a crosswind tile.
#[test]
fn met_1_ha_048_a_crosswind_tile_stills_a_teams_slipstream_in_a_team_time_trial() {
    use commissaire_engine::games::card_race::house_a::TimeTrial;
    let play = |first: u8| {
        let setup = StageSetup {
            course: Arc::new(flat()),
            teams: vec!["A".into()],
            riders: ["A1", "A2"]
                .iter()
                .enumerate()
                .map(|(i, id)| RiderSetup {
                    id: (*id).into(),
                    team: 0,
                    kind: RiderKind::Rouleur,
                    start: Pos::new(3, i as u8),
                    carried_exhaustion: 0,
                })
                .collect(),
            options: Options {
                hands: Hands::Free,
                profiles: commissaire_engine::games::card_race::Profiles::HouseA,
                time_trial: Some(TimeTrial::Team),
                house_b: overcast(),
                ..Options::default()
            },
        };
        let mut s = Stage::with_dice(Arc::new(setup), 1, overcast_with_first(first)).unwrap();
        // A1 3 -> 8, A2 3 -> 6: one row apart.
        round(&mut s, &[("A1", n(5)), ("A2", n(3))]);
        at(&s, "A2").0
    };
    assert_eq!(play(5), 7, "a blank token: A2 closes up in A1's slipstream");
    assert_eq!(play(3), 6, "a crosswind token: no slipstream");
}
