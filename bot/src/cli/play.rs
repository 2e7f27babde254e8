//! `commissaire play`: the same tour with you directing one team in the terminal. The board is
//! drawn as text, the hand as numbered choices, and the PNGs a channel would get are written
//! beside. Every choice is committed as it is made: stop with ctrl-C and `play` again resumes.

use super::{UsageError, all_text, save_pictures, shown};
use commissaire::clock::SystemClock;
use commissaire::services::{
    Actor, ButtonAction, Pressed, Reply, ServiceError, Services, TourSettings, parse_button,
};
use commissaire_engine::card_race::StageView;
use commissaire_engine::course::Terrain;
use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::Arc;

const CHANNEL: &str = "terminal";
const YOU: &str = "you";

pub struct PlayOptions<'a> {
    pub config: &'a Path,
    pub out: &'a Path,
    pub tour: &'a str,
    pub seed: u64,
    pub team: &'a str,
}

pub async fn run(o: PlayOptions<'_>) -> Result<(), UsageError> {
    super::prepare_out(o.out)?;
    let db = o.out.join("play.sqlite");
    let services = Services::open(&db, o.config, Arc::new(SystemClock)).await?;
    let me = Actor::player(YOU);
    match services.hand(&me, CHANNEL).await {
        Ok(_) => println!("Resuming your tour from {}.", db.display()),
        Err(ServiceError::Refused(_)) => {
            let admin = Actor::admin(YOU);
            let settings = TourSettings {
                preset: super::preset_name(o.tour).to_string(),
                seats: 4,
                // A day per round: the terminal waits for you, never the bot.
                turn_deadline_secs: 86_400,
                seed: Some(o.seed),
            };
            show(
                &services.create_tour(&admin, CHANNEL, settings).await?,
                o.out,
            )?;
            show(&services.join(&me, CHANNEL, o.team, "blue").await?, o.out)?;
            show(
                &shown(&services, services.start(&admin, CHANNEL).await?).await?,
                o.out,
            )?;
        }
        Err(e) => return Err(e.into()),
    }
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut asked = 0u64;
    loop {
        let hand = match services.hand(&me, CHANNEL).await {
            Ok(hand) => hand,
            Err(ServiceError::Refused(_)) => {
                // The tour is over (or gone): the final standings close the session.
                let standings = services.standings(CHANNEL).await?;
                show(&standings, o.out)?;
                services.store().close().await;
                return Ok(());
            }
            Err(e) => return Err(e.into()),
        };
        if let Ok(view) = services.public_view(CHANNEL).await {
            println!("\n{}", board_text(&view));
        }
        println!("{}", hand.text);
        if hand.buttons.is_empty() {
            return Err(UsageError(
                "nothing to choose now; run `commissaire play` again later".into(),
            ));
        }
        for (i, b) in hand.buttons.iter().enumerate() {
            println!("  {}) {}", i + 1, b.label);
        }
        print!("Your choice (1-{}, q to stop): ", hand.buttons.len());
        std::io::stdout().flush()?;
        let Some(line) = lines.next() else {
            println!("\nStopped. Run `commissaire play` again to resume.");
            services.store().close().await;
            return Ok(());
        };
        let line = line?;
        let line = line.trim();
        if line.eq_ignore_ascii_case("q") {
            println!("Stopped. Run `commissaire play` again to resume.");
            services.store().close().await;
            return Ok(());
        }
        let Some(button) = line
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| hand.buttons.get(i))
        else {
            println!("Type a number from 1 to {}.", hand.buttons.len());
            continue;
        };
        let Some(Pressed {
            action: ButtonAction::Choose(choice),
            ..
        }) = parse_button(&button.id)
        else {
            continue;
        };
        asked += 1;
        let request = format!("terminal-{}-{asked}", std::process::id());
        match services.choose(&me, CHANNEL, &request, choice).await {
            Ok(reply) => show_after_choice(&shown(&services, reply).await?, o.out)?,
            Err(ServiceError::Refused(sentence)) => println!("{sentence}"),
            Err(e) => return Err(e.into()),
        }
    }
}

/// Prints a reply's public news and writes its pictures beside the database.
fn show(reply: &Reply, out: &Path) -> Result<(), UsageError> {
    let text = all_text(reply);
    if !text.is_empty() {
        println!("\n{text}");
    }
    let files = save_pictures(reply, out)?;
    if !files.is_empty() {
        println!("(pictures: {})", files.join(", "));
    }
    Ok(())
}

/// After a choice the private answer repeats the hand, which the loop prints anyway: keep its
/// first line ("... draws 4 2 2 6.") and the public news of any round it closed.
fn show_after_choice(reply: &Reply, out: &Path) -> Result<(), UsageError> {
    for part in reply.all() {
        let text = part.text.trim();
        if part.private {
            if let Some(first) = text.lines().next().filter(|l| !l.starts_with("**")) {
                println!("{first}");
            }
        } else if !text.is_empty() {
            println!("\n{text}");
        }
    }
    let files = save_pictures(reply, out)?;
    if !files.is_empty() {
        println!("(pictures: {})", files.join(", "));
    }
    Ok(())
}

/// The part of the road where the riders are, one line per lane, the right-hand lane (lane 0)
/// at the bottom as on the picture: `..` flat, `^^` climb, `vv` descent, `ss` supply, `##`
/// cobbles, `|` the finish line, riders as team number and R/S/G.
pub fn board_text(view: &StageView) -> String {
    let course = &view.course;
    let rows: Vec<u16> = view
        .riders
        .iter()
        .filter(|r| r.racing)
        .map(|r| r.pos.row)
        .collect();
    let (Some(&back), Some(&front)) = (rows.iter().min(), rows.iter().max()) else {
        return String::from("(every rider is across the line)");
    };
    // At most 36 rows fit a terminal line; a spread field shows its head.
    let last = (front + 3).min(course.last_row());
    let first = back.saturating_sub(1).max(last.saturating_sub(35));
    let lanes = (first..=last).map(|r| course.width(r)).max().unwrap_or(2);
    let mut text = format!(
        "{} — round {} — rows {first} to {last}, the line before row {}\n",
        view.course_name,
        view.round,
        course.finish_row()
    );
    for lane in (0..lanes).rev() {
        for row in first..=last {
            if row == course.finish_row() {
                text.push('|');
            }
            let here = view
                .riders
                .iter()
                .find(|r| r.racing && r.pos.row == row && r.pos.lane == lane);
            let cell = match here {
                Some(r) => format!("{}{}", r.team + 1, r.kind.letter()),
                None if lane >= course.width(row) => "  ".into(),
                None => match course.terrain(row) {
                    Terrain::Flat => "..",
                    Terrain::Uphill => "^^",
                    Terrain::Downhill => "vv",
                    Terrain::Supply => "ss",
                    Terrain::Cobbles => "##",
                }
                .into(),
            };
            text.push_str(&cell);
            text.push(' ');
        }
        text.push('\n');
    }
    let teams: Vec<String> = view
        .teams
        .iter()
        .enumerate()
        .map(|(i, t)| format!("{} {}", i + 1, t.name))
        .collect();
    text.push_str(&format!("teams: {}", teams.join(", ")));
    if back < first {
        text.push_str(&format!(" (riders behind row {first} are not shown)"));
    }
    text
}
