//! The `turn_posts` table: the message that opens each round, as the adapter posted it.

use super::StoreError;
use crate::store::Conn;

/// Where a round's opening message went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnPost {
    pub channel_id: String,
    pub message_id: String,
}

/// Remembers a round's message. A round opened twice (an adapter that retried) keeps the last.
pub async fn remember(
    conn: &mut Conn,
    tour_id: i64,
    stage: u32,
    round: u32,
    post: &TurnPost,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO turn_posts (tour_id, stage, round, channel_id, message_id) \
         VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (tour_id, stage, round) DO UPDATE SET \
         channel_id = excluded.channel_id, message_id = excluded.message_id",
    )
    .bind(tour_id)
    .bind(stage as i64)
    .bind(round as i64)
    .bind(&post.channel_id)
    .bind(&post.message_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Forgets message `post` as the message of the round being played in the tour that owed row
/// `owed`: the message was edited to show no card, so that round, which goes on (its post was
/// full, or its phase is over), is no longer edited there. A round that is over keeps its row:
/// nothing edits it any more, and it says where the round was posted. Keyed by the tour (the
/// table's first key) so that it reads that tour's rows alone.
pub async fn forget(conn: &mut Conn, owed: i64, post: &TurnPost) -> Result<(), StoreError> {
    sqlx::query(
        "DELETE FROM turn_posts WHERE tour_id = (SELECT tour_id FROM outbox WHERE id = $1) \
         AND channel_id = $2 AND message_id = $3 \
         AND EXISTS (SELECT 1 FROM tours t JOIN stages s \
             ON s.tour_id = t.id AND s.number = t.current_stage \
             WHERE t.id = turn_posts.tour_id AND s.number = turn_posts.stage \
             AND s.round = turn_posts.round)",
    )
    .bind(owed)
    .bind(&post.channel_id)
    .bind(&post.message_id)
    .execute(conn)
    .await?;
    Ok(())
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
