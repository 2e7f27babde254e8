//! The card race behind the registry: the only code of the registry that names card-race types.
//!
//! Keys: `d:<rider>` draws a rider's hand, `k:<rider>:<card>` keeps a card (`2`…`9`, `E`), the
//! rider by its index in the setup. Indexes rather than names keep every key short whatever
//! the teams are called, and a stored key means the same rider after a restart.

use super::tour::house_a as house_a_jerseys;
use super::tour::world_cup::{self, CupState};
use super::tour::{carry_over, stage_result};
use crate::game::{Ruleset, Seat, Viewer};
use crate::games::card_race::RuleError;
use crate::games::card_race::bot::{Policy, SensibleBot};
use crate::games::card_race::cards::RiderNames;
use crate::games::card_race::house_a::StageType;
use crate::games::card_race::house_a::weather as sky;
use crate::games::card_race::house_a::{
    BrainBot, TimeTrial, TimeTrialBot, brain, domestique, time_trial,
};
use crate::games::card_race::house_b::time_trial::{TimeTrialB, TimeTrialBBot};
use crate::games::card_race::house_b::{self, Exposure, Wind};
use crate::games::card_race::{
    Bots, Card, Choice, Event, Options, Profiles, RiderIdx, RiderKind, RiderSetup, Stage,
    StageSetup,
};
use crate::registry::{
    Game, Key, OutcomeError, Scene, Secret, Sentence, Setup, StartError, Text, Told,
};
use crate::tour::{StageKind, StageResult, TourRider};
use serde::Deserialize;
use serde_json::{Value, json};

/// The card race's turns as the services speak of them: every team chooses its cards at once,
/// and a round waits for all of them.
pub const WORDS: crate::registry::Words = crate::registry::Words {
    hand_button: crate::registry::word("card-race-hand-button"),
    call_to_directors: crate::registry::word("card-race-call-to-directors"),
    nothing_to_choose: crate::registry::word("card-race-nothing-to-choose"),
    settled: crate::registry::word("card-race-settled"),
    deadlines: crate::registry::Deadlines::PerRound,
    deadline: crate::registry::word("card-race-deadline"),
};
use std::sync::{Arc, OnceLock};

pub const ID: &str = "card-race";

/// A card-race stage with the words its options need, made once per stage.
#[derive(Debug, Clone)]
pub struct CardRace {
    stage: Stage,
    /// House rules B's world cup: what this event hands the next (HB-074, HB-076).
    cup: Option<CupState>,
    /// Made on first use: a stage the bots ride alone never needs them.
    words: OnceLock<Arc<Words>>,
    /// The events of the round being resolved, from the reveal on: a round with attack searches
    /// (HB-017) is resolved over several choices, and told whole when it ends.
    resolution: Vec<Event>,
}

#[derive(Debug)]
struct Words {
    names: Vec<Text>,
    /// Every rider's draw reads the same: the group names the rider.
    draw: Text,
    /// "Keep 2" … "Keep 9", "Keep E", in the order of `card_slot`.
    keep: Vec<Text>,
    /// A domestique's way out (HA-030).
    quit: Text,
    /// House rules B's attack search: pass over the card turned up (HB-018).
    turn: Text,
    /// House rules B's musette (HB-048).
    musette: Text,
    /// "Keep 5, gamble on the steep descent" (HB-006), in the order of `card_slot`.
    gamble: Vec<Text>,
    /// "Ride on the right", "Ride on the left" (HB-034).
    side: [Text; 2],
    /// The breakaway auction's options: draw a hand to bid from, bid unseen, no bid, and
    /// "Bid 2" … "Bid 9", "Bid E" in the order of `card_slot`.
    bid_draw: Text,
    bid_blind: Text,
    bid_pass: Text,
    bid: Vec<Text>,
}

fn card_slot(card: Card) -> usize {
    match card {
        Card::Energy(v) => v.saturating_sub(2).min(7) as usize,
        Card::Exhaustion => 8,
        Card::Attack => 9,
        Card::SplitAttack => 10,
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

const OPTION_NAMES: &[&str] = &[
    "world_cup",
    CUP,
    "start",
    "gruppetto",
    "peloton_team",
    "muscle_team",
    "peloton_bot",
    // How a tour names its riders (HB-010), read by `roster`.
    "rider_names",
    "hands",
    "stage_end",
    "profiles",
    "stage_types",
    "time_trial",
    "time_trial_b",
    "time_trial_cut",
    "fictive_start",
    "bots",
    // The seats house rules B's ghosts ride (HB-011…HB-014), set by `prepare` in a tour.
    "ghosts",
    house_b::OPTION_NAMES[0],
    house_b::OPTION_NAMES[1],
    house_b::OPTION_NAMES[2],
    house_b::OPTION_NAMES[3],
    house_b::OPTION_NAMES[4],
    house_b::OPTION_NAMES[5],
    house_b::OPTION_NAMES[6],
    house_b::OPTION_NAMES[7],
    house_b::OPTION_NAMES[8],
    sky::OPTION_NAMES[0],
    sky::OPTION_NAMES[1],
    // The tour's jersey tables (house rules A or B), read by the classifications.
    "points",
    "mountains",
    "combativity",
];

/// Options naming a seat (the base game's bot teams, PEL-4).
const SEAT_OPTIONS: [&str; 2] = ["peloton_team", "muscle_team"];

/// A bot team's seat may be counted from the end (`peloton_team = -1`: the last seat), which is
/// where a tour seats its bots (players sit in joining order, then the bots), so a preset can
/// give the Peloton a seat no player takes. `teams`: the stage's number of teams, or `None`
/// when only the options' form is checked (then such a seat reads as seat 0).
fn seats_from_end(json: &Value, teams: Option<usize>) -> Result<Value, String> {
    let mut json = json.clone();
    let Value::Object(map) = &mut json else {
        return Ok(json);
    };
    for name in SEAT_OPTIONS {
        let Some(back) = map.get(name).and_then(Value::as_i64).filter(|v| *v < 0) else {
            continue;
        };
        let from_end = back.unsigned_abs() as usize;
        let seat = match teams {
            None => 0,
            Some(n) if from_end <= n => n - from_end,
            Some(n) => {
                return Err(format!(
                    "{name} = {back} counts seats from the last one, and this stage has {n} teams: give a seat from 0 to {}, or from -1 to -{n}",
                    n.saturating_sub(1)
                ));
            }
        };
        map.insert(name.into(), json!(seat));
    }
    Ok(json)
}

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

/// What a rider's attributes say: its kind and the exhaustion cards it carries. Attributes
/// this ruleset did not write read as a rouleur carrying nothing; `start` refuses them first.
pub fn attributes_of(json: &Value) -> (RiderKind, u16) {
    Attributes::deserialize(json)
        .map_or((RiderKind::Rouleur, 0), |a| (a.kind, a.carried_exhaustion))
}

/// The named rules of the card race. House rules B are what tours ride: their decks and the
/// grimpeur (seed 004, PROFILS DE COUREUR), their weather and their wind (EFFETS DE COURSE).
/// House rules A (seed 001) are the other set. The base rules come last, so that a preset naming
/// no rules still rides house rules B.
pub static RULES: &[crate::registry::NamedRules] = &[
    crate::registry::NamedRules {
        name: "house-b",
        options: house_b,
    },
    crate::registry::NamedRules {
        name: "house-a",
        options: house_a,
    },
    crate::registry::NamedRules {
        name: "house-b-world-cup",
        options: house_b_world_cup,
    },
    crate::registry::NamedRules {
        name: "base",
        options: base,
    },
];

/// The base game (FR-1…FR-8) with the Peloton expansion's terrain (PEL-1, PEL-2): every option
/// at its default, rouleur and sprinteur decks, no weather, wind or time trial. (An empty object
/// and `null` read the same, every option at its default: a mutant returning `null` is
/// equivalent.)
fn base() -> Value {
    json!({})
}

/// House rules B's world cup (HB-073…HB-079): B's race, two riders a team an event, each event
/// ridden until the last rider is across (HB-077), ranked by cup points.
fn house_b_world_cup() -> Value {
    let mut options = house_b();
    if let Value::Object(map) = &mut options {
        map.insert("stage_end".into(), json!("all_across"));
        map.insert("world_cup".into(), json!(true));
    }
    options
}

/// The key under which a stage's result carries its last weather level to the next stage, and
/// the option that starts a stage at a level (HB-029).
const WEATHER_LEVEL: &str = "weather_level";

/// The keys under which a stage's result carries house rules A's weather to the next stage: the
/// weather ridden and the 2d6 rolled for the next one before it started (HA-075).
const SKY: &str = "weather_a";
const SKY_ROLL: &str = "weather_a_next_roll";

/// This stage's weather under house rules A from the stage before (HA-075, QA-36): none for the
/// first stage or after a rest day, which draw on the start table themselves (HA-074).
fn sky_chain(ctx: &crate::registry::StageContext) -> Option<sky::Weather> {
    let carry = &ctx.previous?.carry;
    let previous: sky::Weather = serde_json::from_value(carry.get(SKY)?.clone()).ok()?;
    let roll = u8::try_from(carry.get(SKY_ROLL)?.as_u64()?).ok()?;
    (!ctx.rest_before).then(|| sky::chain(Some(previous), false, roll))
}

/// The key and option under which a world-cup event hands the next its [`CupState`].
const CUP: &str = "cup";

/// One world-cup event's entries: the setup of the riders entered, and their form cards.
#[derive(Debug, Clone)]
struct CupEntries {
    setup: Setup,
    /// Per entered rider (by index in `setup`), its form card (HB-075).
    form: Vec<Option<u8>>,
}

/// HB-073…HB-076: who rides this event and with which form card, from what the previous event
/// handed on (option `cup`), with the state this event hands the next.
fn world_cup_entries(setup: &Setup) -> Result<(CupEntries, CupState), StartError> {
    let state: CupState = match setup.options.get(CUP) {
        Some(v) => serde_json::from_value(v.clone()).map_err(|e| StartError::Options {
            ruleset: ID,
            message: format!(
                "{CUP} is what a world-cup event hands the next, and this one does not read: {e}"
            ),
        })?,
        None => CupState::default(),
    };
    let stage_type = StageType::of(&setup.course);
    let mut entered = setup.clone();
    entered.riders.clear();
    let mut form = Vec::new();
    let mut next = CupState::default();
    for (seat, team) in setup.teams.iter().enumerate() {
        let riders: Vec<&crate::registry::Entrant> = setup
            .riders
            .iter()
            .filter(|r| r.team as usize == seat)
            .collect();
        let kinds: Vec<(String, RiderKind)> = riders
            .iter()
            .map(|r| (r.id.clone(), attributes_of(&r.attributes).0))
            .collect();
        let chosen = world_cup::enter(&kinds, stage_type, &state);
        let ids: Vec<(String, usize)> = chosen.iter().map(|&i| (kinds[i].0.clone(), i)).collect();
        let (entries, mut deck) = world_cup::deal_form(team, &ids, &state);
        for e in &entries {
            let mut rider = riders[e.index].clone();
            let (kind, _) = attributes_of(&rider.attributes);
            let carried = if e.rode_last {
                world_cup::BACK_TO_BACK_EXHAUSTION
            } else {
                0
            };
            rider.attributes = attributes(kind, carried);
            next.rode.push(rider.id.clone());
            if let Some(v) = e.form {
                next.form_used.insert(rider.id.clone(), v);
                // After the event the card goes back to the deck (HB-076 takes it out later).
                deck.push(v);
            }
            form.push(e.form);
            entered.riders.push(rider);
        }
        deck.sort_unstable_by(|a, b| b.cmp(a));
        next.decks.insert(team.clone(), deck);
    }
    Ok((
        CupEntries {
            setup: entered,
            form,
        },
        next,
    ))
}

/// HB-075 (QB-28): each entered rider's form card is one more energy card in its deck.
fn add_form_cards(stage: &mut Stage, entries: &CupEntries) {
    use rand::seq::SliceRandom;
    if stage.setup().options.hands != crate::games::card_race::Hands::Deal {
        return;
    }
    for (i, form) in entries.form.iter().enumerate() {
        if let (Some(v), Some(r)) = (form, stage.riders.get_mut(i)) {
            r.deck.push(Card::Energy(*v));
            r.deck.shuffle(&mut r.rng);
        }
    }
}

/// The options of one stage of a card-race tour (the registry's `prepare`): the tour's options,
/// the weather the previous stage ended in (HB-029), and the time trial a time-trial stage rides
/// under the tour's house rules.
pub fn prepare(ctx: &crate::registry::StageContext) -> Result<Value, String> {
    let mut options = ctx.options.clone();
    let parsed: Options = serde_json::from_value(seats_from_end(&options, None)?)
        .map_err(|e| format!("the tour's options do not fit the card race: {e}"))?;
    let Value::Object(map) = &mut options else {
        return Err("the tour's options must be a table of named options".to_string());
    };
    if parsed.house_b.weather == house_b::WeatherRule::HouseB
        && let Some(level) = ctx
            .previous
            .and_then(|p| p.carry.get(WEATHER_LEVEL))
            .and_then(Value::as_u64)
    {
        map.insert(WEATHER_LEVEL.into(), json!(level));
    }
    if parsed.house_b.weather == house_b::WeatherRule::HouseA
        && let Some(today) = sky_chain(ctx)
    {
        map.insert("weather_today".into(), json!(today));
    }
    // HB-011…HB-014: under the ghosts' rules the seats no director rides are ghosts, which draw
    // the cards their way reads (a preset may name them itself).
    if parsed.bots == Bots::Ghosts && !ctx.bots.is_empty() && !map.contains_key("ghosts") {
        map.insert("ghosts".into(), json!(ctx.bots));
    }
    // The world cup's entries and form decks run from event to event (HB-074, HB-076).
    if parsed.world_cup
        && let Some(cup) = ctx.previous.and_then(|p| p.carry.get(CUP))
    {
        map.insert(CUP.into(), cup.clone());
    }
    if ctx.kind.is_time_trial() {
        // The tour's gruppetto is for its road stages (HA-032): a time trial has none.
        map.remove("gruppetto");
        let team = ctx.kind == StageKind::TeamTimeTrial;
        match parsed.profiles {
            Profiles::HouseA => {
                let trial = if team {
                    TimeTrial::Team
                } else {
                    TimeTrial::Individual
                };
                map.insert("time_trial".into(), json!(trial));
            }
            // House rules B's own time trials (HB-049…HB-057); a time trial has no fictive
            // start, its riders set off one by one.
            Profiles::HouseB => {
                let trial = if team {
                    TimeTrialB::Team
                } else {
                    TimeTrialB::Individual
                };
                map.insert("time_trial_b".into(), json!(trial));
                map.remove("fictive_start");
            }
            Profiles::Base => {
                return Err(format!(
                    "stage {} is a time trial, which the card race rides under rules house-a or house-b only: make it flat, hilly or mountain, or choose rules = \"house-a\" or \"house-b\"",
                    ctx.number
                ));
            }
        }
    }
    // The options must agree with one another before any stage is ridden (a preset is checked
    // here), as `StageSetup::validate` checks them when the stage starts.
    let stage: Options = serde_json::from_value(seats_from_end(&options, None)?)
        .map_err(|e| format!("the tour's options do not fit the card race: {e}"))?;
    stage.check().map_err(|e| e.to_string())?;
    Ok(options)
}

/// What a house-A stage hands its jerseys (HA-001, HA-063, HA-065): its type by its climbs, a
/// token for the head of the race after each round, and the riders who started in the
/// breakaway.
fn jerseys_a(stage: &Stage, kind: StageKind) -> house_a_jerseys::StageJerseys {
    let ids = &stage.setup().riders;
    let mut tokens: Vec<(crate::tour::RiderKey, u32)> = Vec::new();
    for &i in stage.round_leaders() {
        let key = crate::tour::RiderKey::new(ids[i as usize].id.clone());
        match tokens.iter_mut().find(|(k, _)| *k == key) {
            Some((_, n)) => *n += 1,
            None => tokens.push((key, 1)),
        }
    }
    let stage_type = match stage.stage_type() {
        _ if kind.is_time_trial() => kind,
        crate::games::card_race::house_a::StageType::Flat => StageKind::Flat,
        crate::games::card_race::house_a::StageType::Hilly => StageKind::Hilly,
        crate::games::card_race::house_a::StageType::Mountain => StageKind::Mountain,
    };
    // HA-065: the combativity tie goes to a rider who was in the breakaway (seed 001,
    // "Combativité"), so the result keeps who started in it; results stored before it was kept
    // read as a stage without a breakaway (`#[serde(default)]`).
    let breakaway = stage
        .breakaway()
        .iter()
        .map(|&i| crate::tour::RiderKey::new(ids[i as usize].id.clone()))
        .collect();
    house_a_jerseys::StageJerseys {
        stage_type: Some(stage_type),
        tokens,
        breakaway,
    }
}

fn house_b() -> Value {
    json!({
        "profiles": "house-b",
        "weather": "house-b",
        "wind": "house-b",
        "tiles": { "steep": true, "roundabout": true },
        "punctures": true,
        "crashes": "house-b",
        "fictive_start": true,
        "attack_card": true,
        "supply_zone": "feed-zone",
        "bots": "ghosts",
    })
}

/// House rules A (seed 001) as far as they are refereed: Table A1's profiles, the stage types,
/// the Brain bots, the breakaway auction before a road stage; stages run until every rider is
/// across (QX-06, without the gruppetto). A stage is a time trial when its options add
/// `"time_trial"` (no auction then).
fn house_a() -> Value {
    json!({
        "profiles": "house-a",
        "stage_types": true,
        "stage_end": "all_across",
        "bots": "brain",
        "weather": "house-a",
        "points": "house-a",
        "mountains": "house-a",
        "combativity": "house-a",
        "start": "breakaway_house_a",
        "gruppetto": true,
    })
}

/// A team from a roster of kinds (`"rouleur"`, `"sprinteur"`, `"grimpeur"`); house rules B's
/// three riders when the roster is empty (HB-058). A kind entered twice is numbered by its
/// place in the team ("Rouleur 1", "Rouleur 3"). With `rider_names = "house-b"` in the tour's
/// options the riders take house rules B's grand-tour names (HB-010).
pub fn roster(list: &[Value], options: &Value) -> Result<Vec<crate::registry::Rostered>, String> {
    let names = rider_names(options)?;
    let kinds: Vec<RiderKind> = if list.is_empty() {
        vec![
            RiderKind::Rouleur,
            RiderKind::Sprinteur,
            RiderKind::Grimpeur,
        ]
    } else {
        list.iter()
            .map(|v| {
                RiderKind::deserialize(v).map_err(|_| {
                    format!(
                        "'{}' is not a rider of the card race: use rouleur, sprinteur or grimpeur (house rules A also: puncheur, polyvalent, domestique, specialist)",
                        as_text(v)
                    )
                })
            })
            .collect::<Result<_, _>>()?
    };
    Ok(kinds
        .iter()
        .enumerate()
        .map(|(k, &kind)| {
            let base = names.label(kind);
            let label = if kinds.iter().filter(|&&o| o == kind).count() > 1 {
                format!("{base} {}", k + 1)
            } else {
                base.to_string()
            };
            // The profiles' and house rules B's names are the rulebooks' own, the same in
            // every language the game is played in: names, not words to translate.
            crate::registry::Rostered {
                label,
                attributes: attributes(kind, 0),
                said: None,
            }
        })
        .collect())
}

/// A refusal of the rules as a sentence of the catalogue (`card-race.ftl`), its English beside it:
/// what the player did wrong and what to do instead. The stage changed nothing.
pub fn refusal(e: &RuleError) -> Sentence {
    let text = e.to_string();
    match e {
        RuleError::StageOver => sentence("refusal-stage-over", vec![], text),
        RuleError::UnknownSeat(seat) => {
            sentence("refusal-unknown-team", vec![("team", json!(seat))], text)
        }
        RuleError::UnknownRider(rider) => {
            sentence("refusal-unknown-rider", vec![("rider", json!(rider))], text)
        }
        RuleError::NotYourRider { rider } => sentence(
            "refusal-not-your-rider",
            vec![("rider", json!(rider))],
            text,
        ),
        RuleError::RiderFinished { rider } => sentence(
            "refusal-rider-finished",
            vec![("rider", json!(rider))],
            text,
        ),
        RuleError::RiderQuit { rider } => {
            sentence("refusal-rider-quit", vec![("rider", json!(rider))], text)
        }
        RuleError::CannotQuit { rider } => {
            sentence("refusal-cannot-quit", vec![("rider", json!(rider))], text)
        }
        RuleError::AlreadyChosen { rider } => sentence(
            "refusal-already-chosen",
            vec![("rider", json!(rider))],
            text,
        ),
        RuleError::AlreadyDrawn { rider } => {
            sentence("refusal-already-drawn", vec![("rider", json!(rider))], text)
        }
        RuleError::DrawFirst { rider } => {
            sentence("refusal-draw-first", vec![("rider", json!(rider))], text)
        }
        RuleError::FinishDrawnRider { drawn } => sentence(
            "refusal-finish-drawn-rider",
            vec![("rider", json!(drawn))],
            text,
        ),
        RuleError::NothingToDraw => sentence("refusal-nothing-to-draw", vec![], text),
        RuleError::Searching { rider, card } => sentence(
            "refusal-searching",
            vec![("rider", json!(rider)), ("card", json!(card.to_string()))],
            text,
        ),
        RuleError::NothingTurned { rider } => sentence(
            "refusal-nothing-turned",
            vec![("rider", json!(rider))],
            text,
        ),
        RuleError::NoGamble { rider } => {
            sentence("refusal-no-gamble", vec![("rider", json!(rider))], text)
        }
        RuleError::NoSide { rider } => {
            sentence("refusal-no-side", vec![("rider", json!(rider))], text)
        }
        RuleError::NoMusette { rider } => {
            sentence("refusal-no-musette", vec![("rider", json!(rider))], text)
        }
        RuleError::NoAuction => sentence("refusal-no-auction", vec![], text),
        RuleError::AuctionFirst => sentence("refusal-auction-first", vec![], text),
        RuleError::OutOfAuction { rider } => sentence(
            "refusal-out-of-auction",
            vec![("rider", json!(rider))],
            text,
        ),
        RuleError::AlreadyBid { rider } => {
            sentence("refusal-already-bid", vec![("rider", json!(rider))], text)
        }
        RuleError::CannotBid { rider } => {
            sentence("refusal-cannot-bid", vec![("rider", json!(rider))], text)
        }
        RuleError::CardNotInHand { rider, card, hand } => sentence(
            "refusal-card-not-in-hand",
            vec![
                ("rider", json!(rider)),
                ("card", json!(card.to_string())),
                ("hand", json!(hand)),
            ],
            text,
        ),
    }
}

fn rider_names(options: &Value) -> Result<RiderNames, String> {
    match options.get("rider_names") {
        None | Some(Value::Null) => Ok(RiderNames::Profiles),
        Some(v) => RiderNames::deserialize(v).map_err(|_| {
            format!(
                "rider_names = {v} is not a way of naming riders: use \"house-b\" (leader, baroudeur, équipier) or \"profiles\", or leave it out"
            )
        }),
    }
}

impl CardRace {
    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    /// The wind and the weather of the round being played, when house rules B put them in play,
    /// or house rules A's weather for the stage (its forecast is the tour's to tell):
    /// the situation opens with them, since the wind and round 1's weather come from no choice.
    fn conditions_now(&self) -> Vec<Sentence> {
        let now = self.stage.conditions();
        let mut out = Vec::new();
        // A world-cup event's entries (HB-073…HB-075), until its first round is played.
        if let Some(cup) = &self.cup
            && self.stage.round() <= 1
        {
            for r in &self.stage.setup().riders {
                let args = vec![
                    ("rider", Value::String(r.id.clone())),
                    (
                        "form",
                        json!(cup.form_used.get(&r.id).copied().unwrap_or(0)),
                    ),
                    (
                        "back_to_back",
                        json!(if r.carried_exhaustion > 0 {
                            "yes"
                        } else {
                            "no"
                        }),
                    ),
                ];
                let text = catalogue_only("card-race-cup-entry", &args);
                out.push(sentence("card-race-cup-entry", args, text));
            }
        }
        // What the stage set up before any choice: the fictive start's grid (HB-038) while it
        // is ridden, round 1's starters of a house-B time trial (HB-049) during round 1.
        for e in self.stage.opening_events() {
            match e {
                Event::FictiveStartGrid { .. } if self.stage.in_fictive_start() => {
                    out.push(self.tell_start(e))
                }
                Event::TimeTrialStart { .. } if self.stage.round() == 1 => {
                    out.push(self.tell_start(e))
                }
                _ => {}
            }
        }
        if let Some(wind) = now.wind {
            out.push(tell_wind(wind));
        }
        if let Some(sky) = &now.sky {
            out.push(sentence(
                "card-race-sky-now",
                vec![
                    ("weather", json!(sky.weather.name())),
                    ("face_down", json!(sky.face_down)),
                ],
                String::new(),
            ));
            // The tokens face up that do something, a line each: where the wind and rain are.
            for &(row, token) in &sky.tokens {
                if token != sky::Token::Blank {
                    out.push(self.tell_sky(&Event::TokenTurned { row, token }));
                }
            }
        }
        if let Some(level) = now.weather {
            let text = match level {
                1 => "cold and wet: exhaustion goes on top of the draw pile",
                5 => "hot and dry: exhaustion comes double",
                _ => "no effect",
            };
            out.push(sentence(
                "card-race-weather-now",
                vec![("level", json!(level))],
                format!("Weather {level}/5: {text}."),
            ));
        }
        out
    }

    /// House rules A's weather, a line each (HA-067…HA-076). The words are the catalogue's
    /// alone: the engine's own text is left empty.
    fn tell_sky(&self, e: &Event) -> Sentence {
        match e {
            Event::SkyDrawn {
                weather,
                roll,
                forecast,
                forecast_roll,
            } => {
                let mut args = vec![
                    ("weather", json!(weather.name())),
                    ("forecast", json!(forecast.name())),
                    ("forecast_roll", json!(forecast_roll)),
                ];
                match roll {
                    Some(roll) => {
                        args.push(("roll", json!(roll)));
                        sentence("card-race-sky-drawn", args, String::new())
                    }
                    None => sentence("card-race-sky-given", args, String::new()),
                }
            }
            Event::TokenTurned { row, token } => sentence(
                "card-race-token-turned",
                vec![("row", json!(row)), ("token", json!(token.name()))],
                String::new(),
            ),
            Event::HeatExhaustion { round, riders } => {
                let names: Vec<Value> = riders.iter().map(|&r| self.name(r)).collect();
                sentence(
                    "card-race-heat",
                    vec![
                        ("round", json!(round)),
                        ("count", json!(riders.len())),
                        ("riders", json!(names)),
                    ],
                    String::new(),
                )
            }
            Event::ExhaustionOnTop { rider } => sentence(
                "card-race-exhaustion-on-top",
                vec![("rider", self.name(*rider))],
                String::new(),
            ),
            _ => unreachable!("only house rules A's weather events are told here"),
        }
    }

    /// House rules B's weather and wind, a line each (HB-030…HB-037).
    fn tell_conditions(&self, e: &Event) -> Sentence {
        match *e {
            Event::WindDrawn { wind, .. } => tell_wind(wind),
            Event::WeatherRolled { round, face, level } => {
                let effect = match level {
                    1 => ", cold and wet: exhaustion goes on top of the draw pile",
                    5 => ", hot and dry: exhaustion comes double",
                    _ => "",
                };
                sentence(
                    "card-race-weather",
                    vec![
                        ("round", json!(round)),
                        ("face", json!(face)),
                        ("level", json!(level)),
                    ],
                    format!(
                        "Round {round}: the weather die shows {face}, weather {level}/5{effect}."
                    ),
                )
            }
            Event::ExhaustionDealt {
                rider,
                cards,
                exposure,
                heat,
                on_top,
            } => {
                let name = self.name(rider);
                let how = match exposure {
                    Exposure::Headwind => "rides into the headwind",
                    Exposure::Crosswind => "is caught in the crosswind",
                    Exposure::Front => "rides in the wind",
                };
                let count = if cards == 1 {
                    "one exhaustion card".to_string()
                } else {
                    format!("{cards} exhaustion cards")
                };
                let heat_text = if heat { ", doubled by the heat" } else { "" };
                let top_text = if on_top {
                    ", on top of the draw pile in the cold"
                } else {
                    ""
                };
                let text = format!("{} {how}: {count}{heat_text}{top_text}.", as_text(&name));
                let yes_no = |b: bool| json!(if b { "yes" } else { "no" });
                sentence(
                    "card-race-exhaustion-dealt",
                    vec![
                        ("rider", name),
                        ("exposure", json!(exposure.name())),
                        ("cards", json!(cards)),
                        ("heat", yes_no(heat)),
                        ("on_top", yes_no(on_top)),
                    ],
                    text,
                )
            }
            Event::Crashed {
                rider,
                row,
                set_back,
            } => {
                let name = self.name(rider);
                let short = if set_back == 1 {
                    "1 row".to_string()
                } else {
                    format!("{set_back} rows")
                };
                let text = format!(
                    "{} falls on row {row}, {short} short: 2 cards fewer in its next hand.",
                    as_text(&name)
                );
                sentence(
                    "card-race-crashed",
                    vec![
                        ("rider", name),
                        ("row", json!(row)),
                        ("set_back", json!(set_back)),
                    ],
                    text,
                )
            }
            Event::PunctureChecked {
                rider,
                card,
                punctured,
            } => {
                let name = self.name(rider);
                let text = if punctured {
                    format!(
                        "{} turns {card}: a puncture! Its next move is 2 rows shorter.",
                        as_text(&name)
                    )
                } else {
                    format!("{} turns {card}: no puncture.", as_text(&name))
                };
                sentence(
                    "card-race-puncture-check",
                    vec![
                        ("rider", name),
                        ("card", card_json(card)),
                        ("punctured", json!(if punctured { "yes" } else { "no" })),
                    ],
                    text,
                )
            }
            Event::PunctureSlowed { rider, rows } => {
                let name = self.name(rider);
                let lost = if rows == 1 {
                    "1 row".to_string()
                } else {
                    format!("{rows} rows")
                };
                let text = format!(
                    "{} rides on after its puncture: {lost} lost.",
                    as_text(&name)
                );
                sentence(
                    "card-race-puncture-slowed",
                    vec![("rider", name), ("rows", json!(rows))],
                    text,
                )
            }
            _ => unreachable!("only the house-B conditions' events are told here"),
        }
    }

    /// House rules B's time trials and fictive start (HB-038…HB-057). Worded by the catalogue
    /// alone: the text here only names the message and its arguments.
    fn tell_start(&self, e: &Event) -> Sentence {
        let names = |riders: &[RiderIdx]| -> Value {
            Value::Array(riders.iter().map(|&r| self.name(r)).collect())
        };
        let yes_no = |b: bool| json!(if b { "yes" } else { "no" });
        match e {
            Event::TimeTrialStart { round, riders } => {
                let args = vec![
                    ("round", json!(round)),
                    ("riders", names(riders)),
                    ("count", json!(riders.len())),
                ];
                let text = catalogue_only("card-race-tt-start", &args);
                sentence("card-race-tt-start", args, text)
            }
            Event::HighestCardTired { rider, cards } => {
                let args = vec![("rider", self.name(*rider)), ("cards", json!(cards))];
                let text = catalogue_only("card-race-tt-highest", &args);
                sentence("card-race-tt-highest", args, text)
            }
            Event::FictiveStartGrid { exposed } => {
                let args = vec![("riders", names(exposed)), ("count", json!(exposed.len()))];
                let text = catalogue_only("card-race-fictive-start", &args);
                sentence("card-race-fictive-start", args, text)
            }
            Event::PastStartLine {
                rider,
                rows,
                cards,
                on_top,
            } => {
                let args = vec![
                    ("rider", self.name(*rider)),
                    ("rows", json!(rows)),
                    ("cards", json!(cards)),
                    ("on_top", yes_no(*on_top)),
                ];
                let text = catalogue_only("card-race-past-start-line", &args);
                sentence("card-race-past-start-line", args, text)
            }
            _ => unreachable!("only the house-B start's events are told here"),
        }
    }

    /// House rules B's attack search, musettes and steep gamble, a line each (HB-006, HB-018,
    /// HB-047, HB-048).
    fn tell_race_effect(&self, e: &Event) -> Sentence {
        match e {
            Event::AttackTurned { rider, card, left } => {
                let name = self.name(*rider);
                let text = match left {
                    0 => format!(
                        "{} attacks: turns {card}, the last card of its draw pile, and rides it.",
                        as_text(&name)
                    ),
                    1 => format!(
                        "{} attacks: turns {card} (1 card left under it).",
                        as_text(&name)
                    ),
                    n => format!(
                        "{} attacks: turns {card} ({n} cards left under it).",
                        as_text(&name)
                    ),
                };
                sentence(
                    "card-race-attack-turned",
                    vec![
                        ("rider", name),
                        ("card", card_json(*card)),
                        ("left", json!(left)),
                    ],
                    text,
                )
            }
            Event::AttackEmpty { rider } => {
                let name = self.name(*rider);
                let text = format!(
                    "{} attacks with an empty draw pile: it rides an exhaustion card.",
                    as_text(&name)
                );
                sentence("card-race-attack-empty", vec![("rider", name)], text)
            }
            Event::MusetteTaken { rider, held } => {
                let name = self.name(*rider);
                let text = format!(
                    "{} takes a musette in the feed zone ({held} held).",
                    as_text(&name)
                );
                sentence(
                    "card-race-musette-taken",
                    vec![("rider", name), ("held", json!(held))],
                    text,
                )
            }
            Event::MusetteOpened { rider, cards, held } => {
                let name = self.name(*rider);
                let text = format!(
                    "{} opens a musette and draws {} ({held} left).",
                    as_text(&name),
                    cards_text(cards)
                );
                sentence(
                    "card-race-musette-opened",
                    vec![
                        ("rider", name),
                        ("cards", json!(cards)),
                        ("held", json!(held)),
                    ],
                    text,
                )
            }
            Event::SteepGamble {
                rider,
                card,
                crashed,
            } => {
                let name = self.name(*rider);
                let text = if *crashed {
                    format!(
                        "{} gambles on the steep descent and turns {card}: a fall before the steep row!",
                        as_text(&name)
                    )
                } else {
                    format!(
                        "{} gambles on the steep descent and turns {card}: the steep row is skipped.",
                        as_text(&name)
                    )
                };
                sentence(
                    "card-race-steep-gamble",
                    vec![
                        ("rider", name),
                        ("card", card_json(*card)),
                        ("crashed", json!(if *crashed { "yes" } else { "no" })),
                    ],
                    text,
                )
            }
            _ => unreachable!("only house rules B's race effects are told here"),
        }
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
                draw: Text::from("Draw"),
                quit: Text::from("Quit the stage"),
                turn: Text::from("Turn the next card"),
                musette: Text::from("Open a musette (+2 cards)"),
                side: [
                    Text::from("Ride on the right (from now on, the free lane furthest right)"),
                    Text::from("Ride on the left (from now on, the free lane furthest left)"),
                ],
                gamble: (2..=9)
                    .map(|v| v.to_string())
                    .chain(["E".to_string(), "A".to_string(), "9/2".to_string()])
                    .map(|c| Text::from(format!("Keep {c}, gamble on the steep descent")))
                    .collect(),
                bid_draw: Text::from("Draw to bid for the breakaway"),
                bid_blind: Text::from("Bid the top card unseen"),
                bid_pass: Text::from("No bid"),
                bid: (2..=9)
                    .map(|v| format!("Bid {v}"))
                    .chain([
                        "Bid E (exhaustion)".to_string(),
                        "Bid A (attack)".to_string(),
                        "Bid 9/2 (Peloton attack)".to_string(),
                    ])
                    .map(Text::from)
                    .collect(),
                keep: (2..=9)
                    .map(|v| format!("Keep {v}"))
                    .chain([
                        "Keep E (exhaustion)".to_string(),
                        "Keep A (attack)".to_string(),
                        "Keep 9/2 (Peloton attack)".to_string(),
                    ])
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

/// The stage's wind, as it is told when drawn and on `/stage` (the face drawn says nothing more).
fn tell_wind(wind: Wind) -> Sentence {
    let text = match wind {
        Wind::Head => "a headwind: riders with nobody ahead take 2 exhaustion cards",
        Wind::CrossFromLeft => {
            "a crosswind from the left: riders with nobody beside them on the left take 1 exhaustion card"
        }
        Wind::CrossFromRight => {
            "a crosswind from the right: riders with nobody beside them on the right take 1 exhaustion card"
        }
        Wind::Tail => "a tailwind: nobody takes exhaustion",
    };
    sentence(
        "card-race-wind",
        vec![("wind", json!(wind.name()))],
        format!("Wind for the stage: {text}."),
    )
}

/// A rider's line when it has not drawn yet: what a draw will take from. A draw takes four
/// cards; when the draw pile runs out first, the recycle pile is shuffled into a new draw pile
/// (FR-2), which a bare "0 cards" would hide. Public so that the catalogue's test can word
/// every case, the rare ones too.
pub fn pile_brief(
    at: String,
    mut args: Vec<(&'static str, Value)>,
    draw_pile: u32,
    recycled: usize,
) -> Sentence {
    const HAND: u32 = 4;
    let cards = |n: u32| {
        if n == 1 {
            "1 card".to_string()
        } else {
            format!("{n} cards")
        }
    };
    // Each sentence takes the counts it tells, and no other.
    let draw = ("draw", json!(draw_pile));
    let recycle = ("recycled", json!(recycled));
    match (draw_pile, recycled) {
        (0, 0) => sentence(
            "card-race-brief-no-cards",
            args,
            format!("{at}: no card left to draw, the rider plays an exhaustion card."),
        ),
        (0, n) => sentence(
            "card-race-brief-pile-empty",
            {
                args.push(recycle);
                args
            },
            format!(
                "{at}: draw pile empty, drawing shuffles the recycle pile ({n} cards) into a new draw pile."
            ),
        ),
        (d, n) if d < HAND && n > 0 => sentence(
            "card-race-brief-pile-short",
            {
                args.extend([draw, recycle]);
                args
            },
            format!(
                "{at}: {} to draw from, then the recycle pile ({n} cards) is shuffled into a new draw pile.",
                cards(d)
            ),
        ),
        (d, _) => sentence(
            "card-race-brief-pile",
            {
                args.push(draw);
                args
            },
            format!("{at}: {} to draw from.", cards(d)),
        ),
    }
}

fn sentence(id: &'static str, args: Vec<(&'static str, Value)>, text: String) -> Sentence {
    Sentence { id, args, text }
}

/// The text of a sentence the catalogue alone words: the message id and its arguments, for
/// logs, never an English sentence kept beside the catalogue's.
fn catalogue_only(id: &str, args: &[(&'static str, Value)]) -> String {
    std::iter::once(id.to_string())
        .chain(
            args.iter()
                .map(|(k, v)| [*k, as_text(v).as_str()].join("=")),
        )
        .collect::<Vec<_>>()
        .join(" ")
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
        let resolved =
            seats_from_end(&setup.options, Some(setup.teams.len())).map_err(|message| {
                StartError::Options {
                    ruleset: ID,
                    message,
                }
            })?;
        let options = options(&resolved)?;
        // House rules B's world cup enters two riders a team (HB-073).
        let cup = if options.world_cup {
            Some(world_cup_entries(setup)?)
        } else {
            None
        };
        let entered;
        let setup = match &cup {
            Some((entries, _)) => {
                entered = entries.setup.clone();
                &entered
            }
            None => setup,
        };
        let dice = setup.dice.clone();
        let (course, starts) = setup.starts()?;
        let riders = setup
            .riders
            .iter()
            .zip(starts)
            .map(|(r, start)| {
                let a = Attributes::deserialize(&r.attributes).map_err(|e| StartError::Rider {
                        rider: r.id.clone(),
                        message: format!(
                            "{e}: give {{\"kind\": \"rouleur\" | \"sprinteur\" | \"grimpeur\" (house rules A also \"puncheur\", \"polyvalent\", \"domestique\", \"specialist\"), \"carried_exhaustion\": 0}}"
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
        let stage = Stage::with_dice(Arc::new(setup), seed, dice)
            .map_err(|e| StartError::Rules(e.to_string()))?;
        let mut stage = stage;
        if let Some((entries, _)) = &cup {
            add_form_cards(&mut stage, entries);
        }
        Ok(CardRace {
            stage,
            cup: cup.map(|(_, next)| next),
            words: OnceLock::new(),
            resolution: Vec::new(),
        })
    }

    fn seats(&self) -> usize {
        self.stage.setup().teams.len()
    }
    fn is_over(&self) -> bool {
        self.stage.is_over()
    }
    fn owes(&self, seat: Seat) -> bool {
        if let Some((rider, _)) = self.stage.attack_search() {
            return self.seat_of(rider) == Some(seat);
        }
        if self.stage.in_auction() {
            return !self.stage.legal_choices(seat).is_empty();
        }
        !self.stage.is_over()
            && (seat as usize) < self.seats()
            && self
                .stage
                .team_riders(seat)
                .iter()
                .any(|&r| self.stage.owes(r))
    }
    fn legal(&self, seat: Seat) -> Vec<Choice> {
        self.stage.legal_choices(seat)
    }
    fn apply(&mut self, seat: Seat, choice: &Choice) -> Result<Vec<Event>, Sentence> {
        let searching = self.stage.attack_search().is_some();
        let events = Ruleset::apply(&mut self.stage, seat, choice).map_err(|e| refusal(&e))?;
        if let Some(at) = events
            .iter()
            .position(|e| matches!(e, Event::CardsRevealed { .. }))
        {
            self.resolution = events[at..].to_vec();
        } else if searching {
            self.resolution.extend(events.iter().cloned());
        }
        Ok(events)
    }

    fn key(&self, choice: &Choice) -> Key {
        // At most "k:255:E": always fits.
        let mut key = Key::empty();
        match *choice {
            Choice::Draw { rider } => {
                key.push("d:");
                key.push_number(rider as u32);
            }
            Choice::Quit { rider } => {
                key.push("q:");
                key.push_number(rider as u32);
            }
            Choice::Turn { rider } => {
                key.push("t:");
                key.push_number(rider as u32);
            }
            Choice::Musette { rider } => {
                key.push("m:");
                key.push_number(rider as u32);
            }
            Choice::Side { rider, left } => {
                key.push("s:");
                key.push_number(rider as u32);
                key.push(if left { ":L" } else { ":R" });
            }
            Choice::Keep { rider, card }
            | Choice::Gamble { rider, card }
            | Choice::Bid { rider, card } => {
                key.push(match choice {
                    Choice::Gamble { .. } => "g:",
                    Choice::Bid { .. } => "b:",
                    _ => "k:",
                });
                key.push_number(rider as u32);
                key.push(":");
                match card {
                    Card::Energy(v) => key.push_number(v as u32),
                    Card::Exhaustion => key.push("E"),
                    Card::Attack => key.push("A"),
                    Card::SplitAttack => key.push("9/2"),
                };
            }
            Choice::BidDraw { rider } => {
                key.push("bd:");
                key.push_number(rider as u32);
            }
            Choice::BidBlind { rider } => {
                key.push("bb:");
                key.push_number(rider as u32);
            }
            Choice::BidPass { rider } => {
                key.push("bp:");
                key.push_number(rider as u32);
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
            ("q", None) => Choice::Quit { rider },
            ("t", None) => Choice::Turn { rider },
            ("m", None) => Choice::Musette { rider },
            ("s", Some("L")) => Choice::Side { rider, left: true },
            ("s", Some("R")) => Choice::Side { rider, left: false },
            ("g", Some(card)) => {
                let card = Card::parse(card).filter(|c| c.to_string() == card)?;
                Choice::Gamble { rider, card }
            }
            ("k", Some(card)) => {
                let card = Card::parse(card).filter(|c| c.to_string() == card)?;
                Choice::Keep { rider, card }
            }
            ("b", Some(card)) => {
                let card = Card::parse(card).filter(|c| c.to_string() == card)?;
                Choice::Bid { rider, card }
            }
            ("bd", None) => Choice::BidDraw { rider },
            ("bb", None) => Choice::BidBlind { rider },
            ("bp", None) => Choice::BidPass { rider },
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
            Choice::Draw { .. } => words.draw.clone(),
            Choice::Keep { card, .. } => words.keep[card_slot(card)].clone(),
            Choice::Quit { .. } => words.quit.clone(),
            // HB-044: at the fictive start, another card in place of the attack card.
            Choice::Turn { .. }
                if self.stage.in_fictive_start() && self.stage.attack_search().is_none() =>
            {
                Text::from("Draw another card for A")
            }
            Choice::Turn { .. } => words.turn.clone(),
            Choice::Musette { .. } => words.musette.clone(),
            Choice::Gamble { card, .. } => words.gamble[card_slot(card)].clone(),
            Choice::Side { left, .. } => words.side[left as usize].clone(),
            Choice::BidDraw { .. } => words.bid_draw.clone(),
            Choice::Bid { card, .. } => words.bid[card_slot(card)].clone(),
            Choice::BidBlind { .. } => words.bid_blind.clone(),
            Choice::BidPass { .. } => words.bid_pass.clone(),
        };
        (group, label)
    }

    /// The labels above as the catalogue words them (`card-race-option-*`): a card by its face
    /// and its kind, so each language names the exhaustion, attack and Peloton attack cards.
    fn said(&self, choice: &Choice) -> (Option<Sentence>, Sentence) {
        fn card_args(card: Card) -> Vec<(&'static str, Value)> {
            let kind = match card {
                Card::Energy(_) => "energy",
                Card::Exhaustion => "exhaustion",
                Card::Attack => "attack",
                Card::SplitAttack => "peloton",
            };
            vec![("card", json!(card.to_string())), ("kind", json!(kind))]
        }
        let said = match *choice {
            Choice::Draw { .. } => sentence("card-race-option-draw", vec![], String::new()),
            Choice::Keep { card, .. } => {
                sentence("card-race-option-keep", card_args(card), String::new())
            }
            Choice::Quit { .. } => sentence("card-race-option-quit", vec![], String::new()),
            Choice::Turn { .. }
                if self.stage.in_fictive_start() && self.stage.attack_search().is_none() =>
            {
                sentence("card-race-option-turn-fictive", vec![], String::new())
            }
            Choice::Turn { .. } => sentence("card-race-option-turn", vec![], String::new()),
            Choice::Musette { .. } => sentence("card-race-option-musette", vec![], String::new()),
            Choice::Gamble { card, .. } => sentence(
                "card-race-option-gamble",
                vec![("card", json!(card.to_string()))],
                String::new(),
            ),
            Choice::Side { left, .. } => sentence(
                "card-race-option-side",
                vec![("side", json!(if left { "left" } else { "right" }))],
                String::new(),
            ),
            Choice::BidDraw { .. } => sentence("card-race-option-bid-draw", vec![], String::new()),
            Choice::Bid { card, .. } => {
                sentence("card-race-option-bid", card_args(card), String::new())
            }
            Choice::BidBlind { .. } => {
                sentence("card-race-option-bid-blind", vec![], String::new())
            }
            Choice::BidPass { .. } => sentence("card-race-option-bid-pass", vec![], String::new()),
        };
        (None, said)
    }

    fn audience(&self, event: &Event) -> Option<Seat> {
        event.private_to().and_then(|r| self.seat_of(r))
    }

    /// A round is over once its moves are made: at the reveal in the base game, after the last
    /// attack search under house rules B (HB-017), which belongs to the same round.
    fn settles_turn(event: &Event) -> bool {
        matches!(
            event,
            Event::RoundStarted { .. } | Event::StageOver { .. } | Event::BidShown { .. }
        )
    }

    /// The race's own round, or what comes before its round 1 and settles turns of its own:
    /// house rules A's breakaway auction, a turn a bid step (HA-051), or house rules B's
    /// fictive start (HB-038).
    /// House rules A's forecast (HA-075): the next stage's weather, rolled before this one
    /// started; a rest day before it throws the forecast away and that stage draws its own
    /// (QA-36). Nothing on the last stage, nor without A's weather.
    fn outlook(&self, next: Option<&crate::registry::NextStage>) -> Option<Sentence> {
        let sky = self.stage.conditions().sky?;
        let next = next?;
        Some(if next.rest_before {
            sentence(
                "stage-forecast-rest",
                vec![("number", json!(next.number))],
                format!(
                    "A rest day comes before stage {}: its weather will be drawn afresh.",
                    next.number
                ),
            )
        } else {
            let weather = sky.forecast.name();
            sentence(
                "stage-forecast",
                vec![("number", json!(next.number)), ("weather", json!(weather))],
                format!("Forecast for stage {}: {weather}.", next.number),
            )
        })
    }

    fn opening(&self) -> Vec<Event> {
        self.stage.opening_events().to_vec()
    }

    fn turn_name(&self, _turn: u32) -> Sentence {
        if self.stage.in_fictive_start() {
            return sentence(
                "card-race-turn-fictive-start",
                vec![],
                "the fictive start".to_string(),
            );
        }
        match self.stage.bid_step() {
            Some(step) => {
                let steps = crate::games::card_race::house_a::auction::STEPS;
                sentence(
                    "card-race-turn-bid",
                    vec![("step", json!(step)), ("steps", json!(steps))],
                    format!("breakaway bid {step} of {steps}"),
                )
            }
            None => Sentence::round(self.stage.round()),
        }
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
                // HA-046: in an individual time trial the round's highest card tires, not the wind.
                Event::ExhaustionTaken { rider }
                    if self.stage.setup().options.time_trial == Some(TimeTrial::Individual) =>
                {
                    let name = self.name(*rider);
                    let text = format!(
                        "{} played the round's highest card: one exhaustion card.",
                        as_text(&name)
                    );
                    sentence("card-race-tt-exhaustion", vec![("rider", name)], text)
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
                Event::Quit { rider } => {
                    let name = self.name(*rider);
                    let text = format!("{} gives up the stage.", as_text(&name));
                    sentence("card-race-quit", vec![("rider", name)], text)
                }
                Event::BidShown {
                    rider, card, total, ..
                } => {
                    let name = self.name(*rider);
                    let shown = card.map_or_else(|| "no card".to_string(), |c| c.to_string());
                    let text = format!("{} bids {shown}, {total} in all.", as_text(&name));
                    sentence(
                        "card-race-bid-shown",
                        vec![
                            ("rider", name),
                            ("card", card.map_or(json!("none"), card_json)),
                            ("total", json!(total)),
                        ],
                        text,
                    )
                }
                Event::BreakawayPlaced { rider, to, bid } => {
                    let name = self.name(*rider);
                    let text = match bid {
                        Some(total) => format!(
                            "{} wins a place in the breakaway with {total}: row {}.",
                            as_text(&name),
                            to.row
                        ),
                        None => format!(
                            "{} rides in the breakaway without bidding: row {}.",
                            as_text(&name),
                            to.row
                        ),
                    };
                    sentence(
                        "card-race-breakaway-placed",
                        vec![
                            ("rider", name),
                            ("row", json!(to.row)),
                            ("bid", bid.map_or(json!("none"), |b| json!(b))),
                        ],
                        text,
                    )
                }
                Event::GruppettoMoved {
                    from,
                    to,
                    distance,
                    die,
                } => {
                    let text = match die {
                        Some(face) => format!(
                            "The Peloton attacks: the gruppetto rolls {face} and rides {distance}, row {from} → {to}."
                        ),
                        None => format!("The gruppetto rides {distance}: row {from} → {to}."),
                    };
                    sentence(
                        "card-race-gruppetto-moved",
                        vec![
                            ("from", json!(from)),
                            ("to", json!(to)),
                            ("distance", json!(distance)),
                            ("die", die.map_or(json!("none"), |d| json!(d))),
                        ],
                        text,
                    )
                }
                Event::GruppettoSlipstream { to, .. } => sentence(
                    "card-race-gruppetto-slipstream",
                    vec![("to", json!(to))],
                    format!("The gruppetto takes the slipstream to row {to}."),
                ),
                Event::GruppettoSwapped { rider, row } => {
                    let name = self.name(*rider);
                    let text = format!(
                        "{} was blocked by the gruppetto and takes its place on row {row}.",
                        as_text(&name)
                    );
                    sentence(
                        "card-race-gruppetto-swapped",
                        vec![("rider", name), ("row", json!(row))],
                        text,
                    )
                }
                Event::GruppettoSwept { riders } => {
                    let names: Vec<String> =
                        riders.iter().map(|r| as_text(&self.name(*r))).collect();
                    let text = if names.is_empty() {
                        "The gruppetto finishes with nobody in it.".to_string()
                    } else {
                        format!(
                            "The gruppetto finishes: {} over the line with it.",
                            names.join(", ")
                        )
                    };
                    sentence(
                        "card-race-gruppetto-swept",
                        vec![("count", json!(names.len())), ("riders", json!(names))],
                        text,
                    )
                }
                Event::StageOver { order } => {
                    let first = order.first().map_or(Value::Null, |r| self.name(*r));
                    let text = format!("The stage is over: {} wins.", as_text(&first));
                    sentence("card-race-stage-over", vec![("winner", first)], text)
                }
                // The dice are told by what they decide (the wind, the weather, the tokens).
                Event::DiceRolled { .. } => continue,
                Event::WindDrawn { .. }
                | Event::WeatherRolled { .. }
                | Event::ExhaustionDealt { .. }
                | Event::Crashed { .. }
                | Event::PunctureChecked { .. }
                | Event::PunctureSlowed { .. } => self.tell_conditions(e),
                Event::SkyDrawn { .. }
                | Event::TokenTurned { .. }
                | Event::HeatExhaustion { .. }
                | Event::ExhaustionOnTop { .. } => self.tell_sky(e),
                Event::TimeTrialStart { .. }
                | Event::HighestCardTired { .. }
                | Event::FictiveStartGrid { .. }
                | Event::PastStartLine { .. } => self.tell_start(e),
                Event::AttackTurned { .. }
                | Event::AttackEmpty { .. }
                | Event::MusetteTaken { .. }
                | Event::MusetteOpened { .. }
                | Event::SteepGamble { .. } => self.tell_race_effect(e),
            };
            out.push(s);
        }
        out
    }

    /// The moves of the round, rider by rider, then the round in one line: who leads, how many
    /// took exhaustion in the wind, who crossed.
    /// A tour book's moments of the card race: an attack turned, a breakaway placed, a crash,
    /// a puncture, a domestique giving up, a rider across the line; each as the public
    /// narration tells it (a card still secret is never among them). Its rounds are told whole,
    /// so it names nothing `notable`.
    fn moments(&self, events: &[Event]) -> Vec<Sentence> {
        let kept: Vec<Event> = events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::AttackTurned { .. }
                        | Event::BreakawayPlaced { .. }
                        | Event::Crashed { .. }
                        | Event::PunctureSlowed { .. }
                        | Event::Quit { .. }
                        | Event::Crossed { .. }
                )
            })
            .cloned()
            .collect();
        self.narrate(&kept, Viewer::Public)
    }

    fn tell_turn(&self, events: &[Event]) -> Told {
        // The last choice of a round with attack searches: the whole round, from its reveal. A
        // breakaway auction's step is told from its own events.
        let events: &[Event] = if events
            .iter()
            .any(|e| matches!(e, Event::CardsRevealed { .. } | Event::BidShown { .. }))
        {
            events
        } else {
            &self.resolution
        };
        let mut lines = Vec::new();
        // Where each rider ended the round, in event order.
        let mut rows: Vec<(RiderIdx, u16)> = Vec::new();
        let mut reach = |rider: RiderIdx, row: u16| match rows.iter_mut().find(|(r, _)| *r == rider)
        {
            Some(slot) => slot.1 = row,
            None => rows.push((rider, row)),
        };
        let mut winded = 0u32;
        let mut crossed: Vec<String> = Vec::new();
        for e in events {
            match e {
                Event::Moved { rider, to, .. } | Event::Slipstream { rider, to, .. } => {
                    reach(*rider, to.row)
                }
                Event::ExhaustionTaken { .. }
                | Event::ExhaustionDealt { .. }
                | Event::ExhaustionOnTop { .. } => winded += 1,
                Event::TokenTurned { .. } | Event::HeatExhaustion { .. } => {}
                Event::WeatherRolled { .. }
                | Event::Crashed { .. }
                | Event::PunctureChecked { .. }
                | Event::PunctureSlowed { .. }
                | Event::TimeTrialStart { .. }
                | Event::HighestCardTired { .. }
                | Event::PastStartLine { .. } => {}
                Event::AttackTurned { .. }
                | Event::AttackEmpty { .. }
                | Event::MusetteTaken { .. }
                | Event::SteepGamble { .. } => {}
                Event::Crossed { rider, .. } => crossed.push(as_text(&self.name(*rider))),
                Event::Quit { .. }
                | Event::BidShown { .. }
                | Event::BreakawayPlaced { .. }
                | Event::GruppettoMoved { .. }
                | Event::GruppettoSlipstream { .. }
                | Event::GruppettoSwapped { .. }
                | Event::GruppettoSwept { .. } => {}
                _ => continue,
            }
            lines.extend(self.narrate(std::slice::from_ref(e), Viewer::Public));
        }
        // A bid step moves nobody: its bids (and the breakaway) are the whole story.
        if rows.is_empty() && events.iter().any(|e| matches!(e, Event::BidShown { .. })) {
            return Told { lines, brief: None };
        }
        // The first rider listed on the furthest row leads (riders move front first).
        let brief = match rows.iter().rev().max_by_key(|(_, row)| *row) {
            None => sentence(
                "card-race-turn-still",
                vec![],
                "No rider moved.".to_string(),
            ),
            Some((rider, row)) => {
                let leader = self.name(*rider);
                let mut text = format!("{} leads, row {row}", as_text(&leader));
                match winded {
                    0 => {}
                    1 => text.push_str("; 1 rider took exhaustion in the wind"),
                    n => text.push_str(&format!("; {n} riders took exhaustion in the wind")),
                }
                if !crossed.is_empty() {
                    text.push_str(&format!("; across the line: {}", crossed.join(", ")));
                }
                text.push('.');
                sentence(
                    "card-race-turn-brief",
                    vec![
                        ("leader", leader),
                        ("row", json!(row)),
                        ("winded", json!(winded)),
                        ("across", json!(crossed.len())),
                        ("crossed", json!(crossed)),
                    ],
                    text,
                )
            }
        };
        Told {
            lines,
            brief: Some(brief),
        }
    }

    /// A line a rider of the seat: where it is, and its hand, its kept card or what its next
    /// draw takes from.
    fn brief(&self, seat: Seat) -> Vec<Sentence> {
        let view = self.stage.view(Viewer::Seat(seat));
        // During house rules A's breakaway auction, what a bid is, before the riders.
        let auction = self.stage.bid_step().map(|step| {
            let bid: u32 = self
                .stage
                .bid_cards(seat)
                .iter()
                .map(|c| c.value() as u32)
                .sum();
            sentence(
                "card-race-brief-auction",
                vec![("step", json!(step)), ("bid", json!(bid))],
                format!(
                    "Breakaway auction, bid {step} of 2 (your bid so far: {bid}): draw a hand and bid one card of it, bid the top card unseen, or bid nothing."
                ),
            )
        });
        // House rules B's fictive start (HB-039, HB-040): the card ridden costs exhaustion for
        // every row past the start line, which a director must know before keeping a high one.
        let fictive = self.stage.in_fictive_start().then(|| {
            let line = crate::games::card_race::house_b::fictive_start::start_line(&self.stage);
            sentence(
                "card-race-brief-fictive-start",
                vec![("line", json!(line))],
                format!(
                    "Fictive start: each rider rides one of its two cards, and one that ends past the start line (row {line} on) takes an exhaustion card for each row beyond it, the first counting 1: a high card costs exhaustion."
                ),
            )
        });
        auction
            .into_iter()
            .chain(fictive)
            .chain(view.riders.iter().filter(|r| r.team == seat).map(|r| {
                let at = format!("{} (row {}, lane {})", r.id, r.pos.row, r.pos.lane);
                let mut args = vec![
                    ("rider", Value::String(r.id.clone())),
                    ("row", json!(r.pos.row)),
                    ("lane", json!(r.pos.lane)),
                ];
                if !r.racing {
                    return sentence(
                        "card-race-brief-across",
                        args,
                        format!("{at}: across the line."),
                    );
                }
                if let Some(card) = r.kept {
                    args.push(("card", card_json(card)));
                    return sentence("card-race-brief-kept", args, format!("{at}: keeps {card}."));
                }
                if let Some(hand) = &r.hand {
                    args.push(("cards", json!(hand)));
                    return sentence(
                        "card-race-brief-hand",
                        args,
                        format!("{at}: hand {}, keep one.", cards_text(hand)),
                    );
                }
                pile_brief(at, args, r.draw_pile, r.recycle.len())
            }))
            .collect()
    }

    /// The first five riders on the road, a line each after a heading.
    /// The rows from the start line, which lies ahead of the grid's front row (HB-040's "first
    /// row beyond"), to the finish line.
    fn to_line(&self) -> Sentence {
        Sentence::rows_to_line(u32::from(self.stage.course().rows_from_start()))
    }

    fn situation(&self) -> Vec<Sentence> {
        let view = self.stage.view(Viewer::Public);
        let mut out = self.conditions_now();
        out.push(sentence(
            "card-race-front",
            vec![],
            "At the front:".to_string(),
        ));
        for (place, &i) in view.race_order.iter().take(5).enumerate() {
            let r = &view.riders[i as usize];
            out.push(sentence(
                "card-race-front-rider",
                vec![
                    ("place", json!(place + 1)),
                    ("rider", Value::String(r.id.clone())),
                    ("row", json!(r.pos.row)),
                ],
                format!("{}. {}, row {}", place + 1, r.id, r.pos.row),
            ));
        }
        out
    }

    fn view_json(&self, viewer: Viewer) -> Value {
        serde_json::to_value(self.stage.view(viewer)).expect("views serialise")
    }

    fn secrets(&self) -> Vec<Secret> {
        let mut out = Vec::new();
        // An attack search comes after the reveal (HB-017): every card of the round is public.
        if self.stage.attack_search().is_some() {
            return out;
        }
        for (i, r) in self.stage.setup().riders.iter().enumerate() {
            let i = i as RiderIdx;
            if let Some(card) = self.stage.kept(i) {
                out.push(Secret {
                    seat: r.team,
                    pointer: format!("/riders/{i}/kept"),
                    value: card_json(card),
                });
            } else if !self.stage.hand(i).is_empty()
                && self.stage.setup().options.time_trial_b.is_none()
            {
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

    fn determinize(&self, viewer: Viewer, rng: &mut rand_chacha::ChaCha8Rng) -> Self {
        let mut copy = self.clone();
        copy.stage.deal_unseen(viewer, rng);
        copy
    }

    fn bot(&self, seat: Seat, options: &[Choice]) -> Choice {
        // A single option needs no policy (house rules B's Peloton, HB-015: its draw decides),
        // and a policy that reads the hand might name a card the option does not.
        if let [only] = options {
            return *only;
        }
        let options_set = &self.stage.setup().options;
        if options_set.time_trial_b.is_some() {
            return TimeTrialBBot.choose(&self.stage, seat, options);
        }
        match (options_set.time_trial, options_set.bots) {
            // HA-045: in house rules A's time trials the bot plays its highest card.
            (Some(_), _) => TimeTrialBot.choose(&self.stage, seat, options),
            (None, Bots::Brain) => BrainBot.choose(&self.stage, seat, options),
            (None, Bots::Ghosts) => house_b::GhostBot.choose(&self.stage, seat, options),
            (None, Bots::Sensible) => SensibleBot.choose(&self.stage, seat, options),
        }
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
        let mut result = stage_result(&self.stage, number, kind, riders);
        let mut carry = serde_json::Map::new();
        if let Some(level) = self.stage.conditions().weather {
            // HB-029: the next stage of a grand tour starts in the weather this one ended in.
            carry.insert(WEATHER_LEVEL.into(), json!(level));
        }
        if let Some(cup) = &self.cup {
            carry.insert(CUP.into(), json!(cup));
        }
        if let Some(sky) = self.stage.conditions().sky {
            // HA-075: the next stage's weather was rolled before this one started.
            let roll = self.stage.opening_events().iter().find_map(|e| match e {
                Event::SkyDrawn { forecast_roll, .. } => Some(*forecast_roll),
                _ => None,
            });
            carry.insert(SKY.into(), json!(sky.weather));
            carry.insert(SKY_ROLL.into(), json!(roll));
            carry.insert("forecast".into(), json!(sky.forecast));
        }
        if self.stage.setup().options.stage_types {
            // House rules A's jerseys: the type by the climbs, and the combativity tokens.
            let jerseys = jerseys_a(&self.stage, kind);
            carry.insert(
                house_a_jerseys::CARRY_KEY.into(),
                serde_json::to_value(jerseys).expect("jerseys serialise"),
            );
        }
        if !carry.is_empty() {
            result.carry = Value::Object(carry);
        }
        Ok(result)
    }

    /// HA-008 (QA-04): a Brain rider (a rider with a Brain table on a seat the bot rides, under
    /// `bots = "brain"`) sheds every exhaustion card, then takes one back if it won the stage and
    /// one if the stage finished on flat. The heatwave's card waits for house rules A's weather.
    fn carry_over_bots(&self, riders: &mut [TourRider], bots: &[Seat]) {
        self.carry_over(riders);
        let setup = self.stage.setup();
        if setup.options.bots != Bots::Brain {
            return;
        }
        let course = self.stage.course();
        let line = course.finish_row();
        let on_flat = line == 0 || course.terrain(line - 1) != crate::course::Terrain::Uphill;
        let winner = self.stage.finish_order().first().copied();
        for (i, r) in setup.riders.iter().enumerate() {
            if !bots.contains(&r.team) || !brain::has_table(r.kind) {
                continue;
            }
            if let Some(tour) = riders.iter_mut().find(|t| t.key.0 == r.id) {
                let won = winner == Some(i as RiderIdx);
                let kept = brain::exhaustion_after_stage(won, on_flat, false);
                tour.attributes = attributes(r.kind, kept);
            }
        }
    }

    fn carry_over(&self, riders: &mut [TourRider]) {
        carry_over(&self.stage, riders);
        // QB-29: every world-cup event starts from fresh decks (HB-074 adds its card at entry).
        if self.cup.is_some() {
            for r in riders.iter_mut() {
                let (kind, _) = attributes_of(&r.attributes);
                r.attributes = attributes(kind, 0);
            }
        }
        // HA-029: a domestique sheds all its exhaustion cards between stages.
        for r in riders.iter_mut() {
            let (kind, _) = attributes_of(&r.attributes);
            if domestique::sheds_exhaustion(kind) {
                r.attributes = attributes(kind, 0);
            }
        }
        // HA-042: out of a house-A time trial a rider keeps a third of its exhaustion cards.
        if self.stage.setup().options.time_trial.is_some() {
            let setup = self.stage.setup();
            for r in riders
                .iter_mut()
                .filter(|r| setup.riders.iter().any(|s| s.id == r.key.0))
            {
                let (kind, held) = attributes_of(&r.attributes);
                r.attributes = attributes(kind, time_trial::third(held));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pel_4_a_bot_seat_counts_from_the_end_only_when_negative() {
        // Seat 0 is the first seat; -1 is the last of three.
        let seat = |v: i64| seats_from_end(&json!({ "peloton_team": v }), Some(3)).unwrap();
        assert_eq!(seat(0)["peloton_team"], json!(0));
        assert_eq!(seat(-1)["peloton_team"], json!(2));
    }
}

#[cfg(test)]
#[path = "odds_tests.rs"]
mod odds_tests;
