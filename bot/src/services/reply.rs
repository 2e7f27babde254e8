//! What every service answers: text, pictures and buttons, with no Discord type. The Discord and
//! terminal adapters translate a [`Reply`] as they can (an ephemeral message, a printed block).

use commissaire_engine::card_race::{Card, Choice};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ButtonSpec {
    /// What the adapter sends back when the button is pressed: see [`parse_button`].
    pub id: String,
    pub label: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reply {
    pub text: String,
    /// Pictures to attach: a file name and its PNG bytes.
    pub images: Vec<(String, Vec<u8>)>,
    pub buttons: Vec<ButtonSpec>,
    /// Shown only to the person who asked (their hand, a refusal), not the channel.
    pub private: bool,
    /// More messages to post after this one, each with its own privacy: a private
    /// acknowledgement is followed by the public news of the round it closed.
    pub followups: Vec<Reply>,
}

impl Reply {
    pub fn public(text: impl Into<String>) -> Self {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    pub fn private(text: impl Into<String>) -> Self {
        Reply {
            text: text.into(),
            private: true,
            ..Reply::default()
        }
    }

    pub fn with_buttons(mut self, buttons: Vec<ButtonSpec>) -> Self {
        self.buttons = buttons;
        self
    }

    /// This reply and its followups, in posting order.
    pub fn all(&self) -> Vec<&Reply> {
        let mut out = vec![self];
        for f in &self.followups {
            out.extend(f.all());
        }
        out
    }
}

/// What a pressed button asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ButtonAction {
    /// Show my hand (private).
    Hand,
    Choose(Choice),
    /// A directeur's ballot in a repêchage vote.
    Vote {
        vote_id: i64,
        yes: bool,
    },
}

pub const HAND_BUTTON: &str = "hand";

pub fn hand_button() -> ButtonSpec {
    ButtonSpec {
        id: HAND_BUTTON.into(),
        label: "My hand".into(),
    }
}

/// A compact id (Discord limits ids to 100 characters): `draw:0`, `keep:0:5`, `keep:0:E`.
pub fn choice_button_id(choice: &Choice) -> String {
    match choice {
        Choice::Draw { rider } => format!("draw:{rider}"),
        Choice::Keep { rider, card } => format!("keep:{rider}:{card}"),
    }
}

/// A repêchage ballot: `vote:12:yes`, `vote:12:no`.
pub fn vote_button_id(vote_id: i64, yes: bool) -> String {
    format!("vote:{vote_id}:{}", if yes { "yes" } else { "no" })
}

/// Reads back a button id. Unknown ids give `None` (an old message from another version).
pub fn parse_button(id: &str) -> Option<ButtonAction> {
    let parts: Vec<&str> = id.split(':').collect();
    match parts.as_slice() {
        ["hand"] => Some(ButtonAction::Hand),
        ["draw", rider] => Some(ButtonAction::Choose(Choice::Draw {
            rider: rider.parse().ok()?,
        })),
        ["vote", vote_id, ballot] => Some(ButtonAction::Vote {
            vote_id: vote_id.parse().ok()?,
            yes: match *ballot {
                "yes" => true,
                "no" => false,
                _ => return None,
            },
        }),
        ["keep", rider, card] => Some(ButtonAction::Choose(Choice::Keep {
            rider: rider.parse().ok()?,
            card: match *card {
                "E" => Card::Exhaustion,
                v => Card::Energy(v.parse().ok()?),
            },
        })),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn button_ids_round_trip() {
        for choice in [
            Choice::Draw { rider: 3 },
            Choice::Keep {
                rider: 11,
                card: Card::Energy(9),
            },
            Choice::Keep {
                rider: 0,
                card: Card::Exhaustion,
            },
        ] {
            let id = choice_button_id(&choice);
            assert_eq!(
                parse_button(&id),
                Some(ButtonAction::Choose(choice)),
                "{id}"
            );
        }
        assert_eq!(parse_button("hand"), Some(ButtonAction::Hand));
        assert_eq!(parse_button("keep:x:5"), None);
        for (vote_id, yes) in [(1, true), (42, false), (i64::MAX, true)] {
            let id = vote_button_id(vote_id, yes);
            assert_eq!(
                parse_button(&id),
                Some(ButtonAction::Vote { vote_id, yes }),
                "{id}"
            );
        }
        assert_eq!(vote_button_id(7, false), "vote:7:no");
        assert_eq!(parse_button("vote:7:maybe"), None);
        assert_eq!(parse_button("vote:x:yes"), None);
    }
}
