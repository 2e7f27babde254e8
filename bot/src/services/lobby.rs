//! Before the start: create a tour in a channel, join it with a team, leave it, start it.

use super::live::News;
use super::say;
use super::{
    Actor, MAX_SEATS, ServiceError, ServiceResult, Services, TourSettings, in_tour, require_admin,
};
use crate::store::riders;
use crate::store::teams;
use crate::store::tours::{self, NewTour, TourStatus};
use commissaire_engine::Seat;
use commissaire_engine::registry::{Deadlines, Rostered};
use commissaire_messages::{msg, speaking};

/// Names and colours for the teams bots ride, taken in order, skipping any a player chose.
const BOT_TEAMS: [(&str, &str); 8] = [
    ("Vélo Club Mécanique", "grey"),
    ("Les Automates", "orange"),
    ("Pignon Fixe", "purple"),
    ("Roue Libre", "teal"),
    ("Cycles Robot", "brown"),
    ("Les Bielles", "pink"),
    ("Dérailleur Team", "olive"),
    ("Braquet Express", "navy"),
];

const MAX_NAME: usize = 24;

/// The team name as it is stored (trimmed), or the refusal a join would give: for an adapter
/// that wants to check a name before it creates anything (the terminal).
pub fn check_team_name(team_name: &str) -> Result<&str, ServiceError> {
    let name = team_name.trim();
    if name.is_empty() || name.chars().count() > MAX_NAME {
        return Err(ServiceError::refused(msg!(
            "lobby-team-name-length",
            max = MAX_NAME,
            count = name.chars().count()
        )));
    }
    Ok(name)
}

impl Services {
    /// Creates a tour in the channel (admins only). Teams join, then an admin starts it.
    pub async fn create_tour(
        &self,
        actor: &Actor,
        channel_id: &str,
        settings: TourSettings,
    ) -> ServiceResult {
        require_admin(actor, &msg!("admin-action-create"))?;
        if settings.seats == 0 || settings.seats > MAX_SEATS {
            return Err(ServiceError::refused(msg!(
                "lobby-seats",
                max = MAX_SEATS,
                seats = settings.seats
            )));
        }
        if settings.turn_deadline_secs < 1 {
            return Err(ServiceError::refused(msg!("deadline-too-short")));
        }
        if settings.decision_deadline_secs.is_some_and(|s| s < 1) {
            return Err(ServiceError::refused(msg!("decision-deadline-too-short")));
        }
        let preset = self
            .library
            .preset(&settings.preset)
            .map_err(ServiceError::Refused)?;
        let broken = |e: String| {
            ServiceError::Refused(msg!("lobby-preset-course", tour = &preset.name, error = e))
        };
        let options = preset.stage_options().map_err(|e| broken(e.to_string()))?;
        let team_size = preset.entrants().map_err(|e| broken(e.to_string()))?.len();
        // Check every course now, so a typo in a preset is found before anyone joins.
        for plan in &preset.stages {
            self.library.course(&plan.course).map_err(|e| {
                ServiceError::Refused(msg!(
                    "lobby-preset-course",
                    tour = &preset.name,
                    error = e.to_string()
                ))
            })?;
        }
        // The tour's own, else its preset's (a game of short slots sets one).
        let decision_deadline = settings
            .decision_deadline_secs
            .or(preset.decision_deadline.map(|m| i64::from(m) * 60));
        let now = self.now();
        let seed = settings.seed.unwrap_or_else(|| seed_from(channel_id, now));
        let language = settings.language.or(actor.guild_locale).unwrap_or_default();
        let _guard = self.lock(channel_id).await;
        let mut tx = self.store.begin_channel(channel_id).await?;
        if let Some(t) = tours::active_in_channel(&mut tx, channel_id).await? {
            return Err(ServiceError::refused(msg!(
                "lobby-tour-exists",
                preset = &t.preset,
                status = t.status.as_str()
            )));
        }
        tours::insert(
            &mut tx,
            &NewTour {
                channel_id,
                preset: &settings.preset,
                seed,
                seats: settings.seats,
                turn_deadline_secs: settings.turn_deadline_secs,
                // The tour's own, else its preset's (a game of short slots sets one).
                decision_deadline_secs: decision_deadline,
                ruleset: &preset.ruleset,
                options: &options,
                created_by: &actor.user_id,
                created_at: now,
                language,
            },
        )
        .await?;
        self.store.commit(tx).await?;
        // The channel reads the news in the tour's language, whoever created it.
        Ok(Reply::public(speaking(language, || {
            let words = super::words_of(&preset.ruleset);
            let round = duration_text(settings.turn_deadline_secs);
            let deadline = match words.deadlines {
                Deadlines::PerRound => say(words.deadline, &[("round", round.into())]),
                Deadlines::PerDecision | Deadlines::PerDecisionWithAnswers => {
                    let decision = decision_deadline.unwrap_or(settings.turn_deadline_secs);
                    let mut args = vec![
                        ("decision", duration_text(decision).into()),
                        ("round", round.into()),
                    ];
                    if words.deadlines == Deadlines::PerDecisionWithAnswers {
                        let answer = super::live::answer_secs_of(decision);
                        args.push(("answer", duration_text(answer).into()));
                    }
                    say(words.deadline, &args)
                }
            };
            msg!(
                "lobby-open",
                tour = &preset.name,
                stages = preset.stages.len(),
                teams = settings.seats,
                riders = team_size,
                deadline = deadline,
                tour_join = self.command("tour join"),
                tour_start = self.command("tour start")
            )
        })))
    }

    /// Joins the channel's tour with a new team directed by the actor.
    pub async fn join(
        &self,
        actor: &Actor,
        channel_id: &str,
        team_name: &str,
        colour: &str,
    ) -> ServiceResult {
        let name = check_team_name(team_name)?;
        let colour = colour.trim();
        if colour.is_empty() || colour.chars().count() > MAX_NAME {
            return Err(ServiceError::refused(msg!("lobby-colour-missing")));
        }
        let _guard = self.lock(channel_id).await;
        let mut tx = self.store.begin_channel(channel_id).await?;
        let tour = self.active_tour(&mut tx, channel_id).await?;
        if tour.status != TourStatus::Lobby {
            return Err(ServiceError::refused(msg!("lobby-join-too-late")));
        }
        let teams = teams::list(&mut tx, tour.id).await?;
        if let Some(t) = teams
            .iter()
            .find(|t| t.director.as_deref() == Some(actor.user_id.as_str()))
        {
            return Err(ServiceError::refused(msg!(
                "lobby-already-in",
                team = &t.name
            )));
        }
        if teams.iter().any(|t| t.name.eq_ignore_ascii_case(name)) {
            return Err(ServiceError::refused(msg!("lobby-name-taken", name = name)));
        }
        if teams.len() >= tour.seats as usize {
            return Err(ServiceError::refused(msg!(
                "lobby-full",
                seats = tour.seats
            )));
        }
        teams::insert(&mut tx, tour.id, name, colour, Some(&actor.user_id)).await?;
        self.store.commit(tx).await?;
        Ok(Reply::public(in_tour(&tour, || {
            msg!(
                "lobby-joined",
                team = name,
                colour = colour,
                taken = teams.len() + 1,
                seats = tour.seats
            )
        })))
    }

    /// Leaves the tour: in the lobby the team is withdrawn; once started a bot rides it on.
    pub async fn leave(&self, actor: &Actor, channel_id: &str) -> ServiceResult {
        let _guard = self.lock(channel_id).await;
        let now = self.now();
        let mut tx = self.store.begin_channel(channel_id).await?;
        let tour = self.active_tour(&mut tx, channel_id).await?;
        let teams = teams::list(&mut tx, tour.id).await?;
        let team = teams
            .iter()
            .find(|t| t.director.as_deref() == Some(actor.user_id.as_str()))
            .ok_or_else(|| ServiceError::refused(msg!("lobby-not-in")))?;
        if tour.status == TourStatus::Lobby {
            teams::delete(&mut tx, team.id).await?;
            self.store.commit(tx).await?;
            return Ok(Reply::public(in_tour(&tour, || {
                msg!("lobby-withdraws", team = &team.name)
            })));
        }
        let name = team.name.clone();
        teams::set_director(&mut tx, team.id, None).await?;
        let mut live = self.load_live(&mut tx, tour).await?;
        let mut news = News::default();
        self.settle(&mut tx, &mut live, now, &mut news).await?;
        let owed = self.owe_news(&mut tx, &live, news).await?;
        self.store.commit(tx).await?;
        let mut reply = Reply::public(in_tour(&live.tour, || {
            msg!("lobby-director-leaves", team = name)
        }));
        reply.followups = owed;
        Ok(reply)
    }

    /// Starts the tour (admins only): bots take the empty seats, every team enters its riders,
    /// stage 1 opens and the bots play their first choices.
    pub async fn start(&self, actor: &Actor, channel_id: &str) -> ServiceResult {
        require_admin(actor, &msg!("admin-action-start"))?;
        let _starting = self.starts.enter().await;
        let _guard = self.lock(channel_id).await;
        let now = self.now();
        let mut tx = self.store.begin_channel(channel_id).await?;
        let mut tour = self.active_tour(&mut tx, channel_id).await?;
        if tour.status != TourStatus::Lobby {
            return Err(ServiceError::refused(msg!("lobby-already-started")));
        }
        let preset = self
            .library
            .preset(&tour.preset)
            .map_err(ServiceError::Refused)?;
        let mut list = teams::list(&mut tx, tour.id).await?;
        let free: Vec<(&str, &str)> = BOT_TEAMS
            .iter()
            .copied()
            .filter(|(name, _)| !list.iter().any(|t| t.name.eq_ignore_ascii_case(name)))
            .collect();
        let mut bots = free.into_iter();
        while list.len() < tour.seats as usize {
            let (name, colour) = bots
                .next()
                .ok_or_else(|| ServiceError::Broken(msg!("lobby-no-bot-names")))?;
            teams::insert(&mut tx, tour.id, name, colour, None).await?;
            list = teams::list(&mut tx, tour.id).await?;
        }
        // Seats in joining order: the players first, then the bots.
        for (seat, team) in list.iter().enumerate() {
            teams::set_seat(&mut tx, team.id, seat as Seat).await?;
        }
        let list = teams::list(&mut tx, tour.id).await?;
        let names: Vec<String> = list.iter().map(|t| t.name.clone()).collect();
        let roster = preset
            .entrants()
            .map_err(|e| ServiceError::Broken(format!("{}: {e}", preset.name)))?;
        // A rider with no name of his own is called in the tour's language ("Coureur 2"), and
        // keeps that one name everywhere: his key is the name. Then the riders as the game
        // names them (a Maillot Jaune rider is the card he is dealt); riders that cannot all be
        // dealt are the admin's to fix, in a sentence.
        let roster = in_tour(&tour, || named_in_language(roster));
        let entered = preset.riders_of(&names, &roster).map_err(|e| {
            ServiceError::refused(msg!(
                "lobby-riders-refused",
                tour = &preset.name,
                reason = e
            ))
        })?;
        for rider in entered {
            riders::insert(&mut tx, tour.id, &rider).await?;
        }
        tours::set_status(&mut tx, tour.id, TourStatus::Running, now).await?;
        tour.status = TourStatus::Running;
        let mut news = News::default();
        let mut live = self
            .start_stage(&mut tx, tour, list.clone(), 1, now, &mut news)
            .await?;
        self.settle(&mut tx, &mut live, now, &mut news).await?;
        let owed = self.owe_news(&mut tx, &live, news).await?;
        self.store.commit(tx).await?;
        self.keep(&live);
        let humans: Vec<&str> = list
            .iter()
            .filter(|t| !t.is_bot())
            .map(|t| t.name.as_str())
            .collect();
        let teams = names.join(", ");
        let mut reply = Reply::public(in_tour(&live.tour, || {
            if humans.is_empty() {
                msg!(
                    "lobby-starts-bots",
                    tour = &preset.name,
                    count = list.len(),
                    teams = teams
                )
            } else {
                msg!(
                    "lobby-starts",
                    tour = &preset.name,
                    count = list.len(),
                    teams = teams,
                    call = say(super::words_of(&preset.ruleset).call_to_directors, &[])
                )
            }
        }));
        reply.followups = owed;
        Ok(reply)
    }
}

use super::Reply;

/// How many tours one process starts at a time; the others wait their turn (their answers are
/// deferred, as any slow answer is). A start writes the tour's riders and its first stage in one
/// write transaction and owes the channel its first posts: a thousand tours started in the same
/// second held them all at once. Measured with the load program, 1,000 tours started together:
/// the bot's peak 216-218 MB, and 158-168 MB four at a time (docs/speed.md). The starts queue for
/// the one writer anyway, so a bound costs them no time.
pub const STARTS_AT_ONCE: usize = 4;

/// The bound on starts at a time, and a count of them for the tests.
pub(crate) struct Starts {
    permits: tokio::sync::Semaphore,
    now: std::sync::atomic::AtomicUsize,
    most: std::sync::atomic::AtomicUsize,
}

impl Default for Starts {
    fn default() -> Self {
        Starts {
            permits: tokio::sync::Semaphore::new(STARTS_AT_ONCE),
            now: std::sync::atomic::AtomicUsize::new(0),
            most: std::sync::atomic::AtomicUsize::new(0),
        }
    }
}

/// One start under way: counted until dropped.
pub(crate) struct Starting<'a> {
    starts: &'a Starts,
    _permit: Option<tokio::sync::SemaphorePermit<'a>>,
}

impl Starts {
    /// Waits for a start's turn.
    pub async fn enter(&self) -> Starting<'_> {
        use std::sync::atomic::Ordering;
        // The semaphore is never closed; were it, the start would go on unbounded.
        let permit = self.permits.acquire().await.ok();
        let now = self.now.fetch_add(1, Ordering::SeqCst) + 1;
        self.most.fetch_max(now, Ordering::SeqCst);
        Starting {
            starts: self,
            _permit: permit,
        }
    }
}

impl Drop for Starting<'_> {
    fn drop(&mut self) {
        self.starts
            .now
            .fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
    }
}

impl Services {
    /// The most tours this process was starting at one time (for the tests).
    pub fn most_starts_at_once(&self) -> usize {
        self.starts.most.load(std::sync::atomic::Ordering::SeqCst)
    }
}

/// A seed when the admin gives none: the channel and the time, mixed (FNV-1a).
fn seed_from(channel_id: &str, now: i64) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in channel_id.bytes().chain(now.to_le_bytes()) {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// A span of time in words, as deadlines and vote windows are told ("1 hour 30 minutes").
/// From an hour up it is rounded to the minute: a countdown to the second is noise there.
/// Hours are the largest unit: "36 hours" reads better for a deadline than "1 day 12 hours".
pub(crate) fn duration_text(secs: i64) -> String {
    let secs = secs.max(0);
    let secs = if secs >= 3600 {
        (secs + 30) / 60 * 60
    } else {
        secs
    };
    let (hours, minutes, seconds) = (secs / 3600, secs % 3600 / 60, secs % 60);
    let mut parts = Vec::new();
    if hours > 0 {
        parts.push(msg!("count-hours", count = hours));
    }
    if minutes > 0 {
        parts.push(msg!("count-minutes", count = minutes));
    }
    if seconds > 0 || parts.is_empty() {
        parts.push(msg!("count-seconds", count = seconds));
    }
    parts.join(" ")
}

/// The roster with each default name (a word of a language, `Rostered::said`) worded in the
/// current language; names of their own stay as they are.
fn named_in_language(roster: Vec<Rostered>) -> Vec<Rostered> {
    roster
        .into_iter()
        .map(|r| match &r.said {
            Some(said) => Rostered {
                label: commissaire_messages::sentence(said),
                ..r
            },
            None => r,
        })
        .collect()
}

#[cfg(test)]
mod duration_tests {
    use super::duration_text;

    #[test]
    fn durations_read_in_the_largest_units_that_fit() {
        assert_eq!(duration_text(0), "0 seconds");
        assert_eq!(duration_text(1), "1 second");
        assert_eq!(duration_text(61), "1 minute 1 second");
        assert_eq!(duration_text(600), "10 minutes");
        assert_eq!(duration_text(3601), "1 hour");
        assert_eq!(duration_text(5400), "1 hour 30 minutes");
        // A day's deadline, read six seconds after the round opened.
        assert_eq!(duration_text(86_394), "24 hours");
        assert_eq!(duration_text(-5), "0 seconds");
    }
}
