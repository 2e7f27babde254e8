//! The Discord adapter: `commissaire serve`. It turns interactions into service calls and
//! service replies into Discord messages; no rule lives here (`docs/architecture.md`).
//!
//! - [`commands`]: the slash commands (poise);
//! - [`components`]: the buttons, through our own handler and versioned ids, not in-memory
//!   collectors, so they survive restarts;
//! - [`messages`]: reply → message bodies (limits, attachments, buttons, the round's card);
//! - [`deliver`]: sending them, and ticking teams off a round's message;
//! - [`serve`]: the client, the command registration, the scheduler loop, clean shutdown;
//! - [`config`]: `config/commissaire.toml` and its environment overrides.

pub mod commands;
pub mod components;
pub mod config;
pub mod deliver;
pub mod messages;
pub mod serve;

use crate::services::{Actor, Services};
use commissaire_messages::Language;
use config::ServeConfig;
use serenity::all::{Context, GuildId, Member, Permissions, RoleId, User};
use std::sync::Arc;

pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// What every command and button handler can reach.
pub struct Data {
    pub services: Arc<Services>,
    pub config: ServeConfig,
}

/// Who is asking, and whether they may use `/admin`: members who can manage the channel (or
/// administrators, whose permissions Discord reports as all of them), and members with the
/// role the config names, by id or by name.
///
/// The member's `locale` and the server's `guild_locale` (Discord sends both with every
/// interaction) say which language they read, when the catalogue speaks it.
pub(crate) fn actor_of(
    ctx: &Context,
    data: &Data,
    asker: Asker<'_>,
    guild: Option<GuildId>,
) -> Actor {
    let Asker {
        user,
        member,
        locale,
        guild_locale,
    } = asker;
    let by_permission = member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.contains(Permissions::MANAGE_CHANNELS));
    let by_role = match (&data.config.admin_role, member) {
        (Some(role), Some(m)) => has_role(ctx, guild, m, role),
        _ => false,
    };
    Actor {
        user_id: user.id.to_string(),
        is_admin: by_permission || by_role,
        locale: Language::from_code(locale),
        guild_locale: guild_locale.and_then(Language::from_code),
    }
}

/// Who pressed or typed, as an interaction tells it.
pub(crate) struct Asker<'a> {
    pub user: &'a User,
    pub member: Option<&'a Member>,
    pub locale: &'a str,
    pub guild_locale: Option<&'a str>,
}

fn has_role(ctx: &Context, guild: Option<GuildId>, member: &Member, role: &str) -> bool {
    if let Ok(id) = role.parse::<u64>()
        && id != 0
    {
        return member.roles.contains(&RoleId::new(id));
    }
    // A role named in the config is looked up in the cache the GUILDS intent fills.
    let Some(guild) = guild.and_then(|g| ctx.cache.guild(g)) else {
        return false;
    };
    guild
        .roles
        .values()
        .any(|r| r.name.eq_ignore_ascii_case(role) && member.roles.contains(&r.id))
}
