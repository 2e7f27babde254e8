//! The card race through the registry: its keys, labels, refusals, narration and result.

use super::game::{ID as CARD_RACE, attributes as card_race_attributes, pile_brief};
use crate::course::{CourseSpec, Pos};
use crate::game::{Seat, Viewer};
use crate::games::card_race::RiderKind;
use crate::registry::*;
use crate::tour::{StageKind, StageResult, enter_teams};
use serde_json::{Value, json};
use std::sync::Arc;

fn course() -> Arc<crate::course::Course> {
    Arc::new(
        CourseSpec {
            tiles: Some("abcdefu".into()),
            ..Default::default()
        }
        .build()
        .unwrap(),
    )
}

fn two_teams(options: Value) -> Setup {
    let rider = |id: &str, team: Seat, kind: RiderKind| Entrant {
        id: id.into(),
        team,
        start: None,
        attributes: card_race_attributes(kind, 0),
    };
    Setup {
        course: course(),
        teams: vec!["Blue".into(), "Red".into()],
        riders: vec![
            rider("Blue Rouleur", 0, RiderKind::Rouleur),
            rider("Red Rouleur", 1, RiderKind::Rouleur),
            rider("Blue Sprinteur", 0, RiderKind::Sprinteur),
            rider("Red Sprinteur", 1, RiderKind::Sprinteur),
        ],
        options,
        dice: Vec::new(),
    }
}

fn stage() -> Box<dyn DynStage> {
    start("card-race", &two_teams(Value::Null), 3).unwrap()
}

#[test]
fn the_card_race_offers_draws_then_keeps_as_labelled_options() {
    let mut s = stage();
    let owed = s.pending();
    assert_eq!(owed.len(), 2);
    let blue = &owed[0];
    assert_eq!((blue.seat, blue.step), (0, 0));
    let shown: Vec<(&str, &str, &str)> = blue
        .options
        .iter()
        .map(|o| (&*o.group, &*o.label, o.key.as_str()))
        .collect();
    assert_eq!(
        shown,
        [
            ("Blue Rouleur", "Draw", "d:0"),
            ("Blue Sprinteur", "Draw", "d:2"),
        ]
    );
    s.apply(0, "d:2").unwrap();
    let keep = s.pending_for(0).unwrap();
    assert_eq!(keep.step, 1);
    assert!(!keep.options.is_empty() && keep.options.len() <= 4);
    for o in &keep.options {
        assert_eq!(&*o.group, "Blue Sprinteur");
        let card = o.key.as_str().strip_prefix("k:2:").expect("a keep key");
        assert_eq!(&*o.label, format!("Keep {card}"));
    }
    // Red's decision is untouched by Blue's choices: its buttons stay good.
    assert_eq!(s.pending_for(1).unwrap().step, 0);
}

#[test]
fn keys_fit_a_discord_custom_id_whatever_the_names() {
    let mut setup = two_teams(Value::Null);
    for r in &mut setup.riders {
        r.id = format!("{} of a team with a very long name indeed, really", r.id);
    }
    let mut s = start("card-race", &setup, 1).unwrap();
    s.apply(0, "d:0").unwrap();
    for p in s.pending() {
        for o in p.options {
            let id = format!("v2:{}:{}:{}:{}", i64::MAX, u32::MAX, p.step, o.key);
            assert!(id.len() < 100, "{id}");
        }
    }
}

#[test]
fn an_unknown_or_illegal_key_is_refused_in_a_sentence() {
    let mut s = stage();
    let e = s.apply(0, "draw:0").unwrap_err();
    assert!(
        e.to_string().contains("pick one of the options offered"),
        "{e}"
    );
    // Spelled otherwise than the engine writes it: one option, one key.
    for other in ["d:00", "d:+0", "d:0:", "k:0:05", "k:0:e", "k:0:5:1"] {
        assert!(
            matches!(s.apply(0, other), Err(ChoiceError::UnknownKey { .. })),
            "{other}"
        );
    }
    let mut t = stage();
    let e = t.apply(0, "d:1").unwrap_err();
    let ChoiceError::Illegal { key, reason } = &e else {
        panic!("refused by the rules: {e:?}")
    };
    assert_eq!(key, "d:1");
    // The refusal is a sentence of the catalogue, with the rider named.
    assert_eq!(reason.id, "refusal-not-your-rider");
    assert_eq!(reason.args, vec![("rider", json!("Red Rouleur"))]);
    assert_eq!(reason.text, "Red Rouleur is not a rider of your team");
    let e = t.apply(0, "k:0:5").unwrap_err();
    assert!(
        e.to_string().contains("draw Blue Rouleur's hand first"),
        "{e}"
    );
}

#[test]
fn a_click_drawn_for_an_earlier_step_is_refused() {
    let mut s = stage();
    s.apply_at(0, 0, "d:0").unwrap();
    let e = s.apply_at(0, 0, "d:2").unwrap_err();
    assert_eq!(
        e,
        ChoiceError::Stale {
            step: 0,
            current: 1
        }
    );
    assert!(e.to_string().contains("choose again"), "{e}");
}

#[test]
fn choices_and_events_cross_to_the_store_as_json() {
    let mut s = stage();
    assert_eq!(
        s.choice_json("k:3:E").unwrap(),
        json!({"action": "keep", "rider": 3, "card": "E"})
    );
    let key = s
        .choice_key(&json!({"action": "draw", "rider": 2}))
        .unwrap();
    assert_eq!(key.as_str(), "d:2");
    assert!(matches!(
        s.choice_key(&json!({"action": "fly"})),
        Err(ChoiceError::BadJson(_))
    ));
    let events = s.apply(0, "d:0").unwrap();
    let stored = events.to_json();
    assert_eq!(stored[0]["event"], "hand_drawn");
    assert_eq!(s.audience(&events), [Some(0)]);
    let back = s.events_from_json(&stored).unwrap();
    assert_eq!(
        s.narrate(&back, Viewer::Seat(0)),
        s.narrate(&events, Viewer::Seat(0))
    );
}

#[test]
fn a_hand_is_told_to_its_team_only() {
    let mut s = stage();
    let events = s.apply(1, "d:1").unwrap();
    let own = s.narrate(&events, Viewer::Seat(1));
    assert_eq!(own.len(), 1);
    assert_eq!(own[0].id, "card-race-hand-drawn");
    assert!(
        own[0].text.starts_with("Red Rouleur draws "),
        "{}",
        own[0].text
    );
    assert!(s.narrate(&events, Viewer::Public).is_empty());
    assert!(s.narrate(&events, Viewer::Seat(0)).is_empty());
    let secrets = s.secrets();
    assert_eq!(secrets.len(), 1);
    assert_eq!(
        (secrets[0].seat, secrets[0].pointer.as_str()),
        (1, "/riders/1/hand")
    );
}

#[test]
fn a_round_is_told_in_plain_sentences_once_the_cards_are_revealed() {
    let mut s = stage();
    let mut last = None;
    while s.view_json(Viewer::Public)["round"] == 1 {
        let seat = s.waiting_on()[0].0;
        last = s.play_bot(seat).unwrap().map(|(_, e)| e);
    }
    let events = last.unwrap();
    assert!(events.settles_turn());
    let told = s.narrate(&events, Viewer::Public);
    assert!(
        told[0].text.ends_with(" has chosen a card."),
        "{}",
        told[0].text
    );
    assert!(
        told[1].text.starts_with("Cards revealed: "),
        "{}",
        told[1].text
    );
    assert!(
        told.iter()
            .any(|t| t.id == "card-race-moved" && t.text.contains(" plays "))
    );
    assert_eq!(told.last().unwrap().text, "Round 2 begins.");
}

#[test]
fn a_finished_stage_gives_the_tour_its_result() {
    let roster =
        super::game::roster(&[json!("rouleur"), json!("sprinteur")], &Value::Null).unwrap();
    let tour = enter_teams(&["Blue".into(), "Red".into()], &roster);
    let mut setup = two_teams(Value::Null);
    setup.riders = tour
        .iter()
        .map(|r| Entrant {
            id: r.key.0.clone(),
            team: r.team,
            start: None,
            attributes: r.attributes.clone(),
        })
        .collect();
    let mut s = start("card-race", &setup, 11).unwrap();
    assert_eq!(
        s.result(1, StageKind::Flat, &tour).unwrap_err(),
        OutcomeError::Running
    );
    while let Some(&(seat, _)) = s.waiting_on().first() {
        s.play_bot(seat).unwrap();
    }
    let result = s.result(1, StageKind::Flat, &tour).unwrap();
    let mut places: Vec<u32> = result.riders.iter().filter_map(|r| r.place).collect();
    places.sort();
    assert_eq!(places, [1, 2, 3, 4]);
    assert!(matches!(
        s.result(1, StageKind::Flat, &tour[..3]),
        Err(OutcomeError::NotInTour(_))
    ));
    let mut carried = tour.clone();
    s.carry_over(&mut carried);
    let Scene::CardRace(view) = s.scene() else {
        panic!("a card race draws a card-race scene")
    };
    assert!(view.over && view.viewer == Viewer::Public);
}

#[test]
fn a_setup_that_cannot_start_says_what_to_change() {
    let e = start("velo", &two_teams(Value::Null), 1).unwrap_err();
    assert_eq!(
        e.to_string(),
        "there is no ruleset 'velo': use one of card-race, velo-master, maillot-jaune, hulst"
    );
    let e = start("card-race", &two_teams(json!({"hand": "free"})), 1).unwrap_err();
    assert!(e.to_string().contains("'hand' is not an option"), "{e}");
    let e = start("card-race", &two_teams(json!({"hands": "loose"})), 1).unwrap_err();
    assert!(matches!(e, StartError::Options { .. }), "{e}");
    let mut setup = two_teams(Value::Null);
    setup.riders[1].attributes = json!({"kind": "tractor"});
    let e = start("card-race", &setup, 1).unwrap_err();
    assert!(e.to_string().starts_with("rider 'Red Rouleur': "), "{e}");
    setup = two_teams(Value::Null);
    setup.riders[0].start = Some(Pos::new(0, 0));
    assert_eq!(
        start("card-race", &setup, 1).unwrap_err(),
        StartError::MixedStarts
    );
    setup.riders.truncate(1);
    setup.riders[0].team = 5;
    assert!(matches!(
        start("card-race", &setup, 1).unwrap_err(),
        StartError::Rules(_)
    ));
    let free = start("card-race", &two_teams(json!({"hands": "free"})), 1).unwrap();
    assert_eq!(free.pending_for(0).unwrap().options.len(), 18);
}

#[test]
fn fr_2_a_riders_line_says_when_a_draw_shuffles_the_recycle_pile_in() {
    let text = |draw, recycled| pile_brief("X (row 1, lane 0)".into(), vec![], draw, recycled).text;
    assert_eq!(text(11, 3), "X (row 1, lane 0): 11 cards to draw from.");
    assert_eq!(
        text(1, 12),
        "X (row 1, lane 0): 1 card to draw from, then the recycle pile (12 cards) is shuffled into a new draw pile."
    );
    assert_eq!(
        text(0, 9),
        "X (row 1, lane 0): draw pile empty, drawing shuffles the recycle pile (9 cards) into a new draw pile."
    );
    assert_eq!(
        text(0, 0),
        "X (row 1, lane 0): no card left to draw, the rider plays an exhaustion card."
    );
}

#[test]
fn a_round_is_told_move_by_move_then_in_one_line_and_a_team_sees_its_hands() {
    let mut s = start("card-race", &two_teams(Value::Null), 5).unwrap();
    let before = s.brief(0);
    assert_eq!(before.len(), 2, "a line a rider of Blue");
    assert!(
        before.iter().all(|l| l.id == "card-race-brief-pile"),
        "{before:?}"
    );
    let mut last = None;
    while let Some(&(seat, _)) = s.waiting_on().first() {
        let (_, events) = s.play_bot(seat).unwrap().unwrap();
        if events.settles_turn() {
            last = Some(events);
            break;
        }
        // Drawn hands are Blue's own to see.
        if seat == 0 {
            assert!(
                s.brief(0)
                    .iter()
                    .any(|l| matches!(l.id, "card-race-brief-hand" | "card-race-brief-kept"))
            );
            assert!(s.brief(1).iter().all(|l| l.id != "card-race-brief-hand"));
        }
    }
    let told = s.tell_turn(&last.expect("round 1 is played"));
    assert_eq!(
        told.lines.len(),
        told.lines
            .iter()
            .filter(|l| l.id != "card-race-cards-revealed")
            .count()
    );
    assert!(
        told.lines
            .iter()
            .filter(|l| l.id == "card-race-moved")
            .count()
            == 4
    );
    let brief = told.brief.expect("a card-race round has a summary");
    assert_eq!(brief.id, "card-race-turn-brief");
    assert!(brief.text.contains(" leads, row "), "{}", brief.text);
    let front = s.situation();
    assert_eq!(front[0].text, "At the front:");
    assert_eq!(front.len(), 5, "the heading and the four riders");
    assert!(front[1].text.starts_with("1. "), "{}", front[1].text);
}

/// A tour's riders entered as the registry's setup of a two-team stage.
fn tour_stage(options: Value) -> (Setup, Vec<crate::tour::TourRider>) {
    let roster =
        super::game::roster(&[json!("rouleur"), json!("sprinteur")], &Value::Null).unwrap();
    let tour = enter_teams(&["Blue".into(), "Red".into()], &roster);
    let mut setup = two_teams(options);
    setup.riders = tour
        .iter()
        .map(|r| Entrant {
            id: r.key.0.clone(),
            team: r.team,
            start: None,
            attributes: r.attributes.clone(),
        })
        .collect();
    (setup, tour)
}

fn context<'a>(
    number: u32,
    kind: StageKind,
    previous: Option<&'a StageResult>,
    options: &'a Value,
) -> StageContext<'a> {
    StageContext {
        number,
        kind,
        rest_before: false,
        previous,
        options,
        bots: &[],
    }
}

#[test]
fn hb_029_the_next_stage_of_a_tour_starts_in_the_weather_this_one_ended_in() {
    let options = json!({"profiles": "house-b", "weather": "house-b"});
    let first = prepare(CARD_RACE, &context(1, StageKind::Flat, None, &options)).unwrap();
    assert_eq!(
        first, options,
        "the first stage starts at level 3, as options say"
    );
    let (setup, tour) = tour_stage(first);
    let mut s = start(CARD_RACE, &setup, 5).unwrap();
    while let Some(&(seat, _)) = s.waiting_on().first() {
        s.play_bot(seat).unwrap();
    }
    let Scene::CardRace(view) = s.scene() else {
        panic!("a card race draws a card-race scene")
    };
    let ended = view.conditions.weather.expect("the weather rule is on");
    let result = s.result(1, StageKind::Flat, &tour).unwrap();
    assert_eq!(result.carry, json!({"weather_level": ended}));
    let second = prepare(
        CARD_RACE,
        &context(2, StageKind::Hilly, Some(&result), &options),
    )
    .unwrap();
    assert_eq!(second["weather_level"], json!(ended));
    // The stage starts there: round 1's d6 moves the level by one at most from it.
    let (setup, _) = tour_stage(second);
    let next = start(CARD_RACE, &setup, 6).unwrap();
    let Scene::CardRace(view) = next.scene() else {
        panic!("a card race draws a card-race scene")
    };
    let now = view.conditions.weather.unwrap();
    assert!(now.abs_diff(ended) <= 1, "from {ended} to {now}");
    // Without the weather rule nothing is carried, and nothing is read.
    let plain = json!({"profiles": "house-b"});
    let (setup, tour) = tour_stage(plain.clone());
    let mut s = start(CARD_RACE, &setup, 5).unwrap();
    while let Some(&(seat, _)) = s.waiting_on().first() {
        s.play_bot(seat).unwrap();
    }
    let result = s.result(1, StageKind::Flat, &tour).unwrap();
    assert!(result.carry.is_null());
    assert_eq!(
        prepare(
            CARD_RACE,
            &context(2, StageKind::Flat, Some(&result), &plain)
        )
        .unwrap(),
        plain
    );
}

#[test]
fn a_time_trial_stage_rides_the_house_rules_time_trial_or_is_refused_in_a_sentence() {
    let a = json!({"profiles": "house-a"});
    let itt = prepare(CARD_RACE, &context(3, StageKind::TimeTrial, None, &a)).unwrap();
    assert_eq!(itt["time_trial"], json!("individual"));
    let ttt = prepare(CARD_RACE, &context(3, StageKind::TeamTimeTrial, None, &a)).unwrap();
    assert_eq!(ttt["time_trial"], json!("team"));
    let road = prepare(CARD_RACE, &context(3, StageKind::Mountain, None, &a)).unwrap();
    assert_eq!(road, a, "a road stage rides the tour's options");
    // House rules B ride their own (HB-049…HB-057), without the fictive start.
    let b = json!({"profiles": "house-b", "fictive_start": true});
    let itt = prepare(CARD_RACE, &context(3, StageKind::TimeTrial, None, &b)).unwrap();
    assert_eq!(
        itt,
        json!({"profiles": "house-b", "time_trial_b": "individual"})
    );
    let ttt = prepare(CARD_RACE, &context(3, StageKind::TeamTimeTrial, None, &b)).unwrap();
    assert_eq!(ttt["time_trial_b"], json!("team"));
    let base = json!({"profiles": "base"});
    let refused = prepare(CARD_RACE, &context(3, StageKind::TimeTrial, None, &base)).unwrap_err();
    assert!(refused.contains("stage 3 is a time trial"), "{refused}");
    assert!(refused.contains("house-a"), "{refused}");
    let vm = prepare(
        crate::games::velo_master::ID,
        &context(1, StageKind::TimeTrial, None, &Value::Null),
    )
    .unwrap_err();
    assert!(vm.contains("no time trials"), "{vm}");
}

/// HB-040 (seed 004, "Départ fictif": every row ridden past the start line costs an exhaustion
/// card, the first one counting 1). Issue 22, item 17: the hand a director keeps a card from
/// during the fictive start says so, with the row the line lies before; round 1's does not.
#[test]
fn hb_040_the_fictive_starts_hand_warns_that_a_high_card_costs_exhaustion() {
    let options = json!({"profiles": "house-b", "fictive_start": true});
    let mut s = start("card-race", &two_teams(options), 3).unwrap();
    let warned = |s: &dyn DynStage, seat| {
        s.brief(seat)
            .into_iter()
            .find(|l| l.id == "card-race-brief-fictive-start")
    };
    // The grid is the abcdefu course's start tile: its front row is 4, so the line lies
    // before row 5.
    let warning = warned(&*s, 0).expect("the fictive start warns");
    assert_eq!(warning.args, vec![("line", json!(5))]);
    assert!(
        warning
            .text
            .contains("(row 5 on) takes an exhaustion card for each row beyond it"),
        "{}",
        warning.text
    );
    assert!(warned(&*s, 1).is_some(), "every team is warned");
    // Once the roll-out is ridden, round 1's hands carry no warning.
    while s.turn_name(1).id == "card-race-turn-fictive-start" {
        let seat = s.waiting_on()[0].0;
        s.play_bot(seat).unwrap();
    }
    assert!(warned(&*s, 0).is_none());
}

/// One event of the card race as the store keeps it, told to everyone.
fn told_alone(s: &dyn DynStage, event: Value) -> Sentence {
    let events = s.events_from_json(&[event]).unwrap();
    let told = s.narrate(&events, Viewer::Public);
    assert_eq!(told.len(), 1, "{told:?}");
    told.into_iter().next().unwrap()
}

#[test]
fn a_road_stages_exhaustion_is_told_as_the_wind_not_as_a_time_trials_top_card() {
    // HA-046's sentence ("the round's highest card") belongs to individual time trials; on a
    // road stage exhaustion comes from riding in the wind.
    let s = stage();
    let told = told_alone(&*s, json!({"event": "exhaustion_taken", "rider": 0}));
    assert_eq!(told.id, "card-race-exhaustion");
    assert_eq!(
        told.text,
        "Blue Rouleur rides in the wind: one exhaustion card."
    );
}

#[test]
fn a_puncture_slowdown_is_told_in_rows_one_or_more() {
    let s = stage();
    let one = told_alone(
        &*s,
        json!({"event": "puncture_slowed", "rider": 1, "rows": 1}),
    );
    assert_eq!(
        one.text,
        "Red Rouleur rides on after its puncture: 1 row lost."
    );
    let two = told_alone(
        &*s,
        json!({"event": "puncture_slowed", "rider": 1, "rows": 2}),
    );
    assert_eq!(
        two.text,
        "Red Rouleur rides on after its puncture: 2 rows lost."
    );
}
