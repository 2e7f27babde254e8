//! A move given whole in a script (`path` or `to`), for a game whose moves are walked a step at a
//! time: each step is still the option the buttons offer, found by the place it steps onto
//! ([`Place`]), so a walked move is played exactly as a director would click it. A game that
//! offers a decision in steps before its cells (Maillot Jaune: how far, then which cell) has its
//! whole moves stepped onto too ([`DynStage::whole_for`]), as a director types one in full.

use super::script::{Entry, Walk};
use crate::course::Course;
use crate::game::Seat;
use crate::registry::{DynStage, LabelledOption, Place};

/// The longest move searched for a destination: more steps than any die or bonus gives.
const MAX_STEPS: usize = 24;
/// How many ways to a destination a refusal lists.
const LISTED: usize = 6;

/// What a seat may choose now: the options offered, then the whole decisions they are steps
/// to (each once: a whole decision offered as it is stays where it was offered).
fn options_of(stage: &dyn DynStage, seat: Seat) -> Vec<LabelledOption> {
    let Some(pending) = stage.pending_for(seat) else {
        return Vec::new();
    };
    let mut options = pending.options;
    for o in stage.whole_for(seat) {
        if !options.iter().any(|x| x.key == o.key) {
            options.push(o);
        }
    }
    options
}

/// The options offered now that the entry's team and rider allow, with their seats.
fn offered(stage: &dyn DynStage, teams: &[String], entry: &Entry) -> Vec<(Seat, LabelledOption)> {
    let same = |a: &str, b: &str| a.trim().eq_ignore_ascii_case(b.trim());
    stage
        .waiting_on()
        .into_iter()
        .map(|(seat, _)| seat)
        .filter(|&seat| {
            entry
                .team
                .as_ref()
                .is_none_or(|t| teams.get(seat as usize).is_some_and(|n| same(n, t)))
        })
        .flat_map(|seat| options_of(stage, seat).into_iter().map(move |o| (seat, o)))
        .filter(|(_, o)| entry.rider.as_ref().is_none_or(|r| same(&o.group, r)))
        .collect()
}

/// The places the offered options step onto, for messages.
fn onto_names(stage: &dyn DynStage, options: &[(Seat, LabelledOption)]) -> Vec<String> {
    options
        .iter()
        .filter_map(|(_, o)| match stage.place(o.key.as_str()) {
            Some(Place::Onto(name)) => Some(name),
            _ => None,
        })
        .collect()
}

/// The option that steps onto `name` now, for the entry's team and rider.
pub(super) fn step_onto(
    stage: &dyn DynStage,
    teams: &[String],
    entry: &Entry,
    name: &str,
) -> Result<(Seat, LabelledOption), String> {
    let options = offered(stage, teams, entry);
    let mut found: Vec<(Seat, LabelledOption)> = options
        .iter()
        .filter(|(_, o)| {
            matches!(stage.place(o.key.as_str()), Some(Place::Onto(n)) if n.eq_ignore_ascii_case(name.trim()))
        })
        .cloned()
        .collect();
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => {
            let names = onto_names(stage, &options);
            if names.is_empty() {
                Err(
                    "no move is being walked now: nothing offered steps onto a place \
                     (roll or give a die first)"
                        .into(),
                )
            } else {
                Err(format!(
                    "'{name}' cannot be stepped onto now; the next step may go to {}",
                    names.join(", ")
                ))
            }
        }
        _ => Err(format!(
            "more than one rider can step onto '{name}' now ({}): say which with \"rider\"",
            found
                .iter()
                .map(|(_, o)| o.group.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// Whether `group` is still offered a step, so that its move goes on.
pub(super) fn walking(stage: &dyn DynStage, seat: Seat, group: &str) -> bool {
    options_of(stage, seat)
        .iter()
        .any(|o| &*o.group == group && matches!(stage.place(o.key.as_str()), Some(Place::Onto(_))))
}

/// Whether the place so named lies past the finish line: a rider who stands there has
/// finished, and his move with it.
pub(super) fn past_line(course: &Course, name: &str) -> bool {
    course
        .find_cell(name.trim())
        .is_some_and(|pos| course.is_past_line(pos.row))
}

/// The option that ends the move of `group` where it stands, when one is offered to `seat`.
pub(super) fn halt(stage: &dyn DynStage, seat: Seat, group: &str) -> Option<LabelledOption> {
    options_of(stage, seat)
        .into_iter()
        .find(|o| &*o.group == group && stage.place(o.key.as_str()) == Some(Place::Halt))
}

/// The places of a move, in order: the path as given, or the one way to the destination.
pub(super) fn places(
    stage: &dyn DynStage,
    teams: &[String],
    entry: &Entry,
    walk: Walk<'_>,
) -> Result<Vec<String>, String> {
    let to = match walk {
        Walk::Path(path) => return Ok(path.to_vec()),
        Walk::To(to) => to.trim(),
    };
    let options = offered(stage, teams, entry);
    let first: Vec<(Seat, LabelledOption)> = options
        .iter()
        .filter(|(_, o)| matches!(stage.place(o.key.as_str()), Some(Place::Onto(_))))
        .cloned()
        .collect();
    let Some((seat, mover)) = first.first() else {
        return Err(
            "no move is being walked now: nothing offered steps onto a place \
                    (roll or give a die first)"
                .into(),
        );
    };
    if first
        .iter()
        .any(|(s, o)| *s != *seat || o.group != mover.group)
    {
        return Err(format!(
            "more than one rider is offered a step now: say which with \"rider\" ({})",
            first
                .iter()
                .map(|(_, o)| o.group.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let mut ways = Vec::new();
    let mut trail = Vec::new();
    search(stage, *seat, &mover.group, to, &mut trail, &mut ways);
    match ways.len() {
        1 => Ok(ways.remove(0)),
        0 => Err(format!(
            "{} cannot reach '{to}' with this move; the next step may go to {}",
            mover.group,
            onto_names(stage, &first).join(", ")
        )),
        n => {
            let mut listed: Vec<String> = ways.iter().take(LISTED).map(|w| w.join(" → ")).collect();
            if n > LISTED {
                listed.push(format!("and {} more", n - LISTED));
            }
            // Two ways cross different cells, and a cell can cost a roll or block a rival:
            // the script says which, it is never chosen for it.
            Err(format!(
                "{n} ways lead to '{to}' ({}): give the one you mean as \"path\"",
                listed.join("; ")
            ))
        }
    }
}

/// Every way `group` can walk from here to `to`, each step tried on a copy of the stage (the
/// copy rolls the same dice the stage will, so a step that ends the move ends it there too).
/// A step that settles a turn ends the move: the way goes no further, even when the same rider
/// is offered a step again (a game whose move is one choice, Maillot Jaune, and a lone rider or
/// the last of a round who opens the next: searching on would walk his later turns, a search
/// with no end in sight).
fn search(
    stage: &dyn DynStage,
    seat: Seat,
    group: &str,
    to: &str,
    trail: &mut Vec<String>,
    ways: &mut Vec<Vec<String>>,
) {
    if trail.len() >= MAX_STEPS {
        return;
    }
    for option in options_of(stage, seat)
        .iter()
        .filter(|o| &*o.group == group)
    {
        let Some(Place::Onto(name)) = stage.place(option.key.as_str()) else {
            continue;
        };
        trail.push(name.clone());
        if name.eq_ignore_ascii_case(to) {
            ways.push(trail.clone());
        } else {
            let mut next = stage.clone_box();
            if next
                .apply(seat, option.key.as_str())
                .is_ok_and(|events| !events.settles_turn())
            {
                search(&*next, seat, group, to, trail, ways);
            }
        }
        trail.pop();
    }
}
