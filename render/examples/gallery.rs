//! Draws the sample pictures into a folder, to look at them:
//! `cargo run -p commissaire-render --example gallery -- OUTDIR`

use commissaire_render::{
    Jersey, ProfileScene, render_board, render_profile, render_standings, samples,
};
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "gallery".into()));
    std::fs::create_dir_all(&out)?;
    let boards = [
        ("start", samples::start()),
        ("bunch-sprint", samples::bunch_sprint()),
        ("split-field", samples::split_field()),
        ("uphill-finish", samples::uphill_finish()),
        ("chosen-colours", samples::chosen_colours()),
        ("staggered-letters", samples::staggered_letters()),
        (
            "time-trial-start",
            samples::time_trial_start().with_jersey_names(&[
                (Jersey::Yellow, "General classification".into()),
                (Jersey::PolkaDot, "Mountains".into()),
            ]),
        ),
        ("pile-past-line", samples::pile_past_line()),
    ];
    for (name, scene) in &boards {
        let png = render_board(scene)?;
        let path = out.join(format!("board-{name}.png"));
        std::fs::write(&path, &png)?;
        println!("{} ({} KB)", path.display(), png.len() / 1024);
    }
    for (name, scene) in &boards {
        let png = render_profile(&ProfileScene::from_board(scene))?;
        let path = out.join(format!("profile-{name}.png"));
        std::fs::write(&path, &png)?;
        println!("{} ({} KB)", path.display(), png.len() / 1024);
    }
    for (name, table) in [
        ("general", samples::general_classification().after_stage(3)),
        ("mountains", samples::mountains_classification()),
        ("youth", samples::youth_classification()),
        ("teams", samples::team_classification()),
    ] {
        let png = render_standings(&table)?;
        let path = out.join(format!("standings-{name}.png"));
        std::fs::write(&path, &png)?;
        println!("{} ({} KB)", path.display(), png.len() / 1024);
    }
    Ok(())
}
