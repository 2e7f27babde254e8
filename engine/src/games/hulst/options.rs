//! Hulst's options, each a default of the conformance table's section 3 with its config key.

use super::tables::{ChanceCard, ChanceSpec, default_chance, default_deck};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// G-08 (`slope`): which square decides uphill and downhill.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Slope {
    /// The square the rider starts his turn on (uphill: card halved, no wind; downhill: wind
    /// worth up to 2); no wind either onto an uphill square.
    #[default]
    StartSquare,
    /// Every uphill square entered costs two seconds of the card.
    PerSquare,
}

/// G-22 (`passing`): how the passing principle is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Passing {
    /// A move that leaves the next rider no clean 4 (uphill 3) is refused when any clean
    /// move of any card would have left him room.
    #[default]
    AllOptions,
    /// Only among the squares of the card played.
    PerCard,
    Off,
}

/// The bot a bot seat rides with (`bot`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotKind {
    /// Takes the wind, avoids crashes, keeps a high card for the sprint.
    #[default]
    Sensible,
    /// Any legal option, drawn from the stage seed.
    Random,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckOptions {
    /// G-01 (`deck.values`): how many cards of each value, `{ "3" = 14, … }`.
    #[serde(default)]
    pub values: BTreeMap<String, u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrashOptions {
    /// G-19 (`crash.reveal_hand`): the causer's remaining cards are shown as the proof.
    #[serde(default = "yes")]
    pub reveal_hand: bool,
}

impl Default for CrashOptions {
    fn default() -> Self {
        CrashOptions { reveal_hand: true }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FinishOptions {
    /// G-26 (`finish.clamp_later_rounds`): a later round's time is raised to the worst time of
    /// the earlier rounds.
    #[serde(default = "yes")]
    pub clamp_later_rounds: bool,
}

impl Default for FinishOptions {
    fn default() -> Self {
        FinishOptions {
            clamp_later_rounds: true,
        }
    }
}

fn yes() -> bool {
    true
}

/// What kind of stage is ridden (HT-071: the team time trial is the book's variant).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StageType {
    #[default]
    Road,
    TeamTimeTrial,
}

/// G-33 (`ttt.time`): the team time trial's time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum TttTime {
    /// 200 − k + 10 × (R − Rmin): k the squares past the line of the team's last rider, R the
    /// team turns it needed, Rmin the fewest any team needed.
    #[default]
    #[serde(rename = "200_minus_k_plus_rounds")]
    PlusRounds,
    /// 200 − k.
    #[serde(rename = "200_minus_k")]
    Plain,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TttOptions {
    #[serde(default)]
    pub time: TttTime,
    /// G-34 (`ttt.extra_refills`): a hand empty again with riders on the road is dealt 5 per
    /// remaining rider (a house ruling, the book deals once).
    #[serde(default = "yes")]
    pub extra_refills: bool,
}

impl Default for TttOptions {
    fn default() -> Self {
        TttOptions {
            time: TttTime::default(),
            extra_refills: true,
        }
    }
}

/// The options a stage starts with (a tour's, as JSON; `null` for every default).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    #[serde(default)]
    pub deck: DeckOptions,
    /// G-02 (`[[chance]] effect, amount, count`): the chance pile; empty for our default.
    #[serde(default)]
    pub chance: Vec<ChanceSpec>,
    #[serde(default)]
    pub slope: Slope,
    #[serde(default)]
    pub passing: Passing,
    #[serde(default)]
    pub crash: CrashOptions,
    #[serde(default)]
    pub finish: FinishOptions,
    /// A scenario's hands: each team's first deal, as card values, in seat order (the later
    /// deals come from the seed).
    #[serde(default)]
    pub hands: Vec<Vec<u8>>,
    #[serde(default)]
    pub bot: BotKind,
    /// `stage = "team_time_trial"` rides the variant (HT-071…HT-079); a tour sets it for a
    /// stage of kind `team_time_trial`.
    #[serde(default)]
    pub stage: StageType,
    #[serde(default)]
    pub ttt: TttOptions,
}

impl Options {
    pub fn parse(value: &serde_json::Value) -> Result<Options, String> {
        let options: Options = if value.is_null() {
            Options::default()
        } else {
            serde_json::from_value(value.clone()).map_err(|e| e.to_string())?
        };
        options.deck_cards()?;
        Ok(options)
    }

    /// The seconde deck, lowest value first.
    pub fn deck_cards(&self) -> Result<Vec<u8>, String> {
        let pairs: Vec<(u8, u8)> = if self.deck.values.is_empty() {
            default_deck()
        } else {
            self.deck
                .values
                .iter()
                .map(|(k, n)| {
                    k.parse::<u8>()
                        .ok()
                        .filter(|v| (1..=30).contains(v))
                        .map(|v| (v, *n))
                        .ok_or_else(|| {
                            format!("deck.values: '{k}' is not a card value (write 1 to 30)")
                        })
                })
                .collect::<Result<_, _>>()?
        };
        let mut cards: Vec<u8> = pairs
            .iter()
            .flat_map(|&(v, n)| std::iter::repeat_n(v, n as usize))
            .collect();
        cards.sort_unstable();
        if cards.is_empty() {
            return Err("deck.values: the deck has no card".into());
        }
        Ok(cards)
    }

    /// The chance pile, as listed.
    pub fn chance_cards(&self) -> Vec<ChanceCard> {
        let specs = if self.chance.is_empty() {
            default_chance()
        } else {
            self.chance.clone()
        };
        specs
            .iter()
            .flat_map(|s| {
                std::iter::repeat_n(
                    ChanceCard {
                        effect: s.effect,
                        amount: s.amount,
                    },
                    s.count as usize,
                )
            })
            .collect()
    }
}
