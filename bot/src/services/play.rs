//! Racing: a director's hand, their choices, closing a round at its deadline, and moving a
//! tour of bots on.

use super::live::{Live, News};
use super::lobby::duration_text;
use super::narrate;
use super::owed::Picture;
use super::{
    Actor, ButtonSpec, Reply, ServiceError, ServiceResult, Services, TurnCard, active_tour,
    choice_button_id, hand_button, require_started,
};
use crate::clock::Timestamp;
use crate::store::choices::{self, Source};
use crate::store::tours::TourStatus;
use commissaire_engine::Seat;
use commissaire_engine::card_race::{Choice, Stage};
use commissaire_engine::game::{Ruleset, Viewer};

impl Services {
    /// The director's riders, their hands and the choices open to them (private).
    pub async fn hand(&self, actor: &Actor, channel_id: &str) -> ServiceResult {
        let (live, seat) = self.read_for_director(actor, channel_id).await?;
        Ok(self.hand_reply(&live, seat, String::new()))
    }

    /// The channel's race as it stands, and the seat of the director asking.
    async fn read_for_director(
        &self,
        actor: &Actor,
        channel_id: &str,
    ) -> Result<(Live, Seat), ServiceError> {
        let mut conn = self.store.read().await?;
        let tour = active_tour(&mut conn, channel_id).await?;
        require_started(&tour)?;
        let live = self.load_live(&mut conn, tour).await?;
        let seat = live.director_seat(&actor.user_id)?;
        Ok((live, seat))
    }

    /// The choices open to the director now, each with its rider's name: what `/play` offers
    /// as it is typed. The engine's legal moves, as for the hand's buttons.
    pub async fn open_choices(
        &self,
        actor: &Actor,
        channel_id: &str,
    ) -> Result<Vec<(Choice, String)>, ServiceError> {
        let (live, seat) = self.read_for_director(actor, channel_id).await?;
        Ok(live
            .stage
            .legal_choices(seat)
            .into_iter()
            .map(|c| {
                let name = live.rider_name(c.rider()).unwrap_or("?").to_string();
                (c, name)
            })
            .collect())
    }

    /// What a director sees of their team now, with a button for each legal choice.
    fn hand_reply(&self, live: &Live, seat: Seat, intro: String) -> Reply {
        let view = live.stage.view(Viewer::Seat(seat));
        let mut text = intro;
        text.push_str(&format!(
            "**{}**, stage {} round {}.\n",
            live.teams[seat as usize].name, live.row.number, view.round
        ));
        for r in view.riders.iter().filter(|r| r.team == seat) {
            let state = if !r.racing {
                "across the line".to_string()
            } else if let Some(card) = r.kept {
                format!("keeps {card}")
            } else if let Some(hand) = &r.hand {
                let cards: Vec<String> = hand.iter().map(|c| c.to_string()).collect();
                format!("hand {}: keep one", cards.join(" "))
            } else {
                draw_pile_text(r.draw_pile, r.recycle.len())
            };
            text.push_str(&format!(
                "- {} (row {}, lane {}): {state}\n",
                r.id, r.pos.row, r.pos.lane
            ));
        }
        let options = live.stage.legal_choices(seat);
        if options.is_empty() {
            text.push_str("Every rider has chosen: the round is played when all teams have.");
        } else if let Some(deadline) = live.row.deadline {
            let left = (deadline - self.now()).max(0);
            text.push_str(&format!(
                "Choose within {} or the bot plays for you.",
                duration_text(left)
            ));
        } else {
            text.push_str("The tour is paused: choices wait for an admin to resume it.");
        }
        let buttons = options
            .iter()
            .map(|c| ButtonSpec {
                id: choice_button_id(live.tour.id, c),
                label: choice_label(&live.stage, c),
            })
            .collect();
        Reply::private(text).with_buttons(buttons)
    }

    /// A director's choice: draw a rider's hand or keep a card of it. The engine alone says
    /// whether it is legal. A request id seen before is answered without counting it again.
    pub async fn choose(
        &self,
        actor: &Actor,
        channel_id: &str,
        request_id: &str,
        choice: Choice,
    ) -> ServiceResult {
        let _guard = self.lock(channel_id).await;
        let now = self.now();
        let mut tx = self.store.begin().await?;
        let tour = active_tour(&mut tx, channel_id).await?;
        if choices::request_seen(&mut tx, request_id).await? {
            return Ok(Reply::private(
                "This request was already counted; nothing more was done.",
            ));
        }
        require_started(&tour)?;
        if tour.status == TourStatus::Paused {
            return Err(ServiceError::refused(
                "the tour is paused: choices wait until an admin resumes it",
            ));
        }
        let mut live = self.load_live(&mut tx, tour).await?;
        let seat = live.director_seat(&actor.user_id)?;
        if let Some(rider) = live.stage.setup().riders.get(choice.rider() as usize)
            && rider.team != seat
        {
            return Err(ServiceError::refused(format!(
                "it is not your team: {} rides for {}",
                rider.id, live.teams[rider.team as usize].name
            )));
        }
        let mut news = News::default();
        let round = live.stage.round();
        let stage_number = live.row.number;
        self.record(
            &mut tx,
            &mut live,
            seat,
            &choice,
            Source::Player,
            Some(&actor.user_id),
            Some(request_id),
            now,
            &mut news,
        )
        .await?
        .map_err(|e| ServiceError::refused(e.to_string()))?;
        let closed = live.stage.round() != round || live.stage.is_over();
        let rider = live.rider_name(choice.rider()).unwrap_or("?").to_string();
        let ack = match choice {
            Choice::Draw { .. } => {
                let cards: Vec<String> = live
                    .stage
                    .hand(choice.rider())
                    .iter()
                    .map(|c| c.to_string())
                    .collect();
                format!("{rider} draws {}.\n", cards.join(" "))
            }
            Choice::Keep { card, .. } => format!("{rider} keeps {card}.\n"),
        };
        self.settle(&mut tx, &mut live, now, &mut news).await?;
        let owed = self.owe_news(&mut tx, &live, news).await?;
        self.store.commit(tx).await?;
        self.keep(&live);
        let mut reply = if closed {
            Reply::private(format!(
                "{ack}Your choice completed stage {stage_number}, round {round}."
            ))
        } else {
            let waiting: Vec<&str> = live.late_humans().iter().map(|t| t.name.as_str()).collect();
            let mut reply = self.hand_reply(&live, seat, ack);
            if !live.owes(seat) && !waiting.is_empty() {
                reply
                    .text
                    .push_str(&format!(" Waiting for {}.", waiting.join(", ")));
            }
            // The card changes only when the team is through: one edit a team a round.
            if !live.owes(seat) {
                reply.turn_update = self.turn_card(&live);
            }
            reply
        };
        reply.followups = owed;
        Ok(reply)
    }

    /// Closes the round: the bot plays for every director who has not chosen. Anyone may once
    /// the deadline has passed; an admin may at any time.
    pub async fn close_turn(&self, actor: &Actor, channel_id: &str) -> ServiceResult {
        let _guard = self.lock(channel_id).await;
        let now = self.now();
        let mut tx = self.store.begin().await?;
        let tour = active_tour(&mut tx, channel_id).await?;
        require_started(&tour)?;
        if tour.status == TourStatus::Paused {
            return Err(ServiceError::refused(
                "the tour is paused: an admin resumes it first",
            ));
        }
        let live = self.load_live(&mut tx, tour).await?;
        let due = live.row.deadline.is_some_and(|d| d <= now);
        if !due && !actor.is_admin {
            return Err(ServiceError::refused(format!(
                "the round is still open for {}: only an admin can close it early",
                duration_text((live.row.deadline.unwrap_or(now) - now).max(0))
            )));
        }
        let (live, mut news) = self.play_for_late(&mut tx, live, now).await?;
        news.closed_early = !due;
        let mut replies = self.owe_news(&mut tx, &live, news).await?;
        self.store.commit(tx).await?;
        self.keep(&live);
        if replies.is_empty() {
            return Ok(Reply::private("Nobody is late: there is nothing to close."));
        }
        let mut first = replies.remove(0);
        first.followups = replies;
        Ok(first)
    }

    /// The bot plays the missing choices of every late director, then the tour moves on.
    async fn play_for_late(
        &self,
        conn: &mut sqlx::SqliteConnection,
        mut live: Live,
        now: Timestamp,
    ) -> Result<(Live, News), ServiceError> {
        let mut news = News::default();
        let late: Vec<(Seat, String)> = live
            .late_humans()
            .iter()
            .map(|t| (live.seat_of(t), t.name.clone()))
            .collect();
        for (seat, name) in late {
            self.bot_plays(conn, &mut live, &[seat], Source::Timeout, now, &mut news)
                .await?;
            news.timeouts.push(name);
        }
        self.settle(conn, &mut live, now, &mut news).await?;
        Ok((live, news))
    }

    /// Plays whatever the bots owe now. In a tour with no human team this rides one whole
    /// stage per call (the demo calls it until the tour is over); in a tour with directors the
    /// bots have always played already and nothing happens.
    pub async fn advance(&self, channel_id: &str) -> ServiceResult {
        let _guard = self.lock(channel_id).await;
        let now = self.now();
        let mut tx = self.store.begin().await?;
        let tour = active_tour(&mut tx, channel_id).await?;
        require_started(&tour)?;
        if tour.status == TourStatus::Paused {
            return Err(ServiceError::refused(
                "the tour is paused: an admin resumes it first",
            ));
        }
        let mut live = self.load_live(&mut tx, tour).await?;
        let mut news = News::default();
        self.settle(&mut tx, &mut live, now, &mut news).await?;
        let mut replies = self.owe_news(&mut tx, &live, news).await?;
        self.store.commit(tx).await?;
        self.keep(&live);
        if replies.is_empty() {
            return Ok(Reply::private(
                "Nothing to play: the directors have the next move.",
            ));
        }
        let mut first = replies.remove(0);
        first.followups = replies;
        Ok(first)
    }

    /// For the scheduler: what a running tour is owed now. A round past its deadline is closed
    /// (the bot plays for the late), a tour of bots moves on, or else the late directors are
    /// reminded once, some time before the deadline. The time is read when the tour's turn
    /// comes, not when the pass began (never earlier than `not_before`): a pass that waited
    /// enforces the deadline on time and never reminds of a deadline already gone.
    pub(crate) async fn tend(
        &self,
        tour_id: i64,
        channel_id: &str,
        not_before: Timestamp,
        lead_secs: i64,
    ) -> Result<Tended, ServiceError> {
        let _guard = self.lock(channel_id).await;
        let now = not_before.max(self.now());
        let mut tx = self.store.begin().await?;
        let Some(tour) = crate::store::tours::active_in_channel(&mut tx, channel_id).await? else {
            return Ok(Tended::Nothing);
        };
        if tour.id != tour_id || tour.status != TourStatus::Running {
            return Ok(Tended::Nothing);
        }
        let live = self.load_live(&mut tx, tour).await?;
        let due = live.row.deadline.is_some_and(|d| d <= now);
        let bots_owe = !live.has_humans() && !live.stage.pending().is_empty();
        if due || bots_owe {
            let (live, news) = self.play_for_late(&mut tx, live, now).await?;
            let mut replies = self.owe_news(&mut tx, &live, news).await?;
            self.store.commit(tx).await?;
            self.keep(&live);
            if replies.is_empty() {
                return Ok(Tended::Nothing);
            }
            let mut first = replies.remove(0);
            first.followups = replies;
            return Ok(Tended::Closed(Box::new(first)));
        }
        let Some(deadline) = live.row.deadline else {
            return Ok(Tended::Nothing);
        };
        if now < deadline - lead_secs {
            return Ok(Tended::Nothing);
        }
        let mut out = Vec::new();
        for team in live.late_humans() {
            let seat = live.seat_of(team);
            if crate::store::reminders::mark(&mut tx, live.row.id, live.row.round, seat, now)
                .await?
            {
                let director = team.director.clone().expect("a human team has a director");
                let reply = Reply::private(format!(
                    "Reminder: {} still has choices to make for stage {}, round {}. \
                     The bot plays for you in {}.",
                    team.name,
                    live.row.number,
                    live.row.round,
                    duration_text(deadline - now)
                ))
                .with_buttons(vec![hand_button(live.tour.id)]);
                out.push((director, reply));
            }
        }
        self.store.commit(tx).await?;
        Ok(Tended::Reminded(out))
    }

    /// The public messages for what happened: late teams played by the bot, the rounds, the
    /// stage results and the next stage, the winners.
    pub(crate) fn news_replies(&self, live: &Live, news: News) -> Vec<Reply> {
        if !news.is_public() {
            return Vec::new();
        }
        let text = narrate::news_text(&news);
        let mut reply = Reply::public(text.trim_end().to_string());
        reply.pictures = news.pictures;
        let same_stage = news
            .rounds
            .last()
            .is_some_and(|r| r.stage == live.row.number);
        let card = self.turn_card(live);
        if self.pictures && !live.stage.is_over() {
            let number = live.row.number;
            let round = live.stage.round();
            // The board after the round just played, or the grid of a stage that just began
            // (its directors need to see where they start before they choose).
            let board = if same_stage && news.results.is_empty() {
                Some((
                    format!("Stage {number}, round {}", round - 1),
                    format!("stage-{number}-round-{}.png", round - 1),
                ))
            } else if card.is_some() && round == 1 {
                Some((
                    format!("Stage {number}, start"),
                    format!("stage-{number}-start.png"),
                ))
            } else {
                None
            };
            if let Some((title, file)) = board {
                reply.pictures.push(Picture::Board {
                    tour_id: live.tour.id,
                    stage: number,
                    choices: live.choices,
                    title,
                    file,
                });
            }
        }
        if let Some(card) = card {
            reply.buttons.push(hand_button(live.tour.id));
            reply.turn = Some(card);
        }
        vec![reply]
    }

    /// The round's standing for its public message (see [`TurnCard`]).
    pub(crate) fn turn_card(&self, live: &Live) -> Option<TurnCard> {
        let total = self
            .library
            .preset(&live.tour.preset)
            .map_or(0, |p| p.stages.len());
        let course = &live.stage.course().name;
        let title = if total > 0 {
            super::live::stage_title(live.row.number, total, course)
        } else {
            format!("Stage {}, {course}", live.row.number)
        };
        live.turn_card(title)
    }
}

/// What a draw will take from. A draw takes four cards; when the draw pile runs out first, the
/// recycle pile is shuffled into a new draw pile (FR-2), which a bare "0 cards" would hide.
fn draw_pile_text(draw_pile: u32, recycled: usize) -> String {
    const HAND: u32 = 4;
    match (draw_pile, recycled) {
        (0, 0) => "no card left to draw: the rider plays an exhaustion card".to_string(),
        (0, n) => format!(
            "draw pile empty: drawing shuffles the recycle pile ({n} cards) into a new draw pile"
        ),
        (d, n) if d < HAND && n > 0 => format!(
            "{} to draw from; then the recycle pile ({n} cards) is shuffled into a new draw pile",
            cards(d)
        ),
        (d, _) => format!("{} to draw from", cards(d)),
    }
}

fn cards(n: u32) -> String {
    if n == 1 {
        "1 card".to_string()
    } else {
        format!("{n} cards")
    }
}

/// A button's words: "Draw Blue Rouleur" or "Blue Rouleur: 5".
fn choice_label(stage: &Stage, choice: &Choice) -> String {
    let name = stage
        .setup()
        .riders
        .get(choice.rider() as usize)
        .map_or("?", |r| r.id.as_str());
    match choice {
        Choice::Draw { .. } => format!("Draw {name}"),
        Choice::Keep { card, .. } => format!("{name}: {card}"),
    }
}

/// What the scheduler did for one tour.
pub(crate) enum Tended {
    Nothing,
    /// The round closed (or a tour of bots moved on): the news for the channel.
    Closed(Box<Reply>),
    /// Late directors reminded, each with their private note.
    Reminded(Vec<(String, Reply)>),
}

#[cfg(test)]
mod tests {
    use super::draw_pile_text;

    #[test]
    fn a_short_draw_pile_says_the_recycle_pile_is_shuffled_in() {
        assert_eq!(draw_pile_text(11, 3), "11 cards to draw from");
        assert_eq!(
            draw_pile_text(1, 12),
            "1 card to draw from; then the recycle pile (12 cards) is shuffled into a new draw pile"
        );
        assert_eq!(
            draw_pile_text(0, 9),
            "draw pile empty: drawing shuffles the recycle pile (9 cards) into a new draw pile"
        );
        assert_eq!(
            draw_pile_text(0, 0),
            "no card left to draw: the rider plays an exhaustion card"
        );
    }
}
