//! Bad input is refused before anything is played, with a sentence that says what to change
//! (issue 21, item 18); the option values the docs name are the ones the engine reads (item
//! 19); and a move given whole, a label's start and the bots' seats in a scenario (item 20).

use commissaire_engine::course::Course;
use commissaire_engine::scenario::{Played, ScenarioError, ScenarioFile, ScenarioRun};
use commissaire_engine::tour::TourPreset;
use serde_json::{Value, json};

const CARD_COURSE: &str = r#"{"lanes": 2, "segments": [
   {"terrain": "flat", "length": 4, "start": true}, {"terrain": "flat", "length": 20},
   {"terrain": "flat", "length": 5, "finish": true}]}"#;

fn no_files(name: &str) -> Result<Course, String> {
    Err(format!("no shipped course in these tests ({name})"))
}

fn play(text: &str) -> Result<Played, ScenarioError> {
    let file = ScenarioFile::from_json(text)?;
    let course = file.course(no_files)?;
    match file.run(course, None)? {
        ScenarioRun::Script(played) => Ok(played),
        ScenarioRun::Rounds(_) => panic!("a script scenario ran as rounds"),
    }
}

fn refused(text: &str) -> String {
    match play(text) {
        Ok(played) => panic!("the scenario should be refused: {}", played.to_json_lines()),
        Err(e) => e.0,
    }
}

/// A card race of two riders with the given options, no script.
fn card_race(options: Value, blue: &str, team: &str) -> String {
    format!(
        r#"{{"ruleset": "card-race", "seed": 7, "options": {options},
 "course": {CARD_COURSE},
 "riders": [{{"id": "{blue}", "team": "{team}", "start": {{"row": 3, "lane": 0}}, "attributes": {{"kind": "rouleur"}}}},
            {{"id": "RedS", "team": "Red", "start": {{"row": 0, "lane": 0}}, "attributes": {{"kind": "sprinteur"}}}}]}}"#
    )
}

fn card_options(options: Value) -> String {
    card_race(options, "BlueR", "Blue")
}

#[test]
fn weather_level_without_house_b_weather_is_refused() {
    let e = refused(&card_options(json!({"weather_level": 2})));
    assert!(
        e.contains("weather_level is the start level of house rules B's weather"),
        "{e}"
    );
    assert!(e.contains("add weather = \"house-b\""), "{e}");
    // With B's weather the same level starts the stage.
    play(&card_options(
        json!({"weather": "house-b", "weather_level": 2}),
    ))
    .unwrap();
}

#[test]
fn gruppetto_on_a_time_trial_is_refused() {
    let e = refused(&card_options(
        json!({"profiles": "house-a", "time_trial": "individual", "gruppetto": true}),
    ));
    assert!(
        e.contains("this stage is a time trial: leave gruppetto out"),
        "{e}"
    );
    let e = refused(&card_options(
        json!({"profiles": "house-b", "time_trial_b": "individual", "gruppetto": true}),
    ));
    assert!(e.contains("leave gruppetto out"), "{e}");
    play(&card_options(
        json!({"profiles": "house-a", "time_trial": "individual"}),
    ))
    .unwrap();
}

#[test]
fn punctures_with_free_hands_are_refused() {
    let e = refused(&card_options(json!({"hands": "free", "punctures": true})));
    assert!(
        e.contains("with hands = \"free\" there are no decks"),
        "{e}"
    );
    assert!(
        e.contains("give hands = \"deal\", or leave punctures out"),
        "{e}"
    );
    play(&card_options(json!({"hands": "deal", "punctures": true}))).unwrap();
}

#[test]
fn an_empty_rider_id_or_team_name_is_refused() {
    let e = refused(&card_race(json!(null), "", "Blue"));
    assert!(
        e.contains("rider 1 of 2 has no id: give every rider an id"),
        "{e}"
    );
    let e = refused(&card_race(json!(null), "BlueR", " "));
    assert!(
        e.contains("team 1 of 2 has no name: give every team a name"),
        "{e}"
    );
    let e = refused(&vm("debutant", &[("", "Verts", json!({"role": "leader"}))]));
    assert!(e.contains("has no id"), "{e}");
}

#[test]
fn the_rounds_notation_refuses_an_empty_id_and_punctures_it_cannot_give() {
    let text = format!(
        r#"{{"ruleset": "flamme-rouge", "hands": "free", "course": {CARD_COURSE},
 "riders": [{{"id": " ", "team": "Blue", "kind": "rouleur"}}, {{"id": "RedS", "team": "Red", "kind": "sprinteur"}}],
 "rounds": [{{" ": 5, "RedS": 5}}]}}"#
    );
    let file = ScenarioFile::from_json(&text).unwrap();
    let course = file.course(no_files).unwrap();
    let e = file.run(course, None).unwrap_err().0;
    assert!(
        e.contains("a rider has no id: give every rider an id"),
        "{e}"
    );
}

#[test]
fn a_tour_preset_whose_options_disagree_is_refused() {
    let preset = |options: &str| {
        format!(
            "name = \"T\"\nruleset = \"card-race\"\nrules = \"house-a\"\noptions = {options}\n[[stage]]\ncourse = \"x\"\nkind = \"flat\"\n"
        )
    };
    let e = TourPreset::from_toml(&preset("{ weather_level = 4 }"), "t.toml")
        .unwrap_err()
        .message;
    assert!(
        e.contains("add weather = \"house-b\", or leave weather_level out"),
        "{e}"
    );
    let e = TourPreset::from_toml(&preset("{ hands = \"free\", punctures = true }"), "t.toml")
        .unwrap_err()
        .message;
    assert!(e.contains("give hands = \"deal\""), "{e}");
    // House rules A's gruppetto is for the road stages: its time trials ride without it.
    let with_trial = "name = \"T\"\nruleset = \"card-race\"\nrules = \"house-a\"\n[[stage]]\ncourse = \"x\"\nkind = \"flat\"\n[[stage]]\ncourse = \"y\"\nkind = \"time_trial\"\n";
    TourPreset::from_toml(with_trial, "t.toml").unwrap();
}

// ---- Velo Master ----

const VM_COURSE: &str = r#"{"lanes": 3,
  "segments": [{"terrain": "flat", "length": 4, "start": true},
               {"terrain": "flat", "length": 10},
               {"terrain": "downhill", "length": 10},
               {"terrain": "flat", "length": 3, "finish": true}]}"#;

/// A Velo Master race with the riders given and no script, laid on the grid.
fn vm(level: &str, riders: &[(&str, &str, Value)]) -> String {
    let riders: Vec<Value> = riders
        .iter()
        .map(|(id, team, attributes)| json!({"id": id, "team": team, "attributes": attributes}))
        .collect();
    format!(
        r#"{{"ruleset": "velo-master", "seed": 1, "options": {{"level": "{level}"}},
 "course": {VM_COURSE}, "riders": {}}}"#,
        Value::Array(riders)
    )
}

/// Teams of a leader and `mates` team-mates; the first leader's attributes get `extra`.
fn teams(names: &[&'static str], mates: usize, extra: Value) -> Vec<(String, &'static str, Value)> {
    let mut out = Vec::new();
    for (t, name) in names.iter().enumerate() {
        let mut leader = json!({"role": "leader"});
        if t == 0 {
            leader
                .as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
        }
        out.push((format!("{name}L"), *name, leader));
        for m in 0..mates {
            out.push((format!("{name}{m}"), *name, json!({"role": "team-mate"})));
        }
    }
    out
}

fn vm_teams(level: &str, riders: &[(String, &str, Value)]) -> String {
    let borrowed: Vec<(&str, &str, Value)> = riders
        .iter()
        .map(|(id, team, a)| (id.as_str(), *team, a.clone()))
        .collect();
    vm(level, &borrowed)
}

/// Three Pro teams (Pro teams are Expert's four riders, three players need no neutral team);
/// the first leader's attributes get `extra`.
fn pro(extra: Value) -> String {
    vm_teams("pro", &teams(&["Verts", "Roses", "Bleus"], 3, extra))
}

#[test]
fn vm_a_pro_condition_at_the_abandon_level_or_below_is_refused() {
    for c in [30, 39, -10] {
        let e = refused(&pro(json!({"condition": c})));
        assert!(
            e.contains(&format!("rider 'VertsL': condition {c} %")),
            "{e}"
        );
        assert!(e.contains("give 40 to 100"), "{e}");
    }
    play(&pro(json!({"condition": 40}))).unwrap();
}

#[test]
fn vm_a_pro_condition_over_100_is_refused_unless_a_tour_carried_it() {
    let e = refused(&pro(json!({"condition": 120})));
    assert!(
        e.contains("condition 120 %: a rider starts his first race at 100 % at most"),
        "{e}"
    );
    play(&pro(json!({"condition": 100, "doped": true}))).unwrap();
    // VM-128: a rider above 100 % keeps it from one stage to the next.
    play(&pro(json!({"condition": 120, "later_stage": true}))).unwrap();
}

#[test]
fn vm_condition_and_doping_attributes_outside_pro_are_refused() {
    for (attr, level) in [
        (json!({"condition": 80}), "expert"),
        (json!({"doped": true}), "debutant"),
        (json!({"motivated": true}), "expert"),
        (json!({"gains": "all"}), "debutant"),
    ] {
        let name = attr.as_object().unwrap().keys().next().unwrap().clone();
        let mates = if level == "debutant" { 1 } else { 3 };
        let e = refused(&vm_teams(
            level,
            &teams(&["Verts", "Roses", "Bleus"], mates, attr),
        ));
        assert!(
            e.contains(&format!(
                "\"{name}\" is given, but physical condition and doping are Pro rules"
            )),
            "{e}"
        );
    }
    // At Pro with the condition rules switched off, too.
    let text = pro(json!({"condition": 80})).replace(
        r#"{"level": "pro"}"#,
        r#"{"level": "pro", "condition": false, "attacks": false, "anti_doping": false}"#,
    );
    let e = refused(&text);
    assert!(
        e.contains("the physical condition rules are switched off"),
        "{e}"
    );
}

#[test]
fn vm_a_neutral_rider_at_debutant_is_refused() {
    let mut riders = teams(&["Verts", "Roses"], 1, json!({}));
    riders[1].2 = json!({"role": "neutral"});
    let e = refused(&vm_teams("debutant", &riders));
    assert!(
        e.contains("rider 'Verts0': a neutral rider races only at Expert or Pro with two players"),
        "{e}"
    );
}

#[test]
fn vm_a_neutral_team_beside_three_players_at_expert_is_refused() {
    let mut riders = teams(&["Verts", "Roses", "Bleus"], 3, json!({}));
    for n in 0..4 {
        riders.push((format!("N{n}"), "Gris", json!({"role": "neutral"})));
    }
    let e = refused(&vm_teams("expert", &riders));
    assert!(
        e.contains("the neutral team rides only when two players race (VM-014), and 3 race here"),
        "{e}"
    );
    // Two players and the neutral team: the field VM-014 describes.
    let mut two = teams(&["Verts", "Roses"], 3, json!({}));
    for n in 0..4 {
        two.push((format!("N{n}"), "Gris", json!({"role": "neutral"})));
    }
    play(&vm_teams("expert", &two)).unwrap();
}

#[test]
fn vm_a_neutral_rider_in_a_players_team_is_refused() {
    let mut riders = teams(&["Verts", "Roses"], 3, json!({}));
    riders[3].2 = json!({"role": "neutral"});
    for n in 0..4 {
        riders.push((format!("N{n}"), "Gris", json!({"role": "neutral"})));
    }
    let e = refused(&vm_teams("expert", &riders));
    assert!(
        e.contains("rider 'Verts2': a neutral rider rides in the neutral team"),
        "{e}"
    );
}

// ---- Item 19: the option values the docs name ----

/// Every `"name": "value"` pair the docs give for a rider's attributes or a game's options, as
/// the README and docs/ write them. `docs_name_every_listed_value` checks the docs still say
/// each (so this list follows them); the test below checks the engine reads each.
const DOCUMENTED_VM_ATTRIBUTES: &[(&str, &str)] = &[("gains", "up_to_100"), ("gains", "all")];

fn docs_text() -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut text = std::fs::read_to_string(root.join("README.md")).unwrap_or_default();
    if let Ok(dir) = std::fs::read_dir(root.join("docs")) {
        for entry in dir.flatten() {
            if entry.path().extension().is_some_and(|e| e == "md") {
                text.push_str(&std::fs::read_to_string(entry.path()).unwrap_or_default());
            }
        }
    }
    text
}

/// The `"name": "value"` pairs of a name in the docs (both `"gains": "all"` and the
/// alternatives written `"gains": "up_to_100" | "all"`).
fn documented_values(docs: &str, name: &str) -> Vec<String> {
    let mut out = Vec::new();
    let key = format!("\"{name}\": ");
    for (at, _) in docs.match_indices(&key) {
        let mut rest = &docs[at + key.len()..];
        while let Some(after) = rest.strip_prefix('"') {
            let Some(end) = after.find('"') else { break };
            out.push(after[..end].to_string());
            rest = after[end + 1..].trim_start();
            match rest.strip_prefix('|') {
                Some(more) => rest = more.trim_start(),
                None => break,
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

#[test]
fn docs_name_every_listed_value() {
    let docs = docs_text();
    for (name, _) in DOCUMENTED_VM_ATTRIBUTES {
        let mut listed: Vec<String> = DOCUMENTED_VM_ATTRIBUTES
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.to_string())
            .collect();
        listed.sort();
        assert_eq!(
            documented_values(&docs, name),
            listed,
            "the docs' values of \"{name}\""
        );
    }
}

#[test]
fn every_gains_value_the_docs_name_is_read() {
    for (name, value) in DOCUMENTED_VM_ATTRIBUTES {
        play(&pro(json!({ *name: value })))
            .unwrap_or_else(|e| panic!("\"{name}\": \"{value}\": {e}"));
    }
    // The first spelling the program read still reads.
    play(&pro(json!({"gains": "up_to100"}))).unwrap();
    let e = refused(&pro(json!({"gains": "upto100"})));
    assert!(e.contains("unknown variant `upto100`"), "{e}");
}

/// Every card-race option value the docs write as `"option": "value"` starts a stage.
#[test]
fn every_card_race_option_value_the_docs_name_is_read() {
    let docs = docs_text();
    let names = [
        "hands",
        "stage_end",
        "profiles",
        "weather",
        "wind",
        "steep_downhill",
        "crashes",
        "supply_zone",
        "bots",
        "start",
        "time_trial",
        "time_trial_b",
        "time_trial_cut",
        "peloton_bot",
        "rider_names",
        "weather_reveal",
    ];
    let mut checked = 0;
    for name in names {
        for value in documented_values(&docs, name) {
            let mut options = json!({ name: value });
            // The options that need a partner to mean anything get it.
            match name {
                "weather_reveal" => options["weather"] = json!("house-a"),
                "peloton_bot" => options["peloton_team"] = json!(1),
                "time_trial" => options["profiles"] = json!("house-a"),
                "time_trial_b" | "time_trial_cut" => {
                    options["profiles"] = json!("house-b");
                    options["time_trial_b"] = json!("individual");
                }
                _ => {}
            }
            if name == "time_trial_cut" && value == "individual" {
                continue;
            }
            let text = card_options(options.clone());
            let file = ScenarioFile::from_json(&text).unwrap();
            let course = file.course(no_files).unwrap();
            if let Err(e) = file.run(course, Some(0)) {
                assert!(
                    !e.0.contains("unknown variant"),
                    "the docs name \"{name}\": \"{value}\", which the card race does not read: {e}"
                );
            }
            checked += 1;
        }
    }
    assert!(
        checked >= 10,
        "only {checked} documented values found: has the docs' notation changed?"
    );
}

// ---- Item 20: moves given whole, labels, bots ----

/// Ana (Verts' leader) on `ana`/1, Bo behind; the Roses further back. Rows 11 to 20 are
/// `mid`, the line lies before row 24, and 6/0 is a danger cell.
fn walk(dice: &str, ana: u16, mid: &str, script: &str, bots: &str) -> String {
    format!(
        r#"{{"ruleset": "velo-master", "seed": 1, "dice": [{dice}], "bots": [{bots}],
 "course": {{"lanes": 3, "danger": ["6/0"],
            "segments": [{{"terrain": "flat", "length": 1, "start": true}},
                         {{"terrain": "flat", "length": 10}},
                         {{"terrain": "{mid}", "length": 10}},
                         {{"terrain": "flat", "length": 3}},
                         {{"terrain": "flat", "length": 3, "finish": true}}]}},
 "riders": [{{"id": "Ana", "team": "Verts", "start": {{"row": {ana}, "lane": 1}}, "attributes": {{"role": "leader"}}}},
            {{"id": "Bo", "team": "Verts", "start": {{"row": 2, "lane": 0}}, "attributes": {{"role": "team-mate"}}}},
            {{"id": "Cy", "team": "Roses", "start": {{"row": 1, "lane": 1}}, "attributes": {{"role": "leader"}}}},
            {{"id": "Di", "team": "Roses", "start": {{"row": 0, "lane": 2}}, "attributes": {{"role": "team-mate"}}}}],
 "script": {script}}}"#
    )
}

fn chosen(played: &Played) -> Vec<String> {
    played
        .turns
        .iter()
        .flat_map(|t| {
            t.choices
                .iter()
                .map(|c| format!("{}: {}", c.rider, c.choose))
        })
        .collect()
}

#[test]
fn a_path_past_the_finish_line_stops_at_the_line() {
    // Ana on 22/1 with a 4: 23/1, then 24/1 past the line; the path goes on to 26/1.
    let played = play(&walk(
        "4, 2",
        22,
        "flat",
        r#"["Ana: Move up to 4", {"path": ["23/1", "24/1", "25/1", "26/1"]}]"#,
        "",
    ))
    .unwrap();
    let chosen = chosen(&played);
    assert_eq!(
        chosen[1..],
        ["Ana: Move to B", "Ana: Move to B, across the line"],
        "{chosen:?}"
    );
    // Bo moves next with his 2, untouched by Ana's path.
    assert_eq!(played.result.waiting_on, ["Verts"]);
}

#[test]
fn a_path_that_ends_short_of_its_places_says_where_the_move_ended() {
    // A 2 ends Ana's move on 7/1: the third place is refused as hers, not tried as Bo's.
    let e = refused(&walk(
        "2, 4",
        5,
        "flat",
        r#"["Ana: Move up to 2", {"path": ["6/1", "7/1", "8/1"]}]"#,
        "",
    ));
    assert!(e.contains("Ana's move ended at step 2, on 7/1, with no step left to it; remove the places after 7/1"), "{e}");
}

#[test]
fn the_start_of_a_label_matches_before_its_suffix() {
    // "Move to A" for "Move to A, danger: skill roll".
    let played = play(&walk(
        "4, 2, 15",
        5,
        "flat",
        r#"["Ana: Move up to 4", "Move to A"]"#,
        "",
    ))
    .unwrap();
    let chosen = chosen(&played);
    assert!(
        chosen[1].starts_with("Ana: Move to A, danger"),
        "{chosen:?}"
    );
}

#[test]
fn a_path_ending_on_a_descent_with_the_die_used_leaves_the_extra_step_to_the_script() {
    // Rows 11 to 20 descend: Ana's 4 ends on 14/1, a descent cell (VM-049: one more step if
    // wanted). The path neither takes it nor declines it.
    let played = play(&walk(
        "4, 2",
        10,
        "downhill",
        r#"["Ana: Move up to 4", {"path": ["11/1", "12/1", "13/1", "14/1"]}]"#,
        "",
    ))
    .unwrap();
    let chosen = chosen(&played);
    assert_eq!(chosen.len(), 5, "{chosen:?}");
    assert!(
        !chosen
            .iter()
            .any(|c| c.contains("Stop") || c.contains("15/")),
        "{chosen:?}"
    );
    let rolled: usize = played.turns.iter().map(|t| t.dice.len()).sum();
    assert_eq!(rolled, 2, "no braking roll");
    assert_eq!(played.result.waiting_on, ["Verts"]);
    // The next entry decides: here, the extra step.
    let played = play(&walk(
        "4, 2",
        10,
        "downhill",
        r#"["Ana: Move up to 4", {"path": ["11/1", "12/1", "13/1", "14/1"]}, {"path": ["15/1"]}]"#,
        "",
    ))
    .unwrap();
    assert_eq!(chosen_last(&played), "Ana: Move to B");
}

fn chosen_last(played: &Played) -> String {
    chosen(played).last().cloned().unwrap_or_default()
}

#[test]
fn vm_a_seat_handed_to_the_bot_plays_the_sensible_bots_choices() {
    // The Verts are scripted; the Roses' bot takes its slot with the given 5 and 3.
    let played = play(&walk(
        "4, 2, 5, 3",
        5,
        "flat",
        r#"["Ana: Move up to 4", {"path": ["6/1", "7/1", "8/1", "9/1"]}, {"path": ["3/0", "4/0"]}]"#,
        r#""Roses""#,
    ))
    .unwrap();
    let bot: Vec<String> = played
        .turns
        .iter()
        .flat_map(|t| t.choices.iter().filter(|c| c.bot))
        .map(|c| format!("{}: {}", c.rider, c.choose))
        .collect();
    // The sensible bot gives its leader the bigger die and rides every point of both.
    assert_eq!(bot[0], "Cy: Move up to 5", "{bot:?}");
    assert_eq!(
        bot.iter().filter(|c| c.starts_with("Cy: Move to")).count(),
        5,
        "{bot:?}"
    );
    assert_eq!(
        bot.iter().filter(|c| c.starts_with("Di: Move to")).count(),
        3,
        "{bot:?}"
    );
    assert!(
        played
            .turns
            .iter()
            .flat_map(|t| &t.choices)
            .all(|c| c.bot == (c.team == "Roses"))
    );
    // A script entry for a bot's team is refused.
    let e = refused(&walk(
        "4, 2",
        5,
        "flat",
        r#"[{"team": "Roses", "choose": "Roll"}]"#,
        r#""Roses""#,
    ));
    assert!(e.contains("Roses is ridden by its bot (\"bots\")"), "{e}");
    let e = refused(&walk("4, 2", 5, "flat", "[]", r#""Jaunes""#));
    assert!(
        e.contains("\"bots\" names 'Jaunes', which is no team"),
        "{e}"
    );
}

#[test]
fn card_race_a_seat_handed_to_the_time_trial_bot_keeps_its_biggest_card() {
    // House rules A's time-trial bots play their biggest card (seed 001, HA-045): RedS draws
    // 9, 4, 4, 6 (seed 7) and keeps the 9, recycling the rest.
    let text = card_options(json!({"profiles": "house-a", "time_trial": "individual"})).replacen(
        "\"seed\": 7,",
        "\"seed\": 7, \"bots\": [\"Red\"],",
        1,
    );
    let played = play(&text).unwrap();
    let line = played.to_json_lines();
    let first: Value = serde_json::from_str(line.lines().next().unwrap()).unwrap();
    assert_eq!(
        first["choices"],
        json!([{"team": "Red", "rider": "RedS", "choose": "Draw", "key": "d:1", "bot": true},
               {"team": "Red", "rider": "RedS", "choose": "Keep 9", "key": "k:1:9", "bot": true}])
    );
    assert_eq!(first["riders"][1]["recycle"], json!([4, 4, 6]));
    // Blue, scripted, still owes its card.
    assert_eq!(played.result.waiting_on, ["Blue"]);
}

#[test]
fn the_rounds_notation_stops_after_the_round_asked_for() {
    let text = format!(
        r#"{{"ruleset": "flamme-rouge", "hands": "free", "course": {CARD_COURSE},
 "riders": [{{"id": "BlueR", "team": "Blue", "kind": "rouleur"}}, {{"id": "RedS", "team": "Red", "kind": "sprinteur"}}],
 "rounds": [{{"BlueR": 5, "RedS": 5}}, {{"BlueR": 4, "RedS": 4}}, {{"BlueR": 3, "RedS": 3}}]}}"#
    );
    let file = ScenarioFile::from_json(&text).unwrap();
    let played = |stop| {
        let course = file.course(no_files).unwrap();
        file.run(course, stop).unwrap().turns()
    };
    assert_eq!(played(Some(2)), 2);
    assert_eq!(played(Some(1)), 1);
    assert_eq!(played(None), 3);
}
