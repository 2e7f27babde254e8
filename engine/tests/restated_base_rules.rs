//! Base rules that the house rules restate as clauses of their own: they must still hold with the
//! house rules switched on. Test names carry the HA- and HB- ids.

#[allow(unused_imports)] // only the flat shorthand is used here
mod common;

use commissaire_engine::course::Pos;
use commissaire_engine::game::Ruleset;
use commissaire_engine::games::card_race::bot::Policy;
use commissaire_engine::games::card_race::house_a::BrainBot;
use commissaire_engine::games::card_race::{CardRace, ID as CARD_RACE};
use commissaire_engine::games::card_race::{Event, Options, Profiles, StageEnd};
use commissaire_engine::registry::{self, Entrant, Game, Setup};
use common::*;
use serde_json::json;
use std::sync::Arc;

/// The options of the card race's named rules `name`.
fn named(name: &str) -> serde_json::Value {
    (registry::ruleset(CARD_RACE).unwrap().rules)
        .iter()
        .find(|r| r.name == name)
        .map(|r| (r.options)())
        .unwrap()
}

#[test]
fn ha_007_brain_riders_take_exhaustion_as_a_person_would() {
    // Blue rides alone in front with nobody directing it; Red starts far behind.
    let setup = Setup {
        course: Arc::new(course(&[(F, 40)])),
        teams: vec!["Blue".into(), "Red".into()],
        riders: [("Blue Rouleur", 0, 12), ("Red Rouleur", 1, 2)]
            .into_iter()
            .map(|(id, team, row)| Entrant {
                id: id.into(),
                team,
                start: Some(Pos::new(row, 0)),
                attributes: json!({"kind": "rouleur"}),
            })
            .collect(),
        // House rules A's riders and bots, without the weather (fog would lay the card on the
        // draw pile), the breakaway auction or the gruppetto (which would move the riders).
        options: {
            let mut options = named("house-a");
            for other in ["weather", "start", "gruppetto"] {
                options.as_object_mut().unwrap().remove(other);
            }
            options
        },
        dice: Vec::new(),
    };
    let mut race = <CardRace as Game>::start(&setup, 4).unwrap();
    let mut events = Vec::new();
    // Both seats ride as the rules' bots: draw, then keep the card Table A2 names.
    while race.stage().round() == 1 {
        for seat in 0..2 {
            let options = race.legal(seat);
            if options.is_empty() {
                continue;
            }
            let choice = race.bot(seat, &options);
            assert_eq!(choice, BrainBot.choose(race.stage(), seat, &options));
            events.extend(race.apply(seat, &choice).unwrap());
        }
    }
    // FR-7 as for a person: the front rider, with an empty cell ahead, takes one card.
    let blue = 0;
    assert!(race.stage().position(blue).row > race.stage().position(1).row);
    assert_eq!(race.stage().exhaustion_taken(blue), 1);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::ExhaustionTaken { rider } if *rider == blue)),
        "{events:?}"
    );
    let (_, _, recycle, _) = race.stage().piles(blue);
    assert!(recycle.contains(&E), "the card goes to its recycle pile");
}

#[test]
fn hb_060_a_stage_ends_with_the_round_in_which_a_rider_crosses() {
    let options: Options = serde_json::from_value(named("house-b")).unwrap();
    assert_eq!(options.stage_end, StageEnd::FirstAcross);
    // The line is row 10: A reaches row 8, then crosses with a 5; B is far short of it.
    let mut s = stage_with(
        course(&[(F, 6)]),
        &[("A", 5, 0), ("B", 0, 0)],
        commissaire_engine::games::card_race::RiderKind::Rouleur,
        options.stage_end,
        Profiles::HouseB,
    );
    round(&mut s, &[("A", n(3)), ("B", n(3))]);
    assert!(!s.is_over(), "nobody across yet");
    round(&mut s, &[("A", n(5)), ("B", n(2))]);
    assert!(s.is_over(), "the round in which A crossed ends the stage");
    assert!(s.crossed(idx(&s, "A")).is_some());
    assert!(
        s.crossed(idx(&s, "B")).is_none(),
        "B never reaches the line"
    );
}
