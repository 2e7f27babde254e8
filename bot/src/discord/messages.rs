//! From a service [`Reply`] to Discord message bodies: text cut to Discord's limits, pictures as
//! attachments, buttons in rows, the round's card as an embed. Nothing here sends anything, so
//! every body can be checked against Discord's API description in tests.

use crate::services::{
    ButtonAction, ButtonSpec, Pressed, Reply, StatusCard, TurnCard, parse_button,
};
use commissaire_engine::registry::Sentence;
use commissaire_messages::{msg, sentence};
use serenity::all::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateEmbed, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, EditAttachments,
    EditInteractionResponse, EditMessage, Nonce, UserId,
};

/// Discord's limits (API reference, "Create Message" and "Message Components").
pub const CONTENT_LIMIT: usize = 2000;
pub const BUTTONS_PER_ROW: usize = 5;
pub const ROWS: usize = 5;
pub const LABEL_LIMIT: usize = 80;
/// A select menu's options, and the length of an option's label.
pub const MENU_OPTIONS: usize = 25;
pub const OPTION_LABEL_LIMIT: usize = 100;
/// An autocomplete choice's name and value ("Autocomplete" in the interactions reference):
/// one too long and Discord refuses the whole answer, every suggestion lost.
pub const CHOICE_LIMIT: usize = 100;
/// A select menu's placeholder.
pub const PLACEHOLDER_LIMIT: usize = 150;
/// An embed's title and description.
pub const EMBED_TITLE_LIMIT: usize = 256;
pub const EMBED_DESCRIPTION_LIMIT: usize = 4096;

/// The maillot jaune's yellow, for the round's card.
const CARD_COLOUR: u32 = 0xF2_C2_00;

/// One message to post: a [`Reply`] (or a piece of one, when its text is too long).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    pub text: String,
    pub files: Vec<(String, Vec<u8>)>,
    pub buttons: Vec<ButtonSpec>,
    /// The round this message opens (its card is drawn as an embed).
    pub card: Option<TurnCard>,
    pub private: bool,
}

/// The messages a reply becomes, in posting order. A text past the limit is cut at line ends
/// into several messages; pictures, buttons and the card go with the last piece, under the
/// text that introduces them. Parts with nothing to show are left out (Discord refuses them).
pub fn parts(reply: &Reply) -> Vec<Part> {
    reply.all().into_iter().flat_map(parts_of).collect()
}

/// The messages of one reply, without its follow-ups (see [`parts`]).
pub fn parts_of(r: &Reply) -> Vec<Part> {
    let mut pieces = chunk_text(&r.text, CONTENT_LIMIT);
    let last = pieces.pop().unwrap_or_default();
    let mut out: Vec<Part> = pieces
        .into_iter()
        .map(|text| Part {
            text,
            files: Vec::new(),
            buttons: Vec::new(),
            card: None,
            private: r.private,
        })
        .collect();
    let part = Part {
        text: last,
        files: r.images.clone(),
        buttons: r.buttons.clone(),
        card: r.turn.clone(),
        private: r.private,
    };
    if !part.text.is_empty() || !part.files.is_empty() || part.card.is_some() {
        out.push(part);
    }
    out
}

/// The cards of rounds a reply asks to tick off (see [`Reply::turn_update`]).
pub fn turn_updates(reply: &Reply) -> Vec<TurnCard> {
    reply
        .all()
        .into_iter()
        .filter_map(|r| r.turn_update.clone())
        .collect()
}

/// Cuts `text` into pieces of at most `limit` characters, at line ends where it can. A code
/// block cut in two is closed at the end of one piece and opened again in the next, so the
/// standings tables stay tables.
pub fn chunk_text(text: &str, limit: usize) -> Vec<String> {
    const FENCE: &str = "```";
    // Room for a closing fence and its newline, and an opening one.
    let room = limit.saturating_sub(2 * (FENCE.len() + 1)).max(1);
    let mut pieces = Vec::new();
    let mut current = String::new();
    let mut in_code = false;
    for line in split_long_lines(text, room) {
        if !current.is_empty() && current.chars().count() + 1 + line.chars().count() > room {
            if in_code {
                current.push('\n');
                current.push_str(FENCE);
            }
            pieces.push(std::mem::take(&mut current));
            if in_code {
                current.push_str(FENCE);
            }
        }
        if !current.is_empty() {
            current.push('\n');
        }
        current.push_str(&line);
        if line.trim_start().starts_with(FENCE) {
            in_code = !in_code;
        }
    }
    if !current.trim().is_empty() {
        pieces.push(current);
    }
    pieces
}

/// The lines of `text`, with any line longer than `limit` characters cut into several.
fn split_long_lines(text: &str, limit: usize) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let chars: Vec<char> = line.chars().collect();
        if chars.is_empty() {
            out.push(String::new());
        }
        for piece in chars.chunks(limit) {
            out.push(piece.iter().collect());
        }
    }
    out
}

/// How a button looks: the way into the hand stands out, a choice is plain, a ballot says
/// yes or no by its colour as well as its words.
fn style_of(id: &str) -> ButtonStyle {
    match parse_button(id).map(|p: Pressed| p.action) {
        Some(ButtonAction::Hand) => ButtonStyle::Primary,
        Some(ButtonAction::Vote { yes: true, .. }) => ButtonStyle::Success,
        Some(ButtonAction::Vote { yes: false, .. }) => ButtonStyle::Danger,
        _ => ButtonStyle::Secondary,
    }
}

/// Buttons five to a row while they fit Discord's five rows; past 25, select menus of 25
/// options each, one a row, in the order given (so a rider's options stay together). An option's
/// value is the id its button would have had, so a pick from a menu is read as that button's
/// press. Five menus hold 125 options; a decision with more is offered in full by `/play`,
/// whose autocomplete narrows them as the player types, and the last menu says so.
pub fn button_rows(buttons: &[ButtonSpec]) -> Vec<CreateActionRow> {
    if buttons.len() > BUTTONS_PER_ROW * ROWS {
        return menu_rows(buttons);
    }
    buttons
        .chunks(BUTTONS_PER_ROW)
        .map(|row| {
            CreateActionRow::Buttons(
                row.iter()
                    .map(|b| {
                        CreateButton::new(b.id.clone())
                            .label(fit(&b.label, LABEL_LIMIT))
                            .style(style_of(&b.id))
                    })
                    .collect(),
            )
        })
        .collect()
}

fn menu_rows(buttons: &[ButtonSpec]) -> Vec<CreateActionRow> {
    let total = buttons.len();
    let menus: Vec<&[ButtonSpec]> = buttons.chunks(MENU_OPTIONS).take(ROWS).collect();
    let shown = menus.iter().map(|m| m.len()).sum::<usize>();
    menus
        .iter()
        .enumerate()
        .map(|(n, chunk)| {
            let first = n * MENU_OPTIONS + 1;
            let last = first + chunk.len() - 1;
            let placeholder = if n + 1 == menus.len() && shown < total {
                // A placeholder shows its text as it is: the command by its name, not a mention.
                msg!(
                    "menu-placeholder-more",
                    first = first,
                    last = last,
                    total = total,
                    play = commissaire_messages::command_plain("play")
                )
            } else {
                msg!(
                    "menu-placeholder",
                    first = first,
                    last = last,
                    total = total
                )
            };
            let options = chunk
                .iter()
                .map(|b| CreateSelectMenuOption::new(fit(&b.label, OPTION_LABEL_LIMIT), &b.id))
                .collect();
            CreateActionRow::SelectMenu(
                CreateSelectMenu::new(
                    format!("menu:{n}"),
                    CreateSelectMenuKind::String { options },
                )
                .placeholder(fit(&placeholder, PLACEHOLDER_LIMIT)),
            )
        })
        .collect()
}

/// `text` within `limit` characters: whole when it fits, else cut after its last whole word
/// that leaves room for an ellipsis (in the middle of a word only when one word alone is
/// longer than half the room), so a cut label still reads.
pub fn fit(text: &str, limit: usize) -> String {
    if text.chars().count() <= limit {
        return text.to_string();
    }
    let room = limit.saturating_sub(1);
    let head: String = text.chars().take(room).collect();
    // Whether the character after the head starts a new word: then the head ends on a whole one.
    let whole = text.chars().nth(room).is_some_and(char::is_whitespace);
    let cut = if whole {
        head.as_str()
    } else {
        match head.rfind(char::is_whitespace) {
            Some(at) if head[..at].chars().count() >= room / 2 => &head[..at],
            _ => head.as_str(),
        }
    };
    let mut out = cut
        .trim_end_matches(|c: char| c.is_whitespace() || matches!(c, ',' | ':' | ';' | '(' | '-'))
        .to_string();
    out.push('…');
    out
}

/// The round's card: the teams, ticked off as they choose, and when the round closes. The
/// mentions here are names only (embeds never ping); reminders ping. It is the channel's, so
/// it reads in the tour's language whoever's press redraws it.
pub fn turn_embed(card: &TurnCard) -> CreateEmbed {
    commissaire_messages::speaking(card.language, || card_embed(card))
}

fn card_embed(card: &TurnCard) -> CreateEmbed {
    let mut lines: Vec<String> = card
        .teams
        .iter()
        .map(|t| {
            let who = match &t.director {
                Some(user) => msg!("card-team-director", team = &t.name, user = user.as_str()),
                None => msg!("card-team-bot", team = &t.name),
            };
            if t.done {
                msg!("card-team-done", who = who)
            } else {
                msg!("card-team-waiting", who = who)
            }
        })
        .collect();
    let waiting = card.waiting().count();
    lines.push(String::new());
    lines.push(match (waiting, card.deadline) {
        (0, _) => msg!("card-all-chosen"),
        (_, Some(deadline)) => msg!(
            "card-choose",
            deadline = deadline.to_string(),
            play = commissaire_messages::command("play", card.play_command)
        ),
        (_, None) => msg!("card-paused"),
    });
    // A card stored before turns had names counts rounds, as it did then.
    let turn = if card.turn.is_empty() {
        sentence(&Sentence::round(card.round))
    } else {
        card.turn.clone()
    };
    CreateEmbed::new()
        .title(fit(
            &msg!("card-title", title = &card.title, turn = turn),
            EMBED_TITLE_LIMIT,
        ))
        .description(fit(&lines.join("\n"), EMBED_DESCRIPTION_LIMIT))
        .colour(CARD_COLOUR)
}

fn attachments(part: &Part) -> Vec<CreateAttachment> {
    part.files
        .iter()
        .map(|(name, bytes)| CreateAttachment::bytes(bytes.clone(), name.clone()))
        .collect()
}

/// No message of ours pings anyone unless it says whom: a status naming directors stays quiet.
pub fn quiet() -> CreateAllowedMentions {
    CreateAllowedMentions::new()
}

/// Fills any of serenity's message builders from a part: they share these methods by name but
/// no trait, and the three kinds of message must never differ in what they carry.
macro_rules! fill {
    ($builder:expr, $part:expr, $mentions:expr) => {{
        let part: &Part = $part;
        let m = $builder
            .content(part.text.clone())
            .components(button_rows(&part.buttons))
            .allowed_mentions($mentions)
            .files(attachments(part));
        match &part.card {
            Some(card) => m.embed(turn_embed(card)),
            None => m,
        }
    }};
}

/// A message answering an interaction (a new one, or the one the button was on, updated).
pub fn interaction_message(part: &Part) -> CreateInteractionResponseMessage {
    fill!(CreateInteractionResponseMessage::new(), part, quiet()).ephemeral(part.private)
}

/// The answer to a deferred interaction, as an edit of its original response (the
/// "thinking…" note, or the message whose button was pressed): every field is set, so nothing
/// of what was there stays.
pub fn response_edit(part: &Part) -> EditInteractionResponse {
    let m = EditInteractionResponse::new()
        .content(part.text.clone())
        .components(button_rows(&part.buttons))
        .allowed_mentions(quiet())
        .clear_attachments();
    let m = attachments(part)
        .into_iter()
        .fold(m, |m, file| m.new_attachment(file));
    match &part.card {
        Some(card) => m.embed(turn_embed(card)),
        None => m.embeds(Vec::new()),
    }
}

/// A further private message after the interaction was answered.
pub fn followup(part: &Part) -> CreateInteractionResponseFollowup {
    fill!(CreateInteractionResponseFollowup::new(), part, quiet()).ephemeral(part.private)
}

/// A public message in the channel. Rounds open with one of these, as the bot can edit its
/// own channel messages for as long as the round lasts (an interaction's token lasts 15
/// minutes).
pub fn channel_message(part: &Part, ping: &[UserId]) -> CreateMessage {
    fill!(CreateMessage::new(), part, quiet().users(ping.to_vec()))
}

/// A message the channel is owed, part `n` of its outbox row: the nonce is the row's, and with
/// `enforce_nonce` Discord answers a second post of it (after a crash, at the next start) with
/// the message it made the first time rather than a new one.
pub fn owed_message(part: &Part, nonce: &str, n: usize) -> CreateMessage {
    channel_message(part, &[])
        .nonce(Nonce::String(format!("{nonce}.{n}")))
        .enforce_nonce(true)
}

/// The edit that carries a phase's news into its post (a game told phase by phase): the text
/// (the phase so far), the board, the buttons and the card all replace what the post showed,
/// its old board included.
pub fn phase_edit(part: &Part) -> EditMessage {
    let files = attachments(part)
        .into_iter()
        .fold(EditAttachments::new(), |files, file| files.add(file));
    let m = EditMessage::new()
        .content(part.text.clone())
        .components(button_rows(&part.buttons))
        .allowed_mentions(quiet())
        .attachments(files);
    match &part.card {
        Some(card) => m.embed(turn_embed(card)),
        None => m.embeds(Vec::new()),
    }
}

/// The edit that ticks a team off: only the card changes, the board and the button stay.
pub fn turn_edit(card: &TurnCard) -> EditMessage {
    EditMessage::new().embed(turn_embed(card))
}

/// The tour's status message as Discord shows it, in the tour's language: where the race is,
/// the teams (those still awaited, since when), when the bot plays for them, the jerseys. Times
/// are Discord timestamps, which each reader sees in their own clock and which stay true
/// without an edit. Kept under one message.
pub fn status_text(card: &StatusCard) -> String {
    let text = commissaire_messages::speaking(card.language, || {
        let mut lines = vec![msg!("status-card-title"), card.head.clone()];
        if !card.over {
            if card.paused {
                lines.push(msg!("card-paused"));
            } else if card.teams.iter().all(|t| t.done) {
                lines.push(msg!("card-all-chosen"));
            } else {
                lines.push(match card.since {
                    Some(since) => msg!("status-card-waiting-since", since = since),
                    None => msg!("status-card-waiting"),
                });
            }
            for t in &card.teams {
                let who = match &t.director {
                    Some(user) => msg!("card-team-director", team = &t.name, user = user.as_str()),
                    None => msg!("card-team-bot", team = &t.name),
                };
                lines.push(if t.done {
                    msg!("card-team-done", who = who)
                } else {
                    msg!("card-team-waiting", who = who)
                });
            }
            if let Some(deadline) = card.deadline
                && card.teams.iter().any(|t| !t.done)
            {
                lines.push(msg!("status-card-deadline", deadline = deadline));
            }
        }
        if !card.jerseys.is_empty() {
            if !card.over {
                lines.push(msg!("status-card-jerseys"));
            }
            lines.extend(card.jerseys.iter().map(|j| format!("- {j}")));
        }
        lines.join("\n")
    });
    chunk_text(&text, 2000)
        .into_iter()
        .next()
        .unwrap_or_default()
}

/// The status message posted: no one is pinged by it, nor by its edits.
pub fn status_message(text: &str) -> CreateMessage {
    CreateMessage::new().content(text).allowed_mentions(quiet())
}

/// The status message edited to show `text`.
pub fn status_edit(text: &str) -> EditMessage {
    EditMessage::new().content(text).allowed_mentions(quiet())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::{TeamTick, hand_button};

    #[test]
    fn short_text_is_one_piece_and_long_text_is_cut_at_line_ends() {
        assert_eq!(chunk_text("hello\nworld", 2000), vec!["hello\nworld"]);
        let line = "x".repeat(30);
        let text = vec![line.clone(); 200].join("\n");
        let pieces = chunk_text(&text, 2000);
        assert!(pieces.len() >= 3, "{}", pieces.len());
        for p in &pieces {
            assert!(p.chars().count() <= 2000);
            assert!(p.lines().all(|l| l == line), "cut inside a line");
        }
        assert_eq!(pieces.join("\n"), text, "nothing lost");
    }

    #[test]
    fn a_code_block_cut_in_two_is_closed_and_reopened() {
        let mut text = String::from("**Standings**\n```\n");
        for i in 0..120 {
            text.push_str(&format!("{i:>3}. Rider number {i:<20} 1:23:45\n"));
        }
        text.push_str("```\nAfter the table.");
        let pieces = chunk_text(&text, 2000);
        assert!(pieces.len() >= 2);
        for p in &pieces {
            assert!(p.chars().count() <= 2000, "{}", p.chars().count());
            assert_eq!(p.matches("```").count() % 2, 0, "unbalanced fence in {p}");
        }
    }

    #[test]
    fn one_very_long_line_is_cut_too() {
        let text = "é".repeat(4500);
        let pieces = chunk_text(&text, 2000);
        assert_eq!(pieces.len(), 3);
        assert!(pieces.iter().all(|p| p.chars().count() <= 2000));
        assert_eq!(pieces.concat(), text);
    }

    #[test]
    fn pictures_and_buttons_go_with_the_last_piece() {
        let mut reply = Reply::public("a line\n".repeat(600));
        reply.images.push(("board.png".into(), vec![1, 2, 3]));
        reply.buttons.push(hand_button(
            1,
            &commissaire_engine::registry::RULESETS[0].words,
        ));
        reply.followups.push(Reply::private("secret"));
        let parts = parts(&reply);
        assert!(parts.len() >= 3);
        let (last_public, first) = (&parts[parts.len() - 2], &parts[0]);
        assert!(first.files.is_empty() && first.buttons.is_empty());
        assert_eq!(last_public.files.len(), 1);
        assert_eq!(last_public.buttons.len(), 1);
        assert!(parts.last().unwrap().private);
        assert!(parts[..parts.len() - 1].iter().all(|p| !p.private));
    }

    #[test]
    fn buttons_fill_rows_of_five_and_long_labels_are_shortened() {
        let buttons: Vec<ButtonSpec> = (0..12)
            .map(|i| ButtonSpec {
                id: format!("v1:1:draw:{i}"),
                label: "L".repeat(100),
            })
            .collect();
        let rows = serde_json::to_value(button_rows(&buttons)).unwrap();
        let rows = rows.as_array().unwrap();
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[2]["components"].as_array().unwrap().len(), 2);
        let label = rows[0]["components"][0]["label"].as_str().unwrap();
        assert_eq!(label.chars().count(), LABEL_LIMIT);
    }

    fn options(n: usize) -> Vec<ButtonSpec> {
        (0..n)
            .map(|i| ButtonSpec {
                id: format!("v2:1:1:0:o:{i}"),
                label: format!("Option {i}"),
            })
            .collect()
    }

    #[test]
    fn a_text_too_long_is_cut_at_a_word_with_an_ellipsis() {
        let long = "Vélo Club Mécanique Team-mate 2: Entraide with Les Grimpettes Team-mate 4 \
                    behind: leapfrog, +2 each, and then some more words to pass the limit";
        let cut = fit(long, 100);
        assert!(cut.chars().count() <= 100, "{}", cut.chars().count());
        assert!(cut.ends_with('…'), "{cut}");
        let kept = cut.trim_end_matches('…');
        assert!(long.starts_with(kept), "{cut}");
        // It ends where a word of the text ends.
        assert!(
            long[kept.len()..].starts_with([' ', ',', ':']),
            "cut inside a word: {cut}"
        );
        assert_eq!(fit("short", 100), "short");
        // One word longer than the room is cut inside it.
        assert_eq!(fit(&"x".repeat(120), 10).chars().count(), 10);
    }

    #[test]
    fn twenty_five_options_are_buttons_and_twenty_six_are_menus() {
        let rows = serde_json::to_value(button_rows(&options(25))).unwrap();
        assert_eq!(rows.as_array().unwrap().len(), 5);
        assert_eq!(rows[4]["components"][4]["type"], 2, "a button");
        let rows = serde_json::to_value(button_rows(&options(26))).unwrap();
        let rows = rows.as_array().unwrap();
        assert_eq!(rows.len(), 2);
        let menu = &rows[0]["components"][0];
        assert_eq!(menu["type"], 3, "a string select menu");
        assert_eq!(menu["options"].as_array().unwrap().len(), 25);
        assert_eq!(menu["options"][0]["value"], "v2:1:1:0:o:0");
        assert_eq!(rows[1]["components"][0]["options"][0]["label"], "Option 25");
        assert_eq!(
            rows[1]["components"][0]["placeholder"],
            "Options 26–26 of 26"
        );
    }

    #[test]
    fn past_five_menus_the_last_one_points_to_play() {
        let rows = serde_json::to_value(button_rows(&options(130))).unwrap();
        let rows = rows.as_array().unwrap();
        assert_eq!(rows.len(), 5);
        let last = &rows[4]["components"][0];
        assert_eq!(
            last["placeholder"],
            "Options 101–125 of 130: /play offers them all"
        );
    }

    #[test]
    fn the_status_message_says_who_is_awaited_since_when_until_when_and_the_jerseys() {
        let card = StatusCard {
            tour_id: 1,
            language: commissaire_messages::Language::En,
            head: "**Week**: stage 2 of 7, Col, round 5.".into(),
            paused: false,
            over: false,
            deadline: Some(1_800_000_600),
            since: Some(1_800_000_000),
            teams: vec![
                TeamTick {
                    name: "Reds".into(),
                    director: Some("11".into()),
                    done: true,
                },
                TeamTick {
                    name: "Blues".into(),
                    director: None,
                    done: false,
                },
            ],
            jerseys: vec!["General classification: Reds Leader".into()],
        };
        assert_eq!(
            status_text(&card),
            "📌 Where the tour stands\n**Week**: stage 2 of 7, Col, round 5.\n\
             Awaited since <t:1800000000:R>:\n✅ Reds · <@11>\n⏳ Blues · bot\n\
             The bot plays for late teams <t:1800000600:R>.\nJerseys:\n\
             - General classification: Reds Leader"
        );
        // Paused: no deadline, and it says why the teams wait.
        let paused = StatusCard {
            paused: true,
            deadline: None,
            ..card.clone()
        };
        let text = status_text(&paused);
        assert!(text.contains("The tour is paused"), "{text}");
        assert!(!text.contains("The bot plays"), "{text}");
        // Everyone through: no deadline either.
        let mut through = card.clone();
        through.teams[1].done = true;
        let text = status_text(&through);
        assert!(text.contains("Every team has chosen"), "{text}");
        assert!(!text.contains("The bot plays"), "{text}");
        // Over: the head and the winners alone; in the tour's language.
        let over = StatusCard {
            over: true,
            head: "**Week** is over. The winners:".into(),
            language: commissaire_messages::Language::Nl,
            ..card
        };
        assert_eq!(
            status_text(&over),
            "📌 Zo staat de tour\n**Week** is over. The winners:\n\
             - General classification: Reds Leader"
        );
    }

    #[test]
    fn the_card_ticks_teams_and_names_the_deadline() {
        let card = TurnCard {
            tour_id: 1,
            stage: 2,
            round: 5,
            turn: "round 5".into(),
            title: "Stage 2/7, Col".into(),
            teams: vec![
                TeamTick {
                    name: "Reds".into(),
                    director: Some("11".into()),
                    done: true,
                },
                TeamTick {
                    name: "Blues".into(),
                    director: Some("22".into()),
                    done: false,
                },
                TeamTick {
                    name: "Cycles Robot".into(),
                    director: None,
                    done: true,
                },
            ],
            deadline: Some(1_800_000_000),
            language: Default::default(),
            play_command: None,
        };
        let embed = serde_json::to_value(turn_embed(&card)).unwrap();
        assert_eq!(embed["title"], "Stage 2/7, Col: round 5");
        let d = embed["description"].as_str().unwrap();
        assert!(d.contains("✅ Reds · <@11>"), "{d}");
        assert!(d.contains("⏳ Blues · <@22>"), "{d}");
        assert!(d.contains("Cycles Robot · bot"), "{d}");
        assert!(d.contains("<t:1800000000:R>"), "{d}");
        // A French tour's card reads in French, whoever redraws it.
        let french = TurnCard {
            language: commissaire_messages::Language::Fr,
            ..card
        };
        let embed = serde_json::to_value(turn_embed(&french)).unwrap();
        let d = embed["description"].as_str().unwrap();
        assert!(
            d.contains("Le bot joue pour les équipes en retard <t:1800000000:R>"),
            "{d}"
        );
        // Before Discord has told /play's id, the card names it in its own language.
        assert!(d.contains("ci-dessous ou /jouer."), "{d}");
        // Once it has, every member reads the command in theirs, as a link.
        let told = TurnCard {
            play_command: Some(1_234),
            ..french
        };
        let embed = serde_json::to_value(turn_embed(&told)).unwrap();
        let d = embed["description"].as_str().unwrap();
        assert!(d.contains("ci-dessous ou </play:1234>."), "{d}");
        // A card stored before cards named the command has no id: it names it in words.
        let mut stored = serde_json::to_value(&told).unwrap();
        stored.as_object_mut().unwrap().remove("play_command");
        let old: TurnCard = serde_json::from_value(stored).unwrap();
        assert_eq!(old.play_command, None);
    }

    #[test]
    fn the_card_names_the_turn_as_its_game_does_and_an_old_card_counts_rounds() {
        let card = TurnCard {
            tour_id: 1,
            stage: 1,
            round: 2,
            turn: "breakaway bid 2 of 2".into(),
            title: "Stage 1/2, Avenue".into(),
            teams: Vec::new(),
            deadline: None,
            language: Default::default(),
            play_command: None,
        };
        let embed = serde_json::to_value(turn_embed(&card)).unwrap();
        assert_eq!(embed["title"], "Stage 1/2, Avenue: breakaway bid 2 of 2");
        // A card the outbox kept from before turns had names.
        let mut stored = serde_json::to_value(&card).unwrap();
        stored.as_object_mut().unwrap().remove("turn");
        let old: TurnCard = serde_json::from_value(stored).unwrap();
        let embed = serde_json::to_value(turn_embed(&old)).unwrap();
        assert_eq!(embed["title"], "Stage 1/2, Avenue: round 2");
    }
}
