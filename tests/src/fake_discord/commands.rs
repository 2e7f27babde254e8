//! Application commands: registered in bulk or one by one, globally or per guild, and echoed
//! back the way Discord stores them.

use super::payloads;
use super::store::{Reply, State, World, id_of};
use serde_json::Value;

impl State {
    /// The registered command `name` a user in `guild_id` would see, guild commands first, and
    /// the guild it was registered in.
    pub fn registered(&self, name: &str, guild_id: Option<u64>) -> Option<(Value, Option<u64>)> {
        let scopes = guild_id.map(Some).into_iter().chain([None]);
        scopes.into_iter().find_map(|scope| {
            let found = self
                .commands
                .get(&scope)?
                .iter()
                .find(|c| c["name"] == name)?;
            Some((found.clone(), scope))
        })
    }

    pub fn put_commands(&mut self, world: &World, guild_id: Option<u64>, body: &Value) -> Reply {
        let Some(requests) = body.as_array() else {
            return Reply::error(
                400,
                50035,
                "Invalid Form Body: expected an array of commands",
            );
        };
        let previous = self.commands.remove(&guild_id).unwrap_or_default();
        let commands: Vec<Value> = requests
            .iter()
            .map(|request| self.command_for(world, guild_id, request, &previous))
            .collect();
        self.commands.insert(guild_id, commands.clone());
        Reply::json(Value::Array(commands))
    }

    pub fn post_command(&mut self, world: &World, guild_id: Option<u64>, request: &Value) -> Reply {
        let mut commands = self.commands.remove(&guild_id).unwrap_or_default();
        let command = self.command_for(world, guild_id, request, &commands);
        commands.retain(|c| !same_command(c, &command));
        commands.push(command.clone());
        self.commands.insert(guild_id, commands);
        Reply::json(command)
    }

    /// Discord keeps a command's id when it is registered again under the same name and type.
    fn command_for(
        &self,
        world: &World,
        guild_id: Option<u64>,
        request: &Value,
        previous: &[Value],
    ) -> Value {
        let fresh = payloads::command(request, 0, 0, world.application_id, guild_id);
        let id = previous
            .iter()
            .find(|c| same_command(c, &fresh))
            .and_then(|c| id_of(&c["id"]))
            .unwrap_or_else(|| (world.next_id)());
        payloads::command(
            request,
            id,
            (world.next_id)(),
            world.application_id,
            guild_id,
        )
    }
}

fn same_command(a: &Value, b: &Value) -> bool {
    a["name"] == b["name"] && a["type"] == b["type"]
}
