//! Velo Master's slots are short: its presets give a director 15 minutes for a decision only
//! they owe (a tour may set another when it is created), and at the deadline the bot plays the
//! late director's slot.

mod common;

use commissaire::scheduler::Scheduler;
use commissaire::services::{Services, TourSettings};
use commissaire::store::{choices, stages, tours};
use common::*;
use std::sync::Arc;

async fn velo_master_tour(s: &Services, decision_deadline_secs: Option<i64>) {
    let settings = TourSettings {
        preset: "velo-master-week".into(),
        decision_deadline_secs,
        // The round's deadline (60 min) is what a decision would get without the preset's.
        turn_deadline_secs: 3600,
        ..settings(3, 21)
    };
    ok(s.create_tour(&admin(), CHANNEL, settings).await);
    ok(s.join(&player(1), CHANNEL, "Reds", "red").await);
    ok(s.join(&player(2), CHANNEL, "Blues", "blue").await);
    ok(s.start(&admin(), CHANNEL).await);
}

async fn stage_one(s: &Services) -> (Option<i64>, stages::StageRow) {
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::active_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    let stage = stages::get(&mut conn, tour.id, 1).await.unwrap().unwrap();
    (tour.decision_deadline_secs, stage)
}

#[tokio::test]
async fn a_late_directors_slot_is_played_by_the_bot_after_the_presets_15_minutes() {
    let db = Db::new();
    let clock = clock();
    let s = Arc::new(open(&db, &clock).await);
    velo_master_tour(&s, None).await;
    let (decision, stage) = stage_one(&s).await;
    assert_eq!(decision, Some(15 * 60), "the preset's slot deadline");
    // The bot's team has played; a director owes the slot now, alone, for 15 minutes.
    let deadline = stage.deadline.expect("a running slot has a deadline");
    assert_eq!(deadline, T0 + 15 * 60);
    let scheduler = Scheduler::new(Arc::clone(&s), 120);
    let early = scheduler.tick(deadline - 1).await.unwrap();
    assert!(
        early.iter().all(|o| o.user_id.is_some()),
        "before the deadline only a reminder: {early:?}"
    );
    let out = scheduler.tick(deadline).await.unwrap();
    let text = out
        .iter()
        .map(|o| all_text(&o.reply))
        .collect::<Vec<_>>()
        .join("\n");
    // Told in the turn's post, under its title (issue 32, item 12).
    assert!(
        text.contains("\n**Stage 1, the start**\nTime is up: the bot played"),
        "{text}"
    );
    let mut conn = s.store().read().await.unwrap();
    let played = choices::count_by_source(&mut conn, stage.id, choices::Source::Timeout)
        .await
        .unwrap();
    assert!(played >= 1, "the bot played the late director's slot");
    drop(conn);
    let (_, now) = stage_one(&s).await;
    assert!(now.round > stage.round, "the race went on to the next slot");
}

#[tokio::test]
async fn a_tour_created_with_its_own_decision_deadline_keeps_it() {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await;
    velo_master_tour(&s, Some(5 * 60)).await;
    let (decision, stage) = stage_one(&s).await;
    assert_eq!(decision, Some(5 * 60));
    assert_eq!(stage.deadline, Some(T0 + 5 * 60));
}
