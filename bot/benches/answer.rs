//! What a director waits for: the services' answer to a press of "Choose my cards" (read the
//! tour from SQLite, take the stage being raced, build the hand and its buttons), early and late
//! in a stage, and the same answer turned into Discord message bodies. Discord drops an
//! interaction not answered within three seconds. The stage is kept in memory, so round 12
//! should cost what round 1 does; before, every answer replayed the stage's stored choices.

use commissaire::clock::ManualClock;
use commissaire::discord::messages;
use commissaire::services::{Actor, Services, TourSettings};
use criterion::{Criterion, criterion_group, criterion_main};
use std::path::Path;
use std::sync::Arc;

async fn open(dir: &Path) -> Services {
    let config = Path::new(env!("CARGO_MANIFEST_DIR")).join("../config");
    let clock = Arc::new(ManualClock::new(1_800_000_000));
    Services::open(&dir.join("bench.db"), &config, clock)
        .await
        .expect("open")
        .with_pictures(false)
}

/// A started four-team tour in `channel` (two directors), `rounds` rounds in.
async fn tour_at_round(s: &Services, channel: &str, rounds: u32) {
    let admin = Actor::admin("admin");
    let settings = TourSettings {
        preset: "week".into(),
        seats: 4,
        turn_deadline_secs: 600,
        seed: Some(1),
        decision_deadline_secs: None,
        language: None,
    };
    s.create_tour(&admin, channel, settings)
        .await
        .expect("create");
    for n in 1..=2 {
        s.join(
            &Actor::player(format!("{channel}-p{n}")),
            channel,
            &format!("Team {n}"),
            "red",
        )
        .await
        .expect("join");
    }
    s.start(&admin, channel).await.expect("start");
    for _ in 1..rounds {
        s.close_turn(&admin, channel).await.expect("close a round");
    }
}

fn answer(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let services = rt.block_on(open(dir.path()));
    for (channel, round) in [("early", 1), ("late", 12)] {
        rt.block_on(tour_at_round(&services, channel, round));
        let me = Actor::player(format!("{channel}-p1"));
        let text = rt.block_on(services.hand(&me, channel)).expect("hand").text;
        // The card race opens with its fictive start, so the turn after `round - 1` closes is
        // told as round `round - 1`.
        let turn = match round {
            1 => "the fictive start".to_string(),
            n => format!("round {}", n - 1),
        };
        assert!(text.contains(&turn), "{text}");
        c.bench_function(
            &format!("hand answer, round {round} of a 4-team stage"),
            |b| b.iter(|| rt.block_on(services.hand(&me, channel)).expect("hand")),
        );
        // The same answer after a restart or a miss: the stage replayed from the store.
        c.bench_function(
            &format!("hand answer, round {round}, stage not kept"),
            |b| {
                b.iter(|| {
                    services.forget_warm_stages();
                    rt.block_on(services.hand(&me, channel)).expect("hand")
                })
            },
        );
    }
    let me = Actor::player("late-p1");
    let reply = rt.block_on(services.hand(&me, "late")).unwrap();
    c.bench_function("hand reply to Discord bodies", |b| {
        b.iter(|| {
            let parts = messages::parts(&reply);
            serde_json::to_vec(&messages::interaction_message(&parts[0])).unwrap()
        })
    });
    // The store's pool is let go inside the runtime it was opened in.
    rt.block_on(async move { drop(services) });
}

criterion_group!(benches, answer);
criterion_main!(benches);
