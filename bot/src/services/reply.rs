//! What every service answers: text, pictures and buttons, with no Discord type. The Discord and
//! terminal adapters translate a [`Reply`] as they can (an ephemeral message, a printed block).

use super::owed::Picture;
use crate::clock::Timestamp;
use commissaire_engine::registry::{Key, Words};
use commissaire_messages::Language;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
    /// Set on the public message that opens a round: who still has to choose. An adapter that
    /// can edit what it posted remembers where this went, to tick teams off later.
    pub turn: Option<TurnCard>,
    /// Set after a choice that left the round open: the opening message of that round, with
    /// the chooser's team now ticked off. Never carries a card.
    pub turn_update: Option<TurnCard>,
    /// Pictures still to draw (see [`Services::draw`](super::Services::draw)): the services
    /// say what to draw inside their transaction and the adapters draw it after the commit.
    pub pictures: Vec<Picture>,
    /// Set on a public message the channel is owed: it was recorded in the outbox with this id
    /// in the transaction of the change that owes it. An adapter that posts in the channel
    /// delivers it from there, exactly once (see `deliver.rs`).
    pub owed: Option<Owing>,
    /// Set on an owed message that continues a phase's post (a game told phase by phase):
    /// the outbox row whose channel message it replaces in place, text, board and card,
    /// instead of a new post. Its text holds the whole phase so far.
    pub edits: Option<i64>,
}

/// Which outbox row a public message is, and the nonce its posts carry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Owing {
    pub id: i64,
    /// Unique to the row, in this database and any earlier one (the time it was written is
    /// part of it), and short enough for Discord's 25 characters with a part number.
    pub nonce: String,
}

impl Owing {
    pub fn new(id: i64, created_at: Timestamp) -> Owing {
        Owing {
            id,
            nonce: format!("{id:x}-{created_at:x}"),
        }
    }
}

/// Where a round stands, for the public message that opens it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnCard {
    pub tour_id: i64,
    pub stage: u32,
    /// The services' count of the turn: which post the card belongs to.
    pub round: u32,
    /// The turn as its game names it, for the title ("round 3", "breakaway bid 1 of 2"). Empty
    /// on a card stored before turns had names: the title then counts rounds.
    #[serde(default)]
    pub turn: String,
    /// "Stage 2/7, Avenue Corso Paseo".
    pub title: String,
    /// Every team, in seat order.
    pub teams: Vec<TeamTick>,
    /// When the bot plays for the late; `None` while the tour is paused.
    pub deadline: Option<Timestamp>,
    /// The tour's language, which the card is worded in wherever it is drawn. English on a
    /// card stored before tours had languages.
    #[serde(default)]
    pub language: Language,
    /// The id Discord gave `/play` when the card was made, by which the card names it as a
    /// mention; `None` while it is not known (and on a card stored before cards named it so):
    /// the card then writes the command out in its language.
    #[serde(default)]
    pub play_command: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamTick {
    pub name: String,
    /// The director's user id; `None` for a bot's team.
    pub director: Option<String>,
    /// Whether the team has made every choice of the round.
    pub done: bool,
}

impl TurnCard {
    /// Whether `other` is a later look at the same round.
    pub fn same_round(&self, other: &TurnCard) -> bool {
        (self.tour_id, self.stage, self.round) == (other.tour_id, other.stage, other.round)
    }

    pub fn waiting(&self) -> impl Iterator<Item = &TeamTick> {
        self.teams.iter().filter(|t| !t.done)
    }
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
    /// An option of a decision: the seat's decision number `step` of stage `stage`. A click on
    /// a decision that has passed is refused, never applied to a later one.
    Decide { stage: u32, step: u32, key: Key },
    /// A choice button of the first release (`draw:R`, `keep:R:V`), which named no decision:
    /// applied to the decision open now when that option is still legal there.
    Legacy { key: Key },
    /// A directeur's ballot in a repêchage vote.
    Vote { vote_id: i64, yes: bool },
}

/// A pressed button: the tour it was posted for, and what it asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pressed {
    pub tour_id: i64,
    pub action: ButtonAction,
}

/// The version of the button id scheme. Buttons stay on messages for weeks: a new scheme gets
/// a new version, and ids of an older one are still read (or politely refused), never misread.
/// Decisions are `v2`; the hand and ballots kept their `v1` ids.
const SCHEME: &str = "v1";
const DECISIONS: &str = "v2";

/// The button that opens a director's private options, named as the tour's game names them
/// (`words`: its ruleset's).
pub fn hand_button(tour_id: i64, words: &Words) -> ButtonSpec {
    ButtonSpec {
        id: format!("{SCHEME}:{tour_id}:hand"),
        label: commissaire_messages::text(words.hand_button.0, &[]),
    }
}

/// A decision's option as Discord carries it (at most 100 characters: a key has at most 40):
/// `v2:<tour>:<stage>:<step>:<key>`, e.g. `v2:7:3:12:k:0:5`.
pub fn choice_button_id(tour_id: i64, stage: u32, step: u32, key: &Key) -> String {
    format!("{DECISIONS}:{tour_id}:{stage}:{step}:{key}")
}

/// A repêchage ballot: `v1:7:vote:12:yes`, `v1:7:vote:12:no`.
pub fn vote_button_id(tour_id: i64, vote_id: i64, yes: bool) -> String {
    let ballot = if yes { "yes" } else { "no" };
    format!("{SCHEME}:{tour_id}:vote:{vote_id}:{ballot}")
}

/// Reads back a button id. Ids of another scheme or version give `None`.
pub fn parse_button(id: &str) -> Option<Pressed> {
    if let Some(rest) = id.strip_prefix("v2:") {
        // The key comes last and may hold colons of its own.
        let mut parts = rest.splitn(4, ':');
        let tour_id = parts.next()?.parse().ok()?;
        let stage = parts.next()?.parse().ok()?;
        let step = parts.next()?.parse().ok()?;
        let key = Key::new(parts.next()?).ok()?;
        return Some(Pressed {
            tour_id,
            action: ButtonAction::Decide { stage, step, key },
        });
    }
    let parts: Vec<&str> = id.split(':').collect();
    let [SCHEME, tour, rest @ ..] = parts.as_slice() else {
        return None;
    };
    let tour_id = tour.parse().ok()?;
    // The first release's choice buttons spelled the card race's options in words; these are
    // the same options under the keys the card race gives them now.
    let legacy = |key: String| {
        Some(ButtonAction::Legacy {
            key: Key::new(&key).ok()?,
        })
    };
    let action = match rest {
        ["hand"] => ButtonAction::Hand,
        ["draw", rider] => legacy(format!("d:{}", rider.parse::<u8>().ok()?))?,
        ["keep", rider, card] => legacy(format!("k:{}:{card}", rider.parse::<u8>().ok()?))?,
        ["vote", vote_id, ballot] => ButtonAction::Vote {
            vote_id: vote_id.parse().ok()?,
            yes: match *ballot {
                "yes" => true,
                "no" => false,
                _ => return None,
            },
        },
        _ => return None,
    };
    Some(Pressed { tour_id, action })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(k: &str) -> Key {
        Key::new(k).unwrap()
    }

    #[test]
    fn decision_ids_round_trip_with_their_stage_step_and_key() {
        for (stage, step, k) in [(1, 0, "d:3"), (21, 4_000_000, "k:11:9"), (3, 7, "k:0:E")] {
            let id = choice_button_id(42, stage, step, &key(k));
            assert!(id.len() <= 100, "{id}");
            assert_eq!(
                parse_button(&id),
                Some(Pressed {
                    tour_id: 42,
                    action: ButtonAction::Decide {
                        stage,
                        step,
                        key: key(k)
                    }
                }),
                "{id}"
            );
        }
        assert_eq!(choice_button_id(7, 3, 12, &key("k:0:5")), "v2:7:3:12:k:0:5");
        // The longest key still fits Discord's 100 characters with the largest numbers.
        let long = "x".repeat(commissaire_engine::registry::MAX_KEY_LEN);
        let id = choice_button_id(i64::MAX, u32::MAX, u32::MAX, &key(&long));
        assert!(id.len() <= 100, "{} characters", id.len());
    }

    #[test]
    fn first_release_choice_buttons_still_read_as_the_same_options() {
        assert_eq!(
            parse_button("v1:42:draw:3").map(|p| p.action),
            Some(ButtonAction::Legacy { key: key("d:3") })
        );
        assert_eq!(
            parse_button("v1:42:keep:0:E").map(|p| p.action),
            Some(ButtonAction::Legacy { key: key("k:0:E") })
        );
    }

    #[test]
    fn hand_and_ballot_ids_round_trip_and_strangers_are_not_read() {
        assert_eq!(
            parse_button(&hand_button(3, &commissaire_engine::registry::RULESETS[0].words).id),
            Some(Pressed {
                tour_id: 3,
                action: ButtonAction::Hand
            })
        );
        for (vote_id, yes) in [(1, true), (42, false), (i64::MAX, true)] {
            let id = vote_button_id(5, vote_id, yes);
            assert_eq!(
                parse_button(&id),
                Some(Pressed {
                    tour_id: 5,
                    action: ButtonAction::Vote { vote_id, yes }
                }),
                "{id}"
            );
        }
        assert_eq!(vote_button_id(5, 7, false), "v1:5:vote:7:no");
        // Another scheme, a missing tour, stage or step, a bad rider or ballot: not read.
        for id in [
            "hand",
            "keep:0:5",
            "vote:7:yes",
            "v2:3:hand",
            "v2:3:1:k:0:5",
            "v2:3:1:2:",
            "v2:3:1:2:has space",
            "v3:3:1:2:d:0",
            "v1:x:hand",
            "v1:3:keep:x:5",
            "v1:3:nap",
            "v1:3:vote:7:maybe",
            "v1:3:vote:x:yes",
        ] {
            assert_eq!(parse_button(id), None, "{id}");
        }
    }
}
