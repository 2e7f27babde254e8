//! A second game through the same store, services and buttons: a Velo Master tour at Expert
//! (one director, three bot teams) is created from its preset, directed from the hand's buttons
//! one decision at a time, and its first stage is scored, with nothing in the bot written for it.

mod common;

use commissaire::services::TourSettings;
use commissaire::store::{results, riders, tours};
use commissaire_engine::tour::Outcome;
use common::*;

#[tokio::test]
async fn a_velo_master_stage_is_directed_from_the_same_buttons_and_scored() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    let settings = TourSettings {
        preset: "velo-master-week".into(),
        ..settings(4, 12)
    };
    let opened = ok(s.create_tour(&admin(), CHANNEL, settings).await);
    assert!(opened.text.contains("teams of 4 riders"), "{}", opened.text);
    ok(s.join(&player(1), CHANNEL, "Reds", "red").await);
    ok(s.start(&admin(), CHANNEL).await);
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::active_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(tour.ruleset, "velo-master");
    assert_eq!(tour.options["level"], "expert");
    let entered = riders::list(&mut conn, tour.id).await.unwrap();
    assert_eq!(entered.len(), 16);
    assert_eq!(entered[0].key.0, "Reds Leader");
    // The leader is rider 1 of his team, the number his token shows beside the L (VM-008).
    assert_eq!(
        entered[0].attributes,
        serde_json::json!({"role": "leader", "number": 1})
    );
    assert_eq!(entered[2].key.0, "Reds Team-mate 3");
    assert_eq!(
        entered[2].attributes,
        serde_json::json!({"role": "team-mate", "number": 3})
    );
    drop(conn);

    // The director answers each decision the hand offers, first option first, as it comes:
    // the bots play their slots in between, inside the same requests.
    let mut decisions = 0;
    loop {
        let mut conn = s.store().read().await.unwrap();
        if !results::list(&mut conn, tour.id).await.unwrap().is_empty() {
            break;
        }
        drop(conn);
        let hand = ok(s.hand(&player(1), CHANNEL).await);
        let options = offered(&hand);
        assert!(
            !options.is_empty(),
            "the stage waits on the director, who is offered nothing: {}",
            hand.text
        );
        ok(s.choose(&player(1), CHANNEL, &request(), options[0]).await);
        decisions += 1;
        assert!(decisions < 2_000, "stage 1 never ended");
    }
    assert!(decisions > 5, "{decisions} decisions");
    let mut conn = s.store().read().await.unwrap();
    let done = results::list(&mut conn, tour.id).await.unwrap();
    assert_eq!(done[0].riders.len(), 16);
    assert!(done[0].riders.iter().any(|r| r.place == Some(1)));
    let tour = tours::get(&mut conn, tour.id).await.unwrap().unwrap();
    assert_eq!(tour.current_stage, 2, "stage 2 began");
}

/// After a Velo Master stage the standings are the game's own (VM-079, VM-080): the Maillot
/// Or on the riders' times in minutes and the Maillot Rouge on their climber points, never the
/// card race's six classifications.
#[tokio::test]
async fn vm_079_vm_080_the_standings_of_a_velo_master_tour_are_its_jerseys() {
    let db = Db::new();
    let s = open(&db, &clock()).await.with_pictures(true);
    let settings = TourSettings {
        preset: "velo-master-week".into(),
        ..settings(4, 7)
    };
    ok(s.create_tour(&admin(), CHANNEL, settings).await);
    // Bots in every seat: the start rides stage 1.
    ok(s.start(&admin(), CHANNEL).await);
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::latest_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    let done = results::list(&mut conn, tour.id).await.unwrap();
    drop(conn);
    assert!(!done.is_empty());
    // Each rider's own time: minutes on the race clock and the climber points he won.
    let mut points = 0;
    for r in &done[0].riders {
        match r.outcome {
            Outcome::Timed {
                minutes,
                climber_points,
                ..
            } => {
                assert_eq!(minutes, r.cards_played);
                points += climber_points;
            }
            Outcome::Abandoned => {}
            ref other => panic!("{}: {other:?}", r.rider),
        }
    }
    assert!(points > 0, "the week's first stage has a summit");

    let standings = ok(s.standings(CHANNEL).await);
    let text = &standings.text;
    assert!(text.contains("__Maillot Or (time)__"), "{text}");
    assert!(text.contains("__Maillot Rouge (climbers)__"), "{text}");
    for card_race in [
        "General classification",
        "__Points__",
        "__Mountains__",
        "__Teams__",
        "__Youth__",
        "__Combativity__",
    ] {
        assert!(!text.contains(card_race), "{card_race} in {text}");
    }
    // The Or's leader has the lowest time of the stage, in minutes of the race clock.
    let best = done[0]
        .riders
        .iter()
        .filter_map(|r| match r.outcome {
            Outcome::Timed { minutes, .. } => Some(minutes),
            _ => None,
        })
        .min()
        .unwrap();
    let first_line = text
        .lines()
        .skip_while(|l| !l.contains("Maillot Or"))
        .find(|l| l.trim_start().starts_with("1. "))
        .unwrap();
    let time = commissaire_engine::tour::format_time(i64::from(best) * 60);
    assert!(first_line.contains(&time), "{time}: {first_line}");
    let files: Vec<&str> = standings.images.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(files, ["general.png", "mountains.png"]);

    // One by its id; a card race's classification is refused with the ones the game has.
    let or = ok(s.standings_of(CHANNEL, Some("general")).await);
    assert!(or.text.contains("Maillot Or") && !or.text.contains("Maillot Rouge"));
    let no = refusal(s.standings_of(CHANNEL, Some("youth")).await);
    assert!(
        no.contains("'youth'") && no.contains("general, mountains"),
        "{no}"
    );
}
