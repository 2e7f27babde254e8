//! The slash commands. Each one reads its options, asks one service, and hands the reply to
//! [`deliver`](super::deliver): the rules and the refusals are the services'.

use super::deliver::{self, Answer, Asked, Deferred};
use super::messages::{CHOICE_LIMIT, fit};
use super::{Asker, Data, Error, actor_of};
use crate::services::{Pick, ServiceResult, TourSettings, option_text};
use commissaire_engine::registry::{Key, LabelledOption};
use commissaire_messages::{Language, Medium, msg};
use poise::ChoiceParameter;
use serenity::all::{AutocompleteChoice, CreateAutocompleteResponse};

pub type Ctx<'a> = poise::ApplicationContext<'a, Data, Error>;

/// Every command `serve` registers, with its descriptions and its names in every language of
/// the catalogue (see [`localize`]).
pub fn all() -> Vec<poise::Command<Data, Error>> {
    let mut list = vec![
        tour(),
        standings(),
        stage(),
        hand(),
        odds(),
        play(),
        autopilot(),
        admin(),
    ];
    for command in &mut list {
        localize(command, COMMANDS);
    }
    list
}

/// The start of every command's message id in the catalogue (`commands.ftl`).
pub const COMMANDS: &str = "cmd";

/// Gives a command, its options and their choices their words from the catalogue: the English
/// description Discord shows (the one the code's attributes hold is for the source's reader),
/// and the names and descriptions Discord shows French and Dutch members
/// (`name_localizations`, `description_localizations`). A command's id is its path
/// (`cmd-tour-create`), an option's the command's and its name (`cmd-tour-create-preset`), a
/// choice's the option's and its English name (`cmd-tour-join-colour-red`); a message's value
/// is the name, its `.description` the description.
pub fn localize<U, E>(command: &mut poise::Command<U, E>, parent: &str) {
    let id = format!("{parent}-{}", command.name);
    command.description = Some(worded(Language::En, &id, Some("description")).into());
    command.name_localizations = localized(&id, None);
    command.description_localizations = localized(&id, Some("description"));
    for p in &mut command.parameters {
        let pid = format!("{id}-{}", p.name);
        p.description = Some(worded(Language::En, &pid, Some("description")).into());
        p.name_localizations = localized(&pid, None);
        p.description_localizations = localized(&pid, Some("description"));
        let mut choices = p.choices.to_vec();
        for c in &mut choices {
            let cid = format!("{pid}-{}", c.name.to_lowercase().replace(' ', "-"));
            c.localizations = localized(&cid, None);
        }
        p.choices = choices.into();
    }
    for sub in &mut command.subcommands {
        localize(sub, &id);
    }
}

fn worded(language: Language, id: &str, attribute: Option<&str>) -> String {
    commissaire_messages::format_in(language, Medium::Discord, id, attribute, &[])
}

/// Message `id` (or its attribute) in each language but English, keyed by Discord's locale.
fn localized(
    id: &str,
    attribute: Option<&str>,
) -> std::borrow::Cow<
    'static,
    [(
        std::borrow::Cow<'static, str>,
        std::borrow::Cow<'static, str>,
    )],
> {
    Language::ALL
        .into_iter()
        .filter_map(|l| {
            let locale = l.discord_locale()?;
            Some((locale.into(), worded(l, id, attribute).into()))
        })
        .collect::<Vec<_>>()
        .into()
}

/// Answers the command with what the service says (or its refusal, privately): at once when
/// it answers within the answer budget (`answer_budget_ms`), else the command is deferred (a private "thinking…" note)
/// and the answer edited in when ready, so that Discord's three seconds never run out.
async fn reply(
    ctx: Ctx<'_>,
    work: impl std::future::Future<Output = ServiceResult>,
) -> Result<(), Error> {
    speaking_to(ctx, reply_in(ctx, work)).await
}

/// `work`, worded in the language of whoever asked: theirs when the catalogue speaks it, else
/// the channel's tour's (what the channel reads the services word in the tour's themselves).
async fn speaking_to<T>(ctx: Ctx<'_>, work: impl std::future::Future<Output = T>) -> T {
    let language = ctx
        .data()
        .services
        .language_for(&actor(ctx), &channel(ctx))
        .await;
    commissaire_messages::in_language(language, work).await
}

async fn reply_in(
    ctx: Ctx<'_>,
    work: impl std::future::Future<Output = ServiceResult>,
) -> Result<(), Error> {
    let http = ctx.serenity_context().http.as_ref();
    tokio::pin!(work);
    let budget = ctx.data().config.answer_budget();
    let (result, deferred) = if budget.is_zero() {
        // No budget: put off before any work, so every answer goes the deferred way.
        let deferred =
            deliver::defer(http, Asked::Command(ctx.interaction), Deferred::Private).await;
        (work.await, Some(deferred))
    } else {
        tokio::select! {
            result = &mut work => (result, None),
            _ = tokio::time::sleep(budget) => {
                let deferred = deliver::defer(http, Asked::Command(ctx.interaction), Deferred::Private).await;
                (work.await, Some(deferred))
            }
        }
    };
    let reply = result.unwrap_or_else(|e| {
        if !matches!(e, crate::services::ServiceError::Refused(_)) {
            tracing::error!(error = %crate::logs::Redacted(&e), command = %ctx.command().qualified_name, "service failed");
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
        Asker {
            user: &ctx.interaction.user,
            member: ctx.interaction.member.as_deref(),
            locale: &ctx.interaction.locale,
            guild_locale: ctx.interaction.guild_locale.as_deref(),
        },
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
    speaking_to(ctx, async { preset_suggestions(ctx, partial) }).await
}

fn preset_suggestions(ctx: Ctx<'_>, partial: &str) -> CreateAutocompleteResponse {
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
        // A value Discord would refuse could not come back as the preset: not offered (the
        // admin can still type it).
        .filter(|(stem, _, _)| stem.chars().count() <= CHOICE_LIMIT)
        .take(SUGGESTIONS)
        .map(|(stem, name, stages)| {
            let shown = msg!("preset-choice", name = name, stages = stages);
            AutocompleteChoice::new(fit(&shown, CHOICE_LIMIT), stem)
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
    #[description = "Minutes for a decision only one director owes, e.g. a slot (default: the preset's, else as a round)"]
    #[min = 1]
    #[max = 10080]
    decision_deadline: Option<u32>,
    #[description = "The language of the tour's posts and pictures (default: the server's)"]
    language: Option<TourLanguage>,
) -> Result<(), Error> {
    let settings = TourSettings {
        preset,
        seats: teams.unwrap_or(4),
        turn_deadline_secs: deadline
            .map(|m| i64::from(m) * 60)
            .unwrap_or(ctx.data().config.default_turn_deadline_secs),
        seed: None,
        decision_deadline_secs: decision_deadline.map(|m| i64::from(m) * 60),
        language: language.map(TourLanguage::language),
    };
    let result = async {
        ctx.data()
            .services
            .create_tour(&actor(ctx), &channel(ctx), settings)
            .await
    };
    reply(ctx, result).await
}

/// A tour's language (its choices are named in the reader's language, as every choice is).
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum TourLanguage {
    English,
    French,
    Dutch,
}

impl TourLanguage {
    pub fn language(self) -> commissaire_messages::Language {
        match self {
            TourLanguage::English => commissaire_messages::Language::En,
            TourLanguage::French => commissaire_messages::Language::Fr,
            TourLanguage::Dutch => commissaire_messages::Language::Nl,
        }
    }
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
///
/// A tour under way (or just over) has its status message, pinned and kept up to date: this
/// posts it again at the bottom of the channel (the old one deleted) and says so privately.
/// A tour in its lobby, or a channel without a tour, is answered as before, in the reply.
#[poise::command(slash_command, guild_only)]
async fn status(ctx: Ctx<'_>) -> Result<(), Error> {
    let result = async {
        let services = &ctx.data().services;
        let http = ctx.serenity_context().http.as_ref();
        if deliver::repost_status(http, services, ctx.channel_id()).await {
            Ok(crate::services::Reply::private(msg!("status-reposted")))
        } else {
            services.status(&channel(ctx)).await
        }
    };
    reply(ctx, result).await
}

/// `/standings` classification: the tour's own classifications (its game's, from the
/// registry: a world cup's cup, Velo Master's jerseys), narrowed to those whose id or title
/// holds what is typed.
async fn tour_classifications(ctx: Ctx<'_>, partial: &str) -> CreateAutocompleteResponse {
    speaking_to(ctx, async {
        let choices = ctx
            .data()
            .services
            .classification_choices(&channel(ctx))
            .await
            .unwrap_or_default();
        CreateAutocompleteResponse::new().set_choices(classification_suggestions(&choices, partial))
    })
    .await
}

/// What `/standings` suggests for `typed` among the tour's classifications (id, title).
pub fn classification_suggestions(
    classifications: &[(String, String)],
    typed: &str,
) -> Vec<AutocompleteChoice> {
    let typed = typed.trim().to_lowercase();
    classifications
        .iter()
        .filter(|(id, title)| id.contains(&typed) || title.to_lowercase().contains(&typed))
        .filter(|(id, _)| id.chars().count() <= CHOICE_LIMIT)
        .take(SUGGESTIONS)
        .map(|(id, title)| AutocompleteChoice::new(fit(title, CHOICE_LIMIT), id.clone()))
        .collect()
}

/// The standings after the last finished stage.
#[poise::command(slash_command, guild_only)]
pub async fn standings(
    ctx: Ctx<'_>,
    #[description = "Which classification (default: the tour's first); type to see its own"]
    #[autocomplete = "tour_classifications"]
    classification: Option<String>,
    #[description = "True: the classification stage by stage, as a chart of its top ten"]
    chart: Option<bool>,
) -> Result<(), Error> {
    let result = async {
        ctx.data()
            .services
            .standings_one_as(
                &channel(ctx),
                classification.as_deref(),
                chart.unwrap_or(false),
            )
            .await
    };
    reply(ctx, result).await
}

// With `replay`, a finished stage again as an animation (drawn in a second or so: the answer
// is deferred when it takes longer than the answer budget, as every command's is). With `log`,
// a stage told turn by turn as a Markdown file, for the asker alone (0: the one being raced:
// an option cannot be given without a value). One of the two at a time.
/// The stage being raced: its profile, the round, who leads on the road.
#[poise::command(slash_command, guild_only)]
pub async fn stage(
    ctx: Ctx<'_>,
    #[description = "A finished stage's number: see it again as an animation, turn by turn"]
    #[min = 1]
    #[max = 99]
    replay: Option<u32>,
    #[description = "A stage's number (0: the one being raced): told turn by turn in a file, only for you"]
    #[min = 0]
    #[max = 99]
    log: Option<u32>,
) -> Result<(), Error> {
    let result = async {
        let services = &ctx.data().services;
        match (replay, log) {
            (Some(_), Some(_)) => Err(crate::services::ServiceError::refused(msg!(
                "stage-log-or-replay",
                stage = services.command("stage")
            ))),
            (Some(stage), None) => services.stage_replay(&channel(ctx), Some(stage)).await,
            (None, Some(stage)) => {
                let stage = (stage > 0).then_some(stage);
                services.stage_log(&channel(ctx), stage).await
            }
            (None, None) => services.stage_info(&channel(ctx)).await,
        }
    };
    reply(ctx, result).await
}

/// Your riders and your options, only for you, with a button for each choice.
#[poise::command(slash_command, guild_only)]
pub async fn hand(ctx: Ctx<'_>) -> Result<(), Error> {
    let result = async { ctx.data().services.hand(&actor(ctx), &channel(ctx)).await };
    reply(ctx, result).await
}

/// Win chances in the stage, from playouts of the race as your team sees it (only for you)
#[poise::command(slash_command, guild_only)]
pub async fn odds(ctx: Ctx<'_>) -> Result<(), Error> {
    let result = async { ctx.data().services.odds(&actor(ctx), &channel(ctx)).await };
    reply(ctx, result).await
}

/// The most suggestions Discord shows for an option.
const SUGGESTIONS: usize = 25;

/// `/play` choice: the options open to the player now, as their buttons read, narrowed to
/// those whose words contain every word typed so far ("rou 5" finds "Reds Rouleur: Keep 5"),
/// then the whole decisions those options are steps to ("12/1" finds a Maillot Jaune move to
/// that cell, typed in full).
async fn own_options(ctx: Ctx<'_>, partial: &str) -> CreateAutocompleteResponse {
    speaking_to(ctx, async {
        let (open, whole) = ctx
            .data()
            .services
            .play_choices(&actor(ctx), &channel(ctx))
            .await
            .unwrap_or_default();
        CreateAutocompleteResponse::new().set_choices(suggestions_of(&open, &whole, partial))
    })
    .await
}

/// What `/play` suggests for `typed`: the options whose words hold every word typed, each
/// read as its button (cut to Discord's 100 characters at a word) with its key as the value,
/// which `/play` resolves whatever the name shows.
pub fn suggestions(open: &[LabelledOption], typed: &str) -> Vec<AutocompleteChoice> {
    suggestions_of(open, &[], typed)
}

/// As [`suggestions`], the step's options first (every one of them: a step fits Discord's 25),
/// then the whole decisions (`whole`, none of them among `open`) whose words hold every word
/// typed, as many as there is room for.
pub fn suggestions_of(
    open: &[LabelledOption],
    whole: &[LabelledOption],
    typed: &str,
) -> Vec<AutocompleteChoice> {
    open.iter()
        .chain(whole)
        .filter(|o| matches_words(o, typed))
        .take(SUGGESTIONS)
        .map(|o| AutocompleteChoice::new(fit(&option_text(o), CHOICE_LIMIT), o.key.to_string()))
        .collect()
}

fn matches_words(option: &LabelledOption, typed: &str) -> bool {
    let text = option_text(option).to_lowercase();
    typed
        .to_lowercase()
        .split_whitespace()
        .all(|w| text.contains(w))
}

/// Make a choice: pick one of the options open to you (type to narrow them down).
#[poise::command(slash_command, guild_only)]
pub async fn play(
    ctx: Ctx<'_>,
    #[description = "One of your options, e.g. \"Rouleur: Keep 5\"; type to narrow them down"]
    #[autocomplete = "own_options"]
    choice: String,
) -> Result<(), Error> {
    let services = &ctx.data().services;
    let me = actor(ctx);
    let here = channel(ctx);
    let request = ctx.interaction.id.to_string();
    let result = async {
        if services.already_counted(&request).await? {
            return Ok(crate::services::Reply::private(msg!(
                "choose-already-counted"
            )));
        }
        match services.play_choices(&me, &here).await {
            Err(e) => Err(e),
            Ok((open, whole)) => match resolve_play(&open, &whole, &choice) {
                Ok(key) => services.choose(&me, &here, &request, Pick::now(key)).await,
                Err(sentence) => Err(crate::services::ServiceError::Refused(sentence)),
            },
        }
    };
    reply(ctx, result).await
}

/// Reads `/play`'s choice: the key autocomplete gives, or words typed by hand that name exactly
/// one open option (its whole text, or enough words of it); failing that, one whole decision
/// the options are steps to (`whole`: a move typed in full). Legality stays the ruleset's to
/// judge: a key goes through as given and comes back refused if it breaks a rule.
pub fn resolve_play(
    open: &[LabelledOption],
    whole: &[LabelledOption],
    typed: &str,
) -> Result<Key, String> {
    let typed = typed.trim();
    if open.is_empty() {
        return Err(msg!("play-nothing-to-choose"));
    }
    let every = || open.iter().chain(whole);
    if let Some(o) = every().find(|o| o.key.as_str() == typed) {
        return Ok(o.key);
    }
    if let Some(o) = every().find(|o| option_text(o).eq_ignore_ascii_case(typed)) {
        return Ok(o.key);
    }
    let mut found: Vec<&LabelledOption> = open.iter().filter(|o| matches_words(o, typed)).collect();
    if found.is_empty() {
        found = whole.iter().filter(|o| matches_words(o, typed)).collect();
    }
    match found.as_slice() {
        [one] => Ok(one.key),
        [] => Err(msg!(
            "play-no-such-option",
            typed = typed,
            options = listed(open)
        )),
        many => Err(msg!(
            "play-ambiguous",
            typed = typed,
            options = listed(&many.iter().map(|o| (*o).clone()).collect::<Vec<_>>())
        )),
    }
}

/// Options as a short list for a refusal (a message has room for a few, not dozens).
fn listed(options: &[LabelledOption]) -> String {
    const SHOWN: usize = 8;
    let mut words: Vec<String> = options.iter().take(SHOWN).map(option_text).collect();
    if options.len() > SHOWN {
        words.push(msg!("play-and-more", count = options.len() - SHOWN));
    }
    words.join(", ")
}

/// Whether the bot chooses for your team (on) until you take it back (off).
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Switch {
    On,
    Off,
}

/// Let the bot choose for your team while you are away, or take your team back.
#[poise::command(slash_command, guild_only)]
pub async fn autopilot(
    ctx: Ctx<'_>,
    #[description = "on: the bot chooses for your team; off: you choose again"] switch: Switch,
) -> Result<(), Error> {
    let on = matches!(switch, Switch::On);
    let result = async {
        ctx.data()
            .services
            .autopilot(&actor(ctx), &channel(ctx), on)
            .await
    };
    reply(ctx, result).await
}

// Discord shows it only to members with Manage Channels unless a server grants it to a role
// (Server Settings → Integrations); the services check the actor all the same, so a grant
// never bypasses the configured admin role or the permission.
/// Tour administration (Manage Channels, or the configured role).
#[poise::command(
    slash_command,
    guild_only,
    default_member_permissions = "MANAGE_CHANNELS",
    subcommands(
        "pause",
        "resume",
        "deadline",
        "close_round",
        "replace",
        "abandon",
        "repechage",
        "end",
        "export"
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

/// The whole tour as one file anyone can check with commissaire verify.
#[poise::command(slash_command, guild_only)]
async fn export(ctx: Ctx<'_>) -> Result<(), Error> {
    let result = async {
        ctx.data()
            .services
            .export_reply(&actor(ctx), &channel(ctx))
            .await
    };
    reply(ctx, result).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open() -> Vec<LabelledOption> {
        [
            ("Reds Rouleur", "Draw", "d:3"),
            ("Reds Sprinteur", "Keep 5", "k:4:5"),
            ("Reds Sprinteur", "Keep E (exhaustion)", "k:4:E"),
        ]
        .into_iter()
        .map(|(group, label, key)| LabelledOption::plain(group, label, Key::new(key).unwrap()))
        .collect()
    }

    fn key(k: &str) -> Key {
        Key::new(k).unwrap()
    }

    #[test]
    fn play_reads_a_key_the_whole_words_or_enough_of_them() {
        assert_eq!(resolve_play(&open(), &[], "d:3"), Ok(key("d:3")));
        assert_eq!(
            resolve_play(&open(), &[], "reds sprinteur: keep 5"),
            Ok(key("k:4:5"))
        );
        assert_eq!(
            resolve_play(&open(), &[], "sprint exhaust"),
            Ok(key("k:4:E"))
        );
        assert_eq!(resolve_play(&open(), &[], " rouleur "), Ok(key("d:3")));
    }

    #[test]
    fn play_words_that_do_not_name_one_option_say_what_to_give() {
        let e = resolve_play(&open(), &[], "Blues Grimpeur").unwrap_err();
        assert!(
            e.contains("Reds Rouleur: Draw, Reds Sprinteur: Keep 5"),
            "{e}"
        );
        let e = resolve_play(&open(), &[], "sprinteur").unwrap_err();
        assert!(e.contains("type more"), "{e}");
        let e = resolve_play(&[], &[], "d:3").unwrap_err();
        assert!(e.contains("wait for your turn"), "{e}");
    }

    /// A Maillot Jaune rider at the first step of his move: how far, and the moves those
    /// steps lead to, typed in full.
    fn steps() -> (Vec<LabelledOption>, Vec<LabelledOption>) {
        let o = |label: &str, k: &str| LabelledOption::plain("Renault", label, key(k));
        (
            vec![
                o("Ride 2 cells", "r:2"),
                o("Ride 1 cell", "r:1"),
                o("Stay", "s"),
                o("Escape +1 (3 cells)", "e:1"),
            ],
            vec![
                o("Ride to A (12/1)", "m:12:1"),
                o("Ride to B (12/2)", "m:12:2"),
                o("Escape +1 (1 safe, 0 risky) to 13/1", "e:1:0:13:1"),
                o("Escape +1 (0 safe, 1 risky) to 13/1", "e:0:1:13:1"),
            ],
        )
    }

    #[test]
    fn play_takes_a_whole_move_typed_in_full_as_well_as_the_steps_options() {
        let (open, whole) = steps();
        // The step's own words win: "ride 1" is the distance, not a move to a cell.
        assert_eq!(resolve_play(&open, &whole, "ride 1"), Ok(key("r:1")));
        // A move in full, by its key or its words.
        assert_eq!(resolve_play(&open, &whole, "m:12:2"), Ok(key("m:12:2")));
        assert_eq!(resolve_play(&open, &whole, "12/2"), Ok(key("m:12:2")));
        assert_eq!(
            resolve_play(&open, &whole, "(0 13/1"),
            Ok(key("e:0:1:13:1"))
        );
        let e = resolve_play(&open, &whole, "13/1").unwrap_err();
        assert!(e.contains("type more"), "{e}");
        // Autocomplete: the step's options when nothing is typed, the moves as words narrow.
        let shown = |typed| -> Vec<String> {
            suggestions_of(&open, &whole, typed)
                .iter()
                .map(|c| {
                    serde_json::to_value(c).unwrap()["name"]
                        .as_str()
                        .unwrap()
                        .to_string()
                })
                .collect()
        };
        assert_eq!(
            shown(""),
            [
                "Renault: Ride 2 cells",
                "Renault: Ride 1 cell",
                "Renault: Stay",
                "Renault: Escape +1 (3 cells)",
                "Renault: Ride to A (12/1)",
                "Renault: Ride to B (12/2)",
                "Renault: Escape +1 (1 safe, 0 risky) to 13/1",
                "Renault: Escape +1 (0 safe, 1 risky) to 13/1",
            ]
        );
        assert_eq!(
            shown("12/"),
            ["Renault: Ride to A (12/1)", "Renault: Ride to B (12/2)"]
        );
    }

    #[test]
    fn autocomplete_narrows_by_every_word_typed() {
        let all = open();
        let found: Vec<&str> = all
            .iter()
            .filter(|o| matches_words(o, "SPR keep"))
            .map(|o| o.key.as_str())
            .collect();
        assert_eq!(found, ["k:4:5", "k:4:E"]);
    }
}
