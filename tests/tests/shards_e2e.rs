//! Issue 34: `serve --shards 1-2 --total-shards 4` runs those two of the bot's four gateway
//! shards through serenity's shard manager: it identifies once for each, with the shard's
//! number and the total, as Discord wants of every process of a sharded bot.

mod common;

use commissaire::clock::ManualClock;
use commissaire::discord::config::Shards;
use commissaire::discord::serve::{Options, run};
use commissaire_tests::fake_discord::{FAKE_TOKEN, FakeDiscord};
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_identifies_once_for_each_shard_of_its_range() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = common::database(&dir, "commissaire.db");
    let mut config = common::serve_config(&fake, &database);
    config.shards = Some(Shards::parse("1-2", 4).unwrap());
    let token = config
        .token(&|k| (k == "DISCORD_TOKEN").then(|| FAKE_TOKEN.to_string()))
        .unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let clock = Arc::new(ManualClock::new(1_800_000_000));
    let bot = tokio::spawn(run(
        Options {
            config,
            config_dir: std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../config"),
            token,
            guild: Some(1),
            clock,
            pictures: false,
        },
        async move {
            let _ = stopped.await;
        },
    ));
    // serenity starts a range's shards a few seconds apart, as Discord asks.
    fake.wait_gateway(|identifies, _| identifies >= 2, Duration::from_secs(60))
        .await;
    let shards: BTreeSet<Option<(u64, u64)>> =
        fake.identified().into_iter().map(|i| i.shard).collect();
    assert_eq!(shards, [Some((1, 4)), Some((2, 4))].into_iter().collect());
    stop.send(()).unwrap();
    bot.await.unwrap().unwrap();
}
