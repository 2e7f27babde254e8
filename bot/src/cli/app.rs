//! The command line: its arguments and what each subcommand runs (the Discord bot, `serve`,
//! among them). The binary's `main` calls [`main`]; it lives in the library so that a release
//! build compiles it once (a binary of its own compiled the services' async code again).

use super::UsageError;
use crate::courses::CourseLibrary;
use clap::{Parser, Subcommand};
use commissaire_engine::scenario::{ScenarioFile, ScenarioRun};
use commissaire_messages::{Language, msg};
use commissaire_render::ruleset::{board_scene, profile_scene};
use commissaire_render::{render_board, render_profile};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "commissaire",
    version,
    about = "The referee of board-game bike races"
)]
struct Cli {
    /// The configuration folder (courses, tours, settings).
    #[arg(
        long,
        global = true,
        env = "COMMISSAIRE_CONFIG",
        default_value = "config"
    )]
    config: PathBuf,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Runs the Discord bot: settings in <config>/commissaire.toml, the token in DISCORD_TOKEN.
    Serve {
        /// Register the commands in this guild only (instant, for testing) instead of globally
        /// (which Discord can take up to an hour to show).
        #[arg(long)]
        guild: Option<u64>,
        /// Run only these gateway shards (`0-3`, or one: `5`) of `--total-shards`: several
        /// processes, each with its range, on one PostgreSQL database serve one bot.
        #[arg(long, requires = "total_shards")]
        shards: Option<String>,
        /// How many shards the bot has in all (with `--shards`).
        #[arg(long, requires = "shards")]
        total_shards: Option<u32>,
    },
    /// Checks the configuration folder as `serve` reads it: the settings, every course and every
    /// tour preset. Says each problem (file, line, what to change) and exits 1 if there is one.
    Check,
    /// Plays a scenario file (or `-` for standard input) and prints one JSON line per turn.
    Scenario {
        /// The scenario file, or `-` to read it from standard input.
        file: String,
    },
    /// A whole tour ridden by bots: pictures, standings and the winners in a folder.
    Demo {
        /// The folder to write into (its database is started afresh).
        #[arg(long, default_value = "demo-out")]
        out: PathBuf,
        /// The tour preset of config/tours/, by file name (`week` or `week.toml`) or name.
        #[arg(long, default_value = "week")]
        tour: String,
        /// The seed every card draw of the tour follows: the same seed rides the same tour.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Ride every preset of this ruleset instead (`velo-master`: its week at Expert and at
        /// Pro), each into a folder of --out named after the preset.
        #[arg(long, conflicts_with = "tour")]
        ruleset: Option<String>,
        /// The language of the tour book, the standings and the pictures: en, fr or nl.
        #[arg(long, default_value = "en")]
        lang: Language,
    },
    /// The same tour with you directing one team, in the terminal; run it again to resume.
    #[command(
        after_help = "At each prompt type the number of your choice; q (or ctrl-D) stops. \
        Every choice is saved as it is made, so `play` again with the same --out resumes where \
        you stopped (--tour, --seed and --team only set up a new tour, and are ignored then). \
        Pictures go into one folder per stage (stage-01/, ...). A folder holds one tour: once \
        it is over, play the next one with another --out."
    )]
    Play {
        /// The folder for the database and the pictures; the same folder resumes its tour.
        #[arg(long, default_value = super::play::DEFAULT_OUT)]
        out: PathBuf,
        /// The tour preset of config/tours/, by file name or name [default: week].
        #[arg(long)]
        tour: Option<String>,
        /// The tour's seed: the same seed deals the same cards and bot moves [default: 1].
        #[arg(long)]
        seed: Option<u64>,
        /// Your team's name, 1 to 24 characters [default: Commissaire].
        #[arg(long)]
        team: Option<String>,
        /// The language you read: en, fr or nl [default: en, or the resumed tour's].
        #[arg(long)]
        lang: Option<Language>,
    },
    /// Writes a consistent copy of the SQLite database named by the config (`database`) to
    /// FILE, while `serve` runs. A PostgreSQL database is backed up with `pg_dump`.
    Backup {
        /// The copy to write; it must not exist yet.
        file: PathBuf,
    },
    /// Writes a tour as one JSON file (docs/verify.md): its set-up, the seeds of the stages
    /// that are over, every choice, event and result. Of the config's database.
    Export {
        /// The tour's id in the database.
        #[arg(long, conflicts_with = "channel")]
        tour: Option<i64>,
        /// The latest tour of this Discord channel (its id; `terminal` for `play`'s).
        #[arg(long)]
        channel: Option<String>,
        /// Also what is still secret while the tour goes on (the seeds of the stage under way
        /// and of those to come): to move a tour under way with `import`. Never share it.
        #[arg(long)]
        secrets: bool,
        /// The file to write [default: standard output].
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Checks a tour file: each stage's seed against the commitment told when it started, and
    /// its choices replayed from that seed against every event recorded. Exits 1 if any stage
    /// does not check out.
    Verify {
        /// The tour file, or `-` to read it from standard input.
        file: String,
        /// The language of the report: en, fr or nl [default: en].
        #[arg(long)]
        lang: Option<Language>,
    },
    /// Restores a tour from its file into the config's database, where it goes on.
    Import {
        /// The tour file, or `-` to read it from standard input.
        file: String,
        /// The Discord channel to put it in [default: the file's].
        #[arg(long)]
        channel: Option<String>,
    },
    /// Plays a scenario up to a round and draws that moment: board.png and profile.png. With
    /// `--animate`, the whole scenario, or a finished stage of a stored tour, as a GIF.
    Render {
        /// The scenario file, or `-` to read it from standard input.
        #[arg(required_unless_present_any = ["tour", "channel"])]
        file: Option<String>,
        /// The round (the output line) to stop after (0: the riders on the start grid).
        #[arg(long, required_unless_present = "animate")]
        round: Option<u32>,
        /// Draws the whole scenario as an animated GIF instead, stage.gif: the board after
        /// each of its turns, then the last held two seconds.
        #[arg(long, conflicts_with = "round")]
        animate: bool,
        /// With `--animate`: a stored tour's finished stage instead of a scenario, by the
        /// tour's id in the config's database.
        #[arg(long, requires_all = ["animate", "stage"], conflicts_with_all = ["file", "channel"])]
        tour: Option<i64>,
        /// With `--animate`: the latest tour of this Discord channel (`terminal` for `play`'s).
        #[arg(long, requires_all = ["animate", "stage"], conflicts_with = "file")]
        channel: Option<String>,
        /// With `--tour` or `--channel`: the finished stage to animate, as
        /// `stage-NN-replay.gif`.
        #[arg(long)]
        stage: Option<u32>,
        /// The folder to write the pictures in (created if missing).
        #[arg(long, default_value = "out")]
        out: PathBuf,
    },
}

/// Parses the arguments and runs the subcommand: the whole `commissaire` binary.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut interrupted = false;
    let result = match &cli.command {
        Command::Serve {
            guild,
            shards,
            total_shards,
        } => {
            crate::memory::tune();
            runtime().and_then(|rt| {
                let shards = match (shards, total_shards) {
                    (Some(range), Some(total)) => Some(
                        crate::discord::config::Shards::parse(range, *total).map_err(UsageError)?,
                    ),
                    _ => None,
                };
                let served = rt.block_on(serve(&cli, *guild, shards));
                // serenity may still be retrying a connection (a DNS lookup on a blocking thread,
                // say): the process ends now rather than when it gives up.
                rt.shutdown_timeout(std::time::Duration::from_secs(1));
                served
            })
        }
        Command::Check => {
            if !super::check::run(&cli.config) {
                return ExitCode::from(1);
            }
            Ok(())
        }
        Command::Scenario { file } => scenario(&cli, file),
        Command::Render {
            file,
            round,
            out,
            animate,
            tour,
            channel,
            stage,
        } => match (file, round) {
            (Some(file), Some(round)) if !*animate => render(&cli, file, *round, out),
            (Some(file), _) => animate_scenario(&cli, file, out),
            (None, _) => runtime().and_then(|rt| {
                rt.block_on(super::record::animate_stage(
                    &cli.config,
                    *tour,
                    channel.as_deref(),
                    stage.unwrap_or(1),
                    out,
                ))
            }),
        },
        Command::Backup { file } => runtime().and_then(|rt| rt.block_on(backup(&cli, file))),
        Command::Export {
            tour,
            channel,
            secrets,
            out,
        } => runtime().and_then(|rt| {
            rt.block_on(super::record::export(
                &cli.config,
                super::record::ExportOptions {
                    tour: *tour,
                    channel: channel.as_deref(),
                    secrets: *secrets,
                    out: out.as_deref(),
                },
            ))
        }),
        Command::Verify { file, lang } => {
            commissaire_messages::set_language(lang.unwrap_or_default());
            match super::record::verify_file(&cli.config, file) {
                Ok(true) => Ok(()),
                Ok(false) => return ExitCode::from(1),
                Err(e) => Err(e),
            }
        }
        Command::Import { file, channel } => runtime().and_then(|rt| {
            rt.block_on(super::record::import(&cli.config, file, channel.as_deref()))
        }),
        Command::Demo {
            out,
            tour,
            seed,
            ruleset: None,
            lang,
        } => runtime().and_then(|rt| {
            commissaire_messages::set_language(*lang);
            super::check::warn(&cli.config);
            rt.block_on(super::demo::run(&cli.config, out, tour, *seed, *lang))
        }),
        Command::Demo {
            out,
            seed,
            ruleset: Some(ruleset),
            lang,
            ..
        } => runtime().and_then(|rt| {
            commissaire_messages::set_language(*lang);
            super::check::warn(&cli.config);
            rt.block_on(super::demo_ruleset::run(
                &cli.config,
                out,
                ruleset,
                *seed,
                *lang,
            ))
        }),
        Command::Play {
            out,
            tour,
            seed,
            team,
            lang,
        } => runtime().and_then(|rt| {
            // The services word their replies for a terminal: no slash commands, no buttons.
            commissaire_messages::set_medium(commissaire_messages::Medium::Terminal);
            // A refusal of a new tour's options reads in the language asked for.
            if let Some(lang) = lang {
                commissaire_messages::set_language(*lang);
            }
            super::check::warn(&cli.config);
            rt.block_on(super::play::run(super::play::PlayOptions {
                config: &cli.config,
                out,
                tour: tour.as_deref(),
                seed: *seed,
                team: team.as_deref(),
                lang: *lang,
            }))
            .map(|ended| interrupted = ended == super::play::Ended::Interrupted)
        }),
    };
    match result {
        // Stopped by ctrl-C: the status a shell expects of an interrupted command.
        Ok(()) if interrupted => ExitCode::from(130),
        Ok(()) => ExitCode::SUCCESS,
        Err(UsageError(message)) => {
            eprintln!("commissaire: {message}");
            ExitCode::from(2)
        }
    }
}

fn runtime() -> Result<tokio::runtime::Runtime, UsageError> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        // A runtime thread with nothing to do collects its allocator's heap if a trim asked.
        .on_thread_park(crate::memory::collect_if_asked)
        .build()
        .map_err(|e| UsageError(msg!("cli-no-runtime", error = e.to_string())))
}

async fn serve(
    cli: &Cli,
    guild: Option<u64>,
    shards: Option<crate::discord::config::Shards>,
) -> Result<(), UsageError> {
    use crate::discord::config::ServeConfig;
    use crate::discord::serve::{Options, run};
    use std::io::IsTerminal;
    let stop = stop_signal();
    // Logs go to standard error, in colour only when a person is looking at it there.
    let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    crate::logs::install(colour);
    let env = |key: &str| std::env::var(key).ok();
    let mut config =
        ServeConfig::load_folder(&cli.config, &env).map_err(|e| UsageError(e.to_string()))?;
    config.shards = shards;
    // A bot people ride with draws each stage's seed afresh: a seed told at one stage's end
    // then says nothing of the next (docs/verify.md).
    config.drawn_seeds = true;
    let token = config.token(&env).map_err(|e| UsageError(e.to_string()))?;
    // Every file that does not load is said now, before Discord is reached; the others serve.
    for problem in crate::services::Library::new(&cli.config).problems() {
        tracing::warn!("{problem}");
    }
    match config.shards {
        Some(s) => {
            tracing::info!(database = %config.database.describe(), shards = %format!("{}-{} of {}", s.first, s.last, s.total), "starting")
        }
        None => tracing::info!(database = %config.database.describe(), "starting"),
    }
    let options = Options {
        config,
        config_dir: cli.config.clone(),
        token,
        guild,
        clock: std::sync::Arc::new(crate::clock::SystemClock),
        pictures: true,
    };
    run(options, stop)
        .await
        .map_err(|e| UsageError(e.to_string()))
}

/// Ctrl-C, or SIGTERM from a service manager. The handlers are in place when this returns,
/// so a signal that comes while the database opens is not lost (nor kills the process).
fn stop_signal() -> impl std::future::Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let handlers = (
            signal(SignalKind::terminate()),
            signal(SignalKind::interrupt()),
        );
        async move {
            match handlers {
                (Ok(mut term), Ok(mut int)) => {
                    tokio::select! {
                        _ = term.recv() => {}
                        _ = int.recv() => {}
                    }
                }
                _ => {
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

pub(super) fn read_input(file: &str) -> Result<String, UsageError> {
    if file == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| UsageError(format!("cannot read standard input: {e}")))?;
        Ok(text)
    } else {
        std::fs::read_to_string(file).map_err(|e| UsageError(format!("cannot read {file}: {e}")))
    }
}

fn play_scenario(
    cli: &Cli,
    file: &str,
    stop_after: Option<u32>,
) -> Result<ScenarioRun, UsageError> {
    let text = read_input(file)?;
    let scenario =
        ScenarioFile::from_json(&text).map_err(|e| UsageError(format!("{file}: {e}")))?;
    let course = scenario
        .course(|name| CourseLibrary::new(&cli.config).find(name))
        .map_err(|e| UsageError(format!("{file}: {e}")))?;
    scenario
        .run(course, stop_after)
        .map_err(|e| UsageError(format!("{file}: {e}")))
}

fn scenario(cli: &Cli, file: &str) -> Result<(), UsageError> {
    let run = play_scenario(cli, file, None)?;
    // What happened, in the catalogue's sentences as a channel reads them, without Markdown.
    print!(
        "{}",
        run.to_json_lines_worded(&|s| {
            let args: Vec<(&str, commissaire_messages::Arg)> = s
                .args
                .iter()
                .map(|(k, v)| (*k, commissaire_messages::arg_of_json(v)))
                .collect();
            commissaire_messages::text_in(commissaire_messages::Medium::Terminal, s.id, &args)
        })
    );
    Ok(())
}

/// Why `render --round` cannot draw `round`, and which it can; `word` is what the scenario's
/// output lines are (rounds of the card race's notation, turns of a script).
fn past_the_end(file: &str, round: u32, played: u32, word: &str) -> String {
    let can = match played {
        0 => format!("it plays no {word}, so only --round 0 (the start grid) can be drawn"),
        1 => format!("it plays 1 {word}: pass --round 0 (the start grid) or 1"),
        n => format!("it plays {n} {word}s: pass --round 0 (the start grid) to {n}"),
    };
    format!("{file}: there is no {word} {round} to draw; {can}")
}

/// `commissaire backup FILE`: SQLite's `VACUUM INTO`, which reads one snapshot of the database
/// (WAL mode: `serve` goes on writing meanwhile) and writes it whole into a new file.
async fn backup(cli: &Cli, to: &Path) -> Result<(), UsageError> {
    use crate::discord::config::ServeConfig;
    use crate::store::{Database, Store};
    let env = |key: &str| std::env::var(key).ok();
    let config =
        ServeConfig::load_folder(&cli.config, &env).map_err(|e| UsageError(e.to_string()))?;
    let path = match &config.database {
        Database::Sqlite(path) => path.clone(),
        Database::Postgres(_) => {
            return Err(UsageError(msg!(
                "cli-backup-postgres",
                database = config.database.describe()
            )));
        }
    };
    if to.exists() {
        return Err(UsageError(msg!(
            "cli-backup-exists",
            file = to.display().to_string()
        )));
    }
    if !path.is_file() {
        return Err(UsageError(msg!(
            "cli-backup-no-database",
            path = path.display().to_string()
        )));
    }
    let store = Store::open(&path).await.map_err(|e| {
        UsageError(msg!(
            "cli-cannot-open-database",
            path = path.display().to_string(),
            error = e.to_string()
        ))
    })?;
    let done = store.backup(to).await;
    store.close().await;
    done.map_err(|e| {
        UsageError(msg!(
            "cli-backup-failed",
            file = to.display().to_string(),
            error = e.to_string()
        ))
    })?;
    println!(
        "{}",
        msg!(
            "cli-backup-done",
            from = path.display().to_string(),
            to = to.display().to_string()
        )
    );
    Ok(())
}

/// `render --animate`: the scenario's board after each of its turns as one GIF, the frames
/// titled as the channel's boards are, then the last held two seconds (issue 36).
fn animate_scenario(cli: &Cli, file: &str, out: &Path) -> Result<(), UsageError> {
    super::check_out(out)?;
    let run = play_scenario(cli, file, None)?;
    let played = run.turns();
    if played == 0 {
        return Err(UsageError(format!(
            "{file}: it plays no {}, so there is nothing to animate",
            run.turn_word()
        )));
    }
    let mut turns = Vec::new();
    for turn in 1..=played {
        let scene = play_scenario(cli, file, Some(turn))?.scene();
        let title = msg!(
            "picture-round",
            stage = 1,
            turn = format!("{} {turn}", run.turn_word())
        );
        turns.push((scene, title));
    }
    let gif = commissaire_render::ruleset::stage_gif(
        &turns,
        &msg!("picture-finish", stage = 1),
        &|_| None,
        &|_| None,
        &[],
    )
    .map_err(|e| UsageError(format!("{file}: cannot draw the animation: {e}")))?;
    std::fs::create_dir_all(out)
        .map_err(|e| UsageError(format!("cannot create {}: {e}", out.display())))?;
    let path = out.join("stage.gif");
    std::fs::write(&path, &gif)
        .map_err(|e| UsageError(format!("cannot write {}: {e}", path.display())))?;
    let plural = if played == 1 { "" } else { "s" };
    println!(
        "wrote {} ({played} {}{plural}, {} bytes)",
        path.display(),
        run.turn_word(),
        gif.len()
    );
    Ok(())
}

fn render(cli: &Cli, file: &str, round: u32, out: &Path) -> Result<(), UsageError> {
    // `--out` names the folder the pictures go in: a file there is refused before any work.
    super::check_out(out)?;
    let run = play_scenario(cli, file, Some(round))?;
    let played = run.turns();
    if round > played {
        return Err(UsageError(past_the_end(
            file,
            round,
            played,
            run.turn_word(),
        )));
    }
    let scene = run.scene();
    let no_pictures = |e| {
        UsageError(format!(
            "{file}: {e}; `commissaire scenario` prints its turns"
        ))
    };
    let board = board_scene(&scene).map_err(no_pictures)?;
    let profile = profile_scene(&scene).map_err(no_pictures)?;
    let board =
        render_board(&board).map_err(|e| UsageError(format!("cannot draw the board: {e}")))?;
    let profile = render_profile(&profile)
        .map_err(|e| UsageError(format!("cannot draw the profile: {e}")))?;
    std::fs::create_dir_all(out)
        .map_err(|e| UsageError(format!("cannot create {}: {e}", out.display())))?;
    for (name, bytes) in [("board.png", &board), ("profile.png", &profile)] {
        let path = out.join(name);
        std::fs::write(&path, bytes)
            .map_err(|e| UsageError(format!("cannot write {}: {e}", path.display())))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::past_the_end;

    #[test]
    fn render_past_the_end_names_the_rounds_it_can_draw() {
        let none = past_the_end("s.json", 99, 0, "round");
        assert!(!none.contains("0 to 0"), "{none}");
        assert!(none.contains("only --round 0"), "{none}");
        assert!(past_the_end("s.json", 99, 5, "round").contains("--round 0 (the start grid) to 5"));
        let turns = past_the_end("s.json", 9, 2, "turn");
        assert!(
            turns.contains("no turn 9 to draw; it plays 2 turns"),
            "{turns}"
        );
    }
}
