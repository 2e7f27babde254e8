//! The `status_posts` table: each tour's one status message, pinned in its channel and edited
//! in place (issue 36), with the text it shows.

use super::StoreError;
use super::batch::Batch;
use crate::store::Conn;

/// Where a tour's status message is, and what it shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusPost {
    pub channel_id: String,
    pub message_id: String,
    pub shown: String,
}

/// Remembers the tour's status message (a new one replaces the last).
pub fn remember(writes: &mut Batch, tour_id: i64, post: &StatusPost) {
    writes.push(
        "INSERT INTO status_posts (tour_id, channel_id, message_id, shown) \
         VALUES ($1, $2, $3, $4) \
         ON CONFLICT (tour_id) DO UPDATE SET channel_id = excluded.channel_id, \
         message_id = excluded.message_id, shown = excluded.shown",
        vec![
            tour_id.into(),
            post.channel_id.as_str().into(),
            post.message_id.as_str().into(),
            post.shown.as_str().into(),
        ],
    );
}

/// The text the status message shows now, once an edit made it so.
pub fn shown(writes: &mut Batch, tour_id: i64, message_id: &str, shown: &str) {
    writes.push(
        "UPDATE status_posts SET shown = $1 WHERE tour_id = $2 AND message_id = $3",
        vec![shown.into(), tour_id.into(), message_id.into()],
    );
}

/// Forgets the tour's status message if it is `message_id` (deleted in the channel).
pub fn forget(writes: &mut Batch, tour_id: i64, message_id: &str) {
    writes.push(
        "DELETE FROM status_posts WHERE tour_id = $1 AND message_id = $2",
        vec![tour_id.into(), message_id.into()],
    );
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
