//! House rules A (seed 001) in a stage: the profiles' decks as dealt, the climb rules of the
//! grimpeur, the polyvalent and the specialist, the stage types, and the named rules `house-a`
//! with a roster of A's profiles from a tour preset. Test names carry the HA- and TV- ids.

#[allow(unused_imports)] // the cobbles and supply-zone shorthands are not used here
mod common;

use commissaire_engine::course::{Course, Pos};
use commissaire_engine::games::card_race::ID as CARD_RACE;
use commissaire_engine::games::card_race::house_a::{Profile, StageType};
use commissaire_engine::games::card_race::{
    Card, Hands, Options, Profiles, RiderKind, RiderSetup, Stage, StageEnd, StageSetup,
};
use commissaire_engine::registry::{self, Entrant, Setup};
use commissaire_engine::tour::TourPreset;
use common::*;
use serde_json::json;
use std::sync::Arc;

fn house_a(course: Course, kind: RiderKind, riders: &[(&str, u16, u8)]) -> Stage {
    stage_with(
        course,
        riders,
        kind,
        StageEnd::FirstAcross,
        Profiles::HouseA,
    )
}

/// A course of `uphill` climbing rows after the start, then flat to the line: mountain from 12.
fn climb(uphill: i64) -> Course {
    course(&[(F, 2), (U, uphill), (F, 30)])
}

#[test]
fn ha_004_grimpeur_rides_every_card_uncapped_on_a_climb() {
    for (card, moves) in [(n(7), 7), (n(6), 6), (n(3), 3), (E, 2)] {
        let mut s = house_a(climb(12), RiderKind::Grimpeur, &[("G", 7, 0)]);
        round(&mut s, &[("G", card)]);
        assert_eq!(at(&s, "G").0, 7 + moves, "card {card}");
    }
    // House rules B's grimpeur keeps the cap for its 6 (HB-009): the profile set decides.
    let mut s = stage_with(
        climb(12),
        &[("G", 7, 0)],
        RiderKind::Grimpeur,
        StageEnd::FirstAcross,
        Profiles::HouseB,
    );
    round(&mut s, &[("G", n(6))]);
    assert_eq!(at(&s, "G").0, 12);
}

/// QA-03: the exemption lifts the climb-ahead cut too, and keeps the downhill minimum.
#[test]
fn ha_004_qa_03_grimpeur_rides_into_a_climb_uncut_and_keeps_the_minimums() {
    // Climb from row 6: from row 3 (j = 3) a 7 is cut to 5 for a rouleur, not for A's grimpeur.
    let mut s = house_a(climb(12), RiderKind::Grimpeur, &[("G", 3, 0)]);
    round(&mut s, &[("G", n(7))]);
    assert_eq!(at(&s, "G").0, 10);
    let mut s = house_a(climb(12), RiderKind::Rouleur, &[("R", 3, 0)]);
    round(&mut s, &[("R", n(7))]);
    assert_eq!(at(&s, "R").0, 8, "a rouleur is cut to max(5, j - 1)");
    let mut s = house_a(
        course(&[(D, 4), (F, 20)]),
        RiderKind::Grimpeur,
        &[("G", 4, 0)],
    );
    round(&mut s, &[("G", n(3))]);
    assert_eq!(
        at(&s, "G").0,
        9,
        "the downhill minimum of 5 still lifts a 3"
    );
}

#[test]
fn ha_005_polyvalent_rides_its_7s_uncapped_and_nothing_else() {
    for (card, moves) in [(n(7), 7), (n(9), 5), (n(6), 5), (n(5), 5)] {
        let mut s = house_a(climb(12), RiderKind::Polyvalent, &[("V", 7, 0)]);
        round(&mut s, &[("V", card)]);
        assert_eq!(at(&s, "V").0, 7 + moves, "card {card}");
    }
}

/// HA-028 with HA-023: on a mountain stage the specialist is the specialist grimpeur and
/// climbs uncapped; on a hilly stage it is the baroudeur, capped like anyone.
#[test]
fn ha_028_specialist_grimpeur_is_uncapped_only_on_a_mountain_stage() {
    let mut s = house_a(climb(12), RiderKind::Specialist, &[("C", 7, 0)]);
    assert_eq!(s.stage_type(), StageType::Mountain);
    round(&mut s, &[("C", n(6))]);
    assert_eq!(at(&s, "C").0, 13);
    let mut s = house_a(climb(8), RiderKind::Specialist, &[("C", 7, 0)]);
    assert_eq!(s.stage_type(), StageType::Hilly);
    round(&mut s, &[("C", n(6))]);
    assert_eq!(at(&s, "C").0, 12);
}

fn dealt(course: Course, kinds: &[RiderKind], profiles: Profiles) -> Stage {
    let setup = StageSetup {
        course: Arc::new(course),
        teams: vec!["Blue".into()],
        riders: kinds
            .iter()
            .enumerate()
            .map(|(i, &kind)| RiderSetup {
                id: format!("Blue {i}"),
                team: 0,
                kind,
                start: Pos::new(3 - i as u16, 0),
                carried_exhaustion: 1,
            })
            .collect(),
        options: Options {
            hands: Hands::Deal,
            profiles,
            ..Options::default()
        },
    };
    Stage::new(setup, 9).unwrap()
}

fn deck_of(stage: &Stage, rider: u8) -> Vec<Card> {
    let mut cards = stage.piles(rider).0.to_vec();
    cards.sort();
    cards
}

fn profile_deck(profile: Profile) -> Vec<Card> {
    let mut cards = profile.energy_cards();
    cards.push(Card::Exhaustion);
    cards.sort();
    cards
}

/// HA-002 / TV-01 in a stage: each kind is dealt its Table A1 deck (and the exhaustion it
/// carries); the specialist's deck follows the stage type (HA-023).
#[test]
fn ha_002_ha_023_tv_01_riders_are_dealt_table_a1_decks() {
    use RiderKind::*;
    let kinds = [Rouleur, Sprinteur, Grimpeur, Puncheur];
    let s = dealt(course(&[(F, 30)]), &kinds, Profiles::HouseA);
    for (i, profile) in [
        Profile::Rouleur,
        Profile::Sprinteur,
        Profile::Grimpeur,
        Profile::Puncheur,
    ]
    .into_iter()
    .enumerate()
    {
        assert_eq!(deck_of(&s, i as u8), profile_deck(profile), "{profile:?}");
    }
    let kinds = [Polyvalent, Domestique, Specialist];
    for (course, specialist) in [
        (course(&[(F, 30)]), Profile::SpecialistSprinteur),
        (climb(8), Profile::SpecialistBaroudeur),
        (climb(12), Profile::SpecialistGrimpeur),
    ] {
        let s = dealt(course, &kinds, Profiles::HouseA);
        assert_eq!(deck_of(&s, 0), profile_deck(Profile::Polyvalent));
        assert_eq!(deck_of(&s, 1), profile_deck(Profile::Domestique));
        assert_eq!(
            deck_of(&s, 2),
            profile_deck(specialist),
            "{:?}",
            s.stage_type()
        );
    }
    // A profile only A has rides A's deck in any profile set; B's grimpeur is not A's.
    let s = dealt(course(&[(F, 30)]), &[Puncheur, Grimpeur], Profiles::HouseB);
    assert_eq!(deck_of(&s, 0), profile_deck(Profile::Puncheur));
    assert_ne!(deck_of(&s, 1), profile_deck(Profile::Grimpeur));
}

/// The named rules `house-a` and a roster of A's profiles, read from a tour preset, start a
/// stage through the registry; the view tells the stage type (HA-001).
#[test]
fn ha_002_house_a_roster_from_a_tour_preset_starts_through_the_registry() {
    let preset = TourPreset::from_toml(
        r#"
name = "A week"
ruleset = "card-race"
rules = "house-a"
roster = ["rouleur", "puncheur", "polyvalent", "specialist"]

[[stage]]
course = "la-haute-montagne"
kind = "mountain"
"#,
        "a.toml",
    )
    .unwrap();
    let options = preset.stage_options().unwrap();
    assert_eq!(options["profiles"], json!("house-a"));
    let team = preset.entrants().unwrap();
    let labels: Vec<&str> = team.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(labels, ["Rouleur", "Puncheur", "Polyvalent", "Specialist"]);
    let setup = Setup {
        course: Arc::new(climb(12)),
        teams: vec!["Blue".into()],
        riders: team
            .iter()
            .map(|r| Entrant {
                id: format!("Blue {}", r.label),
                team: 0,
                start: None,
                attributes: r.attributes.clone(),
            })
            .collect(),
        options,
        dice: Vec::new(),
    };
    let stage = registry::start(CARD_RACE, &setup, 5).unwrap();
    let view = stage.view_json(commissaire_engine::game::Viewer::Public);
    assert_eq!(view["stage_type"], json!("mountain"));
    assert_eq!(view["riders"][1]["kind"], json!("puncheur"));
    let bad = (registry::ruleset(CARD_RACE).unwrap().roster)(
        &[json!("peloton")],
        &serde_json::Value::Null,
    )
    .unwrap_err();
    assert!(
        bad.contains("puncheur, polyvalent, domestique, specialist"),
        "{bad}"
    );
}

/// Old tours read unchanged: options without the new names are the base game's, and the view
/// says nothing of a stage type.
#[test]
fn options_written_before_house_a_read_as_before() {
    let old: Options = serde_json::from_value(json!({"profiles": "house-b"})).unwrap();
    assert_eq!(old.profiles, Profiles::HouseB);
    assert!(!old.stage_types);
    let s = stage(course(&[(F, 20)]), &[("A", 3, 0)]);
    let view = serde_json::to_value(commissaire_engine::game::Ruleset::view(
        &s,
        commissaire_engine::game::Viewer::Public,
    ))
    .unwrap();
    assert!(view.get("stage_type").is_none());
}

// ---- Time trials (HA-040…HA-049) ----

use commissaire_engine::game::Ruleset;
use commissaire_engine::games::card_race::bot::{Policy, play_stage};
use commissaire_engine::games::card_race::house_a::{TimeTrial, TimeTrialBot, time_trial};
use commissaire_engine::games::card_race::{Choice, Event};

/// A time trial in free hands; riders `(id, team, row they would have on a road stage's grid)`.
fn tt_stage(course: Course, tt: TimeTrial, riders: &[(&str, u8, u16)], teams: usize) -> Stage {
    let setup = StageSetup {
        course: Arc::new(course),
        teams: (0..teams).map(|t| format!("Team {t}")).collect(),
        riders: riders
            .iter()
            .enumerate()
            .map(|(i, &(id, team, _))| RiderSetup {
                id: id.into(),
                team,
                kind: RiderKind::Rouleur,
                // Distinct grid cells, as the registry lays them; the time trial re-lays them.
                start: Pos::new(3 - (i / 2) as u16, (i % 2) as u8),
                carried_exhaustion: 0,
            })
            .collect(),
        options: Options {
            hands: Hands::Free,
            profiles: Profiles::HouseA,
            time_trial: Some(tt),
            ..Options::default()
        },
    };
    Stage::new(setup, 1).unwrap()
}

/// HA-044 (QA-22): a mass start. Every rider of an individual time trial starts on the front
/// row of the start area, whatever grid cell it was given; a team lays its riders from the
/// front of the grid, each team on its own road.
#[test]
fn ha_044_qa_22_time_trials_start_together() {
    let riders = [("P", 0, 3), ("Q", 1, 3), ("R", 2, 2), ("S", 3, 2)];
    let s = tt_stage(course(&[(F, 30)]), TimeTrial::Individual, &riders, 4);
    for id in ["P", "Q", "R", "S"] {
        assert_eq!(at(&s, id).0, 3, "{id}");
    }
    let riders = [("A1", 0, 3), ("B1", 1, 3), ("A2", 0, 2), ("B2", 1, 2)];
    let s = tt_stage(course(&[(F, 30)]), TimeTrial::Team, &riders, 2);
    assert_eq!([at(&s, "A1"), at(&s, "A2")], [(3, 0), (3, 1)]);
    assert_eq!([at(&s, "B1"), at(&s, "B2")], [(3, 0), (3, 1)]);
}

/// TV-09.1 (HA-046, QA-23): round cards P 7, Q 7, R 5: one exhaustion card, to the rider who
/// played the 7 and stands furthest up the road, lane 0 first when they share a row (QA-23's
/// tie): P. R takes none although it rides alone in front of nobody; nobody takes slipstream.
#[test]
fn ha_046_tv_09_individual_exhaustion_goes_to_the_rounds_highest_card() {
    let riders = [("P", 0, 3), ("Q", 1, 3), ("R", 2, 3)];
    let mut s = tt_stage(course(&[(F, 30)]), TimeTrial::Individual, &riders, 3);
    let events = round(&mut s, &[("P", n(7)), ("Q", n(7)), ("R", n(5))]);
    assert_eq!(
        [
            exhaustion(&s, "P"),
            exhaustion(&s, "Q"),
            exhaustion(&s, "R")
        ],
        [1, 0, 0]
    );
    assert_eq!(at(&s, "P").0, 10);
    assert_eq!(
        at(&s, "Q").0,
        10,
        "P and Q share the row: other riders are not on your road"
    );
    // R is one empty row behind P and Q: no slipstream between riders in a time trial.
    let events2 = round(&mut s, &[("P", n(3)), ("Q", n(3)), ("R", n(6))]);
    assert_eq!(at(&s, "R").0, 14);
    assert_eq!(at(&s, "P").0, 13);
    assert_eq!(exhaustion(&s, "R"), 1);
    assert_eq!([exhaustion(&s, "P"), exhaustion(&s, "Q")], [1, 0]);
    assert!(
        !events
            .iter()
            .chain(&events2)
            .any(|e| matches!(e, Event::Slipstream { .. }))
    );
}

/// HA-046: the rider who plays the round's highest card takes its exhaustion card in the round
/// it crosses the line too. The line is before row 14: P plays a 9 from row 10 and crosses, Q a
/// 4 and stays on the road: P takes the card, Q none.
#[test]
fn ha_046_the_highest_card_tires_in_the_round_it_crosses_the_line() {
    let riders = [("P", 0, 3), ("Q", 1, 3)];
    let mut s = tt_stage(course(&[(F, 10)]), TimeTrial::Individual, &riders, 2);
    round(&mut s, &[("P", n(7)), ("Q", n(3))]);
    assert_eq!([exhaustion(&s, "P"), exhaustion(&s, "Q")], [1, 0]);
    let events = round(&mut s, &[("P", n(9)), ("Q", n(4))]);
    assert!(s.crossed(idx(&s, "P")).is_some(), "P crossed with its 9");
    assert!(s.crossed(idx(&s, "Q")).is_none());
    assert_eq!([exhaustion(&s, "P"), exhaustion(&s, "Q")], [2, 0]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::ExhaustionTaken { rider } if *rider == idx(&s, "P")))
    );
}

/// HA-046 with a rider crossing: its card still counts as the round's highest, so the rider on
/// the road with a lower card takes nothing. P 9 across the line, Q 6 on the road: P tires.
#[test]
fn ha_046_a_rider_crossing_still_plays_the_rounds_highest_card() {
    let riders = [("P", 0, 3), ("Q", 1, 3)];
    let mut s = tt_stage(course(&[(F, 10)]), TimeTrial::Individual, &riders, 2);
    round(&mut s, &[("P", n(7)), ("Q", n(2))]);
    round(&mut s, &[("P", n(9)), ("Q", n(6))]);
    assert_eq!([exhaustion(&s, "P"), exhaustion(&s, "Q")], [2, 0]);
}

/// QA-23 (HA-046, the seed's "celui", one rider): riders tied on the round's highest card do not
/// all tire; the one furthest up the road after the moves takes the card, lane 0 first when
/// the tied riders share a row.
#[test]
fn qa_23_tied_highest_cards_tire_only_the_rider_furthest_up_the_road() {
    let riders = [("P", 0, 3), ("Q", 1, 3), ("R", 2, 3)];
    let mut s = tt_stage(course(&[(F, 30)]), TimeTrial::Individual, &riders, 3);
    // Everyone on row 3: R 6 to row 9, P and Q 5 to row 8: R alone has the highest.
    round(&mut s, &[("P", n(5)), ("Q", n(5)), ("R", n(6))]);
    assert_eq!(
        [
            exhaustion(&s, "P"),
            exhaustion(&s, "Q"),
            exhaustion(&s, "R")
        ],
        [0, 0, 1]
    );
    // P 4 to row 12, Q 4 to row 12, R 4 to row 13: tied on 4, R is furthest up the road.
    round(&mut s, &[("P", n(4)), ("Q", n(4)), ("R", n(4))]);
    assert_eq!(
        [
            exhaustion(&s, "P"),
            exhaustion(&s, "Q"),
            exhaustion(&s, "R")
        ],
        [0, 0, 2]
    );
    // P 7 to row 19, Q 7 to row 19, R 3 to row 16: P and Q share the row, P in lane 0.
    round(&mut s, &[("P", n(7)), ("Q", n(7)), ("R", n(3))]);
    assert_eq!(at(&s, "P"), (19, 0));
    assert_eq!(
        [
            exhaustion(&s, "P"),
            exhaustion(&s, "Q"),
            exhaustion(&s, "R")
        ],
        [1, 0, 2]
    );
}

/// QA-23 over whole trials: an 85-row trial of four house-A riders with the time-trial bot
/// deals at most one exhaustion card a round (with a card to every tied rider, the riders down
/// to their exhaustion cards all tied on 2 and took one each, round after round).
#[test]
fn qa_23_a_whole_time_trial_deals_at_most_one_exhaustion_card_a_round() {
    for seed in 0..20 {
        let (rounds, _, taken) = trial_of_85_rows(seed, 4);
        assert!(
            taken <= rounds,
            "seed {seed}: {taken} cards in {rounds} rounds"
        );
    }
}

/// HA-045 (QA-24): the bot "always plays the biggest card", the climb and descent rules still
/// applying: on flat the 7; on a climb, where 7 and 5 are both cut to 5, still the 7, the bigger
/// card (the old ruling played the 5).
#[test]
fn ha_045_qa_24_time_trial_bot_plays_its_highest_card_as_the_terrain_counts_it() {
    let riders = [("P", 0, 3)];
    let s = tt_stage(climb(12), TimeTrial::Individual, &riders, 1);
    let keep = |card| Choice::Keep { rider: 0, card };
    let hand = [keep(n(5)), keep(n(7)), keep(n(3)), keep(E)];
    // From row 3 the climb (row 6) is 3 ahead: 7 and 5 are both cut to 5.
    assert_eq!(TimeTrialBot.choose(&s, 0, &hand), keep(n(7)));
    let s = tt_stage(course(&[(F, 30)]), TimeTrial::Individual, &riders, 1);
    assert_eq!(TimeTrialBot.choose(&s, 0, &hand), keep(n(7)));
}

/// HA-045: on a supply row every card rides at least 4 rows, so 2, 3, 2 and an exhaustion card
/// all go as far: the bot plays the biggest card, the 3.
#[test]
fn ha_045_two_cards_as_far_the_bot_plays_the_bigger() {
    let riders = [("P", 0, 3)];
    // The supply zone starts right after the start area, on row 4: put P on it first.
    let mut s = tt_stage(
        course(&[(S, 10), (F, 20)]),
        TimeTrial::Individual,
        &riders,
        1,
    );
    round(&mut s, &[("P", n(2))]);
    assert_eq!(at(&s, "P").0, 5, "row 5 is a supply row");
    let keep = |card| Choice::Keep { rider: 0, card };
    let hand = [keep(n(2)), keep(n(3)), keep(n(2)), keep(E)];
    assert_eq!(TimeTrialBot.choose(&s, 0, &hand), keep(n(3)));
    let hand = [keep(E), keep(n(2))];
    assert_eq!(
        TimeTrialBot.choose(&s, 0, &hand),
        keep(n(2)),
        "an energy 2 before an exhaustion card, both worth 2"
    );
}

/// A whole individual time trial with dealt hands, bots on every seat: it ends with everyone
/// across, and every rider has a time.
#[test]
fn ha_047_a_dealt_time_trial_rides_to_the_end_with_bots() {
    let setup = StageSetup {
        course: Arc::new(course(&[(F, 3), (U, 4), (F, 30)])),
        teams: vec!["Blue".into(), "Red".into()],
        riders: [("B1", 0), ("R1", 1), ("B2", 0), ("R2", 1)]
            .iter()
            .enumerate()
            .map(|(i, &(id, team))| RiderSetup {
                id: id.into(),
                team,
                kind: [RiderKind::Rouleur, RiderKind::Sprinteur][i / 2],
                start: Pos::new(3 - (i / 2) as u16, (i % 2) as u8),
                carried_exhaustion: 0,
            })
            .collect(),
        options: Options {
            profiles: Profiles::HouseA,
            time_trial: Some(TimeTrial::Individual),
            ..Options::default()
        },
    };
    let mut s = Stage::new(setup, 11).unwrap();
    play_stage(&mut s, &mut TimeTrialBot).unwrap();
    assert!(s.is_over());
    // HA-043: a minute a card played, less 10 seconds a row past the line (the first row
    // after it counts 1).
    let line = s.course().finish_row();
    for r in 0..4 {
        let (_, at) = s.crossed(r).expect("across");
        let cards = s.cards_played(r).len() as u32;
        let expected = 60 * cards - 10 * u32::from(at.row + 1 - line);
        assert_eq!(time_trial::rider_time(&s, r), Some(expected), "rider {r}");
    }
}

/// HA-041 and HA-042 through the registry, as a tour rides a time trial: a third of the
/// exhaustion in, a third of what is held at the end out; the bot plays as HA-045 says, and the
/// channel reads why a rider tired (HA-046).
#[test]
fn ha_042_a_tour_keeps_a_third_of_the_exhaustion_out_of_a_time_trial() {
    use commissaire_engine::games::card_race::{
        CardRace, card_race_attributes, card_race_attributes_of,
    };
    use commissaire_engine::registry::Game;
    use commissaire_engine::tour::enter_teams;
    let teams = vec!["Blue".to_string(), "Red".to_string()];
    let roster = (registry::ruleset(CARD_RACE).unwrap().roster)(
        &[json!("rouleur")],
        &serde_json::Value::Null,
    )
    .unwrap();
    let mut riders = enter_teams(&teams, &roster);
    for r in &mut riders {
        r.attributes = card_race_attributes(RiderKind::Rouleur, 9);
    }
    let setup = Setup {
        course: Arc::new(course(&[(F, 12)])),
        teams: teams.clone(),
        riders: riders
            .iter()
            .map(|r| Entrant {
                id: r.key.0.clone(),
                team: r.team,
                start: None,
                attributes: r.attributes.clone(),
            })
            .collect(),
        options: json!({"profiles": "house-a", "time_trial": "individual"}),
        dice: Vec::new(),
    };
    let mut race = <CardRace as Game>::start(&setup, 2).unwrap();
    let mut told = Vec::new();
    while !race.is_over() {
        for seat in 0..2 {
            let options = race.legal(seat);
            if options.is_empty() {
                continue;
            }
            let choice = race.bot(seat, &options);
            assert_eq!(
                race.bot(seat, &options),
                TimeTrialBot.choose(race.stage(), seat, &options),
                "HA-045: the registry's bot is the time-trial bot"
            );
            let events = race.apply(seat, &choice).unwrap();
            told.extend(race.narrate(&events, commissaire_engine::game::Viewer::Public));
        }
    }
    assert!(told.iter().any(|s| s.id == "card-race-tt-exhaustion"));
    assert!(!told.iter().any(|s| s.id == "card-race-exhaustion"));
    let held = |r: u8| {
        let (deck, hand, recycle, _) = race.stage().piles(r);
        [deck, hand, recycle]
            .iter()
            .flat_map(|p| p.iter())
            .filter(|c| c.is_exhaustion())
            .count() as u16
    };
    let expected: Vec<u16> = (0..2).map(|r| held(r) / 3).collect();
    assert!(
        (0..2).all(|r| held(r) >= 3),
        "a third is not what is held: the test tells keeping a third from keeping all"
    );
    race.carry_over(&mut riders);
    let carried: Vec<u16> = riders
        .iter()
        .map(|r| card_race_attributes_of(&r.attributes).1)
        .collect();
    assert_eq!(carried, expected);
}

// ---- Bots of the rulebook and the specialist ----

use commissaire_engine::games::card_race::bot::SensibleBot;
use commissaire_engine::games::card_race::house_a::BrainBot;

/// HA-024: a specialist turns one card and has no choice; alone in the wind it takes no
/// exhaustion card.
#[test]
fn ha_024_specialist_turns_one_card_and_never_tires() {
    let setup = StageSetup {
        course: Arc::new(course(&[(F, 40)])),
        teams: vec!["Blue".into()],
        riders: vec![RiderSetup {
            id: "Blue C".into(),
            team: 0,
            kind: RiderKind::Specialist,
            start: Pos::new(3, 0),
            carried_exhaustion: 0,
        }],
        options: Options {
            profiles: Profiles::HouseA,
            ..Options::default()
        },
    };
    let mut s = Stage::new(setup, 8).unwrap();
    for _ in 0..3 {
        s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
        assert_eq!(s.hand(0).len(), 1);
        let options = s.legal_choices(0);
        assert_eq!(options.len(), 1, "the top card, no choice");
        s.apply(0, &options[0]).unwrap();
    }
    assert_eq!(s.exhaustion_taken(0), 0);
    assert_eq!(s.piles(0).0.len(), 12, "three cards turned, none recycled");
}

/// HA-025 in a stage: the specialist sprinteur of a flat stage turns a 9 on a climb, rides 5,
/// and rides its next 6 off the climb as a 9.
#[test]
fn ha_025_specialist_sprinteur_saves_a_nine_on_a_climb_in_a_stage() {
    let mut s = house_a(
        course(&[(U, 2), (F, 40)]),
        RiderKind::Specialist,
        &[("C", 4, 0)],
    );
    assert_eq!(s.stage_type(), StageType::Flat);
    round(&mut s, &[("C", n(9))]);
    assert_eq!(at(&s, "C").0, 9, "a 9 on the climb rides 5");
    round(&mut s, &[("C", n(6))]);
    assert_eq!(at(&s, "C").0, 18, "the next 6 off the climbs rides 9");
    round(&mut s, &[("C", n(6))]);
    assert_eq!(at(&s, "C").0, 24, "one 9 saved, one used");
    assert_eq!(exhaustion(&s, "C"), 0);
}

/// HA-006 with the registry: a house-A tour's empty seats are ridden by the Brain bot, which
/// keeps the card its table names; a whole stage ends.
#[test]
fn ha_006_house_a_seats_nobody_directs_ride_as_brain_riders() {
    use commissaire_engine::games::card_race::CardRace;
    use commissaire_engine::registry::Game;
    let course = commissaire_engine::course::parse_course_toml(
        include_str!("../../config/courses/card-race/firenze-milano.toml"),
        "firenze-milano.toml",
    )
    .unwrap();
    let kinds = ["rouleur", "sprinteur", "grimpeur"];
    let setup = Setup {
        course: Arc::new(course),
        teams: vec!["Blue".into(), "Red".into()],
        riders: (0..6)
            .map(|i| Entrant {
                id: format!("{} {}", ["Blue", "Red"][i % 2], kinds[i / 2]),
                team: (i % 2) as u8,
                start: None,
                attributes: json!({"kind": kinds[i / 2]}),
            })
            .collect(),
        options: (registry::ruleset(CARD_RACE).unwrap().rules)
            .iter()
            .find(|r| r.name == "house-a")
            .map(|r| (r.options)())
            .unwrap(),
        dice: Vec::new(),
    };
    let mut race = <CardRace as Game>::start(&setup, 21).unwrap();
    let mut differs = 0;
    let mut guard = 0;
    while !race.is_over() {
        guard += 1;
        assert!(guard < 5_000);
        for seat in 0..2 {
            let options = race.legal(seat);
            if options.is_empty() {
                continue;
            }
            let choice = race.bot(seat, &options);
            assert_eq!(choice, BrainBot.choose(race.stage(), seat, &options));
            if choice != SensibleBot.choose(race.stage(), seat, &options) {
                differs += 1;
            }
            race.apply(seat, &choice).unwrap();
        }
    }
    assert!(differs > 0, "the Brain table is not the sensible bot");
    let stage = race.stage();
    assert!(
        (0..6).all(|r| stage.crossed(r).is_some()),
        "house-a rides until all are across"
    );
}

/// Issue 11: the sensible bot (the one that rides for an absent director) keeps a grimpeur's
/// spared 7s for the climb ahead and plays them on it, under B (HB-009) and A (HA-004).
#[test]
fn sensible_bot_keeps_the_grimpeurs_7s_for_the_climb() {
    let keep = |card| Choice::Keep { rider: 0, card };
    let hand = [keep(n(7)), keep(n(6)), keep(n(4)), keep(n(3))];
    for profiles in [Profiles::HouseB, Profiles::HouseA] {
        let grimpeur = |row| {
            stage_with(
                course(&[(F, 12), (U, 6), (F, 30)]),
                &[("G", row, 0)],
                RiderKind::Grimpeur,
                StageEnd::FirstAcross,
                profiles,
            )
        };
        // Row 4: the climb starts 12 rows ahead, out of reach.
        let s = grimpeur(4);
        assert_eq!(
            SensibleBot.choose(&s, 0, &hand),
            keep(n(6)),
            "{profiles:?}: flat"
        );
        // Row 17: on the climb, the 7 goes 7.
        let s = grimpeur(17);
        assert_eq!(
            SensibleBot.choose(&s, 0, &hand),
            keep(n(7)),
            "{profiles:?}: climb"
        );
    }
    // A rouleur's 7 is capped like its other cards: nothing to keep it for.
    let s = stage(course(&[(F, 12), (U, 6), (F, 30)]), &[("R", 4, 0)]);
    assert_eq!(SensibleBot.choose(&s, 0, &hand), keep(n(7)));
}

/// The sensible bot does not waste a card the climb cap cuts: on a climb a 6 rides 5, one row
/// fewer than its face, and the bot prefers the 3 that rides all of its face, keeping the 6 for
/// the flat. On the flat, where the 6 rides 6, it plays the 6.
#[test]
fn sensible_bot_keeps_a_capped_card_off_the_climb() {
    let keep = |card| Choice::Keep { rider: 0, card };
    let hand = [keep(n(6)), keep(n(3))];
    let climbing = stage(course(&[(F, 12), (U, 12), (F, 30)]), &[("R", 14, 0)]);
    assert_eq!(climbing.reach(0, n(6)), 5, "the climb caps the 6 at 5");
    assert_eq!(SensibleBot.choose(&climbing, 0, &hand), keep(n(3)));
    let flat = stage(course(&[(F, 60)]), &[("R", 14, 0)]);
    assert_eq!(SensibleBot.choose(&flat, 0, &hand), keep(n(6)));
}

/// HA-029: a domestique starts the next stage without the exhaustion cards it took; its
/// team-mate keeps them.
#[test]
fn ha_029_a_domestique_sheds_its_exhaustion_between_stages() {
    use commissaire_engine::games::card_race::{CardRace, card_race_attributes_of};
    use commissaire_engine::registry::Game;
    use commissaire_engine::tour::enter_teams;
    let teams = vec!["Blue".to_string()];
    let roster = (registry::ruleset(CARD_RACE).unwrap().roster)(
        &[json!("domestique"), json!("rouleur")],
        &serde_json::Value::Null,
    )
    .unwrap();
    let mut riders = enter_teams(&teams, &roster);
    let setup = Setup {
        course: Arc::new(course(&[(F, 20)])),
        teams: teams.clone(),
        riders: riders
            .iter()
            .map(|r| Entrant {
                id: r.key.0.clone(),
                team: r.team,
                start: None,
                attributes: r.attributes.clone(),
            })
            .collect(),
        options: json!({"profiles": "house-a", "stage_end": "all_across"}),
        dice: Vec::new(),
    };
    let mut race = <CardRace as Game>::start(&setup, 6).unwrap();
    while !race.is_over() {
        let options = race.legal(0);
        let choice = race.bot(0, &options);
        race.apply(0, &choice).unwrap();
    }
    assert!(
        race.stage().exhaustion_taken(0) > 0,
        "the domestique took the wind"
    );
    race.carry_over(&mut riders);
    let carried: Vec<u16> = riders
        .iter()
        .map(|r| card_race_attributes_of(&r.attributes).1)
        .collect();
    assert_eq!(carried[0], 0);
    assert!(carried[1] > 0, "a rouleur keeps its exhaustion cards");
}

/// HA-030 (QA-16, QA-18): a domestique who quits is credited with the gruppetto's time, a
/// rider crossing at the end of the sweep's round with no row past the line; without the
/// gruppetto, the time of the last rider classified. It is placed behind every rider.
#[test]
fn ha_030_qa_16_a_domestique_who_quits_takes_the_gruppettos_time() {
    use commissaire_engine::games::card_race::CardRace;
    use commissaire_engine::games::card_race::tour::grand_tour::ridden_time;
    use commissaire_engine::registry::Game;
    use commissaire_engine::tour::{Outcome, StageKind, enter_teams};
    let teams = vec!["Blue".to_string(), "Red".to_string()];
    let roster = (registry::ruleset(CARD_RACE).unwrap().roster)(
        &[json!("domestique"), json!("rouleur"), json!("sprinteur")],
        &serde_json::Value::Null,
    )
    .unwrap();
    let riders = enter_teams(&teams, &roster);
    let ride = |gruppetto: bool| {
        let setup = Setup {
            course: Arc::new(course(&[(F, 30)])),
            teams: teams.clone(),
            riders: riders
                .iter()
                .map(|r| Entrant {
                    id: r.key.0.clone(),
                    team: r.team,
                    start: None,
                    attributes: r.attributes.clone(),
                })
                .collect(),
            options: json!({"profiles": "house-a", "stage_end": "all_across", "gruppetto": gruppetto}),
            dice: Vec::new(),
        };
        let mut race = <CardRace as Game>::start(&setup, 11).unwrap();
        let dom = race
            .stage()
            .setup()
            .riders
            .iter()
            .position(|r| r.id == "Blue Domestique")
            .unwrap() as u8;
        race.apply(0, &Choice::Draw { rider: dom }).unwrap();
        race.apply(0, &Choice::Quit { rider: dom }).unwrap();
        let mut swept_in = None;
        let mut guard = 0;
        while !race.is_over() {
            guard += 1;
            assert!(guard < 5_000);
            for seat in 0..2 {
                let options = race.legal(seat);
                if options.is_empty() {
                    continue;
                }
                let round = race.stage().round();
                let choice = race.bot(seat, &options);
                for e in race.apply(seat, &choice).unwrap() {
                    if matches!(e, Event::GruppettoSwept { .. }) {
                        swept_in = Some(round);
                    }
                }
            }
        }
        let result = race.result(1, StageKind::Flat, &riders).unwrap();
        (race, result, swept_in)
    };

    let (race, result, swept_in) = ride(true);
    let minutes = race
        .stage()
        .gruppetto_minutes()
        .expect("the gruppetto swept");
    assert_eq!(Some(minutes), swept_in, "the round at whose end it swept");
    let dom = result
        .riders
        .iter()
        .find(|r| r.rider.0 == "Blue Domestique")
        .unwrap();
    assert_eq!(
        dom.outcome,
        Outcome::Timed {
            minutes,
            across: true,
            climber_points: 0,
            points: 0,
            bonus_seconds: 0,
        }
    );
    assert_eq!(dom.place, Some(6), "behind every rider");
    let times = commissaire_engine::games::card_race::tour::grand_tour::stage_times(
        &result,
        &Default::default(),
    )
    .unwrap();
    assert_eq!(times.len(), 6, "the quitter is classified");

    let (_, result, _) = ride(false);
    let time = |r: &commissaire_engine::tour::RiderStage| {
        ridden_time(r.cards_played, &r.outcome, Default::default()).unwrap()
    };
    let dom = result
        .riders
        .iter()
        .find(|r| r.rider.0 == "Blue Domestique")
        .unwrap();
    let slowest = result
        .riders
        .iter()
        .filter(|r| r.rider.0 != "Blue Domestique")
        .map(time)
        .max()
        .unwrap();
    assert_eq!(time(dom), slowest, "the last rider classified's time");
    assert_eq!(dom.place, Some(6));
}

/// HA-030 (QA-16): a domestique who has seen its hand may quit instead of playing: its hand is
/// recycled, it leaves the road at once (the rider beside it closes up to lane 0), takes no
/// exhaustion, and the stage goes on without it and ends without waiting for it.
#[test]
fn ha_030_a_domestique_may_quit_the_stage_once_its_hand_is_seen() {
    let rider = |id: &str, kind, row, lane| RiderSetup {
        id: id.into(),
        team: 0,
        kind,
        start: Pos::new(row, lane),
        carried_exhaustion: 0,
    };
    let setup = StageSetup {
        course: Arc::new(course(&[(F, 8)])),
        teams: vec!["Blue".into()],
        riders: vec![
            rider("Dom", RiderKind::Domestique, 3, 0),
            rider("Rou", RiderKind::Rouleur, 3, 1),
        ],
        options: Options {
            profiles: Profiles::HouseA,
            stage_end: StageEnd::AllAcross,
            ..Options::default()
        },
    };
    let mut s = Stage::new(setup, 5).unwrap();
    assert!(
        !s.legal_choices(0).contains(&Choice::Quit { rider: 0 }),
        "not before the hand is seen"
    );
    s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
    let options = s.legal_choices(0);
    assert_eq!(options.last(), Some(&Choice::Quit { rider: 0 }));
    assert_eq!(
        SensibleBot.choose(&s, 0, &options).rider(),
        0,
        "a bot keeps a card"
    );
    assert!(matches!(
        SensibleBot.choose(&s, 0, &options),
        Choice::Keep { .. }
    ));
    let events = s.apply(0, &Choice::Quit { rider: 0 }).unwrap();
    assert_eq!(events, [Event::Quit { rider: 0 }]);
    assert!(s.has_quit(0));
    assert_eq!(
        s.position(1),
        Pos::new(3, 0),
        "the rouleur closes up to lane 0"
    );
    let (deck, hand, recycle, played) = s.piles(0);
    assert_eq!(
        (deck.len(), hand.len(), recycle.len(), played.len()),
        (11, 0, 4, 0)
    );
    let err = s.apply(0, &Choice::Draw { rider: 0 }).unwrap_err();
    assert!(err.to_string().contains("has quit the stage"), "{err}");
    // The rouleur rides on alone to the line; the stage ends without the domestique.
    while !s.is_over() {
        s.apply(0, &Choice::Draw { rider: 1 }).unwrap();
        let card = *s.hand(1).iter().max().unwrap();
        s.apply(0, &Choice::Keep { rider: 1, card }).unwrap();
        assert!(s.legal_choices(0).iter().all(|c| c.rider() == 1));
    }
    assert_eq!(s.exhaustion_taken(0), 0);
    assert_eq!(
        s.finish_order(),
        [1, 0],
        "the domestique who quit comes last"
    );
    // Only a domestique may quit, and not in a time trial.
    let mut s = house_a(course(&[(F, 20)]), RiderKind::Rouleur, &[("R", 3, 0)]);
    let err = s.apply(0, &Choice::Quit { rider: 0 }).unwrap_err();
    assert!(err.to_string().contains("only a domestique"), "{err}");
    let tt = Stage::new(
        StageSetup {
            course: Arc::new(course(&[(F, 20)])),
            teams: vec!["Blue".into()],
            riders: vec![rider("Dom", RiderKind::Domestique, 3, 0)],
            options: Options {
                profiles: Profiles::HouseA,
                time_trial: Some(TimeTrial::Individual),
                ..Options::default()
            },
        },
        1,
    );
    let mut tt = tt.unwrap();
    tt.apply(0, &Choice::Draw { rider: 0 }).unwrap();
    assert!(!tt.legal_choices(0).contains(&Choice::Quit { rider: 0 }));
}

/// HA-030 through the registry: the option reads "Quit the stage" under key `q:<rider>`, and
/// the channel is told.
#[test]
fn ha_030_quitting_is_a_labelled_option_and_is_told() {
    let setup = Setup {
        course: Arc::new(course(&[(F, 20)])),
        teams: vec!["Blue".into(), "Red".into()],
        riders: vec![
            Entrant {
                id: "Blue Domestique".into(),
                team: 0,
                start: None,
                attributes: json!({"kind": "domestique"}),
            },
            Entrant {
                id: "Red Rouleur".into(),
                team: 1,
                start: None,
                attributes: json!({"kind": "rouleur"}),
            },
        ],
        options: json!({"profiles": "house-a"}),
        dice: Vec::new(),
    };
    let mut stage = registry::start(CARD_RACE, &setup, 4).unwrap();
    stage.apply(0, "d:0").unwrap();
    let blue = stage.pending().into_iter().find(|p| p.seat == 0).unwrap();
    let quit = blue.options.last().unwrap();
    assert_eq!((&*quit.label, quit.key.as_str()), ("Quit the stage", "q:0"));
    let events = stage.apply(0, "q:0").unwrap();
    let told = stage.narrate(&events, commissaire_engine::game::Viewer::Public);
    assert!(
        told.iter()
            .any(|s| s.id == "card-race-quit" && s.text == "Blue Domestique gives up the stage.")
    );
    assert!(stage.apply(0, "q:0").is_err());
}

// The breakaway auction (HA-050…HA-056, HA-031, HA-026; PEL-3 as ruled in `house_a::auction`).

use commissaire_engine::game::Viewer;
use commissaire_engine::games::card_race::{RuleError, Start};

/// The named rules `house-a` for two teams of a rouleur and a sprinteur on a flat course.
fn house_a_setup() -> Setup {
    let kinds = ["rouleur", "sprinteur"];
    Setup {
        course: Arc::new(course(&[(F, 40)])),
        teams: vec!["Blue".into(), "Red".into()],
        riders: (0..4)
            .map(|i| Entrant {
                id: format!("{} {}", ["Blue", "Red"][i % 2], kinds[i / 2]),
                team: (i % 2) as u8,
                start: None,
                attributes: json!({"kind": kinds[i / 2]}),
            })
            .collect(),
        options: (registry::ruleset(CARD_RACE).unwrap().rules)
            .iter()
            .find(|r| r.name == "house-a")
            .map(|r| (r.options)())
            .unwrap(),
        dice: Vec::new(),
    }
}

#[test]
fn ha_051_bids_are_secret_labelled_options_shown_together() {
    let mut stage = registry::start(CARD_RACE, &house_a_setup(), 3).unwrap();
    let blue = stage.pending().into_iter().find(|p| p.seat == 0).unwrap();
    let offered: Vec<(&str, &str, &str)> = blue
        .options
        .iter()
        .map(|o| (&*o.group, &*o.label, o.key.as_str()))
        .collect();
    assert_eq!(
        offered,
        vec![
            ("Blue rouleur", "Draw to bid for the breakaway", "bd:0"),
            ("Blue rouleur", "Bid the top card unseen", "bb:0"),
            ("Blue sprinteur", "Draw to bid for the breakaway", "bd:2"),
            ("Blue sprinteur", "Bid the top card unseen", "bb:2"),
            ("Blue rouleur", "No bid", "bp:0"),
        ]
    );
    // The hand drawn to bid is Blue's alone.
    let drawn = stage.apply(0, "bd:0").unwrap();
    assert_eq!(stage.audience(&drawn)[0], Some(0));
    assert!(stage.narrate(&drawn, Viewer::Public).is_empty());
    let blue = stage.pending_for(0).unwrap();
    assert!(blue.options.iter().all(|o| o.key.as_str().starts_with("b")));
    let bid = blue.options[0].key;
    assert!(bid.as_str().starts_with("b:0:"), "{bid:?}");
    let events = stage.apply(0, bid.as_str()).unwrap();
    // Nothing is shown while Red has not bid.
    let told = stage.narrate(&events, Viewer::Public);
    assert!(
        told.iter().all(|s| s.id != "card-race-bid-shown"),
        "{told:?}"
    );
    assert!(!stage.owes(0) && stage.owes(1));
    let events = stage.apply(1, "bb:1").unwrap();
    assert!(events.settles_turn());
    let told = stage.tell_turn(&events);
    let shown: Vec<&str> = told
        .lines
        .iter()
        .filter(|s| s.id == "card-race-bid-shown")
        .map(|s| s.text.as_str())
        .collect();
    assert_eq!(shown.len(), 2, "{told:?}");
    assert!(shown[0].starts_with("Blue rouleur bids "), "{shown:?}");
    // Step 2 offers the same rider only.
    let keys: Vec<String> = stage
        .pending_for(1)
        .unwrap()
        .options
        .iter()
        .map(|o| o.key.as_str().to_string())
        .collect();
    assert_eq!(keys, vec!["bd:1", "bb:1", "bp:1"]);
    stage.apply(0, "bp:0").unwrap();
    let events = stage.apply(1, "bb:1").unwrap();
    let told = stage.narrate(&events, Viewer::Public);
    assert!(
        told.iter().any(|s| s.id == "card-race-breakaway-placed"
            && s.text
                .starts_with("Red rouleur wins a place in the breakaway with ")),
        "{told:?}"
    );
    let view = stage.view_json(Viewer::Public);
    let mut breakaway: Vec<u64> = view["breakaway"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_u64().unwrap())
        .collect();
    breakaway.sort();
    assert_eq!(breakaway, vec![0, 1], "both rouleurs bid: two places");
    // The first round begins: draws again.
    assert!(
        stage.pending_for(0).unwrap().options[0]
            .key
            .as_str()
            .starts_with("d:")
    );
}

fn auction_stage(seed: u64) -> Stage {
    let c = course(&[(F, 40)]);
    let cells = commissaire_engine::games::card_race::grid_start(&c, 4).unwrap();
    let setup = StageSetup {
        course: Arc::new(c),
        teams: vec!["Blue".into(), "Red".into()],
        riders: (0..4)
            .map(|i| RiderSetup {
                id: format!("{i}"),
                team: (i % 2) as u8,
                kind: [RiderKind::Rouleur, RiderKind::Sprinteur][i / 2],
                start: cells[i],
                carried_exhaustion: 0,
            })
            .collect(),
        options: Options {
            profiles: Profiles::HouseA,
            start: Start::BreakawayHouseA,
            stage_end: StageEnd::AllAcross,
            ..Options::default()
        },
    };
    Stage::new(setup, seed).unwrap()
}

#[test]
fn ha_051_an_illegal_bid_is_a_rule_error_and_changes_nothing() {
    let mut s = auction_stage(2);
    let before = serde_json::to_value(s.view(Viewer::Seat(0))).unwrap();
    let refused = [
        (Choice::Draw { rider: 0 }, RuleError::AuctionFirst),
        (
            Choice::Bid {
                rider: 0,
                card: n(7),
            },
            RuleError::DrawFirst { rider: "0".into() },
        ),
        (
            Choice::BidBlind { rider: 1 },
            RuleError::NotYourRider { rider: "1".into() },
        ),
    ];
    for (choice, error) in refused {
        assert_eq!(s.apply(0, &choice).unwrap_err(), error);
    }
    assert_eq!(
        serde_json::to_value(s.view(Viewer::Seat(0))).unwrap(),
        before
    );
    s.apply(0, &Choice::BidDraw { rider: 0 }).unwrap();
    let hand = s.hand(0).to_vec();
    let missing = (2..=9).map(n).find(|c| !hand.contains(c)).unwrap();
    let err = s
        .apply(
            0,
            &Choice::Bid {
                rider: 0,
                card: missing,
            },
        )
        .unwrap_err();
    assert!(matches!(err, RuleError::CardNotInHand { .. }), "{err}");
    s.apply(
        0,
        &Choice::Bid {
            rider: 0,
            card: hand[0],
        },
    )
    .unwrap();
    assert_eq!(
        s.apply(0, &Choice::BidPass { rider: 0 }).unwrap_err(),
        RuleError::AlreadyBid { rider: "0".into() }
    );
    s.apply(1, &Choice::BidBlind { rider: 1 }).unwrap();
    // HA-054: the team bids with the rider it chose at the first step.
    assert_eq!(
        s.apply(0, &Choice::BidBlind { rider: 2 }).unwrap_err(),
        RuleError::CannotBid { rider: "2".into() }
    );
}

#[test]
fn ha_050_bots_bid_unseen_with_the_rouleur_and_a_stage_replays_from_its_choices() {
    let mut s = auction_stage(7);
    let options = s.legal_choices(1);
    assert_eq!(
        BrainBot.choose(&s, 1, &options),
        Choice::BidBlind { rider: 1 },
        "HA-050, QA-26: the Brain team bids with its rouleur"
    );
    let (log, events) = play_stage(&mut s, &mut BrainBot).unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::BreakawayPlaced { .. }))
    );
    assert!(!s.breakaway().is_empty());
    let mut replay = auction_stage(7);
    let mut again = Vec::new();
    for (seat, choice) in &log {
        again.extend(replay.apply(*seat, choice).unwrap());
    }
    assert_eq!(again, events);
    assert_eq!(replay.finish_order(), s.finish_order());
    assert_eq!(replay.breakaway(), s.breakaway());
}

/// PEL-4: the Peloton and the Muscle ride seats through the registry like any bot: a whole
/// house-A stage with its auction, the Peloton's attack cards on the buttons' keys.
#[test]
fn pel_4_peloton_and_muscle_seats_ride_a_whole_stage_through_the_registry() {
    let kinds = ["rouleur", "sprinteur"];
    let mut options = house_a_setup().options;
    options["peloton_team"] = json!(1);
    options["muscle_team"] = json!(2);
    let setup = Setup {
        teams: vec!["Blue".into(), "Peloton".into(), "Muscle".into()],
        riders: (0..6)
            .map(|i| Entrant {
                id: format!("{} {}", ["Blue", "Peloton", "Muscle"][i % 3], kinds[i / 3]),
                team: (i % 3) as u8,
                start: None,
                attributes: json!({"kind": kinds[i / 3]}),
            })
            .collect(),
        options,
        ..house_a_setup()
    };
    let mut stage = registry::start(CARD_RACE, &setup, 8).unwrap();
    let mut attack = 0;
    let mut guard = 0;
    while !stage.is_over() {
        guard += 1;
        assert!(guard < 5_000);
        for (seat, _) in stage.waiting_on() {
            if let Some((key, _)) = stage.play_bot(seat).unwrap()
                && seat == 1
                && key.as_str().ends_with(":9/2")
            {
                attack += 1;
                assert!(key.as_str().starts_with("k:"), "{key:?}");
            }
        }
    }
    assert!(attack > 0, "the Peloton played an attack card");
    let view = stage.view_json(Viewer::Public);
    let exhausted: Vec<u64> = view["riders"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["team"] != json!(0))
        .map(|r| r["exhaustion_taken"].as_u64().unwrap())
        .collect();
    assert_eq!(exhausted, vec![0; 4], "bot teams never tire");
}

/// PEL-4 in a tour: a preset names the bot teams' seats from the end (`-1`: the last seat,
/// where a tour seats its bots), so no player who joins is handed the Peloton. A seat past the
/// first is refused in a sentence; the preset itself is accepted.
#[test]
fn pel_4_a_bot_teams_seat_may_be_counted_from_the_last() {
    let kinds = ["rouleur", "sprinteur"];
    let names = ["Blue", "Red", "Green", "Black"];
    let setup = |peloton: i64, muscle: i64| {
        let mut options = house_a_setup().options;
        options["peloton_team"] = json!(peloton);
        options["muscle_team"] = json!(muscle);
        Setup {
            teams: names.iter().map(|n| n.to_string()).collect(),
            riders: (0..8)
                .map(|i| Entrant {
                    id: format!("{} {}", names[i % 4], kinds[i / 4]),
                    team: (i % 4) as u8,
                    start: None,
                    attributes: json!({"kind": kinds[i / 4]}),
                })
                .collect(),
            options,
            ..house_a_setup()
        }
    };
    let stage = registry::start(CARD_RACE, &setup(-1, -2), 4).unwrap();
    let view = stage.view_json(Viewer::Public);
    let pile = |team: u64, kind: &str| {
        view["riders"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["team"] == json!(team) && r["kind"] == json!(kind))
            .map(|r| r["draw_pile"].as_u64().unwrap())
            .unwrap()
    };
    // The Peloton (seat 3) holds one deck for both riders: Table A1's 15 cards; the Muscle's
    // sprinteur (seat 2) one 5 more than a house-A sprinteur's own deck.
    assert_eq!((pile(3, "rouleur"), pile(3, "sprinteur")), (15, 0));
    assert_eq!(pile(2, "sprinteur"), pile(1, "sprinteur") + 1);
    assert_eq!(pile(0, "sprinteur"), pile(1, "sprinteur"));

    let Err(refused) = registry::start(CARD_RACE, &setup(-5, -2), 4) else {
        panic!("a fifth seat from the end of four is refused");
    };
    let refused = refused.to_string();
    assert!(refused.contains("from -1 to -4"), "{refused}");

    let preset = TourPreset::from_toml(
        "name = \"A week\"\nruleset = \"card-race\"\nrules = \"house-a\"\nroster = [\"rouleur\", \"sprinteur\"]\n[options]\npeloton_team = -1\n[[stage]]\ncourse = \"avenue-corso-paseo\"\nkind = \"flat\"\n",
        "a.toml",
    );
    assert!(preset.is_ok(), "{preset:?}");
}

// The gruppetto (HA-032…HA-039, TV-08, QA-17…QA-20; `house_a::gruppetto`).

/// Free hands on a flat course of `flat` rows after the start, each rider its own team, the
/// gruppetto on, riding until all are across.
fn gruppetto_stage(flat: i64, riders: &[(&str, u16, u8)]) -> Stage {
    let mut setup = stage_with(
        course(&[(F, flat)]),
        riders,
        RiderKind::Rouleur,
        StageEnd::AllAcross,
        Profiles::Base,
    )
    .setup()
    .clone();
    setup.options.gruppetto = true;
    Stage::new(setup, 1).unwrap()
}

fn gruppetto_cells(stage: &Stage) -> Vec<(u16, u8)> {
    stage
        .view(Viewer::Public)
        .house_a
        .gruppetto
        .iter()
        .map(|p| (p.row, p.lane))
        .collect()
}

#[test]
fn ha_032_ha_033_gruppetto_starts_two_lanes_wide_on_the_rearmost_start_row() {
    let s = gruppetto_stage(20, &[("A", 3, 0), ("B", 2, 0)]);
    assert_eq!(gruppetto_cells(&s), vec![(0, 0), (0, 1)]);
    // A full rearmost row: the next one back with a free lane.
    let s = gruppetto_stage(20, &[("A", 0, 0), ("B", 0, 1)]);
    assert_eq!(gruppetto_cells(&s), vec![(1, 0), (1, 1)]);
    let json = serde_json::to_value(s.view(Viewer::Public)).unwrap();
    assert_eq!(json["gruppetto"][0], json!({"row": 1, "lane": 0}), "{json}");
}

#[test]
fn ha_034_ha_036_ha_039_tv_08_gruppetto_rides_5_blocks_shelters_takes_slipstream() {
    // The gruppetto starts on row 1 (row 0 is full); C rides ahead of everyone.
    let mut s = gruppetto_stage(20, &[("A", 0, 0), ("B", 0, 1), ("C", 3, 0)]);
    let events = round(&mut s, &[("A", n(6)), ("B", n(2)), ("C", n(5))]);
    assert!(events.contains(&Event::GruppettoMoved {
        from: 1,
        to: 6,
        distance: 5,
        die: None,
    }));
    // A's 6 met the gruppetto on row 6: blocked to row 5; then A and the gruppetto, one empty
    // row behind C, move up by slipstream.
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Moved { rider: 0, to, blocked: 1, .. } if to.row == 5
    )));
    assert!(events.contains(&Event::GruppettoSlipstream { from: 6, to: 7 }));
    assert_eq!(at(&s, "A").0, 6);
    assert_eq!(gruppetto_cells(&s), vec![(7, 0), (7, 1)]);
    // A sits behind the gruppetto, sheltered; B, alone on row 2 behind it, takes nothing
    // (HA-039); C at the front takes its card.
    assert_eq!(exhaustion(&s, "A"), 0);
    assert_eq!(exhaustion(&s, "B"), 0);
    assert_eq!(exhaustion(&s, "C"), 1);
}

#[test]
fn ha_037_qa_18_tv_08_the_gruppetto_sweeps_two_rounds_after_the_fourth_rider() {
    let mut s = gruppetto_stage(
        6,
        &[
            ("W1", 3, 0),
            ("W2", 3, 1),
            ("W3", 2, 0),
            ("W4", 2, 1),
            ("S1", 1, 0),
            ("S2", 1, 1),
        ],
    );
    let nine = n(9);
    round(
        &mut s,
        &[
            ("W1", nine),
            ("W2", nine),
            ("W3", nine),
            ("W4", nine),
            ("S1", n(2)),
            ("S2", n(2)),
        ],
    );
    assert_eq!(
        (0..4)
            .filter(|&r| s.crossed(r) == Some((1, s.position(r))))
            .count(),
        4
    );
    let events = round(&mut s, &[("S1", n(2)), ("S2", n(2))]);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::GruppettoSwept { .. }))
    );
    assert!(!s.is_over());
    // Round 3 = 1 + 2: the stragglers behind the gruppetto are swept over the line.
    let events = round(&mut s, &[("S1", n(2)), ("S2", n(2))]);
    assert!(
        events.contains(&Event::GruppettoSwept { riders: vec![4, 5] }),
        "{events:?}"
    );
    assert!(s.is_over());
    assert_eq!(s.crossed(4).map(|c| c.0), Some(3));
    assert_eq!(s.finish_order()[4..], [4, 5]);
    assert!(gruppetto_cells(&s).is_empty(), "it leaves the road");
}

#[test]
fn ha_038_qa_19_a_rider_the_gruppetto_blocks_short_of_the_line_takes_its_place() {
    let mut s = gruppetto_stage(6, &[("R", 1, 0)]);
    round(&mut s, &[("R", n(3))]);
    assert_eq!((at(&s, "R").0, gruppetto_cells(&s)[0].0), (4, 5));
    // R's 6 would reach row 10, the first past the line, where the gruppetto now stands.
    let events = round(&mut s, &[("R", n(6))]);
    assert!(
        events.contains(&Event::GruppettoSwapped { rider: 0, row: 10 }),
        "{events:?}"
    );
    assert_eq!(s.crossed(0).map(|(_, p)| p.row), Some(10));
}

/// An 85-row individual time trial of four teams of three house-A riders, dealt hands, the
/// time-trial bot on every seat: (rounds the trial lasted, longest run of exhaustion cards any
/// rider played in a row).
fn trial_of_85_rows(seed: u64, field: usize) -> (u32, usize, u32) {
    let kinds = [
        RiderKind::Rouleur,
        RiderKind::Sprinteur,
        RiderKind::Grimpeur,
    ];
    let road = course(&[(F, 85)]).with_start_for(field);
    let cells = road.start_cells();
    let setup = StageSetup {
        course: Arc::new(road.clone()),
        teams: (0..4).map(|t| format!("Team {t}")).collect(),
        riders: (0..field)
            .map(|i| RiderSetup {
                id: format!("T{}R{}", i % 4, i / 4),
                team: (i % 4) as u8,
                kind: kinds[i / 4],
                start: cells[i],
                carried_exhaustion: 0,
            })
            .collect(),
        options: Options {
            profiles: Profiles::HouseA,
            time_trial: Some(TimeTrial::Individual),
            ..Options::default()
        },
    };
    let mut s = Stage::new(setup, seed).unwrap();
    play_stage(&mut s, &mut TimeTrialBot).unwrap();
    let run = (0..field as u8)
        .map(|r| {
            let mut best = 0;
            let mut now = 0;
            for c in s.cards_played(r) {
                now = if c.is_exhaustion() { now + 1 } else { 0 };
                best = best.max(now);
            }
            best
        })
        .max()
        .unwrap_or(0);
    let taken = (0..field as u8).map(|r| s.exhaustion_taken(r) as u32).sum();
    (s.round(), run, taken)
}

/// The measure behind ruling QA-23's ties: how long an 85-row trial lasts over 50 seeds.
/// `cargo test -p commissaire-engine --test house_a -- --ignored --nocapture measure_`.
#[test]
#[ignore]
fn measure_the_length_of_an_85_row_time_trial() {
    for field in [4, 12] {
        let runs: Vec<(u32, usize, u32)> =
            (0..50).map(|seed| trial_of_85_rows(seed, field)).collect();
        let rounds: Vec<u32> = runs.iter().map(|r| r.0).collect();
        let mean = rounds.iter().sum::<u32>() as f64 / rounds.len() as f64;
        println!(
            "{field} riders: rounds: min {} mean {mean:.1} max {}; longest run of exhaustion cards: mean {:.1} max {}; exhaustion cards taken a trial: mean {:.1}",
            rounds.iter().min().unwrap(),
            rounds.iter().max().unwrap(),
            runs.iter().map(|r| r.1).sum::<usize>() as f64 / runs.len() as f64,
            runs.iter().map(|r| r.1).max().unwrap(),
            runs.iter().map(|r| r.2).sum::<u32>() as f64 / runs.len() as f64,
        );
    }
}

/// HA-065 (seed 001, "Combativité"): on a tie in tokens, the rider who was in the breakaway
/// takes the stage's point. A house-A stage with a breakaway is ridden to the end through the
/// registry; its result names the breakaway's riders. With a breakaway rider tied on tokens
/// with the stage winner, who started outside it, the point goes to the breakaway rider.
#[test]
fn ha_065_combativity_tie_goes_to_the_breakaway_rider() {
    use commissaire_engine::games::card_race::CardRace;
    use commissaire_engine::games::card_race::tour::house_a::{
        CARRY_KEY, StageJerseys, stage_combativity,
    };
    use commissaire_engine::registry::Game;
    use commissaire_engine::tour::{RiderKey, StageKind, enter_teams};
    let teams = vec!["Blue".to_string(), "Red".to_string()];
    let roster = (registry::ruleset(CARD_RACE).unwrap().roster)(
        &[json!("rouleur"), json!("sprinteur")],
        &serde_json::Value::Null,
    )
    .unwrap();
    let riders = enter_teams(&teams, &roster);
    let c = course(&[(F, 30)]);
    let setup = Setup {
        course: Arc::new(c),
        teams: teams.clone(),
        riders: riders
            .iter()
            .map(|r| Entrant {
                id: r.key.0.clone(),
                team: r.team,
                start: None,
                attributes: r.attributes.clone(),
            })
            .collect(),
        options: json!({"profiles": "house-a", "stage_types": true,
            "start": "breakaway_house_a", "stage_end": "all_across"}),
        dice: Vec::new(),
    };
    let mut race = <CardRace as Game>::start(&setup, 3).unwrap();
    while !race.is_over() {
        for seat in 0..2 {
            let options = race.legal(seat);
            if !options.is_empty() {
                let choice = race.bot(seat, &options);
                race.apply(seat, &choice).unwrap();
            }
        }
    }
    let ids = &race.stage().setup().riders;
    let away: Vec<RiderKey> = race
        .stage()
        .breakaway()
        .iter()
        .map(|&i| RiderKey::new(ids[i as usize].id.clone()))
        .collect();
    assert!(!away.is_empty(), "somebody made the breakaway");
    let mut result = race.result(1, StageKind::Flat, &riders).unwrap();
    assert_eq!(StageJerseys::of(&result).breakaway, away);
    // The best-placed rider who was not in the breakaway, and a breakaway rider behind it.
    let by_place = |key: &RiderKey| {
        result
            .riders
            .iter()
            .find(|r| &r.rider == key)
            .unwrap()
            .place
    };
    let mut placed: Vec<&RiderKey> = result.riders.iter().map(|r| &r.rider).collect();
    placed.sort_by_key(|k| by_place(k));
    let outsider = (*placed.iter().find(|k| !away.contains(k)).unwrap()).clone();
    let rider = away
        .iter()
        .find(|k| by_place(k) > by_place(&outsider))
        .or(away.first())
        .unwrap()
        .clone();
    assert!(
        by_place(&rider) > by_place(&outsider),
        "the breakaway rider finished behind: the better place alone would not give it the point"
    );
    let mut jerseys = StageJerseys::of(&result);
    jerseys.tokens = vec![(outsider.clone(), 4), (rider.clone(), 4)];
    result.carry[CARRY_KEY] = serde_json::to_value(&jerseys).unwrap();
    assert_eq!(stage_combativity(&result), Some(rider));
    // A result stored before the breakaway was kept reads as a stage without one: the better
    // place takes the tie.
    jerseys.breakaway.clear();
    let mut old = serde_json::to_value(&jerseys).unwrap();
    old.as_object_mut().unwrap().remove("breakaway");
    result.carry[CARRY_KEY] = old;
    assert_eq!(stage_combativity(&result), Some(outsider));
}

/// One stage of the card race ridden by the bots through the registry under the named rules
/// `rules`, on a flat course with an intermediate sprint (row 15): its result and the general
/// classification after it, as a tour of those rules ranks it.
fn one_stage_of_a_tour(
    rules: &str,
    seed: u64,
) -> (
    commissaire_engine::tour::StageResult,
    Vec<commissaire_engine::tour::StandingRow>,
) {
    use commissaire_engine::games::card_race::CardRace;
    use commissaire_engine::registry::Game;
    use commissaire_engine::tour::{StageKind, enter_teams};
    let named = registry::ruleset(CARD_RACE)
        .unwrap()
        .rules
        .iter()
        .find(|r| r.name == rules)
        .unwrap();
    let options = (named.options)();
    let teams = vec!["Blue".to_string(), "Red".to_string(), "Green".to_string()];
    let roster = (registry::ruleset(CARD_RACE).unwrap().roster)(
        &[json!("rouleur"), json!("sprinteur")],
        &serde_json::Value::Null,
    )
    .unwrap();
    let riders = enter_teams(&teams, &roster);
    let c = commissaire_engine::course::parse_course_toml(
        "name = \"Sprint\"\n[[segment]]\nterrain = \"flat\"\nlength = 4\nstart = true\n[[segment]]\nterrain = \"flat\"\nlength = 26\n[[segment]]\nterrain = \"flat\"\nlength = 5\nfinish = true\n[[sprint]]\nrow = 15\nname = \"Km 15\"\n",
        "sprint.toml",
    )
    .unwrap();
    let setup = Setup {
        course: Arc::new(c),
        teams: teams.clone(),
        riders: riders
            .iter()
            .map(|r| Entrant {
                id: r.key.0.clone(),
                team: r.team,
                start: None,
                attributes: r.attributes.clone(),
            })
            .collect(),
        options: options.clone(),
        dice: Vec::new(),
    };
    let mut race = <CardRace as Game>::start(&setup, seed).unwrap();
    while !race.is_over() {
        for seat in 0..teams.len() as u8 {
            let legal = race.legal(seat);
            if !legal.is_empty() {
                let choice = race.bot(seat, &legal);
                race.apply(seat, &choice).unwrap();
            }
        }
    }
    let result = race.result(1, StageKind::Flat, &riders).unwrap();
    let table = registry::classify(CARD_RACE, std::slice::from_ref(&result), &options).unwrap();
    let general = table.get("general").unwrap().rows.clone();
    (result, general)
}

/// The time a rider rode in a stage (QX-05, HB-061): a minute a card, 10 s off a row past the
/// line.
fn minutes_and_rows(result: &commissaire_engine::tour::StageResult, place: u32) -> (String, i64) {
    use commissaire_engine::tour::Outcome;
    let r = result
        .riders
        .iter()
        .find(|r| r.place == Some(place))
        .unwrap();
    let Outcome::Crossed { rows_past } = r.outcome else {
        panic!("place {place} crossed the line: {:?}", r.outcome);
    };
    (
        r.rider.0.clone(),
        i64::from(r.cards_played) * 60 - i64::from(rows_past) * 10,
    )
}

/// QX-05, C-11, C-14: seed 001 defines no bonus seconds, so a tour of house rules A takes each
/// rider's time ridden into the general classification as it is. A house-A stage whose winner
/// beats the second by N seconds leaves them N seconds apart in the general classification,
/// with no 15 / 10 / 5 s for the first three (HB-063) and no 3 / 2 / 1 s at the sprint
/// (HB-064), which a tour of house rules B still gives.
#[test]
fn qx_05_c_14_a_house_a_tour_has_no_bonus_seconds() {
    use commissaire_engine::tour::Score;
    let gc_time = |general: &[commissaire_engine::tour::StandingRow], rider: &str| {
        general
            .iter()
            .find(|r| r.rider.as_ref().is_some_and(|k| k.0 == rider))
            .map(|r| r.value)
            .unwrap()
    };
    let mut gaps = Vec::new();
    for seed in 1..=4 {
        let (result, general) = one_stage_of_a_tour("house-a", seed);
        assert!(!result.sprints.is_empty(), "the riders crossed the sprint");
        let (first, t1) = minutes_and_rows(&result, 1);
        let (second, t2) = minutes_and_rows(&result, 2);
        assert_eq!(gc_time(&general, &first), Score::Seconds(t1), "seed {seed}");
        assert_eq!(
            gc_time(&general, &second),
            Score::Seconds(t2),
            "seed {seed}"
        );
        gaps.push(t2 - t1);
        // Every rider of the stage: the general time is the time ridden.
        for r in &result.riders {
            let (_, ridden) = minutes_and_rows(&result, r.place.unwrap());
            assert_eq!(gc_time(&general, &r.rider.0), Score::Seconds(ridden));
        }
    }
    assert!(
        gaps.iter().any(|&g| g > 0),
        "some winner won by time: {gaps:?}"
    );
    // House rules B: the winner's 15 s and its sprint seconds come off.
    let (result, general) = one_stage_of_a_tour("house-b", 1);
    let (first, t1) = minutes_and_rows(&result, 1);
    let sprint: i64 = result
        .sprints
        .iter()
        .map(|s| match s.order.iter().position(|k| k.0 == first) {
            Some(i) if i < 3 => [3, 2, 1][i],
            _ => 0,
        })
        .sum();
    assert_eq!(gc_time(&general, &first), Score::Seconds(t1 - 15 - sprint));
}
