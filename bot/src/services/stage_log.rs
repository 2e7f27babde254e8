//! `/stage log` (issue 36): a stage told turn by turn, for whoever was away, in the tour's
//! language. The stage is replayed from the store (setup, seed, stored choices) and each turn
//! told as the channel was told it (`registry::told_turns`): what each team played, the dice,
//! the moves, the falls, who crossed the line. Only public telling, so no hand ever shows.

use super::owed::blocking;
use super::{Reply, ServiceError, ServiceResult, Services};
use crate::store::tours::{self, TourStatus};
use crate::store::{choices, stages, teams};
use commissaire_engine::registry::ToldTurn;
use commissaire_messages::{msg, sentence, sentence_at_start};

/// The log's file: `stage-03-log.md`.
pub(crate) fn log_file(stage: u32) -> String {
    format!("stage-{stage:02}-log.md")
}

impl Services {
    /// A stage's turn-by-turn record: `stage` by number (a finished one, or the one being
    /// raced), the one being raced (or the last, once the tour is over) by default. A short
    /// answer for the asker alone, with the whole log attached as a Markdown file.
    pub async fn stage_log(&self, channel_id: &str, stage: Option<u32>) -> ServiceResult {
        let (tour, row, names, log, course) = {
            let mut conn = self.store.read().await?;
            let tour = tours::latest_in_channel(&mut conn, channel_id)
                .await?
                .ok_or_else(|| ServiceError::refused(msg!("no-tour")))?;
            if tour.status == TourStatus::Lobby {
                return Err(ServiceError::refused(super::in_tour(&tour, || {
                    msg!("stage-log-none-yet")
                })));
            }
            let last = tour.current_stage;
            let number = stage.unwrap_or(last);
            let row = match stages::get(&mut conn, tour.id, number).await? {
                Some(row) if number <= last => row,
                _ => {
                    return Err(ServiceError::refused(super::in_tour(&tour, || {
                        msg!("stage-log-not-started", stage = number, last = last)
                    })));
                }
            };
            let names: Vec<String> = teams::list(&mut conn, tour.id)
                .await?
                .into_iter()
                .map(|t| t.name)
                .collect();
            let log = choices::log(&mut conn, row.id).await?;
            let course = self
                .library
                .course(&row.course)
                .map_err(ServiceError::Broken)?;
            (tour, row, names, log, course)
        };
        let number = row.number;
        let language = tour.language;
        let course_name = course.name.clone();
        let (turns, text) = blocking(language, move || {
            let starters: Vec<&commissaire_engine::tour::TourRider> = row.starters.iter().collect();
            let options = row.options.as_ref().unwrap_or(&tour.options);
            let setup = commissaire_engine::tour::entrants_setup(
                &course,
                &names,
                &starters,
                options.clone(),
            );
            let turns =
                commissaire_engine::registry::told_turns(&tour.ruleset, &setup, row.seed, &log)
                    .map_err(|e| {
                        ServiceError::Broken(format!("stage {number} cannot be replayed: {e}"))
                    })?;
            let turns = merged(turns);
            let text = log_text(number, &course.name, &turns, row.finished);
            Ok((turns.iter().filter(|t| t.settled).count(), text))
        })
        .await?;
        let file = log_file(number);
        let mut reply = Reply::private(commissaire_messages::speaking(language, || {
            msg!(
                "stage-log-posted",
                stage = number,
                course = course_name,
                turns = turns,
                file = &file
            )
        }));
        reply.images.push((file, text.into_bytes()));
        Ok(reply)
    }
}

/// Consecutive turns of the same name as one: a game of many settled moments within a named
/// turn (Velo Master's rolls within a round) is told a round at a time, as its channel post
/// tells it (one post a phase).
fn merged(turns: Vec<ToldTurn>) -> Vec<ToldTurn> {
    let mut out: Vec<ToldTurn> = Vec::new();
    for turn in turns {
        match out.last_mut() {
            Some(last) if last.name == turn.name => {
                last.lines.extend(turn.lines);
                last.moments.extend(turn.moments);
                last.settled = turn.settled;
            }
            _ => out.push(turn),
        }
    }
    out
}

/// The log as Markdown: a title, then a heading a turn and its lines as a list, in the
/// language in scope.
pub(crate) fn log_text(stage: u32, course: &str, turns: &[ToldTurn], finished: bool) -> String {
    let mut text = format!(
        "# {}\n\n",
        msg!("stage-log-title", stage = stage, course = course)
    );
    if !finished {
        text.push_str(&msg!("stage-log-in-progress"));
        text.push_str("\n\n");
    }
    if turns.is_empty() {
        text.push_str(&msg!("stage-log-nothing-yet"));
        text.push('\n');
    }
    for turn in turns {
        text.push_str("## ");
        text.push_str(&sentence_at_start(&turn.name));
        if !turn.settled {
            text.push_str(&format!(" ({})", msg!("stage-log-turn-open")));
        }
        text.push_str("\n\n");
        if turn.lines.is_empty() {
            text.push_str(&format!("- {}\n", msg!("stage-log-turn-quiet")));
        }
        for line in &turn.lines {
            text.push_str("- ");
            text.push_str(&sentence(line));
            text.push('\n');
        }
        text.push('\n');
    }
    text
}
