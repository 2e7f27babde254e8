//! Are `/odds`' chances right? Over many stages of a game, the chances given at mid-stage
//! (from playouts as the public sees the race) against who then won the real stage, ridden on
//! by the same bots from its own seed: riders given 20–30 % should win 20–30 % of the time.
//!
//!     cargo run --release -p commissaire-engine --example calibration -- GAME STAGES PLAYOUTS
//!
//! GAME is card-race, velo-master, maillot-jaune or hulst (default: all four), STAGES the
//! stages asked about (default 1000), PLAYOUTS the playouts of each answer (default 200).
//! Prints a Markdown table per game: each band of chances, the riders given a chance in it,
//! the mean chance given, and how often they won.

use commissaire_engine::course::parse_course_toml;
use commissaire_engine::game::Viewer;
use commissaire_engine::odds::{STEP_CAP, Sample, win_chances};
use commissaire_engine::tour::StageKind;
use serde_json::{Value, json};
use std::sync::Arc;

fn game(id: &str) -> (&'static str, &'static str, Vec<Value>) {
    match id {
        "card-race" => (
            "avenue-corso-paseo.toml",
            include_str!("../../config/courses/card-race/avenue-corso-paseo.toml"),
            vec![],
        ),
        "velo-master" => (
            "vm-circuit-d-aurillac.toml",
            include_str!("../../config/courses/velo-master/vm-circuit-d-aurillac.toml"),
            vec![],
        ),
        "maillot-jaune" => (
            "mj-etape-1.toml",
            include_str!("../../config/courses/maillot-jaune/mj-etape-1.toml"),
            vec![json!("rider"), json!("rider")],
        ),
        _ => (
            "hulst-vlakke-etappe.toml",
            include_str!("../../config/courses/hulst/hulst-vlakke-etappe.toml"),
            vec![],
        ),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: Vec<&str> = match args.first().map(String::as_str) {
        Some(g) if g != "all" => vec![g],
        _ => vec!["card-race", "velo-master", "maillot-jaune", "hulst"],
    };
    let stages: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let playouts: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200);
    for id in games {
        let (file, text, roster) = game(id);
        let course = Arc::new(parse_course_toml(text, file).expect("shipped course"));
        // Per band of 10 points: riders, the sum of their chances, their wins.
        let mut bands = [(0u32, 0f64, 0u32); 10];
        let mut asked = 0;
        for k in 0..stages {
            let mut s =
                Sample::new(id, Arc::clone(&course), StageKind::Flat, 4, &roster, k).unwrap();
            if s.halfway().is_err() || s.stage.is_over() {
                continue;
            }
            let odds = win_chances(
                &*s.stage,
                Viewer::Public,
                k + 1_000_000,
                playouts,
                &s.question(),
            )
            .unwrap();
            if s.stage.play_out(STEP_CAP).is_err() {
                continue;
            }
            let Some(winner) = s.winner() else { continue };
            asked += 1;
            for (rider, chance) in &odds.riders {
                let band = ((chance.p * 10.0) as usize).min(9);
                bands[band].0 += 1;
                bands[band].1 += chance.p;
                bands[band].2 += u32::from(*rider == winner);
            }
        }
        println!("\n{id}: {asked} stages, {playouts} playouts each, asked at mid-stage\n");
        println!("| chance given | riders | mean chance given | won |");
        println!("| --- | ---: | ---: | ---: |");
        for (b, (n, sum, won)) in bands.iter().enumerate() {
            if *n == 0 {
                continue;
            }
            println!(
                "| {}–{} % | {n} | {:.1} % | {:.1} % |",
                b * 10,
                b * 10 + 10,
                100.0 * sum / f64::from(*n),
                100.0 * f64::from(*won) / f64::from(*n)
            );
        }
    }
}
