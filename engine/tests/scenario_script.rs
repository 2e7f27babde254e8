//! The scenario runner for any ruleset: a script of choices by label or key, matched against
//! what `pending()` offers, with the card race (registered) and a small dice game (not
//! registered, handed to the runner as a `RulesetEntry`) proving known dice.

use commissaire_engine::course::{Course, Terrain};
use commissaire_engine::dice::{Dice, Roll};
use commissaire_engine::game::{Seat, Viewer};
use commissaire_engine::registry::{
    Game, Hosted, Key, OutcomeError, RulesetEntry, Scene, Secret, Sentence, Setup, StartError, Text,
};
use commissaire_engine::scenario::{
    Outcome, Played, Scenario, ScenarioError, ScenarioFile, ScenarioRun, Scripted,
};
use commissaire_engine::tour::{
    Outcome as RiderOutcome, RiderKey, RiderStage, StageKind, StageResult, TourRider,
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::sync::Arc;

const COURSE: &str = r#"{"lanes": 2, "segments": [
   {"terrain": "flat", "length": 4, "start": true}, {"terrain": "flat", "length": 6},
   {"terrain": "uphill", "length": 3}, {"terrain": "downhill", "length": 3},
   {"terrain": "flat", "length": 12}, {"terrain": "flat", "length": 5, "finish": true}]}"#;

fn no_files(name: &str) -> Result<Course, String> {
    Err(format!("no shipped course in these tests ({name})"))
}

/// A card-race scenario in the script notation, on [`COURSE`].
fn card_race(options: &str, script: &str) -> String {
    format!(
        r#"{{"ruleset": "card-race", "seed": 7, "options": {options},
 "course": {COURSE},
 "riders": [{{"id": "BlueR", "team": "Blue", "start": {{"row": 3, "lane": 0}}, "attributes": {{"kind": "rouleur"}}}},
            {{"id": "RedS", "team": "Red", "start": {{"row": 0, "lane": 0}}, "attributes": {{"kind": "sprinteur"}}}}],
 "script": [
{script}
 ]}}"#
    )
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

fn rounds(text: &str) -> Outcome {
    let s = Scenario::from_json(text).unwrap();
    let course = s.course(no_files).unwrap();
    s.run(course, None).unwrap()
}

/// Plays the same race in both notations and checks every round's positions agree.
fn same_in_both(course: &str, rounds_: &str, script: &str) -> (Outcome, Played) {
    let old = rounds(&format!(
        r#"{{"ruleset": "flamme-rouge", "seed": 7, "hands": "free", "course": {course},
            "riders": [{{"id": "BlueR", "team": "Blue", "kind": "rouleur", "row": 3, "lane": 0}},
                       {{"id": "RedS", "team": "Red", "kind": "sprinteur", "row": 0, "lane": 0}}],
            "rounds": {rounds_}}}"#
    ));
    let new = play(&card_race(r#"{"hands": "free"}"#, script).replace(COURSE, course)).unwrap();
    assert_eq!(new.turns.len(), old.rounds.len());
    for (line, round) in new.turns.iter().zip(&old.rounds) {
        assert!(line.settled);
        let riders = line.riders.as_array().unwrap();
        for r in &round.riders {
            let seen = riders.iter().find(|v| v["id"] == r.id.as_str()).unwrap();
            assert_eq!(
                seen["pos"],
                json!({"row": r.row, "lane": r.lane}),
                "{}",
                r.id
            );
            assert_eq!(seen["exhaustion_taken"], json!(r.exhaustion));
            assert_eq!(seen["racing"], json!(!r.finished));
        }
    }
    (old, new)
}

#[test]
fn the_same_race_in_both_notations_rides_the_same() {
    // Every way of naming an option: label and rider, a team, a key, the start of a label.
    let (_, new) = same_in_both(
        COURSE,
        r#"[{"BlueR": 5, "RedS": 9}, {"BlueR": 4, "RedS": "E"}]"#,
        r#"{"rider": "BlueR", "choose": "Keep 5"}, {"team": "Red", "choose": "keep 9"},
           "k:0:4", {"rider": "reds", "choose": "Keep E"}"#,
    );
    let keys: Vec<&str> = new.turns[1]
        .choices
        .iter()
        .map(|c| c.key.as_str())
        .collect();
    assert_eq!(keys, ["k:0:4", "k:1:E"]);
    assert_eq!(new.turns[1].choices[1].choose, "Keep E (exhaustion)");
    assert!(!new.result.over, "nobody is across yet");
    assert_eq!(new.result.waiting_on, ["Blue", "Red"]);
    // The README's race, to the line.
    let short = r#"{"lanes": 2, "segments": [{"terrain": "flat", "length": 4, "start": true},
        {"terrain": "flat", "length": 8}, {"terrain": "flat", "length": 5, "finish": true}]}"#;
    let (old, new) = same_in_both(
        short,
        r#"[{"BlueR": 5, "RedS": 3}, {"BlueR": 4, "RedS": 9}]"#,
        r#""k:0:5", "k:1:3", "k:0:4", "k:1:9""#,
    );
    assert!(new.result.over);
    let order: Vec<&str> = new.result.order.iter().map(|k| k.as_str()).collect();
    assert_eq!(order, old.result.result.order);
    assert_eq!(order, ["BlueR", "RedS"]);
}

#[test]
fn a_choice_not_offered_is_refused_with_its_line_and_what_was_offered() {
    let text = card_race(
        r#"{"hands": "free"}"#,
        "  {\"rider\": \"BlueR\", \"choose\": \"Keep 5\"},\n  {\"rider\": \"RedS\", \"choose\": \"Keep 12\"}",
    );
    let e = refused(&text);
    assert!(
        e.starts_with("script entry 2 (line 10): 'Keep 12' is not offered"),
        "{e}"
    );
    assert!(
        e.contains("offered now: RedS (Red): Keep 2 [k:1:2], Keep 3 [k:1:3]"),
        "{e}"
    );
    assert!(!e.contains("BlueR ("), "BlueR has chosen already: {e}");
}

#[test]
fn a_choice_that_fits_several_options_asks_which() {
    let e = refused(&card_race(r#"{"hands": "free"}"#, r#""Keep 5""#));
    assert!(e.contains("'Keep 5' matches more than one option"), "{e}");
    assert!(
        e.contains("BlueR of Blue: Keep 5 [k:0:5]; RedS of Red: Keep 5 [k:1:5]"),
        "{e}"
    );
    let e = refused(&card_race(
        r#"{"hands": "free"}"#,
        r#"{"rider": "BlueR", "choose": "Keep"}"#,
    ));
    assert!(
        e.contains("'Keep' could be any of Keep 2, Keep 3,")
            && e.contains("Keep E (exhaustion): write the whole label or the key"),
        "only a unique start matches: {e}"
    );
}

#[test]
fn unknown_teams_and_riders_and_seats_that_owe_nothing_are_named() {
    let e = refused(&card_race(
        r#"{"hands": "free"}"#,
        r#"{"team": "Green", "choose": "Keep 5"}"#,
    ));
    assert!(
        e.contains("there is no team 'Green': the teams are Blue, Red"),
        "{e}"
    );
    let e = refused(&card_race(
        r#"{"hands": "free"}"#,
        r#"{"rider": "Nobody", "choose": "Keep 5"}"#,
    ));
    assert!(
        e.contains("nothing is offered for 'Nobody' now; options are offered for BlueR, RedS"),
        "{e}"
    );
    let e = refused(&card_race(
        r#"{"hands": "free"}"#,
        r#"{"team": "Blue", "choose": "Keep 5"}, {"team": "Blue", "choose": "Keep 6"}"#,
    ));
    assert!(
        e.contains("script entry 2 (line 9): Blue owes no decision now; waiting on Red"),
        "{e}"
    );
}

#[test]
fn an_entry_after_the_end_of_the_stage_is_refused() {
    let e = refused(&card_race(
        r#"{"hands": "free"}"#,
        &["\"k:0:9\", \"k:1:9\""; 6].join(", "),
    ));
    assert!(
        e.contains("the stage is already over; remove this entry"),
        "{e}"
    );
}

#[test]
fn dealt_hands_draw_by_the_label_and_a_script_may_stop_mid_turn() {
    let played = play(&card_race(
        r#"{"hands": "deal"}"#,
        r#"{"rider": "BlueR", "choose": "Draw"}"#,
    ))
    .unwrap();
    assert_eq!(played.turns.len(), 1);
    let line = &played.turns[0];
    assert!(!line.settled, "nothing is revealed yet");
    assert_eq!(line.choices[0].choose, "Draw");
    assert_eq!(line.choices[0].key, "d:0");
    assert!(!played.result.over);
    assert_eq!(played.result.waiting_on, ["Blue", "Red"]);
    let text = played.to_json_lines();
    let first: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["settled"], false);
    assert!(
        first["riders"][0].get("hand").is_none(),
        "the public view shows no hand"
    );
    assert!(text.ends_with("{\"result\":{\"over\":false,\"waiting_on\":[\"Blue\",\"Red\"]}}\n"));
}

#[test]
fn options_and_attributes_reach_the_ruleset_which_names_their_mistakes() {
    let e = refused(&card_race(r#"{"hands": "dealt"}"#, ""));
    assert!(
        e.contains("the options of card-race are not understood"),
        "{e}"
    );
    let e = refused(&card_race(r#"{"hands": "free"}"#, "").replace(
        r#""attributes": {"kind": "rouleur"}"#,
        r#""attributes": {}"#,
    ));
    assert!(e.contains("rider 'BlueR'") && e.contains("kind"), "{e}");
}

#[test]
fn a_file_is_read_in_the_notation_its_ruleset_names() {
    let e = ScenarioFile::from_json(r#"{"ruleset": "chess", "course": "x", "riders": []}"#)
        .unwrap_err()
        .0;
    assert!(
        e.contains("unknown ruleset 'chess': use one of card-race"),
        "{e}"
    );
    assert!(e.contains("\"flamme-rouge\""), "{e}");
    let e = ScenarioFile::from_json(
        r#"{"ruleset": "card-race", "course": "x", "riders": [], "rounds": []}"#,
    )
    .unwrap_err()
    .0;
    assert!(e.contains("`rounds`") && e.contains("`script`"), "{e}");
    let e = refused(&card_race(
        "null",
        r#"{"rider": "BlueR", "chose": "Keep 5"}"#,
    ));
    assert!(
        e.contains("`script[0].chose`: unknown field `chose`"),
        "{e}"
    );
    let e =
        refused(&card_race("null", "").replace("\"seed\": 7,", "\"seed\": 7, \"dice\": [300],"));
    assert!(e.contains("`dice[0]`"), "{e}");
}

#[test]
fn the_runner_stops_after_the_turn_asked() {
    let text = card_race(
        r#"{"hands": "free"}"#,
        r#""k:0:5", "k:1:9", "k:0:4", "k:1:E""#,
    );
    let file = ScenarioFile::from_json(&text).unwrap();
    for (stop, turns) in [(0, 0), (1, 1), (2, 2), (7, 2)] {
        let run = file
            .run(file.course(no_files).unwrap(), Some(stop))
            .unwrap();
        assert_eq!(run.turns(), turns, "stop after {stop}");
        let Scene::CardRace(view) = run.scene() else {
            panic!("a card-race scene")
        };
        assert_eq!(view.round, turns + 1, "stop after {stop}");
    }
}

// A small game of turns that rolls dice, to prove the runner's `"dice"` with a game the
// registry does not know: each team's rider in turn rolls a d6 or a d20 and moves that many
// rows; the first to reach row 20 ends the stage.

const LINE: u16 = 20;

#[derive(Debug, Clone)]
struct DiceRace {
    course: Arc<Course>,
    teams: Vec<String>,
    ids: Vec<String>,
    rows: Vec<u16>,
    turn: usize,
    dice: Dice,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
struct RollDie {
    sides: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum DiceEvent {
    Rolled { rider: usize, roll: Roll },
    Moved { rider: usize, to: u16 },
}

impl DiceRace {
    fn over(&self) -> bool {
        self.rows.iter().any(|&r| r >= LINE)
    }
}

impl Game for DiceRace {
    type Choice = RollDie;
    type Event = DiceEvent;
    const ID: &'static str = "dice-race";

    fn start(setup: &Setup, seed: u64) -> Result<Self, StartError> {
        let (course, starts) = setup.starts()?;
        Ok(DiceRace {
            course,
            teams: setup.teams.clone(),
            ids: setup.riders.iter().map(|r| r.id.clone()).collect(),
            rows: starts.iter().map(|p| p.row).collect(),
            turn: 0,
            dice: Dice::new(seed, setup.dice.clone()),
        })
    }
    fn seats(&self) -> usize {
        self.teams.len()
    }
    fn is_over(&self) -> bool {
        self.over()
    }
    fn legal(&self, seat: Seat) -> Vec<RollDie> {
        if self.over() || seat as usize != self.turn {
            return Vec::new();
        }
        vec![RollDie { sides: 6 }, RollDie { sides: 20 }]
    }
    fn apply(&mut self, seat: Seat, choice: &RollDie) -> Result<Vec<DiceEvent>, Sentence> {
        let refused = |text: String| Sentence {
            id: "dice-race-refused",
            args: Vec::new(),
            text,
        };
        if !self.legal(seat).contains(choice) {
            return Err(refused("it is not your turn to roll".into()));
        }
        let roll = self
            .dice
            .roll(choice.sides)
            .map_err(|e| refused(e.to_string()))?;
        let rider = self.turn;
        self.rows[rider] += roll.face as u16;
        self.turn = (self.turn + 1) % self.ids.len();
        Ok(vec![
            DiceEvent::Rolled { rider, roll },
            DiceEvent::Moved {
                rider,
                to: self.rows[rider],
            },
        ])
    }
    fn key(&self, choice: &RollDie) -> Key {
        Key::new(&format!("d{}", choice.sides)).unwrap()
    }
    fn parse_key(&self, key: &str) -> Option<RollDie> {
        match key {
            "d6" => Some(RollDie { sides: 6 }),
            "d20" => Some(RollDie { sides: 20 }),
            _ => None,
        }
    }
    fn label(&self, choice: &RollDie) -> (Text, Text) {
        (
            Text::from(self.ids[self.turn].as_str()),
            Text::from(format!("Roll d{}", choice.sides)),
        )
    }
    fn audience(&self, _: &DiceEvent) -> Option<Seat> {
        None
    }
    fn to_line(&self) -> Sentence {
        Sentence::rows_to_line(u32::from(self.course.rows_from_start()))
    }
    fn settles_turn(event: &DiceEvent) -> bool {
        matches!(event, DiceEvent::Moved { .. })
    }
    fn narrate(&self, events: &[DiceEvent], _: Viewer) -> Vec<Sentence> {
        events
            .iter()
            .map(|e| {
                let text = match e {
                    DiceEvent::Rolled { rider, roll } => {
                        format!(
                            "{} rolls {} on a d{}.",
                            self.ids[*rider], roll.face, roll.sides
                        )
                    }
                    DiceEvent::Moved { rider, to } => {
                        format!("{} moves to row {to}.", self.ids[*rider])
                    }
                };
                Sentence {
                    id: "dice-race-event",
                    args: Vec::new(),
                    text,
                }
            })
            .collect()
    }
    fn view_json(&self, _: Viewer) -> Value {
        json!({"riders": self.ids.iter().zip(&self.rows)
            .map(|(id, row)| json!({"id": id, "row": row})).collect::<Vec<_>>()})
    }
    fn secrets(&self) -> Vec<Secret> {
        Vec::new()
    }
    fn scene(&self) -> Scene {
        Scene::CardRace(commissaire_engine::games::card_race::StageView {
            course: Arc::clone(&self.course),
            course_name: self.course.name.clone(),
            round: 0,
            over: self.over(),
            viewer: Viewer::Public,
            teams: Vec::new(),
            riders: Vec::new(),
            race_order: Vec::new(),
            last_round: Vec::new(),
            conditions: Default::default(),
            stage_type: None,
            fictive_start: false,
            rider_names: Default::default(),
            house_a: Default::default(),
        })
    }
    /// Nothing hidden: only the dice get a new stream.
    fn determinize(
        &self,
        _: commissaire_engine::game::Viewer,
        rng: &mut rand_chacha::ChaCha8Rng,
    ) -> Self {
        let mut copy = self.clone();
        copy.dice.reseed(rng);
        copy
    }
    fn bot(&self, _: Seat, options: &[RollDie]) -> RollDie {
        options[0]
    }
    fn result(
        &self,
        number: u32,
        kind: StageKind,
        riders: &[TourRider],
    ) -> Result<StageResult, OutcomeError> {
        if !self.over() {
            return Err(OutcomeError::Running);
        }
        let mut order: Vec<usize> = (0..self.ids.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.rows[i]));
        let riders = (0..self.ids.len())
            .map(|i| RiderStage {
                rider: RiderKey::new(self.ids[i].clone()),
                team: self.teams[riders[i].team as usize].clone(),
                start_number: riders[i].start_number,
                cards_played: 0,
                outcome: if self.rows[i] >= LINE {
                    RiderOutcome::Crossed {
                        rows_past: self.rows[i] - LINE + 1,
                    }
                } else {
                    RiderOutcome::Short {
                        own_row: Terrain::Flat,
                        to_ride: Vec::new(),
                    }
                },
                place: order.iter().position(|&o| o == i).map(|p| p as u32 + 1),
                exhaustion_start: 0,
                exhaustion_end: 0,
            })
            .collect();
        Ok(StageResult {
            number,
            kind,
            summit_finish: false,
            riders,
            rejoined: Vec::new(),
            sprints: Vec::new(),
            summits: Vec::new(),
            bonus_seconds: true,
            carry: serde_json::Value::Null,
        })
    }
    fn carry_over(&self, _: &mut [TourRider]) {}
}

static DICE_RACE: RulesetEntry = RulesetEntry {
    id: "dice-race",
    name: "A dice race (tests only)",
    start: Hosted::<DiceRace>::boxed,
    roster: no_roster,
    deal: commissaire_engine::registry::keep_names,
    max_team: 1,
    rules: &[],
    classify: commissaire_engine::games::card_race::tour::classifications,
    pricing: &commissaire_engine::games::card_race::tour::PRICING,
    prepare: commissaire_engine::registry::road_stages_only,
    // A test game speaks of its turns as Velo Master does: the services never meet it.
    words: commissaire_engine::games::velo_master::game::WORDS,
};

fn no_roster(
    _: &[serde_json::Value],
    _: &serde_json::Value,
) -> Result<Vec<commissaire_engine::registry::Rostered>, String> {
    Ok(Vec::new())
}

fn dice_race(dice: &str, script: &str) -> Result<Played, ScenarioError> {
    let text = format!(
        r#"{{"ruleset": "dice-race", "seed": 3, "dice": {dice},
 "course": {{"lanes": 1, "segments": [{{"terrain": "flat", "length": 2, "start": true}},
                                      {{"terrain": "flat", "length": 30, "finish": true}}]}},
 "riders": [{{"id": "A", "team": "Ann", "start": {{"row": 0, "lane": 0}}}},
            {{"id": "B", "team": "Bob", "start": {{"row": 1, "lane": 0}}}}],
 "script": [{script}]}}"#
    );
    let scenario = Scripted::from_json(&text)?;
    let course = scenario.course.resolve(no_files)?;
    scenario.run_with(&DICE_RACE, course, None)
}

#[test]
fn given_dice_are_rolled_in_order_and_shown_with_their_die() {
    let played = dice_race(
        "[6, 1, 20]",
        r#""Roll d6", "Roll d6", {"team": "Ann", "choose": "Roll d20"}"#,
    )
    .unwrap();
    let text = played.to_json_lines();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            r#"{"turn":1,"choices":[{"team":"Ann","rider":"A","choose":"Roll d6","key":"d6"}],"told":["A rolls 6 on a d6.","A moves to row 6."],"dice":[{"roll":1,"sides":6,"face":6,"given":true}],"riders":[{"id":"A","row":6},{"id":"B","row":1}]}"#,
            r#"{"turn":2,"choices":[{"team":"Bob","rider":"B","choose":"Roll d6","key":"d6"}],"told":["B rolls 1 on a d6.","B moves to row 2."],"dice":[{"roll":2,"sides":6,"face":1,"given":true}],"riders":[{"id":"A","row":6},{"id":"B","row":2}]}"#,
            r#"{"turn":3,"choices":[{"team":"Ann","rider":"A","choose":"Roll d20","key":"d20"}],"told":["A rolls 20 on a d20.","A moves to row 26."],"dice":[{"roll":3,"sides":20,"face":20,"given":true}],"riders":[{"id":"A","row":26},{"id":"B","row":2}]}"#,
            r#"{"result":{"over":true,"order":["A","B"]}}"#,
        ]
    );
}

#[test]
fn after_the_given_faces_the_seed_rolls_and_says_so() {
    let played = dice_race("[2]", r#""Roll d6", "Roll d6", "Roll d6""#).unwrap();
    let dice: Vec<_> = played.turns.iter().flat_map(|t| t.dice.clone()).collect();
    assert_eq!((dice[0].roll, dice[0].face, dice[0].given), (1, 2, true));
    for d in &dice[1..] {
        assert!(!d.given && (1..=6).contains(&d.face), "{d:?}");
    }
    assert_eq!(dice.iter().map(|d| d.roll).collect::<Vec<_>>(), [1, 2, 3]);
    let again = dice_race("[2]", r#""Roll d6", "Roll d6", "Roll d6""#).unwrap();
    assert_eq!(again.turns, played.turns, "the same seed rolls the same");
}

#[test]
fn a_given_face_the_die_cannot_show_is_refused_with_its_index() {
    let e = dice_race("[3, 7]", r#""Roll d6", "Roll d6""#)
        .unwrap_err()
        .0;
    assert!(
        e.starts_with("script entry 2 (line 6): given roll 2 is 7, but a d6 shows 1 to 6: fix roll 2 of \"dice\""),
        "{e}"
    );
    // On a d20 the same face is fine.
    let played = dice_race("[3, 7]", r#""Roll d6", "Roll d20""#).unwrap();
    assert_eq!(played.turns[1].dice[0].face, 7);
}

#[test]
fn a_game_of_turns_offers_its_options_to_the_seat_whose_turn_it_is() {
    let e = dice_race("[]", r#"{"team": "Bob", "choose": "Roll d6"}"#)
        .unwrap_err()
        .0;
    assert!(
        e.contains("Bob owes no decision now; waiting on Ann"),
        "{e}"
    );
    let e = dice_race("[]", r#""Roll d8""#).unwrap_err().0;
    assert!(
        e.contains("'Roll d8' is not offered; offered now: A (Ann): Roll d6 [d6], Roll d20 [d20]"),
        "{e}"
    );
    let played = dice_race("[]", r#""Roll d6""#).unwrap();
    assert_eq!(played.log.len(), 1);
    assert_eq!(played.result.waiting_on, ["Bob"]);
}

/// Issue 22, item 18: the output can word what happened with the catalogue: each line's
/// sentences go through the words given, ids and arguments, in the order told; the card race's
/// older notation has no sentences and prints as it always did. House rules B's wind and round
/// 1's weather, rolled before any choice, are the first line's dice, given faces first.
#[test]
fn the_output_words_its_sentences_and_shows_the_rolls_made_before_any_choice() {
    let text = card_race(
        r#"{"hands": "free", "profiles": "house-b", "weather": "house-b", "wind": "house-b"}"#,
        r#"{"rider": "BlueR", "choose": "Keep 5"}, {"rider": "RedS", "choose": "Keep 3"}"#,
    );
    let mut with_dice: Value = serde_json::from_str(&text).unwrap();
    with_dice["dice"] = json!([3, 2, 6]);
    let file = ScenarioFile::from_json(&with_dice.to_string()).unwrap();
    let course = file.course(no_files).unwrap();
    let run = file.run(course, None).unwrap();
    let worded = run.to_json_lines_worded(&|s| format!("<{}>", s.id));
    let first: Value = serde_json::from_str(worded.lines().next().unwrap()).unwrap();
    let told: Vec<&str> = first["told"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    assert_eq!(told[0], "<card-race-card-chosen>", "{told:?}");
    assert!(
        told.iter().all(|t| t.starts_with("<card-race-")),
        "{told:?}"
    );
    let plain: Value = serde_json::from_str(run.to_json_lines().lines().next().unwrap()).unwrap();
    assert_eq!(plain["told"][0], "BlueR has chosen a card.");
    assert_eq!(plain["told"].as_array().unwrap().len(), told.len());
    // The wind's d4 (3), round 1's weather d6 (2), rolled as the stage was set up, then round
    // 2's d6 (6) as round 1 settles.
    assert_eq!(
        first["dice"],
        json!([
            {"roll": 1, "sides": 4, "face": 3, "given": true},
            {"roll": 2, "sides": 6, "face": 2, "given": true},
            {"roll": 3, "sides": 6, "face": 6, "given": true}
        ])
    );
    // The older notation prints the same lines, worded or not.
    let old = ScenarioFile::from_json(
        r#"{"ruleset": "flamme-rouge", "seed": 7, "hands": "free",
 "course": {"lanes": 2, "segments": [{"terrain": "flat", "length": 4, "start": true},
   {"terrain": "flat", "length": 8}, {"terrain": "flat", "length": 5, "finish": true}]},
 "riders": [{"id": "BlueR", "team": "Blue", "kind": "rouleur"}],
 "rounds": [{"BlueR": 5}], "until": "script"}"#,
    )
    .unwrap();
    let course = old.course(no_files).unwrap();
    let old = old.run(course, None).unwrap();
    assert_eq!(
        old.to_json_lines_worded(&|_| "x".into()),
        old.to_json_lines()
    );
}

#[test]
fn the_rounds_notation_hands_its_hands_end_and_profiles_to_the_stage() {
    use commissaire_engine::games::card_race::{Hands, Profiles, StageEnd};
    let text = |extra: &str| {
        format!(
            r#"{{"ruleset": "flamme-rouge", {extra} "course": {COURSE},
                "riders": [{{"id": "BlueR", "team": "Blue", "kind": "rouleur", "row": 3, "lane": 0}}],
                "rounds": []}}"#
        )
    };
    let options = |extra: &str| {
        let s = Scenario::from_json(&text(extra)).unwrap();
        s.setup(s.course(no_files).unwrap()).unwrap().options
    };
    let given = options(r#""hands": "free", "profiles": "house-b", "until": "all_across","#);
    assert_eq!(
        (given.hands, given.stage_end, given.profiles),
        (Hands::Free, StageEnd::AllAcross, Profiles::HouseB)
    );
    // Played to the end of the script, a stage ends when everyone is across.
    assert_eq!(
        options(r#""until": "script","#).stage_end,
        StageEnd::AllAcross
    );
    let left = options("");
    assert_eq!(
        (left.hands, left.stage_end, left.profiles),
        (Hands::Deal, StageEnd::FirstAcross, Profiles::Base)
    );
}
