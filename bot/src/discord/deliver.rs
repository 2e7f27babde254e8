//! Sending what the services answered: the interaction's own answer, private follow-ups,
//! public posts in the channel, and the edits that tick teams off a round's card.
//!
//! A public message that opens a round is always posted in the channel (never as the
//! interaction's answer), as the bot can edit its own channel messages for as long as the round
//! lasts, while an interaction's token expires after 15 minutes. Where it went is stored, so the
//! card is still ticked off after a restart.
//!
//! What the channel is owed (a round's news, a stage's result, the next round's card) comes
//! from the services marked with its outbox id and is posted by [`post_owed`], exactly once:
//! each of its messages carries a nonce made from the outbox id with `enforce_nonce`, so that
//! Discord answers a second post of it with the message it already made instead of a new one.
//! It is then marked delivered together with where it went. Whatever a crash left owed is posted
//! at the next start ([`owed`]): if the crash came after the post but before it was marked, the
//! nonce makes the repost find the first one. Discord keeps nonces for a few minutes only, so a
//! post cut off by a crash and followed by a longer outage may show twice; never posting a
//! round's card would stall the round, so twice is the lesser harm.

use super::messages::{self, Part};
use crate::scheduler::Outgoing;
use crate::services::{Claim, Owed, Reply, Services, TurnCard};
use crate::store::posts::TurnPost;
use crate::store::status::StatusPost;
use commissaire_messages::msg;
use serenity::all::{
    ChannelId, CommandInteraction, ComponentInteraction, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse,
    Http, MessageId, UserId,
};
use std::sync::Arc;

/// The interaction being answered.
#[derive(Clone, Copy)]
pub enum Asked<'a> {
    Command(&'a CommandInteraction),
    Component(&'a ComponentInteraction),
}

impl Asked<'_> {
    pub fn channel_id(&self) -> ChannelId {
        match self {
            Asked::Command(i) => i.channel_id,
            Asked::Component(i) => i.channel_id,
        }
    }

    fn guild_id(&self) -> Option<serenity::all::GuildId> {
        match self {
            Asked::Command(i) => i.guild_id,
            Asked::Component(i) => i.guild_id,
        }
    }

    /// The address of a message of the interaction's channel, as Discord's clients open it.
    fn link(&self, message: MessageId) -> String {
        let guild = self
            .guild_id()
            .map_or_else(|| "@me".to_string(), |g| g.to_string());
        format!(
            "https://discord.com/channels/{guild}/{}/{message}",
            self.channel_id()
        )
    }

    async fn respond(&self, http: &Http, r: CreateInteractionResponse) -> serenity::Result<()> {
        match self {
            Asked::Command(i) => i.create_response(http, r).await,
            Asked::Component(i) => i.create_response(http, r).await,
        }
    }

    async fn followup(
        &self,
        http: &Http,
        f: CreateInteractionResponseFollowup,
    ) -> serenity::Result<()> {
        match self {
            Asked::Command(i) => i.create_followup(http, f).await.map(drop),
            Asked::Component(i) => i.create_followup(http, f).await.map(drop),
        }
    }
    async fn edit(&self, http: &Http, e: EditInteractionResponse) -> serenity::Result<()> {
        match self {
            Asked::Command(i) => i.edit_response(http, e).await.map(drop),
            Asked::Component(i) => i.edit_response(http, e).await.map(drop),
        }
    }
}

/// How an interaction was put off when its answer was not ready within a second (Discord
/// drops one not answered within three).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deferred {
    /// A private "thinking…" note, edited into the answer once it is ready.
    Private,
    /// A button press acknowledged: the message it was on is edited in place once ready.
    Update,
    /// Not put off here: Discord refused the deferral because another process had answered
    /// the interaction already (40060; see [`answered_elsewhere`]). That process gives the
    /// answer; this one only delivers what the channel is owed.
    Elsewhere,
}

impl Deferred {
    /// The interaction callback that puts the answer off.
    pub fn response(self) -> CreateInteractionResponse {
        match self {
            Deferred::Private => CreateInteractionResponse::Defer(
                CreateInteractionResponseMessage::new().ephemeral(true),
            ),
            Deferred::Update | Deferred::Elsewhere => CreateInteractionResponse::Acknowledge,
        }
    }
}

/// Puts the interaction's answer off; [`answer_deferred`] gives it later. Returns how it was
/// put off: `how`, or [`Deferred::Elsewhere`] when another process had answered it first.
pub async fn defer(http: &Http, asked: Asked<'_>, how: Deferred) -> Deferred {
    match asked.respond(http, how.response()).await {
        Ok(()) => how,
        Err(e) if answered_elsewhere(&e) => {
            tracing::info!("another process answered this interaction first; it gives the answer");
            Deferred::Elsewhere
        }
        Err(e) => {
            tracing::warn!(error = %crate::logs::Redacted(&e), "could not defer an interaction");
            how
        }
    }
}

/// Whether Discord refused an interaction's answer as answered already (JSON code 40060): the
/// interaction reached another process too (a shard moving between processes, a rolling
/// restart) and that one answered first. Its answer stands; the services count the request
/// once whichever process ran it.
pub fn answered_elsewhere(e: &serenity::Error) -> bool {
    matches!(
        e,
        serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r))
            if r.error.code == 40060
    )
}

impl Asked<'_> {
    /// Gives the first part of an answer that was deferred: the deferred note (or the message
    /// whose button was pressed) becomes it. A public answer goes into the channel instead, as a
    /// deferred note is private; a new note after an acknowledged press is a private follow-up.
    async fn after_deferral(
        &self,
        http: &Http,
        services: &Services,
        deferred: Deferred,
        first: &Part,
        how: Answer,
    ) -> serenity::Result<()> {
        if !first.private {
            // The private note says where the answer went, with its address: one click away.
            let posted = post(http, services, self.channel_id(), first, &[]).await;
            let text = match (posted, first.card.is_some()) {
                (Some(m), true) => msg!("done-round-posted-at", link = self.link(m)),
                (Some(m), false) => msg!("done-answer-posted-at", link = self.link(m)),
                (None, true) => msg!("done-round-posted"),
                (None, false) => msg!("done-answer-posted"),
            };
            let ack = Part {
                text,
                files: Vec::new(),
                buttons: Vec::new(),
                card: None,
                private: true,
            };
            return match deferred {
                Deferred::Private => self.edit(http, messages::response_edit(&ack)).await,
                Deferred::Update => self.followup(http, messages::followup(&ack)).await,
                // Never asked: the process that answered first gives the answer.
                Deferred::Elsewhere => Ok(()),
            };
        }
        match (deferred, how) {
            (Deferred::Update, Answer::New) => self.followup(http, messages::followup(first)).await,
            _ => self.edit(http, messages::response_edit(first)).await,
        }
    }
}

/// How the interaction's own answer is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// A new message.
    New,
    /// Replace the (private) message whose button was pressed: a director's hand is redrawn
    /// in place as they choose, rather than piling up.
    InPlace,
}

/// Delivers a service's reply to the interaction that asked for it. Failures to reach Discord
/// are logged, not returned: the services have already committed, so nothing is lost, and the
/// player can ask again (`/hand`, `/tour status`).
pub async fn answer(
    http: &Http,
    services: &Services,
    asked: Asked<'_>,
    reply: &Reply,
    how: Answer,
) {
    answer_deferred(http, services, asked, reply, how, None).await
}

/// As [`answer`], for an interaction that may have been deferred ([`defer`]) while the
/// services worked: its answer then comes as an edit of what the deferral showed.
pub async fn answer_deferred(
    http: &Http,
    services: &Services,
    asked: Asked<'_>,
    reply: &Reply,
    how: Answer,
    deferred: Option<Deferred>,
) {
    let channel = asked.channel_id();
    // What the channel is owed is posted from the outbox, after the answer: the interaction's
    // own answer is the first of the rest, or a private note that the news is in the channel.
    let (owed, direct): (Vec<&Reply>, Vec<&Reply>) =
        reply.all().into_iter().partition(|r| r.owed.is_some());
    let mut parts = direct
        .into_iter()
        .flat_map(messages::parts_of)
        .collect::<Vec<_>>()
        .into_iter();
    let first = parts.next().unwrap_or_else(|| Part {
        text: if owed.is_empty() {
            msg!("done")
        } else {
            msg!("done-news-posted")
        },
        files: Vec::new(),
        buttons: Vec::new(),
        card: None,
        private: true,
    });
    let response = if deferred == Some(Deferred::Elsewhere) {
        Ok(Given::Elsewhere)
    } else if let Some(deferred) = deferred {
        asked
            .after_deferral(http, services, deferred, &first, how)
            .await
            .map(|()| Given::Here)
    } else if first.card.is_some() && !first.private {
        let ack = CreateInteractionResponseMessage::new()
            .content(msg!("done-round-posted"))
            .ephemeral(true);
        let r = asked
            .respond(http, CreateInteractionResponse::Message(ack))
            .await;
        if !r.as_ref().is_err_and(answered_elsewhere) {
            post(http, services, channel, &first, &[]).await;
        }
        r.map(|()| Given::Here)
    } else if how == Answer::InPlace && first.private {
        asked
            .respond(
                http,
                CreateInteractionResponse::UpdateMessage(messages::interaction_message(&first)),
            )
            .await
            .map(|()| Given::Here)
    } else {
        asked
            .respond(
                http,
                CreateInteractionResponse::Message(messages::interaction_message(&first)),
            )
            .await
            .map(|()| Given::Here)
    };
    let given = match response {
        Ok(given) => given,
        Err(e) if answered_elsewhere(&e) => {
            tracing::info!("another process answered this interaction first; it gives the answer");
            Given::Elsewhere
        }
        Err(e) => {
            tracing::warn!(error = %crate::logs::Redacted(&e), "could not answer an interaction");
            Given::Here
        }
    };
    // The rest of the answer is the answering process's: sent from here too, it would show
    // twice (the channel's news is not part of it: it goes out once, from the outbox).
    if given == Given::Here {
        for part in parts {
            if part.private {
                if let Err(e) = asked.followup(http, messages::followup(&part)).await {
                    tracing::warn!(error = %crate::logs::Redacted(&e), "could not send a private follow-up");
                }
            } else {
                post(http, services, channel, &part, &[]).await;
            }
        }
    }
    let mut changed = !owed.is_empty();
    for r in owed {
        if post_owed(http, services, channel, r).await == Delivery::Stopped {
            return;
        }
    }
    for card in messages::turn_updates(reply) {
        tick_off(http, services, channel, &card).await;
        changed = true;
    }
    if changed {
        refresh_status(http, services, channel).await;
    }
}

/// Which process gives an interaction's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Given {
    Here,
    /// Another process that the interaction also reached answered it first.
    Elsewhere,
}

/// How a delivery of an owed message ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    /// Delivered, found delivered already, or left owed by a failure Discord gave: the next
    /// owed message may go.
    Went,
    /// A crash test's failpoint stopped it, as if the process had died: nothing more is
    /// delivered in this batch (see [`failpoint`]).
    Stopped,
}

/// Posts a message the channel is owed (its [`Reply::owed`] row): its pictures drawn now, after
/// the commit and on blocking threads; each message with the row's nonce; then marked delivered
/// with where it went, and a round's card brought up to date if a director chose meanwhile.
/// A failure leaves it owed: it is posted at the next start.
pub async fn post_owed(
    http: &Http,
    services: &Services,
    channel: ChannelId,
    reply: &Reply,
) -> Delivery {
    let Some(owing) = reply.owed.clone() else {
        return Delivery::Went;
    };
    // One delivery at a time in a channel, in the order the rows were owed, whichever request
    // or tick delivers them: what an earlier change owes the channel and is still on its way
    // (another request's, or a failed post's) goes first. So a turn's post is never made by an
    // edit that overtook it, nor a stage's first post before the last turn of the one before.
    // Where the time went, logged (at `debug`) when slow: for a round's close in a load run
    // (`RUST_LOG=info,commissaire::discord::deliver=debug`, docs/speed.md).
    let mut phases = crate::logs::Phases::start();
    let lock = channel_lock(channel);
    let _delivering = lock.lock().await;
    phases.mark("lock");
    match services.owed_before(&channel.to_string(), owing.id).await {
        Ok(earlier) => {
            phases.mark("earlier");
            for o in earlier {
                if deliver_one(http, services, channel, &o.reply, &mut phases).await
                    == Delivery::Stopped
                {
                    return Delivery::Stopped;
                }
            }
        }
        Err(e) => {
            tracing::warn!(error = %crate::logs::Redacted(&e), "could not read what the channel is owed");
        }
    }
    let delivery = deliver_one(http, services, channel, reply, &mut phases).await;
    if let Some((total_ms, phases)) = phases.slow() {
        tracing::debug!(%channel, total_ms, phases, "a slow post");
    }
    delivery
}

/// Delivers one owed row, the channel's delivery lock held (see [`post_owed`]).
async fn deliver_one(
    http: &Http,
    services: &Services,
    channel: ChannelId,
    reply: &Reply,
    phases: &mut crate::logs::Phases,
) -> Delivery {
    let Some(owing) = reply.owed.clone() else {
        return Delivery::Went;
    };
    let id = owing.id;
    // Claimed before anything is drawn or sent: with several processes on one database, one
    // posts it, and the others leave it until its claim runs out (see `Services::claim_owed`).
    let claim = services.claim_owed(id).await;
    phases.mark("claim");
    match claim {
        Ok(Claim::Ours) => {}
        Ok(Claim::Delivered) => return Delivery::Went,
        Ok(Claim::Elsewhere) => {
            // Another process is posting it: the channel's next messages wait for it a little,
            // so that they keep their order, then go on (the sweep takes it over should that
            // process die).
            wait_delivered_elsewhere(services, id).await;
            return Delivery::Went;
        }
        Err(e) => {
            tracing::warn!(error = %crate::logs::Redacted(&e), id, "could not claim an owed message");
            return Delivery::Went;
        }
    }
    // A later edit of the same post is owed already: it carries this news too, so this one is
    // neither drawn nor sent (a burst of bot slots costs one edit, not one each).
    if let Some(anchor) = reply.edits
        && services.superseded(anchor, id).await.unwrap_or(false)
    {
        let ids = services.delivered_as(anchor).await.ok().flatten();
        if let Err(e) = services.delivered(id, &ids.unwrap_or_default(), None).await {
            tracing::warn!(error = %crate::logs::Redacted(&e), id, "could not mark an owed message delivered");
        }
        return Delivery::Went;
    }
    let mut reply = reply.clone();
    reply.followups.clear();
    // A phase's post that a later row edits already: it is posted (the edit needs a message)
    // without its board, which the edit brings as it stands then.
    if reply.edits.is_none() && services.superseded(id, id).await.unwrap_or(false) {
        reply.pictures.clear();
    }
    // Drawn only when it can be posted at once: with 1,000 tours starting together, every
    // board was drawn before the first hundred were posted, and the bot held them all (290 MB
    // at its peak; docs/speed.md).
    phases.mark("superseded");
    let _posting = POSTING.acquire().await;
    phases.mark("posting");
    // Drawn on all cores but one: the directors' answers keep the last (`for_posts`).
    crate::services::for_posts(services.draw(&mut reply)).await;
    phases.mark("draw");
    if failpoint::hit(channel, failpoint::Crash::BeforePost) {
        return Delivery::Stopped;
    }
    if let Some(anchor) = reply.edits {
        let edited = edit_phase_post(http, services, channel, &reply, id, anchor).await;
        phases.mark("edit");
        match edited {
            Edited::Yes => return Delivery::Went,
            Edited::Stopped => return Delivery::Stopped,
            Edited::No => {}
        }
    }
    let mut posted = Vec::new();
    for (n, part) in messages::parts(&reply).iter().enumerate() {
        match send_retrying(http, channel, || {
            messages::owed_message(part, &owing.nonce, n)
        })
        .await
        {
            Ok(message) => posted.push(message.id),
            Err(e) => {
                tracing::warn!(error = %crate::logs::Redacted(&e), %channel, id, "could not post what the channel is owed");
                return Delivery::Went;
            }
        }
    }
    phases.mark("send");
    if failpoint::hit(channel, failpoint::Crash::BeforeRemember) {
        return Delivery::Stopped;
    }
    let ids: Vec<String> = posted.iter().map(|m| m.to_string()).collect();
    if let Some(anchor) = reply.edits {
        // The phase's post was never made (its row still owed): this message is it now, and
        // the phase's later news edits it.
        if let Err(e) = services.delivered(anchor, &ids, None).await {
            tracing::warn!(error = %crate::logs::Redacted(&e), anchor, "could not mark a phase's post delivered");
        }
    }
    remember_delivered(http, services, channel, &reply, id, &ids).await;
    phases.mark("remember");
    Delivery::Went
}

/// How many owed messages are drawn and posted at once, across channels. Discord takes about
/// fifty requests a second from a bot, so more at once would only wait there, each holding its
/// pictures.
const POSTS_AT_ONCE: usize = 16;

static POSTING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(POSTS_AT_ONCE);

/// The pauses before each new try of a post that Discord refused for a while: rate limited
/// (429) or failing on its side (5xx). Past them the message stays owed, and the sweep of a
/// later tick posts it once its claim has run out.
const RETRY_PAUSES: [std::time::Duration; 3] = [
    std::time::Duration::from_millis(250),
    std::time::Duration::from_secs(1),
    std::time::Duration::from_secs(2),
];

/// Posts a message, trying again after a 429 or a 5xx: the same message with the same nonce,
/// so a try that reached Discord before its answer was lost is not doubled.
async fn send_retrying(
    http: &Http,
    channel: ChannelId,
    message: impl Fn() -> serenity::all::CreateMessage,
) -> serenity::Result<serenity::all::Message> {
    let mut pauses = RETRY_PAUSES.iter();
    loop {
        match channel.send_message(http, message()).await {
            Err(e) if passing_fault(&e) => match pauses.next() {
                Some(pause) => {
                    tracing::warn!(error = %crate::logs::Redacted(&e), %channel, "Discord refused a post for now; trying again");
                    tokio::time::sleep(*pause).await;
                }
                None => return Err(e),
            },
            done => return done,
        }
    }
}

/// Whether Discord's answer says to try again later: rate limited, or an error of its own.
fn passing_fault(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(h) => h
            .status_code()
            .is_some_and(|s| s.as_u16() == 429 || s.is_server_error()),
        _ => false,
    }
}

/// How long a delivery waits for an earlier message of its channel that another process posts.
const WAIT_ELSEWHERE: std::time::Duration = std::time::Duration::from_secs(5);

async fn wait_delivered_elsewhere(services: &Services, id: i64) {
    let until = tokio::time::Instant::now() + WAIT_ELSEWHERE;
    while tokio::time::Instant::now() < until {
        if services.is_delivered(id).await.unwrap_or(false) {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// Marks an owed row delivered as the channel messages `ids`, the round's post remembered in
/// the same step (the card goes with the last message, see `messages::parts`), then brings the
/// card up to date if a director chose meanwhile.
async fn remember_delivered(
    http: &Http,
    services: &Services,
    channel: ChannelId,
    reply: &Reply,
    id: i64,
    ids: &[String],
) {
    let post = reply.turn.as_ref().zip(ids.last()).map(|(card, last)| {
        (
            card,
            TurnPost {
                channel_id: channel.to_string(),
                message_id: last.clone(),
            },
        )
    });
    match services
        .delivered(id, ids, post.as_ref().map(|(c, p)| (*c, p)))
        .await
    {
        // The delivery lock is held: the card is drawn as it stands, without taking it again.
        Ok(Some(now)) => tick_off_held(http, services, &now).await,
        Ok(None) => {}
        Err(e) => {
            tracing::warn!(error = %crate::logs::Redacted(&e), id, "could not mark an owed message delivered")
        }
    }
}

/// How an edit of a turn's post went.
enum Edited {
    Yes,
    /// There is no post to edit (never made, or deleted): the news is posted instead.
    No,
    /// A crash test's failpoint stopped the delivery after the edit.
    Stopped,
}

/// Delivers row `id` as an edit of the turn's post (row `anchor`'s message): its text (the
/// turn so far), board, buttons and card replace what the post showed.
async fn edit_phase_post(
    http: &Http,
    services: &Services,
    channel: ChannelId,
    reply: &Reply,
    id: i64,
    anchor: i64,
) -> Edited {
    let message = match services.delivered_as(anchor).await {
        Ok(Some(ids)) => ids.last().and_then(|m| m.parse::<u64>().ok()),
        Ok(None) => None,
        Err(e) => {
            tracing::warn!(error = %crate::logs::Redacted(&e), anchor, "could not look up a turn's post");
            None
        }
    };
    let Some(message) = message.filter(|&m| m != 0) else {
        return Edited::No;
    };
    let ids = [message.to_string()];
    let Some(part) = messages::parts(reply).pop() else {
        return Edited::No;
    };
    if let Err(e) = channel
        .edit_message(http, MessageId::new(message), messages::phase_edit(&part))
        .await
    {
        tracing::warn!(error = %crate::logs::Redacted(&e), %channel, id, "could not edit a turn's post; posting anew");
        return Edited::No;
    }
    if failpoint::hit(channel, failpoint::Crash::AfterEdit) {
        return Edited::Stopped;
    }
    if reply.turn.is_none() {
        // The post shows no card now: a tick-off late on its way must not put one back
        // (a post closed because its turn goes on in a new one; see `closed_turn_post`).
        let post = TurnPost {
            channel_id: channel.to_string(),
            message_id: message.to_string(),
        };
        if let Err(e) = services.closed_turn_post(id, &post).await {
            tracing::warn!(error = %crate::logs::Redacted(&e), id, "could not forget a closed turn's post");
        }
    }
    remember_delivered(http, services, channel, reply, id, &ids).await;
    Edited::Yes
}

/// The lock that keeps one channel's deliveries in order.
fn channel_lock(channel: ChannelId) -> Arc<tokio::sync::Mutex<()>> {
    static LOCKS: std::sync::LazyLock<
        std::sync::Mutex<std::collections::HashMap<u64, Arc<tokio::sync::Mutex<()>>>>,
    > = std::sync::LazyLock::new(Default::default);
    let mut locks = LOCKS.lock().unwrap_or_else(|p| p.into_inner());
    Arc::clone(locks.entry(channel.get()).or_default())
}

/// Posts, in order, what a previous run left owed (`services.undelivered()`, read before the
/// gateway and the scheduler start, so nothing this run owes is among them).
pub async fn owed(http: Arc<Http>, services: Arc<Services>, list: Vec<Owed>) {
    if !list.is_empty() {
        tracing::info!(
            messages = list.len(),
            "posting what the channels are still owed"
        );
    }
    let mut moved: Vec<ChannelId> = Vec::new();
    for o in list {
        let Some(channel) = parse_channel(&o.channel_id) else {
            continue;
        };
        if post_owed(&http, &services, channel, &o.reply).await == Delivery::Stopped {
            return;
        }
        if !moved.contains(&channel) {
            moved.push(channel);
        }
    }
    for channel in moved {
        refresh_status(&http, &services, channel).await;
    }
}

/// Fault injection for crash tests: the next delivery of an owed message in a channel stops
/// at the given moment, as if the process died there, and leaves it to the next start. Inert
/// unless a test arms it.
#[doc(hidden)]
pub mod failpoint {
    use serenity::all::ChannelId;
    use std::sync::Mutex;

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Crash {
        /// After the commit, before anything is posted.
        BeforePost,
        /// After the post, before it is marked delivered (and the round's post remembered).
        BeforeRemember,
        /// After the edit of a turn's post, before it is marked delivered.
        AfterEdit,
    }

    static ARMED: Mutex<Vec<(u64, Crash)>> = Mutex::new(Vec::new());

    pub fn arm(channel: u64, at: Crash) {
        ARMED.lock().expect("failpoints").push((channel, at));
    }

    /// Whether the point is still armed (a test waits for its hit before it stops the bot).
    pub fn armed(channel: u64, at: Crash) -> bool {
        ARMED.lock().expect("failpoints").contains(&(channel, at))
    }

    /// Whether the delivery must stop here; a hit disarms the point.
    pub(super) fn hit(channel: ChannelId, at: Crash) -> bool {
        let mut armed = ARMED.lock().expect("failpoints");
        match armed.iter().position(|&a| a == (channel.get(), at)) {
            Some(i) => {
                armed.remove(i);
                tracing::warn!(%channel, ?at, "failpoint: the delivery stops here");
                true
            }
            None => false,
        }
    }
}

/// Posts a public message in the channel; a round's opening message is remembered. Returns
/// the message made, if Discord took it.
async fn post(
    http: &Http,
    services: &Services,
    channel: ChannelId,
    part: &Part,
    ping: &[UserId],
) -> Option<MessageId> {
    match channel
        .send_message(http, messages::channel_message(part, ping))
        .await
    {
        Ok(message) => {
            if let Some(card) = &part.card {
                let post = TurnPost {
                    channel_id: channel.to_string(),
                    message_id: message.id.to_string(),
                };
                if let Err(e) = services.remember_turn_post(card, &post).await {
                    tracing::warn!(error = %crate::logs::Redacted(&e), "could not remember where a round was posted");
                }
            }
            Some(message.id)
        }
        Err(e) => {
            tracing::warn!(error = %crate::logs::Redacted(&e), %channel, "could not post in the channel");
            None
        }
    }
}

/// Edits a turn's post to show who has chosen since, in the order of the channel's deliveries:
/// the post of the tour raced in `channel`, where the choice was made.
async fn tick_off(http: &Http, services: &Services, channel: ChannelId, card: &TurnCard) {
    let lock = channel_lock(channel);
    let _delivering = lock.lock().await;
    tick_off_held(http, services, card).await;
}

/// As [`tick_off`], the channel's delivery lock held. The card is drawn as the turn stands now
/// (the store read under the lock): an edit late on its way never puts back the card of a turn
/// whose post has since told how it ended.
async fn tick_off_held(http: &Http, services: &Services, card: &TurnCard) {
    let post = match services.turn_post(card).await {
        Ok(Some(post)) => post,
        // Posted by another adapter (the terminal) or before posts were remembered.
        Ok(None) => return,
        Err(e) => {
            tracing::warn!(error = %crate::logs::Redacted(&e), "could not look up a round's message");
            return;
        }
    };
    let (Ok(channel), Ok(message)) = (
        post.channel_id.parse::<u64>(),
        post.message_id.parse::<u64>(),
    ) else {
        tracing::warn!(?post, "a stored round message has an unreadable id");
        return;
    };
    let now = match services.card_now(&post.channel_id, card).await {
        Ok(Some(now)) => now,
        // The turn is over: its post tells how it ended, with no card.
        Ok(None) => return,
        Err(e) => {
            tracing::warn!(error = %crate::logs::Redacted(&e), "could not read a round's card");
            return;
        }
    };
    if let Err(e) = ChannelId::new(channel)
        .edit_message(http, MessageId::new(message), messages::turn_edit(&now))
        .await
    {
        // Someone may have deleted it: the round goes on without its card.
        tracing::warn!(error = %crate::logs::Redacted(&e), "could not tick a team off the round's message");
    }
}

/// Sends what the scheduler produced. Public news is posted as it is; the reminders of one
/// channel go out as one message that mentions every late director once.
pub async fn outgoing(http: &Http, services: &Services, out: Vec<Outgoing>) {
    let mut reminders: Vec<(String, Vec<Outgoing>)> = Vec::new();
    // The channels whose tour moved: their status message is brought up to date after.
    let mut moved: Vec<ChannelId> = Vec::new();
    for o in out {
        if o.user_id.is_some() {
            match reminders.iter_mut().find(|(c, _)| *c == o.channel_id) {
                Some((_, list)) => list.push(o),
                None => reminders.push((o.channel_id.clone(), vec![o])),
            }
            continue;
        }
        let Some(channel) = parse_channel(&o.channel_id) else {
            continue;
        };
        if !moved.contains(&channel) {
            moved.push(channel);
        }
        for r in o.reply.all() {
            match r.owed {
                Some(_) => {
                    if post_owed(http, services, channel, r).await == Delivery::Stopped {
                        return;
                    }
                }
                // The scheduler has no one to answer privately: its news is all public.
                None => {
                    for part in messages::parts_of(r) {
                        post(http, services, channel, &part, &[]).await;
                    }
                }
            }
        }
    }
    for channel in moved {
        refresh_status(http, services, channel).await;
    }
    for (channel_id, list) in reminders {
        let Some(channel) = parse_channel(&channel_id) else {
            continue;
        };
        let (part, ping) = reminder_part(&list);
        post(http, services, channel, &part, &ping).await;
    }
}

/// Brings the channel's tour status message up to date (issue 36): posted and pinned when the
/// running tour has none yet, edited in place when what it shows changed, left alone
/// otherwise; never posted again by the bot itself (`/tour status` does that). Under the
/// channel's delivery lock, so that two refreshes never both post it.
pub async fn refresh_status(http: &Http, services: &Services, channel: ChannelId) {
    let lock = channel_lock(channel);
    let _delivering = lock.lock().await;
    let card = match services.status_card(&channel.to_string()).await {
        Ok(Some(card)) => card,
        Ok(None) => return,
        Err(e) => {
            tracing::warn!(error = %crate::logs::Redacted(&e), %channel, "could not read a tour's status");
            return;
        }
    };
    let text = messages::status_text(&card);
    match services.status_post(card.tour_id).await {
        Ok(Some(post)) if post.shown == text => {}
        Ok(Some(post)) => {
            let Ok(message) = post.message_id.parse::<u64>() else {
                return;
            };
            match channel
                .edit_message(http, MessageId::new(message), messages::status_edit(&text))
                .await
            {
                Ok(_) => {
                    if let Err(e) = services
                        .status_shown(card.tour_id, &post.message_id, &text)
                        .await
                    {
                        tracing::warn!(error = %crate::logs::Redacted(&e), "could not remember a status message's text");
                    }
                }
                Err(e) => {
                    // Deleted in the channel: forgotten, and `/tour status` posts a new one.
                    tracing::warn!(error = %crate::logs::Redacted(&e), %channel, "could not edit the tour's status message");
                    if unknown_message(&e)
                        && let Err(e) = services
                            .forget_status_post(card.tour_id, &post.message_id)
                            .await
                    {
                        tracing::warn!(error = %crate::logs::Redacted(&e), "could not forget a status message");
                    }
                }
            }
        }
        Ok(None) if !card.over => {
            post_status(http, services, channel, card.tour_id, &text).await;
        }
        Ok(None) => {}
        Err(e) => {
            tracing::warn!(error = %crate::logs::Redacted(&e), "could not look up a tour's status message");
        }
    }
}

/// `/tour status` in Discord: the status message of the channel's tour posted again at the
/// bottom of the channel and pinned, the one before deleted (one status message a tour).
/// `false` when the channel has no tour that has one (in its lobby, or none).
pub async fn repost_status(http: &Http, services: &Services, channel: ChannelId) -> bool {
    let lock = channel_lock(channel);
    let _delivering = lock.lock().await;
    let card = match services.status_card(&channel.to_string()).await {
        Ok(Some(card)) => card,
        Ok(None) => return false,
        Err(e) => {
            tracing::warn!(error = %crate::logs::Redacted(&e), %channel, "could not read a tour's status");
            return false;
        }
    };
    let before = services.status_post(card.tour_id).await.ok().flatten();
    let text = messages::status_text(&card);
    if !post_status(http, services, channel, card.tour_id, &text).await {
        return false;
    }
    if let Some(old) = before.and_then(|p| p.message_id.parse::<u64>().ok())
        && let Err(e) = channel.delete_message(http, MessageId::new(old)).await
    {
        tracing::warn!(error = %crate::logs::Redacted(&e), %channel, "could not delete the tour's old status message");
    }
    true
}

/// Posts the status message, pins it and remembers it. Pinning needs the right to manage
/// messages: without it the message stays, unpinned, and the log says why.
async fn post_status(
    http: &Http,
    services: &Services,
    channel: ChannelId,
    tour_id: i64,
    text: &str,
) -> bool {
    let message = match channel
        .send_message(http, messages::status_message(text))
        .await
    {
        Ok(message) => message,
        Err(e) => {
            tracing::warn!(error = %crate::logs::Redacted(&e), %channel, "could not post the tour's status message");
            return false;
        }
    };
    if let Err(e) = channel.pin(http, message.id).await {
        tracing::warn!(error = %crate::logs::Redacted(&e), %channel, "could not pin the tour's status message");
    }
    let post = StatusPost {
        channel_id: channel.to_string(),
        message_id: message.id.to_string(),
        shown: text.to_string(),
    };
    if let Err(e) = services.remember_status_post(tour_id, &post).await {
        tracing::warn!(error = %crate::logs::Redacted(&e), "could not remember the tour's status message");
    }
    true
}

/// Whether Discord answered that the message is not there (deleted).
fn unknown_message(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(h) => h.status_code().is_some_and(|s| s.as_u16() == 404),
        _ => false,
    }
}

/// One public message for the reminders of one channel: who is late, by mention, and the way
/// into their hand. It names teams, never cards.
pub fn reminder_part(list: &[Outgoing]) -> (Part, Vec<UserId>) {
    let mut ping = Vec::new();
    let mut lines = Vec::new();
    let mut buttons = Vec::new();
    for o in list {
        let user = o.user_id.as_deref().and_then(|u| u.parse::<u64>().ok());
        match user {
            Some(u) => {
                ping.push(UserId::new(u));
                lines.push(msg!("reminder-ping", user = u, text = &o.reply.text));
            }
            None => lines.push(o.reply.text.clone()),
        }
        for b in &o.reply.buttons {
            if !buttons.contains(b) {
                buttons.push(b.clone());
            }
        }
    }
    let part = Part {
        text: lines.join("\n"),
        files: Vec::new(),
        buttons,
        card: None,
        private: false,
    };
    (part, ping)
}

fn parse_channel(id: &str) -> Option<ChannelId> {
    match id.parse::<u64>() {
        Ok(n) if n != 0 => Some(ChannelId::new(n)),
        _ => {
            tracing::warn!(channel = id, "a tour's channel id is not a Discord id");
            None
        }
    }
}
