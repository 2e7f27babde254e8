//! The `turn_posts` table: the message that opens each round, as the adapter posted it.

use super::StoreError;
use super::batch::Batch;
use crate::store::Conn;

/// Where a round's opening message went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnPost {
    pub channel_id: String,
    pub message_id: String,
}

/// Remembers a round's message. A round opened twice (an adapter that retried) keeps the last.
pub fn remember(writes: &mut Batch, tour_id: i64, stage: u32, round: u32, post: &TurnPost) {
    writes.push(
        "INSERT INTO turn_posts (tour_id, stage, round, channel_id, message_id) \
         VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (tour_id, stage, round) DO UPDATE SET \
         channel_id = excluded.channel_id, message_id = excluded.message_id",
        remembered(tour_id, stage, round, post),
    );
}

/// As [`remember`], if outbox row `owed` was marked delivered at `at` with `message_ids`
/// (by the statement before it in the same batch): a post delivered by another process
/// first is remembered by that process.
pub fn remember_if_delivered(
    writes: &mut Batch,
    (tour_id, stage, round): (i64, u32, u32),
    post: &TurnPost,
    (owed, at, message_ids): (i64, i64, &str),
) {
    let mut values = remembered(tour_id, stage, round, post);
    values.extend([owed.into(), at.into(), message_ids.into()]);
    writes.push(
        "INSERT INTO turn_posts (tour_id, stage, round, channel_id, message_id) \
         SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM outbox \
             WHERE id = $6 AND delivered_at = $7 AND message_ids = $8) \
         ON CONFLICT (tour_id, stage, round) DO UPDATE SET \
         channel_id = excluded.channel_id, message_id = excluded.message_id",
        values,
    );
}

/// Outbox row `owed` marked delivered at `at` with `message_ids`, and the round's post
/// remembered if this marked it, counting the channel's change: what a round's opening
/// message's delivery writes. Returns the channel's count and whether this marked the row (it
/// was not marked delivered by another process first).
///
/// On SQLite, one round trip to the writer: the count, the row and the post as three
/// statements. On PostgreSQL one statement, committed alone, where a transaction took five
/// round trips (`BEGIN`, the three, `COMMIT`; issue 34): the post is remembered from the rows
/// the statement's own `UPDATE` returns, and the statement reads nothing else, so that its
/// snapshot, taken before the channel's lock, changes nothing. The query reads the count first
/// (the lock) and then the row marked; the insert, which nothing reads, runs last.
pub async fn delivered_with_post(
    store: &super::Store,
    (tour_id, stage, round): (i64, u32, u32),
    post: &TurnPost,
    (owed, at, message_ids): (i64, i64, &str),
) -> Result<(i64, bool), StoreError> {
    use super::batch::Bound;
    let mut writes = Batch::new();
    match store.backend() {
        super::Backend::Sqlite => {
            super::outbox::delivered(&mut writes, owed, message_ids, at);
            remember_if_delivered(
                &mut writes,
                (tour_id, stage, round),
                post,
                (owed, at, message_ids),
            );
            store.lock_channel_in(&mut writes, &post.channel_id);
            let each = store.write(writes).await?;
            let version = each
                .first()
                .and_then(|rows| rows.first())
                .map(|row| sqlx::Row::try_get::<i64, _>(row, 0))
                .transpose()?
                .ok_or_else(|| {
                    StoreError::Corrupt("counting a channel's change returned nothing".into())
                })?;
            let marked = each
                .get(1)
                .is_some_and(|rows| super::outbox::delivered_by(rows));
            Ok((version, marked))
        }
        super::Backend::Postgres => {
            let mut sql = String::from("WITH counted AS (");
            super::batch::renumber(store.count_sql(), 0, &mut sql);
            sql.push_str(
                "), marked AS (UPDATE outbox SET delivered_at = $2, message_ids = $3 \
                 WHERE id = $4 AND delivered_at IS NULL RETURNING id), \
                 remembered AS (INSERT INTO turn_posts (tour_id, stage, round, channel_id, message_id) \
                 SELECT $5, $6, $7, $8, $9 FROM marked \
                 ON CONFLICT (tour_id, stage, round) DO UPDATE SET \
                 channel_id = excluded.channel_id, message_id = excluded.message_id) \
                 SELECT version, (SELECT COUNT(*) FROM marked) FROM counted",
            );
            let mut values: Vec<Bound> = vec![
                post.channel_id.as_str().into(),
                at.into(),
                message_ids.into(),
                owed.into(),
            ];
            values.extend(remembered(tour_id, stage, round, post));
            writes.push(sql, values);
            let each = store.write(writes).await?;
            let row = each.first().and_then(|rows| rows.first()).ok_or_else(|| {
                StoreError::Corrupt("counting a channel's change returned nothing".into())
            })?;
            let version: i64 = sqlx::Row::try_get(row, 0)?;
            let marked: i64 = sqlx::Row::try_get(row, 1)?;
            Ok((version, marked > 0))
        }
    }
}

fn remembered(tour_id: i64, stage: u32, round: u32, post: &TurnPost) -> Vec<super::batch::Bound> {
    vec![
        tour_id.into(),
        i64::from(stage).into(),
        i64::from(round).into(),
        post.channel_id.as_str().into(),
        post.message_id.as_str().into(),
    ]
}

/// Forgets message `post` as the message of the round being played in the tour that owed row
/// `owed`: the message was edited to show no card, so that round, which goes on (its post was
/// full, or its phase is over), is no longer edited there. A round that is over keeps its row:
/// nothing edits it any more, and it says where the round was posted. Keyed by the tour (the
/// table's first key) so that it reads that tour's rows alone.
pub fn forget(writes: &mut Batch, owed: i64, post: &TurnPost) {
    writes.push(
        "DELETE FROM turn_posts WHERE tour_id = (SELECT tour_id FROM outbox WHERE id = $1) \
         AND channel_id = $2 AND message_id = $3 \
         AND EXISTS (SELECT 1 FROM tours t JOIN stages s \
             ON s.tour_id = t.id AND s.number = t.current_stage \
             WHERE t.id = turn_posts.tour_id AND s.number = turn_posts.stage \
             AND s.round = turn_posts.round)",
        vec![
            owed.into(),
            post.channel_id.as_str().into(),
            post.message_id.as_str().into(),
        ],
    );
}

pub async fn find(
    conn: &mut Conn,
    tour_id: i64,
    stage: u32,
    round: u32,
) -> Result<Option<TurnPost>, StoreError> {
    let row: Option<(String, String)> = sqlx::query_as(
        "SELECT channel_id, message_id FROM turn_posts WHERE tour_id = $1 AND stage = $2 AND round = $3",
    )
    .bind(tour_id)
    .bind(stage as i64)
    .bind(round as i64)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|(channel_id, message_id)| TurnPost {
        channel_id,
        message_id,
    }))
}
