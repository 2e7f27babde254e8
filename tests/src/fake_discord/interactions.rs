//! Interactions as Discord dispatches them to the bot, built for a test and sent over the
//! fake gateway.

use super::payloads::{self, Who};
use super::record::{SentInteraction, Session};
use super::store::Pending;
use super::{APPLICATION_ID, FakeDiscord};
use serde_json::{Value, json};

/// Which live gateway sessions a dispatch goes to.
#[derive(Clone, Copy, Debug)]
enum To {
    Newest,
    One(Session),
    Every,
}

impl FakeDiscord {
    /// Sends a dispatch (op 0) to the newest live session, with its next sequence number.
    pub fn inject(&self, event: &str, data: Value) {
        self.dispatch(To::Newest, event, data);
    }

    /// Sends a dispatch to one live session (see [`Self::sessions`]).
    pub fn inject_to(&self, session: Session, event: &str, data: Value) {
        self.dispatch(To::One(session), event, data);
    }

    /// Sends a dispatch to every live session, as Discord may while a shard moves from one
    /// process to another or during a rolling restart. Returns how many sessions it went to.
    pub fn inject_everywhere(&self, event: &str, data: Value) -> usize {
        self.dispatch(To::Every, event, data)
    }

    fn dispatch(&self, to: To, event: &str, data: Value) -> usize {
        let sessions = self.shared.sessions();
        let targets: Vec<_> = match to {
            To::Newest => sessions.last().into_iter().collect(),
            To::One(one) => sessions.iter().filter(|l| l.number == one.number).collect(),
            To::Every => sessions.iter().collect(),
        };
        assert!(
            !targets.is_empty(),
            "no live gateway session for {to:?} (live: {:?}); wait_ready or wait_sessions first",
            sessions.iter().map(|l| l.session()).collect::<Vec<_>>()
        );
        for live in &targets {
            // A session whose socket just closed is dropped by its own task; what was sent to it
            // is lost, as Discord's dispatches to a dead connection are.
            let _ = live.dispatch.send((event.to_string(), data.clone()));
        }
        targets.len()
    }

    /// Dispatches an INTERACTION_CREATE built by [`Self::slash`], [`Self::component`], ...
    /// to the newest session. The fake remembers it, to judge the bot's answers (one callback,
    /// within three seconds).
    pub fn interaction(&self, payload: Value) -> SentInteraction {
        self.send_interaction(To::Newest, payload)
    }

    /// As [`Self::interaction`], to one live session.
    pub fn interaction_to(&self, session: Session, payload: Value) -> SentInteraction {
        self.send_interaction(To::One(session), payload)
    }

    /// As [`Self::interaction`], to every live session at once: the same interaction (one id,
    /// one token) reaching several processes, as during a shard's move or a rolling restart.
    /// Each process may answer it; the first callback stands and every later one gets Discord's
    /// answer, HTTP 400 with code 40060 ("Interaction has already been acknowledged."), and is
    /// no failure of the test.
    pub fn interaction_everywhere(&self, payload: Value) -> SentInteraction {
        self.send_interaction(To::Every, payload)
    }

    fn send_interaction(&self, to: To, payload: Value) -> SentInteraction {
        let id: u64 = payload["id"]
            .as_str()
            .and_then(|s| s.parse().ok())
            .expect("an interaction has a snowflake id");
        let token = payload["token"]
            .as_str()
            .expect("an interaction has a token")
            .to_string();
        let mut pending = Pending::from_payload(&payload, id);
        pending.everywhere = matches!(to, To::Every);
        self.shared
            .state()
            .interactions
            .insert(token.clone(), pending);
        self.dispatch(to, "INTERACTION_CREATE", payload);
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
}
