//! Standings tables from the tour's classifications: the adapter between the engine's
//! `StandingRow`s and the plain table the renderer draws.

use crate::scene::{Jersey, StandingsRow, StandingsTable};
use commissaire_engine::tour::{Score, StandingRow};
use commissaire_messages::msg;

/// The six classifications of a grand tour, with their jerseys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Classification {
    General,
    Points,
    Mountains,
    Team,
    Youth,
    Combativity,
}

impl Classification {
    pub const ALL: [Classification; 6] = [
        Classification::General,
        Classification::Points,
        Classification::Mountains,
        Classification::Team,
        Classification::Youth,
        Classification::Combativity,
    ];

    pub fn title(self) -> String {
        match self {
            Classification::General => msg!("classification-general"),
            Classification::Points => msg!("classification-points"),
            Classification::Mountains => msg!("classification-mountains"),
            Classification::Team => msg!("classification-team"),
            Classification::Youth => msg!("classification-youth"),
            Classification::Combativity => msg!("classification-combativity"),
        }
    }

    /// The jersey players of these games know for it; teams and combativity have none of the
    /// classic colours, so they get the race's own (a red number for the most combative).
    pub fn jersey(self) -> Jersey {
        match self {
            Classification::General => Jersey::Yellow,
            Classification::Points => Jersey::Green,
            Classification::Mountains => Jersey::PolkaDot,
            Classification::Youth => Jersey::White,
            Classification::Team => Jersey::Rgb([0x3b, 0x4a, 0x6b]),
            Classification::Combativity => Jersey::Rgb([0xc8, 0x1e, 0x2b]),
        }
    }

    /// A short name for commands and file names ("general", "points"...).
    pub fn slug(self) -> &'static str {
        match self {
            Classification::General => "general",
            Classification::Points => "points",
            Classification::Mountains => "mountains",
            Classification::Team => "team",
            Classification::Youth => "youth",
            Classification::Combativity => "combativity",
        }
    }
}

/// The word after the name of a rider brought back by a repêchage vote (VM-085): short enough
/// for a phone, and the word the riders of the seed use.
pub fn reinstated_note() -> String {
    msg!("standings-reinstated")
}

/// A table of at most `limit` rows; `team_colour` maps a team name to its palette index.
pub fn standings_table(
    classification: Classification,
    rows: &[StandingRow],
    limit: usize,
    team_colour: &dyn Fn(&str) -> Option<usize>,
) -> StandingsTable {
    let value_header = match rows.first().map(|r| &r.value) {
        Some(Score::Points(_)) => msg!("standings-points"),
        _ => msg!("standings-time"),
    };
    StandingsTable {
        title: classification.title(),
        jersey: Some(classification.jersey()),
        value_header,
        rows: rows
            .iter()
            .take(limit)
            .map(|r| StandingsRow {
                rank: r.rank,
                rider: r
                    .rider
                    .as_ref()
                    .map_or_else(|| r.team.clone(), |k| k.to_string()),
                team: r.team.clone(),
                team_colour: team_colour(&r.team),
                value: r.value.to_string(),
                gap: r.gap_text(),
                note: r.reinstated.then(reinstated_note),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use commissaire_engine::tour::RiderKey;

    #[test]
    fn rows_carry_rank_value_gap_and_team_colour() {
        let rows = vec![
            StandingRow {
                rank: 1,
                rider: Some(RiderKey::new("Blue Rouleur")),
                start_number: Some(11),
                team: "Blue".into(),
                value: Score::Seconds(3725),
                gap: Score::Seconds(0),
                reinstated: true,
            },
            StandingRow {
                rank: 2,
                rider: None,
                start_number: None,
                team: "Red".into(),
                value: Score::Seconds(3750),
                gap: Score::Seconds(25),
                reinstated: false,
            },
        ];
        let colour = |team: &str| (team == "Red").then_some(1);
        let table = standings_table(Classification::General, &rows, 10, &colour);
        assert_eq!(table.value_header, "Time");
        assert_eq!(table.rows[0].rider, "Blue Rouleur");
        assert_eq!(table.rows[0].gap, "");
        assert_eq!(table.rows[0].note.as_deref(), Some("repêché"));
        assert_eq!(table.rows[1].note, None);
        assert_eq!(
            table.rows[1].rider, "Red",
            "a team row is named by its team"
        );
        assert_eq!(table.rows[1].gap, "+0:25");
        assert_eq!(table.rows[1].team_colour, Some(1));
        assert_eq!(
            standings_table(Classification::Points, &rows, 1, &colour)
                .rows
                .len(),
            1
        );
        crate::render_standings(&table).unwrap();
    }

    #[test]
    fn vm_085_a_rider_brought_back_is_marked_in_the_picture() {
        let row = StandingRow {
            rank: 1,
            rider: Some(RiderKey::new("Blue Rouleur")),
            start_number: Some(11),
            team: "Blue".into(),
            value: Score::Seconds(3725),
            gap: Score::Seconds(0),
            reinstated: true,
        };
        let mut table = standings_table(Classification::General, &[row], 10, &|_| Some(0));
        let marked = crate::standings::draw_standings(&table);
        table.rows[0].note = None;
        assert_ne!(marked, crate::standings::draw_standings(&table));
    }
}
