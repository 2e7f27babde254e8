//! The fake Discord drives a real serenity 0.12 client: the gateway handshake, an interaction
//! answered with a file and buttons, edits and channel messages, all checked against Discord's
//! description; and it catches what Discord would refuse.

use commissaire_tests::fake_discord::{
    APPLICATION_ID, Config, FAKE_TOKEN, FakeDiscord, MANAGE_CHANNELS, Recorded, Who,
};
use serde_json::{Value, json};
use serenity::all::{
    ApplicationId, ChannelId, Client, ClientBuilder, Command, CommandInteraction,
    CommandOptionType, Context, CreateActionRow, CreateAttachment, CreateButton, CreateCommand,
    CreateCommandOption, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, EditInteractionResponse, EditMessage,
    EventHandler, GatewayIntents, GuildId, Http, HttpBuilder, Interaction, Permissions, Ready,
    ResolvedValue, ShardManager,
};
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

/// Long enough for a loaded CI machine, short enough that a hang fails with a message.
const WAIT: Duration = Duration::from_secs(20);

const GUILD: u64 = 1_200_000_000_000_000_001;
const CHANNEL: u64 = 1_200_000_000_000_000_002;
const ALICE: u64 = 1_200_000_000_000_000_003;

/// A 1×1 transparent PNG: the bytes must arrive as sent, whatever they draw.
const PNG: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
    0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x00, 0x01, 0x00, 0x00,
    0x05, 0x00, 0x01, 0x0d, 0x0a, 0x2d, 0xb4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae,
    0x42, 0x60, 0x82,
];

fn alice() -> Who {
    Who::member(ALICE, "alice", GUILD, CHANNEL)
}

fn http(fake: &FakeDiscord) -> Http {
    HttpBuilder::new(FAKE_TOKEN)
        .proxy(fake.url())
        .ratelimiter_disabled(true)
        .build()
}

/// A serenity client connected to the fake, stopped at the end of the test (or aborted if the
/// test panics first).
struct Bot {
    shards: Arc<ShardManager>,
    task: JoinHandle<serenity::Result<()>>,
}

impl Bot {
    async fn start(fake: &FakeDiscord, handler: impl EventHandler + 'static) -> Bot {
        let mut client: Client = ClientBuilder::new_with_http(http(fake), GatewayIntents::GUILDS)
            .event_handler(handler)
            .await
            .expect("a serenity client");
        let shards = Arc::clone(&client.shard_manager);
        let task = tokio::spawn(async move { client.start().await });
        let identified = fake.wait_ready(WAIT).await;
        assert_eq!(identified.intents, GatewayIntents::GUILDS.bits());
        Bot { shards, task }
    }

    async fn stop(self) {
        self.shards.shutdown_all().await;
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Reports each handler's outcome to the test, which would otherwise only see a timeout.
type Outcomes = mpsc::UnboundedSender<Result<(), String>>;

async fn outcome(outcomes: &mut mpsc::UnboundedReceiver<Result<(), String>>) {
    let reported = tokio::time::timeout(WAIT, outcomes.recv()).await;
    match reported {
        Ok(Some(Ok(()))) => {}
        Ok(Some(Err(e))) => panic!("the bot's handler failed: {e}"),
        Ok(None) | Err(_) => panic!("the bot's handler did not finish within {WAIT:?}"),
    }
}

struct Pong(Outcomes);

impl Pong {
    async fn answer(ctx: &Context, command: &CommandInteraction) -> serenity::Result<()> {
        let message = CreateInteractionResponseMessage::new()
            .content("pong")
            .ephemeral(true)
            .add_file(CreateAttachment::bytes(PNG.to_vec(), "board.png"))
            .components(vec![CreateActionRow::Buttons(vec![
                CreateButton::new("v1:1:hand").label("Choose my cards"),
            ])]);
        command
            .create_response(&ctx.http, CreateInteractionResponse::Message(message))
            .await?;
        command
            .edit_response(
                &ctx.http,
                EditInteractionResponse::new().content("pong, edited"),
            )
            .await?;
        command
            .create_followup(
                &ctx.http,
                CreateInteractionResponseFollowup::new()
                    .content("your hand")
                    .ephemeral(true),
            )
            .await?;
        command.channel_id.say(&ctx.http, "the stage is on").await?;
        Ok(())
    }
}

#[serenity::async_trait]
impl EventHandler for Pong {
    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        if let Interaction::Command(command) = interaction {
            let result = Pong::answer(&ctx, &command).await;
            let _ = self.0.send(result.map_err(|e| e.to_string()));
        }
    }
}

#[tokio::test]
async fn a_serenity_bot_answers_a_slash_command_with_a_picture_and_buttons() {
    let fake = FakeDiscord::start().await;
    let (reports, mut outcomes) = mpsc::unbounded_channel();
    let bot = Bot::start(&fake, Pong(reports)).await;

    let sent = fake.interaction(fake.slash("tour join", json!({"team": "Sky"}), &alice()));
    let callback = fake.wait_callback(&sent, WAIT).await;
    outcome(&mut outcomes).await;

    assert_eq!(callback.status, 204);
    assert!(callback.is_multipart(), "{:?}", callback.content_type);
    let file = callback
        .file("files[0]")
        .expect("the picture is uploaded as files[0]");
    assert_eq!(file.filename.as_deref(), Some("board.png"));
    assert_eq!(file.content_type.as_deref(), Some("image/png"));
    assert_eq!(file.bytes, PNG);
    let payload = callback.json.as_ref().expect("a payload_json part");
    assert_eq!(payload["type"], 4);
    assert_eq!(payload["data"]["flags"], 64, "ephemeral");
    assert_eq!(payload["data"]["content"], "pong");
    let button = &payload["data"]["components"][0]["components"][0];
    assert_eq!(button["custom_id"], "v1:1:hand");
    assert_eq!(button["label"], "Choose my cards");
    assert_eq!(payload["data"]["attachments"][0]["filename"], "board.png");

    let edit = fake
        .wait_for(|r| sent.is_webhook(r) && r.method == "PATCH", WAIT)
        .await;
    assert_eq!(
        edit.route(),
        format!(
            "/webhooks/{APPLICATION_ID}/{}/messages/@original",
            sent.token
        )
    );
    assert_eq!(edit.status, 200);
    let original = fake
        .original_response(&sent)
        .expect("the original response is kept");
    assert_eq!(original["content"], "pong, edited");
    assert_eq!(original["flags"], 64, "an edit keeps the message ephemeral");
    assert_eq!(
        original["attachments"][0]["filename"], "board.png",
        "and its picture"
    );
    assert_eq!(
        original["components"][0]["components"][0]["custom_id"],
        "v1:1:hand"
    );

    let follow_up = fake
        .wait_for(|r| sent.is_webhook(r) && r.method == "POST", WAIT)
        .await;
    assert_eq!(follow_up.status, 200);
    let follow_up = follow_up.response.expect("the follow-up message");
    assert_eq!(
        (follow_up["content"].as_str(), follow_up["flags"].as_u64()),
        (Some("your hand"), Some(64))
    );

    let said = fake
        .wait_for(
            |r| r.is("POST", &format!("/channels/{CHANNEL}/messages")),
            WAIT,
        )
        .await;
    assert_eq!(said.status, 200);
    assert_eq!(said.json.as_ref().unwrap()["content"], "the stage is on");

    bot.stop().await;
    fake.assert_clean();
}

/// Does what a careless bot might: answers twice, edits its ephemeral answer through the
/// channel, which Discord does not let anyone reach.
struct Careless(Outcomes);

#[serenity::async_trait]
impl EventHandler for Careless {
    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let Interaction::Command(command) = interaction else {
            return;
        };
        let answer = || {
            CreateInteractionResponse::Message(
                CreateInteractionResponseMessage::new()
                    .content("once")
                    .ephemeral(true),
            )
        };
        let result = async {
            command
                .create_response(&ctx.http, answer())
                .await
                .map_err(|e| e.to_string())?;
            let twice = command.create_response(&ctx.http, answer()).await;
            let shown = command
                .get_response(&ctx.http)
                .await
                .map_err(|e| e.to_string())?;
            let through_channel = command
                .channel_id
                .edit_message(&ctx.http, shown.id, EditMessage::new().content("edited"))
                .await;
            match (twice, through_channel) {
                (Err(_), Err(_)) => Ok(()),
                other => Err(format!("Discord would have refused both: {other:?}")),
            }
        };
        let _ = self.0.send(result.await);
    }
}

#[tokio::test]
async fn answering_twice_and_reaching_an_ephemeral_message_through_its_channel_are_failures() {
    let fake = FakeDiscord::start().await;
    let (reports, mut outcomes) = mpsc::unbounded_channel();
    let bot = Bot::start(&fake, Careless(reports)).await;

    fake.interaction(fake.slash("tour", json!({}), &alice()));
    outcome(&mut outcomes).await;
    bot.stop().await;

    let failures = fake.failures();
    assert!(
        failures.iter().any(|f| f.contains("answered twice")),
        "{failures:#?}"
    );
    assert!(
        failures.iter().any(|f| f.contains("ephemeral")),
        "{failures:#?}"
    );
    assert_eq!(failures.len(), 2, "{failures:#?}");
    let refused = std::panic::catch_unwind(AssertUnwindSafe(|| fake.assert_clean()));
    assert!(refused.is_err(), "assert_clean lets failures through");
}

/// Posts a board with a button in the channel; a click on the button updates the board.
struct Board(Outcomes);

impl Board {
    async fn handle(ctx: &Context, interaction: Interaction) -> serenity::Result<()> {
        match interaction {
            Interaction::Command(command) => {
                let board = CreateMessage::new()
                    .content("stage 1")
                    .button(CreateButton::new("v1:1:hand").label("Choose my cards"));
                command.channel_id.send_message(&ctx.http, board).await?;
                let ack = CreateInteractionResponseMessage::new()
                    .content("posted")
                    .ephemeral(true);
                command
                    .create_response(&ctx.http, CreateInteractionResponse::Message(ack))
                    .await
            }
            // The hand button updates the board at once; any other defers, then edits it.
            Interaction::Component(click) if click.data.custom_id == "v1:1:hand" => {
                let update = CreateInteractionResponseMessage::new()
                    .content(format!("{} chose", click.user.name));
                let update = CreateInteractionResponse::UpdateMessage(update);
                click.create_response(&ctx.http, update).await
            }
            Interaction::Component(click) => {
                click
                    .create_response(&ctx.http, CreateInteractionResponse::Acknowledge)
                    .await?;
                let edit = EditInteractionResponse::new().content("stage 1, results");
                click.edit_response(&ctx.http, edit).await.map(drop)
            }
            _ => Ok(()),
        }
    }
}

#[serenity::async_trait]
impl EventHandler for Board {
    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let result = Board::handle(&ctx, interaction).await;
        let _ = self.0.send(result.map_err(|e| e.to_string()));
    }
}

#[tokio::test]
async fn a_click_on_a_button_of_a_posted_message_updates_that_message() {
    let fake = FakeDiscord::start().await;
    let (reports, mut outcomes) = mpsc::unbounded_channel();
    let bot = Bot::start(&fake, Board(reports)).await;

    fake.interaction(fake.slash("tour", json!({}), &alice()));
    outcome(&mut outcomes).await;
    let posted = fake
        .wait_for(
            |r| r.is("POST", &format!("/channels/{CHANNEL}/messages")),
            WAIT,
        )
        .await;
    let board = posted.response.expect("the created message");
    let board_id: u64 = board["id"].as_str().unwrap().parse().unwrap();

    let click = fake.interaction(fake.component("v1:1:hand", board_id, &alice()));
    outcome(&mut outcomes).await;
    let callback = fake.wait_callback(&click, WAIT).await;
    assert_eq!(callback.json.as_ref().unwrap()["type"], 7, "UPDATE_MESSAGE");
    let now = fake.message(board_id).expect("the board is kept");
    assert_eq!(now["content"], "alice chose");
    assert_eq!(
        now["components"], board["components"],
        "an update without components keeps them"
    );

    let later = fake.interaction(fake.component("v1:1:results", board_id, &alice()));
    outcome(&mut outcomes).await;
    let deferred = fake.wait_callback(&later, WAIT).await;
    assert_eq!(
        deferred.json.as_ref().unwrap()["type"],
        6,
        "DEFERRED_UPDATE_MESSAGE"
    );
    let edit = fake
        .wait_for(|r| later.is_webhook(r) && r.method == "PATCH", WAIT)
        .await;
    assert_eq!(
        edit.status, 200,
        "after a deferred update, @original is the clicked message"
    );
    assert_eq!(
        fake.message(board_id).unwrap()["content"],
        "stage 1, results"
    );

    bot.stop().await;
    fake.assert_clean();
}

#[tokio::test]
async fn an_answer_after_discords_deadline_is_a_failure() {
    let config = Config {
        answer_within: Duration::ZERO,
        ..Config::default()
    };
    let fake = FakeDiscord::start_with(config).await;
    let (reports, mut outcomes) = mpsc::unbounded_channel();
    let bot = Bot::start(&fake, Pong(reports)).await;

    fake.interaction(fake.slash("tour", json!({}), &alice()));
    let reported = tokio::time::timeout(WAIT, outcomes.recv())
        .await
        .expect("the handler finishes");
    let refused = reported
        .expect("an outcome")
        .expect_err("Discord refuses a late answer");
    assert!(refused.contains("Unknown interaction"), "{refused}");
    bot.stop().await;

    let failures = fake.failures();
    assert!(
        failures.iter().any(|f| f.contains("answered after")),
        "{failures:#?}"
    );
}

#[tokio::test]
async fn an_unknown_route_is_answered_404_and_fails_assert_clean() {
    let fake = FakeDiscord::start().await;
    fake.assert_clean();

    let mut stream = tokio::net::TcpStream::connect(fake.addr()).await.unwrap();
    let request = format!(
        "GET /api/v10/nonsense HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        fake.addr()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    tokio::time::timeout(WAIT, stream.read_to_string(&mut response))
        .await
        .expect("the fake answers")
        .unwrap();
    assert!(response.starts_with("HTTP/1.1 404"), "{response}");

    let recorded: Vec<Recorded> = fake.requests();
    assert_eq!(recorded.len(), 1);
    assert_eq!(
        (recorded[0].path.as_str(), recorded[0].status),
        ("/api/v10/nonsense", 404)
    );
    let refused = std::panic::catch_unwind(AssertUnwindSafe(|| fake.assert_clean()));
    let message = *refused
        .expect_err("assert_clean passes an unknown route")
        .downcast::<String>()
        .unwrap();
    assert!(message.contains("GET /api/v10/nonsense"), "{message}");
}

#[tokio::test]
async fn registered_commands_are_echoed_with_stable_ids_and_type_the_options_of_interactions() {
    let fake = FakeDiscord::start().await;
    let http = HttpBuilder::new(FAKE_TOKEN)
        .proxy(fake.url())
        .ratelimiter_disabled(true)
        .application_id(ApplicationId::new(APPLICATION_ID))
        .build();
    let tour = || {
        CreateCommand::new("tour")
            .description("Run a tour")
            .default_member_permissions(Permissions::MANAGE_CHANNELS)
            .add_option(
                CreateCommandOption::new(
                    CommandOptionType::SubCommand,
                    "kick",
                    "Remove a rider's player",
                )
                .add_sub_option(
                    CreateCommandOption::new(CommandOptionType::User, "player", "Who")
                        .required(true),
                )
                .add_sub_option(CreateCommandOption::new(
                    CommandOptionType::Integer,
                    "stage",
                    "From",
                )),
            )
    };
    let first = GuildId::new(GUILD)
        .set_commands(&http, vec![tour()])
        .await
        .expect("guild commands");
    let again = GuildId::new(GUILD)
        .set_commands(&http, vec![tour()])
        .await
        .expect("again");
    assert_eq!(
        first[0].id, again[0].id,
        "Discord keeps a command's id across registrations"
    );
    assert_eq!(again[0].guild_id, Some(GuildId::new(GUILD)));
    let global =
        Command::set_global_commands(&http, vec![CreateCommand::new("help").description("Rules")])
            .await
            .expect("global commands");
    assert_ne!(global[0].id, first[0].id);
    assert_eq!(fake.commands(Some(GUILD)).len(), 1);

    // Typed from the registration: a user id string is a USER option, resolved; 3 an INTEGER.
    let admin = alice().with_permissions(MANAGE_CHANNELS);
    let payload = fake.slash(
        "tour kick",
        json!({"player": ALICE.to_string(), "stage": 3}),
        &admin,
    );
    let Interaction::Command(command) = serde_json::from_value(payload).expect("serenity reads it")
    else {
        panic!("not a command")
    };
    assert_eq!(command.data.id, first[0].id);
    assert_eq!(command.data.guild_id, Some(GuildId::new(GUILD)));
    let member = command
        .member
        .as_ref()
        .expect("a guild interaction has a member");
    assert!(member.permissions.unwrap().manage_channels());
    let options = command.data.options();
    let ResolvedValue::SubCommand(kick) = &options[0].value else {
        panic!("{options:?}")
    };
    assert!(
        matches!(kick[0].value, ResolvedValue::User(u, _) if u.id == ALICE),
        "{kick:?}"
    );
    assert!(
        matches!(kick[1].value, ResolvedValue::Integer(3)),
        "{kick:?}"
    );
    fake.assert_clean();
}

#[tokio::test]
async fn the_reads_a_bot_makes_at_startup_are_answered_in_serenitys_shapes() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let me = http.get_current_user().await.expect("users/@me");
    assert!(me.bot);
    assert_eq!(me.id.get(), APPLICATION_ID);
    let app = http
        .get_current_application_info()
        .await
        .expect("oauth2/applications/@me");
    assert_eq!(app.id.get(), APPLICATION_ID);
    assert!(app.owner.is_some(), "poise reads the owner from it");
    let gateway = http.get_bot_gateway().await.expect("gateway/bot");
    assert_eq!(gateway.url, fake.gateway_url());
    assert_eq!(gateway.shards, 1);
    let channel = http
        .get_channel(ChannelId::new(CHANNEL))
        .await
        .expect("channels/{id}");
    let channel = channel.guild().expect("a guild text channel");
    assert_eq!(channel.id.get(), CHANNEL);
    fake.assert_clean();
}

#[test]
fn interaction_payloads_are_ones_serenity_reads() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let fake = runtime.block_on(FakeDiscord::start());
    let read = |payload: Value| -> Interaction {
        serde_json::from_value(payload.clone()).unwrap_or_else(|e| panic!("{e}: {payload:#}"))
    };

    let Interaction::Command(join) = read(fake.slash(
        "tour join",
        json!({"team": "Sky", "colour": "red"}),
        &alice(),
    )) else {
        panic!("not a command")
    };
    assert_eq!(join.data.name, "tour");
    assert_eq!(
        join.user.id, ALICE,
        "serenity takes the user from the member"
    );
    assert!(
        !join
            .member
            .as_ref()
            .unwrap()
            .permissions
            .unwrap()
            .manage_channels()
    );
    assert_eq!(join.channel_id, ChannelId::new(CHANNEL));
    let options = join.data.options();
    let ResolvedValue::SubCommand(sub) = &options[0].value else {
        panic!("{options:?}")
    };
    assert_eq!(options[0].name, "join");
    let names: Vec<(&str, String)> = sub
        .iter()
        .map(|o| (o.name, format!("{:?}", o.value)))
        .collect();
    assert_eq!(
        names,
        [
            ("colour", "String(\"red\")".to_string()),
            ("team", "String(\"Sky\")".to_string())
        ]
    );

    let direct = Who::direct(ALICE, "alice", CHANNEL);
    let Interaction::Command(dm) = read(fake.slash("help", json!(null), &direct)) else {
        panic!()
    };
    assert!(dm.member.is_none() && dm.guild_id.is_none());
    assert_eq!(dm.user.id, ALICE);

    let Interaction::Autocomplete(typing) =
        read(fake.autocomplete("tour join", json!({"team": "Sk"}), "team", &alice()))
    else {
        panic!("not an autocomplete")
    };
    let options = typing.data.options();
    let ResolvedValue::SubCommand(sub) = &options[0].value else {
        panic!("{options:?}")
    };
    assert!(
        matches!(
            sub[0].value,
            ResolvedValue::Autocomplete { value: "Sk", .. }
        ),
        "{sub:?}"
    );

    let Interaction::Component(click) = read(fake.component("v1:1:hand", 42, &alice())) else {
        panic!()
    };
    assert_eq!(click.data.custom_id, "v1:1:hand");
    assert_eq!(click.message.id.get(), 42);
    let Interaction::Component(pick) = read(fake.select("v1:1:card", &["3", "5"], 42, &alice()))
    else {
        panic!()
    };
    assert!(
        format!("{:?}", pick.data.kind).contains("\"3\", \"5\""),
        "{:?}",
        pick.data.kind
    );

    let ids: Vec<String> = [
        fake.slash("a", json!({}), &alice()),
        fake.slash("a", json!({}), &alice()),
    ]
    .iter()
    .map(|p| p["id"].as_str().unwrap().to_string())
    .collect();
    assert_ne!(ids[0], ids[1], "each interaction has its own id");
    let again = runtime.block_on(FakeDiscord::start());
    let first_again = again.slash(
        "tour join",
        json!({"team": "Sky", "colour": "red"}),
        &alice(),
    );
    assert_eq!(
        first_again["id"],
        json!(join.id.to_string()),
        "ids are deterministic per fake"
    );
}

/// Reports what READY told the bot.
struct ReadyProbe(mpsc::UnboundedSender<Ready>);

#[serenity::async_trait]
impl EventHandler for ReadyProbe {
    async fn ready(&self, _: Context, ready: Ready) {
        let _ = self.0.send(ready);
    }
}

#[tokio::test]
async fn ready_names_the_bot_and_its_guilds_and_heartbeats_keep_the_session() {
    let config = Config {
        heartbeat_interval_ms: 50,
        guilds: vec![GUILD],
        ..Config::default()
    };
    let fake = FakeDiscord::start_with(config).await;
    let (reports, mut readies) = mpsc::unbounded_channel();
    let bot = Bot::start(&fake, ReadyProbe(reports)).await;
    let ready = tokio::time::timeout(WAIT, readies.recv())
        .await
        .expect("serenity hands READY to the handler")
        .unwrap();
    assert_eq!(ready.user.id.get(), APPLICATION_ID);
    assert_eq!(ready.application.id.get(), APPLICATION_ID);
    let guilds: Vec<u64> = ready.guilds.iter().map(|g| g.id.get()).collect();
    assert_eq!(guilds, [GUILD]);

    fake.wait_gateway(|_, heartbeats| heartbeats >= 2, WAIT)
        .await;
    bot.stop().await;
    let (identified, _) = fake.gateway_counts();
    assert_eq!(
        identified, 1,
        "an unacknowledged heartbeat makes serenity reconnect"
    );
    fake.assert_clean();
}

#[tokio::test]
async fn a_watcher_is_told_every_request_and_a_fake_without_a_log_keeps_none() {
    let config = Config {
        keep_log: false,
        ..Config::default()
    };
    let fake = FakeDiscord::start_with(config).await;
    let mut watched = fake.watch();
    let http = http(&fake);
    let channel = ChannelId::new(CHANNEL);
    let post = || {
        CreateMessage::new()
            .content("round 2")
            .nonce(serenity::all::Nonce::String("owed-7".into()))
            .enforce_nonce(true)
            .add_file(CreateAttachment::bytes(PNG, "board.png"))
    };
    let first = channel.send_message(&http, post()).await.unwrap();
    let again = channel.send_message(&http, post()).await.unwrap();
    assert_eq!(
        again.id, first.id,
        "the same nonce answers with the first message"
    );

    let mut told = Vec::new();
    while let Ok(Some(request)) = tokio::time::timeout(WAIT, watched.recv()).await {
        told.push(request);
        if told.len() == 2 {
            break;
        }
    }
    assert_eq!(told.len(), 2, "both posts are told");
    for request in &told {
        assert!(request.is("POST", &format!("/channels/{CHANNEL}/messages")));
        assert_eq!(
            request.file("files[0]").map(|f| f.bytes.as_slice()),
            Some(PNG)
        );
    }
    assert!(told[0].received <= told[1].received);
    assert!(fake.requests().is_empty(), "nothing is kept without a log");
    fake.assert_clean();
}

/// Answers every command with its own name, and tells the test how Discord took the answer:
/// `Ok`, or the JSON code of Discord's refusal.
struct Named(
    &'static str,
    mpsc::UnboundedSender<(&'static str, Result<(), isize>)>,
);

#[serenity::async_trait]
impl EventHandler for Named {
    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let Interaction::Command(command) = interaction else {
            return;
        };
        let message = CreateInteractionResponseMessage::new().content(self.0);
        let answered = command
            .create_response(&ctx.http, CreateInteractionResponse::Message(message))
            .await
            .map_err(|e| match e {
                serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r)) => {
                    r.error.code
                }
                _ => 0,
            });
        let _ = self.1.send((self.0, answered));
    }
}

/// Two processes connected at once (a shard moving, a rolling restart): the fake keeps both
/// sessions; an interaction goes to the newest, to one picked, or to both, where the first
/// answer stands and the second gets Discord's 40060, which fails nothing; a session whose
/// connection closes is dropped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interactions_go_to_the_newest_session_to_one_or_to_every_one() {
    let fake = FakeDiscord::start().await;
    let (reports, mut answered) = mpsc::unbounded_channel();
    let first = Bot::start(&fake, Named("first", reports.clone())).await;
    let one = fake.wait_sessions(|s| s.len() == 1, WAIT).await[0];
    let second = Bot::start(&fake, Named("second", reports)).await;
    let sessions = fake.wait_sessions(|s| s.len() == 2, WAIT).await;
    assert_eq!(sessions[0], one);
    // Each with the shard it identified with (serenity names shard 0 of 1 when unsharded).
    assert_eq!(sessions[1].shard, Some((0, 1)));
    assert_ne!(sessions[0].number, sessions[1].number);
    let mut next = async || {
        tokio::time::timeout(WAIT, answered.recv())
            .await
            .expect("an answer")
            .unwrap()
    };

    // The newest by default, as before; or the one picked.
    let sent = fake.interaction(fake.slash("tour", json!({}), &alice()));
    assert_eq!(next().await, ("second", Ok(())));
    assert_eq!(fake.original_response(&sent).unwrap()["content"], "second");
    fake.interaction_to(one, fake.slash("tour", json!({}), &alice()));
    assert_eq!(next().await, ("first", Ok(())));

    // To both: one answer stands, the other is refused as Discord refuses it.
    let sent = fake.interaction_everywhere(fake.slash("tour", json!({}), &alice()));
    let mut both = [next().await, next().await];
    both.sort_by_key(|(_, answered)| answered.is_err());
    let (winner, loser) = (both[0].0, both[1].0);
    assert_eq!(both[0].1, Ok(()));
    assert_eq!(both[1].1, Err(40060));
    assert_ne!(winner, loser);
    assert_eq!(fake.original_response(&sent).unwrap()["content"], winner);
    let refused = fake
        .requests()
        .into_iter()
        .find(|r| sent.is_callback(r) && r.status == 400)
        .expect("the second answer");
    assert_eq!(
        refused.response.unwrap(),
        json!({"code": 40060, "message": "Interaction has already been acknowledged."})
    );
    fake.assert_clean();

    // The newest stops: its session is dropped, and the other gets what comes next.
    second.stop().await;
    let left = fake.wait_sessions(|s| s.len() == 1, WAIT).await;
    assert_eq!(left, [one]);
    fake.interaction(fake.slash("tour", json!({}), &alice()));
    assert_eq!(next().await, ("first", Ok(())));
    first.stop().await;
    fake.wait_sessions(|s| s.is_empty(), WAIT).await;
    fake.assert_clean();
}
