//! Running the bot: the services over the database, serenity pointed at Discord (or at the
//! configured API address), the commands registered, the scheduler ticking, and a clean stop.

use super::config::{ServeConfig, Token};
use super::{Data, Error, commands, components, deliver};
use crate::clock::Clock;
use crate::scheduler::Scheduler;
use crate::services::{ServiceError, Services};
use commissaire_messages::msg;
use serenity::all::{
    ClientBuilder, Command, FullEvent, GatewayIntents, GuildId, Http, HttpBuilder, Interaction,
    ShardManager,
};
use std::future::{Future, IntoFuture};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use tokio::time::Instant;

pub struct Options {
    pub config: ServeConfig,
    /// The folder of `courses/` and `tours/`.
    pub config_dir: PathBuf,
    pub token: Token,
    /// Register the commands in this guild only (they appear at once) instead of globally.
    pub guild: Option<u64>,
    pub clock: Arc<dyn Clock>,
    /// Whether replies carry pictures (tests may turn them off for speed).
    pub pictures: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("{0}")]
    Services(#[from] ServiceError),
    #[error("Discord: {0}")]
    Discord(#[from] serenity::Error),
    #[error("{}", msg!("serve-unreachable", what = .what, secs = *.secs, file = .file))]
    Unreachable {
        what: String,
        secs: u64,
        file: String,
    },
    #[error("{}", msg!("serve-crashed", error = .0))]
    Crashed(String),
}

/// The only gateway intent the bot needs: interactions reach every bot without one, and GUILDS
/// fills the cache of roles that the admin role of the config is looked up in.
pub const INTENTS: GatewayIntents = GatewayIntents::GUILDS;

/// The pause between two tries to reach Discord's HTTP API at start-up.
const RETRY: Duration = Duration::from_secs(2);
/// How long the shards get to close their connections, and the scheduler its tick, before
/// they are dropped: a stop must end the process even when Discord does not answer.
const SHARDS_STOP: Duration = Duration::from_secs(6);
const SCHEDULER_STOP: Duration = Duration::from_secs(8);

/// Runs the bot until `shutdown` completes, then stops the scheduler between two ticks and
/// closes the gateway and the database. What was committed before the stop is all there is:
/// a turn is one transaction, so a stop never leaves half of one.
///
/// Discord must answer within `connect_timeout_secs`: first its HTTP API, then the gateway's
/// READY, or `run` gives up with [`ServeError::Unreachable`]. A stop is obeyed within seconds
/// whatever the gateway is doing.
pub async fn run(
    options: Options,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let services = Arc::new(
        Services::open(
            &options.config.database,
            &options.config_dir,
            Arc::clone(&options.clock),
        )
        .await?
        .with_pictures(options.pictures)
        .with_drawn_seeds(options.config.drawn_seeds)
        .with_worker(options.config.shards.map_or_else(
            || crate::services::DEFAULT_WORKER.to_string(),
            |s| s.worker(),
        )),
    );
    let (stop, mut stopped) = watch::channel(false);
    let stop = Arc::new(stop);
    let on_signal = Arc::clone(&stop);
    tokio::spawn(async move {
        shutdown.await;
        tracing::info!("stopping");
        on_signal.send_replace(true);
    });
    let secs = options.config.connect_timeout_secs;
    let deadline = Instant::now() + Duration::from_secs(secs);
    let unreachable = |what: String| ServeError::Unreachable {
        what,
        secs,
        file: options.config.file.display().to_string(),
    };

    // serenity falls back to discord.com's gateway when the API does not answer, and then
    // retries for ever: ask the API ourselves first, so that an address that does not answer
    // ends here, with its reason.
    let api = options
        .config
        .api_base
        .clone()
        .unwrap_or_else(|| "https://discord.com".into());
    match reach_api(&http(&options), deadline, &mut stopped).await {
        Ok(true) => {}
        Ok(false) => return close(&services, Ok(())).await,
        Err(cause) => {
            let what = msg!("serve-api-at", api = api, cause = cause);
            return close(&services, Err(unreachable(what))).await;
        }
    }

    let (ready, mut readied) = watch::channel(false);
    let data = Data {
        services: Arc::clone(&services),
        config: options.config.clone(),
    };
    let guild = options.guild;
    let registry = Arc::clone(&services);
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            ..Default::default()
        })
        // Owners would cost a request at start and are used by nothing here.
        .initialize_owners(false)
        .setup(move |ctx, ready_event, framework| {
            ready.send_replace(true);
            Box::pin(async move {
                let list = &framework.options().commands;
                let known = register(ctx, list, guild, &registry).await;
                tracing::info!(
                    bot = %ready_event.user.name,
                    commands = list.len(),
                    known,
                    scope = guild.map_or("global".to_string(), |g| format!("guild {g}")),
                    "connected; commands registered"
                );
                Ok(data)
            })
        })
        .build();
    let built = ClientBuilder::new_with_http(http(&options), INTENTS)
        .framework(framework)
        .into_future();
    let mut client = tokio::select! {
        client = built => client?,
        _ = until_true(&mut stopped) => return close(&services, Ok(())).await,
    };
    // What a crash left owed, read before anything of this run can owe more, posted now.
    let owed = services.undelivered().await?;
    tokio::spawn(deliver::owed(
        Arc::clone(&client.http),
        Arc::clone(&services),
        owed,
    ));
    let mut scheduler = tokio::spawn(scheduler_loop(
        Arc::clone(&client.http),
        Arc::clone(&services),
        options.clock,
        options.config.reminder_lead_secs,
        Duration::from_secs(options.config.tick_secs),
        stopped.clone(),
    ));
    let shards = Arc::clone(&client.shard_manager);
    let gateway_url = Arc::clone(&client.ws_url);
    let shard_range = options.config.shards;
    let mut gateway = tokio::spawn(async move {
        match shard_range {
            // serenity's range ends at the last shard it starts.
            Some(s) => client.start_shard_range(s.first..s.last, s.total).await,
            None => client.start().await,
        }
    });

    let not_ready_in_time = async {
        let ready = tokio::time::timeout_at(deadline, until_true(&mut readied)).await;
        if ready.is_ok() {
            std::future::pending::<()>().await;
        }
    };
    let ended = tokio::select! {
        ended = &mut gateway => Some(ended),
        _ = until_true(&mut stopped) => None,
        _ = not_ready_in_time => {
            let what = msg!("serve-gateway-at", url = gateway_url.lock().await.clone());
            stop.send_replace(true);
            stop_gateway(&shards, &mut gateway).await;
            let _ = tokio::time::timeout(SCHEDULER_STOP, &mut scheduler).await;
            scheduler.abort();
            return close(&services, Err(unreachable(what))).await;
        }
    };
    stop.send_replace(true);
    // The scheduler sees the stop between ticks; wait for it so no tick is cut off, unless
    // Discord holds it for longer than a stop may take.
    let scheduler_done = async {
        if tokio::time::timeout(SCHEDULER_STOP, &mut scheduler)
            .await
            .is_err()
        {
            tracing::warn!("the scheduler's tick did not end in time; it is cut off");
            scheduler.abort();
        }
    };
    let result = match ended {
        Some(ended) => {
            scheduler_done.await;
            match ended {
                Ok(result) => result.map_err(ServeError::from),
                Err(e) => Err(ServeError::Crashed(e.to_string())),
            }
        }
        None => {
            tokio::join!(stop_gateway(&shards, &mut gateway), scheduler_done);
            Ok(())
        }
    };
    close(&services, result).await
}

/// Registers the commands (in `guild` only, or globally) and tells the services the ids Discord
/// gave them, by which sentences name the commands as mentions (`</play:1234>`); how many ids
/// are known after. Should the registration fail, the bot goes on with the commands Discord
/// holds from an earlier start and asks for their ids; failing that too, sentences name the
/// commands in words (`/play`) until the next start.
async fn register(
    http: &serenity::all::Context,
    list: &[poise::Command<Data, Error>],
    guild: Option<u64>,
    services: &Services,
) -> usize {
    let builders = poise::builtins::create_application_commands(list);
    let registered = match guild {
        Some(g) => GuildId::new(g).set_commands(http, builders).await,
        None => Command::set_global_commands(http, builders).await,
    };
    let known = match registered {
        Ok(commands) => Ok(commands),
        Err(e) => {
            tracing::error!(error = %crate::logs::Redacted(&e), "the commands could not be registered; the bot goes on with those Discord already holds");
            match guild {
                Some(g) => GuildId::new(g).get_commands(http).await,
                None => Command::get_global_commands(http).await,
            }
        }
    };
    match known {
        Ok(commands) => {
            let ids: Vec<(String, u64)> =
                commands.into_iter().map(|c| (c.name, c.id.get())).collect();
            let count = ids.len();
            services.commands().learn(ids);
            count
        }
        Err(e) => {
            tracing::warn!(error = %crate::logs::Redacted(&e), "the commands' ids are not known: sentences name the commands in words");
            0
        }
    }
}

/// Closes the shards' connections; serenity's own stop waits on shards that never started
/// (it has none to close while retrying the first one), so the client is dropped after a
/// bounded wait whatever it is doing.
async fn stop_gateway(
    shards: &ShardManager,
    gateway: &mut JoinHandle<Result<(), serenity::Error>>,
) {
    if shards.runners.lock().await.is_empty() {
        // Still trying to start the first shard: there is no connection to close.
        gateway.abort();
        return;
    }
    let _ = tokio::time::timeout(SHARDS_STOP, shards.shutdown_all()).await;
    if tokio::time::timeout(Duration::from_secs(2), &mut *gateway)
        .await
        .is_err()
    {
        gateway.abort();
    }
}

async fn close(services: &Services, result: Result<(), ServeError>) -> Result<(), ServeError> {
    let (trims, trimming, longest_trim) = services.trims();
    tracing::info!(
        trims,
        trimming_ms = trimming.as_millis() as u64,
        longest_trim_ms = longest_trim.as_secs_f64() * 1000.0,
        pictures_drawn = services.pictures_drawn(),
        choices_replayed = services.replayed_choices(),
        // Choices read again under the tour's lock: another process changed the tour, or the
        // count guessed from the kept reads was not the count (docs/speed.md).
        choices_read_again = services.choices_reread(),
        // Reads that found a connection kept rather than taking one from the pool (and pinging
        // it when given back).
        connections_reused = services.store().connections_reused(),
        "what this run drew and replayed"
    );
    services.store().close().await;
    result
}

/// Until the value is true. (The guard `wait_for` returns must not live across an await: it
/// would make `run` a future that cannot move between threads.)
async fn until_true(flag: &mut watch::Receiver<bool>) {
    let _ = flag.wait_for(|on| *on).await;
}

/// serenity's HTTP client, pointed at `api_base` when there is one.
fn http(options: &Options) -> Http {
    let mut http = HttpBuilder::new(options.token.expose());
    if let Some(base) = &options.config.api_base {
        // A proxy in front of Discord keeps the rate limits for every process behind it.
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
    }
    http.build()
}

/// Asks Discord's HTTP API for the gateway's address until it answers (`Ok(true)`), a stop
/// is asked for (`Ok(false)`) or `deadline` passes (the last reason it did not answer).
async fn reach_api(
    http: &Http,
    deadline: Instant,
    stopped: &mut watch::Receiver<bool>,
) -> Result<bool, String> {
    let mut last = "no answer".to_string();
    loop {
        let attempt = tokio::time::timeout_at(deadline, http.get_gateway());
        tokio::select! {
            answer = attempt => match answer {
                Ok(Ok(_)) => return Ok(true),
                Ok(Err(e)) => last = reason(&e),
                Err(_) => return Err(last),
            },
            _ = until_true(stopped) => return Ok(false),
        }
        if Instant::now() >= deadline {
            return Err(last);
        }
        tracing::warn!(error = %crate::logs::Redacted(&last), "Discord's API does not answer yet; trying again");
        let pause = tokio::time::sleep_until(deadline.min(Instant::now() + RETRY));
        tokio::select! {
            _ = pause => {}
            _ = until_true(stopped) => return Ok(false),
        }
    }
}

/// The deepest cause of an error: for a connection, the system's reason
/// ("Connection refused") rather than "error sending request".
fn reason(error: &(dyn std::error::Error + 'static)) -> String {
    let mut error = error;
    while let Some(source) = error.source() {
        error = source;
    }
    error.to_string()
}

async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    if let FullEvent::InteractionCreate {
        interaction: Interaction::Component(press),
    } = event
    {
        components::pressed(framework.serenity_context, framework.user_data, press).await;
    }
    Ok(())
}

/// Every `tick`: close the rounds past their deadline, remind the late, post what happened.
async fn scheduler_loop(
    http: Arc<Http>,
    services: Arc<Services>,
    clock: Arc<dyn Clock>,
    lead_secs: i64,
    tick: Duration,
    mut stopped: watch::Receiver<bool>,
) {
    let scheduler = Scheduler::new(Arc::clone(&services), lead_secs);
    let mut every = tokio::time::interval(tick);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = stopped.changed() => break,
        }
        match scheduler.tick(clock.now()).await {
            Ok(out) if !out.is_empty() => deliver::outgoing(&http, &services, out).await,
            Ok(_) => {}
            Err(e) => {
                tracing::error!(error = %crate::logs::Redacted(&e), "the scheduler failed; it tries again next tick")
            }
        }
        // What a process that died (this one before a restart, or another on the same
        // database) left owed and unclaimed, or claimed and never posted: posted now.
        match services.abandoned_owed().await {
            Ok(list) if !list.is_empty() => {
                tokio::spawn(deliver::owed(
                    Arc::clone(&http),
                    Arc::clone(&services),
                    list,
                ));
            }
            Ok(_) => {}
            Err(e) => {
                tracing::error!(error = %crate::logs::Redacted(&e), "could not look for abandoned messages; trying again next tick")
            }
        }
    }
}
