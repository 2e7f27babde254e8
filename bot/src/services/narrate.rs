//! The words and pictures of the replies: a round told rider by rider, a stage's result, the
//! classifications as text tables, the winners. Pictures come from the render crate.

use commissaire_engine::card_race::{Event, Stage, StageView};
use commissaire_engine::tour::{
    FinalWinners, StageResult, StandingRow, Standings, TourOptions, stage_times,
};
use commissaire_render::{
    BoardScene, Classification, ProfileScene, render_board, render_profile, render_standings,
    standings_table,
};

/// How many rows a classification shows in text (the picture shows them all).
const TEXT_ROWS: usize = 10;

/// One resolved round, told.
#[derive(Debug, Clone)]
pub(crate) struct RoundNews {
    pub stage: u32,
    pub round: u32,
    pub lines: Vec<String>,
}

/// Tells a round from the events of the choice that resolved it (cards revealed, moves,
/// slipstream, exhaustion, riders across the line).
pub(crate) fn round(stage: &Stage, number: u32, round: u32, events: &[Event]) -> RoundNews {
    let name = |i: u8| {
        stage
            .setup()
            .riders
            .get(i as usize)
            .map_or_else(|| format!("rider {i}"), |r| r.id.clone())
    };
    let mut lines = Vec::new();
    for e in events {
        match e {
            Event::Moved {
                rider,
                card,
                from,
                to,
                blocked,
                ..
            } => {
                let mut line = format!(
                    "{} plays {card}: row {} → {}",
                    name(*rider),
                    from.row,
                    to.row
                );
                if *blocked > 0 {
                    line.push_str(&if *blocked == 1 {
                        " (blocked, 1 row lost)".to_string()
                    } else {
                        format!(" (blocked, {blocked} rows lost)")
                    });
                }
                lines.push(line);
            }
            Event::Slipstream { rider, to, .. } => lines.push(format!(
                "{} takes the slipstream to row {}",
                name(*rider),
                to.row
            )),
            Event::ExhaustionTaken { rider } => lines.push(format!(
                "{} rides in the wind: one exhaustion card",
                name(*rider)
            )),
            Event::Crossed { rider, .. } => {
                lines.push(format!("{} crosses the line!", name(*rider)))
            }
            _ => {}
        }
    }
    RoundNews {
        stage: number,
        round,
        lines,
    }
}

pub(crate) fn round_text(news: &RoundNews) -> String {
    let mut text = format!("**Stage {}, round {}**\n", news.stage, news.round);
    for line in &news.lines {
        text.push_str("- ");
        text.push_str(line);
        text.push('\n');
    }
    text
}

pub(crate) fn stage_result_text(title: &str, result: &StageResult) -> String {
    let mut text = format!("**{title}: result**\n");
    match stage_times(result, &TourOptions::default()) {
        Ok(mut times) => {
            times.sort_by_key(|t| t.place);
            for t in times.iter().take(TEXT_ROWS) {
                let bonus = t.finish_bonus + t.sprint_bonus;
                let bonus = if bonus > 0 {
                    format!(" (−{bonus} s bonus)")
                } else {
                    String::new()
                };
                text.push_str(&format!(
                    "{}. {} ({}) {}{bonus}\n",
                    t.place,
                    t.rider,
                    t.team,
                    commissaire_engine::tour::format_time(t.time)
                ));
            }
            if times.len() > TEXT_ROWS {
                text.push_str(&format!(
                    "… and {} more: the standings show every rider\n",
                    times.len() - TEXT_ROWS
                ));
            }
        }
        Err(e) => text.push_str(&format!("(the times cannot be computed: {e})\n")),
    }
    text
}

/// The six classifications, in the order of the rules (HB-059), with their rows.
pub(crate) fn classifications(s: &Standings) -> [(Classification, &Vec<StandingRow>); 6] {
    Classification::ALL.map(|c| {
        let rows = match c {
            Classification::General => &s.general,
            Classification::Points => &s.points,
            Classification::Mountains => &s.mountains,
            Classification::Team => &s.team,
            Classification::Youth => &s.youth,
            Classification::Combativity => &s.combativity,
        };
        (c, rows)
    })
}

/// The mark after a rider brought back by a repêchage vote (VM-085), and the legend that explains
/// it under a table: one character keeps the column narrow enough for a phone.
const REINSTATED_MARK: char = '*';
const REINSTATED_LEGEND: &str = "* repêché: brought back by the directeurs' vote";

/// A rider as a line of text: its name, with its team only when the name does not already say it
/// (tour riders are named "Team Rouleur"), so lines stay short enough for a phone.
fn who(row: &StandingRow) -> String {
    match &row.rider {
        Some(rider) if rider.as_str().starts_with(&row.team) => rider.to_string(),
        Some(rider) => format!("{rider} ({})", row.team),
        None => row.team.clone(),
    }
}

pub(crate) fn standings_text(
    after_stage: u32,
    s: &Standings,
    only: Option<Classification>,
) -> String {
    let mut text = format!("**Standings after stage {after_stage}**\n");
    for (c, rows) in classifications(s)
        .into_iter()
        .filter(|(c, _)| only.is_none_or(|o| o == *c))
    {
        text.push_str(&format!("\n__{}__\n", c.title()));
        if rows.is_empty() {
            text.push_str("nobody has scored yet\n");
            continue;
        }
        text.push_str("```\n");
        for row in rows.iter().take(TEXT_ROWS) {
            let mut name = who(row);
            if row.reinstated {
                name.push(REINSTATED_MARK);
            }
            text.push_str(&format!(
                "{:>2}. {:<30} {:>8} {}\n",
                row.rank,
                name,
                row.value.to_string(),
                row.gap_text()
            ));
        }
        if rows.len() > TEXT_ROWS {
            text.push_str(&format!("    … and {} more\n", rows.len() - TEXT_ROWS));
        }
        if rows.iter().take(TEXT_ROWS).any(|r| r.reinstated) {
            text.push_str(REINSTATED_LEGEND);
            text.push('\n');
        }
        text.push_str("```");
    }
    text
}

/// The most rows a standings picture shows: a full field of eight teams of three.
const PICTURE_ROWS: usize = 24;

pub(crate) fn standings_pngs(
    s: &Standings,
    only: Option<Classification>,
    team_index: &dyn Fn(&str) -> Option<usize>,
) -> Vec<(String, Vec<u8>)> {
    classifications(s)
        .into_iter()
        .filter(|(c, rows)| !rows.is_empty() && only.is_none_or(|o| o == *c))
        .filter_map(|(c, rows)| {
            let table = standings_table(c, rows, PICTURE_ROWS, team_index);
            let file = format!("{}.png", c.slug());
            render_standings(&table).ok().map(|png| (file, png))
        })
        .collect()
}

pub(crate) fn winners_text(w: &FinalWinners) -> String {
    let mut text = String::from("**The tour is over. The winners:**\n");
    let lines = [
        ("General classification", &w.general),
        ("Points", &w.points),
        ("Mountains", &w.mountains),
        ("Teams", &w.team),
        ("Youth", &w.youth),
        ("Combativity", &w.combativity),
    ];
    for (title, row) in lines {
        match row {
            Some(row) => {
                let back = if row.reinstated { " (repêché)" } else { "" };
                text.push_str(&format!("- {title}: {}{back} — {}\n", who(row), row.value))
            }
            None => text.push_str(&format!("- {title}: nobody scored\n")),
        }
    }
    text
}

pub(crate) fn board_png(
    view: &StageView,
    title: &str,
) -> Result<Vec<u8>, commissaire_render::RenderError> {
    let mut scene = BoardScene::from_view(view);
    scene.stage_name = title.to_string();
    render_board(&scene)
}

pub(crate) fn profile_png(
    view: &StageView,
    title: &str,
) -> Result<Vec<u8>, commissaire_render::RenderError> {
    let mut scene = ProfileScene::from_view(view);
    scene.stage_name = title.to_string();
    render_profile(&scene)
}
