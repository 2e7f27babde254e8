//! Kill points (issue 34): the real `commissaire serve`, killed with SIGKILL at random moments
//! while directors play their tours through the fake Discord, and started again each time, on
//! SQLite and on PostgreSQL. Afterwards:
//!
//! - no acknowledged choice is lost: every `/play` a director saw answered "✓" is in the
//!   database under its interaction id, and so is every one answered "already counted";
//! - none is counted twice, nor made up: each stored choice is one interaction a director sent
//!   (interactions lost in a kill are sometimes sent again with the same id, as a gateway
//!   redelivers them, and sometimes pressed anew);
//! - every round closed is announced once: every message the outbox owes is in the channel, and
//!   each exactly once (a nonce is never seen on two messages, and the channel holds no message
//!   with a nonce the outbox does not know);
//! - every stage replays to the same events ([`Services::audit`]), and nothing was played by
//!   the deadline's bots, so every round was closed by its directors.
//!
//! A kill comes at a random moment of a process's life: a quarter of them while it starts (the
//! migrations, the posts a crash left owed, connecting), the others while it serves. Each
//! ordinary run kills 100 processes on each backend, 200 in all. For more:
//!
//! ```text
//! COMMISSAIRE_KILLS=1000 cargo test -p commissaire --test kill_points -- --nocapture
//! ```
//!
//! `COMMISSAIRE_KILL_SEED` replays the kill moments and coin flips of an earlier run (each run
//! prints its seed); what the processes do between kills still depends on the machine.
//! `COMMISSAIRE_KILL_DEBUG=1` prints each refusal and the end of the processes' logs.

use commissaire::clock::SystemClock;
use commissaire::services::Services;
use commissaire::store::Database;
use commissaire_tests::fake_discord::{
    FAKE_TOKEN, FakeDiscord, MANAGE_CHANNELS, Recorded, SentInteraction, Who,
};
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{RwLock, mpsc, watch};

const GUILD: u64 = 1_100_000_000_000_000_100;
const FIRST_CHANNEL: u64 = 1_200_000_000_000_000_500;
const ADMIN: u64 = 1_300_000_000_000_000_001;
const FIRST_DIRECTOR: u64 = 1_400_000_000_000_000_000;
const TOURS: u64 = 3;
const TEAMS: u64 = 2;
/// Processes killed on each backend by an ordinary run.
const KILLS: usize = 100;
/// How long a process serves before its kill, at most, in milliseconds (from its READY); a
/// kill while it starts comes before its READY instead.
const SERVING_MS: u64 = 400;
/// Choices each director makes, acknowledged, after the last kill.
const LAST_CHOICES: usize = 4;
/// The epoch of the last process, which is not killed.
const LAST: u64 = u64::MAX;
/// A bound for waits that only a broken bot would reach.
const WAIT: Duration = Duration::from_secs(60);

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_points_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let database = Database::Sqlite(dir.path().join("kills.db"));
    kill_points(&dir, database).await;
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_points_on_postgres() {
    let Some(url) = commissaire_tests::postgres::database() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    kill_points(&dir, Database::Postgres(url)).await;
}

/// A `/play` delivered again once it has counted, here to the process started after a kill (as
/// a gateway redelivers, or a second process gets it), is answered "already counted" and
/// stored once, although the options it named have moved on meanwhile.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_play_delivered_again_after_it_counted_is_answered_so_and_stored_once() {
    let dir = tempfile::tempdir().unwrap();
    let database = Database::Sqlite(dir.path().join("again.db"));
    let config = config_folder(dir.path());
    let logs = dir.path().join("serve.log");
    let world = World::new().await;
    let fake = Arc::clone(&world.fake);
    let mut child = serve(&fake, &config, &database, &logs);
    identified(&fake, 1).await;
    world.life.send_replace(Life { up: true, epoch: 1 });
    let admin = Who::member(ADMIN, "jury", GUILD, FIRST_CHANNEL).with_permissions(MANAGE_CHANNELS);
    let director = Who::member(FIRST_DIRECTOR, "director", GUILD, FIRST_CHANNEL);
    setup(
        &world,
        "tour create",
        json!({"preset": "week", "teams": 1}),
        &admin,
    )
    .await;
    setup(
        &world,
        "tour join",
        json!({"team": "Reds", "colour": 0}),
        &director,
    )
    .await;
    setup(&world, "tour start", json!({}), &admin).await;
    let suggest = fake.autocomplete("play", json!({"choice": ""}), "choice", &director);
    let Some((_, Outcome::Answered(options))) = world.ask(&suggest).await else {
        panic!("no options");
    };
    let choice = options["choices"][0]["value"].as_str().unwrap().to_string();
    let play = fake.slash("play", json!({"choice": choice}), &director);
    let Some((sent, Outcome::Answered(first))) = world.ask(&play).await else {
        panic!("/play unanswered");
    };
    assert!(text(&first).starts_with('✓'), "{first}");

    {
        let _gate = world.gate.write().await;
        kill(&mut child);
        world.life.send_replace(Life {
            up: false,
            epoch: 1,
        });
    }
    let mut child = serve(&fake, &config, &database, &logs);
    identified(&fake, 2).await;
    world.life.send_replace(Life { up: true, epoch: 2 });
    let Some((again, Outcome::Answered(second))) = world.ask(&play).await else {
        panic!("/play delivered again unanswered");
    };
    assert_eq!(again, sent, "the same interaction");
    assert_eq!(
        text(&second),
        "This request was already counted; nothing more was done.",
        "{second}"
    );
    kill(&mut child);
    let services = Services::open(database, &config, Arc::new(SystemClock))
        .await
        .unwrap();
    let mut conn = services.store().read().await.unwrap();
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM choices WHERE request_id = $1")
        .bind(sent.id.to_string())
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(stored, 1);
    let all: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM choices")
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(all, 1, "nothing else was played");
}

/// Whether a process is up to take interactions, and which one (a count of starts).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Life {
    up: bool,
    epoch: u64,
}

/// What the directors share with the one who kills.
struct World {
    fake: Arc<FakeDiscord>,
    /// Held (read) while an interaction is handed to the gateway, and (write) while a process
    /// is killed: nothing is sent to a session that is dying.
    gate: RwLock<()>,
    life: watch::Sender<Life>,
    routes: Mutex<HashMap<String, mpsc::UnboundedSender<Recorded>>>,
    /// Set once the last process has served its last choices.
    stop: AtomicBool,
    /// Directors who made their last choices after the last kill.
    done: AtomicUsize,
    log: Mutex<Ledger>,
}

/// Every `/play` interaction a director sent, and what came of it.
#[derive(Default)]
struct Ledger {
    sent: HashSet<String>,
    /// Answered "✓": the choice was taken.
    acknowledged: HashSet<String>,
    /// Answered "already counted": sent again after a kill, and taken before it.
    recounted: HashSet<String>,
    /// Never answered: the process died with it.
    lost: usize,
    /// Lost, then sent again with the same id.
    resent: usize,
    refused: usize,
}

/// An interaction's outcome, as the member's Discord shows it.
enum Outcome {
    /// The answer's text (a deferred answer followed to its edit).
    Answered(Value),
    /// The process died before answering.
    Lost,
}

/// The routes of the bot's answers: the callback `/interactions/{id}/{token}/callback`, and the
/// interaction's webhook `/webhooks/{app}/{token}/…`; both name the token.
fn token_of(request: &Recorded) -> Option<String> {
    let parts: Vec<&str> = request.route().split('/').collect();
    match parts.as_slice() {
        ["", "interactions", _, token, "callback"] => Some(token.to_string()),
        ["", "webhooks", _, token, ..] => Some(token.to_string()),
        _ => None,
    }
}

impl World {
    /// A fake Discord and its routes, nobody up yet.
    async fn new() -> Arc<World> {
        let world = Arc::new(World {
            fake: Arc::new(FakeDiscord::start().await),
            gate: RwLock::new(()),
            life: watch::channel(Life {
                up: false,
                epoch: 0,
            })
            .0,
            routes: Mutex::new(HashMap::new()),
            stop: AtomicBool::new(false),
            done: AtomicUsize::new(0),
            log: Mutex::new(Ledger::default()),
        });
        world.route();
        world
    }

    /// Hands each answer to whoever waits for its interaction.
    fn route(self: &Arc<Self>) {
        let mut requests = self.fake.watch();
        let world = Arc::clone(self);
        tokio::spawn(async move {
            while let Some(request) = requests.recv().await {
                let Some(token) = token_of(&request) else {
                    continue;
                };
                let routes = world.routes.lock().unwrap();
                if let Some(waiting) = routes.get(&token) {
                    let _ = waiting.send(request);
                }
            }
        });
    }

    /// Sends `payload` to the process that is up and waits for its answer; `None` when no
    /// process was up to send it to.
    async fn ask(&self, payload: &Value) -> Option<(SentInteraction, Outcome)> {
        let token = payload["token"].as_str().unwrap().to_string();
        let (tell, mut told) = mpsc::unbounded_channel();
        self.routes.lock().unwrap().insert(token.clone(), tell);
        let mut life = self.life.subscribe();
        let gate = self.gate.read().await;
        let at_send = *life.borrow_and_update();
        if !at_send.up {
            self.routes.lock().unwrap().remove(&token);
            return None;
        }
        let sent = self.fake.interaction(payload.clone());
        drop(gate);
        let mut deferred = None;
        let outcome = loop {
            tokio::select! {
                request = told.recv() => {
                    let request = request.expect("the router runs");
                    if let Some(done) = answer(&request, &mut deferred) {
                        break Outcome::Answered(done);
                    }
                }
                changed = life.changed() => {
                    changed.expect("the killer runs");
                    if *life.borrow_and_update() == at_send {
                        continue;
                    }
                    // Whatever the dead process answered is routed by now (the killer waits
                    // for it): the last answers, then lost.
                    let mut found = None;
                    while let Ok(request) = told.try_recv() {
                        if let Some(done) = answer(&request, &mut deferred) {
                            found = Some(done);
                        }
                    }
                    break found.map_or(Outcome::Lost, Outcome::Answered);
                }
                () = tokio::time::sleep(WAIT) => {
                    panic!("interaction {} unanswered for {WAIT:?} while its process lives", sent.id);
                }
            }
        };
        self.routes.lock().unwrap().remove(&token);
        Some((sent, outcome))
    }

    /// Waits until a process is up (or the run is over: `false`).
    async fn up(&self) -> bool {
        let mut life = self.life.subscribe();
        loop {
            if self.stop.load(Ordering::SeqCst) {
                return false;
            }
            if life.borrow_and_update().up {
                return true;
            }
            let _ = tokio::time::timeout(Duration::from_millis(200), life.changed()).await;
        }
    }
}

/// The answer an interaction's request completes, if it does: an immediate callback, or the
/// edit or follow-up that completes a deferred one (`deferred` keeps the deferral's type).
fn answer(request: &Recorded, deferred: &mut Option<u64>) -> Option<Value> {
    if request.status >= 400 {
        return None;
    }
    let body = request.json.clone().unwrap_or(Value::Null);
    if request.route().ends_with("/callback") {
        let kind = body["type"].as_u64().unwrap_or(0);
        if matches!(kind, 5 | 6) {
            *deferred = Some(kind);
            return None;
        }
        return Some(body["data"].clone());
    }
    let edit = request.method == "PATCH" && request.route().ends_with("/messages/@original");
    let follow_up = request.method == "POST" && deferred == &Some(6);
    (deferred.is_some() && (edit || follow_up)).then_some(body)
}

fn text(body: &Value) -> &str {
    body["content"].as_str().unwrap_or("")
}

/// A small generator for the kill moments and the coin flips (splitmix64): a run is replayed
/// from its seed.
struct Draws(u64);

impl Draws {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A director: asks `/play` for their options, plays the first, and goes on; a `/play` lost in a
/// kill is sent again with its id half the time once a process is up, as a gateway redelivers
/// it, and otherwise forgotten (the director presses anew).
async fn direct(world: Arc<World>, who: Who, seed: u64) {
    let mut draws = Draws(seed);
    let mut lost: Option<Value> = None;
    let mut after_last_kill = 0;
    let mut counted_done = false;
    while world.up().await {
        if let Some(payload) = lost.take()
            && draws.below(2) == 0
        {
            world.log.lock().unwrap().resent += 1;
            if let Some((sent, outcome)) = world.ask(&payload).await {
                settle(&world, &sent, outcome, &payload, &mut lost);
            } else {
                lost = Some(payload);
            }
            continue;
        }
        let suggest = world
            .fake
            .autocomplete("play", json!({"choice": ""}), "choice", &who);
        let Some((_, Outcome::Answered(options))) = world.ask(&suggest).await else {
            continue;
        };
        let Some(choice) = options["choices"][0]["value"].as_str() else {
            // Nothing to choose: the other team has the round to finish.
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        let play = world.fake.slash("play", json!({"choice": choice}), &who);
        let Some((sent, outcome)) = world.ask(&play).await else {
            continue;
        };
        let taken = settle(&world, &sent, outcome, &play, &mut lost);
        if taken && world.life.borrow().epoch == LAST {
            after_last_kill += 1;
            if after_last_kill >= LAST_CHOICES && !counted_done {
                counted_done = true;
                world.done.fetch_add(1, Ordering::SeqCst);
            }
        }
    }
}

/// Books a `/play`'s outcome; whether the choice was taken.
fn settle(
    world: &World,
    sent: &SentInteraction,
    outcome: Outcome,
    payload: &Value,
    lost: &mut Option<Value>,
) -> bool {
    let id = sent.id.to_string();
    let mut log = world.log.lock().unwrap();
    log.sent.insert(id.clone());
    match outcome {
        Outcome::Lost => {
            log.lost += 1;
            *lost = Some(payload.clone());
            false
        }
        Outcome::Answered(body) if text(&body).starts_with('✓') => {
            log.acknowledged.insert(id);
            true
        }
        Outcome::Answered(body) if text(&body).contains("already counted") => {
            log.recounted.insert(id);
            false
        }
        Outcome::Answered(body) => {
            if std::env::var("COMMISSAIRE_KILL_DEBUG").is_ok() {
                eprintln!("refused: {}", text(&body));
            }
            log.refused += 1;
            false
        }
    }
}

/// A configuration folder: the shipped courses and presets, a one-second tick.
fn config_folder(dir: &Path) -> PathBuf {
    let folder = dir.join("config");
    std::fs::create_dir(&folder).unwrap();
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("../config");
    for part in ["courses", "tours"] {
        std::os::unix::fs::symlink(
            shipped.join(part).canonicalize().unwrap(),
            folder.join(part),
        )
        .unwrap();
    }
    std::fs::write(folder.join("commissaire.toml"), "tick_secs = 1\n").unwrap();
    folder
}

/// A `serve` process, killed when dropped: a test that fails leaves none behind.
struct Serving(Child);

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn serve(fake: &FakeDiscord, config: &Path, database: &Database, logs: &Path) -> Serving {
    let log = File::options()
        .create(true)
        .append(true)
        .open(logs)
        .unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_commissaire"));
    command
        .arg("--config")
        .arg(config)
        .arg("serve")
        .arg("--guild")
        .arg(GUILD.to_string())
        .env("DISCORD_TOKEN", FAKE_TOKEN)
        .env("COMMISSAIRE_DISCORD_API", fake.url())
        .env_remove("COMMISSAIRE_TOKEN_FILE")
        .env_remove("DATABASE_URL")
        .env_remove("COMMISSAIRE_DATABASE")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(log);
    match database {
        Database::Sqlite(path) => command.env("COMMISSAIRE_DATABASE", path),
        Database::Postgres(url) => command.env("DATABASE_URL", url),
    };
    Serving(command.spawn().expect("start commissaire serve"))
}

/// Waits for the `n`th IDENTIFY at the fake: the process that made it is connected.
async fn identified(fake: &FakeDiscord, n: usize) {
    fake.wait_gateway(|identifies, _| identifies >= n, WAIT)
        .await;
}

/// SIGKILL, and the process reaped.
fn kill(serving: &mut Serving) {
    let status = Command::new("kill")
        .args(["-KILL", &serving.0.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    serving.0.wait().unwrap();
}

async fn kill_points(dir: &tempfile::TempDir, database: Database) {
    let kills = std::env::var("COMMISSAIRE_KILLS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(KILLS);
    let seed = std::env::var("COMMISSAIRE_KILL_SEED")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
        });
    eprintln!(
        "kill points on {}: {kills} kills, COMMISSAIRE_KILL_SEED={seed}",
        database.describe()
    );
    let began = Instant::now();
    let mut draws = Draws(seed);
    let config = config_folder(dir.path());
    let logs = dir.path().join("serve.log");
    let world = World::new().await;
    let fake = Arc::clone(&world.fake);

    // The tours, set up by the first process (not killed while it does that).
    let mut child = serve(&fake, &config, &database, &logs);
    identified(&fake, 1).await;
    world.life.send_replace(Life { up: true, epoch: 1 });
    let admin =
        |channel| Who::member(ADMIN, "jury", GUILD, channel).with_permissions(MANAGE_CHANNELS);
    let mut directors = Vec::new();
    for t in 0..TOURS {
        let channel = FIRST_CHANNEL + t;
        setup(
            &world,
            "tour create",
            // Three weeks, not one: a long run's choices (2,260 in 1,000 kills) would
            // finish a week's tours, leaving the directors nothing to choose.
            json!({"preset": "grand-tour", "teams": TEAMS}),
            &admin(channel),
        )
        .await;
        for d in 0..TEAMS {
            let id = FIRST_DIRECTOR + t * TEAMS + d;
            let who = Who::member(id, &format!("director{t}{d}"), GUILD, channel);
            let team = format!("Team {t}{d}");
            setup(
                &world,
                "tour join",
                json!({"team": team, "colour": d}),
                &who,
            )
            .await;
            directors.push(who);
        }
        setup(&world, "tour start", json!({}), &admin(channel)).await;
    }
    let players: Vec<_> = directors
        .into_iter()
        .map(|who| tokio::spawn(direct(Arc::clone(&world), who, draws.next())))
        .collect();

    // Kill, start again, kill. A process is killed either while it starts (at a moment drawn
    // from its spawn, before or after it connects) or while it serves (drawn from its READY).
    let mut before_ready = 0;
    let mut identifies = 0;
    for k in 1..=kills as u64 {
        if draws.below(4) == 0 {
            tokio::time::sleep(Duration::from_millis(draws.below(SERVING_MS))).await;
            if fake.gateway_counts().0 == identifies {
                before_ready += 1;
            }
        } else {
            identified(&fake, identifies + 1).await;
            world.life.send_replace(Life { up: true, epoch: k });
            tokio::time::sleep(Duration::from_millis(draws.below(SERVING_MS) + 1)).await;
        }
        {
            let _gate = world.gate.write().await;
            kill(&mut child);
            // What the process sent before it died reaches the fake's log and the routes.
            tokio::time::sleep(Duration::from_millis(50)).await;
            world.life.send_replace(Life {
                up: false,
                epoch: k,
            });
        }
        identifies = fake.gateway_counts().0;
        child = serve(&fake, &config, &database, &logs);
    }
    identified(&fake, identifies + 1).await;
    world.life.send_replace(Life {
        up: true,
        epoch: LAST,
    });
    // The last process serves each director's last choices.
    let finished = Instant::now();
    while world.done.load(Ordering::SeqCst) < (TOURS * TEAMS) as usize {
        assert!(
            finished.elapsed() < WAIT * 2,
            "the directors' last choices were not all taken; logs:\n{}",
            tail(&logs)
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    world.stop.store(true, Ordering::SeqCst);
    for player in players {
        player.await.unwrap();
    }
    // Every post owed, posted; then the process stops.
    let services = Services::open(database.clone(), &config, Arc::new(SystemClock))
        .await
        .unwrap();
    // A post a killed process had claimed waits for its claim's lease to run out before the
    // last process takes it over (`CLAIM_LEASE_SECS`, as long as `WAIT`): the lease and then
    // the delivery.
    let owed_since = Instant::now();
    let lease = Duration::from_secs(commissaire::services::CLAIM_LEASE_SECS as u64);
    loop {
        let owed = services.undelivered().await.unwrap();
        if owed.is_empty() {
            break;
        }
        assert!(
            owed_since.elapsed() < lease + WAIT,
            "posts still owed: {owed:?}; logs:\n{}",
            tail(&logs)
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    kill(&mut child);

    {
        let log = world.log.lock().unwrap();
        eprintln!(
            "kill points on {}: {kills} kills ({before_ready} while starting) in {:.0?}; \
             {} choices acknowledged, {} lost in a kill, {} sent again, {} already counted, {} refused",
            database.describe(),
            began.elapsed(),
            log.acknowledged.len(),
            log.lost,
            log.resent,
            log.recounted.len(),
            log.refused,
        );
    }
    if std::env::var("COMMISSAIRE_KILL_DEBUG").is_ok() {
        eprintln!("{}", tail(&logs));
    }
    check(&services, &fake, &world, &database).await;
}

/// A set-up command, answered before the run goes on.
async fn setup(world: &World, command: &str, options: Value, who: &Who) {
    let payload = world.fake.slash(command, options, who);
    match world.ask(&payload).await {
        Some((_, Outcome::Answered(_))) => {}
        _ => panic!("{command} was not answered"),
    }
}

fn tail(logs: &Path) -> String {
    let all = std::fs::read_to_string(logs).unwrap_or_default();
    let lines: Vec<&str> = all.lines().collect();
    lines[lines.len().saturating_sub(40)..].join("\n")
}

async fn check(services: &Services, fake: &FakeDiscord, world: &World, database: &Database) {
    use sqlx::Row;
    let (sent, taken): (HashSet<String>, Vec<String>) = {
        let log = world.log.lock().unwrap();
        let taken = log.acknowledged.iter().chain(&log.recounted).cloned();
        (log.sent.clone(), taken.collect())
    };
    let mut conn = services.store().read().await.unwrap();

    // No acknowledged choice lost, none counted twice or made up.
    let rows = sqlx::query("SELECT request_id, source FROM choices")
        .fetch_all(&mut *conn)
        .await
        .unwrap();
    let mut stored = HashSet::new();
    for row in &rows {
        let source: String = row.get("source");
        assert_eq!(
            source, "player",
            "a round was played by the deadline's bots"
        );
        let request: String = row.get("request_id");
        assert!(stored.insert(request.clone()), "{request} is stored twice");
        assert!(sent.contains(&request), "{request} was never sent");
    }
    for id in &taken {
        assert!(stored.contains(id), "acknowledged choice {id} is lost");
    }

    // Every stage replays to its events.
    let tours: Vec<i64> = sqlx::query_scalar("SELECT id FROM tours ORDER BY id")
        .fetch_all(&mut *conn)
        .await
        .unwrap();
    assert_eq!(tours.len(), TOURS as usize);
    let mut replayed = 0;
    for tour in tours {
        let audits = services.audit(tour).await.unwrap();
        for audit in &audits {
            assert_eq!(audit.disagreement, None, "tour {tour}: {audit:?}");
            replayed += audit.choices;
        }
        // Each tour got somewhere: its directors' last choices at least, after the last kill.
        let stored: usize = audits.iter().map(|a| a.choices).sum();
        assert!(
            stored >= TEAMS as usize * LAST_CHOICES,
            "tour {tour} holds {stored} choices"
        );
    }
    assert_eq!(
        replayed,
        rows.len(),
        "every stored choice is in a replayed stage"
    );

    // Every owed post is in its channel once, and the channels hold nothing else posted.
    let owed = sqlx::query("SELECT id, channel_id, body, delivered_at, message_ids FROM outbox")
        .fetch_all(&mut *conn)
        .await
        .unwrap();
    // A row's messages: new ones, or for a row that edits an earlier row's post, that post's.
    let mut made: HashMap<i64, Vec<u64>> = HashMap::new();
    let mut edits = Vec::new();
    let mut expected: HashSet<(u64, u64)> = HashSet::new();
    for row in &owed {
        let id: i64 = row.get("id");
        let delivered: Option<i64> = row.get("delivered_at");
        assert!(delivered.is_some(), "outbox row {id} was never delivered");
        let channel: u64 = row.get::<String, _>("channel_id").parse().unwrap();
        let ids: Vec<u64> = row
            .get::<Option<String>, _>("message_ids")
            .unwrap_or_default()
            .split(',')
            .filter(|m| !m.is_empty())
            .map(|m| m.parse().unwrap())
            .collect();
        let body: Value = serde_json::from_str(&row.get::<String, _>("body")).unwrap();
        if let Some(anchor) = body["phase"]["edits"].as_i64() {
            edits.push((id, anchor, ids));
            continue;
        }
        for &message in &ids {
            assert!(
                expected.insert((channel, message)),
                "outbox row {id} names message {message}, made for another row"
            );
        }
        made.insert(id, ids);
    }
    for (id, anchor, ids) in edits {
        let post = &made[&anchor];
        assert!(
            ids.iter().all(|m| post.contains(m)),
            "outbox row {id} edits row {anchor}'s post {post:?}, yet names {ids:?}"
        );
    }
    let mut nonces: HashMap<String, u64> = HashMap::new();
    let mut posted: HashSet<(u64, u64)> = HashSet::new();
    for t in 0..TOURS {
        let channel = FIRST_CHANNEL + t;
        for message in fake.channel_messages(channel) {
            let Some(nonce) = message.get("nonce").filter(|n| !n.is_null()) else {
                continue;
            };
            let id: u64 = message["id"].as_str().unwrap().parse().unwrap();
            if let Some(earlier) = nonces.insert(nonce.to_string(), id) {
                panic!("messages {earlier} and {id} carry the same nonce {nonce}: posted twice");
            }
            posted.insert((channel, id));
        }
    }
    let missing: Vec<_> = expected.difference(&posted).collect();
    let extra: Vec<_> = posted.difference(&expected).collect();
    assert!(
        missing.is_empty(),
        "owed but not in the channel: {missing:?}"
    );
    assert!(extra.is_empty(), "in the channel but never owed: {extra:?}");
    // Each tour's first board at least: the count above is no count of nothing.
    assert!(posted.len() >= TOURS as usize, "{} posts", posted.len());

    // What Discord would have refused: nothing, but for uploads cut off by a kill.
    let failures: Vec<String> = fake
        .failures()
        .into_iter()
        .filter(|f| !f.contains("unreadable"))
        .collect();
    assert!(
        failures.is_empty(),
        "{} on {}: {failures:#?}",
        failures.len(),
        database.describe()
    );
}
