//! A simulated person: asks through the fake Discord and waits for the bot's answer, and a
//! director who plays every round by pressing whatever the bot offers, as fast as it answers.

use crate::router::{Channel, Control, Event, Routes, controls, id_of};
use commissaire_tests::fake_discord::{FakeDiscord, SentInteraction, Who};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// How long an interaction is waited for before it counts as never answered (Discord itself
/// gives up after three seconds; the bot's late answer is still waited for, to be counted).
const ANSWER_WAIT: Duration = Duration::from_secs(60);
/// How long a director waits for the next round's card.
const CARD_WAIT: Duration = Duration::from_secs(300);
/// More presses than this in one round: the bot keeps offering the same thing.
const MOST_PRESSES: usize = 40;

/// One interaction and when the bot answered it.
pub struct Asked {
    pub interaction: SentInteraction,
    pub sent: Instant,
    /// The interaction callback's arrival and type.
    pub answered: Option<(Instant, u64)>,
    /// For a deferred answer: when it was given through the webhook.
    pub completed: Option<Instant>,
}

impl Asked {
    pub fn callback_kind(&self) -> u64 {
        self.answered.map_or(0, |(_, kind)| kind)
    }
}

/// Someone in a channel who sends interactions one at a time.
pub struct Person {
    pub fake: Arc<FakeDiscord>,
    pub routes: Arc<Routes>,
    pub channel: Arc<Channel>,
    pub who: Who,
    tell: mpsc::UnboundedSender<Event>,
    told: mpsc::UnboundedReceiver<Event>,
}

impl Person {
    pub fn new(
        fake: &Arc<FakeDiscord>,
        routes: &Arc<Routes>,
        channel: &Arc<Channel>,
        who: Who,
    ) -> Person {
        let (tell, told) = mpsc::unbounded_channel();
        Person {
            fake: Arc::clone(fake),
            routes: Arc::clone(routes),
            channel: Arc::clone(channel),
            who,
            tell,
            told,
        }
    }

    /// Sends `payload` and waits for the bot's answer, and for a deferred one its completion.
    pub async fn ask(&mut self, payload: Value) -> Asked {
        let token = payload["token"].as_str().unwrap_or_default().to_string();
        self.routes.expect(&token, self.tell.clone());
        let sent = Instant::now();
        let interaction = self.fake.interaction(payload);
        let mut asked = Asked {
            interaction,
            sent,
            answered: None,
            completed: None,
        };
        let give_up = tokio::time::Instant::from_std(sent + ANSWER_WAIT);
        while let Ok(Some(event)) = tokio::time::timeout_at(give_up, self.told.recv()).await {
            match event {
                Event::Callback { token: t, at, kind } if t == token => {
                    asked.answered = Some((at, kind));
                    if !matches!(kind, 5 | 6) {
                        break;
                    }
                }
                Event::Webhook { token: t, at } if t == token && asked.answered.is_some() => {
                    asked.completed = Some(at);
                    break;
                }
                _ => {}
            }
        }
        self.routes.forget(&token);
        asked
    }

    /// Uses `control` on message `message_id`.
    pub async fn press(&mut self, control: &Control, message_id: u64) -> Asked {
        let payload = match control {
            Control::Button(id) => self.fake.component(id, message_id, &self.who),
            Control::Select(id, value) => {
                self.fake
                    .select(id, &[value.as_str()], message_id, &self.who)
            }
        };
        self.ask(payload).await
    }
}

/// What an interaction was.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A press on the round's public card: the hand opens.
    Open,
    /// A press on the private hand.
    Choice,
    /// `/play`'s suggestions while typing.
    Autocomplete,
    Standings,
    Stage,
}

/// One interaction (a press, a command, an autocomplete), timed.
pub struct Press {
    pub kind: Kind,
    /// The round of the run it was made in, from 1.
    pub round: u32,
    pub sent: Instant,
    /// When the interaction response reached the fake.
    pub answered: Option<Instant>,
    /// Put off (deferred) by the bot, and when its answer then came.
    pub deferred: bool,
    pub completed: Option<Instant>,
}

/// What a director did in the run.
#[derive(Default)]
pub struct Played {
    pub presses: Vec<Press>,
    /// Choices the bot answered with a new note instead of the hand: refusals.
    pub refused: usize,
    /// Why the director stopped before the last round, if they did.
    pub stopped: Option<String>,
}

/// Plays `rounds` rounds: waits for each round's card; asks what a player asks (`/play`'s
/// suggestions, `/standings`, `/stage`), a pause before each, when `asks` is on; opens the hand
/// from the card, and presses the first thing the hand offers until it offers nothing more.
/// The questions come before the hand so that their answers are in before the round can close.
pub async fn direct(mut person: Person, rounds: u32, think: Duration, asks: bool) -> Played {
    let mut played = Played::default();
    let mut pause = Pauses::new(think, person.who.user_id);
    let mut cards = person.channel.cards.subscribe();
    let mut card = 0;
    for round in 1..=rounds {
        let next = tokio::time::timeout(CARD_WAIT, async {
            cards.wait_for(|&newest| newest > card).await.map(|n| *n)
        })
        .await;
        card = match next {
            Ok(Ok(newest)) => newest,
            _ => {
                played.stopped = Some(format!("no card for round {round} within {CARD_WAIT:?}"));
                break;
            }
        };
        if asks {
            for kind in [Kind::Autocomplete, Kind::Standings, Kind::Stage] {
                tokio::time::sleep(pause.next()).await;
                let payload = match kind {
                    Kind::Autocomplete => person.fake.autocomplete(
                        "play",
                        json!({"choice": ""}),
                        "choice",
                        &person.who,
                    ),
                    Kind::Standings => person.fake.slash("standings", json!({}), &person.who),
                    _ => person.fake.slash("stage", json!({}), &person.who),
                };
                let asked = person.ask(payload).await;
                played.presses.push(press(&asked, kind, round));
            }
        }
        tokio::time::sleep(pause.next()).await;
        let message = person.fake.message(card).unwrap_or_default();
        let Some(open) = controls(&message).into_iter().next() else {
            // The card's turns were played from the hand, which goes on into the next turn
            // when it is the director's too: the card was over before they came to it.
            played.stopped = Some(format!(
                "round {round}'s card was over when they came to it (played from the hand)"
            ));
            break;
        };
        let asked = person.press(&open, card).await;
        played.presses.push(press(&asked, Kind::Open, round));
        let hand = person.fake.original_response(&asked.interaction);
        let Some((mut hand, hand_id)) = hand.and_then(|h| id_of(&h).map(|id| (h, id))) else {
            played.stopped = Some(format!("round {round}: no hand after pressing the card"));
            break;
        };
        let mut presses = 0;
        while let Some(choice) = controls(&hand).into_iter().next() {
            presses += 1;
            if presses > MOST_PRESSES {
                played.stopped = Some(format!("round {round}: the hand never emptied"));
                return played;
            }
            tokio::time::sleep(pause.next()).await;
            let asked = person.press(&choice, hand_id).await;
            played.presses.push(press(&asked, Kind::Choice, round));
            if asked.answered.is_none() {
                played.stopped = Some(format!("round {round}: a choice was never answered"));
                return played;
            }
            if asked.callback_kind() == 4 {
                // A new note instead of the hand redrawn: the choice was refused.
                played.refused += 1;
                break;
            }
            hand = person.fake.message(hand_id).unwrap_or_default();
        }
    }
    played
}

/// A director's pauses before pressing: between half and one and a half times the think time,
/// spread so that directors started together do not press in step.
struct Pauses {
    think: Duration,
    state: u64,
}

impl Pauses {
    fn new(think: Duration, seed: u64) -> Pauses {
        Pauses {
            think,
            state: seed | 1,
        }
    }

    fn next(&mut self) -> Duration {
        if self.think.is_zero() {
            return Duration::ZERO;
        }
        // xorshift64: enough to spread pauses, and the same run every time.
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        let fraction = 0.5 + (self.state % 1000) as f64 / 1000.0;
        self.think.mul_f64(fraction)
    }
}

fn press(asked: &Asked, kind: Kind, round: u32) -> Press {
    Press {
        kind,
        round,
        sent: asked.sent,
        answered: asked.answered.map(|(at, _)| at),
        deferred: matches!(asked.callback_kind(), 5 | 6),
        completed: asked.completed,
    }
}
