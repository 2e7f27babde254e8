//! The ids Discord gave the slash commands, so that a sentence can name a command as its
//! mention (`</play:1234>`), which every member's Discord shows in their own language and as a
//! link (see `commissaire_messages::command`).
//!
//! The Discord adapter tells them once the commands are registered ([`CommandIds::learn`]); the
//! terminal never does, and until they are known (or when the registration failed) a sentence
//! names the command in its own language instead.

use std::collections::BTreeMap;
use std::sync::RwLock;

/// The id of each registered top command, by its English name (`tour`, `play`).
#[derive(Debug, Default)]
pub struct CommandIds {
    ids: RwLock<BTreeMap<String, u64>>,
}

impl CommandIds {
    /// Keeps the ids of the commands Discord registered (their names and ids, as Discord
    /// answered the registration), in place of any known before.
    pub fn learn(&self, registered: impl IntoIterator<Item = (String, u64)>) {
        let mut ids = self.ids.write().unwrap_or_else(|e| e.into_inner());
        *ids = registered.into_iter().collect();
    }

    /// The id of the top command of `path` ("tour" for "tour create"), if known.
    pub fn id(&self, path: &str) -> Option<u64> {
        let head = path.split_whitespace().next()?;
        self.ids
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(head)
            .copied()
    }

    /// The command at `path` as a sentence names it, in the current language and for this
    /// process's medium: its mention once its id is known.
    pub fn named(&self, path: &str) -> String {
        commissaire_messages::command(path, self.id(path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use commissaire_messages::{Language, speaking};

    #[test]
    fn a_subcommand_is_mentioned_with_its_top_command_id() {
        let ids = CommandIds::default();
        assert_eq!(ids.id("tour create"), None);
        assert_eq!(
            speaking(Language::Fr, || ids.named("tour create")),
            "/tour créer"
        );
        ids.learn([("tour".to_string(), 41), ("play".to_string(), 42)]);
        assert_eq!(ids.id("tour create"), Some(41));
        assert_eq!(ids.named("tour create"), "</tour create:41>");
        assert_eq!(ids.named("play"), "</play:42>");
        assert_eq!(ids.id("hand"), None);
        // A later registration replaces what was known.
        ids.learn([("hand".to_string(), 7)]);
        assert_eq!(ids.id("play"), None);
        assert_eq!(ids.named("hand"), "</hand:7>");
    }
}
