//! What the fake Discord remembers between requests, and Discord's rules about it: messages and
//! who may reach them, interactions and their single answer, registered commands.

use super::payloads::{self, Origin};
use super::{Identified, Recorded, Upload};
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant};

const EPHEMERAL: u64 = 1 << 6;
const LOADING: u64 = 1 << 7;
const SUPPRESS_EMBEDS: u64 = 1 << 2;

#[derive(Default)]
pub struct State {
    pub requests: Vec<Recorded>,
    pub failures: Vec<String>,
    pub identified: Vec<Identified>,
    /// The shard each gateway session identified with, by session id (what a RESUME names).
    pub shards: HashMap<String, Option<(u64, u64)>>,
    pub heartbeats: usize,
    pub messages: BTreeMap<u64, StoredMessage>,
    /// Uploaded files by attachment id: content type and bytes, served back at their `url`.
    pub files: HashMap<u64, (Option<String>, Vec<u8>)>,
    /// Interactions dispatched to the bot, by token (the key of every route that answers one).
    pub interactions: HashMap<String, Pending>,
    /// Registered commands, globally (`None`) or per guild.
    pub commands: BTreeMap<Option<u64>, Vec<Value>>,
    /// Whether a registration is refused (as Discord refuses a body it finds invalid), for a
    /// test of a bot whose registration fails; the commands held stay.
    pub refuse_commands: bool,
    /// The guild of each channel seen in an interaction (`None`: a DM).
    pub channels: HashMap<u64, Option<u64>>,
    /// The message made by each (channel, author, nonce) posted with `enforce_nonce`, so that a
    /// post is not a search through every message the fake holds.
    pub nonces: HashMap<(u64, String, String), u64>,
    /// The statuses the next channel posts are answered with instead of being made (a 429, a
    /// 500 or 502...), for tests of a bot facing Discord's faults.
    pub failing_posts: std::collections::VecDeque<u16>,
}

pub struct StoredMessage {
    pub json: Value,
    /// The interaction token whose webhook created it, if any: only that webhook can reach an
    /// ephemeral message.
    pub token: Option<String>,
}

impl StoredMessage {
    fn channel_id(&self) -> u64 {
        id_of(&self.json["channel_id"]).unwrap_or(0)
    }

    fn is_ephemeral(&self) -> bool {
        self.json["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0
    }
}

pub struct Pending {
    pub id: u64,
    /// 2 command, 3 component, 4 autocomplete, 5 modal submit.
    pub kind: u64,
    pub channel_id: u64,
    /// For a component: the message whose component was used.
    pub message_id: Option<u64>,
    pub sent_at: Instant,
    /// The callback type the bot answered with, once it has.
    pub answered: Option<u64>,
    /// Whether it was sent to every live session at once (a shard's move, a rolling restart):
    /// then more than one process may answer, and the later answers get Discord's 40060
    /// instead of failing the test.
    pub everywhere: bool,
    pub original: Option<u64>,
}

impl Pending {
    pub fn from_payload(payload: &Value, id: u64) -> Pending {
        Pending {
            id,
            kind: payload["type"].as_u64().unwrap_or(0),
            channel_id: id_of(&payload["channel_id"]).unwrap_or(0),
            message_id: id_of(&payload["message"]["id"]),
            sent_at: Instant::now(),
            answered: None,
            everywhere: false,
            original: None,
        }
    }
}

/// A status and body to answer with.
pub struct Reply {
    pub status: u16,
    pub body: Payload,
}

pub enum Payload {
    None,
    Json(Value),
    /// An uploaded file served back: its content type and bytes.
    File(Option<String>, Vec<u8>),
}

impl Reply {
    pub fn json(body: Value) -> Reply {
        Reply {
            status: 200,
            body: Payload::Json(body),
        }
    }

    pub fn no_content() -> Reply {
        Reply {
            status: 204,
            body: Payload::None,
        }
    }

    /// Discord's error shape, with its JSON error code.
    pub fn error(status: u16, code: u64, message: &str) -> Reply {
        Reply {
            status,
            body: Payload::Json(json!({"message": message, "code": code})),
        }
    }
}

/// The parts of the fake a request's answer depends on, besides the state.
pub struct World<'a> {
    pub application_id: u64,
    pub bot_user: Value,
    pub base_url: &'a str,
    pub next_id: &'a dyn Fn() -> u64,
    pub default_guild: u64,
    pub answer_within: Duration,
    /// Whether uploaded files are kept to be served back (see `Config::keep_log`).
    pub keep_files: bool,
}

/// A request body as the handlers see it.
pub struct Body<'a> {
    pub json: &'a Value,
    pub files: &'a [Upload],
}

pub fn id_of(value: &Value) -> Option<u64> {
    match value {
        Value::String(s) => s.parse().ok(),
        Value::Number(n) => n.as_u64(),
        _ => None,
    }
}

impl State {
    pub fn fail(&mut self, failure: String) {
        self.failures.push(failure);
    }

    /// POST /interactions/{id}/{token}/callback.
    pub fn callback(&mut self, world: &World, id: u64, token: &str, body: Body) -> Reply {
        let Some(pending) = self.interactions.get(token) else {
            self.fail(format!("callback for interaction {id}, which was never sent (Discord: 10062 Unknown interaction)"));
            return Reply::error(404, 10062, "Unknown interaction");
        };
        if pending.id != id {
            self.fail(format!(
                "callback names interaction {id} with the token of {}",
                pending.id
            ));
            return Reply::error(404, 10062, "Unknown interaction");
        }
        if let Some(first) = pending.answered {
            // Sent to several processes, each may answer: the first answer stands, as on
            // Discord. Sent to one, a second answer is the bot's mistake.
            if !pending.everywhere {
                self.fail(format!(
                    "interaction {id} answered twice (first with type {first}): Discord answers 40060"
                ));
            }
            return Reply::error(400, 40060, "Interaction has already been acknowledged.");
        }
        let elapsed = pending.sent_at.elapsed();
        let (kind, channel_id, source) = (pending.kind, pending.channel_id, pending.message_id);
        if elapsed > world.answer_within {
            self.fail(format!(
                "interaction {id} answered after {elapsed:?}: Discord gives up after {:?}",
                world.answer_within
            ));
            return Reply::error(404, 10062, "Unknown interaction");
        }
        let callback = body.json["type"].as_u64().unwrap_or(0);
        let data = body.json.get("data").cloned().unwrap_or(Value::Null);
        let allowed: &[u64] = match kind {
            2 => &[4, 5, 9],
            3 => &[4, 5, 6, 7, 9],
            4 => &[8],
            5 => &[4, 5, 6, 7],
            _ => &[],
        };
        if !allowed.contains(&callback) {
            self.fail(format!(
                "interaction {id} of type {kind} answered with callback type {callback}; Discord takes {allowed:?}"
            ));
            return Reply::error(400, 50035, "Invalid Form Body: type");
        }
        let mut original = None;
        match callback {
            4 | 5 => {
                let mut shown = data.clone();
                if callback == 5 {
                    // A deferred answer shows "thinking…" until the bot edits it.
                    let flags = data["flags"].as_u64().unwrap_or(0) & EPHEMERAL;
                    shown = json!({"flags": flags | LOADING});
                }
                let origin = Origin {
                    author: world.bot_user.clone(),
                    application_id: Some(world.application_id),
                    kind: if kind == 2 { 20 } else { 19 },
                };
                match self.new_message(world, channel_id, &origin, &shown, body.files, Some(token))
                {
                    Ok(message_id) => original = Some(message_id),
                    Err(reply) => return reply,
                }
            }
            7 => {
                let Some(source) = source.filter(|m| self.messages.contains_key(m)) else {
                    self.fail(format!(
                        "interaction {id}: UPDATE_MESSAGE on a message the fake never saw"
                    ));
                    return Reply::error(404, 10008, "Unknown Message");
                };
                if let Err(reply) = self.edit(world, source, &data, body.files) {
                    return reply;
                }
                original = Some(source);
            }
            // After a component's deferred update, "@original" is the message it was clicked on.
            6 => original = source.filter(|m| self.messages.contains_key(m)),
            _ => {}
        }
        if let Some(pending) = self.interactions.get_mut(token) {
            pending.answered = Some(callback);
            pending.original = original;
        }
        Reply::no_content()
    }

    /// The interaction behind a webhook route, if the application and token are the fake's and
    /// the interaction has been answered (Discord has no original message before that).
    fn webhook(
        &mut self,
        world: &World,
        application_id: u64,
        token: &str,
    ) -> Result<&Pending, Reply> {
        if application_id != world.application_id {
            self.fail(format!(
                "webhook route for application {application_id}, not this bot's {}",
                world.application_id
            ));
            return Err(Reply::error(404, 10015, "Unknown Webhook"));
        }
        match self.interactions.get(token) {
            None => {
                self.fail(format!(
                    "webhook route with token {token}, which no interaction had"
                ));
                Err(Reply::error(404, 10015, "Unknown Webhook"))
            }
            Some(p) if p.answered.is_none() => {
                let id = p.id;
                self.fail(format!(
                    "webhook route for interaction {id} before its callback"
                ));
                Err(Reply::error(404, 10015, "Unknown Webhook"))
            }
            Some(_) => Ok(&self.interactions[token]),
        }
    }

    /// GET, PATCH or DELETE /webhooks/{app}/{token}/messages/{@original or id}.
    pub fn webhook_message(
        &mut self,
        world: &World,
        method: &str,
        application_id: u64,
        token: &str,
        message: Option<u64>,
        body: Body,
    ) -> Reply {
        let pending = match self.webhook(world, application_id, token) {
            Ok(p) => p,
            Err(reply) => return reply,
        };
        let original = pending.original;
        let id = message.or(original);
        // The webhook reaches what it created, and the message its interaction answered on.
        let reachable = id.filter(|id| {
            original == Some(*id)
                || self
                    .messages
                    .get(id)
                    .is_some_and(|m| m.token.as_deref() == Some(token))
        });
        let Some(id) = reachable.filter(|id| self.messages.contains_key(id)) else {
            let what = message.map_or("@original".to_string(), |m| m.to_string());
            self.fail(format!(
                "{method} webhook message {what}: not a message of this interaction"
            ));
            return Reply::error(404, 10008, "Unknown Message");
        };
        self.message_method(world, method, id, body)
    }

    /// POST /webhooks/{app}/{token}: a follow-up message.
    pub fn follow_up(
        &mut self,
        world: &World,
        application_id: u64,
        token: &str,
        body: Body,
    ) -> Reply {
        let channel_id = match self.webhook(world, application_id, token) {
            Ok(p) => p.channel_id,
            Err(reply) => return reply,
        };
        let origin = Origin {
            author: world.bot_user.clone(),
            application_id: Some(world.application_id),
            kind: 0,
        };
        match self.new_message(
            world,
            channel_id,
            &origin,
            body.json,
            body.files,
            Some(token),
        ) {
            Ok(id) => Reply::json(self.messages[&id].json.clone()),
            Err(reply) => reply,
        }
    }

    /// POST /channels/{channel}/messages.
    pub fn channel_post(&mut self, world: &World, channel_id: u64, body: Body) -> Reply {
        let origin = Origin {
            author: world.bot_user.clone(),
            application_id: None,
            kind: if body.json.get("message_reference").is_some() {
                19
            } else {
                0
            },
        };
        if body.json["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0 {
            self.fail(format!(
                "channel message in {channel_id} flagged ephemeral: only interaction answers can be"
            ));
        }
        // Discord's de-duplication: with `enforce_nonce`, a nonce the same author used in the
        // channel lately answers with the message made then, and nothing new is created. (The
        // fake remembers nonces for as long as it runs; Discord, a few minutes.)
        let nonce = body.json.get("nonce").filter(|n| !n.is_null());
        let key = nonce
            .filter(|_| body.json["enforce_nonce"] == json!(true))
            .map(|nonce| {
                (
                    channel_id,
                    origin.author["id"].to_string(),
                    nonce.to_string(),
                )
            });
        let earlier = key.as_ref().and_then(|k| self.nonces.get(k));
        if let Some(earlier) = earlier.and_then(|id| self.messages.get(id)) {
            return Reply::json(earlier.json.clone());
        }
        match self.new_message(world, channel_id, &origin, body.json, body.files, None) {
            Ok(id) => {
                if let Some(key) = key {
                    self.nonces.insert(key, id);
                }
                Reply::json(self.messages[&id].json.clone())
            }
            Err(reply) => reply,
        }
    }

    /// GET, PATCH or DELETE /channels/{channel}/messages/{id}: only messages everyone can see;
    /// an ephemeral message exists for Discord's channel routes no more than for other users.
    pub fn channel_message(
        &mut self,
        world: &World,
        method: &str,
        channel_id: u64,
        id: u64,
        body: Body,
    ) -> Reply {
        let reachable = self
            .messages
            .get(&id)
            .is_some_and(|m| m.channel_id() == channel_id && !m.is_ephemeral());
        if !reachable {
            let why = match self.messages.get(&id) {
                Some(m) if m.is_ephemeral() => {
                    "it is ephemeral: reach it through the interaction's webhook"
                }
                Some(_) => "it is in another channel",
                None => "no such message",
            };
            self.fail(format!("{method} channel {channel_id} message {id}: {why}"));
            return Reply::error(404, 10008, "Unknown Message");
        }
        self.message_method(world, method, id, body)
    }

    /// PUT or DELETE /channels/{channel}/pins/{id}: the message pinned, or no longer.
    pub fn pin(&mut self, channel_id: u64, id: u64, pinned: bool) -> Reply {
        match self.messages.get_mut(&id) {
            Some(m) if m.channel_id() == channel_id && !m.is_ephemeral() => {
                m.json["pinned"] = Value::Bool(pinned);
                Reply::no_content()
            }
            _ => {
                self.fail(format!(
                    "pin channel {channel_id} message {id}: no such message"
                ));
                Reply::error(404, 10008, "Unknown Message")
            }
        }
    }

    fn message_method(&mut self, world: &World, method: &str, id: u64, body: Body) -> Reply {
        match method {
            "GET" => Reply::json(self.messages[&id].json.clone()),
            "DELETE" => {
                self.messages.remove(&id);
                Reply::no_content()
            }
            _ => match self.edit(world, id, body.json, body.files) {
                Ok(()) => Reply::json(self.messages[&id].json.clone()),
                Err(reply) => reply,
            },
        }
    }

    pub fn channel(&self, world: &World, channel_id: u64) -> Reply {
        let guild = self
            .channels
            .get(&channel_id)
            .copied()
            .unwrap_or(Some(world.default_guild));
        Reply::json(payloads::channel(channel_id, guild))
    }

    fn new_message(
        &mut self,
        world: &World,
        channel_id: u64,
        origin: &Origin,
        body: &Value,
        files: &[Upload],
        token: Option<&str>,
    ) -> Result<u64, Reply> {
        let id = (world.next_id)();
        let attachments = self.attachments(world, channel_id, body, files, &[])?;
        let json = payloads::message(id, channel_id, origin, body, attachments);
        let token = token.map(str::to_string);
        self.messages.insert(id, StoredMessage { json, token });
        Ok(id)
    }

    fn edit(
        &mut self,
        world: &World,
        id: u64,
        body: &Value,
        files: &[Upload],
    ) -> Result<(), Reply> {
        let (channel_id, existing) = {
            let m = &self.messages[&id];
            let existing = m.json["attachments"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            (m.channel_id(), existing)
        };
        let attachments = self.attachments(world, channel_id, body, files, &existing)?;
        let message = &mut self
            .messages
            .get_mut(&id)
            .expect("checked by the caller")
            .json;
        let flags = message["flags"].as_u64().unwrap_or(0);
        let mut changes = body.clone();
        // Edits cannot make a message ephemeral or public; they end a deferred "thinking…".
        if let Some(asked) = changes.get("flags").and_then(Value::as_u64) {
            changes["flags"] = json!((flags & EPHEMERAL) | (asked & SUPPRESS_EMBEDS));
        } else if flags & LOADING != 0 {
            changes["flags"] = json!(flags & !LOADING);
        }
        payloads::apply(message, &changes);
        message["attachments"] = Value::Array(attachments);
        message["edited_timestamp"] = json!(super::snowflake::timestamp_of((world.next_id)()));
        Ok(())
    }

    /// The attachments a create or edit leaves on a message. With an `attachments` list in the
    /// body, it is the whole list: existing ones kept by id, new ones by the placeholder id of
    /// their `files[n]` upload. Without one, uploads are added to what is there.
    fn attachments(
        &mut self,
        world: &World,
        channel_id: u64,
        body: &Value,
        files: &[Upload],
        existing: &[Value],
    ) -> Result<Vec<Value>, Reply> {
        let mut uploads: BTreeMap<u64, &Upload> = BTreeMap::new();
        for file in files {
            let index = file
                .field
                .strip_prefix("files[")
                .and_then(|rest| rest.strip_suffix(']'))
                .and_then(|n| n.parse().ok());
            match index {
                Some(n) => {
                    uploads.insert(n, file);
                }
                None => self.fail(format!(
                    "multipart field {:?}: Discord reads files as files[n]",
                    file.field
                )),
            }
        }
        let Some(listed) = body.get("attachments").and_then(Value::as_array) else {
            let mut all = existing.to_vec();
            for upload in uploads.values() {
                all.push(self.store_file(world, channel_id, upload, None));
            }
            return Ok(all);
        };
        let mut result = Vec::new();
        let mut used = Vec::new();
        for (i, entry) in listed.iter().enumerate() {
            let id = id_of(&entry["id"]);
            if let Some(kept) = existing
                .iter()
                .find(|a| id_of(&a["id"]) == id && id.is_some())
            {
                result.push(kept.clone());
            } else if let Some(upload) = id.and_then(|n| uploads.get(&n)) {
                used.push(id);
                let filename = entry["filename"].as_str();
                result.push(self.store_file(world, channel_id, upload, filename));
            } else {
                self.fail(format!(
                    "attachments[{i}] has id {} : neither an attachment of the message nor an uploaded files[n]",
                    entry["id"]
                ));
                return Err(Reply::error(400, 50035, "Invalid Form Body: attachments"));
            }
        }
        for n in uploads.keys().filter(|n| !used.contains(&Some(**n))) {
            self.fail(format!("files[{n}] uploaded but not listed in attachments"));
        }
        Ok(result)
    }

    fn store_file(
        &mut self,
        world: &World,
        channel_id: u64,
        upload: &Upload,
        filename: Option<&str>,
    ) -> Value {
        let id = (world.next_id)();
        let filename = filename
            .or(upload.filename.as_deref())
            .unwrap_or("unknown")
            .to_string();
        let url = format!(
            "{}/attachments/{channel_id}/{id}/{filename}",
            world.base_url
        );
        if world.keep_files {
            self.files
                .insert(id, (upload.content_type.clone(), upload.bytes.clone()));
        }
        payloads::attachment(
            id,
            &url,
            &filename,
            upload.content_type.as_deref(),
            upload.bytes.len(),
        )
    }
}
