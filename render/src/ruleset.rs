//! The pictures of a stage of any ruleset: the registry's scene, handed to that ruleset's
//! adapter. A new ruleset adds its arm here (and its adapter module); the services never name
//! a game.

use crate::{BoardScene, Jersey, ProfileScene, RenderError, render_board, render_profile};
use commissaire_engine::registry::Scene;

/// The board as it stands, titled, each team in its colour (`colours` maps a team name to its
/// palette index).
pub fn board_png(
    scene: &Scene,
    title: &str,
    colours: &dyn Fn(&str) -> Option<usize>,
) -> Result<Vec<u8>, RenderError> {
    worn_board_png(scene, title, colours, &|_| None)
}

/// [`board_png`] with the jersey each rider wears drawn on his token (`jerseys` maps a rider's
/// id to the jersey of the classification he leads).
pub fn worn_board_png(
    scene: &Scene,
    title: &str,
    colours: &dyn Fn(&str) -> Option<usize>,
    jerseys: &dyn Fn(&str) -> Option<Jersey>,
) -> Result<Vec<u8>, RenderError> {
    match scene {
        Scene::CardRace(view) => {
            let mut board = BoardScene::from_view(view)
                .with_team_colours(colours)
                .with_jerseys(jerseys);
            board.stage_name = title.to_string();
            render_board(&board)
        }
        Scene::VeloMaster(view) => {
            let mut board = BoardScene::from_velo_master(view)
                .with_team_colours(colours)
                .with_jerseys(jerseys);
            board.stage_name = title.to_string();
            render_board(&board)
        }
        #[allow(unreachable_patterns)]
        _ => Err(RenderError::NoPictures),
    }
}

/// The whole course at a glance, with where every rider is.
pub fn profile_png(
    scene: &Scene,
    title: &str,
    colours: &dyn Fn(&str) -> Option<usize>,
) -> Result<Vec<u8>, RenderError> {
    match scene {
        Scene::CardRace(view) => {
            let mut profile = ProfileScene::from_view(view).with_team_colours(colours);
            profile.stage_name = title.to_string();
            render_profile(&profile)
        }
        Scene::VeloMaster(view) => {
            let board = BoardScene::from_velo_master(view);
            let mut profile = ProfileScene::from_board(&board).with_team_colours(colours);
            profile.stage_name = title.to_string();
            render_profile(&profile)
        }
        #[allow(unreachable_patterns)]
        _ => Err(RenderError::NoPictures),
    }
}
