//! Each tour's one status message (issue 36): pinned in its channel and edited in place as the
//! tour moves, never posted again unless someone asks (`/tour status`). It says where the race
//! is (stage and turn), who is still awaited and since when, when the bot plays for them, and
//! who wears each jersey. The services say what it holds; an adapter words the times its own
//! way (Discord shows each reader their own clock) and remembers where it posted it.

use super::narrate;
use super::reply::TeamTick;
use super::{ServiceError, Services, in_tour};
use crate::clock::Timestamp;
use crate::store::status::{self, StatusPost};
use crate::store::tours::{self, TourStatus};
use crate::store::{Batch, results};
use commissaire_messages::{Language, msg};
use commissaire_render::classification_title;
use std::sync::Arc;

/// What a tour's status message shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusCard {
    pub tour_id: i64,
    /// The tour's language: the message is worded in it.
    pub language: Language,
    /// Where the race is: "**Tour**: stage 2 of 7, Course, round 3." (or that it is over).
    pub head: String,
    pub paused: bool,
    pub over: bool,
    /// When the bot plays for the teams still awaited; `None` while paused or over.
    pub deadline: Option<Timestamp>,
    /// Since when the teams still awaited are awaited: the turn's opening (the last choice
    /// before it); `None` before the tour's first choice.
    pub since: Option<Timestamp>,
    /// Every team, ticked off once it has chosen this turn; empty once the tour is over.
    pub teams: Vec<TeamTick>,
    /// One line a jersey: its classification and who wears it ("General classification: Reds
    /// Leader"), in the order the game lists them; the winners once the tour is over.
    pub jerseys: Vec<String>,
}

impl Services {
    /// The status of the channel's tour, running, paused or just over; `None` without one, or
    /// while it is still in its lobby (`/tour status` answers that itself).
    pub async fn status_card(&self, channel_id: &str) -> Result<Option<StatusCard>, ServiceError> {
        let mut conn = self.store.read().await?;
        // A tour still running through the kept reads (issue 34: the status is brought up to
        // date after every post, and the tour is mostly as the last request read it); a tour
        // over, from the store.
        let (tour, read) = match self.read_tour(&mut conn, channel_id).await? {
            Some(read) => (read.tour.clone(), Some(read)),
            None => match tours::latest_in_channel(&mut conn, channel_id).await? {
                Some(tour) => (tour, None),
                None => return Ok(None),
            },
        };
        if tour.status == TourStatus::Lobby {
            return Ok(None);
        }
        let preset = self
            .library
            .preset(&tour.preset)
            .map_err(ServiceError::Broken)?;
        let done = match &read {
            Some(read) => Arc::unwrap_or_clone(self.read_results(&mut conn, read).await?),
            None => results::list(&mut conn, tour.id).await?,
        };
        let jerseys = if done.is_empty() {
            Vec::new()
        } else {
            let tables = narrate::classify(&tour, &done)?;
            in_tour(&tour, || {
                tables
                    .tables
                    .iter()
                    .filter(|c| c.jersey.is_some())
                    .filter_map(|c| {
                        let row = c.holder_row()?;
                        Some(msg!(
                            "status-jersey",
                            classification = classification_title(c),
                            who = narrate::who(row)
                        ))
                    })
                    .collect()
            })
        };
        if tour.status == TourStatus::Finished {
            return Ok(Some(StatusCard {
                tour_id: tour.id,
                language: tour.language,
                head: in_tour(&tour, || msg!("status-card-over", tour = &preset.name)),
                paused: false,
                over: true,
                deadline: None,
                since: None,
                teams: Vec::new(),
                jerseys,
            }));
        }
        let live = match read {
            Some(read) => self.read_live(&mut conn, read).await?,
            None => self.load_live(&mut conn, tour).await?,
        };
        let since = self.turn_opened(&mut conn, &live).await?;
        let course = self
            .library
            .course(&live.row.course)
            .map_or_else(|_| live.row.course.clone(), |c| c.name.clone());
        let head = in_tour(&live.tour, || {
            msg!(
                "status-running",
                tour = &preset.name,
                stage = live.row.number,
                total = preset.stages.len(),
                course = course,
                turn = live.turn_text()
            )
        });
        let paused = live.tour.status == TourStatus::Paused;
        Ok(Some(StatusCard {
            tour_id: live.tour.id,
            language: live.tour.language,
            head,
            paused,
            over: false,
            deadline: if paused { None } else { live.row.deadline },
            since,
            teams: live
                .teams
                .iter()
                .map(|t| TeamTick {
                    name: t.name.clone(),
                    director: t.director.clone(),
                    done: !live.owes(live.seat_of(t)),
                })
                .collect(),
            jerseys,
        }))
    }

    /// Where the tour's status message is, if an adapter posted one.
    pub async fn status_post(&self, tour_id: i64) -> Result<Option<StatusPost>, ServiceError> {
        let mut conn = self.store.read().await?;
        Ok(status::find(&mut conn, tour_id).await?)
    }

    /// Remembers the tour's status message, as posted with the text `post.shown`.
    pub async fn remember_status_post(
        &self,
        tour_id: i64,
        post: &StatusPost,
    ) -> Result<(), ServiceError> {
        let mut writes = Batch::new();
        status::remember(&mut writes, tour_id, post);
        self.store.write(writes).await?;
        Ok(())
    }

    /// The status message `message_id` was edited to show `shown`.
    pub async fn status_shown(
        &self,
        tour_id: i64,
        message_id: &str,
        shown: &str,
    ) -> Result<(), ServiceError> {
        let mut writes = Batch::new();
        status::shown(&mut writes, tour_id, message_id, shown);
        self.store.write(writes).await?;
        Ok(())
    }

    /// Forgets the status message `message_id` (deleted in the channel: the next
    /// `/tour status` posts a new one).
    pub async fn forget_status_post(
        &self,
        tour_id: i64,
        message_id: &str,
    ) -> Result<(), ServiceError> {
        let mut writes = Batch::new();
        status::forget(&mut writes, tour_id, message_id);
        self.store.write(writes).await?;
        Ok(())
    }
}
