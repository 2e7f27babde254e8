//! Issue 35, `/admin export` through the fake Discord: a member without the right to manage the
//! channel is refused, privately, and given no file; an admin gets the tour as one JSON file,
//! privately, which checks out and keeps the seed of the stage under way to itself.

mod common;

use common::{open_tour, start_bot};

use commissaire::clock::ManualClock;
use commissaire::services::{Library, Replay, Seal, TourFile, verify};
use commissaire::store::{Store, stages, tours};
use commissaire_tests::drive::{WAIT, content, flags, slash};
use commissaire_tests::fake_discord::{FakeDiscord, MANAGE_CHANNELS, Recorded, Who};
use serde_json::json;
use std::sync::Arc;

const GUILD: u64 = 1_100_000_000_000_000_835;
const CHANNEL: u64 = 1_200_000_000_000_000_835;
const ADMIN: u64 = 1_300_000_000_000_000_835;
const ALICE: u64 = 1_300_000_000_000_000_836;
const T0: i64 = 1_800_000_000;

/// The JSON files the bot uploaded so far.
fn json_files(fake: &FakeDiscord) -> Vec<(String, Vec<u8>)> {
    fake.requests()
        .iter()
        .flat_map(|r: &Recorded| r.files.clone())
        .filter_map(|f| {
            let name = f.filename?;
            name.ends_with(".json").then_some((name, f.bytes))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admin_export_is_an_admins_and_gives_a_file_that_checks_out() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = common::database(&dir, "commissaire.db");
    let config = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../config");
    let clock = Arc::new(ManualClock::new(T0));
    let (stop, bot) = start_bot(&fake, GUILD, &database, &config, &clock);
    fake.wait_ready(WAIT).await;
    let admin = Who::member(ADMIN, "jury", GUILD, CHANNEL).with_permissions(MANAGE_CHANNELS);
    let alice = Who::member(ALICE, "alice", GUILD, CHANNEL);
    open_tour(&fake, "week", 2, &admin, &[(&alice, "Reds", 0)]).await;

    // Alice may not: refused privately, and no file goes anywhere.
    let refused = slash(&fake, "admin export", json!({}), &alice).await;
    assert_eq!(flags(&refused), 64, "{refused}");
    assert!(
        content(&refused).contains("only an admin can export the tour"),
        "{refused}"
    );
    assert!(json_files(&fake).is_empty(), "a file was sent to Alice");

    // The admin gets the file, privately.
    let answer = slash(&fake, "admin export", json!({}), &admin).await;
    assert_eq!(flags(&answer), 64, "{answer}");
    assert!(
        content(&answer).contains("commissaire verify tour-"),
        "{answer}"
    );
    let files = json_files(&fake);
    assert_eq!(files.len(), 1, "one file");
    let (name, bytes) = &files[0];
    assert!(name.starts_with("tour-"), "{name}");
    let file = TourFile::parse(std::str::from_utf8(bytes).unwrap()).unwrap();
    let report = verify(&file, &Library::new(&config));
    assert!(report.good(), "{}", report.text());
    // Stage 1 is under way: its commitment is in the file, its seed is not.
    assert!(matches!(report.stages[0].seal, Seal::Sealed { .. }));
    assert_eq!(report.stages[0].replay, Replay::NotReplayed);
    let store = Store::open(&database).await.unwrap();
    let seed = {
        let mut conn = store.read().await.unwrap();
        let tour = tours::latest_in_channel(&mut conn, &CHANNEL.to_string())
            .await
            .unwrap()
            .unwrap();
        stages::get(&mut conn, tour.id, 1)
            .await
            .unwrap()
            .unwrap()
            .seed
    };
    assert!(!String::from_utf8_lossy(bytes).contains(&seed.to_string()));
    store.close().await;

    let _ = stop.send(());
    bot.await.unwrap().unwrap();
}
