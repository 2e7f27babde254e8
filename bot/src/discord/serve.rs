//! Running the bot: the services over the database, serenity pointed at Discord (or at the
//! configured API address), the commands registered, the scheduler ticking, and a clean stop.

use super::config::{ServeConfig, Token};
use super::{Data, Error, commands, components, deliver};
use crate::clock::Clock;
use crate::scheduler::Scheduler;
use crate::services::{ServiceError, Services};
use serenity::all::{
    ClientBuilder, FullEvent, GatewayIntents, GuildId, Http, HttpBuilder, Interaction,
};
use std::future::Future;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

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
}

/// The only gateway intent the bot needs: interactions reach every bot without one, and GUILDS
/// fills the cache of roles that the admin role of the config is looked up in.
pub const INTENTS: GatewayIntents = GatewayIntents::GUILDS;

/// Runs the bot until `shutdown` completes, then stops the scheduler between two ticks and
/// closes the gateway and the database. What was committed before the stop is all there is:
/// a turn is one transaction, so a stop never leaves half of one.
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
        .with_pictures(options.pictures),
    );
    let mut http = HttpBuilder::new(options.token.expose());
    if let Some(base) = &options.config.api_base {
        // A proxy in front of Discord keeps the rate limits for every process behind it.
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
    }
    let data = Data {
        services: Arc::clone(&services),
        config: options.config.clone(),
    };
    let guild = options.guild;
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            ..Default::default()
        })
        // Owners would cost a request at start and are used by nothing here.
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                let list = &framework.options().commands;
                match guild {
                    Some(g) => {
                        poise::builtins::register_in_guild(ctx, list, GuildId::new(g)).await?
                    }
                    None => poise::builtins::register_globally(ctx, list).await?,
                }
                tracing::info!(
                    bot = %ready.user.name,
                    commands = list.len(),
                    scope = guild.map_or("global".to_string(), |g| format!("guild {g}")),
                    "connected; commands registered"
                );
                Ok(data)
            })
        })
        .build();
    let mut client = ClientBuilder::new_with_http(http.build(), INTENTS)
        .framework(framework)
        .await?;
    // What a crash left owed, read before anything of this run can owe more, posted now.
    let owed = services.undelivered().await?;
    tokio::spawn(deliver::owed(
        Arc::clone(&client.http),
        Arc::clone(&services),
        owed,
    ));
    let (stop, stopped) = watch::channel(false);
    let scheduler = tokio::spawn(scheduler_loop(
        Arc::clone(&client.http),
        Arc::clone(&services),
        options.clock,
        options.config.reminder_lead_secs,
        Duration::from_secs(options.config.tick_secs),
        stopped,
    ));
    let shards = Arc::clone(&client.shard_manager);
    tokio::spawn(async move {
        shutdown.await;
        tracing::info!("stopping");
        let _ = stop.send(true);
        shards.shutdown_all().await;
    });
    let result = client.start().await;
    // The scheduler sees the stop between ticks; wait for it so no tick is cut off.
    let _ = scheduler.await;
    services.store().close().await;
    result.map_err(ServeError::from)
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
            Err(e) => tracing::error!(error = %e, "the scheduler failed; it tries again next tick"),
        }
    }
}
