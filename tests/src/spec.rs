//! Discord's own OpenAPI 3.1 description, used to check that a request the bot sends is one
//! Discord would accept: the route and method exist, the path parameters are well formed and the
//! JSON body matches the operation's request schema.
//!
//! The description is a copy kept inside the repository (`tests/discord-api-spec/`, with its
//! licence and where it came from), so that a fresh clone checks every body; should the file go
//! missing, the checks are skipped, except on CI where that is a failure.

use jsonschema::error::ValidationErrorKind;
use jsonschema::{Draft, Registry, ValidationError, Validator};
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, Once, OnceLock};

/// The name the document is registered under, so that `$ref`s resolve inside it and nowhere
/// else: a URN cannot be fetched, and the validators are built offline anyway.
const DOCUMENT_URI: &str = "urn:discord-api-spec:openapi.json";

/// serenity and poise call the versioned API; the description's paths are relative to it.
const API_PREFIX: &str = "/api/v10";

/// Longest rendering of an offending value kept in a message: a 2000-character content would
/// drown the reason.
const MAX_MESSAGE: usize = 500;

pub struct DiscordSpec {
    document: Arc<Value>,
    registry: Registry<'static>,
    routes: Vec<Template>,
    /// Compiling a request schema pulls in dozens of component schemas; each is compiled once.
    validators: Mutex<HashMap<String, Arc<Validator>>>,
}

/// The operation a request path resolved to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchedRoute {
    /// The description's path template, e.g. `/channels/{channel_id}/messages`.
    pub template: String,
    /// The path parameters by name, as they appeared in the request.
    pub params: Vec<(String, String)>,
}

struct Template {
    path: String,
    segments: Vec<Segment>,
}

enum Segment {
    Literal(String),
    Param(String),
}

/// Where the description is kept: the repository's own copy.
pub fn spec_path() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/discord-api-spec/openapi.json"
    ))
}

impl DiscordSpec {
    /// The description, read and indexed once per process (the file is over a megabyte).
    pub fn load() -> Result<&'static DiscordSpec, String> {
        static SPEC: OnceLock<Result<DiscordSpec, String>> = OnceLock::new();
        SPEC.get_or_init(|| DiscordSpec::from_file(&spec_path()))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The description for a test: `None` (and one line saying so) when the file is absent on a
    /// developer's machine, a panic when it is absent on CI or present but unreadable, so that
    /// the checks are never silently lost where they matter.
    pub fn for_tests() -> Option<&'static DiscordSpec> {
        let ci = std::env::var("CI").is_ok_and(|v| v == "true");
        if !present(&spec_path(), ci) {
            static SAID: Once = Once::new();
            SAID.call_once(|| {
                let path = spec_path();
                eprintln!(
                    "Discord OpenAPI checks skipped: no description at {}",
                    path.display()
                );
            });
            return None;
        }
        Some(Self::load().unwrap_or_else(|e| panic!("{e}")))
    }

    /// Reads and indexes a description, without caching it.
    pub fn from_file(path: &Path) -> Result<DiscordSpec, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let document: Value = serde_json::from_str(&text)
            .map_err(|e| format!("{} is not JSON: {e}", path.display()))?;
        Self::from_document(document)
    }

    pub fn from_document(document: Value) -> Result<DiscordSpec, String> {
        let paths = document
            .get("paths")
            .and_then(Value::as_object)
            .ok_or("the description has no `paths`")?;
        let routes = paths
            .keys()
            .map(|path| Template {
                path: path.clone(),
                segments: segments(path)
                    .map(
                        |s| match s.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
                            Some(name) => Segment::Param(name.to_string()),
                            None => Segment::Literal(s.to_string()),
                        },
                    )
                    .collect(),
            })
            .collect();
        let document = Arc::new(document);
        let registry = Registry::new()
            .draft(Draft::Draft202012)
            .add(DOCUMENT_URI, Arc::clone(&document))
            .and_then(|b| b.prepare())
            .map_err(|e| format!("cannot index the description: {e}"))?;
        Ok(DiscordSpec {
            document,
            registry,
            routes,
            validators: Mutex::new(HashMap::new()),
        })
    }

    /// The path template a request path falls under. `path` is the path as sent, with or
    /// without the `/api/v10` prefix and query. Literal segments win over parameters, as in
    /// Discord's router: `messages/@original` is not a message id.
    pub fn route(&self, path: &str) -> Result<MatchedRoute, String> {
        let path = path.split('?').next().unwrap_or_default();
        let relative = path.strip_prefix(API_PREFIX).unwrap_or(path);
        let sent: Vec<&str> = segments(relative).collect();
        let best = self
            .routes
            .iter()
            .filter(|t| matches(t, &sent))
            // Compare literal-ness segment by segment: the first place two candidates differ
            // decides, a literal beating a parameter.
            .max_by_key(|t| {
                t.segments
                    .iter()
                    .map(|s| matches!(s, Segment::Literal(_)))
                    .collect::<Vec<_>>()
            })
            .ok_or_else(|| format!("no route in Discord's API matches {path}"))?;
        let params = best
            .segments
            .iter()
            .zip(&sent)
            .filter_map(|(s, v)| match s {
                Segment::Param(name) => Some((name.clone(), (*v).to_string())),
                Segment::Literal(_) => None,
            })
            .collect();
        Ok(MatchedRoute {
            template: best.path.clone(),
            params,
        })
    }

    /// Checks a request sent with a JSON body (`Value::Null` for none) against the description:
    /// the route and method exist, the path parameters match their schemas, and the body matches
    /// the `application/json` request schema. Each error names the place in the body and why.
    pub fn validate_request(
        &self,
        method: &str,
        path: &str,
        body: &Value,
    ) -> Result<(), Vec<String>> {
        self.validate(method, path, "application/json", body)
    }

    /// Checks a `multipart/form-data` request by its `payload_json` part, which Discord reads as
    /// the JSON body: the operation must accept multipart uploads at all.
    pub fn validate_multipart(
        &self,
        method: &str,
        path: &str,
        payload_json: &Value,
    ) -> Result<(), Vec<String>> {
        self.validate(method, path, "multipart/form-data", payload_json)
    }

    fn validate(
        &self,
        method: &str,
        path: &str,
        media: &str,
        body: &Value,
    ) -> Result<(), Vec<String>> {
        let route = self.route(path).map_err(|e| vec![e])?;
        let method = method.to_ascii_lowercase();
        let pointer = format!("/paths/{}", escape_pointer(&route.template));
        let item = self.document.pointer(&pointer).unwrap_or(&Value::Null);
        let operation = item.get(&method).ok_or_else(|| {
            vec![format!(
                "Discord has no {} on {}",
                method.to_ascii_uppercase(),
                route.template
            )]
        })?;
        let mut errors = self.check_params(item, operation, &route, &pointer, &method);

        let request_body = operation.get("requestBody");
        match (request_body, body) {
            (None, Value::Null) => {}
            (None, _) => errors.push(format!(
                "{} {} takes no body",
                method.to_ascii_uppercase(),
                route.template
            )),
            (Some(rb), Value::Null) => {
                if rb.get("required").and_then(Value::as_bool) == Some(true) {
                    errors.push(format!("{} requires a body", route.template));
                }
            }
            (Some(rb), body) => {
                let content = rb.get("content").unwrap_or(&Value::Null);
                if content.get(media).is_none() {
                    errors.push(format!("{} does not accept {media}", route.template));
                } else if content.get("application/json").is_none() {
                    errors.push(format!("{} has no JSON body schema", route.template));
                } else {
                    let schema =
                        format!("{pointer}/{method}/requestBody/content/application~1json/schema");
                    let body = with_known_differences(body);
                    errors.extend(self.check(&schema, &body, ""));
                }
            }
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }

    fn check_params(
        &self,
        item: &Value,
        operation: &Value,
        route: &MatchedRoute,
        pointer: &str,
        method: &str,
    ) -> Vec<String> {
        let mut errors = Vec::new();
        for (name, value) in &route.params {
            // Operation-level parameters override path-level ones of the same name.
            let found = [
                (operation, format!("{pointer}/{method}")),
                (item, pointer.to_string()),
            ]
            .into_iter()
            .find_map(|(holder, at)| {
                holder
                    .get("parameters")?
                    .as_array()?
                    .iter()
                    .position(|p| p["in"] == "path" && p["name"] == name.as_str())
                    .map(|i| {
                        (
                            holder["parameters"][i].clone(),
                            format!("{at}/parameters/{i}/schema"),
                        )
                    })
            });
            let Some((parameter, schema)) = found else {
                continue;
            };
            let resolved = self.resolve(&parameter["schema"]);
            let value = match resolved.get("type").and_then(Value::as_str) {
                Some("integer") => value
                    .parse::<i64>()
                    .map_or_else(|_| Value::String(value.clone()), Value::from),
                _ => Value::String(value.clone()),
            };
            for e in self.check(&schema, &value, &format!("path parameter {name}")) {
                errors.push(e);
            }
        }
        errors
    }

    /// Follows one level of local `$ref`, enough to read a parameter's declared type.
    fn resolve<'a>(&'a self, schema: &'a Value) -> &'a Value {
        schema
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| r.strip_prefix('#'))
            .and_then(|p| self.document.pointer(p))
            .unwrap_or(schema)
    }

    fn check(&self, pointer: &str, instance: &Value, label: &str) -> Vec<String> {
        let validator = match self.validator(pointer) {
            Ok(v) => v,
            Err(e) => return vec![e],
        };
        validator
            .iter_errors(instance)
            .flat_map(|e| explain(&e))
            .map(|(at, why)| {
                let at = if at.is_empty() {
                    "(body)".to_string()
                } else {
                    at
                };
                let at = if label.is_empty() {
                    at
                } else {
                    label.to_string()
                };
                format!("{at}: {}", shorten(&why))
            })
            .collect()
    }

    fn validator(&self, pointer: &str) -> Result<Arc<Validator>, String> {
        let mut cache = self.validators.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(v) = cache.get(pointer) {
            return Ok(Arc::clone(v));
        }
        let mut schema = self
            .document
            .pointer(pointer)
            .cloned()
            .ok_or_else(|| format!("the description has nothing at {pointer}"))?;
        // The subschema is compiled on its own, so its document-relative references must name
        // the document they point into.
        absolute_refs(&mut schema);
        let validator = jsonschema::options()
            .with_draft(Draft::Draft202012)
            .with_registry(&self.registry)
            .offline()
            .build(&schema)
            .map_err(|e| format!("cannot compile the schema at {pointer}: {e}"))?;
        let validator = Arc::new(validator);
        cache.insert(pointer.to_string(), Arc::clone(&validator));
        Ok(validator)
    }
}

/// Whether the description at `path` is there to check against; on CI it must be.
fn present(path: &Path, ci: bool) -> bool {
    if path.exists() {
        return true;
    }
    assert!(
        !ci,
        "Discord's OpenAPI description is missing at {} and CI=true",
        path.display()
    );
    false
}

/// Discord accepts some request shapes its description types more narrowly; each is turned into
/// the form the description wants, and anything else is left for the schema to reject.
/// - serenity numbers new attachments `{"id": 0}` where the description wants a snowflake string
///   (the README beside the description says so): non-negative integers become that string.
/// - serenity sends a command's `default_member_permissions` as a string of digits, as Discord's
///   documentation says, where the description wants an integer: digit strings become integers.
fn with_known_differences(body: &Value) -> Value {
    let mut body = body.clone();
    let commands: Vec<&mut Value> = match &mut body {
        Value::Array(items) => items.iter_mut().collect(),
        one => vec![one],
    };
    for command in commands {
        if let Some(bits) = command.get_mut("default_member_permissions")
            && let Some(n) = bits.as_str().and_then(|s| s.parse::<u64>().ok())
        {
            *bits = Value::from(n);
        }
    }
    let attachment_lists = [&["attachments"][..], &["data", "attachments"][..]];
    for at in attachment_lists {
        let mut node = Some(&mut body);
        for key in at {
            node = node.and_then(|n| n.get_mut(*key));
        }
        if let Some(Value::Array(items)) = node {
            for item in items {
                if let Some(id) = item.get_mut("id")
                    && let Some(n) = id.as_u64()
                {
                    *id = Value::String(n.to_string());
                }
            }
        }
    }
    body
}

fn segments(path: &str) -> impl Iterator<Item = &str> {
    path.split('/').filter(|s| !s.is_empty())
}

fn matches(template: &Template, sent: &[&str]) -> bool {
    template.segments.len() == sent.len()
        && template.segments.iter().zip(sent).all(|(s, v)| match s {
            Segment::Literal(l) => l == v,
            Segment::Param(_) => true,
        })
}

fn escape_pointer(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}

fn absolute_refs(schema: &mut Value) {
    match schema {
        Value::Object(map) => {
            for (key, value) in map.iter_mut() {
                match value {
                    Value::String(r) if key == "$ref" && r.starts_with('#') => {
                        *r = format!("{DOCUMENT_URI}{r}");
                    }
                    _ => absolute_refs(value),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(absolute_refs),
        _ => {}
    }
}

/// One reason a body fails, where in the body, and whether it is a wrong tag (`const`/`enum`,
/// how the description tells apart the alternatives of a union such as a component's `type`).
struct Leaf {
    at: String,
    why: String,
    wrong_tag: bool,
}

/// The reasons behind an error, as (instance path, why). An `anyOf`/`oneOf` that no alternative
/// satisfies says little by itself ("not valid under any of the schemas"); what helps is why the
/// alternative the body was meant to be failed. That is the one whose tag matched, then whose
/// failures lie deepest in the body (it matched the most before failing), then with the fewest
/// failures. When several are equally close (a `type` no alternative takes), their reasons are
/// given together.
fn explain(error: &ValidationError<'_>) -> Vec<(String, String)> {
    leaves(error).into_iter().map(|l| (l.at, l.why)).collect()
}

fn leaves(error: &ValidationError<'_>) -> Vec<Leaf> {
    let own = || {
        vec![Leaf {
            at: error.instance_path().to_string(),
            why: error.to_string(),
            wrong_tag: matches!(
                error.kind(),
                ValidationErrorKind::Enum { .. } | ValidationErrorKind::Constant { .. }
            ),
        }]
    };
    let alternatives = match error.kind() {
        ValidationErrorKind::AnyOf { context } | ValidationErrorKind::OneOfNotValid { context } => {
            context
        }
        _ => return own(),
    };
    let branches: Vec<Vec<Leaf>> = alternatives
        .iter()
        .map(|errors| errors.iter().flat_map(leaves).collect::<Vec<_>>())
        .filter(|leaves| !leaves.is_empty())
        .collect();
    let closeness = |leaves: &Vec<Leaf>| {
        let tag_matched = !leaves.iter().any(|l| l.wrong_tag);
        let depth = leaves.iter().map(|l| l.at.matches('/').count()).max();
        (tag_matched, depth, std::cmp::Reverse(leaves.len()))
    };
    let Some(best) = branches.iter().map(closeness).max() else {
        return own();
    };
    let mut closest: Vec<Vec<Leaf>> = branches
        .into_iter()
        .filter(|b| closeness(b) == best)
        .collect();
    if closest.len() == 1 {
        return closest.remove(0);
    }
    let alternatives = closest.len();
    let mut merged: Vec<Leaf> = Vec::new();
    for leaf in closest.into_iter().flatten() {
        match merged.iter_mut().find(|m| m.at == leaf.at) {
            Some(m) if !m.why.contains(&leaf.why) => m.why = format!("{}; {}", m.why, leaf.why),
            Some(_) => {}
            None => merged.push(leaf),
        }
    }
    for leaf in &mut merged {
        leaf.why = format!("fits none of {alternatives} alternatives: {}", leaf.why);
    }
    merged
}

/// Keeps the start of a message and its end, where the reason is: jsonschema's messages are
/// "<the value> <why>", and the value can be a 2000-character content.
fn shorten(message: &str) -> String {
    let chars: Vec<char> = message.chars().collect();
    if chars.len() <= MAX_MESSAGE {
        return message.to_string();
    }
    let head: String = chars[..MAX_MESSAGE / 4].iter().collect();
    let tail: String = chars[chars.len() - MAX_MESSAGE / 2..].iter().collect();
    format!("{head} … {tail}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn spec() -> Option<&'static DiscordSpec> {
        DiscordSpec::for_tests()
    }

    fn button(custom_id: &str) -> Value {
        json!({"type": 2, "style": 1, "label": "Choose my cards", "custom_id": custom_id})
    }

    fn callback(data: Value) -> Value {
        json!({"type": 4, "data": data})
    }

    fn message(custom_id: &str) -> Value {
        json!({
            "content": "hi",
            "components": [{"type": 1, "components": [button(custom_id)]}],
            "flags": 64
        })
    }

    const CALLBACK: &str = "/api/v10/interactions/1234567890/aW50ZXJhY3Rpb24/callback";

    fn failures(result: Result<(), Vec<String>>) -> Vec<String> {
        result.expect_err("the description should reject this")
    }

    #[test]
    fn a_missing_description_is_skipped_except_on_ci() {
        let missing = Path::new(env!("CARGO_MANIFEST_DIR")).join("no-such-openapi.json");
        assert!(!present(&missing, false));
        let on_ci = std::panic::catch_unwind(|| present(&missing, true));
        assert!(on_ci.is_err(), "a missing description passes on CI");
        assert_eq!(present(&spec_path(), true), spec_path().exists());
    }

    #[test]
    fn a_message_with_buttons_is_a_valid_interaction_callback() {
        let Some(spec) = spec() else { return };
        let body = callback(message("v1:1:hand"));
        assert_eq!(spec.validate_request("POST", CALLBACK, &body), Ok(()));
        let unprefixed = CALLBACK.strip_prefix("/api/v10").unwrap();
        assert_eq!(spec.validate_request("post", unprefixed, &body), Ok(()));
    }

    #[test]
    fn a_custom_id_over_100_characters_is_named_with_its_place_in_the_body() {
        let Some(spec) = spec() else { return };
        let long = "x".repeat(200);
        let errors = failures(spec.validate_request("POST", CALLBACK, &callback(message(&long))));
        assert!(
            errors.iter().any(
                |e| e.starts_with("/data/components/0/components/0/custom_id:")
                    && e.contains("100")
            ),
            "{errors:#?}"
        );
        // The same id at the limit passes: the failure is the length, not the place.
        let at_limit = "x".repeat(100);
        assert_eq!(
            spec.validate_request("POST", CALLBACK, &callback(message(&at_limit))),
            Ok(())
        );
    }

    #[test]
    fn the_reason_given_is_the_one_of_the_component_the_body_meant() {
        let Some(spec) = spec() else { return };
        // Every other component type fails this button on its `type`; the reason that helps is
        // the button's own: it has no style.
        let no_style = json!({"type": 2, "custom_id": "a", "label": "A"});
        let data = json!({"components": [{"type": 1, "components": [no_style]}]});
        let errors = failures(spec.validate_request("POST", CALLBACK, &callback(data)));
        assert_eq!(
            errors,
            ["/data/components/0/components/0: \"style\" is a required property"]
        );
    }

    #[test]
    fn a_long_value_is_shortened_but_not_its_reason() {
        let Some(spec) = spec() else { return };
        let long = "x".repeat(2001);
        let body = callback(json!({ "content": long }));
        let errors = failures(spec.validate_request("POST", CALLBACK, &body));
        assert_eq!(errors.len(), 1, "{errors:#?}");
        assert!(
            errors[0].starts_with("/data/content: \"xxx"),
            "{}",
            errors[0]
        );
        assert!(
            errors[0].ends_with("is longer than 2000 characters"),
            "{}",
            errors[0]
        );
        assert!(errors[0].chars().count() < 600);
    }

    #[test]
    fn an_unknown_callback_type_is_refused() {
        let Some(spec) = spec() else { return };
        let errors = failures(spec.validate_request(
            "POST",
            CALLBACK,
            &json!({"type": 99, "data": message("a")}),
        ));
        assert!(
            errors.iter().any(|e| e.starts_with("/type:")),
            "{errors:#?}"
        );
    }

    #[test]
    fn content_must_be_a_string() {
        let Some(spec) = spec() else { return };
        let errors =
            failures(spec.validate_request("POST", CALLBACK, &callback(json!({"content": 42}))));
        assert!(
            errors
                .iter()
                .any(|e| e.starts_with("/data/content:") && e.contains("string")),
            "{errors:#?}"
        );
        let channel = "/api/v10/channels/1234/messages";
        let errors = failures(spec.validate_request("POST", channel, &json!({"content": 42})));
        assert!(
            errors.iter().any(|e| e.starts_with("/content:")),
            "{errors:#?}"
        );
        assert_eq!(
            spec.validate_request("POST", channel, &json!({"content": "42"})),
            Ok(())
        );
    }

    #[test]
    fn literal_segments_win_over_parameters() {
        let Some(spec) = spec() else { return };
        let original = spec
            .route("/api/v10/webhooks/1/tok/messages/@original")
            .unwrap();
        assert_eq!(
            original.template,
            "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
        );
        assert_eq!(
            original.params,
            vec![
                ("webhook_id".into(), "1".into()),
                ("webhook_token".into(), "tok".into())
            ]
        );
        let by_id = spec.route("/webhooks/1/tok/messages/55?wait=true").unwrap();
        assert_eq!(
            by_id.template,
            "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
        );
        let guild = spec
            .route("/api/v10/applications/1/guilds/2/commands")
            .unwrap();
        assert_eq!(
            guild.template,
            "/applications/{application_id}/guilds/{guild_id}/commands"
        );
    }

    #[test]
    fn unknown_routes_methods_and_malformed_ids_are_refused() {
        let Some(spec) = spec() else { return };
        let errors = failures(spec.validate_request("GET", "/api/v10/nonsense", &Value::Null));
        assert!(errors[0].contains("no route"), "{errors:?}");
        let errors = failures(spec.validate_request("PUT", CALLBACK, &callback(message("a"))));
        assert!(errors[0].contains("no PUT"), "{errors:?}");
        let errors =
            failures(spec.validate_request("GET", "/api/v10/channels/general", &Value::Null));
        assert!(
            errors[0].starts_with("path parameter channel_id:"),
            "{errors:?}"
        );
        assert_eq!(
            spec.validate_request("GET", "/api/v10/channels/42", &Value::Null),
            Ok(())
        );
    }

    #[test]
    fn bodies_where_none_belongs_or_missing_where_one_is_required() {
        let Some(spec) = spec() else { return };
        let errors = failures(spec.validate_request("GET", "/api/v10/users/@me", &json!({"a": 1})));
        assert!(errors[0].contains("takes no body"), "{errors:?}");
        let errors = failures(spec.validate_request("POST", CALLBACK, &Value::Null));
        assert!(errors[0].contains("requires a body"), "{errors:?}");
    }

    #[test]
    fn serenitys_numbered_attachments_pass_but_nothing_else_loose_does() {
        let Some(spec) = spec() else { return };
        let with = |id: Value| {
            callback(
                json!({"content": "board", "attachments": [{"id": id, "filename": "board.png"}]}),
            )
        };
        assert_eq!(
            spec.validate_request("POST", CALLBACK, &with(json!(0))),
            Ok(())
        );
        assert_eq!(
            spec.validate_request("POST", CALLBACK, &with(json!("0"))),
            Ok(())
        );
        let errors = failures(spec.validate_request("POST", CALLBACK, &with(json!(-1))));
        assert!(
            errors
                .iter()
                .any(|e| e.starts_with("/data/attachments/0/id:")),
            "{errors:#?}"
        );
        let errors = failures(spec.validate_request("POST", CALLBACK, &with(json!("zero"))));
        assert!(
            errors
                .iter()
                .any(|e| e.starts_with("/data/attachments/0/id:")),
            "{errors:#?}"
        );
    }

    #[test]
    fn command_registration_is_checked_item_by_item() {
        let Some(spec) = spec() else { return };
        let path = "/api/v10/applications/11/guilds/22/commands";
        let command = json!({"name": "tour", "description": "Run a tour", "type": 1, "options": [
            {"type": 1, "name": "join", "description": "Join", "options": [
                {"type": 3, "name": "team", "description": "Team", "required": true}
            ]}
        ]});
        assert_eq!(
            spec.validate_request("PUT", path, &json!([command])),
            Ok(())
        );
        let errors = failures(spec.validate_request(
            "PUT",
            path,
            &json!([{"name": "x".repeat(40), "description": "d"}]),
        ));
        assert!(
            errors.iter().any(|e| e.starts_with("/0/name:")),
            "{errors:#?}"
        );
        // serenity's string of permission bits passes; a string that is not one does not.
        let gated = |bits: &str| json!([{"name": "admin", "description": "d", "default_member_permissions": bits}]);
        assert_eq!(spec.validate_request("PUT", path, &gated("16")), Ok(()));
        let errors = failures(spec.validate_request("PUT", path, &gated("manage channels")));
        assert!(
            errors
                .iter()
                .any(|e| e.starts_with("/0/default_member_permissions:")),
            "{errors:#?}"
        );
    }

    #[test]
    fn multipart_is_only_accepted_where_discord_takes_uploads() {
        let Some(spec) = spec() else { return };
        let body = callback(message("a"));
        assert_eq!(spec.validate_multipart("POST", CALLBACK, &body), Ok(()));
        let errors = failures(spec.validate_multipart(
            "PUT",
            "/api/v10/applications/1/commands",
            &json!([]),
        ));
        assert!(
            errors[0].contains("does not accept multipart"),
            "{errors:?}"
        );
    }
}
