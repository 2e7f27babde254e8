//! A pact asked in Maillot Jaune (G-17) waits on the partner's director alone, with its own short
//! deadline: a quarter of a decision's time, in whole minutes. No answer in time is a refusal, played by the bot
//! for the partner; the rider who asked then has a fresh decision deadline of his own, and is
//! not played for.

mod common;

use commissaire::scheduler::Scheduler;
use commissaire::services::{Pick, Services, TourSettings};
use commissaire::store::{choices, stages, tours};
use common::*;
use std::sync::Arc;

/// The preset's decision deadline (15 minutes) and the answer's, a quarter of it in minutes.
const DECISION: i64 = 15 * 60;
const ANSWER: i64 = 3 * 60;

async fn stage_one(s: &Services) -> stages::StageRow {
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::active_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    stages::get(&mut conn, tour.id, 1).await.unwrap().unwrap()
}

/// Plays the two directors' riders (a pact whenever one is offered, else the first option) until
/// a pact is asked of one of them; returns that director's number.
async fn until_a_pact_is_asked(s: &Services) -> u32 {
    for _ in 0..1_000 {
        for n in [1, 2] {
            let options = s.open_choices(&player(n), CHANNEL).await.unwrap();
            if options
                .iter()
                .any(|o| o.label.starts_with("Accept the pact"))
            {
                return n;
            }
            let Some(first) = options.first() else {
                continue;
            };
            let chosen = options
                .iter()
                .find(|o| o.label.starts_with("Pact with "))
                .unwrap_or(first);
            ok(
                s.choose(&player(n), CHANNEL, &request(), Pick::now(chosen.key))
                    .await,
            );
        }
    }
    panic!("no pact was asked of a director");
}

#[tokio::test]
async fn g_17_an_unanswered_pact_is_refused_at_its_own_short_deadline() {
    let db = Db::new();
    let clock = clock();
    let s = Arc::new(open(&db, &clock).await);
    let settings = TourSettings {
        preset: "maillot-jaune".into(),
        ..settings(2, 5)
    };
    let created = ok(s.create_tour(&admin(), CHANNEL, settings).await);
    assert!(
        created
            .text
            .contains("15 minutes for each rider's turn, 3 minutes to answer a pact"),
        "{}",
        created.text
    );
    ok(s.join(&player(1), CHANNEL, "Jaunes", "yellow").await);
    ok(s.join(&player(2), CHANNEL, "Verts", "green").await);
    ok(s.start(&admin(), CHANNEL).await);

    let asked = until_a_pact_is_asked(&s).await;
    let stage = stage_one(&s).await;
    // Everything above was played at T0: the pact's answer is due in 3 minutes, where a rider's
    // turn would have 15.
    assert_eq!(
        stage.deadline,
        Some(T0 + ANSWER),
        "the answer's own deadline"
    );
    let hand = ok(s.hand(&player(asked), CHANNEL).await);
    assert!(
        hand.text.contains("3 minutes"),
        "the partner reads how long he has: {}",
        hand.text
    );

    let scheduler = Scheduler::new(Arc::clone(&s), 60);
    let early = scheduler.tick(T0 + ANSWER - 1).await.unwrap();
    assert!(
        early.iter().all(|o| o.user_id.is_some()),
        "before the deadline only a reminder: {early:?}"
    );
    let out = scheduler.tick(T0 + ANSWER).await.unwrap();
    let text = out
        .iter()
        .map(|o| all_text(&o.reply))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(text.contains("Time is up"), "{text}");
    assert!(text.contains("refuses the pact of"), "{text}");

    // The bot answered for the partner, once; the rider who asked still has his turn, with a
    // whole decision's time from the refusal.
    let after = stage_one(&s).await;
    assert_eq!(after.round, stage.round, "the same rider's turn goes on");
    assert_eq!(after.deadline, Some(T0 + ANSWER + DECISION));
    let mut conn = s.store().read().await.unwrap();
    let timeouts = choices::count_by_source(&mut conn, stage.id, choices::Source::Timeout)
        .await
        .unwrap();
    assert_eq!(timeouts, 1, "only the answer was played for the late");
    drop(conn);
    let asker = 3 - asked;
    let options = s.open_choices(&player(asker), CHANNEL).await.unwrap();
    assert!(
        !options.is_empty() && options.iter().all(|o| !o.label.starts_with("Accept")),
        "the rider who asked chooses his move now: {options:?}"
    );
}
