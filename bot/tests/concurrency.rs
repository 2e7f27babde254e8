//! Requests that arrive together: one turn, one outcome.

mod common;

use commissaire::services::{Pick, STARTS_AT_ONCE, ServiceResult, Services};
use commissaire_engine::games::card_race::Choice;
use common::*;
use std::sync::Arc;

/// A one-director tour whose first rider has drawn: the keeps its hand offers.
async fn drawn(s: &Services) -> Vec<Pick> {
    started_tour(s, 1, 2, 21).await;
    let hand = ok(s.hand(&player(1), CHANNEL).await);
    let draw = offered(&hand)[0];
    let reply = ok(s.choose(&player(1), CHANNEL, &request(), draw).await);
    let keeps = offered(&reply);
    assert!(keeps.len() >= 2, "{keeps:?}");
    keeps
}

/// Director 1 sends the picks from as many tasks at once (two clicks, two devices).
async fn at_once(s: &Arc<Services>, picks: [Pick; 2]) -> Vec<ServiceResult> {
    let tasks: Vec<_> = picks
        .into_iter()
        .map(|pick| {
            let s = Arc::clone(s);
            tokio::spawn(async move { s.choose(&player(1), CHANNEL, &request(), pick).await })
        })
        .collect();
    let mut out = Vec::new();
    for t in tasks {
        out.push(t.await.unwrap());
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_clicks_on_one_decision_at_once_apply_one_and_tell_the_other_it_has_passed() {
    let db = Db::new();
    let s = Arc::new(open(&db, &clock()).await);
    let keeps = drawn(&s).await;
    let before = stored_choices(&s).await;
    // Two different cards for the same rider, each from a button of the same hand.
    let texts: Vec<String> = at_once(&s, [keeps[0], keeps[1]])
        .await
        .into_iter()
        .map(|r| r.expect("both answered").text)
        .collect();
    let passed: Vec<&String> = texts
        .iter()
        .filter(|t| t.starts_with("That button was for a decision that has passed"))
        .collect();
    assert_eq!(passed.len(), 1, "{texts:?}");
    assert_eq!(stored_choices(&s).await, before + 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_card_typed_twice_at_once_is_taken_once_and_refused_once() {
    let db = Db::new();
    let s = Arc::new(open(&db, &clock()).await);
    let keeps = drawn(&s).await;
    let before = stored_choices(&s).await;
    // Typed (`/play`), the picks name no decision: the ruleset judges the second.
    let typed = [Pick::now(keeps[0].key), Pick::now(keeps[1].key)];
    let mut accepted = 0;
    let mut refusals = Vec::new();
    for r in at_once(&s, typed).await {
        match r {
            Ok(_) => accepted += 1,
            Err(commissaire::services::ServiceError::Refused(s)) => refusals.push(s),
            Err(e) => panic!("{e}"),
        }
    }
    assert_eq!(accepted, 1);
    assert_eq!(refusals.len(), 1);
    assert!(
        refusals[0].ends_with("has already chosen a card this round"),
        "{}",
        refusals[0]
    );
    assert_eq!(stored_choices(&s).await, before + 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_request_id_twice_counts_once() {
    let db = Db::new();
    let s = Arc::new(open(&db, &clock()).await);
    started_tour(&s, 1, 2, 22).await;
    let me = player(1);
    let hand = ok(s.hand(&me, CHANNEL).await);
    let draw = offered(&hand)[0];
    let before = stored_choices(&s).await;
    // Sent twice at once (Discord retrying an interaction), then once more later.
    let id = request();
    let tasks: Vec<_> = (0..2)
        .map(|_| {
            let (s, me, id) = (Arc::clone(&s), me.clone(), id.clone());
            tokio::spawn(async move { s.choose(&me, CHANNEL, &id, draw).await })
        })
        .collect();
    let mut texts = Vec::new();
    for t in tasks {
        texts.push(ok(t.await.unwrap()).text);
    }
    texts.push(ok(s.choose(&me, CHANNEL, &id, draw).await).text);
    assert_eq!(stored_choices(&s).await, before + 1);
    let repeats = texts
        .iter()
        .filter(|t| t.starts_with("This request was already counted; nothing more was done.\n"))
        .count();
    assert_eq!(repeats, 2, "{texts:?}");
    // A different choice under a used id is not taken either.
    let other = pick(Choice::Draw {
        rider: choice_of(&draw).rider(),
    });
    ok(s.choose(&me, CHANNEL, &id, other).await);
    assert_eq!(stored_choices(&s).await, before + 1);
}

/// Tours started in the same moment in many channels all start, at most
/// [`STARTS_AT_ONCE`] at a time: a thousand starts at once held all their stages and posts
/// together (issue 34, docs/speed.md).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tours_started_together_all_start_a_few_at_a_time() {
    let db = Db::new();
    let s = Arc::new(open(&db, &clock()).await);
    let channels: Vec<String> = (0..12).map(|n| format!("starting-{n}")).collect();
    for channel in &channels {
        ok(s.create_tour(&admin(), channel, settings(3, 7)).await);
        ok(s.join(&player(1), channel, "Team 1", "red").await);
    }
    let tasks: Vec<_> = channels
        .iter()
        .map(|channel| {
            let (s, channel) = (Arc::clone(&s), channel.clone());
            tokio::spawn(async move { s.start(&admin(), &channel).await })
        })
        .collect();
    for t in tasks {
        ok(t.await.unwrap());
    }
    let most = s.most_starts_at_once();
    assert!((1..=STARTS_AT_ONCE).contains(&most), "{most} at once");
    for channel in &channels {
        let hand = ok(s.hand(&player(1), channel).await);
        assert!(!offered(&hand).is_empty(), "{channel} is racing");
    }
}
