//! The bot's logs: what `RUST_LOG` asks for, but never a secret. Serenity records every request
//! it sends (bodies with their PNG bytes, routes with interaction tokens) as the fields of its
//! spans, and the HTTP crates under it their URLs: those stay out at every level, whatever
//! `RUST_LOG` says, and our own lines write errors with any token in a URL hidden.

use std::fmt;
use tracing_subscriber::filter::{FilterExt, LevelFilter, Targets};
use tracing_subscriber::prelude::*;
use tracing_subscriber::{EnvFilter, Layer};

/// What is logged when `RUST_LOG` says nothing.
const DEFAULT: &str = "info,serenity=warn,poise=warn";

/// The most each dependency may log, over anything `RUST_LOG` asks: serenity's HTTP client
/// warns with the route (an interaction's token is part of it) and its spans carry whole
/// requests, so it speaks only of errors; the HTTP and WebSocket crates under it, only of
/// warnings (their debug lines are bodies and headers).
pub fn dependency_caps() -> Targets {
    Targets::new()
        .with_default(LevelFilter::TRACE)
        .with_target("serenity::http", LevelFilter::ERROR)
        .with_target("serenity", LevelFilter::WARN)
        .with_target("poise", LevelFilter::INFO)
        .with_target("reqwest", LevelFilter::WARN)
        .with_target("hyper", LevelFilter::WARN)
        .with_target("hyper_util", LevelFilter::WARN)
        .with_target("h2", LevelFilter::WARN)
        .with_target("rustls", LevelFilter::WARN)
        .with_target("tungstenite", LevelFilter::WARN)
        .with_target("tokio_tungstenite", LevelFilter::WARN)
        .with_target("async_tungstenite", LevelFilter::WARN)
}

/// Logs to standard error, at the levels `RUST_LOG` asks (else [`DEFAULT`]) within
/// [`dependency_caps`].
pub fn install(colour: bool) {
    let wanted = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(DEFAULT));
    let layer = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_ansi(colour)
        .with_filter(wanted.and(dependency_caps()));
    tracing_subscriber::registry().with(layer).init();
}

/// An error as a log line may write it: a Discord URL's token (an interaction's, a webhook's)
/// replaced, as an HTTP error names the URL it failed on.
pub struct Redacted<'a, E: fmt::Display + ?Sized>(pub &'a E);

impl<E: fmt::Display + ?Sized> fmt::Display for Redacted<'_, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&redact(&self.0.to_string()))
    }
}

/// `text` with the token of every `/interactions/<id>/<token>` and `/webhooks/<id>/<token>`
/// replaced by `[token]`.
pub fn redact(text: &str) -> String {
    let mut out = text.to_string();
    for marker in ["/interactions/", "/webhooks/"] {
        let mut from = 0;
        while let Some(at) = out[from..].find(marker).map(|i| from + i + marker.len()) {
            let id_end = at + out[at..].bytes().take_while(u8::is_ascii_digit).count();
            if id_end == at || !out[id_end..].starts_with('/') {
                from = at;
                continue;
            }
            let start = id_end + 1;
            let end = start
                + out[start..]
                    .find(['/', '?', ' ', ')', '"', '\'', '\n'])
                    .unwrap_or(out.len() - start);
            if end > start {
                out.replace_range(start..end, "[token]");
            }
            from = start;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interaction_and_webhook_tokens_are_hidden_and_the_rest_kept() {
        let e = "error sending request for url (https://discord.com/api/v10/interactions/123/aW50ZXJhY3Rpb24/callback): timed out";
        assert_eq!(
            redact(e),
            "error sending request for url (https://discord.com/api/v10/interactions/123/[token]/callback): timed out"
        );
        let w = "url (http://127.0.0.1:9/api/v10/webhooks/11/tok-en_1?wait=true)";
        assert_eq!(
            redact(w),
            "url (http://127.0.0.1:9/api/v10/webhooks/11/[token]?wait=true)"
        );
        assert_eq!(redact("/webhooks/ nothing"), "/webhooks/ nothing");
        assert_eq!(redact("Unknown interaction"), "Unknown interaction");
    }

    #[test]
    fn dependencies_stay_quiet_whatever_is_asked() {
        use tracing::Level;
        let caps = dependency_caps();
        for target in ["serenity::http::client", "serenity::http::ratelimiting"] {
            assert!(!caps.would_enable(target, &Level::WARN), "{target}");
            assert!(caps.would_enable(target, &Level::ERROR), "{target}");
        }
        for target in [
            "serenity::gateway::shard",
            "reqwest::connect",
            "hyper::proto",
        ] {
            assert!(!caps.would_enable(target, &Level::INFO), "{target}");
        }
        assert!(caps.would_enable("commissaire::discord", &Level::DEBUG));
    }
}

/// Where a request's time went, step by step, for a debug line when the whole was slow (issue
/// 34: finding a slow answer's or post's cause in a load run). The caller logs it, under its
/// own target.
pub struct Phases {
    start: std::time::Instant,
    last: std::time::Instant,
    marks: Vec<(&'static str, std::time::Duration)>,
}

impl Phases {
    /// How long the whole must take to be told.
    pub const SLOW: std::time::Duration = std::time::Duration::from_millis(50);

    pub fn start() -> Phases {
        let now = std::time::Instant::now();
        Phases {
            start: now,
            last: now,
            marks: Vec::with_capacity(8),
        }
    }

    /// Ends the step `phase` now.
    pub fn mark(&mut self, phase: &'static str) {
        let now = std::time::Instant::now();
        self.marks.push((phase, now - self.last));
        self.last = now;
    }

    /// When the steps took [`Phases::SLOW`] or more: the whole in milliseconds, and each
    /// step's (`lock=1.2 read=0.4 …`). Whether it is logged is the caller's line's filter (its
    /// target is the caller's module, not this one).
    pub fn slow(&self) -> Option<(f64, String)> {
        let total = self.last - self.start;
        if total < Phases::SLOW {
            return None;
        }
        let phases: Vec<String> = self
            .marks
            .iter()
            .map(|(phase, took)| format!("{phase}={:.1}", took.as_secs_f64() * 1e3))
            .collect();
        Some((total.as_secs_f64() * 1e3, phases.join(" ")))
    }
}

#[cfg(test)]
mod phases_tests {
    use super::Phases;

    #[test]
    fn steps_are_told_in_order_only_when_the_whole_is_slow() {
        let mut quick = Phases::start();
        quick.mark("read");
        assert_eq!(quick.slow(), None);
        let mut slow = Phases::start();
        slow.mark("lock");
        std::thread::sleep(Phases::SLOW);
        slow.mark("draw");
        let (total, phases) = slow.slow().expect("slow");
        assert!(total >= 50.0, "{total}");
        assert!(phases.starts_with("lock=0."), "{phases}");
        assert!(phases.contains(" draw="), "{phases}");
    }
}
