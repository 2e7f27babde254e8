//! The scheduler: called every few seconds by the serving loop (with the clock's time), it
//! closes the rounds whose deadline has passed and reminds late directors once, some time
//! before the deadline, and closes the repêchage votes whose time is up. It keeps no state of its own: what was reminded is in the store, so a
//! restart neither forgets a deadline nor reminds anyone twice.

use crate::clock::Timestamp;
use crate::services::{Reply, ServiceError, Services};
use crate::store::tours;
use std::sync::Arc;

/// A message the serving loop must send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outgoing {
    pub channel_id: String,
    /// For a reminder, the director to tell (privately); `None`: post in the channel.
    pub user_id: Option<String>,
    pub reply: Reply,
}

pub struct Scheduler {
    services: Arc<Services>,
    /// How long before a deadline late directors are reminded.
    reminder_lead_secs: i64,
}

impl Scheduler {
    pub fn new(services: Arc<Services>, reminder_lead_secs: i64) -> Self {
        Scheduler {
            services,
            reminder_lead_secs,
        }
    }

    /// Does what is due at `now`: repêchage votes past their deadline are closed and their
    /// result announced, rounds past their deadline are closed (the bot plays for the late),
    /// tours of bots move on a stage, late directors get their one reminder.
    pub async fn tick(&self, now: Timestamp) -> Result<Vec<Outgoing>, ServiceError> {
        // Votes first: a vote whose time is up applies to the stage that begins next, even if
        // the round closed in this same tick ends the stage being raced.
        let mut out: Vec<Outgoing> = self
            .services
            .close_due_votes(now)
            .await?
            .into_iter()
            .map(|(channel_id, reply)| Outgoing {
                channel_id,
                user_id: None,
                reply,
            })
            .collect();
        let running = {
            let mut conn = self.services.store().read().await?;
            tours::running(&mut conn).await?
        };
        for tour in running {
            if let Some(reply) = self
                .services
                .close_if_due(tour.id, &tour.channel_id, now)
                .await?
            {
                out.push(Outgoing {
                    channel_id: tour.channel_id.clone(),
                    user_id: None,
                    reply,
                });
                continue;
            }
            for (user, reply) in self
                .services
                .remind(tour.clone(), now, self.reminder_lead_secs)
                .await?
            {
                out.push(Outgoing {
                    channel_id: tour.channel_id.clone(),
                    user_id: Some(user),
                    reply,
                });
            }
        }
        Ok(out)
    }
}
