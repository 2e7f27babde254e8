//! The words and pictures of the replies: a round told rider by rider, a stage's result, the
//! classifications as text tables, the winners. Pictures come from the render crate.

use super::ServiceError;
use super::live::{News, Scored};
use crate::store::teams::TeamRow;
use crate::store::tours::TourRow;
use commissaire_engine::registry::{self, Scene, Sentence, Told};
use commissaire_engine::tour::{
    Classification, Classifications, RiderStage, Score, StageResult, StageTime, StandingRow,
};
use commissaire_messages::{msg, sentence, sentence_at_start};
use commissaire_render::{classification_title, palette, render_standings, standings_table};

/// How many rows a classification shows in text (the picture shows them all).
const TEXT_ROWS: usize = 10;

/// One resolved round, told.
#[derive(Debug, Clone)]
pub(crate) struct RoundNews {
    pub stage: u32,
    /// The services' count of the turn (see `Live::turn`).
    pub round: u32,
    /// What its game called the turn: what the players read.
    pub name: Sentence,
    /// Every move, rider by rider.
    pub lines: Vec<String>,
    /// The round in one line: who leads, who crossed, who took exhaustion.
    pub brief: String,
    /// What of the turn matters when a run of turns of one name is told in one line (see
    /// `DynStage::notable`): the game's choice.
    pub notable: Vec<String>,
}

/// A settled turn as its ruleset tells it (the card race: cards revealed, moves, slipstream,
/// exhaustion, riders across the line, and the round in one line).
pub(crate) fn turn(
    number: u32,
    turn: u32,
    name: &Sentence,
    told: &Told,
    notable: Vec<Sentence>,
) -> RoundNews {
    RoundNews {
        stage: number,
        round: turn,
        name: name.clone(),
        lines: told.lines.iter().map(sentence).collect(),
        brief: told
            .brief
            .as_ref()
            .map_or_else(|| told_in_one_line(told), sentence),
        notable: notable.iter().map(sentence).collect(),
    }
}

/// The most notable lines a run of turns told in one line keeps before "and N more".
const NOTABLE_IN_BRIEF: usize = 4;

/// Turns told in brief: a line per run of consecutive turns of the same name (a game of many
/// rolls a round tells a round in one line), saying what mattered in them, as their game
/// chose (`DynStage::notable`), then the last one's brief (where the race stands).
fn briefs(turns: &[&RoundNews]) -> Vec<String> {
    let mut lines = Vec::new();
    let mut i = 0;
    while i < turns.len() {
        let run = turns[i..]
            .iter()
            .take_while(|t| t.name == turns[i].name)
            .count();
        let group = &turns[i..i + run];
        let notable: Vec<&str> = group
            .iter()
            .flat_map(|t| t.notable.iter().map(String::as_str))
            .collect();
        let last = group[run - 1];
        let mut parts: Vec<String> = notable
            .iter()
            .take(NOTABLE_IN_BRIEF)
            .map(|s| s.to_string())
            .collect();
        if let (Some(kept), true) = (parts.last_mut(), notable.len() > NOTABLE_IN_BRIEF) {
            *kept = msg!(
                "round-and-more",
                first = kept.as_str(),
                count = notable.len() - NOTABLE_IN_BRIEF
            );
        }
        parts.push(last.brief.clone());
        lines.push(msg!(
            "news-brief-round",
            turn = sentence_at_start(&last.name),
            brief = parts.join(" ")
        ));
        i += run;
    }
    lines
}

/// A turn whose ruleset gives no summary: its first line and how many more.
fn told_in_one_line(told: &Told) -> String {
    match told.lines.as_slice() {
        [] => msg!("round-nothing-happened"),
        [only] => sentence(only),
        [first, rest @ ..] => msg!(
            "round-and-more",
            first = sentence(first),
            count = rest.len()
        ),
    }
}

pub(crate) fn round_text(news: &RoundNews) -> String {
    let mut text = msg!(
        "round-title",
        stage = news.stage,
        turn = sentence(&news.name)
    ) + "\n";
    for line in &news.lines {
        text.push_str("- ");
        text.push_str(line);
        text.push('\n');
    }
    text
}

/// A stage's result: every finisher (a stage has at most a few dozen riders), in finish order.
pub(crate) fn stage_result_text(
    title: &str,
    result: &StageResult,
    times: &Result<Vec<StageTime>, String>,
) -> String {
    // The list is the finish order with the time ridden, and the bonus seconds (house rules B:
    // finish places 1 to 3 and the intermediate sprints) are shown apart because they come off
    // in the general classification only: the time with its bonus, in finish order, would
    // print a slower time above a faster one. The legend under the title says so.
    let mut text = msg!("stage-result-title", stage = title) + "\n";
    // A game that times its riders itself (Velo Master) gives no bonus: its legend says so.
    // (A domestique who quit a house-A stage is timed too, HA-030; the others are not.)
    if result
        .riders
        .iter()
        .all(|r| r.outcome.is_timed() || r.place.is_none())
    {
        text.push_str(&msg!("stage-result-legend-timed"));
    } else if !result.bonus_seconds {
        // House rules A's card race gives no bonus seconds (seed 001 has none).
        text.push_str(&msg!("stage-result-legend-no-bonus"));
    } else {
        text.push_str(&msg!("stage-result-legend"));
    }
    text.push('\n');
    match times {
        Ok(times) => {
            let mut times = times.clone();
            times.sort_by_key(|t| t.place);
            for t in &times {
                let bonus = t.finish_bonus + t.sprint_bonus;
                let rider = if t.rider.as_str().starts_with(&t.team) {
                    t.rider.to_string()
                } else {
                    msg!("rider-of-team", rider = t.rider.as_str(), team = &t.team)
                };
                let time = commissaire_engine::tour::format_time(t.ridden);
                text.push_str(&if bonus > 0 {
                    msg!(
                        "stage-result-line-bonus",
                        place = t.place,
                        rider = rider,
                        time = time,
                        bonus = bonus
                    )
                } else {
                    msg!(
                        "stage-result-line",
                        place = t.place,
                        rider = rider,
                        time = time
                    )
                });
                text.push('\n');
            }
            let out: Vec<&RiderStage> = result
                .riders
                .iter()
                .filter(|r| times.iter().all(|t| t.rider != r.rider))
                .collect();
            text.push_str(&left_the_race(&out));
        }
        Err(e) => {
            text.push_str(&msg!("summary-no-times", error = e.as_str()));
            text.push('\n');
        }
    }
    text
}

/// A stage's result in a tour led by points (a world cup): every rider in finish order with the
/// points it scored in the leading classification on this stage.
pub(crate) fn stage_points_text(
    title: &str,
    result: &StageResult,
    table: &Classification,
) -> String {
    let mut text = msg!("stage-result-title", stage = title) + "\n";
    text.push_str(&msg!(
        "stage-result-legend-points",
        classification = sentence(&table.title)
    ));
    text.push('\n');
    let mut placed: Vec<_> = result.riders.iter().filter(|r| r.place.is_some()).collect();
    placed.sort_by_key(|r| r.place);
    for r in &placed {
        let rider = if r.rider.as_str().starts_with(&r.team) {
            r.rider.to_string()
        } else {
            msg!("rider-of-team", rider = r.rider.as_str(), team = &r.team)
        };
        let points = table
            .rows
            .iter()
            .find(|row| row.rider.as_ref() == Some(&r.rider))
            .map_or(0, |row| match row.value {
                Score::Points(p) => p,
                Score::Seconds(_) => 0,
            });
        text.push_str(&msg!(
            "stage-result-line-points",
            place = r.place.unwrap_or_default(),
            rider = rider,
            points = points
        ));
        text.push('\n');
    }
    let out: Vec<&RiderStage> = result.riders.iter().filter(|r| r.place.is_none()).collect();
    text.push_str(&left_the_race(&out));
    text
}

/// The riders who left the race during the stage, by name (issue 22, item 11), on a line of
/// their own; nothing when nobody left.
fn left_the_race(out: &[&RiderStage]) -> String {
    if out.is_empty() {
        return String::new();
    }
    let names: Vec<String> = out
        .iter()
        .map(|r| {
            if r.rider.as_str().starts_with(&r.team) {
                r.rider.to_string()
            } else {
                msg!("rider-of-team", rider = r.rider.as_str(), team = &r.team)
            }
        })
        .collect();
    msg!(
        "stage-result-out",
        count = out.len(),
        riders = names.join(", ")
    ) + "\n"
}

/// The public text of what happened in a tour nobody follows, in the order it happened, stage
/// by stage: the stage's start, its rounds (each earlier round in one line, the last in full),
/// its result; then the winners.
pub(crate) fn news_text(news: &News) -> String {
    let mut text = String::new();
    if !news.timeouts.is_empty() {
        let teams = news.timeouts.join(", ");
        text.push_str(&if news.closed_early {
            msg!("news-closed-early", teams = teams)
        } else {
            msg!("news-time-is-up", teams = teams)
        });
        text.push('\n');
    }
    let mut stages: Vec<u32> = news
        .started
        .iter()
        .map(|(n, _)| *n)
        .chain(news.rounds.iter().map(|r| r.stage))
        .chain(news.results.iter().map(|(_, r, _)| r.number))
        .collect();
    stages.sort_unstable();
    stages.dedup();
    for stage in stages {
        for (_, title) in news.started.iter().filter(|(n, _)| *n == stage) {
            text.push('\n');
            text.push_str(&msg!("news-stage-starts", title = title.as_str()));
            text.push('\n');
            // Its seed's commitment, on a line of its own.
            for (_, sealed) in news.sealed.iter().filter(|(n, _)| *n == stage) {
                text.push_str(sealed);
                text.push('\n');
            }
        }
        let rounds: Vec<&RoundNews> = news.rounds.iter().filter(|r| r.stage == stage).collect();
        if let Some((last, earlier)) = rounds.split_last() {
            if let (Some(first), Some(before)) = (earlier.first(), earlier.last()) {
                let head = if first.round == before.round {
                    msg!(
                        "news-in-brief-one",
                        stage = stage,
                        turn = sentence(&first.name)
                    )
                } else {
                    msg!(
                        "news-in-brief",
                        stage = stage,
                        first = sentence(&first.name),
                        last = sentence(&before.name)
                    )
                };
                text.push('\n');
                text.push_str(&head);
                text.push('\n');
                for line in briefs(earlier) {
                    text.push_str(&format!("- {line}\n"));
                }
            }
            text.push('\n');
            text.push_str(&round_text(last));
        }
        for (title, result, scored) in news.results.iter().filter(|(_, r, _)| r.number == stage) {
            text.push('\n');
            text.push_str(&match scored {
                Scored::Points(table) => stage_points_text(title, result, table),
                Scored::Times(times) => stage_result_text(title, result, times),
            });
            for (_, revealed) in news.revealed.iter().filter(|(n, _)| *n == stage) {
                text.push_str(revealed);
                text.push('\n');
            }
        }
    }
    if let Some(w) = &news.winners {
        text.push('\n');
        text.push_str(&winners_text(w));
    }
    text.trim_start().to_string()
}

/// The tour's classifications after `done`, as its ruleset adds them up (the registry's
/// `classify`): the bot shows whatever tables the game has.
pub(crate) fn classify(
    tour: &TourRow,
    done: &[StageResult],
) -> Result<Classifications, ServiceError> {
    registry::classify(&tour.ruleset, done, &tour.options).map_err(ServiceError::Broken)
}

/// The mark after a rider brought back by a repêchage vote (VM-085), and the legend that explains
/// it under a table: one character keeps the column narrow enough for a phone.
const REINSTATED_MARK: char = '*';

/// A rider as a line of text: its name, with its team only when the name does not already say it
/// (tour riders are named "Team Rouleur"), so lines stay short enough for a phone.
pub(crate) fn who(row: &StandingRow) -> String {
    match &row.rider {
        Some(rider) if rider.as_str().starts_with(&row.team) => rider.to_string(),
        Some(rider) => msg!("rider-of-team", rider = rider.as_str(), team = &row.team),
        None => row.team.clone(),
    }
}

pub(crate) fn standings_text(after_stage: u32, s: &Classifications, only: Option<&str>) -> String {
    let mut text = msg!("standings-after", stage = after_stage) + "\n";
    for c in s.tables.iter().filter(|c| only.is_none_or(|o| o == c.id)) {
        let rows = &c.rows;
        text.push_str(&format!("\n__{}__\n", classification_title(c)));
        if rows.is_empty() {
            text.push_str(&msg!("standings-nobody-yet"));
            text.push('\n');
            continue;
        }
        text.push_str("```\n");
        for row in rows.iter().take(TEXT_ROWS) {
            let mut name = who(row);
            if row.reinstated {
                name.push(REINSTATED_MARK);
            }
            if let Some(count) = row.riders_left {
                name.push(' ');
                name.push_str(&msg!("standings-team-short-mark", count = count));
            }
            text.push_str(&format!(
                "{:>2}. {:<30} {:>8} {}\n",
                row.rank,
                name,
                commissaire_render::score_text(row.value),
                commissaire_render::gap_text(row)
            ));
        }
        if rows.len() > TEXT_ROWS {
            let more = msg!("summary-more", count = rows.len() - TEXT_ROWS);
            text.push_str(&format!("    {more}\n"));
        }
        if rows.iter().take(TEXT_ROWS).any(|r| r.reinstated) {
            text.push_str(&msg!("standings-reinstated-legend", mark = REINSTATED_MARK));
            text.push('\n');
        }
        if rows.iter().take(TEXT_ROWS).any(|r| r.riders_left.is_some()) {
            text.push_str(&msg!("standings-team-short-legend"));
            text.push('\n');
        }
        text.push_str("```");
    }
    text
}

/// The most rows a standings picture shows: a full field of eight teams of three.
const PICTURE_ROWS: usize = 24;

pub(crate) fn standings_pngs(
    s: &Classifications,
    only: Option<&str>,
    after_stage: u32,
    team_index: &dyn Fn(&str) -> Option<palette::Colour>,
) -> Vec<(String, Vec<u8>)> {
    standings_tables(s, only, after_stage, team_index)
        .into_iter()
        .filter_map(|(file, table)| render_standings(&table).ok().map(|png| (file, png)))
        .collect()
}

/// The tables the standings pictures draw, each with its file: every classification with
/// someone in it (or only `only`), each saying after which stage it stands.
pub(crate) fn standings_tables(
    s: &Classifications,
    only: Option<&str>,
    after_stage: u32,
    team_index: &dyn Fn(&str) -> Option<palette::Colour>,
) -> Vec<(String, commissaire_render::StandingsTable)> {
    s.tables
        .iter()
        .filter(|c| !c.rows.is_empty() && only.is_none_or(|o| o == c.id))
        .map(|c| {
            let table = standings_table(c, PICTURE_ROWS, team_index).after_stage(after_stage);
            (format!("{}.png", c.id), table)
        })
        .collect()
}

/// The file of a classification's chart: `general-chart.png`.
pub(crate) fn chart_file(id: &str) -> String {
    format!("{id}-chart.png")
}

/// Classification `id` after each stage 1..=`after` of `done`, as the standings after each
/// of those stages are computed (the results up to it, classified by the game through the
/// registry); `None` when the game has no such table.
pub(crate) fn after_each_stage(
    tour: &TourRow,
    done: &[StageResult],
    id: &str,
    after: u32,
) -> Result<Option<Vec<Classification>>, ServiceError> {
    let mut done: Vec<StageResult> = done.iter().filter(|r| r.number <= after).cloned().collect();
    done.sort_by_key(|r| r.number);
    let mut tables = Vec::with_capacity(done.len());
    for k in 1..=done.len() {
        match classify(tour, &done[..k])?
            .tables
            .into_iter()
            .find(|c| c.id == id)
        {
            Some(table) => tables.push(table),
            None => return Ok(None),
        }
    }
    Ok(Some(tables))
}

/// The chart of classification `id` after stage `after` (issue 36), with its file; `None`
/// when the game has no such table, nobody is in it yet, or the game has no pictures.
pub(crate) fn chart_png(
    tour: &TourRow,
    done: &[StageResult],
    id: &str,
    after: u32,
    team_colour: &dyn Fn(&str) -> Option<commissaire_render::palette::Colour>,
) -> Result<Option<(String, Vec<u8>)>, ServiceError> {
    let Some(tables) = after_each_stage(tour, done, id, after)? else {
        return Ok(None);
    };
    if tables.last().is_none_or(|c| c.rows.is_empty()) {
        return Ok(None);
    }
    let scene = commissaire_render::ChartScene::new(&tables, team_colour);
    match commissaire_render::render_chart(&scene) {
        Ok(png) => Ok(Some((chart_file(id), png))),
        Err(e) => Err(ServiceError::Broken(format!(
            "cannot draw the {id} chart: {e}"
        ))),
    }
}

/// The winners: the holder of each classification's jersey once the last stage is in (the
/// leader, unless the game gives the jersey to another, as Velo Master's one jersey a rider).
pub(crate) fn winners_text(w: &Classifications) -> String {
    // `cli/demo.rs` finds the winners in the report by this title's start: "**The tour is over".
    let mut text = msg!("winners-title") + "\n";
    for c in &w.tables {
        let title = classification_title(c);
        let line = match c.holder_row() {
            Some(row) if row.reinstated => msg!(
                "winners-line-reinstated",
                classification = title,
                who = who(row),
                value = commissaire_render::score_text(row.value)
            ),
            Some(row) => msg!(
                "winners-line",
                classification = title,
                who = who(row),
                value = commissaire_render::score_text(row.value)
            ),
            None => msg!("winners-nobody", classification = title),
        };
        text.push_str(&format!("- {line}\n"));
    }
    text
}

/// Each team's colour in the pictures, by team name: the one entry point every picture takes
/// its team colours from (board, profile, standings, odds, animation). A team is drawn in the
/// colour its director chose on joining (its seat's when the palette does not know the name),
/// moved to the nearest shade that stays distinct from the other teams' for colour-blind
/// readers too ([`commissaire_render::vision::distinct_team_colours`], issue 36).
pub(crate) fn team_colours(teams: &[TeamRow]) -> impl Fn(&str) -> Option<palette::Colour> + '_ {
    let chosen: Vec<palette::Colour> = teams
        .iter()
        .enumerate()
        .map(|(seat, t)| palette::team(palette::team_index(&t.colour).unwrap_or(seat)))
        .collect();
    let drawn = commissaire_render::vision::distinct_team_colours(&chosen);
    move |name| {
        let seat = teams.iter().position(|t| t.name == name)?;
        drawn.get(seat).copied()
    }
}

/// Who wears which jersey, by rider key, and the classification each jersey stands for (the
/// board's key names it).
#[derive(Debug, Default)]
pub(crate) struct Wearers {
    by_rider: std::collections::HashMap<String, commissaire_render::Jersey>,
    pub names: Vec<(commissaire_render::Jersey, String)>,
}

impl Wearers {
    pub fn get(&self, rider: &str) -> Option<&commissaire_render::Jersey> {
        self.by_rider.get(rider)
    }

    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.by_rider.is_empty()
    }
}

/// The jersey each rider wears going into the stage after `done`: the holder of each
/// classification that gives one, in the order the ruleset lists them, one jersey a rider (the
/// first he holds; the ruleset already passes a jersey on where its rules say, VM-081).
pub(crate) fn wearers(tour: &TourRow, done: &[StageResult]) -> Wearers {
    wearers_of(&tour.ruleset, &tour.options, done)
}

fn wearers_of(ruleset: &str, options: &serde_json::Value, done: &[StageResult]) -> Wearers {
    let mut worn = Wearers::default();
    if done.is_empty() {
        return worn;
    }
    let Ok(tables) = registry::classify(ruleset, done, options) else {
        return worn;
    };
    for table in &tables.tables {
        let Some(jersey) = table.jersey else {
            continue;
        };
        let jersey = commissaire_render::Jersey::from(jersey);
        worn.names.push((jersey, classification_title(table)));
        if let Some(row) = table.holder_row()
            && let Some(rider) = &row.rider
        {
            worn.by_rider.entry(rider.to_string()).or_insert(jersey);
        }
    }
    worn
}

/// A board or a profile as it is about to be drawn, with the key a drawn picture is kept
/// under: the course file, the language of its words and the scene without its course.
pub(crate) enum Drawing {
    /// Boxed: a board is several times a profile's size.
    Board(Box<commissaire_render::BoardScene>),
    Profile(commissaire_render::ProfileScene),
}

impl Drawing {
    pub fn board(
        scene: &Scene,
        title: &str,
        colours: &dyn Fn(&str) -> Option<palette::Colour>,
        worn: &Wearers,
    ) -> Result<Drawing, commissaire_render::RenderError> {
        commissaire_render::ruleset::titled_board(
            scene,
            title,
            colours,
            &|rider| worn.get(rider).copied(),
            &worn.names,
        )
        .map(|board| Drawing::Board(Box::new(board)))
    }

    pub fn profile(
        scene: &Scene,
        title: &str,
        colours: &dyn Fn(&str) -> Option<palette::Colour>,
    ) -> Result<Drawing, commissaire_render::RenderError> {
        commissaire_render::ruleset::titled_profile(scene, title, colours).map(Drawing::Profile)
    }

    pub fn key(&self) -> String {
        match self {
            Drawing::Board(b) => b.key(),
            Drawing::Profile(p) => p.key(),
        }
    }

    pub fn png(&self) -> Result<Vec<u8>, commissaire_render::RenderError> {
        match self {
            Drawing::Board(b) => commissaire_render::render_board(b),
            Drawing::Profile(p) => commissaire_render::render_profile(p),
        }
    }
}

/// The file of a stage's picture: `stage-02-finish.png`, the stage's number padded so that a
/// folder of a long tour lists its files in order.
pub(crate) fn stage_file(stage: u32, what: &str) -> String {
    format!("stage-{stage:02}-{what}.png")
}

/// The file of a stage's animation: `stage-02-replay.gif`.
pub(crate) fn animation_file(stage: u32) -> String {
    format!("stage-{stage:02}-replay.gif")
}

/// The file of a director's own picture (Hulst's landing squares), padded as a turn's file:
/// `stage-01-choice-005-own.png`.
pub(crate) fn own_file(stage: u32, choices: u32) -> String {
    stage_file(stage, &format!("choice-{choices:03}-own"))
}

/// The file of a board after a turn, named by the turn as the game names it (the picture's
/// title), each number in it padded: `stage-02-round-09.png`, `stage-01-breakaway-bid-01-of-02.png`.
/// A game whose turns settle several times within one named turn (one told phase by phase, as
/// Velo Master's rolls within a round) puts the stage's count of choices first, so that each
/// moment has a file of its own and the folder lists them in the order they were played (its
/// start before its rounds): `stage-01-choice-032-round-02.png`.
///
/// File names are in one language, English, whatever the tour's: a folder of a French tour
/// lists `stage-02-round-09.png` as an English one does (issue 33, item 11).
pub(crate) fn turn_file(stage: u32, turn: &Sentence, choices: Option<u32>) -> String {
    let name =
        commissaire_messages::speaking(commissaire_messages::Language::En, || sentence(turn));
    let mut what = slug(&name);
    if what.is_empty() {
        what = slug(turn.id);
    }
    if let Some(n) = choices {
        what = format!("choice-{n:03}-{what}");
    }
    stage_file(stage, &what)
}

/// A turn's name as a file name: lower-case words joined by '-', numbers padded to two digits,
/// accents dropped, a leading article left out ("the fictive start" → "fictive-start", "le
/// départ fictif" → "depart-fictif", "round 9" → "round-09"). The name comes in English, the
/// file names' one language; a French or Dutch name would read as well.
fn slug(name: &str) -> String {
    let plain: String = name
        .to_lowercase()
        .chars()
        .map(|c| match c {
            'à' | 'â' | 'ä' | 'á' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'î' | 'ï' | 'í' => 'i',
            'ô' | 'ö' | 'ó' => 'o',
            'ù' | 'û' | 'ü' | 'ú' => 'u',
            'ç' => 'c',
            other => other,
        })
        .collect();
    let words: Vec<String> = plain
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| match w.parse::<u32>() {
            Ok(n) => format!("{n:02}"),
            Err(_) => w.to_string(),
        })
        .collect();
    let words = match words.split_first() {
        Some((the, rest))
            if ["the", "le", "la", "les", "l", "de", "het"].contains(&the.as_str())
                && !rest.is_empty() =>
        {
            rest
        }
        _ => &words[..],
    };
    words.join("-")
}

#[cfg(test)]
mod file_tests {
    use super::*;
    use commissaire_engine::registry::Sentence;
    use serde_json::json;

    fn named(id: &'static str, args: Vec<(&'static str, serde_json::Value)>) -> Sentence {
        Sentence {
            id,
            args,
            text: String::new(),
        }
    }

    /// Issue 22, item 15: a board's file is named by the turn its title names, each number
    /// padded, whatever the game calls its turns.
    #[test]
    fn a_turns_file_is_its_name_padded() {
        assert_eq!(
            turn_file(2, &Sentence::round(9), None),
            "stage-02-round-09.png"
        );
        assert_eq!(
            turn_file(12, &Sentence::round(10), None),
            "stage-12-round-10.png"
        );
        let bid = named(
            "card-race-turn-bid",
            vec![("step", json!(1)), ("steps", json!(2))],
        );
        assert_eq!(
            turn_file(1, &bid, None),
            "stage-01-breakaway-bid-01-of-02.png"
        );
        let fictive = named("card-race-turn-fictive-start", vec![]);
        assert_eq!(turn_file(3, &fictive, None), "stage-03-fictive-start.png");
        // Velo Master: every roll settles a turn within its round; each moment is a file.
        assert_eq!(
            turn_file(1, &Sentence::round(2), Some(32)),
            "stage-01-choice-032-round-02.png"
        );
        let start = named("vm-turn-start", vec![]);
        assert_eq!(
            turn_file(1, &start, Some(4)),
            "stage-01-choice-004-start.png",
            "a Velo Master start's moments sort before its rounds'"
        );
        assert_eq!(stage_file(7, "finish"), "stage-07-finish.png");
    }

    /// Issue 33, item 11: a French or Dutch tour names its files in English, as every other
    /// file of a run is named, while its pictures' titles stay in its language.
    #[test]
    fn a_turns_file_is_english_in_any_tours_language() {
        use commissaire_messages::{Language, speaking};
        let fictive = named("card-race-turn-fictive-start", vec![]);
        let bid = named(
            "card-race-turn-bid",
            vec![("step", json!(1)), ("steps", json!(2))],
        );
        for language in [Language::Fr, Language::Nl] {
            speaking(language, || {
                assert_eq!(turn_file(3, &fictive, None), "stage-03-fictive-start.png");
                assert_eq!(
                    turn_file(1, &bid, None),
                    "stage-01-breakaway-bid-01-of-02.png"
                );
                assert_eq!(
                    turn_file(2, &Sentence::round(9), Some(4)),
                    "stage-02-choice-004-round-09.png"
                );
            });
        }
        // The slug still reads a name with accents and an article, should one reach it.
        assert_eq!(slug("le départ fictif"), "depart-fictif");
    }

    /// The director's own picture is padded as every other file is.
    #[test]
    fn an_own_picture_is_padded() {
        assert_eq!(own_file(1, 5), "stage-01-choice-005-own.png");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn team(name: &str, colour: &str) -> TeamRow {
        TeamRow {
            id: 0,
            tour_id: 1,
            seat: None,
            name: name.into(),
            colour: colour.into(),
            director: None,
            autopilot: false,
        }
    }

    #[test]
    fn the_leaders_wear_their_jerseys_one_each_on_the_next_board() {
        use commissaire_engine::tour::{Outcome, RiderStage, StageKind};
        let rider = |key: &str, n: u32, rows_past: u16, place: u32| RiderStage {
            rider: key.into(),
            team: "Rouge".into(),
            start_number: n,
            cards_played: 10,
            outcome: Outcome::Crossed { rows_past },
            place: Some(place),
            exhaustion_start: 0,
            exhaustion_end: 0,
        };
        let stage = StageResult {
            number: 1,
            kind: StageKind::Flat,
            summit_finish: false,
            riders: vec![rider("A", 1, 4, 1), rider("B", 2, 1, 2)],
            rejoined: Vec::new(),
            sprints: Vec::new(),
            summits: Vec::new(),
            bonus_seconds: true,
            carry: serde_json::Value::Null,
        };
        let worn = wearers_of("card-race", &serde_json::Value::Null, &[stage]);
        // A leads the general and the points: he wears the yellow only, and the next jersey
        // of those he leads goes to nobody else here (one jersey a rider).
        assert_eq!(worn.get("A"), Some(&commissaire_render::Jersey::Yellow));
        assert_ne!(worn.get("B"), Some(&commissaire_render::Jersey::Yellow));
        // The board's key names the jersey by its classification (issue 22, item 16).
        assert!(
            worn.names.contains(&(
                commissaire_render::Jersey::Yellow,
                "General classification".into()
            )),
            "{:?}",
            worn.names
        );
        assert!(wearers_of("card-race", &serde_json::Value::Null, &[]).is_empty());
    }

    /// Issue 22, item 16: every standings picture says after which stage it stands.
    #[test]
    fn each_standings_picture_says_after_which_stage() {
        let rider = |key: &str, n: u32, place: u32| RiderStage {
            rider: key.into(),
            team: "Rouge".into(),
            start_number: n,
            cards_played: 10,
            outcome: Outcome::Crossed { rows_past: 1 },
            place: Some(place),
            exhaustion_start: 0,
            exhaustion_end: 0,
        };
        let stage = StageResult {
            number: 1,
            kind: StageKind::Flat,
            summit_finish: false,
            riders: vec![rider("A", 1, 1), rider("B", 2, 2)],
            rejoined: Vec::new(),
            sprints: Vec::new(),
            summits: Vec::new(),
            carry: serde_json::Value::Null,
            bonus_seconds: true,
        };
        let s = registry::classify("card-race", &[stage], &serde_json::Value::Null).unwrap();
        let tables = standings_tables(&s, None, 1, &|_| None);
        assert!(tables.iter().any(|(file, _)| file == "general.png"));
        for (file, table) in &tables {
            assert_eq!(table.subtitle.as_deref(), Some("after stage 1"), "{file}");
        }
    }

    #[test]
    fn the_winners_begin_as_the_demo_looks_for_them() {
        let none = registry::classify("card-race", &[], &serde_json::Value::Null).unwrap();
        let text = winners_text(&none);
        // `cli/demo.rs` cuts the report at the last "**The tour is over".
        assert!(text.starts_with("**The tour is over"), "{text}");
        assert!(text.contains("\n- Teams: nobody scored\n"), "{text}");
        assert_eq!(text.lines().count(), 7, "{text}");
        // Velo Master's: the two jerseys, by the catalogue's titles.
        let vm = registry::classify("velo-master", &[], &serde_json::json!({"level": "expert"}))
            .unwrap();
        let text = winners_text(&vm);
        assert!(
            text.contains("\n- Maillot Or (time): nobody scored\n"),
            "{text}"
        );
        assert!(
            text.contains("\n- Maillot Rouge (climbers): nobody scored\n"),
            "{text}"
        );
        assert_eq!(text.lines().count(), 3, "{text}");
    }

    #[test]
    fn pictures_draw_each_team_in_the_colour_it_chose() {
        let teams = [
            team("Rouge", "red"),
            team("Bleu", "Navy"),
            team("X", "chartreuse"),
        ];
        let colour = team_colours(&teams);
        let named = |n: &str| palette::team_index(n).map(palette::team);
        assert_eq!(colour("Rouge"), named("red"));
        assert_eq!(colour("Bleu"), named("navy"));
        // A colour the palette does not know: the seat's.
        assert_eq!(colour("X"), Some(palette::team(2)));
        assert_eq!(colour("Nobody"), None);
        // Two teams in red: the first keeps it, the second is a shade apart from it for
        // every reader, colour-blind ones included.
        let teams = [team("A", "red"), team("B", "Red"), team("C", "blue")];
        let colour = team_colours(&teams);
        assert_eq!(colour("A"), named("red"));
        assert_eq!(colour("C"), named("blue"));
        let (a, b) = (colour("A").unwrap(), colour("B").unwrap());
        assert!(
            commissaire_render::vision::distance(a, b) >= commissaire_render::vision::MIN_DISTANCE,
            "{a:?} {b:?}"
        );
    }

    use commissaire_engine::tour::{LineResult, Outcome, RiderKey, RiderStage, StageKind};

    fn rider(name: &str, place: u32, rows_past: u16) -> RiderStage {
        RiderStage {
            rider: RiderKey::new(format!("Blue {name}")),
            team: "Blue".into(),
            start_number: place,
            cards_played: 14,
            outcome: Outcome::Crossed { rows_past },
            place: Some(place),
            exhaustion_start: 0,
            exhaustion_end: 0,
        }
    }

    /// The times printed down a stage result, in seconds.
    fn times(text: &str) -> Vec<i64> {
        text.lines()
            .filter(|l| {
                l.split_once(". ")
                    .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
            })
            .map(|l| {
                let time = l
                    .split(", bonus")
                    .next()
                    .unwrap()
                    .rsplit(' ')
                    .next()
                    .unwrap();
                let (m, s) = time.split_once(':').unwrap();
                m.parse::<i64>().unwrap() * 60 + s.parse::<i64>().unwrap()
            })
            .collect()
    }

    #[test]
    fn a_stage_result_is_the_finish_order_with_the_bonus_apart() {
        // 6th and 7th finish on the same row; the 7th took a sprint bonus, so with the bonus in
        // its time it would be faster than the rider listed above it.
        let riders = (1..=12)
            .map(|place| rider(&format!("R{place}"), place, (13 - place / 2) as u16))
            .collect();
        let result = StageResult {
            number: 1,
            kind: StageKind::Flat,
            summit_finish: false,
            riders,
            rejoined: Vec::new(),
            sprints: vec![LineResult {
                name: "sprint".into(),
                order: vec![RiderKey::new("Blue R7")],
            }],
            summits: Vec::new(),
            bonus_seconds: true,
            carry: serde_json::Value::Null,
        };
        let text = stage_result_text(
            "Stage 1/1, Test",
            &result,
            &registry::stage_times("card-race", &result),
        );
        assert!(text.contains(&msg!("stage-result-legend")), "{text}");
        let times = times(&text);
        assert_eq!(times.len(), 12, "every finisher is listed: {text}");
        assert!(times.windows(2).all(|w| w[0] <= w[1]), "{text}");
        assert!(text.contains("6. Blue R6 12:20\n"), "{text}");
        assert!(text.contains("7. Blue R7 12:20, bonus −3 s"), "{text}");
        assert!(text.contains("1. Blue R1 11:50, bonus −15 s"), "{text}");
        // The same stage under rules that give no bonus seconds (house rules A): the times
        // ridden, no bonus, and a legend that says they count as they are.
        let plain = StageResult {
            bonus_seconds: false,
            ..result
        };
        let text = stage_result_text(
            "Stage 1/1, Test",
            &plain,
            &registry::stage_times("card-race", &plain),
        );
        assert!(
            text.contains(&msg!("stage-result-legend-no-bonus")),
            "{text}"
        );
        assert!(!text.contains("bonus −"), "{text}");
        assert!(text.contains("1. Blue R1 11:50\n"), "{text}");
        assert!(text.contains("7. Blue R7 12:20\n"), "{text}");
    }

    fn news(name: u32, notable: &[&str], brief: &str) -> RoundNews {
        RoundNews {
            stage: 1,
            round: 0,
            name: Sentence::round(name),
            lines: Vec::new(),
            brief: brief.into(),
            notable: notable.iter().map(|s| s.to_string()).collect(),
        }
    }

    /// Issue 22, item 12: turns of the same name (a round of many rolls) are told in one line,
    /// what mattered in them as their game chose, then the last one's brief; turns of their
    /// own name (the card race's rounds) keep a line each, their brief.
    #[test]
    fn a_run_of_turns_of_one_name_is_told_in_one_line_of_what_mattered() {
        let turns = [
            news(1, &["A falls."], "B leads."),
            news(1, &[], "C leads."),
            news(1, &["D attacks!"], "D leads."),
            news(2, &["E", "F", "G", "H", "I", "J"], "K leads."),
            news(3, &[], "L leads."),
        ];
        let lines = briefs(&turns.iter().collect::<Vec<_>>());
        assert_eq!(
            lines,
            [
                "Round 1: A falls. D attacks! D leads.",
                "Round 2: E F G H (and 2 more) K leads.",
                "Round 3: L leads.",
            ]
        );
    }

    /// Issue 22, item 11: the riders who left the race during the stage are named.
    #[test]
    fn a_stage_result_names_the_riders_who_left_the_race() {
        let mut riders: Vec<RiderStage> = (1..=3)
            .map(|place| rider(&format!("R{place}"), place, 2))
            .collect();
        for name in ["Team-mate 3", "Leader"] {
            let mut out = rider(name, 0, 0);
            out.place = None;
            out.outcome = Outcome::Abandoned;
            riders.push(out);
        }
        let result = StageResult {
            number: 2,
            kind: StageKind::Flat,
            summit_finish: false,
            riders,
            rejoined: Vec::new(),
            sprints: Vec::new(),
            summits: Vec::new(),
            carry: serde_json::Value::Null,
            bonus_seconds: true,
        };
        let text = stage_result_text(
            "Stage 2/3, Test",
            &result,
            &registry::stage_times("card-race", &result),
        );
        assert!(
            text.contains("2 left the race during the stage: Blue Team-mate 3, Blue Leader.\n"),
            "{text}"
        );
        // One rider: no count.
        let mut result = result;
        result.riders.pop();
        let text = stage_result_text(
            "Stage 2/3, Test",
            &result,
            &registry::stage_times("card-race", &result),
        );
        assert!(
            text.contains("Left the race during the stage: Blue Team-mate 3.\n"),
            "{text}"
        );
    }

    /// Issue 22, item 11: a team ranked after the full teams with less time says why.
    #[test]
    fn the_team_table_says_why_a_short_team_ranks_last() {
        use commissaire_engine::registry::Sentence;
        use commissaire_engine::tour::{Classification, Unit};
        let row = |rank: u32, team: &str, minutes: i64, left: Option<u32>| StandingRow {
            rank,
            rider: None,
            start_number: None,
            team: team.into(),
            value: Score::Seconds(minutes * 60),
            gap: Score::Seconds(0),
            reinstated: false,
            riders_left: left,
        };
        let table = Classification {
            id: "team",
            title: Sentence {
                id: "classification-vm-team",
                args: Vec::new(),
                text: String::new(),
            },
            jersey: None,
            unit: Unit::Time,
            rows: vec![row(1, "Roses", 760, None), row(2, "Verts", 507, Some(2))],
            holder: Some(0),
        };
        let text = standings_text(
            3,
            &Classifications {
                tables: vec![table],
            },
            None,
        );
        assert!(text.contains(" 2. Verts (2 riders) "), "{text}");
        assert!(
            text.contains(&msg!("standings-team-short-legend")),
            "{text}"
        );
    }
}
