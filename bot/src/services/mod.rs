//! The application services: everything a player or an admin can do, as plain async functions
//! over the store and the engine. They know nothing about Discord: each returns a [`Reply`], or
//! a [`ServiceError::Refused`] whose sentence says what is wrong and what to do.
//!
//! Every change runs in one store transaction under its channel's lock (one tour a channel), so
//! two requests on a tour never interleave while other tours go on: a turn (the choices, their events, the next round, a finished stage and the next
//! stage) lands whole or not at all, and with it what it owes the channel (see [`owed`]):
//! replies say what to draw, and the pictures are drawn after the commit ([`Services::draw`]).

mod admin;
mod audit;
mod book;
mod info;
mod library;
mod live;
mod lobby;
mod locks;
mod mentions;
mod narrate;
mod odds;
mod owed;
mod play;
mod posts;
mod reads;
mod record;
mod repechage;
mod reply;
mod stage_log;
mod status;
mod verify;
mod warm;

/// How long a stage nobody asks for stays kept in memory ([`Services::rest`]).
pub const REST_SECS: Timestamp = 15;

/// While some tours are played, how often at most the memory freed by those at rest is given
/// back to the system ([`Services::rest`]): a trim holds the allocator's locks, so every
/// thread that allocates waits meanwhile (5-23 ms with 1,000 tours live, docs/speed.md).
pub const TRIM_EVERY_SECS: Timestamp = 60;

pub use crate::store::outbox::Claim;
pub use audit::{Difference, StageAudit};
pub use book::{BOOK_FILE, linked_files};
pub use info::Board;
pub use library::Library;
pub use lobby::{STARTS_AT_ONCE, check_team_name};
pub use mentions::CommandIds;
pub use owed::{CLAIM_LEASE_SECS, Owed, Picture, UNCLAIMED_GRACE_SECS, for_posts};
pub(crate) use play::Tended;
pub use play::{Pick, option_text, play_options};
pub use record::{TourFile, commitment};
pub use reply::{
    ButtonAction, ButtonSpec, Owing, Pressed, Reply, TeamTick, TurnCard, choice_button_id,
    hand_button, parse_button, vote_button_id,
};
pub use status::StatusCard;
pub use verify::{Replay, Report, Seal, StageCheck, verify};

use crate::clock::{Clock, Timestamp};
use crate::store::tours::{self, TourRow, TourStatus};
use crate::store::{Store, StoreError};
use commissaire_engine::registry::{self, Word, Words};
use commissaire_messages::{Language, speaking};
use std::path::Path;
use std::sync::Arc;

/// Who asks. Whether they are an admin is the adapter's to say (Discord permissions), and so
/// are the languages they read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub user_id: String,
    pub is_admin: bool,
    /// Their own language (Discord's `locale` of the member), when the catalogue speaks it:
    /// what their private answers are worded in. `None`: the tour's language.
    pub locale: Option<Language>,
    /// The language their server prefers (Discord's `guild_locale`), when the catalogue speaks
    /// it: a new tour's language unless the admin names one.
    pub guild_locale: Option<Language>,
}

impl Actor {
    pub fn player(user_id: impl Into<String>) -> Self {
        Actor {
            user_id: user_id.into(),
            is_admin: false,
            locale: None,
            guild_locale: None,
        }
    }
    pub fn admin(user_id: impl Into<String>) -> Self {
        Actor {
            is_admin: true,
            ..Actor::player(user_id)
        }
    }

    /// The same actor, reading `language` (their Discord locale, or the terminal's `--lang`).
    pub fn reading(mut self, language: Option<Language>) -> Self {
        self.locale = language;
        self
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// The request is not allowed or not possible now: the sentence is for the user.
    #[error("{0}")]
    Refused(String),
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The configuration or the stored tour cannot be used (a course file gone, a replay that
    /// no longer matches): for the operator, not the player.
    #[error("{0}")]
    Broken(String),
}

impl ServiceError {
    pub(crate) fn refused(sentence: impl Into<String>) -> Self {
        ServiceError::Refused(sentence.into())
    }

    /// The reply an adapter shows for this error: the refusal itself, or an apology.
    pub fn to_reply(&self) -> Reply {
        match self {
            ServiceError::Refused(s) => Reply::private(s.clone()),
            other => Reply::private(commissaire_messages::msg!(
                "service-broken",
                error = other.to_string()
            )),
        }
    }
}

pub type ServiceResult = Result<Reply, ServiceError>;

/// How a tour is set up when it is created.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TourSettings {
    /// A preset of `config/tours/`, by file name or name.
    pub preset: String,
    /// How many teams ride; empty seats go to bots at the start.
    pub seats: u8,
    /// How long a round stays open before the bot plays for late teams.
    pub turn_deadline_secs: i64,
    /// The tour's seed (every stage seed derives from it); `None`: from the clock.
    pub seed: Option<u64>,
    /// How long a director has for a decision only they owe (a game of turns, where the
    /// others wait on them); `None`: the round's deadline for every decision.
    pub decision_deadline_secs: Option<i64>,
    /// The language of its channel posts, pictures and tour book; `None`: the server's
    /// preferred language when the catalogue speaks it, else English.
    pub language: Option<Language>,
}

impl Default for TourSettings {
    fn default() -> Self {
        TourSettings {
            preset: "week".into(),
            seats: 4,
            turn_deadline_secs: 3600,
            seed: None,
            decision_deadline_secs: None,
            language: None,
        }
    }
}

/// The claims' name of a process that was given none: the one `serve` of a single process.
pub const DEFAULT_WORKER: &str = "serve";

/// The most teams a tour takes: the start area grows to hold any field, but beyond eight the
/// board picture and the standings stop being readable.
pub const MAX_SEATS: u8 = 8;

/// What a held choice notifies, and what it waits for.
type Hold = (Arc<tokio::sync::Notify>, Arc<tokio::sync::Notify>);

pub struct Services {
    store: Store,
    library: Library,
    clock: Arc<dyn Clock>,
    /// One lock per channel (so per tour): a tour's requests never interleave, other tours'
    /// go on. `BEGIN IMMEDIATE` serialises the write transactions themselves.
    locks: locks::Locks,
    /// The stages being raced, as rebuilt: an answer replays nothing while its stage is kept.
    warm: warm::WarmStages,
    /// The tours starting now ([`lobby::STARTS_AT_ONCE`] at most), and the most there were.
    starts: lobby::Starts,
    /// What requests read of each channel's tour, under the count of its changes.
    kept: reads::KeptReads,
    /// Choices applied by replays since start-up: what the warm stages save, for tests.
    replayed: std::sync::atomic::AtomicU64,
    /// Choices that found their tour changed by another process between their read and their
    /// write transaction, and read it again in the transaction (see `Services::choose`).
    reread: std::sync::atomic::AtomicU64,
    /// How often the rest passes gave memory back, and how long that took.
    trims: crate::memory::Trims,
    /// For tests: the next choice stops between its read and its write transaction (see
    /// [`Services::hold_next_choice_after_read`]).
    hold_after_read: std::sync::Mutex<Option<Hold>>,
    /// The last boards and profiles drawn, so that one drawn already is not drawn again.
    drawn: Arc<owed::DrawnPictures>,
    pictures: bool,
    /// The ids Discord gave the slash commands, once the adapter has registered them.
    commands: CommandIds,
    /// This process's name in the outbox's claims (see [`Services::with_worker`]).
    worker: String,
    /// Whether stage seeds are drawn afresh (see [`Services::with_drawn_seeds`]).
    drawn_seeds: bool,
}

impl Services {
    /// Opens the database (applying migrations) and reads the configuration from `config_dir`.
    pub async fn open(
        database: impl Into<crate::store::Database>,
        config_dir: &Path,
        clock: Arc<dyn Clock>,
    ) -> Result<Services, ServiceError> {
        Ok(Services::new(
            Store::open(database).await?,
            Library::new(config_dir),
            clock,
        ))
    }

    pub fn new(store: Store, library: Library, clock: Arc<dyn Clock>) -> Services {
        Services {
            store,
            library,
            clock,
            locks: locks::Locks::default(),
            warm: warm::WarmStages::new(warm::CAPACITY),
            kept: reads::KeptReads::new(reads::CAPACITY),
            replayed: std::sync::atomic::AtomicU64::new(0),
            reread: std::sync::atomic::AtomicU64::new(0),
            trims: crate::memory::Trims::default(),
            starts: lobby::Starts::default(),
            hold_after_read: std::sync::Mutex::new(None),
            drawn: Arc::new(owed::DrawnPictures::new(owed::DrawnPictures::CAPACITY)),
            pictures: true,
            commands: CommandIds::default(),
            worker: DEFAULT_WORKER.to_string(),
            drawn_seeds: false,
        }
    }

    /// Whether each stage's seed is drawn from the operating system's generator when the stage
    /// starts (what `serve` does), rather than derived from the tour's seed (off by default:
    /// `demo`, `play` and the tests replay a tour from its seed). A derived seed can be undone
    /// back to the tour's, which gives every later stage's: once a stage's seed is told at its
    /// end, only drawn seeds keep the next ones unknown.
    pub fn with_drawn_seeds(mut self, on: bool) -> Self {
        self.drawn_seeds = on;
        self
    }

    /// Names this process in the claims it makes on owed messages: one name per process that
    /// shares the database, the same across its restarts (`serve` uses its shard range), so
    /// that a process that comes back takes over its own claims at once.
    pub fn with_worker(mut self, name: impl Into<String>) -> Self {
        self.worker = name.into();
        self
    }

    pub(crate) fn worker(&self) -> &str {
        &self.worker
    }

    /// Whether replies carry PNG pictures (boards, profiles, standings). On by default; tests
    /// and quick runs turn it off, as drawing costs more than the rules.
    pub fn with_pictures(mut self, on: bool) -> Self {
        self.pictures = on;
        self
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn library(&self) -> &Library {
        &self.library
    }

    /// The slash commands' ids, which the Discord adapter tells once they are registered.
    pub fn commands(&self) -> &CommandIds {
        &self.commands
    }

    /// The slash command at `path` ("play", "tour create") as a sentence names it, in the
    /// current language: its mention once Discord has told its id (see [`CommandIds`]).
    pub(crate) fn command(&self, path: &str) -> String {
        self.commands.named(path)
    }

    /// How many stored choices were replayed to rebuild stages since start-up. With the stage
    /// kept in memory an answer replays none, whatever the round; after a restart or a miss the
    /// first answer replays the stage once.
    pub fn replayed_choices(&self) -> u64 {
        self.replayed.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// How many times the rest passes gave memory back since start-up, in all how long it
    /// took, and the longest (logged when `serve` closes).
    pub fn trims(&self) -> (u64, std::time::Duration, std::time::Duration) {
        self.trims.read()
    }

    /// How many boards and profiles were drawn since start-up; one asked again with nothing
    /// changed is not drawn again.
    pub fn pictures_drawn(&self) -> u64 {
        self.drawn.count()
    }

    /// How many channels' tours are kept as read (see `services::reads`).
    pub fn kept_reads(&self) -> usize {
        self.kept.len()
    }

    /// How many times a request found what it reads of a tour kept (see `services::reads`).
    pub fn kept_read_hits(&self) -> u64 {
        self.kept.hits()
    }

    /// How many stages are kept in memory (at most a fixed number, least recently used out).
    pub fn warm_stages(&self) -> usize {
        self.warm.len()
    }

    /// How many choices found their tour changed by another process between the read they
    /// were prepared from and their write transaction, and were read again in it.
    pub fn choices_reread(&self) -> u64 {
        self.reread.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// For tests of two processes: the next choice, once it has read its tour on a reader,
    /// notifies `read` (the first) and waits for `go` (the second) before it opens its write
    /// transaction, as a process scheduled away at that moment would.
    pub fn hold_next_choice_after_read(
        &self,
    ) -> (Arc<tokio::sync::Notify>, Arc<tokio::sync::Notify>) {
        let hold = (
            Arc::new(tokio::sync::Notify::new()),
            Arc::new(tokio::sync::Notify::new()),
        );
        *self.hold_after_read.lock().expect("hold") = Some(hold.clone());
        hold
    }

    /// Where a choice stops when a test asked it to (see above).
    pub(crate) async fn after_read(&self) {
        let hold = self.hold_after_read.lock().expect("hold").take();
        if let Some((read, go)) = hold {
            read.notify_one();
            go.notified().await;
        }
    }

    /// How many pictures are kept drawn.
    pub fn pictures_kept(&self) -> usize {
        self.drawn.len()
    }

    /// Lets go of what is kept in memory for tours at rest (issue 34: a tour is not held in
    /// memory between requests): the stages nobody asked for in the last [`REST_SECS`]
    /// seconds and, once no stage is kept, the pictures kept drawn. Then, if anything was let
    /// go, the allocator is asked to give the freed memory back to the system: at once when
    /// nothing is kept any more (the bot at rest), else at most every [`TRIM_EVERY_SECS`]. The
    /// scheduler calls it on each pass; returns how many stages were let go.
    pub async fn rest(&self, now: Timestamp) -> usize {
        let stages = self.warm.rest(now, REST_SECS);
        self.kept.rest(now, REST_SECS);
        let pictures = if self.warm.len() == 0 {
            self.drawn.clear()
        } else {
            0
        };
        let resting = self.warm.len() == 0;
        if stages + pictures > 0 && (resting || self.trims.due(now, TRIM_EVERY_SECS)) {
            // Freed memory stays with the process until the allocator returns it: measured
            // after 200 tours, 226 MB resident at rest, 115 MB once trimmed (docs/speed.md).
            if let Ok(took) = tokio::task::spawn_blocking(crate::memory::timed_trim).await {
                self.trims.count(now, took);
            }
        }
        stages
    }

    /// Forgets every kept stage, as a restart would: the next answer of each tour replays its
    /// stage. For the benches, to show what a miss costs.
    pub fn forget_warm_stages(&self) {
        self.warm.clear();
        self.kept.clear();
    }

    pub(crate) fn now(&self) -> Timestamp {
        self.clock.now()
    }

    /// The lock of the channel's tour, held from before a request reads the tour until after
    /// it commits.
    pub(crate) async fn lock(&self, channel_id: &str) -> tokio::sync::OwnedMutexGuard<()> {
        self.locks.lock(channel_id).await
    }
}

impl Services {
    /// The channel's tour that is not finished, or the refusal every service gives without one:
    /// the true one (issue 32, item 13). After a tour's end it says that tour is over, as
    /// `/tour status` does, not that there is no tour.
    pub(crate) async fn active_tour(
        &self,
        conn: &mut crate::store::Conn,
        channel_id: &str,
    ) -> Result<TourRow, ServiceError> {
        if let Some(tour) = tours::active_in_channel(conn, channel_id).await? {
            return Ok(tour);
        }
        Err(match tours::latest_in_channel(conn, channel_id).await? {
            Some(over) => ServiceError::refused(self.tour_is_over(&over)),
            None => ServiceError::refused(commissaire_messages::msg!("no-tour")),
        })
    }

    /// What is said to anyone who asks for a finished tour to move: it is over, by its name.
    pub(crate) fn tour_is_over(&self, tour: &TourRow) -> String {
        let name = self
            .library
            .preset(&tour.preset)
            .map_or_else(|_| tour.preset.clone(), |p| p.name.clone());
        commissaire_messages::msg!("tour-over-nothing-more", tour = name)
    }

    /// The language a reply to `actor` in `channel_id` is worded in: their own when the
    /// catalogue speaks it, else the channel's tour's, else their server's, else English. The
    /// adapters word each request in it (`in_language`); what the channel reads is worded in the
    /// tour's language by the services themselves ([`in_tour`]).
    pub async fn language_for(&self, actor: &Actor, channel_id: &str) -> Language {
        if let Some(own) = actor.locale {
            return own;
        }
        let tour = match self.store.read().await {
            Ok(mut conn) => tours::language_in_channel(&mut conn, channel_id)
                .await
                .ok()
                .flatten(),
            Err(_) => None,
        };
        tour.or(actor.guild_locale).unwrap_or_default()
    }
}

/// Runs `work` in the tour's language: what its channel reads (public posts, the round's card,
/// pictures) whoever asked.
pub(crate) fn in_tour<R>(tour: &TourRow, work: impl FnOnce() -> R) -> R {
    speaking(tour.language, work)
}

/// The words the tour's game speaks of its turns in (see `Words`): the services never assume
/// one game's turns, they ask its ruleset.
pub(crate) fn words_of(ruleset: &str) -> Words {
    registry::ruleset(ruleset).map_or(registry::RULESETS[0].words, |r| r.words)
}

/// One of a game's words, worded from the catalogue with its arguments.
pub(crate) fn say(word: Word, args: &[(&str, commissaire_messages::Arg)]) -> String {
    commissaire_messages::text(word.0, args)
}

pub(crate) fn require_admin(actor: &Actor, what: &str) -> Result<(), ServiceError> {
    if actor.is_admin {
        Ok(())
    } else {
        Err(ServiceError::refused(commissaire_messages::msg!(
            "admin-only",
            action = what
        )))
    }
}

/// Refuses unless the tour is being raced (running or paused).
pub(crate) fn require_started(tour: &TourRow) -> Result<(), ServiceError> {
    match tour.status {
        TourStatus::Lobby => Err(ServiceError::refused(commissaire_messages::msg!(
            "tour-not-started"
        ))),
        TourStatus::Finished => Err(ServiceError::refused(commissaire_messages::msg!(
            "tour-over"
        ))),
        TourStatus::Running | TourStatus::Paused => Ok(()),
    }
}
