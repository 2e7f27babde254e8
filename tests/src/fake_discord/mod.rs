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
//! The fake knows nothing of the bot under test: it is Discord, not a mock of one bot.

mod gateway;
mod payloads;
mod rest;
mod snowflake;
mod store;

pub use payloads::{MANAGE_CHANNELS, MEMBER_PERMISSIONS, Who};

use crate::spec::DiscordSpec;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use serde_json::{Value, json};
use snowflake::Snowflakes;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use store::{Pending, State};
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
}

impl Default for Config {
    fn default() -> Self {
        Config {
            bot_name: "fake-bot".to_string(),
            guilds: Vec::new(),
            heartbeat_interval_ms: 41_250,
            default_guild: 1_100_000_000_000_000_100,
            answer_within: Duration::from_secs(3),
        }
    }
}

/// One HTTP request the bot sent.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub method: String,
    /// The path as sent, e.g. `/api/v10/channels/1/messages`.
    pub path: String,
    pub query: Option<String>,
    pub content_type: Option<String>,
    /// The JSON body, or for a `multipart/form-data` body its `payload_json` part.
    pub json: Option<Value>,
    /// The other parts of a multipart body: the uploaded files.
    pub files: Vec<Upload>,
    /// What the fake answered.
    pub status: u16,
    /// The JSON the fake answered with, e.g. a created message with its id.
    pub response: Option<Value>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Upload {
    /// The form field, e.g. `files[0]`.
    pub field: String,
    pub filename: Option<String>,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

impl Recorded {
    /// The path below `/api/v10`, e.g. `/channels/1/messages`.
    pub fn route(&self) -> &str {
        self.path.strip_prefix("/api/v10").unwrap_or(&self.path)
    }

    pub fn is(&self, method: &str, route_prefix: &str) -> bool {
        self.method.eq_ignore_ascii_case(method) && self.route().starts_with(route_prefix)
    }

    pub fn is_multipart(&self) -> bool {
        self.content_type
            .as_deref()
            .is_some_and(|c| c.starts_with("multipart/form-data"))
    }

    pub fn file(&self, field: &str) -> Option<&Upload> {
        self.files.iter().find(|f| f.field == field)
    }
}

/// The bot's IDENTIFY, as received.
#[derive(Clone, Debug)]
pub struct Identified {
    pub intents: u64,
    pub shard: Option<(u64, u64)>,
    pub payload: Value,
}

/// An interaction the fake dispatched, to find the bot's answers to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SentInteraction {
    pub id: u64,
    pub token: String,
}

impl SentInteraction {
    /// Whether `request` is the interaction callback (the bot's first answer).
    pub fn is_callback(&self, request: &Recorded) -> bool {
        request.method == "POST"
            && request.route() == format!("/interactions/{}/{}/callback", self.id, self.token)
    }

    /// Whether `request` goes through this interaction's webhook: follow-ups and edits.
    pub fn is_webhook(&self, request: &Recorded) -> bool {
        request
            .route()
            .starts_with(&format!("/webhooks/{APPLICATION_ID}/{}", self.token))
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
    /// The connected bot's session, for dispatching events to it.
    session: Mutex<Option<mpsc::UnboundedSender<(String, Value)>>>,
}

impl Shared {
    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
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
        let shared = Arc::new(Shared {
            config,
            base_url: format!("http://{addr}"),
            spec: DiscordSpec::for_tests(),
            ids: Snowflakes::default(),
            state: Mutex::new(State::default()),
            changes: watch::channel(0).0,
            session: Mutex::new(None),
        });
        let app = Router::new()
            .route("/gateway", axum::routing::get(gateway::upgrade))
            .fallback(rest::handle)
            // Discord takes uploads of tens of megabytes; axum's default stops at 2 MB.
            .layer(DefaultBodyLimit::max(64 * 1024 * 1024))
            .with_state(Arc::clone(&shared));
        let server = tokio::spawn(async move {
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

    pub fn requests(&self) -> Vec<Recorded> {
        self.shared.state().requests.clone()
    }

    /// Everything Discord would have refused or that a bot should not do, in order.
    pub fn failures(&self) -> Vec<String> {
        self.shared.state().failures.clone()
    }

    /// Panics listing the failures: unknown routes, spec violations, misuse of interactions.
    #[track_caller]
    pub fn assert_clean(&self) {
        let failures = self.failures();
        assert!(
            failures.is_empty(),
            "the fake Discord recorded {} failure(s):\n  {}",
            failures.len(),
            failures.join("\n  ")
        );
    }

    /// The first request (already arrived or still to come) that satisfies `matches`. Panics
    /// after `timeout`, listing what did arrive, so that a bot that never answers fails with a
    /// reason instead of hanging.
    pub async fn wait_for(
        &self,
        matches: impl Fn(&Recorded) -> bool,
        timeout: Duration,
    ) -> Recorded {
        let found = self
            .wait_until(timeout, |state| {
                state.requests.iter().find(|r| matches(r)).cloned()
            })
            .await;
        found.unwrap_or_else(|| {
            let seen: Vec<String> = self
                .requests()
                .iter()
                .map(|r| format!("{} {} -> {}", r.method, r.path, r.status))
                .collect();
            panic!(
                "no matching request within {timeout:?}; received:\n  {}\nfailures: {:#?}",
                seen.join("\n  "),
                self.failures()
            )
        })
    }

    /// The bot's first answer to `interaction`.
    pub async fn wait_callback(
        &self,
        interaction: &SentInteraction,
        timeout: Duration,
    ) -> Recorded {
        self.wait_for(|r| interaction.is_callback(r), timeout).await
    }

    /// Waits until the bot has identified on the gateway and been sent READY.
    pub async fn wait_ready(&self, timeout: Duration) -> Identified {
        let found = self
            .wait_until(timeout, |state| state.identified.first().cloned())
            .await;
        found.unwrap_or_else(|| {
            panic!(
                "the bot did not identify on the gateway within {timeout:?}; requests: {:?}; failures: {:#?}",
                self.requests().iter().map(|r| &r.path).collect::<Vec<_>>(),
                self.failures()
            )
        })
    }

    /// Waits until the gateway counts (identifies, heartbeats) satisfy `matches`.
    pub async fn wait_gateway(&self, matches: impl Fn(usize, usize) -> bool, timeout: Duration) {
        let found = self
            .wait_until(timeout, |state| {
                matches(state.identified.len(), state.heartbeats).then_some(())
            })
            .await;
        if found.is_none() {
            panic!(
                "gateway counts (identifies, heartbeats) still {:?} after {timeout:?}",
                self.gateway_counts()
            );
        }
    }

    /// How many times the bot identified, and how many heartbeats it sent.
    pub fn gateway_counts(&self) -> (usize, usize) {
        let state = self.shared.state();
        (state.identified.len(), state.heartbeats)
    }

    async fn wait_until<T>(
        &self,
        timeout: Duration,
        mut probe: impl FnMut(&State) -> Option<T>,
    ) -> Option<T> {
        let mut changes = self.shared.changes.subscribe();
        let deadline = Instant::now() + timeout;
        loop {
            // Marked seen before probing: a change after the probe then wakes `changed()`.
            changes.borrow_and_update();
            if let Some(found) = probe(&self.shared.state()) {
                return Some(found);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match tokio::time::timeout(left, changes.changed()).await {
                Ok(Ok(())) => continue,
                _ => return None,
            }
        }
    }

    /// Sends a dispatch (op 0) to the connected bot, with the next sequence number.
    pub fn inject(&self, event: &str, data: Value) {
        let session = self
            .shared
            .session
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone();
        let session = session.expect("no bot is connected to the fake gateway; wait_ready first");
        session
            .send((event.to_string(), data))
            .expect("the bot's gateway session has ended");
    }

    /// Dispatches an INTERACTION_CREATE built by [`Self::slash`], [`Self::component`], ...
    /// The fake remembers it, to judge the bot's answers (one callback, within three seconds).
    pub fn interaction(&self, payload: Value) -> SentInteraction {
        let id: u64 = payload["id"]
            .as_str()
            .and_then(|s| s.parse().ok())
            .expect("an interaction has a snowflake id");
        let token = payload["token"]
            .as_str()
            .expect("an interaction has a token")
            .to_string();
        let pending = Pending::from_payload(&payload, id);
        self.shared
            .state()
            .interactions
            .insert(token.clone(), pending);
        self.inject("INTERACTION_CREATE", payload);
        SentInteraction { id, token }
    }

    /// A chat-input command. `command` is typed as a user would: `"tour"`, `"tour join"` (a
    /// subcommand), `"tour admin kick"` (a subcommand in a group). `options` is an object
    /// (`{"team": "Sky", "colour": "red"}`, typed from the registered command or the JSON values)
    /// or the exact options array Discord would send.
    pub fn slash(&self, command: &str, options: Value, who: &Who) -> Value {
        self.command_interaction(2, command, options, None, who)
    }

    /// An autocomplete request while the user types `focused`.
    pub fn autocomplete(&self, command: &str, options: Value, focused: &str, who: &Who) -> Value {
        self.command_interaction(4, command, options, Some(focused), who)
    }

    fn command_interaction(
        &self,
        kind: u8,
        command: &str,
        options: Value,
        focused: Option<&str>,
        who: &Who,
    ) -> Value {
        let name = command.split_whitespace().next().unwrap_or_default();
        let registered = self.shared.state().registered(name, who.guild_id);
        let (command_id, definition, scope) = match &registered {
            Some((command, scope)) => {
                let id = command["id"]
                    .as_str()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(0);
                (id, Some(command), *scope)
            }
            None => (self.shared.ids.next(), None, None),
        };
        let data = payloads::command_data(command, command_id, options, definition, focused, scope);
        self.envelope(kind, data, who, None)
    }

    /// A click on a button `custom_id` of message `message_id`. The message is the one the fake
    /// stored when the bot sent it, or a stub in `who`'s channel when the fake never saw it.
    pub fn component(&self, custom_id: &str, message_id: u64, who: &Who) -> Value {
        let data = json!({"custom_id": custom_id, "component_type": 2});
        self.component_interaction(data, message_id, who)
    }

    /// A choice in a string select menu.
    pub fn select(&self, custom_id: &str, values: &[&str], message_id: u64, who: &Who) -> Value {
        let data = json!({"custom_id": custom_id, "component_type": 3, "values": values});
        self.component_interaction(data, message_id, who)
    }

    fn component_interaction(&self, data: Value, message_id: u64, who: &Who) -> Value {
        let stored = self.message(message_id);
        let message = stored.unwrap_or_else(|| {
            let origin = payloads::Origin {
                author: self.shared.bot_user(),
                application_id: None,
                kind: 0,
            };
            payloads::message(message_id, who.channel_id, &origin, &json!({}), Vec::new())
        });
        self.envelope(3, data, who, Some(message))
    }

    fn envelope(&self, kind: u8, data: Value, who: &Who, message: Option<Value>) -> Value {
        let id = self.shared.ids.next();
        let token = format!("aW50ZXJhY3Rpb246{id}OmZha2U");
        let envelope = payloads::Envelope {
            id,
            token: &token,
            application_id: APPLICATION_ID,
            who,
        };
        self.shared
            .state()
            .channels
            .insert(who.channel_id, who.guild_id);
        payloads::interaction(kind, data, &envelope, message)
    }

    /// A message as it stands now (after the bot's edits), by id.
    pub fn message(&self, id: u64) -> Option<Value> {
        self.shared
            .state()
            .messages
            .get(&id)
            .map(|m| m.json.clone())
    }

    /// The message the bot answered `interaction` with, as it stands now.
    pub fn original_response(&self, interaction: &SentInteraction) -> Option<Value> {
        let state = self.shared.state();
        let id = state.interactions.get(&interaction.token)?.original?;
        state.messages.get(&id).map(|m| m.json.clone())
    }

    /// The commands registered globally (`None`) or in a guild.
    pub fn commands(&self, guild_id: Option<u64>) -> Vec<Value> {
        self.shared
            .state()
            .commands
            .get(&guild_id)
            .cloned()
            .unwrap_or_default()
    }
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.server.abort();
    }
}
