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
no-tour-create = there is no tour in this channel: an admin creates one with /tour create
tour-not-started = the tour has not started: an admin starts it once the teams have joined
tour-over = the tour is over
standings-not-started = the tour has not started: the standings come after the first stage
standings-none-yet = No stage has finished yet: the standings come after stage 1.

## /stage: the stage being raced. $kind is a stage-kind, $to_line a board-rows-to-line.

stage-info-head = **Stage { $number }/{ $total } of { $tour }: { $course }** ({ $kind }, { $to_line })
    Round { $round }.
stage-info-paused = The tour is paused.
round-closes-in = The round closes in { $left }.

## /tour status.

status-team-director = { $team } (<@{ $user }>)
status-team-bot = { $team } (bot)
status-lobby = **{ $tour }** ({ $stages ->
        [one] 1 stage
       *[other] { $stages } stages
    }) is waiting for teams: { $taken } of { $seats } seats taken.
status-lobby-join = Join with /tour join; an admin starts with /tour start (empty seats go to bots).
status-over = **{ $tour }** is over. /standings shows its final classifications; an admin can create the next tour with /tour create.
status-running = **{ $tour }**: stage { $stage } of { $total }, { $course }, round { $round }.
status-paused = Paused: an admin resumes it with /admin resume.
