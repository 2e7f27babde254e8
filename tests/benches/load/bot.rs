//! The bot under load: the release `commissaire` binary, run as `commissaire serve` in a
//! temporary folder with its own settings (the fake Discord's address) and SQLite file.

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

impl Bot {
    /// Starts `binary serve` against the fake Discord at `api`, with the project's courses and
    /// tour presets and a fresh database.
    pub fn start(binary: &Path, api: &str, log: Option<&Path>) -> Result<Bot, String> {
        let folder = tempfile::tempdir().map_err(|e| format!("temporary folder: {e}"))?;
        let config = folder.path().join("config");
        for sub in ["courses", "tours"] {
            copy_folder(&workspace().join("config").join(sub), &config.join(sub))?;
        }
        let database = folder.path().join("commissaire.db");
        let settings = format!(
            "database = {database:?}\napi_base = {api:?}\nconnect_timeout_secs = 30\n",
            database = database.display().to_string(),
        );
        std::fs::write(config.join("commissaire.toml"), settings)
            .map_err(|e| format!("writing the settings: {e}"))?;
        let log = log.map_or_else(|| folder.path().join("bot.log"), Path::to_path_buf);
        let log_file =
            std::fs::File::create(&log).map_err(|e| format!("{}: {e}", log.display()))?;
        let child = Command::new(binary)
            .arg("--config")
            .arg(&config)
            .args(["serve", "--guild", &GUILD.to_string()])
            .current_dir(folder.path())
            .env("DISCORD_TOKEN", FAKE_TOKEN)
            .env_remove("COMMISSAIRE_DATABASE")
            .env_remove("COMMISSAIRE_DISCORD_API")
            .env_remove("COMMISSAIRE_CONFIG")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log_file)
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
        Ok(Bot {
            child,
            _folder: folder,
            log,
        })
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The most memory the process has held, in MB, from the kernel's count.
    pub fn peak_memory_mb(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
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

fn copy_folder(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    let entries = std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| e.to_string())?;
        if entry.path().is_file() {
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
