//! The engine's language: pending / apply / view, typed refusals that change nothing, private
//! hands, seeded streams and replay.

use commissaire_engine::course::{Course, CourseSpec};
use commissaire_engine::game::{Ruleset, Viewer, replay};
use commissaire_engine::games::card_race::bot::{Policy, RandomBot, SensibleBot, play_stage};
use commissaire_engine::games::card_race::movement::effective_distance;
use commissaire_engine::games::card_race::{
    Card, Choice, Event, Options, RiderKind, RiderSetup, RuleError, Stage, StageSetup, grid_start,
};
use std::sync::Arc;

fn paseo() -> Course {
    CourseSpec {
        name: Some("Avenue Corso Paseo".into()),
        tiles: Some("abcdefghijklmnopqrstu".into()),
        ..Default::default()
    }
    .build()
    .unwrap()
}

/// Four teams of a rouleur and a sprinteur on the start grid, dealt hands.
fn four_teams(seed: u64) -> Stage {
    let course = paseo();
    let names = ["Blue", "Red", "Green", "Black"];
    let cells = grid_start(&course, 8).unwrap();
    let mut riders = Vec::new();
    for (k, kind) in [RiderKind::Rouleur, RiderKind::Sprinteur]
        .into_iter()
        .enumerate()
    {
        for (t, name) in names.iter().enumerate() {
            riders.push(RiderSetup {
                id: format!("{name}{}", kind.letter()),
                team: t as u8,
                kind,
                start: cells[k * 4 + t],
                carried_exhaustion: 0,
            });
        }
    }
    let setup = StageSetup {
        course: Arc::new(course),
        teams: names.iter().map(|s| s.to_string()).collect(),
        riders,
        options: Options::default(),
    };
    Stage::new(setup, seed).unwrap()
}

fn snapshot(s: &Stage) -> String {
    serde_json::to_string(&(
        s.view(Viewer::Seat(0)),
        s.view(Viewer::Seat(1)),
        s.pending(),
    ))
    .unwrap()
}

fn refused(s: &mut Stage, seat: u8, choice: Choice) -> RuleError {
    let before = snapshot(s);
    let err = s.apply(seat, &choice).unwrap_err();
    assert_eq!(
        snapshot(s),
        before,
        "a refused choice changed the stage: {err}"
    );
    err
}

#[test]
fn every_team_owes_a_draw_at_the_start() {
    let s = four_teams(1);
    let pending = s.pending();
    assert_eq!(pending.len(), 4);
    for d in &pending {
        assert_eq!(
            d.options.len(),
            2,
            "draw for the rouleur or the sprinteur first"
        );
        assert!(d.options.iter().all(|c| matches!(c, Choice::Draw { .. })));
    }
}

#[test]
fn illegal_choices_are_typed_errors_and_change_nothing() {
    let mut s = four_teams(1);
    let blue_r = 0; // Blue rouleur
    let red_r = 1;
    assert!(matches!(
        refused(&mut s, 9, Choice::Draw { rider: 0 }),
        RuleError::UnknownSeat(9)
    ));
    assert!(matches!(
        refused(&mut s, 0, Choice::Draw { rider: 40 }),
        RuleError::UnknownRider(40)
    ));
    let e = refused(&mut s, 0, Choice::Draw { rider: red_r });
    assert_eq!(e.to_string(), "RedR is not a rider of your team");
    let e = refused(
        &mut s,
        0,
        Choice::Keep {
            rider: blue_r,
            card: Card::Energy(3),
        },
    );
    assert!(matches!(e, RuleError::DrawFirst { .. }), "{e}");
    s.apply(0, &Choice::Draw { rider: blue_r }).unwrap();
    let e = refused(&mut s, 0, Choice::Draw { rider: blue_r });
    assert!(matches!(e, RuleError::AlreadyDrawn { .. }), "{e}");
    let e = refused(&mut s, 0, Choice::Draw { rider: 4 });
    assert!(matches!(e, RuleError::FinishDrawnRider { .. }), "{e}");
    let hand = s.hand(blue_r).to_vec();
    let missing = (3..=9)
        .map(Card::Energy)
        .find(|c| !hand.contains(c))
        .unwrap();
    let e = refused(
        &mut s,
        0,
        Choice::Keep {
            rider: blue_r,
            card: missing,
        },
    );
    assert!(matches!(e, RuleError::CardNotInHand { .. }));
    assert!(e.to_string().contains("is not in BlueR's hand"), "{e}");
    s.apply(
        0,
        &Choice::Keep {
            rider: blue_r,
            card: hand[0],
        },
    )
    .unwrap();
    let e = refused(&mut s, 0, Choice::Draw { rider: blue_r });
    assert!(matches!(e, RuleError::AlreadyChosen { .. }), "{e}");
}

#[test]
fn finished_riders_and_finished_stages_refuse_choices() {
    let mut s = four_teams(3);
    play_stage(&mut s, &mut SensibleBot).unwrap();
    assert!(s.is_over());
    let e = refused(&mut s, 0, Choice::Draw { rider: 0 });
    assert_eq!(e, RuleError::StageOver);
}

#[test]
fn hands_are_private_to_their_team() {
    let mut s = four_teams(5);
    s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
    let own = s.view(Viewer::Seat(0));
    let other = s.view(Viewer::Seat(1));
    let public = s.view(Viewer::Public);
    assert_eq!(own.riders[0].hand.as_ref().map(Vec::len), Some(4));
    assert!(other.riders[0].hand.is_none());
    assert!(
        public
            .riders
            .iter()
            .all(|r| r.hand.is_none() && r.kept.is_none())
    );
    let card = s.hand(0)[0];
    s.apply(0, &Choice::Keep { rider: 0, card }).unwrap();
    assert_eq!(s.view(Viewer::Seat(0)).riders[0].kept, Some(card));
    assert_eq!(s.view(Viewer::Seat(1)).riders[0].kept, None);
    assert!(
        s.view(Viewer::Public).riders[0].chosen,
        "others see that a card is chosen"
    );
    let json = serde_json::to_string(&s.view(Viewer::Public)).unwrap();
    assert!(!json.contains("\"hand\"") && !json.contains("\"kept\""));
}

#[test]
fn a_teams_hands_do_not_depend_on_the_order_others_play_in() {
    let hands = |order: &[u8]| {
        let mut s = four_teams(11);
        let mut out = Vec::new();
        for &seat in order {
            for &r in s.team_riders(seat).to_vec().iter() {
                s.apply(seat, &Choice::Draw { rider: r }).unwrap();
                out.push((r, s.hand(r).to_vec()));
                let card = s.hand(r)[0];
                s.apply(seat, &Choice::Keep { rider: r, card }).unwrap();
            }
        }
        out.sort();
        out
    };
    assert_eq!(hands(&[0, 1, 2, 3]), hands(&[3, 1, 0, 2]));
}

#[test]
fn different_seeds_deal_different_hands() {
    let first_hand = |seed| {
        let mut s = four_teams(seed);
        s.apply(0, &Choice::Draw { rider: 0 }).unwrap();
        s.hand(0).to_vec()
    };
    let hands: Vec<_> = (0..8).map(first_hand).collect();
    assert!(hands.iter().any(|h| *h != hands[0]));
}

#[test]
fn replay_rebuilds_the_live_stage_exactly() {
    for seed in 0..20 {
        let mut live = four_teams(seed);
        let (log, events) = play_stage(&mut live, &mut RandomBot::new(seed)).unwrap();
        let setup = live.setup().clone();
        let (replayed, replay_events) = replay::<Stage>(setup, seed, &log).unwrap();
        assert_eq!(
            serde_json::to_string(&events).unwrap(),
            serde_json::to_string(&replay_events).unwrap()
        );
        assert_eq!(snapshot(&live), snapshot(&replayed));
        assert!(replayed.is_over());
    }
}

#[test]
fn replay_names_the_choice_that_no_longer_fits() {
    let s = four_teams(1);
    let log = vec![
        (0, Choice::Draw { rider: 0 }),
        (0, Choice::Draw { rider: 4 }),
    ];
    let err = replay::<Stage>(s.setup().clone(), 1, &log).err().unwrap();
    assert!(
        err.to_string()
            .starts_with("choice 1 of the log was refused"),
        "{err}"
    );
}

#[test]
fn the_sensible_bot_finishes_stages_and_sprinteurs_win_some() {
    let mut wins_by_sprinteur = 0;
    for seed in 0..40 {
        let mut s = four_teams(seed);
        let (_, events) = play_stage(&mut s, &mut SensibleBot).unwrap();
        let Some(Event::StageOver { order }) = events.last() else {
            panic!("the stage ends with its order");
        };
        if s.setup().riders[order[0] as usize].kind == RiderKind::Sprinteur {
            wins_by_sprinteur += 1;
        }
    }
    assert!(
        wins_by_sprinteur >= 12,
        "sprinteurs won {wins_by_sprinteur} of 40 flat stages"
    );
}

/// A sprinteur of the four-team stage (rider 4 is Blue's), with its first hand drawn and
/// holding a 9 and another card; its position is set by riding the others away first.
fn sprinteur_with_a_nine() -> (Stage, u64) {
    for seed in 0..200 {
        let mut s = four_teams(seed);
        s.apply(0, &Choice::Draw { rider: 4 }).unwrap();
        let hand = s.hand(4);
        if hand.contains(&Card::Energy(9)) && hand.iter().any(|c| *c != Card::Energy(9)) {
            return (s, seed);
        }
    }
    panic!("no seed deals a 9 with another card");
}

#[test]
fn the_sensible_bot_keeps_the_sprinteurs_9_in_the_pack_far_from_the_line() {
    let (s, _) = sprinteur_with_a_nine();
    let options = s.legal_choices(0);
    let choice = SensibleBot.choose(&s, 0, &options);
    assert_ne!(
        choice,
        Choice::Keep {
            rider: 4,
            card: Card::Energy(9)
        }
    );
}

#[test]
fn the_sensible_bot_spends_the_9_when_it_reaches_the_line_or_is_dropped() {
    let (s, _) = sprinteur_with_a_nine();
    // Near the line: the same hand on a short course where only the 9 reaches it.
    let mut setup = s.setup().clone();
    setup.course = Arc::new(
        CourseSpec {
            tiles: Some("abu".into()),
            ..Default::default()
        }
        .build()
        .unwrap(),
    );
    // Blue's sprinteur 8 rows before the line, the others behind it.
    let line = setup.course.finish_row();
    for (i, r) in setup.riders.iter_mut().enumerate() {
        r.start = commissaire_engine::course::Pos::new(
            if i == 4 { line - 9 } else { i as u16 / 2 },
            (i % 2) as u8,
        );
    }
    let mut near = Stage::new(setup, s.seed()).unwrap();
    near.apply(0, &Choice::Draw { rider: 4 }).unwrap();
    let choice = SensibleBot.choose(&near, 0, &near.legal_choices(0));
    assert_eq!(
        choice,
        Choice::Keep {
            rider: 4,
            card: Card::Energy(9)
        },
        "hand {:?}",
        near.hand(4)
    );

    // Dropped: every other rider 10 rows ahead, far from the line.
    let mut setup = s.setup().clone();
    setup.course = Arc::new(paseo());
    for (i, r) in setup.riders.iter_mut().enumerate() {
        let row = if i == 4 { 2 } else { 12 + i as u16 / 2 };
        r.start = commissaire_engine::course::Pos::new(row, (i % 2) as u8);
    }
    let mut dropped = Stage::new(setup, s.seed()).unwrap();
    dropped.apply(0, &Choice::Draw { rider: 4 }).unwrap();
    let choice = SensibleBot.choose(&dropped, 0, &dropped.legal_choices(0));
    assert_eq!(
        choice,
        Choice::Keep {
            rider: 4,
            card: Card::Energy(9)
        }
    );
}

#[test]
fn the_sensible_bot_does_not_waste_high_cards_on_climbs() {
    let course = CourseSpec {
        tiles: Some("abcfimetKGLHJsdopRQNU".into()),
        ..Default::default()
    }
    .build()
    .unwrap();
    let cells = grid_start(&course, 4).unwrap();
    let setup = StageSetup {
        course: Arc::new(course),
        teams: vec!["A".into(), "B".into()],
        riders: (0..4)
            .map(|i| RiderSetup {
                id: format!("r{i}"),
                team: (i % 2) as u8,
                kind: if i < 2 {
                    RiderKind::Rouleur
                } else {
                    RiderKind::Sprinteur
                },
                start: cells[i],
                carried_exhaustion: 0,
            })
            .collect(),
        options: Options::default(),
    };
    let mut cut_cards = 0;
    for seed in 0..20 {
        let mut s = Stage::new(setup.clone(), seed).unwrap();
        let (_, events) = play_stage(&mut s, &mut SensibleBot).unwrap();
        let mut hands = std::collections::HashMap::new();
        for e in &events {
            if let Event::HandDrawn { rider, cards } = e {
                hands.insert(*rider, cards.clone());
            }
            if let Event::Moved {
                rider,
                card,
                from,
                distance,
                ..
            } = e
            {
                let kind = s.setup().riders[*rider as usize].kind;
                if (card.value() as u16) <= *distance {
                    continue;
                }
                cut_cards += 1;
                // A card cut by the climb rule is only played when no cheaper card in hand
                // would have gone as far.
                let cheaper_as_far = hands[rider].iter().any(|c| {
                    c.value() < card.value()
                        && effective_distance(s.course(), from.row, kind, *c) >= *distance
                });
                assert!(
                    !cheaper_as_far,
                    "seed {seed}: {card} played for {distance} rows from hand {:?}",
                    hands[rider]
                );
            }
        }
    }
    assert!(
        cut_cards > 0,
        "the test course makes the bot face the climb cap"
    );
}
