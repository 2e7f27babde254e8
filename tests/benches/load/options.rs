//! The load program's command line: `cargo bench -p commissaire-tests --bench load -- --tours 500`.

use std::path::PathBuf;

pub struct Options {
    /// Tours started together, each in its own channel with four human teams.
    pub tours: usize,
    /// Rounds every tour plays (counted across stages: a stage's last round opens the next).
    pub rounds: u32,
    /// The `commissaire` binary to run; built with `cargo build --release` when not given.
    pub binary: Option<PathBuf>,
    /// Check every request against Discord's API description (costs the fake's CPU, which the
    /// bot shares on a small machine).
    pub check: bool,
    /// A director's pause before each press, in milliseconds, spread from half to one and a half
    /// times this (0: as fast as answers come back, which keeps every director's next press
    /// waiting on the bot: a closed loop, at saturation).
    pub think_ms: u64,
    /// Keep the bot's log (standard error) here instead of in the temporary folder.
    pub log: Option<PathBuf>,
    /// Tours in the database that nobody plays, made before the bot starts (issue 34: 10,000
    /// tours stored, 1,000 live).
    pub idle: usize,
    /// Run the bot on PostgreSQL rather than a SQLite file.
    pub postgres: bool,
    /// The PostgreSQL database to use (a `postgres://` URL; implies `--postgres`; it should be
    /// empty: the bot makes its tables). Without it, `--postgres` starts a throwaway cluster.
    pub database: Option<String>,
    /// Directors also ask what players ask each round (`/play`'s suggestions, `/standings`,
    /// `/stage`); `--presses-only` leaves them out, as the earlier runs did.
    pub asks: bool,
}

pub const USAGE: &str = "usage: cargo bench -p commissaire-tests --bench load -- \
    [--tours N (500)] [--rounds N (8)] [--think MS (0)] [--idle N (0)] [--postgres [--database URL]] [--presses-only] [--binary PATH] [--check] [--log FILE]";

impl Options {
    /// Reads the arguments after `--`. Cargo adds `--bench` to a bench's arguments; it is taken
    /// and ignored.
    pub fn parse(args: impl Iterator<Item = String>) -> Result<Options, String> {
        let mut options = Options {
            tours: 500,
            rounds: 8,
            binary: None,
            check: false,
            think_ms: 0,
            log: None,
            idle: 0,
            postgres: false,
            database: None,
            asks: true,
        };
        let mut args = args.peekable();
        while let Some(arg) = args.next() {
            let mut value = |name: &str| {
                args.next()
                    .ok_or_else(|| format!("{name} needs a value\n{USAGE}"))
            };
            match arg.as_str() {
                "--bench" => {}
                "--tours" => options.tours = number(&value("--tours")?, "--tours")?,
                "--rounds" => options.rounds = number(&value("--rounds")?, "--rounds")?,
                "--binary" => options.binary = Some(PathBuf::from(value("--binary")?)),
                "--log" => options.log = Some(PathBuf::from(value("--log")?)),
                "--check" => options.check = true,
                "--idle" => {
                    let text = value("--idle")?;
                    options.idle = text.parse().map_err(|_| {
                        format!("--idle takes a number of tours, not {text:?}\n{USAGE}")
                    })?;
                }
                "--postgres" => options.postgres = true,
                "--presses-only" => options.asks = false,
                "--database" => {
                    options.postgres = true;
                    options.database = Some(value("--database")?);
                }
                "--think" => {
                    let text = value("--think")?;
                    options.think_ms = text.parse().map_err(|_| {
                        format!("--think takes milliseconds, not {text:?}\n{USAGE}")
                    })?;
                }
                "--help" | "-h" => return Err(USAGE.to_string()),
                other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
            }
        }
        Ok(options)
    }
}

fn number<T: std::str::FromStr + PartialOrd + Default>(
    text: &str,
    name: &str,
) -> Result<T, String> {
    match text.parse::<T>() {
        Ok(n) if n > T::default() => Ok(n),
        _ => Err(format!(
            "{name} takes a whole number above 0, not {text:?}\n{USAGE}"
        )),
    }
}
