# admin
# What admins do to a running tour: pause, resume, deadlines, bots, abandons, the end.

admin-already-paused = the tour is already paused
admin-paused = The tour is paused: no choice is taken and no deadline runs until an admin resumes it.
admin-not-paused = the tour is not paused
admin-resumed = The tour resumes: { $deadline } to choose this round.
admin-deadline-set = Each round now stays open { $deadline }.
admin-deadline-set-now = Each round now stays open { $deadline }. The current round closes in that time from now.
admin-no-such-team = there is no team named { $team } in this tour; the teams are: { $teams }
admin-already-bot = { $team } is already ridden by a bot
admin-bot-rides = A bot rides { $team } from now on.
admin-already-abandoned = { $rider } has already abandoned
admin-abandons = { $rider } (#{ $number }) abandons: out of every classification from stage { $stage } on.
admin-ended-early = The tour is ended before any stage finished: no classification, no winner.
admin-ended = An admin ended the tour after stage { $stage }.
    { $winners }

## What only an admin can do, as in "only an admin can pause the tour".

admin-action-create = create a tour
admin-action-start = start the tour
admin-action-repechage = propose a repêchage
admin-action-pause = pause the tour
admin-action-resume = resume the tour
admin-action-deadline = set the turn deadline
admin-action-replace = replace a player by a bot
admin-action-abandon = make a rider abandon
admin-action-end = end the tour

# A refusal: $action is one of the admin-action- messages above.
admin-only = only an admin can { $action }
