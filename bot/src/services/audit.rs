//! The audit of a tour's record: each stage started again from its stored seed and starters,
//! its stored choices replayed in order, and the events that gives compared, one by one, with
//! the events stored when each choice was made. A record that passes was played by the rules
//! from its seed, with nothing missing, nothing counted twice and nothing changed afterwards;
//! the kill-point tests ask it of every stage after hundreds of crashes.

use super::{ServiceError, Services};
use crate::store::{choices, events, stages, teams, tours};
use commissaire_engine::Seat;
use commissaire_engine::course::Course;
use commissaire_engine::registry::{self, DynStage};
use commissaire_engine::tour::{TourRider, entrants_setup};
use serde_json::Value;
use sqlx::Connection;
use std::sync::Arc;

/// What the audit found in one stage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageAudit {
    pub number: u32,
    /// Stored choices, and stored events.
    pub choices: usize,
    pub events: usize,
    /// Where the record and the replay part, in words; `None` when they agree throughout.
    pub disagreement: Option<String>,
}

impl Services {
    /// Replays every stage of tour `tour_id` so far (see the module's comment). A stage whose
    /// course is no longer in the library cannot be replayed: that is an error, not a pass.
    pub async fn audit(&self, tour_id: i64) -> Result<Vec<StageAudit>, ServiceError> {
        let mut conn = self.store.read().await?;
        // One snapshot for the whole tour: a choice committed meanwhile is wholly in or out.
        let mut tx = conn.begin().await.map_err(crate::store::StoreError::from)?;
        let tour = tours::get(&mut tx, tour_id)
            .await?
            .ok_or_else(|| ServiceError::Broken(format!("no tour {tour_id}")))?;
        let names: Vec<String> = teams::list(&mut tx, tour.id)
            .await?
            .into_iter()
            .map(|t| t.name)
            .collect();
        let mut audits = Vec::new();
        for number in 1..=tour.current_stage {
            let Some(row) = stages::get(&mut tx, tour.id, number).await? else {
                continue;
            };
            let course = self
                .library
                .course(&row.course)
                .map_err(ServiceError::Broken)?;
            let log = choices::log(&mut tx, row.id).await?;
            let stored = events::list(&mut tx, row.id).await?;
            let options = row.options.as_ref().unwrap_or(&tour.options);
            let stage = Replayed {
                ruleset: &tour.ruleset,
                course: &course,
                team_names: &names,
                starters: &row.starters,
                options,
                seed: row.seed,
            };
            let disagreement = stage.compare(&log, &stored).map(|d| d.to_string());
            audits.push(StageAudit {
                number,
                choices: log.len(),
                events: stored.len(),
                disagreement,
            });
        }
        Ok(audits)
    }
}

/// A stage as it is started again for a replay: what a record (the store, or an exported
/// file) says it was set up with.
pub(crate) struct Replayed<'a> {
    pub ruleset: &'a str,
    pub course: &'a Arc<Course>,
    pub team_names: &'a [String],
    pub starters: &'a [TourRider],
    pub options: &'a Value,
    pub seed: u64,
}

impl Replayed<'_> {
    /// Replays `log` from the stage's start and compares the events it gives with `stored`:
    /// `None` when they agree throughout.
    pub fn compare(&self, log: &[(Seat, Value)], stored: &[Value]) -> Option<Difference> {
        match self.events(log) {
            Err(e) => Some(Difference::NoReplay(e)),
            Ok(by_choice) => {
                let replayed: Vec<Value> = by_choice.into_iter().flatten().collect();
                first_difference(stored, &replayed)
            }
        }
    }

    /// For each event the replay of `log` gives, in order, the number of the choice that
    /// caused it (empty when the log does not replay).
    pub fn causes(&self, log: &[(Seat, Value)]) -> Vec<usize> {
        self.events(log)
            .map(|by_choice| {
                by_choice
                    .iter()
                    .enumerate()
                    .flat_map(|(i, events)| std::iter::repeat_n(i, events.len()))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The stage after the choices of `log`.
    pub fn stage(&self, log: &[(Seat, Value)]) -> Result<Box<dyn DynStage>, String> {
        let starters: Vec<&TourRider> = self.starters.iter().collect();
        let setup = entrants_setup(
            self.course,
            self.team_names,
            &starters,
            self.options.clone(),
        );
        registry::replay(self.ruleset, &setup, self.seed, log)
            .map(|(stage, _)| stage)
            .map_err(|e| e.to_string())
    }

    /// The events of each choice of `log`, replayed from the stage's start.
    fn events(&self, log: &[(Seat, Value)]) -> Result<Vec<Vec<Value>>, String> {
        let starters: Vec<&TourRider> = self.starters.iter().collect();
        let setup = entrants_setup(
            self.course,
            self.team_names,
            &starters,
            self.options.clone(),
        );
        let (_, by_choice) =
            registry::replay(self.ruleset, &setup, self.seed, log).map_err(|e| e.to_string())?;
        Ok(by_choice.iter().map(|e| e.to_json()).collect())
    }
}

/// Where a record and its replay part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Difference {
    /// The choices cannot be played in that order from that start (the engine's reason).
    NoReplay(String),
    /// Event `at` (counted from 0) is recorded as `stored`, the replay gives `replayed`.
    Event {
        at: usize,
        stored: Value,
        replayed: Value,
    },
    /// As many events agree as the shorter list holds, but the counts differ.
    Count { stored: usize, replayed: usize },
}

/// Said for the operator (the audit's words); `commissaire verify` words it from the catalogue.
impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Difference::NoReplay(e) => write!(f, "the stored choices do not replay: {e}"),
            Difference::Event {
                at,
                stored,
                replayed,
            } => write!(
                f,
                "event {at} is stored as {stored} but the replay gives {replayed}"
            ),
            Difference::Count { stored, replayed } => write!(
                f,
                "{stored} events are stored but the replay gives {replayed}"
            ),
        }
    }
}

/// Where two event lists first differ.
fn first_difference(stored: &[Value], replayed: &[Value]) -> Option<Difference> {
    if let Some(at) = stored.iter().zip(replayed).position(|(s, r)| s != r) {
        return Some(Difference::Event {
            at,
            stored: stored[at].clone(),
            replayed: replayed[at].clone(),
        });
    }
    (stored.len() != replayed.len()).then_some(Difference::Count {
        stored: stored.len(),
        replayed: replayed.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::first_difference;
    use serde_json::json;

    #[test]
    fn the_first_differing_event_is_named_and_so_is_a_missing_tail() {
        let a = [json!({"kind": "moved", "to": 3}), json!({"kind": "fell"})];
        let b = [json!({"kind": "moved", "to": 4}), json!({"kind": "fell"})];
        let said = |x: &[_], y: &[_]| first_difference(x, y).map(|d| d.to_string());
        assert_eq!(said(&a, &a), None);
        let changed = said(&a, &b).unwrap();
        assert!(changed.starts_with("event 0 is stored as"), "{changed}");
        assert!(changed.contains("\"to\":4"), "{changed}");
        assert_eq!(
            said(&a, &a[..1]).as_deref(),
            Some("2 events are stored but the replay gives 1")
        );
        assert_eq!(
            said(&a[..1], &a).as_deref(),
            Some("1 events are stored but the replay gives 2")
        );
    }
}
