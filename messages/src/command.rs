//! How a sentence names a slash command.
//!
//! A post in a channel is read by every member at once, each in their own language, and each
//! member's Discord shows the commands by their localized names (`/play` is `/jouer` to a French
//! member, `/spelen` to a Dutch one). A sentence therefore never writes a command out: the
//! catalogue takes it as an argument (`Choose with the button below or { $play }.`), and the
//! caller gives [`command`]'s words for it:
//!
//! - in Discord, once the command's id is known (Discord gives it when the commands are
//!   registered), its mention `</play:1234>`: every member's client shows it in their own
//!   language, as a link that opens the command. A subcommand is named by its whole path with
//!   the top command's id, `</tour create:1234>`;
//! - in Discord, before the ids are known (the registration failed, or a post made while it was
//!   under way), the command as `/name` in the sentence's language (`/tour créer`): right for
//!   those who read that language, and still a command everyone can find in the list;
//! - in a terminal, which has no slash commands, the command's words in the sentence's language
//!   (`play`), with no slash.
//!
//! The words of a command are its messages in `commands.ftl` (`cmd-tour`, `cmd-tour-create`),
//! the same ones Discord is given at registration, so a sentence names a command exactly as
//! its reader's Discord lists it.

use crate::{Medium, format_in, language, medium};

/// The command at `path` ("play", "tour create": its English names, as registered) as a
/// sentence names it for this process's medium, in the current language. `id`: the id Discord
/// gave the command at `path`'s head when it was registered, if known.
pub fn command(path: &str, id: Option<u64>) -> String {
    command_for(medium(), path, id)
}

/// As [`command`], for the medium given.
pub fn command_for(medium: Medium, path: &str, id: Option<u64>) -> String {
    match (medium, id) {
        (Medium::Terminal, _) => words(path),
        (Medium::Discord, Some(id)) => mention(path, id),
        (Medium::Discord, None) => command_plain(path),
    }
}

/// The command at `path` as `/name` in the current language, for the places where Discord shows
/// text as it is and a mention would read as its raw `</play:1234>` (a select menu's
/// placeholder, a button's label).
pub fn command_plain(path: &str) -> String {
    format!("/{}", words(path))
}

/// Discord's mention of the command at `path`, whose top command has `id`.
pub fn mention(path: &str, id: u64) -> String {
    let path = path.split_whitespace().collect::<Vec<_>>().join(" ");
    format!("</{path}:{id}>")
}

/// The command's names in the current language, word by word along its path ("tour créer").
fn words(path: &str) -> String {
    let language = language();
    let mut id = String::from("cmd");
    path.split_whitespace()
        .map(|name| {
            id.push('-');
            id.push_str(name);
            format_in(language, Medium::Discord, &id, None, &[])
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Language, speaking};

    #[test]
    fn a_known_command_is_its_mention_whatever_the_language() {
        for l in Language::ALL {
            speaking(l, || {
                assert_eq!(command_for(Medium::Discord, "play", Some(77)), "</play:77>");
                assert_eq!(
                    command_for(Medium::Discord, "tour create", Some(12)),
                    "</tour create:12>"
                );
            });
        }
    }

    #[test]
    fn an_unknown_command_is_its_name_in_the_sentence_language() {
        let named = |l| speaking(l, || command_for(Medium::Discord, "tour create", None));
        assert_eq!(named(Language::En), "/tour create");
        assert_eq!(named(Language::Fr), "/tour créer");
        assert_eq!(named(Language::Nl), "/tour aanmaken");
        assert_eq!(
            speaking(Language::Fr, || command_plain("autopilot")),
            "/pilote-auto"
        );
    }

    #[test]
    fn a_terminal_reads_the_command_words_without_a_slash() {
        let named = |l| speaking(l, || command_for(Medium::Terminal, "play", Some(5)));
        assert_eq!(named(Language::En), "play");
        assert_eq!(named(Language::Nl), "spelen");
    }
}
