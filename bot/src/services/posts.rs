//! Where an adapter posted each round's opening message, so that it can edit it later (tick a
//! team off) after a restart too. The terminal posts nothing and never calls these.

use super::{ServiceError, Services, TurnCard};
use crate::store::Batch;
use crate::store::posts::{self, TurnPost};

impl Services {
    /// Remembers where an adapter posted a round's opening message.
    pub async fn remember_turn_post(
        &self,
        card: &TurnCard,
        post: &TurnPost,
    ) -> Result<(), ServiceError> {
        let _guard = self.lock(&post.channel_id).await;
        let mut writes = Batch::new();
        posts::remember(&mut writes, card.tour_id, card.stage, card.round, post);
        self.store.lock_channel_in(&mut writes, &post.channel_id);
        let written = self.store.write(writes).await?;
        self.kept_through(&post.channel_id, &written);
        Ok(())
    }

    /// Row `owed` edited `post` to show no card (its turn is over, or goes on in a new message
    /// because the post was full): if it is the post of the round being played, it is that
    /// round's no longer, so no tick-off edit puts a card back on it. The round that goes on is remembered again when its new
    /// message is delivered; until then a tick-off has nothing to edit, and that delivery
    /// brings the card up to date.
    pub async fn closed_turn_post(&self, owed: i64, post: &TurnPost) -> Result<(), ServiceError> {
        let _guard = self.lock(&post.channel_id).await;
        let mut writes = Batch::new();
        posts::forget(&mut writes, owed, post);
        self.store.lock_channel_in(&mut writes, &post.channel_id);
        let written = self.store.write(writes).await?;
        self.kept_through(&post.channel_id, &written);
        Ok(())
    }

    /// Where a round's opening message was posted, if an adapter said so.
    pub async fn turn_post(&self, card: &TurnCard) -> Result<Option<TurnPost>, ServiceError> {
        let mut conn = self.store.read().await?;
        Ok(posts::find(&mut conn, card.tour_id, card.stage, card.round).await?)
    }
}
