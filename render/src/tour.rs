//! Standings tables from the tour's classifications: the adapter between the engine's
//! `StandingRow`s and the plain table the renderer draws.

use crate::scene::{Jersey, StandingsRow, StandingsTable};
use commissaire_engine::tour::{self, Classification, Score, StandingRow, Unit};
use commissaire_messages::{msg, sentence};

impl From<tour::Jersey> for Jersey {
    fn from(j: tour::Jersey) -> Self {
        match j {
            tour::Jersey::Yellow => Jersey::Yellow,
            tour::Jersey::Green => Jersey::Green,
            tour::Jersey::PolkaDot => Jersey::PolkaDot,
            tour::Jersey::White => Jersey::White,
            tour::Jersey::Gold => Jersey::Gold,
            tour::Jersey::Red => Jersey::Red,
            tour::Jersey::Rgb(c) => Jersey::Rgb(c),
        }
    }
}

/// A classification's title, from the message catalogue.
pub fn title(classification: &Classification) -> String {
    sentence(&classification.title)
}

/// A classification's value as the standings print it: a time (`1:02:03`), or points in the
/// reader's language ("1 pt", "12 pts").
pub fn score_text(score: Score) -> String {
    match score {
        Score::Seconds(_) => score.to_string(),
        Score::Points(points) => msg!("score-points", points = points),
    }
}

/// How far a row is behind the leader, as the standings print it: empty for the leader,
/// `+0:25`, or points behind in the reader's language ("3 pts behind": a "-3 pts" would read
/// as a negative score).
pub fn gap_text(row: &StandingRow) -> String {
    match row.gap {
        Score::Seconds(0) | Score::Points(0) => String::new(),
        Score::Seconds(_) => row.gap_text(),
        Score::Points(points) => msg!("score-behind", points = points),
    }
}

/// The word after the name of a rider brought back by a repêchage vote (VM-085): short enough
/// for a phone, and the word the riders of the seed use.
pub fn reinstated_note() -> String {
    msg!("standings-reinstated")
}

/// A table of at most `limit` rows of a ruleset's classification; `team_colour` maps a team
/// name to its palette index.
pub fn standings_table(
    classification: &Classification,
    limit: usize,
    team_colour: &dyn Fn(&str) -> Option<crate::palette::Colour>,
) -> StandingsTable {
    let value_header = match classification.unit {
        Unit::Points => msg!("standings-points"),
        Unit::Time => msg!("standings-time"),
    };
    let rows: &[StandingRow] = &classification.rows;
    StandingsTable {
        title: title(classification),
        jersey: classification.jersey.map(Jersey::from),
        value_header,
        holder: classification.holder.filter(|&h| h < limit),
        subtitle: None,
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
                value: score_text(r.value),
                gap: gap_text(r),
                note: match r.riders_left {
                    Some(count) => Some(msg!("standings-team-short", count = count)),
                    None => r.reinstated.then(reinstated_note),
                },
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use commissaire_engine::registry::Sentence;
    use commissaire_engine::tour::{RiderKey, Score};

    fn table_of(
        id: &'static str,
        title: &'static str,
        jersey: Option<tour::Jersey>,
        unit: Unit,
        rows: Vec<StandingRow>,
    ) -> Classification {
        Classification {
            id,
            title: Sentence {
                id: title,
                args: Vec::new(),
                text: String::new(),
            },
            jersey,
            unit,
            holder: (!rows.is_empty()).then_some(0),
            rows,
        }
    }

    fn row(rank: u32, rider: Option<&str>, team: &str, value: Score, gap: Score) -> StandingRow {
        StandingRow {
            rank,
            rider: rider.map(RiderKey::new),
            start_number: rider.map(|_| rank),
            team: team.into(),
            value,
            gap,
            reinstated: false,
            riders_left: None,
        }
    }

    #[test]
    fn rows_carry_rank_value_gap_and_team_colour() {
        let mut first = row(
            1,
            Some("Blue Rouleur"),
            "Blue",
            Score::Seconds(3725),
            Score::Seconds(0),
        );
        first.reinstated = true;
        let rows = vec![
            first,
            row(2, None, "Red", Score::Seconds(3750), Score::Seconds(25)),
        ];
        let colour = |team: &str| (team == "Red").then_some(crate::palette::team(1));
        let general = table_of(
            "general",
            "classification-general",
            Some(tour::Jersey::Yellow),
            Unit::Time,
            rows,
        );
        let table = standings_table(&general, 10, &colour);
        assert_eq!(table.title, "General classification");
        assert_eq!(table.jersey, Some(Jersey::Yellow));
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
        assert_eq!(table.rows[1].team_colour, Some(crate::palette::team(1)));
        assert_eq!(standings_table(&general, 1, &colour).rows.len(), 1);
        crate::render_standings(&table).unwrap();
    }

    #[test]
    fn vm_085_a_rider_brought_back_is_marked_in_the_picture() {
        let mut r = row(
            1,
            Some("Blue Rouleur"),
            "Blue",
            Score::Seconds(3725),
            Score::Seconds(0),
        );
        r.reinstated = true;
        let c = table_of(
            "general",
            "classification-general",
            Some(tour::Jersey::Yellow),
            Unit::Time,
            vec![r],
        );
        let mut table = standings_table(&c, 10, &|_| Some(crate::palette::team(0)));
        let marked = crate::standings::draw_standings(&table);
        table.rows[0].note = None;
        assert_ne!(marked, crate::standings::draw_standings(&table));
    }

    #[test]
    fn vm_081_the_rouge_is_drawn_on_its_holder_not_on_the_first_line() {
        let rows = vec![
            row(
                1,
                Some("Blue Leader"),
                "Blue",
                Score::Points(45),
                Score::Points(0),
            ),
            row(
                2,
                Some("Red Leader"),
                "Red",
                Score::Points(40),
                Score::Points(5),
            ),
        ];
        let mut c = table_of(
            "mountains",
            "classification-rouge",
            Some(tour::Jersey::Red),
            Unit::Points,
            rows,
        );
        // Blue Leader wears the Or: the Rouge goes to the second climber (VM-081).
        c.holder = Some(1);
        let table = standings_table(&c, 10, &|_| Some(crate::palette::team(0)));
        assert_eq!(table.title, "Maillot Rouge (climbers)");
        assert_eq!(table.value_header, "Points");
        assert_eq!(table.holder, Some(1));
        let tint = crate::standings::leader_tint(Jersey::Red);
        assert_eq!(crate::standings::row_background(&table, 1), tint);
        assert_ne!(crate::standings::row_background(&table, 0), tint);
        // A classification without a jersey (Velo Master's teams) has no jersey's tint.
        c.jersey = None;
        let table = standings_table(&c, 10, &|_| Some(crate::palette::team(0)));
        assert_eq!(table.jersey, None);
        assert_ne!(crate::standings::row_background(&table, 1), tint);
        crate::render_standings(&table).unwrap();
    }

    /// Issue 22, item 11: Velo Master's team table (no jersey) still shows its leader's line,
    /// in his team's colour, and a team ranked after the full teams with less time says why.
    #[test]
    fn vm_142_a_49_the_team_table_shows_its_leader_and_why_a_short_team_ranks_last() {
        let mut short = row(3, None, "Green", Score::Seconds(30_420), Score::Seconds(0));
        short.riders_left = Some(2);
        let rows = vec![
            row(1, None, "Blue", Score::Seconds(45_600), Score::Seconds(0)),
            row(2, None, "Red", Score::Seconds(46_380), Score::Seconds(780)),
            short,
        ];
        let mut c = table_of("team", "classification-vm-team", None, Unit::Time, rows);
        c.holder = Some(0);
        let colour = |team: &str| {
            ["Blue", "Red", "Green"]
                .iter()
                .position(|t| *t == team)
                .map(crate::palette::team)
        };
        let table = standings_table(&c, 10, &colour);
        let notes: Vec<_> = table.rows.iter().map(|r| r.note.as_deref()).collect();
        assert_eq!(
            notes,
            [
                None,
                None,
                Some("2 riders left: ranked after the full teams")
            ]
        );
        let background = |i| crate::standings::row_background(&table, i);
        assert_eq!(
            background(0),
            crate::palette::fade(crate::palette::team(0), 0.7),
            "the leading team's line, in its colour"
        );
        assert_ne!(background(2), background(0));
        // The note fits beside the name: the team's whole name is drawn.
        assert_eq!(crate::standings::name_texts(&table)[2], "Green");
        let png = crate::render_standings(&table).unwrap();
        if let Ok(dir) = std::env::var("VM_BOARD_OUT") {
            std::fs::write(std::path::Path::new(&dir).join("vm-teams.png"), png).unwrap();
        }
    }
}
