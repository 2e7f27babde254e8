//! Pictures of engine views for Discord: the board after every turn, the stage profile, the
//! standings. Every picture is an opaque PNG at most 1600 px wide, drawn with an embedded font, and
//! the same scene always gives the same bytes.
//!
//! The renderer takes small plain scenes ([`BoardScene`], [`ProfileScene`], [`StandingsTable`])
//! rather than engine state, so it only ever sees what a public view shows.

pub mod animation;
pub mod board;
pub mod chart;
pub mod crowds;
mod draw;
mod encode;
pub mod games;
mod glyphs;
pub mod layout;
pub mod odds;
pub mod palette;
pub mod played;
pub mod profile;
pub mod ruleset;
pub mod samples;
pub mod scene;
mod sky;
pub mod standings;
pub mod text;
pub mod text_board;
pub mod tour;
pub mod vision;
pub use games::{card_race, velo_master};

pub use board::{BoardPicture, draw_board, render_board};
pub use chart::{ChartScene, chart_series, render_chart};
pub use profile::render_profile;
pub use scene::{
    BoardScene, Jersey, Mark, MarkKind, Played, ProfileDot, ProfileScene, RiderToken, SquareSign,
    StandingsRow, StandingsTable, TeamStyle,
};
pub use standings::render_standings;
pub use tour::{gap_text, score_text, standings_table, title as classification_title};

use commissaire_engine::course::Pos;

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("rider {label} is at row {}, lane {}, which is not on the course", pos.row, pos.lane)]
    OffCourse { label: String, pos: Pos },
    #[error("letter {letter} marks row {}, lane {}, which is not on the course", pos.row, pos.lane)]
    LetterOffCourse { letter: char, pos: Pos },
    #[error("rider {label} belongs to team {team}, but the scene has {teams} teams")]
    NoSuchTeam {
        label: String,
        team: usize,
        teams: usize,
    },
    #[error("this game has no pictures yet")]
    NoPictures,
    #[error("could not draw the chart: {0}")]
    Chart(String),
    #[error("could not make the animation: {0}")]
    Animation(String),
    #[error("could not encode the picture: {0}")]
    Encode(#[from] image::ImageError),
}
