//! The plain inputs of the pictures. The renderer takes these rather than engine types so that any
//! ruleset (or a test) can fill them; adapters from engine views live beside them.

use commissaire_engine::course::{Course, Pos};
use std::sync::Arc;

/// A team as the legend shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamStyle {
    pub name: String,
    /// Index into the team palette ([`crate::palette::team`]): the colour the team chose
    /// ([`crate::palette::team_index`]), or its seat when it chose none.
    pub colour: usize,
    /// The team's mark in the legend chip: the same prefix its riders' tokens carry (an
    /// initial, or a number when two teams share an initial), so chip and tokens always match.
    pub mark: String,
}

/// Sets each team's colour to the one `colour_of` gives its name (a palette index, see
/// [`crate::palette::team_index`]); a team it gives none keeps the colour it had.
fn recolour(teams: &mut [TeamStyle], colour_of: &dyn Fn(&str) -> Option<usize>) {
    for t in teams {
        if let Some(c) = colour_of(&t.name) {
            t.colour = c;
        }
    }
}

/// One rider on the board and what happened to it in the turn just played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RiderToken {
    /// Short text on the token, e.g. "BR" (team initial + R/S); keep it to 2 or 3 characters.
    pub label: String,
    /// Index into [`BoardScene::teams`].
    pub team: usize,
    pub pos: Pos,
    /// The card played this turn, as printed on it ("5", "2E"...).
    pub card_played: Option<String>,
    /// Moved up by slipstream this turn.
    pub slipstream: bool,
    /// Took an exhaustion card this turn.
    pub exhaustion: bool,
    /// Crossed the finish line this turn.
    pub crossed: bool,
    /// Already across the line before this turn (drawn faded).
    pub finished: bool,
}

impl RiderToken {
    /// A token with nothing happening this turn.
    pub fn new(label: impl Into<String>, team: usize, pos: Pos) -> Self {
        RiderToken {
            label: label.into(),
            team,
            pos,
            card_played: None,
            slipstream: false,
            exhaustion: false,
            crossed: false,
            finished: false,
        }
    }
}

/// Everything the board picture shows.
#[derive(Debug, Clone)]
pub struct BoardScene {
    pub course: Arc<Course>,
    pub stage_name: String,
    /// The turn just played (0 before the first).
    pub turn: u32,
    pub teams: Vec<TeamStyle>,
    pub riders: Vec<RiderToken>,
}

impl BoardScene {
    /// The scene with each team in the colour it chose: see [`TeamStyle::colour`].
    pub fn with_team_colours(mut self, colour_of: &dyn Fn(&str) -> Option<usize>) -> Self {
        recolour(&mut self.teams, colour_of);
        self
    }
}

/// A rider's dot on the stage profile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProfileDot {
    pub team: usize,
    pub pos: Pos,
}

/// Everything the stage profile shows: the whole course and where every rider stands.
#[derive(Debug, Clone)]
pub struct ProfileScene {
    pub course: Arc<Course>,
    pub stage_name: String,
    pub teams: Vec<TeamStyle>,
    pub riders: Vec<ProfileDot>,
}

impl ProfileScene {
    /// The scene with each team in the colour it chose: see [`TeamStyle::colour`].
    pub fn with_team_colours(mut self, colour_of: &dyn Fn(&str) -> Option<usize>) -> Self {
        recolour(&mut self.teams, colour_of);
        self
    }

    /// The profile of the moment a board shows.
    pub fn from_board(board: &BoardScene) -> Self {
        ProfileScene {
            course: Arc::clone(&board.course),
            stage_name: board.stage_name.clone(),
            teams: board.teams.clone(),
            riders: board
                .riders
                .iter()
                .map(|r| ProfileDot {
                    team: r.team,
                    pos: r.pos,
                })
                .collect(),
        }
    }
}

/// The jersey of a classification, drawn in the standings header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Jersey {
    /// General classification (time).
    Yellow,
    /// Points.
    Green,
    /// Mountains: white with red dots.
    PolkaDot,
    /// Youth.
    White,
    /// Any other classification, by colour.
    Rgb([u8; 3]),
}

/// One line of a classification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandingsRow {
    pub rank: u32,
    pub rider: String,
    pub team: String,
    /// Team palette index, for a colour chip beside the team name.
    pub team_colour: Option<usize>,
    /// Time ("12h 03' 20\"") or points ("42"), already formatted.
    pub value: String,
    /// Gap to the leader, already formatted ("+1' 05\"", "-12"); empty for the leader.
    pub gap: String,
    /// A word drawn small after the rider's name, which the name's cut never hides: the tour
    /// writes "repêché" for a rider brought back by a vote.
    pub note: Option<String>,
}

/// A classification table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandingsTable {
    pub title: String,
    pub jersey: Option<Jersey>,
    /// Header of the value column ("Time", "Points").
    pub value_header: String,
    pub rows: Vec<StandingsRow>,
}
