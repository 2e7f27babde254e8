//! `commissaire play`: the same tour with you directing one team in the terminal. The board is
//! drawn as text, the hand as numbered choices, and the PNGs a channel would get are written
//! beside, one folder per stage. Every choice is committed as it is made: stop with `q` or
//! ctrl-C and `play` again with the same folder resumes. A folder holds one tour: once it is
//! over, `play` refuses to start another there (its pictures would be overwritten) and says to
//! give another folder.

mod summary;
pub(super) mod words;

use super::UsageError;
use crate::clock::SystemClock;
use crate::services::{
    Actor, ButtonAction, Library, Pick, Pressed, Reply, ServiceError, Services, TourSettings,
    check_team_name, parse_button,
};
use crate::store::tours::{self, TourRow, TourStatus};
use crate::store::{results, teams};
use commissaire_engine::tour::StageResult;
use commissaire_messages::{Language, msg, set_language};
use commissaire_render::text_board::scene_text_keyed;
use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::Arc;
use words::{Pictures, public_text, terminal_text};

const CHANNEL: &str = "terminal";
const YOU: &str = "you";
/// The defaults of the options; main.rs gives `--out`'s to clap, the others are applied here so
/// that a resumed tour can tell which options were given (and are ignored).
pub const DEFAULT_OUT: &str = "play-out";
pub const DEFAULT_TOUR: &str = "week";
pub const DEFAULT_SEED: u64 = 1;
pub const DEFAULT_TEAM: &str = "Commissaire";

pub struct PlayOptions<'a> {
    pub config: &'a Path,
    pub out: &'a Path,
    pub tour: Option<&'a str>,
    pub seed: Option<u64>,
    pub team: Option<&'a str>,
    /// The language to read; `None`: the resumed tour's, or English for a new one.
    pub lang: Option<Language>,
}

/// How a session ended: the tour over, or stopped (`q`, the end of input), or interrupted by
/// ctrl-C, which the shell is told by the exit status 130.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    Done,
    Interrupted,
}

pub async fn run(o: PlayOptions<'_>) -> Result<Ended, UsageError> {
    let again = again_command(&o);
    let db = o.out.join("play.sqlite");
    // A new tour's options are checked before anything is written: no folder, no database.
    // A resumed tour ignores them (and says so).
    if !db.exists() {
        check_new(&o)?;
    }
    super::prepare_out(o.out)?;
    let services = Services::open(&db, o.config, Arc::new(SystemClock)).await?;
    let result = session(&services, &o, &db, &again).await;
    // Closing checkpoints the WAL, so the database file alone holds the tour, whatever ended it.
    services.store().close().await;
    result
}

/// What a new tour is set up from, checked before anything is written: the folder can be one,
/// the team name is one a tour takes, the preset exists.
fn check_new(o: &PlayOptions<'_>) -> Result<(), UsageError> {
    super::check_out(o.out)?;
    check_team_name(o.team.unwrap_or(DEFAULT_TEAM))?;
    Library::new(o.config)
        .preset(super::preset_name(o.tour.unwrap_or(DEFAULT_TOUR)))
        .map_err(UsageError)?;
    Ok(())
}

/// Your answers, read line by line on a thread of their own so that ctrl-C is heard while
/// the prompt waits; the channel closes at the end of input.
fn answers() -> tokio::sync::mpsc::UnboundedReceiver<std::io::Result<String>> {
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    rx
}

/// Ctrl-C, heard from when this returns (it no longer ends the process on its own): the
/// session stops at the prompt and says how to resume, as `q` does.
fn interrupt() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let handler = signal(SignalKind::interrupt());
        async move {
            match handler {
                Ok(mut int) => {
                    int.recv().await;
                }
                Err(_) => {
                    let _ = tokio::signal::ctrl_c().await;
                }
            }
        }
    }
    #[cfg(not(unix))]
    {
        async {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

/// Plays from where the folder's tour stands until the tour ends or you stop.
async fn session(
    services: &Services,
    o: &PlayOptions<'_>,
    db: &Path,
    again: &str,
) -> Result<Ended, UsageError> {
    let me = Actor::player(YOU).reading(o.lang);
    let interrupted = interrupt();
    tokio::pin!(interrupted);
    let tour = match latest_tour(services).await? {
        Some((tour, _)) if matches!(tour.status, TourStatus::Running | TourStatus::Paused) => {
            // What you read: the language asked for, else the tour's own.
            set_language(o.lang.unwrap_or(tour.language));
            println!(
                "{}",
                msg!(
                    "play-resuming",
                    path = db.display().to_string(),
                    stage = tour.current_stage
                )
            );
            let ignored: Vec<&str> = [
                ("--tour", o.tour.is_some()),
                ("--seed", o.seed.is_some()),
                ("--team", o.team.is_some()),
            ]
            .into_iter()
            .filter_map(|(name, given)| given.then_some(name))
            .collect();
            if !ignored.is_empty() {
                println!(
                    "{}",
                    msg!(
                        "play-options-ignored",
                        options = ignored.join(", "),
                        path = db.display().to_string()
                    )
                );
            }
            tour
        }
        Some((tour, raced)) if tour.status == TourStatus::Finished && raced > 0 => {
            return Err(UsageError(msg!(
                "play-folder-over",
                path = o.out.display().to_string()
            )));
        }
        lobby => new_tour(services, o, lobby.map(|(t, _)| t), again).await?,
    };
    let team = my_team(services, tour.id).await?;
    let mut pictures = Pictures {
        out: o.out,
        stage: tour.current_stage,
    };
    let mut seen = stage_results(services, tour.id).await?.len();
    let mut lines = answers();
    let mut asked = 0u64;
    // The phase's post as last printed: a choice that continues it prints only what it adds.
    let mut phase_post = String::new();
    let mut shown = None;
    // The stage whose board was last printed with its key.
    let mut keyed_stage = None;
    // A lone option taken for you and refused is asked for instead, never retried in a loop.
    let mut refused_forced = false;
    loop {
        let hand = match services.hand(&me, CHANNEL).await {
            Ok(hand) => hand,
            Err(ServiceError::Refused(_)) => {
                // The tour is over (or gone): the final standings close the session.
                let standings = services.standings(CHANNEL).await?;
                println!("\n{}", public_text(&standings));
                pictures.save_and_list(&standings)?;
                println!(
                    "\n{}",
                    msg!("play-over", path = o.out.display().to_string())
                );
                return Ok(Ended::Done);
            }
            Err(e) => return Err(e.into()),
        };
        // The board each time it changes: once a round in the card race (its choices are
        // secret until the reveal), at every step in Velo Master (the rider moving walks cell
        // by cell, and the cells he may take next are lettered). Its key is printed with the
        // stage's first board, not at every step (issue 33, item 12).
        let board = services.public_board(CHANNEL).await.ok();
        let mine = board.as_ref().and_then(|board| {
            board
                .teams
                .iter()
                .position(|t| *t == team)
                .map(|i| i as commissaire_engine::Seat)
        });
        if let Some(board) = &board {
            let key = keyed_stage != Some(board.stage);
            let text = scene_text_keyed(&board.scene, mine, key);
            if shown.as_ref() != Some(&text) {
                println!("\n{text}");
                shown = Some(text);
                keyed_stage = Some(board.stage);
            }
        }
        let decision = format!(
            "{}\n{}",
            terminal_text(&hand.text),
            hand.buttons
                .iter()
                .enumerate()
                .map(|(i, b)| format!("  {}) {}", i + 1, b.label))
                .collect::<Vec<_>>()
                .join("\n")
        );
        if hand.buttons.is_empty() {
            println!("{}", terminal_text(&hand.text));
            return Err(UsageError(msg!("play-come-back-later", again = again)));
        }
        println!("{decision}");
        let forced = match hand.buttons.as_slice() {
            [only] if !refused_forced && decides(only) => Some(only),
            _ => None,
        };
        let button = if let Some(only) = forced {
            // Nothing to choose: the one option is taken, and said so.
            println!("{}", msg!("play-only-option"));
            only
        } else {
            // A wrong answer gets a one-line hint and the same question; `?` prints the
            // decision again, with the board and its key.
            loop {
                print!("{}", prompt(hand.buttons.len()));
                std::io::stdout().flush()?;
                let line = tokio::select! {
                    line = lines.recv() => line,
                    () = &mut interrupted => {
                        println!("\n{}", msg!("play-stopped", again = again));
                        return Ok(Ended::Interrupted);
                    }
                };
                let Some(line) = line else {
                    println!("\n{}", msg!("play-stopped", again = again));
                    return Ok(Ended::Done);
                };
                let line = line?;
                let line = line.trim();
                if line.eq_ignore_ascii_case("q") {
                    println!("{}", msg!("play-stopped", again = again));
                    return Ok(Ended::Done);
                }
                // The win chances of the stage, as the player's team sees it (issue 35).
                if line.eq_ignore_ascii_case("o") {
                    match services.odds(&me, CHANNEL).await {
                        Ok(reply) => println!("{}", terminal_text(&reply.text)),
                        Err(e) => println!("{}", terminal_text(&e.to_reply().text)),
                    }
                    continue;
                }
                // The stage so far, turn by turn, for a player back from a pause (issue 36).
                if line.eq_ignore_ascii_case("l") {
                    match services.stage_log(CHANNEL, None).await {
                        Ok(reply) => match reply.images.first() {
                            Some((_, log)) => println!("{}", String::from_utf8_lossy(log)),
                            None => println!("{}", terminal_text(&reply.text)),
                        },
                        Err(e) => println!("{}", terminal_text(&e.to_reply().text)),
                    }
                    continue;
                }
                if line == "?" {
                    if let Some(board) = &board {
                        println!("\n{}", scene_text_keyed(&board.scene, mine, true));
                    }
                    println!("{decision}");
                    continue;
                }
                match line
                    .parse::<usize>()
                    .ok()
                    .and_then(|n| n.checked_sub(1))
                    .and_then(|i| hand.buttons.get(i))
                {
                    Some(button) => break button,
                    None => {
                        println!("{}", msg!("play-type-a-number", count = hand.buttons.len()))
                    }
                }
            }
        };
        let Some(Pressed {
            action: ButtonAction::Decide { stage, step, key },
            ..
        }) = parse_button(&button.id)
        else {
            continue;
        };
        let choice = Pick {
            key,
            at: Some((stage, step)),
            tour: None,
        };
        asked += 1;
        refused_forced = false;
        let request = format!("terminal-{}-{asked}", std::process::id());
        match services.choose(&me, CHANNEL, &request, choice).await {
            Ok(reply) => {
                // The terminal shows the news at once: its pictures are drawn and it is delivered.
                let reply = super::shown(services, reply).await?;
                // A stage this choice finished: where your riders ended it, told before the
                // next stage starts.
                let done = stage_results(services, tour.id).await?;
                let between: Vec<Between> = done
                    .iter()
                    .enumerate()
                    .skip(seen)
                    .map(|(i, result)| Between {
                        next_start: services
                            .stage_start_line(&tour, result.number + 1)
                            .map(|line| terminal_text(&line)),
                        summary: summary::after_stage(&tour, &done[..=i], &team),
                    })
                    .collect();
                seen = done.len();
                show_after_choice(&reply, &mut phase_post, &between);
                pictures.save_and_list(&reply)?;
            }
            Err(ServiceError::Refused(sentence)) => {
                println!("{}", terminal_text(&sentence));
                refused_forced = forced.is_some();
            }
            Err(e) => return Err(e.into()),
        }
    }
}

/// Whether a button makes a decision (what `play` can press for you).
fn decides(button: &crate::services::ButtonSpec) -> bool {
    matches!(
        parse_button(&button.id),
        Some(Pressed {
            action: ButtonAction::Decide { .. },
            ..
        })
    )
}

/// What the terminal tells between two stages: where your riders ended the stage and the
/// general classification, just before the line that starts the next stage.
struct Between {
    next_start: Option<String>,
    summary: String,
}

/// Sets up a tour in the folder: created, your team in, started. A tour an earlier run left in
/// the lobby (its team name refused, say) never started: it is ended and replaced, so one bad
/// run does not block the folder.
async fn new_tour(
    services: &Services,
    o: &PlayOptions<'_>,
    left_over: Option<TourRow>,
    again: &str,
) -> Result<TourRow, UsageError> {
    let team = o.team.unwrap_or(DEFAULT_TEAM);
    let preset_name = super::preset_name(o.tour.unwrap_or(DEFAULT_TOUR));
    set_language(o.lang.unwrap_or_default());
    // Everything a run can get wrong is checked before anything is written.
    check_team_name(team)?;
    let preset = services.library().preset(preset_name).map_err(UsageError)?;
    let admin = Actor::admin(YOU);
    if let Some(t) = left_over.filter(|t| t.status == TourStatus::Lobby) {
        services.end_tour(&admin, CHANNEL).await?;
        println!("{}", msg!("play-replaced", preset = &t.preset));
    }
    let settings = TourSettings {
        preset: preset_name.to_string(),
        seats: 4,
        // A day per round; nothing closes rounds in the terminal anyway: it waits for you.
        turn_deadline_secs: 86_400,
        seed: Some(o.seed.unwrap_or(DEFAULT_SEED)),
        decision_deadline_secs: None,
        language: o.lang,
    };
    services.create_tour(&admin, CHANNEL, settings).await?;
    services
        .join(&Actor::player(YOU), CHANNEL, team, "blue")
        .await?;
    let started = super::shown(services, services.start(&admin, CHANNEL).await?).await?;
    println!(
        "{}",
        msg!(
            "play-intro",
            tour = &preset.name,
            stages = preset.stages.len(),
            team = team.trim(),
            again = again
        )
    );
    println!("\n{}", public_text(&started));
    let mut pictures = Pictures {
        out: o.out,
        stage: 1,
    };
    pictures.save_and_list(&started)?;
    latest_tour(services)
        .await?
        .map(|(t, _)| t)
        .ok_or_else(|| UsageError(msg!("play-not-saved")))
}

/// The folder's latest tour and how many of its stages were raced.
async fn latest_tour(services: &Services) -> Result<Option<(TourRow, usize)>, UsageError> {
    let mut conn = services.store().read().await?;
    let Some(tour) = tours::latest_in_channel(&mut conn, CHANNEL).await? else {
        return Ok(None);
    };
    let raced = results::list(&mut conn, tour.id).await?.len();
    Ok(Some((tour, raced)))
}

async fn stage_results(services: &Services, tour_id: i64) -> Result<Vec<StageResult>, UsageError> {
    let mut conn = services.store().read().await?;
    Ok(results::list(&mut conn, tour_id).await?)
}

async fn my_team(services: &Services, tour_id: i64) -> Result<String, UsageError> {
    let mut conn = services.store().read().await?;
    teams::list(&mut conn, tour_id)
        .await?
        .into_iter()
        .find(|t| t.director.as_deref() == Some(YOU))
        .map(|t| t.name)
        .ok_or_else(|| UsageError(msg!("play-no-team")))
}

/// After a choice the private answer repeats the hand, which the loop prints anyway: keep its
/// first line ("... draws 4 2 2 6.") and the public news of any round it closed.
/// A game told phase by phase gathers a phase's news in one post, which each choice extends
/// (`Reply::edits`): the terminal prints only what a choice added to the post it printed.
fn show_after_choice(reply: &Reply, phase_post: &mut String, between: &[Between]) {
    let mut told = vec![false; between.len()];
    for part in reply.all() {
        let text = terminal_text(&part.text);
        if part.private {
            if let Some(first) = text.lines().next() {
                println!("{first}");
            }
            continue;
        }
        let added = match part.edits {
            Some(_) => text.strip_prefix(phase_post.as_str()).unwrap_or(&text),
            None => &text,
        };
        let added = added.trim();
        if !added.is_empty() {
            println!("\n{}", with_summaries(added, between, &mut told));
        }
        *phase_post = text.trim_end().to_string();
    }
    // A stage whose next one the news does not start (the last): its summary after the news.
    for (b, told) in between.iter().zip(told) {
        if !told {
            println!("\n{}", b.summary);
        }
    }
}

/// `text` with each stage's summary put before the line that starts the next stage; marks the
/// summaries put.
fn with_summaries(text: &str, between: &[Between], told: &mut [bool]) -> String {
    let mut out: Vec<String> = Vec::new();
    for line in text.lines() {
        for (i, b) in between.iter().enumerate() {
            if !told[i] && b.next_start.as_deref() == Some(line.trim()) {
                out.push(b.summary.trim_end().to_string());
                out.push(String::new());
                told[i] = true;
            }
        }
        out.push(line.to_string());
    }
    out.join("\n")
}

/// The command that resumes this session, with the options that matter when they are not the
/// defaults.
fn again_command(o: &PlayOptions<'_>) -> String {
    let mut command = String::from("commissaire");
    if o.config != Path::new("config") {
        command.push_str(&format!(" --config {}", quoted(o.config)));
    }
    command.push_str(" play");
    if o.out != Path::new(DEFAULT_OUT) {
        command.push_str(&format!(" --out {}", quoted(o.out)));
    }
    if let Some(lang) = o.lang {
        command.push_str(&format!(" --lang {lang}"));
    }
    command
}

fn quoted(path: &Path) -> String {
    let text = path.display().to_string();
    if text.contains(|c: char| c.is_whitespace() || c == '\'') {
        format!("'{}'", text.replace('\'', r"'\''"))
    } else {
        text
    }
}

/// The question under the numbered choices; a lone choice is not offered as a range "1-1".
/// The answer is typed after a space, on the same line.
fn prompt(choices: usize) -> String {
    let question = match choices {
        1 => msg!("play-prompt-one"),
        n => msg!("play-prompt", count = n),
    };
    question + " "
}

#[cfg(test)]
mod prompt_tests {
    use super::prompt;

    #[test]
    fn a_lone_choice_is_not_a_range() {
        assert_eq!(prompt(1), "Your choice (1, q to stop): ");
        assert_eq!(prompt(4), "Your choice (1-4, q to stop): ");
    }
}
