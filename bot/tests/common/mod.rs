//! Helpers shared by the service tests: a temporary database, the shipped configuration, the
//! manual clock, and players who play through the same buttons a person would press.

#![allow(dead_code)]

use commissaire::clock::ManualClock;
use commissaire::services::{
    Actor, ButtonAction, Pick, Pressed, Reply, ServiceError, ServiceResult, Services, TourSettings,
    parse_button,
};
use commissaire::store::Database;
use commissaire_engine::games::card_race::{Card, Choice};
use commissaire_engine::registry::Key;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

pub const CHANNEL: &str = "channel-1";
pub const T0: i64 = 1_800_000_000;

pub fn config_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../config")
}

/// A test's database: a SQLite file in a temporary folder (removed when dropped), or, in the
/// `postgres` test binary (`tests/postgres.rs`, which runs these same tests), a PostgreSQL
/// schema of its own on the tests' server (`commissaire_tests::postgres`).
pub struct Db {
    pub dir: tempfile::TempDir,
    database: Database,
}

impl Db {
    pub fn new() -> Self {
        let dir = tempfile::tempdir().expect("temporary folder");
        let file = Database::Sqlite(dir.path().join("commissaire.sqlite"));
        let database = if on_postgres() {
            // Without a server (and outside CI) the test runs on SQLite, as it does elsewhere.
            commissaire_tests::postgres::database().map_or(file, Database::Postgres)
        } else {
            file
        };
        Db { dir, database }
    }

    /// Where the test's tours are kept.
    pub fn database(&self) -> Database {
        self.database.clone()
    }

    /// The SQLite file, for a test that reads the file itself.
    pub fn path(&self) -> PathBuf {
        match &self.database {
            Database::Sqlite(path) => path.clone(),
            Database::Postgres(_) => self.dir.path().join("commissaire.sqlite"),
        }
    }
}

/// Whether these tests run in the `postgres` test binary, which includes them.
pub fn on_postgres() -> bool {
    module_path!().starts_with("postgres::")
}

pub async fn open(db: &Db, clock: &Arc<ManualClock>) -> Services {
    Services::open(db.database(), &config_dir(), clock.clone())
        .await
        .expect("open the services")
        .with_pictures(false)
}

pub fn clock() -> Arc<ManualClock> {
    Arc::new(ManualClock::new(T0))
}

pub fn admin() -> Actor {
    Actor::admin("admin")
}

pub fn player(n: u32) -> Actor {
    Actor::player(format!("player-{n}"))
}

pub fn settings(seats: u8, seed: u64) -> TourSettings {
    TourSettings {
        preset: "week".into(),
        seats,
        turn_deadline_secs: 600,
        seed: Some(seed),
        decision_deadline_secs: None,
        language: None,
    }
}

/// Unique request ids, as Discord's interaction ids are.
pub fn request() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    format!("req-{}", NEXT.fetch_add(1, Ordering::SeqCst))
}

/// The refusal sentence, or a panic saying what came instead.
pub fn refusal(result: ServiceResult) -> String {
    match result {
        Err(ServiceError::Refused(s)) => s,
        Err(other) => panic!("expected a refusal, got the error {other}"),
        Ok(reply) => panic!("expected a refusal, got the reply {:?}", reply.text),
    }
}

pub fn ok(result: ServiceResult) -> Reply {
    match result {
        Ok(reply) => reply,
        Err(e) => panic!("expected a reply, got {e}"),
    }
}

/// The picks a reply's buttons offer, as a press of each would send them.
pub fn offered(reply: &Reply) -> Vec<Pick> {
    reply
        .buttons
        .iter()
        .filter_map(|b| match parse_button(&b.id) {
            Some(Pressed {
                action: ButtonAction::Decide { stage, step, key },
                tour_id,
                ..
            }) => Some(Pick {
                key,
                at: Some((stage, step)),
                tour: Some(tour_id),
            }),
            _ => None,
        })
        .collect()
}

/// A card-race choice as typed (no button): its key under the card race's notation.
pub fn pick(choice: Choice) -> Pick {
    let key = match choice {
        Choice::Draw { rider } => format!("d:{rider}"),
        Choice::Keep { rider, card } => format!("k:{rider}:{card}"),
        Choice::Quit { rider } => format!("q:{rider}"),
        Choice::Turn { rider } => format!("t:{rider}"),
        Choice::Musette { rider } => format!("m:{rider}"),
        Choice::Gamble { rider, card } => format!("g:{rider}:{card}"),
        Choice::Side { rider, left } => format!("s:{rider}:{}", if left { "L" } else { "R" }),
        Choice::BidDraw { rider } => format!("bd:{rider}"),
        Choice::Bid { rider, card } => format!("b:{rider}:{card}"),
        Choice::BidBlind { rider } => format!("bb:{rider}"),
        Choice::BidPass { rider } => format!("bp:{rider}"),
    };
    Pick::now(Key::new(&key).unwrap())
}

/// The card-race choice a pick names.
pub fn choice_of(pick: &Pick) -> Choice {
    let parts: Vec<&str> = pick.key.as_str().split(':').collect();
    match parts.as_slice() {
        ["d", rider] => Choice::Draw {
            rider: rider.parse().unwrap(),
        },
        ["k", rider, card] => Choice::Keep {
            rider: rider.parse().unwrap(),
            card: Card::parse(card).unwrap(),
        },
        ["t", rider] => Choice::Turn {
            rider: rider.parse().unwrap(),
        },
        ["m", rider] => Choice::Musette {
            rider: rider.parse().unwrap(),
        },
        ["s", rider, side] => Choice::Side {
            rider: rider.parse().unwrap(),
            left: *side == "L",
        },
        ["g", rider, card] => Choice::Gamble {
            rider: rider.parse().unwrap(),
            card: Card::parse(card).unwrap(),
        },
        _ => panic!("not a card-race key: {}", pick.key),
    }
}

/// A tour in the channel with `humans` players joined and bots in the other seats, started.
pub async fn started_tour(s: &Services, humans: u32, seats: u8, seed: u64) {
    ok(s.create_tour(&admin(), CHANNEL, settings(seats, seed))
        .await);
    for n in 1..=humans {
        ok(s.join(&player(n), CHANNEL, &format!("Team {n}"), "red")
            .await);
    }
    ok(s.start(&admin(), CHANNEL).await);
}

/// Plays, as a person pressing the first button offered each time, every choice the player
/// owes this round. Returns the replies to the choices.
pub async fn play_round(s: &Services, who: &Actor) -> Vec<Reply> {
    let mut replies = Vec::new();
    loop {
        let hand = ok(s.hand(who, CHANNEL).await);
        let Some(choice) = offered(&hand).first().copied() else {
            return replies;
        };
        let reply = ok(s.choose(who, CHANNEL, &request(), choice).await);
        let closed = reply.text.contains("completed stage");
        replies.push(reply);
        if closed {
            return replies;
        }
    }
}

/// Every text of a reply and its followups, joined.
pub fn all_text(reply: &Reply) -> String {
    reply
        .all()
        .iter()
        .map(|r| r.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// How many choices the store holds for the stage being raced in the test channel.
pub async fn stored_choices(s: &Services) -> usize {
    use commissaire::store::{choices, stages, tours};
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::active_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    let stage = stages::get(&mut conn, tour.id, tour.current_stage)
        .await
        .unwrap()
        .unwrap();
    choices::count(&mut conn, stage.id).await.unwrap() as usize
}
