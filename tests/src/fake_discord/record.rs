//! What the fake saw: the requests and gateway sessions, the state they left, and the waits
//! that let a test follow a bot that answers asynchronously.

use super::store::State;
use super::{APPLICATION_ID, FakeDiscord};
use serde_json::Value;
use std::time::{Duration, Instant};

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
    /// When the request reached the fake, before its body was read.
    pub received: Instant,
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

/// A live gateway session: a connection that identified (or resumed) and has not closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Session {
    /// The connection's number, in the order they were opened (from 1).
    pub number: u64,
    /// The shard and total the session identified with, if it sent one.
    pub shard: Option<(u64, u64)>,
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

impl FakeDiscord {
    /// Every request from now on, as it is answered: for a program that follows a busy bot
    /// without searching the whole log on each change (see [`super::Config::keep_log`]).
    pub fn watch(&self) -> tokio::sync::mpsc::UnboundedReceiver<Recorded> {
        let (tell, told) = tokio::sync::mpsc::unbounded_channel();
        self.shared
            .watchers
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(tell);
        told
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.shared.state().requests.clone()
    }

    /// How many requests arrived so far, without copying them: for a wait that goes on while
    /// the bot is still at work.
    pub fn request_count(&self) -> usize {
        self.shared.state().requests.len()
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

    /// Every IDENTIFY received, in order (one per shard a process runs, and one per new session).
    pub fn identified(&self) -> Vec<Identified> {
        self.shared.state().identified.clone()
    }

    /// The live gateway sessions, the oldest first (the last gets [`Self::inject`]'s events).
    pub fn sessions(&self) -> Vec<Session> {
        self.shared.sessions().iter().map(|l| l.session()).collect()
    }

    /// Waits until the live gateway sessions satisfy `matches` (two processes connected, one
    /// gone after its process died), and returns them.
    pub async fn wait_sessions(
        &self,
        matches: impl Fn(&[Session]) -> bool,
        timeout: Duration,
    ) -> Vec<Session> {
        let found = self
            .wait_until(timeout, |_| {
                let live = self.sessions();
                matches(&live).then_some(live)
            })
            .await;
        found.unwrap_or_else(|| {
            panic!(
                "the live gateway sessions are still {:?} after {timeout:?}",
                self.sessions()
            )
        })
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

    /// A message as it stands now (after the bot's edits), by id.
    pub fn message(&self, id: u64) -> Option<Value> {
        self.shared
            .state()
            .messages
            .get(&id)
            .map(|m| m.json.clone())
    }

    /// The messages of a channel as they stand now, oldest first (ephemeral ones included:
    /// the fake keeps them in the channel they were answered in).
    pub fn channel_messages(&self, channel_id: u64) -> Vec<Value> {
        self.shared
            .state()
            .messages
            .values()
            .filter(|m| m.json["channel_id"].as_str() == Some(channel_id.to_string().as_str()))
            .map(|m| m.json.clone())
            .collect()
    }

    /// The message the bot answered `interaction` with, as it stands now.
    pub fn original_response(&self, interaction: &SentInteraction) -> Option<Value> {
        let state = self.shared.state();
        let id = state.interactions.get(&interaction.token)?.original?;
        state.messages.get(&id).map(|m| m.json.clone())
    }

    /// Refuses every registration of commands from now on (`true`), as Discord refuses a body
    /// it finds invalid, or accepts them again; the commands already held stay.
    /// The next channel posts fail with these statuses, one each, and are not made.
    pub fn fail_next_posts(&self, statuses: &[u16]) {
        self.shared
            .state()
            .failing_posts
            .extend(statuses.iter().copied());
    }

    /// Whether every fault asked of [`Self::fail_next_posts`] has been served.
    pub fn served_every_fault(&self) -> bool {
        self.shared.state().failing_posts.is_empty()
    }

    pub fn refuse_command_registration(&self, refuse: bool) {
        self.shared.state().refuse_commands = refuse;
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
