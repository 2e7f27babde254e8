//! The bot under load, as issue 9 measures it: the release `commissaire serve` on loopback
//! against the fake Discord, N tours of four human teams started together in their own
//! channels, and every director pressing the buttons the bot offers as fast as its answers come
//! back, for a number of rounds.
//!
//! ```text
//! cargo bench -p commissaire-tests --bench load -- --tours 500 --rounds 8
//! cargo bench -p commissaire-tests --bench load -- --tours 500 --rounds 2 --think 10000
//! cargo bench -p commissaire-tests --bench load -- --tours 1000 --idle 9000 --rounds 2 --think 10000
//! cargo bench -p commissaire-tests --bench load -- --tours 200 --rounds 4 --postgres
//! ```
//!
//! For the figures of docs/speed.md it is built as the bot is, with `cargo bench --profile
//! production …`: the fake Discord shares the cores with the bot it measures, and axum and hyper
//! are not optimised in the release profile.
//!
//! Without `--think` every director presses again the moment an answer comes, so the bot is
//! always saturated and the wait is mostly the queue; `--think MS` paces them like people.
//! Each round a director also asks what players ask (issue 34: every kind of interaction):
//! `/play`'s suggestions, `/standings` and `/stage`, before opening the hand (`--presses-only`
//! leaves them out). `--idle N` puts N more started tours in the database before the bot
//! starts, which nobody plays. `--postgres` runs the bot on PostgreSQL: the database named with
//! `--database URL`, else a throwaway local cluster (run with fsync and synchronous_commit off,
//! where SQLite fsyncs every commit: the two are not equally durable).
//!
//! With its own PostgreSQL cluster it also prints the CPU the cluster's processes used, beside
//! the bot's and its own: the three share the cores.
//!
//! It prints, in milliseconds: a choice's answer (the press sent over the gateway to the
//! interaction response reaching the fake), the hand's answer to a press on a round's card, a
//! round's close (its last choice sent to the next picture reaching the channel), the answers
//! past Discord's three seconds, and the choices' answers by round, to see whether an answer
//! costs more later in a stage; then each question's answer; and the bot's memory, at its peak
//! and at rest once nothing has been asked for 25 seconds after the run.
//!
//! It lives in the tests package rather than `bot/benches` because the fake Discord is this
//! package's, and a bench is handed the path of its own package's binaries only: the bot is
//! built here with `cargo build --release` (or named with `--binary`). As a bench with
//! `harness = false` it is built by `cargo bench` and never run by `cargo test`.

/// The fake Discord and the directors share the machine's cores with the bot they measure:
/// they allocate with mimalloc, as the bot does, rather than glibc's allocator, which was a fifth
/// of their CPU.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod bot;
mod director;
mod options;
mod report;
mod router;
mod seed;

use bot::{Bot, Folder, GUILD};
use commissaire_tests::fake_discord::{Config, FakeDiscord, MANAGE_CHANNELS, Who};
use director::{Person, direct};
use options::Options;
use report::{Measures, TourRun};
use router::{Channel, Routes};
use serde_json::json;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

const FIRST_CHANNEL: u64 = 1_200_000_000_000_000_000;
const ADMIN: u64 = 1_300_000_000_000_000_000;
const FIRST_DIRECTOR: u64 = 1_400_000_000_000_000_000;
const TEAMS: u64 = 4;
/// Tours set up at once before the start (their setup is not measured).
const SETTING_UP: usize = 16;
/// The bot is at rest once no request has reached the fake for this long: past the bot's
/// `REST_SECS` (15 s), after which its rest pass (every 5 s) lets unasked tours go...
const QUIET: Duration = Duration::from_secs(25);
/// ...or after this, whichever comes first.
const QUIET_WAIT: Duration = Duration::from_secs(60);

fn main() -> ExitCode {
    let options = match Options::parse(std::env::args().skip(1)) {
        Ok(o) => o,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let binary = match options.binary.clone().map_or_else(bot::release_binary, Ok) {
        Ok(b) => b,
        Err(message) => {
            eprintln!("load: {message}");
            return ExitCode::from(2);
        }
    };
    // A throwaway PostgreSQL cluster is started (and its database made) before the runtime:
    // the starter blocks.
    let postgres = match (&options.database, options.postgres) {
        (Some(url), _) => Some(url.clone()),
        (None, true) => match commissaire_tests::postgres::database() {
            Some(url) => Some(url),
            None => {
                eprintln!("load: no PostgreSQL server could be started");
                return ExitCode::FAILURE;
            }
        },
        (None, false) => None,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    match runtime.block_on(run(&options, &binary, postgres.as_deref())) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("load: {message}");
            ExitCode::FAILURE
        }
    }
}

async fn run(
    options: &Options,
    binary: &std::path::Path,
    postgres: Option<&str>,
) -> Result<(), String> {
    let fake = Arc::new(
        FakeDiscord::start_with(Config {
            check_requests: options.check,
            keep_log: false,
            ..Config::default()
        })
        .await,
    );
    let channels: Vec<Arc<Channel>> = (0..options.tours as u64)
        .map(|n| Arc::new(Channel::new(FIRST_CHANNEL + n)))
        .collect();
    let routes = Arc::new(Routes::new(channels.iter().cloned()));
    tokio::spawn(router::follow(Arc::clone(&routes), fake.watch()));

    let folder = Folder::new(&fake.url())?;
    let database = match postgres {
        Some(url) => commissaire::store::Database::Postgres(url.to_string()),
        None => commissaire::store::Database::Sqlite(folder.sqlite.clone()),
    };
    if options.idle > 0 {
        let took = seed::seed(database, &folder.config, options.idle, TEAMS).await?;
        println!(
            "{} idle tours seeded in {:.1} s ({:.1} ms a tour)",
            options.idle,
            took.as_secs_f64(),
            1e3 * took.as_secs_f64() / options.idle as f64
        );
    }
    let bot = Bot::start(binary, folder, postgres, options.log.as_deref())?;
    eprintln!("bot {} started, log in {}", bot.pid(), bot.log.display());
    let result = drive(options, &fake, &routes, &channels, &bot).await;
    if result.is_err() {
        eprintln!("the bot's log: {}", bot.log.display());
    }
    let failures = fake.failures();
    if !failures.is_empty() {
        println!(
            "the fake Discord recorded {} failure(s), e.g.: {}",
            failures.len(),
            failures[0]
        );
    }
    bot.stop();
    result
}

async fn drive(
    options: &Options,
    fake: &Arc<FakeDiscord>,
    routes: &Arc<Routes>,
    channels: &[Arc<Channel>],
    bot: &Bot,
) -> Result<(), String> {
    fake.wait_ready(Duration::from_secs(60)).await;
    let registered = Instant::now() + Duration::from_secs(60);
    while !fake
        .commands(Some(GUILD))
        .iter()
        .any(|c| c["name"] == "tour")
    {
        if Instant::now() > registered {
            return Err("the bot did not register /tour within 60 s".into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    let set_up = Instant::now();
    let admins = set_up_tours(fake, routes, channels).await?;
    eprintln!(
        "{} tours set up in {:.1} s; starting them together",
        channels.len(),
        set_up.elapsed().as_secs_f64()
    );

    let mut playing = Vec::new();
    for channel in channels {
        let directors: Vec<_> = (0..TEAMS)
            .map(|k| {
                let person = Person::new(fake, routes, channel, director(channel.id, k));
                let think = Duration::from_millis(options.think_ms);
                tokio::spawn(direct(person, options.rounds, think, options.asks))
            })
            .collect();
        playing.push((Arc::clone(channel), directors));
    }
    let load_before = load_average();
    let cpu_before = bot.cpu_secs().unwrap_or(0.0);
    let own_cpu_before = bot::cpu_secs_of("self").unwrap_or(0.0);
    // The throwaway PostgreSQL cluster's processes share the cores too: their CPU over the same
    // span (none with a server given by URL, which may be elsewhere or serve others).
    let server_cpu_before = commissaire_tests::postgres::server_cpu();
    // The machine's load, sampled while the tours play (it includes the bot and this program).
    let sampling = tokio::spawn(async {
        let mut highest = 0.0f64;
        loop {
            tokio::time::sleep(Duration::from_secs(5)).await;
            highest = highest.max(load_one_minute());
            LOAD_PEAK.store(highest.to_bits(), std::sync::atomic::Ordering::Relaxed);
        }
    });
    let started = Instant::now();
    let starts: Vec<_> = admins
        .into_iter()
        .map(|mut admin| {
            tokio::spawn(async move {
                let asked = admin
                    .ask(admin.fake.slash("tour start", json!({}), &admin.who))
                    .await;
                asked.answered.is_some()
            })
        })
        .collect();
    for start in starts {
        if !start.await.unwrap_or(false) {
            return Err("a /tour start was never answered".into());
        }
    }

    let mut runs = Vec::new();
    for (channel, directors) in playing {
        let mut played = Vec::new();
        for d in directors {
            played.push(d.await.map_err(|e| format!("a director's task: {e}"))?);
        }
        runs.push(TourRun {
            directors: played,
            channel,
        });
    }
    // Play ends with the last director's last answer: the rate is counted over it, not over
    // the wait for boards below (which, when the last round's board is not caught, is all of
    // its ten seconds).
    let played = started.elapsed();
    let played_cpu = bot.cpu_secs().unwrap_or(0.0) - cpu_before;
    // The last round's board may still be on its way: it is waited for, a little.
    let grace = Instant::now() + Duration::from_secs(10);
    while Instant::now() < grace && !runs.iter().all(TourRun::last_round_drawn) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let elapsed = started.elapsed();
    sampling.abort();
    let load_after = load_average();
    let load_peak = f64::from_bits(LOAD_PEAK.load(std::sync::atomic::Ordering::Relaxed));
    let cpu = bot.cpu_secs().unwrap_or(0.0) - cpu_before;
    let own_cpu = bot::cpu_secs_of("self").unwrap_or(0.0) - own_cpu_before;
    let server_cpu = server_cpu_before
        .zip(commissaire_tests::postgres::server_cpu())
        .map(|(before, after)| after.saturating_sub(before).as_secs_f64());

    let mut measures = Measures::gather(&runs, options.rounds);
    let peak = bot.peak_memory_mb();
    // The bot at rest: once nothing has been asked and nothing sent for a while (the last
    // boards posted), what it still holds.
    let quiet_since = Instant::now();
    let give_up = quiet_since + QUIET_WAIT;
    while Instant::now() < give_up
        && routes
            .last_request()
            .is_some_and(|last| last.max(quiet_since).elapsed() < QUIET)
    {
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    let idle_memory = bot.memory_now_mb();
    let mb = |m: Option<u64>| m.map_or("?".into(), |m| m.to_string());
    println!();
    println!(
        "database: {}",
        match options.database.as_deref() {
            Some(_) => "PostgreSQL, the server given with --database",
            None if options.postgres =>
                "PostgreSQL, a throwaway local cluster with fsync and synchronous_commit off",
            None => "SQLite (synchronous = FULL: every commit fsync'd)",
        }
    );
    println!(
        "{} tours x {} teams live, {} idle ({} stored), {} rounds, in {:.1} s; the bot used {:.1} s of CPU ({:.0} % of one core)",
        options.tours,
        TEAMS,
        options.idle,
        options.tours + options.idle,
        options.rounds,
        elapsed.as_secs_f64(),
        cpu,
        100.0 * cpu / elapsed.as_secs_f64(),
    );
    println!(
        "the bot's memory: {} MB at most (VmHWM); {} MB at rest after the run (VmRSS, {:.0} s after the last request)",
        mb(peak),
        mb(idle_memory),
        routes
            .last_request()
            .map_or(0.0, |last| last.elapsed().as_secs_f64())
    );
    println!(
        "load average (1, 5, 15 min) before: {load_before}; after: {load_after}; highest 1-min while playing: {load_peak:.2}"
    );
    let presses = (measures.choices.len() + measures.opens.len()) as f64;
    let interactions = measures.interactions() as f64;
    println!(
        "{:.0} interactions a second ({:.0} of them button presses) over the {:.1} s of play (to the last director's last answer; the bot used {:.0} % of one core meanwhile), think time {} ms; bot CPU per interaction {:.2} ms (the whole run's); this program (fake Discord and directors) {:.1} s of CPU",
        interactions / played.as_secs_f64(),
        presses / played.as_secs_f64(),
        played.as_secs_f64(),
        100.0 * played_cpu / played.as_secs_f64(),
        options.think_ms,
        1e3 * cpu / interactions.max(1.0),
        own_cpu
    );
    if let Some(server) = server_cpu {
        let per = |secs: f64| 1e3 * secs / interactions.max(1.0);
        println!(
            "PostgreSQL's processes: {server:.1} s of CPU, {:.2} ms an interaction; the bot, PostgreSQL and this program together: {:.2} ms an interaction (two cores give 1.00 ms to each of 2,000 a second)",
            per(server),
            per(cpu + server + own_cpu)
        );
    }
    let tally = routes.tally();
    let requests: u64 = tally.iter().map(|t| t.1).sum();
    println!(
        "the bot's requests to Discord: {requests} ({:.2} an interaction, set-up included):",
        requests as f64 / interactions.max(1.0)
    );
    for (kind, n, files) in tally.iter().take(8) {
        println!(
            "  {n:>7} {kind}{}",
            if *files > 0 {
                format!(" ({files} with a file)")
            } else {
                String::new()
            }
        );
    }
    println!();
    measures.print();
    Ok(())
}

/// Creates every tour and seats its four directors, a few tours at a time; returns each tour's
/// admin, ready to start it.
async fn set_up_tours(
    fake: &Arc<FakeDiscord>,
    routes: &Arc<Routes>,
    channels: &[Arc<Channel>],
) -> Result<Vec<Person>, String> {
    let mut admins = Vec::new();
    for batch in channels.chunks(SETTING_UP) {
        let tasks: Vec<_> = batch
            .iter()
            .map(|channel| {
                let admin =
                    Who::member(ADMIN, "jury", GUILD, channel.id).with_permissions(MANAGE_CHANNELS);
                let mut admin = Person::new(fake, routes, channel, admin);
                let directors: Vec<Person> = (0..TEAMS)
                    .map(|k| Person::new(fake, routes, channel, director(channel.id, k)))
                    .collect();
                tokio::spawn(async move {
                    let create = admin.fake.slash(
                        "tour create",
                        json!({"preset": "week", "teams": TEAMS}),
                        &admin.who,
                    );
                    answered(admin.ask(create).await.answered.is_some(), "/tour create")?;
                    for (k, mut d) in directors.into_iter().enumerate() {
                        let join = d.fake.slash(
                            "tour join",
                            json!({"team": format!("Team {}", k + 1), "colour": k}),
                            &d.who,
                        );
                        answered(d.ask(join).await.answered.is_some(), "/tour join")?;
                    }
                    Ok::<Person, String>(admin)
                })
            })
            .collect();
        for task in tasks {
            admins.push(task.await.map_err(|e| e.to_string())??);
        }
    }
    Ok(admins)
}

fn answered(yes: bool, what: &str) -> Result<(), String> {
    if yes {
        Ok(())
    } else {
        Err(format!("{what} was never answered"))
    }
}

fn director(channel: u64, k: u64) -> Who {
    let n = channel - FIRST_CHANNEL;
    Who::member(
        FIRST_DIRECTOR + n * TEAMS + k,
        &format!("director-{n}-{k}"),
        GUILD,
        channel,
    )
}

static LOAD_PEAK: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

fn load_one_minute() -> f64 {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next()?.parse().ok())
        .unwrap_or(0.0)
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
}
