# What happened in a Velo Master stage, as the engine narrates it
# (engine/src/velo_master/game.rs: `sentence("id", ...)`). The arguments are the ones the engine
# gives, by the same names; a yes-or-no argument arrives as the word `true` or `false`.

## The start

# The turns of the start, before round 1, as the services name the turn being played.
vm-turn-start = the start
    .start = The start
# An Expert round's two phases (VM-032), as the turn being played is named.
vm-turn-leaders = round { $round }, the leaders' phase
    .start = Round { $round }, the leaders' phase
vm-turn-mates = round { $round }, the team-mates' phase
    .start = Round { $round }, the team-mates' phase
vm-order-roll = { $round ->
        [0] { $team } rolls { $face } on the d20 for the start order.
       *[other] { $team } rolls again to break a tie: { $face }.
    }
vm-start-order = Start order: { $order }.
vm-roll-off = Roll-off for the { $colour } colour: { $team } { $face }, { $other } { $other_face }.
vm-colour-shared = { $team } directs the { $colour } leader and his first team-mate; { $outsider } rides as the outsider with the other two.
vm-roll-handed-over = { $team } is through with the bonus moves: { $other } rolls.
vm-race-begins = Everyone is on the road: the leaders' places now set the order.
vm-round = Round { $round } begins.
vm-mates-phase = Round { $round }: the team-mates' phase begins.

## Dice and moves

vm-slot = { $team } to play (race clock { $clock } min).
vm-slot-skipped = { $team } passes this slot for the neutral rider's crash (race clock { $clock } min).
vm-dice = { $team } rolls { $faces }.
vm-die-taken = { $rider } moves up to { $die }.
vm-step = { $rider } { $extra ->
        [true] takes the descent's extra step
       *[false] steps
    }, { $to_go ->
        [0] at the line
        [one] 1 row from the line
       *[other] { $to_go } rows from the line
    }.
vm-power-roll = { $rider } power roll: { $face } against { $slope } %: { $success ->
        [true] made it
       *[false] fails, his move ends
    }.
vm-blocked = { $rider } is blocked: { $lost } lost.
vm-stopped = { $rider } stops ({ $lost } unused).
vm-extra-step = { $rider } stopped on a descent cell: one extra step if wanted.

## Punctures, crashes and the roadside

vm-puncture-check = 4-2-1 check for { $rider }: { $faces }.
vm-punctured = { $rider } punctures { $to_go ->
        [0] at the line
        [one] 1 row from the line
       *[other] { $to_go } rows from the line
    } and waits at the roadside until the phase ends.
vm-skill-roll = { $rider } skill roll on a danger cell { $to_go ->
        [0] at the line
        [one] 1 row from the line
       *[other] { $to_go } rows from the line
    }: { $face }{ $crash ->
        [true] , he crashes
       *[false] , safe
    }.
vm-skill-roll-squeeze = { $rider } squeezes between two bikes { $to_go ->
        [0] at the line
        [one] 1 row from the line
       *[other] { $to_go } rows from the line
    }: skill roll { $face }{ $crash ->
        [true] , he crashes
       *[false] , safe
    }.
vm-skill-roll-speed = { $rider } takes the descent with a 6 { $to_go ->
        [0] at the line
        [one] 1 row from the line
       *[other] { $to_go } rows from the line
    }: speed control, skill roll { $face }{ $crash ->
        [true] , he crashes
       *[false] , safe
    }.
vm-skill-roll-braking = { $rider } brakes { $to_go ->
        [0] at the line
        [one] 1 row from the line
       *[other] { $to_go } rows from the line
    }: skill roll { $face }{ $crash ->
        [true] , he crashes
       *[false] , safe
    }.
vm-skill-roll-collective = { $rider }, { $to_go ->
        [0] at the line
        [one] 1 row from the line
       *[other] { $to_go } rows from the line
    }, must avoid { $fallen }'s fall: skill roll { $face }{ $crash ->
        [true] , he crashes
       *[false] , safe
    }.
vm-crashed = { $rider } falls { $to_go ->
        [0] at the line
        [one] 1 row from the line
       *[other] { $to_go } rows from the line
    } and waits at the roadside{ $misses ->
        [0] {""}
        [one] {" "}({ $misses } turn to miss)
       *[other] {" "}({ $misses } turns to miss)
    }.
vm-severity = { $rider } crash severity { $face }: { $severity ->
        [abandon] he abandons
        [serious] serious injury, 2 turns missed
        [injury] injury, 1 turn missed
        [scratch] a scratch: the worst die next turn
       *[unhurt] unhurt
    }.
vm-sits-out = { $rider } is still at the roadside and misses this turn.
vm-back = { $rider } gets back on the road { $to_go ->
        [0] at the line
        [one] 1 row from the line
       *[other] { $to_go } rows from the line
    }.
vm-abandoned = { $rider } abandons { $to_go ->
        [0] at the line
        [one] 1 row from the line
       *[other] { $to_go } rows from the line
    }.

## Feeding, condition and doping

vm-fed = { $rider } takes his musette at the feed.
vm-missed-feed = { $rider } rode past the feed without eating: the smallest die until the finish.
vm-condition = { $rider } { $gains ->
        [true] gains
       *[false] loses
    } { $amount } %: condition { $now } % ({ $why ->
        [motivated] motivated
        [doped] doped
        [ones] ones
        [power_roll] power roll
        [team_mates_in_line] team mates in line
        [stage_win] stage win
        [jersey] jersey
        [attack] attack
        [missed_feed] missed feed
        [crash] crash
       *[failed_power_roll] failed power roll
    }).
vm-tested = { $role ->
        [winner] { $rider }, the stage winner, is tested for doping
        [drawn] { $rider } (place { $place }) is drawn for the doping control
        [finisher] { $rider } (place { $place }) is tested for doping, as every finisher is
       *[other] { $rider } is tested for doping
    }: condition { $condition } %, { $excluded ->
        [true] positive, excluded from the race
       *[false] clean
    }.

## Attacks and entraide

vm-attack = { $rider } attacks!
vm-attack-roll = { $rider } rolls { $faces } for his attack: up to { $total }.
vm-entraide = Entraide: { $rear } and { $front } leapfrog each other.
vm-jumped = { $rider } jumps ahead, { $to_go ->
        [0] at the line
        [one] 1 row from the line
       *[other] { $to_go } rows from the line
    }.
vm-no-jump = { $rider } does not jump.
vm-road-blocked = The road is blocked: { $rider } keeps { $kept } for when it opens, until his next turn.
vm-road-open = The road opens for { $rider }: up to { $points } now, or wait.

## Accélération

vm-acceleration = Accélération proposed to the line { $line }.
vm-vote = { $rider } votes { $yes ->
        [true] yes
       *[false] no
    }.
vm-acceleration-voted = { $yes ->
        [0] no vote for
        [one] 1 vote for
       *[other] { $yes } votes for
    }, { $needed ->
        [one] 1 was needed
       *[other] { $needed } were needed
    }: { $go ->
        [true] the line accelerates
       *[false] no accélération
    }.
vm-neutrals = Neutral riders: { $team } moves { $riders }; { $other } moves { $other_riders }.
vm-acceleration-over = The accélération is over.

## Summits and the finish

vm-summit = { $rider } crosses { $summit } in place { $place }: { $points ->
        [one] 1 climber point
       *[other] { $points } climber points
    }.
vm-finished = { $rider } crosses the line in place { $place }, { $time } min.
vm-race-over = The race is over: { $winner } wins.
vm-race-over-nobody = The race is over: nobody reached the line.
# A roll in one line, where the race stands: the rider at the front still racing.
vm-brief-front = { $rider } leads the race, { $to_go ->
        [one] 1 row
       *[other] { $to_go } rows
    } from the line{ $across ->
        [0] {""}
       *[other] {""} ({ $across } across)
    }.
vm-brief-across = { $across ->
        [one] 1 rider across the line.
       *[other] { $across } riders across the line.
    }
vm-brief-start = Nobody is on the road yet.

## Velo Master refuses a choice: what was wrong, and what to do instead.

vm-refusal-over = the race is over: nothing more to play
vm-refusal-nobody = nobody is to play now
vm-refusal-not-your-turn = the turn is for { $team }, not { $you }: wait for your slot
# A scenario's scripted die face the die cannot show; players never meet it.
vm-refusal-scripted-face = { $reason }
vm-refusal-step = cell { $cell } cannot be reached in one step now: pick one of the lettered cells or stop
vm-refusal-no-cell = there is no such cell: pick one of the lettered cells
vm-refusal-no-die = no die shows { $die }: the dice left are { $left }
vm-refusal-no-die-now = { $rider } cannot take a die now: choose one of your riders offered
vm-refusal-moving = a rider is moving: step or stop first
vm-refusal-nothing-moving = no rider is moving now: give a die first
vm-refusal-entraide = that entraide is not open: the two bikes must stand one behind the other, alone in their file, since the slot began, and neither may have had a bonus this round
vm-refusal-jump = that cell is not a landing cell now: pick one offered
vm-refusal-rolled = the dice are already rolled
vm-refusal-acceleration = that accélération is not open: the line must be the same as when the slot began, with one of your bikes due to play among its three front bikes
vm-refusal-no-vote = no vote is under way
vm-refusal-pick = pick two of the neutral riders offered
vm-refusal-attack = that rider cannot attack now: attacks are declared before the dice, by a rider of yours in this phase under no penalty (Pro)

## A rider's name from his role, with his number in the team (VM-008), when the preset gives
## none: the leader, then team-mates 2, 3, 4.

vm-roster-leader = Leader
vm-roster-team-mate = Team-mate { $number }

## Velo Master's classifications (VM-079, VM-080, VM-142)

classification-or = Maillot Or (time)
classification-rouge = Maillot Rouge (climbers)
classification-vm-team = Teams (three best times)

## How the services speak of Velo Master's turns (engine/src/velo_master/game.rs, WORDS): a
## director decides for one rider at a time, in his slot; every roll of the dice settles a turn.

# The button under a phase's post that opens a director's options.
vm-hand-button = Choose my move
# /tour start, after the teams.
vm-call-to-directors = Directors, open your options when your team's slot comes: one rider at a time.
vm-nothing-to-choose = Nothing to choose now: your options open when one of your riders has his slot, a jump or a vote.
# A director's move that set the dice rolling; $turn as the game names it ("round 5").
vm-settled = Your move is played: stage { $stage }, { $turn } goes on in the channel.
# /tour create: $decision, how long a director has for a slot; $round, for a vote all take.
vm-deadline = { $decision } for each slot, { $round } for a vote

## The options a director picks from (buttons, menus, /play). A step or jump names the cell's
## letter on the board ($letter, or `none`), and what it risks: a danger cell, a climb's slope
## (or `none`), how many riders a jump passes.

vm-option-launch = Launch with the { $die }
vm-option-give = Move up to { $die }
vm-option-move = Move to { $letter ->
        [none] { $cell }
       *[other] { $letter }
    }{ $danger ->
        [yes] , danger: skill roll
       *[no] {""}
    }{ $past ->
        [0] {""}
       *[other] , past { $past } more
    }{ $slope ->
        [none] {""}
       *[other] , power roll over { $slope }
    }{ $across ->
        [yes] , across the line
       *[no] {""}
    }
vm-option-jump = Jump to { $letter ->
        [none] { $cell }
       *[other] { $letter }
    }{ $danger ->
        [yes] , danger: skill roll
       *[no] {""}
    }{ $past ->
        [0] {""}
       *[other] , past { $past } more
    }{ $slope ->
        [none] {""}
       *[other] , power roll over { $slope }
    }{ $across ->
        [yes] , across the line
       *[no] {""}
    }
vm-option-entraide = Entraide with { $other } { $place ->
        [ahead] ahead
       *[behind] behind
    }: leapfrog, +2 each
vm-option-accelerate = { $own ->
        [yes] Accélération: lead the line of { $count } (vote)
       *[no] Accélération: the line of { $count } led by { $leader } (vote)
    }
vm-option-attack = Attack (own 2 dice, -20 % condition)
# The group of the options that share out the neutral riders.
vm-option-neutrals = Neutral riders
vm-option-pick = { $same ->
        [yes] Take { $first }
       *[no] Take { $first } and { $second }
    }
vm-option-vote = { $yes ->
        [yes] Vote yes
       *[no] Vote no
    }
vm-option-hand-over = Done: { $team } rolls (no more entraides)
vm-option-roll = Roll the dice (no more entraides)
vm-option-no-jump = Do not jump
vm-option-stop = { $how ->
        [extra] No extra step
        [keep] Not now (keep the points)
        [stay] Stay here (do not move)
        [unused] Stop here ({ $left } unused)
       *[plain] Stop here
    }

## The terminal's text board (`commissaire play`): riders by their tokens' labels.

vm-text-board-legend-riders = riders: team initial, then L for the leader or the team-mate's number, as on the board picture and in their names (P3: Team-mate 3)
vm-text-board-legend-road = .. flat, ^^ climb, vv descent, ss feed zone, ## cobbles, !! danger cell (a skill roll; P3! a rider on one), A. B. the cells the rider moving may step onto, | finish line
# $team rolled $dice (the faces); $rider (his label) is moving, $name his name, $left the steps
# he may still take.
vm-text-board-moving = { $team } rolled { $dice }: { $rider } ({ $name }) is moving, { $left ->
        [one] 1 step
       *[other] { $left } steps
    } left.
vm-text-board-fallen-rider = { $rider } beside { $cell } ({ $misses ->
        [0] back next turn
        [one] misses 1 turn
       *[other] misses { $misses } turns
    })
vm-text-board-fallen = at the roadside: { $riders }
vm-text-board-across-rider = { $rider } ({ $place })
vm-text-board-across = across the line: { $riders }
vm-text-board-out = out of the race: { $riders }
vm-text-board-at-start = at the start: { $riders }
