//! Hulst behind the registry.
//!
//! Keys: `m:<rider>:<card>:<row>.<lane>` a clean move (`:b` with a kept chance card),
//! `c:<rider>:<card>:<row>.<lane>` an unavoidable crash stopping there, `s:<cards>` the cards
//! given up on a swap (`s:3.5.7`, `s:-` for none), `g:<card>` a card given up, `l:<row>.<lane>`
//! where a chance move ends, `p:<rider>:<card>` a card chosen whose landing square comes next,
//! `b` back from the squares to the cards, `o:<rider>.<rider>.<rider>` the order a team moves
//! its riders in a team time trial's turn (G-35). Labels name the card and the square as printed
//! (44A, -3); the landing squares of a card chosen are lettered ("B: 7 to 44A, lane 2").

use super::board::Board;
use super::events::{Choice, Event, RiderIx, Spot};
use super::options::Options;
use super::stage::{Hulst, LETTERS, Refusal, Wait};
use super::tables::{ChanceCard, Effect, TEAM_SIZE};
use crate::course::Pos;
use crate::game::{Seat, Viewer};
use crate::registry::{
    Game, Key, OutcomeError, Rostered, Scene, Secret, Sentence, Setup, StartError, Text, Told,
};
use crate::tour::{Outcome, RiderKey, RiderStage, StageKind, StageResult, TourRider};
use serde_json::{Value, json};

/// Hulst's turns as the services speak of them: one rider at a time, in the order from the
/// front.
pub const WORDS: crate::registry::Words = crate::registry::Words {
    hand_button: crate::registry::word("hulst-hand-button"),
    call_to_directors: crate::registry::word("hulst-call-to-directors"),
    nothing_to_choose: crate::registry::word("hulst-nothing-to-choose"),
    settled: crate::registry::word("hulst-settled"),
    deadlines: crate::registry::Deadlines::PerDecision,
    deadline: crate::registry::word("hulst-deadline"),
};

/// A team of three (HT-003): the roster's names, or "Rider 1" to "Rider 3", which a tour words
/// in its language (`hulst-roster-rider`: "Coureur 1").
pub fn roster(list: &[Value], _options: &Value) -> Result<Vec<Rostered>, String> {
    if list.is_empty() {
        return Ok((1..=TEAM_SIZE)
            .map(|k| {
                let label = format!("Rider {k}");
                Rostered {
                    said: Some(sentence(
                        "hulst-roster-rider",
                        vec![("number", json!(k))],
                        label.clone(),
                    )),
                    label,
                    attributes: json!({}),
                }
            })
            .collect());
    }
    if list.len() != TEAM_SIZE {
        return Err(format!(
            "a Hulst team is exactly {TEAM_SIZE} riders: give three names, not {}",
            list.len()
        ));
    }
    list.iter()
        .map(|v| {
            v.as_str()
                .filter(|s| !s.trim().is_empty())
                .map(|s| Rostered {
                    label: s.to_string(),
                    attributes: json!({}),
                    said: None,
                })
                .ok_or_else(|| format!("'{v}' is not a rider's name: write a name in quotes"))
        })
        .collect()
}

/// The rules a tour preset names: the box's, with our defaults for what it leaves open.
pub static RULES: &[crate::registry::NamedRules] = &[crate::registry::NamedRules {
    name: "box",
    options: box_rules,
}];

fn box_rules() -> Value {
    json!({})
}

/// A stage's options in a tour: the tour's, and for a stage of kind `team_time_trial` the
/// book's variant (HT-071); Hulst has no individual time trial.
pub fn prepare(ctx: &crate::registry::StageContext) -> Result<Value, String> {
    match ctx.kind {
        StageKind::TimeTrial => Err(
            "Le Tour de France has no individual time trial: make the stage flat, mountain or team_time_trial"
                .to_string(),
        ),
        StageKind::TeamTimeTrial => {
            let mut options = match ctx.options {
                Value::Object(map) => map.clone(),
                _ => serde_json::Map::new(),
            };
            options.insert("stage".into(), json!("team_time_trial"));
            Ok(Value::Object(options))
        }
        _ => Ok(ctx.options.clone()),
    }
}

fn sentence(id: &'static str, args: Vec<(&'static str, Value)>, text: String) -> Sentence {
    Sentence { id, args, text }
}

fn cards_text(cards: &[u8]) -> String {
    cards
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn pos_key(p: Pos) -> String {
    format!("{}.{}", p.row, p.lane)
}

fn parse_pos(t: &str) -> Option<Pos> {
    let (r, l) = t.split_once('.')?;
    let row: u16 = r.parse().ok()?;
    let lane: u8 = l.parse().ok()?;
    (row.to_string() == r && lane.to_string() == l).then_some(Pos::new(row, lane))
}

fn number<T: std::str::FromStr + ToString>(t: &str) -> Option<T> {
    let n: T = t.parse().ok()?;
    (n.to_string() == t).then_some(n)
}

impl Hulst {
    fn rider_name(&self, r: RiderIx) -> String {
        self.riders
            .get(r)
            .map_or_else(|| format!("rider {r}"), |x| x.id.clone())
    }
    fn team_name(&self, s: Seat) -> String {
        self.teams
            .get(s as usize)
            .cloned()
            .unwrap_or_else(|| format!("team {s}"))
    }
    fn square_name(&self, p: Pos) -> String {
        self.board.label(p).to_string()
    }

    /// A refusal in one sentence, with the card that would have been clean (HT-047, HT-046).
    pub fn refusal(&self, r: &Refusal) -> Sentence {
        let text = r.to_string();
        match r {
            Refusal::Over => sentence("hulst-refused-over", vec![], text),
            Refusal::NotYourTurn => sentence("hulst-refused-not-your-turn", vec![], text),
            Refusal::NotThisRider => sentence("hulst-refused-not-this-rider", vec![], text),
            Refusal::NoSuchCard(c) => {
                sentence("hulst-refused-no-such-card", vec![("card", json!(c))], text)
            }
            Refusal::Unreachable { card, to } => sentence(
                "hulst-refused-unreachable",
                vec![("card", json!(card)), ("square", json!(to))],
                text,
            ),
            Refusal::Avoidable { clean } => sentence(
                "hulst-refused-avoidable",
                vec![("card", json!(clean))],
                text,
            ),
            Refusal::NoRoom { room } => {
                sentence("hulst-refused-no-room", vec![("card", json!(room))], text)
            }
            Refusal::CrashLane => sentence("hulst-refused-crash-lane", vec![], text),
            Refusal::Wrong => sentence("hulst-refused-wrong", vec![], text),
            Refusal::OtherCard { card } => sentence(
                "hulst-refused-other-card",
                vec![("card", json!(card))],
                text,
            ),
        }
    }

    fn chance_said(&self, rider: RiderIx, card: ChanceCard) -> Sentence {
        let name = json!(self.rider_name(rider));
        let amount = json!(card.amount);
        let args = match card.effect {
            Effect::Puncture | Effect::CrashHere | Effect::Nothing => vec![("rider", name)],
            _ => vec![("rider", name), ("amount", amount)],
        };
        let text = format!(
            "{} draws a chance card: {:?} {}.",
            self.rider_name(rider),
            card.effect,
            card.amount
        );
        match card.effect {
            Effect::Advance => sentence("hulst-chance-advance", args, text),
            Effect::FallBack => sentence("hulst-chance-fall-back", args, text),
            Effect::Puncture => sentence("hulst-chance-puncture", args, text),
            Effect::CrashHere => sentence("hulst-chance-crash", args, text),
            Effect::Exchange => sentence("hulst-chance-exchange", args, text),
            Effect::Keep => sentence("hulst-chance-keep", args, text),
            Effect::BonusSeconds => sentence("hulst-chance-bonus", args, text),
            Effect::Nothing => sentence("hulst-chance-nothing", args, text),
        }
    }

    /// An event told: its sentence, and for a crash the cards shown as the proof (G-19).
    fn tell(&self, e: &Event) -> Vec<Sentence> {
        let mut out: Vec<Sentence> = self.tell_one(e).into_iter().collect();
        let shown = match e {
            Event::Crashed {
                causer,
                shown: Some(cards),
                card: Some(_),
                ..
            }
            | Event::JoinedCrash {
                rider: causer,
                shown: Some(cards),
                ..
            } => Some((*causer, cards)),
            _ => None,
        };
        if let Some((r, cards)) = shown {
            let team = self.riders[r].team;
            out.push(sentence(
                "hulst-shown",
                vec![
                    ("team", json!(self.team_name(team))),
                    ("cards", json!(cards_text(cards))),
                    ("count", json!(cards.len())),
                ],
                format!(
                    "{} shows its cards: {}.",
                    self.team_name(team),
                    cards_text(cards)
                ),
            ));
        }
        out
    }

    fn tell_one(&self, e: &Event) -> Option<Sentence> {
        let rider = |r: RiderIx| json!(self.rider_name(r));
        let team = |s: Seat| json!(self.team_name(s));
        Some(match e {
            Event::Drew { seat, card, draw } => sentence(
                "hulst-drew",
                vec![
                    ("team", team(*seat)),
                    ("card", json!(card)),
                    ("draw", json!(draw)),
                ],
                format!("{} draws {card} for the start.", self.team_name(*seat)),
            ),
            Event::FirstPlayer { seat } => sentence(
                "hulst-first-player",
                vec![("team", team(*seat))],
                format!("{} places first.", self.team_name(*seat)),
            ),
            Event::Dealt { cards, .. } => sentence(
                "hulst-dealt",
                vec![("cards", json!(cards_text(cards)))],
                format!("Your hand: {}.", cards_text(cards)),
            ),
            Event::Refilled { seat, count } => sentence(
                "hulst-refilled",
                vec![("team", team(*seat)), ("count", json!(count))],
                format!("{} is dealt {count} new cards.", self.team_name(*seat)),
            ),
            Event::RoundStarted { round } => sentence(
                "hulst-round",
                vec![("round", json!(round))],
                format!("Round {round}."),
            ),
            Event::Moved {
                rider: r,
                card,
                to,
                wind,
                boost,
                ..
            } => sentence(
                "hulst-moved",
                vec![
                    ("rider", rider(*r)),
                    ("card", json!(card)),
                    ("square", json!(self.square_name(*to))),
                    ("lane", json!(to.lane)),
                    ("wind", json!(wind)),
                    ("boost", json!(boost)),
                ],
                format!(
                    "{} plays {card} to {} (wind {wind}).",
                    self.rider_name(*r),
                    self.square_name(*to)
                ),
            ),
            Event::Crashed {
                number,
                causer,
                hit,
                riders,
                card,
                ..
            } => {
                let names: Vec<String> = riders.iter().map(|&r| self.rider_name(r)).collect();
                sentence(
                    "hulst-crashed",
                    vec![
                        ("number", json!(number)),
                        ("rider", rider(*causer)),
                        (
                            "hit",
                            json!(hit.map_or_else(String::new, |h| self.rider_name(h))),
                        ),
                        ("riders", json!(names.join(", "))),
                        ("chance", json!(card.is_none())),
                    ],
                    format!("Crash on {number}: {}.", names.join(", ")),
                )
            }
            Event::JoinedCrash {
                rider: r, number, ..
            } => sentence(
                "hulst-joined-crash",
                vec![("rider", rider(*r)), ("number", json!(number))],
                format!(
                    "{} cannot brake and joins the crash on {number}.",
                    self.rider_name(*r)
                ),
            ),
            Event::Skipped { rider: r } => sentence(
                "hulst-skipped",
                vec![("rider", rider(*r))],
                format!("{} skips his turn.", self.rider_name(*r)),
            ),
            Event::Discarded { rider: r } => sentence(
                "hulst-discarded",
                vec![("rider", rider(*r))],
                format!("A card goes for {}, who has finished.", self.rider_name(*r)),
            ),
            Event::GaveUp { card, .. } => sentence(
                "hulst-gave-up",
                vec![("card", json!(card))],
                format!("You give up {card}."),
            ),
            Event::Swapped { rider: r, count } => sentence(
                "hulst-swapped",
                vec![("rider", rider(*r)), ("count", json!(count))],
                format!("{} swaps {count} cards.", self.rider_name(*r)),
            ),
            Event::SwapCards { gave, got, .. } => sentence(
                "hulst-swap-cards",
                vec![
                    ("cards_given", json!(cards_text(gave))),
                    ("cards_drawn", json!(cards_text(got))),
                ],
                format!(
                    "You give {} and draw {}.",
                    cards_text(gave),
                    cards_text(got)
                ),
            ),
            Event::ChanceDrawn { rider: r, card } => self.chance_said(*r, *card),
            Event::ChanceMoved { rider: r, to } => sentence(
                "hulst-chance-moved",
                vec![
                    ("rider", rider(*r)),
                    ("square", json!(self.square_name(*to))),
                ],
                format!("{} goes to {}.", self.rider_name(*r), self.square_name(*to)),
            ),
            Event::ChanceShuffled => sentence(
                "hulst-chance-shuffled",
                vec![],
                "The chance cards are shuffled.".into(),
            ),
            Event::BonusSeconds { rider: r, seconds } => sentence(
                "hulst-bonus-seconds",
                vec![("rider", rider(*r)), ("seconds", json!(seconds))],
                format!("{} wins {seconds} bonus seconds.", self.rider_name(*r)),
            ),
            Event::SprintPlace {
                rider: r,
                after,
                place,
                seconds,
                points,
            } => sentence(
                "hulst-sprint",
                vec![
                    ("rider", rider(*r)),
                    ("after", json!(after)),
                    ("place", json!(place)),
                    ("seconds", json!(seconds)),
                    ("points", json!(points)),
                ],
                format!(
                    "{} is {place} at the sprint after {after}: {seconds} s, {points} pts.",
                    self.rider_name(*r)
                ),
            ),
            Event::Finished {
                rider: r,
                past,
                time,
                place,
                points,
                ..
            } => sentence(
                "hulst-finished",
                vec![
                    ("rider", rider(*r)),
                    ("place", json!(place)),
                    ("past", json!(past)),
                    ("time", json!(time)),
                    ("points", json!(points)),
                ],
                format!(
                    "{} finishes {place}, {past} past the line: {time} s, {points} points.",
                    self.rider_name(*r)
                ),
            ),
            Event::StageOver => sentence("hulst-over", vec![], "The stage is over.".into()),
        })
    }

    /// The letter of a landing square among the options of the card chosen (A, B, C…).
    fn letter_of(&self, choice: &Choice) -> Option<char> {
        let Wait::Square { .. } = self.wait else {
            return None;
        };
        let seat = self.to_play()?;
        self.legal(seat)
            .iter()
            .filter(|c| !matches!(c, Choice::Back))
            .position(|c| c == choice)
            .and_then(|i| LETTERS.chars().nth(i))
    }

    fn option_said(&self, choice: &Choice) -> (String, Sentence) {
        let (label, said) = self.move_said(choice);
        match self.letter_of(choice) {
            Some(letter) => {
                let mut args = said.args;
                args.insert(0, ("letter", json!(letter.to_string())));
                let text = format!("{letter}: {}", said.text);
                let said = match choice {
                    Choice::Crash { .. } => sentence("hulst-option-letter-crash", args, text),
                    _ => sentence("hulst-option-letter-move", args, text),
                };
                (format!("{letter}: {label}"), said)
            }
            None => (label, said),
        }
    }

    fn move_said(&self, choice: &Choice) -> (String, Sentence) {
        match choice {
            Choice::Card { card, .. } => (
                format!("Play {card}"),
                sentence(
                    "hulst-option-card",
                    vec![("card", json!(card))],
                    format!("Play {card}"),
                ),
            ),
            Choice::Order { riders } => {
                // The riders without their team's name, which the option's group gives.
                let names: Vec<String> = riders
                    .iter()
                    .map(|&r| {
                        let name = self.rider_name(r);
                        let team = format!("{} ", self.team_name(self.riders[r].team));
                        name.strip_prefix(&team).unwrap_or(&name).to_string()
                    })
                    .collect();
                (
                    format!("Order: {}", names.join(", ")),
                    sentence(
                        "hulst-option-order",
                        vec![("riders", json!(names.join(", ")))],
                        format!("Order: {}", names.join(", ")),
                    ),
                )
            }
            Choice::Back => (
                "Back to the cards".to_string(),
                sentence("hulst-option-back", vec![], "Back to the cards".to_string()),
            ),
            Choice::Move {
                rider,
                card,
                to,
                boost,
            } => {
                let wind = self
                    .all_ends(*rider)
                    .clean
                    .iter()
                    .find(|e| e.0 == *card && e.1 == *to && e.3 == *boost)
                    .map_or(0, |e| e.2);
                let square = self.square_name(*to);
                (
                    format!(
                        "{card} to {square}, lane {}{}{}",
                        to.lane,
                        if wind > 0 {
                            format!(" (wind +{wind})")
                        } else {
                            String::new()
                        },
                        if *boost { " with the kept card" } else { "" }
                    ),
                    sentence(
                        "hulst-option-move",
                        vec![
                            ("card", json!(card)),
                            ("square", json!(square)),
                            ("lane", json!(to.lane)),
                            ("wind", json!(wind)),
                            ("boost", json!(boost)),
                        ],
                        format!("{card} to {square}"),
                    ),
                )
            }
            Choice::Crash { card, stop, .. } => {
                let square = self.square_name(*stop);
                (
                    format!("{card}: crash, stop on {square}"),
                    sentence(
                        "hulst-option-crash",
                        vec![
                            ("card", json!(card)),
                            ("square", json!(square)),
                            ("lane", json!(stop.lane)),
                        ],
                        format!("{card}: crash"),
                    ),
                )
            }
            Choice::Swap { give } => (
                format!("Give up {}", cards_text(give)),
                sentence(
                    "hulst-option-swap",
                    vec![
                        ("cards", json!(cards_text(give))),
                        ("count", json!(give.len())),
                    ],
                    format!("Give up {}", cards_text(give)),
                ),
            ),
            Choice::GiveUp { card } => (
                format!("Give up {card}"),
                sentence(
                    "hulst-option-give-up",
                    vec![("card", json!(card))],
                    format!("Give up {card}"),
                ),
            ),
            Choice::Land { to } => {
                let square = self.square_name(*to);
                (
                    format!("{square}, lane {}", to.lane),
                    sentence(
                        "hulst-option-land",
                        vec![("square", json!(square)), ("lane", json!(to.lane))],
                        format!("{square}, lane {}", to.lane),
                    ),
                )
            }
        }
    }

    fn group_of(&self, choice: &Choice) -> String {
        match choice.rider() {
            Some(r) => self.rider_name(r),
            None => match &self.wait {
                Wait::Swap { rider, .. }
                | Wait::Land { rider, .. }
                | Wait::Square { rider, .. } => self.rider_name(*rider),
                Wait::Order { seat } => self.team_name(*seat),
                Wait::Turn => self.team_name(self.to_play().unwrap_or(0)),
            },
        }
    }

    /// The front of the race, for anyone.
    fn front_said(&self) -> Option<Sentence> {
        let front = self.front();
        let first = *front.first()?;
        let Spot::Road { pos } = self.riders[first].spot else {
            return None;
        };
        Some(sentence(
            "hulst-front",
            vec![
                ("rider", json!(self.rider_name(first))),
                ("square", json!(self.square_name(pos))),
            ],
            format!(
                "{} leads on {}.",
                self.rider_name(first),
                self.square_name(pos)
            ),
        ))
    }
}

impl Game for Hulst {
    type Choice = Choice;
    type Event = Event;
    const ID: &'static str = super::ID;

    fn start(setup: &Setup, seed: u64) -> Result<Self, StartError> {
        setup.check_names()?;
        let options = Options::parse(&setup.options).map_err(|message| StartError::Options {
            ruleset: super::ID,
            message,
        })?;
        let board = Board::from_course(&setup.course).map_err(|e| {
            StartError::Rules(format!("this course is no Hulst board: {}", e.message))
        })?;
        let riders = setup
            .riders
            .iter()
            .map(|r| (r.id.clone(), r.team))
            .collect();
        // A rider's `start` names a square as the board does (row 1 the first after the start
        // area, row 0 the start area; the `[game]` table's and the keys' "row/lane").
        let starts: Vec<_> = setup.riders.iter().map(|r| r.start).collect();
        Hulst::new_at(
            board,
            std::sync::Arc::clone(&setup.course),
            options,
            setup.teams.clone(),
            riders,
            &starts,
            &setup.dice,
            seed,
        )
        .map(|(mut s, events)| {
            s.opening = events;
            s
        })
        .map_err(StartError::from)
    }
    fn opening(&self) -> Vec<Event> {
        // The draw for the first player and the deal, as the stage was set up.
        self.opening.clone()
    }
    fn seats(&self) -> usize {
        self.teams.len()
    }
    fn is_over(&self) -> bool {
        self.over
    }
    fn owes(&self, seat: Seat) -> bool {
        self.to_play() == Some(seat)
    }
    fn legal(&self, seat: Seat) -> Vec<Choice> {
        Hulst::legal(self, seat)
    }
    fn apply(&mut self, seat: Seat, choice: &Choice) -> Result<Vec<Event>, Sentence> {
        Hulst::apply(self, seat, choice).map_err(|r| self.refusal(&r))
    }

    fn key(&self, choice: &Choice) -> Key {
        let text = match choice {
            Choice::Move {
                rider,
                card,
                to,
                boost,
            } => format!(
                "m:{rider}:{card}:{}{}",
                pos_key(*to),
                if *boost { ":b" } else { "" }
            ),
            Choice::Crash { rider, card, stop } => format!("c:{rider}:{card}:{}", pos_key(*stop)),
            Choice::Swap { give } if give.is_empty() => "s:-".to_string(),
            Choice::Swap { give } => format!(
                "s:{}",
                give.iter().map(u8::to_string).collect::<Vec<_>>().join(".")
            ),
            Choice::GiveUp { card } => format!("g:{card}"),
            Choice::Land { to } => format!("l:{}", pos_key(*to)),
            Choice::Card { rider, card } => format!("p:{rider}:{card}"),
            Choice::Back => "b".to_string(),
            Choice::Order { riders } => format!(
                "o:{}",
                riders
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(".")
            ),
        };
        Key::new(&text).unwrap_or_else(|_| Key::empty())
    }

    fn parse_key(&self, key: &str) -> Option<Choice> {
        if key == "b" {
            return Some(Choice::Back);
        }
        let (kind, rest) = key.split_once(':')?;
        match kind {
            "m" | "c" => {
                let mut parts = rest.split(':');
                let rider: RiderIx = number(parts.next()?)?;
                let card: u8 = number(parts.next()?)?;
                let to = parse_pos(parts.next()?)?;
                let boost = match parts.next() {
                    None => false,
                    Some("b") if kind == "m" => true,
                    _ => return None,
                };
                if parts.next().is_some() {
                    return None;
                }
                Some(if kind == "m" {
                    Choice::Move {
                        rider,
                        card,
                        to,
                        boost,
                    }
                } else {
                    Choice::Crash {
                        rider,
                        card,
                        stop: to,
                    }
                })
            }
            "s" if rest == "-" => Some(Choice::Swap { give: Vec::new() }),
            "s" => Some(Choice::Swap {
                give: rest
                    .split('.')
                    .map(number::<u8>)
                    .collect::<Option<Vec<_>>>()?,
            }),
            "g" => Some(Choice::GiveUp {
                card: number(rest)?,
            }),
            "l" => Some(Choice::Land {
                to: parse_pos(rest)?,
            }),
            "o" => Some(Choice::Order {
                riders: rest
                    .split('.')
                    .map(number::<RiderIx>)
                    .collect::<Option<Vec<_>>>()?,
            }),
            "p" => {
                let (rider, card) = rest.split_once(':')?;
                Some(Choice::Card {
                    rider: number(rider)?,
                    card: number(card)?,
                })
            }
            _ => None,
        }
    }

    fn label(&self, choice: &Choice) -> (Text, Text) {
        let (label, _) = self.option_said(choice);
        (Text::from(self.group_of(choice)), Text::from(label))
    }

    fn said(&self, choice: &Choice) -> (Option<Sentence>, Sentence) {
        (None, self.option_said(choice).1)
    }

    fn audience(&self, event: &Event) -> Option<Seat> {
        match event {
            Event::Dealt { seat, .. }
            | Event::GaveUp { seat, .. }
            | Event::SwapCards { seat, .. } => Some(*seat),
            _ => None,
        }
    }

    fn phase(&self) -> Option<u32> {
        Some(self.round)
    }

    fn settles_turn(event: &Event) -> bool {
        matches!(
            event,
            Event::Moved { .. }
                | Event::Crashed { .. }
                | Event::JoinedCrash { .. }
                | Event::Skipped { .. }
                | Event::Discarded { .. }
                | Event::StageOver
        )
    }

    fn turn_name(&self, _turn: u32) -> Sentence {
        Sentence::round(self.round)
    }

    fn narrate(&self, events: &[Event], viewer: Viewer) -> Vec<Sentence> {
        events
            .iter()
            .filter(|e| match self.audience(e) {
                None => true,
                Some(s) => viewer == Viewer::Seat(s),
            })
            .flat_map(|e| self.tell(e))
            .collect()
    }

    fn tell_turn(&self, events: &[Event]) -> Told {
        Told {
            lines: self.narrate(events, Viewer::Public),
            brief: self.front_said(),
        }
    }

    fn notable(&self, events: &[Event]) -> Vec<Sentence> {
        events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::Crashed { .. }
                        | Event::JoinedCrash { .. }
                        | Event::SprintPlace { .. }
                        | Event::Finished { .. }
                        | Event::StageOver
                )
            })
            .flat_map(|e| self.tell(e))
            .collect()
    }

    fn brief(&self, seat: Seat) -> Vec<Sentence> {
        let mut out = Vec::new();
        if let Some(hand) = self.hands.get(seat as usize) {
            out.push(sentence(
                "hulst-brief-hand",
                vec![
                    ("cards", json!(cards_text(hand))),
                    ("count", json!(hand.len())),
                ],
                format!("Your hand: {}.", cards_text(hand)),
            ));
        }
        for r in self.riders.iter().filter(|r| r.team == seat) {
            if let Some(k) = r.kept {
                out.push(sentence(
                    "hulst-brief-kept",
                    vec![("rider", json!(r.id)), ("amount", json!(k.amount))],
                    format!("{} keeps a chance card: {} more squares.", r.id, k.amount),
                ));
            }
        }
        out
    }

    fn situation(&self) -> Vec<Sentence> {
        self.front_said().into_iter().collect()
    }

    /// The stage's squares, what its times count (HT-050: the course's `length`, 95 on the
    /// box's two stages), which a curve's lettered squares can make differ from the board's
    /// rows (section 5 of the conformance table).
    fn to_line(&self) -> Sentence {
        let count = self.board.length;
        sentence(
            "hulst-squares-to-line",
            vec![("count", json!(count))],
            format!(
                "{count} {} to the line",
                if count == 1 { "square" } else { "squares" }
            ),
        )
    }

    fn view_json(&self, viewer: Viewer) -> Value {
        serde_json::to_value(self.view(viewer)).expect("views serialise")
    }

    fn secrets(&self) -> Vec<Secret> {
        (0..self.teams.len())
            .filter(|&s| !self.hands[s].is_empty())
            .map(|s| Secret {
                seat: s as Seat,
                pointer: format!("/hands/{s}"),
                value: json!(self.hands[s]),
            })
            .collect()
    }

    fn scene(&self) -> Scene {
        Scene::Hulst(self.view(Viewer::Public))
    }

    /// The director's own board while it chooses the landing square of its card: those
    /// squares lettered as the options name them (never public: they tell the card).
    fn private_scene(&self, seat: Seat) -> Option<Scene> {
        let letters = self.landing_letters();
        if letters.is_empty() || self.to_play() != Some(seat) {
            return None;
        }
        let mut view = self.view(Viewer::Seat(seat));
        view.letters = letters;
        Some(Scene::Hulst(view))
    }

    fn determinize(&self, viewer: Viewer, rng: &mut rand_chacha::ChaCha8Rng) -> Self {
        let mut copy = self.clone();
        copy.deal_unseen(viewer, rng);
        copy
    }

    fn bot(&self, seat: Seat, options: &[Choice]) -> Choice {
        super::bot::choose(self, seat, options)
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
        let mut out = Vec::new();
        for &r in &self.finished {
            let rider = &self.riders[r];
            let Some(k) = riders.iter().position(|t| t.key.0 == rider.id) else {
                return Err(OutcomeError::NotInTour(rider.id.clone()));
            };
            let f = rider.result.expect("a finished rider has a result");
            out.push(RiderStage {
                rider: RiderKey::new(rider.id.clone()),
                team: self.team_name(riders[k].team),
                start_number: riders[k].start_number,
                cards_played: 0,
                outcome: Outcome::Timed {
                    minutes: f.time,
                    across: true,
                    climber_points: 0,
                    points: f.points + rider.bonus_points,
                    bonus_seconds: rider.bonus_seconds,
                },
                place: Some(f.place as u32),
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
            bonus_seconds: true,
            carry: Value::Null,
        })
    }

    fn carry_over(&self, _riders: &mut [TourRider]) {
        // Nothing rides from stage to stage but times and points, in the result (HT-061):
        // each stage deals fresh hands (TV-HT-61).
    }
}
