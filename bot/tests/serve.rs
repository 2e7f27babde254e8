//! `commissaire serve`, the binary itself: started against the fake Discord with the settings
//! in the environment, it connects and registers its commands, never prints the token, and
//! stops cleanly on SIGTERM. Without a token it says where to put one.

use commissaire_tests::fake_discord::{FAKE_TOKEN, FakeDiscord};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(20);
const GUILD: u64 = 1_100_000_000_000_000_100;

fn serve() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_commissaire"));
    command
        .arg("--config")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("../config"))
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
async fn serve_connects_registers_keeps_the_token_secret_and_stops_on_sigterm() {
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
    let logs = String::from_utf8_lossy(&output.stderr).to_string()
        + &String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "exit {:?}: {logs}", output.status);
    assert!(logs.contains("stopping"), "{logs}");
    // Debug logs included: serenity's and ours never show the token, nor its secret part.
    let secret = FAKE_TOKEN.rsplit('.').next().unwrap();
    assert!(
        !logs.contains(FAKE_TOKEN) && !logs.contains(secret),
        "{logs}"
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
