# repechage
# The repêchage: a vote to bring back a rider who abandoned (VM-085, ruling A-48).

repechage-window-too-short = a repêchage vote stays open at least one second: give a longer time, or none for the turn deadline
repechage-paused = the tour is paused: an admin resumes it before proposing a repêchage
repechage-not-abandoned = { $rider } has not abandoned: only a rider out of the race can be brought back
repechage-already-back = { $rider } is already brought back: it starts stage { $stage }
repechage-last-stage = stage { $stage } is the last: a rider brought back now would have no stage to start
repechage-too-late = { $rider } left the race in stage { $left }: a repêchage is voted during the stage a rider left or the next one (A-48), and stage { $current } is under way
repechage-already-open = a repêchage vote is already open, for { $rider }: wait for its result ({ $left } at most)
repechage-stage-done = stage { $stage } already had its repêchage ({ $rider } was brought back): one rider a stage comes back (A-48)
repechage-voted-out = the directeurs sportifs already voted { $rider } out for stage { $stage }: their answer stands
repechage-no-voters = every team is ridden by a bot: there is no directeur sportif to vote
repechage-no-such-rider = there is no rider { $rider } in this tour: give a rider's name or start number

## The question put to the channel. $tie is one of the repechage-tie- messages.

repechage-proposed = **Repêchage vote**: should { $rider } (#{ $number }, { $team }), who abandoned in stage { $stage }, come back? If so, { $rider } starts the next stage with, for each stage not finished, the time of its last classified rider plus one minute, and no points for them.
    The directeurs sportifs of { $voters } vote, once each, and may change their vote until it closes: when all have voted, or in { $window }. A majority of the votes cast decides; { $tie }.
repechage-tie-breaker = on a tie, the directeur of the last stage winner's team has one more vote (now { $team })
repechage-tie-bot = on a tie, the directeur of the last stage winner's team has one more vote; { $team }, winner of stage { $stage }, is ridden by a bot, so for now a tie keeps { $rider } out
repechage-tie-none = on a tie, the directeur of the last stage winner's team has one more vote; no stage has finished yet, so for now a tie keeps { $rider } out
repechage-button-yes = Yes, bring back { $rider }
repechage-button-no = No

## A directeur's ballot.

repechage-no-such-vote = there is no repêchage vote { $vote } in this channel: vote with the buttons of the vote's message
repechage-closed = this vote is closed: { $outcome }
repechage-closed-announced = this vote is closed: its result was announced
repechage-not-a-voter = only the directeurs sportifs of this tour vote on a repêchage, and you direct no team in it
repechage-vote-too-late = Too late: this vote reached its deadline before your vote, which was not counted.
# $vote: "yes" or "no", a key chosen on, not shown.
repechage-voted-last = You voted { $vote ->
        [yes] yes
       *[no] no
    }. Yours was the last vote: the vote is closed.
repechage-voted = You voted { $vote ->
        [yes] yes
       *[no] no
    }. You can change your vote until it closes.

## The result. $outcome is kept with the vote and is one of the outcomes below; $tally one of
## the tallies.

repechage-result = **Repêchage of { $rider }**: { $outcome }
repechage-nobody-voted = nobody voted
repechage-tally = { $yes } yes, { $no } no
repechage-tally-extra = { $yes } yes, { $no } no, with the extra vote of the directeur of { $team }, whose rider won stage { $stage }
repechage-tally-tie-no-winner = { $yes } yes, { $no } no: a tie, and no stage has a winner yet to break it
repechage-tally-tie-bot = { $yes } yes, { $no } no: a tie, which { $team }, winner of stage { $stage }, cannot break: a bot rides it
repechage-tally-tie-no-vote = { $yes } yes, { $no } no: a tie, and the directeur of { $team }, whose rider won stage { $stage }, did not vote to break it
repechage-stays-out = { $tally }. { $rider } stays out of the race.
repechage-passed-too-late = { $tally }. The vote passed, but stage { $stage } is the last: no stage is left for { $rider } to start.
repechage-brought-back = { $tally }. { $rider } is brought back: it starts stage { $stage }, with for { $missed } the time of the last classified rider plus one minute (A-48).
repechage-tour-over = the tour ended before the vote closed; nobody was brought back
repechage-closed-twice = repêchage vote { $vote } was closed twice
repechage-no-stage-left = { $rider } is marked abandoned but no stage says it left
