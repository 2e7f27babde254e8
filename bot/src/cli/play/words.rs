//! The services word their replies for a Discord channel: Markdown, slash commands, admins and
//! deadlines. The terminal has none of these, so its renderer turns a reply's text into plain
//! lines and drops or rewords what only makes sense on Discord. The facts stay the services'.

use super::super::UsageError;
use commissaire::services::Reply;
use std::path::Path;

/// A reply's text as the terminal prints it.
pub fn terminal_text(text: &str) -> String {
    let mut out = Vec::new();
    for line in text.lines() {
        // Code fences hold tables; the terminal prints them as they are.
        if line.trim_start().starts_with("```") {
            continue;
        }
        let plain = discord_sentences_out(&line.replace("**", "").replace("__", ""));
        // A line that held only a Discord instruction goes; a blank line stays.
        if plain.trim().is_empty() && !line.trim().is_empty() {
            continue;
        }
        out.push(plain);
    }
    out.join("\n").trim().to_string()
}

/// Sentences that tell a Discord user what to do; in the terminal the prompt says it.
fn discord_sentences_out(line: &str) -> String {
    let mut line = line.to_string();
    // "Choose within 1 day or the bot plays for you.": nothing plays for you in the terminal,
    // it waits.
    if let Some(at) = line.find("Choose within ")
        && let Some(len) = line[at..].find("or the bot plays for you.")
    {
        line.replace_range(at..at + len + "or the bot plays for you.".len(), "");
    }
    for (discord, terminal) in [
        ("Directors, open your hand to choose your cards.", ""),
        (
            "The tour is paused: choices wait for an admin to resume it.",
            "The tour is paused.",
        ),
    ] {
        line = line.replace(discord, terminal);
    }
    line.trim_end().to_string()
}

/// The public text of a reply and its follow-ups, for the terminal.
pub fn public_text(reply: &Reply) -> String {
    reply
        .all()
        .iter()
        .filter(|r| !r.private)
        .map(|r| terminal_text(&r.text))
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// Where the pictures of a session go: one folder per stage (`stage-01/`), so standings named
/// the same at every stage (`general.png`) do not overwrite each other.
pub struct Pictures<'a> {
    pub out: &'a Path,
    /// The stage a picture without a stage in its name belongs to: the last one named.
    pub stage: u32,
}

impl Pictures<'_> {
    /// Writes a reply's pictures; returns them as paths under `out`.
    pub fn save(&mut self, reply: &Reply) -> Result<Vec<String>, UsageError> {
        let mut written = Vec::new();
        for part in reply.all() {
            for (name, png) in &part.images {
                if let Some(stage) = stage_of(name) {
                    self.stage = stage;
                }
                let folder = stage_folder(self.stage);
                let dir = self.out.join(&folder);
                std::fs::create_dir_all(&dir)
                    .map_err(|e| UsageError(format!("cannot create {}: {e}", dir.display())))?;
                let path = dir.join(name);
                std::fs::write(&path, png)
                    .map_err(|e| UsageError(format!("cannot write {}: {e}", path.display())))?;
                written.push(format!("{folder}/{name}"));
            }
        }
        Ok(written)
    }

    pub fn save_and_list(&mut self, reply: &Reply) -> Result<(), UsageError> {
        let files = self.save(reply)?;
        if !files.is_empty() {
            println!("(pictures: {})", files.join(", "));
        }
        Ok(())
    }
}

pub fn stage_folder(stage: u32) -> String {
    format!("stage-{stage:02}")
}

/// "stage-3-round-2.png" → 3.
fn stage_of(file: &str) -> Option<u32> {
    file.strip_prefix("stage-")?.split('-').next()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_and_discord_instructions_are_left_out() {
        let text = "**Blue**, stage 1 round 2.\n- Blue Rouleur: keep one\n\
                    Choose within 86394 seconds or the bot plays for you.\n\
                    ```\n 1. Blue Rouleur   1:00\n```\n__General__";
        let shown = terminal_text(text);
        assert_eq!(
            shown,
            "Blue, stage 1 round 2.\n- Blue Rouleur: keep one\n 1. Blue Rouleur   1:00\nGeneral"
        );
        assert_eq!(
            terminal_text(
                "**Tour** starts! 4 teams: A, B. Directors, open your hand to choose your cards."
            ),
            "Tour starts! 4 teams: A, B."
        );
    }

    #[test]
    fn pictures_are_filed_by_stage() {
        assert_eq!(stage_of("stage-12-round-3.png"), Some(12));
        assert_eq!(stage_of("general.png"), None);
        assert_eq!(stage_folder(3), "stage-03");
    }
}
