//! A third game through the same store, services and buttons: a Maillot Jaune tour (one
//! director of two riders, three bot teams) is created from its preset, directed from the hand's
//! buttons one rider's turn at a time, its first stage scored in minutes, and its standings are
//! the yellow jersey's, with nothing in the bot written for it.

mod common;

use commissaire::services::TourSettings;
use commissaire::store::{results, riders, tours};
use commissaire_engine::tour::Outcome;
use common::*;

#[tokio::test]
async fn a_maillot_jaune_stage_is_directed_from_the_same_buttons_and_scored_in_minutes() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    let settings = TourSettings {
        preset: "maillot-jaune".into(),
        ..settings(4, 21)
    };
    ok(s.create_tour(&admin(), CHANNEL, settings).await);
    ok(s.join(&player(1), CHANNEL, "Jaunes", "yellow").await);
    ok(s.start(&admin(), CHANNEL).await);
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::active_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(tour.ruleset, "maillot-jaune");
    assert_eq!(tour.options["level"], "complementary");
    let entered = riders::list(&mut conn, tour.id).await.unwrap();
    assert_eq!(entered.len(), 8, "four teams of two riders");
    // Each rider is the card he is dealt (MJ-010), in seat order: the Jaunes ride the first two.
    assert_eq!(entered[0].key.0, "Renault");
    assert_eq!(entered[1].key.0, "La Providence");
    drop(conn);

    // The director answers each decision the hand offers, as it comes: the bots play their
    // riders' turns in between, inside the same requests. His brief shows the risky-escape
    // table while a rider of his is to play.
    let mut decisions = 0;
    let mut saw_prices = false;
    loop {
        let mut conn = s.store().read().await.unwrap();
        if !results::list(&mut conn, tour.id).await.unwrap().is_empty() {
            break;
        }
        drop(conn);
        let hand = ok(s.hand(&player(1), CHANNEL).await);
        saw_prices |= hand
            .text
            .contains("Risky escape, cost for 1/2/3/4 cells by roll");
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
    assert!(saw_prices, "the hand shows the price of a risky escape");
    let mut conn = s.store().read().await.unwrap();
    let done = results::list(&mut conn, tour.id).await.unwrap();
    assert!(done[0].riders.iter().any(|r| r.place == Some(1)));
    for r in &done[0].riders {
        assert!(
            matches!(r.outcome, Outcome::Timed { .. } | Outcome::Abandoned),
            "{}: {:?}",
            r.rider,
            r.outcome
        );
    }
    drop(conn);
    let standings = ok(s.standings(CHANNEL).await);
    assert!(
        standings.text.contains("Maillot Jaune (time)"),
        "{}",
        standings.text
    );
    // A standings row names the card, and the team beside it.
    assert!(
        standings.text.contains("Renault (Jaunes)"),
        "{}",
        standings.text
    );
    assert!(!standings.text.contains("Maillot Or"), "{}", standings.text);
}

/// Issue 32 item 6: every decision of whole bots' tours of Maillot Jaune fits Discord at every
/// step of it, in every language: at most 25 options (one set of buttons, five rows of five),
/// each button's words within 80 characters; the whole moves `/play` suggests within 100. Nine
/// riders of three teams with long names, ridden by the rulebook's bot and by random choices
/// (which ask for pacts and escapes the rulebook's bot never does), over the three stages.
#[test]
fn every_maillot_jaune_decision_of_a_bots_tour_fits_discord_at_every_step() {
    use commissaire::discord::messages::{BUTTONS_PER_ROW, CHOICE_LIMIT, LABEL_LIMIT, ROWS};
    use commissaire::services::option_text;
    use commissaire_engine::course::parse_course_toml;
    use commissaire_engine::games::maillot_jaune::{MaillotJaune, bot};
    use commissaire_engine::registry::{self, DynStage, Game, Hosted};
    use commissaire_engine::tour::{StageKind, TourRider, enter_teams, entrants_setup};
    use commissaire_messages::{Language, speaking};
    use serde_json::{Value, json};
    use std::sync::Arc;

    let courses: Vec<_> = ["mj-etape-1", "mj-etape-2", "mj-etape-3"]
        .iter()
        .map(|c| {
            let text = std::fs::read_to_string(
                config_dir().join(format!("courses/maillot-jaune/{c}.toml")),
            )
            .unwrap();
            Arc::new(parse_course_toml(&text, c).unwrap())
        })
        .collect();
    let names: Vec<String> = ["Vélo Club Mécanique", "Les Automates", "Pignon Fixe"]
        .iter()
        .map(|n| n.to_string())
        .collect();
    let entry = registry::ruleset("maillot-jaune").unwrap();
    let roster = (entry.roster)(&vec![json!("rider"); 3], &Value::Null).unwrap();
    let (mut decisions, mut most, mut longest) = (0, 0, 0);
    let fits = |limit: usize, o: &commissaire_engine::registry::LabelledOption| {
        for language in [Language::En, Language::Fr, Language::Nl] {
            let text = speaking(language, || option_text(o));
            assert!(
                text.chars().count() <= limit,
                "{text} ({} characters, {limit} allowed)",
                text.chars().count()
            );
        }
    };
    for seed in 1..=4u64 {
        let random = seed % 2 == 0;
        let mut riders = enter_teams(&names, &roster);
        (entry.deal)(&mut riders, &Value::Null).unwrap();
        for (k, course) in courses.iter().enumerate() {
            let racing: Vec<&TourRider> = riders.iter().filter(|r| !r.abandoned).collect();
            let setup = entrants_setup(course, &names, &racing, json!({"level": "complementary"}));
            let mut stage = Hosted::<MaillotJaune>::start(&setup, seed * 7 + k as u64).unwrap();
            let mut n = 0u64;
            while let Some(&(seat, _)) = stage.waiting_on().first() {
                n += 1;
                assert!(n < 20_000, "stage {} never ends", k + 1);
                let pending = stage.pending_for(seat).unwrap();
                assert!(
                    pending.options.len() <= BUTTONS_PER_ROW * ROWS,
                    "{} options: {:?}",
                    pending.options.len(),
                    pending.options.iter().map(|o| &o.label).collect::<Vec<_>>()
                );
                most = most.max(pending.options.len());
                for o in &pending.options {
                    fits(LABEL_LIMIT, o);
                    longest = longest.max(option_text(o).chars().count());
                }
                if n.is_multiple_of(25) {
                    for o in &stage.whole_for(seat) {
                        fits(CHOICE_LIMIT, o);
                    }
                }
                decisions += 1;
                if random {
                    let legal = stage.game().legal(seat);
                    let key = stage.game().key(&bot::random_legal(&legal, n));
                    stage.apply(seat, key.as_str()).unwrap();
                } else {
                    stage.play_bot(seat).unwrap();
                }
            }
            stage.carry_over(&mut riders);
            let _ = stage
                .result(k as u32 + 1, StageKind::Hilly, &riders)
                .unwrap();
        }
    }
    eprintln!("{decisions} decisions, at most {most} options, the longest button {longest}");
    assert!(decisions > 500, "{decisions} decisions");
}
