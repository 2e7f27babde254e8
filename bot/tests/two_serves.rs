//! Issue 34, two `commissaire serve` processes on one PostgreSQL behind one (fake) Discord:
//! every click of a card-race tour reaches both processes at once, as after a shard's move or
//! during a rolling restart, and both race to answer it. Each choice counts once (one row of
//! `choices` per press), each round closes once (one `turn_posts` row and one post in the
//! channel), each post is made once, and each interaction is answered once: the loser of the
//! race gets Discord's 40060 and sends nothing more for it. Then one process is killed with
//! SIGKILL in the middle of a round and the other finishes the round alone. The stored events
//! are what replaying the stored choices gives.
//!
//! `bot/tests/two_processes.rs` shows the same of the services; this is the binary, its
//! Discord adapter included. Without PostgreSQL (outside CI) the test says so and passes.

use commissaire::clock::SystemClock;
use commissaire::services::Services;
use commissaire::store::{Database, Store, choices, events, stages, teams, tours};
use commissaire_engine::registry;
use commissaire_engine::tour::{TourRider, entrants_setup};
use commissaire_tests::drive::{WAIT, answer_id, button_ids, final_answer, slash};
use commissaire_tests::fake_discord::{
    FAKE_TOKEN, FakeDiscord, MANAGE_CHANNELS, Recorded, SentInteraction, Session, Who,
};
use serde_json::{Value, json};
use sqlx::Row;
use std::collections::{BTreeMap, BTreeSet};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

const GUILD: u64 = 1_100_000_000_000_000_100;
const CHANNEL: u64 = 1_200_000_000_000_000_034;
const ADMIN: u64 = 1_300_000_000_000_000_001;
const ALICE: u64 = 1_300_000_000_000_000_002;
const BOB: u64 = 1_300_000_000_000_000_003;
/// Rounds played with every click sent to both processes, before the kill.
const ROUNDS_EVERYWHERE: usize = 3;
/// The choices a team makes in a round of the base card race: for each of its two riders, the
/// draw, then the card kept.
const CHOICES_A_ROUND: usize = 4;

fn config_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../config")
}

/// A `serve` process on the database `url`, its log read as it comes (a full pipe would stop
/// it).
struct Process {
    child: Child,
    log: Option<std::thread::JoinHandle<String>>,
}

impl Process {
    /// Every answer is put off (answer budget 0): each process acknowledges a click before any
    /// work, so the one that loses the race to answer has a deferred answer in hand, the case
    /// where it could otherwise edit the winner's answer.
    fn start(fake: &FakeDiscord, url: &str) -> Process {
        let mut child = Command::new(env!("CARGO_BIN_EXE_commissaire"))
            .arg("--config")
            .arg(config_dir())
            .arg("serve")
            .arg("--guild")
            .arg(GUILD.to_string())
            .env("DISCORD_TOKEN", FAKE_TOKEN)
            .env("COMMISSAIRE_DISCORD_API", fake.url())
            .env("DATABASE_URL", url)
            .env("COMMISSAIRE_ANSWER_BUDGET_MS", "0")
            .env("RUST_LOG", "info")
            .env_remove("COMMISSAIRE_DATABASE")
            .env_remove("COMMISSAIRE_TOKEN_FILE")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start commissaire serve");
        let mut stderr = child.stderr.take().unwrap();
        let log = std::thread::spawn(move || {
            let mut all = String::new();
            let _ = stderr.read_to_string(&mut all);
            all
        });
        Process {
            child,
            log: Some(log),
        }
    }

    /// SIGKILL: no clean stop, its connections dropped by the system.
    fn kill(&mut self) -> String {
        self.child.kill().expect("SIGKILL");
        self.child.wait().unwrap();
        self.log.take().unwrap().join().unwrap()
    }

    /// SIGTERM, and its log once it has stopped cleanly.
    fn stop(&mut self) -> String {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let status = self.child.wait().unwrap();
        let log = self.log.take().unwrap().join().unwrap();
        assert!(status.success(), "exit {status:?}: {log}");
        log
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if self.log.is_some() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Where a click goes: to every live session, or to one.
#[derive(Clone, Copy)]
enum To {
    Both,
    One(Session),
}

/// The players, and every click sent.
struct Table {
    fake: FakeDiscord,
    tour: String,
    /// Clicks sent to both processes.
    everywhere: Vec<SentInteraction>,
    /// Clicks sent to the survivor alone.
    alone: Vec<SentInteraction>,
    /// The interaction ids of the presses that made a choice (a `choices` row each).
    presses: BTreeSet<String>,
}

impl Table {
    /// Sends a click and returns the answer the member reads: the callback that stood,
    /// followed to the edit that gives a deferred answer.
    async fn click(&mut self, to: To, payload: Value) -> (SentInteraction, Value) {
        let sent = match to {
            To::Both => self.fake.interaction_everywhere(payload),
            To::One(session) => self.fake.interaction_to(session, payload),
        };
        let stood = self
            .fake
            .wait_for(|r| sent.is_callback(r) && r.status == 204, WAIT)
            .await;
        let answer = final_answer(&self.fake, &sent, &stood).await;
        match to {
            To::Both => self.everywhere.push(sent.clone()),
            To::One(_) => self.alone.push(sent.clone()),
        }
        (sent, answer)
    }

    /// The director opens their hand from the round's post and makes every choice it offers
    /// (the first option each time), opening it again after each: the answer to a press may be
    /// the other process's "already counted" when that one answered first. Stops when the hand
    /// offers nothing, or after `limit` choices. Returns how many choices were made.
    async fn play(&mut self, to: To, who: &Who, post: u64, limit: usize) -> usize {
        let decision = format!("v2:{}:", self.tour);
        let mut made = 0;
        while made < limit {
            let hand = self
                .fake
                .component(&format!("v1:{}:hand", self.tour), post, who);
            let (sent, hand) = self.click(to, hand).await;
            let options: Vec<String> = button_ids(&hand)
                .into_iter()
                .filter(|id| id.starts_with(&decision))
                .collect();
            let Some(option) = options.first() else {
                break;
            };
            let private = answer_id(&self.fake, &sent, &hand);
            let press = self.fake.component(option, private, who);
            let (pressed, _) = self.click(to, press).await;
            self.presses.insert(pressed.id.to_string());
            made += 1;
        }
        made
    }

    /// The channel's round posts (a message with the round's card), by the round its title
    /// names, as POSTed: every request, so that a post made twice would show.
    fn round_posts(&self) -> BTreeMap<String, Vec<Recorded>> {
        let mut posts: BTreeMap<String, Vec<Recorded>> = BTreeMap::new();
        for r in self.fake.requests() {
            if !r.is("POST", &format!("/channels/{CHANNEL}/messages")) || r.status != 200 {
                continue;
            }
            let json = r.json.clone().unwrap_or_default();
            if let Some(title) = json["embeds"][0]["title"].as_str() {
                posts.entry(title.to_string()).or_default().push(r.clone());
            }
        }
        posts
    }

    /// Waits for the round post titled with `round`.
    async fn wait_round_post(&self, round: usize) -> u64 {
        let suffix = format!(": round {round}");
        let post = self
            .fake
            .wait_for(
                |r| {
                    r.is("POST", &format!("/channels/{CHANNEL}/messages"))
                        && r.status == 200
                        && r.json.as_ref().is_some_and(|j| {
                            j["embeds"][0]["title"]
                                .as_str()
                                .is_some_and(|t| t.ends_with(&suffix))
                        })
                },
                WAIT,
            )
            .await;
        commissaire_tests::drive::message_id(&post)
    }
}

/// Polls the database until `probe` holds (the bot's commits are not requests the fake sees).
async fn wait_db(store: &Store, what: &str, probe: impl Fn(&[i64]) -> bool, sql: &'static str) {
    let started = Instant::now();
    loop {
        let mut conn = store.read().await.unwrap();
        let values: Vec<i64> = sqlx::query_scalar(sql).fetch_all(&mut *conn).await.unwrap();
        drop(conn);
        if probe(&values) {
            return;
        }
        assert!(started.elapsed() < WAIT, "{what}: still {values:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_serves_answer_each_click_once_and_one_finishes_the_round_when_the_other_is_killed() {
    let Some(url) = commissaire_tests::postgres::database() else {
        return;
    };
    let fake = FakeDiscord::start().await;
    // One process, then the other: the sessions tell them apart by their order.
    let mut first = Process::start(&fake, &url);
    let a = fake.wait_sessions(|s| s.len() == 1, WAIT).await[0];
    fake.wait_for(|r| r.is("PUT", "/applications/"), WAIT).await;
    let since = Instant::now();
    let mut second = Process::start(&fake, &url);
    let sessions = fake.wait_sessions(|s| s.len() == 2, WAIT).await;
    assert_eq!(sessions[0], a);
    // The second has registered its commands too: both are ready.
    fake.wait_for(
        |r| r.is("PUT", "/applications/") && r.received > since,
        WAIT,
    )
    .await;
    let admin = Who::member(ADMIN, "jury", GUILD, CHANNEL).with_permissions(MANAGE_CHANNELS);
    let alice = Who::member(ALICE, "alice", GUILD, CHANNEL);
    let bob = Who::member(BOB, "bob", GUILD, CHANNEL);

    // The tour is set up through the newest session (the second process) alone: the clicks
    // are what this test sends to both.
    slash(
        &fake,
        "tour create",
        json!({"preset": "card-race-base", "teams": 2}),
        &admin,
    )
    .await;
    slash(
        &fake,
        "tour join",
        json!({"team": "Reds", "colour": 0}),
        &alice,
    )
    .await;
    slash(
        &fake,
        "tour join",
        json!({"team": "Blues", "colour": 1}),
        &bob,
    )
    .await;
    slash(&fake, "tour start", json!({}), &admin).await;
    let opening = fake
        .wait_for(
            |r| {
                r.is("POST", &format!("/channels/{CHANNEL}/messages"))
                    && r.json
                        .as_ref()
                        .is_some_and(|j| button_ids(j).iter().any(|id| id.ends_with(":hand")))
            },
            WAIT,
        )
        .await;
    let hand_button = button_ids(opening.json.as_ref().unwrap())
        .into_iter()
        .find(|id| id.ends_with(":hand"))
        .unwrap();
    let mut table = Table {
        tour: hand_button.split(':').nth(1).unwrap().to_string(),
        fake,
        everywhere: Vec::new(),
        alone: Vec::new(),
        presses: BTreeSet::new(),
    };
    let mut post = commissaire_tests::drive::message_id(&opening);
    let first_round: usize = opening.json.as_ref().unwrap()["embeds"][0]["title"]
        .as_str()
        .and_then(|t| t.rsplit("round ").next()?.parse().ok())
        .unwrap_or(0);

    // Rounds with every click sent to both processes.
    for n in 0..ROUNDS_EVERYWHERE {
        for who in [&alice, &bob] {
            let made = table.play(To::Both, who, post, CHOICES_A_ROUND).await;
            assert_eq!(made, CHOICES_A_ROUND);
        }
        post = table.wait_round_post(first_round + n + 1).await;
    }

    // The next round: Reds choose, then Blues half of theirs, through both processes; then
    // the second process is killed (SIGKILL), once what it committed is all delivered, and
    // Blues' other clicks go to the first alone.
    let store = Store::open(Database::Postgres(url.clone())).await.unwrap();
    let made = table.play(To::Both, &alice, post, CHOICES_A_ROUND).await;
    assert_eq!(made, CHOICES_A_ROUND);
    let made = table.play(To::Both, &bob, post, CHOICES_A_ROUND / 2).await;
    assert_eq!(made, CHOICES_A_ROUND / 2);
    let pressed = table.presses.len() as i64;
    wait_db(
        &store,
        "every press stored",
        |v| v == [pressed],
        "SELECT COUNT(*) FROM choices",
    )
    .await;
    wait_db(
        &store,
        "every owed message delivered",
        |v| v == [0],
        "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL",
    )
    .await;
    let killed_log = second.kill();
    let live = table.fake.wait_sessions(|s| s.len() == 1, WAIT).await;
    assert_eq!(live, [a], "the killed process's session is dropped");
    let made = table
        .play(To::One(a), &bob, post, CHOICES_A_ROUND / 2)
        .await;
    assert_eq!(
        made,
        CHOICES_A_ROUND / 2,
        "the survivor has the rest of Blues' round"
    );
    let last_round = first_round + ROUNDS_EVERYWHERE + 1;
    table.wait_round_post(last_round).await;
    wait_db(
        &store,
        "every owed message delivered after the kill",
        |v| v == [0],
        "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL",
    )
    .await;
    let survivor_log = first.stop();
    let fake = &table.fake;

    // Each interaction sent to both was answered by exactly one: the other got 40060 and sent
    // nothing more for it (the one answer a deferred click gets is one webhook request).
    let requests = fake.requests();
    for sent in &table.everywhere {
        let callbacks: Vec<&Recorded> = requests.iter().filter(|r| sent.is_callback(r)).collect();
        let statuses: Vec<u16> = callbacks.iter().map(|r| r.status).collect();
        assert_eq!(statuses.len(), 2, "both processes answered {}", sent.id);
        assert!(
            statuses.contains(&204) && statuses.contains(&400),
            "{statuses:?}"
        );
        let refused = callbacks.iter().find(|r| r.status == 400).unwrap();
        assert_eq!(
            refused.response.as_ref().unwrap()["code"],
            40060,
            "{refused:?}"
        );
        let webhook: Vec<String> = requests
            .iter()
            .filter(|r| sent.is_webhook(r))
            .map(|r| format!("{} {}", r.method, r.route()))
            .collect();
        assert_eq!(webhook.len(), 1, "one answer to {}: {webhook:?}", sent.id);
    }
    for sent in &table.alone {
        let callbacks = requests.iter().filter(|r| sent.is_callback(r)).count();
        assert_eq!(callbacks, 1, "the survivor alone answered {}", sent.id);
    }
    fake.assert_clean();

    // Each choice counted once: one row per press, with its interaction's id.
    let mut conn = store.read().await.unwrap();
    let rows = sqlx::query("SELECT request_id, source FROM choices")
        .fetch_all(&mut *conn)
        .await
        .unwrap();
    let stored: Vec<String> = rows
        .iter()
        .map(|r| r.get::<Option<String>, _>("request_id").unwrap())
        .collect();
    assert!(
        rows.iter()
            .all(|r| r.get::<String, _>("source") == "player")
    );
    assert_eq!(stored.len(), table.presses.len(), "{stored:?}");
    assert_eq!(
        stored.into_iter().collect::<BTreeSet<_>>(),
        table.presses,
        "every press stored once, under its interaction's id"
    );

    // Each round closed once: one turn post remembered a round, each the one post of its round
    // in the channel; every post was made once (no nonce sent twice).
    let turn_posts = sqlx::query("SELECT round, message_id FROM turn_posts ORDER BY round")
        .fetch_all(&mut *conn)
        .await
        .unwrap();
    let rounds: Vec<i64> = turn_posts.iter().map(|r| r.get("round")).collect();
    let expected: Vec<i64> = (first_round as i64..=last_round as i64).collect();
    assert_eq!(rounds, expected);
    let posts = table.round_posts();
    assert_eq!(posts.len(), expected.len(), "{:?}", posts.keys());
    for (title, made) in &posts {
        assert_eq!(made.len(), 1, "{title} posted {} times", made.len());
    }
    let remembered: BTreeSet<String> = turn_posts.iter().map(|r| r.get("message_id")).collect();
    let posted: BTreeSet<String> = posts
        .values()
        .map(|p| commissaire_tests::drive::message_id(&p[0]).to_string())
        .collect();
    assert_eq!(remembered, posted);
    let mut nonces = BTreeSet::new();
    for r in requests
        .iter()
        .filter(|r| r.is("POST", &format!("/channels/{CHANNEL}/messages")))
    {
        if let Some(nonce) = r.json.as_ref().and_then(|j| j["nonce"].as_str()) {
            assert!(
                nonces.insert(nonce.to_string()),
                "nonce {nonce} posted twice"
            );
        }
    }
    let undelivered: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL")
            .fetch_one(&mut *conn)
            .await
            .unwrap();
    assert_eq!(undelivered, 0);
    let tour: i64 = sqlx::query_scalar("SELECT id FROM tours")
        .fetch_one(&mut *conn)
        .await
        .unwrap();

    // The stored events are what replaying the stored choices gives: the stage started again
    // from its stored seed and starters, its choices replayed in order.
    let services = Services::open(
        Database::Postgres(url.clone()),
        &config_dir(),
        Arc::new(SystemClock),
    )
    .await
    .unwrap();
    let tour = tours::get(&mut conn, tour).await.unwrap().unwrap();
    let names: Vec<String> = teams::list(&mut conn, tour.id)
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.name)
        .collect();
    let row = stages::get(&mut conn, tour.id, 1).await.unwrap().unwrap();
    let course = services.library().course(&row.course).unwrap();
    let starters: Vec<&TourRider> = row.starters.iter().collect();
    let options = row.options.as_ref().unwrap_or(&tour.options);
    let setup = entrants_setup(&course, &names, &starters, options.clone());
    let log = choices::log(&mut conn, row.id).await.unwrap();
    assert_eq!(log.len(), table.presses.len());
    let (_, by_choice) = registry::replay(&tour.ruleset, &setup, row.seed, &log).unwrap();
    let replayed: Vec<Value> = by_choice.iter().flat_map(|e| e.to_json()).collect();
    let stored = events::list(&mut conn, row.id).await.unwrap();
    assert!(!stored.is_empty());
    assert_eq!(stored, replayed, "the stored events are the replay's");
    drop(conn);

    // Neither process broke; the race was lost, and said so, in a line of the log.
    for log in [&killed_log, &survivor_log] {
        assert!(!log.contains("panicked"), "{log}");
    }
    assert!(
        (killed_log.clone() + &survivor_log).contains("another process answered"),
        "{killed_log}\n{survivor_log}"
    );
}
