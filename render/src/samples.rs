//! Four sample boards (a start, a bunch sprint, a split field, an uphill finish) and sample
//! standings, and made-up stage results of a tour for its charts: the gallery example draws
//! them, the tests check them, the benchmark times them.
//! They are hand-made scenes, not played races, so they show every mark the board can draw.

use crate::games::card_race::CARD_RACE_MARKS;
use crate::scene::{
    BoardScene, Jersey, Mark, MarkKind, RiderToken, StandingsRow, StandingsTable, TeamStyle,
};
use commissaire_engine::course::{Course, CourseSpec, Pos, parse_course_toml};
use commissaire_engine::tour::{
    LineResult, Outcome, RiderKey, RiderStage, StageKind, StageResult, SummitResult,
};
use std::sync::Arc;

const TEAM_NAMES: [&str; 6] = [
    "Brasserie",
    "Olympia",
    "Gazelle",
    "Peugeot",
    "Molteni",
    "Faema",
];

fn teams(n: usize) -> Vec<TeamStyle> {
    TEAM_NAMES[..n]
        .iter()
        .enumerate()
        .map(|(i, name)| TeamStyle {
            name: (*name).to_string(),
            colour: crate::palette::team(i),
            mark: name.chars().take(1).collect(),
        })
        .collect()
}

fn tiles(name: &str, tiles: &str) -> Arc<Course> {
    Arc::new(
        CourseSpec {
            name: Some(name.into()),
            tiles: Some(tiles.into()),
            ..Default::default()
        }
        .build()
        .expect("sample course"),
    )
}

/// A rider of team `team` ("R" rouleur or "S" sprinter) at (row, lane).
fn rider(team: usize, kind: char, row: u16, lane: u8) -> RiderToken {
    let initial = TEAM_NAMES[team].chars().next().expect("a name");
    RiderToken::new(format!("{initial}{kind}"), team, Pos::new(row, lane))
}

fn played(mut r: RiderToken, card: &str) -> RiderToken {
    r.marks.push(Mark::Card(card.into()));
    r
}

/// Turn 0 of the flat stage: four teams on the grid.
pub fn start() -> BoardScene {
    let course = tiles("Avenue Corso Paseo", "abcdefghijklmnopqrstu");
    let grid = course.start_cells();
    let riders = (0..8)
        .map(|i| {
            let p = grid[i];
            rider(i % 4, if i < 4 { 'R' } else { 'S' }, p.row, p.lane)
        })
        .collect();
    BoardScene {
        course,
        stage_name: "Stage 1 · Avenue Corso Paseo".into(),
        turn: 0,
        teams: teams(4),
        riders,
        mark_kinds: CARD_RACE_MARKS.to_vec(),
        letters: Vec::new(),
        sky: Default::default(),
        road_signs: Vec::new(),
        fictive_start: false,
        packs: Vec::new(),
        jersey_names: Vec::new(),
        cell_labels: Vec::new(),
        shaded: Vec::new(),
        signs: Vec::new(),
        played: Vec::new(),
    }
}

/// Six teams, twelve riders arriving together at the line of a flat stage.
pub fn bunch_sprint() -> BoardScene {
    let course = tiles("Avenue Corso Paseo", "abcdefghijklmnopqrstu");
    let f = course.finish_row();
    let mut riders = vec![
        played(rider(2, 'S', f + 1, 0), "9"),
        played(rider(0, 'S', f, 0), "9"),
        played(rider(4, 'S', f - 1, 0), "7"),
        played(rider(4, 'R', f - 1, 1), "5"),
        played(rider(1, 'S', f - 2, 0), "5"),
        played(rider(5, 'S', f - 2, 1), "4"),
        played(rider(3, 'R', f - 3, 0), "3"),
        played(rider(0, 'R', f - 3, 1), "4"),
        played(rider(2, 'R', f - 4, 0), "2"),
        played(rider(1, 'R', f - 5, 0), "3"),
        played(rider(5, 'R', f - 5, 1), "2"),
        played(rider(3, 'S', f - 7, 0), "2E"),
    ];
    riders[0].marks.push(Mark::Crossed);
    riders[1].marks.push(Mark::Crossed);
    riders[2].marks.push(Mark::Slipstream);
    riders[3].marks.push(Mark::Slipstream);
    riders[6].marks.push(Mark::Exhaustion);
    riders[9].marks.push(Mark::Slipstream);
    riders[11].marks.push(Mark::Exhaustion);
    BoardScene {
        course,
        stage_name: "Stage 1 · Avenue Corso Paseo".into(),
        turn: 14,
        teams: teams(6),
        riders,
        mark_kinds: CARD_RACE_MARKS.to_vec(),
        letters: Vec::new(),
        sky: Default::default(),
        road_signs: Vec::new(),
        fictive_start: false,
        packs: Vec::new(),
        jersey_names: Vec::new(),
        cell_labels: Vec::new(),
        shaded: Vec::new(),
        signs: Vec::new(),
        played: Vec::new(),
    }
}

/// A time trial's start (house rules A, HA-061): twelve riders of four teams wait on two cells
/// of the grid, the rouleurs and grimpeurs on one, the sprinteurs on the other, the yellow
/// jersey among them, under house rules B's weather and a headwind.
pub fn time_trial_start() -> BoardScene {
    let course = tiles("Avenue Corso Paseo", "abcdefghijklmnopqrstu");
    let grid = course.start_cells();
    let (low, high) = (grid[0], grid[1]);
    let mut riders = Vec::new();
    for kind in ['R', 'G', 'S'] {
        for team in 0..4 {
            let p = if kind == 'S' { high } else { low };
            riders.push(rider(team, kind, p.row, p.lane));
        }
    }
    riders[1].jersey = Some(Jersey::Yellow);
    riders[6].jersey = Some(Jersey::PolkaDot);
    let mut scene = start();
    scene.stage_name = "Prologue · Avenue Corso Paseo".into();
    scene.riders = riders;
    scene.sky = crate::scene::Sky {
        weather: Some(3),
        wind: Some(crate::scene::WindFrom::Ahead),
        outlook: None,
    };
    scene
}

/// The finish of a stage ridden to the last rider: nine riders already across pile up on the
/// last cell past the line, one crosses onto it now and two more cross beside it.
pub fn pile_past_line() -> BoardScene {
    let mut scene = bunch_sprint();
    let last = scene.course.last_row();
    let mut riders = Vec::new();
    for i in 0..9 {
        let mut r = rider(i % 6, if i < 6 { 'S' } else { 'R' }, last, 0);
        r.marks.push(Mark::Finished);
        riders.push(r);
    }
    let mut now = played(rider(3, 'R', last, 0), "6");
    now.marks.push(Mark::Crossed);
    riders.push(now);
    let mut beside = played(rider(4, 'R', last, 1), "5");
    beside.marks.push(Mark::Crossed);
    riders.push(beside);
    let mut lone = played(rider(5, 'R', last - 1, 1), "7");
    lone.marks.push(Mark::Crossed);
    lone.marks.push(Mark::Exhaustion);
    riders.push(lone);
    scene.riders = riders;
    scene.turn = 23;
    scene
}

/// The bunch sprint with the colours directors choose in `/tour join` (red, purple, white, brown,
/// grey, navy) and an emoji in a team's name, which the picture leaves out.
pub fn chosen_colours() -> BoardScene {
    let mut scene = bunch_sprint();
    scene.teams[0].name = "Brasserie 🍺".into();
    let chosen = ["red", "purple", "white", "brown", "grey", "navy"];
    scene.with_team_colours(&|name| {
        let seat = TEAM_NAMES.iter().position(|t| name.starts_with(t))?;
        crate::palette::team_index(chosen[seat]).map(crate::palette::team)
    })
}

/// A course of segments that shows every terrain: cobbles, a supply zone three lanes wide, a
/// climb and its descent, and a named intermediate sprint.
pub fn classic_course() -> Arc<Course> {
    const TOML: &str = r#"
name = "Ronde van de Kasseien"
lanes = 2
segment = [
    { terrain = "flat", length = 5, start = true },
    { terrain = "flat", length = 9 },
    { terrain = "cobbles", length = 6 },
    { terrain = "flat", length = 6 },
    { terrain = "supply", length = 4 },
    { terrain = "flat", length = 6 },
    { terrain = "uphill", length = 5 },
    { terrain = "downhill", length = 4 },
    { terrain = "flat", length = 18 },
    { terrain = "flat", length = 5, finish = true },
]
sprint = [{ row = 32, name = "Ninove" }]
"#;
    Arc::new(parse_course_toml(TOML, "classic sample").expect("sample course"))
}

/// A field broken in three: a break nearing the line, a chase at the top of the climb, a
/// laggard on the cobbles.
pub fn split_field() -> BoardScene {
    let course = classic_course();
    let riders = vec![
        played(rider(1, 'R', 60, 0), "5"),
        played(rider(3, 'R', 59, 0), "4"),
        played(rider(0, 'R', 59, 1), "5"),
        played(rider(2, 'R', 40, 0), "3"),
        played(rider(2, 'S', 39, 0), "3"),
        played(rider(0, 'S', 39, 1), "2"),
        played(rider(3, 'S', 38, 0), "3"),
        played(rider(1, 'S', 17, 0), "2"),
    ];
    let mut riders = riders;
    riders[2].marks.push(Mark::Slipstream);
    riders[5].marks.push(Mark::Slipstream);
    riders[6].marks.push(Mark::Exhaustion);
    riders[7].marks.push(Mark::Exhaustion);
    BoardScene {
        course,
        stage_name: "Stage 3 · Ronde van de Kasseien".into(),
        turn: 9,
        teams: teams(4),
        riders,
        mark_kinds: CARD_RACE_MARKS.to_vec(),
        letters: Vec::new(),
        sky: Default::default(),
        road_signs: Vec::new(),
        fictive_start: false,
        packs: Vec::new(),
        jersey_names: Vec::new(),
        cell_labels: Vec::new(),
        shaded: Vec::new(),
        signs: Vec::new(),
        played: Vec::new(),
    }
}

/// The mountain stage that ends uphill: two riders are in, the rest climb.
pub fn uphill_finish() -> BoardScene {
    let course = tiles("La Haute Montagne", "abcfimetKGLHJsdopRQNU");
    let f = course.finish_row();
    let mut riders = vec![
        played(rider(2, 'R', f + 1, 0), "4"),
        played(rider(0, 'R', f, 0), "5"),
        played(rider(1, 'R', f - 2, 0), "5"),
        played(rider(3, 'R', f - 3, 0), "3"),
        played(rider(2, 'S', f - 4, 0), "5"),
        played(rider(0, 'S', f - 6, 0), "2"),
        played(rider(1, 'S', f - 6, 1), "2"),
        played(rider(3, 'S', f - 9, 0), "2"),
    ];
    riders[0].marks.push(Mark::Finished);
    riders[1].marks.push(Mark::Crossed);
    riders[5].marks.push(Mark::Exhaustion);
    riders[7].marks.push(Mark::Exhaustion);
    BoardScene {
        course,
        stage_name: "Stage 5 · La Haute Montagne".into(),
        turn: 17,
        teams: teams(4),
        riders,
        mark_kinds: CARD_RACE_MARKS.to_vec(),
        letters: Vec::new(),
        sky: Default::default(),
        road_signs: Vec::new(),
        fictive_start: false,
        packs: Vec::new(),
        jersey_names: Vec::new(),
        cell_labels: Vec::new(),
        shaded: Vec::new(),
        signs: Vec::new(),
        played: Vec::new(),
    }
}

/// The teams classification: each line names only its team.
pub fn team_classification() -> StandingsTable {
    let times = [
        "35h 10' 20\"",
        "35h 12' 45\"",
        "35h 14' 39\"",
        "35h 16' 06\"",
    ];
    let gaps = ["", "+2' 25\"", "+4' 19\"", "+5' 46\""];
    StandingsTable {
        title: "Teams".into(),
        jersey: Some(Jersey::Rgb([0x3b, 0x4a, 0x6b])),
        holder: Some(0),
        subtitle: None,
        value_header: "Time".into(),
        rows: (0..4)
            .map(|i| StandingsRow {
                rank: i as u32 + 1,
                rider: TEAM_NAMES[i].into(),
                team: TEAM_NAMES[i].into(),
                team_colour: Some(crate::palette::team(i)),
                value: times[i].into(),
                gap: gaps[i].into(),
                note: None,
            })
            .collect(),
    }
}

/// The youth classification, to show the white jersey's leader, with riders named after a
/// long team name as the tour names them.
pub fn youth_classification() -> StandingsTable {
    let mut t = general_classification();
    t.title = "Youth".into();
    t.jersey = Some(Jersey::White);
    for row in t.rows.iter_mut().filter(|r| r.team == "Brasserie") {
        row.team = "Brasserie du Mont Ventoux".into();
        row.rider = row
            .rider
            .replace("Brasserie R", "Brasserie du Mont Ventoux Rouleur");
        row.rider = row
            .rider
            .replace("Brasserie S", "Brasserie du Mont Ventoux Sprinteur");
    }
    t
}

/// A general classification after a few stages.
pub fn general_classification() -> StandingsTable {
    let rows = [
        ("Brasserie R", 0, "11h 42' 10\"", ""),
        ("Gazelle S", 2, "11h 42' 40\"", "+30\""),
        ("Olympia R", 1, "11h 43' 05\"", "+55\""),
        ("Peugeot R", 3, "11h 44' 00\"", "+1' 50\""),
        ("Brasserie S", 0, "11h 44' 30\"", "+2' 20\""),
        ("Molteni R", 4, "11h 45' 10\"", "+3' 00\""),
        ("Faema S", 5, "11h 46' 45\"", "+4' 35\""),
        ("Gazelle R", 2, "11h 49' 00\"", "+6' 50\""),
    ];
    StandingsTable {
        title: "General classification".into(),
        jersey: Some(Jersey::Yellow),
        holder: Some(0),
        subtitle: None,
        value_header: "Time".into(),
        rows: rows
            .iter()
            .enumerate()
            .map(|(i, (rider, team, value, gap))| StandingsRow {
                rank: i as u32 + 1,
                rider: (*rider).into(),
                team: TEAM_NAMES[*team].into(),
                team_colour: Some(crate::palette::team(*team)),
                value: (*value).into(),
                gap: (*gap).into(),
                // One rider brought back by a repêchage vote, to show its note.
                note: (i == 4).then(crate::tour::reinstated_note),
            })
            .collect(),
    }
}

/// The mountains classification, to show the polka-dot jersey.
pub fn mountains_classification() -> StandingsTable {
    let mut t = general_classification();
    t.title = "Mountains classification".into();
    t.jersey = Some(Jersey::PolkaDot);
    t.value_header = "Points".into();
    for (i, row) in t.rows.iter_mut().enumerate() {
        let points = 24 - 3 * i as i32;
        row.value = points.to_string();
        row.gap = if i == 0 {
            String::new()
        } else {
            format!("{} pts behind", 3 * i)
        };
    }
    t
}

/// A course written cell by cell in three files, the middle one half a cell ahead of its
/// neighbours, as on the boards of the dice games: 20 cells to the line, 3 past it, a climb in
/// the middle. Each cell leads straight on in its file and diagonally into the next files.
pub fn staggered_course() -> Arc<Course> {
    const FILES: [f64; 3] = [0.0, 0.5, 0.0];
    const LENGTH: usize = 24;
    let mut toml = String::from("name = \"Col des Trois Files\"\n");
    let id = |file: usize, i: usize| format!("{file}-{i}");
    for (file, offset) in FILES.iter().enumerate() {
        for i in 0..LENGTH {
            let terrain = if (9..13).contains(&i) {
                "uphill"
            } else if (13..15).contains(&i) {
                "downhill"
            } else {
                "flat"
            };
            let markers = match i {
                0 | 1 => "[\"start\"]",
                20 => "[\"finish\"]",
                _ => "[]",
            };
            toml.push_str(&format!(
                "\n[[cell]]\nid = \"{}\"\nalong = {}\nacross = {file}\nterrain = \"{terrain}\"\nmarkers = {markers}\n",
                id(file, i),
                i as f64 + offset
            ));
        }
    }
    let mut link = |from: String, to: String, kind: &str| {
        toml.push_str(&format!(
            "\n[[link]]\nfrom = \"{from}\"\nto = \"{to}\"\nkind = \"{kind}\"\n"
        ));
    };
    for i in 0..LENGTH - 1 {
        for file in 0..3 {
            link(id(file, i), id(file, i + 1), "forward");
        }
        // The middle file is half a cell ahead: from it the outer files' next cell, into it
        // its own cell level or ahead.
        link(id(1, i), id(0, i + 1), "diagonal");
        link(id(1, i), id(2, i + 1), "diagonal");
        link(id(0, i), id(1, i), "diagonal");
        link(id(2, i), id(1, i), "diagonal");
    }
    Arc::new(parse_course_toml(&toml, "staggered sample").expect("sample course"))
}

/// A dice game's board on the staggered course, with the cells the leader may reach lettered
/// A to D, and a token for every mark the board draws.
pub fn staggered_letters() -> BoardScene {
    let course = staggered_course();
    let at = |id: &str| course.find_cell(id).expect("a sample cell");
    let dice = |faces: &[u8]| Mark::Dice(faces.to_vec());
    let token = |team: usize, n: u8, id: &str| {
        let initial = TEAM_NAMES[team].chars().next().expect("a name");
        RiderToken::new(format!("{initial}{n}"), team, at(id))
    };
    let riders = vec![
        token(0, 1, "1-12").with(dice(&[4])),
        token(1, 1, "0-12").with(dice(&[3])).with(Mark::Slipstream),
        token(2, 1, "2-11").with(dice(&[3])).with(Mark::Exhaustion),
        token(1, 2, "1-10").with(dice(&[2])).with(Mark::Punctured),
        token(0, 2, "0-8").with(dice(&[1])).with(Mark::Crashed),
        token(2, 2, "2-6").with(Mark::Roadside),
    ];
    let letters = vec![
        (at("1-15"), 'A'),
        (at("0-16"), 'B'),
        (at("2-16"), 'C'),
        (at("1-16"), 'D'),
    ];
    BoardScene {
        course,
        stage_name: "Stage 2 · Col des Trois Files".into(),
        turn: 6,
        teams: teams(3),
        riders,
        mark_kinds: vec![MarkKind::Dice, MarkKind::Crossed],
        letters,
        sky: Default::default(),
        road_signs: Vec::new(),
        fictive_start: false,
        packs: Vec::new(),
        jersey_names: Vec::new(),
        cell_labels: Vec::new(),
        shaded: Vec::new(),
        signs: Vec::new(),
        played: Vec::new(),
    }
}

/// The teams of [`tour_results`], by seat.
pub const TOUR_TEAMS: [&str; 4] = ["Rouge", "Bleu", "Vert", "Noir"];
const KINDS: [&str; 3] = ["Rouleur", "Sprinteur", "Grimpeur"];

/// A small seeded generator (xorshift), so the results of [`tour_results`] vary from stage to
/// stage and stay the same from run to run.
struct Dice(u64);

impl Dice {
    fn next(&mut self, below: u32) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % u64::from(below)) as u32
    }
}

fn keys() -> Vec<(String, String, u32)> {
    let mut riders = Vec::new();
    for (t, team) in TOUR_TEAMS.iter().enumerate() {
        for (k, kind) in KINDS.iter().enumerate() {
            riders.push((
                format!("{team} {kind}"),
                team.to_string(),
                (t * 10 + k + 1) as u32,
            ));
        }
    }
    riders
}

/// `stages` made-up card-race stage results of twelve riders (four teams of three): a shuffled finish order, a sprint and a summit
/// each, a few riders short of the line.
pub fn tour_results(stages: u32, seed: u64) -> Vec<StageResult> {
    let mut dice = Dice(seed);
    let riders = keys();
    (1..=stages)
        .map(|number| {
            let mut order: Vec<usize> = (0..riders.len()).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, dice.next(i as u32 + 1) as usize);
            }
            let stage_riders = order
                .iter()
                .enumerate()
                .map(|(place, &i)| {
                    let (key, team, start_number) = &riders[i];
                    RiderStage {
                        rider: RiderKey::new(key.clone()),
                        team: team.clone(),
                        start_number: *start_number,
                        cards_played: 14 + place as u32 / 3 + dice.next(3),
                        outcome: Outcome::Crossed {
                            rows_past: (12 - place as u16).max(1),
                        },
                        place: Some(place as u32 + 1),
                        exhaustion_start: 0,
                        exhaustion_end: 0,
                    }
                })
                .collect();
            let first: Vec<RiderKey> = order
                .iter()
                .take(4)
                .map(|&i| RiderKey::new(riders[i].0.clone()))
                .collect();
            let climbers: Vec<RiderKey> = order
                .iter()
                .rev()
                .take(3)
                .map(|&i| RiderKey::new(riders[i].0.clone()))
                .collect();
            StageResult {
                number,
                kind: if number % 2 == 0 {
                    StageKind::Mountain
                } else {
                    StageKind::Flat
                },
                summit_finish: false,
                riders: stage_riders,
                rejoined: Vec::new(),
                sprints: vec![LineResult {
                    name: format!("Sprint {number}"),
                    order: first,
                }],
                summits: vec![SummitResult {
                    name: format!("Col {number}"),
                    length: 4,
                    steep: false,
                    order: climbers,
                }],
                bonus_seconds: true,
                carry: Default::default(),
            }
        })
        .collect()
}
