//! Issue 34: how many round trips a choice makes while it holds SQLite's one writer connection.
//! sqlx logs every query (target `sqlx::query`) on the thread of the connection that ran it;
//! SQLite's connections each have a thread of their own, so the queries of the writer's
//! transaction are those logged on the thread that inserted the choice. The rest ran on
//! readers, before the transaction. Run with `--nocapture` to read them. One query is one round
//! trip, however many statements it holds (the store sends a transaction's writes together:
//! `bot/src/store/batch.rs`). sqlx does not log `BEGIN` and `COMMIT`, which a group of write
//! transactions shares (`bot/src/store/group.rs`); the savepoint that makes a transaction a
//! member of the group is counted, as it is a round trip unless it goes with a statement.

mod common;

use common::*;
use std::sync::Mutex;
use std::thread::ThreadId;
use tracing::field::{Field, Visit};
use tracing_subscriber::layer::{Context, Layer};
use tracing_subscriber::prelude::*;

/// Every statement logged: the thread that ran it, and sqlx's summary of it.
static LOGGED: Mutex<Vec<(ThreadId, String)>> = Mutex::new(Vec::new());

struct Statements;

/// sqlx's summary of a statement (its start), and the whole statement when the summary is
/// shortened.
#[derive(Default)]
struct Summary(String, String);

impl Visit for Summary {
    fn record_str(&mut self, field: &Field, value: &str) {
        match field.name() {
            "summary" => self.0 = value.to_string(),
            "db.statement" => self.1 = value.to_string(),
            _ => {}
        }
    }
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        match field.name() {
            "summary" => self.0 = format!("{value:?}"),
            "db.statement" => self.1 = format!("{value:?}"),
            _ => {}
        }
    }
}

impl<S: tracing::Subscriber> Layer<S> for Statements {
    fn on_event(&self, event: &tracing::Event<'_>, _: Context<'_, S>) {
        if event.metadata().target() == "sqlx::query" {
            let mut summary = Summary::default();
            event.record(&mut summary);
            let Summary(start, whole) = summary;
            // The whole statement is laid out on several lines: one space between words.
            let sql = if whole.trim().is_empty() {
                start
            } else {
                whole.split_whitespace().collect::<Vec<_>>().join(" ")
            };
            LOGGED
                .lock()
                .unwrap()
                .push((std::thread::current().id(), sql));
        }
    }
}

/// The queries one choice ran: (on the writer, on readers).
async fn statements_of(
    s: &commissaire::services::Services,
    who: &commissaire::services::Actor,
) -> (Vec<String>, Vec<String>, String) {
    let hand = ok(s.hand(who, CHANNEL).await);
    let pick = offered(&hand)[0];
    LOGGED.lock().unwrap().clear();
    let reply = ok(s.choose(who, CHANNEL, &request(), pick).await);
    let logged = std::mem::take(&mut *LOGGED.lock().unwrap());
    let writer = logged
        .iter()
        .find(|(_, sql)| sql.contains("INSERT INTO choices"))
        .map(|(thread, _)| *thread)
        .expect("the choice was inserted");
    let (on_writer, on_readers): (Vec<_>, Vec<_>) =
        logged.into_iter().partition(|(t, _)| *t == writer);
    (
        on_writer.into_iter().map(|(_, s)| s).collect(),
        on_readers.into_iter().map(|(_, s)| s).collect(),
        reply.text,
    )
}

/// Logs every statement into [`LOGGED`], once for the whole binary.
fn log_statements() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        tracing_subscriber::registry()
            .with(
                Statements.with_filter(
                    tracing_subscriber::filter::Targets::new()
                        .with_target("sqlx::query", tracing::Level::TRACE),
                ),
            )
            .init();
    });
}

/// The tests of this binary read one log: one at a time.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The queries `done` ran on the writer: those on the thread of the one that set a savepoint.
async fn on_writer<T>(done: impl std::future::Future<Output = T>) -> (T, Vec<String>) {
    LOGGED.lock().unwrap().clear();
    let out = done.await;
    let logged = std::mem::take(&mut *LOGGED.lock().unwrap());
    let writer = logged
        .iter()
        .find(|(_, sql)| sql.starts_with("SAVEPOINT member"))
        .map(|(thread, _)| *thread)
        .expect("a write transaction");
    let on_writer = logged
        .into_iter()
        .filter(|(t, _)| *t == writer)
        .map(|(_, sql)| sql)
        .collect();
    (out, on_writer)
}

#[tokio::test]
async fn a_transaction_of_writes_alone_is_one_round_trip() {
    log_statements();
    let _one = ONE_AT_A_TIME.lock().await;
    let clock = clock();
    let db = Db::new();
    if !matches!(db.database(), commissaire::store::Database::Sqlite(_)) {
        return;
    }
    let s = open(&db, &clock).await;
    started_tour(&s, 2, 3, 34).await;
    let owed = s.undelivered().await.unwrap();
    let opening = &owed[0];
    let card = opening.reply.turn.clone().expect("the first round's card");
    // The outbox's claim: the claim and, had it failed, whether the row is delivered.
    let (claim, writer) = on_writer(s.claim_owed(opening.id)).await;
    assert_eq!(claim.unwrap(), commissaire::store::outbox::Claim::Ours);
    assert_eq!(writer.len(), 1, "the claim: {writer:#?}");
    // The delivery of a round's card: the channel's lock, the row marked, the post remembered.
    let post = commissaire::store::posts::TurnPost {
        channel_id: CHANNEL.into(),
        message_id: "500".into(),
    };
    let (moved_on, writer) =
        on_writer(s.delivered(opening.id, &["500".into()], Some((&card, &post)))).await;
    assert_eq!(moved_on.unwrap(), None);
    assert_eq!(writer.len(), 1, "the delivery: {writer:#?}");
    assert_eq!(s.turn_post(&card).await.unwrap(), Some(post.clone()));
    // The status message remembered, then shown anew.
    let status = commissaire::store::status::StatusPost {
        channel_id: CHANNEL.into(),
        message_id: "600".into(),
        shown: "one".into(),
    };
    let (done, writer) = on_writer(s.remember_status_post(card.tour_id, &status)).await;
    done.unwrap();
    assert_eq!(writer.len(), 1, "the status remembered: {writer:#?}");
    let (done, writer) = on_writer(s.status_shown(card.tour_id, "600", "two")).await;
    done.unwrap();
    assert_eq!(writer.len(), 1, "the status shown: {writer:#?}");
    assert_eq!(
        s.status_post(card.tour_id).await.unwrap().map(|p| p.shown),
        Some("two".to_string())
    );
}

#[tokio::test]
async fn a_choice_holds_the_writer_for_its_writes_only() {
    log_statements();
    let _one = ONE_AT_A_TIME.lock().await;
    let clock = clock();
    let db = Db::new();
    if !matches!(db.database(), commissaire::store::Database::Sqlite(_)) {
        return;
    }
    let s = open(&db, &clock).await;
    // Four directors, as the load program plays.
    started_tour(&s, 4, 4, 34).await;
    // A choice in the middle of the round.
    let (writer, readers, text) = statements_of(&s, &player(1)).await;
    eprintln!("a choice mid-round ({text:?}):\n  writer: {writer:#?}\n  readers: {readers:#?}");
    // One round trip: the savepoint, the channel's count (and lock), the choice and its events
    // each made only if the count is the one guessed, and the savepoint's release.
    assert!(
        writer.len() <= 1,
        "a choice mid-round held the writer for {} round trips: {writer:#?}",
        writer.len()
    );
    assert!(
        !writer.iter().any(|s| s.starts_with("SELECT")),
        "the reads are made before the write transaction: {writer:#?}"
    );
    assert!(
        !readers.iter().any(|sql| sql.contains("request_id = $2")),
        "the hand before it kept the tour, so the count is not read: {readers:#?}"
    );
    // The round's last choice: the round closes and the channel is owed its post.
    for n in 1..=3 {
        play_round(&s, &player(n)).await;
    }
    let mut last = None;
    loop {
        let hand = ok(s.hand(&player(4), CHANNEL).await);
        let picks = offered(&hand);
        if picks.is_empty() {
            break;
        }
        let (writer, readers, text) = statements_of(&s, &player(4)).await;
        let closed = text.contains("completed stage");
        last = Some((writer, readers, text));
        if closed {
            break;
        }
    }
    let (writer, readers, text) = last.expect("director 4 chose");
    assert!(text.contains("completed stage"), "{text}");
    eprintln!("the round's last choice:\n  writer: {writer:#?}\n  readers: {readers:#?}");
    assert!(
        writer.len() <= 6,
        "the round's last choice held the writer for {} round trips: {writer:#?}",
        writer.len()
    );
}

/// On PostgreSQL a choice in the middle of a round is written in one statement committed alone:
/// the channel's lock and count, the check that the tour is as read, the choice and its events
/// (`Store::change_since`), where a transaction made five round trips. Its reads come before,
/// and after the director's hand they are the ones kept: the choice is that one statement.
#[tokio::test]
async fn on_postgresql_a_choice_mid_round_is_one_statement() {
    log_statements();
    let _one = ONE_AT_A_TIME.lock().await;
    let clock = clock();
    let db = Db::new();
    if matches!(db.database(), commissaire::store::Database::Sqlite(_)) {
        return;
    }
    let s = open(&db, &clock).await;
    started_tour(&s, 4, 4, 34).await;
    let hand = ok(s.hand(&player(1), CHANNEL).await);
    let pick = offered(&hand)[0];
    LOGGED.lock().unwrap().clear();
    let reply = ok(s.choose(&player(1), CHANNEL, &request(), pick).await);
    // PostgreSQL's connections run on the task that awaits them, here the test's one thread:
    // the statements logged on other threads are other tests'.
    let me = std::thread::current().id();
    let logged: Vec<String> = std::mem::take(&mut *LOGGED.lock().unwrap())
        .into_iter()
        .filter(|(thread, _)| *thread == me)
        .map(|(_, sql)| sql)
        .collect();
    eprintln!("a choice mid-round ({:?}): {logged:#?}", reply.text);
    let writing: Vec<&String> = logged
        .iter()
        .filter(|sql| sql.contains("INSERT") || sql.contains("UPDATE") || sql.contains("DELETE"))
        .collect();
    assert_eq!(writing.len(), 1, "one statement writes: {logged:#?}");
    for part in [
        "pg_advisory_xact_lock",
        "INSERT INTO channel_changes",
        "INSERT INTO choices",
        "INSERT INTO events",
    ] {
        assert!(writing[0].contains(part), "{part} in {}", writing[0]);
    }
    // The hand before it kept the tour: the count is taken from what was kept, not read (the
    // debug builds' checks of what is kept read the count on their own).
    assert!(
        !logged.iter().any(|sql| sql.contains("request_id = $2")),
        "the count and the request were read: {logged:#?}"
    );
    assert_eq!(s.choices_reread(), 0, "the tour was as read");
    assert_eq!(stored_choices(&s).await, 1);
}

/// On PostgreSQL a round's opening message delivered is one statement committed alone: the
/// channel's lock and count, the row marked delivered, and the round's post remembered from the
/// row the statement marked, where a transaction took five round trips. Delivered again (as by
/// a second process that posted it too), it marks nothing and remembers nothing of its own.
#[tokio::test]
async fn on_postgresql_a_rounds_post_delivered_is_one_statement() {
    log_statements();
    let _one = ONE_AT_A_TIME.lock().await;
    let clock = clock();
    let db = Db::new();
    if matches!(db.database(), commissaire::store::Database::Sqlite(_)) {
        return;
    }
    let s = open(&db, &clock).await;
    started_tour(&s, 2, 3, 35).await;
    let owed = s.undelivered().await.unwrap();
    let opening = &owed[0];
    let card = opening.reply.turn.clone().expect("the first round's card");
    let post = commissaire::store::posts::TurnPost {
        channel_id: CHANNEL.into(),
        message_id: "500".into(),
    };
    let logged_by_me = || {
        let me = std::thread::current().id();
        std::mem::take(&mut *LOGGED.lock().unwrap())
            .into_iter()
            .filter(|(thread, _)| *thread == me)
            .map(|(_, sql)| sql)
            .collect::<Vec<String>>()
    };
    LOGGED.lock().unwrap().clear();
    let moved_on = s
        .delivered(opening.id, &["500".into()], Some((&card, &post)))
        .await;
    let logged = logged_by_me();
    assert_eq!(moved_on.unwrap(), None);
    let writing: Vec<&String> = logged
        .iter()
        .filter(|sql| sql.contains("INSERT") || sql.contains("UPDATE") || sql.contains("COMMIT"))
        .collect();
    assert_eq!(writing.len(), 1, "one statement writes: {logged:#?}");
    for part in [
        "pg_advisory_xact_lock",
        "UPDATE outbox SET delivered_at",
        "INSERT INTO turn_posts",
    ] {
        assert!(writing[0].contains(part), "{part} in {}", writing[0]);
    }
    assert_eq!(s.turn_post(&card).await.unwrap(), Some(post.clone()));
    assert_eq!(
        s.delivered_as(opening.id).await.unwrap(),
        Some(vec!["500".to_string()])
    );
    // Delivered again as another message: the row stays as first marked, and so does the post.
    let other = commissaire::store::posts::TurnPost {
        channel_id: CHANNEL.into(),
        message_id: "501".into(),
    };
    let again = s
        .delivered(opening.id, &["501".into()], Some((&card, &other)))
        .await;
    assert_eq!(again.unwrap(), None);
    assert_eq!(s.turn_post(&card).await.unwrap(), Some(post));
    assert_eq!(
        s.delivered_as(opening.id).await.unwrap(),
        Some(vec!["500".to_string()])
    );
}

/// On PostgreSQL, claiming an owed row before posting it is one statement committed alone,
/// where a transaction of two statements took four round trips (`store::outbox::claim`). It
/// still tells its three outcomes apart: ours, another process's while its lease runs, and
/// delivered already.
#[tokio::test]
async fn on_postgresql_a_claim_before_a_post_is_one_statement() {
    use commissaire::services::{CLAIM_LEASE_SECS, Claim, Services};
    log_statements();
    let _one = ONE_AT_A_TIME.lock().await;
    let clock = clock();
    let db = Db::new();
    if matches!(db.database(), commissaire::store::Database::Sqlite(_)) {
        return;
    }
    let s = open(&db, &clock).await;
    started_tour(&s, 2, 3, 36).await;
    let owed = s.undelivered().await.unwrap();
    let id = owed[0].id;
    let logged_by_me = || {
        let me = std::thread::current().id();
        std::mem::take(&mut *LOGGED.lock().unwrap())
            .into_iter()
            .filter(|(thread, _)| *thread == me)
            .map(|(_, sql)| sql)
            .collect::<Vec<String>>()
    };
    LOGGED.lock().unwrap().clear();
    assert_eq!(s.claim_owed(id).await.unwrap(), Claim::Ours);
    let logged = logged_by_me();
    assert_eq!(logged.len(), 1, "one statement: {logged:#?}");
    assert!(logged[0].starts_with("WITH claimed AS (UPDATE outbox"));
    // Claimed again by the same process (a retry): still ours.
    assert_eq!(s.claim_owed(id).await.unwrap(), Claim::Ours);
    // Another process, while the lease runs: someone else's; once it ran out: its own.
    let other = Services::open(db.database(), &config_dir(), clock.clone())
        .await
        .unwrap()
        .with_pictures(false)
        .with_worker("other");
    assert_eq!(other.claim_owed(id).await.unwrap(), Claim::Elsewhere);
    clock.set(T0 + CLAIM_LEASE_SECS + 1);
    assert_eq!(other.claim_owed(id).await.unwrap(), Claim::Ours);
    assert_eq!(s.claim_owed(id).await.unwrap(), Claim::Elsewhere);
    // Delivered: nobody claims it any more.
    other.delivered(id, &["1".to_string()], None).await.unwrap();
    assert_eq!(s.claim_owed(id).await.unwrap(), Claim::Delivered);
    assert_eq!(other.claim_owed(id).await.unwrap(), Claim::Delivered);
}
