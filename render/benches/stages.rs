//! Whole stages of each game played by the bots from their start to the line, as the
//! services replay a finished one for its animation: the scene after each settled turn, titled
//! as the channel's boards are. Shared by the animation's bench and its test.

use commissaire_engine::course::parse_course_toml;
use commissaire_engine::games::card_race::{RiderKind, card_race_attributes};
use commissaire_engine::registry::{self, Entrant, Scene, Setup};
use commissaire_messages::{msg, sentence};
use std::path::Path;
use std::sync::Arc;

/// The games, each with a course of its own and the options its stage is played with.
pub const GAMES: [&str; 4] = ["card-race", "velo-master", "maillot-jaune", "hulst"];

fn course(game: &str, file: &str) -> Arc<commissaire_engine::course::Course> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../config/courses")
        .join(game)
        .join(file);
    let text = std::fs::read_to_string(&path).expect("a shipped course");
    Arc::new(parse_course_toml(&text, file).expect("a shipped course"))
}

fn setup(game: &str) -> Setup {
    let teams = ["Rood", "Blauw", "Geel", "Groen"];
    let (file, per_team, teams_n, options) = match game {
        "card-race" => ("avenue-corso-paseo.toml", 2, 4, serde_json::Value::Null),
        "velo-master" => (
            "vm-sprint-de-vic.toml",
            4,
            3,
            serde_json::json!({ "level": "expert" }),
        ),
        "maillot-jaune" => ("mj-etape-1.toml", 3, 3, serde_json::Value::Null),
        _ => ("hulst-vlakke-etappe.toml", 3, 4, serde_json::Value::Null),
    };
    let mut riders = Vec::new();
    for (t, team) in teams.iter().enumerate().take(teams_n) {
        for i in 0..per_team {
            let attributes = match game {
                "card-race" => card_race_attributes(
                    if i == 0 {
                        RiderKind::Rouleur
                    } else {
                        RiderKind::Sprinteur
                    },
                    0,
                ),
                "velo-master" => {
                    serde_json::json!({"role": if i == 0 { "leader" } else { "team-mate" }})
                }
                "maillot-jaune" => {
                    let n = t * per_team + i;
                    serde_json::json!({"overall": n + 1, "form": 20 - n})
                }
                _ => serde_json::Value::Null,
            };
            riders.push(Entrant {
                id: format!("{team} {}", i + 1),
                team: t as u8,
                start: None,
                attributes,
            });
        }
    }
    Setup {
        course: course(game, file),
        teams: teams[..teams_n].iter().map(|t| t.to_string()).collect(),
        riders,
        options,
        dice: Vec::new(),
    }
}

/// A whole stage of `game` played by its bots, as the animation draws it: the scene after
/// each settled turn with its board's title.
pub fn stage(game: &str, seed: u64) -> Vec<(Scene, String)> {
    let setup = setup(game);
    let mut stage = registry::start(game, &setup, seed).expect("the stage starts");
    let mut log = Vec::new();
    while !stage.is_over() {
        let seat = stage.waiting_on()[0].0;
        let key = stage.bot_choice(seat).expect("the bot chooses");
        log.push((seat, stage.choice_json(key.as_str()).expect("a choice")));
        stage
            .apply(seat, key.as_str())
            .expect("the bot's choice is legal");
    }
    registry::settled_turns(game, &setup, seed, &log)
        .expect("the stage replays")
        .into_iter()
        .map(|t| {
            let title = msg!("picture-round", stage = 1, turn = sentence(&t.name));
            (t.scene, title)
        })
        .collect()
}
