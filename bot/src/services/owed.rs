//! What a tour's channel is owed (the outbox), and the pictures that go with it.
//!
//! A change that owes the channel a message (a round closed, a stage finished, the next one
//! started) records it in the `outbox` table inside its own transaction: the message cannot be
//! lost by a crash after the commit, nor announced for a change that was rolled back. It says
//! what to draw rather than carrying PNGs, so the pictures are drawn after the commit, on
//! blocking threads, by whoever posts the message. Posting it and marking it delivered (with
//! where it went) is the adapter's: see `discord/deliver.rs`.

use super::book::{Beside, Shows};
use super::live::{Live, News, rebuild};
use super::play::Piece;
use super::reply::Owing;
use super::{Reply, ServiceError, Services, TurnCard, in_tour, narrate};
use crate::store::Conn;
use crate::store::outbox::{self, Claim, OwedRow};
use crate::store::posts::{self, TurnPost};
use crate::store::{Batch, StoreError, choices, results, stages, teams, tours};
use serde::{Deserialize, Serialize};

/// A picture to draw, told by what it shows: enough to draw it again, the same, from the store
/// (a stage's choices are never rewritten, and its results are stored once).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Picture {
    /// The board of a stage after its first `choices` choices.
    Board {
        tour_id: i64,
        stage: u32,
        choices: u32,
        title: String,
        file: String,
    },
    /// The stage's profile, with where every rider is after its first `choices` choices.
    Profile {
        tour_id: i64,
        stage: u32,
        choices: u32,
        title: String,
        file: String,
    },
    /// The board as one seat alone sees it after the stage's first `choices` choices (its
    /// game's [`private_scene`](commissaire_engine::registry::DynStage::private_scene), e.g.
    /// the landing squares of a director's card, lettered): for that director's private reply
    /// only, never for the channel. Nothing is drawn when the game has no such picture.
    Own {
        tour_id: i64,
        stage: u32,
        choices: u32,
        seat: commissaire_engine::game::Seat,
        title: String,
        file: String,
    },
    /// A finished stage as an animated GIF: its board after each settled turn, titled with the
    /// turn's name, then the finish held (issue 36). Only public boards: it goes to the channel.
    Animation {
        tour_id: i64,
        stage: u32,
        file: String,
    },
    /// The stage's win chances as the public sees them after its first `choices` choices
    /// (`/odds`' picture), for a round's post when the tour's preset asks for them
    /// (`odds_in_posts`). Nothing is drawn once the stage is over.
    Odds {
        tour_id: i64,
        stage: u32,
        choices: u32,
        file: String,
    },
    /// The tour book (`tour-book.md`, see `services/book.rs`), for the tour's last post.
    Book { tour_id: i64 },
    /// One classification (by its slug) after stage `after_stage`.
    Standings {
        tour_id: i64,
        after_stage: u32,
        classification: String,
    },
    /// One classification's story (by its slug) as a chart, stage by stage up to stage
    /// `after_stage` (issue 36): its top ten's gaps to the leader, or points.
    Chart {
        tour_id: i64,
        after_stage: u32,
        classification: String,
    },
}

/// An owed message as stored: the public reply, less what only an answer has.
#[derive(Serialize, Deserialize)]
struct Body {
    text: String,
    #[serde(default)]
    buttons: Vec<super::ButtonSpec>,
    #[serde(default)]
    turn: Option<TurnCard>,
    #[serde(default)]
    pictures: Vec<Picture>,
    /// Set on a turn's post (a tour the channel follows): which turn, and the row whose
    /// message it edits (`None`: it opens the turn's post). Named `phase` since the posts of a
    /// game told phase by phase were the first to be edited: rows written then still read.
    #[serde(default)]
    phase: Option<PhasePost>,
}

/// A turn's post (see `Live::unit_now`): the game's phase in a game told phase by phase,
/// else the services' count of turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct PhasePost {
    stage: u32,
    /// Which turn's post (`Live::unit_now`).
    phase: u32,
    /// The outbox row that opened the phase's post, when this one edits it.
    #[serde(default)]
    edits: Option<i64>,
}

/// How long a process's claim on an owed message lasts: past it, another process takes the
/// message over. Longer than any post takes (pictures drawn, Discord's rate limits waited out).
pub const CLAIM_LEASE_SECS: i64 = 60;

/// How long an owed message may wait unclaimed before a sweep takes it: the process that owed
/// it claims it as soon as its transaction commits, so past this its process is gone.
pub const UNCLAIMED_GRACE_SECS: i64 = 30;

/// How many abandoned messages one sweep claims.
const SWEEP_BATCH: i64 = 50;

/// A turn's post stays one channel message: past this many characters its news opens a new
/// post (Discord's 2,000, the tightest adapter's, less room for the card).
const PHASE_POST_LIMIT: usize = 1900;

/// A message the channel is still owed, ready to post (its pictures not drawn yet).
#[derive(Debug, Clone)]
pub struct Owed {
    pub id: i64,
    pub channel_id: String,
    pub reply: Reply,
}

impl Services {
    /// The public news of a change, recorded as owed to the tour's channel in the change's own
    /// transaction. The replies come back marked with their outbox id.
    ///
    /// A tour the channel follows (`Live::followed`) gets one post a turn: opened with the
    /// turn (its first turn's post tells the stage starts), edited with each move told, its
    /// last edit telling how the turn ended, with no card nor button left; the next turn gets a
    /// post of its own, and a stage's result and the winners one of theirs, never edited. A
    /// tour of bots is told a request at a time, in brief.
    pub(crate) async fn owe_news(
        &self,
        conn: &mut Conn,
        live: &Live,
        news: News,
    ) -> Result<Vec<Reply>, ServiceError> {
        if !news.is_public() {
            return Ok(Vec::new());
        }
        let now = self.now();
        let mut replies = Vec::new();
        if !live.followed() {
            for mut reply in self.news_replies(live, news) {
                self.owe(conn, live, &mut reply, None, now).await?;
                replies.push(reply);
            }
            return Ok(replies);
        }
        for piece in in_tour(&live.tour, || self.pieces(live, news)) {
            let mut reply = match piece {
                Piece::Told(reply) => {
                    let mut reply = *reply;
                    self.owe(conn, live, &mut reply, None, now).await?;
                    replies.push(reply);
                    continue;
                }
                Piece::Turn(turn) => turn,
            };
            let mut key = PhasePost {
                stage: reply.stage,
                phase: reply.unit,
                edits: None,
            };
            let text = if reply.opened {
                join(&reply.head, &reply.part)
            } else {
                match continued(conn, live.tour.id, &key, &reply.part).await? {
                    Continued::Edit { anchor, text } => {
                        key.edits = Some(anchor);
                        text
                    }
                    // Its post would grow past one message: the news goes on in a new one,
                    // which says so, and the post it leaves keeps its text and board but no
                    // card nor button (only the post of the turn being played has them).
                    Continued::Full { anchor, before } => {
                        if before.turn.is_some() || !before.buttons.is_empty() {
                            let mut closed = Reply::public(before.text.clone());
                            closed.pictures = before.pictures;
                            closed.edits = Some(anchor);
                            let edit = PhasePost {
                                edits: Some(anchor),
                                ..key
                            };
                            self.owe(conn, live, &mut closed, Some(edit), now).await?;
                            replies.push(closed);
                        }
                        join(&reply.again, &reply.part)
                    }
                    // Never posted (a row written before turns had posts): a new one.
                    Continued::None => join(&reply.again, &reply.part),
                }
            };
            reply.reply.text = text;
            reply.reply.edits = key.edits;
            self.owe(conn, live, &mut reply.reply, Some(key), now)
                .await?;
            replies.push(reply.reply);
        }
        Ok(replies)
    }

    /// Records one public reply as owed (a turn's post when `post` is set) and marks it so.
    async fn owe(
        &self,
        conn: &mut Conn,
        live: &Live,
        reply: &mut Reply,
        post: Option<PhasePost>,
        now: crate::clock::Timestamp,
    ) -> Result<(), ServiceError> {
        let body = serde_json::to_string(&Body {
            text: reply.text.clone(),
            buttons: reply.buttons.clone(),
            turn: reply.turn.clone(),
            pictures: reply.pictures.clone(),
            phase: post,
        })
        .map_err(StoreError::from)?;
        let id = outbox::owe(conn, live.tour.id, &live.tour.channel_id, &body, now).await?;
        reply.owed = Some(Owing::new(id, now));
        Ok(())
    }

    /// Whether a row is delivered already (a delivery that lost a race does nothing more).
    pub async fn is_delivered(&self, id: i64) -> Result<bool, ServiceError> {
        let mut conn = self.store.read().await?;
        Ok(outbox::is_delivered(&mut conn, id).await?)
    }

    /// The channel messages an owed row became, once delivered (`None` before).
    pub async fn delivered_as(&self, id: i64) -> Result<Option<Vec<String>>, ServiceError> {
        let mut conn = self.store.read().await?;
        Ok(outbox::message_ids(&mut conn, id).await?)
    }

    /// Whether a later row edits the phase post `anchor` too: its text holds all of row `id`'s
    /// news and more, so editing with `id` first would only be overwritten (or, were it late,
    /// put older news over newer).
    pub async fn superseded(&self, anchor: i64, id: i64) -> Result<bool, ServiceError> {
        let mut conn = self.store.read().await?;
        Ok(outbox::newer_edit(&mut conn, anchor, id).await?)
    }

    /// The messages a channel is still owed from before row `id`, oldest first: what a delivery
    /// of `id` posts first, so that the channel reads them in order.
    pub async fn owed_before(&self, channel_id: &str, id: i64) -> Result<Vec<Owed>, ServiceError> {
        let mut conn = self.store.read().await?;
        let rows = outbox::undelivered_before(&mut conn, channel_id, id).await?;
        Ok(rows
            .into_iter()
            .filter_map(|row| {
                let id = row.id;
                owed_of(row)
                    .inspect_err(
                        |e| tracing::error!(error = %e, id, "an owed message is unreadable"),
                    )
                    .ok()
            })
            .collect())
    }

    /// Claims row `id` for this process before it posts it (see `store::outbox::claim`).
    pub async fn claim_owed(&self, id: i64) -> Result<Claim, ServiceError> {
        let now = self.now();
        let mut writes = Batch::new();
        outbox::claim(
            &mut writes,
            self.store.backend(),
            id,
            self.worker(),
            now,
            now + CLAIM_LEASE_SECS,
        );
        Ok(outbox::claimed(&self.store.write(writes).await?)?)
    }

    /// What the channels are owed that nobody is posting, claimed for this process: rows owed
    /// [`UNCLAIMED_GRACE_SECS`] ago or more that no process claimed (the one that owed them
    /// died first), and rows whose claim ran out (its process died, or Discord refused the
    /// post). The serving loop posts them on every tick, so a message owed is posted even when
    /// the process that owed it never comes back.
    pub async fn abandoned_owed(&self) -> Result<Vec<Owed>, ServiceError> {
        let now = self.now();
        let mut tx = self.store.begin().await?;
        let rows = outbox::claim_abandoned(
            &mut tx,
            self.worker(),
            now,
            now - UNCLAIMED_GRACE_SECS,
            now + CLAIM_LEASE_SECS,
            SWEEP_BATCH,
        )
        .await?;
        self.store.commit(tx).await?;
        Ok(rows
            .into_iter()
            .filter_map(|row| {
                let id = row.id;
                owed_of(row)
                    .inspect_err(
                        |e| tracing::error!(error = %e, id, "an owed message is unreadable"),
                    )
                    .ok()
            })
            .collect())
    }

    /// Every message still owed, oldest first: at start-up, what a crash left unposted.
    pub async fn undelivered(&self) -> Result<Vec<Owed>, ServiceError> {
        let mut conn = self.store.read().await?;
        let rows = outbox::undelivered(&mut conn).await?;
        Ok(rows
            .into_iter()
            .filter_map(|row| {
                let id = row.id;
                owed_of(row)
                    .inspect_err(
                        |e| tracing::error!(error = %e, id, "an owed message is unreadable"),
                    )
                    .ok()
            })
            .collect())
    }

    /// Marks an owed message delivered, with the channel messages it became; a round's opening
    /// message is remembered in the same transaction, so it is ticked off from now on. Returns
    /// the round's card as it stands now when it differs from the one posted (a director chose
    /// while it was on its way), for the adapter to edit in; `None` otherwise.
    pub async fn delivered(
        &self,
        id: i64,
        message_ids: &[String],
        card: Option<(&TurnCard, &TurnPost)>,
    ) -> Result<Option<TurnCard>, ServiceError> {
        {
            // The round's post is remembered under its tour's lock, as a choice reads it.
            let _guard = match card {
                Some((_, post)) => Some(self.lock(&post.channel_id).await),
                None => None,
            };
            // One transaction: on SQLite one round trip to the writer; on PostgreSQL one
            // statement, with the round's post (see the store's `delivered_with_post`).
            let now = self.now();
            let ids = message_ids.join(",");
            match card {
                Some((card, post)) => {
                    let (version, marked) = posts::delivered_with_post(
                        &self.store,
                        (card.tour_id, card.stage, card.round),
                        post,
                        (id, now, &ids),
                    )
                    .await?;
                    if !marked {
                        // Another delivery marked it first; it remembered the round too.
                        return Ok(None);
                    }
                    self.kept_through_to(&post.channel_id, version);
                }
                None => {
                    let mut writes = Batch::new();
                    outbox::delivered(&mut writes, id, &ids, now);
                    let each = self.store.write(writes).await?;
                    if !each.first().is_some_and(|rows| outbox::delivered_by(rows)) {
                        return Ok(None);
                    }
                }
            }
        }
        let Some((posted, post)) = card else {
            return Ok(None);
        };
        let now = self.current_card(&post.channel_id, posted).await?;
        Ok(now.filter(|now| now != posted))
    }

    /// The card of the round `card` shows, as it stands now; `None` once the round is over:
    /// what an edit that ticks a team off draws, so that an edit late on its way never puts
    /// back the card of a turn whose post has told how it ended.
    pub async fn card_now(
        &self,
        channel_id: &str,
        card: &TurnCard,
    ) -> Result<Option<TurnCard>, ServiceError> {
        self.current_card(channel_id, card).await
    }

    async fn current_card(
        &self,
        channel_id: &str,
        card: &TurnCard,
    ) -> Result<Option<TurnCard>, ServiceError> {
        let mut conn = self.store.read().await?;
        let Some(read) = self.read_tour(&mut conn, channel_id).await? else {
            return Ok(None);
        };
        if read.tour.id != card.tour_id || read.tour.current_stage != card.stage {
            return Ok(None);
        }
        let live = self.read_live(&mut conn, read).await?;
        Ok(self.turn_card(&live).filter(|now| now.same_round(card)))
    }

    /// Draws the pictures of a reply itself, not of its follow-ups (which the channel is
    /// owed and gets drawn as they are delivered): a director's private answer.
    pub(crate) async fn draw_own(&self, reply: &mut Reply) {
        let followups = std::mem::take(&mut reply.followups);
        self.draw(reply).await;
        reply.followups = followups;
    }

    /// Draws the pictures a reply (and its follow-ups) still owes, on blocking threads, and
    /// attaches them. A picture that cannot be drawn is left out and logged: the message is
    /// worth posting without it.
    ///
    /// The tour book is made last, linking the files drawn for the same message by their
    /// names (they travel with it), and attached in its place among them.
    pub async fn draw(&self, reply: &mut Reply) {
        let pictures = std::mem::take(&mut reply.pictures);
        let mut drawn: Vec<Vec<(String, Vec<u8>)>> = vec![Vec::new(); pictures.len()];
        for (k, picture) in pictures.iter().enumerate() {
            if matches!(picture, Picture::Book { .. }) {
                continue;
            }
            match self.draw_one(picture).await {
                Ok(images) => drawn[k] = images,
                Err(e) => tracing::warn!(error = %e, ?picture, "could not draw a picture"),
            }
        }
        // What each file shows, for its caption in the book.
        let files: Vec<Beside> = reply
            .images
            .iter()
            .map(|(name, _)| (name, Shows::Other))
            .chain(pictures.iter().zip(&drawn).flat_map(|(picture, images)| {
                let shows = match picture {
                    Picture::Board { title, .. }
                    | Picture::Profile { title, .. }
                    | Picture::Own { title, .. } => Shows::Titled(title.clone()),
                    Picture::Animation { stage, .. } => Shows::Replay(*stage),
                    Picture::Standings { classification, .. } => {
                        Shows::Standings(classification.clone())
                    }
                    Picture::Chart { classification, .. } => Shows::Chart(classification.clone()),
                    Picture::Odds { .. } | Picture::Book { .. } => Shows::Other,
                };
                images.iter().map(move |(name, _)| (name, shows.clone()))
            }))
            .map(|(name, shows)| Beside {
                file: name.clone(),
                shows,
            })
            .collect();
        for (k, picture) in pictures.iter().enumerate() {
            let Picture::Book { tour_id } = picture else {
                continue;
            };
            match self.tour_book_with(*tour_id, &files).await {
                Ok(book) => {
                    drawn[k] = vec![(super::book::BOOK_FILE.to_string(), book.into_bytes())]
                }
                Err(e) => tracing::warn!(error = %e, ?picture, "could not make the tour book"),
            }
        }
        reply.images.extend(drawn.into_iter().flatten());
        for followup in &mut reply.followups {
            Box::pin(self.draw(followup)).await;
        }
    }

    async fn draw_one(&self, picture: &Picture) -> Result<Vec<(String, Vec<u8>)>, ServiceError> {
        match picture {
            Picture::Board {
                tour_id,
                stage,
                choices,
                title,
                file,
            }
            | Picture::Profile {
                tour_id,
                stage,
                choices,
                title,
                file,
            }
            | Picture::Own {
                tour_id,
                stage,
                choices,
                title,
                file,
                ..
            } => {
                let (course, team_rows, tour, row, kept, log, before) = {
                    let mut conn = self.store.read().await?;
                    let tour = crate::store::tours::get(&mut conn, *tour_id)
                        .await?
                        .ok_or_else(|| ServiceError::Broken(format!("no tour {tour_id}")))?;
                    let row = stages::get(&mut conn, *tour_id, *stage)
                        .await?
                        .ok_or_else(|| {
                            ServiceError::Broken(format!("tour {tour_id} has no stage {stage}"))
                        })?;
                    let team_rows = teams::list(&mut conn, *tour_id).await?;
                    // The stage as kept in memory when it stands at this very choice (a round's
                    // board drawn just after the round closed), else replayed from its log.
                    let kept = self.warm.get(row.id, row.seed, *choices);
                    let mut log = Vec::new();
                    if kept.is_none() {
                        log = choices::log(&mut conn, row.id).await?;
                        log.truncate(*choices as usize);
                    }
                    let course = self
                        .library
                        .course(&row.course)
                        .map_err(ServiceError::Broken)?;
                    // The stages before this one: who wears which jersey on its board.
                    let mut before = results::list(&mut conn, *tour_id).await?;
                    before.retain(|r| r.number < *stage);
                    (course, team_rows, tour, row, kept, log, before)
                };
                let profile = matches!(picture, Picture::Profile { .. });
                let own = match picture {
                    Picture::Own { seat, .. } => Some(*seat),
                    _ => None,
                };
                let (title, file) = (title.clone(), file.clone());
                // The words on a picture are the channel's: the tour's language.
                let language = tour.language;
                let drawn = std::sync::Arc::clone(&self.drawn);
                blocking(language, move || {
                    let stage = match kept {
                        Some(stage) => stage,
                        None => {
                            let names: Vec<String> =
                                team_rows.iter().map(|t| t.name.clone()).collect();
                            std::sync::Arc::new(rebuild(&course, &names, &tour, &row, &log)?)
                        }
                    };
                    let scene = match own {
                        Some(seat) => match stage.private_scene(seat) {
                            Some(scene) => scene,
                            None => return Ok(Vec::new()),
                        },
                        None => stage.scene(),
                    };
                    let colours = narrate::team_colours(&team_rows);
                    let drawing = if profile {
                        narrate::Drawing::profile(&scene, &title, &colours)
                    } else {
                        narrate::Drawing::board(
                            &scene,
                            &title,
                            &colours,
                            &narrate::wearers(&tour, &before),
                        )
                    };
                    // Kept under all it is drawn from: the same key, the same bytes.
                    let png = drawing.and_then(|drawing| drawn.draw(&row.course, &drawing));
                    match png {
                        Ok(png) => Ok(vec![(file, png)]),
                        // A game whose pictures adapter has no such picture: the message goes
                        // without it rather than not at all.
                        Err(commissaire_render::RenderError::NoPictures) => Ok(Vec::new()),
                        Err(e) => Err(ServiceError::Broken(format!("cannot draw {file}: {e}"))),
                    }
                })
                .await
            }
            Picture::Animation {
                tour_id,
                stage,
                file,
            } => self.draw_animation(*tour_id, *stage, file).await,
            Picture::Odds {
                tour_id,
                stage,
                choices,
                file,
            } => self.draw_odds(*tour_id, *stage, *choices, file).await,
            Picture::Book { tour_id } => {
                let book = self.tour_book(*tour_id).await?;
                Ok(vec![(
                    super::book::BOOK_FILE.to_string(),
                    book.into_bytes(),
                )])
            }
            Picture::Chart {
                tour_id,
                after_stage,
                classification,
            } => {
                let (tour, done, team_rows) = {
                    let mut conn = self.store.read().await?;
                    let tour = tours::get(&mut conn, *tour_id).await?.ok_or_else(|| {
                        ServiceError::Broken(format!("no tour {tour_id} for its chart"))
                    })?;
                    let done = results::list(&mut conn, *tour_id).await?;
                    let team_rows = teams::list(&mut conn, *tour_id).await?;
                    (tour, done, team_rows)
                };
                let only = classification.clone();
                let after = *after_stage;
                blocking(tour.language, move || {
                    let colours = narrate::team_colours(&team_rows);
                    Ok(narrate::chart_png(&tour, &done, &only, after, &colours)?
                        .into_iter()
                        .collect())
                })
                .await
            }
            Picture::Standings {
                tour_id,
                after_stage,
                classification,
            } => {
                let (tour, mut done, team_rows) = {
                    let mut conn = self.store.read().await?;
                    let tour = tours::get(&mut conn, *tour_id).await?.ok_or_else(|| {
                        ServiceError::Broken(format!("no tour {tour_id} for its standings"))
                    })?;
                    let done = results::list(&mut conn, *tour_id).await?;
                    let team_rows = teams::list(&mut conn, *tour_id).await?;
                    (tour, done, team_rows)
                };
                done.retain(|r| r.number <= *after_stage);
                let only = classification.clone();
                let after = *after_stage;
                blocking(tour.language, move || {
                    let table = narrate::classify(&tour, &done)?;
                    // A table the game does not have (owed by a Velo Master tour before it
                    // had its own): the message goes without it rather than not at all.
                    if table.get(&only).is_none() {
                        return Ok(Vec::new());
                    }
                    let colours = narrate::team_colours(&team_rows);
                    Ok(narrate::standings_pngs(
                        &table,
                        Some(&only),
                        after,
                        &colours,
                    ))
                })
                .await
            }
        }
    }
}

impl Services {
    /// The win chances of a stage after its first `choices` choices (see [`Picture::Odds`]):
    /// the stage replayed from the store (or kept warm), then `/odds`' playouts as the public
    /// sees the race, on a blocking thread, with the same seed `/odds` would use.
    async fn draw_odds(
        &self,
        tour_id: i64,
        stage: u32,
        choices: u32,
        file: &str,
    ) -> Result<Vec<(String, Vec<u8>)>, ServiceError> {
        let (course, team_rows, tour, row, kept, log, before, tour_riders) = {
            let mut conn = self.store.read().await?;
            let tour = tours::get(&mut conn, tour_id)
                .await?
                .ok_or_else(|| ServiceError::Broken(format!("no tour {tour_id}")))?;
            let row = stages::get(&mut conn, tour_id, stage)
                .await?
                .ok_or_else(|| {
                    ServiceError::Broken(format!("tour {tour_id} has no stage {stage}"))
                })?;
            let team_rows = teams::list(&mut conn, tour_id).await?;
            let kept = self.warm.get(row.id, row.seed, choices);
            let mut log = Vec::new();
            if kept.is_none() {
                log = choices::log(&mut conn, row.id).await?;
                log.truncate(choices as usize);
            }
            let course = self
                .library
                .course(&row.course)
                .map_err(ServiceError::Broken)?;
            let mut before = results::list(&mut conn, tour_id).await?;
            before.retain(|r| r.number < stage);
            let tour_riders = crate::store::riders::list(&mut conn, tour_id).await?;
            (course, team_rows, tour, row, kept, log, before, tour_riders)
        };
        let file = file.to_string();
        blocking(tour.language, move || {
            let live = match kept {
                Some(live) => live,
                None => {
                    let names: Vec<String> = team_rows.iter().map(|t| t.name.clone()).collect();
                    std::sync::Arc::new(rebuild(&course, &names, &tour, &row, &log)?)
                }
            };
            if live.is_over() {
                return Ok(Vec::new());
            }
            let viewer = commissaire_engine::game::Viewer::Public;
            let q = commissaire_engine::odds::Question {
                number: stage,
                kind: row.kind,
                riders: &tour_riders,
                tour: Some(commissaire_engine::odds::TourSoFar {
                    ruleset: &tour.ruleset,
                    before: &before,
                    options: &tour.options,
                }),
            };
            let seed = super::odds::odds_seed(tour.id, stage, choices, viewer);
            let answer =
                super::odds::play(&**live, viewer, seed, &q).map_err(ServiceError::Broken)?;
            let title = commissaire_messages::msg!("odds-picture", stage = stage);
            match super::odds::odds_picture(&title, &answer, &tour_riders, &team_rows) {
                Ok(png) => Ok(vec![(file, png)]),
                Err(e) => Err(ServiceError::Broken(format!("cannot draw {file}: {e}"))),
            }
        })
        .await
    }

    /// A finished stage's animation (see [`Picture::Animation`]), replayed from the store: the
    /// scene after each settled turn, through the registry and the pictures' adapters, worded
    /// in the tour's language. Empty when the game has no pictures.
    async fn draw_animation(
        &self,
        tour_id: i64,
        stage: u32,
        file: &str,
    ) -> Result<Vec<(String, Vec<u8>)>, ServiceError> {
        let (course, team_rows, tour, row, log, before) = {
            let mut conn = self.store.read().await?;
            let tour = tours::get(&mut conn, tour_id)
                .await?
                .ok_or_else(|| ServiceError::Broken(format!("no tour {tour_id}")))?;
            let row = stages::get(&mut conn, tour_id, stage)
                .await?
                .ok_or_else(|| {
                    ServiceError::Broken(format!("tour {tour_id} has no stage {stage}"))
                })?;
            let team_rows = teams::list(&mut conn, tour_id).await?;
            let log = choices::log(&mut conn, row.id).await?;
            let course = self
                .library
                .course(&row.course)
                .map_err(ServiceError::Broken)?;
            let mut before = results::list(&mut conn, tour_id).await?;
            before.retain(|r| r.number < stage);
            (course, team_rows, tour, row, log, before)
        };
        let file = file.to_string();
        blocking(tour.language, move || {
            let names: Vec<String> = team_rows.iter().map(|t| t.name.clone()).collect();
            let starters: Vec<&commissaire_engine::tour::TourRider> = row.starters.iter().collect();
            let options = row.options.as_ref().unwrap_or(&tour.options);
            let setup = commissaire_engine::tour::entrants_setup(
                &course,
                &names,
                &starters,
                options.clone(),
            );
            let settled =
                commissaire_engine::registry::settled_turns(&tour.ruleset, &setup, row.seed, &log)
                    .map_err(|e| {
                        ServiceError::Broken(format!("stage {stage} cannot be replayed: {e}"))
                    })?;
            if settled.is_empty() {
                return Ok(Vec::new());
            }
            let turns: Vec<(commissaire_engine::registry::Scene, String)> = settled
                .into_iter()
                .map(|t| {
                    let title = commissaire_messages::msg!(
                        "picture-round",
                        stage = stage,
                        turn = commissaire_messages::sentence(&t.name)
                    );
                    (t.scene, title)
                })
                .collect();
            let finish = commissaire_messages::msg!("picture-finish", stage = stage);
            let colours = narrate::team_colours(&team_rows);
            let worn = narrate::wearers(&tour, &before);
            match commissaire_render::ruleset::stage_gif(
                &turns,
                &finish,
                &colours,
                &|rider| worn.get(rider).copied(),
                &worn.names,
            ) {
                Ok(gif) if gif.len() <= ANIMATION_LIMIT => Ok(vec![(file, gif)]),
                // Past what Discord takes with room to spare: the post goes without it.
                Ok(gif) => Err(ServiceError::Broken(format!(
                    "the animation of stage {stage} weighs {} bytes",
                    gif.len()
                ))),
                Err(commissaire_render::RenderError::NoPictures) => Ok(Vec::new()),
                Err(e) => Err(ServiceError::Broken(format!("cannot draw {file}: {e}"))),
            }
        })
        .await
    }
}

/// The most a stage's animation may weigh: Discord's safe attachment size (8 MB) less room for
/// the other pictures of the stage's post.
pub const ANIMATION_LIMIT: usize = 6 * 1024 * 1024;

/// Runs CPU work (a replay, a drawing) off the async workers, so that answers keep flowing,
/// its words in `language`.
pub(super) async fn blocking<T: Send + 'static>(
    language: commissaire_messages::Language,
    work: impl FnOnce() -> Result<T, ServiceError> + Send + 'static,
) -> Result<T, ServiceError> {
    cpu_work(move || commissaire_messages::speaking(language, work))
        .await
        .map_err(|e| ServiceError::Broken(format!("a drawing task failed: {e}")))?
}

/// Runs CPU work (a drawing, the strong bot's search, odds) on a thread of its own, at most as
/// many at once as the machine has cores; the rest wait their turn. More at once would not
/// finish sooner: each would hold its canvas meanwhile, on a blocking thread of its own (tokio
/// starts up to 512) with an allocator's arena of its own (docs/speed.md). Work done for a post
/// (inside [`for_posts`]) takes at most all the cores but one, so that an answer a director
/// waits for never queues behind the channels' boards.
///
/// A post's work also runs at a lower priority than the rest of the bot ([`PostThreads`]).
pub(super) async fn cpu_work<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, CpuWorkFailed> {
    let for_posts = FOR_POSTS.try_with(|b| *b).unwrap_or(false);
    let _turn = LIMITS.turn(for_posts).await;
    if for_posts {
        return POST_THREADS.run(work).await;
    }
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| CpuWorkFailed(e.to_string()))
}

static LIMITS: std::sync::LazyLock<CpuLimits> =
    std::sync::LazyLock::new(|| CpuLimits::new(cores()));

static POST_THREADS: std::sync::LazyLock<PostThreads> =
    std::sync::LazyLock::new(|| PostThreads::start(CpuLimits::posts_for(cores()), POST_NICENESS));

fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// CPU work that panicked or could not be run.
#[derive(Debug)]
pub(super) struct CpuWorkFailed(String);

impl std::fmt::Display for CpuWorkFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The niceness of the threads that draw for posts: the system gives them about a tenth of the
/// weight of the bot's other threads while those have work (issue 34).
pub const POST_NICENESS: i32 = 10;

/// The threads that draw for posts (the boards that open and close rounds, nobody waiting on
/// an answer for them), as many as the posts' work may take cores ([`CpuLimits`]), at a lower
/// priority ([`POST_NICENESS`]) than the bot's other threads. Measured at the goal's shape, a
/// choice answered slowly was one whose every hop (the gateway's task, the request's task, the
/// database's threads) waited for a core that a board's drawing held for its time slice; at a
/// lower priority the drawing yields a core at once to a thread that wakes with work for an
/// answer, and takes the whole machine when nothing else runs. Threads of their own, since a
/// thread cannot take its priority back once it has given it up (unprivileged, on Linux), and
/// tokio's blocking threads run other work too.
struct PostThreads {
    jobs: std::sync::Mutex<std::sync::mpsc::Sender<Job>>,
}

type Job = Box<dyn FnOnce() + Send>;

use std::sync::mpsc::RecvTimeoutError;

/// How often an idle drawing thread looks whether a trim asked it to give back its memory
/// ([`crate::memory::collect_if_asked`]): the canvases and pictures it drew were freed by other
/// threads, and stay with its allocator's heap until it looks.
const COLLECT_WAKE: std::time::Duration = std::time::Duration::from_secs(1);

impl PostThreads {
    fn start(threads: usize, niceness: i32) -> PostThreads {
        let (jobs, queue) = std::sync::mpsc::channel::<Job>();
        let queue = std::sync::Arc::new(std::sync::Mutex::new(queue));
        for n in 0..threads.max(1) {
            let queue = queue.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("post-drawing-{n}"))
                .spawn(move || {
                    lower_priority(niceness);
                    loop {
                        let job = match queue.lock() {
                            Ok(queue) => queue.recv_timeout(COLLECT_WAKE),
                            Err(_) => return,
                        };
                        match job {
                            Ok(job) => job(),
                            // Idle: the memory this thread's drawings held goes back at rest.
                            Err(RecvTimeoutError::Timeout) => crate::memory::collect_if_asked(),
                            Err(RecvTimeoutError::Disconnected) => return,
                        }
                    }
                });
            if let Err(e) = spawned {
                tracing::warn!(error = %e, "a thread for the posts' drawing could not start");
            }
        }
        PostThreads {
            jobs: std::sync::Mutex::new(jobs),
        }
    }

    /// Runs `work` on one of the threads and gives back its result (or its panic, as an
    /// error).
    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, CpuWorkFailed> {
        let (done, result) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let outcome =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).map_err(|panic| {
                    let why = panic
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| panic.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "a panic".to_string());
                    CpuWorkFailed(format!("the drawing panicked: {why}"))
                });
            let _ = done.send(outcome);
        });
        let sent = self
            .jobs
            .lock()
            .map_err(|_| CpuWorkFailed("the posts' drawing threads are gone".into()))?
            .send(job);
        if sent.is_err() {
            return Err(CpuWorkFailed("the posts' drawing threads are gone".into()));
        }
        result
            .await
            .map_err(|_| CpuWorkFailed("the posts' drawing threads are gone".into()))?
    }
}

/// Makes the calling thread `niceness` nicer than it is, at most 19 (Linux: a thread's own;
/// elsewhere nothing).
fn lower_priority(niceness: i32) {
    #[cfg(target_os = "linux")]
    // SAFETY: `getpriority` and `setpriority` take plain integers; `who = 0` is the calling
    // thread on Linux.
    unsafe {
        let now = libc::getpriority(libc::PRIO_PROCESS, 0);
        if libc::setpriority(libc::PRIO_PROCESS, 0, (now + niceness).min(19)) != 0 {
            tracing::debug!("the posts' drawing threads keep the bot's priority");
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = niceness;
}

tokio::task_local! {
    /// Set while a post is drawn (see [`for_posts`]).
    static FOR_POSTS: bool;
}

/// Runs `work` (the drawing of a post nobody is waiting on an answer for) as CPU work for posts:
/// see [`cpu_work`].
pub async fn for_posts<F: std::future::Future>(work: F) -> F::Output {
    FOR_POSTS.scope(true, work).await
}

/// How much CPU work runs at once: one job a core, and the posts' work on all cores but one
/// (on one core, on that one).
struct CpuLimits {
    cores: tokio::sync::Semaphore,
    posts: tokio::sync::Semaphore,
}

/// The permits a job holds while it runs.
struct Turn<'a> {
    _post: Option<tokio::sync::SemaphorePermit<'a>>,
    _core: Option<tokio::sync::SemaphorePermit<'a>>,
}

impl CpuLimits {
    fn new(cores: usize) -> Self {
        let cores = cores.max(1);
        CpuLimits {
            cores: tokio::sync::Semaphore::new(cores),
            posts: tokio::sync::Semaphore::new(CpuLimits::posts_for(cores)),
        }
    }

    /// How many jobs for posts run at once on `cores` cores: all but one, at least one.
    fn posts_for(cores: usize) -> usize {
        cores.saturating_sub(1).max(1)
    }

    /// Waits for a core (for a post's work, first for a place among the posts' work). The
    /// semaphores are never closed, so the permits always come.
    async fn turn(&self, for_posts: bool) -> Turn<'_> {
        let post = if for_posts {
            self.posts.acquire().await.ok()
        } else {
            None
        };
        Turn {
            _post: post,
            _core: self.cores.acquire().await.ok(),
        }
    }
}

/// Where a turn's news goes, given its post so far (see [`continued`]).
enum Continued {
    /// Into the post, as an edit of the row that opened it: the post's text with the news
    /// under it.
    Edit { anchor: i64, text: String },
    /// Not into the post (row `anchor`'s), which would grow past one message: `before` is what
    /// it shows now.
    Full { anchor: i64, before: Body },
    /// The turn has no post.
    None,
}

/// Where the news `part` of a turn goes: into its post when there is room.
async fn continued(
    conn: &mut Conn,
    tour_id: i64,
    post: &PhasePost,
    part: &str,
) -> Result<Continued, ServiceError> {
    let Some(row) = outbox::latest_of_post(conn, tour_id, post.stage, post.phase).await? else {
        return Ok(Continued::None);
    };
    let before: Body = serde_json::from_str(&row.body).map_err(StoreError::from)?;
    let Some(key) = before.phase else {
        return Ok(Continued::None);
    };
    let anchor = key.edits.unwrap_or(row.id);
    let text = join(&before.text, part);
    if text.chars().count() > PHASE_POST_LIMIT {
        return Ok(Continued::Full { anchor, before });
    }
    Ok(Continued::Edit { anchor, text })
}

/// A post's text with more lines under it.
fn join(text: &str, more: &str) -> String {
    match (text.trim_end(), more.trim()) {
        (text, "") => text.to_string(),
        ("", more) => more.to_string(),
        (text, more) => format!("{text}\n{more}"),
    }
}

fn owed_of(row: OwedRow) -> Result<Owed, ServiceError> {
    let body: Body = serde_json::from_str(&row.body).map_err(StoreError::from)?;
    let mut reply = Reply::public(body.text);
    reply.buttons = body.buttons;
    reply.turn = body.turn;
    reply.pictures = body.pictures;
    reply.edits = body.phase.and_then(|p| p.edits);
    reply.owed = Some(Owing::new(row.id, row.created_at));
    Ok(Owed {
        id: row.id,
        channel_id: row.channel_id,
        reply,
    })
}

/// The last pictures drawn, by everything each was drawn from (the course file, the language,
/// and the render scene, its title, teams' colours and jerseys in it): a turn's post is edited
/// with each choice told in it, and its board, unchanged until the turn settles, was drawn
/// again for every edit (docs/speed.md, issue 34). A few dozen, the least recently used out.
pub(crate) struct DrawnPictures {
    capacity: usize,
    inner: std::sync::Mutex<DrawnInner>,
    /// Pictures drawn (not found kept) since start-up, for tests.
    drawn: std::sync::atomic::AtomicU64,
}

#[derive(Default)]
struct DrawnInner {
    entries: std::collections::HashMap<String, (u64, Vec<u8>)>,
    clock: u64,
}

impl DrawnPictures {
    pub const CAPACITY: usize = 48;

    pub fn new(capacity: usize) -> Self {
        DrawnPictures {
            capacity: capacity.max(1),
            inner: std::sync::Mutex::new(DrawnInner::default()),
            drawn: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// The picture of `drawing` on the course file `course`, in the current language: kept,
    /// or drawn now and kept.
    pub fn draw(
        &self,
        course: &str,
        drawing: &narrate::Drawing,
    ) -> Result<Vec<u8>, commissaire_render::RenderError> {
        let language = commissaire_messages::language();
        let key = format!("{course}|{}|{}", language.code(), drawing.key());
        if let Some(png) = self.get(&key) {
            return Ok(png);
        }
        let png = drawing.png()?;
        self.put(key, png.clone());
        Ok(png)
    }

    fn get(&self, key: &str) -> Option<Vec<u8>> {
        let mut inner = self.inner.lock().expect("drawn pictures");
        inner.clock += 1;
        let now = inner.clock;
        let (used, png) = inner.entries.get_mut(key)?;
        *used = now;
        Some(png.clone())
    }

    fn put(&self, key: String, png: Vec<u8>) {
        self.drawn
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut inner = self.inner.lock().expect("drawn pictures");
        inner.clock += 1;
        let now = inner.clock;
        if !inner.entries.contains_key(&key) && inner.entries.len() >= self.capacity {
            let oldest = inner
                .entries
                .iter()
                .min_by_key(|(_, (used, _))| *used)
                .map(|(k, _)| k.clone());
            if let Some(k) = oldest {
                inner.entries.remove(&k);
            }
        }
        inner.entries.insert(key, (now, png));
    }

    pub fn count(&self) -> u64 {
        self.drawn.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Lets every kept picture go; returns how many there were.
    pub fn clear(&self) -> usize {
        let mut inner = self.inner.lock().expect("drawn pictures");
        let n = inner.entries.len();
        inner.entries = std::collections::HashMap::new();
        n
    }

    pub fn len(&self) -> usize {
        self.inner.lock().expect("drawn pictures").entries.len()
    }
}

#[cfg(test)]
mod cpu_tests {
    use super::CpuLimits;

    #[tokio::test]
    async fn the_posts_work_leaves_a_core_to_the_answers() {
        let limits = CpuLimits::new(2);
        let post = limits.turn(true).await;
        // A second post waits while the first holds the posts' one place.
        assert!(
            tokio::time::timeout(std::time::Duration::ZERO, limits.turn(true))
                .await
                .is_err()
        );
        // An answer finds the other core.
        let answer = tokio::time::timeout(std::time::Duration::ZERO, limits.turn(false)).await;
        assert!(answer.is_ok(), "an answer queued behind the posts");
        // With both cores taken, an answer waits like any work.
        assert!(
            tokio::time::timeout(std::time::Duration::ZERO, limits.turn(false))
                .await
                .is_err()
        );
        drop(answer);
        drop(post);
        // Answers alone may take every core.
        let _a = limits.turn(false).await;
        let _b = limits.turn(false).await;
    }

    /// The niceness of the calling thread.
    #[cfg(target_os = "linux")]
    fn niceness() -> i32 {
        // SAFETY: plain integers; `who = 0` is the calling thread on Linux.
        unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) }
    }

    /// A post's drawing runs on a thread of lower priority, an answer's at the bot's own; a
    /// drawing that panics is an error, and the threads go on.
    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn the_posts_work_runs_at_a_lower_priority() {
        let own = niceness();
        let for_post = super::for_posts(super::cpu_work(niceness)).await.unwrap();
        assert_eq!(for_post, (own + super::POST_NICENESS).min(19));
        assert_eq!(super::cpu_work(niceness).await.unwrap(), own);
        let panicked = super::for_posts(super::cpu_work(|| -> i32 { panic!("no canvas") })).await;
        assert!(
            panicked.unwrap_err().to_string().contains("no canvas"),
            "the panic is told"
        );
        assert_eq!(
            super::for_posts(super::cpu_work(|| 7)).await.unwrap(),
            7,
            "the threads go on after a panic"
        );
    }

    #[tokio::test]
    async fn on_one_core_the_posts_still_get_their_turn() {
        let limits = CpuLimits::new(1);
        drop(limits.turn(true).await);
        drop(limits.turn(false).await);
        let zero = CpuLimits::new(0);
        drop(zero.turn(true).await);
    }
}
