//! The terminal adapter: `demo` and `play` drive the same application services as the Discord
//! adapter, and write the pictures those services return into a folder.

pub mod app;
pub mod check;
pub mod demo;
pub mod demo_ruleset;
pub mod play;
pub mod record;

use crate::services::{Reply, ServiceError, Services};
use commissaire_messages::msg;
use std::io::IsTerminal;
use std::path::Path;

/// A mistake the user can fix, or something the machine refused (a folder not writable): printed
/// as is, exit status 2.
pub struct UsageError(pub String);

impl<E: std::fmt::Display> From<E> for UsageError {
    fn from(e: E) -> Self {
        UsageError(e.to_string())
    }
}

/// A reply as the terminal shows it: its pictures drawn, and what it owed the channel marked
/// delivered, as printing it is the terminal's delivery (a later Discord start must not post
/// it again).
pub async fn shown(services: &Services, mut reply: Reply) -> Result<Reply, ServiceError> {
    services.draw(&mut reply).await;
    for r in reply.all() {
        if let Some(owing) = &r.owed {
            services.delivered(owing.id, &[], None).await?;
        }
    }
    Ok(reply)
}

/// Writes every picture of a reply (and its follow-ups) into `dir`; returns the files written.
pub fn save_pictures(reply: &Reply, dir: &Path) -> Result<Vec<String>, UsageError> {
    std::fs::create_dir_all(dir).map_err(|e| cannot_create(dir, e))?;
    let mut written = Vec::new();
    for part in reply.all() {
        for (name, png) in &part.images {
            let path = dir.join(name);
            std::fs::write(&path, png).map_err(|e| cannot_write(&path, e))?;
            written.push(name.clone());
        }
    }
    Ok(written)
}

/// A folder that could not be made, in a sentence.
pub fn cannot_create(dir: &Path, e: std::io::Error) -> UsageError {
    UsageError(msg!(
        "cli-cannot-create",
        path = dir.display().to_string(),
        error = e.to_string()
    ))
}

/// A file that could not be written, in a sentence.
pub fn cannot_write(path: &Path, e: std::io::Error) -> UsageError {
    UsageError(msg!(
        "cli-cannot-write",
        path = path.display().to_string(),
        error = e.to_string()
    ))
}

/// The text of a reply and its follow-ups, one paragraph each.
pub fn all_text(reply: &Reply) -> String {
    reply
        .all()
        .iter()
        .map(|r| r.text.trim())
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// The tour preset as the user may name it: `week`, `Tour de la Semaine`, or the file name
/// itself, `week.toml` (which the presets are listed by).
pub fn preset_name(tour: &str) -> &str {
    tour.strip_suffix(".toml").unwrap_or(tour)
}

/// Refuses an `--out` that cannot be a folder, before anything is created: a path naming a file.
pub fn check_out(out: &Path) -> Result<(), UsageError> {
    if out.exists() && !out.is_dir() {
        return Err(UsageError(msg!(
            "cli-out-is-file",
            path = out.display().to_string()
        )));
    }
    Ok(())
}

/// Creates the `--out` folder and makes sure this user can write in it, so a read-only folder
/// is named in a sentence rather than reported by SQLite as "unable to open database file".
pub fn prepare_out(out: &Path) -> Result<(), UsageError> {
    check_out(out)?;
    std::fs::create_dir_all(out).map_err(|e| {
        UsageError(msg!(
            "cli-out-cannot-create",
            path = out.display().to_string(),
            error = e.to_string()
        ))
    })?;
    let probe = out.join(".commissaire-write-check");
    std::fs::write(&probe, b"").map_err(|e| {
        UsageError(msg!(
            "cli-out-cannot-write",
            path = out.display().to_string(),
            error = e.to_string()
        ))
    })?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// Opens the services on a database file, naming the file if that fails.
pub async fn open_services(
    db: &Path,
    config: &Path,
) -> Result<crate::services::Services, UsageError> {
    crate::services::Services::open(db, config, std::sync::Arc::new(crate::clock::SystemClock))
        .await
        .map_err(|e| {
            UsageError(msg!(
                "cli-cannot-open-database",
                path = db.display().to_string(),
                error = e.to_string()
            ))
        })
}

/// Progress through the stages on standard error: a bar redrawn in place on a terminal, one
/// plain line per stage otherwise (a log file or a pipe would get one endless line of carriage
/// returns). An unfinished bar ends its line when dropped, so an error printed after it starts
/// on a line of its own.
pub struct Progress<W: std::io::Write = std::io::Stderr> {
    sink: W,
    terminal: bool,
    total: usize,
    started: std::time::Instant,
    open_line: bool,
}

impl Progress {
    pub fn stderr(total: usize) -> Self {
        let terminal = std::io::stderr().is_terminal();
        Progress::new(std::io::stderr(), terminal, total)
    }
}

impl<W: std::io::Write> Progress<W> {
    pub fn new(sink: W, terminal: bool, total: usize) -> Self {
        let mut p = Progress {
            sink,
            terminal,
            total,
            started: std::time::Instant::now(),
            open_line: false,
        };
        if terminal {
            p.step(0);
        }
        p
    }

    pub fn step(&mut self, done: usize) {
        let seconds = self.started.elapsed().as_secs_f32();
        let total = self.total;
        if self.terminal {
            const WIDTH: usize = 28;
            let filled = WIDTH * done / total.max(1);
            let _ = write!(
                self.sink,
                "\r[{}{}] {}",
                "#".repeat(filled),
                "-".repeat(WIDTH - filled),
                msg!(
                    "progress-bar",
                    done = done,
                    total = total,
                    seconds = format!("{seconds:.1}")
                ),
            );
            self.open_line = true;
        } else {
            let _ = writeln!(
                self.sink,
                "{}",
                msg!(
                    "progress-line",
                    done = done,
                    total = total,
                    seconds = format!("{seconds:.1}")
                )
            );
        }
        let _ = self.sink.flush();
    }

    /// Ends the bar's line.
    pub fn done(&mut self) {
        if self.open_line {
            let _ = writeln!(self.sink);
            let _ = self.sink.flush();
            self.open_line = false;
        }
    }

    #[cfg(test)]
    fn into_sink(mut self) -> W
    where
        W: Clone,
    {
        self.done();
        self.sink.clone()
    }
}

impl<W: std::io::Write> Drop for Progress<W> {
    fn drop(&mut self) {
        self.done();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sink the test can read after the progress is dropped.
    #[derive(Clone, Default)]
    struct Shared(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

    impl std::io::Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn text(sink: &Shared) -> String {
        String::from_utf8(sink.0.borrow().clone()).unwrap()
    }

    #[test]
    fn a_bar_cut_short_by_an_error_ends_its_line() {
        let sink = Shared::default();
        {
            let mut bar = Progress::new(sink.clone(), true, 7);
            bar.step(3);
            // An error returns here: the bar is dropped without `done`.
        }
        let written = text(&sink);
        assert!(written.contains("stage 3/7"), "{written:?}");
        assert!(
            written.ends_with('\n'),
            "the error message must not land on the bar's line: {written:?}"
        );
    }

    #[test]
    fn without_a_terminal_progress_is_plain_lines() {
        let sink = Shared::default();
        let mut plain = Progress::new(sink.clone(), false, 2);
        plain.step(1);
        plain.step(2);
        let written = text(&plain.into_sink());
        assert!(!written.contains('\r'), "{written:?}");
        assert_eq!(written.lines().count(), 2, "{written:?}");
        assert!(
            written.lines().all(|l| l.starts_with("stage ")),
            "{written:?}"
        );
    }

    #[test]
    fn a_preset_may_be_named_by_its_file_name() {
        assert_eq!(preset_name("week.toml"), "week");
        assert_eq!(preset_name("Tour de la Semaine"), "Tour de la Semaine");
    }

    #[test]
    fn out_naming_a_file_is_refused_with_its_path() {
        let file =
            std::env::temp_dir().join(format!("commissaire-out-file-{}", std::process::id()));
        std::fs::write(&file, b"mine").unwrap();
        let Err(UsageError(message)) = prepare_out(&file) else {
            panic!("a file is not a folder");
        };
        assert!(message.contains(&file.display().to_string()), "{message}");
        assert!(message.contains("is a file"), "{message}");
        assert_eq!(std::fs::read(&file).unwrap(), b"mine");
        std::fs::remove_file(&file).unwrap();
    }
}
