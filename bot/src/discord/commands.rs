//! The slash commands. Each one reads its options, asks one service, and hands the reply to
//! [`deliver`](super::deliver): the rules and the refusals are the services'.

use super::components::DEFER_AFTER;
use super::deliver::{self, Answer, Asked, Deferred};
use super::{Data, Error, actor_of};
use crate::services::{ServiceResult, TourSettings, parse_card};
use commissaire_engine::card_race::Choice;
use commissaire_render::Classification;
use poise::ChoiceParameter;
use serenity::all::{
    AutocompleteChoice, CreateAutocompleteResponse, ResolvedOption, ResolvedValue,
};

pub type Ctx<'a> = poise::ApplicationContext<'a, Data, Error>;

/// Every command `serve` registers.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    vec![tour(), standings(), stage(), hand(), play(), admin()]
}

/// Answers the command with what the service says (or its refusal, privately): at once when
/// it answers within [`DEFER_AFTER`], else the command is deferred (a private "thinking…" note)
/// and the answer edited in when ready, so that Discord's three seconds never run out.
async fn reply(
    ctx: Ctx<'_>,
    work: impl std::future::Future<Output = ServiceResult>,
) -> Result<(), Error> {
    let http = ctx.serenity_context().http.as_ref();
    tokio::pin!(work);
    let (result, deferred) = tokio::select! {
        result = &mut work => (result, None),
        _ = tokio::time::sleep(DEFER_AFTER) => {
            deliver::defer(http, Asked::Command(ctx.interaction), Deferred::Private).await;
            (work.await, Some(Deferred::Private))
        }
    };
    let reply = result.unwrap_or_else(|e| {
        if !matches!(e, crate::services::ServiceError::Refused(_)) {
            tracing::error!(error = %e, command = %ctx.command().qualified_name, "service failed");
        }
        e.to_reply()
    });
    deliver::answer_deferred(
        http,
        &ctx.data().services,
        Asked::Command(ctx.interaction),
        &reply,
        Answer::New,
        deferred,
    )
    .await;
    Ok(())
}

fn channel(ctx: Ctx<'_>) -> String {
    ctx.interaction.channel_id.to_string()
}

fn actor(ctx: Ctx<'_>) -> crate::services::Actor {
    actor_of(
        ctx.serenity_context(),
        ctx.data(),
        &ctx.interaction.user,
        ctx.interaction.member.as_deref(),
        ctx.interaction.guild_id,
    )
}

/// Run a tour in this channel: create, join, leave, start, status.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("create", "join", "leave", "start", "status"),
    subcommand_required
)]
pub async fn tour(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

async fn presets(ctx: Ctx<'_>, partial: &str) -> CreateAutocompleteResponse {
    let partial = partial.to_lowercase();
    let choices = ctx
        .data()
        .services
        .library()
        .presets()
        .into_iter()
        .filter(|(stem, name, _)| {
            stem.to_lowercase().contains(&partial) || name.to_lowercase().contains(&partial)
        })
        .take(25)
        .map(|(stem, name, stages)| {
            AutocompleteChoice::new(format!("{name} ({stages} stages)"), stem)
        })
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}

/// Open a tour in this channel (admins).
#[poise::command(slash_command, guild_only)]
async fn create(
    ctx: Ctx<'_>,
    #[description = "Which tour to ride"]
    #[autocomplete = "presets"]
    preset: String,
    #[description = "Minutes each round stays open before the bot plays for late teams (default 60)"]
    #[min = 1]
    #[max = 10080]
    deadline: Option<u32>,
    #[description = "How many teams ride (1 to 8, default 4); bots take the empty seats"]
    #[min = 1]
    #[max = 8]
    teams: Option<u8>,
) -> Result<(), Error> {
    let settings = TourSettings {
        preset,
        seats: teams.unwrap_or(4),
        turn_deadline_secs: deadline
            .map(|m| i64::from(m) * 60)
            .unwrap_or(ctx.data().config.default_turn_deadline_secs),
        seed: None,
    };
    let result = async {
        ctx.data()
            .services
            .create_tour(&actor(ctx), &channel(ctx), settings)
            .await
    };
    reply(ctx, result).await
}

/// A team colour, as players name them.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Colour {
    Red,
    Blue,
    Green,
    Yellow,
    Black,
    White,
    Orange,
    Purple,
    Pink,
    Brown,
}

/// Join the tour with your team.
#[poise::command(slash_command, guild_only)]
async fn join(
    ctx: Ctx<'_>,
    #[description = "Your team's name"]
    #[min_length = 1]
    #[max_length = 24]
    team: String,
    #[description = "Your team's colour"] colour: Colour,
) -> Result<(), Error> {
    let result = async {
        ctx.data()
            .services
            .join(
                &actor(ctx),
                &channel(ctx),
                &team,
                &colour.name().to_lowercase(),
            )
            .await
    };
    reply(ctx, result).await
}

/// Leave the tour before it starts.
#[poise::command(slash_command, guild_only)]
async fn leave(ctx: Ctx<'_>) -> Result<(), Error> {
    let result = async { ctx.data().services.leave(&actor(ctx), &channel(ctx)).await };
    reply(ctx, result).await
}

/// Start the tour (admins): bots take the empty seats.
#[poise::command(slash_command, guild_only)]
async fn start(ctx: Ctx<'_>) -> Result<(), Error> {
    let result = async { ctx.data().services.start(&actor(ctx), &channel(ctx)).await };
    reply(ctx, result).await
}

/// Where the tour stands: the teams, the stage, who the round waits for.
#[poise::command(slash_command, guild_only)]
async fn status(ctx: Ctx<'_>) -> Result<(), Error> {
    let result = async { ctx.data().services.status(&channel(ctx)).await };
    reply(ctx, result).await
}

/// The classifications a player can ask for.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Standing {
    #[name = "General (time)"]
    General,
    Points,
    Mountains,
    Teams,
    Youth,
    Combativity,
}

impl From<Standing> for Classification {
    fn from(s: Standing) -> Self {
        match s {
            Standing::General => Classification::General,
            Standing::Points => Classification::Points,
            Standing::Mountains => Classification::Mountains,
            Standing::Teams => Classification::Team,
            Standing::Youth => Classification::Youth,
            Standing::Combativity => Classification::Combativity,
        }
    }
}

/// The standings after the last finished stage.
#[poise::command(slash_command, guild_only)]
pub async fn standings(
    ctx: Ctx<'_>,
    #[description = "Which classification (default: the general, on time)"] classification: Option<
        Standing,
    >,
) -> Result<(), Error> {
    let only = classification.unwrap_or(Standing::General).into();
    let result = async {
        ctx.data()
            .services
            .standings_of(&channel(ctx), Some(only))
            .await
    };
    reply(ctx, result).await
}

/// The stage being raced: its profile, the round, who leads on the road.
#[poise::command(slash_command, guild_only)]
pub async fn stage(ctx: Ctx<'_>) -> Result<(), Error> {
    let result = async { ctx.data().services.stage_info(&channel(ctx)).await };
    reply(ctx, result).await
}

/// Your riders and your cards, only for you, with a button for each choice.
#[poise::command(slash_command, guild_only)]
pub async fn hand(ctx: Ctx<'_>) -> Result<(), Error> {
    let result = async { ctx.data().services.hand(&actor(ctx), &channel(ctx)).await };
    reply(ctx, result).await
}

/// The value typed so far for another option of the command being completed.
fn option_text<'a>(args: &'a [ResolvedOption<'a>], name: &str) -> Option<&'a str> {
    args.iter()
        .find(|o| o.name == name)
        .and_then(|o| match o.value {
            ResolvedValue::String(s) => Some(s),
            ResolvedValue::Autocomplete { value, .. } => Some(value),
            _ => None,
        })
}

/// `/play` rider: the player's own riders that still have a choice to make.
async fn own_riders(ctx: Ctx<'_>, partial: &str) -> CreateAutocompleteResponse {
    let open = ctx
        .data()
        .services
        .open_choices(&actor(ctx), &channel(ctx))
        .await
        .unwrap_or_default();
    let partial = partial.to_lowercase();
    let mut seen = Vec::new();
    let mut choices = Vec::new();
    for (choice, name) in open {
        if seen.contains(&choice.rider()) || !name.to_lowercase().contains(&partial) {
            continue;
        }
        seen.push(choice.rider());
        choices.push(AutocompleteChoice::new(name, choice.rider().to_string()));
    }
    CreateAutocompleteResponse::new().set_choices(choices)
}

/// `/play` card: "draw" before the hand is drawn, then the cards of that hand.
async fn own_cards(ctx: Ctx<'_>, partial: &str) -> CreateAutocompleteResponse {
    let open = ctx
        .data()
        .services
        .open_choices(&actor(ctx), &channel(ctx))
        .await
        .unwrap_or_default();
    let rider = option_text(ctx.args, "rider").map(str::to_string);
    let choices = open
        .into_iter()
        .filter(|(c, name)| {
            rider
                .as_deref()
                .is_none_or(|r| r == c.rider().to_string() || r.eq_ignore_ascii_case(name))
        })
        .map(|(c, name)| match c {
            Choice::Draw { .. } => {
                AutocompleteChoice::new(format!("Draw {name}'s hand"), "draw".to_string())
            }
            Choice::Keep { card, .. } => {
                AutocompleteChoice::new(format!("{name}: keep {card}"), card.to_string())
            }
        })
        .filter(|c| {
            serde_json::to_value(c)
                .ok()
                .and_then(|v| v["name"].as_str().map(|n| n.to_lowercase()))
                .is_some_and(|n| n.contains(&partial.to_lowercase()))
        })
        .take(25)
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}

/// Choose for a rider: draw its hand, then keep one card of it.
#[poise::command(slash_command, guild_only)]
pub async fn play(
    ctx: Ctx<'_>,
    #[description = "Which of your riders"]
    #[autocomplete = "own_riders"]
    rider: String,
    #[description = "Leave empty (or 'draw') to draw the hand; then the card to keep"]
    #[autocomplete = "own_cards"]
    card: Option<String>,
) -> Result<(), Error> {
    let services = &ctx.data().services;
    let me = actor(ctx);
    let here = channel(ctx);
    let result = async {
        match services.open_choices(&me, &here).await {
            Err(e) => Err(e),
            Ok(open) => match resolve_play(&open, &rider, card.as_deref()) {
                Ok(choice) => {
                    let request = ctx.interaction.id.to_string();
                    services.choose(&me, &here, &request, choice).await
                }
                Err(sentence) => Err(crate::services::ServiceError::Refused(sentence)),
            },
        }
    };
    reply(ctx, result).await
}

/// Reads `/play`'s options into a choice. The rider is the id autocomplete gives or a name
/// typed by hand; the card is `draw`, a value, or `E`. Legality is the engine's to judge: a
/// well-formed choice that breaks a rule goes through and comes back refused.
fn resolve_play(
    open: &[(Choice, String)],
    rider: &str,
    card: Option<&str>,
) -> Result<Choice, String> {
    let rider = rider.trim();
    let index = open
        .iter()
        .find(|(c, name)| c.rider().to_string() == rider || name.eq_ignore_ascii_case(rider))
        .map(|(c, _)| c.rider())
        .or_else(|| rider.parse::<u8>().ok());
    let Some(index) = index else {
        return Err(if open.is_empty() {
            "none of your riders has a choice to make now: wait for the next round".to_string()
        } else {
            let mut names: Vec<&str> = open.iter().map(|(_, n)| n.as_str()).collect();
            names.dedup();
            format!(
                "you have no rider called '{rider}' waiting to choose; pick one of: {}",
                names.join(", ")
            )
        });
    };
    match card.map(str::trim) {
        None | Some("") => Ok(Choice::Draw { rider: index }),
        Some(word) if word.eq_ignore_ascii_case("draw") => Ok(Choice::Draw { rider: index }),
        Some(word) => parse_card(word)
            .map(|card| Choice::Keep { rider: index, card })
            .ok_or_else(|| {
                format!("'{word}' is not a card: give its value (2 to 9) or E for exhaustion")
            }),
    }
}

/// Tour administration (Manage Channels, or the configured role).
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "pause",
        "resume",
        "deadline",
        "close_round",
        "replace",
        "abandon",
        "repechage",
        "end"
    ),
    subcommand_required
)]
pub async fn admin(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// Pause the tour: deadlines stop and choices wait.
#[poise::command(slash_command, guild_only)]
async fn pause(ctx: Ctx<'_>) -> Result<(), Error> {
    let result = async { ctx.data().services.pause(&actor(ctx), &channel(ctx)).await };
    reply(ctx, result).await
}

/// Resume a paused tour: the round's deadline starts again.
#[poise::command(slash_command, guild_only)]
async fn resume(ctx: Ctx<'_>) -> Result<(), Error> {
    let result = async { ctx.data().services.resume(&actor(ctx), &channel(ctx)).await };
    reply(ctx, result).await
}

/// Change how long each round stays open.
#[poise::command(slash_command, guild_only)]
async fn deadline(
    ctx: Ctx<'_>,
    #[description = "Minutes per round"]
    #[min = 1]
    #[max = 10080]
    minutes: u32,
) -> Result<(), Error> {
    let result = async {
        ctx.data()
            .services
            .set_deadline(&actor(ctx), &channel(ctx), i64::from(minutes) * 60)
            .await
    };
    reply(ctx, result).await
}

/// Close the round now: the bot plays for the teams that have not chosen.
#[poise::command(slash_command, guild_only, rename = "close-round")]
async fn close_round(ctx: Ctx<'_>) -> Result<(), Error> {
    let result = async {
        ctx.data()
            .services
            .close_turn(&actor(ctx), &channel(ctx))
            .await
    };
    reply(ctx, result).await
}

/// Hand a team over to a bot (its director leaves).
#[poise::command(slash_command, guild_only)]
async fn replace(
    ctx: Ctx<'_>,
    #[description = "The team's name"] team: String,
) -> Result<(), Error> {
    let result = async {
        ctx.data()
            .services
            .replace_by_bot(&actor(ctx), &channel(ctx), &team)
            .await
    };
    reply(ctx, result).await
}

/// A rider abandons the tour.
#[poise::command(slash_command, guild_only)]
async fn abandon(
    ctx: Ctx<'_>,
    #[description = "The rider's name, as the standings write it"] rider: String,
) -> Result<(), Error> {
    let result = async {
        ctx.data()
            .services
            .abandon_rider(&actor(ctx), &channel(ctx), &rider)
            .await
    };
    reply(ctx, result).await
}

/// Propose to bring back a rider who abandoned: the directeurs sportifs vote.
#[poise::command(slash_command, guild_only)]
async fn repechage(
    ctx: Ctx<'_>,
    #[description = "The rider's name or start number"] rider: String,
    #[description = "Minutes the vote stays open (default: the round deadline)"]
    #[min = 1]
    #[max = 10080]
    minutes: Option<u32>,
) -> Result<(), Error> {
    let result = async {
        ctx.data()
            .services
            .propose_repechage(
                &actor(ctx),
                &channel(ctx),
                &rider,
                minutes.map(|m| i64::from(m) * 60),
            )
            .await
    };
    reply(ctx, result).await
}

/// End the tour now; its standings stay.
#[poise::command(slash_command, guild_only)]
async fn end(ctx: Ctx<'_>) -> Result<(), Error> {
    let result = async {
        ctx.data()
            .services
            .end_tour(&actor(ctx), &channel(ctx))
            .await
    };
    reply(ctx, result).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use commissaire_engine::card_race::Card;

    fn open() -> Vec<(Choice, String)> {
        vec![
            (Choice::Draw { rider: 3 }, "Reds Rouleur".to_string()),
            (
                Choice::Keep {
                    rider: 4,
                    card: Card::Energy(5),
                },
                "Reds Sprinteur".to_string(),
            ),
        ]
    }

    #[test]
    fn play_options_read_as_choices() {
        assert_eq!(
            resolve_play(&open(), "3", None),
            Ok(Choice::Draw { rider: 3 })
        );
        assert_eq!(
            resolve_play(&open(), "reds sprinteur", Some("5")),
            Ok(Choice::Keep {
                rider: 4,
                card: Card::Energy(5)
            })
        );
        assert_eq!(
            resolve_play(&open(), "4", Some("E")),
            Ok(Choice::Keep {
                rider: 4,
                card: Card::Exhaustion
            })
        );
        assert_eq!(
            resolve_play(&open(), "Reds Rouleur", Some("draw")),
            Ok(Choice::Draw { rider: 3 })
        );
    }

    #[test]
    fn play_options_that_do_not_read_say_what_to_give() {
        let e = resolve_play(&open(), "Blues Grimpeur", None).unwrap_err();
        assert!(e.contains("Reds Rouleur, Reds Sprinteur"), "{e}");
        let e = resolve_play(&open(), "3", Some("ten")).unwrap_err();
        assert!(e.contains("2 to 9"), "{e}");
        let e = resolve_play(&[], "3x", None).unwrap_err();
        assert!(e.contains("next round"), "{e}");
    }
}
