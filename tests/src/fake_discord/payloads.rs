//! The JSON objects Discord sends: users, members, channels, messages, commands and interactions,
//! each with the fields serenity 0.12 requires to deserialize it (several that Discord documents
//! as optional are required there: a member's `deaf`, `mute`, `flags` and `roles`, an
//! interaction's `attachment_size_limit`, a command's `version`).

use super::snowflake::timestamp_of;
use serde_json::{Map, Value, json};

/// What Discord tells bots they may upload per file on an unboosted server.
const ATTACHMENT_SIZE_LIMIT: u64 = 10 * 1024 * 1024;

/// VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | USE_APPLICATION_COMMANDS: what a
/// bot invited with the usual scopes holds in a channel.
const APP_PERMISSIONS: u64 = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 31);

/// VIEW_CHANNEL | SEND_MESSAGES | USE_APPLICATION_COMMANDS: an ordinary member, without
/// MANAGE_CHANNELS (16) or anything else a bot might gate its admin commands behind.
pub const MEMBER_PERMISSIONS: u64 = (1 << 10) | (1 << 11) | (1 << 31);

pub const MANAGE_CHANNELS: u64 = 1 << 4;

/// Who acts in an interaction, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Who {
    pub user_id: u64,
    pub username: String,
    /// `None` in a direct message with the bot.
    pub guild_id: Option<u64>,
    pub channel_id: u64,
    /// The member's permissions in the channel, as Discord computes them (ignored in DMs).
    pub permissions: u64,
    /// The member's Discord language (`locale`), and their server's (`guild_locale`).
    pub locale: String,
    pub guild_locale: String,
}

impl Who {
    /// An ordinary member of a guild (see [`MEMBER_PERMISSIONS`]).
    pub fn member(user_id: u64, username: &str, guild_id: u64, channel_id: u64) -> Who {
        Who {
            user_id,
            username: username.to_string(),
            guild_id: Some(guild_id),
            channel_id,
            permissions: MEMBER_PERMISSIONS,
            locale: "en-GB".to_string(),
            guild_locale: "en-US".to_string(),
        }
    }

    /// A user in a direct message channel with the bot.
    pub fn direct(user_id: u64, username: &str, channel_id: u64) -> Who {
        Who {
            guild_id: None,
            ..Who::member(user_id, username, 0, channel_id)
        }
    }

    /// The same member with extra permission bits, e.g. [`MANAGE_CHANNELS`].
    pub fn with_permissions(mut self, bits: u64) -> Who {
        self.permissions |= bits;
        self
    }

    pub fn with_locale(mut self, locale: &str) -> Who {
        self.locale = locale.to_string();
        self
    }

    /// The same member in a server whose preferred language is `locale`.
    pub fn with_guild_locale(mut self, locale: &str) -> Who {
        self.guild_locale = locale.to_string();
        self
    }
}

pub fn user(id: u64, username: &str, bot: bool) -> Value {
    json!({
        "id": id.to_string(),
        "username": username,
        "discriminator": "0",
        "global_name": if bot { Value::Null } else { json!(username) },
        "avatar": null,
        "bot": bot,
        "public_flags": 0,
        "flags": 0,
    })
}

fn member(who: &Who, joined: u64) -> Value {
    json!({
        "user": user(who.user_id, &who.username, false),
        "nick": null,
        "avatar": null,
        "roles": [],
        "joined_at": timestamp_of(joined),
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": who.permissions.to_string(),
        "communication_disabled_until": null,
    })
}

/// A text channel in a guild, or a DM channel when `guild_id` is `None`.
pub fn channel(channel_id: u64, guild_id: Option<u64>) -> Value {
    match guild_id {
        Some(guild_id) => json!({
            "id": channel_id.to_string(),
            "type": 0,
            "guild_id": guild_id.to_string(),
            "name": format!("channel-{channel_id}"),
            "position": 0,
            "permission_overwrites": [],
            "nsfw": false,
            "topic": null,
            "last_message_id": null,
            "rate_limit_per_user": 0,
            "parent_id": null,
            "flags": 0,
        }),
        None => json!({
            "id": channel_id.to_string(),
            "type": 1,
            "last_message_id": null,
            "recipients": [],
            "flags": 0,
        }),
    }
}

/// Where a message came from: its author and, for interaction responses and follow-ups, the
/// application that sent it through its webhook.
pub struct Origin {
    pub author: Value,
    pub application_id: Option<u64>,
    /// 0 DEFAULT, 19 REPLY, 20 CHAT_INPUT_COMMAND.
    pub kind: u8,
}

/// A message as Discord returns it, built from a create request's body and the attachments
/// already made from its uploads.
pub fn message(
    id: u64,
    channel_id: u64,
    origin: &Origin,
    body: &Value,
    attachments: Vec<Value>,
) -> Value {
    let mut message = json!({
        "id": id.to_string(),
        "channel_id": channel_id.to_string(),
        "author": origin.author,
        "content": "",
        "timestamp": timestamp_of(id),
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "mention_channels": [],
        "attachments": attachments,
        "embeds": [],
        "reactions": [],
        "pinned": false,
        "type": origin.kind,
        "flags": 0,
        "components": [],
    });
    if let Some(app) = origin.application_id {
        message["webhook_id"] = json!(app.to_string());
        message["application_id"] = json!(app.to_string());
    }
    apply(&mut message, body);
    // Discord echoes a create's nonce in the message it answers with.
    if let Some(nonce) = body.get("nonce").filter(|n| !n.is_null()) {
        message["nonce"] = nonce.clone();
    }
    message
}

/// Applies the fields of a create or edit body that change what a message shows.
pub fn apply(message: &mut Value, body: &Value) {
    for key in ["content", "embeds", "components", "tts", "flags", "poll"] {
        match body.get(key) {
            None => {}
            Some(Value::Null) => {
                let empty = match key {
                    "content" => json!(""),
                    "embeds" | "components" => json!([]),
                    "flags" => json!(0),
                    "tts" => json!(false),
                    _ => Value::Null,
                };
                message[key] = empty;
            }
            Some(value) => message[key] = value.clone(),
        }
    }
}

/// An attachment as Discord describes it once stored, served back by the fake at `url`.
pub fn attachment(
    id: u64,
    url: &str,
    filename: &str,
    content_type: Option<&str>,
    size: usize,
) -> Value {
    json!({
        "id": id.to_string(),
        "filename": filename,
        "size": size,
        "url": url,
        "proxy_url": url,
        "content_type": content_type,
        "width": null,
        "height": null,
    })
}

/// A registered command as Discord echoes it, from its create request.
pub fn command(
    request: &Value,
    id: u64,
    version: u64,
    application_id: u64,
    guild_id: Option<u64>,
) -> Value {
    let mut command = request.clone();
    let defaults = [
        ("type", json!(1)),
        ("description", json!("")),
        ("options", json!([])),
        ("default_member_permissions", Value::Null),
        ("nsfw", json!(false)),
    ];
    for (key, value) in defaults {
        if command.get(key).is_none_or(Value::is_null) {
            command[key] = value;
        }
    }
    command["id"] = json!(id.to_string());
    command["version"] = json!(version.to_string());
    command["application_id"] = json!(application_id.to_string());
    if let Some(guild_id) = guild_id {
        command["guild_id"] = json!(guild_id.to_string());
    }
    command
}

/// The fields every interaction carries, whatever its type.
pub struct Envelope<'a> {
    pub id: u64,
    pub token: &'a str,
    pub application_id: u64,
    pub who: &'a Who,
}

/// An interaction of `kind` (2 command, 3 component, 4 autocomplete, 5 modal submit).
pub fn interaction(kind: u8, data: Value, envelope: &Envelope, message: Option<Value>) -> Value {
    let who = envelope.who;
    let mut interaction = json!({
        "id": envelope.id.to_string(),
        "application_id": envelope.application_id.to_string(),
        "type": kind,
        "token": envelope.token,
        "version": 1,
        "data": data,
        "channel_id": who.channel_id.to_string(),
        "channel": partial_channel(who),
        "locale": who.locale,
        "entitlements": [],
        "app_permissions": APP_PERMISSIONS.to_string(),
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    });
    match who.guild_id {
        Some(guild_id) => {
            interaction["guild_id"] = json!(guild_id.to_string());
            interaction["guild_locale"] = json!(who.guild_locale);
            // Joined a little before the interaction: the id is only used for a timestamp.
            interaction["member"] = member(who, envelope.id >> 1);
            interaction["authorizing_integration_owners"] = json!({"0": guild_id.to_string()});
            interaction["context"] = json!(0);
        }
        None => {
            interaction["user"] = user(who.user_id, &who.username, false);
            // "0": installed to a guild, used in a DM with the bot (context 1, BOT_DM).
            interaction["authorizing_integration_owners"] = json!({"0": "0"});
            interaction["context"] = json!(1);
        }
    }
    if let Some(message) = message {
        interaction["message"] = message;
    }
    interaction
}

fn partial_channel(who: &Who) -> Value {
    let mut channel = channel(who.channel_id, who.guild_id);
    if who.guild_id.is_some() {
        channel["permissions"] = json!(who.permissions.to_string());
    }
    channel
}

/// The `data` of a chat-input command or autocomplete interaction.
///
/// `path` is the command as typed, `"tour"` or `"tour join"` (a subcommand) or `"tour admin
/// kick"` (a subcommand in a group). `options` is either the options array exactly as Discord
/// sends it, or an object `{"team": "X", "colour": "Y"}` whose option types are taken from the
/// registered command (`definition`) when there is one, else from the JSON values. `focused`
/// marks the option being typed in an autocomplete. `registered_in` is the guild a guild command
/// was registered in, which Discord repeats in the data.
pub fn command_data(
    path: &str,
    command_id: u64,
    options: Value,
    definition: Option<&Value>,
    focused: Option<&str>,
    registered_in: Option<u64>,
) -> Value {
    let mut words = path.split_whitespace();
    let name = words.next().unwrap_or_default().to_string();
    let subcommands: Vec<&str> = words.collect();

    let mut definition = definition;
    for sub in &subcommands {
        definition = definition.and_then(|d| find_option(d, sub));
    }
    let mut users = Map::new();
    let mut leaves = leaf_options(options, definition, &mut users);
    if let (Some(focused), Value::Array(items)) = (focused, &mut leaves) {
        for item in items.iter_mut().filter(|o| o["name"] == focused) {
            item["focused"] = json!(true);
        }
    }
    let mut options = leaves;
    // Wrap from the innermost: the last word is a subcommand (1), one before it a group (2).
    for (depth, sub) in subcommands.iter().enumerate().rev() {
        let kind = if depth + 1 == subcommands.len() { 1 } else { 2 };
        options = json!([{"type": kind, "name": sub, "options": options}]);
    }
    let mut data = json!({
        "id": command_id.to_string(),
        "name": name,
        "type": 1,
        "options": options,
    });
    if let Some(guild_id) = registered_in {
        data["guild_id"] = json!(guild_id.to_string());
    }
    if !users.is_empty() {
        data["resolved"] = json!({"users": users});
    }
    data
}

fn find_option<'a>(definition: &'a Value, name: &str) -> Option<&'a Value> {
    definition
        .get("options")?
        .as_array()?
        .iter()
        .find(|o| o["name"] == name)
}

fn leaf_options(
    options: Value,
    definition: Option<&Value>,
    users: &mut Map<String, Value>,
) -> Value {
    let Value::Object(named) = options else {
        return if options.is_null() {
            json!([])
        } else {
            options
        };
    };
    let items = named
        .into_iter()
        .map(|(name, value)| {
            let declared = definition
                .and_then(|d| find_option(d, &name))
                .and_then(|o| o["type"].as_u64());
            let kind = declared.unwrap_or(match &value {
                Value::Bool(_) => 5,
                Value::Number(n) if n.is_i64() || n.is_u64() => 4,
                Value::Number(_) => 10,
                _ => 3,
            });
            // USER options come with the user resolved, as Discord sends them.
            if kind == 6
                && let Some(id) = value.as_str().and_then(|s| s.parse::<u64>().ok())
            {
                users.insert(id.to_string(), user(id, &format!("user-{id}"), false));
            }
            json!({"type": kind, "name": name, "value": value})
        })
        .collect();
    Value::Array(items)
}
