//! Interactions as Discord dispatches them to the bot, built for a test and sent over the
//! fake gateway.

use super::payloads::{self, Who};
use super::record::SentInteraction;
use super::store::Pending;
use super::{APPLICATION_ID, FakeDiscord};
use serde_json::{Value, json};

impl FakeDiscord {
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
}
