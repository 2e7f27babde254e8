//! The card race behind the registry: the only code of the registry that names card-race types.
//!
//! Keys: `d:<rider>` draws a rider's hand, `k:<rider>:<card>` keeps a card (`2`…`9`, `E`), the
//! rider by its index in the setup. Indexes rather than names keep every key short whatever
//! the teams are called, and a stored key means the same rider after a restart.

use super::decision::{OutcomeError, Secret, Sentence, Text};
use super::game::Game;
use super::key::Key;
use super::scene::Scene;
use super::setup::{Setup, StartError};
use crate::card_race::bot::{Policy, SensibleBot};
use crate::card_race::{
    Card, Choice, Event, Options, RiderIdx, RiderKind, RiderSetup, Stage, StageSetup,
};
use crate::game::{Ruleset, Seat, Viewer};
use crate::tour::{StageKind, StageResult, TourRider, carry_over, stage_result};
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::{Arc, OnceLock};

pub const ID: &str = "card-race";

/// A card-race stage with the words its options need, made once per stage.
#[derive(Debug, Clone)]
pub struct CardRace {
    stage: Stage,
    /// Made on first use: a stage the bots ride alone never needs them.
    words: OnceLock<Arc<Words>>,
}

#[derive(Debug)]
struct Words {
    names: Vec<Text>,
    draw: Vec<Text>,
    /// "Keep 2" … "Keep 9", "Keep E", in the order of `card_slot`.
    keep: Vec<Text>,
}

fn card_slot(card: Card) -> usize {
    match card {
        Card::Energy(v) => v.saturating_sub(2).min(7) as usize,
        Card::Exhaustion => 8,
    }
}

/// What the card race reads from a rider's attributes.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Attributes {
    kind: RiderKind,
    #[serde(default)]
    carried_exhaustion: u16,
}

const OPTION_NAMES: [&str; 3] = ["hands", "stage_end", "profiles"];

fn options(json: &Value) -> Result<Options, StartError> {
    let bad = |message: String| StartError::Options {
        ruleset: ID,
        message,
    };
    if json.is_null() {
        return Ok(Options::default());
    }
    let Some(map) = json.as_object() else {
        return Err(bad(format!("expected a table of options, not {json}")));
    };
    if let Some(unknown) = map.keys().find(|k| !OPTION_NAMES.contains(&k.as_str())) {
        return Err(bad(format!(
            "'{unknown}' is not an option: use {}",
            OPTION_NAMES.join(", ")
        )));
    }
    serde_json::from_value(json.clone()).map_err(|e| bad(e.to_string()))
}

/// The attributes of a rider of the given kind carrying exhaustion cards: what the services
/// store for each tour rider until riders keep their attributes as JSON.
pub fn attributes(kind: RiderKind, carried_exhaustion: u16) -> Value {
    json!({ "kind": kind, "carried_exhaustion": carried_exhaustion })
}

/// A team as a quick game or a test enters it: a rouleur and a sprinteur.
pub fn roster() -> Vec<Value> {
    vec![
        attributes(RiderKind::Rouleur, 0),
        attributes(RiderKind::Sprinteur, 0),
    ]
}

impl CardRace {
    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    fn words(&self) -> &Words {
        self.words.get_or_init(|| {
            let names: Vec<Text> = self
                .stage
                .setup()
                .riders
                .iter()
                .map(|r| Text::from(r.id.as_str()))
                .collect();
            Arc::new(Words {
                draw: names
                    .iter()
                    .map(|n| Text::from(format!("Draw for {n}")))
                    .collect(),
                keep: (2..=9)
                    .map(|v| format!("Keep {v}"))
                    .chain(["Keep E (exhaustion)".to_string()])
                    .map(Text::from)
                    .collect(),
                names,
            })
        })
    }

    fn name(&self, rider: RiderIdx) -> Value {
        Value::String(
            self.words()
                .names
                .get(rider as usize)
                .map_or_else(|| format!("rider {rider}"), |n| n.to_string()),
        )
    }

    fn seat_of(&self, rider: RiderIdx) -> Option<Seat> {
        self.stage
            .setup()
            .riders
            .get(rider as usize)
            .map(|r| r.team)
    }
}

fn sentence(id: &'static str, args: Vec<(&'static str, Value)>, text: String) -> Sentence {
    Sentence { id, args, text }
}

fn card_json(card: Card) -> Value {
    serde_json::to_value(card).expect("cards serialise")
}

fn cards_text(cards: &[Card]) -> String {
    let texts: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
    texts.join(" ")
}

fn as_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

impl Game for CardRace {
    type Choice = Choice;
    type Event = Event;
    const ID: &'static str = ID;

    fn start(setup: &Setup, seed: u64) -> Result<Self, StartError> {
        let options = options(&setup.options)?;
        let (course, starts) = setup.starts()?;
        let riders = setup
            .riders
            .iter()
            .zip(starts)
            .map(|(r, start)| {
                let a = Attributes::deserialize(&r.attributes).map_err(|e| StartError::Rider {
                        rider: r.id.clone(),
                        message: format!(
                            "{e}: give {{\"kind\": \"rouleur\" | \"sprinteur\" | \"grimpeur\", \"carried_exhaustion\": 0}}"
                        ),
                    })?;
                Ok(RiderSetup {
                    id: r.id.clone(),
                    team: r.team,
                    kind: a.kind,
                    start,
                    carried_exhaustion: a.carried_exhaustion,
                })
            })
            .collect::<Result<Vec<_>, StartError>>()?;
        let setup = StageSetup {
            course,
            teams: setup.teams.clone(),
            riders,
            options,
        };
        let stage = Stage::new(setup, seed).map_err(|e| StartError::Rules(e.to_string()))?;
        Ok(CardRace {
            stage,
            words: OnceLock::new(),
        })
    }

    fn seats(&self) -> usize {
        self.stage.setup().teams.len()
    }
    fn is_over(&self) -> bool {
        self.stage.is_over()
    }
    fn owes(&self, seat: Seat) -> bool {
        !self.stage.is_over()
            && (seat as usize) < self.seats()
            && self
                .stage
                .team_riders(seat)
                .iter()
                .any(|&r| self.stage.crossed(r).is_none() && self.stage.kept(r).is_none())
    }
    fn legal(&self, seat: Seat) -> Vec<Choice> {
        self.stage.legal_choices(seat)
    }
    fn apply(&mut self, seat: Seat, choice: &Choice) -> Result<Vec<Event>, String> {
        Ruleset::apply(&mut self.stage, seat, choice).map_err(|e| e.to_string())
    }

    fn key(&self, choice: &Choice) -> Key {
        // At most "k:255:E": always fits.
        let mut key = Key::empty();
        match *choice {
            Choice::Draw { rider } => {
                key.push("d:");
                key.push_number(rider as u32);
            }
            Choice::Keep { rider, card } => {
                key.push("k:");
                key.push_number(rider as u32);
                key.push(":");
                match card {
                    Card::Energy(v) => key.push_number(v as u32),
                    Card::Exhaustion => key.push("E"),
                };
            }
        }
        key
    }

    fn parse_key(&self, key: &str) -> Option<Choice> {
        let mut parts = key.split(':');
        let kind = parts.next()?;
        let text = parts.next()?;
        // Only the exact spelling `key` writes: one option, one key.
        let rider: RiderIdx = text
            .parse()
            .ok()
            .filter(|r: &RiderIdx| r.to_string() == text)?;
        let choice = match (kind, parts.next()) {
            ("d", None) => Choice::Draw { rider },
            ("k", Some(card)) => {
                let card = Card::parse(card).filter(|c| c.to_string() == card)?;
                Choice::Keep { rider, card }
            }
            _ => return None,
        };
        parts.next().is_none().then_some(choice)
    }

    fn label(&self, choice: &Choice) -> (Text, Text) {
        let rider = choice.rider() as usize;
        let words = self.words();
        let group = words
            .names
            .get(rider)
            .cloned()
            .unwrap_or_else(|| Text::from("?"));
        let label = match *choice {
            Choice::Draw { .. } => words.draw[rider].clone(),
            Choice::Keep { card, .. } => words.keep[card_slot(card)].clone(),
        };
        (group, label)
    }

    fn audience(&self, event: &Event) -> Option<Seat> {
        event.private_to().and_then(|r| self.seat_of(r))
    }

    fn settles_turn(event: &Event) -> bool {
        matches!(event, Event::CardsRevealed { .. })
    }

    fn narrate(&self, events: &[Event], viewer: Viewer) -> Vec<Sentence> {
        let mut out = Vec::new();
        for e in events {
            if let Some(seat) = self.audience(e)
                && viewer != Viewer::Seat(seat)
            {
                continue;
            }
            let s = match e {
                Event::RoundStarted { round } => sentence(
                    "card-race-round-started",
                    vec![("round", json!(round))],
                    format!("Round {round} begins."),
                ),
                Event::HandDrawn { rider, cards } => {
                    let name = self.name(*rider);
                    let text = format!("{} draws {}.", as_text(&name), cards_text(cards));
                    sentence(
                        "card-race-hand-drawn",
                        vec![("rider", name), ("cards", json!(cards))],
                        text,
                    )
                }
                Event::DeckReshuffled { rider } => {
                    let name = self.name(*rider);
                    let text = format!(
                        "{}'s recycled cards are shuffled into a new draw pile.",
                        as_text(&name)
                    );
                    sentence("card-race-deck-reshuffled", vec![("rider", name)], text)
                }
                Event::CardChosen { rider } => {
                    let name = self.name(*rider);
                    let text = format!("{} has chosen a card.", as_text(&name));
                    sentence("card-race-card-chosen", vec![("rider", name)], text)
                }
                Event::CardsRevealed { cards } => {
                    let list: Vec<String> = cards
                        .iter()
                        .map(|(r, c)| format!("{} {c}", as_text(&self.name(*r))))
                        .collect();
                    let text = format!("Cards revealed: {}.", list.join(", "));
                    sentence(
                        "card-race-cards-revealed",
                        vec![("cards", json!(list))],
                        text,
                    )
                }
                Event::Moved {
                    rider,
                    card,
                    from,
                    to,
                    blocked,
                    ..
                } => {
                    let name = self.name(*rider);
                    let mut text = format!(
                        "{} plays {card}: row {} → {}",
                        as_text(&name),
                        from.row,
                        to.row
                    );
                    match blocked {
                        0 => {}
                        1 => text.push_str(" (blocked, 1 row lost)"),
                        n => text.push_str(&format!(" (blocked, {n} rows lost)")),
                    }
                    text.push('.');
                    sentence(
                        "card-race-moved",
                        vec![
                            ("rider", name),
                            ("card", card_json(*card)),
                            ("from", json!(from.row)),
                            ("to", json!(to.row)),
                            ("blocked", json!(blocked)),
                        ],
                        text,
                    )
                }
                Event::Slipstream { rider, to, .. } => {
                    let name = self.name(*rider);
                    let text =
                        format!("{} takes the slipstream to row {}.", as_text(&name), to.row);
                    sentence(
                        "card-race-slipstream",
                        vec![("rider", name), ("to", json!(to.row))],
                        text,
                    )
                }
                Event::ExhaustionTaken { rider } => {
                    let name = self.name(*rider);
                    let text =
                        format!("{} rides in the wind: one exhaustion card.", as_text(&name));
                    sentence("card-race-exhaustion", vec![("rider", name)], text)
                }
                Event::Crossed { rider, .. } => {
                    let name = self.name(*rider);
                    let text = format!("{} crosses the line!", as_text(&name));
                    sentence("card-race-crossed", vec![("rider", name)], text)
                }
                Event::StageOver { order } => {
                    let first = order.first().map_or(Value::Null, |r| self.name(*r));
                    let text = format!("The stage is over: {} wins.", as_text(&first));
                    sentence("card-race-stage-over", vec![("winner", first)], text)
                }
            };
            out.push(s);
        }
        out
    }

    fn view_json(&self, viewer: Viewer) -> Value {
        serde_json::to_value(self.stage.view(viewer)).expect("views serialise")
    }

    fn secrets(&self) -> Vec<Secret> {
        let mut out = Vec::new();
        for (i, r) in self.stage.setup().riders.iter().enumerate() {
            let i = i as RiderIdx;
            if let Some(card) = self.stage.kept(i) {
                out.push(Secret {
                    seat: r.team,
                    pointer: format!("/riders/{i}/kept"),
                    value: card_json(card),
                });
            } else if !self.stage.hand(i).is_empty() {
                out.push(Secret {
                    seat: r.team,
                    pointer: format!("/riders/{i}/hand"),
                    value: json!(self.stage.hand(i)),
                });
            }
        }
        out
    }

    fn scene(&self) -> Scene {
        Scene::CardRace(self.stage.view(Viewer::Public))
    }

    fn bot(&self, seat: Seat, options: &[Choice]) -> Choice {
        SensibleBot.choose(&self.stage, seat, options)
    }

    fn result(
        &self,
        number: u32,
        kind: StageKind,
        riders: &[TourRider],
    ) -> Result<StageResult, OutcomeError> {
        if !self.stage.is_over() {
            return Err(OutcomeError::Running);
        }
        if let Some(r) = self
            .stage
            .setup()
            .riders
            .iter()
            .find(|r| !riders.iter().any(|t| t.key.0 == r.id))
        {
            return Err(OutcomeError::NotInTour(r.id.clone()));
        }
        Ok(stage_result(&self.stage, number, kind, riders))
    }

    fn carry_over(&self, riders: &mut [TourRider]) {
        carry_over(&self.stage, riders)
    }
}
