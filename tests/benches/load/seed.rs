//! Tours nobody plays (`--idle N`): made before the bot starts, in this process through the
//! bot's own services on the bot's database, so that the live tours are measured among many
//! stored ones (issue 34: 10,000 tours in the database, 1,000 of them live).
//!
//! Each is created, joined by four human teams and started, in a channel of its own that no
//! director plays in, a batch of them at a time. Its round never times out during a run (a
//! week's deadline), and the posts it owes (the start, the first card) are marked delivered, so
//! that the bot does not post thousands of starts when it connects.

use commissaire::clock::SystemClock;
use commissaire::services::{Actor, ServiceResult, Services, TourSettings};
use commissaire::store::Database;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The first idle tour's channel: far from the live ones (`FIRST_CHANNEL` in main.rs).
const FIRST_IDLE_CHANNEL: u64 = 1_250_000_000_000_000_000;
const IDLE_ADMIN: u64 = 1_350_000_000_000_000_000;
const FIRST_IDLE_DIRECTOR: u64 = 1_450_000_000_000_000_000;
/// Tours made at once.
const BATCH: usize = 32;
/// An idle tour's round deadline: longer than any run.
const WEEK_SECS: i64 = 7 * 24 * 3600;
const COLOURS: [&str; 4] = ["red", "blue", "green", "black"];

/// Makes `idle` started tours of `teams` human teams in `database`; returns how long it took.
pub async fn seed(
    database: Database,
    config: &Path,
    idle: usize,
    teams: u64,
) -> Result<Duration, String> {
    let began = Instant::now();
    let services = Services::open(database, config, Arc::new(SystemClock))
        .await
        .map_err(|e| format!("opening the database to seed it: {e}"))?
        .with_pictures(false);
    let services = Arc::new(services);
    let mut made = 0;
    while made < idle {
        let batch = (made..idle.min(made + BATCH))
            .map(|n| {
                let services = Arc::clone(&services);
                tokio::spawn(async move { one_tour(&services, n as u64, teams).await })
            })
            .collect::<Vec<_>>();
        for task in batch {
            task.await.map_err(|e| format!("a seeding task: {e}"))??;
        }
        made = idle.min(made + BATCH);
        if made % 1000 < BATCH {
            eprintln!(
                "seeded {made} idle tours in {:.0} s",
                began.elapsed().as_secs_f64()
            );
        }
    }
    // Nothing else is in the database yet: every post owed is an idle tour's.
    let store = services.store();
    let mut tx = store
        .begin()
        .await
        .map_err(|e| format!("marking the idle tours' posts: {e}"))?;
    sqlx::query(
        "UPDATE outbox SET delivered_at = created_at, message_ids = '' WHERE delivered_at IS NULL",
    )
    .execute(&mut *tx)
    .await
    .map_err(|e| format!("marking the idle tours' posts: {e}"))?;
    store
        .commit(tx)
        .await
        .map_err(|e| format!("marking the idle tours' posts: {e}"))?;
    Ok(began.elapsed())
}

async fn one_tour(services: &Services, n: u64, teams: u64) -> Result<(), String> {
    let channel = (FIRST_IDLE_CHANNEL + n).to_string();
    let admin = Actor::admin(IDLE_ADMIN.to_string());
    let settings = TourSettings {
        preset: "week".into(),
        seats: teams as u8,
        turn_deadline_secs: WEEK_SECS,
        seed: Some(n),
        decision_deadline_secs: None,
        language: None,
    };
    done(
        services.create_tour(&admin, &channel, settings).await,
        "create",
    )?;
    for k in 0..teams {
        let director = Actor::player((FIRST_IDLE_DIRECTOR + n * teams + k).to_string());
        let team = format!("Team {}", k + 1);
        let colour = COLOURS[k as usize % COLOURS.len()];
        done(
            services.join(&director, &channel, &team, colour).await,
            "join",
        )?;
    }
    done(services.start(&admin, &channel).await, "start")
}

fn done(result: ServiceResult, what: &str) -> Result<(), String> {
    result
        .map(|_| ())
        .map_err(|e| format!("an idle tour's {what}: {e}"))
}
