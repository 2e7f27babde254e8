# replay
# A finished stage as an animation (issue 36): posted with the stage's result, and again with
# the replay option of /stage.

# In the channel, with the animation: $stage its number, $course its course's name.
replay-posted = Stage { $stage }, { $course }, turn by turn: every turn's board, then the finish.
# Refusals of /stage's replay option.
replay-none-yet = no stage has finished yet: a stage can be replayed once it is over
replay-not-finished = stage { $stage } has not finished: the finished stages are 1 to { $last }

# /stage's log option (issue 36): a stage told turn by turn, as a Markdown file.
# The answer, for the asker alone: $stage its number, $course its course, $turns how many turns
# were played, $file the attached file's name.
stage-log-posted = Stage { $stage }, { $course }, turn by turn: { $turns ->
        [one] one turn played
       *[other] { $turns } turns played
    }, what each team played and what came of it, in the attached file { $file }.
# The file's title.
stage-log-title = Stage { $stage }, { $course }: turn by turn
# Under the title of a stage still being raced.
stage-log-in-progress = The stage is still being raced: this is its log so far. A turn's secret choices show once the turn is played.
# A stage with nothing played yet.
stage-log-nothing-yet = Nothing has been played yet.
# Beside the heading of the turn being played.
stage-log-turn-open = being played
# A turn whose post said nothing.
stage-log-turn-quiet = nothing to tell
# Refusals of /stage's log option.
stage-log-none-yet = the tour has not started: a stage has a log once it is under way
stage-log-not-started = stage { $stage } has not started: the stages raced so far are 1 to { $last }
# /stage given both of its options: $stage is the command.
stage-log-or-replay = { $stage } takes one option at a time: either replay or log
