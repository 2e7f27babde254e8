# tour
# The tour: classifications, stages, results.

classification-general = General classification
classification-points = Points
classification-mountains = Mountains
classification-team = Teams
classification-youth = Youth
classification-combativity = Combativity

## A stage's name: its number, of how many, and its course.

stage-title = Stage { $number }/{ $total }, { $course }
# When the tour's preset cannot be read for the number of stages.
stage-title-untold = Stage { $number }, { $course }
# $kind: the engine's name for the kind of stage.
stage-kind = { $kind ->
        [Flat] flat
        [Hilly] hilly
        [Mountain] mountain
        [TimeTrial] time trial
        [TeamTimeTrial] team time trial
       *[other] { $kind }
    }

## Refusals and answers about the tour as it stands.

no-tour = there is no tour in this channel
no-tour-create = there is no tour in this channel: an admin creates one with { $tour_create }
tour-not-started = the tour has not started: an admin starts it once the teams have joined
tour-over = the tour is over
# A request to a finished tour (its hand, a choice, the stage, an admin action): the tour is over.
tour-over-nothing-more = **{ $tour }** is over: nothing more is played here until an admin creates the next tour, and its final standings stay up until then.
standings-not-started = the tour has not started: the standings come after the first stage
standings-none-yet = No stage has finished yet: the standings come after stage 1.
# $classification: the id asked for; $known: the ids this tour's game has.
standings-no-such = this tour's game has no '{ $classification }' classification: ask for one of { $known }

## /stage: the stage being raced. $kind is a stage-kind, $to_line how far its start lies from the
## line, as its game counts (board-rows-to-line, board-cells-to-line, hulst-squares-to-line).

# $turn: the turn being played, as its game names it at the start of a sentence ("Round 3").
stage-info-head = **Stage { $number }/{ $total } of { $tour }: { $course }** ({ $kind }, { $to_line })
    { $turn }.
stage-info-paused = The tour is paused.
stage-forecast = Forecast for stage { $number }: { $weather ->
        [fog] fog
        [storm] storm
        [windy] windy
        [overcast] overcast
        [sunny] sunny
       *[heatwave] heatwave
    }.
stage-forecast-rest = A rest day comes before stage { $number }: its weather will be drawn afresh.
round-closes-in = The round closes in { $left }.

## /tour status.

status-team-director = { $team } (<@{ $user }>)
status-team-bot = { $team } (bot)
status-lobby = **{ $tour }** ({ $stages ->
        [one] 1 stage
       *[other] { $stages } stages
    }) is waiting for teams: { $taken } of { $seats } seats taken.
status-lobby-join = Join with { $tour_join }; an admin starts with { $tour_start } (empty seats go to bots).
status-over = **{ $tour }** is over. { $standings } shows its final classifications; an admin can create the next tour with { $tour_create }.
# $turn: the turn being played, as its game names it ("round 3").
status-running = **{ $tour }**: stage { $stage } of { $total }, { $course }, { $turn }.
status-paused = Paused: an admin resumes it with { $admin_resume }.
# The tour's pinned status message: one line a jersey, and the head once the tour is over.
status-jersey = { $classification }: { $who }
status-card-over = **{ $tour }** is over. The winners:

## The news of a round, a stage, the tour.

# $turn (here and below): a turn as its game names it ("round 3", "breakaway bid 1 of 2"); a
# $turn opening a sentence is its capitalised wording ("Round 3").
round-title = **Stage { $stage }, { $turn }**
# A turn's post grown past one message goes on in a new one, titled so.
round-title-continued = **Stage { $stage }, { $turn }** (continued)
round-nothing-happened = nothing happened
# A round in one line when its game gives no summary: its first sentence, and how many more.
round-and-more = { $first } (and { $count } more)
news-time-is-up = Time is up: the bot played the missing choices of { $teams }.
news-closed-early = An admin closed the round: the bot played the missing choices of { $teams }.
# $title: a stage-title.
news-stage-starts = **{ $title }** starts.
news-in-brief-one = **Stage { $stage }, { $turn } in brief**
news-in-brief = **Stage { $stage }, { $first } to { $last } in brief**
news-brief-round = { $turn }: { $brief }

## A stage's result: the finish order with the time ridden; bonus seconds shown apart.

# $stage: a stage-title.
stage-result-title = **{ $stage }: result**
stage-result-legend = Finish order, with the time ridden; bonus seconds come off in the general classification.
# A stage whose rules give no bonus seconds (house rules A's card race).
stage-result-legend-no-bonus = Finish order, with the time ridden, which goes into the general classification as it is.
stage-result-legend-timed = Finish order, with each rider's time on the race clock (riders still on the road when it ended are timed where they stood).
stage-result-line = { $place }. { $rider } { $time }
stage-result-line-bonus = { $place }. { $rider } { $time }, bonus −{ $bonus } s
# A tour led by points (a world cup): the points each rider scored on the stage.
stage-result-legend-points = Finish order, with the { $classification } points each rider scored.
stage-result-line-points = { $place }. { $rider }: { $points ->
    [one] 1 pt
   *[other] { $points } pts
}
# $riders: the riders' names, comma-separated.
stage-result-out = { $count ->
        [one] Left the race during the stage: { $riders }.
       *[other] { $count } left the race during the stage: { $riders }.
    }
# A rider whose name does not already say its team.
rider-of-team = { $rider } ({ $team })

## The standings as text, and the winners.

standings-after = **Standings after stage { $stage }**
standings-nobody-yet = nobody has scored yet
# Under a table: $mark is the sign after a rider brought back.
standings-reinstated-legend = { $mark } repêché: brought back by the directeurs' vote
# After a team with fewer riders left than its table counts (Velo Master's teams, A-49).
standings-team-short-mark = ({ $count ->
        [one] 1 rider
       *[other] { $count } riders
    })
standings-team-short-legend = A team with fewer riders left than the table counts ranks after the full teams, whatever its time.
# The start of this title is how the demo finds the winners in its report: keep "**The tour is over".
winners-title = **The tour is over. The winners:**
# $classification: a classification- message.
winners-line = { $classification }: { $who } — { $value }
winners-line-reinstated = { $classification }: { $who } (repêché) — { $value }
winners-nobody = { $classification }: nobody scored
