//! The gateway half: one websocket session per connection, JSON text frames, following
//! Discord's handshake as serenity 0.12 expects it (`src/gateway/shard.rs`): HELLO, then
//! IDENTIFY answered by READY, heartbeats acknowledged, then dispatches with increasing sequence
//! numbers.
//!
//! Every session that has identified (or resumed) is live until its socket closes, as a
//! process that dies drops its connection: several processes (or the shards of one) each hold
//! one, and a test sends an event to the newest, to one it picks, or to all.

use super::{Identified, Shared};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::response::Response;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use tokio::sync::mpsc;

/// A live session, as [`Shared`] keeps it: where its dispatches go.
pub(crate) struct Live {
    pub number: u64,
    pub shard: Option<(u64, u64)>,
    pub dispatch: mpsc::UnboundedSender<(String, Value)>,
}

impl Live {
    pub fn session(&self) -> super::Session {
        super::Session {
            number: self.number,
            shard: self.shard,
        }
    }
}

pub async fn upgrade(
    State(shared): State<Arc<Shared>>,
    Query(query): Query<HashMap<String, String>>,
    ws: WebSocketUpgrade,
) -> Response {
    // serenity appends `?v=10` to the url it was given and nothing else; Discord would refuse
    // another version.
    if query.get("v").is_some_and(|v| v != "10") {
        shared.state().fail(format!(
            "gateway connection asks for version {:?}, not 10",
            query["v"]
        ));
    }
    ws.on_upgrade(move |socket| session(shared, socket))
}

async fn session(shared: Arc<Shared>, socket: WebSocket) {
    let number = shared.next_session.fetch_add(1, Ordering::SeqCst);
    serve_session(&shared, socket, number).await;
    // The socket closed (the process stopped or died) or failed: Discord no longer sends
    // anything there.
    shared.sessions().retain(|live| live.number != number);
    shared.changed();
}

async fn serve_session(shared: &Arc<Shared>, mut socket: WebSocket, number: u64) {
    let (dispatch, mut dispatches) = mpsc::unbounded_channel::<(String, Value)>();
    let mut seq: u64 = 0;
    let hello = json!({"op": 10, "d": {"heartbeat_interval": shared.config.heartbeat_interval_ms}});
    if send(&mut socket, &hello).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => continue,
                };
                let Ok(frame) = serde_json::from_str::<Value>(text.as_str()) else {
                    shared.state().fail(format!("gateway frame is not JSON: {}", text.as_str()));
                    continue;
                };
                let mut sent = Ok(());
                let live = Live { number, shard: None, dispatch: dispatch.clone() };
                for answer in answer(shared, &frame, &mut seq, live) {
                    sent = sent.and(send(&mut socket, &answer).await);
                }
                shared.changed();
                if sent.is_err() {
                    break;
                }
            }
            Some((event, data)) = dispatches.recv() => {
                seq += 1;
                let frame = json!({"op": 0, "t": event, "s": seq, "d": data});
                if send(&mut socket, &frame).await.is_err() {
                    break;
                }
            }
        }
    }
}

/// What the fake sends back for one frame from the bot.
fn answer(shared: &Arc<Shared>, frame: &Value, seq: &mut u64, live: Live) -> Vec<Value> {
    match frame["op"].as_u64() {
        Some(1) => {
            shared.state().heartbeats += 1;
            vec![json!({"op": 11})]
        }
        Some(2) => {
            let d = &frame["d"];
            let shard = d["shard"]
                .as_array()
                .and_then(|s| Some((s.first()?.as_u64()?, s.get(1)?.as_u64()?)));
            let session_id = format!("fake-session-{}", shared.ids.next());
            let mut state = shared.state();
            state.identified.push(Identified {
                intents: d["intents"].as_u64().unwrap_or(0),
                shard,
                payload: frame.clone(),
            });
            state.shards.insert(session_id.clone(), shard);
            drop(state);
            // The newest session gets the dispatches of `inject`.
            became_newest(shared, Live { shard, ..live });
            *seq += 1;
            vec![json!({"op": 0, "t": "READY", "s": *seq, "d": ready(shared, shard, &session_id)})]
        }
        // RESUME (on a new connection): nothing was missed, there is nothing to replay; the
        // session keeps the shard it identified with.
        Some(6) => {
            let shard = frame["d"]["session_id"]
                .as_str()
                .and_then(|id| shared.state().shards.get(id).copied())
                .flatten();
            became_newest(shared, Live { shard, ..live });
            *seq += 1;
            vec![json!({"op": 0, "t": "RESUMED", "s": *seq, "d": {}})]
        }
        // Presence updates and member requests change nothing the fake tracks.
        Some(3 | 8) => Vec::new(),
        _ => {
            shared.state().fail(format!(
                "gateway opcode Discord does not take from bots: {frame}"
            ));
            Vec::new()
        }
    }
}

/// Makes `live` the newest session (a second IDENTIFY or a RESUME on one connection replaces
/// its entry).
fn became_newest(shared: &Shared, live: Live) {
    let mut sessions = shared.sessions();
    sessions.retain(|l| l.number != live.number);
    sessions.push(live);
}

/// What serenity's `Ready` requires: `v`, `user`, `guilds`, `session_id`,
/// `resume_gateway_url`, `application {id, flags}`; `shard` when the bot sent one.
fn ready(shared: &Shared, shard: Option<(u64, u64)>, session_id: &str) -> Value {
    let guilds: Vec<Value> = shared
        .config
        .guilds
        .iter()
        .map(|id| json!({"id": id.to_string(), "unavailable": true}))
        .collect();
    let mut ready = json!({
        "v": 10,
        "user": shared.bot_user(),
        "guilds": guilds,
        "session_id": session_id,
        "resume_gateway_url": shared.gateway_url(),
        "application": {"id": super::APPLICATION_ID.to_string(), "flags": 0},
        "private_channels": [],
        "relationships": [],
        "presences": [],
        "user_settings": {},
    });
    if let Some((id, total)) = shard {
        ready["shard"] = json!([id, total]);
    }
    ready
}

async fn send(socket: &mut WebSocket, frame: &Value) -> Result<(), axum::Error> {
    socket.send(Message::Text(frame.to_string().into())).await
}
