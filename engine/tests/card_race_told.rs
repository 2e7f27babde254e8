//! The card race told: the round's brief names who leads and on which row, and the options of
//! house rules B's attack search are worded as a search, not as the fictive start's redraw; the
//! wind of the stage is told by its name; a stage's result counts the rows past the line.

use commissaire_engine::course::parse_course_toml;
use commissaire_engine::games::card_race::ID as CARD_RACE;
use commissaire_engine::registry::{self, DynStage, Entrant, Setup};
use serde_json::{Value, json};
use std::sync::Arc;

fn course() -> Arc<commissaire_engine::Course> {
    let text = "name = \"T\"\nlanes = 2\n[[segment]]\nterrain = \"flat\"\nlength = 6\nstart = true\n\
                [[segment]]\nterrain = \"flat\"\nlength = 40\n[[segment]]\nterrain = \"flat\"\n\
                length = 5\nfinish = true\n";
    Arc::new(parse_course_toml(text, "t.toml").unwrap())
}

/// One rouleur a team, placed as given, under `options`.
fn setup(riders: &[(&str, u16, u8)], options: Value) -> Setup {
    Setup {
        course: course(),
        teams: riders.iter().map(|r| r.0.to_string()).collect(),
        riders: riders
            .iter()
            .enumerate()
            .map(|(i, &(id, row, lane))| Entrant {
                id: id.into(),
                team: i as u8,
                start: Some(commissaire_engine::course::Pos::new(row, lane)),
                attributes: json!({"kind": "rouleur"}),
            })
            .collect(),
        options,
        dice: Vec::new(),
    }
}

/// Plays the option labelled `label` for `seat`; the events it caused.
fn choose(s: &mut Box<dyn DynStage>, seat: u8, label: &str) -> registry::Events {
    let p = s.pending_for(seat).expect("the seat owes a choice");
    let o = p.options.iter().find(|o| &*o.label == label);
    let o = o.unwrap_or_else(|| panic!("no '{label}' in {:?}", p.options));
    s.apply(seat, o.key.as_str()).unwrap()
}

#[test]
fn fr_3_the_rounds_brief_names_the_rider_furthest_up_the_road_and_its_row() {
    // Front (row 5) plays 5 and ends on row 10; Back (row 4) plays 4 and ends on row 8, two
    // rows behind: no slipstream. The brief: Front leads, row 10.
    let mut s = registry::start(
        CARD_RACE,
        &setup(&[("Front", 5, 0), ("Back", 4, 0)], json!({"hands": "free"})),
        1,
    )
    .unwrap();
    choose(&mut s, 0, "Keep 5");
    let events = choose(&mut s, 1, "Keep 4");
    let brief = s.tell_turn(&events).brief.expect("a round has a brief");
    assert_eq!(brief.id, "card-race-turn-brief");
    assert!(brief.args.contains(&("row", json!(10))), "{:?}", brief.args);
    let leader = &brief.args.iter().find(|a| a.0 == "leader").unwrap().1;
    assert!(leader.to_string().contains("Front"), "{leader}");
}

#[test]
fn hb_017_hb_018_an_attack_search_offers_to_turn_the_next_card_in_its_own_words() {
    // Seed 2 deals A the attack card (HB-017). Kept and revealed, A turns cards from its draw
    // pile (HB-018): the option is the search's "turn the next card", and the fictive start's
    // redraw (HB-046), a different choice, is not what the player reads.
    let options = json!({"profiles": "house-b", "attack_card": true});
    let mut s =
        registry::start(CARD_RACE, &setup(&[("A", 5, 0), ("B", 4, 0)], options), 2).unwrap();
    choose(&mut s, 0, "Draw");
    choose(&mut s, 0, "Keep A (attack)");
    choose(&mut s, 1, "Draw");
    let keep = s.pending_for(1).unwrap().options[0].label.to_string();
    choose(&mut s, 1, &keep);
    let search = s.pending_for(0).expect("A searches its pile");
    let said: Vec<&str> = search.options.iter().map(|o| o.said.id).collect();
    assert!(said.contains(&"card-race-option-turn"), "{said:?}");
    assert!(!said.contains(&"card-race-option-turn-fictive"), "{said:?}");
    let labels: Vec<&str> = search.options.iter().map(|o| &*o.label).collect();
    assert!(labels.contains(&"Turn the next card"), "{labels:?}");
}

#[test]
fn hb_033_the_stages_wind_is_told_by_its_name() {
    // House rules B's wind, a d4 rolled as the stage is set up: 1 is a headwind, 4 a tailwind.
    for (face, name) in [
        (1, "head"),
        (2, "cross_from_left"),
        (3, "cross_from_right"),
        (4, "tail"),
    ] {
        let mut setup = setup(
            &[("A", 5, 0), ("B", 4, 0)],
            json!({"profiles": "house-b", "wind": "house-b"}),
        );
        setup.dice = vec![face];
        let s = registry::start(CARD_RACE, &setup, 1).unwrap();
        let told = s.narrate(&s.opening(), commissaire_engine::game::Viewer::Public);
        let wind = told.iter().find(|t| t.id == "card-race-wind");
        let wind = wind.unwrap_or_else(|| panic!("the wind is told: {told:?}"));
        assert_eq!(wind.args, vec![("wind", json!(name))]);
    }
}

#[test]
fn fr_8_qb_20_a_stage_result_counts_the_rows_past_the_line_from_1() {
    // The line lies before row 46. Front (row 44) plays 4 and stands on row 48, the third row
    // past it; Back (row 2) plays 2 and is short. The stage ends with that round (FR-8).
    use commissaire_engine::tour::{Outcome, RiderKey, StageKind, TourRider};
    let mut s = registry::start(
        CARD_RACE,
        &setup(
            &[("Front", 44, 0), ("Back", 2, 0)],
            json!({"hands": "free"}),
        ),
        1,
    )
    .unwrap();
    choose(&mut s, 0, "Keep 4");
    choose(&mut s, 1, "Keep 2");
    assert!(s.pending().is_empty(), "the stage is over");
    let tour: Vec<TourRider> = ["Front", "Back"]
        .iter()
        .enumerate()
        .map(|(i, id)| TourRider {
            key: RiderKey::new(*id),
            team: i as u8,
            start_number: i as u32 + 1,
            abandoned: false,
            attributes: json!({"kind": "rouleur"}),
        })
        .collect();
    let result = s.result(1, StageKind::Flat, &tour).unwrap();
    let front = result.riders.iter().find(|r| r.rider.0 == "Front").unwrap();
    assert_eq!(front.outcome, Outcome::Crossed { rows_past: 3 });
}
