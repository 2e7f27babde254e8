//! `commissaire check`: the configuration folder read as `serve` reads it (its settings, every
//! course and every tour preset), each problem said at once; and the same problems warned of
//! when `serve`, `demo` and `play` start.

use crate::discord::config::ServeConfig;
use crate::services::Library;
use commissaire_messages::msg;
use std::path::Path;

/// Whether the folder is good: every problem is printed, one a line, then a summary.
pub fn run(config: &Path) -> bool {
    let env = |key: &str| std::env::var(key).ok();
    let mut problems = Vec::new();
    let settings = ServeConfig::load_folder(config, &env);
    if let Err(e) = &settings {
        problems.push(e.to_string());
    }
    // Without the folder there is nothing more to read: its error says so.
    if config.is_dir() {
        let library = Library::new(config);
        problems.extend(library.problems());
        if problems.is_empty() {
            let (presets, courses) = library.loaded();
            println!(
                "{}",
                msg!(
                    "check-good",
                    folder = config.display().to_string(),
                    presets = presets,
                    courses = courses
                )
            );
            return true;
        }
    }
    for problem in &problems {
        println!("{problem}");
    }
    println!(
        "{}",
        msg!(
            "check-problems",
            folder = config.display().to_string(),
            count = problems.len()
        )
    );
    false
}

/// The configuration's problems, for a command that starts anyway with the files that load:
/// each as a warning on standard error.
pub fn warn(config: &Path) {
    if !config.is_dir() {
        return;
    }
    for problem in Library::new(config).problems() {
        eprintln!("{}", msg!("cli-warning", problem = problem));
    }
}
