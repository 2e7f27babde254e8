//! A PostgreSQL server for the tests, and a fresh database for each test that asks.
//!
//! Each test gets a schema of its own in one database, and a URL whose `search_path` is that
//! schema: as isolated as a database of its own for our tables, and made in a millisecond where
//! `CREATE DATABASE` takes half a second. (Advisory locks are the database's: two tests locking
//! the same channel name wait for each other's transaction, which only slows them a little.)
//!
//! With `COMMISSAIRE_TEST_POSTGRES` set to a `postgres://` URL, the tests
//! use that database: its user needs the right to create schemas in it. Otherwise the first test of a test binary that asks starts a
//! throwaway cluster: `initdb` in a temporary folder (run as the `postgres` system user when
//! the tests run as root, since `initdb` refuses root), listening on a free loopback port with
//! its own socket folder, durability off (`fsync`, `synchronous_commit`: a test's data does not
//! need to survive a power cut). A small watcher process stops the cluster and removes its folder
//! once the test binary has exited.
//!
//! Where no server can be started (no PostgreSQL installed), [`database`] says why and returns
//! `None`, and the tests that need one pass without running; under `CI=true` that is a failure
//! instead, since CI must run them.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

/// A database the tests may create schemas in: its URL, and the throwaway cluster's data folder
/// when it is ours.
struct Server {
    admin_url: String,
    data: Option<PathBuf>,
}

static SERVER: OnceLock<Result<Server, String>> = OnceLock::new();

/// A new, empty schema for one test, as a `postgres://` URL that works in it; `None` when no
/// PostgreSQL can be had (outside CI), after saying why on the standard error.
pub fn database() -> Option<String> {
    let server = match SERVER.get_or_init(start) {
        Ok(server) => server,
        Err(why) => {
            if std::env::var("CI").is_ok_and(|v| v == "true") {
                panic!("CI must run the PostgreSQL tests, but no server could be started: {why}");
            }
            eprintln!("skipped on PostgreSQL: {why}");
            return None;
        }
    };
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let name = format!(
        "t{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    );
    let admin = server.admin_url.clone();
    let create = name.clone();
    // The tests call this from inside their own runtime, which may be single-threaded: the
    // schema is made on a thread of its own.
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        rt.block_on(async move {
            use sqlx::{Connection, Executor};
            sqlx::any::install_default_drivers();
            let mut conn = sqlx::AnyConnection::connect(&admin)
                .await
                .expect("connect to the test server");
            conn.execute(sqlx::AssertSqlSafe(format!("CREATE SCHEMA {create}")))
                .await
                .expect("create a test schema");
        })
    })
    .join()
    .expect("the schema was created");
    Some(in_schema(&server.admin_url, &name))
}

/// The server's URL, its connections working in `schema` (PostgreSQL's `options` parameter,
/// `-c search_path=…`, URL-encoded).
fn in_schema(url: &str, schema: &str) -> String {
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}options=-c%20search_path%3D{schema}")
}

fn start() -> Result<Server, String> {
    // Not DATABASE_URL: a developer's may name a database of another project, and the bot's own
    // binaries, which some tests run, read it as theirs.
    if let Ok(url) = std::env::var("COMMISSAIRE_TEST_POSTGRES")
        && (url.starts_with("postgres://") || url.starts_with("postgresql://"))
    {
        return Ok(Server {
            admin_url: url,
            data: None,
        });
    }
    start_cluster()
}

/// The CPU time the throwaway cluster's processes have used so far (its postmaster, the
/// processes it runs, and those it has reaped), read from Linux's `/proc`: what the load
/// program reports beside the bot's own, since both share the machine's cores. `None` when the
/// server was given by URL, none was started, or `/proc` cannot tell.
///
/// A process that exits between the two reads (its children's, then the postmaster's own
/// count of the children it reaped) may be counted twice or not at all: a few milliseconds
/// in a run of seconds.
pub fn server_cpu() -> Option<std::time::Duration> {
    let data = SERVER.get()?.as_ref().ok()?.data.as_ref()?;
    let pid: u32 = std::fs::read_to_string(data.join("postmaster.pid"))
        .ok()?
        .lines()
        .next()?
        .trim()
        .parse()
        .ok()?;
    let mut ticks = 0u64;
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let Some(child) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        if let Some(stat) = proc_stat(child)
            && stat.parent == pid
        {
            ticks += stat.own;
        }
    }
    let postmaster = proc_stat(pid)?;
    ticks += postmaster.own + postmaster.reaped;
    // `/proc` counts in the kernel's USER_HZ, 100 a second on Linux whatever the kernel's
    // own tick.
    Some(std::time::Duration::from_millis(ticks * 10))
}

/// What `/proc/PID/stat` says of a process's CPU: its own (user and system) and that of the
/// children it has waited for, in clock ticks, and its parent.
struct ProcStat {
    parent: u32,
    own: u64,
    reaped: u64,
}

fn proc_stat(pid: u32) -> Option<ProcStat> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    parse_stat(&text)
}

/// The fields after the command's name (which may hold spaces, within parentheses): state,
/// parent, ..., then user time, system time, children's user and system time (the stat
/// file's fields 14 to 17).
fn parse_stat(text: &str) -> Option<ProcStat> {
    let after = &text[text.rfind(')')? + 1..];
    let fields: Vec<&str> = after.split_whitespace().collect();
    let number = |i: usize| fields.get(i)?.parse::<u64>().ok();
    Some(ProcStat {
        parent: fields.get(1)?.parse().ok()?,
        own: number(11)? + number(12)?,
        reaped: number(13)? + number(14)?,
    })
}

/// Whether this process runs as root (`initdb` and `postgres` refuse to).
fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// A PostgreSQL program: on the `PATH`, else in Debian's versioned folder (newest first).
fn program(name: &str) -> PathBuf {
    let on_path = std::env::var_os("PATH")
        .map(|p| {
            std::env::split_paths(&p)
                .map(|d| d.join(name))
                .find(|f| f.is_file())
        })
        .unwrap_or_default();
    if let Some(found) = on_path {
        return found;
    }
    let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.path().join("bin").join(name))
                .collect()
        })
        .unwrap_or_default();
    versions.retain(|f| f.is_file());
    versions.sort();
    versions.pop().unwrap_or_else(|| PathBuf::from(name))
}

/// Runs a PostgreSQL program as the user who may: this one, or `postgres` when we are root.
fn as_owner(name: &str, args: &[&str], root: bool) -> Command {
    let path = program(name);
    if root {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(path).args(args);
        c
    } else {
        let mut c = Command::new(path);
        c.args(args);
        c
    }
}

fn free_port() -> Result<u16, String> {
    let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| format!("no free port: {e}"))?;
    Ok(listener
        .local_addr()
        .map_err(|e| format!("no free port: {e}"))?
        .port())
}

fn start_cluster() -> Result<Server, String> {
    let root = is_root();
    let folder: PathBuf = tempfile::Builder::new()
        .prefix("commissaire-pg-")
        .tempdir()
        .map_err(|e| format!("no temporary folder: {e}"))?
        .keep();
    let data = folder.join("data");
    let sockets = folder.join("sockets");
    std::fs::create_dir_all(&sockets).map_err(|e| e.to_string())?;
    if root {
        chown_to_postgres(&folder)?;
        chown_to_postgres(&sockets)?;
    }
    let data_s = data.to_string_lossy().into_owned();
    let run = |mut c: Command, what: &str| -> Result<(), String> {
        let out = c
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("cannot run {what}: {e} (is PostgreSQL installed?)"))?;
        if out.status.success() {
            Ok(())
        } else {
            Err(format!(
                "{what} failed: {}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ))
        }
    };
    run(
        as_owner(
            "initdb",
            &[
                "-D",
                &data_s,
                "-U",
                "postgres",
                "--auth=trust",
                "--no-sync",
                "-E",
                "UTF8",
                "--locale=C",
            ],
            root,
        ),
        "initdb",
    )?;
    let port = free_port()?;
    let options = format!(
        "-p {port} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off \
         -c full_page_writes=off -c max_connections=300",
        sockets.display()
    );
    let log = folder.join("server.log");
    run(
        as_owner(
            "pg_ctl",
            &[
                "-D",
                &data_s,
                "-o",
                &options,
                "-l",
                &log.to_string_lossy(),
                "-w",
                "start",
            ],
            root,
        ),
        "pg_ctl start",
    )?;
    watch(&folder, &data_s, root);
    Ok(Server {
        admin_url: format!("postgres://postgres@127.0.0.1:{port}/postgres"),
        data: Some(data),
    })
}

/// Starts the process that stops the cluster and removes its folder once this one has exited.
fn watch(folder: &Path, data: &str, root: bool) {
    let pg_ctl = program("pg_ctl");
    let pg_ctl = pg_ctl.display();
    let stop = if root {
        format!("runuser -u postgres -- '{pg_ctl}' -D '{data}' -m immediate stop")
    } else {
        format!("'{pg_ctl}' -D '{data}' -m immediate stop")
    };
    let script = format!(
        "while kill -0 {pid} 2>/dev/null; do sleep 1; done; {stop} >/dev/null 2>&1; rm -rf '{}'",
        folder.display(),
        pid = std::process::id(),
    );
    let _ = Command::new("setsid")
        .args(["sh", "-c", &script])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
}

fn chown_to_postgres(path: &Path) -> Result<(), String> {
    let out = Command::new("chown")
        .arg("postgres:")
        .arg(path)
        .output()
        .map_err(|e| format!("cannot run chown: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "cannot give {} to the postgres user: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::{in_schema, parse_stat};

    #[test]
    fn a_stat_line_gives_the_parent_and_the_cpu() {
        // A name with a space and a parenthesis, as `/proc` may show a process's.
        let line = "4242 (postgres: a (b)) S 4200 4200 4200 0 -1 4194560 300 0 0 0 \
                    125 37 9 4 20 0 1 0 5000 200000000 3000 18446744073709551615";
        let stat = parse_stat(line).expect("a stat line");
        assert_eq!(stat.parent, 4200);
        assert_eq!(stat.own, 125 + 37);
        assert_eq!(stat.reaped, 9 + 4);
        assert!(parse_stat("4242 (cut short) S 1").is_none());
    }

    #[test]
    fn a_schema_is_an_option_of_the_url() {
        assert_eq!(
            in_schema("postgres://u:p@h:5/db?sslmode=disable", "t1"),
            "postgres://u:p@h:5/db?sslmode=disable&options=-c%20search_path%3Dt1"
        );
        assert_eq!(
            in_schema("postgres://h/db", "t2"),
            "postgres://h/db?options=-c%20search_path%3Dt2"
        );
    }
}
