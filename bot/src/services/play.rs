//! Racing: a director's hand, their choices, closing a round at its deadline, and moving a
//! tour of bots on.

use super::live::{Live, News, Scored, TurnNews};
use super::lobby::duration_text;
use super::narrate;
use super::owed::Picture;
use super::reads::TourRead;
use super::{
    Actor, ButtonSpec, Reply, ServiceError, ServiceResult, Services, TurnCard, choice_button_id,
    hand_button, in_tour, require_started, say,
};
use crate::clock::Timestamp;
use crate::store::Batch;
use crate::store::choices::{self, Source};
use crate::store::tours::TourStatus;
use commissaire_engine::Seat;
use commissaire_engine::game::Viewer;
use commissaire_engine::registry::{ChoiceError, DynStage, Key, LabelledOption};
use commissaire_messages::{msg, sentence};

/// A director's pick: an option's key, and, from a button, the decision it was drawn for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pick {
    pub key: Key,
    /// The stage number and the seat's decision number the button was drawn at; `None` for a
    /// typed choice or a first-release button, which go to the decision open now.
    pub at: Option<(u32, u32)>,
    /// The tour whose post or hand the button was on, checked to be the channel's tour being
    /// raced ([`Services::button_tour`]) as the choice reads it; `None` for a typed choice.
    pub tour: Option<i64>,
}

impl Pick {
    pub fn now(key: Key) -> Pick {
        Pick {
            key,
            at: None,
            tour: None,
        }
    }
}

/// What `/play` offers `seat` on `stage`: the options of the step its decision is at (what the
/// buttons show), and the whole decisions those steps lead to, for a game that offers a
/// decision in steps (a Maillot Jaune move typed in full), each once.
pub fn play_options(
    stage: &dyn DynStage,
    seat: Seat,
) -> (Vec<LabelledOption>, Vec<LabelledOption>) {
    let open = stage
        .pending_for(seat)
        .map(|p| p.options)
        .unwrap_or_default();
    let whole = if open.is_empty() {
        Vec::new()
    } else {
        stage
            .whole_for(seat)
            .into_iter()
            .filter(|w| !open.iter().any(|o| o.key == w.key))
            .collect()
    };
    (open, whole)
}

/// What an option reads as on a button or in a list: "Blue Rouleur: Keep 5".
pub fn option_text(option: &LabelledOption) -> String {
    let group = option
        .group_said
        .as_ref()
        .map_or_else(|| option.group.to_string(), sentence);
    msg!("option", group = group, label = sentence(&option.said))
}

impl Services {
    /// The director's riders, their hands and the choices open to them (private).
    pub async fn hand(&self, actor: &Actor, channel_id: &str) -> ServiceResult {
        self.hand_of_button(actor, channel_id, None).await
    }

    /// As [`Services::hand`], for a button of tour `tour_id` (when `Some`): refused as
    /// [`Services::button_tour`] refuses it unless that is the channel's tour being raced.
    pub async fn hand_of_button(
        &self,
        actor: &Actor,
        channel_id: &str,
        tour_id: Option<i64>,
    ) -> ServiceResult {
        let (live, seat) = self
            .read_for_director_of(actor, channel_id, tour_id)
            .await?;
        let mut reply = self.hand_reply(&live, seat, String::new());
        self.draw_own(&mut reply).await;
        Ok(reply)
    }

    /// The channel's race as it stands, and the seat of the director asking.
    async fn read_for_director(
        &self,
        actor: &Actor,
        channel_id: &str,
    ) -> Result<(Live, Seat), ServiceError> {
        self.read_for_director_of(actor, channel_id, None).await
    }

    /// As [`Services::read_for_director`], for a button of tour `tour_id` (when `Some`).
    async fn read_for_director_of(
        &self,
        actor: &Actor,
        channel_id: &str,
        tour_id: Option<i64>,
    ) -> Result<(Live, Seat), ServiceError> {
        let mut conn = self.store.read().await?;
        let version = crate::store::changes(&mut conn, channel_id).await?;
        if let Some(tour_id) = tour_id {
            self.button_tour_in(&mut conn, channel_id, tour_id, Some(version))
                .await?;
        }
        let read = self
            .read_active_tour(&mut conn, channel_id, Some(version))
            .await?;
        require_started(&read.tour)?;
        let live = self.read_live(&mut conn, read).await?;
        let seat = live.director_seat(&actor.user_id)?;
        Ok((live, seat))
    }

    /// The options open to the director now, with their labels: what `/play` offers as it is
    /// typed. The ruleset's legal moves, as for the hand's buttons.
    pub async fn open_choices(
        &self,
        actor: &Actor,
        channel_id: &str,
    ) -> Result<Vec<LabelledOption>, ServiceError> {
        let (live, seat) = self.read_for_director(actor, channel_id).await?;
        Ok(live
            .stage
            .pending_for(seat)
            .map(|p| p.options)
            .unwrap_or_default())
    }

    /// Whether the request `request_id` (an interaction's id) was counted already: a request
    /// delivered again after its process died, or to a second process, is answered so before
    /// its text is read against options that have moved on since.
    pub async fn already_counted(&self, request_id: &str) -> Result<bool, ServiceError> {
        let mut conn = self.store.read().await?;
        Ok(choices::request_seen(&mut conn, request_id).await?)
    }

    /// What `/play` offers a director: the options of the step their decision is at (what the
    /// buttons show), and the whole decisions those steps lead to, for a game that offers a
    /// decision in steps (a Maillot Jaune move typed in full), each once.
    pub async fn play_choices(
        &self,
        actor: &Actor,
        channel_id: &str,
    ) -> Result<(Vec<LabelledOption>, Vec<LabelledOption>), ServiceError> {
        let (live, seat) = self.read_for_director(actor, channel_id).await?;
        Ok(play_options(&**live.stage, seat))
    }

    /// What a director sees of their team now, with a button for each option open to them.
    fn hand_reply(&self, live: &Live, seat: Seat, intro: String) -> Reply {
        let mut lines = vec![msg!(
            "hand-head",
            team = &live.teams[seat as usize].name,
            stage = live.row.number,
            turn = live.turn_text()
        )];
        for line in live.stage.brief(seat) {
            lines.push(format!("- {}", sentence(&line)));
        }
        let pending = live.stage.pending_for(seat);
        lines.push(match (&pending, live.row.deadline) {
            (None, _) => say(live.words().nothing_to_choose, &[]),
            (Some(_), Some(deadline)) => {
                let left = (deadline - self.now()).max(0);
                msg!("hand-choose-within", left = duration_text(left))
            }
            (Some(_), None) => msg!("hand-paused"),
        });
        if live.teams[seat as usize].autopilot {
            lines.push(msg!(
                "hand-autopilot-on",
                autopilot = self.command("autopilot")
            ));
        }
        // A sentence worded away for this medium (the terminal has no deadline) leaves no
        // blank line.
        lines.retain(|l| !l.is_empty());
        let text = intro + &lines.join("\n");
        let buttons = pending
            .map(|p| {
                p.options
                    .iter()
                    .map(|o| ButtonSpec {
                        id: choice_button_id(live.tour.id, live.row.number, p.step, &o.key),
                        label: option_text(o),
                    })
                    .collect()
            })
            .unwrap_or_default();
        let mut reply = Reply::private(text).with_buttons(buttons);
        // The director's own picture, when the game has one now (Hulst: the landing squares
        // of the card chosen, lettered as the buttons name them).
        if self.pictures && live.stage.private_scene(seat).is_some() {
            let number = live.row.number;
            reply.pictures.push(Picture::Own {
                tour_id: live.tour.id,
                stage: number,
                choices: live.choices,
                seat,
                title: msg!("picture-own", stage = number, turn = live.turn_text()),
                file: narrate::own_file(number, live.choices),
            });
        }
        reply
    }

    /// A director's choice: the option `pick` names. The ruleset alone says whether it is
    /// legal. A request id seen before is answered without counting it again; a button drawn
    /// for a decision that has passed is refused with the options open now.
    pub async fn choose(
        &self,
        actor: &Actor,
        channel_id: &str,
        request_id: &str,
        pick: Pick,
    ) -> ServiceResult {
        // Where the choice's time went, logged (at `debug`) when it is slow: the wait for the
        // channel's lock, the reads, the choice applied, the wait for the writer (with the
        // savepoint and the count), the writes and commit (with the group's), the answer made.
        // For finding a slow choice's cause in a load run
        // (`RUST_LOG=info,commissaire::services::play=debug`, docs/speed.md).
        let mut phases = crate::logs::Phases::start();
        let _guard = self.lock(channel_id).await;
        phases.mark("lock");
        let now = self.now();
        // What the choice is made on is read, and its stage rebuilt, outside the write
        // transaction: SQLite's one writer (PostgreSQL: the tour's lock) is held only for the
        // statements that write (issue 34). The count of the channel's changes is read first,
        // so that any change committed after it shows in the check below.
        //
        // When this process keeps the channel's tour and stage, the count they were kept at is
        // taken as the count now, without reading it (issue 34: one statement a choice on
        // PostgreSQL, no hop to a reader on SQLite). That guess is checked where it matters:
        // the write counts the change only if the count is still the guess, and the choice's
        // row cannot be written twice (its request id is unique); else the choice goes the
        // long way. Only a choice to be made is taken from a guess; an answer or a refusal is
        // read again with the count.
        let mut guessed = false;
        let (mut seen, read) = {
            let mut conn = self.store.read_for_change().await?;
            let mut found = None;
            if let Some(kept) = self.kept.latest(channel_id) {
                let read = self
                    .ready_to_choose(
                        &mut conn,
                        actor,
                        channel_id,
                        request_id,
                        pick,
                        Some((kept, false)),
                    )
                    .await;
                if let Ok(Ready::Choose(_)) = read {
                    guessed = true;
                    found = Some((kept, Some(read)));
                }
            }
            match found {
                Some(found) => found,
                None => {
                    let (seen, counted) =
                        crate::store::changes_and_request(&mut conn, channel_id, request_id)
                            .await?;
                    let read = self
                        .ready_to_choose(
                            &mut conn,
                            actor,
                            channel_id,
                            request_id,
                            pick,
                            Some((seen, counted)),
                        )
                        .await;
                    // Those reads are statements apart, not one snapshot. A choice is checked
                    // in its transaction; an answer or a refusal made from them is given only
                    // if the tour did not change while they were made (a click another process
                    // counted meanwhile is not called a stale button), else it is read again
                    // in the transaction.
                    let settled = match read {
                        Ok(Ready::Choose(_)) => Some(read),
                        _ if crate::store::changes(&mut conn, channel_id).await? == seen => {
                            Some(read)
                        }
                        _ => None,
                    };
                    (seen, settled)
                }
            }
        };
        let mut ready = match read {
            Some(Ok(Ready::Choose(ready))) => Some(ready),
            Some(Ok(Ready::Answered(reply))) => return Ok(*reply),
            Some(Err(e)) => return Err(e),
            None => None,
        };
        phases.mark("read");
        self.after_read().await;
        // The choice is applied to the stage as read, before the writer is taken: should the
        // tour be unchanged when the transaction counts it, what was applied is what applying
        // it in the transaction would give, and the writer is held for the writes alone.
        let mut applied = None;
        if let Some(read) = ready.take() {
            match self.apply_choice(*read, actor, request_id, pick, now) {
                Ok(done) => applied = Some(done),
                // Refused as read: decided again in the transaction, where the refusal stands
                // only if the tour is still as read.
                Err((read, _)) => ready = read,
            }
        }
        phases.mark("apply");
        // A guess is checked by the quick write alone. A choice that goes the long way (a
        // turn's last, a refusal) reads the count and the request first, as without a guess,
        // rather than hold the writer for one more statement: should the guess be wrong, or
        // the request counted already, nothing read or applied stands, and the transaction
        // reads the tour again.
        if guessed
            && !applied
                .as_ref()
                .is_some_and(|a| a.live.nothing_follows(&a.news))
        {
            let mut conn = self.store.read_for_change().await?;
            let (now_seen, counted) =
                crate::store::changes_and_request(&mut conn, channel_id, request_id).await?;
            if now_seen != seen || counted {
                self.kept.forget(channel_id);
                applied = None;
                ready = None;
            }
            seen = now_seen;
            guessed = false;
        }
        // A choice that leaves nothing more to do (the common case: a choice in the middle of a
        // turn, with no bot to play after it and nothing to post) is written at once with the
        // count that checks the tour is as read: one statement on PostgreSQL, two round trips
        // to SQLite's writer. Any other goes the long way, in a transaction that holds the tour.
        let quick = applied
            .as_mut()
            .filter(|a| a.live.nothing_follows(&a.news))
            .map(|a| std::mem::take(&mut a.writes));
        let (tx, unchanged) = match quick {
            Some(writes) => match self.store.change_since(channel_id, seen, writes).await? {
                None => (None, true),
                Some(tx) => (Some(tx), false),
            },
            None => {
                let (tx, unchanged) = self.store.begin_channel_since(channel_id, seen).await?;
                (Some(tx), unchanged)
            }
        };
        phases.mark("writer");
        let (applied, owed) = match tx {
            // Written, with the count.
            None => match applied {
                Some(applied) => (applied, Vec::new()),
                None => return Err(ServiceError::Broken("a choice was not applied".into())),
            },
            Some(mut tx) => {
                if guessed && !unchanged {
                    // The guess was wrong (another process changed the tour, or the request
                    // was counted already): what is kept is let go, so that the channel's
                    // next choice reads the count.
                    self.kept.forget(channel_id);
                }
                if !unchanged || (ready.is_none() && applied.is_none()) {
                    // Another process changed the tour since it was read: read it again, in
                    // the transaction, which now holds the tour. Nothing read or applied
                    // before is written.
                    self.reread
                        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    applied = None;
                    ready = match self
                        .ready_to_choose(&mut tx, actor, channel_id, request_id, pick, None)
                        .await?
                    {
                        Ready::Answered(reply) => return Ok(*reply),
                        Ready::Choose(ready) => Some(ready),
                    };
                }
                let mut applied = match (applied, ready) {
                    (Some(applied), _) => applied,
                    (None, Some(read)) => self
                        .apply_choice(*read, actor, request_id, pick, now)
                        .map_err(|(_, refused)| refused)?,
                    (None, None) => {
                        return Err(ServiceError::Broken("a choice was not read".into()));
                    }
                };
                let writes = std::mem::take(&mut applied.writes);
                // Nothing to follow: the writes go with the commit (on SQLite, one round trip).
                // Else they go first, then the rest in the transaction.
                let owed = if applied.live.nothing_follows(&applied.news) {
                    self.store.commit_with(tx, writes).await?;
                    Vec::new()
                } else {
                    self.store.run(&mut tx, writes).await?;
                    self.settle(&mut tx, &mut applied.live, now, &mut applied.news)
                        .await?;
                    let news = std::mem::take(&mut applied.news);
                    let owed = self.owe_news(&mut tx, &applied.live, news).await?;
                    self.store.commit(tx).await?;
                    owed
                };
                (applied, owed)
            }
        };
        let Applied {
            live,
            seat,
            mut ack,
            turn,
            turn_name,
            stage_number,
            ..
        } = applied;
        phases.mark("commit");
        self.keep(&live);
        if unchanged && live.row.number == stage_number && !live.stage.is_over() {
            // This change alone came after the count read first: the rows as this request
            // left them are those stored at the count it took. (A stage's end writes more than
            // the race: it is read again.)
            self.keep_read(seen + 1, &live);
        }
        // Whether the turn the choice was made in is over, by this choice or by the bots'
        // choices that followed it: the answer is the same either way.
        let settled =
            live.turn() != turn || live.row.number != stage_number || live.stage.is_over();
        let mut reply = if settled {
            ack.push_str(&say(
                live.words().settled,
                &[
                    ("stage", stage_number.into()),
                    ("turn", turn_name.as_str().into()),
                ],
            ));
            if live.owes(seat) {
                // The next turn is theirs too: its options at once, under what was done.
                self.hand_reply(&live, seat, ack + "\n")
            } else {
                Reply::private(ack)
            }
        } else {
            let waiting: Vec<&str> = live.late_humans().iter().map(|t| t.name.as_str()).collect();
            let mut reply = self.hand_reply(&live, seat, ack);
            if !live.owes(seat) && !waiting.is_empty() {
                reply.text.push(' ');
                reply
                    .text
                    .push_str(&msg!("waiting-for", teams = waiting.join(", ")));
            }
            // The card changes only when the team is through: one edit a team a round.
            if !live.owes(seat) {
                reply.turn_update = self.turn_card(&live);
            }
            reply
        };
        self.draw_own(&mut reply).await;
        phases.mark("answer");
        if let Some((total_ms, phases)) = phases.slow() {
            tracing::debug!(channel_id, total_ms, phases, "a slow choice");
        }
        reply.followups = owed;
        Ok(reply)
    }

    /// Applies a director's choice to the stage as read: its writes queued, what it tells the
    /// channel and the director's acknowledgement (what they did, then what only they may see
    /// of it, such as the cards drawn) made. Refused by the rules, the stage is left as read and
    /// comes back with the refusal; on any other error it is not given back.
    fn apply_choice(
        &self,
        read: ReadyChoice,
        actor: &Actor,
        request_id: &str,
        pick: Pick,
        now: Timestamp,
    ) -> Result<Applied, (Option<Box<ReadyChoice>>, ServiceError)> {
        let ReadyChoice {
            mut live,
            seat,
            option,
        } = read;
        let mut news = News::default();
        let turn = live.turn();
        let turn_name = live.turn_text();
        let stage_number = live.row.number;
        let mut writes = Batch::new();
        let recorded = self.record(
            &mut writes,
            &mut live,
            seat,
            pick.key.as_str(),
            Source::Player,
            Some(&actor.user_id),
            Some(request_id),
            now,
            &mut news,
        );
        let refused = match recorded {
            Ok(Ok(events)) => {
                let mut ack = option.map_or_else(String::new, |o| {
                    msg!("choose-done", option = option_text(&o)) + "\n"
                });
                let public = live.stage.narrate(&events, Viewer::Public);
                for line in live.stage.narrate(&events, Viewer::Seat(seat)) {
                    if !public.contains(&line) {
                        ack.push_str(&sentence(&line));
                        ack.push('\n');
                    }
                }
                return Ok(Applied {
                    live,
                    seat,
                    news,
                    writes,
                    ack,
                    turn,
                    turn_name,
                    stage_number,
                });
            }
            Ok(Err(e)) => match e {
                ChoiceError::UnknownKey { .. } => {
                    ServiceError::refused(msg!("choose-not-an-option", hand = self.command("hand")))
                }
                // The rules' own reason, worded by the catalogue: what to do instead.
                ChoiceError::Illegal { reason, .. } => ServiceError::refused(sentence(&reason)),
                ChoiceError::Stale { .. } => ServiceError::refused(msg!("choose-stale")),
                e => ServiceError::Broken(e.to_string()),
            },
            // Not a refusal: the stage may be part applied, and is not given back.
            Err(e) => return Err((None, e)),
        };
        // A refused choice changed nothing of the stage.
        Err((Some(Box::new(ReadyChoice { live, seat, option })), refused))
    }

    /// Reads what a choice is made on: the channel's tour, whether the request was counted
    /// already, the stage as it stands and the director's seat, and the option picked. A
    /// request counted already or a button drawn for a decision that has passed is answered
    /// from what was read, with nothing to write.
    async fn ready_to_choose(
        &self,
        conn: &mut crate::store::Conn,
        actor: &Actor,
        channel_id: &str,
        request_id: &str,
        pick: Pick,
        read_at: Option<(i64, bool)>,
    ) -> Result<Ready, ServiceError> {
        // On a reader, at the count of changes read first (with whether the request was
        // counted), through the kept reads; in the write transaction, from the store itself
        // (see `services::reads`).
        // A button's tour first: a button of a tour over or of an earlier tour says so.
        let (read, counted) = match read_at {
            Some((version, counted)) => {
                if let Some(tour_id) = pick.tour {
                    self.button_tour_in(conn, channel_id, tour_id, Some(version))
                        .await?;
                }
                (
                    self.read_active_tour(conn, channel_id, Some(version))
                        .await?,
                    counted,
                )
            }
            None => {
                if let Some(tour_id) = pick.tour {
                    self.button_tour_in_tx(conn, channel_id, tour_id).await?;
                }
                (
                    TourRead::unkept(self.active_tour(conn, channel_id).await?),
                    choices::request_seen(conn, request_id).await?,
                )
            }
        };
        let tour = &read.tour;
        if counted {
            // The hand as it stands, under the note: a click delivered to two processes is
            // answered by whichever answers first, and the director keeps their buttons either way.
            let note = msg!("choose-already-counted");
            let live = self.load_live(conn, read.tour).await.ok();
            let seat = live
                .as_ref()
                .and_then(|l| l.director_seat(&actor.user_id).ok());
            return Ok(Ready::Answered(Box::new(match (live, seat) {
                (Some(live), Some(seat)) => self.hand_reply(&live, seat, note + "\n"),
                _ => Reply::private(note),
            })));
        }
        require_started(tour)?;
        if tour.status == TourStatus::Paused {
            return Err(ServiceError::refused(msg!("choose-paused")));
        }
        let live = self.read_live(conn, read).await?;
        let seat = live.director_seat(&actor.user_id)?;
        let stale = match pick.at {
            Some((stage, _)) if stage != live.row.number => true,
            Some((_, step)) => live.stage.step(seat).is_ok_and(|now| now != step),
            None => false,
        };
        if stale {
            return Ok(Ready::Answered(Box::new(self.hand_reply(
                &live,
                seat,
                msg!("choose-stale-button") + "\n",
            ))));
        }
        // The option as offered, or the whole decision typed in full (`/play`).
        let option = live
            .stage
            .pending_for(seat)
            .and_then(|p| p.options.into_iter().find(|o| o.key == pick.key))
            .or_else(|| {
                live.stage
                    .whole_for(seat)
                    .into_iter()
                    .find(|o| o.key == pick.key)
            });
        Ok(Ready::Choose(Box::new(ReadyChoice { live, seat, option })))
    }

    /// Hands the director's team to the bot (`on`) or takes it back. While it is on, the bot
    /// makes every decision the team owes, as it does for a bot's team, so a game of turns
    /// never waits on an absent director; the director's buttons and `/play` still answer
    /// (their choice goes first when they are quicker than the bot).
    pub async fn autopilot(&self, actor: &Actor, channel_id: &str, on: bool) -> ServiceResult {
        let _guard = self.lock(channel_id).await;
        let now = self.now();
        let mut tx = self.store.begin_channel(channel_id).await?;
        let tour = self.active_tour(&mut tx, channel_id).await?;
        let list = crate::store::teams::list(&mut tx, tour.id).await?;
        let Some(team) = list
            .iter()
            .find(|t| t.director.as_deref() == Some(actor.user_id.as_str()))
        else {
            return Err(ServiceError::refused(msg!(
                "autopilot-no-team",
                tour_join = self.command("tour join")
            )));
        };
        if team.autopilot == on {
            return Ok(Reply::private(if on {
                msg!("autopilot-already-on")
            } else {
                msg!("autopilot-already-off")
            }));
        }
        crate::store::teams::set_autopilot(&mut tx, team.id, on).await?;
        let name = team.name.clone();
        let mut owed = Vec::new();
        let mut live = None;
        if on && tour.status == TourStatus::Running {
            // What the team owes now is played at once, and the tour moves on.
            let mut l = self.load_live(&mut tx, tour).await?;
            let mut news = News::default();
            self.settle(&mut tx, &mut l, now, &mut news).await?;
            owed = self.owe_news(&mut tx, &l, news).await?;
            live = Some(l);
        }
        self.store.commit(tx).await?;
        if let Some(l) = &live {
            self.keep(l);
        }
        let mut reply = Reply::private(if on {
            msg!(
                "autopilot-on",
                team = name,
                autopilot = self.command("autopilot")
            )
        } else {
            msg!("autopilot-off", team = name)
        });
        reply.followups = owed;
        Ok(reply)
    }

    /// Closes the round: the bot plays for every director who has not chosen. Anyone may once
    /// the deadline has passed; an admin may at any time.
    pub async fn close_turn(&self, actor: &Actor, channel_id: &str) -> ServiceResult {
        let _guard = self.lock(channel_id).await;
        let now = self.now();
        let mut tx = self.store.begin_channel(channel_id).await?;
        let tour = self.active_tour(&mut tx, channel_id).await?;
        require_started(&tour)?;
        if tour.status == TourStatus::Paused {
            return Err(ServiceError::refused(msg!("paused-resume-first")));
        }
        let live = self.load_live(&mut tx, tour).await?;
        let due = live.row.deadline.is_some_and(|d| d <= now);
        if !due && !actor.is_admin {
            return Err(ServiceError::refused(msg!(
                "close-round-still-open",
                left = duration_text((live.row.deadline.unwrap_or(now) - now).max(0))
            )));
        }
        let (live, mut news) = self.play_for_late(&mut tx, live, now).await?;
        news.closed_early = !due;
        let mut replies = self.owe_news(&mut tx, &live, news).await?;
        self.store.commit(tx).await?;
        self.keep(&live);
        if replies.is_empty() {
            return Ok(Reply::private(msg!("close-round-nobody-late")));
        }
        let mut first = replies.remove(0);
        first.followups = replies;
        Ok(first)
    }

    /// The bot plays the missing choices of every late director, then the tour moves on.
    async fn play_for_late(
        &self,
        conn: &mut crate::store::Conn,
        mut live: Live,
        now: Timestamp,
    ) -> Result<(Live, News), ServiceError> {
        let mut news = News::default();
        let (turn, number, deadline) = (live.turn(), live.row.number, live.row.deadline);
        // A turn can hand a late director a decision again after the bots' part (the card
        // race's attack search, resolved rider by rider): play until the turn is over, or until
        // a choice gave the turn a new deadline (a pact answered for a late partner: the one who
        // asked has a fresh deadline of his own, and is not late).
        loop {
            let late: Vec<(Seat, String)> = live
                .late_humans()
                .iter()
                .map(|t| (live.seat_of(t), t.name.clone()))
                .collect();
            for (seat, name) in late {
                self.bot_plays(conn, &mut live, &[seat], Source::Timeout, now, &mut news)
                    .await?;
                if !news.timeouts.contains(&name) {
                    news.timeouts.push(name);
                }
            }
            self.settle(conn, &mut live, now, &mut news).await?;
            if live.turn() != turn
                || live.row.number != number
                || live.row.deadline != deadline
                || live.late_humans().is_empty()
            {
                break;
            }
        }
        Ok((live, news))
    }

    /// Plays whatever the bots owe now. In a tour with no human team this rides one whole
    /// stage per call (the demo calls it until the tour is over); in a tour with directors the
    /// bots have always played already and nothing happens.
    pub async fn advance(&self, channel_id: &str) -> ServiceResult {
        let _guard = self.lock(channel_id).await;
        let now = self.now();
        let mut tx = self.store.begin_channel(channel_id).await?;
        let tour = self.active_tour(&mut tx, channel_id).await?;
        require_started(&tour)?;
        if tour.status == TourStatus::Paused {
            return Err(ServiceError::refused(msg!("paused-resume-first")));
        }
        let mut live = self.load_live(&mut tx, tour).await?;
        let mut news = News::default();
        self.settle(&mut tx, &mut live, now, &mut news).await?;
        let mut replies = self.owe_news(&mut tx, &live, news).await?;
        self.store.commit(tx).await?;
        self.keep(&live);
        if replies.is_empty() {
            return Ok(Reply::private(msg!("advance-nothing-to-play")));
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
        // Every process's scheduler passes over every tour: one that finds the tour's lock held
        // (another process tends it, or a click is being answered) skips it until its next
        // tick rather than queue behind it, as `FOR UPDATE SKIP LOCKED` would.
        if !self.store.try_lock_channel(&mut tx, channel_id).await? {
            return Ok(Tended::Nothing);
        }
        let Some(tour) = crate::store::tours::active_in_channel(&mut tx, channel_id).await? else {
            return Ok(Tended::Nothing);
        };
        if tour.id != tour_id || tour.status != TourStatus::Running {
            return Ok(Tended::Nothing);
        }
        let live = self.load_live(&mut tx, tour).await?;
        let due = live.row.deadline.is_some_and(|d| d <= now);
        let bots_owe = live.bot_seats().iter().any(|&seat| live.stage.owes(seat));
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
                // Posted in the channel with a mention: in the tour's language.
                let reply = in_tour(&live.tour, || {
                    Reply::private(msg!(
                        "reminder",
                        team = &team.name,
                        stage = live.row.number,
                        turn = live.turn_text(),
                        left = duration_text(deadline - now)
                    ))
                    .with_buttons(vec![hand_button(live.tour.id, &live.words())])
                });
                out.push((director, reply));
            }
        }
        self.store.commit(tx).await?;
        Ok(Tended::Reminded(out))
    }

    /// The public messages for what happened in a tour nobody follows (bots alone): late teams
    /// played by the bot, the rounds in brief, the stage results and the next stage, the
    /// winners, in one message.
    pub(crate) fn news_replies(&self, live: &Live, news: News) -> Vec<Reply> {
        if !news.is_public() {
            return Vec::new();
        }
        // The channel reads its news in the tour's language, whoever's choice made it.
        in_tour(&live.tour, || self.news_reply(live, news))
    }

    fn news_reply(&self, live: &Live, news: News) -> Vec<Reply> {
        let mut text = narrate::news_text(&news);
        if news
            .pictures
            .iter()
            .any(|p| matches!(p, Picture::Book { .. }))
        {
            text.push_str(&msg!("book-attached", file = super::book::BOOK_FILE));
        }
        let mut reply = Reply::public(text.trim_end().to_string());
        reply.pictures = news.pictures;
        // The turn just played, as its game named it (the board's title and file).
        let played = news
            .rounds
            .last()
            .filter(|r| r.stage == live.row.number)
            .map(|r| &r.name);
        if self.pictures && !live.stage.is_over() {
            let number = live.row.number;
            // A game told phase by phase settles several turns under one name: each moment
            // gets a file of its own.
            let moment = live.stage.phase().map(|_| live.choices);
            // The board after the round just played.
            if let Some(played) = played.filter(|_| news.results.is_empty()) {
                reply.pictures.push(Picture::Board {
                    tour_id: live.tour.id,
                    stage: number,
                    choices: live.choices,
                    title: msg!("picture-round", stage = number, turn = sentence(played)),
                    file: narrate::turn_file(number, played, moment),
                });
            }
        }
        vec![reply]
    }

    /// The posts of what happened in a tour the channel follows, in the order it happened: each
    /// turn told (its post opened, or edited), each stage's result after its last turn, the
    /// winners with the last result. Worded in the tour's language.
    pub(crate) fn pieces(&self, live: &Live, mut news: News) -> Vec<Piece> {
        let mut pieces = Vec::new();
        // The late teams the bot played for: said first in the post of the turn they were late
        // in (the first told), or alone when nothing was.
        let late = (!news.timeouts.is_empty()).then(|| {
            let teams = news.timeouts.join(", ");
            if news.closed_early {
                msg!("news-closed-early", teams = teams)
            } else {
                msg!("news-time-is-up", teams = teams)
            }
        });
        if let (Some(late), None) = (&late, news.turns.first()) {
            pieces.push(Piece::Told(Box::new(Reply::public(late.clone()))));
        }
        let mut results = std::mem::take(&mut news.results).into_iter().peekable();
        let mut winners = news.winners.take();
        let current = news
            .turns
            .last()
            .filter(|t| !t.over && (t.stage, t.unit) == (live.row.number, live.unit))
            .map(|t| (t.stage, t.unit));
        for (i, turn) in news.turns.iter().enumerate() {
            // The results of the stages before this turn's come before it.
            while let Some(result) = results.next_if(|(_, r, _)| r.number < turn.stage) {
                let revealed = said_of(&news.revealed, result.1.number);
                pieces.push(self.result_piece(result, &news.pictures, None, revealed));
            }
            let first = if i == 0 { late.as_deref() } else { None };
            let is_current = current == Some((turn.stage, turn.unit));
            let sealed = turn
                .starts
                .as_ref()
                .and_then(|_| said_of(&news.sealed, turn.stage));
            pieces.push(Piece::Turn(
                self.turn_piece(live, turn, first, is_current, sealed),
            ));
        }
        while let Some(result) = results.next() {
            // The winners go with the tour's last result.
            let last = results.peek().is_none();
            let with = if last { winners.take() } else { None };
            let revealed = said_of(&news.revealed, result.1.number);
            pieces.push(self.result_piece(result, &news.pictures, with, revealed));
        }
        if let Some(w) = winners {
            pieces.push(Piece::Told(Box::new(Reply::public(narrate::winners_text(
                &w,
            )))));
        }
        pieces
    }

    /// One turn's post as this request leaves it (its text set when it is owed: a new post's,
    /// or the post so far with these lines under it).
    fn turn_piece(
        &self,
        live: &Live,
        turn: &TurnNews,
        late: Option<&str>,
        is_current: bool,
        sealed: Option<&str>,
    ) -> TurnPiece {
        let name = sentence(&turn.name);
        let title = msg!("round-title", stage = turn.stage, turn = name.as_str());
        // A stage's first post says it starts, with its seed's commitment on the next line
        // (the start's line stays alone: the terminal finds it by its whole text).
        let head = match &turn.starts {
            Some(stage) => {
                let mut starts = msg!("news-stage-starts", title = stage.as_str());
                if let Some(sealed) = sealed {
                    starts.push('\n');
                    starts.push_str(sealed);
                }
                starts + "\n\n" + &title
            }
            None => title,
        };
        let again = msg!(
            "round-title-continued",
            stage = turn.stage,
            turn = name.as_str()
        );
        let mut part = String::new();
        for line in late
            .into_iter()
            .map(str::to_string)
            .chain(turn.lines.iter().map(|l| format!("- {l}")))
        {
            part.push_str(&line);
            part.push('\n');
        }
        let mut reply = Reply::public(String::new());
        if self.pictures {
            // The board as the turn leaves it: the start grid on a stage's first post, none on
            // a turn's new post with nothing told yet (the post above shows the board as it
            // stands), else after what was told. A game told phase by phase settles several
            // turns under one name: each moment gets a file of its own.
            let moment = live.phased().then_some(turn.choices);
            let board = if turn.opened && turn.lines.is_empty() && late.is_none() {
                turn.starts.as_ref().map(|_| {
                    (
                        msg!("picture-start", stage = turn.stage),
                        narrate::stage_file(turn.stage, "start"),
                    )
                })
            } else {
                Some((
                    msg!("picture-round", stage = turn.stage, turn = name.as_str()),
                    narrate::turn_file(turn.stage, &turn.name, moment),
                ))
            };
            if let Some((title, file)) = board {
                // The stage's win chances after a turn told, when the tour's preset asks
                // (`odds_in_posts`): drawn after the commit, none once the stage is over.
                let told = !turn.lines.is_empty() || late.is_some();
                let odds = (told && self.odds_in_posts(live)).then(|| Picture::Odds {
                    tour_id: live.tour.id,
                    stage: turn.stage,
                    choices: turn.choices,
                    file: file.replace(".png", "-odds.png"),
                });
                reply.pictures.push(Picture::Board {
                    tour_id: live.tour.id,
                    stage: turn.stage,
                    choices: turn.choices,
                    title,
                    file,
                });
                reply.pictures.extend(odds);
            }
        }
        // Only the turn being played keeps its card and the way into the hand.
        if let Some(card) = self.turn_card(live).filter(|_| is_current) {
            reply.buttons.push(hand_button(live.tour.id, &live.words()));
            reply.turn = Some(card);
        }
        TurnPiece {
            stage: turn.stage,
            unit: turn.unit,
            opened: turn.opened,
            head,
            again,
            part,
            reply,
        }
    }

    /// A finished stage's post: its result and pictures (and the winners, after the last).
    fn result_piece(
        &self,
        (title, result, scored): (String, commissaire_engine::tour::StageResult, Scored),
        pictures: &[Picture],
        winners: Option<commissaire_engine::tour::Classifications>,
        revealed: Option<&str>,
    ) -> Piece {
        let mut text = match &scored {
            Scored::Points(table) => narrate::stage_points_text(&title, &result, table),
            Scored::Times(times) => narrate::stage_result_text(&title, &result, times),
        };
        if let Some(revealed) = revealed {
            text.push_str(revealed);
            text.push('\n');
        }
        let book = winners.is_some() && pictures.iter().any(|p| matches!(p, Picture::Book { .. }));
        if let Some(w) = &winners {
            text.push('\n');
            text.push_str(&narrate::winners_text(w));
            if book {
                text.push('\n');
                text.push_str(&msg!("book-attached", file = super::book::BOOK_FILE));
            }
        }
        let mut reply = Reply::public(text.trim_end().to_string());
        let number = result.number;
        reply.pictures = pictures
            .iter()
            .filter(|p| match p {
                Picture::Book { .. } => book,
                Picture::Board { stage, .. }
                | Picture::Profile { stage, .. }
                | Picture::Animation { stage, .. } => *stage == number,
                Picture::Standings { after_stage, .. } | Picture::Chart { after_stage, .. } => {
                    *after_stage == number
                }
                Picture::Own { .. } | Picture::Odds { .. } => false,
            })
            .cloned()
            .collect();
        Piece::Told(Box::new(reply))
    }

    /// Whether the tour's preset has each round's post carry the win chances.
    fn odds_in_posts(&self, live: &Live) -> bool {
        self.library
            .preset(&live.tour.preset)
            .is_ok_and(|p| p.odds_in_posts)
    }

    /// The round's standing for its public message (see [`TurnCard`]).
    pub(crate) fn turn_card(&self, live: &Live) -> Option<TurnCard> {
        let total = self
            .library
            .preset(&live.tour.preset)
            .map_or(0, |p| p.stages.len());
        let course = self
            .library
            .course(&live.row.course)
            .map_or_else(|_| live.row.course.clone(), |c| c.name.clone());
        // The card is posted in the channel: in the tour's language.
        in_tour(&live.tour, || {
            let title = if total > 0 {
                super::live::stage_title(live.row.number, total, &course)
            } else {
                msg!(
                    "stage-title-untold",
                    number = live.row.number,
                    course = course
                )
            };
            live.turn_card(title).map(|card| TurnCard {
                play_command: self.commands().id("play"),
                ..card
            })
        })
    }
}

/// One post of a followed tour's news (see [`Services::pieces`]). A request makes a handful of
/// these and hands each on by value, so a turn's piece is not boxed.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Piece {
    /// A post never edited: a stage's result, the winners, the late teams alone.
    Told(Box<Reply>),
    /// A turn's post, new or edited.
    Turn(TurnPiece),
}

/// A turn's post as a request leaves it.
pub(crate) struct TurnPiece {
    pub stage: u32,
    /// Which post of the stage (`Live::unit_now`).
    pub unit: u32,
    /// A new post, with its [`TurnPiece::head`]; otherwise an edit of the turn's post.
    pub opened: bool,
    /// A new post's first lines: the stage starting, the turn's title.
    pub head: String,
    /// The title of a post that goes on where the turn's post grew past one message.
    pub again: String,
    /// What this request told of the turn, a line each.
    pub part: String,
    /// Its pictures, card and buttons; the text is set when it is owed.
    pub reply: Reply,
}

/// What the scheduler did for one tour.
pub(crate) enum Tended {
    Nothing,
    /// The round closed (or a tour of bots moved on): the news for the channel.
    Closed(Box<Reply>),
    /// Late directors reminded, each with their private note.
    Reminded(Vec<(String, Reply)>),
}

/// What `news` says of stage `stage` (its seed sealed, or revealed), if anything.
fn said_of(news: &[(u32, String)], stage: u32) -> Option<&str> {
    news.iter()
        .find(|(n, _)| *n == stage)
        .map(|(_, s)| s.as_str())
}

/// What [`Services::choose`] read: an answer with nothing to write, or a choice to record.
enum Ready {
    Answered(Box<Reply>),
    Choose(Box<ReadyChoice>),
}

/// A choice read and ready to record: the stage as it stands, the director's seat, and the
/// option as offered (`None` for a key the ruleset will refuse).
struct ReadyChoice {
    live: Live,
    seat: Seat,
    option: Option<LabelledOption>,
}

/// A choice applied to the stage as read ([`Services::apply_choice`]), not yet written.
struct Applied {
    live: Live,
    seat: Seat,
    news: News,
    writes: Batch,
    /// The director's acknowledgement, so far.
    ack: String,
    /// The turn the choice was made in, its name, and the stage's number then.
    turn: u32,
    turn_name: String,
    stage_number: u32,
}
