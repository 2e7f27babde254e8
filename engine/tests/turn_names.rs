//! What the turn being played is called (`DynStage::turn_name`), as the services count turns:
//! 1, then one more each time a choice's events settle a turn. A game whose turns are not all
//! rounds of its own names them itself, so a player never reads the services' count.

use commissaire_engine::course::parse_course_toml;
use commissaire_engine::games::card_race::ID as CARD_RACE;
use commissaire_engine::registry::{self, DynStage, Entrant, Sentence, Setup};
use serde_json::{Value, json};
use std::sync::Arc;

fn course(length: u32) -> Arc<commissaire_engine::Course> {
    let text = format!(
        "name = \"T\"\nlanes = 3\n[[segment]]\nterrain = \"flat\"\nlength = 1\nstart = true\n\
         [[segment]]\nterrain = \"flat\"\nlength = {length}\n[[segment]]\nterrain = \"flat\"\n\
         length = 3\nfinish = true\n"
    );
    Arc::new(parse_course_toml(&text, "t.toml").unwrap())
}

/// Two teams of a rouleur and a sprinteur under the card race's `options`.
fn card_race(options: Value) -> Setup {
    let kinds = ["rouleur", "sprinteur"];
    Setup {
        course: course(30),
        teams: vec!["Blue".into(), "Red".into()],
        riders: (0..4)
            .map(|i| Entrant {
                id: format!("{} {}", ["Blue", "Red"][i % 2], kinds[i / 2]),
                team: (i % 2) as u8,
                start: None,
                attributes: json!({"kind": kinds[i / 2]}),
            })
            .collect(),
        options,
        dice: Vec::new(),
    }
}

/// The named rules `house-a` of the card race (the breakaway auction opens its road stages).
fn house_a_options() -> Value {
    (registry::ruleset(CARD_RACE).unwrap().rules)
        .iter()
        .find(|r| r.name == "house-a")
        .map(|r| (r.options)())
        .unwrap()
}

/// The bot plays one choice of the first seat that owes one; whether it settled a turn.
fn bot_move(stage: &mut Box<dyn DynStage>) -> bool {
    let seat = stage.waiting_on()[0].0;
    let (_, events) = stage
        .play_bot(seat)
        .unwrap()
        .expect("a seat that owes plays");
    events.settles_turn()
}

/// Bots play until the next turn opens (or the stage ends).
fn settle_a_turn(stage: &mut Box<dyn DynStage>) {
    while !stage.is_over() && !bot_move(stage) {}
}

fn bid_step(step: u64) -> (&'static str, Vec<(&'static str, Value)>, String) {
    (
        "card-race-turn-bid",
        vec![("step", json!(step)), ("steps", json!(2))],
        format!("breakaway bid {step} of 2"),
    )
}

fn parts(s: Sentence) -> (&'static str, Vec<(&'static str, Value)>, String) {
    (s.id, s.args, s.text)
}

#[test]
fn ha_051_the_auction_is_named_by_its_bid_steps_and_the_first_race_round_is_round_1() {
    let setup = card_race(house_a_options());
    assert_eq!(
        setup.options["start"], "breakaway_house_a",
        "{}",
        setup.options
    );
    let mut stage = registry::start(CARD_RACE, &setup, 3).unwrap();
    // The services' count: turn 1 is the first bid step.
    let mut turn = 1;
    assert_eq!(parts(stage.turn_name(turn)), bid_step(1));
    settle_a_turn(&mut stage);
    turn += 1;
    assert_eq!(parts(stage.turn_name(turn)), bid_step(2));
    settle_a_turn(&mut stage);
    turn += 1;
    // Two turns settled in the auction: the services are at turn 3, the race at its round 1.
    assert_eq!(turn, 3);
    let first = stage.turn_name(turn);
    assert_eq!(first, Sentence::round(1));
    assert_eq!(first.text, "round 1");
    settle_a_turn(&mut stage);
    turn += 1;
    assert_eq!(stage.turn_name(turn), Sentence::round(2));
}

#[test]
fn a_stage_with_no_steps_before_its_first_round_names_each_turn_by_the_count() {
    // The base game, house rules A's time trial (no auction there): every turn is a round of
    // the race, numbered as the services count.
    let options = [
        Value::Null,
        json!({"profiles": "house-a", "start": "breakaway_house_a", "time_trial": "individual"}),
    ];
    for options in options {
        let mut stage = registry::start(CARD_RACE, &card_race(options.clone()), 5).unwrap();
        let mut turn = 1;
        while !stage.is_over() {
            assert_eq!(stage.turn_name(turn), Sentence::round(turn), "{options}");
            settle_a_turn(&mut stage);
            turn += 1;
        }
        assert!(turn > 3, "{options}: the stage lasted {turn} turns");
    }
}

#[test]
fn hb_038_the_fictive_start_is_named_so_and_the_turn_after_it_is_round_1() {
    let options = json!({"profiles": "house-b", "fictive_start": true});
    let mut stage = registry::start(CARD_RACE, &card_race(options), 5).unwrap();
    let start = stage.turn_name(1);
    assert_eq!(
        (start.id, start.text.as_str()),
        ("card-race-turn-fictive-start", "the fictive start")
    );
    settle_a_turn(&mut stage);
    assert_eq!(stage.turn_name(2), Sentence::round(1));
    settle_a_turn(&mut stage);
    assert_eq!(stage.turn_name(3), Sentence::round(2));
}

#[test]
fn velo_master_names_its_start_then_its_own_rounds_not_its_rolls() {
    // No places given: the riders launch from the start, in the d20 order (VM-021).
    let riders = [
        ("Ana", 0, true),
        ("Bo", 0, false),
        ("Cy", 1, true),
        ("Di", 1, false),
    ]
    .into_iter()
    .map(|(id, team, leader)| Entrant {
        id: id.into(),
        team,
        start: None,
        attributes: json!({"role": if leader { "leader" } else { "team-mate" }}),
    })
    .collect();
    let setup = Setup {
        course: course(40),
        teams: vec!["Verts".into(), "Roses".into()],
        riders,
        options: Value::Null,
        dice: Vec::new(),
    };
    let mut stage = registry::start("velo-master", &setup, 7).unwrap();
    let mut turn = 1;
    let (mut starts, mut rounds) = (0, Vec::new());
    while !stage.is_over() && turn < 60 {
        let name = stage.turn_name(turn);
        match name.id {
            "vm-turn-start" => {
                assert!(rounds.is_empty(), "the start after a round: {rounds:?}");
                assert_eq!(name.text, "the start");
                starts += 1;
            }
            "turn-round" => rounds.push(name.args[0].1.as_u64().unwrap()),
            other => panic!("{other}"),
        }
        settle_a_turn(&mut stage);
        turn += 1;
    }
    assert!(starts > 0, "the stage opened with its start");
    // Every roll settles a turn: a round of four riders takes several, and the first round
    // after the start is round 1.
    assert_eq!(rounds[0], 1, "{rounds:?}");
    assert!(rounds.windows(2).all(|w| w[0] <= w[1]), "{rounds:?}");
    assert!(
        *rounds.last().unwrap() + (starts as u64) < turn as u64 - 1,
        "rounds {rounds:?} over {turn} turns"
    );
}

/// VM-032 with issue 32, item 12: an Expert round is two phases, leaders then team-mates, and
/// the turn being played names its phase, so that each phase's post in the channel has a title
/// of its own ("round 1, the leaders' phase", then "round 1, the team-mates' phase"). Débutant
/// rounds (one phase each) keep the round's name (the test above).
#[test]
fn vm_032_an_expert_round_names_its_leaders_then_its_team_mates_phase() {
    // Three teams of a leader and three team-mates (VM-010).
    let teams = ["Verts", "Roses", "Jaunes"];
    let riders = (0..12)
        .map(|i| Entrant {
            id: format!("{} {}", teams[i / 4], i % 4),
            team: (i / 4) as u8,
            start: None,
            attributes: json!({"role": if i % 4 == 0 { "leader" } else { "team-mate" }}),
        })
        .collect();
    let setup = Setup {
        course: course(40),
        teams: teams.iter().map(|t| t.to_string()).collect(),
        riders,
        options: json!({"level": "expert"}),
        dice: Vec::new(),
    };
    let mut stage = registry::start("velo-master", &setup, 7).unwrap();
    let mut names: Vec<(&'static str, Option<u64>, String)> = Vec::new();
    let mut turn = 1;
    while !stage.is_over() && turn < 2000 {
        let name = stage.turn_name(turn);
        let round = name.args.first().and_then(|(_, v)| v.as_u64());
        if names
            .last()
            .is_none_or(|(id, r, _)| (*id, *r) != (name.id, round))
        {
            names.push((name.id, round, name.text.clone()));
        }
        settle_a_turn(&mut stage);
        turn += 1;
    }
    assert!(stage.is_over(), "the race ends");
    // The start, then each round's leaders' phase, then its team-mates', never a bare round.
    assert_eq!(names[0].0, "vm-turn-start", "{names:?}");
    let race: Vec<&(&str, Option<u64>, String)> = names
        .iter()
        .skip_while(|(id, _, _)| *id == "vm-turn-start")
        .collect();
    assert!(race.len() >= 4, "two rounds at least: {names:?}");
    for (i, (id, round, text)) in race.iter().enumerate() {
        let expected_round = i as u64 / 2 + 1;
        assert_eq!(*round, Some(expected_round), "{names:?}");
        let (id_wanted, text_wanted) = if i % 2 == 0 {
            (
                "vm-turn-leaders",
                format!("round {expected_round}, the leaders' phase"),
            )
        } else {
            (
                "vm-turn-mates",
                format!("round {expected_round}, the team-mates' phase"),
            )
        };
        assert_eq!((*id, text.as_str()), (id_wanted, text_wanted.as_str()));
    }
}
