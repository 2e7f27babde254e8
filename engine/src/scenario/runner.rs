//! Plays a [`Scripted`] scenario through the registry's surface alone, so that any registered
//! ruleset runs with no change here.

use super::choose::pick;
use super::script::Scripted;
use super::walk;
use super::{ScenarioError, fail};
use crate::course::Course;
use crate::dice::Roll;
use crate::game::{Seat, Viewer};
use crate::registry::{self, DynStage, Key, LabelledOption, RulesetEntry, Sentence};
use crate::tour::{RiderKey, StageKind, StageResult, TourRider};
use serde::Serialize;
use serde_json::{Map, Value};

/// One line of the output: the choices since the last line, the dice they rolled, and every
/// rider as the ruleset's public view shows them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TurnLine {
    pub turn: u32,
    /// `false` on a last line written because the script ended before the turn was settled.
    #[serde(skip_serializing_if = "is_true")]
    pub settled: bool,
    pub choices: Vec<ChoiceLine>,
    /// What happened, as the ruleset tells the channel (public narration), in the engine's
    /// English: [`Played::to_json_lines_worded`] words it as the channel reads it.
    pub told: Vec<String>,
    /// The same, as sentences (message ids and arguments).
    #[serde(skip)]
    pub sentences: Vec<Sentence>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<RollLine>,
    /// The `riders` of the public view (the whole public view if it has no such list), each
    /// written with its `id` first.
    #[serde(serialize_with = "ids_first")]
    pub riders: Value,
}

fn is_true(b: &bool) -> bool {
    *b
}

/// JSON objects keep their keys sorted; a reader looks for the rider's name first.
fn ids_first<S: serde::Serializer>(riders: &Value, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::{SerializeMap, SerializeSeq};
    struct IdFirst<'a>(&'a Value);
    impl Serialize for IdFirst<'_> {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let Value::Object(map) = self.0 else {
                return self.0.serialize(s);
            };
            let mut out = s.serialize_map(Some(map.len()))?;
            if let Some(id) = map.get("id") {
                out.serialize_entry("id", id)?;
            }
            for (k, v) in map.iter().filter(|(k, _)| *k != "id") {
                out.serialize_entry(k, v)?;
            }
            out.end()
        }
    }
    match riders {
        Value::Array(items) => {
            let mut seq = s.serialize_seq(Some(items.len()))?;
            for item in items {
                seq.serialize_element(&IdFirst(item))?;
            }
            seq.end()
        }
        other => other.serialize(s),
    }
}

/// A choice made, in the words of the script: it can be copied back into one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChoiceLine {
    pub team: String,
    pub rider: String,
    pub choose: String,
    pub key: String,
    /// The team's bot made it (the scenario's `bots`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
}

/// A die rolled: `roll` counts from 1 over the whole scenario, so given faces are rolls 1, 2…
/// in the order of `"dice"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RollLine {
    pub roll: u32,
    pub sides: u8,
    pub face: u8,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub given: bool,
}

/// A script played out.
#[derive(Debug)]
pub struct Played {
    pub stage: Box<dyn DynStage>,
    pub turns: Vec<TurnLine>,
    /// The last line, `{"result": ...}`.
    pub result: Summary,
    /// Every choice applied, in order: with the setup and seed, enough to replay the stage.
    pub log: Vec<(Seat, Key)>,
}

impl Played {
    /// The output format: one JSON object per line, what happened in the engine's English.
    pub fn to_json_lines(&self) -> String {
        self.lines(|line| line.clone())
    }

    /// As [`Played::to_json_lines`], with what happened worded by `word` (the message
    /// catalogue, as the channel reads it), so that a sentence only the catalogue words reads
    /// as a sentence, never as its id.
    pub fn to_json_lines_worded(&self, word: &dyn Fn(&Sentence) -> String) -> String {
        self.lines(|line| TurnLine {
            told: line.sentences.iter().map(word).collect(),
            ..line.clone()
        })
    }

    fn lines(&self, each: impl Fn(&TurnLine) -> TurnLine) -> String {
        let mut out = String::new();
        for line in &self.turns {
            out.push_str(&serde_json::to_string(&each(line)).expect("plain data serialises"));
            out.push('\n');
        }
        let last = ResultLine {
            result: &self.result,
        };
        out.push_str(&serde_json::to_string(&last).expect("plain data serialises"));
        out.push('\n');
        out
    }
}

impl Scripted {
    /// Plays the script with the registry's ruleset of this scenario.
    pub fn run(&self, course: Course, stop_after: Option<u32>) -> Result<Played, ScenarioError> {
        let entry = registry::ruleset(&self.ruleset).map_err(|e| ScenarioError(e.to_string()))?;
        self.run_with(entry, course, stop_after)
    }

    /// Plays the script with `entry`'s ruleset, whatever the scenario's `ruleset` says (a game
    /// that is not registered, in tests), up to turn `stop_after` when given.
    pub fn run_with(
        &self,
        entry: &RulesetEntry,
        course: Course,
        stop_after: Option<u32>,
    ) -> Result<Played, ScenarioError> {
        let setup = self.setup(course)?;
        let bots = self.bot_seats()?;
        let mut stage = (entry.start)(&setup, self.seed)
            .map_err(|e| ScenarioError(format!("the stage cannot start: {e}")))?;
        let teams = setup.teams.clone();
        let mut rec = Recorder::default();
        // The dice the stage rolled as it was set up (a wind, a weather): on the first line.
        rec.rolled_before(&stage.opening().to_json());
        let stopped = |rec: &Recorder| stop_after.is_some_and(|n| rec.turns.len() as u32 >= n);
        for (index, script) in self.script.iter().enumerate() {
            let at = || self.place(index);
            play_bots(&mut *stage, &teams, &bots, &mut rec, &stopped)
                .map_err(|m| ScenarioError(format!("before {}: {m}", at())))?;
            if stopped(&rec) {
                break;
            }
            if stage.is_over() {
                return fail(format!(
                    "{}: the stage is already over; remove this entry and the ones after it",
                    at()
                ));
            }
            if let Some(team) = &script.team
                && let Some(seat) = teams
                    .iter()
                    .position(|t| t.trim().eq_ignore_ascii_case(team.trim()))
                && bots.contains(&(seat as Seat))
            {
                return fail(format!(
                    "{}: {} is ridden by its bot (\"bots\"), which makes its choices: remove this entry, or {} from \"bots\"",
                    at(),
                    teams[seat],
                    teams[seat]
                ));
            }
            let Some(walk) = script.walk() else {
                let pending = stage.pending();
                let picked = pick(&pending, &teams, script)
                    .map_err(|m| ScenarioError(format!("{}: {m}", at())))?;
                let (seat, option) = (picked.seat, picked.option.clone());
                rec.apply(&mut *stage, &teams, seat, &option, false)
                    .map_err(|m| ScenarioError(format!("{}: {m}", at())))?;
                continue;
            };
            let places = walk::places(&*stage, &teams, script, walk)
                .map_err(|m| ScenarioError(format!("{}: {m}", at())))?;
            // After the first step every step is the same rider's: a move never runs on into
            // the next rider's.
            let mut mover = script.clone();
            let mut last: Option<(Seat, String)> = None;
            // A step that settles a turn ends the move, even when the same rider is offered a
            // step again (his next turn, in a game whose move is one choice).
            let mut ended = false;
            for (n, name) in places.iter().enumerate() {
                if let Some((seat, group)) = &last
                    && (ended || !walk::walking(&*stage, *seat, group))
                {
                    let here = &places[n - 1];
                    // The rider crossed the line: the move ends there, whatever the die had
                    // left (the places after the line are not walked).
                    if walk::past_line(&setup.course, here) {
                        break;
                    }
                    return fail(format!(
                        "{}: {group}'s move ended at step {n}, on {here}, with no step left to it; remove the places after {here}",
                        at()
                    ));
                }
                if stage.is_over() {
                    if walk::past_line(&setup.course, &places[n - 1]) {
                        break;
                    }
                    return fail(format!(
                        "{}: the stage ended at step {n} of the move; remove the places after {}",
                        at(),
                        places[n - 1]
                    ));
                }
                let (seat, option) =
                    walk::step_onto(&*stage, &teams, &mover, name).map_err(|m| {
                        ScenarioError(format!("{}, step {} of the move: {m}", at(), n + 1))
                    })?;
                ended = rec
                    .apply(&mut *stage, &teams, seat, &option, false)
                    .map_err(|m| {
                        ScenarioError(format!("{}, step {} of the move: {m}", at(), n + 1))
                    })?;
                mover.rider = Some(option.group.to_string());
                last = Some((seat, option.group.to_string()));
            }
            // The move ends where the places end: if the rider could go on, it stops there.
            if !ended
                && let Some((seat, group)) = last
                && let Some(option) = walk::halt(&*stage, seat, &group)
            {
                rec.apply(&mut *stage, &teams, seat, &option, false)
                    .map_err(|m| ScenarioError(format!("{}: {m}", at())))?;
            }
        }
        // After the script the bots go on until a scripted team owes a decision (or the stage
        // ends, or the turn asked for is written).
        play_bots(&mut *stage, &teams, &bots, &mut rec, &stopped)
            .map_err(|m| ScenarioError(format!("after the script: {m}")))?;
        let Recorder {
            mut turns,
            choices,
            dice,
            told,
            sentences,
            log,
            ..
        } = rec;
        if !choices.is_empty() {
            turns.push(TurnLine {
                turn: turns.len() as u32 + 1,
                settled: false,
                choices,
                told,
                sentences,
                dice,
                riders: riders(&*stage),
            });
        }
        let result = result(&*stage, &setup.riders, &teams)?;
        Ok(Played {
            stage,
            turns,
            result,
            log,
        })
    }
}

/// The most decisions the bots take in a row: more than any stage needs, so that a game which
/// never ends is told rather than looped on.
const BOT_DECISIONS: usize = 100_000;

/// Plays the bot seats' decisions while one of them owes one, up to the turn `stopped` says.
fn play_bots(
    stage: &mut dyn DynStage,
    teams: &[String],
    bots: &[Seat],
    rec: &mut Recorder,
    stopped: &dyn Fn(&Recorder) -> bool,
) -> Result<(), String> {
    for _ in 0..BOT_DECISIONS {
        if stage.is_over() || stopped(rec) {
            return Ok(());
        }
        let Some(&seat) = bots.iter().find(|&&s| stage.owes(s)) else {
            return Ok(());
        };
        let Some(key) = stage.bot_choice(seat) else {
            return Ok(());
        };
        let option = stage
            .pending_for(seat)
            .and_then(|p| p.options.into_iter().find(|o| o.key == key))
            .ok_or_else(|| {
                format!(
                    "the bot of {} chose {key}, which is not offered: this is a bug in the game's bot",
                    teams[seat as usize]
                )
            })?;
        rec.apply(stage, teams, seat, &option, true)?;
    }
    Err(format!(
        "the bots took {BOT_DECISIONS} decisions and the stage goes on: give a script, or fewer \"bots\""
    ))
}

/// The lines written so far, and the choices since the last one.
#[derive(Default)]
struct Recorder {
    turns: Vec<TurnLine>,
    choices: Vec<ChoiceLine>,
    dice: Vec<RollLine>,
    told: Vec<String>,
    sentences: Vec<Sentence>,
    rolled: u32,
    log: Vec<(Seat, Key)>,
}

/// A sentence as the scenario prints it: the engine's English, or, for a sentence only the
/// message catalogue words (empty text), its id and arguments as data.
fn told_line(s: Sentence) -> String {
    if !s.text.is_empty() {
        return s.text;
    }
    let args: serde_json::Map<String, serde_json::Value> = s
        .args
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    format!("{} {}", s.id, serde_json::Value::Object(args))
}

impl Recorder {
    /// Applies one option and writes down what it did; a turn it settles becomes a line.
    /// Returns whether it settled one.
    fn apply(
        &mut self,
        stage: &mut dyn DynStage,
        teams: &[String],
        seat: Seat,
        option: &LabelledOption,
        bot: bool,
    ) -> Result<bool, String> {
        let events = stage
            .apply(seat, option.key.as_str())
            .map_err(|e| e.to_string())?;
        self.log.push((seat, option.key));
        self.choices.push(ChoiceLine {
            team: teams[seat as usize].clone(),
            rider: option.group.to_string(),
            choose: option.label.to_string(),
            key: option.key.to_string(),
            bot,
        });
        let told = stage.narrate(&events, Viewer::Public);
        self.told.extend(told.iter().cloned().map(told_line));
        self.sentences.extend(told);
        self.rolled_before(&events.to_json());
        let settled = events.settles_turn();
        if settled {
            self.turns.push(TurnLine {
                turn: self.turns.len() as u32 + 1,
                settled: true,
                choices: std::mem::take(&mut self.choices),
                told: std::mem::take(&mut self.told),
                sentences: std::mem::take(&mut self.sentences),
                dice: std::mem::take(&mut self.dice),
                riders: riders(stage),
            });
        }
        Ok(settled)
    }

    /// Writes down the rolls among `events`, for the next line.
    fn rolled_before(&mut self, events: &[Value]) {
        for roll in rolls(events) {
            self.rolled += 1;
            self.dice.push(RollLine {
                roll: self.rolled,
                sides: roll.sides,
                face: roll.face,
                given: roll.given,
            });
        }
    }
}

fn riders(stage: &dyn DynStage) -> Value {
    let mut view = stage.view_json(Viewer::Public);
    match view.get_mut("riders") {
        Some(riders) if riders.is_array() => riders.take(),
        _ => view,
    }
}

/// The dice rolled, as the events show them: a game puts each [`Roll`] it makes into the
/// events of the choice that rolled it, and they are read here in the order listed.
fn rolls(events: &[Value]) -> Vec<Roll> {
    fn walk(v: &Value, out: &mut Vec<Roll>) {
        match v {
            Value::Object(map) if is_roll(map) => {
                if let Ok(roll) = serde_json::from_value(v.clone()) {
                    out.push(roll);
                }
            }
            Value::Object(map) => map.values().for_each(|v| walk(v, out)),
            Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    events.iter().for_each(|e| walk(e, &mut out));
    out
}

fn is_roll(map: &Map<String, Value>) -> bool {
    map.get("sides").is_some_and(Value::is_u64)
        && map.get("face").is_some_and(Value::is_u64)
        && map
            .keys()
            .all(|k| ["sides", "face", "given"].contains(&k.as_str()))
}

#[derive(Serialize)]
struct ResultLine<'a> {
    result: &'a Summary,
}

/// The stage's result as a tour would take it: the finish order, and the order over each
/// sprint line and summit; or, while the stage runs, the teams that owe a decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub over: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub order: Vec<RiderKey>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub abandoned: Vec<RiderKey>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sprints: Vec<LineOrder>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub summits: Vec<LineOrder>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub waiting_on: Vec<String>,
}

/// Who crossed a sprint line or a summit, first over first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LineOrder {
    pub name: String,
    pub order: Vec<RiderKey>,
}

fn result(
    stage: &dyn DynStage,
    entrants: &[registry::Entrant],
    teams: &[String],
) -> Result<Summary, ScenarioError> {
    let mut summary = Summary {
        over: stage.is_over(),
        order: Vec::new(),
        abandoned: Vec::new(),
        sprints: Vec::new(),
        summits: Vec::new(),
        waiting_on: Vec::new(),
    };
    if summary.over {
        let riders: Vec<TourRider> = entrants
            .iter()
            .enumerate()
            .map(|(i, e)| TourRider {
                key: RiderKey::new(e.id.clone()),
                team: e.team,
                start_number: i as u32 + 1,
                abandoned: false,
                // The rider as the scenario entered it: what the ruleset carries between
                // stages starts there.
                attributes: e.attributes.clone(),
            })
            .collect();
        let r: StageResult = stage
            .result(1, StageKind::Flat, &riders)
            .map_err(|e| ScenarioError(format!("the stage has no result: {e}")))?;
        let mut placed: Vec<(u32, RiderKey)> = Vec::new();
        for rider in r.riders {
            match rider.place {
                Some(place) => placed.push((place, rider.rider)),
                None => summary.abandoned.push(rider.rider),
            }
        }
        placed.sort_by_key(|(place, _)| *place);
        summary.order = placed.into_iter().map(|(_, key)| key).collect();
        summary.sprints = r
            .sprints
            .into_iter()
            .map(|l| LineOrder {
                name: l.name,
                order: l.order,
            })
            .collect();
        summary.summits = r
            .summits
            .into_iter()
            .map(|l| LineOrder {
                name: l.name,
                order: l.order,
            })
            .collect();
    } else {
        summary.waiting_on = stage
            .waiting_on()
            .into_iter()
            .map(|(seat, _)| teams[seat as usize].clone())
            .collect();
    }
    Ok(summary)
}
