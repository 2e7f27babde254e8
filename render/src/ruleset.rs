//! The pictures of a stage of any ruleset: the registry's scene, handed to that ruleset's
//! adapter. A new ruleset adds its arm here (and its adapter module); the services never name
//! a game.

use crate::{BoardScene, Jersey, ProfileScene, RenderError, render_board, render_profile};
use commissaire_engine::registry::Scene;

/// The board of a scene, drawn by its game's adapter, under the course's name.
pub fn board_scene(scene: &Scene) -> Result<BoardScene, RenderError> {
    match scene {
        Scene::CardRace(view) => Ok(BoardScene::from_view(view)),
        Scene::VeloMaster(view) => Ok(BoardScene::from_velo_master(view)),
        Scene::MaillotJaune(view) => Ok(BoardScene::from_maillot_jaune(view)),
        Scene::Hulst(view) => Ok(BoardScene::from_hulst(view)),
        #[allow(unreachable_patterns)]
        _ => Err(RenderError::NoPictures),
    }
}

/// The profile of a scene (the whole course, where every rider is), by its game's adapter.
pub fn profile_scene(scene: &Scene) -> Result<ProfileScene, RenderError> {
    match scene {
        Scene::CardRace(view) => Ok(ProfileScene::from_view(view)),
        Scene::VeloMaster(view) => Ok(ProfileScene::from_board(&BoardScene::from_velo_master(
            view,
        ))),
        Scene::MaillotJaune(view) => Ok(ProfileScene::from_board(&BoardScene::from_maillot_jaune(
            view,
        ))),
        Scene::Hulst(view) => Ok(ProfileScene::from_board(&BoardScene::from_hulst(view))),
        #[allow(unreachable_patterns)]
        _ => Err(RenderError::NoPictures),
    }
}

/// The board as it stands, titled, each team in its colour (`colours` maps a team name to its
/// palette index).
pub fn board_png(
    scene: &Scene,
    title: &str,
    colours: &dyn Fn(&str) -> Option<crate::palette::Colour>,
) -> Result<Vec<u8>, RenderError> {
    worn_board_png(scene, title, colours, &|_| None)
}

/// [`board_png`] with the jersey each rider wears drawn on his token (`jerseys` maps a rider's
/// id to the jersey of the classification he leads).
pub fn worn_board_png(
    scene: &Scene,
    title: &str,
    colours: &dyn Fn(&str) -> Option<crate::palette::Colour>,
    jerseys: &dyn Fn(&str) -> Option<Jersey>,
) -> Result<Vec<u8>, RenderError> {
    named_worn_board_png(scene, title, colours, jerseys, &[])
}

/// [`worn_board_png`] with the classification each jersey stands for, which the key names.
pub fn named_worn_board_png(
    scene: &Scene,
    title: &str,
    colours: &dyn Fn(&str) -> Option<crate::palette::Colour>,
    jerseys: &dyn Fn(&str) -> Option<Jersey>,
    names: &[(Jersey, String)],
) -> Result<Vec<u8>, RenderError> {
    render_board(&titled_board(scene, title, colours, jerseys, names)?)
}

/// The board [`named_worn_board_png`] draws, before it is drawn: what a caller keeps a drawn
/// picture under ([`BoardScene::key`]).
pub fn titled_board(
    scene: &Scene,
    title: &str,
    colours: &dyn Fn(&str) -> Option<crate::palette::Colour>,
    jerseys: &dyn Fn(&str) -> Option<Jersey>,
    names: &[(Jersey, String)],
) -> Result<BoardScene, RenderError> {
    let mut board = board_scene(scene)?
        .with_team_colours(colours)
        .with_jerseys(jerseys)
        .with_jersey_names(names);
    board.stage_name = title.to_string();
    Ok(board)
}

/// The profile [`profile_png`] draws, before it is drawn.
pub fn titled_profile(
    scene: &Scene,
    title: &str,
    colours: &dyn Fn(&str) -> Option<crate::palette::Colour>,
) -> Result<ProfileScene, RenderError> {
    let mut profile = profile_scene(scene)?.with_team_colours(colours);
    profile.stage_name = title.to_string();
    Ok(profile)
}

/// The whole course at a glance, with where every rider is.
pub fn profile_png(
    scene: &Scene,
    title: &str,
    colours: &dyn Fn(&str) -> Option<crate::palette::Colour>,
) -> Result<Vec<u8>, RenderError> {
    render_profile(&titled_profile(scene, title, colours)?)
}

/// How long each turn of a stage's animation is shown, in hundredths of a second, for a stage
/// of `turns` settled turns: a second a turn, less for a game that settles many (Velo Master
/// settles every roll), so that the whole stage plays in about forty seconds, never less than
/// a fifth of a second a turn.
pub fn turn_delay(turns: usize) -> u16 {
    (4000 / turns.max(1)).clamp(20, 100) as u16
}

/// One frame of a stage's animation: the turn's board under its title. A replay is watched,
/// not chosen from: the cells lettered for the rider who was to choose next are left out (with
/// them the key's line that explains them).
pub(crate) fn replay_frame(
    scene: &Scene,
    title: &str,
    colours: &dyn Fn(&str) -> Option<crate::palette::Colour>,
    jerseys: &dyn Fn(&str) -> Option<Jersey>,
    names: &[(Jersey, String)],
) -> Result<crate::BoardPicture, RenderError> {
    let mut board = board_scene(scene)?
        .with_team_colours(colours)
        .with_jerseys(jerseys)
        .with_jersey_names(names);
    board.stage_name = title.to_string();
    board.letters.clear();
    crate::draw_board(&board)
}

/// A stage as an animated GIF (see [`crate::animation`]): the board after each settled turn in
/// turn, each titled (`turns`: the scene and its title, the turn's name in it), then the last
/// board again under `finish_title`, held two seconds. Only public scenes belong here: every
/// frame is posted to the channel.
pub fn stage_gif(
    turns: &[(Scene, String)],
    finish_title: &str,
    colours: &dyn Fn(&str) -> Option<crate::palette::Colour>,
    jerseys: &dyn Fn(&str) -> Option<Jersey>,
    names: &[(Jersey, String)],
) -> Result<Vec<u8>, RenderError> {
    let delay = turn_delay(turns.len());
    let mut animation = crate::animation::Animation::new();
    let draw = |scene: &Scene, title: &str| -> Result<image::RgbImage, RenderError> {
        Ok(replay_frame(scene, title, colours, jerseys, names)?.image)
    };
    for (scene, title) in turns {
        animation.push(draw(scene, title)?, delay);
    }
    let Some((last, _)) = turns.last() else {
        return Err(RenderError::Animation(
            "a stage with no settled turn".into(),
        ));
    };
    animation.push(draw(last, finish_title)?, crate::animation::HOLD_CS);
    animation.finish()
}
