//! The engine narrates events as sentences: a message id and JSON arguments. Here they become
//! text from the catalogue (each game's own file: `card-race.ftl`, `velo-master.ftl`), worded for this
//! process's medium in the current language.

use crate::Arg;
use commissaire_engine::registry::Sentence;
use serde_json::Value;

/// An engine sentence as the catalogue words it.
pub fn sentence(s: &Sentence) -> String {
    let args: Vec<(&str, Arg)> = s.args.iter().map(|(k, v)| (*k, arg_of_json(v))).collect();
    crate::text(s.id, &args)
}

/// An engine sentence as the catalogue words it at the start of a sentence of the services'
/// own: its `.start` wording when it has one ("Round 3" for the name "round 3").
pub fn sentence_at_start(s: &Sentence) -> String {
    let args: Vec<(&str, Arg)> = s.args.iter().map(|(k, v)| (*k, arg_of_json(v))).collect();
    crate::format_in(
        crate::language(),
        crate::medium(),
        s.id,
        Some("start"),
        &args,
    )
}

/// A JSON argument as a message argument: a number stays a number (for plurals), a list is
/// written item by item, separated by commas.
pub fn arg_of_json(v: &Value) -> Arg<'static> {
    match v {
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => Arg::from(i),
            (_, Some(u)) => Arg::from(u),
            _ => Arg::Number(n.as_f64().unwrap_or(0.0)),
        },
        other => Arg::from(plain(other)),
    }
}

fn plain(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        Value::Array(items) => items.iter().map(plain).collect::<Vec<_>>().join(", "),
        other => other.to_string(),
    }
}
