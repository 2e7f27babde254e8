//! The conformance harness: what every registered ruleset must do, checked through the
//! registry's surface only. It iterates `RULESETS`, so a ruleset added there is held to the
//! same contract with no change here but its course files in `COURSES`.

use commissaire_engine::course::{Course, parse_course_toml};
use commissaire_engine::game::{Seat, Viewer};
use commissaire_engine::registry::{
    self, ChoiceError, DynStage, Entrant, Events, MAX_KEY_LEN, RULESETS, RulesetEntry, Sentence,
    Setup,
};
use proptest::prelude::*;
use serde_json::Value;
use std::collections::HashSet;
use std::sync::Arc;

/// Every shipped course, by ruleset. The engine reads no files, so courses come in as text.
const COURSES: &[(&str, &str, &str)] = &[
    (
        "card-race",
        "avenue-corso-paseo.toml",
        include_str!("../../config/courses/card-race/avenue-corso-paseo.toml"),
    ),
    (
        "card-race",
        "firenze-milano.toml",
        include_str!("../../config/courses/card-race/firenze-milano.toml"),
    ),
    (
        "card-race",
        "la-classicissima.toml",
        include_str!("../../config/courses/card-race/la-classicissima.toml"),
    ),
    (
        "card-race",
        "la-haute-montagne.toml",
        include_str!("../../config/courses/card-race/la-haute-montagne.toml"),
    ),
    (
        "card-race",
        "le-col-du-ballon.toml",
        include_str!("../../config/courses/card-race/le-col-du-ballon.toml"),
    ),
    (
        "card-race",
        "ronde-van-wevelgem.toml",
        include_str!("../../config/courses/card-race/ronde-van-wevelgem.toml"),
    ),
    (
        "velo-master",
        "vm-circuit-d-aurillac.toml",
        include_str!("../../config/courses/velo-master/vm-circuit-d-aurillac.toml"),
    ),
    (
        "velo-master",
        "vm-col-des-trois-cols.toml",
        include_str!("../../config/courses/velo-master/vm-col-des-trois-cols.toml"),
    ),
    (
        "velo-master",
        "vm-sprint-de-vic.toml",
        include_str!("../../config/courses/velo-master/vm-sprint-de-vic.toml"),
    ),
    (
        "maillot-jaune",
        "mj-etape-1.toml",
        include_str!("../../config/courses/maillot-jaune/mj-etape-1.toml"),
    ),
    (
        "maillot-jaune",
        "mj-etape-2.toml",
        include_str!("../../config/courses/maillot-jaune/mj-etape-2.toml"),
    ),
    (
        "maillot-jaune",
        "mj-etape-3.toml",
        include_str!("../../config/courses/maillot-jaune/mj-etape-3.toml"),
    ),
    (
        "hulst",
        "hulst-bergetappe.toml",
        include_str!("../../config/courses/hulst/hulst-bergetappe.toml"),
    ),
    (
        "hulst",
        "hulst-vlakke-etappe.toml",
        include_str!("../../config/courses/hulst/hulst-vlakke-etappe.toml"),
    ),
];

/// Choices played at most in one random walk: enough for several turns of any game.
const WALK: usize = 120;
/// Choices a whole stage may take before the harness calls it stuck.
const STAGE_LIMIT: usize = 20_000;

fn courses_of(ruleset: &str) -> Vec<(&'static str, Arc<Course>)> {
    COURSES
        .iter()
        .filter(|(r, _, _)| *r == ruleset)
        .map(|(_, file, text)| {
            let course = parse_course_toml(text, file).unwrap_or_else(|e| panic!("{file}: {e}"));
            (*file, Arc::new(course))
        })
        .collect()
}

/// `teams` teams of the ruleset's quick-game roster, laid on the grid as players place them:
/// the first rider of every team, then the second...
fn setup(entry: &RulesetEntry, course: Arc<Course>, teams: usize) -> Setup {
    let roster = (entry.roster)(&[], &serde_json::Value::Null).expect("the usual team");
    let mut riders = Vec::new();
    for (k, rostered) in roster.iter().enumerate() {
        let attributes = &rostered.attributes;
        for t in 0..teams {
            riders.push(Entrant {
                id: format!("Team {t} rider {k}"),
                team: t as Seat,
                start: None,
                attributes: attributes.clone(),
            });
        }
    }
    Setup {
        course,
        teams: (0..teams).map(|t| format!("Team {t}")).collect(),
        riders,
        // The options a tour rides by default: the ruleset's first named rules (the card race:
        // house rules B with their weather, wind, tiles, punctures and crashes).
        options: entry.rules.first().map_or(Value::Null, |r| (r.options)()),
        dice: Vec::new(),
    }
}

fn viewers(stage: &dyn DynStage) -> Vec<Viewer> {
    std::iter::once(Viewer::Public)
        .chain((0..stage.seats() as Seat).map(Viewer::Seat))
        .collect()
}

/// Everything anyone can observe of a stage: each viewer's view, the decisions owed, the steps.
fn observe(stage: &dyn DynStage) -> Value {
    let views: Vec<Value> = viewers(stage)
        .into_iter()
        .map(|v| stage.view_json(v))
        .collect();
    let steps: Vec<u32> = (0..stage.seats() as Seat)
        .map(|s| stage.step(s).unwrap())
        .collect();
    serde_json::json!({
        "views": views,
        "pending": serde_json::to_value(stage.pending()).unwrap(),
        "steps": steps,
        "over": stage.is_over(),
    })
}

/// One choice of a random walk: which owed decision, which of its options.
type Pick = (u16, u16);

/// A walk's record: the stored form of each choice, the events of each as JSON, and what could
/// be observed after each.
type Walked = (Vec<(Seat, Value)>, Vec<Vec<Value>>, Vec<Value>);

/// Plays `picks`, or until the stage ends.
fn walk(stage: &mut dyn DynStage, picks: &[Pick]) -> Walked {
    let (mut choices, mut events, mut seen) = (Vec::new(), Vec::new(), Vec::new());
    for &(d, o) in picks {
        let owed = stage.pending();
        if owed.is_empty() {
            break;
        }
        let decision = &owed[d as usize % owed.len()];
        let option = &decision.options[o as usize % decision.options.len()];
        choices.push((
            decision.seat,
            stage.choice_json(option.key.as_str()).unwrap(),
        ));
        let out = stage
            .apply_at(decision.seat, decision.step, option.key.as_str())
            .unwrap_or_else(|e| panic!("offered option {} refused: {e}", option.key));
        events.push(out.to_json());
        seen.push(observe(stage));
    }
    (choices, events, seen)
}

fn start(entry: &RulesetEntry, course: &Arc<Course>, teams: usize, seed: u64) -> Box<dyn DynStage> {
    registry::start(entry.id, &setup(entry, Arc::clone(course), teams), seed).unwrap()
}

/// Runs `check` for every registered ruleset on one of its courses chosen by `pick`.
fn each_ruleset(pick: usize, mut check: impl FnMut(&RulesetEntry, &Arc<Course>)) {
    for entry in RULESETS {
        let courses = courses_of(entry.id);
        assert!(
            !courses.is_empty(),
            "ruleset {} has no course in COURSES",
            entry.id
        );
        check(entry, &courses[pick % courses.len()].1);
    }
}

fn picks() -> impl Strategy<Value = Vec<Pick>> {
    prop::collection::vec(any::<Pick>(), 1..WALK)
}

/// Secrets of the stage now must be seen by their seat only.
fn check_secrets(stage: &dyn DynStage) {
    for secret in stage.secrets() {
        let own = stage.view_json(Viewer::Seat(secret.seat));
        assert_eq!(
            own.pointer(&secret.pointer),
            Some(&secret.value),
            "{}: the owner's view must show its secret at {}",
            stage.ruleset(),
            secret.pointer
        );
        for viewer in viewers(stage) {
            if viewer == Viewer::Seat(secret.seat) {
                continue;
            }
            let shown = stage.view_json(viewer);
            let leak = shown.pointer(&secret.pointer).filter(|v| !v.is_null());
            assert!(
                leak.is_none(),
                "{}: {viewer:?} sees seat {}'s secret at {}: {leak:?}",
                stage.ruleset(),
                secret.seat,
                secret.pointer
            );
        }
    }
}

/// Whether a sentence carries a value, anywhere in its arguments.
fn mentions(sentence: &Sentence, value: &Value) -> bool {
    fn within(v: &Value, needle: &Value) -> bool {
        v == needle
            || match v {
                Value::Array(items) => items.iter().any(|i| within(i, needle)),
                Value::Object(map) => map.values().any(|i| within(i, needle)),
                _ => false,
            }
    }
    sentence.args.iter().any(|(_, v)| within(v, value))
}

/// Public narration of `events` must tell no secret held after them, and must be what the
/// public events alone tell.
fn check_public_narration(stage: &dyn DynStage, events: &Events) {
    let public = stage.narrate(events, Viewer::Public);
    for secret in stage.secrets() {
        for s in &public {
            assert!(
                !mentions(s, &secret.value),
                "{}: public narration '{}' tells seat {}'s secret {}",
                stage.ruleset(),
                s.text,
                secret.seat,
                secret.value
            );
        }
    }
    let audience = stage.audience(events);
    assert_eq!(audience.len(), events.len());
    let only_public: Vec<Value> = events
        .to_json()
        .into_iter()
        .zip(audience)
        .filter(|(_, a)| a.is_none())
        .map(|(e, _)| e)
        .collect();
    let told = stage.narrate(
        &stage.events_from_json(&only_public).unwrap(),
        Viewer::Public,
    );
    assert_eq!(
        public,
        told,
        "{}: private events leak into public narration",
        stage.ruleset()
    );
}

/// Keys a player could send that are not among the options offered to `seat`.
fn foreign_keys(stage: &dyn DynStage, seat: Seat, random: &str) -> Vec<String> {
    let mut offered: HashSet<String> = stage
        .pending_for(seat)
        .map(|p| p.options.iter().map(|o| o.key.to_string()).collect())
        .unwrap_or_default();
    // A whole decision (Maillot Jaune's `s` for staying, typed while the seat is at the step
    // choosing a cell) is legal at every step of the decision: it is not a foreign key.
    let whole: HashSet<String> = stage
        .whole_for(seat)
        .iter()
        .map(|o| o.key.to_string())
        .collect();
    // Another seat's options, an offered key bent out of shape, and noise.
    let mut keys: Vec<String> = stage
        .pending()
        .into_iter()
        .filter(|p| p.seat != seat)
        .flat_map(|p| p.options.into_iter().map(|o| o.key.to_string()))
        .collect();
    keys.extend(offered.iter().map(|k| format!("{k}9")));
    keys.extend(offered.iter().map(|k| format!("{k}:")));
    keys.push(random.to_string());
    offered.extend(whole);
    keys.retain(|k| !offered.contains(k));
    keys
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn same_setup_seed_and_choices_give_same_events_and_views(
        course in any::<usize>(), teams in 2usize..=4, seed in any::<u64>(), picks in picks(),
    ) {
        each_ruleset(course, |entry, course| {
            let (choices, events, seen) = walk(start(entry, course, teams, seed).as_mut(), &picks);
            let again = walk(start(entry, course, teams, seed).as_mut(), &picks);
            assert_eq!((&choices, &events, &seen), (&again.0, &again.1, &again.2));
            // And from the stored JSON choices, as the store restores a stage.
            let setup = setup(entry, Arc::clone(course), teams);
            let (replayed, replay_events) = registry::replay(entry.id, &setup, seed, &choices).unwrap();
            let replay_json: Vec<Vec<Value>> = replay_events.iter().map(Events::to_json).collect();
            assert_eq!(replay_json, events);
            if let Some(last) = seen.last() {
                assert_eq!(&observe(replayed.as_ref()), last);
            }
        });
    }

    #[test]
    fn every_option_pending_offers_is_accepted(
        course in any::<usize>(), teams in 2usize..=4, seed in any::<u64>(), picks in picks(),
    ) {
        each_ruleset(course, |entry, course| {
            let mut stage = start(entry, course, teams, seed);
            for &(d, o) in &picks {
                let owed = stage.pending();
                let waiting: Vec<(Seat, u32)> = owed.iter().map(|p| (p.seat, p.step)).collect();
                assert_eq!(stage.waiting_on(), waiting, "waiting_on must agree with pending");
                assert_eq!(owed.is_empty(), stage.is_over(), "a stage is over exactly when nobody owes");
                if owed.is_empty() {
                    break;
                }
                for decision in &owed {
                    let keys: HashSet<&str> = decision.options.iter().map(|o| o.key.as_str()).collect();
                    assert_eq!(keys.len(), decision.options.len(), "keys are unique in a decision");
                    assert!(stage.bot_choice(decision.seat).is_some_and(|k| keys.contains(k.as_str())));
                    for option in &decision.options {
                        assert!(option.key.as_str().len() <= MAX_KEY_LEN);
                        assert!(!option.label.is_empty() && !option.group.is_empty());
                        let json = stage.choice_json(option.key.as_str()).unwrap();
                        assert_eq!(stage.choice_key(&json).unwrap(), option.key);
                        let mut trial = stage.clone();
                        trial.apply_at(decision.seat, decision.step, option.key.as_str())
                            .unwrap_or_else(|e| panic!("{}: offered {} refused: {e}", entry.id, option.key));
                        assert_eq!(trial.step(decision.seat).unwrap(), decision.step + 1);
                    }
                }
                let decision = &owed[d as usize % owed.len()];
                let option = &decision.options[o as usize % decision.options.len()];
                stage.apply(decision.seat, option.key.as_str()).unwrap();
            }
        });
    }

    #[test]
    fn an_illegal_or_stale_choice_is_refused_and_changes_nothing(
        course in any::<usize>(), teams in 2usize..=4, seed in any::<u64>(), picks in picks(),
        // Half the time a one-letter key (Maillot Jaune's staying, back, yes, no, no help).
        noise in prop_oneof!["[sbynx]", "[a-zA-Z0-9:]{1,12}"],
    ) {
        each_ruleset(course, |entry, course| {
            let mut stage = start(entry, course, teams, seed);
            for &(d, o) in &picks {
                let owed = stage.pending();
                if owed.is_empty() {
                    break;
                }
                let before = observe(stage.as_ref());
                let mut tried = Vec::new();
                for seat in 0..stage.seats() as Seat {
                    for key in foreign_keys(stage.as_ref(), seat, &noise) {
                        let refused = stage.apply(seat, &key);
                        assert!(refused.is_err(), "{}: seat {seat} played {key}, not offered", entry.id);
                        tried.push(key);
                    }
                    let step = stage.step(seat).unwrap();
                    if let Some(p) = stage.pending_for(seat) {
                        let key = p.options[0].key;
                        for stale in [step.wrapping_sub(1), step + 1] {
                            let e = stage.apply_at(seat, stale, key.as_str()).unwrap_err();
                            assert_eq!(e, ChoiceError::Stale { step: stale, current: step });
                        }
                    }
                }
                // A refusal that changed anything would still show here.
                assert_eq!(observe(stage.as_ref()), before, "refusing {tried:?} changed the stage");
                let seats = stage.seats() as Seat;
                assert!(matches!(stage.apply(seats, "x"), Err(ChoiceError::UnknownSeat(s)) if s == seats));
                let decision = &owed[d as usize % owed.len()];
                let option = &decision.options[o as usize % decision.options.len()];
                stage.apply(decision.seat, option.key.as_str()).unwrap();
            }
        });
    }

    #[test]
    fn no_seat_sees_another_seats_secrets_nor_does_public_narration(
        course in any::<usize>(), teams in 2usize..=4, seed in any::<u64>(), picks in picks(),
    ) {
        each_ruleset(course, |entry, course| {
            let mut stage = start(entry, course, teams, seed);
            check_secrets(stage.as_ref());
            for &(d, o) in &picks {
                let owed = stage.pending();
                if owed.is_empty() {
                    break;
                }
                let decision = &owed[d as usize % owed.len()];
                let option = &decision.options[o as usize % decision.options.len()];
                let events = stage.apply(decision.seat, option.key.as_str()).unwrap();
                check_secrets(stage.as_ref());
                check_public_narration(stage.as_ref(), &events);
            }
        });
    }
}

#[test]
fn bots_finish_a_whole_stage_on_every_shipped_course() {
    for entry in RULESETS {
        let courses = courses_of(entry.id);
        assert!(!courses.is_empty(), "ruleset {} has no course", entry.id);
        for (file, course) in &courses {
            for teams in [2, 4] {
                let mut stage = start(entry, course, teams, 7);
                let mut played = 0;
                while !stage.is_over() {
                    let owed = stage.waiting_on();
                    assert!(
                        !owed.is_empty(),
                        "{} on {file}: nobody owes, yet the stage is not over",
                        entry.id
                    );
                    // An answer to a request (a pact) is one director's, never a round's.
                    assert!(
                        !stage.awaits_answer() || owed.len() == 1,
                        "{} on {file}: an answer awaited from {} seats",
                        entry.id,
                        owed.len()
                    );
                    for (seat, _) in owed {
                        if stage.play_bot(seat).unwrap().is_some() {
                            played += 1;
                        }
                    }
                    assert!(
                        played < STAGE_LIMIT,
                        "{} on {file}: the bots never finish",
                        entry.id
                    );
                }
                assert!(stage.pending().is_empty() && stage.bot_choice(0).is_none());
            }
        }
    }
}

/// The harness must see every course that ships, not the ones someone remembered to list.
#[test]
fn every_shipped_course_is_in_the_harness() {
    // Each game's courses live in a folder named for its ruleset: config/courses/<ruleset>/.
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../config/courses"));
    let mut shipped: Vec<(String, String)> = Vec::new();
    for folder in std::fs::read_dir(dir).unwrap() {
        let folder = folder.unwrap();
        assert!(
            folder.path().is_dir(),
            "{:?} lies loose in config/courses: put it in its game's folder",
            folder.file_name()
        );
        for file in std::fs::read_dir(folder.path()).unwrap() {
            let file = file.unwrap().file_name().to_string_lossy().into_owned();
            if file.ends_with(".toml") {
                shipped.push((folder.file_name().to_string_lossy().into_owned(), file));
            }
        }
    }
    shipped.sort();
    let mut listed: Vec<(String, String)> = COURSES
        .iter()
        .map(|(r, f, _)| (r.to_string(), f.to_string()))
        .collect();
    listed.sort();
    assert_eq!(listed, shipped);
    for (ruleset, _, _) in COURSES {
        assert!(
            registry::ruleset(ruleset).is_ok(),
            "{ruleset} is not registered"
        );
    }
}

/// `told_turns` (`/stage log`) tells the same settled turns as `settled_turns` (the
/// animation), in order, each with something said, and a stage cut short tells the first of
/// them the same: a turn's telling depends on nothing played after it.
#[test]
fn a_stage_is_told_turn_by_turn_as_it_settled() {
    each_ruleset(0, |entry, course| {
        let setup = setup(entry, Arc::clone(course), 4);
        let mut stage = registry::start(entry.id, &setup, 11).unwrap();
        let mut choices = Vec::new();
        while !stage.is_over() && choices.len() < STAGE_LIMIT {
            let made = choices.len();
            for (seat, _) in stage.waiting_on() {
                // Stored as the services store it: the choice's JSON before it is applied.
                let Some(key) = stage.bot_choice(seat) else {
                    continue;
                };
                let json = stage.choice_json(key.as_str()).unwrap();
                stage.apply(seat, key.as_str()).unwrap();
                choices.push((seat, json));
            }
            assert!(choices.len() > made, "{}: the bots are stuck", entry.id);
        }
        let told = registry::told_turns(entry.id, &setup, 11, &choices).unwrap();
        let settled = registry::settled_turns(entry.id, &setup, 11, &choices).unwrap();
        assert!(settled.len() > 2, "{}: {} turns", entry.id, settled.len());
        assert!(
            told.iter().all(|t| t.settled),
            "{}: the stage is over",
            entry.id
        );
        let names = |n: Vec<&Sentence>| n.into_iter().cloned().collect::<Vec<_>>();
        assert_eq!(
            names(told.iter().map(|t| &t.name).collect()),
            names(settled.iter().map(|t| &t.name).collect()),
            "{}",
            entry.id
        );
        assert!(
            told.iter().any(|t| !t.lines.is_empty()),
            "{}: nothing told",
            entry.id
        );
        let half = settled[settled.len() / 2].choices;
        let early = registry::told_turns(entry.id, &setup, 11, &choices[..half]).unwrap();
        let early: Vec<_> = early.into_iter().filter(|t| t.settled).collect();
        assert_eq!(early[..], told[..early.len()], "{}", entry.id);
    });
}
