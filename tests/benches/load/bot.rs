//! The bot under load: the release `commissaire` binary, run as `commissaire serve` in a
//! temporary folder with its own settings (the fake Discord's address) and SQLite file, or on
//! a PostgreSQL database.

use commissaire_tests::fake_discord::FAKE_TOKEN;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// The guild the bot registers its commands in (`serve --guild`), and the tours play in.
pub const GUILD: u64 = 1_100_000_000_000_000_100;

pub struct Bot {
    child: Child,
    /// Holds the config folder, the database and the log until the run ends.
    _folder: tempfile::TempDir,
    pub log: PathBuf,
}

/// The workspace's folder, where `cargo build` is run and `config/` is copied from.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tests package sits in the workspace")
        .to_path_buf()
}

/// Builds the release binary (nothing to do when it is up to date) and returns its path, in the
/// target folder this bench was built in. Cargo gives a bench the path of its own package's
/// binaries only; the binary is the bot package's.
pub fn release_binary() -> Result<PathBuf, String> {
    let mut build = Command::new(env!("CARGO"));
    build
        .args([
            "build",
            "--release",
            "-p",
            "commissaire",
            "--bin",
            "commissaire",
        ])
        .current_dir(workspace());
    // What cargo set for running this bench would reach the build scripts (ring's reads
    // CARGO_MANIFEST_DIR) and rebuild them, then again at the next plain `cargo build`.
    for (key, _) in std::env::vars_os() {
        let key = key.to_string_lossy();
        let set_for_this_bench = [
            "CARGO_MANIFEST_",
            "CARGO_PKG_",
            "CARGO_CRATE_",
            "CARGO_BIN_",
        ]
        .iter()
        .any(|prefix| key.starts_with(prefix))
            || ["CARGO_PRIMARY_PACKAGE", "CARGO_TARGET_TMPDIR", "OUT_DIR"].contains(&&*key);
        if set_for_this_bench {
            build.env_remove(&*key);
        }
    }
    let status = build
        .status()
        .map_err(|e| format!("cannot run cargo to build the bot: {e}"))?;
    if !status.success() {
        return Err("cargo could not build the release bot".into());
    }
    // This bench runs from <target>/release/deps/.
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let release = exe
        .parent()
        .and_then(Path::parent)
        .ok_or("the bench does not run from a target folder")?;
    let binary = release.join(format!("commissaire{}", std::env::consts::EXE_SUFFIX));
    if binary.is_file() {
        Ok(binary)
    } else {
        Err(format!(
            "no bot at {}: name it with --binary",
            binary.display()
        ))
    }
}

/// The bot's temporary folder: its settings (the fake Discord's address), the project's courses
/// and tour presets, its SQLite file and its log. Made before the bot starts, so that idle tours
/// can be put in its database first.
pub struct Folder {
    dir: tempfile::TempDir,
    /// The config folder `serve --config` reads.
    pub config: PathBuf,
    /// The SQLite file, used unless the bot is given a PostgreSQL URL.
    pub sqlite: PathBuf,
}

impl Folder {
    pub fn new(api: &str) -> Result<Folder, String> {
        let dir = tempfile::tempdir().map_err(|e| format!("temporary folder: {e}"))?;
        let config = dir.path().join("config");
        for sub in ["courses", "tours"] {
            copy_folder(&workspace().join("config").join(sub), &config.join(sub))?;
        }
        let sqlite = dir.path().join("commissaire.db");
        let settings = format!(
            "database = {database:?}\napi_base = {api:?}\nconnect_timeout_secs = 30\n",
            database = sqlite.display().to_string(),
        );
        std::fs::write(config.join("commissaire.toml"), settings)
            .map_err(|e| format!("writing the settings: {e}"))?;
        Ok(Folder {
            dir,
            config,
            sqlite,
        })
    }
}

impl Bot {
    /// Starts `binary serve` in `folder` (with the fake Discord's address it was made with), on
    /// its SQLite file, or on the PostgreSQL database `postgres` (passed as `DATABASE_URL`,
    /// which wins over the settings' file).
    pub fn start(
        binary: &Path,
        folder: Folder,
        postgres: Option<&str>,
        log: Option<&Path>,
    ) -> Result<Bot, String> {
        let log = log.map_or_else(|| folder.dir.path().join("bot.log"), Path::to_path_buf);
        let log_file =
            std::fs::File::create(&log).map_err(|e| format!("{}: {e}", log.display()))?;
        let mut command = Command::new(binary);
        command
            .arg("--config")
            .arg(&folder.config)
            .args(["serve", "--guild", &GUILD.to_string()])
            .current_dir(folder.dir.path())
            .env("DISCORD_TOKEN", FAKE_TOKEN)
            .env_remove("COMMISSAIRE_DATABASE")
            .env_remove("COMMISSAIRE_DISCORD_API")
            .env_remove("COMMISSAIRE_CONFIG")
            .env_remove("DATABASE_URL");
        if let Some(url) = postgres {
            command.env("DATABASE_URL", url);
        }
        let child = command
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log_file)
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
        Ok(Bot {
            child,
            _folder: folder.dir,
            log,
        })
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The most memory the process has held, in MB, from the kernel's count.
    pub fn peak_memory_mb(&self) -> Option<u64> {
        self.memory_mb("VmHWM:")
    }

    /// The memory the process holds now (its resident set), in MB.
    pub fn memory_now_mb(&self) -> Option<u64> {
        self.memory_mb("VmRSS:")
    }

    fn memory_mb(&self, field: &str) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).ok()?;
        let line = status.lines().find(|l| l.starts_with(field))?;
        let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb / 1024)
    }

    /// CPU time the process has used (user + system), in seconds.
    pub fn cpu_secs(&self) -> Option<f64> {
        cpu_secs_of(&self.pid().to_string())
    }

    /// Whether the process has ended (and how).
    pub fn exited(&mut self) -> Option<std::process::ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    /// Asks the bot to stop as a service manager would (SIGTERM), then waits for it.
    pub fn stop(mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.pid().to_string()])
            .status();
        for _ in 0..100 {
            if self.exited().is_some() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Copies `from` into `to`, sub-folders included.
fn copy_folder(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    let entries = std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| e.to_string())?;
        // Courses sit in a folder per game (`courses/<game>/`).
        if entry.path().is_dir() {
            copy_folder(&entry.path(), &to.join(entry.file_name()))?;
        } else if entry.path().is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name()))
                .map_err(|e| format!("{}: {e}", entry.path().display()))?;
        }
    }
    Ok(())
}

/// CPU time (user + system) of the process `pid` (or `self`), in seconds, all threads.
pub fn cpu_secs_of(pid: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which may hold spaces) start at ") ".
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}
