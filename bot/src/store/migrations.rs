//! The schema's migrations, built into the binary.
//!
//! Each file of `migrations/` is here by name, read at compile time. sqlx's `migrate!` macro did
//! the same, but it pulls sqlx's whole macro crate into the build, and with it a second copy of
//! tokio, sqlx and SQLite's C source compiled for the host (about a minute of a cold build on two
//! cores, issue 33 item 13). A migration's checksum is the SHA-384 of its text, as the macro
//! computed it, so a database made by an older build carries on; the test below checks that this
//! list and the folder agree, so a new file cannot be forgotten.

use sqlx::SqlSafeStr;
use sqlx::migrate::{Migration, MigrationType, Migrator};

/// SQLite's migration files (`migrations/sqlite/`), oldest first: (file name, text).
pub const SQLITE: &[(&str, &str)] = &[
    (
        "0001_tours.sql",
        include_str!("../../../migrations/sqlite/0001_tours.sql"),
    ),
    (
        "0002_repechage.sql",
        include_str!("../../../migrations/sqlite/0002_repechage.sql"),
    ),
    (
        "0003_turn_posts.sql",
        include_str!("../../../migrations/sqlite/0003_turn_posts.sql"),
    ),
    (
        "0004_outbox.sql",
        include_str!("../../../migrations/sqlite/0004_outbox.sql"),
    ),
    (
        "0005_rulesets.sql",
        include_str!("../../../migrations/sqlite/0005_rulesets.sql"),
    ),
    (
        "0006_stage_options.sql",
        include_str!("../../../migrations/sqlite/0006_stage_options.sql"),
    ),
    (
        "0007_tour_language.sql",
        include_str!("../../../migrations/sqlite/0007_tour_language.sql"),
    ),
    (
        "0008_outbox_claims.sql",
        include_str!("../../../migrations/sqlite/0008_outbox_claims.sql"),
    ),
    (
        "0009_seed_commitments.sql",
        include_str!("../../../migrations/sqlite/0009_seed_commitments.sql"),
    ),
    (
        "0010_status_posts.sql",
        include_str!("../../../migrations/sqlite/0010_status_posts.sql"),
    ),
    (
        "0011_channel_changes.sql",
        include_str!("../../../migrations/sqlite/0011_channel_changes.sql"),
    ),
    (
        "0012_outbox_lookups.sql",
        include_str!("../../../migrations/sqlite/0012_outbox_lookups.sql"),
    ),
];

/// PostgreSQL's (`migrations/postgres/`): the schema of SQLite's version 7 in one file, then a
/// file for each later version, numbered as SQLite's.
pub const POSTGRES: &[(&str, &str)] = &[
    (
        "0007_schema.sql",
        include_str!("../../../migrations/postgres/0007_schema.sql"),
    ),
    (
        "0008_outbox_claims.sql",
        include_str!("../../../migrations/postgres/0008_outbox_claims.sql"),
    ),
    (
        "0009_seed_commitments.sql",
        include_str!("../../../migrations/postgres/0009_seed_commitments.sql"),
    ),
    (
        "0010_status_posts.sql",
        include_str!("../../../migrations/postgres/0010_status_posts.sql"),
    ),
    (
        "0011_channel_changes.sql",
        include_str!("../../../migrations/postgres/0011_channel_changes.sql"),
    ),
    (
        "0012_outbox_lookups.sql",
        include_str!("../../../migrations/postgres/0012_outbox_lookups.sql"),
    ),
];

/// The migrator `Store::open` runs on a SQLite file.
pub fn sqlite() -> Migrator {
    migrator(SQLITE)
}

/// The migrator `Store::open` runs on a PostgreSQL database.
pub fn postgres() -> Migrator {
    migrator(POSTGRES)
}

/// Each file as sqlx names it (`0003_turn_posts.sql` is version 3, "turn posts"), in a
/// transaction unless it opens with `-- no-transaction`.
fn migrator(files: &'static [(&'static str, &'static str)]) -> Migrator {
    let migrations = files
        .iter()
        .map(|&(file, sql)| {
            let (version, rest) = file
                .split_once('_')
                .expect("a migration is named N_what.sql");
            let version = version
                .parse()
                .expect("a migration's name starts with its number");
            let description = rest.trim_end_matches(".sql").replace('_', " ");
            Migration::new(
                version,
                description.into(),
                MigrationType::Simple,
                sql.into_sql_str(),
                sql.starts_with("-- no-transaction"),
            )
        })
        .collect();
    Migrator::with_migrations(migrations)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sha2::{Digest, Sha384};

    /// Every file of each folder is in its list, in order, with the text it has on disk.
    #[test]
    fn the_lists_are_the_folders() {
        assert_eq!(listed(SQLITE), on_disk("sqlite"));
        assert_eq!(listed(POSTGRES), on_disk("postgres"));
    }

    fn listed(files: &[(&str, &str)]) -> Vec<(String, String)> {
        files
            .iter()
            .map(|&(f, s)| (f.to_string(), s.to_string()))
            .collect()
    }

    fn on_disk(backend: &str) -> Vec<(String, String)> {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../migrations")
            .join(backend);
        let mut on_disk: Vec<(String, String)> = std::fs::read_dir(&folder)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "sql"))
            .map(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                (name, std::fs::read_to_string(&p).unwrap())
            })
            .collect();
        on_disk.sort();
        on_disk
    }

    /// The versions are the files' numbers, rising, and each checksum is the SHA-384 of the
    /// file's text (what `migrate!` stored in a database's `_sqlx_migrations`).
    #[test]
    fn versions_and_checksums_are_the_macros() {
        let m = sqlite();
        let versions: Vec<i64> = m.iter().map(|m| m.version).collect();
        assert_eq!(versions, (1..=SQLITE.len() as i64).collect::<Vec<_>>());
        let third = m.iter().nth(2).unwrap();
        assert_eq!(third.description, "turn posts");
        for (m, &(_, sql)) in m.iter().zip(SQLITE) {
            assert_eq!(m.checksum.as_ref(), &Sha384::digest(sql)[..]);
            assert_eq!(m.sql.as_str(), sql);
        }
    }
}
