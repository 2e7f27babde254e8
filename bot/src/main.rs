//! The `commissaire` binary: the command line over the engine and, later, the tour services.

mod courses;

use clap::{Parser, Subcommand};
use commissaire_engine::scenario::Scenario;
use courses::CourseLibrary;
use std::io::Read;
use std::path::PathBuf;
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
    /// Plays a scenario file (or `-` for standard input) and prints one JSON line per round.
    Scenario {
        /// The scenario file, or `-` to read it from standard input.
        file: String,
    },
}

/// A mistake the user can fix: printed as is, exit status 2.
struct UsageError(String);

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Scenario { file } => scenario(&cli, file),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(UsageError(message)) => {
            eprintln!("commissaire: {message}");
            ExitCode::from(2)
        }
    }
}

fn read_input(file: &str) -> Result<String, UsageError> {
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

fn scenario(cli: &Cli, file: &str) -> Result<(), UsageError> {
    let text = read_input(file)?;
    let library = CourseLibrary::new(&cli.config);
    let scenario = Scenario::from_json(&text).map_err(|e| UsageError(format!("{file}: {e}")))?;
    let outcome = scenario
        .run(&|name| library.find(name), None)
        .map_err(|e| UsageError(format!("{file}: {e}")))?;
    print!("{}", outcome.to_json_lines());
    Ok(())
}
