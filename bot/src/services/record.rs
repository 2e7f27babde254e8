//! A referee anyone can check (issue 35): each stage's seed sealed when it starts, a tour's
//! whole record exported as one versioned JSON file, and that file imported into another
//! database, where the tour goes on. `verify.rs` checks such a file. The format is described in
//! `docs/verify.md`; what the types below write is that format, version [`VERSION`].
//!
//! **Sealing.** When a stage starts the bot draws a salt (16 random bytes from the operating
//! system, written as 32 hexadecimal digits), stores it with the stage and tells the channel
//! the stage's *commitment*: the SHA-256 of the text `<seed>:<salt>` (the seed in decimal), in
//! hexadecimal. When the stage ends it tells the seed and the salt. Whoever hashes the two gets
//! the commitment back, and so knows the seed was fixed before the first choice. A stage stored
//! before seeds were sealed has no salt: it is told its seed at its end with no commitment, and
//! `verify` replays it all the same, saying it was never sealed.

use super::{Actor, Reply, ServiceError, ServiceResult, Services, require_admin};
use crate::clock::Timestamp;
use crate::store::stages::{self, StageRow};
use crate::store::tours::{self, TourStatus};
use crate::store::transfer::{self, ChoiceRecord, EventRecord, VoteRecord};
use crate::store::{StoreError, results, riders, teams};
use commissaire_engine::Seat;
use commissaire_engine::tour::{StageKind, StageResult, TourRider};
use commissaire_messages::{Language, msg};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};
use sqlx::Connection;
use std::collections::BTreeMap;

/// What a tour file says it is, in its `format` field.
pub const FORMAT: &str = "commissaire-tour";

/// The version of the format this build writes. Every version it reads is listed in
/// `docs/verify.md`; a later version is refused with the sentence saying so.
pub const VERSION: u32 = 1;

/// A new salt: 16 bytes from the operating system's generator, in hexadecimal.
pub fn new_salt() -> String {
    let mut bytes = [0u8; 16];
    getrandom::getrandom(&mut bytes).expect("the operating system gives random bytes");
    hex(&bytes)
}

/// A stage seed drawn from the operating system's generator (see
/// `Services::with_drawn_seeds`).
pub fn new_seed() -> u64 {
    let mut bytes = [0u8; 8];
    getrandom::getrandom(&mut bytes).expect("the operating system gives random bytes");
    u64::from_le_bytes(bytes)
}

/// The commitment to `seed` with `salt`: SHA-256 of `<seed>:<salt>`, in hexadecimal.
pub fn commitment(seed: u64, salt: &str) -> String {
    hex(&Sha256::digest(format!("{seed}:{salt}").as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A whole tour as one file: what `/admin export` and `commissaire export` write, and
/// `commissaire verify` and `commissaire import` read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TourFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// The version of the format the file was written in.
    pub version: u32,
    /// Whether the file holds what is still secret while the tour goes on (the tour's seed, an
    /// unfinished stage's seed, salt, choices and events, an open vote's ballots): only
    /// `commissaire export --secrets` writes them, to move a tour that is not over to another
    /// database.
    pub secrets: bool,
    pub tour: TourPart,
    /// By seat, as the stages' set-ups list them.
    pub teams: Vec<TeamPart>,
    /// The riders as they are now, between stages.
    pub riders: Vec<TourRider>,
    pub stages: Vec<StagePart>,
    pub results: Vec<StageResult>,
    #[serde(default)]
    pub votes: Vec<VotePart>,
    /// The text of each course file its stages name, by the name they give, as the bot read
    /// it when the file was written: `verify` replays from these rather than from its own
    /// `config/courses/`. Absent from the files of the first builds of version 1.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub courses: BTreeMap<String, String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TourPart {
    pub channel_id: String,
    pub preset: String,
    pub ruleset: String,
    pub options: Value,
    /// The tour's seed (every stage's derives from it), in decimal: only once the tour is over,
    /// or in a file with secrets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    pub seats: u8,
    pub turn_deadline_secs: i64,
    pub decision_deadline_secs: Option<i64>,
    /// `lobby`, `running`, `paused` or `finished`.
    pub status: String,
    pub current_stage: u32,
    pub created_by: String,
    pub created_at: Timestamp,
    pub finished_at: Option<Timestamp>,
    /// `en`, `fr` or `nl`.
    pub language: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TeamPart {
    pub seat: Option<Seat>,
    pub name: String,
    pub colour: String,
    /// The Discord user who directs it; `None`: a bot.
    pub director: Option<String>,
    pub autopilot: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StagePart {
    pub number: u32,
    /// The course's name in the configuration's `courses/`.
    pub course: String,
    pub kind: StageKind,
    /// The options it was set up with; `None` for a stage that rode the tour's.
    pub options: Option<Value>,
    /// The riders who started, in grid order, as they were at the start.
    pub starters: Vec<TourRider>,
    pub finished: bool,
    pub round: u32,
    pub deadline: Option<Timestamp>,
    /// SHA-256 of `<seed>:<salt>` as told when the stage started; `None` for a stage stored
    /// before seeds were sealed.
    pub commitment: Option<String>,
    /// The seed in decimal and the salt: once the stage is over, or in a file with secrets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salt: Option<String>,
    /// Every choice, in the order the referee applied them (empty for an unfinished stage in
    /// a file without secrets).
    pub choices: Vec<ChoicePart>,
    /// Every event, in order, each with the choice (its `choice`, a choice's `seq`) that
    /// caused it.
    pub events: Vec<EventPart>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChoicePart {
    pub seq: u32,
    pub round: u32,
    pub seat: Seat,
    /// The ruleset's JSON of the choice.
    pub choice: Value,
    /// `player`, `bot` or `timeout`.
    pub source: String,
    pub user_id: Option<String>,
    pub at: Timestamp,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventPart {
    pub seq: u32,
    pub choice: u32,
    pub event: Value,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VotePart {
    pub rider: String,
    pub stage: u32,
    pub proposer: String,
    pub opened_at: Timestamp,
    pub closes_at: Timestamp,
    pub status: String,
    pub closed_at: Option<Timestamp>,
    pub yes_votes: Option<i64>,
    pub no_votes: Option<i64>,
    pub extra_vote: Option<i64>,
    pub rejoins_stage: Option<i64>,
    pub outcome: Option<String>,
    /// `(director, yes, cast at)`: once the vote is closed, or in a file with secrets.
    #[serde(default)]
    pub ballots: Vec<(String, bool, Timestamp)>,
}

impl TourFile {
    /// Reads a tour file, any version this build knows; a sentence says what is wrong.
    pub fn parse(text: &str) -> Result<TourFile, String> {
        let value: Value = serde_json::from_str(text)
            .map_err(|e| msg!("record-not-json", error = e.to_string()))?;
        if value.get("format").and_then(Value::as_str) != Some(FORMAT) {
            return Err(msg!("record-not-a-tour"));
        }
        let version = value.get("version").and_then(Value::as_u64).unwrap_or(0);
        // Version 1 is the only one so far; a later one adds a conversion here, from each
        // older version to the newest, so that every file ever written still reads.
        if version != u64::from(VERSION) {
            return Err(msg!(
                "record-unknown-version",
                version = version.to_string(),
                newest = VERSION
            ));
        }
        serde_json::from_value(value).map_err(|e| msg!("record-unreadable", error = e.to_string()))
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a tour file is plain JSON") + "\n"
    }
}

impl Services {
    /// `/admin export`: the channel's latest tour as a file, for anyone to check. Admins only;
    /// nothing still secret is in it.
    pub async fn export_channel(
        &self,
        actor: &Actor,
        channel_id: &str,
    ) -> Result<(String, Vec<u8>), ServiceError> {
        require_admin(actor, &msg!("record-action-export"))?;
        let tour_id = {
            let mut conn = self.store.read().await?;
            match tours::latest_in_channel(&mut conn, channel_id).await? {
                Some(t) => t.id,
                None => return Err(ServiceError::refused(msg!("no-tour"))),
            }
        };
        let file = self.export(tour_id, false).await?;
        // Compact: a long tour's file is half the size, and Discord limits attachments.
        let json = serde_json::to_vec(&file).expect("a tour file is plain JSON");
        Ok((export_file_name(tour_id), json))
    }

    /// `/admin export`'s answer: the file, attached to a note for the admin's eyes.
    /// A file past what Discord takes is refused with the command that writes it.
    pub async fn export_reply(&self, actor: &Actor, channel_id: &str) -> ServiceResult {
        let (name, bytes) = self.export_channel(actor, channel_id).await?;
        if bytes.len() > ATTACHMENT_LIMIT {
            return Err(ServiceError::refused(msg!(
                "record-export-too-big",
                size = bytes.len().div_ceil(1024 * 1024)
            )));
        }
        let mut reply = Reply::private(msg!("record-exported", file = name.as_str()));
        reply.images.push((name, bytes));
        Ok(reply)
    }

    /// The id of the tour `commissaire export` means: the one given, else the channel's latest.
    pub async fn tour_to_export(
        &self,
        tour_id: Option<i64>,
        channel_id: Option<&str>,
    ) -> Result<i64, ServiceError> {
        let mut conn = self.store.read().await?;
        let found = match (tour_id, channel_id) {
            (Some(id), _) => tours::get(&mut conn, id).await?.map(|t| t.id),
            (None, Some(channel)) => tours::latest_in_channel(&mut conn, channel)
                .await?
                .map(|t| t.id),
            (None, None) => None,
        };
        found.ok_or_else(|| ServiceError::refused(msg!("record-no-such-tour")))
    }

    /// Tour `tour_id` as a file. Without `secrets`, an unfinished stage keeps its seed, salt,
    /// choices and events to itself (its commitment is there), and the tour its seed.
    pub async fn export(&self, tour_id: i64, secrets: bool) -> Result<TourFile, ServiceError> {
        let mut conn = self.store.read().await?;
        // One snapshot: a choice committed meanwhile is wholly in or out.
        let mut tx = conn.begin().await.map_err(StoreError::from)?;
        let tour = tours::get(&mut tx, tour_id)
            .await?
            .ok_or_else(|| ServiceError::refused(msg!("record-no-such-tour")))?;
        let over = tour.status == TourStatus::Finished;
        let finished_at = transfer::finished_at(&mut tx, tour.id).await?;
        let team_rows = teams::list(&mut tx, tour.id).await?;
        let mut stage_parts = Vec::new();
        for number in 1..=tour.current_stage {
            let Some(row) = stages::get(&mut tx, tour.id, number).await? else {
                continue;
            };
            let open = row.finished || secrets;
            let (choices, events) = if open {
                (
                    transfer::choices(&mut tx, row.id).await?,
                    transfer::events(&mut tx, row.id).await?,
                )
            } else {
                (Vec::new(), Vec::new())
            };
            stage_parts.push(stage_part(row, open, choices, events));
        }
        let courses = stage_parts
            .iter()
            .filter_map(|s: &StagePart| {
                let text = self.library.course_source(&s.course)?;
                Some((s.course.clone(), text))
            })
            .collect();
        let votes = transfer::votes(&mut tx, tour.id)
            .await?
            .into_iter()
            .map(|v| vote_part(v, secrets))
            .collect();
        Ok(TourFile {
            format: FORMAT.to_string(),
            version: VERSION,
            secrets,
            tour: TourPart {
                channel_id: tour.channel_id.clone(),
                preset: tour.preset.clone(),
                ruleset: tour.ruleset.clone(),
                options: tour.options.clone(),
                seed: (over || secrets).then(|| tour.seed.to_string()),
                seats: tour.seats,
                turn_deadline_secs: tour.turn_deadline_secs,
                decision_deadline_secs: tour.decision_deadline_secs,
                status: tour.status.as_str().to_string(),
                current_stage: tour.current_stage,
                created_by: tour.created_by.clone(),
                created_at: tour.created_at,
                finished_at,
                language: tour.language.code().to_string(),
            },
            teams: team_rows
                .into_iter()
                .map(|t| TeamPart {
                    seat: t.seat,
                    name: t.name,
                    colour: t.colour,
                    director: t.director,
                    autopilot: t.autopilot,
                })
                .collect(),
            riders: riders::list(&mut tx, tour.id).await?,
            stages: stage_parts,
            results: results::list(&mut tx, tour.id).await?,
            votes,
            courses,
        })
    }

    /// `commissaire import`: writes the tour of `file` into this database, in `channel_id` (the
    /// file's own channel by default), where it goes on as it stood. The file is checked first:
    /// one that does not verify (a seed that does not match its commitment, a choice or an
    /// event changed) is refused, and so is a tour not over from a file without its secrets.
    /// Returns the tour's id here.
    pub async fn import(
        &self,
        file: &TourFile,
        channel_id: Option<&str>,
    ) -> Result<i64, ServiceError> {
        let over = file.tour.status == TourStatus::Finished.as_str();
        let seed = match &file.tour.seed {
            Some(seed) => parse_seed(seed)?,
            // A tour over starts no more stages: its own seed is never needed again.
            None if over => 0,
            None => return Err(ServiceError::refused(msg!("record-import-needs-secrets"))),
        };
        let report = self.verify(file);
        if let Some(bad) = report.stages.iter().find(|s| !s.good()) {
            return Err(ServiceError::refused(msg!(
                "record-import-does-not-verify",
                stage = bad.number
            )));
        }
        if let Some(broken) = report.broken {
            return Err(ServiceError::refused(broken));
        }
        let language = Language::from_code(&file.tour.language)
            .ok_or_else(|| ServiceError::refused(msg!("record-unreadable", error = "language")))?;
        let channel = channel_id.unwrap_or(&file.tour.channel_id);
        let _guard = self.lock(channel).await;
        let mut tx = self.store.begin_channel(channel).await?;
        if !over && tours::active_in_channel(&mut tx, channel).await?.is_some() {
            return Err(ServiceError::refused(msg!(
                "record-import-channel-taken",
                channel = channel
            )));
        }
        let tour_id = transfer::restore_tour(
            &mut tx,
            &transfer::TourRecord {
                channel_id: channel,
                preset: &file.tour.preset,
                seed,
                seats: file.tour.seats,
                turn_deadline_secs: file.tour.turn_deadline_secs,
                decision_deadline_secs: file.tour.decision_deadline_secs,
                ruleset: &file.tour.ruleset,
                options: &file.tour.options,
                status: &file.tour.status,
                current_stage: file.tour.current_stage,
                created_by: &file.tour.created_by,
                created_at: file.tour.created_at,
                finished_at: file.tour.finished_at,
                language: language.code(),
            },
        )
        .await?;
        for t in &file.teams {
            transfer::restore_team(
                &mut tx,
                tour_id,
                t.seat,
                &t.name,
                &t.colour,
                t.director.as_deref(),
                t.autopilot,
            )
            .await?;
        }
        for r in &file.riders {
            riders::insert(&mut tx, tour_id, r).await?;
        }
        for s in &file.stages {
            let seed = match &s.seed {
                Some(seed) => parse_seed(seed)?,
                None => return Err(ServiceError::refused(msg!("record-import-needs-secrets"))),
            };
            let stage_id = transfer::restore_stage(
                &mut tx,
                tour_id,
                &transfer::StageRecord {
                    number: s.number,
                    course: &s.course,
                    kind: s.kind,
                    seed,
                    starters: &s.starters,
                    finished: s.finished,
                    round: s.round,
                    deadline: s.deadline,
                    options: s.options.as_ref(),
                    salt: s.salt.as_deref(),
                },
            )
            .await?;
            for c in &s.choices {
                let record = ChoiceRecord {
                    seq: c.seq,
                    round: c.round,
                    seat: c.seat,
                    choice: c.choice.clone(),
                    source: c.source.clone(),
                    user_id: c.user_id.clone(),
                    at: c.at,
                };
                transfer::restore_choice(&mut tx, stage_id, &record).await?;
            }
            for e in &s.events {
                crate::store::events::append(
                    &mut tx,
                    stage_id,
                    e.seq,
                    e.choice,
                    std::slice::from_ref(&e.event),
                )
                .await?;
            }
        }
        for r in &file.results {
            results::insert(&mut tx, tour_id, r).await?;
        }
        for v in &file.votes {
            let record = VoteRecord {
                rider: v.rider.clone(),
                stage: v.stage,
                proposer: v.proposer.clone(),
                opened_at: v.opened_at,
                closes_at: v.closes_at,
                status: v.status.clone(),
                closed_at: v.closed_at,
                yes_votes: v.yes_votes,
                no_votes: v.no_votes,
                extra_vote: v.extra_vote,
                rejoins_stage: v.rejoins_stage,
                outcome: v.outcome.clone(),
                ballots: v.ballots.clone(),
            };
            transfer::restore_vote(&mut tx, tour_id, &record).await?;
        }
        self.store.commit(tx).await?;
        Ok(tour_id)
    }

    /// What the channel reads under a finished stage's result: its seed and salt with the
    /// commitment they give, or its seed alone for a stage never sealed.
    pub(crate) fn seed_revealed(&self, row: &StageRow) -> String {
        let export = self.command("admin export");
        match &row.salt {
            Some(salt) => msg!(
                "seed-revealed",
                seed = row.seed.to_string(),
                salt = salt.as_str(),
                commitment = commitment(row.seed, salt),
                export = export
            ),
            None => msg!(
                "seed-revealed-unsealed",
                seed = row.seed.to_string(),
                export = export
            ),
        }
    }
}

/// The largest file a bot may attach in Discord (10 MiB).
const ATTACHMENT_LIMIT: usize = 10 * 1024 * 1024;

/// The file `/admin export` attaches.
fn export_file_name(tour_id: i64) -> String {
    format!("tour-{tour_id}.json")
}

fn parse_seed(seed: &str) -> Result<u64, ServiceError> {
    seed.parse()
        .map_err(|_| ServiceError::refused(msg!("record-unreadable", error = seed)))
}

fn stage_part(
    row: StageRow,
    open: bool,
    choices: Vec<ChoiceRecord>,
    events: Vec<EventRecord>,
) -> StagePart {
    StagePart {
        number: row.number,
        course: row.course,
        kind: row.kind,
        options: row.options,
        starters: row.starters,
        finished: row.finished,
        round: row.round,
        deadline: row.deadline,
        commitment: row.salt.as_deref().map(|salt| commitment(row.seed, salt)),
        seed: open.then(|| row.seed.to_string()),
        salt: row.salt.filter(|_| open),
        choices: choices
            .into_iter()
            .map(|c| ChoicePart {
                seq: c.seq,
                round: c.round,
                seat: c.seat,
                choice: c.choice,
                source: c.source,
                user_id: c.user_id,
                at: c.at,
            })
            .collect(),
        events: events
            .into_iter()
            .map(|e| EventPart {
                seq: e.seq,
                choice: e.choice_seq,
                event: e.event,
            })
            .collect(),
    }
}

fn vote_part(v: VoteRecord, secrets: bool) -> VotePart {
    let open = v.status == "open";
    VotePart {
        ballots: if open && !secrets {
            Vec::new()
        } else {
            v.ballots
        },
        rider: v.rider,
        stage: v.stage,
        proposer: v.proposer,
        opened_at: v.opened_at,
        closes_at: v.closes_at,
        status: v.status,
        closed_at: v.closed_at,
        yes_votes: v.yes_votes,
        no_votes: v.no_votes,
        extra_vote: v.extra_vote,
        rejoins_stage: v.rejoins_stage,
        outcome: v.outcome,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The commitment is what `printf '%s' '<seed>:<salt>' | sha256sum` prints, as
    /// `docs/verify.md` tells players to check it.
    #[test]
    fn a_commitment_is_the_sha256_of_seed_colon_salt() {
        // SHA-256 of the 3 bytes "abc", the standard's own test vector.
        assert_eq!(
            hex(&Sha256::digest(b"abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        let salt = "00112233445566778899aabbccddeeff";
        assert_eq!(
            commitment(42, salt),
            hex(&Sha256::digest(format!("42:{salt}").as_bytes()))
        );
        assert_ne!(commitment(42, salt), commitment(43, salt));
    }

    #[test]
    fn salts_are_32_hexadecimal_digits_and_differ() {
        let (a, b) = (new_salt(), new_salt());
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()), "{a}");
        assert_ne!(a, b);
    }
}
