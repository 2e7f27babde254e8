//! A fake Discord on loopback: the REST routes a serenity/poise bot calls and the gateway it
//! connects to, so that a bot can be driven end to end without Discord.
//!
//! Point the bot at it with `HttpBuilder::new(token).proxy(fake.url()).ratelimiter_disabled(true)`:
//! serenity then sends `{fake.url()}/api/v10/...` instead of Discord's host, asks the fake for the
//! gateway address and connects there. Every request is recorded, checked against Discord's
//! OpenAPI description ([`crate::spec`]) and answered the way Discord would; whatever Discord would
//! refuse (an unknown route, a body the description rejects, a second answer to one interaction,
//! editing an ephemeral message through the channel, answering after three seconds) is recorded
//! as a failure that [`FakeDiscord::assert_clean`] reports.
//!
//! It keeps every live gateway session (several processes, or the shards of one): events go to
//! the newest, or to one a test picks ([`FakeDiscord::interaction_to`]), or to all at once
//! ([`FakeDiscord::interaction_everywhere`], as during a shard's move), where the processes
//! race to answer and the losers get Discord's 40060 as it would answer them.
//!
//! The fake knows nothing of the bot under test: it is Discord, not a mock of one bot.
//!
//! ```no_run
//! # use commissaire_tests::fake_discord::{FakeDiscord, Who, FAKE_TOKEN, MANAGE_CHANNELS};
//! # use serenity::all::{ClientBuilder, GatewayIntents, HttpBuilder};
//! # use std::time::Duration;
//! # async fn example(handler: impl serenity::all::EventHandler + 'static) {
//! let wait = Duration::from_secs(20);
//! let fake = FakeDiscord::start().await;
//! let http = HttpBuilder::new(FAKE_TOKEN).proxy(fake.url()).ratelimiter_disabled(true).build();
//! let mut client = ClientBuilder::new_with_http(http, GatewayIntents::GUILDS)
//!     .event_handler(handler)
//!     .await
//!     .unwrap();
//! let bot = tokio::spawn(async move { client.start().await });
//! fake.wait_ready(wait).await;
//!
//! let admin = Who::member(3, "alice", 1, 2).with_permissions(MANAGE_CHANNELS);
//! let sent = fake.interaction(fake.slash("tour join", serde_json::json!({"team": "Sky"}), &admin));
//! let answer = fake.wait_callback(&sent, wait).await;
//! assert_eq!(answer.json.unwrap()["data"]["flags"], 64);
//! fake.assert_clean();
//! bot.abort();
//! # }
//! ```

mod commands;
mod gateway;
mod interactions;
mod payloads;
mod record;
mod rest;
mod snowflake;
mod store;

pub use payloads::{MANAGE_CHANNELS, MEMBER_PERMISSIONS, Who};
pub use record::{Identified, Recorded, SentInteraction, Session, Upload};

use crate::spec::DiscordSpec;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use serde_json::Value;
use snowflake::Snowflakes;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use store::State;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

/// A token shaped like a bot token (base64 of the application id, a timestamp part, an HMAC
/// part) that was never issued by Discord. The fake accepts any token.
pub const FAKE_TOKEN: &str =
    "MTEwMDAwMDAwMDAwMDAwMDAwMQ.GfAkEd.ZmFrZS1ub3QtYS1yZWFsLXRva2VuLW5vdC1zZWNyZXQ";

/// The fake application's id, which is also its bot user's id, as for any application created
/// since 2016.
pub const APPLICATION_ID: u64 = 1_100_000_000_000_000_001;

/// The user who owns the fake application (poise reads it to know the bot's owners).
pub const OWNER_ID: u64 = 1_100_000_000_000_000_002;

/// How the fake presents itself.
#[derive(Clone, Debug)]
pub struct Config {
    pub bot_name: String,
    /// Guilds announced in READY as unavailable stubs, as Discord does before their GUILD_CREATE.
    pub guilds: Vec<u64>,
    /// Sent in HELLO. Discord's is about 41 s; a short one makes the bot heartbeat in a test.
    pub heartbeat_interval_ms: u64,
    /// The guild a channel belongs to when the fake has not seen it in an interaction.
    pub default_guild: u64,
    /// Discord drops an interaction not answered within three seconds; a test of a bot's
    /// deferral can make that shorter.
    pub answer_within: Duration,
    /// Whether every request is checked against Discord's API description. A load program
    /// turns this off so that the fake's own work does not take the bot's CPU.
    pub check_requests: bool,
    /// Whether every request and uploaded file is kept for [`FakeDiscord::requests`] and served
    /// back. A load program that follows the bot through [`FakeDiscord::watch`] instead turns
    /// this off: hours of boards would otherwise be held in memory twice.
    pub keep_log: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            bot_name: "fake-bot".to_string(),
            guilds: Vec::new(),
            heartbeat_interval_ms: 41_250,
            default_guild: 1_100_000_000_000_000_100,
            answer_within: Duration::from_secs(3),
            check_requests: true,
            keep_log: true,
        }
    }
}

/// What the REST and gateway halves share.
pub(crate) struct Shared {
    config: Config,
    base_url: String,
    spec: Option<&'static DiscordSpec>,
    ids: Snowflakes,
    state: Mutex<State>,
    /// Bumped whenever something is recorded, so that waits wake without polling.
    changes: watch::Sender<u64>,
    /// Every live gateway session that has identified (or resumed), oldest first: the newest
    /// gets the dispatches of [`FakeDiscord::inject`], as Discord's go to the live connection,
    /// and a test may pick another or send to all (two processes during a shard's move).
    sessions: Mutex<Vec<gateway::Live>>,
    /// The number of the next gateway connection.
    next_session: std::sync::atomic::AtomicU64,
    /// Those who follow the requests as they arrive ([`FakeDiscord::watch`]).
    watchers: Mutex<Vec<mpsc::UnboundedSender<Recorded>>>,
}

impl Shared {
    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn sessions(&self) -> MutexGuard<'_, Vec<gateway::Live>> {
        self.sessions.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Hands a request to everyone watching, dropping watchers that have gone.
    fn tell_watchers(&self, request: &Recorded) {
        let mut watchers = self.watchers.lock().unwrap_or_else(|p| p.into_inner());
        watchers.retain(|w| w.send(request.clone()).is_ok());
    }

    fn changed(&self) {
        self.changes.send_modify(|n| *n += 1);
    }

    fn gateway_url(&self) -> String {
        format!("{}/gateway", self.base_url.replacen("http://", "ws://", 1))
    }

    fn bot_user(&self) -> Value {
        payloads::user(APPLICATION_ID, &self.config.bot_name, true)
    }
}

pub struct FakeDiscord {
    shared: Arc<Shared>,
    server: JoinHandle<()>,
    addr: SocketAddr,
}

impl FakeDiscord {
    pub async fn start() -> FakeDiscord {
        Self::start_with(Config::default()).await
    }

    pub async fn start_with(config: Config) -> FakeDiscord {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind a loopback port for the fake Discord");
        let addr = listener.local_addr().expect("local address");
        let spec = if config.check_requests {
            DiscordSpec::for_tests()
        } else {
            None
        };
        let shared = Arc::new(Shared {
            config,
            base_url: format!("http://{addr}"),
            spec,
            ids: Snowflakes::default(),
            state: Mutex::new(State::default()),
            changes: watch::channel(0).0,
            sessions: Mutex::new(Vec::new()),
            next_session: std::sync::atomic::AtomicU64::new(1),
            watchers: Mutex::new(Vec::new()),
        });
        let app = Router::new()
            .route("/gateway", axum::routing::get(gateway::upgrade))
            .fallback(rest::handle)
            // Discord takes uploads of tens of megabytes; axum's default stops at 2 MB.
            .layer(DefaultBodyLimit::max(64 * 1024 * 1024))
            .with_state(Arc::clone(&shared));
        let server = tokio::spawn(async move {
            // As a server meant for many small messages sets it: without, Nagle's algorithm
            // holds a small write (a gateway event) until the last one is acknowledged, and
            // the bot's side acknowledges late (delayed ACK), up to 40 ms on loopback.
            let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
                let _ = tcp.set_nodelay(true);
            });
            axum::serve(listener, app)
                .await
                .expect("fake Discord server");
        });
        FakeDiscord {
            shared,
            server,
            addr,
        }
    }

    /// What to give serenity's `HttpBuilder::proxy`: `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        self.shared.base_url.clone()
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The websocket address the fake hands out from `GET /gateway`.
    pub fn gateway_url(&self) -> String {
        self.shared.gateway_url()
    }

    pub fn application_id(&self) -> u64 {
        APPLICATION_ID
    }
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.server.abort();
    }
}
