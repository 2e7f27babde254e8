//! Follows every request the bot sends to the fake Discord, as it arrives, and hands each to
//! whoever waits for it: an interaction's answer to the one who asked, a channel's new message
//! with buttons (a round's card) to that channel's directors, and the time of each picture
//! posted in a channel (a board: the pictures in interaction answers are hands and profiles,
//! seen by one director only).

use commissaire_tests::fake_discord::Recorded;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tokio::sync::{mpsc, watch};

/// What the bot did about one interaction.
#[derive(Debug)]
pub enum Event {
    /// Its callback: the interaction response (`kind` 4 a message, 5 a deferred message,
    /// 6 a deferred update, 7 an update of the message clicked).
    Callback {
        token: String,
        at: Instant,
        kind: u64,
    },
    /// A request through its webhook: the deferred answer edited in, or a follow-up.
    Webhook { token: String, at: Instant },
}

/// A tour's channel as its directors see it.
pub struct Channel {
    pub id: u64,
    /// The newest message posted in the channel with buttons on it (a round's card).
    pub cards: watch::Sender<u64>,
    /// When each channel message carrying a file (a board) arrived: a new message or an edit.
    pub uploads: Mutex<Vec<Instant>>,
}

impl Channel {
    pub fn new(id: u64) -> Channel {
        Channel {
            id,
            cards: watch::channel(0).0,
            uploads: Mutex::new(Vec::new()),
        }
    }
}

/// Who waits for an interaction's answer.
type Waiting = mpsc::UnboundedSender<Event>;

/// Who waits for what.
pub struct Routes {
    /// Interaction tokens still waited for, and who asked.
    tokens: Mutex<HashMap<String, Waiting>>,
    pub channels: HashMap<u64, Arc<Channel>>,
    /// When the bot's last request reached the fake.
    last_request: Mutex<Option<Instant>>,
    /// How many requests of each kind the bot sent (method and route, ids left out), and how
    /// many of them carried a file.
    tally: Mutex<HashMap<String, (u64, u64)>>,
}

impl Routes {
    pub fn new(channels: impl IntoIterator<Item = Arc<Channel>>) -> Routes {
        Routes {
            tokens: Mutex::new(HashMap::new()),
            channels: channels.into_iter().map(|c| (c.id, c)).collect(),
            last_request: Mutex::new(None),
            tally: Mutex::new(HashMap::new()),
        }
    }

    /// The bot's requests by kind, most first: (kind, count, with a file).
    pub fn tally(&self) -> Vec<(String, u64, u64)> {
        let mut list: Vec<(String, u64, u64)> = self
            .tally
            .lock()
            .expect("tally")
            .iter()
            .map(|(k, (n, f))| (k.clone(), *n, *f))
            .collect();
        list.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        list
    }

    /// When the bot's last request reached the fake, if it sent any.
    pub fn last_request(&self) -> Option<Instant> {
        *self.last_request.lock().expect("last request")
    }

    /// Sends what the bot does about the interaction with `token` to `to`.
    pub fn expect(&self, token: &str, to: mpsc::UnboundedSender<Event>) {
        self.tokens
            .lock()
            .expect("tokens")
            .insert(token.to_string(), to);
    }

    pub fn forget(&self, token: &str) {
        self.tokens.lock().expect("tokens").remove(token);
    }

    fn waiting(&self, token: &str) -> Option<Waiting> {
        self.tokens.lock().expect("tokens").get(token).cloned()
    }

    /// Routes one request.
    fn route(&self, request: Recorded) {
        let at = request.received;
        *self.last_request.lock().expect("last request") = Some(at);
        let segments: Vec<&str> = request.route().trim_start_matches('/').split('/').collect();
        let has_file = !request.files.is_empty();
        {
            // Ids and tokens become `*`: what is left names the kind of request.
            let shape: Vec<&str> = segments
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let token = i == 2 && matches!(segments[0], "interactions" | "webhooks");
                    if token || s.chars().all(|c| c.is_ascii_digit()) {
                        "*"
                    } else {
                        s
                    }
                })
                .collect();
            let kind = format!("{} /{}", request.method, shape.join("/"));
            let mut tally = self.tally.lock().expect("tally");
            let entry = tally.entry(kind).or_default();
            entry.0 += 1;
            entry.1 += u64::from(has_file);
        }
        match (request.method.as_str(), segments.as_slice()) {
            ("POST", ["interactions", _, token, "callback"]) => {
                let kind = request
                    .json
                    .as_ref()
                    .map_or(0, |j| j["type"].as_u64().unwrap_or(0));
                if let Some(to) = self.waiting(token) {
                    let token = token.to_string();
                    let _ = to.send(Event::Callback { token, at, kind });
                }
            }
            (_, ["webhooks", _, token, ..]) => {
                if let Some(to) = self.waiting(token) {
                    let token = token.to_string();
                    let _ = to.send(Event::Webhook { token, at });
                }
            }
            (method, ["channels", channel, "messages", ..]) => {
                let Ok(channel) = channel.parse::<u64>() else {
                    return;
                };
                if has_file && let Some(c) = self.channels.get(&channel) {
                    c.uploads.lock().expect("uploads").push(at);
                }
                let created = request.response.as_ref().filter(|_| method == "POST");
                if let (Some(message), Some(c)) = (created, self.channels.get(&channel))
                    && has_buttons(message)
                    && let Some(id) = message["id"].as_str().and_then(|s| s.parse().ok())
                {
                    c.cards.send_if_modified(|newest| {
                        let newer = id > *newest;
                        if newer {
                            *newest = id;
                        }
                        newer
                    });
                }
            }
            _ => {}
        }
    }
}

/// Routes every request the fake reports until it stops.
pub async fn follow(routes: Arc<Routes>, mut requests: mpsc::UnboundedReceiver<Recorded>) {
    while let Some(request) = requests.recv().await {
        routes.route(request);
    }
}

/// Something on a message a user can use.
pub enum Control {
    Button(String),
    /// A select menu, with its first option's value.
    Select(String, String),
}

/// A message's buttons and menus, in the order shown (links and disabled ones left out).
pub fn controls(message: &Value) -> Vec<Control> {
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().into_iter().flatten())
        .filter(|c| c["disabled"] != Value::Bool(true))
        .filter_map(|c| {
            let id = c["custom_id"].as_str()?.to_string();
            match c["type"].as_u64() {
                Some(2) => Some(Control::Button(id)),
                Some(3) => {
                    let value = c["options"][0]["value"].as_str()?.to_string();
                    Some(Control::Select(id, value))
                }
                _ => None,
            }
        })
        .collect()
}

fn has_buttons(message: &Value) -> bool {
    !controls(message).is_empty()
}

pub fn id_of(message: &Value) -> Option<u64> {
    message["id"].as_str().and_then(|s| s.parse().ok())
}
