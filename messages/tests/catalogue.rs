//! The catalogue and the code agree: every message id the code names exists, every message of
//! the catalogue is named somewhere, and every sentence the engine narrates renders.
//!
//! Code names a message in one of two forms, always with a literal id, so these tests find them
//! all: `msg!("id", ...)` / `msg_in!(medium, "id", ...)` anywhere, and the engine's narration,
//! `sentence("id", ...)` or `word("id")` anywhere in `engine/src/` (every game, so a new one
//! cannot forget its messages).

use commissaire_engine::game::Viewer;
use commissaire_engine::games::card_race::card_race_attributes;
use commissaire_engine::registry::{self, Entrant, Setup};
use commissaire_messages::{
    Arg, DUTCH, ENGLISH, FRENCH, Language, Medium, sentence, sentence_at_start, speaking,
};
use regex::Regex;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Message `id` with `args` in English, once it has rendered in French and Dutch too, for a
/// channel and a terminal: the narration of every game is checked in every language.
fn in_every_language(id: &str, args: &[(&str, Arg)]) -> Result<String, String> {
    for catalogue in [&*FRENCH, &*DUTCH] {
        for medium in [Medium::Discord, Medium::Terminal] {
            let text = catalogue.try_format(medium, id, args)?;
            if text.contains("{ $") || text.trim().is_empty() {
                return Err(format!("{id} reads '{text}'"));
            }
        }
    }
    ENGLISH.try_format(Medium::Discord, id, args)
}

/// A sentence of the engine as each language words it, opening a sentence or inside one.
fn said_everywhere(s: &commissaire_engine::registry::Sentence) {
    for language in [Language::Fr, Language::Nl] {
        let (inside, opening) = speaking(language, || (sentence(s), sentence_at_start(s)));
        assert!(!inside.is_empty() && !opening.is_empty(), "{}", s.id);
        assert!(
            !commissaire_messages::reported_missing(language, s.id),
            "{}",
            s.id
        );
    }
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("messages/ sits in the workspace")
        .to_path_buf()
}

/// Every `.rs` file of the workspace's crates, but not build output.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy();
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                sources(&path, out);
            }
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

/// The message ids the code names, each with the first file naming it. Comments are left out,
/// so an example in a doc comment counts for nothing.
fn ids_used() -> BTreeMap<String, String> {
    let forms = [
        Regex::new(r#"\bmsg!\(\s*"([^"]*)""#).unwrap(),
        Regex::new(r#"\bmsg_in!\(\s*[^,()]+(?:\([^()]*\))?\s*,\s*"([^"]*)""#).unwrap(),
    ];
    // A game's narration, and its words for the services (`registry::word`).
    let narration = Regex::new(r#"\b(?:sentence|word|said)\(\s*"([^"]*)""#).unwrap();
    let root = workspace();
    let mut files = Vec::new();
    // Not messages/: its own tests name messages to test the catalogue, not to use them.
    for krate in ["engine", "render", "bot", "tests"] {
        sources(&root.join(krate), &mut files);
    }
    let mut used = BTreeMap::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let code: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        let shown = file.strip_prefix(&root).unwrap().display().to_string();
        let mut found: Vec<String> = forms
            .iter()
            .flat_map(|re| re.captures_iter(&code).map(|c| c[1].to_string()))
            .collect();
        if shown.starts_with("engine/src/") {
            found.extend(narration.captures_iter(&code).map(|c| c[1].to_string()));
        }
        for id in found {
            used.entry(id).or_insert_with(|| shown.clone());
        }
    }
    used
}

#[test]
fn every_message_id_the_code_names_is_in_the_catalogue() {
    let used = ids_used();
    assert!(
        used.len() > 20,
        "the scan found only {} ids: is the call form still `msg!(\"id\"`?",
        used.len()
    );
    let missing: Vec<String> = used
        .iter()
        .filter(|(id, _)| ENGLISH.variables(id).is_none())
        .map(|(id, file)| format!("{id} (named in {file})"))
        .collect();
    assert!(
        missing.is_empty(),
        "ids named in code but not in messages/locales/en/*.ftl:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_catalogue_message_is_used() {
    let used = ids_used();
    // The slash commands' words (`cmd-…`) are named by the commands' paths, not by a literal:
    // tests/tests/discord_bodies.rs checks that each names a command, option or choice.
    let unused: Vec<&str> = ENGLISH
        .ids()
        .filter(|id| !used.contains_key(*id) && !id.starts_with("cmd-"))
        .collect();
    assert!(
        unused.is_empty(),
        "messages no code names (remove them, or name them with msg!): {unused:?}"
    );
}

#[test]
fn the_scan_finds_every_call_form() {
    let sample = r#"
        let a = msg!("one");
        let b = msg!(
            "two",
            round = 3,
        );
        let c = msg_in!(Medium::Terminal, "three");
        let d = msg_in!(medium(), "four", x = 1);
        // msg!("not-this-one")
    "#;
    let forms = [
        Regex::new(r#"\bmsg!\(\s*"([^"]*)""#).unwrap(),
        Regex::new(r#"\bmsg_in!\(\s*[^,()]+(?:\([^()]*\))?\s*,\s*"([^"]*)""#).unwrap(),
    ];
    let code: String = sample
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let found: BTreeSet<String> = forms
        .iter()
        .flat_map(|re| re.captures_iter(&code).map(|c| c[1].to_string()))
        .collect();
    assert_eq!(
        found,
        ["four", "one", "three", "two"]
            .map(String::from)
            .into_iter()
            .collect()
    );
}

/// Plays a whole card-race stage with bots and renders every sentence the engine narrates, to
/// the public and to each team, from the catalogue.
#[test]
fn every_narrated_sentence_of_a_played_stage_renders_from_the_catalogue() {
    let course = std::sync::Arc::new(
        commissaire_engine::course::CourseSpec {
            tiles: Some("abcdefu".into()),
            ..Default::default()
        }
        .build()
        .unwrap(),
    );
    let rider = |id: &str, team, kind| Entrant {
        id: id.into(),
        team,
        start: None,
        attributes: card_race_attributes(kind, 0),
    };
    use commissaire_engine::games::card_race::RiderKind;
    let setup = Setup {
        course,
        teams: vec!["Blue".into(), "Red".into()],
        riders: vec![
            rider("Blue Rouleur", 0, RiderKind::Rouleur),
            rider("Red Rouleur", 1, RiderKind::Rouleur),
            rider("Blue Sprinteur", 0, RiderKind::Sprinteur),
            rider("Red Sprinteur", 1, RiderKind::Sprinteur),
        ],
        options: serde_json::Value::Null,
        dice: Vec::new(),
    };
    let mut seen = BTreeSet::new();
    let mut seen_options = BTreeSet::new();
    // The base game, then a house-A individual time trial (its own exhaustion sentence), then a
    // house-A stage opening with the breakaway auction.
    let time_trial = serde_json::json!({"profiles": "house-a", "time_trial": "individual"});
    // House rules B's time trial and fictive start, whose sentences the catalogue alone words.
    let b_trial = serde_json::json!({"profiles": "house-b", "time_trial_b": "individual"});
    let fictive = serde_json::json!({"profiles": "house-b", "fictive_start": true});
    let cup = serde_json::json!({"profiles": "house-b", "world_cup": true});
    let breakaway = serde_json::json!({"profiles": "house-a", "start": "breakaway_house_a",
        "gruppetto": true, "peloton_team": 1, "stage_end": "all_across"});
    for options in [
        serde_json::Value::Null,
        time_trial,
        b_trial,
        fictive,
        cup,
        breakaway,
    ] {
        let setup = Setup {
            options,
            ..setup.clone()
        };
        let mut stage = registry::start("card-race", &setup, 11).unwrap();
        let mut guard = 0;
        while !stage.is_over() {
            guard += 1;
            assert!(guard < 10_000, "the stage never ended");
            let seat = stage.waiting_on()[0].0;
            options_say_their_labels(stage.as_ref(), &mut seen_options);
            let (_, events) = stage.play_bot(seat).unwrap().expect("a bot move");
            // Every sentence the engine tells: of the events to each viewer, of a settled turn,
            // of each team's riders, and of the front of the race.
            let mut told = Vec::new();
            for viewer in [Viewer::Public, Viewer::Seat(0), Viewer::Seat(1)] {
                told.extend(stage.narrate(&events, viewer));
            }
            let turn = stage.tell_turn(&events);
            // What the turn now played is called, inside a sentence and opening one.
            let name = stage.turn_name(guard);
            let opening = sentence_at_start(&name);
            let mut first = name.text.chars();
            let capital: String = first.next().unwrap().to_uppercase().chain(first).collect();
            assert_eq!(opening, capital, "{}", name.id);
            told.push(name);
            told.extend(turn.lines);
            told.extend(turn.brief);
            told.extend(stage.brief(0));
            told.extend(stage.brief(1));
            told.extend(stage.situation());
            // How far the start lies from the line (/stage), and the shared distances in the
            // singular too (Velo Master counts cells).
            told.push(stage.to_line());
            told.push(registry::Sentence::rows_to_line(1));
            told.push(registry::Sentence::cells_to_line(1));
            told.push(registry::Sentence::cells_to_line(26));
            // What a rider's next draw takes from, in every case (an empty draw pile with or
            // without a recycle pile to shuffle in comes late in long stages only).
            for (draw, recycled) in [(12, 0), (1, 1), (2, 6), (0, 9), (0, 0)] {
                let args = vec![
                    ("rider", serde_json::json!("Blue Rouleur")),
                    ("row", serde_json::json!(4)),
                    ("lane", serde_json::json!(1)),
                ];
                told.push(commissaire_engine::games::card_race::card_race_pile_brief(
                    "Blue Rouleur (row 4, lane 1)".into(),
                    args,
                    draw,
                    recycled,
                ));
            }
            {
                for s in told {
                    let text = in_every_language(s.id, &args(&s)).unwrap_or_else(|e| panic!("{e}"));
                    // The catalogue says what the engine's English said; lists now read with
                    // commas ("draws 2, 3, 5, 9"). An empty text, or one that only names the
                    // message, is a sentence only the catalogue words.
                    if !s.text.is_empty() && !s.text.starts_with(s.id) {
                        assert_eq!(text.replace(',', ""), s.text.replace(',', ""), "{}", s.id);
                    }
                    assert_eq!(sentence(&s), text);
                    said_everywhere(&s);
                    seen.insert(s.id);
                }
            }
        }
    }
    // A house-A domestique giving up the stage (HA-030): bots never do.
    let quitter = Setup {
        riders: vec![
            rider("Blue Domestique", 0, RiderKind::Domestique),
            rider("Red Rouleur", 1, RiderKind::Rouleur),
        ],
        options: serde_json::json!({"profiles": "house-a"}),
        ..setup.clone()
    };
    let mut stage = registry::start("card-race", &quitter, 11).unwrap();
    stage.apply(0, "d:0").unwrap();
    let quit = stage.apply(0, "q:0").unwrap();
    // House rules A's gruppetto and bids in every wording, written out (a bot stage meets some).
    let written = [
        serde_json::json!({"event": "gruppetto_moved", "from": 3, "to": 9, "distance": 6, "die": 5}),
        serde_json::json!({"event": "gruppetto_moved", "from": 3, "to": 8, "distance": 5, "die": null}),
        serde_json::json!({"event": "gruppetto_slipstream", "from": 8, "to": 9}),
        serde_json::json!({"event": "gruppetto_swapped", "rider": 1, "row": 30}),
        serde_json::json!({"event": "gruppetto_swept", "riders": []}),
        serde_json::json!({"event": "gruppetto_swept", "riders": [0, 1]}),
        serde_json::json!({"event": "bid_shown", "rider": 1, "step": 2, "card": null, "total": 5}),
        serde_json::json!({"event": "breakaway_placed", "rider": 0, "to": {"row": 7, "lane": 0}, "bid": null}),
    ];
    let mut events = quit.to_json();
    events.extend(written);
    let events = stage.events_from_json(&events).unwrap();
    for s in stage.narrate(&events, Viewer::Public) {
        let text = in_every_language(s.id, &args(&s)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(text, s.text, "{}", s.id);
        seen.insert(s.id);
    }
    let words = word_ids();
    let narrated = ids_used()
        .into_iter()
        .filter(|(id, file)| {
            (file.starts_with("engine/src/registry/")
                || file == "engine/src/games/card_race/game.rs")
                && !words.contains(id)
        })
        .map(|(id, _)| id)
        .collect::<BTreeSet<_>>();
    let mut seen: BTreeSet<String> = seen.into_iter().map(String::from).collect();
    seen.extend(seen_options);
    seen.extend(card_race_rare_options());
    // House rules B's weather and wind are off in the stage above: their wordings, every one.
    seen.extend(card_race_house_b_wordings());
    seen.extend(card_race_house_a_sky_wordings());
    assert_eq!(
        seen, narrated,
        "every id the engine narrates came up in the stage played"
    );
}

/// A message id, its arguments and what it reads in English.
type Case = (
    &'static str,
    Vec<(&'static str, serde_json::Value)>,
    &'static str,
);

/// The card race's options no bot stage above is offered (house rules B's attack search,
/// musette, wind side and steep gamble; house rules A's domestique and breakaway bids), each
/// rendered as the engine's English label says it, and in French and Dutch.
fn card_race_rare_options() -> BTreeSet<String> {
    use serde_json::json;
    let cases: [Case; 12] = [
        ("card-race-option-quit", vec![], "Quit the stage"),
        ("card-race-option-turn", vec![], "Turn the next card"),
        (
            "card-race-option-turn-fictive",
            vec![],
            "Draw another card for A",
        ),
        (
            "card-race-option-musette",
            vec![],
            "Open a musette (+2 cards)",
        ),
        (
            "card-race-option-side",
            vec![("side", json!("left"))],
            "Ride on the left (from now on, the free lane furthest left)",
        ),
        (
            "card-race-option-side",
            vec![("side", json!("right"))],
            "Ride on the right (from now on, the free lane furthest right)",
        ),
        (
            "card-race-option-gamble",
            vec![("card", json!("5"))],
            "Keep 5, gamble on the steep descent",
        ),
        (
            "card-race-option-bid",
            vec![("card", json!("7")), ("kind", json!("energy"))],
            "Bid 7",
        ),
        (
            "card-race-option-bid",
            vec![("card", json!("9/2")), ("kind", json!("peloton"))],
            "Bid 9/2 (Peloton attack)",
        ),
        (
            "card-race-option-keep",
            vec![("card", json!("A")), ("kind", json!("attack"))],
            "Keep A (attack)",
        ),
        (
            "card-race-option-keep",
            vec![("card", json!("E")), ("kind", json!("exhaustion"))],
            "Keep E (exhaustion)",
        ),
        // A game whose options have no words yet: the English label as it is.
        ("option-label", vec![("label", json!("Roll"))], "Roll"),
    ];
    let mut seen = BTreeSet::new();
    for (id, raw, english) in cases {
        let args: Vec<(&str, Arg)> = raw
            .iter()
            .map(|(k, v)| (*k, commissaire_messages::arg_of_json(v)))
            .collect();
        let text = in_every_language(id, &args).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(text, english, "{id}");
        seen.insert(id.to_string());
    }
    seen
}

/// Every wording of house rules B's wind, weather and the exhaustion they deal, told by a
/// card-race stage riding under them from events written out (a bot stage meets only some).
fn card_race_house_b_wordings() -> BTreeSet<String> {
    use serde_json::json;
    let course = std::sync::Arc::new(
        commissaire_engine::course::CourseSpec {
            tiles: Some("abu".into()),
            ..Default::default()
        }
        .build()
        .unwrap(),
    );
    let riders: Vec<Entrant> = ["Blue", "Red"]
        .iter()
        .enumerate()
        .map(|(team, name)| Entrant {
            id: format!("{name} Rouleur"),
            team: team as u8,
            start: None,
            attributes: card_race_attributes(
                commissaire_engine::games::card_race::RiderKind::Rouleur,
                0,
            ),
        })
        .collect();
    let mut seen = BTreeSet::new();
    // The wind's d4, then round 1's d6: each level's line of the situation comes up once.
    for (wind, weather) in [(1, 1), (2, 3), (3, 6), (4, 4)] {
        let setup = Setup {
            course: course.clone(),
            teams: vec!["Blue".into(), "Red".into()],
            riders: riders.clone(),
            options: json!({"weather": "house-b", "wind": "house-b", "weather_level": if weather == 6 { 5 } else if weather == 1 { 2 } else { 3 }}),
            dice: vec![wind, weather],
        };
        let stage = registry::start("card-race", &setup, 1).unwrap();
        let mut events = Vec::new();
        for level in 1..=5 {
            events.push(json!({"event": "weather_rolled", "round": 2, "face": 3, "level": level}));
        }
        for set_back in [1, 3] {
            events.push(json!({"event": "crashed", "rider": 0, "row": 9, "set_back": set_back}));
            events.push(json!({"event": "puncture_slowed", "rider": 0, "rows": set_back}));
        }
        for (card, punctured) in [(json!("E"), true), (json!(4), false)] {
            events.push(json!({"event": "puncture_checked", "rider": 1, "card": card, "punctured": punctured}));
        }
        // The attack search, the musettes and the steep gamble (HB-006, HB-018, HB-047, HB-048).
        for left in [0, 1, 3] {
            events.push(json!({"event": "attack_turned", "rider": 0, "card": 6, "left": left}));
        }
        events.push(json!({"event": "attack_empty", "rider": 1}));
        events.push(json!({"event": "musette_taken", "rider": 0, "held": 1}));
        events.push(json!({"event": "musette_opened", "rider": 0, "cards": [3, "E"], "held": 0}));
        for (card, crashed) in [(json!("E"), true), (json!(5), false)] {
            events.push(
                json!({"event": "steep_gamble", "rider": 1, "card": card, "crashed": crashed}),
            );
        }
        for exposure in ["front", "headwind", "crosswind"] {
            for (cards, heat, on_top) in [(1, false, false), (2, true, false), (1, false, true)] {
                events.push(
                    json!({"event": "exhaustion_dealt", "rider": 1, "cards": cards,
                    "exposure": exposure, "heat": heat, "on_top": on_top}),
                );
            }
        }
        let events = stage.events_from_json(&events).unwrap();
        render_all_told(stage.as_ref(), &events, 2, &mut seen);
    }
    seen
}

/// Every wording of house rules A's weather (HA-067…HA-076): each weather drawn and given, each
/// token turned, the heatwave's card to one rider and to two, fog's card on top, and the
/// situation's line with tokens face down.
fn card_race_house_a_sky_wordings() -> BTreeSet<String> {
    use serde_json::json;
    let course = std::sync::Arc::new(
        commissaire_engine::course::CourseSpec {
            tiles: Some("abcu".into()),
            ..Default::default()
        }
        .build()
        .unwrap(),
    );
    let riders: Vec<Entrant> = ["Blue", "Red"]
        .iter()
        .enumerate()
        .map(|(team, name)| Entrant {
            id: format!("{name} Rouleur"),
            team: team as u8,
            start: None,
            attributes: card_race_attributes(
                commissaire_engine::games::card_race::RiderKind::Rouleur,
                0,
            ),
        })
        .collect();
    let mut seen = BTreeSet::new();
    let weathers = ["fog", "storm", "windy", "overcast", "sunny", "heatwave"];
    for (i, weather) in weathers.iter().enumerate() {
        let setup = Setup {
            course: course.clone(),
            teams: vec!["Blue".into(), "Red".into()],
            riders: riders.clone(),
            options: json!({"weather": "house-a", "weather_today": weather,
                "weather_reveal": if i % 2 == 0 { "progressive" } else { "upfront" }}),
            dice: Vec::new(),
        };
        let stage = registry::start("card-race", &setup, 1).unwrap();
        let mut events = vec![
            json!({"event": "sky_drawn", "weather": weather, "roll": 7, "forecast": weathers[5 - i], "forecast_roll": 9}),
            json!({"event": "sky_drawn", "weather": weather, "forecast": weather, "forecast_roll": 2}),
            json!({"event": "heat_exhaustion", "round": 4, "riders": [0]}),
            json!({"event": "heat_exhaustion", "round": 8, "riders": [0, 1]}),
            json!({"event": "exhaustion_on_top", "rider": 1}),
        ];
        for token in ["blank", "headwind", "tailwind", "crosswind", "rain"] {
            events.push(json!({"event": "token_turned", "row": 6, "token": token}));
        }
        let events = stage.events_from_json(&events).unwrap();
        render_all_told(stage.as_ref(), &events, 2, &mut seen);
        // The forecast of the next stage, or the rest day that drops it (HA-075).
        for rest_before in [false, true] {
            let next = registry::NextStage {
                number: 2,
                kind: commissaire_engine::tour::StageKind::Flat,
                rest_before,
            };
            let told = stage
                .outlook(Some(&next))
                .expect("house rules A's forecast");
            let text = in_every_language(told.id, &args(&told)).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(text, told.text, "{}", told.id);
            seen.insert(told.id.to_string());
        }
    }
    seen.extend(card_race_refusals());
    seen
}

/// Every refusal of the card race's rules renders from the catalogue, naming what it names.
fn card_race_refusals() -> BTreeSet<String> {
    use commissaire_engine::games::card_race::{Card, RuleError};
    let rider = || "Blue Rouleur".to_string();
    let all = [
        RuleError::StageOver,
        RuleError::UnknownSeat(3),
        RuleError::UnknownRider(9),
        RuleError::NotYourRider { rider: rider() },
        RuleError::RiderFinished { rider: rider() },
        RuleError::RiderQuit { rider: rider() },
        RuleError::CannotQuit { rider: rider() },
        RuleError::AlreadyChosen { rider: rider() },
        RuleError::AlreadyDrawn { rider: rider() },
        RuleError::DrawFirst { rider: rider() },
        RuleError::FinishDrawnRider { drawn: rider() },
        RuleError::NothingToDraw,
        RuleError::Searching {
            rider: rider(),
            card: Card::Energy(4),
        },
        RuleError::NothingTurned { rider: rider() },
        RuleError::NoGamble { rider: rider() },
        RuleError::NoSide { rider: rider() },
        RuleError::NoMusette { rider: rider() },
        RuleError::NoAuction,
        RuleError::AuctionFirst,
        RuleError::OutOfAuction { rider: rider() },
        RuleError::AlreadyBid { rider: rider() },
        RuleError::CannotBid { rider: rider() },
        RuleError::CardNotInHand {
            rider: rider(),
            card: Card::Energy(9),
            hand: "2, 5".into(),
        },
    ];
    let mut seen = BTreeSet::new();
    for e in &all {
        seen.insert(render_refusal(
            &commissaire_engine::games::card_race::card_race_refusal(e),
        ));
    }
    seen
}

/// Every option open now reads in English from the catalogue as its label says it, and in
/// French and Dutch too: the buttons speak the player's language. The ids are kept.
fn options_say_their_labels(stage: &dyn registry::DynStage, seen: &mut BTreeSet<String>) {
    for p in stage.pending() {
        for o in &p.options {
            let text =
                in_every_language(o.said.id, &args(&o.said)).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(text, &*o.label, "{}", o.said.id);
            seen.insert(o.said.id.to_string());
            if let Some(group) = &o.group_said {
                let text =
                    in_every_language(group.id, &args(group)).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(text, &*o.group, "{}", group.id);
                seen.insert(group.id.to_string());
            }
        }
    }
}

/// The whole decisions a game offers in steps (a Maillot Jaune move typed in full) say their
/// labels from the catalogue too.
fn whole_say_their_labels(stage: &dyn registry::DynStage, seen: &mut BTreeSet<String>) {
    for (seat, _) in stage.waiting_on() {
        for o in stage.whole_for(seat) {
            let text =
                in_every_language(o.said.id, &args(&o.said)).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(text, &*o.label, "{}", o.said.id);
            seen.insert(o.said.id.to_string());
        }
    }
}

/// A refusal renders from the catalogue with every argument it carries in the text; its id.
fn render_refusal(s: &registry::Sentence) -> String {
    let text = in_every_language(s.id, &args(s)).unwrap_or_else(|e| panic!("{e}"));
    for (_, v) in &s.args {
        let shown = v.as_str().map_or_else(|| v.to_string(), String::from);
        assert!(text.contains(&shown), "{}: {text} names {shown}", s.id);
    }
    s.id.to_string()
}

fn args(s: &registry::Sentence) -> Vec<(&str, commissaire_messages::Arg<'static>)> {
    s.args
        .iter()
        .map(|(k, v)| (*k, commissaire_messages::arg_of_json(v)))
        .collect()
}

/// Every sentence one sees after a move: the events told to each viewer, a settled turn, each
/// team's brief and the front of the race. Each renders from the catalogue as the engine's
/// English says it (commas aside); the ids seen are kept.
fn render_all_told(
    stage: &dyn registry::DynStage,
    events: &registry::Events,
    seats: u8,
    seen: &mut BTreeSet<String>,
) {
    let mut told = Vec::new();
    told.extend(stage.narrate(events, Viewer::Public));
    for seat in 0..seats {
        told.extend(stage.narrate(events, Viewer::Seat(seat)));
        told.extend(stage.brief(seat));
    }
    let turn = stage.tell_turn(events);
    told.extend(turn.lines);
    told.extend(turn.brief);
    told.extend(stage.notable(events));
    told.extend(stage.situation());
    // What the turn now played is called (the services' count does not change the name's id).
    told.push(stage.turn_name(1));
    // How far the stage's start lies from its line, as /stage tells it.
    told.push(stage.to_line());
    for s in told {
        let text = in_every_language(s.id, &args(&s)).unwrap_or_else(|e| panic!("{e}"));
        if !s.text.is_empty() {
            assert_eq!(text.replace(',', ""), s.text.replace(',', ""), "{}", s.id);
        }
        assert!(!text.contains('{'), "{}: {text}", s.id);
        assert_eq!(sentence(&s), text);
        said_everywhere(&s);
        seen.insert(s.id.to_string());
    }
}

/// Every wording a Velo Master sentence can take (each severity, each reason a condition changes,
/// yes and no, a tie re-roll, a race nobody finishes), told by the engine from events written
/// out, renders from the catalogue as the engine's English says it: a branch the played stages
/// happen to miss is checked too.
#[test]
fn every_velo_master_wording_renders_from_the_catalogue() {
    use serde_json::json;
    let text = std::fs::read_to_string(
        workspace().join("config/courses/velo-master/vm-sprint-de-vic.toml"),
    )
    .unwrap();
    let course = std::sync::Arc::new(
        commissaire_engine::course::parse_course_toml(&text, "vm-sprint-de-vic.toml").unwrap(),
    );
    let riders = (0..2u8)
        .flat_map(|team| {
            (0..2).map(move |i| Entrant {
                id: format!("Rider {team}{i}"),
                team,
                start: None,
                attributes: json!({"role": if i == 0 { "leader" } else { "team-mate" }}),
            })
        })
        .collect();
    let setup = Setup {
        course,
        teams: vec!["Verts".into(), "Roses".into()],
        riders,
        options: serde_json::Value::Null,
        dice: Vec::new(),
    };
    let stage = registry::start("velo-master", &setup, 1).unwrap();
    let roll = |sides: u8, face: u8| json!({"sides": sides, "face": face});
    let mut events = vec![
        json!({"kind": "order_roll", "seat": 0, "roll": roll(20, 7), "round": 0}),
        json!({"kind": "order_roll", "seat": 1, "roll": roll(20, 7), "round": 1}),
        // A neutral rider's crash under `neutral_crash_skips_player` (A-10).
        json!({"kind": "slot_skipped", "seat": 1, "clock": 12}),
        json!({"kind": "stepped", "rider": 0, "from": null, "to": 3, "step": "forward"}),
        json!({"kind": "stepped", "rider": 0, "from": 3, "to": 6, "step": "diagonal", "extra": true}),
        json!({"kind": "attack_rolled", "rider": 1, "rolls": [roll(6, 4), roll(6, 6)]}),
    ];
    for severity in ["abandon", "serious", "injury", "scratch", "unhurt"] {
        events.push(
            json!({"kind": "severity", "rider": 0, "roll": roll(20, 3), "severity": severity}),
        );
    }
    for why in [
        "motivated",
        "doped",
        "ones",
        "power_roll",
        "team_mates_in_line",
        "stage_win",
        "jersey",
        "attack",
        "missed_feed",
        "crash",
        "failed_power_roll",
    ] {
        for change in [5, -10] {
            events.push(
                json!({"kind": "condition", "rider": 1, "change": change, "now": 85, "why": why}),
            );
        }
    }
    for yes in [true, false] {
        // Each rider tested: the winner, one the d20 drew, one of few finishers all tested, and
        // one of a log kept before the place was.
        for (place, drawn) in [(1, false), (7, true), (3, false), (0, false)] {
            events.push(
                json!({"kind": "tested", "rider": 0, "condition": 120, "excluded": yes,
                "place": place, "drawn": drawn}),
            );
            events.push(json!({"kind": "fed", "rider": 0, "zone": 1}));
        }
        events.push(json!({"kind": "power_roll", "rider": 0, "roll": roll(6, 2), "slope": 7, "success": yes}));
        events.push(
            json!({"kind": "skill_roll", "rider": 0, "cell": 4, "roll": roll(6, 1), "crash": yes}),
        );
        // Each skill roll told by its own name: squeeze, speed, braking, collective crash.
        for why in [
            json!("danger"),
            json!("squeeze"),
            json!("speed"),
            json!("braking"),
            json!({"collective": {"fallen": 1}}),
        ] {
            events.push(json!({"kind": "skill_roll", "rider": 0, "cell": 4,
                "roll": roll(20, 2), "crash": yes, "why": why}));
        }
        events.push(json!({"kind": "vote", "rider": 3, "yes": yes}));
        for (votes, needed) in [(0, 1), (1, 1), (2, 3)] {
            events.push(
                json!({"kind": "acceleration_voted", "yes": votes, "needed": needed,
                "go": yes}),
            );
        }
    }
    // A colour shared by two players (VM-018, A-11): the roll-off, who directs what, the roll
    // handed over.
    events.push(
        json!({"kind": "roll_off", "colour": 0, "rolls": [[0, roll(20, 9)], [1, roll(20, 14)]]}),
    );
    events.push(json!({"kind": "colour_shared", "colour": 0, "leader_director": 1, "outsider": 0}));
    events.push(json!({"kind": "roll_handed_over", "from": 1, "to": 0}));
    for misses in [0, 1, 2] {
        events.push(json!({"kind": "crashed", "rider": 2, "cell": 4, "misses": misses}));
    }
    let events = stage.events_from_json(&events).unwrap();
    let mut seen = BTreeSet::new();
    render_all_told(stage.as_ref(), &events, 2, &mut seen);
    // The end of the race, each told on its own: nothing is told after it.
    for over in [
        json!({"kind": "race_over", "order": []}),
        json!({"kind": "race_over", "order": [[2, 95]], "winner": 2}),
    ] {
        let events = stage.events_from_json(&[over]).unwrap();
        render_all_told(stage.as_ref(), &events, 2, &mut seen);
    }
    // Refusals no player meets: a scripted die face the die cannot show (scenarios only), and
    // a race where nobody is to play while it is not over.
    let reason = json!("a d20 shows 1 to 20, not 21");
    for (id, args) in [
        ("vm-refusal-nobody", vec![]),
        (
            "vm-option-hand-over",
            vec![("team", commissaire_messages::arg_of_json(&json!("Roses")))],
        ),
        (
            "vm-refusal-scripted-face",
            vec![("reason", commissaire_messages::arg_of_json(&reason))],
        ),
    ] {
        let text = in_every_language(id, &args).unwrap_or_else(|e| panic!("{e}"));
        assert!(!text.is_empty());
        seen.insert(id.to_string());
    }
    for id in VELO_MASTER_RARE {
        assert!(seen.contains(*id), "{id} renders");
    }
}

/// Velo Master ids no bot stage here reaches, and why.
const VELO_MASTER_RARE: &[&str] = &[
    // Refusals of a scripted die face (scenarios only), and of a race where nobody is to play.
    "vm-refusal-scripted-face",
    "vm-refusal-nobody",
    // Only when every rider abandons before the line (its wording is checked from an event
    // written out, in every_velo_master_wording_renders_from_the_catalogue).
    "vm-race-over-nobody",
    // A colour shared by two players needs five players, one entering no leader of its own
    // (engine/tests/velo_master_shared.rs plays them); the wordings are checked from events
    // written out, as above.
    "vm-roll-off",
    "vm-colour-shared",
    "vm-roll-handed-over",
    // A collective crash needs a fall with a rider right behind (Pro); a slot passed for a
    // neutral rider's crash needs the option `neutral_crash_skips_player`. Both wordings are
    // checked from events written out, as above; engine/tests/velo_master_expert.rs plays the
    // collective crash.
    "vm-skill-roll-collective",
    "vm-slot-skipped",
    // The outsider's option that hands the slot to the leader's director (A-11), with a shared
    // colour only: rendered from written arguments, as above.
    "vm-option-hand-over",
];

/// Plays whole Velo Master stages with bots, at Débutant and at Expert, on a shipped course, and
/// renders every sentence narrated to every viewer from the catalogue.
#[test]
fn every_velo_master_sentence_of_played_stages_renders_from_the_catalogue() {
    let teams = ["Verts", "Roses", "Bleus"];
    let mut seen = BTreeSet::new();
    // A step to a cell no course has, beside the keys met in play.
    let mut keys: BTreeSet<String> = BTreeSet::from(["m:65000".to_string()]);
    // Débutant: a leader and one team-mate a team; Expert and Pro: a leader and three. Pro
    // brings the condition, attacks and the doping control; the Col des Trois Cols a feed zone.
    let levels = [
        (serde_json::Value::Null, 2, false),
        // Every rider ridden to the line (A-25): the last roll's brief counts them across.
        (serde_json::json!({"finish_all": true}), 2, false),
        (serde_json::json!({"level": "expert"}), 4, false),
        // Two players at Expert: the third team is the neutral one (its riders shared out).
        (serde_json::json!({"level": "expert"}), 4, true),
        (
            serde_json::json!({"level": "pro", "team_classification": false}),
            4,
            false,
        ),
    ];
    for file in ["vm-sprint-de-vic.toml", "vm-col-des-trois-cols.toml"] {
        let text =
            std::fs::read_to_string(workspace().join("config/courses/velo-master").join(file))
                .unwrap();
        let course = std::sync::Arc::new(
            commissaire_engine::course::parse_course_toml(&text, file).unwrap(),
        );
        for ((options, team_size, neutral), seed) in
            levels.iter().flat_map(|l| (1..=3u64).map(move |s| (l, s)))
        {
            let (team_size, neutral) = (*team_size, *neutral);
            let riders = (0..teams.len())
                .flat_map(|team| {
                    (0..team_size).map(move |i| Entrant {
                        id: format!("{} {}", teams[team], i + 1),
                        team: team as u8,
                        start: None,
                        attributes: serde_json::json!({
                            "role": match (neutral && team == 2, i) {
                                (true, _) => "neutral",
                                (false, 0) => "leader",
                                (false, _) => "team-mate",
                            }
                        }),
                    })
                })
                .collect();
            let setup = Setup {
                course: course.clone(),
                teams: teams.iter().map(|t| t.to_string()).collect(),
                riders,
                options: options.clone(),
                dice: Vec::new(),
            };
            let mut stage = registry::start("velo-master", &setup, seed).unwrap();
            let mut guard = 0;
            while !stage.is_over() {
                guard += 1;
                assert!(guard < 20_000, "the stage never ended");
                let seat = stage.waiting_on()[0].0;
                options_say_their_labels(stage.as_ref(), &mut seen);
                // Now and then every key met so far, tried on a copy by each seat: the
                // refusals players could meet, each rendered.
                for p in stage.pending() {
                    keys.extend(p.options.iter().map(|o| o.key.to_string()));
                }
                if guard % 7 == 0 {
                    for probe_seat in 0..teams.len() as u8 {
                        for key in &keys {
                            let mut probe = stage.clone_box();
                            if let Err(registry::ChoiceError::Illegal { reason, .. }) =
                                probe.apply(probe_seat, key)
                            {
                                seen.insert(render_refusal(&reason));
                            }
                        }
                    }
                }
                let (_, events) = stage.play_bot(seat).unwrap().expect("a bot move");
                render_all_told(stage.as_ref(), &events, teams.len() as u8, &mut seen);
            }
            if let Some(key) = keys.iter().next()
                && let Err(registry::ChoiceError::Illegal { reason, .. }) = stage.apply(0, key)
            {
                seen.insert(render_refusal(&reason));
            }
        }
    }
    let narrated: BTreeSet<String> = ids_used()
        .into_iter()
        // Its classifications' titles are the tour's words, rendered by the standings tests.
        .filter(|(_, file)| {
            file.starts_with("engine/src/games/velo_master/")
                && file != "engine/src/games/velo_master/classify.rs"
        })
        .map(|(id, _)| id)
        // Classification titles are the standings' to tell (the tours' tests render them).
        // Riders' default names are the roster's, worded as a tour starts (tested below).
        .filter(|id| {
            !VELO_MASTER_RARE.contains(&id.as_str())
                && !word_ids().contains(id)
                && !id.starts_with("classification-")
                && !id.starts_with("vm-roster-")
        })
        .collect();
    assert!(
        narrated.len() > 30,
        "the scan found {} vm ids",
        narrated.len()
    );
    let missing: Vec<&String> = narrated.difference(&seen).collect();
    assert!(
        missing.is_empty(),
        "Velo Master ids no played stage narrated: {missing:?}"
    );
}

/// A team's name ending in s ("Les Grimpettes") reads well wherever a message names a team: no possessive "'s" after a name ("Les Grimpettes's choices"), which the catalogue
/// writes "the … of" instead.
#[test]
fn no_message_puts_a_possessive_after_a_team_or_rider_name() {
    use commissaire_messages::Arg;
    let name = "Les Grimpettes";
    let mut wrong = Vec::new();
    for id in ENGLISH.ids() {
        let vars = ENGLISH.variables(id).unwrap();
        // A rider's name ends in its role ("Les Grimpettes Rouleur"): teams are what end in s.
        if !vars.contains("team") || vars.contains("rider") {
            continue;
        }
        let args: Vec<(&str, Arg)> = vars
            .iter()
            .map(|v| match v.as_str() {
                "team" | "teams" | "rider" => (v.as_str(), Arg::from(name)),
                other => (other, Arg::from(2u32)),
            })
            .collect();
        for medium in [Medium::Discord, Medium::Terminal] {
            if let Ok(text) = ENGLISH.try_format(medium, id, &args)
                && text.contains(&format!("{name}'s"))
            {
                wrong.push(format!("{id}: {text}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// The ids of every game's words for the services (`registry::Words`): messages the services
/// word, not narration.
fn word_ids() -> BTreeSet<String> {
    registry::RULESETS
        .iter()
        .flat_map(|r| {
            let w = r.words;
            [
                w.hand_button,
                w.call_to_directors,
                w.nothing_to_choose,
                w.settled,
                w.deadline,
            ]
        })
        .map(|w| w.0.to_string())
        .collect()
}

/// Every game's words render with the arguments the services give them.
#[test]
fn every_games_words_render_with_the_services_arguments() {
    use commissaire_messages::Arg;
    for r in registry::RULESETS {
        let w = r.words;
        let deadline: Vec<(&str, Arg)> = match w.deadlines {
            registry::Deadlines::PerRound => vec![("round", Arg::from("1 hour"))],
            registry::Deadlines::PerDecision => vec![
                ("decision", Arg::from("15 minutes")),
                ("round", Arg::from("1 hour")),
            ],
            registry::Deadlines::PerDecisionWithAnswers => vec![
                ("decision", Arg::from("15 minutes")),
                ("round", Arg::from("1 hour")),
                ("answer", Arg::from("3 minutes")),
            ],
        };
        let settled = vec![("stage", Arg::from(1u32)), ("turn", Arg::from("round 5"))];
        for (word, args) in [
            (w.hand_button, vec![]),
            (w.call_to_directors, vec![]),
            (w.nothing_to_choose, vec![]),
            (w.settled, settled),
            (w.deadline, deadline),
        ] {
            let text = in_every_language(word.0, &args).unwrap_or_else(|e| panic!("{}: {e}", r.id));
            assert!(!text.is_empty(), "{}: {}", r.id, word.0);
            // A dice game has no cards, in any language.
            if r.id == "velo-master" {
                assert!(!text.to_lowercase().contains("card"), "{}: {text}", word.0);
                for (catalogue, card) in [(&*FRENCH, "carte"), (&*DUTCH, "kaart")] {
                    let theirs = catalogue
                        .try_format(Medium::Discord, word.0, &args)
                        .unwrap();
                    assert!(
                        !theirs.to_lowercase().contains(card),
                        "{}: {theirs}",
                        word.0
                    );
                }
            }
        }
    }
}

/// Issue 22, item 17: a terminal is never shown Discord's Markdown. Every message, worded for
/// a terminal, has no bold (`**`) nor underline (`__`) left, whatever its arguments.
#[test]
fn no_message_worded_for_a_terminal_shows_markdown() {
    use commissaire_messages::Arg;
    let mut shown = Vec::new();
    for id in ENGLISH.ids() {
        let vars: Vec<String> = ENGLISH.variables(id).unwrap().iter().cloned().collect();
        for value in [Arg::from("x"), Arg::from(1u32), Arg::from(2u32)] {
            let args: Vec<(&str, Arg)> = vars.iter().map(|v| (v.as_str(), value.clone())).collect();
            let text = ENGLISH.format(Medium::Terminal, id, &args);
            if text.contains("**") || text.contains("__") {
                shown.push(format!("{id}: {text}"));
            }
        }
    }
    assert!(
        shown.is_empty(),
        "Markdown in a terminal:\n{}",
        shown.join("\n")
    );
    let bold = ENGLISH.format(
        Medium::Discord,
        "news-stage-starts",
        &[("title", Arg::from("Stage 2/7"))],
    );
    assert_eq!(bold, "**Stage 2/7** starts.");
    let plain = ENGLISH.format(
        Medium::Terminal,
        "news-stage-starts",
        &[("title", Arg::from("Stage 2/7"))],
    );
    assert_eq!(plain, "Stage 2/7 starts.");
}

/// One event of every kind the card race can emit, written as the store keeps them.
fn every_card_race_event() -> Vec<serde_json::Value> {
    use serde_json::json;
    let at = |row: u16, lane: u8| json!({"row": row, "lane": lane});
    vec![
        json!({"event": "round_started", "round": 3}),
        json!({"event": "hand_drawn", "rider": 0, "cards": [2, 5, "E", 9]}),
        json!({"event": "deck_reshuffled", "rider": 1}),
        json!({"event": "card_chosen", "rider": 0}),
        json!({"event": "cards_revealed", "cards": [[0, 5], [1, "E"]]}),
        json!({"event": "moved", "rider": 0, "card": 5, "from": at(4, 0), "to": at(9, 0), "distance": 5, "blocked": 0}),
        json!({"event": "moved", "rider": 1, "card": "E", "from": at(4, 1), "to": at(5, 1), "distance": 2, "blocked": 1}),
        json!({"event": "slipstream", "rider": 1, "from": at(5, 1), "to": at(8, 1)}),
        json!({"event": "exhaustion_taken", "rider": 0}),
        json!({"event": "crossed", "rider": 0, "round": 3}),
        json!({"event": "quit", "rider": 1}),
        json!({"event": "bid_shown", "rider": 0, "step": 1, "card": 6, "total": 6}),
        json!({"event": "breakaway_placed", "rider": 0, "to": at(12, 0), "bid": 11}),
        json!({"event": "gruppetto_moved", "from": 3, "to": 9, "distance": 6, "die": 5}),
        json!({"event": "gruppetto_slipstream", "from": 9, "to": 10}),
        json!({"event": "gruppetto_swapped", "rider": 1, "row": 30}),
        json!({"event": "gruppetto_swept", "riders": [1]}),
        json!({"event": "stage_over", "order": [0, 1]}),
        json!({"event": "dice_rolled", "rolls": [{"sides": 4, "face": 2}, {"sides": 6, "face": 6, "given": true}]}),
        json!({"event": "wind_drawn", "wind": "cross_from_left", "face": 2}),
        json!({"event": "weather_rolled", "round": 2, "face": 6, "level": 5}),
        json!({"event": "exhaustion_dealt", "rider": 0, "cards": 2, "exposure": "headwind", "heat": true, "on_top": false}),
        json!({"event": "crashed", "rider": 1, "row": 14, "set_back": 2}),
        json!({"event": "puncture_checked", "rider": 0, "card": "E", "punctured": true}),
        json!({"event": "puncture_slowed", "rider": 0, "rows": 2}),
        json!({"event": "sky_drawn", "weather": "heatwave", "roll": 12, "forecast": "sunny", "forecast_roll": 9}),
        json!({"event": "sky_drawn", "weather": "fog", "forecast": "storm", "forecast_roll": 3}),
        json!({"event": "token_turned", "row": 20, "token": "rain"}),
        json!({"event": "heat_exhaustion", "round": 4, "riders": [0, 1]}),
        json!({"event": "exhaustion_on_top", "rider": 1}),
        json!({"event": "time_trial_start", "round": 1, "riders": [0]}),
        json!({"event": "highest_card_tired", "rider": 0, "cards": 1}),
        json!({"event": "fictive_start_grid", "exposed": [0, 1]}),
        json!({"event": "past_start_line", "rider": 1, "rows": 3, "cards": 3, "on_top": false}),
        json!({"event": "attack_turned", "rider": 0, "card": 7, "left": 2}),
        json!({"event": "attack_empty", "rider": 1}),
        json!({"event": "musette_taken", "rider": 0, "held": 1}),
        json!({"event": "musette_opened", "rider": 0, "cards": [3, 4], "held": 0}),
        json!({"event": "steep_gamble", "rider": 1, "card": "E", "crashed": true}),
    ]
}

/// The kind of a card-race event. Without a catch-all arm: a new kind fails to compile here
/// until it is named, and then the test below asks for one of it.
fn card_race_kind(e: &commissaire_engine::games::card_race::Event) -> &'static str {
    use commissaire_engine::games::card_race::Event::*;
    match e {
        RoundStarted { .. } => "round_started",
        HandDrawn { .. } => "hand_drawn",
        DeckReshuffled { .. } => "deck_reshuffled",
        CardChosen { .. } => "card_chosen",
        CardsRevealed { .. } => "cards_revealed",
        Moved { .. } => "moved",
        Slipstream { .. } => "slipstream",
        ExhaustionTaken { .. } => "exhaustion_taken",
        Crossed { .. } => "crossed",
        Quit { .. } => "quit",
        BidShown { .. } => "bid_shown",
        BreakawayPlaced { .. } => "breakaway_placed",
        GruppettoMoved { .. } => "gruppetto_moved",
        GruppettoSlipstream { .. } => "gruppetto_slipstream",
        GruppettoSwapped { .. } => "gruppetto_swapped",
        GruppettoSwept { .. } => "gruppetto_swept",
        StageOver { .. } => "stage_over",
        DiceRolled { .. } => "dice_rolled",
        WindDrawn { .. } => "wind_drawn",
        WeatherRolled { .. } => "weather_rolled",
        ExhaustionDealt { .. } => "exhaustion_dealt",
        Crashed { .. } => "crashed",
        PunctureChecked { .. } => "puncture_checked",
        PunctureSlowed { .. } => "puncture_slowed",
        SkyDrawn { .. } => "sky_drawn",
        TokenTurned { .. } => "token_turned",
        HeatExhaustion { .. } => "heat_exhaustion",
        ExhaustionOnTop { .. } => "exhaustion_on_top",
        TimeTrialStart { .. } => "time_trial_start",
        HighestCardTired { .. } => "highest_card_tired",
        FictiveStartGrid { .. } => "fictive_start_grid",
        PastStartLine { .. } => "past_start_line",
        AttackTurned { .. } => "attack_turned",
        AttackEmpty { .. } => "attack_empty",
        MusetteTaken { .. } => "musette_taken",
        MusetteOpened { .. } => "musette_opened",
        SteepGamble { .. } => "steep_gamble",
    }
}

/// Issue 22, item 18: every kind of event the card race emits is told in the catalogue's words,
/// to the channel and to the team that alone sees it, and no sentence reads as its message id
/// and arguments ("card-race-tt-highest rider=C cards=1", "card-race-heat {...}").
#[test]
fn every_kind_of_card_race_event_is_told_in_words_never_as_its_id() {
    use commissaire_engine::games::card_race::{Event, RiderKind};
    let course = std::sync::Arc::new(
        commissaire_engine::course::CourseSpec {
            tiles: Some("abcdefu".into()),
            ..Default::default()
        }
        .build()
        .unwrap(),
    );
    let rider = |id: &str, team| Entrant {
        id: id.into(),
        team,
        start: None,
        attributes: card_race_attributes(RiderKind::Rouleur, 0),
    };
    let setup = Setup {
        course,
        teams: vec!["Blue".into(), "Red".into()],
        riders: vec![rider("Blue Rouleur", 0), rider("Red Rouleur", 1)],
        options: serde_json::Value::Null,
        dice: Vec::new(),
    };
    let stage = registry::start("card-race", &setup, 1).unwrap();
    let written = every_card_race_event();
    let kinds: BTreeSet<&str> = written
        .iter()
        .map(|e| card_race_kind(&serde_json::from_value::<Event>(e.clone()).unwrap()))
        .collect();
    assert_eq!(kinds.len(), 37, "one event of every kind: {kinds:?}");
    let events = stage.events_from_json(&written).unwrap();
    let mut told = Vec::new();
    for viewer in [Viewer::Public, Viewer::Seat(0), Viewer::Seat(1)] {
        told.extend(stage.narrate(&events, viewer));
    }
    let turn = stage.tell_turn(&events);
    told.extend(turn.lines);
    told.extend(turn.brief);
    assert!(told.len() > 30, "{told:?}");
    for s in told {
        for medium in [Medium::Discord, Medium::Terminal] {
            let text = ENGLISH
                .try_format(medium, s.id, &args(&s))
                .unwrap_or_else(|e| panic!("{e}"));
            let raw = text.is_empty()
                || text.starts_with(s.id)
                || text.contains(" {\"")
                || text.contains('=')
                || text.contains("{ $");
            assert!(!raw, "{}: {text:?}", s.id);
        }
    }
}

/// Every Maillot Jaune sentence renders from the catalogue as the engine's English says it, in
/// French and Dutch too: the stages its bots ride on every shipped course at both rule levels,
/// the refusals players can meet, and events written out for what bots never do (a pact, a
/// help, a lost turn, an abandon, a stage nobody finishes).
#[test]
fn every_maillot_jaune_sentence_renders_from_the_catalogue() {
    use serde_json::json;
    let teams = ["Jaunes", "Verts"];
    let mut seen = BTreeSet::new();
    // Besides the options seen, keys a player may type: too long a risky escape, a cell off the
    // road, distances and escapes past what the stars and the dial allow.
    let mut keys: BTreeSet<String> = ["e:0:5", "m:200:0", "r:0", "r:4", "e:0", "e:11"]
        .into_iter()
        .map(String::from)
        .chain((1..=10).map(|n| format!("e:{n}")))
        .chain((1..=3).map(|n| format!("r:{n}")))
        .collect();
    let mut last = None;
    for file in ["mj-etape-1.toml", "mj-etape-2.toml", "mj-etape-3.toml"] {
        let text =
            std::fs::read_to_string(workspace().join("config/courses/maillot-jaune").join(file))
                .unwrap();
        let course = std::sync::Arc::new(
            commissaire_engine::course::parse_course_toml(&text, file).unwrap(),
        );
        for options in [json!({"level": "complementary"}), json!({"level": "basic"})] {
            let riders = (0..6)
                .map(|i| Entrant {
                    id: format!("{} {}", teams[i % 2], i / 2 + 1),
                    team: (i % 2) as u8,
                    start: None,
                    attributes: json!({}),
                })
                .collect();
            let setup = Setup {
                course: course.clone(),
                teams: teams.iter().map(|t| t.to_string()).collect(),
                riders,
                options,
                dice: Vec::new(),
            };
            let mut stage = registry::start("maillot-jaune", &setup, 5).unwrap();
            let opening = stage.opening();
            render_all_told(stage.as_ref(), &opening, 2, &mut seen);
            let mut guard = 0;
            while !stage.is_over() {
                guard += 1;
                assert!(guard < 5_000, "the stage never ended");
                let seat = stage.waiting_on()[0].0;
                options_say_their_labels(stage.as_ref(), &mut seen);
                for p in stage.pending() {
                    keys.extend(p.options.iter().map(|o| o.key.to_string()));
                }
                if guard % 11 == 0 {
                    whole_say_their_labels(stage.as_ref(), &mut seen);
                    for probe_seat in 0..2 {
                        for key in &keys {
                            let mut probe = stage.clone_box();
                            if let Err(registry::ChoiceError::Illegal { reason, .. }) =
                                probe.apply(probe_seat, key)
                            {
                                seen.insert(render_refusal(&reason));
                            }
                        }
                    }
                }
                let (_, events) = stage.play_bot(seat).unwrap().expect("a bot move");
                render_all_told(stage.as_ref(), &events, 2, &mut seen);
            }
            last = Some(stage);
        }
    }
    // What bots never do, written out and told by the last stage.
    let stage = last.unwrap();
    let pos = json!({"row": 3, "lane": 1});
    let written = vec![
        json!({"event": "rolled", "rider": 0, "pair": {"a": 3, "b": 3}, "cells": 2,
            "price": {"kind": "puncture"}, "why": "risky",
            "dice": [{"sides": 6, "face": 3}, {"sides": 6, "face": 3}]}),
        json!({"event": "rolled", "rider": 0, "pair": {"a": 1, "b": 2}, "cells": 1,
            "price": {"kind": "cost", "units": 3}, "why": "aspiration",
            "dice": [{"sides": 6, "face": 1, "given": true}, {"sides": 6, "face": 2, "given": true}]}),
        json!({"event": "paid", "rider": 0, "why": "aspiration", "energy": 1, "form": 0,
            "energy_left": 5, "form_left": 20}),
        json!({"event": "paid", "rider": 0, "why": "safe", "energy": 2, "form": 0,
            "energy_left": 3, "form_left": 20}),
        json!({"event": "paid", "rider": 0, "why": "risky", "energy": 1, "form": 2,
            "energy_left": 0, "form_left": 18}),
        json!({"event": "stayed", "rider": 1}),
        json!({"event": "punctured", "rider": 0, "at": pos}),
        json!({"event": "lost_turn", "rider": 0}),
        json!({"event": "pulled_up", "rider": 1, "by": 0, "to": pos}),
        json!({"event": "skipped", "rider": 0}),
        json!({"event": "pact_asked", "rider": 0, "partner": 1}),
        json!({"event": "pact_answered", "rider": 0, "partner": 1, "yes": true}),
        json!({"event": "pact_answered", "rider": 0, "partner": 1, "yes": false}),
        json!({"event": "pact_failed", "rider": 0, "partner": 1}),
        json!({"event": "helped", "helper": 1, "rider": 0}),
        json!({"event": "abandoned", "rider": 0}),
        json!({"event": "first_drawn", "rider": 1, "roll": {"sides": 2, "face": 2}}),
        json!({"event": "stage_over", "winner": null}),
    ];
    let events = stage.events_from_json(&written).unwrap();
    render_all_told(stage.as_ref(), &events, 2, &mut seen);
    // The options of a pact and a help, and the refusals, as a scripted stage meets them.
    let text =
        std::fs::read_to_string(workspace().join("config/courses/maillot-jaune/mj-etape-1.toml"))
            .unwrap();
    let course =
        std::sync::Arc::new(commissaire_engine::course::parse_course_toml(&text, "s1").unwrap());
    let rider = |id: &str, team: u8, row: u16, lane: u8, energy: u8| Entrant {
        id: id.into(),
        team,
        start: Some(commissaire_engine::course::Pos::new(row, lane)),
        attributes: json!({"card": id, "energy": energy}),
    };
    let setup = Setup {
        course,
        teams: teams.iter().map(|t| t.to_string()).collect(),
        riders: vec![
            rider("PTT", 0, 18, 0, 6),
            rider("Vandamme", 1, 17, 0, 6),
            rider("Renault", 1, 18, 1, 0),
        ],
        options: serde_json::Value::Null,
        dice: vec![3, 3],
    };
    let mut stage = registry::start("maillot-jaune", &setup, 1).unwrap();
    options_say_their_labels(stage.as_ref(), &mut seen);
    if let Err(registry::ChoiceError::Illegal { reason, .. }) = stage.apply(0, "e:1:5") {
        seen.insert(render_refusal(&reason));
    }
    stage.apply(0, "p:2").unwrap();
    options_say_their_labels(stage.as_ref(), &mut seen);
    if let Err(registry::ChoiceError::Illegal { reason, .. }) = stage.apply(0, "y") {
        seen.insert(render_refusal(&reason));
    }
    stage.apply(1, "y").unwrap();
    stage.apply(0, "e:1:0").unwrap();
    options_say_their_labels(stage.as_ref(), &mut seen);
    whole_say_their_labels(stage.as_ref(), &mut seen);
    let events = stage.apply(0, "m:22:0").unwrap();
    render_all_told(stage.as_ref(), &events, 2, &mut seen);
    options_say_their_labels(stage.as_ref(), &mut seen);
    let mut probe = stage.clone_box();
    if let Err(registry::ChoiceError::Illegal { reason, .. }) = probe.apply(1, "e:1:0") {
        seen.insert(render_refusal(&reason));
    }
    // Renault punctures on his risky cell: the pact fails.
    stage.apply(1, "e:0:1").unwrap();
    let events = stage.apply(1, "m:22:1").unwrap();
    render_all_told(stage.as_ref(), &events, 2, &mut seen);
    // A rider ends beside a punctured one and may help.
    let setup = Setup {
        riders: vec![rider("Vandamme", 0, 5, 1, 6), rider("Renault", 1, 4, 3, 6)],
        dice: vec![3, 3],
        ..setup
    };
    let mut stage = registry::start("maillot-jaune", &setup, 1).unwrap();
    stage.apply(0, "e:0:1").unwrap();
    stage.apply(0, "m:7:1").unwrap();
    stage.apply(1, "m:6:2").unwrap();
    let mut guard = 0;
    while !stage.is_over() && guard < 50 {
        guard += 1;
        options_say_their_labels(stage.as_ref(), &mut seen);
        let seat = stage.waiting_on()[0].0;
        let (_, events) = stage.play_bot(seat).unwrap().expect("a bot move");
        render_all_told(stage.as_ref(), &events, 2, &mut seen);
    }
    // G-09's other reading: B crosses after A but further past the line, and is placed first.
    let card = |name: &str| json!({"name": name, "flat": 3, "climb": 3, "descent": 3});
    let setup = Setup {
        riders: vec![rider("A", 0, 27, 0, 6), rider("B", 1, 26, 1, 6)],
        options: json!({"finish_winner": "furthest_past_line", "riders": [card("A"), card("B")]}),
        dice: Vec::new(),
        ..setup
    };
    let mut stage = registry::start("maillot-jaune", &setup, 1).unwrap();
    for (seat, key) in [(0, "m:29:0"), (1, "e:1:0"), (1, "m:30:1")] {
        let events = stage.apply(seat, key).unwrap();
        render_all_told(stage.as_ref(), &events, 2, &mut seen);
    }
    // The tour's classification title, as the standings word it.
    let title = in_every_language("classification-maillot-jaune", &[]).unwrap();
    assert_eq!(title, "Maillot Jaune (time)");
    seen.insert("classification-maillot-jaune".to_string());
    let narrated: BTreeSet<String> = ids_used()
        .into_iter()
        .filter(|(_, file)| file.starts_with("engine/src/games/maillot_jaune/"))
        .map(|(id, _)| id)
        .filter(|id| !word_ids().contains(id))
        .collect();
    assert!(
        narrated.len() > 30,
        "the scan found {} mj ids",
        narrated.len()
    );
    let missing: Vec<&String> = narrated.difference(&seen).collect();
    assert!(
        missing.is_empty(),
        "Maillot Jaune ids never rendered: {missing:?}"
    );
}

/// The messages of some Fluent files (a language's), parsed.
fn parsed(files: &[(&str, &'static str)]) -> Vec<fluent_syntax::ast::Resource<&'static str>> {
    files
        .iter()
        .map(|(name, source)| {
            fluent_syntax::parser::parse(*source).unwrap_or_else(|(_, e)| panic!("{name}: {e:?}"))
        })
        .collect()
}

/// Every pattern of a message: its value and its attributes (`.terminal`).
fn message_patterns<'a>(
    m: &'a fluent_syntax::ast::Message<&'static str>,
) -> impl Iterator<Item = &'a fluent_syntax::ast::Pattern<&'static str>> {
    m.value.iter().chain(m.attributes.iter().map(|a| &a.value))
}

/// Every text a message writes as it is (not its placeables), in every variant of every
/// selector, each piece alone.
fn written_texts(p: &fluent_syntax::ast::Pattern<&'static str>, out: &mut Vec<String>) {
    use fluent_syntax::ast::{Expression, PatternElement};
    for e in &p.elements {
        match e {
            PatternElement::TextElement { value } => out.push(value.to_string()),
            PatternElement::Placeable {
                expression: Expression::Select { variants, .. },
            } => {
                for v in variants {
                    written_texts(&v.value, out);
                }
            }
            PatternElement::Placeable { .. } => {}
        }
    }
}

/// The slash commands written out by hand in some Fluent files, `names` being every command's
/// name in every language: a `/` that is no part of a path or a mention, then a name.
fn hand_written_commands(files: &[(&str, &'static str)], names: &BTreeSet<String>) -> Vec<String> {
    let alternatives: Vec<String> = names.iter().map(|n| regex::escape(n)).collect();
    let written = Regex::new(&format!(
        r"(?:^|[^\w/<:.\-])/(?:{})(?:$|[^\w\-])",
        alternatives.join("|")
    ))
    .unwrap();
    let mut found = Vec::new();
    for resource in parsed(files) {
        for entry in &resource.body {
            let fluent_syntax::ast::Entry::Message(m) = entry else {
                continue;
            };
            let mut texts = Vec::new();
            for p in message_patterns(m) {
                written_texts(p, &mut texts);
            }
            for t in texts {
                if written.is_match(&t) {
                    found.push(format!("{}: {}", m.id.name, t.trim()));
                }
            }
        }
    }
    found
}

/// Every slash command's name (the top commands: `tour`, `jouer`, `automatische-piloot`) in
/// every language, as `commands.ftl` gives them to Discord.
fn command_names() -> BTreeSet<String> {
    let top = Regex::new(r"^cmd-[a-z_]+$").unwrap();
    let mut names = BTreeSet::new();
    for language in Language::ALL {
        let catalogue = language.catalogue();
        for id in catalogue.ids().filter(|id| top.is_match(id)) {
            names.insert(catalogue.format(Medium::Discord, id, &[]));
        }
    }
    names
}

/// Issue 32, item 9: a sentence names a command through an argument, which Discord's adapter
/// fills with the command's mention (each member reads it in their own language) and the
/// terminal with its words: no message writes `/play` or `/tour create` by hand, in any language.
#[test]
fn no_sentence_writes_a_slash_command_by_hand() {
    let names = command_names();
    assert!(
        ["play", "jouer", "spelen", "tour", "pilote-auto", "beheer"]
            .iter()
            .all(|n| names.contains(*n)),
        "{names:?}"
    );
    let mut found = Vec::new();
    for (language, files) in [
        (Language::En, commissaire_messages::FILES),
        (Language::Fr, commissaire_messages::FILES_FR),
        (Language::Nl, commissaire_messages::FILES_NL),
    ] {
        found.extend(
            hand_written_commands(files, &names)
                .into_iter()
                .map(|f| format!("{language}: {f}")),
        );
    }
    assert!(found.is_empty(), "commands written by hand: {found:#?}");
}

/// The check above sees a command written in any language, and nothing else: not a mention,
/// an argument, a path, a fraction or a comment.
#[test]
fn the_hand_written_command_check_bites() {
    let names = command_names();
    let source = "\
# A comment may say /play.
by-hand = Choose with the button below or /play.
french = Choisissez avec /jouer.
sub = an admin creates one with /tour create
selected = { $n ->
        [one] see /standings
       *[other] see { $standings }
    }
attribute = { $play }
    .terminal = type /hand
argument = Choose with the button below or { $play }.
mention = Choose with </play:1234>.
fraction = energy { $energy }/6, form { $form }/20
path = copy config/tours/week.toml
plural = the /tours folder
";
    let found = hand_written_commands(&[("a.ftl", source)], &names);
    let ids: Vec<&str> = found.iter().map(|f| f.split(':').next().unwrap()).collect();
    assert_eq!(
        ids,
        ["by-hand", "french", "sub", "selected", "attribute"],
        "{found:#?}"
    );
}

/// A variable a message writes as it is (`{ $stars }`), the text right after it, and whether it
/// stands inside a selector on that same variable (a plural's variant, which words its noun).
struct Placed {
    var: String,
    after: String,
    selected: bool,
}

/// Plural categories, which each language's rules pick from a number.
const PLURAL_CASES: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

/// Every variable a pattern writes out, and the variables it selects a plural on.
fn placed(
    p: &fluent_syntax::ast::Pattern<&'static str>,
    selecting: &mut Vec<String>,
    out: &mut Vec<Placed>,
    plural_on: &mut BTreeSet<String>,
) {
    use fluent_syntax::ast::{Expression, InlineExpression, PatternElement, VariantKey};
    for (i, e) in p.elements.iter().enumerate() {
        let PatternElement::Placeable { expression } = e else {
            continue;
        };
        match expression {
            Expression::Inline(InlineExpression::VariableReference { id }) => {
                let after = match p.elements.get(i + 1) {
                    Some(PatternElement::TextElement { value }) => value.to_string(),
                    _ => String::new(),
                };
                out.push(Placed {
                    var: id.name.to_string(),
                    after,
                    selected: selecting.iter().any(|s| s == id.name),
                });
            }
            Expression::Select { selector, variants } => {
                let on = match selector {
                    InlineExpression::VariableReference { id } => Some(id.name.to_string()),
                    _ => None,
                };
                if let Some(v) = &on {
                    let counts = variants.iter().any(|variant| {
                        matches!(&variant.key, VariantKey::Identifier { name }
                            if PLURAL_CASES.contains(name) && *name != "other")
                    });
                    if counts {
                        plural_on.insert(v.clone());
                    }
                    selecting.push(v.clone());
                }
                for variant in variants {
                    placed(&variant.value, selecting, out, plural_on);
                }
                if on.is_some() {
                    selecting.pop();
                }
            }
            Expression::Inline(_) => {}
        }
    }
}

/// The two words right after a variable, when a space parts them ("stars", "this" in
/// `{ $n } stars this turn`): the noun of a count, or the adjective before it ("new cards").
fn next_words(after: &str) -> Vec<String> {
    if !after.starts_with(char::is_whitespace) {
        return Vec::new();
    }
    after
        .split_whitespace()
        .take(2)
        .map(|w| {
            w.chars()
                .take_while(|c| c.is_alphabetic())
                .collect::<String>()
        })
        .take_while(|w| !w.is_empty())
        .map(|w| w.to_lowercase())
        .collect()
}

/// Whether a word reads as a plural noun (or an adjective agreeing with one) of `language`: the
/// ending its plurals take, and not one of the short words that end so but never vary.
fn looks_plural(language: Language, word: &str) -> bool {
    let n = word.chars().count();
    match language {
        Language::En => {
            n >= 3
                && word.ends_with('s')
                && !word.ends_with("ss")
                && !["was", "has", "its", "this", "thus", "plus"].contains(&word)
        }
        // French words that end in s or x whatever the number: prepositions, adverbs and the
        // nouns that do not vary ("1 pas", "2 pas"; "1 fois").
        Language::Fr => {
            n >= 2
                && (word.ends_with('s') || word.ends_with('x'))
                && ![
                    "dans",
                    "sans",
                    "après",
                    "vers",
                    "pas",
                    "plus",
                    "moins",
                    "sous",
                    "depuis",
                    "chez",
                    "puis",
                    "très",
                    "désormais",
                    "alors",
                    "jamais",
                    "toujours",
                    "mais",
                    "fois",
                    "temps",
                    "prix",
                    "choix",
                    "les",
                    "des",
                    "ces",
                    "ses",
                    "mes",
                    "tes",
                    "vous",
                    "nous",
                    "dehors",
                ]
                .contains(&word)
        }
        Language::Nl => {
            n >= 3
                && (word.ends_with("en") || word.ends_with('s'))
                && ![
                    "tussen", "tegen", "open", "binnen", "boven", "even", "geen", "heen", "zijn",
                    "alleen", "samen", "eens", "pas", "alles", "iets", "niets", "buiten",
                ]
                .contains(&word)
        }
    }
}

/// What a message writes out, and the variables it selects a plural on.
type Writes = (Vec<Placed>, BTreeSet<String>);

/// Counts written without a plural in some languages' Fluent files ("1 stars"): a number
/// argument written as it is and followed by a noun that varies with it. Which arguments are
/// numbers the catalogue does not say; a heuristic tells them: a message's argument is a count
/// when French writes a plural-looking word after it (French verbs never end in -s or -x after
/// a name, English ones do: "Alice rolls"), or when a language selects a plural on it.
fn counts_without_plural(languages: &[(Language, &[(&str, &'static str)])]) -> Vec<String> {
    let mut by_language: Vec<(Language, BTreeMap<String, Writes>)> = Vec::new();
    for (language, files) in languages {
        let mut messages = BTreeMap::new();
        for resource in parsed(files) {
            for entry in &resource.body {
                let fluent_syntax::ast::Entry::Message(m) = entry else {
                    continue;
                };
                let (mut out, mut plural_on) = (Vec::new(), BTreeSet::new());
                for p in message_patterns(m) {
                    placed(p, &mut Vec::new(), &mut out, &mut plural_on);
                }
                messages.insert(m.id.name.to_string(), (out, plural_on));
            }
        }
        by_language.push((*language, messages));
    }
    // A message's counts, by what its French writes and what any language selects on.
    let mut counts: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (language, messages) in &by_language {
        for (id, (out, plural_on)) in messages {
            let entry = counts.entry(id.clone()).or_default();
            entry.extend(plural_on.iter().cloned());
            if *language == Language::Fr {
                entry.extend(
                    out.iter()
                        .filter(|p| {
                            next_words(&p.after)
                                .first()
                                .is_some_and(|w| looks_plural(Language::Fr, w))
                        })
                        .map(|p| p.var.clone()),
                );
            }
        }
    }
    let mut found = Vec::new();
    for (language, messages) in &by_language {
        for (id, (out, _)) in messages {
            for p in out
                .iter()
                .filter(|p| !p.selected && counts[id].contains(&p.var))
            {
                let words = next_words(&p.after);
                if let Some(w) = words.iter().find(|w| looks_plural(*language, w)) {
                    found.push(format!("{language}: {id}: {{ ${} }} {w}", p.var));
                }
            }
        }
    }
    found
}

/// Issue 32, item 11: every count goes through a plural selector where its noun varies, in
/// every language: "1 star this turn", "1 étoile", "1 ster", never "1 stars".
#[test]
fn every_count_chooses_its_plural() {
    let found = counts_without_plural(&[
        (Language::En, commissaire_messages::FILES),
        (Language::Fr, commissaire_messages::FILES_FR),
        (Language::Nl, commissaire_messages::FILES_NL),
    ]);
    assert!(found.is_empty(), "counts without a plural: {found:#?}");
}

/// The check above catches "{ $stars } stars this turn" in each language, and passes the same
/// count through a selector, a name before a verb ("Alice rolls") and an invariant word.
#[test]
fn the_plural_check_bites() {
    let en = "\
mj-brief = { $rider }: { $stars } stars this turn.
fixed = { $rider } rolls { $stars ->
        [one] 1 star
       *[other] { $stars } stars
    }.
rolls = { $rider } rolls { $die }.
";
    let fr = "\
mj-brief = { $rider } : { $stars } étoiles ce tour.
fixed = { $rider } lance { $stars ->
        [one] 1 étoile
       *[other] { $stars } étoiles
    }.
rolls = { $rider } lance { $die } dés.
";
    let nl = "\
mj-brief = { $rider }: { $stars } sterren deze beurt.
fixed = { $rider } gooit { $stars ->
        [one] 1 ster
       *[other] { $stars } sterren
    }.
rolls = { $rider } gooit { $die }.
";
    let found = counts_without_plural(&[
        (Language::En, &[("a.ftl", en)]),
        (Language::Fr, &[("a.ftl", fr)]),
        (Language::Nl, &[("a.ftl", nl)]),
    ]);
    assert_eq!(
        found,
        [
            "en: mj-brief: { $stars } stars",
            "fr: mj-brief: { $stars } étoiles",
            "fr: rolls: { $die } dés",
            "nl: mj-brief: { $stars } sterren",
        ],
        "{found:#?}"
    );
}

/// The `[one]` variants of plural selectors that write the number as a literal `1` rather than
/// the count: French counts 0 as one ("0 étape"), so there a literal would read "1 étape" for 0.
fn literal_ones(files: &[(&str, &'static str)]) -> Vec<String> {
    use fluent_syntax::ast::{Expression, InlineExpression, PatternElement, VariantKey};
    fn walk(
        p: &fluent_syntax::ast::Pattern<&'static str>,
        id: &str,
        literal: &Regex,
        out: &mut Vec<String>,
    ) {
        for e in &p.elements {
            let PatternElement::Placeable {
                expression: Expression::Select { selector, variants },
            } = e
            else {
                continue;
            };
            for v in variants {
                let one = matches!(&v.key, VariantKey::Identifier { name } if *name == "one");
                if one && let InlineExpression::VariableReference { id: var } = selector {
                    let mut texts = Vec::new();
                    written_texts(&v.value, &mut texts);
                    if texts.iter().any(|t| literal.is_match(t)) {
                        out.push(format!(
                            "{id}: ${} [one] {}",
                            var.name,
                            texts.join("").trim()
                        ));
                    }
                }
                walk(&v.value, id, literal, out);
            }
        }
    }
    let literal = Regex::new(r"(?:^|\D)1(?:\D|$)").unwrap();
    let mut found = Vec::new();
    for resource in parsed(files) {
        for entry in &resource.body {
            if let fluent_syntax::ast::Entry::Message(m) = entry {
                for p in message_patterns(m) {
                    walk(p, m.id.name, &literal, &mut found);
                }
            }
        }
    }
    found
}

/// Issue 32, item 11: French says "0 étape" as it says "1 étape", both in the `[one]` case, so
/// its singular writes the count, never a literal 1.
#[test]
fn a_french_singular_writes_its_count() {
    let found = literal_ones(commissaire_messages::FILES_FR);
    assert!(found.is_empty(), "a literal 1 in French: {found:#?}");
    let bites = literal_ones(&[(
        "a.ftl",
        "a = { $n ->\n        [one] 1 étape\n       *[other] { $n } étapes\n    }\n\
         b = { $n ->\n        [one] { $n } étape\n       *[other] { $n } étapes\n    }\n\
         c = { $n ->\n        [0] aucune\n        [one] { $n } étape sur 10\n       *[other] { $n } étapes\n    }\n",
    )]);
    assert_eq!(bites, ["a: $n [one] 1 étape"]);
}

/// Issue 32, item 10: every default name a roster gives (Hulst's riders, Velo Master's roles)
/// renders from the catalogue as the roster's English says it, and in French and Dutch in their
/// own words.
#[test]
fn every_default_rider_name_renders_from_the_catalogue() {
    use commissaire_engine::games::{hulst, velo_master};
    use serde_json::json;
    let mut said = Vec::new();
    said.extend(hulst::game::roster(&[], &json!({})).unwrap());
    let roles = [json!("leader"), json!("team-mate"), json!("team-mate")];
    said.extend(velo_master::game::roster(&roles, &json!({"level": "expert"})).unwrap());
    let mut names = BTreeMap::new();
    for r in said {
        let s = r.said.expect("a default name is a sentence");
        said_everywhere(&s);
        assert_eq!(speaking(Language::En, || sentence(&s)), r.label);
        for language in Language::ALL {
            names
                .entry(language)
                .or_insert_with(Vec::new)
                .push(speaking(language, || sentence(&s)));
        }
    }
    assert_eq!(
        names[&Language::Fr],
        [
            "Coureur 1",
            "Coureur 2",
            "Coureur 3",
            "Leader",
            "Équipier 2",
            "Équipier 3"
        ]
    );
    assert_eq!(
        names[&Language::Nl],
        [
            "Renner 1",
            "Renner 2",
            "Renner 3",
            "Kopman",
            "Ploegmaat 2",
            "Ploegmaat 3"
        ]
    );
}

/// Issue 33, item 9: counts read as people say them. No "(0 turns to miss)"; "1 rider took
/// exhaustion", not "1 took"; an accélération's votes counted as votes; Dutch Velo Master
/// counts its board's cells as the pictures do ("vakken"), not "niveaus".
#[test]
fn counts_read_as_people_say_them() {
    use commissaire_messages::arg_of_json;
    use serde_json::json;
    let say = |catalogue: &commissaire_messages::Catalogue,
               id: &str,
               args: &[(&str, serde_json::Value)]| {
        let args: Vec<(&str, Arg)> = args.iter().map(|(k, v)| (*k, arg_of_json(v))).collect();
        catalogue.try_format(Medium::Discord, id, &args).unwrap()
    };
    let crashed = |misses: u32| {
        vec![
            ("rider", json!("Jan")),
            ("to_go", json!(12)),
            ("misses", json!(misses)),
        ]
    };
    assert_eq!(
        say(&ENGLISH, "vm-crashed", &crashed(0)),
        "Jan falls 12 rows from the line and waits at the roadside."
    );
    assert_eq!(
        say(&ENGLISH, "vm-crashed", &crashed(2)),
        "Jan falls 12 rows from the line and waits at the roadside (2 turns to miss)."
    );
    for catalogue in [&*FRENCH, &*DUTCH] {
        let text = say(catalogue, "vm-crashed", &crashed(0));
        assert!(!text.contains('0') && !text.contains('('), "{text}");
        // Where he fell, as the board counts it, never the cell's id (issue 33 item 9).
        assert!(text.contains("12 "), "{text}");
    }
    let brief = |winded: u32| {
        vec![
            ("leader", json!("Jan")),
            ("row", json!(7)),
            ("winded", json!(winded)),
            ("across", json!(0)),
            ("crossed", json!("")),
        ]
    };
    assert_eq!(
        say(&ENGLISH, "card-race-turn-brief", &brief(1)),
        "Jan leads, row 7; 1 rider took exhaustion in the wind."
    );
    assert_eq!(
        say(&ENGLISH, "card-race-turn-brief", &brief(3)),
        "Jan leads, row 7; 3 riders took exhaustion in the wind."
    );
    let voted = |yes: u32, needed: u32| {
        vec![
            ("yes", json!(yes)),
            ("needed", json!(needed)),
            ("go", json!(yes >= needed)),
        ]
    };
    assert_eq!(
        say(&ENGLISH, "vm-acceleration-voted", &voted(6, 3)),
        "6 votes for, 3 were needed: the line accelerates."
    );
    assert_eq!(
        say(&ENGLISH, "vm-acceleration-voted", &voted(1, 2)),
        "1 vote for, 2 were needed: no accélération."
    );
    assert_eq!(
        say(&FRENCH, "vm-acceleration-voted", &voted(6, 3)),
        "6 voix pour, 3 étaient nécessaires : la ligne accélère."
    );
    let front = vec![
        ("rider", json!("Jan")),
        ("to_go", json!(9)),
        ("across", json!(0)),
    ];
    let dutch = say(&DUTCH, "vm-brief-front", &front);
    assert!(
        dutch.contains("9 vakken") && !dutch.contains("niveau"),
        "{dutch}"
    );
}

/// Issue 33, item 9: a report says where a rider is as the board shows it, by the rows it has
/// to go (the numbers under the picture's road), in every language; the cell's id ("23/0",
/// "a47.5") is for scenarios. Every narration that places a rider is checked with an id no
/// reader should see.
#[test]
fn a_report_places_a_rider_by_the_rows_to_go() {
    use commissaire_messages::arg_of_json;
    use serde_json::json;
    let base: Vec<(&str, serde_json::Value)> = vec![
        ("rider", json!("Jan")),
        ("team", json!("Verts")),
        ("by", json!("Piet")),
        ("fallen", json!("Piet")),
        ("cells", json!(3)),
        ("face", json!(4)),
        ("crash", json!(false)),
        ("misses", json!(1)),
        ("across", json!(0)),
    ];
    // Each narration that places a rider, with the arguments it reads besides `to_go`: none of
    // them is given the cell's id any more.
    let placing: [(&str, &[&str]); 13] = [
        ("mj-moved", &["rider", "cells"]),
        ("mj-pulled", &["rider", "by"]),
        ("mj-front", &["rider", "team"]),
        ("vm-punctured", &["rider"]),
        ("vm-skill-roll", &["rider", "face", "crash"]),
        ("vm-skill-roll-squeeze", &["rider", "face", "crash"]),
        ("vm-skill-roll-speed", &["rider", "face", "crash"]),
        ("vm-skill-roll-braking", &["rider", "face", "crash"]),
        (
            "vm-skill-roll-collective",
            &["rider", "fallen", "face", "crash"],
        ),
        ("vm-crashed", &["rider", "misses"]),
        ("vm-back", &["rider"]),
        ("vm-abandoned", &["rider"]),
        ("vm-brief-front", &["rider", "across"]),
    ];
    let with = |reads: &[&str], to_go: u32| -> Vec<(&str, Arg)> {
        let mut args: Vec<(&str, Arg)> = base
            .iter()
            .filter(|(k, _)| reads.contains(k))
            .map(|(k, v)| (*k, arg_of_json(v)))
            .collect();
        args.push(("to_go", arg_of_json(&json!(to_go))));
        args
    };
    for catalogue in [&*ENGLISH, &*FRENCH, &*DUTCH] {
        for (id, reads) in placing {
            let text = catalogue
                .try_format(Medium::Discord, id, &with(reads, 17))
                .unwrap();
            assert!(text.contains("17 "), "{id}: {text}");
        }
    }
    let say = |id: &str, to_go: u32| {
        let reads = placing.iter().find(|p| p.0 == id).unwrap().1;
        ENGLISH
            .try_format(Medium::Discord, id, &with(reads, to_go))
            .unwrap()
    };
    assert_eq!(
        say("mj-moved", 17),
        "Jan rides 3 cells, 17 rows from the line."
    );
    assert_eq!(
        say("mj-moved", 1),
        "Jan rides 3 cells, 1 row from the line."
    );
    assert_eq!(say("mj-moved", 0), "Jan rides 3 cells to the line.");
    assert_eq!(
        say("mj-front", 9),
        "Jan (Verts) leads the race, 9 rows from the line."
    );
    assert_eq!(say("vm-abandoned", 0), "Jan abandons at the line.");
}
