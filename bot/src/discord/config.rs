//! `config/commissaire.toml`, the settings of `commissaire serve`, each with an environment
//! override so a deployment can change one without editing the file. The token is never in the
//! file: it comes from `DISCORD_TOKEN`, or from a file the config names.

use crate::store::Database;
use commissaire_messages::msg;
use serde::Deserialize;
use std::fmt;
use std::path::{Path, PathBuf};

/// The settings as written in the file; every field is optional there.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileSettings {
    database: Option<PathBuf>,
    database_url: Option<String>,
    api_base: Option<String>,
    token_file: Option<PathBuf>,
    admin_role: Option<String>,
    reminder_lead_secs: Option<i64>,
    tick_secs: Option<u64>,
    default_turn_deadline_secs: Option<i64>,
    connect_timeout_secs: Option<u64>,
    answer_budget_ms: Option<u64>,
}

/// What `serve` runs with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServeConfig {
    /// Where the tours are kept: `database_url` (or `DATABASE_URL`), else the SQLite file
    /// `database`.
    pub database: Database,
    /// Where Discord's HTTP API is reached instead of discord.com: a proxy that shares the rate
    /// limits between processes, or a fake Discord in tests. `None`: Discord itself.
    pub api_base: Option<String>,
    pub token_file: Option<PathBuf>,
    /// Members with this role (a name, or a role id) may use `/admin` besides those who can
    /// manage the channel.
    pub admin_role: Option<String>,
    /// How long before a round's deadline late directors are mentioned.
    pub reminder_lead_secs: i64,
    /// How often the scheduler looks for deadlines that have passed.
    pub tick_secs: u64,
    /// The turn deadline of `/tour create` when the admin gives none.
    pub default_turn_deadline_secs: i64,
    /// How long `serve` keeps trying to reach Discord at start-up (its HTTP API, then the
    /// gateway's READY) before it gives up and exits with a sentence saying so. Once connected,
    /// serenity reconnects by itself for as long as it takes.
    pub connect_timeout_secs: u64,
    /// How long an interaction's answer may take before it is put off (deferred, then edited in
    /// when ready), in milliseconds: Discord drops an interaction not answered within three
    /// seconds, and the callback's own trip needs room. 0 defers every answer at once, which the
    /// end-to-end tests use to show that nothing depends on the machine's speed.
    pub answer_budget_ms: u64,
    /// The settings file these came from, for messages that send the user to it.
    pub file: PathBuf,
    /// The gateway shards this process runs (`serve --shards 0-3 --total-shards 8`); `None`:
    /// the one shard of a bot that runs in one process.
    pub shards: Option<Shards>,
    /// Whether each stage's seed is drawn from the operating system's generator when the stage
    /// starts, so that no seed told at a stage's end says anything of the next (issue 35):
    /// what `commissaire serve` does. Off, a stage's seed is derived from the tour's, as the
    /// tests want, which pick their races by seed. Not a setting of the file.
    pub drawn_seeds: bool,
}

/// A range of Discord's gateway shards, as serenity's shard manager starts them: this process
/// receives the events of the guilds whose shard (`(guild_id >> 22) % total`) is in the range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shards {
    pub first: u32,
    /// The last shard of the range, included.
    pub last: u32,
    pub total: u32,
}

impl Shards {
    /// `range` as `0-3` (or one shard, `5`) out of `total`; a sentence saying what is wrong.
    pub fn parse(range: &str, total: u32) -> Result<Shards, String> {
        let bad = || msg!("serve-shards-range", range = range);
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (
                a.trim().parse().map_err(|_| bad())?,
                b.trim().parse().map_err(|_| bad())?,
            ),
            None => {
                let one: u32 = range.trim().parse().map_err(|_| bad())?;
                (one, one)
            }
        };
        if first > last {
            return Err(bad());
        }
        if total == 0 || last >= total {
            return Err(msg!(
                "serve-shards-total",
                range = range,
                total = total,
                last = total.saturating_sub(1)
            ));
        }
        Ok(Shards { first, last, total })
    }

    /// The process's name in the database's claims: the same for the same range across
    /// restarts, different for every process of the bot.
    pub fn worker(&self) -> String {
        format!("shards-{}-{}-of-{}", self.first, self.last, self.total)
    }
}

impl Default for ServeConfig {
    fn default() -> Self {
        ServeConfig {
            database: Database::Sqlite(PathBuf::from("commissaire.db")),
            api_base: None,
            token_file: None,
            admin_role: None,
            reminder_lead_secs: 600,
            tick_secs: 5,
            default_turn_deadline_secs: 3600,
            connect_timeout_secs: 60,
            answer_budget_ms: DEFAULT_ANSWER_BUDGET_MS,
            file: PathBuf::from("config/commissaire.toml"),
            shards: None,
            drawn_seeds: false,
        }
    }
}

/// The environment variables that override the file, by setting.
pub const ENV_DATABASE: &str = "COMMISSAIRE_DATABASE";
/// The name every PostgreSQL tool reads a database URL from; it overrides both settings.
pub const ENV_DATABASE_URL: &str = "DATABASE_URL";
pub const ENV_API_BASE: &str = "COMMISSAIRE_DISCORD_API";
pub const ENV_TOKEN_FILE: &str = "COMMISSAIRE_TOKEN_FILE";
pub const ENV_ADMIN_ROLE: &str = "COMMISSAIRE_ADMIN_ROLE";
pub const ENV_TOKEN: &str = "DISCORD_TOKEN";
pub const ENV_ANSWER_BUDGET: &str = "COMMISSAIRE_ANSWER_BUDGET_MS";

/// The answer budget by default: a second, well inside Discord's three.
pub const DEFAULT_ANSWER_BUDGET_MS: u64 = 1000;
/// The longest answer budget taken: past it the deferral itself could miss Discord's three
/// seconds on a slow connection.
pub const MAX_ANSWER_BUDGET_MS: u64 = 2000;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error("{file}: {message}")]
    File { file: String, message: String },
    #[error("{0}")]
    Token(String),
    #[error("{0}")]
    Missing(String),
}

/// What a setting's value is.
#[derive(Clone, Copy)]
enum Wants {
    Path,
    Url,
    Address,
    Role,
    Seconds,
    Milliseconds,
}

/// The settings of the file, with what each wants.
const SETTINGS: [(&str, Wants); 10] = [
    ("database", Wants::Path),
    ("database_url", Wants::Url),
    ("api_base", Wants::Address),
    ("token_file", Wants::Path),
    ("admin_role", Wants::Role),
    ("reminder_lead_secs", Wants::Seconds),
    ("tick_secs", Wants::Seconds),
    ("default_turn_deadline_secs", Wants::Seconds),
    ("connect_timeout_secs", Wants::Seconds),
    ("answer_budget_ms", Wants::Milliseconds),
];

impl Wants {
    /// Whether a value as written is of this kind (a number, or text in quotes).
    fn fits(self, value: &str) -> bool {
        match self {
            Wants::Seconds | Wants::Milliseconds => value.parse::<i64>().is_ok(),
            Wants::Path | Wants::Url | Wants::Address | Wants::Role => {
                value.starts_with('"') || value.starts_with('\'')
            }
        }
    }

    /// What `key` wants, with an example.
    fn said(self, key: &str) -> String {
        match self {
            Wants::Path => msg!("config-wants-path", key = key),
            Wants::Url => msg!("config-wants-url", key = key),
            Wants::Address => msg!("config-wants-address", key = key),
            Wants::Role => msg!("config-wants-role", key = key),
            Wants::Seconds => msg!("config-wants-seconds", key = key),
            Wants::Milliseconds => msg!("config-wants-milliseconds", key = key),
        }
    }
}

/// Why the settings file does not read, said for the line at fault: a setting whose value is
/// not of its kind says what it wants (`tick_secs = five`: a whole number of seconds, where
/// TOML's own error speaks of booleans); a setting the file cannot have is named, with the
/// nearest one it can; anything else is TOML's error with its line.
fn explain(text: &str, e: &toml::de::Error) -> String {
    let toml_says = || e.to_string().trim_end().to_string();
    let Some(span) = e.span() else {
        return toml_says();
    };
    let at = text[..span.start.min(text.len())].matches('\n').count();
    let Some((key, value)) = text.lines().nth(at).and_then(|l| l.split_once('=')) else {
        return toml_says();
    };
    let (key, value) = (key.trim(), value.trim());
    let line = (at + 1).to_string();
    match SETTINGS.iter().find(|(k, _)| *k == key) {
        Some((_, wants)) if wants.fits(value) => toml_says(),
        Some((_, wants)) => msg!("config-setting-wants", line = line, want = wants.said(key)),
        None if !key.starts_with('[') && !key.starts_with('#') => {
            let known: Vec<&str> = SETTINGS.iter().map(|(k, _)| *k).collect();
            match commissaire_engine::suggest::nearest(key, known.iter().copied()) {
                Some(near) => msg!(
                    "config-no-such-setting-near",
                    line = line,
                    key = key,
                    near = near
                ),
                None => msg!(
                    "config-no-such-setting",
                    line = line,
                    key = key,
                    known = known.join(", ")
                ),
            }
        }
        None => toml_says(),
    }
}

impl ServeConfig {
    /// Reads `commissaire.toml` in the config folder `dir`. A folder or file that is not there
    /// is refused rather than read as every default: the bot would run without its courses and
    /// make its database wherever it was started.
    pub fn load_folder(
        dir: &Path,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Self, ConfigError> {
        if !dir.is_dir() {
            let folder = dir.display().to_string();
            return Err(ConfigError::Missing(if dir.exists() {
                msg!("config-folder-not-folder", folder = folder)
            } else {
                msg!("config-folder-missing", folder = folder)
            }));
        }
        Self::load(&dir.join("commissaire.toml"), env)
    }

    /// Reads `file` and applies the overrides `env` gives (the process environment in
    /// `serve`, a map in tests).
    pub fn load(file: &Path, env: &dyn Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let shown = file.display().to_string();
        match std::fs::read_to_string(file) {
            Ok(text) => Self::from_text(&text, file, env),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(ConfigError::Missing(msg!(
                "config-file-missing",
                file = shown
            ))),
            Err(e) => Err(ConfigError::File {
                file: shown,
                message: e.to_string(),
            }),
        }
    }

    /// The settings written `text`, read from `file` (named in errors and kept in
    /// [`ServeConfig::file`]), with the overrides `env` gives: what [`ServeConfig::load`] makes
    /// of the file it reads.
    pub fn from_text(
        text: &str,
        file: &Path,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Self, ConfigError> {
        let shown = file.display().to_string();
        let settings: FileSettings = toml::from_str(text).map_err(|e| ConfigError::File {
            file: shown.clone(),
            message: explain(text, &e),
        })?;
        let defaults = ServeConfig::default();
        let answer_budget_ms = match env(ENV_ANSWER_BUDGET) {
            Some(text) => text.trim().parse::<u64>().map_err(|_| ConfigError::File {
                file: shown.clone(),
                message: msg!(
                    "config-env-not-a-number",
                    env = ENV_ANSWER_BUDGET,
                    value = text
                ),
            })?,
            None => settings
                .answer_budget_ms
                .unwrap_or(defaults.answer_budget_ms),
        };
        let config = ServeConfig {
            database: match env(ENV_DATABASE_URL)
                .or_else(|| env(ENV_DATABASE))
                .or(settings.database_url.clone())
            {
                Some(url) => Database::parse(&url),
                None => settings
                    .database
                    .map(Database::Sqlite)
                    .unwrap_or(defaults.database),
            },
            api_base: env(ENV_API_BASE).or(settings.api_base),
            token_file: env(ENV_TOKEN_FILE)
                .map(PathBuf::from)
                .or(settings.token_file),
            admin_role: env(ENV_ADMIN_ROLE).or(settings.admin_role),
            reminder_lead_secs: settings
                .reminder_lead_secs
                .unwrap_or(defaults.reminder_lead_secs),
            tick_secs: settings.tick_secs.unwrap_or(defaults.tick_secs),
            default_turn_deadline_secs: settings
                .default_turn_deadline_secs
                .unwrap_or(defaults.default_turn_deadline_secs),
            connect_timeout_secs: settings
                .connect_timeout_secs
                .unwrap_or(defaults.connect_timeout_secs),
            answer_budget_ms,
            file: file.to_path_buf(),
            shards: None,
            drawn_seeds: defaults.drawn_seeds,
        };
        config.check().map_err(|message| ConfigError::File {
            file: shown,
            message,
        })?;
        Ok(config)
    }

    fn check(&self) -> Result<(), String> {
        if let Database::Sqlite(path) = &self.database
            && path.as_os_str().to_string_lossy().contains("://")
        {
            return Err(msg!(
                "config-database-url",
                url = path.display().to_string()
            ));
        }
        if let Some(base) = &self.api_base
            && !(base.starts_with("http://") || base.starts_with("https://"))
        {
            return Err(msg!("config-api-base", base = format!("{base:?}")));
        }
        if self.tick_secs == 0 {
            return Err(msg!("config-at-least-one", setting = "tick_secs"));
        }
        if self.reminder_lead_secs < 0 {
            return Err(msg!("config-not-negative", setting = "reminder_lead_secs"));
        }
        if self.default_turn_deadline_secs < 1 {
            return Err(msg!(
                "config-at-least-one",
                setting = "default_turn_deadline_secs"
            ));
        }
        if self.connect_timeout_secs == 0 {
            return Err(msg!(
                "config-at-least-one",
                setting = "connect_timeout_secs"
            ));
        }
        if self.answer_budget_ms > MAX_ANSWER_BUDGET_MS {
            return Err(msg!(
                "config-at-most",
                setting = "answer_budget_ms",
                max = MAX_ANSWER_BUDGET_MS.to_string()
            ));
        }
        Ok(())
    }

    /// How long an answer may take before it is deferred (see
    /// [`ServeConfig::answer_budget_ms`]).
    pub fn answer_budget(&self) -> std::time::Duration {
        std::time::Duration::from_millis(self.answer_budget_ms)
    }

    /// The bot's token: `DISCORD_TOKEN`, else the first line of the token file.
    pub fn token(&self, env: &dyn Fn(&str) -> Option<String>) -> Result<Token, ConfigError> {
        if let Some(token) = env(ENV_TOKEN).filter(|t| !t.trim().is_empty()) {
            return Ok(Token(token.trim().to_string()));
        }
        let Some(file) = &self.token_file else {
            return Err(ConfigError::Token(msg!(
                "config-no-token",
                env = ENV_TOKEN,
                file = self.file.display().to_string(),
                file_env = ENV_TOKEN_FILE
            )));
        };
        let text = std::fs::read_to_string(file).map_err(|e| {
            ConfigError::Token(msg!(
                "config-token-unreadable",
                file = file.display().to_string(),
                error = e.to_string()
            ))
        })?;
        let token = text.lines().next().unwrap_or("").trim().to_string();
        if token.is_empty() {
            return Err(ConfigError::Token(msg!(
                "config-token-empty",
                file = file.display().to_string()
            )));
        }
        Ok(Token(token))
    }
}

/// The bot token. It prints as a placeholder, so no log or error can leak it.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// The secret itself, for the one place that must send it: serenity's HTTP client.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(<hidden>)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn env_of(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |k| map.get(k).cloned()
    }

    fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn file_settings_are_read_and_the_environment_overrides_them() {
        let dir = tempfile::tempdir().unwrap();
        let file = write(
            dir.path(),
            "commissaire.toml",
            "database = \"tours.db\"\napi_base = \"http://proxy:3000\"\nadmin_role = \"Jury\"\ntick_secs = 2\n",
        );
        let c = ServeConfig::load(&file, &env_of(&[])).unwrap();
        assert_eq!(c.database, Database::Sqlite(PathBuf::from("tours.db")));
        assert_eq!(c.api_base.as_deref(), Some("http://proxy:3000"));
        assert_eq!(c.admin_role.as_deref(), Some("Jury"));
        assert_eq!(c.tick_secs, 2);
        assert_eq!(c.reminder_lead_secs, 600);
        let c = ServeConfig::load(
            &file,
            &env_of(&[
                (ENV_API_BASE, "http://127.0.0.1:9"),
                (ENV_DATABASE, "other.db"),
            ]),
        )
        .unwrap();
        assert_eq!(c.api_base.as_deref(), Some("http://127.0.0.1:9"));
        assert_eq!(c.database, Database::Sqlite(PathBuf::from("other.db")));
    }

    /// Issue 34: a process runs a range of the bot's shards, named in its claims by it.
    #[test]
    fn a_shard_range_is_read_and_checked() {
        let s = Shards::parse("0-3", 8).unwrap();
        assert_eq!((s.first, s.last, s.total), (0, 3, 8));
        assert_eq!(s.worker(), "shards-0-3-of-8");
        assert_eq!(
            Shards::parse("5", 8).unwrap(),
            Shards {
                first: 5,
                last: 5,
                total: 8
            }
        );
        assert_eq!(
            Shards::parse("3-9", 8).unwrap_err(),
            "shards 3-9 do not fit in 8 shards: the last one is number 7"
        );
        assert_eq!(
            Shards::parse("4-2", 8).unwrap_err(),
            "--shards wants a range of shard numbers such as 0-3, not 4-2"
        );
        assert!(Shards::parse("x", 8).is_err());
        assert!(Shards::parse("0", 0).is_err());
    }

    /// Issue 34: `database_url` (or `DATABASE_URL`) names a PostgreSQL database and wins over
    /// the SQLite file; a URL of any other database is refused, naming it.
    #[test]
    fn a_database_url_chooses_postgresql() {
        let dir = tempfile::tempdir().unwrap();
        let url = "postgres://commissaire@db.internal/tours";
        let file = write(
            dir.path(),
            "commissaire.toml",
            &format!("database = \"tours.db\"\ndatabase_url = \"{url}\"\n"),
        );
        let c = ServeConfig::load(&file, &env_of(&[])).unwrap();
        assert_eq!(c.database, Database::Postgres(url.into()));
        let other = "postgresql://other/tours";
        let c = ServeConfig::load(&file, &env_of(&[(ENV_DATABASE_URL, other)])).unwrap();
        assert_eq!(c.database, Database::Postgres(other.into()));
        let c = ServeConfig::load(&file, &env_of(&[(ENV_DATABASE_URL, "sqlite:x.db")])).unwrap();
        assert_eq!(c.database, Database::Sqlite(PathBuf::from("x.db")));
        let e =
            ServeConfig::load(&file, &env_of(&[(ENV_DATABASE_URL, "mysql://h/t")])).unwrap_err();
        assert!(e.to_string().contains("mysql://h/t"), "{e}");
        assert!(e.to_string().contains("postgres://"), "{e}");
        let file = write(dir.path(), "commissaire.toml", "database_url = 5\n");
        let e = ServeConfig::load(&file, &env_of(&[])).unwrap_err();
        assert!(
            e.to_string().contains("database_url wants a database URL"),
            "{e}"
        );
    }

    #[test]
    fn a_value_of_the_wrong_kind_says_what_the_setting_wants() {
        let dir = tempfile::tempdir().unwrap();
        let load = |text: &str| {
            let file = write(dir.path(), "commissaire.toml", text);
            ServeConfig::load(&file, &env_of(&[]))
                .unwrap_err()
                .to_string()
        };
        let e = load("database = \"x.db\"\ntick_secs = five\n");
        assert!(
            e.ends_with("line 2: tick_secs wants a whole number of seconds, like tick_secs = 5"),
            "{e}"
        );
        let e = load("database = x.db\n");
        assert!(
            e.ends_with(
                "line 1: database wants a file path in quotes, like database = \"commissaire.db\""
            ),
            "{e}"
        );
        let e = load("answer_budget_ms = \"fast\"\n");
        assert!(e.contains("a whole number of milliseconds"), "{e}");
        // A setting the file cannot have is named, with the nearest it can.
        let e = load("tik_secs = 5\n");
        assert!(
            e.ends_with("line 1: there is no setting 'tik_secs': did you mean 'tick_secs'?"),
            "{e}"
        );
        let e = load("colour = \"red\"\n");
        assert!(
            e.contains("there is no setting 'colour'; the settings are: database,"),
            "{e}"
        );
        // A value of the right kind with another fault keeps TOML's own words.
        let e = load("tick_secs = 5\ntick_secs = 6\n");
        assert!(!e.contains("wants"), "{e}");
    }

    #[test]
    fn an_empty_file_means_the_defaults_and_a_broken_one_says_where() {
        let dir = tempfile::tempdir().unwrap();
        let file = write(dir.path(), "empty.toml", "");
        let c = ServeConfig::load(&file, &env_of(&[])).unwrap();
        assert_eq!(
            c,
            ServeConfig {
                file,
                ..ServeConfig::default()
            }
        );
        let file = write(dir.path(), "bad.toml", "tick_secs = \"often\"\n");
        let e = ServeConfig::load(&file, &env_of(&[])).unwrap_err();
        assert!(e.to_string().contains("bad.toml"), "{e}");
        let file = write(dir.path(), "typo.toml", "databse = \"x.db\"\n");
        let e = ServeConfig::load(&file, &env_of(&[])).unwrap_err();
        assert!(e.to_string().contains("databse"), "{e}");
        let file = write(
            dir.path(),
            "scheme.toml",
            "api_base = \"discord.example\"\n",
        );
        let e = ServeConfig::load(&file, &env_of(&[])).unwrap_err();
        assert!(e.to_string().contains("http://"), "{e}");
        let file = write(dir.path(), "zero.toml", "connect_timeout_secs = 0\n");
        let e = ServeConfig::load(&file, &env_of(&[])).unwrap_err();
        assert!(e.to_string().contains("connect_timeout_secs"), "{e}");
    }

    /// Issue 32, item 15: the answer budget is a setting, with an environment override, so
    /// that a test can defer every answer (0); past two seconds it is refused, by name.
    #[test]
    fn the_answer_budget_is_read_overridden_and_bounded() {
        let dir = tempfile::tempdir().unwrap();
        let file = write(dir.path(), "budget.toml", "answer_budget_ms = 250\n");
        let c = ServeConfig::load(&file, &env_of(&[])).unwrap();
        assert_eq!(c.answer_budget(), std::time::Duration::from_millis(250));
        let c = ServeConfig::load(&file, &env_of(&[(ENV_ANSWER_BUDGET, " 0 ")])).unwrap();
        assert_eq!(c.answer_budget_ms, 0);
        let e = ServeConfig::load(&file, &env_of(&[(ENV_ANSWER_BUDGET, "soon")])).unwrap_err();
        assert!(
            e.to_string().contains(ENV_ANSWER_BUDGET) && e.to_string().contains("soon"),
            "{e}"
        );
        let file = write(dir.path(), "long.toml", "answer_budget_ms = 2001\n");
        let e = ServeConfig::load(&file, &env_of(&[])).unwrap_err();
        assert!(
            e.to_string().contains("answer_budget_ms") && e.to_string().contains("2000"),
            "{e}"
        );
        let file = write(dir.path(), "edge.toml", "answer_budget_ms = 2000\n");
        assert_eq!(
            ServeConfig::load(&file, &env_of(&[]))
                .unwrap()
                .answer_budget_ms,
            2000
        );
        assert_eq!(ServeConfig::default().answer_budget_ms, 1000);
    }

    #[test]
    fn the_shipped_file_loads_and_states_the_defaults() {
        let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("../config/commissaire.toml");
        assert!(shipped.exists());
        assert_eq!(
            ServeConfig::load(&shipped, &env_of(&[])).unwrap(),
            ServeConfig {
                file: shipped,
                ..ServeConfig::default()
            }
        );
    }

    #[test]
    fn a_missing_folder_or_file_is_refused_by_its_path() {
        let dir = tempfile::tempdir().unwrap();
        let nowhere = dir.path().join("nowhere");
        let e = ServeConfig::load_folder(&nowhere, &env_of(&[])).unwrap_err();
        assert!(
            matches!(&e, ConfigError::Missing(m) if m.contains(&nowhere.display().to_string())),
            "{e}"
        );
        let file = write(dir.path(), "plain", "");
        let e = ServeConfig::load_folder(&file, &env_of(&[])).unwrap_err();
        assert!(e.to_string().contains("is not a folder"), "{e}");
        let e = ServeConfig::load_folder(dir.path(), &env_of(&[])).unwrap_err();
        let missing = dir.path().join("commissaire.toml").display().to_string();
        assert!(e.to_string().contains(&missing), "{e}");
        write(dir.path(), "commissaire.toml", "tick_secs = 9\n");
        let c = ServeConfig::load_folder(dir.path(), &env_of(&[])).unwrap();
        assert_eq!(c.tick_secs, 9);
        assert_eq!(c.file, dir.path().join("commissaire.toml"));
    }

    #[test]
    fn the_no_token_message_names_the_settings_file_in_use() {
        let dir = tempfile::tempdir().unwrap();
        let file = write(dir.path(), "elsewhere.toml", "");
        let c = ServeConfig::load(&file, &env_of(&[])).unwrap();
        let e = c.token(&env_of(&[])).unwrap_err().to_string();
        assert!(e.contains(&file.display().to_string()), "{e}");
        assert!(!e.contains("config/commissaire.toml"), "{e}");
    }

    #[test]
    fn the_token_comes_from_the_environment_or_a_file_and_never_prints() {
        let dir = tempfile::tempdir().unwrap();
        let mut c = ServeConfig::default();
        let e = c.token(&env_of(&[])).unwrap_err();
        assert!(e.to_string().contains(ENV_TOKEN), "{e}");
        let t = c.token(&env_of(&[(ENV_TOKEN, " abc.def.ghi \n")])).unwrap();
        assert_eq!(t.expose(), "abc.def.ghi");
        assert!(!format!("{t:?}").contains("abc"));
        c.token_file = Some(write(dir.path(), "token", "secret.token.value\n"));
        assert_eq!(
            c.token(&env_of(&[])).unwrap().expose(),
            "secret.token.value"
        );
        c.token_file = Some(write(dir.path(), "empty", "\n"));
        assert!(c.token(&env_of(&[])).is_err());
    }
}
