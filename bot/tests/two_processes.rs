//! Issue 34, two processes on one PostgreSQL: the same tour's requests reach both (as after a
//! shard moves or during a rolling restart), and both schedulers pass over it. Each process is
//! a `Services` of its own over the same database, as two `serve` processes are: nothing is
//! shared between them but the database. Each choice counts once, each round closes once, each
//! owed message is claimed by one process, and a process that dies mid-round leaves the round to
//! the other. Without PostgreSQL (outside CI) these tests say so and pass.

mod common;

use commissaire::scheduler::Scheduler;
use commissaire::services::{CLAIM_LEASE_SECS, Claim, ServiceError, Services};
use commissaire::store::{Database, choices, events, outbox, stages, tours};
use common::*;
use std::collections::BTreeSet;
use std::sync::Arc;

async fn process(
    database: &Database,
    clock: &Arc<commissaire::clock::ManualClock>,
    name: &str,
) -> Arc<Services> {
    Arc::new(
        Services::open(database.clone(), &config_dir(), clock.clone())
            .await
            .expect("open the services")
            .with_pictures(false)
            .with_worker(name),
    )
}

/// Two processes on one new PostgreSQL schema, or `None` without PostgreSQL.
async fn two(
    clock: &Arc<commissaire::clock::ManualClock>,
) -> Option<(Arc<Services>, Arc<Services>)> {
    let url = commissaire_tests::postgres::database()?;
    let database = Database::Postgres(url);
    let a = process(&database, clock, "shards-0-0").await;
    let b = process(&database, clock, "shards-1-1").await;
    Some((a, b))
}

async fn stage_events(s: &Services) -> Vec<serde_json::Value> {
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::active_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    let stage = stages::get(&mut conn, tour.id, tour.current_stage)
        .await
        .unwrap()
        .unwrap();
    events::list(&mut conn, stage.id).await.unwrap()
}

/// Plays `rounds` rounds for the one director, every click sent to both processes at once with
/// the same interaction id, the hand asked of each in turn. Returns how many clicks were made.
async fn play_everywhere(a: &Arc<Services>, b: &Arc<Services>, rounds: usize) -> usize {
    let me = player(1);
    let mut clicks = 0;
    let mut closed = 0;
    while closed < rounds {
        let asked = if clicks % 2 == 0 { a } else { b };
        let hand = ok(asked.hand(&me, CHANNEL).await);
        let Some(choice) = offered(&hand).first().copied() else {
            panic!(
                "the director owes nothing, yet the round is open: {}",
                hand.text
            );
        };
        let id = request();
        let both = [Arc::clone(a), Arc::clone(b)].map(|s| {
            let (me, id) = (me.clone(), id.clone());
            tokio::spawn(async move { s.choose(&me, CHANNEL, &id, choice).await })
        });
        let mut texts = Vec::new();
        for t in both {
            texts.push(ok(t.await.unwrap()).text);
        }
        clicks += 1;
        let counted = texts
            .iter()
            .filter(|t| t.starts_with("This request was already counted; nothing more was done.\n"))
            .count();
        assert_eq!(
            counted, 1,
            "one of the two processes counts the click: {texts:?}"
        );
        if texts.iter().any(|t| t.contains("completed stage")) {
            closed += 1;
        }
    }
    clicks
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clicks_sent_to_both_processes_count_once_and_each_round_closes_once() {
    let clock = clock();
    let Some((a, b)) = two(&clock).await else {
        return;
    };
    started_tour(&a, 1, 3, 34).await;
    let clicks = play_everywhere(&a, &b, 4).await;
    // The same tour played by one process alone, click for click: the same events, so no round
    // was closed twice nor a bot's seat played twice.
    let db = Db::new();
    let alone = Arc::new(open(&db, &clock).await);
    started_tour(&alone, 1, 3, 34).await;
    let mut made = 0;
    while made < clicks {
        let hand = ok(alone.hand(&player(1), CHANNEL).await);
        let choice = offered(&hand)[0];
        ok(alone.choose(&player(1), CHANNEL, &request(), choice).await);
        made += 1;
    }
    assert_eq!(stage_events(&a).await, stage_events(&alone).await);
    assert_eq!(stored_choices(&a).await, stored_choices(&alone).await);
    assert_eq!(stored_choices(&b).await, stored_choices(&alone).await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_schedulers_at_a_deadline_close_the_round_once() {
    let clock = clock();
    let Some((a, b)) = two(&clock).await else {
        return;
    };
    started_tour(&a, 2, 2, 35).await;
    // Director 1 plays, director 2 is late; the deadline passes.
    let hand = ok(a.hand(&player(1), CHANNEL).await);
    ok(a.choose(&player(1), CHANNEL, &request(), offered(&hand)[0])
        .await);
    clock.set(T0 + 601);
    let before = stored_choices(&a).await;
    let ticks = [Arc::clone(&a), Arc::clone(&b)]
        .map(|s| tokio::spawn(async move { Scheduler::new(s, 120).tick(T0 + 601).await }));
    let mut news = 0;
    for t in ticks {
        news += t
            .await
            .unwrap()
            .expect("a tick")
            .iter()
            .filter(|o| o.user_id.is_none())
            .count();
    }
    assert_eq!(news, 1, "one process closed the round and told it");
    let mut conn = a.store().read().await.unwrap();
    let tour = tours::active_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    let stage = stages::get(&mut conn, tour.id, tour.current_stage)
        .await
        .unwrap()
        .unwrap();
    let played = choices::count_by_source(&mut conn, stage.id, choices::Source::Timeout)
        .await
        .unwrap() as usize;
    assert!(played >= 1, "the bot played for the late director");
    assert_eq!(stored_choices(&a).await, before + played);
    assert_eq!(stage.round, 2, "round 1 closed, once");
    // A second pass of both finds nothing due.
    for s in [&a, &b] {
        let again = Scheduler::new(Arc::clone(s), 120)
            .tick(T0 + 602)
            .await
            .unwrap();
        assert!(again.iter().all(|o| o.user_id.is_some()), "{again:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_owed_message_is_claimed_by_one_process_until_its_claim_runs_out() {
    let clock = clock();
    let Some((a, b)) = two(&clock).await else {
        return;
    };
    started_tour(&a, 1, 2, 36).await;
    play_round(&a, &player(1)).await;
    let owed: Vec<i64> = {
        let mut conn = a.store().read().await.unwrap();
        outbox::undelivered(&mut conn)
            .await
            .unwrap()
            .into_iter()
            .map(|r| r.id)
            .collect()
    };
    assert!(
        !owed.is_empty(),
        "the round's close owes the channel its news"
    );
    // Both sweep at once, long after: every row is claimed by exactly one of them.
    clock.set(T0 + 3600);
    let sweeps = [Arc::clone(&a), Arc::clone(&b)]
        .map(|s| tokio::spawn(async move { s.abandoned_owed().await.unwrap() }));
    let mut claimed = Vec::new();
    for t in sweeps {
        claimed.extend(t.await.unwrap().into_iter().map(|o| o.id));
    }
    let distinct: BTreeSet<i64> = claimed.iter().copied().collect();
    assert_eq!(
        claimed.len(),
        distinct.len(),
        "a row claimed twice: {claimed:?}"
    );
    assert_eq!(distinct, owed.iter().copied().collect());
    // Whoever claimed a row keeps it while the claim lasts; the other takes it after.
    let row = owed[0];
    let (holder, other) = if a.claim_owed(row).await.unwrap() == Claim::Ours {
        (&a, &b)
    } else {
        (&b, &a)
    };
    assert_eq!(holder.claim_owed(row).await.unwrap(), Claim::Ours);
    assert_eq!(other.claim_owed(row).await.unwrap(), Claim::Elsewhere);
    clock.set(T0 + 3600 + CLAIM_LEASE_SECS + 1);
    assert_eq!(other.claim_owed(row).await.unwrap(), Claim::Ours);
    a.delivered(row, &["1".to_string()], None).await.unwrap();
    assert_eq!(holder.claim_owed(row).await.unwrap(), Claim::Delivered);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_that_dies_mid_round_leaves_the_round_to_the_other() {
    let clock = clock();
    let Some((a, b)) = two(&clock).await else {
        return;
    };
    started_tour(&a, 1, 2, 37).await;
    let me = player(1);
    let hand = ok(a.hand(&me, CHANNEL).await);
    let choice = offered(&hand)[0];
    let before = stored_choices(&a).await;
    // Process a dies with the click's transaction not committed.
    a.store().crash_before_next_commit();
    let id = request();
    match a.choose(&me, CHANNEL, &id, choice).await {
        Err(ServiceError::Store(_)) => {}
        other => panic!("the dying process answered {other:?}"),
    }
    assert_eq!(stored_choices(&b).await, before, "nothing of it was stored");
    // Discord sends the interaction again; the other process takes it and finishes the round.
    ok(b.choose(&me, CHANNEL, &id, choice).await);
    assert_eq!(stored_choices(&b).await, before + 1);
    let replies = play_round(&b, &me).await;
    assert!(
        replies.iter().any(|r| r.text.contains("completed stage")),
        "the other process closed the round"
    );
}
