//! Finding the option a script entry means among those `pending()` offers now.
//!
//! People write the words on the buttons, so a label matches without regard to case, and
//! without its part in brackets ("Keep E" for "Keep E (exhaustion)"); the start of a label
//! matches when it is unique and ends at a word ("Draw" for "Draw for Blue Rouleur") or before
//! a suffix the label adds after a comma ("Move to B (6/1)" for "Move to B (6/1), danger:
//! skill roll"). A key
//! (`k:0:5`) matches exactly. When several options match, the team or the rider narrows them.

use super::script::Entry;
use crate::game::Seat;
use crate::registry::{LabelledOption, Pending};

/// The option chosen, and the seat that owes it.
pub(super) struct Picked<'a> {
    pub seat: Seat,
    pub option: &'a LabelledOption,
}

/// How many offered options a refusal lists before saying how many more there are.
const LISTED: usize = 30;

pub(super) fn pick<'a>(
    pending: &'a [Pending],
    teams: &[String],
    entry: &Entry,
) -> Result<Picked<'a>, String> {
    let team_name = |seat: Seat| {
        teams
            .get(seat as usize)
            .cloned()
            .unwrap_or_else(|| format!("seat {seat}"))
    };
    if pending.is_empty() {
        return Err("nobody owes a decision now".into());
    }
    let mut decisions: Vec<&Pending> = pending.iter().collect();
    if let Some(team) = &entry.team {
        let Some(seat) = teams.iter().position(|t| same(t, team)) else {
            return Err(format!(
                "there is no team '{team}': the teams are {}",
                teams.join(", ")
            ));
        };
        decisions.retain(|p| p.seat as usize == seat);
        if decisions.is_empty() {
            let waiting: Vec<String> = pending.iter().map(|p| team_name(p.seat)).collect();
            return Err(format!(
                "{} owes no decision now; waiting on {}",
                teams[seat],
                waiting.join(", ")
            ));
        }
    }
    let mut offered: Vec<(Seat, &LabelledOption)> = decisions
        .iter()
        .flat_map(|p| p.options.iter().map(move |o| (p.seat, o)))
        .collect();
    if let Some(rider) = &entry.rider {
        let all = offered.clone();
        offered.retain(|(_, o)| same(&o.group, rider));
        if offered.is_empty() {
            let mut groups: Vec<&str> = all.iter().map(|(_, o)| &*o.group).collect();
            groups.dedup();
            return Err(format!(
                "nothing is offered for '{rider}' now; options are offered for {}",
                groups.join(", ")
            ));
        }
    }
    let wanted = entry.choose.trim();
    let mut found: Vec<(Seat, &LabelledOption)> = offered
        .iter()
        .copied()
        .filter(|(_, o)| {
            o.key.as_str() == wanted || same(&o.label, wanted) || same(bare(&o.label), wanted)
        })
        .collect();
    if found.is_empty() {
        found = offered
            .iter()
            .copied()
            .filter(|(_, o)| starts_a_word(&o.label, wanted))
            .collect();
    }
    match found.as_slice() {
        [(seat, option)] => Ok(Picked {
            seat: *seat,
            option,
        }),
        [] => Err(format!(
            "'{wanted}' is not offered; offered now: {}",
            list(&offered, &team_name)
        )),
        several
            if several
                .iter()
                .all(|(seat, o)| (*seat, &o.group) == (several[0].0, &several[0].1.group)) =>
        {
            Err(format!(
                "'{wanted}' could be any of {}: write the whole label or the key",
                several
                    .iter()
                    .map(|(_, o)| o.label.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        }
        several => Err(format!(
            "'{wanted}' matches more than one option ({}): say which with \"rider\" or \"team\", \
             or give the option's key",
            several
                .iter()
                .map(|(seat, o)| format!(
                    "{} of {}: {} [{}]",
                    o.group,
                    team_name(*seat),
                    o.label,
                    o.key
                ))
                .collect::<Vec<_>>()
                .join("; ")
        )),
    }
}

fn same(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

/// A label without its closing part in brackets: "Keep E (exhaustion)" is "Keep E".
fn bare(label: &str) -> &str {
    match label.rfind(" (") {
        Some(at) if label.ends_with(')') => &label[..at],
        _ => label,
    }
}

fn starts_a_word(label: &str, start: &str) -> bool {
    let (label, start) = (label.to_lowercase(), start.to_lowercase());
    !start.is_empty()
        && label.len() > start.len()
        && label.starts_with(&start)
        && label[start.len()..].starts_with([' ', '(', ',', ';', ':'])
}

/// The options offered, by group: "Blue Rouleur (Blue): Keep 2 [k:0:2], Keep 3 [k:0:3]; …".
fn list(offered: &[(Seat, &LabelledOption)], team_name: &dyn Fn(Seat) -> String) -> String {
    let mut out = String::new();
    let mut group: Option<(Seat, &str)> = None;
    for (n, (seat, o)) in offered.iter().enumerate() {
        if n == LISTED {
            out.push_str(&format!(", and {} more", offered.len() - LISTED));
            break;
        }
        if group != Some((*seat, &*o.group)) {
            if group.is_some() {
                out.push_str("; ");
            }
            out.push_str(&format!("{} ({}): ", o.group, team_name(*seat)));
            group = Some((*seat, &*o.group));
        } else {
            out.push_str(", ");
        }
        out.push_str(&format!("{} [{}]", o.label, o.key));
    }
    out
}
