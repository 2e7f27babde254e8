//! `/stage log` (issue 36): a stage told turn by turn, for whoever was away. Every settled turn
//! of a finished stage comes in order, for two games, with what each team played; and a
//! choice still secret never shows in the log of the stage being raced.

mod common;

use commissaire::services::{Services, TourSettings};
use commissaire::store::{choices, results, stages, teams, tours};
use commissaire_engine::registry;
use commissaire_engine::tour::{TourRider, entrants_setup};
use common::*;

/// The log's file of a `/stage log` answer: its name and its text.
fn log_of(s: &commissaire::services::Reply) -> (String, String) {
    assert!(s.private, "the log is for the asker alone: {}", s.text);
    assert_eq!(s.images.len(), 1, "one file: {}", s.text);
    let (name, bytes) = &s.images[0];
    (
        name.clone(),
        String::from_utf8(bytes.clone()).expect("the log is text"),
    )
}

/// The turns' headings of a log, in order.
fn headings(log: &str) -> Vec<String> {
    log.lines()
        .filter_map(|l| l.strip_prefix("## "))
        .map(str::to_string)
        .collect()
}

/// The names of the settled turns of stage `number` of the channel's tour, replayed from the
/// store apart from the services, as the animation draws them, in English; a run of settled
/// turns of one name (Velo Master's rolls within a round) once, as the log tells it.
async fn settled_turn_names(s: &Services, number: u32) -> Vec<String> {
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::latest_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    let row = stages::get(&mut conn, tour.id, number)
        .await
        .unwrap()
        .unwrap();
    let names: Vec<String> = teams::list(&mut conn, tour.id)
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.name)
        .collect();
    let course = s.library().course(&row.course).unwrap();
    let starters: Vec<&TourRider> = row.starters.iter().collect();
    let options = row.options.clone().unwrap_or(tour.options.clone());
    let setup = entrants_setup(&course, &names, &starters, options);
    let log = choices::log(&mut conn, row.id).await.unwrap();
    registry::settled_turns(&tour.ruleset, &setup, row.seed, &log)
        .unwrap()
        .iter()
        .map(|t| commissaire_messages::sentence_at_start(&t.name))
        .fold(Vec::new(), |mut names: Vec<String>, name| {
            if names.last() != Some(&name) {
                names.push(name);
            }
            names
        })
}

async fn finished_stages(s: &Services) -> usize {
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::latest_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    results::list(&mut conn, tour.id).await.unwrap().len()
}

#[tokio::test]
async fn the_log_of_a_finished_card_race_stage_tells_every_settled_turn_in_order() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    ok(s.create_tour(&admin(), CHANNEL, settings(4, 2024)).await);
    // Before the start, no stage has a log.
    assert_eq!(
        refusal(s.stage_log(CHANNEL, None).await),
        "the tour has not started: a stage has a log once it is under way"
    );
    ok(s.start(&admin(), CHANNEL).await);
    while finished_stages(&s).await < 1 {
        ok(s.advance(CHANNEL).await);
    }
    let (file, log) = log_of(&ok(s.stage_log(CHANNEL, Some(1)).await));
    assert_eq!(file, "stage-01-log.md");
    assert!(log.starts_with("# Stage 1, "), "{log}");
    assert!(
        log.lines().next().unwrap().ends_with(": turn by turn"),
        "{log}"
    );
    assert!(!log.contains("still being raced"), "{log}");
    let want = settled_turn_names(&s, 1).await;
    assert!(want.len() > 5, "a whole stage: {want:?}");
    assert_eq!(headings(&log), want, "{log}");
    // What each team played: every round tells each rider's card as it moves ("plays 7: row 5
    // → 12"), the card race's revealed cards, and the stage ends with riders across the line.
    let rounds = want.iter().filter(|n| n.starts_with("Round ")).count();
    assert!(rounds > 5, "{want:?}");
    for section in log.split("\n## ").skip(1) {
        if section.starts_with("Round ") {
            assert!(
                section.contains(" plays "),
                "a round without a card: {section}"
            );
        }
    }
    assert!(log.contains(" crosses the line!"), "{log}");
    // A stage not yet started is refused, saying which are.
    let started = {
        let mut conn = s.store().read().await.unwrap();
        tours::latest_in_channel(&mut conn, CHANNEL)
            .await
            .unwrap()
            .unwrap()
            .current_stage
    };
    assert_eq!(
        refusal(s.stage_log(CHANNEL, Some(started + 1)).await),
        format!(
            "stage {} has not started: the stages raced so far are 1 to {started}",
            started + 1
        )
    );
}

#[tokio::test]
async fn the_log_of_a_finished_velo_master_stage_tells_every_settled_turn_with_its_dice() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    let settings = TourSettings {
        preset: "velo-master-week".into(),
        ..settings(4, 12)
    };
    ok(s.create_tour(&admin(), CHANNEL, settings).await);
    ok(s.start(&admin(), CHANNEL).await);
    while finished_stages(&s).await < 1 {
        ok(s.advance(CHANNEL).await);
    }
    let (file, log) = log_of(&ok(s.stage_log(CHANNEL, Some(1)).await));
    assert_eq!(file, "stage-01-log.md");
    let want = settled_turn_names(&s, 1).await;
    assert!(want.len() > 5, "a whole stage: {want:?}");
    assert_eq!(headings(&log), want, "{log}");
    // The dice each team rolled, and who crossed the line.
    assert!(log.contains(" rolls "), "{log}");
    assert!(log.contains(" crosses the line in place 1, "), "{log}");
}

/// Two directors of the card race; the first has chosen, the second not yet: the round is
/// open and the first director's cards are secret. The log says the same whatever he chose,
/// and tells his cards once the round is played.
#[tokio::test]
async fn a_choice_still_secret_never_shows_in_the_log() {
    let mut logs_open = Vec::new();
    let mut logs_played = Vec::new();
    for last_option in [false, true] {
        let db = Db::new();
        let s = open(&db, &clock()).await;
        ok(s.create_tour(&admin(), CHANNEL, settings(3, 77)).await);
        ok(s.join(&player(1), CHANNEL, "Team 1", "red").await);
        ok(s.join(&player(2), CHANNEL, "Team 2", "blue").await);
        ok(s.start(&admin(), CHANNEL).await);
        // Player 1 chooses all he owes this round, the first options or the last ones.
        let mut chose = 0;
        loop {
            let hand = ok(s.hand(&player(1), CHANNEL).await);
            let options = offered(&hand);
            let pick = if last_option {
                options.last()
            } else {
                options.first()
            };
            let Some(pick) = pick.copied() else { break };
            ok(s.choose(&player(1), CHANNEL, &request(), pick).await);
            chose += 1;
        }
        assert!(chose > 0, "player 1 had something to choose");
        let (_, log) = log_of(&ok(s.stage_log(CHANNEL, None).await));
        assert!(
            log.contains("The stage is still being raced: this is its log so far."),
            "{log}"
        );
        logs_open.push(log);
        play_round(&s, &player(2)).await;
        let (_, log) = log_of(&ok(s.stage_log(CHANNEL, None).await));
        logs_played.push(log);
    }
    assert_eq!(
        logs_open[0], logs_open[1],
        "the log of an open round tells nothing of a secret choice"
    );
    assert_ne!(
        logs_played[0], logs_played[1],
        "once the round is played, the log tells what player 1 chose"
    );
    // The hand itself never shows: the cards drawn and kept are told to their director alone.
    for log in logs_open.iter().chain(&logs_played) {
        assert!(!log.contains("): hand "), "{log}");
        assert!(!log.contains("): keeps "), "{log}");
        assert!(!log.contains(" draws "), "{log}");
    }
}

/// Maillot Jaune and Hulst, ridden by bots: every settled turn in order, each telling what was
/// played (Maillot Jaune's two dice a rider, Hulst's cards).
#[tokio::test]
async fn the_logs_of_maillot_jaune_and_hulst_tell_what_each_team_played() {
    for (preset, played) in [("maillot-jaune", " rolls "), ("hulst", " plays ")] {
        let db = Db::new();
        let s = open(&db, &clock()).await;
        let settings = TourSettings {
            preset: preset.into(),
            ..settings(4, 5)
        };
        ok(s.create_tour(&admin(), CHANNEL, settings).await);
        ok(s.start(&admin(), CHANNEL).await);
        while finished_stages(&s).await < 1 {
            ok(s.advance(CHANNEL).await);
        }
        let (file, log) = log_of(&ok(s.stage_log(CHANNEL, Some(1)).await));
        assert_eq!(file, "stage-01-log.md");
        let want = settled_turn_names(&s, 1).await;
        assert!(want.len() > 3, "{preset}: a whole stage: {want:?}");
        assert_eq!(headings(&log), want, "{preset}: {log}");
        assert!(log.contains(played), "{preset}: {log}");
    }
}

/// The log speaks the tour's language, whoever asks.
#[tokio::test]
async fn the_log_is_in_the_tours_language() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    let settings = TourSettings {
        language: Some(commissaire_messages::Language::Fr),
        ..settings(3, 9)
    };
    ok(s.create_tour(&admin(), CHANNEL, settings).await);
    ok(s.start(&admin(), CHANNEL).await);
    while finished_stages(&s).await < 1 {
        ok(s.advance(CHANNEL).await);
    }
    let answer = ok(s.stage_log(CHANNEL, Some(1)).await);
    assert!(answer.text.starts_with("Étape 1, "), "{}", answer.text);
    assert!(answer.text.contains("stage-01-log.md"), "{}", answer.text);
    let (_, log) = log_of(&answer);
    assert!(log.starts_with("# Étape 1, "), "{log}");
    assert!(
        log.lines().next().unwrap().ends_with(" : tour après tour"),
        "{log}"
    );
    assert!(log.contains(" joue "), "{log}");
    assert!(!log.contains(" plays "), "{log}");
}
