//! Maillot Jaune's tour of three stages (MJ-003, MJ-005, MJ-023, MJ-031, MJ-032, MJ-039,
//! MJ-040, G-08, G-12): stage results in minutes, form carried and energy refilled, the yellow
//! jersey to the lowest total, its ties, and nine bot riders over the three stages.

use commissaire_engine::course::parse_course_toml;
use commissaire_engine::games::maillot_jaune::{Choice, MaillotJaune};
use commissaire_engine::registry::{self, Entrant, Game, Scene, Setup};
use commissaire_engine::tour::{
    Outcome, RiderKey, RiderStage, StageKind, StageResult, TourRider, enter_teams, entrants_setup,
};
use serde_json::{Value, json};
use std::sync::Arc;

const STAGES: [&str; 3] = [
    include_str!("../../config/courses/maillot-jaune/mj-etape-1.toml"),
    include_str!("../../config/courses/maillot-jaune/mj-etape-2.toml"),
    include_str!("../../config/courses/maillot-jaune/mj-etape-3.toml"),
];

/// A stage's line for a rider: his place and minutes (None: abandoned).
fn line(rider: &str, team: &str, start: u32, line: Option<(u32, u32)>) -> RiderStage {
    RiderStage {
        rider: RiderKey::new(rider),
        team: team.into(),
        start_number: start,
        cards_played: line.map_or(0, |l| l.1),
        outcome: match line {
            None => Outcome::Abandoned,
            Some((_, minutes)) => Outcome::Timed {
                minutes,
                across: true,
                climber_points: 0,
                points: 0,
                bonus_seconds: 0,
            },
        },
        place: line.map(|l| l.0),
        exhaustion_start: 0,
        exhaustion_end: 0,
    }
}

fn stage(number: u32, riders: Vec<RiderStage>) -> StageResult {
    StageResult {
        number,
        kind: StageKind::Hilly,
        summit_finish: false,
        riders,
        rejoined: Vec::new(),
        sprints: Vec::new(),
        summits: Vec::new(),
        bonus_seconds: false,
        carry: Value::Null,
    }
}

fn general(stages: &[StageResult]) -> Vec<String> {
    let c = registry::classify("maillot-jaune", stages, &Value::Null).unwrap();
    let table = &c.tables[0];
    assert_eq!(table.id, "general");
    assert_eq!(table.holder, Some(0), "the leader wears the yellow jersey");
    table
        .rows
        .iter()
        .map(|r| r.rider.as_ref().unwrap().0.clone())
        .collect()
}

#[test]
fn mj_003_mj_039_mj_040_g_12_tv_mj_41_the_lowest_total_wears_yellow_ties_by_places() {
    // Stage 1 of TV-MJ-41: A wins (0), B 0 min in 2nd, D 1 min, C 3 min. A takes yellow.
    let s1 = stage(
        1,
        vec![
            line("A", "T", 1, Some((1, 0))),
            line("B", "T", 2, Some((2, 0))),
            line("D", "T", 4, Some((3, 1))),
            line("C", "T", 3, Some((4, 3))),
        ],
    );
    assert_eq!(general(std::slice::from_ref(&s1)), ["A", "B", "D", "C"]);
    let title = &registry::classify("maillot-jaune", std::slice::from_ref(&s1), &Value::Null)
        .unwrap()
        .tables[0]
        .title;
    assert_eq!(title.id, "classification-maillot-jaune");
    // Over three stages A and B end on 2 minutes each: B has the lower sum of places.
    let s2 = stage(
        2,
        vec![
            line("B", "T", 2, Some((1, 0))),
            line("A", "T", 1, Some((2, 0))),
            line("C", "T", 3, Some((3, 1))),
            line("D", "T", 4, Some((4, 4))),
        ],
    );
    let s3 = stage(
        3,
        vec![
            line("B", "T", 2, Some((1, 0))),
            line("C", "T", 3, Some((2, 0))),
            line("A", "T", 1, Some((3, 2))),
            line("D", "T", 4, Some((4, 3))),
        ],
    );
    // Totals: A 2, B 2 (places A 1+2+3 = 6, B 2+1+1 = 4), C 4, D 8.
    assert_eq!(general(&[s1, s2, s3]), ["B", "A", "C", "D"]);
}

#[test]
fn g_12_equal_places_too_the_last_stage_decides() {
    let s1 = stage(
        1,
        vec![
            line("A", "T", 1, Some((1, 0))),
            line("B", "T", 2, Some((2, 1))),
        ],
    );
    let s2 = stage(
        2,
        vec![
            line("B", "T", 2, Some((1, 0))),
            line("A", "T", 1, Some((2, 1))),
        ],
    );
    // 1 minute each, places 3 each: B won the last stage.
    assert_eq!(general(&[s1, s2]), ["B", "A"]);
}

/// Stage 2 of a tour ridden to a tie: A (start number 2) won stage 1 and B (start number 1)
/// was third a minute down (C second); on stage 2 B wins and A crosses a round later. Both
/// have 1 minute: A's places add up to 3 (1 + 2), B's to 4 (3 + 1), while B was the better in
/// the last stage and has the lower start number.
#[test]
fn g_12_g_08_mj_040_a_tie_on_time_goes_to_the_lower_sum_of_places_for_the_standings_the_jersey_and_the_start()
 {
    let names = vec!["Jaunes".to_string(), "Verts".to_string()];
    let course = Arc::new(parse_course_toml(STAGES[1], "s2").unwrap());
    let entrant = |id: &str, team: u8, at: (u16, u8), attributes: Value| Entrant {
        id: id.into(),
        team,
        start: Some(commissaire_engine::course::Pos::new(at.0, at.1)),
        attributes,
    };
    let setup = Setup {
        course,
        teams: names.clone(),
        riders: vec![
            entrant(
                "A",
                0,
                (28, 2),
                json!({"card": "Renault", "minutes": 0, "places": [1], "overall": 1}),
            ),
            entrant(
                "B",
                1,
                (27, 0),
                json!({"card": "La Bonnal", "minutes": 1, "places": [3], "overall": 3}),
            ),
        ],
        options: Value::Null,
        dice: Vec::new(),
    };
    let mut s2 = MaillotJaune::new(&setup, 5).unwrap();
    // Round 1: A, the front rider, stays; B rides over the line.
    let seat = |s: &MaillotJaune| s.to_play().unwrap();
    s2.play(seat(&s2), &Choice::Stay).unwrap();
    s2.play(seat(&s2), &ride_to(29, 0)).unwrap();
    // Round 2: A crosses, a minute after B.
    s2.play(seat(&s2), &ride_to(29, 2)).unwrap();
    assert!(s2.is_over());
    let mut riders: Vec<TourRider> = [("A", 0, 2), ("B", 1, 1)]
        .iter()
        .enumerate()
        .map(|(i, &(id, team, start_number))| TourRider {
            key: RiderKey::new(id),
            team,
            start_number,
            abandoned: false,
            attributes: setup.riders[i].attributes.clone(),
        })
        .collect();
    let result2 = Game::result(&s2, 2, StageKind::Mountain, &riders).unwrap();
    let place = |id: &str| {
        result2
            .riders
            .iter()
            .find(|r| r.rider.0 == id)
            .and_then(|r| r.place)
    };
    assert_eq!((place("B"), place("A")), (Some(1), Some(2)));
    // The last stage's places alone would put B first: G-12 sums the places first.
    let result1 = stage(
        1,
        vec![
            line("A", "Jaunes", 2, Some((1, 0))),
            line("C", "Jaunes", 3, Some((2, 0))),
            line("B", "Verts", 1, Some((3, 1))),
        ],
    );
    assert_eq!(general(&[result1, result2]), ["A", "B"], "the standings");
    Game::carry_over(&s2, &mut riders);
    assert_eq!(riders[0].attributes["overall"], json!(1));
    assert_eq!(riders[1].attributes["overall"], json!(2));
    assert_eq!(riders[0].attributes["places"], json!([1, 2]));
    assert_eq!(riders[1].attributes["minutes"], json!(1));
    // Stage 3 starts in that order and dresses A in yellow.
    let course = Arc::new(parse_course_toml(STAGES[2], "s3").unwrap());
    let racing: Vec<&TourRider> = riders.iter().collect();
    let s3 = MaillotJaune::new(&entrants_setup(&course, &names, &racing, Value::Null), 3).unwrap();
    // Riders by their tour key (`s3.name` is the card the tour dealt them).
    let order: Vec<&str> = s3
        .order
        .iter()
        .map(|&r| s3.riders[r as usize].name.as_str())
        .collect();
    assert_eq!(order, ["A", "B"], "G-08: the yellow jersey starts first");
    let view = s3.view();
    let yellow: Vec<&str> = view
        .riders
        .iter()
        .filter(|r| r.yellow)
        .map(|r| r.id.as_str())
        .collect();
    assert_eq!(yellow, ["A"], "MJ-040: the jersey on the road");
}

fn ride_to(row: u16, lane: u8) -> Choice {
    Choice::Move {
        to: commissaire_engine::course::Pos::new(row, lane),
        via: None,
        escape: None,
    }
}

#[test]
fn mj_033_a_rider_who_abandoned_is_not_classified() {
    let s1 = stage(
        1,
        vec![line("A", "T", 1, Some((1, 0))), line("B", "T", 2, None)],
    );
    assert_eq!(general(&[s1]), ["A"]);
}

/// How a stage after the first started: the riders in the order of its round 1, the rider in
/// yellow on the road, and the published standings before it.
#[derive(Debug)]
struct Started {
    stage: u32,
    order: Vec<String>,
    yellow: Vec<String>,
    standings: Vec<String>,
}

/// Rides a whole tour of three stages with bots: `teams` teams of `per` riders. Returns the
/// results and the riders as the tour keeps them.
fn ride_tour(teams: usize, per: usize, seed: u64) -> (Vec<StageResult>, Vec<TourRider>) {
    let (results, riders, _) = ride_tour_watched(teams, per, seed);
    (results, riders)
}

/// As [`ride_tour`], with how stages 2 and 3 started.
fn ride_tour_watched(
    teams: usize,
    per: usize,
    seed: u64,
) -> (Vec<StageResult>, Vec<TourRider>, Vec<Started>) {
    let names: Vec<String> = (0..teams).map(|t| format!("Team {t}")).collect();
    let entry = registry::ruleset("maillot-jaune").unwrap();
    let roster = (entry.roster)(&vec![json!("rider"); per], &Value::Null).unwrap();
    let mut riders = enter_teams(&names, &roster);
    let mut results = Vec::new();
    let mut started = Vec::new();
    for (k, text) in STAGES.iter().enumerate() {
        let course = Arc::new(parse_course_toml(text, "s.toml").unwrap());
        let racing: Vec<&TourRider> = riders.iter().filter(|r| !r.abandoned).collect();
        let setup = entrants_setup(&course, &names, &racing, json!({"level": "complementary"}));
        let mut stage = registry::start("maillot-jaune", &setup, seed + k as u64).unwrap();
        if k > 0 {
            let ids: Vec<String> = racing.iter().map(|r| r.key.0.clone()).collect();
            let opening = stage.opening().to_json();
            let first = opening
                .iter()
                .find(|e| e["event"] == "round_begins")
                .expect("round 1 begins as the stage starts");
            let order = first["order"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| ids[i.as_u64().unwrap() as usize].clone())
                .collect();
            let Scene::MaillotJaune(view) = stage.scene() else {
                panic!("a Maillot Jaune stage draws its own scene")
            };
            let yellow = view
                .riders
                .iter()
                .filter(|r| r.yellow)
                .map(|r| r.id.clone())
                .collect();
            started.push(Started {
                stage: k as u32 + 1,
                order,
                yellow,
                standings: general(&results),
            });
        }
        let mut guard = 0;
        while !stage.is_over() {
            guard += 1;
            assert!(guard < 5_000, "stage {} never ends", k + 1);
            let (seat, _) = stage.waiting_on()[0];
            stage.play_bot(seat).unwrap();
        }
        let result = stage
            .result(k as u32 + 1, StageKind::Hilly, &riders)
            .unwrap();
        for r in &result.riders {
            if r.outcome == Outcome::Abandoned {
                riders
                    .iter_mut()
                    .find(|t| t.key == r.rider)
                    .unwrap()
                    .abandoned = true;
            }
        }
        stage.carry_over(&mut riders);
        results.push(result);
    }
    (results, riders, started)
}

/// The stages 2 and 3 of the bots' tours of `seeds` (`teams` teams of `per` riders) that
/// started in another order than the standings published before them, or dressed another
/// rider in yellow; and how many stages were looked at.
fn started_out_of_order(
    teams: usize,
    per: usize,
    seeds: std::ops::RangeInclusive<u64>,
) -> (Vec<String>, usize) {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for seed in seeds {
        let (_, _, started) = ride_tour_watched(teams, per, seed);
        for s in started {
            checked += 1;
            if s.order != s.standings || s.yellow != s.standings[..1] {
                wrong.push(format!(
                    "{teams}x{per} seed {seed} stage {}: started {:?} in yellow {:?}, standings {:?}",
                    s.stage, s.order, s.yellow, s.standings
                ));
            }
        }
    }
    (wrong, checked)
}

/// The measure: the preset's four directors of two riders, seeds 1 to 40 (before
/// G-12's tie-breaks were carried, 17 of these 80 starts differed, 5 with another rider in
/// yellow).
#[test]
fn g_08_g_12_mj_040_the_bots_tours_of_seeds_1_to_40_start_in_the_published_order() {
    let (wrong, checked) = started_out_of_order(4, 2, 1..=40);
    assert_eq!(checked, 80, "stages 2 and 3 of 40 tours");
    assert!(
        wrong.is_empty(),
        "{} of {checked}:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// The same with nine riders, three teams of three (19 of 80 differed): `cargo test -p
/// commissaire-engine --test maillot_jaune_tour -- --ignored`.
#[test]
#[ignore = "a long form: 40 more tours"]
fn g_08_g_12_mj_040_nine_riders_tours_of_seeds_1_to_40_start_in_the_published_order() {
    let (wrong, checked) = started_out_of_order(3, 3, 1..=40);
    assert_eq!(checked, 80, "stages 2 and 3 of 40 tours");
    assert!(
        wrong.is_empty(),
        "{} of {checked}:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn mj_005_mj_023_mj_031_mj_032_g_08_tv_mj_42_form_carries_energy_refills_yellow_starts_first() {
    let names = vec!["Jaunes".to_string(), "Verts".to_string()];
    let course = Arc::new(parse_course_toml(STAGES[0], "s1").unwrap());
    let setup = Setup {
        course,
        teams: names.clone(),
        riders: vec![
            Entrant {
                id: "A".into(),
                team: 0,
                start: None,
                attributes: json!({"card": "Renault"}),
            },
            Entrant {
                id: "B".into(),
                team: 1,
                start: None,
                attributes: json!({"card": "PTT"}),
            },
        ],
        options: Value::Null,
        dice: vec![2],
    };
    let mut stage = registry::start("maillot-jaune", &setup, 9).unwrap();
    while !stage.is_over() {
        let (seat, _) = stage.waiting_on()[0];
        stage.play_bot(seat).unwrap();
    }
    let mut riders: Vec<TourRider> = ["A", "B"]
        .iter()
        .enumerate()
        .map(|(i, id)| TourRider {
            key: RiderKey::new(*id),
            team: i as u8,
            start_number: i as u32 + 1,
            abandoned: false,
            attributes: setup.riders[i].attributes.clone(),
        })
        .collect();
    let result = stage.result(1, StageKind::Hilly, &riders).unwrap();
    let Scene::MaillotJaune(view) = stage.scene() else {
        panic!()
    };
    let form_after: Vec<u8> = view.riders.iter().map(|r| r.form).collect();
    stage.carry_over(&mut riders);
    for (i, r) in riders.iter().enumerate() {
        assert_eq!(
            r.attributes["form"],
            json!(form_after[i]),
            "MJ-031: form carries"
        );
    }
    let winner = result.riders.iter().find(|r| r.place == Some(1)).unwrap();
    let yellow = riders.iter().find(|r| r.key == winner.rider).unwrap();
    assert_eq!(
        yellow.attributes["overall"],
        json!(1),
        "MJ-040: the winner takes yellow"
    );
    // Stage 2: the dial is full again, form as carried; the yellow jersey plays first (G-08).
    let course = Arc::new(parse_course_toml(STAGES[1], "s2").unwrap());
    let racing: Vec<&TourRider> = riders.iter().collect();
    let next = entrants_setup(&course, &names, &racing, Value::Null);
    let s2 = MaillotJaune::new(&next, 3).unwrap();
    for (i, r) in s2.riders.iter().enumerate() {
        assert_eq!(r.energy, 6, "MJ-023: energy refilled");
        assert_eq!(r.form, form_after[i]);
    }
    let first = s2.order[0] as usize;
    assert_eq!(s2.riders[first].name, winner.rider.0);
    assert!(s2.view().riders[first].yellow, "MJ-002: the yellow figure");
}

#[test]
fn mj_003_a_tour_of_three_stages_with_nine_bot_riders() {
    let started = std::time::Instant::now();
    let (results, riders) = ride_tour(3, 3, 11);
    let elapsed = started.elapsed();
    assert_eq!(results.len(), 3);
    let c = registry::classify("maillot-jaune", &results, &Value::Null).unwrap();
    let gc = &c.tables[0];
    let classified = riders.iter().filter(|r| !r.abandoned).count();
    assert_eq!(gc.rows.len(), classified);
    // The leader overall is the one the next stage would dress in yellow.
    let leader = gc.rows[0].rider.clone().unwrap();
    let dressed = riders.iter().find(|r| r.key == leader).unwrap();
    assert_eq!(dressed.attributes["overall"], json!(1));
    eprintln!("a tour of three stages with nine bot riders: {elapsed:?}");
}

#[test]
fn mj_010_g_01_the_tour_deals_each_rider_a_card_and_names_him_by_it() {
    use commissaire_engine::tour::TourPreset;
    let preset = TourPreset::from_toml(
        include_str!("../../config/tours/maillot-jaune.toml"),
        "maillot-jaune.toml",
    )
    .unwrap();
    let names: Vec<String> = ["Jaunes", "Verts", "Bleus", "Rouges"]
        .iter()
        .map(|n| n.to_string())
        .collect();
    let riders = preset.riders(&names).unwrap();
    let keys: Vec<&str> = riders.iter().map(|r| r.key.as_str()).collect();
    // The roster's first eight cards, two a team in seat order (G-01).
    assert_eq!(
        keys,
        [
            "Renault",
            "La Providence",
            "La Bonnal",
            "Vandamme",
            "PTT",
            "La Redoute",
            "Agfa",
            "Noël"
        ]
    );
    assert_eq!(riders[2].team, 1);
    assert_eq!(riders[2].attributes["card"], json!("La Bonnal"));
    // The stage rides the cards the tour dealt, under the same names.
    let course = Arc::new(parse_course_toml(STAGES[0], "s1").unwrap());
    let racing: Vec<&TourRider> = riders.iter().collect();
    let setup = entrants_setup(&course, &names, &racing, preset.stage_options().unwrap());
    let stage = MaillotJaune::new(&setup, 1).unwrap();
    for (r, key) in stage.riders.iter().zip(&keys) {
        assert_eq!((r.name.as_str(), r.card.name.as_str()), (*key, *key));
    }
}

#[test]
fn mj_002_mj_010_a_deal_that_does_not_go_round_is_refused_in_a_sentence() {
    use commissaire_engine::games::maillot_jaune::game::deal;
    let entry = registry::ruleset("maillot-jaune").unwrap();
    let five: Vec<String> = (0..5).map(|t| format!("Team {t}")).collect();
    let two = (entry.roster)(&[json!("rider"), json!("rider")], &Value::Null).unwrap();
    let mut riders = enter_teams(&five, &two);
    let e = deal(&mut riders, &Value::Null).unwrap_err();
    assert!(e.contains("10 riders for 9 cards"), "{e}");
    // A card named by the roster goes to one team only.
    let named = (entry.roster)(&[json!("Renault")], &Value::Null).unwrap();
    let mut riders = enter_teams(&five[..2], &named);
    let e = deal(&mut riders, &Value::Null).unwrap_err();
    assert!(e.contains("Renault is entered twice"), "{e}");
    // One team naming a card: it rides it, and the others are dealt around it.
    let mixed = (entry.roster)(&[json!("rider"), json!("PTT")], &Value::Null).unwrap();
    let mut riders = enter_teams(&five[..1], &mixed);
    deal(&mut riders, &Value::Null).unwrap();
    let keys: Vec<&str> = riders.iter().map(|r| r.key.as_str()).collect();
    assert_eq!(keys, ["Renault", "PTT"]);
}
