//! The services word their replies for the medium the process speaks to (see
//! `commissaire_messages::Medium`): `play` sets the terminal, so a message with a terminal
//! wording comes out in it, without the Discord-only instructions. What is left here is form:
//! the terminal prints Markdown's emphasis and code fences as plain lines.

use super::super::{UsageError, cannot_create, cannot_write};
use crate::services::Reply;
use commissaire_messages::msg;
use std::path::Path;

/// A reply's text as the terminal prints it.
pub fn terminal_text(text: &str) -> String {
    let mut out = Vec::new();
    for line in text.lines() {
        // Code fences hold tables; the terminal prints them as they are.
        if line.trim_start().starts_with("```") {
            continue;
        }
        let plain = line.replace("**", "").replace("__", "");
        // A line that held only a Discord instruction goes; a blank line stays.
        if plain.trim().is_empty() && !line.trim().is_empty() {
            continue;
        }
        out.push(plain);
    }
    out.join("\n").trim().to_string()
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
                std::fs::create_dir_all(&dir).map_err(|e| cannot_create(&dir, e))?;
                let path = dir.join(name);
                std::fs::write(&path, png).map_err(|e| cannot_write(&path, e))?;
                written.push(format!("{folder}/{name}"));
            }
        }
        Ok(written)
    }

    pub fn save_and_list(&mut self, reply: &Reply) -> Result<(), UsageError> {
        let files = self.save(reply)?;
        if !files.is_empty() {
            println!("{}", msg!("play-pictures", files = files.join(", ")));
        }
        Ok(())
    }
}

pub fn stage_folder(stage: u32) -> String {
    format!("stage-{stage:02}")
}

/// "stage-03-round-02.png" → 3.
fn stage_of(file: &str) -> Option<u32> {
    file.strip_prefix("stage-")?.split('-').next()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use commissaire_messages::{Medium, msg_in};

    #[test]
    fn markdown_and_code_fences_are_left_out() {
        let text = "**Blue**, stage 1 round 2.\n- Blue Rouleur: keep one\n\
                    ```\n 1. Blue Rouleur   1:00\n```\n__General__";
        let shown = terminal_text(text);
        assert_eq!(
            shown,
            "Blue, stage 1 round 2.\n- Blue Rouleur: keep one\n 1. Blue Rouleur   1:00\nGeneral"
        );
    }

    #[test]
    fn the_start_of_a_tour_tells_a_terminal_no_discord_instruction() {
        let worded = |medium| {
            msg_in!(
                medium,
                "lobby-starts",
                tour = "Tour",
                count = 4,
                teams = "A, B",
                call = "Directors, open your hand to choose your cards."
            )
        };
        assert_eq!(
            worded(Medium::Discord),
            "**Tour** starts! 4 teams: A, B. Directors, open your hand to choose your cards."
        );
        assert_eq!(
            terminal_text(&worded(Medium::Terminal)),
            "Tour starts! 4 teams: A, B."
        );
    }

    #[test]
    fn pictures_are_filed_by_stage() {
        assert_eq!(stage_of("stage-12-round-03.png"), Some(12));
        assert_eq!(stage_of("general.png"), None);
        assert_eq!(stage_folder(3), "stage-03");
    }
}
