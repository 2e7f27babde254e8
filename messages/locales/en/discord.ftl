# The Discord adapter (bot/src/discord/) and what a director's hand says.

hand-choose-within = Choose within { $left } or the bot plays for you.
    .terminal = {""}
hand-paused = The tour is paused: choices wait for an admin to resume it.
    .terminal = The tour is paused.

## The round's card: every team, ticked off as it chooses, and when the round closes.

card-title = { $title }: round { $round }
card-team-director = { $team } · <@{ $user }>
card-team-bot = { $team } · bot
card-team-done = ✅ { $who }
card-team-waiting = ⏳ { $who }
card-all-chosen = Every team has chosen: the round is being played.
# $deadline: a Unix time, which Discord shows as "in 5 minutes".
card-choose = Choose with the button below or /play. The bot plays for late teams <t:{ $deadline }:R>.
card-paused = The tour is paused: choices wait until an admin resumes it.

## Private acknowledgements of a command whose answer went to the channel.

done = Done.
done-round-posted = Done: the round is posted in the channel.
done-answer-posted = Done: the answer is posted in the channel.
done-news-posted = Done: the news is posted in the channel.
# A reminder that mentions its director first.
reminder-ping = <@{ $user }> { $text }
