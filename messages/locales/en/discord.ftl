# The Discord adapter (bot/src/discord/) and what a director's hand says.

## A director's hand: their riders, what they may choose, and until when.

# $turn (here and below): the turn being played, as its game names it ("round 3").
hand-head = **{ $team }**, stage { $stage }, { $turn }.
hand-choose-within = Choose within { $left } or the bot plays for you.
    .terminal = {""}
hand-paused = The tour is paused: choices wait for an admin to resume it.
    .terminal = The tour is paused.
hand-autopilot-on = Autopilot is on: the bot chooses for your team until you switch it off with { $autopilot }.
# An option on a button or in a list: a rider (or the team), then what it does ("Blue Rouleur: Keep 5").
option = { $group }: { $label }

## A director's choice.

choose-already-counted = This request was already counted; nothing more was done.
choose-paused = the tour is paused: choices wait until an admin resumes it
# A choice made for a decision that has passed (another tab, an old message).
choose-stale = That choice was for a decision that has passed, so it was not used: choose again from the options shown now.
choose-stale-button = That button was for a decision that has passed, so it was not used. Here is where your team stands now.
choose-not-an-option = that is not one of your options now: { $hand } shows the ones open to you
# What the director chose, ticked.
choose-done = ✓ { $option }
# The teams a round still waits for, after a choice or on /stage.
waiting-for = Waiting for { $teams }.
reminder = Reminder: { $team } still has choices to make for stage { $stage }, { $turn }. The bot plays for you in { $left }.

## /autopilot.

autopilot-no-team = you direct no team in this tour: join one with { $tour_join }
autopilot-already-on = Autopilot is already on: the bot is choosing for your team.
autopilot-already-off = Autopilot is already off: your team's choices are yours.
autopilot-on = Autopilot on: the bot chooses for { $team } until you switch it off with { $autopilot }.
autopilot-off = Autopilot off: the choices of { $team } are yours again.

## Closing a round, moving a tour of bots on.

paused-resume-first = the tour is paused: an admin resumes it first
close-round-still-open = the round is still open for { $left }: only an admin can close it early
close-round-nobody-late = Nobody is late: there is nothing to close.
advance-nothing-to-play = Nothing to play: the directors have the next move.

## /play typed by hand, and its autocomplete.

play-nothing-to-choose = you have nothing to choose now: wait for your turn
play-no-such-option = '{ $typed }' is none of your options; pick one of: { $options }
play-ambiguous = '{ $typed }' could be any of { $options }: type more of the one you want
play-and-more = and { $count } more (start typing to see them)
# A preset offered by /tour create's autocomplete.
preset-choice = { $name } ({ $stages ->
        [one] 1 stage
       *[other] { $stages } stages
    })

## Select menus, when a decision has more options than buttons fit.

menu-placeholder = Options { $first }–{ $last } of { $total }
menu-placeholder-more = Options { $first }–{ $last } of { $total }: { $play } offers them all

## Buttons that no longer act.

button-outdated = This button comes from an older version of the commissaire and no longer works: use { $hand } to see your options, or { $tour_status }.
button-earlier-tour = This button belongs to an earlier tour of this channel: { $tour_status } shows the current one.

## The round's card: every team, ticked off as it chooses, and when the round closes.

card-title = { $title }: { $turn }
card-team-director = { $team } · <@{ $user }>
card-team-bot = { $team } · bot
card-team-done = ✅ { $who }
card-team-waiting = ⏳ { $who }
card-all-chosen = Every team has chosen: the round is being played.
# $deadline: a Unix time, which Discord shows as "in 5 minutes".
card-choose = Choose with the button below or { $play }. The bot plays for late teams <t:{ $deadline }:R>.
card-paused = The tour is paused: choices wait until an admin resumes it.

## The tour's status message, pinned and edited in place as the tour moves.

status-card-title = 📌 Where the tour stands
# $since: a Unix time, which Discord shows as "5 minutes ago".
status-card-waiting-since = Awaited since <t:{ $since }:R>:
status-card-waiting = Awaited:
status-card-deadline = The bot plays for late teams <t:{ $deadline }:R>.
status-card-jerseys = Jerseys:
# The answer to /tour status: the status message is posted again, and pinned.
status-reposted = The tour's status message is posted again below and pinned; it is kept up to date as the tour moves.

## Private acknowledgements of a command whose answer went to the channel.

done = Done.
done-round-posted = Done: the round is posted in the channel.
done-answer-posted = Done: the answer is posted in the channel.
# After a deferred answer: where the public answer was posted ($link: the message's address).
done-round-posted-at = Done: the round is posted in the channel: { $link }
done-answer-posted-at = Done: the answer is posted in the channel: { $link }
done-news-posted = Done: the news is posted in the channel.
# A reminder that mentions its director first.
reminder-ping = <@{ $user }> { $text }

## An option a game has no words for in the catalogue: its English label as it is.

option-label = { $label }
