//! The REST half: reads each request whole (JSON or multipart), records it, checks it against
//! Discord's description, and routes it to the store.

use super::store::{Body, Payload, Reply, State, World};
use super::{APPLICATION_ID, OWNER_ID, Recorded, Shared, Upload, payloads};
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Request, State as Extract};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::sync::Arc;

pub async fn handle(Extract(shared): Extract<Arc<Shared>>, request: Request) -> Response {
    let received = std::time::Instant::now();
    let method = request.method().as_str().to_string();
    let path = request.uri().path().to_string();
    let query = request.uri().query().map(str::to_string);
    let content_type = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let read = read_body(request, content_type.as_deref()).await;
    let request_line = format!("{method} {path}");

    let mut state = shared.state();
    let mut failures = Vec::new();
    if let Err(e) = &read {
        failures.push(format!("{request_line}: {e}"));
    }
    let (json, files) = read.unwrap_or_default();
    let multipart = content_type
        .as_deref()
        .is_some_and(|c| c.starts_with("multipart/form-data"));

    let reply = if let Some(file) = attachment_download(&state, &method, &path) {
        file
    } else {
        let next_id = || shared.ids.next();
        let world = World {
            application_id: APPLICATION_ID,
            bot_user: shared.bot_user(),
            base_url: &shared.base_url,
            next_id: &next_id,
            default_guild: shared.config.default_guild,
            answer_within: shared.config.answer_within,
            keep_files: shared.config.keep_log,
        };
        let body = Body {
            json: json.as_ref().unwrap_or(&Value::Null),
            files: &files,
        };
        match route(&mut state, &world, &shared, &method, &path, body) {
            Some(reply) => {
                if let Some(spec) = shared.spec {
                    let body = json.as_ref().unwrap_or(&Value::Null);
                    let checked = if multipart {
                        spec.validate_multipart(&method, &path, body)
                    } else {
                        spec.validate_request(&method, &path, body)
                    };
                    if let Err(errors) = checked {
                        failures.extend(errors.into_iter().map(|e| format!("{request_line}: {e}")));
                    }
                }
                reply
            }
            None => {
                failures.push(format!("{request_line}: no such route in the fake Discord"));
                Reply::error(404, 0, "404: Not Found")
            }
        }
    };
    for failure in failures {
        state.fail(failure);
    }
    let recorded = Recorded {
        method,
        path,
        query,
        content_type,
        json,
        files,
        status: reply.status,
        response: match &reply.body {
            Payload::Json(body) => Some(body.clone()),
            _ => None,
        },
        received,
    };
    if shared.config.keep_log {
        state.requests.push(recorded.clone());
    }
    drop(state);
    shared.tell_watchers(&recorded);
    shared.changed();
    respond(reply)
}

fn respond(reply: Reply) -> Response {
    let status = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    match reply.body {
        Payload::Json(body) => (status, axum::Json(body)).into_response(),
        Payload::File(content_type, bytes) => {
            let mut response = (status, bytes).into_response();
            if let Some(value) = content_type.and_then(|ct| HeaderValue::from_str(&ct).ok()) {
                response.headers_mut().insert(header::CONTENT_TYPE, value);
            }
            response
        }
        Payload::None => status.into_response(),
    }
}

/// The JSON body (or a multipart body's `payload_json`) and the uploaded parts.
async fn read_body(
    request: Request,
    content_type: Option<&str>,
) -> Result<(Option<Value>, Vec<Upload>), String> {
    if content_type.is_some_and(|c| c.starts_with("multipart/form-data")) {
        let mut form = Multipart::from_request(request, &())
            .await
            .map_err(|e| format!("unreadable multipart body: {e}"))?;
        let mut json = None;
        let mut files = Vec::new();
        while let Some(field) = form
            .next_field()
            .await
            .map_err(|e| format!("unreadable multipart part: {e}"))?
        {
            let name = field.name().unwrap_or_default().to_string();
            let filename = field.file_name().map(str::to_string);
            let content_type = field.content_type().map(str::to_string);
            let bytes = field
                .bytes()
                .await
                .map_err(|e| format!("part {name}: {e}"))?;
            if name == "payload_json" {
                json = Some(
                    serde_json::from_slice(&bytes)
                        .map_err(|e| format!("payload_json is not JSON: {e}"))?,
                );
            } else {
                files.push(Upload {
                    field: name,
                    filename,
                    content_type,
                    bytes: bytes.to_vec(),
                });
            }
        }
        return Ok((json, files));
    }
    let bytes: Bytes = axum::body::to_bytes(request.into_body(), usize::MAX)
        .await
        .map_err(|e| format!("unreadable body: {e}"))?;
    if bytes.is_empty() {
        return Ok((None, Vec::new()));
    }
    if !content_type.is_some_and(|c| c.starts_with("application/json")) {
        return Err(format!(
            "a body sent as {content_type:?}, not application/json"
        ));
    }
    let json = serde_json::from_slice(&bytes).map_err(|e| format!("body is not JSON: {e}"))?;
    Ok((Some(json), Vec::new()))
}

fn attachment_download(state: &State, method: &str, path: &str) -> Option<Reply> {
    let rest = path.strip_prefix("/attachments/")?;
    let id = rest.split('/').nth(1).and_then(|s| s.parse::<u64>().ok())?;
    let (content_type, bytes) = state.files.get(&id).filter(|_| method == "GET")?;
    Some(Reply {
        status: 200,
        body: Payload::File(content_type.clone(), bytes.clone()),
    })
}

/// Discord's routes as serenity 0.12 calls them (`src/http/routing.rs`), literal segments before
/// parameters. `None`: a route the fake does not know.
fn route(
    state: &mut State,
    world: &World,
    shared: &Shared,
    method: &str,
    path: &str,
    body: Body,
) -> Option<Reply> {
    let below = path.strip_prefix("/api/v10/")?;
    let segments: Vec<&str> = below.split('/').collect();
    let id = |s: &str| s.parse::<u64>().ok();
    let reply = match (method, segments.as_slice()) {
        ("GET", ["gateway"]) => Reply::json(json!({"url": shared.gateway_url()})),
        ("GET", ["gateway", "bot"]) => Reply::json(json!({
            "url": shared.gateway_url(),
            "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
        })),
        ("GET", ["users", "@me"]) => Reply::json(shared.bot_user()),
        ("GET", ["oauth2", "applications", "@me"]) => Reply::json(application(shared)),
        (_, ["applications", app, rest @ ..]) => {
            let scope = match rest {
                ["commands"] => None,
                ["guilds", guild, "commands"] => Some(id(guild)?),
                _ => return None,
            };
            if !matches!(method, "GET" | "PUT" | "POST") {
                return None;
            }
            if id(app) != Some(world.application_id) {
                state.fail(format!(
                    "{method} {path}: application {app} is not this bot's {}",
                    world.application_id
                ));
                return Some(Reply::error(404, 10002, "Unknown Application"));
            }
            match method {
                "GET" => Reply::json(Value::Array(
                    state.commands.get(&scope).cloned().unwrap_or_default(),
                )),
                _ if state.refuse_commands => Reply::error(
                    400,
                    50035,
                    "Invalid Form Body: the registration is refused (a test's choice)",
                ),
                "PUT" => state.put_commands(world, scope, body.json),
                _ => state.post_command(world, scope, body.json),
            }
        }
        ("POST", ["interactions", interaction, token, "callback"]) => {
            state.callback(world, id(interaction)?, token, body)
        }
        ("POST", ["webhooks", app, token]) => state.follow_up(world, id(app)?, token, body),
        ("GET" | "PATCH" | "DELETE", ["webhooks", app, token, "messages", "@original"]) => {
            state.webhook_message(world, method, id(app)?, token, None, body)
        }
        ("GET" | "PATCH" | "DELETE", ["webhooks", app, token, "messages", message]) => {
            state.webhook_message(world, method, id(app)?, token, Some(id(message)?), body)
        }
        ("GET", ["channels", channel]) => state.channel(world, id(channel)?),
        ("POST", ["channels", channel, "messages"]) => match state.failing_posts.pop_front() {
            // A fault a test asked for: the post is not made.
            Some(429) => Reply::error(429, 0, "You are being rate limited."),
            Some(status) => Reply::error(status, 0, "Internal Server Error"),
            None => state.channel_post(world, id(channel)?, body),
        },
        ("GET" | "PATCH" | "DELETE", ["channels", channel, "messages", message]) => {
            state.channel_message(world, method, id(channel)?, id(message)?, body)
        }
        // Pinning a message (serenity 0.12's route; Discord keeps it beside the newer
        // `/channels/{id}/messages/pins/{id}`).
        ("PUT" | "DELETE", ["channels", channel, "pins", message])
        | ("PUT" | "DELETE", ["channels", channel, "messages", "pins", message]) => {
            state.pin(id(channel)?, id(message)?, method == "PUT")
        }
        _ => return None,
    };
    Some(reply)
}

fn application(shared: &Shared) -> Value {
    json!({
        "id": APPLICATION_ID.to_string(),
        "name": shared.config.bot_name,
        "icon": null,
        "description": "",
        "bot_public": true,
        "bot_require_code_grant": false,
        "verify_key": "0".repeat(64),
        "owner": payloads::user(OWNER_ID, "owner", false),
        "team": null,
        "flags": 0,
        "bot": shared.bot_user(),
    })
}
