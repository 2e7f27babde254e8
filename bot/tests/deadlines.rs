//! Deadlines on the manual clock: one reminder per late director, the bot plays at the deadline.

mod common;

use commissaire::scheduler::Scheduler;
use commissaire::store::{choices, stages, tours};
use common::*;
use std::sync::Arc;

/// The scheduler's pass at `at`, made again until it tells something. On PostgreSQL a pass skips
/// a tour whose lock another transaction still holds, until its next tick; a refused request's
/// rollback reaches the server a moment after the request has answered, so a pass right behind
/// one may find the lock still held.
async fn tick_until_told(scheduler: &Scheduler, at: i64) -> Vec<commissaire::scheduler::Outgoing> {
    for _ in 0..200 {
        let out = scheduler.tick(at).await.unwrap();
        if !out.is_empty() {
            return out;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("no pass at {at} told anything");
}

#[tokio::test]
async fn the_deadline_plays_for_the_late_and_each_is_reminded_once() {
    let db = Db::new();
    let clock = clock();
    let s = Arc::new(open(&db, &clock).await);
    started_tour(&s, 2, 3, 32).await; // two directors and a bot; rounds last 600 s
    let scheduler = Scheduler::new(Arc::clone(&s), 120);
    play_round(&s, &player(1)).await; // player 2 is late

    assert!(
        scheduler.tick(T0 + 100).await.unwrap().is_empty(),
        "too early"
    );
    let out = scheduler.tick(T0 + 500).await.unwrap();
    assert_eq!(out.len(), 1, "{out:?}");
    assert_eq!(out[0].user_id.as_deref(), Some("player-2"));
    assert!(out[0].reply.private);
    assert!(
        out[0].reply.text.starts_with("Reminder: Team 2"),
        "{}",
        out[0].reply.text
    );
    assert!(
        out[0].reply.text.ends_with("in 1 minute 40 seconds."),
        "{}",
        out[0].reply.text
    );
    assert!(
        scheduler.tick(T0 + 550).await.unwrap().is_empty(),
        "once only"
    );

    // Before the deadline nobody but an admin may close the round.
    clock.set(T0 + 599);
    assert!(refusal(s.close_turn(&player(1), CHANNEL).await).contains("only an admin"));

    let out = tick_until_told(&scheduler, T0 + 600).await;
    assert_eq!(out.len(), 1, "{out:?}");
    assert_eq!(out[0].user_id, None);
    let text = all_text(&out[0].reply);
    // The turn's post says it, under its title, before the turn's moves (issue 32, item 12).
    assert!(
        text.contains(
            "\n**Stage 1, the fictive start**\n\
             Time is up: the bot played the missing choices of Team 2.\n- "
        ),
        "{text}"
    );

    let mut conn = s.store().read().await.unwrap();
    let tour = tours::active_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    let stage = stages::get(&mut conn, tour.id, 1).await.unwrap().unwrap();
    assert_eq!(stage.round, 2);
    assert_eq!(
        stage.deadline,
        Some(T0 + 600 + 600),
        "the new round has its own deadline"
    );
    assert_eq!(
        choices::count_by_source(&mut conn, stage.id, choices::Source::Timeout)
            .await
            .unwrap(),
        6,
        "a draw and a keep for each of Team 2's three riders"
    );
    drop(conn);

    // Round 1: both late this time, each reminded once, and a restart does not remind again.
    let out = scheduler.tick(T0 + 600 + 500).await.unwrap();
    let mut reminded: Vec<_> = out.iter().filter_map(|o| o.user_id.clone()).collect();
    reminded.sort();
    assert_eq!(reminded, ["player-1", "player-2"]);
    drop(scheduler);
    drop(s);
    let s = Arc::new(open(&db, &clock).await);
    let scheduler = Scheduler::new(Arc::clone(&s), 120);
    assert!(scheduler.tick(T0 + 600 + 510).await.unwrap().is_empty());

    // Paused, no deadline runs; resumed, the round gets a full deadline from then.
    clock.set(T0 + 1150);
    ok(s.pause(&admin(), CHANNEL).await);
    assert!(scheduler.tick(T0 + 5000).await.unwrap().is_empty());
    clock.set(T0 + 5000);
    ok(s.resume(&admin(), CHANNEL).await);
    assert!(
        scheduler
            .tick(T0 + 5599)
            .await
            .unwrap()
            .iter()
            .all(|o| o.user_id.is_some())
    );
    let out = scheduler.tick(T0 + 5600).await.unwrap();
    let text = all_text(&out[0].reply);
    assert!(
        text.starts_with("**Stage 1, round 1**\nTime is up"),
        "{text}"
    );
}

#[tokio::test]
async fn a_round_closes_as_soon_as_every_director_has_chosen() {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await;
    started_tour(&s, 2, 4, 33).await;
    let first = play_round(&s, &player(1)).await;
    assert!(
        first.iter().all(|r| r.followups.is_empty()),
        "nothing public yet"
    );
    let second = play_round(&s, &player(2)).await;
    let last = second.last().unwrap();
    assert!(
        last.text.contains("completed stage 1, the fictive start"),
        "{}",
        last.text
    );
    assert!(!last.followups[0].private);
    assert!(
        last.followups[0]
            .text
            .contains("**Stage 1, the fictive start**")
    );
    // The new round is open at once, the bots have played theirs, and the hand offers draws.
    let hand = ok(s.hand(&player(1), CHANNEL).await);
    assert!(hand.text.contains("round 1"), "{}", hand.text);
    assert!(!offered(&hand).is_empty());
}

/// A pass that began before the deadline but reaches the tour after it (it waited behind other
/// tours) closes the round then, and sends no reminder of a deadline already gone.
#[tokio::test]
async fn a_pass_reaching_a_tour_past_its_deadline_closes_the_round_and_reminds_nobody() {
    let db = Db::new();
    let clock = clock();
    let s = Arc::new(open(&db, &clock).await);
    started_tour(&s, 2, 3, 32).await; // the round's deadline is T0 + 600
    let scheduler = Scheduler::new(Arc::clone(&s), 120);
    play_round(&s, &player(1)).await; // player 2 is late
    // The pass began 59 seconds before the deadline; the clock reads it gone when it acts.
    clock.set(T0 + 600);
    let out = scheduler.tick(T0 + 541).await.unwrap();
    assert!(
        out.iter().all(|o| o.user_id.is_none()),
        "a reminder after the deadline: {out:?}"
    );
    assert_eq!(out.len(), 1, "{out:?}");
    let text = all_text(&out[0].reply);
    assert!(
        text.contains("\nTime is up: the bot played the missing choices of Team 2.\n"),
        "{text}"
    );
    // The next round's deadline runs from when the round was closed, not from the pass's start.
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::active_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    let stage = stages::get(&mut conn, tour.id, 1).await.unwrap().unwrap();
    assert_eq!(stage.round, 2);
    assert_eq!(stage.deadline, Some(T0 + 600 + 600));
}

/// A reminder says the time left when it is sent, not when the pass began.
#[tokio::test]
async fn a_reminder_counts_the_time_left_from_when_it_is_sent() {
    let db = Db::new();
    let clock = clock();
    let s = Arc::new(open(&db, &clock).await);
    started_tour(&s, 2, 3, 33).await;
    let scheduler = Scheduler::new(Arc::clone(&s), 120);
    play_round(&s, &player(1)).await;
    clock.set(T0 + 590);
    let out = scheduler.tick(T0 + 541).await.unwrap();
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(
        out[0].reply.text.ends_with("in 10 seconds."),
        "{}",
        out[0].reply.text
    );
}

/// A tick reads only the tours it may have work in, so that a database of thousands of tours
/// costs a tick a query, not a replay of each (issue 34): a tour whose directors choose and
/// whose deadline is further off than the reminders' lead is not loaded at all; once its
/// reminder time comes, it is.
#[tokio::test]
async fn a_tick_loads_only_the_tours_with_something_due() {
    let db = Db::new();
    let clock = clock();
    let s = Arc::new(open(&db, &clock).await);
    started_tour(&s, 2, 3, 32).await; // two directors and a bot; rounds last 600 s
    play_round(&s, &player(1)).await;
    let scheduler = Scheduler::new(Arc::clone(&s), 120);
    s.forget_warm_stages();
    let replayed = s.replayed_choices();
    assert!(scheduler.tick(T0 + 100).await.unwrap().is_empty());
    assert_eq!(
        s.replayed_choices(),
        replayed,
        "a tour with its deadline 500 s away is not loaded"
    );
    let out = scheduler.tick(T0 + 500).await.unwrap();
    assert_eq!(out.len(), 1, "player 2 is reminded: {out:?}");
    assert!(
        s.replayed_choices() > replayed,
        "the tour was loaded to remind its late director"
    );
}
