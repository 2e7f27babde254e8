//! Buttons. Their ids name the scheme version and the tour (`v1:<tour>:<action>...`), so a
//! button posted last week still works after a restart, and one from an earlier tour of the
//! channel is refused instead of acting on the current one.

use super::deliver::{self, Answer, Asked};
use super::{Data, actor_of};
use crate::services::{ButtonAction, Reply, parse_button};
use serenity::all::{ComponentInteraction, Context, MessageFlags};

pub async fn pressed(ctx: &Context, data: &Data, press: &ComponentInteraction) {
    let services = &data.services;
    let channel = press.channel_id.to_string();
    let actor = actor_of(
        ctx,
        data,
        &press.user,
        press.member.as_ref(),
        press.guild_id,
    );
    let on_private = press
        .message
        .flags
        .is_some_and(|f| f.contains(MessageFlags::EPHEMERAL));
    let (reply, how) = match parse_button(&press.data.custom_id) {
        None => (
            Reply::private(
                "This button comes from an older version of the commissaire and no longer \
                 works: use /hand to see your cards, or /tour status.",
            ),
            Answer::New,
        ),
        Some(p) => match services.active_tour_id(&channel).await {
            Ok(Some(current)) if current == p.tour_id => {
                let result = match p.action {
                    ButtonAction::Hand => services.hand(&actor, &channel).await,
                    ButtonAction::Choose(choice) => {
                        // The interaction id: Discord's retry of the same click is counted once.
                        let request = press.id.to_string();
                        services.choose(&actor, &channel, &request, choice).await
                    }
                    ButtonAction::Vote { vote_id, yes } => {
                        services.vote(&actor, &channel, vote_id, yes).await
                    }
                };
                let how = match p.action {
                    ButtonAction::Choose(_) if on_private => Answer::InPlace,
                    _ => Answer::New,
                };
                match result {
                    Ok(reply) => (reply, how),
                    // A refusal is a new note: the hand it answers stays usable above it.
                    Err(e) => (e.to_reply(), Answer::New),
                }
            }
            Ok(_) => (
                Reply::private(
                    "This button belongs to an earlier tour of this channel: /tour status \
                     shows the current one.",
                ),
                Answer::New,
            ),
            Err(e) => (e.to_reply(), Answer::New),
        },
    };
    deliver::answer(&ctx.http, services, Asked::Component(press), &reply, how).await;
}
