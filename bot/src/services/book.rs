//! The tour book (issue 36): at the end of a tour, the whole of it in one Markdown file, in the
//! tour's language, for whoever followed it from afar: each stage's winner and the jerseys after
//! it, the stage's decisive moments (what its game counts as notable: an attack that went, a
//! crash, a rider brought back by a repêchage vote), the final podiums, and a few awards the
//! numbers support. Attached to the tour's last post beside the winners, and written by
//! `commissaire demo`. No game is named: the games' classifications, their notable events and
//! the stage results say it all.

use super::owed::blocking;
use super::{ServiceError, Services, narrate};
use crate::store::stages::StageRow;
use crate::store::tours::TourRow;
use crate::store::{choices, results, stages, teams, tours};
use commissaire_engine::course::Course;
use commissaire_engine::game::Seat;
use commissaire_engine::registry::{self, Sentence};
use commissaire_engine::tour::{Classification, StageResult, StandingRow};
use commissaire_messages::{msg, sentence, sentence_at_start};
use commissaire_render::{classification_title, score_text};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Arc;

/// The tour book's file name.
pub const BOOK_FILE: &str = "tour-book.md";

/// The most decisive moments a stage's page keeps: the last ones before the line.
const MOMENTS: usize = 3;

/// The riders a podium lists.
const PODIUM: usize = 3;

/// A finished stage as the book reads it: its row, its stored choices and its course.
type Stage = (StageRow, Vec<(Seat, Value)>, Arc<Course>);

/// What the book is made from: the tour, its teams' names, and each finished stage with its
/// stored choices, its course and its result.
struct Sources {
    /// The tour's name (its preset's).
    name: String,
    tour: TourRow,
    names: Vec<String>,
    stages: Vec<Stage>,
    done: Vec<StageResult>,
}

impl Services {
    /// Tour `tour_id`'s book as Markdown, in the tour's language (see the module's notes).
    pub async fn tour_book(&self, tour_id: i64) -> Result<String, ServiceError> {
        self.tour_book_with(tour_id, &[]).await
    }

    /// [`Services::tour_book`] linking `files`, the files that travel with it (the other
    /// attachments of its post: the final board, the animation, the charts, the standings),
    /// by their names, so that a reader who keeps the post's files together sees them.
    pub async fn tour_book_with(
        &self,
        tour_id: i64,
        files: &[Beside],
    ) -> Result<String, ServiceError> {
        let sources = {
            let mut conn = self.store.read().await?;
            let tour = tours::get(&mut conn, tour_id)
                .await?
                .ok_or_else(|| ServiceError::Broken(format!("no tour {tour_id}")))?;
            let names: Vec<String> = teams::list(&mut conn, tour_id)
                .await?
                .into_iter()
                .map(|t| t.name)
                .collect();
            let done = results::list(&mut conn, tour_id).await?;
            let mut stages_of = Vec::new();
            for result in &done {
                let row = stages::get(&mut conn, tour_id, result.number)
                    .await?
                    .ok_or_else(|| {
                        ServiceError::Broken(format!(
                            "tour {tour_id} has no stage {}",
                            result.number
                        ))
                    })?;
                let log = choices::log(&mut conn, row.id).await?;
                let course = self
                    .library
                    .course(&row.course)
                    .map_err(ServiceError::Broken)?;
                stages_of.push((row, log, course));
            }
            let name = self
                .library
                .preset(&tour.preset)
                .map_or_else(|_| tour.preset.clone(), |p| p.name);
            Sources {
                name,
                tour,
                names,
                stages: stages_of,
                done,
            }
        };
        let files = files.to_vec();
        blocking(sources.tour.language, move || {
            let mut md = book_text(&sources)?;
            let last = narrate::classify(&sources.tour, &sources.done)?;
            pictures(&mut md, &files, &last);
            Ok(md)
        })
        .await
    }
}

/// A file that travels with the book (another attachment of its post), and what it shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Beside {
    pub file: String,
    pub shows: Shows,
}

/// What a file beside the book shows, for its caption in the book's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shows {
    /// A picture with its own title (a board, a profile), already worded in the tour's
    /// language.
    Titled(String),
    /// The stage's animation.
    Replay(u32),
    /// A classification's table, by its id.
    Standings(String),
    /// A classification's chart, by its id.
    Chart(String),
    /// Anything else: captioned by its file's name.
    Other,
}

/// The book's last section: each file that travels with it, by a link relative to the book
/// (an image shown in place), captioned with what it shows, in the order the post carries
/// them. `last`: the final classifications, whose titles caption their tables and charts.
fn pictures(md: &mut String, files: &[Beside], last: &commissaire_engine::tour::Classifications) {
    let files: Vec<&Beside> = files.iter().filter(|f| f.file != BOOK_FILE).collect();
    if files.is_empty() {
        return;
    }
    md.push_str(&format!("\n## {}\n\n", msg!("book-pictures")));
    md.push_str(&msg!("book-pictures-intro"));
    md.push_str("\n\n");
    let title = |id: &str| {
        last.get(id)
            .map_or_else(|| id.to_string(), classification_title)
    };
    for beside in files {
        let caption = match &beside.shows {
            Shows::Titled(t) => t.clone(),
            Shows::Replay(stage) => msg!("book-picture-replay", stage = *stage),
            Shows::Standings(id) => msg!("book-picture-standings", classification = title(id)),
            Shows::Chart(id) => msg!("book-picture-chart", classification = title(id)),
            Shows::Other => file_caption(&beside.file),
        };
        let caption = link_text(&caption);
        let target = link_target(&beside.file);
        if is_image(&beside.file) {
            md.push_str(&format!("![{caption}]({target})\n\n"));
        } else {
            md.push_str(&format!("- [{caption}]({target})\n"));
        }
    }
}

/// A picture a Markdown viewer shows in place.
fn is_image(file: &str) -> bool {
    let lower = file.to_ascii_lowercase();
    [".png", ".gif", ".jpg", ".jpeg", ".webp"]
        .iter()
        .any(|ext| lower.ends_with(ext))
}

/// A file's caption when nothing better is known: its name without its extension, its dashes
/// as spaces.
fn file_caption(file: &str) -> String {
    let stem = file.rsplit_once('.').map_or(file, |(stem, _)| stem);
    stem.replace(['-', '_'], " ")
}

/// A caption as a link's text: no character Markdown would read as the text's end, on one line.
fn link_text(caption: &str) -> String {
    caption
        .chars()
        .map(|c| match c {
            '[' | ']' | '\\' | '\n' => ' ',
            c => c,
        })
        .collect()
}

/// A file's name as a relative link: kept as is when it is plain (letters, digits, `.`, `-`,
/// `_`), each other byte percent-encoded, so that no name breaks out of the link.
fn link_target(file: &str) -> String {
    let mut out = String::new();
    for b in file.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The files a book links, by name (its links' targets, percent-decoded): what must travel
/// with it. `commissaire demo` clears the previous run's by them; the tests check each is there.
pub fn linked_files(md: &str) -> Vec<String> {
    let mut files = Vec::new();
    let mut rest = md;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        let Some(end) = rest.find(')') else { break };
        let target = &rest[..end];
        rest = &rest[end..];
        // Only relative links to a file beside the book: no scheme, no folder.
        if target.contains(':') || target.contains('/') || target.is_empty() {
            continue;
        }
        files.push(percent_decoded(target));
    }
    files
}

fn percent_decoded(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let Some(Ok(b)) = s.get(i + 1..i + 3).map(|h| u8::from_str_radix(h, 16))
        {
            out.push(b);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The book, in the language in scope.
fn book_text(s: &Sources) -> Result<String, ServiceError> {
    let mut md = format!("# {}\n\n", msg!("book-title", tour = &s.name));
    md.push_str(&msg!(
        "book-intro",
        stages = s.done.len(),
        teams = s.names.len()
    ));
    md.push('\n');
    for (k, result) in s.done.iter().enumerate() {
        let (row, log, course) = &s.stages[k];
        md.push_str(&format!(
            "\n## {}\n\n",
            msg!("book-stage", stage = result.number, course = &course.name)
        ));
        if let Some(w) = result.riders.iter().find(|r| r.place == Some(1)) {
            line(
                &mut md,
                msg!("book-winner", rider = w.rider.as_str(), team = &w.team),
            );
        }
        let after = narrate::classify(&s.tour, &s.done[..=k])?;
        for c in after.tables.iter().filter(|c| c.jersey.is_some()) {
            if let Some(holder) = c.holder_row() {
                line(
                    &mut md,
                    msg!(
                        "book-jersey",
                        classification = classification_title(c),
                        rider = narrate::who(holder)
                    ),
                );
            }
        }
        for (turn, what) in moments(&s.tour, &s.names, row, log, course)? {
            line(
                &mut md,
                msg!("book-moment", turn = sentence_at_start(&turn), what = what),
            );
        }
        for rider in &result.rejoined {
            line(&mut md, msg!("book-rejoined", rider = rider.as_str()));
        }
    }
    let last = narrate::classify(&s.tour, &s.done)?;
    md.push_str(&format!("\n## {}\n", msg!("book-podiums")));
    for c in &last.tables {
        md.push_str(&format!("\n### {}\n\n", classification_title(c)));
        for row in c.rows.iter().take(PODIUM) {
            md.push_str(&format!(
                "{}. {} ({})\n",
                row.rank,
                narrate::who(row),
                score_text(row.value)
            ));
        }
    }
    let awards = awards(s)?;
    if !awards.is_empty() {
        md.push_str(&format!("\n## {}\n\n", msg!("book-awards")));
        for award in awards {
            line(&mut md, award);
        }
    }
    Ok(md)
}

fn line(md: &mut String, text: String) {
    md.push_str("- ");
    md.push_str(&text);
    md.push('\n');
}

/// A stage's decisive moments as its game names them (`DynStage::moments`), the last [`MOMENTS`] of them (the
/// ones nearest the line, where a stage is won), each with the turn it came in, in order.
fn moments(
    tour: &TourRow,
    names: &[String],
    row: &StageRow,
    log: &[(Seat, Value)],
    course: &Arc<Course>,
) -> Result<Vec<(Sentence, String)>, ServiceError> {
    let starters: Vec<&commissaire_engine::tour::TourRider> = row.starters.iter().collect();
    let options = row.options.as_ref().unwrap_or(&tour.options);
    let setup = commissaire_engine::tour::entrants_setup(course, names, &starters, options.clone());
    let turns = registry::told_turns(&tour.ruleset, &setup, row.seed, log).map_err(|e| {
        ServiceError::Broken(format!("stage {} cannot be replayed: {e}", row.number))
    })?;
    let mut all: Vec<(Sentence, String)> = Vec::new();
    for turn in turns {
        for n in &turn.moments {
            let what = sentence(n);
            if !all.iter().any(|(_, w)| *w == what) {
                all.push((turn.name.clone(), what));
            }
        }
    }
    let skip = all.len().saturating_sub(MOMENTS);
    Ok(all.into_iter().skip(skip).collect())
}

/// The awards the numbers support, each said only when someone earned it: the most stage
/// wins, the most days leading the first classification, the heaviest legs (the most
/// exhaustion held at a stage's end: a game that deals none gives no award), the most places gained in the first
/// classification from the first stage to the last. Ties go to the earlier-ranked rider in
/// the final first classification.
fn awards(s: &Sources) -> Result<Vec<String>, ServiceError> {
    let mut out = Vec::new();
    let last = narrate::classify(&s.tour, &s.done)?;
    let Some(first) = last.tables.first() else {
        return Ok(out);
    };
    // The final rank of a rider in the first classification: how ties are broken.
    let rank = |rider: &str| -> u32 {
        first
            .rows
            .iter()
            .find(|r| r.rider.as_ref().is_some_and(|k| k.as_str() == rider))
            .map_or(u32::MAX, |r| r.rank)
    };
    let best = |counts: &HashMap<String, u32>| -> Option<(String, u32)> {
        counts
            .iter()
            .filter(|(_, n)| **n > 0)
            .max_by_key(|(rider, n)| (**n, std::cmp::Reverse(rank(rider))))
            .map(|(rider, n)| (rider.clone(), *n))
    };
    let mut wins: HashMap<String, u32> = HashMap::new();
    // The heaviest legs: the most exhaustion a rider held at a stage's end, and that stage.
    let mut heaviest: Option<(u32, u32, String)> = None;
    for result in &s.done {
        for r in &result.riders {
            *wins.entry(r.rider.as_str().to_string()).or_default() += u32::from(r.place == Some(1));
            let heavier = heaviest.as_ref().is_none_or(|(cards, _, rider)| {
                (r.exhaustion_end, std::cmp::Reverse(rank(r.rider.as_str())))
                    > (*cards, std::cmp::Reverse(rank(rider)))
            });
            if r.exhaustion_end > 0 && heavier {
                heaviest = Some((
                    r.exhaustion_end,
                    result.number,
                    r.rider.as_str().to_string(),
                ));
            }
        }
    }
    if let Some((rider, n)) = best(&wins) {
        out.push(msg!("award-stage-wins", rider = rider, wins = n));
    }
    let mut days: HashMap<String, u32> = HashMap::new();
    let mut first_after_one: Option<Classification> = None;
    for k in 0..s.done.len() {
        let after = narrate::classify(&s.tour, &s.done[..=k])?;
        let Some(table) = after.tables.into_iter().next() else {
            continue;
        };
        if let Some(rider) = table.holder_row().and_then(|h| h.rider.as_ref()) {
            *days.entry(rider.as_str().to_string()).or_default() += 1;
        }
        if k == 0 {
            first_after_one = Some(table);
        }
    }
    if let Some((rider, n)) = best(&days) {
        out.push(msg!(
            "award-jersey-days",
            rider = rider,
            days = n,
            classification = classification_title(first)
        ));
    }
    if let Some((cards, stage, rider)) = heaviest {
        out.push(msg!(
            "award-exhaustion",
            rider = rider,
            cards = cards,
            stage = stage
        ));
    }
    if let Some(start) = first_after_one.filter(|_| s.done.len() > 1) {
        let gained = |row: &StandingRow| -> Option<(String, u32)> {
            let rider = row.rider.as_ref()?;
            let before = start
                .rows
                .iter()
                .find(|r| r.rider.as_ref() == Some(rider))?
                .rank;
            Some((rider.as_str().to_string(), before.saturating_sub(row.rank)))
        };
        let climbs: HashMap<String, u32> = first.rows.iter().filter_map(gained).collect();
        if let Some((rider, n)) = best(&climbs) {
            out.push(msg!(
                "award-climb",
                rider = rider,
                places = n,
                classification = classification_title(first)
            ));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file's link reads back as its name, whatever the name holds, under a caption saying
    /// what it shows; the book itself and links elsewhere (a web address, a folder) are not
    /// files beside it.
    #[test]
    fn the_pictures_section_links_each_file_by_its_name() {
        let beside = |file: &str, shows: Shows| Beside {
            file: file.to_string(),
            shows,
        };
        let files = [
            beside(
                "stage-07-finish.png",
                Shows::Titled("Stage 7 [the end]".into()),
            ),
            beside("general-chart.png", Shows::Chart("general".into())),
            beside("stage 7 (final).gif", Shows::Replay(7)),
            beside("étape_7.png", Shows::Other),
            beside("log.md", Shows::Other),
            beside(BOOK_FILE, Shows::Other),
        ];
        let none = commissaire_engine::tour::Classifications { tables: Vec::new() };
        let mut md = String::from(
            "# A tour\n\nSee [the rules](https://example.org/rules) and [docs](docs/x.md).\n",
        );
        pictures(&mut md, &files, &none);
        let names: Vec<String> = files[..5].iter().map(|f| f.file.clone()).collect();
        assert_eq!(linked_files(&md), names, "{md}");
        assert!(
            md.contains("![Stage 7  the end ](stage-07-finish.png)"),
            "{md}"
        );
        assert!(
            md.contains("![Stage 7, turn by turn (animation)](stage%207%20%28final%29.gif)"),
            "{md}"
        );
        assert!(md.contains("![étape 7](%C3%A9tape_7.png)"), "{md}");
        assert!(md.contains("- [log](log.md)"), "{md}");
        let mut empty = String::new();
        pictures(&mut empty, &files[5..], &none);
        assert!(empty.is_empty());
    }
}
