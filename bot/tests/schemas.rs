//! Issue 34: SQLite's migrations and PostgreSQL's leave the same schema: the same tables, each
//! with the same columns (and whether each may be NULL), primary key, unique keys (partial or
//! not), foreign keys, number of CHECK constraints and other indexes (by name). Read back from
//! each database's own catalogue after `Store::open` has migrated it, so a migration added to one
//! folder only, or a constraint forgotten in one, fails here.

use commissaire::store::{Database, Store};
use sqlx::Row;
use std::collections::{BTreeMap, BTreeSet};

#[derive(Debug, Default, PartialEq, Eq)]
struct Table {
    /// (column, may be NULL)
    columns: BTreeSet<(String, bool)>,
    primary_key: Vec<String>,
    /// (columns, sorted; whether the index is partial)
    uniques: BTreeSet<(Vec<String>, bool)>,
    /// (columns, referenced table, referenced columns)
    foreign_keys: BTreeSet<(Vec<String>, String, Vec<String>)>,
    checks: usize,
    /// The other indexes, by name: those the bot's lookups rely on (`outbox_post`, ...).
    indexes: BTreeSet<String>,
}

type Schema = BTreeMap<String, Table>;

async fn strings(conn: &mut sqlx::AnyConnection, sql: &str, bind: &str) -> Vec<Vec<String>> {
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql.to_string()))
        .bind(bind.to_string())
        .fetch_all(&mut *conn)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
    rows.iter()
        .map(|r| {
            (0..r.len())
                .map(|i| {
                    r.try_get::<String, _>(i)
                        .or_else(|_| r.try_get::<i64, _>(i).map(|n| n.to_string()))
                        .unwrap_or_default()
                })
                .collect()
        })
        .collect()
}

async fn sqlite_schema(store: &Store) -> Schema {
    let mut conn = store.read().await.unwrap();
    let conn = &mut *conn;
    let mut schema = Schema::new();
    let tables = strings(
        conn,
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
         AND name NOT LIKE '_sqlx%' AND name <> $1",
        "",
    )
    .await;
    for t in tables {
        let (name, sql) = (&t[0], &t[1]);
        let mut table = Table {
            checks: sql.to_uppercase().matches("CHECK (").count(),
            ..Table::default()
        };
        let mut pk: Vec<(i64, String)> = Vec::new();
        for c in strings(
            conn,
            "SELECT name, \"notnull\", pk FROM pragma_table_info($1)",
            name,
        )
        .await
        {
            let order: i64 = c[2].parse().unwrap();
            if order > 0 {
                pk.push((order, c[0].clone()));
            }
            // A rowid key is never NULL, though the pragma does not say NOT NULL.
            table
                .columns
                .insert((c[0].clone(), c[1] == "0" && order == 0));
        }
        pk.sort();
        table.primary_key = pk.into_iter().map(|(_, c)| c).collect();
        for i in strings(
            conn,
            "SELECT name, partial FROM pragma_index_list($1) WHERE \"unique\" = 1 AND origin <> 'pk'",
            name,
        )
        .await
        {
            let mut cols: Vec<String> = strings(conn, "SELECT name FROM pragma_index_info($1)", &i[0])
                .await
                .into_iter()
                .map(|r| r[0].clone())
                .collect();
            cols.sort();
            table.uniques.insert((cols, i[1] == "1"));
        }
        let mut fks: BTreeMap<String, (Vec<String>, String, Vec<String>)> = BTreeMap::new();
        for f in strings(
            conn,
            "SELECT id, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list($1) ORDER BY id, seq",
            name,
        )
        .await
        {
            let e = fks.entry(f[0].clone()).or_default();
            e.0.push(f[2].clone());
            e.1 = f[1].clone();
            e.2.push(f[3].clone());
        }
        table.foreign_keys = fks.into_values().collect();
        table.indexes = strings(
            conn,
            "SELECT name FROM pragma_index_list($1) WHERE \"unique\" = 0",
            name,
        )
        .await
        .into_iter()
        .map(|r| r[0].clone())
        .collect();
        schema.insert(name.clone(), table);
    }
    schema
}

async fn postgres_schema(store: &Store) -> Schema {
    let mut conn = store.read().await.unwrap();
    let conn = &mut *conn;
    let mut schema = Schema::new();
    let tables = strings(
        conn,
        "SELECT table_name::text FROM information_schema.tables \
         WHERE table_schema = current_schema() AND table_name::text NOT LIKE '\\_sqlx%' \
         AND table_name::text <> $1",
        "",
    )
    .await;
    for t in tables {
        let name = &t[0];
        let mut table = Table::default();
        for c in strings(
            conn,
            "SELECT column_name::text, is_nullable::text FROM information_schema.columns \
             WHERE table_schema = current_schema() AND table_name::text = $1",
            name,
        )
        .await
        {
            table.columns.insert((c[0].clone(), c[1] == "YES"));
        }
        table.primary_key = strings(
            conn,
            "SELECT a.attname::text FROM pg_index i \
             JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, n) ON true \
             JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum \
             WHERE i.indrelid = to_regclass($1) AND i.indisprimary ORDER BY k.n",
            name,
        )
        .await
        .into_iter()
        .map(|r| r[0].clone())
        .collect();
        // Unique indexes, an expression such as lower(name) read as the column it is of.
        let uniques = strings(
            conn,
            "SELECT i.indexrelid::bigint, (i.indpred IS NOT NULL)::text, \
             coalesce(a.attname::text, substring(pg_get_indexdef(i.indexrelid, k.n::int, true) \
             FROM '\\((\\w+)\\)')) \
             FROM pg_index i JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, n) ON true \
             LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum \
             WHERE i.indrelid = to_regclass($1) AND i.indisunique AND NOT i.indisprimary",
            name,
        )
        .await;
        let mut by_index: BTreeMap<String, (Vec<String>, bool)> = BTreeMap::new();
        for u in uniques {
            let e = by_index.entry(u[0].clone()).or_default();
            e.0.push(u[2].clone());
            e.1 = u[1] == "true";
        }
        table.uniques = by_index
            .into_values()
            .map(|(mut cols, partial)| {
                cols.sort();
                (cols, partial)
            })
            .collect();
        let fks = strings(
            conn,
            "SELECT c.oid::bigint, r.relname::text, fa.attname::text, ta.attname::text \
             FROM pg_constraint c \
             JOIN LATERAL unnest(c.conkey, c.confkey) WITH ORDINALITY AS k(f, t, n) ON true \
             JOIN pg_class r ON r.oid = c.confrelid \
             JOIN pg_attribute fa ON fa.attrelid = c.conrelid AND fa.attnum = k.f \
             JOIN pg_attribute ta ON ta.attrelid = c.confrelid AND ta.attnum = k.t \
             WHERE c.conrelid = to_regclass($1) AND c.contype = 'f' ORDER BY c.oid, k.n",
            name,
        )
        .await;
        let mut by_key: BTreeMap<String, (Vec<String>, String, Vec<String>)> = BTreeMap::new();
        for f in fks {
            let e = by_key.entry(f[0].clone()).or_default();
            e.0.push(f[2].clone());
            e.1 = f[1].clone();
            e.2.push(f[3].clone());
        }
        table.foreign_keys = by_key.into_values().collect();
        table.checks = strings(
            conn,
            "SELECT count(*) FROM pg_constraint WHERE conrelid = to_regclass($1) AND contype = 'c'",
            name,
        )
        .await[0][0]
            .parse()
            .unwrap();
        table.indexes = strings(
            conn,
            "SELECT c.relname::text FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid \
             WHERE i.indrelid = to_regclass($1) AND NOT i.indisunique",
            name,
        )
        .await
        .into_iter()
        .map(|r| r[0].clone())
        .collect();
        schema.insert(name.clone(), table);
    }
    schema
}

#[tokio::test]
async fn the_two_backends_hold_the_same_schema() {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = Store::open(dir.path().join("schema.sqlite")).await.unwrap();
    let sqlite = sqlite_schema(&sqlite).await;
    assert!(sqlite.len() >= 12, "{:?}", sqlite.keys());
    assert_eq!(
        sqlite["teams"].uniques,
        [
            (vec!["director".to_string(), "tour_id".to_string()], true),
            (vec!["name".to_string(), "tour_id".to_string()], false),
            (vec!["seat".to_string(), "tour_id".to_string()], false),
        ]
        .into_iter()
        .collect(),
        "the catalogue is read"
    );
    assert_eq!(
        sqlite["outbox"].indexes,
        [
            "outbox_edits",
            "outbox_owed",
            "outbox_owed_channel",
            "outbox_post"
        ]
        .into_iter()
        .map(String::from)
        .collect(),
        "the outbox's lookups are indexed"
    );
    let Some(url) = commissaire_tests::postgres::database() else {
        return;
    };
    let postgres = Store::open(Database::Postgres(url)).await.unwrap();
    let postgres = postgres_schema(&postgres).await;
    assert_eq!(
        sqlite.keys().collect::<Vec<_>>(),
        postgres.keys().collect::<Vec<_>>(),
        "the same tables"
    );
    for (name, table) in &sqlite {
        assert_eq!(table, &postgres[name], "table {name}");
    }
}
