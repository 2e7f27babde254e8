//! Maillot Jaune behind the registry.
//!
//! Keys: `m:<row>:<lane>` ends a move within the stars on a cell (`m:<row>:<lane>:<lane>` with a
//! sideways first step into that lane), `e:<safe>:<risky>:<row>:<lane>[:<lane>]` ends an escape
//! there, `s` stays; the steps of a move: `r:<cells>` how far within the stars, `e:<cells>` an
//! escape that far past them, `e:<safe>:<risky>` how it is paid, `b` back to how far;
//! `p:<rider>` asks for a pact, `y` / `n` answers it, `h:<rider>` helps a punctured rider, `x`
//! does not. Labels letter the cells (A, B, C…) as the board draws them, and name each rider by
//! his card.

use super::bot;
use super::events::{Choice, Event, RiderIx, Why};
use super::options::Options;
use super::stage::{MaillotJaune, MjError, Phase, Spot};
use super::tables::Price;
use crate::game::{Seat, Viewer};
use crate::registry::{
    Game, Key, OutcomeError, Place, Scene, Secret, Sentence, Setup, StartError, Text,
};
use crate::tour::{Outcome, RiderKey, RiderStage, StageKind, StageResult, TourRider};
use serde_json::{Value, json};

/// A director decides for one rider at a time; every rider's turn settles a turn.
pub const WORDS: crate::registry::Words = crate::registry::Words {
    hand_button: crate::registry::word("mj-hand-button"),
    call_to_directors: crate::registry::word("mj-call-to-directors"),
    nothing_to_choose: crate::registry::word("mj-nothing-to-choose"),
    settled: crate::registry::word("mj-settled"),
    deadlines: crate::registry::Deadlines::PerDecisionWithAnswers,
    deadline: crate::registry::word("mj-deadline"),
};

/// A team from a tour preset's roster: each entry a card by name (`"Renault"`), which only
/// one team may take (MJ-010), or `"rider"` for the next free card of the roster, dealt as the
/// stage starts (every team of a preset enters the same roster, so a tour of several teams
/// writes `"rider"`). One rider when the roster is empty (G-23: a director runs one or more).
pub fn roster(list: &[Value], _options: &Value) -> Result<Vec<crate::registry::Rostered>, String> {
    let list: Vec<Value> = if list.is_empty() {
        vec![json!("rider")]
    } else {
        list.to_vec()
    };
    let mut out: Vec<crate::registry::Rostered> = Vec::new();
    let mut dealt = 0;
    for v in &list {
        let Some(name) = v.as_str() else {
            return Err(format!(
                "'{v}' is not a rider of Maillot Jaune: give \"rider\" or a card's name, such as \"Renault\""
            ));
        };
        if name.eq_ignore_ascii_case("rider") {
            dealt += 1;
            out.push(crate::registry::Rostered {
                label: if dealt == 1 {
                    "Rider".to_string()
                } else {
                    format!("Rider {dealt}")
                },
                attributes: json!({}),
                said: None,
            });
            continue;
        }
        if out.iter().any(|r| r.label == name) {
            return Err(format!(
                "{name} is twice in the team: each card once (MJ-010)"
            ));
        }
        out.push(crate::registry::Rostered {
            label: name.to_string(),
            attributes: json!({ "card": name }),
            said: None,
        });
    }
    Ok(out)
}

/// Deals each tour rider his card as the tour is entered, and names him by it (MJ-010): a rider
/// is the card he was dealt, Renault or La Providence, in every sentence, picture, option and
/// standings row (the team goes beside the name where a line needs it). A card the roster names
/// goes to its rider; the others take the free cards in roster order, rider by rider in the
/// order they are entered: the deal a stage makes itself (`MaillotJaune::new`), so a tour
/// entered without names rides the same cards. Refused, in a sentence, when the cards do not go
/// round or one is named twice.
pub fn deal(riders: &mut [TourRider], options: &Value) -> Result<(), String> {
    let options: Options = if options.is_null() {
        Options::default()
    } else {
        serde_json::from_value(options.clone()).map_err(|e| e.to_string())?
    };
    let named = |r: &TourRider| {
        r.attributes
            .get("card")
            .and_then(Value::as_str)
            .map(str::to_string)
    };
    let mut used: Vec<String> = Vec::new();
    for r in riders.iter() {
        if let Some(card) = named(r) {
            if used.contains(&card) {
                return Err(format!(
                    "{card} is entered twice: each card once (MJ-010); write \"rider\" in the roster to deal the cards"
                ));
            }
            used.push(card);
        }
    }
    let count = riders.len();
    for r in riders.iter_mut() {
        let card = match named(r) {
            Some(card) => card,
            None => {
                let free = options
                    .riders
                    .iter()
                    .find(|c| !used.contains(&c.name))
                    .ok_or_else(|| {
                        format!(
                            "{count} riders for {} cards: a race of Maillot Jaune deals each rider a card (MJ-002, MJ-010); enter fewer teams or riders",
                            options.riders.len()
                        )
                    })?;
                used.push(free.name.clone());
                free.name.clone()
            }
        };
        r.key = RiderKey::new(card.clone());
        match &mut r.attributes {
            Value::Object(map) => {
                map.insert("card".into(), json!(card));
            }
            other => *other = json!({ "card": card }),
        }
    }
    Ok(())
}

/// The rule levels a tour preset names with `rules` (MJ-041, G-24): complementary by default.
pub static RULES: &[crate::registry::NamedRules] = &[
    crate::registry::NamedRules {
        name: "complementary",
        options: complementary,
    },
    crate::registry::NamedRules {
        name: "basic",
        options: basic,
    },
];

fn complementary() -> Value {
    json!({ "level": "complementary" })
}

fn basic() -> Value {
    json!({ "level": "basic" })
}

fn sentence(id: &'static str, args: Vec<(&'static str, Value)>, text: String) -> Sentence {
    Sentence { id, args, text }
}

/// "1 cell", "3 cells": the English of a count, as the catalogue words it.
fn plural(n: u32, one: &str, other: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {other}")
    }
}

fn why_word(why: Why) -> &'static str {
    match why {
        Why::Safe => "safe",
        Why::Risky => "risky",
        Why::Aspiration => "aspiration",
    }
}

/// A refusal, in the catalogue's words.
pub fn refusal(e: &MjError) -> Sentence {
    let text = e.to_string();
    match e {
        MjError::NotYourTurn => sentence("mj-refused-not-your-turn", vec![], text),
        MjError::NoEnergyForSafe { energy, needed } => sentence(
            "mj-refused-no-energy",
            vec![("energy", json!(energy)), ("needed", json!(needed))],
            text,
        ),
        MjError::RiskyTooLong => sentence("mj-refused-risky-too-long", vec![], text),
        MjError::Unreachable => sentence("mj-refused-unreachable", vec![], text),
        MjError::NotNow => sentence("mj-refused-not-now", vec![], text),
        MjError::BeyondStars { cells, stars } => sentence(
            "mj-refused-beyond-stars",
            vec![("cells", json!(cells)), ("stars", json!(stars))],
            text,
        ),
        MjError::NoCellThatFar { cells } => sentence(
            "mj-refused-no-cell-that-far",
            vec![("cells", json!(cells))],
            text,
        ),
        MjError::EscapeTooLong { cells, most } => sentence(
            "mj-refused-escape-too-long",
            vec![("cells", json!(cells)), ("most", json!(most))],
            text,
        ),
    }
}

impl MaillotJaune {
    /// The risky-escape table (MJ-058) for the director whose rider is to play, before he
    /// chooses an escape: what each roll would cost for 1 to 4 cells ("P": a puncture).
    fn prices_for(&self, seat: Seat) -> Option<Sentence> {
        let turn = self.turn.as_ref()?;
        if self.riders[turn.rider as usize].seat != seat || !turn.phase.choosing() {
            return None;
        }
        let table = super::tables::price_lines(&self.options.puncture_pairs)
            .iter()
            .map(|(roll, prices)| {
                let cells: Vec<String> = prices
                    .iter()
                    .map(|p| match p {
                        Price::Cost(c) => c.to_string(),
                        Price::Puncture => "P".to_string(),
                    })
                    .collect();
                format!("{roll}: {}", cells.join("/"))
            })
            .collect::<Vec<_>>()
            .join(" · ");
        Some(sentence(
            "mj-brief-prices",
            vec![("table", json!(table))],
            format!("Risky escape, cost for 1/2/3/4 cells by roll (P: puncture): {table}"),
        ))
    }

    /// Where a move ends, in the English of the catalogue's reports, after the move's words:
    /// ", 12 rows from the line", or " to the line". The board counts rows to go, so the
    /// report does; the cell's id is for scenarios' input and moves typed in full.
    fn place(&self, p: crate::course::Pos) -> String {
        match self.course.rows_to_line(p.row) {
            0 => " to the line".into(),
            n => format!(", {} from the line", plural(n as u32, "row", "rows")),
        }
    }

    fn cell(&self, p: crate::course::Pos) -> String {
        self.course.cell_id(p)
    }

    /// A rider by his card, and his team, as the catalogue's arguments `rider` and `team` (for
    /// a sentence that names a rider of any team).
    fn who(&self, r: RiderIx) -> [(&'static str, Value); 2] {
        [
            ("rider", json!(self.name(r))),
            ("team", json!(self.team_of(r))),
        ]
    }

    /// "Renault (Jaunes)": a rider named with his team, in English.
    fn with_team(&self, r: RiderIx) -> String {
        format!("{} ({})", self.name(r), self.team_of(r))
    }

    /// The letter of a move's cell when the board letters it now: the cells within his stars
    /// while he chooses how far and which, those of his escape once announced. A whole move of
    /// another step (typed in full) has none.
    fn letter_of(&self, to: crate::course::Pos, escape: Option<(u8, u8)>) -> Option<char> {
        let phase = &self.turn.as_ref()?.phase;
        let lettered = match phase {
            Phase::Choose { plan: None } | Phase::Ride { .. } => escape.is_none(),
            Phase::Choose { plan } => escape == *plan,
            _ => false,
        };
        if !lettered {
            return None;
        }
        self.letters().iter().find(|l| l.0 == to).map(|l| l.1)
    }

    /// An option's group (the rider) and label, in English and as the catalogue words it.
    fn worded(&self, choice: &Choice) -> (Text, String, Sentence) {
        let rider = self.turn.as_ref().map_or(0, |t| t.rider);
        let group = Text::from(self.name(rider));
        let said = |id, args| sentence(id, args, String::new());
        match choice {
            Choice::Move { to, via, escape } => {
                let cell = self.cell(*to);
                let side = via.map_or_else(|| "none".to_string(), |l| l.to_string());
                let sideways =
                    via.map_or_else(String::new, |l| format!(", sideways first to lane {l}"));
                let letter = self.letter_of(*to, *escape);
                let (label, said) = match (letter, escape) {
                    // The board letters the cell and counts the rows to go beside it: the
                    // label says both, never the cell's id (issue 33, item 9).
                    (Some(letter), _) => {
                        let to_go = self.course.rows_to_line(to.row);
                        let place = match to_go {
                            0 => "at the line".to_string(),
                            n => format!("{} from the line", plural(n as u32, "row", "rows")),
                        };
                        // Sideways first, the lane says enough: with the rows too, a French
                        // button outgrew Discord's 80 characters.
                        let label = match via {
                            Some(_) => format!("Ride to {letter}{sideways}"),
                            None => format!("Ride to {letter} ({place})"),
                        };
                        (
                            label,
                            said(
                                "mj-option-move",
                                vec![
                                    ("letter", json!(letter.to_string())),
                                    ("to_go", json!(to_go)),
                                    ("via", json!(side)),
                                ],
                            ),
                        )
                    }
                    (None, None) => (
                        format!("Ride to {cell}{sideways}"),
                        said(
                            "mj-option-move-to",
                            vec![("cell", json!(cell)), ("via", json!(side))],
                        ),
                    ),
                    (None, Some((safe, risky))) => (
                        format!(
                            "Escape +{} ({safe} safe, {risky} risky) to {cell}{sideways}",
                            safe + risky
                        ),
                        said(
                            "mj-option-escape-to",
                            vec![
                                ("cells", json!(safe + risky)),
                                ("safe", json!(safe)),
                                ("risky", json!(risky)),
                                ("cell", json!(cell)),
                                ("via", json!(side)),
                            ],
                        ),
                    ),
                };
                (group, label, said)
            }
            Choice::Stay => (group, "Stay".into(), said("mj-option-stay", vec![])),
            Choice::Ride { cells } => (
                group,
                format!("Ride {}", plural(*cells as u32, "cell", "cells")),
                said("mj-option-ride", vec![("cells", json!(cells))]),
            ),
            Choice::Escape { cells } => {
                let total = self.allowance(rider) + cells;
                (
                    group,
                    format!("Escape +{cells} ({total} cells)"),
                    said(
                        "mj-option-escape",
                        vec![("cells", json!(cells)), ("total", json!(total))],
                    ),
                )
            }
            Choice::Plan { safe, risky } => (
                group,
                format!("Escape +{} ({safe} safe, {risky} risky)", safe + risky),
                said(
                    "mj-option-plan",
                    vec![
                        ("cells", json!(safe + risky)),
                        ("safe", json!(safe)),
                        ("risky", json!(risky)),
                    ],
                ),
            ),
            Choice::Back => (
                group,
                "Back to how far".into(),
                said("mj-option-back", vec![]),
            ),
            Choice::Pact { partner } => {
                let [(_, name), (_, team)] = self.who(*partner);
                (
                    group,
                    format!("Pact with {}", self.with_team(*partner)),
                    said("mj-option-pact", vec![("partner", name), ("team", team)]),
                )
            }
            Choice::Answer { yes } => {
                let partner = match self.turn.as_ref().map(|t| &t.phase) {
                    Some(Phase::Ask { partner }) => *partner,
                    _ => rider,
                };
                let mut args = vec![("yes", json!(if *yes { "yes" } else { "no" }))];
                args.extend(self.who(rider));
                (
                    Text::from(self.name(partner)),
                    format!(
                        "{} the pact of {}",
                        if *yes { "Accept" } else { "Refuse" },
                        self.with_team(rider)
                    ),
                    said("mj-option-answer", args),
                )
            }
            Choice::Help { rider: x } => (
                group,
                format!("Help {}", self.with_team(*x)),
                said("mj-option-help", self.who(*x).to_vec()),
            ),
            Choice::NoHelp => (
                group,
                "Do not help".into(),
                said("mj-option-no-help", vec![]),
            ),
        }
    }

    /// Where the race stands: its front rider and how far he has to go.
    fn front(&self) -> Sentence {
        let order = self.race_order();
        match order
            .first()
            .and_then(|&r| self.riders[r as usize].spot.pos().map(|p| (r, p)))
        {
            Some((r, p)) => {
                let to_go = self.course.rows_to_line(p.row);
                let mut args = self.who(r).to_vec();
                args.push(("to_go", json!(to_go)));
                sentence(
                    "mj-front",
                    args,
                    format!(
                        "{} leads the race, {} from the line.",
                        self.with_team(r),
                        plural(to_go as u32, "row", "rows")
                    ),
                )
            }
            None => sentence(
                "mj-front-none",
                vec![],
                "Nobody is on the road.".to_string(),
            ),
        }
    }

    fn narrate_one(&self, e: &Event) -> Sentence {
        let n = |r: &RiderIx| json!(self.name(*r));
        let name = |r: &RiderIx| self.name(*r).to_string();
        match e {
            Event::FirstDrawn { rider, roll } => sentence(
                "mj-first-drawn",
                [("face", json!(roll.face))]
                    .into_iter()
                    .chain(self.who(*rider))
                    .collect(),
                format!(
                    "The die shows {}: {} plays first.",
                    roll.face,
                    self.with_team(*rider)
                ),
            ),
            Event::RoundBegins { round, .. } => sentence(
                "mj-round",
                vec![("round", json!(round))],
                format!("Round {round} begins."),
            ),
            Event::Rolled {
                rider,
                pair,
                cells,
                price,
                why,
                ..
            } => {
                let (kind, cost) = match price {
                    Price::Cost(c) => ("cost", *c),
                    Price::Puncture => ("puncture", 0),
                };
                sentence(
                    "mj-rolled",
                    vec![
                        ("rider", n(rider)),
                        ("a", json!(pair.a)),
                        ("b", json!(pair.b)),
                        ("cells", json!(cells)),
                        ("result", json!(kind)),
                        ("cost", json!(cost)),
                        ("why", json!(why_word(*why))),
                    ],
                    format!(
                        "{} rolls {} and {} {}: {}",
                        name(rider),
                        pair.a,
                        pair.b,
                        if *why == Why::Aspiration {
                            "for the aspiration".to_string()
                        } else {
                            format!("for {}", plural(*cells as u32, "risky cell", "risky cells"))
                        },
                        if kind == "cost" {
                            format!("{}.", plural(u32::from(cost), "unit", "units"))
                        } else {
                            "puncture!".into()
                        }
                    ),
                )
            }
            Event::Paid {
                rider,
                why,
                energy,
                form,
                energy_left,
                form_left,
            } => sentence(
                "mj-paid",
                vec![
                    ("rider", n(rider)),
                    ("why", json!(why_word(*why))),
                    ("energy", json!(energy)),
                    ("form", json!(form)),
                    ("energy_left", json!(energy_left)),
                    ("form_left", json!(form_left)),
                ],
                format!(
                    "{} pays {energy} energy and {form} form {}: energy {energy_left}, form {form_left}.",
                    name(rider),
                    match why {
                        Why::Safe => "for the safe escape",
                        Why::Risky => "for the risky escape",
                        Why::Aspiration => "for the rider in his wheel",
                    }
                ),
            ),
            Event::Moved {
                rider, to, cells, ..
            } => sentence(
                "mj-moved",
                vec![
                    ("rider", n(rider)),
                    ("cells", json!(cells)),
                    ("to_go", json!(self.course.rows_to_line(to.row))),
                ],
                format!(
                    "{} rides {}{}.",
                    name(rider),
                    plural(*cells as u32, "cell", "cells"),
                    self.place(*to)
                ),
            ),
            Event::Stayed { rider } => sentence(
                "mj-stayed",
                vec![("rider", n(rider))],
                format!("{} stays where he is.", name(rider)),
            ),
            Event::Punctured { rider, .. } => sentence(
                "mj-punctured",
                vec![("rider", n(rider))],
                format!("{} punctures: he loses his next turn.", name(rider)),
            ),
            Event::LostTurn { rider } => sentence(
                "mj-lost-turn",
                vec![("rider", n(rider))],
                format!(
                    "{} punctures on the aspiration roll: he loses this turn.",
                    name(rider)
                ),
            ),
            Event::PulledUp { rider, by, to } => sentence(
                "mj-pulled",
                vec![
                    ("rider", n(rider)),
                    ("by", n(by)),
                    ("to_go", json!(self.course.rows_to_line(to.row))),
                ],
                format!(
                    "{} is pulled up by {}{}.",
                    name(rider),
                    name(by),
                    self.place(*to)
                ),
            ),
            Event::Skipped { rider } => sentence(
                "mj-skipped",
                vec![("rider", n(rider))],
                format!("{} passes his turn.", name(rider)),
            ),
            Event::PactAsked { rider, partner } => sentence(
                "mj-pact-asked",
                vec![
                    ("rider", n(rider)),
                    ("team", json!(self.team_of(*rider))),
                    ("partner", n(partner)),
                    ("partner_team", json!(self.team_of(*partner))),
                ],
                format!(
                    "{} asks {} for a pact.",
                    self.with_team(*rider),
                    self.with_team(*partner)
                ),
            ),
            Event::PactAnswered {
                rider,
                partner,
                yes,
            } => sentence(
                "mj-pact-answered",
                vec![
                    ("rider", n(rider)),
                    ("partner", n(partner)),
                    ("yes", json!(if *yes { "yes" } else { "no" })),
                ],
                format!(
                    "{} {} the pact of {}.",
                    name(partner),
                    if *yes { "accepts" } else { "refuses" },
                    name(rider)
                ),
            ),
            Event::PactFailed { rider, partner } => sentence(
                "mj-pact-failed",
                vec![("rider", n(rider)), ("partner", n(partner))],
                format!(
                    "The pact fails: {} did not end beside {}.",
                    name(partner),
                    name(rider)
                ),
            ),
            Event::Helped { helper, rider } => sentence(
                "mj-helped",
                vec![("helper", n(helper)), ("rider", n(rider))],
                format!(
                    "{} helps {}: he takes over the lost turn.",
                    name(helper),
                    name(rider)
                ),
            ),
            Event::Crossed {
                rider,
                place,
                round,
            } => sentence(
                "mj-crossed",
                self.who(*rider)
                    .into_iter()
                    .chain([("place", json!(place)), ("round", json!(round))])
                    .collect(),
                format!(
                    "{} crosses the line in place {place} (round {round}).",
                    self.with_team(*rider)
                ),
            ),
            Event::Placed { rider, place } => sentence(
                "mj-placed",
                vec![("rider", n(rider)), ("place", json!(place))],
                format!(
                    "{} is now placed {place}: the riders of one round are placed by how far past the line they stand.",
                    name(rider)
                ),
            ),
            Event::Abandoned { rider } => sentence(
                "mj-abandoned",
                self.who(*rider).to_vec(),
                format!(
                    "{} has no energy and no form left: he abandons.",
                    self.with_team(*rider)
                ),
            ),
            Event::StageOver { winner } => match winner {
                Some(w) => sentence(
                    "mj-stage-over",
                    vec![("winner", n(w)), ("team", json!(self.team_of(*w)))],
                    format!("The stage is over: {} wins.", self.with_team(*w)),
                ),
                None => sentence(
                    "mj-stage-over-nobody",
                    vec![],
                    "The stage is over: nobody crossed the line.".into(),
                ),
            },
        }
    }
}

impl Game for MaillotJaune {
    type Choice = Choice;
    type Event = Event;
    const ID: &'static str = super::ID;

    fn start(setup: &Setup, seed: u64) -> Result<Self, StartError> {
        MaillotJaune::new(setup, seed)
    }
    fn seats(&self) -> usize {
        MaillotJaune::seats(self)
    }
    fn is_over(&self) -> bool {
        MaillotJaune::is_over(self)
    }
    fn owes(&self, seat: Seat) -> bool {
        !self.over && self.to_play() == Some(seat)
    }
    fn legal(&self, seat: Seat) -> Vec<Choice> {
        MaillotJaune::legal(self, seat)
    }
    /// The whole decisions (`MaillotJaune::decisions`): a move with its escape, typed in full.
    fn whole(&self, seat: Seat) -> Vec<Choice> {
        MaillotJaune::decisions(self, seat)
    }
    fn apply(&mut self, seat: Seat, choice: &Choice) -> Result<Vec<Event>, Sentence> {
        self.play(seat, choice).map_err(|e| refusal(&e))
    }

    fn key(&self, choice: &Choice) -> Key {
        let mut key = Key::empty();
        match choice {
            Choice::Move { to, via, escape } => {
                match escape {
                    None => key.push("m:"),
                    Some((safe, risky)) => {
                        key.push("e:")
                            && key.push_number(*safe as u32)
                            && key.push(":")
                            && key.push_number(*risky as u32)
                            && key.push(":")
                    }
                };
                key.push_number(to.row as u32);
                key.push(":");
                key.push_number(to.lane as u32);
                if let Some(l) = via {
                    key.push(":");
                    key.push_number(*l as u32);
                }
            }
            Choice::Stay => {
                key.push("s");
            }
            Choice::Ride { cells } => {
                key.push("r:");
                key.push_number(*cells as u32);
            }
            Choice::Escape { cells } => {
                key.push("e:");
                key.push_number(*cells as u32);
            }
            Choice::Plan { safe, risky } => {
                key.push("e:");
                key.push_number(*safe as u32);
                key.push(":");
                key.push_number(*risky as u32);
            }
            Choice::Back => {
                key.push("b");
            }
            Choice::Pact { partner } => {
                key.push("p:");
                key.push_number(*partner as u32);
            }
            Choice::Answer { yes } => {
                key.push(if *yes { "y" } else { "n" });
            }
            Choice::Help { rider } => {
                key.push("h:");
                key.push_number(*rider as u32);
            }
            Choice::NoHelp => {
                key.push("x");
            }
        }
        key
    }

    fn parse_key(&self, key: &str) -> Option<Choice> {
        let number = |t: &str| -> Option<u32> {
            let n: u32 = t.parse().ok()?;
            (n.to_string() == t).then_some(n)
        };
        let small = |t: &str| number(t).and_then(|n| u8::try_from(n).ok());
        match key {
            "s" => return Some(Choice::Stay),
            "b" => return Some(Choice::Back),
            "y" => return Some(Choice::Answer { yes: true }),
            "n" => return Some(Choice::Answer { yes: false }),
            "x" => return Some(Choice::NoHelp),
            _ => {}
        }
        let (kind, rest) = key.split_once(':')?;
        let parts: Vec<&str> = rest.split(':').collect();
        let cell = |r: &str, l: &str| {
            Some(crate::course::Pos::new(
                u16::try_from(number(r)?).ok()?,
                small(l)?,
            ))
        };
        let escape = |s: &str, k: &str| Some((small(s)?, small(k)?));
        match (kind, parts.as_slice()) {
            ("m", [r, l]) => Some(Choice::Move {
                to: cell(r, l)?,
                via: None,
                escape: None,
            }),
            ("m", [r, l, v]) => Some(Choice::Move {
                to: cell(r, l)?,
                via: Some(small(v)?),
                escape: None,
            }),
            ("e", [s, k, r, l]) => Some(Choice::Move {
                to: cell(r, l)?,
                via: None,
                escape: Some(escape(s, k)?),
            }),
            ("e", [s, k, r, l, v]) => Some(Choice::Move {
                to: cell(r, l)?,
                via: Some(small(v)?),
                escape: Some(escape(s, k)?),
            }),
            ("r", [c]) => Some(Choice::Ride { cells: small(c)? }),
            ("e", [c]) => Some(Choice::Escape { cells: small(c)? }),
            ("e", [s, k]) => Some(Choice::Plan {
                safe: small(s)?,
                risky: small(k)?,
            }),
            ("p", [p]) => Some(Choice::Pact { partner: small(p)? }),
            ("h", [p]) => Some(Choice::Help { rider: small(p)? }),
            _ => None,
        }
    }

    fn label(&self, choice: &Choice) -> (Text, Text) {
        let (g, l, _) = self.worded(choice);
        (g, Text::from(l))
    }

    fn said(&self, choice: &Choice) -> (Option<Sentence>, Sentence) {
        (None, self.worded(choice).2)
    }

    fn audience(&self, _event: &Event) -> Option<Seat> {
        None
    }

    fn settles_turn(event: &Event) -> bool {
        matches!(
            event,
            Event::Moved { .. }
                | Event::Stayed { .. }
                | Event::LostTurn { .. }
                | Event::StageOver { .. }
        )
    }

    /// One post a round, edited as each rider plays.
    fn phase(&self) -> Option<u32> {
        Some(self.round)
    }

    /// A pact asked waits on the partner's director alone (G-17: "the partner is asked and
    /// answers"), on the tour's short answer deadline; no answer in time is a refusal (the bot's
    /// answer, `bot::choose`).
    fn awaits_answer(&self) -> bool {
        matches!(
            self.turn.as_ref().map(|t| &t.phase),
            Some(super::stage::Phase::Ask { .. })
        )
    }

    fn opening(&self) -> Vec<Event> {
        self.opening.clone()
    }

    fn turn_name(&self, _turn: u32) -> Sentence {
        Sentence::round(self.round)
    }

    fn narrate(&self, events: &[Event], _viewer: Viewer) -> Vec<Sentence> {
        events.iter().map(|e| self.narrate_one(e)).collect()
    }

    fn tell_turn(&self, events: &[Event]) -> crate::registry::Told {
        crate::registry::Told {
            lines: self.narrate(events, Viewer::Public),
            brief: Some(self.front()),
        }
    }

    fn notable(&self, events: &[Event]) -> Vec<Sentence> {
        events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::Punctured { .. }
                        | Event::Abandoned { .. }
                        | Event::Crossed { .. }
                        | Event::Placed { .. }
                        | Event::PactFailed { .. }
                        | Event::Helped { .. }
                        | Event::StageOver { .. }
                )
            })
            .map(|e| self.narrate_one(e))
            .collect()
    }

    /// Each of the seat's riders: his dial, his form and his stars on the turn's terrain.
    fn brief(&self, seat: Seat) -> Vec<Sentence> {
        (0..self.riders.len() as RiderIx)
            .filter(|&r| {
                self.riders[r as usize].seat == seat && self.riders[r as usize].spot.racing()
            })
            .map(|r| {
                let x = &self.riders[r as usize];
                let stars = self.allowance(r);
                sentence(
                    "mj-brief",
                    vec![
                        ("rider", json!(self.name(r))),
                        ("energy", json!(x.energy)),
                        ("form", json!(x.form)),
                        ("stars", json!(stars)),
                    ],
                    format!(
                        "{}: energy {}/6, form {}/20, {} this turn.",
                        self.name(r),
                        x.energy,
                        x.form,
                        plural(u32::from(stars), "star", "stars")
                    ),
                )
            })
            .chain(self.prices_for(seat))
            .collect()
    }

    fn situation(&self) -> Vec<Sentence> {
        vec![self.front()]
    }

    /// The stage's rows, the start area behind the banner (row 0) left out: 28 on each of the
    /// book's stages (MJ-006: two stretches of 14).
    fn to_line(&self) -> Sentence {
        Sentence::rows_to_line(u32::from(self.course.rows_from_start()))
    }

    fn view_json(&self, _viewer: Viewer) -> Value {
        serde_json::to_value(self.view()).expect("views serialise")
    }

    /// Nothing is hidden in Maillot Jaune: every card and dial lies open on the table (the
    /// mutant that returns `vec![]` here is this body, so equivalent).
    fn secrets(&self) -> Vec<Secret> {
        Vec::new()
    }

    fn scene(&self) -> Scene {
        Scene::MaillotJaune(self.view())
    }

    /// A move steps onto its cell: one within the stars at any step of the choice (a scenario
    /// gives it as its destination, and it is played whole), an escape's once the escape is
    /// announced (before, its cell is reached by more than one way to pay: the script says which
    /// with the escape's option first).
    fn place(&self, choice: &Choice) -> Option<Place> {
        let announced = match self.turn.as_ref().map(|t| &t.phase) {
            Some(Phase::Choose { plan }) => *plan,
            _ => None,
        };
        match choice {
            Choice::Move {
                to,
                via: None,
                escape,
            } if escape.is_none() || *escape == announced => Some(Place::Onto(self.cell(*to))),
            Choice::Stay => Some(Place::Halt),
            _ => None,
        }
    }

    /// Nothing is hidden in Maillot Jaune: ratings, energy and dice are all in the open. Only
    /// the dice are reseeded, so that a playout never rolls the stage's own future rolls.
    fn determinize(&self, _viewer: Viewer, rng: &mut rand_chacha::ChaCha8Rng) -> Self {
        let mut copy = self.clone();
        copy.reseed(rng);
        copy
    }

    fn bot(&self, seat: Seat, options: &[Choice]) -> Choice {
        bot::sensible(self, seat, options)
    }

    fn result(
        &self,
        number: u32,
        kind: StageKind,
        riders: &[TourRider],
    ) -> Result<StageResult, OutcomeError> {
        if !self.over {
            return Err(OutcomeError::Running);
        }
        let lines = self.classification();
        let mut out = Vec::new();
        let entries = lines.iter().map(|l| (l.0, Some(*l))).chain(
            (0..self.riders.len() as RiderIx)
                .filter(|&r| self.riders[r as usize].spot == Spot::Out)
                .map(|r| (r, None)),
        );
        for (r, line) in entries {
            let id = &self.riders[r as usize].name;
            let Some(k) = riders.iter().position(|t| t.key.0 == *id) else {
                return Err(OutcomeError::NotInTour(id.clone()));
            };
            out.push(RiderStage {
                rider: RiderKey::new(id.clone()),
                team: self
                    .teams
                    .get(riders[k].team as usize)
                    .cloned()
                    .unwrap_or_default(),
                start_number: riders[k].start_number,
                cards_played: line.map_or(0, |l| l.2),
                // MJ-039: the minutes are the rounds after the winner's.
                outcome: match line {
                    None => Outcome::Abandoned,
                    Some(l) => Outcome::Timed {
                        minutes: l.2,
                        across: true,
                        climber_points: 0,
                        points: 0,
                        bonus_seconds: 0,
                    },
                },
                place: line.map(|l| l.1),
                exhaustion_start: 0,
                exhaustion_end: 0,
            });
        }
        Ok(StageResult {
            number,
            kind,
            summit_finish: false,
            riders: out,
            rejoined: Vec::new(),
            sprints: Vec::new(),
            summits: Vec::new(),
            bonus_seconds: false,
            carry: Value::Null,
        })
    }

    /// Form goes on to the next stage (MJ-031, MJ-032), energy does not (MJ-023); so do the
    /// card, the minutes and the stage places so far, and the place in the overall order, which
    /// the standings publish (`classify::overall_key`, G-12's tie-breaks): the next stage dresses
    /// its first in yellow and starts in that order (G-08).
    fn carry_over(&self, riders: &mut [TourRider]) {
        let lines = self.classification();
        let mut totals: Vec<(usize, u32, Vec<u32>)> = Vec::new();
        for (k, t) in riders.iter().enumerate() {
            let Some(r) = self.riders.iter().position(|x| x.name == t.key.0) else {
                continue;
            };
            let Some(line) = lines.iter().find(|l| l.0 as usize == r) else {
                continue;
            };
            let mut places = self.riders[r].places_before.clone();
            places.push(line.1);
            totals.push((k, self.riders[r].minutes_before + line.2, places));
        }
        totals.sort_by_key(|(k, minutes, places)| {
            super::classify::overall_key(i64::from(*minutes), places, riders[*k].start_number)
        });
        for (rank, (k, minutes, places)) in totals.into_iter().enumerate() {
            let r = self
                .riders
                .iter()
                .find(|x| x.name == riders[k].key.0)
                .expect("found above");
            riders[k].attributes = json!({
                "card": r.card.name,
                "form": r.form,
                "minutes": minutes,
                "places": places,
                "overall": rank as u32 + 1,
            });
        }
    }
}
