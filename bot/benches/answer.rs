//! What a director waits for: the services' answer to a press of "Choose my cards" in the
//! middle of a stage (read the tour from SQLite, rebuild the stage by replaying its choices,
//! build the hand and its buttons), and the same answer turned into Discord message bodies.
//! Discord drops an interaction not answered within three seconds.

use commissaire::clock::ManualClock;
use commissaire::discord::messages;
use commissaire::services::{Actor, Services, TourSettings};
use criterion::{Criterion, criterion_group, criterion_main};
use std::path::Path;
use std::sync::Arc;

const CHANNEL: &str = "bench";

async fn mid_stage(dir: &Path) -> Services {
    let config = Path::new(env!("CARGO_MANIFEST_DIR")).join("../config");
    let clock = Arc::new(ManualClock::new(1_800_000_000));
    let s = Services::open(&dir.join("bench.db"), &config, clock)
        .await
        .expect("open")
        .with_pictures(false);
    let admin = Actor::admin("admin");
    let settings = TourSettings {
        preset: "week".into(),
        seats: 4,
        turn_deadline_secs: 600,
        seed: Some(1),
    };
    s.create_tour(&admin, CHANNEL, settings)
        .await
        .expect("create");
    for n in 1..=2 {
        s.join(
            &Actor::player(format!("p{n}")),
            CHANNEL,
            &format!("Team {n}"),
            "red",
        )
        .await
        .expect("join");
    }
    s.start(&admin, CHANNEL).await.expect("start");
    // Eight rounds in: the replay behind every answer has some length to it.
    for _ in 0..8 {
        s.close_turn(&admin, CHANNEL).await.expect("close a round");
    }
    s
}

fn answer(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let services = rt.block_on(mid_stage(dir.path()));
    let me = Actor::player("p1");
    c.bench_function("hand answer, round 9 of a 4-team stage", |b| {
        b.iter(|| rt.block_on(services.hand(&me, CHANNEL)).expect("hand"))
    });
    let reply = rt.block_on(services.hand(&me, CHANNEL)).unwrap();
    c.bench_function("hand reply to Discord bodies", |b| {
        b.iter(|| {
            let parts = messages::parts(&reply);
            serde_json::to_vec(&messages::interaction_message(&parts[0])).unwrap()
        })
    });
}

criterion_group!(benches, answer);
criterion_main!(benches);
