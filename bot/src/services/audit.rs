//! The audit of a tour's record: each stage started again from its stored seed and starters,
//! its stored choices replayed in order, and the events that gives compared, one by one, with
//! the events stored when each choice was made. A record that passes was played by the rules
//! from its seed, with nothing missing, nothing counted twice and nothing changed afterwards;
//! the kill-point tests ask it of every stage after hundreds of crashes.

use super::{ServiceError, Services};
use crate::store::{choices, events, stages, teams, tours};
use commissaire_engine::registry;
use commissaire_engine::tour::{TourRider, entrants_setup};
use serde_json::Value;
use sqlx::Connection;

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
            let starters: Vec<&TourRider> = row.starters.iter().collect();
            let options = row.options.as_ref().unwrap_or(&tour.options);
            let setup = entrants_setup(&course, &names, &starters, options.clone());
            let disagreement = match registry::replay(&tour.ruleset, &setup, row.seed, &log) {
                Err(e) => Some(format!("the stored choices do not replay: {e}")),
                Ok((_, by_choice)) => {
                    let replayed: Vec<Value> = by_choice.iter().flat_map(|e| e.to_json()).collect();
                    first_difference(&stored, &replayed)
                }
            };
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

/// Where two event lists first differ, said for a person.
fn first_difference(stored: &[Value], replayed: &[Value]) -> Option<String> {
    if let Some(at) = stored.iter().zip(replayed).position(|(s, r)| s != r) {
        return Some(format!(
            "event {at} is stored as {} but the replay gives {}",
            stored[at], replayed[at]
        ));
    }
    (stored.len() != replayed.len()).then(|| {
        format!(
            "{} events are stored but the replay gives {}",
            stored.len(),
            replayed.len()
        )
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
        assert_eq!(first_difference(&a, &a), None);
        let changed = first_difference(&a, &b).unwrap();
        assert!(changed.starts_with("event 0 is stored as"), "{changed}");
        assert!(changed.contains("\"to\":4"), "{changed}");
        assert_eq!(
            first_difference(&a, &a[..1]).as_deref(),
            Some("2 events are stored but the replay gives 1")
        );
        assert_eq!(
            first_difference(&a[..1], &a).as_deref(),
            Some("1 events are stored but the replay gives 2")
        );
    }
}
