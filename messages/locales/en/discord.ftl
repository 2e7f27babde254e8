# The Discord adapter (bot/src/discord/) and what a director's hand says.

hand-choose-within = Choose within { $left } or the bot plays for you.
    .terminal = {""}
hand-paused = The tour is paused: choices wait for an admin to resume it.
    .terminal = The tour is paused.
