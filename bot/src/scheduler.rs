//! The scheduler: called every few seconds by the serving loop (with the clock's time), it
//! closes the rounds whose deadline has passed and reminds late directors once (the adapter posts
//! one message a channel naming them), some time before the deadline, and closes the repêchage votes whose time is up. It
//! reads only the tours that may have something due (`tours::to_tend`), takes each one's own
//! lock in turn, so a busy tour never holds the others' deadlines up. It
//! keeps no state of its own: what was reminded is in the store, so a restart neither forgets a
//! deadline nor reminds anyone twice.

use crate::clock::Timestamp;
use crate::services::{Reply, ServiceError, Services, Tended};
use crate::store::tours;
use std::sync::Arc;

/// A message the serving loop must send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outgoing {
    pub channel_id: String,
    /// For a reminder, the director it names; `None`: news for the channel.
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

    /// Does what is due: repêchage votes past their deadline are closed and their
    /// result announced, rounds past their deadline are closed (the bot plays for the late),
    /// tours of bots move on a stage, late directors get their one reminder. `now` is when the
    /// pass begins; each tour is tended at the clock's time when its turn comes (never earlier
    /// than `now`), so a pass that waits neither enforces a deadline late nor reminds past one.
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
            tours::to_tend(&mut conn, now + self.reminder_lead_secs).await?
        };
        for tour in running {
            match self
                .services
                .tend(tour.id, &tour.channel_id, now, self.reminder_lead_secs)
                .await?
            {
                Tended::Nothing => {}
                Tended::Closed(reply) => out.push(Outgoing {
                    channel_id: tour.channel_id.clone(),
                    user_id: None,
                    reply: *reply,
                }),
                Tended::Reminded(notes) => {
                    out.extend(notes.into_iter().map(|(user, reply)| Outgoing {
                        channel_id: tour.channel_id.clone(),
                        user_id: Some(user),
                        reply,
                    }))
                }
            }
        }
        // The tours nobody asked about lately are let go from memory.
        self.services.rest(now).await;
        Ok(out)
    }
}
