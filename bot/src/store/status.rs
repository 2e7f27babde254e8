//! The `status_posts` table: each tour's one status message, pinned in its channel and edited
//! in place (issue 36), with the text it shows.

use super::StoreError;
use crate::store::Conn;

/// Where a tour's status message is, and what it shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusPost {
    pub channel_id: String,
    pub message_id: String,
    pub shown: String,
}

/// Remembers the tour's status message (a new one replaces the last).
pub async fn remember(conn: &mut Conn, tour_id: i64, post: &StatusPost) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO status_posts (tour_id, channel_id, message_id, shown) \
         VALUES ($1, $2, $3, $4) \
         ON CONFLICT (tour_id) DO UPDATE SET channel_id = excluded.channel_id, \
         message_id = excluded.message_id, shown = excluded.shown",
    )
    .bind(tour_id)
    .bind(&post.channel_id)
    .bind(&post.message_id)
    .bind(&post.shown)
    .execute(conn)
    .await?;
    Ok(())
}

/// The text the status message shows now, once an edit made it so.
pub async fn shown(
    conn: &mut Conn,
    tour_id: i64,
    message_id: &str,
    shown: &str,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE status_posts SET shown = $1 WHERE tour_id = $2 AND message_id = $3")
        .bind(shown)
        .bind(tour_id)
        .bind(message_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Forgets the tour's status message if it is `message_id` (deleted in the channel).
pub async fn forget(conn: &mut Conn, tour_id: i64, message_id: &str) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM status_posts WHERE tour_id = $1 AND message_id = $2")
        .bind(tour_id)
        .bind(message_id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn find(conn: &mut Conn, tour_id: i64) -> Result<Option<StatusPost>, StoreError> {
    let row: Option<(String, String, String)> =
        sqlx::query_as("SELECT channel_id, message_id, shown FROM status_posts WHERE tour_id = $1")
            .bind(tour_id)
            .fetch_optional(conn)
            .await?;
    Ok(row.map(|(channel_id, message_id, shown)| StatusPost {
        channel_id,
        message_id,
        shown,
    }))
}
