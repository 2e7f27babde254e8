//! House rules A (seed 001) in a stage: the profiles' decks as dealt, the climb rules of the
//! grimpeur, the polyvalent and the specialist, the stage types, and the named rules `house-a`
//! with a roster of A's profiles from a tour preset. Test names carry the HA- and TV- ids.

mod common;

use commissaire_engine::card_race::house_a::{Profile, StageType};
use commissaire_engine::card_race::{
    Card, Hands, Options, Profiles, RiderKind, RiderSetup, Stage, StageEnd, StageSetup,
};
use commissaire_engine::course::{Course, Pos};
use commissaire_engine::registry::{self, CARD_RACE, Entrant, Setup};
use commissaire_engine::tour::TourPreset;
use common::*;
use serde_json::json;
use std::sync::Arc;

fn house_a(course: Course, kind: RiderKind, riders: &[(&str, u16, u8)]) -> Stage {
    stage_with(course, riders, kind, StageEnd::FirstAcross, Profiles::HouseA)
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
    let mut s = house_a(course(&[(D, 4), (F, 20)]), RiderKind::Grimpeur, &[("G", 4, 0)]);
    round(&mut s, &[("G", n(3))]);
    assert_eq!(at(&s, "G").0, 9, "the downhill minimum of 5 still lifts a 3");
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
        assert_eq!(deck_of(&s, 2), profile_deck(specialist), "{:?}", s.stage_type());
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
    let bad = (registry::ruleset(CARD_RACE).unwrap().roster)(&[json!("peloton")]).unwrap_err();
    assert!(bad.contains("puncheur, polyvalent, domestique, specialist"), "{bad}");
}

/// Old tours read unchanged: options without the new names are the base game's, and the view
/// says nothing of a stage type.
#[test]
fn options_written_before_house_a_read_as_before() {
    let old: Options = serde_json::from_value(json!({"profiles": "house-b"})).unwrap();
    assert_eq!(old.profiles, Profiles::HouseB);
    assert!(!old.stage_types);
    let s = stage(course(&[(F, 20)]), &[("A", 3, 0)]);
    let view = serde_json::to_value(
        commissaire_engine::game::Ruleset::view(&s, commissaire_engine::game::Viewer::Public),
    )
    .unwrap();
    assert!(view.get("stage_type").is_none());
}
