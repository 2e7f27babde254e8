//! `commissaire serve`, the binary itself: started against the fake Discord with the settings
//! in the environment, it connects and registers its commands, never prints the token, and
//! stops cleanly on SIGTERM. Without a token it says where to put one. When Discord does not
//! answer it still stops on a signal, and gives up with a sentence after connect_timeout_secs.

use commissaire_tests::drive::ask;
use commissaire_tests::fake_discord::{FAKE_TOKEN, FakeDiscord, MANAGE_CHANNELS, Who};
use serde_json::json;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(20);
const GUILD: u64 = 1_100_000_000_000_000_100;
const CHANNEL: u64 = 1_200_000_000_000_000_071;

fn serve() -> Command {
    serve_with(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../config"))
}

/// `serve --config config` without a token; logs at debug level.
fn serve_with(config: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_commissaire"));
    command
        .arg("--config")
        .arg(config)
        .arg("serve")
        .env_remove("DISCORD_TOKEN")
        .env_remove("COMMISSAIRE_TOKEN_FILE")
        .env("RUST_LOG", "debug")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_connects_registers_keeps_the_token_secret_logs_plainly_and_stops_on_sigterm() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("bot.db");
    let child = serve()
        .arg("--guild")
        .arg(GUILD.to_string())
        .env("DISCORD_TOKEN", FAKE_TOKEN)
        .env("COMMISSAIRE_DISCORD_API", fake.url())
        .env("COMMISSAIRE_DATABASE", &database)
        .spawn()
        .expect("start commissaire serve");
    // Debug logs are long (serenity logs every request body): read them as they come, or a
    // full pipe would stop the bot mid-log.
    let mut child = child;
    let mut stderr = child.stderr.take().unwrap();
    let drained = std::thread::spawn(move || {
        let mut all = Vec::new();
        std::io::Read::read_to_end(&mut stderr, &mut all).map(|_| all)
    });
    let identified = fake.wait_ready(WAIT).await;
    assert_eq!(identified.intents, 1, "the GUILDS intent alone");
    fake.wait_for(
        |r| {
            r.is("PUT", "/applications/")
                && r.route().ends_with(&format!("/guilds/{GUILD}/commands"))
        },
        WAIT,
    )
    .await;
    assert!(database.exists(), "the database is created and migrated");

    // Interactions, one of them posting the start's board: their tokens and the picture's bytes
    // pass through serenity's requests, which must not reach the debug logs.
    let admin = Who::member(1_300_000_000_000_000_001, "jury", GUILD, CHANNEL)
        .with_permissions(MANAGE_CHANNELS);
    let mut tokens = Vec::new();
    for (command, options) in [
        ("tour create", json!({"preset": "week", "teams": 1})),
        ("tour join", json!({"team": "Reds", "colour": 0})),
        ("tour start", json!({})),
    ] {
        let (sent, _) = ask(&fake, fake.slash(command, options, &admin)).await;
        tokens.push(sent.token);
    }
    fake.wait_for(|r| r.is_multipart() && !r.files.is_empty(), WAIT)
        .await;

    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let started = Instant::now();
    let output = tokio::task::spawn_blocking(move || child.wait_with_output())
        .await
        .unwrap()
        .unwrap();
    assert!(
        started.elapsed() < WAIT,
        "stopped in {:?}",
        started.elapsed()
    );
    let stderr = drained.join().unwrap().unwrap();
    let logs =
        String::from_utf8_lossy(&stderr).to_string() + &String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "exit {:?}: {logs}", output.status);
    // Logs go to stderr, and without colour codes when it is not a terminal.
    assert!(output.stdout.is_empty(), "{logs}");
    assert!(!logs.contains('\u{1b}'), "{logs:?}");
    assert!(logs.contains("stopping"), "{logs}");
    // Debug logs included: serenity's and ours never show the token, nor its secret part.
    let secret = FAKE_TOKEN.rsplit('.').next().unwrap();
    assert!(
        !logs.contains(FAKE_TOKEN) && !logs.contains(secret),
        "{logs}"
    );
    for token in &tokens {
        assert!(
            !logs.contains(token.as_str()),
            "an interaction token is logged"
        );
    }
    // A PNG's signature, as serenity's debug output would write the bytes.
    for png in ["137, 80, 78, 71", "\\x89PNG", "PNG\\r\\n"] {
        assert!(!logs.contains(png), "picture bytes are logged ({png})");
    }
    assert!(
        logs.contains("DEBUG"),
        "the logs are at debug level: {logs}"
    );
    fake.assert_clean();
}

#[test]
fn serve_without_a_token_says_where_to_put_one() {
    let dir = tempfile::tempdir().unwrap();
    let output = serve()
        .env("COMMISSAIRE_DATABASE", dir.path().join("bot.db"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("DISCORD_TOKEN") && err.contains("token_file"),
        "{err}"
    );
}

#[test]
fn serve_with_a_broken_setting_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let output = serve()
        .env("DISCORD_TOKEN", FAKE_TOKEN)
        .env("COMMISSAIRE_DISCORD_API", "discord.example")
        .env("COMMISSAIRE_DATABASE", dir.path().join("bot.db"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("commissaire.toml") && err.contains("http://"),
        "{err}"
    );
    assert!(!err.contains(FAKE_TOKEN));
}

/// A safety bound on how long a stop may take, not a measure of speed.
const STOP_WITHIN: Duration = Duration::from_secs(15);

/// A config folder holding only `commissaire.toml` with `settings` (serve needs the courses
/// only when a tour is created).
fn settings_folder(settings: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("settings");
    std::fs::create_dir(&folder).unwrap();
    let database = dir.path().join("bot.db");
    std::fs::write(
        folder.join("commissaire.toml"),
        format!(
            "database = {:?}\n{settings}",
            database.display().to_string()
        ),
    )
    .unwrap();
    (dir, folder)
}

/// `serve` with the settings of `folder` and a token.
fn serve_in(folder: &Path) -> Command {
    let mut command = serve_with(folder);
    command
        .env("DISCORD_TOKEN", FAKE_TOKEN)
        .env_remove("COMMISSAIRE_DISCORD_API")
        .env_remove("COMMISSAIRE_DATABASE");
    command
}

/// A loopback address nothing listens at.
fn closed_address() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    format!("127.0.0.1:{}", listener.local_addr().unwrap().port())
}

/// An HTTP API that answers `GET /gateway` with a gateway address nothing listens at: the API
/// is up, the gateway is not. Returns its address and how many requests it answered.
fn api_with_a_dead_gateway() -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    let answered = Arc::new(AtomicUsize::new(0));
    let count = Arc::clone(&answered);
    let body = format!("{{\"url\":\"ws://{}\"}}", closed_address());
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut line = String::new();
            while reader.read_line(&mut line).is_ok_and(|n| n > 0) && line != "\r\n" {
                line.clear();
            }
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
                 connection: close\r\n\r\n{body}",
                body.len()
            );
            count.fetch_add(1, Ordering::SeqCst);
        }
    });
    (address, answered)
}

/// A running `serve` whose output is collected as it comes.
struct Running {
    child: Child,
    lines: mpsc::Receiver<String>,
    seen: String,
}

impl Running {
    fn start(mut command: Command) -> Running {
        let mut child = command.spawn().expect("start commissaire serve");
        let (send, lines) = mpsc::channel();
        let streams: [Box<dyn Read + Send>; 2] = [
            Box::new(child.stdout.take().unwrap()),
            Box::new(child.stderr.take().unwrap()),
        ];
        for stream in streams {
            let send = send.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stream).lines().map_while(Result::ok) {
                    let _ = send.send(line);
                }
            });
        }
        Running {
            child,
            lines,
            seen: String::new(),
        }
    }

    fn collect(&mut self, wait: Duration) {
        if let Ok(line) = self.lines.recv_timeout(wait) {
            self.seen += &line;
            self.seen.push('\n');
        }
        while let Ok(line) = self.lines.try_recv() {
            self.seen += &line;
            self.seen.push('\n');
        }
    }

    /// Waits until a line contains `text`.
    fn wait_line(&mut self, text: &str) {
        let started = Instant::now();
        while !self.seen.contains(text) {
            if started.elapsed() > WAIT {
                let _ = self.child.kill();
                panic!("no line with {text:?} in {WAIT:?}:\n{}", self.seen);
            }
            self.collect(Duration::from_millis(100));
        }
    }

    fn signal(&self, name: &str) {
        let status = Command::new("kill")
            .args([name, &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// Waits for the end (killing it after STOP_WITHIN, which fails the test); returns the exit
    /// status and everything it wrote.
    fn end(mut self) -> (ExitStatus, String) {
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                // The pipes close with the process; what is still in them comes now.
                std::thread::sleep(Duration::from_millis(100));
                self.collect(Duration::ZERO);
                return (status, self.seen);
            }
            if started.elapsed() > STOP_WITHIN {
                let _ = self.child.kill();
                let _ = self.child.wait();
                self.collect(Duration::from_millis(200));
                panic!(
                    "still running {STOP_WITHIN:?} later; killed. Its output:\n{}",
                    self.seen
                );
            }
            self.collect(Duration::from_millis(100));
        }
    }
}

/// Starts serve against an API that refuses connections or a gateway that does, lets it retry
/// for a moment, sends `signal`: it must stop, cleanly.
#[cfg(unix)]
fn stops_on_while(signal: &str, dead_gateway: bool) {
    let api = if dead_gateway {
        api_with_a_dead_gateway()
    } else {
        (
            format!("http://{}", closed_address()),
            Arc::new(AtomicUsize::new(0)),
        )
    };
    let (_dir, folder) = settings_folder(&format!("api_base = {:?}\n", api.0));
    let mut running = Running::start(serve_in(&folder));
    running.wait_line("starting");
    if dead_gateway {
        let started = Instant::now();
        while api.1.load(Ordering::SeqCst) == 0 && started.elapsed() < WAIT {
            running.collect(Duration::from_millis(100));
        }
        assert!(api.1.load(Ordering::SeqCst) > 0, "{}", running.seen);
    }
    // Into the retries: the moment serenity (before the fix) no longer heard a stop.
    std::thread::sleep(Duration::from_millis(1500));
    running.signal(signal);
    let (status, logs) = running.end();
    assert!(status.success(), "exit {status:?}: {logs}");
    assert!(logs.contains("stopping"), "{logs}");
}

#[cfg(unix)]
#[test]
fn serve_stops_on_sigterm_while_discord_api_refuses_connections() {
    stops_on_while("-TERM", false);
}

#[cfg(unix)]
#[test]
fn serve_stops_on_ctrl_c_while_discord_api_refuses_connections() {
    stops_on_while("-INT", false);
}

#[cfg(unix)]
#[test]
fn serve_stops_on_sigterm_while_the_gateway_refuses_connections() {
    stops_on_while("-TERM", true);
}

#[cfg(unix)]
#[test]
fn serve_stops_on_ctrl_c_while_the_gateway_refuses_connections() {
    stops_on_while("-INT", true);
}

/// Given up after connect_timeout_secs: exit 2, and the last line is one sentence that says
/// what did not answer and what to do.
fn gives_up(dead_gateway: bool) -> String {
    let api = if dead_gateway {
        api_with_a_dead_gateway().0
    } else {
        format!("http://{}", closed_address())
    };
    let (_dir, folder) =
        settings_folder(&format!("api_base = {api:?}\nconnect_timeout_secs = 2\n"));
    let (status, logs) = Running::start(serve_in(&folder)).end();
    assert_eq!(status.code(), Some(2), "{logs}");
    let last = logs.lines().rev().find(|l| l.starts_with("commissaire: "));
    let last = last.unwrap_or_else(|| panic!("no sentence: {logs}"));
    assert!(
        last.contains("cannot reach Discord")
            && last.contains("connect_timeout_secs")
            && last.contains(&folder.join("commissaire.toml").display().to_string()),
        "{last}"
    );
    assert!(!logs.contains(FAKE_TOKEN), "{logs}");
    last.to_string()
}

#[test]
fn serve_gives_up_with_a_sentence_when_the_api_stays_unreachable() {
    let last = gives_up(false);
    assert!(
        last.contains("API at http://127.0.0.1:") && last.contains("refused"),
        "{last}"
    );
}

#[test]
fn serve_gives_up_with_a_sentence_when_the_gateway_stays_unreachable() {
    let last = gives_up(true);
    assert!(last.contains("gateway at ws://127.0.0.1:"), "{last}");
}

#[test]
fn serve_refuses_a_config_folder_that_does_not_exist() {
    let dir = tempfile::tempdir().unwrap();
    let nowhere = dir.path().join("nowhere");
    let mut command = serve_with(Path::new("nowhere"));
    command
        .current_dir(dir.path())
        .env("DISCORD_TOKEN", FAKE_TOKEN)
        .env(
            "COMMISSAIRE_DISCORD_API",
            format!("http://{}", closed_address()),
        );
    let (status, err) = Running::start(command).end();
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(
        err.contains("config folder nowhere does not exist"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!nowhere.exists());
    assert!(
        std::fs::read_dir(dir.path()).unwrap().next().is_none(),
        "nothing is made in the current folder"
    );
}

#[test]
fn serve_refuses_a_config_folder_without_its_settings_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut command = serve_in(dir.path());
    command.env(
        "COMMISSAIRE_DISCORD_API",
        format!("http://{}", closed_address()),
    );
    let (status, err) = Running::start(command).end();
    assert_eq!(status.code(), Some(2), "{err}");
    let file = dir.path().join("commissaire.toml").display().to_string();
    assert!(err.contains(&format!("{file} does not exist")), "{err}");
}

#[test]
fn serve_without_a_token_names_the_settings_file_in_use() {
    let (_dir, folder) = settings_folder("");
    let output = serve_in(&folder)
        .env_remove("DISCORD_TOKEN")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    let file = folder.join("commissaire.toml").display().to_string();
    assert!(err.contains(&file), "{err}");
    assert!(!err.contains("config/commissaire.toml"), "{err}");
}

#[test]
fn the_default_database_and_its_journal_are_ignored_by_git() {
    let ignore =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.gitignore"))
            .unwrap();
    let lines: Vec<&str> = ignore.lines().map(str::trim).collect();
    for name in ["commissaire.db", "commissaire.db-wal", "commissaire.db-shm"] {
        assert!(lines.contains(&name), "{name} is not in .gitignore");
    }
}

/// A file of the config folder that does not load is said as `serve` starts, before Discord is
/// reached, with its file and line (issue 33, item 2), and the bot goes on without it.
#[test]
fn serve_says_a_broken_preset_before_it_reaches_discord() {
    let api = format!("http://{}", closed_address());
    let (_dir, folder) =
        settings_folder(&format!("api_base = {api:?}\nconnect_timeout_secs = 1\n"));
    std::fs::create_dir(folder.join("tours")).unwrap();
    std::fs::write(
        folder.join("tours/broken.toml"),
        "name = \"Broken\"\nruleset = \"card-rase\"\n[[stage]]\ncourse = \"x\"\nkind = \"flat\"\n",
    )
    .unwrap();
    let (status, logs) = Running::start(serve_in(&folder)).end();
    assert_eq!(status.code(), Some(2), "Discord is out of reach: {logs}");
    let warned = logs
        .find("broken.toml: line 2: there is no ruleset 'card-rase'")
        .unwrap_or_else(|| panic!("no warning: {logs}"));
    assert!(
        logs[warned..].contains("did you mean 'card-race'?"),
        "{logs}"
    );
    let starting = logs.find("starting").expect("starting");
    assert!(warned < starting, "said before anything else: {logs}");
}
