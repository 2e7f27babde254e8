//! Buttons and option menus. Their ids name the scheme version and the tour (`v1:<tour>:hand`,
//! `v2:<tour>:<stage>:<step>:<key>` for a decision's option), so a
//! button posted last week still works after a restart, and one from an earlier tour of the
//! channel is refused instead of acting on the current one.
//!
//! A press is answered at once when the services answer within the answer budget
//! (`answer_budget_ms` of the settings, a second by default); past that it is deferred (the hand's own message acknowledged, to be redrawn in place, or a private
//! "thinking…" note) and the answer edited in when ready: a choice that closes a round, or a
//! busy moment, never meets Discord's three seconds with "This interaction failed".

use super::deliver::{self, Answer, Asked, Deferred};
use super::{Asker, Data, actor_of};
use crate::services::{ButtonAction, Pick, Reply, parse_button};
use commissaire_messages::{in_language, msg};
use serenity::all::{ComponentInteraction, ComponentInteractionDataKind, Context, MessageFlags};

pub async fn pressed(ctx: &Context, data: &Data, press: &ComponentInteraction) {
    let services = &data.services;
    let channel = press.channel_id.to_string();
    let actor = actor_of(
        ctx,
        data,
        Asker {
            user: &press.user,
            member: press.member.as_ref(),
            locale: &press.locale,
            guild_locale: press.guild_locale.as_deref(),
        },
        press.guild_id,
    );
    // The answer is the presser's: in their language, else the tour's (what the channel reads
    // the services word in the tour's themselves).
    let language = services.language_for(&actor, &channel).await;
    in_language(language, press_in(ctx, data, press, actor, channel)).await;
}

async fn press_in(
    ctx: &Context,
    data: &Data,
    press: &ComponentInteraction,
    actor: crate::services::Actor,
    channel: String,
) {
    let services = &data.services;
    let on_private = press
        .message
        .flags
        .is_some_and(|f| f.contains(MessageFlags::EPHEMERAL));
    let parsed = parse_button(&pressed_id(press));
    // A choice pressed on a private hand redraws that hand: put off as an update of it.
    let deferral = match parsed.as_ref().map(|p| &p.action) {
        Some(ButtonAction::Decide { .. } | ButtonAction::Legacy { .. }) if on_private => {
            Deferred::Update
        }
        _ => Deferred::Private,
    };
    let work = async { answer_of(services, &actor, &channel, press, on_private, parsed).await };
    tokio::pin!(work);
    let budget = data.config.answer_budget();
    let deferred = if budget.is_zero() {
        // No budget: put off before any work, so every answer goes the deferred way.
        deliver::defer(&ctx.http, Asked::Component(press), deferral).await
    } else {
        tokio::select! {
            (reply, how) = &mut work => {
                deliver::answer(&ctx.http, services, Asked::Component(press), &reply, how).await;
                return;
            }
            _ = tokio::time::sleep(budget) => {
                deliver::defer(&ctx.http, Asked::Component(press), deferral).await
            }
        }
    };
    let (reply, how) = work.await;
    deliver::answer_deferred(
        &ctx.http,
        services,
        Asked::Component(press),
        &reply,
        how,
        Some(deferred),
    )
    .await;
}

/// What was pressed: a button's id, or, from a menu of options (when a decision has more
/// options than buttons fit), the option picked, whose value is the id its button would have.
fn pressed_id(press: &ComponentInteraction) -> String {
    match &press.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => {
            values.first().cloned().unwrap_or_default()
        }
        _ => press.data.custom_id.clone(),
    }
}

/// What the services answer to the press, and how it is shown.
async fn answer_of(
    services: &crate::services::Services,
    actor: &crate::services::Actor,
    channel: &str,
    press: &ComponentInteraction,
    on_private: bool,
    parsed: Option<crate::services::Pressed>,
) -> (Reply, Answer) {
    match parsed {
        None => (
            Reply::private(msg!(
                "button-outdated",
                hand = services.commands().named("hand"),
                tour_status = services.commands().named("tour status")
            )),
            Answer::New,
        ),
        Some(p) => {
            // Whether the button's tour is the one being raced is checked as the hand or the
            // choice reads the tour (one read less a press), and a vote's apart.
            let tour = p.tour_id;
            let result = match p.action {
                ButtonAction::Hand => services.hand_of_button(actor, channel, Some(tour)).await,
                ButtonAction::Decide { stage, step, key } => {
                    // The interaction id: Discord's retry of the same click is counted once.
                    let request = press.id.to_string();
                    let pick = Pick {
                        key,
                        at: Some((stage, step)),
                        tour: Some(tour),
                    };
                    services.choose(actor, channel, &request, pick).await
                }
                ButtonAction::Legacy { key } => {
                    let request = press.id.to_string();
                    let pick = Pick {
                        tour: Some(tour),
                        ..Pick::now(key)
                    };
                    services.choose(actor, channel, &request, pick).await
                }
                ButtonAction::Vote { vote_id, yes } => {
                    match services.button_tour(channel, tour).await {
                        Ok(()) => services.vote(actor, channel, vote_id, yes).await,
                        Err(e) => Err(e),
                    }
                }
            };
            let how = match p.action {
                ButtonAction::Decide { .. } | ButtonAction::Legacy { .. } if on_private => {
                    Answer::InPlace
                }
                _ => Answer::New,
            };
            match result {
                Ok(reply) => (reply, how),
                // A refusal is a new note: the hand it answers stays usable above it (the
                // tour over, or the button an earlier tour's, is said so too).
                Err(e) => (e.to_reply(), Answer::New),
            }
        }
    }
}
