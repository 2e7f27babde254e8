//! Between two stages: where your riders finished the stage and where they stand in the general
//! classification, read from the stored results (the channel's message shows only the top ten).

use crate::store::tours::TourRow;
use commissaire_engine::registry;
use commissaire_engine::tour::{StageResult, StandingRow, format_time};
use commissaire_messages::{msg, sentence};

/// Rows of the general classification always shown; your riders below them are added.
const TOP: usize = 10;

/// The summary after `results.last()` of `tour`, for the team called `team`.
pub fn after_stage(tour: &TourRow, results: &[StageResult], team: &str) -> String {
    let Some(stage) = results.last() else {
        return String::new();
    };
    let mut text = msg!("summary-stage-over", stage = stage.number);
    text.push('\n');
    match registry::stage_times(&tour.ruleset, stage) {
        Ok(mut times) => {
            times.sort_by_key(|t| t.place);
            let field = times.len();
            let winner = times.first().map_or(0, |t| t.time);
            for t in times.iter().filter(|t| t.team == team) {
                let line = if t.time > winner {
                    msg!(
                        "summary-rider-behind",
                        rider = t.rider.to_string(),
                        place = ordinal(t.place),
                        field = field,
                        time = format_time(t.time),
                        gap = format_time(t.time - winner)
                    )
                } else {
                    msg!(
                        "summary-rider",
                        rider = t.rider.to_string(),
                        place = ordinal(t.place),
                        field = field,
                        time = format_time(t.time)
                    )
                };
                text.push_str(&line);
                text.push('\n');
            }
        }
        Err(e) => {
            text.push_str(&msg!("summary-no-times", error = e.to_string()));
            text.push('\n');
        }
    }
    // The game's time classification (the card race's general, Velo Master's Maillot Or).
    let general =
        registry::classify(&tour.ruleset, results, &tour.options).map(|c| c.general().cloned());
    match general {
        Ok(Some(general)) => {
            text.push_str(&msg!(
                "summary-general",
                title = sentence(&general.title),
                stage = stage.number,
                riders = general.rows.len()
            ));
            text.push('\n');
            text.push_str(&general_lines(&general.rows, team));
        }
        Ok(None) => {}
        Err(e) => {
            text.push_str(&msg!("summary-no-standings", error = e));
            text.push('\n');
        }
    }
    text.trim_end().to_string()
}

/// The top of the classification, then your riders further down, with `…` for rows left out.
fn general_lines(rows: &[StandingRow], team: &str) -> String {
    let mut text = String::new();
    let mut shown_up_to = 0;
    for (i, row) in rows.iter().enumerate() {
        let yours = row.team == team;
        if i >= TOP && !yours {
            continue;
        }
        if i > shown_up_to {
            text.push_str("   …\n");
        }
        shown_up_to = i + 1;
        let name = row
            .rider
            .as_ref()
            .map_or(row.team.clone(), |r| r.to_string());
        let mark = if yours {
            format!("  {}", msg!("summary-yours"))
        } else {
            String::new()
        };
        text.push_str(&format!(
            "{:>3}. {:<30} {:>8} {}{mark}\n",
            row.rank,
            name,
            commissaire_render::score_text(row.value),
            commissaire_render::gap_text(row)
        ));
    }
    if shown_up_to < rows.len() {
        text.push_str(&format!(
            "   {}\n",
            msg!("summary-more", count = rows.len() - shown_up_to)
        ));
    }
    text
}

fn ordinal(n: u32) -> String {
    msg!("ordinal", n = n)
}

#[cfg(test)]
mod tests {
    use super::ordinal;

    #[test]
    fn places_read_as_english() {
        let words: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal).into();
        assert_eq!(
            words,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"
            ]
        );
    }
}
