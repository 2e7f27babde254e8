# replay
# A finished stage as an animation (issue 36): posted with the stage's result, and again with
# the replay option of /stage.

# In the channel, with the animation: $stage its number, $course its course's name.
replay-posted = Stage { $stage }, { $course }, turn by turn: every turn's board, then the finish.
# Refusals of /stage's replay option.
replay-none-yet = no stage has finished yet: a stage can be replayed once it is over
replay-not-finished = stage { $stage } has not finished: the finished stages are 1 to { $last }
