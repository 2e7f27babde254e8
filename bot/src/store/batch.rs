//! Writes sent together (issue 34): statements whose results nobody reads, queued and sent to the
//! connection in one round trip rather than one each.
//!
//! Why: SQLite's one writer connection is held by a write transaction from its first statement
//! to its commit, and what held it was mostly not SQLite's work but the round trips: each
//! statement goes from the request's task to the connection's thread and back, and on a busy
//! machine each way waits for a thread to be scheduled (docs/speed.md, "What holds the
//! back-to-back rate"). A choice's writes (the choice, its events, the stage's turn and
//! deadline) need nothing back, so they go in one batch.
//!
//! How: each statement is written with its own numbered parameters (`$1`, `$2`, …), as
//! everywhere in the store. On SQLite the batch is one query of several statements, the
//! parameters of each renumbered after those before it (SQLite's `$N` names the N-th argument
//! of the whole query, across its statements). PostgreSQL prepares one statement at a time, so
//! there the batch runs statement by statement, as before.
//!
//! A batch is only ever run whole, in order, before anything else reads the connection: it is
//! a value the caller holds and hands to [`super::Store::run`] or [`super::Store::commit_with`];
//! nothing reads through it.

use super::{Backend, Conn, StoreError};
use sqlx::Arguments;
use sqlx::Executor;
use sqlx::any::{AnyArguments, AnyRow};

/// One value bound to a statement of a batch.
#[derive(Debug, Clone, PartialEq)]
pub enum Bound {
    Int(Option<i64>),
    Text(Option<String>),
}

impl From<i64> for Bound {
    fn from(v: i64) -> Bound {
        Bound::Int(Some(v))
    }
}

impl From<Option<i64>> for Bound {
    fn from(v: Option<i64>) -> Bound {
        Bound::Int(v)
    }
}

impl From<String> for Bound {
    fn from(v: String) -> Bound {
        Bound::Text(Some(v))
    }
}

impl From<&str> for Bound {
    fn from(v: &str) -> Bound {
        Bound::Text(Some(v.to_string()))
    }
}

impl From<Option<&str>> for Bound {
    fn from(v: Option<&str>) -> Bound {
        Bound::Text(v.map(str::to_string))
    }
}

/// A statement of a batch: its SQL with parameters `$1` to `$n`, and its `n` values.
#[derive(Debug, Clone, PartialEq)]
struct Statement {
    sql: String,
    values: Vec<Bound>,
}

/// Statements to send together, in order.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Batch {
    statements: Vec<Statement>,
}

impl Batch {
    pub fn new() -> Batch {
        Batch::default()
    }

    /// Queues a statement whose parameters are `$1` to `$n`, given as `values` in that order.
    pub fn push(&mut self, sql: impl Into<String>, values: Vec<Bound>) {
        self.statements.push(Statement {
            sql: sql.into(),
            values,
        });
    }

    /// As [`Batch::push`], for a statement that runs before those queued already.
    pub fn push_front(&mut self, sql: impl Into<String>, values: Vec<Bound>) {
        self.statements.insert(
            0,
            Statement {
                sql: sql.into(),
                values,
            },
        );
    }

    pub fn is_empty(&self) -> bool {
        self.statements.is_empty()
    }

    pub fn len(&self) -> usize {
        self.statements.len()
    }

    /// The whole batch as one query of several statements, each one's parameters numbered
    /// after the ones before it, and every value in that order; `before` and `after` are
    /// statements without parameters put around it (a savepoint set or released).
    pub(super) fn joined(&self, before: &str, after: &str) -> (String, Vec<Bound>) {
        let mut sql = String::from(before);
        let mut values = Vec::new();
        for statement in &self.statements {
            if !sql.is_empty() {
                sql.push_str("; ");
            }
            renumber(&statement.sql, values.len(), &mut sql);
            values.extend(statement.values.iter().cloned());
        }
        if !after.is_empty() {
            if !sql.is_empty() {
                sql.push_str("; ");
            }
            sql.push_str(after);
        }
        (sql, values)
    }

    /// Runs the batch on `conn`, in order: one round trip on SQLite, one a statement on
    /// PostgreSQL.
    pub async fn run(self, conn: &mut Conn) -> Result<(), StoreError> {
        if self.is_empty() {
            return Ok(());
        }
        match Backend::of(conn) {
            Backend::Sqlite => {
                let (sql, values) = self.joined("", "");
                conn.execute(query(sql, values)?).await?;
            }
            Backend::Postgres => {
                for statement in self.statements {
                    conn.execute(query(statement.sql, statement.values)?)
                        .await?;
                }
            }
        }
        Ok(())
    }
}

impl Batch {
    /// Whether the batch can go in one PostgreSQL statement beside the channel's count
    /// ([`Batch::after_count`]): inserts only, none of them into `channel_changes`. Data-modifying
    /// statements under one `WITH` all see the snapshot the statement began with and may run in
    /// any order, so two of them must not touch the same row: new rows of other tables never do.
    pub(super) fn inserts_only(&self) -> bool {
        !self.statements.is_empty()
            && self.statements.iter().all(|s| {
                s.sql.starts_with("INSERT INTO ")
                    && !s.sql.starts_with("INSERT INTO channel_changes")
                    && !s.sql.contains("ON CONFLICT")
            })
    }

    /// One PostgreSQL statement that runs `count` (the channel's lock and count, returning the
    /// count, its parameters `$1`…), fails with a division by zero when that count is not
    /// `expected`, and else makes the batch's inserts: committed alone, it is a change of the
    /// channel's tour in one round trip, with nothing written when the tour changed since it
    /// was read. The count runs first (the query reads it) and the check at once; the inserts,
    /// which nothing reads, run after the query, as PostgreSQL runs such statements.
    pub(super) fn after_count(
        &self,
        count: &str,
        count_values: Vec<Bound>,
        expected: i64,
    ) -> (String, Vec<Bound>) {
        let mut sql = String::from("WITH counted AS (");
        let mut values = count_values;
        renumber(count, 0, &mut sql);
        sql.push(')');
        for (n, statement) in self.statements.iter().enumerate() {
            sql.push_str(&format!(", written{n} AS ("));
            renumber(&statement.sql, values.len(), &mut sql);
            sql.push(')');
            values.extend(statement.values.iter().cloned());
        }
        values.push(Bound::Int(Some(expected)));
        sql.push_str(&format!(
            " SELECT version / CASE WHEN version = ${} THEN 1 ELSE 0 END FROM counted",
            values.len()
        ));
        (sql, values)
    }
}

impl Batch {
    /// SQLite's change of a channel's tour at a guessed count in one round trip (issue 34), as
    /// [`Batch::after_count`] is PostgreSQL's: `count` (the channel's count of changes, counted
    /// one more and returned), then each insert of the batch made only if the count it returned
    /// is `expected`. So a guess that proves wrong writes nothing but the count; the caller reads
    /// the count returned and goes the long way. Every statement must be a plain insert of rows
    /// given as `VALUES` ([`Batch::inserts_only`], and no `SELECT`); otherwise `None`.
    ///
    /// SQLite has no statement that fails on a condition outside a trigger, so the check is
    /// each insert's own `WHERE`: `INSERT INTO t (…) SELECT * FROM (VALUES …) WHERE <the count
    /// is expected>`. Its rows are those the `VALUES` gave, inserted with the table's own types.
    pub(super) fn guarded_by_count(
        &self,
        count: &str,
        channel_id: &str,
        expected: i64,
    ) -> Option<Batch> {
        if !self.inserts_only() {
            return None;
        }
        let mut guarded = Batch::new();
        guarded.push(count, vec![channel_id.into()]);
        for statement in &self.statements {
            let at = statement.sql.find(" VALUES ")?;
            let (head, rows) = (
                &statement.sql[..at],
                &statement.sql[at + " VALUES ".len()..],
            );
            if statement.sql.contains("SELECT") || statement.sql.contains("RETURNING") {
                return None;
            }
            let n = statement.values.len();
            let sql = format!(
                "{head} SELECT * FROM (VALUES {rows}) WHERE \
                 (SELECT version FROM channel_changes WHERE channel_id = ${}) = ${}",
                n + 1,
                n + 2
            );
            let mut values = statement.values.clone();
            values.push(channel_id.into());
            values.push(expected.into());
            guarded.push(sql, values);
        }
        Some(guarded)
    }
}

impl Batch {
    /// Runs the batch on `conn`, in order, and returns each statement's rows (a statement's
    /// `RETURNING` or `SELECT`), one list a statement: one round trip on SQLite, one a
    /// statement on PostgreSQL.
    pub async fn fetch_each(self, conn: &mut Conn) -> Result<Vec<Vec<AnyRow>>, StoreError> {
        match Backend::of(conn) {
            Backend::Sqlite => {
                let (sql, values) = self.joined("", "");
                rows_by_statement(conn, query(sql, values)?).await
            }
            Backend::Postgres => {
                let mut each = Vec::with_capacity(self.statements.len());
                for statement in self.statements {
                    each.push(
                        query(statement.sql, statement.values)?
                            .fetch_all(&mut *conn)
                            .await?,
                    );
                }
                Ok(each)
            }
        }
    }
}

/// Runs `query` (on SQLite, several statements) and returns each statement's rows, one list a
/// statement: SQLite's driver ends each statement's rows with its result.
pub(super) async fn rows_by_statement(
    conn: &mut Conn,
    query: sqlx::query::Query<'static, sqlx::Any, AnyArguments>,
) -> Result<Vec<Vec<AnyRow>>, StoreError> {
    let mut stream = conn.fetch_many(query);
    let mut each = Vec::new();
    let mut rows = Vec::new();
    while let Some(step) = std::future::poll_fn(|cx| stream.as_mut().poll_next(cx)).await {
        match step? {
            sqlx::Either::Left(_) => each.push(std::mem::take(&mut rows)),
            sqlx::Either::Right(row) => rows.push(row),
        }
    }
    Ok(each)
}

/// A query of `sql` with `values` bound in order.
pub(super) fn query(
    sql: String,
    values: Vec<Bound>,
) -> Result<sqlx::query::Query<'static, sqlx::Any, AnyArguments>, StoreError> {
    let mut args = AnyArguments::default();
    for value in values {
        let added = match value {
            Bound::Int(v) => args.add(v),
            Bound::Text(v) => args.add(v),
        };
        added.map_err(|e| StoreError::Corrupt(format!("a value cannot be bound: {e}")))?;
    }
    Ok(sqlx::query_with(sqlx::AssertSqlSafe(sql), args))
}

/// Appends `sql` to `out` with every parameter `$k` written `$(k + by)`. The store's SQL has no
/// `$` but in its parameters (no string literal of it holds one, which a test checks on the
/// statements batched).
pub(super) fn renumber(sql: &str, by: usize, out: &mut String) {
    let mut rest = sql;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            out.push('$');
            rest = after;
            continue;
        }
        let k: usize = after[..digits].parse().expect("ascii digits");
        out.push('$');
        out.push_str(&(k + by).to_string());
        rest = &after[digits..];
    }
    out.push_str(rest);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_numbered_after_those_of_the_statements_before() {
        let mut batch = Batch::new();
        batch.push(
            "INSERT INTO a (x, y) VALUES ($1, $2)",
            vec![1i64.into(), "one".into()],
        );
        batch.push(
            "UPDATE b SET x = $2 WHERE id = $1",
            vec![7i64.into(), None::<i64>.into()],
        );
        batch.push("INSERT INTO c (x) VALUES ($1), ($10)", vec![]);
        let (sql, values) = batch.joined("SAVEPOINT member", "RELEASE member");
        assert_eq!(
            sql,
            "SAVEPOINT member; INSERT INTO a (x, y) VALUES ($1, $2); \
             UPDATE b SET x = $4 WHERE id = $3; INSERT INTO c (x) VALUES ($5), ($14); \
             RELEASE member"
        );
        assert_eq!(
            values,
            vec![
                Bound::Int(Some(1)),
                Bound::Text(Some("one".into())),
                Bound::Int(Some(7)),
                Bound::Int(None),
            ]
        );
    }

    #[test]
    fn inserts_after_a_count_are_one_statement_that_checks_the_count() {
        let mut batch = Batch::new();
        batch.push(
            "INSERT INTO choices (a, b) VALUES ($1, $2)",
            vec![1i64.into(), "x".into()],
        );
        batch.push(
            "INSERT INTO events (a) VALUES ($1), ($2)",
            vec![2i64.into(), 3i64.into()],
        );
        assert!(batch.inserts_only());
        let (sql, values) = batch.after_count(
            "INSERT INTO channel_changes (c) VALUES ($1) RETURNING version",
            vec!["chan".into()],
            8,
        );
        assert_eq!(
            sql,
            "WITH counted AS (INSERT INTO channel_changes (c) VALUES ($1) RETURNING version), \
             written0 AS (INSERT INTO choices (a, b) VALUES ($2, $3)), \
             written1 AS (INSERT INTO events (a) VALUES ($4), ($5)) \
             SELECT version / CASE WHEN version = $6 THEN 1 ELSE 0 END FROM counted"
        );
        assert_eq!(
            values,
            vec![
                Bound::Text(Some("chan".into())),
                Bound::Int(Some(1)),
                Bound::Text(Some("x".into())),
                Bound::Int(Some(2)),
                Bound::Int(Some(3)),
                Bound::Int(Some(8)),
            ]
        );
    }

    #[test]
    fn on_sqlite_each_insert_after_the_count_checks_it() {
        let mut batch = Batch::new();
        batch.push(
            "INSERT INTO choices (a, b) VALUES ($1, $2)",
            vec![1i64.into(), "x".into()],
        );
        batch.push(
            "INSERT INTO events (a) VALUES ($1), ($2)",
            vec![2i64.into(), 3i64.into()],
        );
        let guarded = batch
            .guarded_by_count(
                "INSERT INTO channel_changes (c) VALUES ($1) RETURNING version",
                "chan",
                8,
            )
            .expect("plain inserts");
        let (sql, values) = guarded.joined("SAVEPOINT member", "RELEASE member");
        assert_eq!(
            sql,
            "SAVEPOINT member; INSERT INTO channel_changes (c) VALUES ($1) RETURNING version; \
             INSERT INTO choices (a, b) SELECT * FROM (VALUES ($2, $3)) WHERE \
             (SELECT version FROM channel_changes WHERE channel_id = $4) = $5; \
             INSERT INTO events (a) SELECT * FROM (VALUES ($6), ($7)) WHERE \
             (SELECT version FROM channel_changes WHERE channel_id = $8) = $9; RELEASE member"
        );
        assert_eq!(
            values,
            vec![
                Bound::Text(Some("chan".into())),
                Bound::Int(Some(1)),
                Bound::Text(Some("x".into())),
                Bound::Text(Some("chan".into())),
                Bound::Int(Some(8)),
                Bound::Int(Some(2)),
                Bound::Int(Some(3)),
                Bound::Text(Some("chan".into())),
                Bound::Int(Some(8)),
            ]
        );
        // Anything but a plain insert of given rows goes the two round trips' way.
        for sql in [
            "UPDATE stages SET round = $1",
            "INSERT INTO a (x) SELECT $1",
            "INSERT INTO a (x) VALUES ($1) RETURNING id",
            "INSERT INTO a (x) VALUES ($1) ON CONFLICT (x) DO NOTHING",
        ] {
            let mut other = batch.clone();
            other.push(sql, vec![1i64.into()]);
            assert_eq!(other.guarded_by_count("c", "chan", 8), None, "{sql}");
        }
    }

    #[test]
    fn only_inserts_of_new_rows_elsewhere_go_beside_the_count() {
        let with = |sql: &str| {
            let mut batch = Batch::new();
            batch.push("INSERT INTO choices (a) VALUES ($1)", vec![1i64.into()]);
            batch.push(sql, vec![]);
            batch.inserts_only()
        };
        assert!(with("INSERT INTO events (a) VALUES (1)"));
        assert!(!with("UPDATE stages SET round = 2"));
        assert!(!with("DELETE FROM turn_posts"));
        assert!(!with(
            "INSERT INTO channel_changes (channel_id, version) VALUES ('c', 1)"
        ));
        assert!(!with(
            "INSERT INTO riders (k) VALUES (1) ON CONFLICT (k) DO UPDATE SET k = 2"
        ));
        assert!(!Batch::new().inserts_only());
    }

    #[test]
    fn a_dollar_without_digits_is_left_as_it_is() {
        let mut out = String::new();
        renumber("SELECT '$' || $1, $", 3, &mut out);
        assert_eq!(out, "SELECT '$' || $4, $");
    }

    #[test]
    fn an_empty_batch_joins_to_what_surrounds_it() {
        assert_eq!(
            Batch::new().joined("", "RELEASE member"),
            ("RELEASE member".to_string(), vec![])
        );
        assert_eq!(Batch::new().joined("", ""), (String::new(), vec![]));
    }

    #[tokio::test]
    async fn a_batch_runs_whole_and_in_order_on_sqlite() {
        use sqlx::Connection;
        sqlx::any::install_default_drivers();
        let dir = tempfile::tempdir().unwrap();
        let mut conn: Conn = sqlx::AnyConnection::connect(&format!(
            "sqlite://{}?mode=rwc",
            dir.path().join("b.sqlite").display()
        ))
        .await
        .unwrap();
        conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)")
            .await
            .unwrap();
        let mut batch = Batch::new();
        batch.push(
            "INSERT INTO t (id, v) VALUES ($1, $2)",
            vec![1i64.into(), "a".into()],
        );
        batch.push(
            "INSERT INTO t (id, v) VALUES ($1, $2)",
            vec![2i64.into(), None::<&str>.into()],
        );
        batch.push(
            "UPDATE t SET v = $1 || v WHERE id = $2",
            vec!["b".into(), 1i64.into()],
        );
        batch.run(&mut conn).await.unwrap();
        let rows: Vec<(i64, Option<String>)> = sqlx::query_as("SELECT id, v FROM t ORDER BY id")
            .fetch_all(&mut conn)
            .await
            .unwrap();
        assert_eq!(rows, vec![(1, Some("ba".into())), (2, None)]);
        // A statement that fails stops the batch there: the ones after it do not run.
        let mut batch = Batch::new();
        batch.push("INSERT INTO t (id, v) VALUES ($1, 'x')", vec![3i64.into()]);
        batch.push("INSERT INTO t (id, v) VALUES ($1, 'x')", vec![1i64.into()]);
        batch.push("INSERT INTO t (id, v) VALUES ($1, 'x')", vec![4i64.into()]);
        assert!(batch.run(&mut conn).await.is_err());
        let ids: Vec<i64> = sqlx::query_scalar("SELECT id FROM t ORDER BY id")
            .fetch_all(&mut conn)
            .await
            .unwrap();
        assert_eq!(ids, vec![1, 2, 3]);
    }
}
