# What happened in a Maillot Jaune stage, as the engine narrates it
# (engine/src/games/maillot_jaune/game.rs: `sentence("id", ...)`). A yes-or-no argument arrives
# as the word `yes` or `no`; $why is `safe`, `risky` or `aspiration`.

## The services' words for its turns

mj-hand-button = Choose my move
# /tour start, after the teams.
mj-call-to-directors = Directors, open your options when one of your riders has his turn: one rider at a time, front of the race first.
mj-nothing-to-choose = Nothing to choose now: your options open when one of your riders has his turn, or a pact is asked of you.
mj-settled = Your move is played: stage { $stage }, { $turn } goes on in the channel.
mj-deadline = { $decision } for each rider's turn, { $answer } to answer a pact, { $round } for a round

## The options a director picks from

# A move to a cell the board letters now; $to_go counts the rows from it to the line, as the
# board does beside the road.
mj-option-move = { $via ->
        [none] Ride to { $letter } ({ $to_go ->
            [0] at the line
            [one] 1 row from the line
           *[other] { $to_go } rows from the line
        })
       *[other] Ride to { $letter }, sideways first to lane { $via }
    }
# A move typed in full whose cell the board does not letter now.
mj-option-move-to = { $via ->
        [none] Ride to { $cell }
       *[other] Ride to { $cell }, sideways first to lane { $via }
    }
# An escape typed in full: how it is paid and where it ends.
mj-option-escape-to = { $via ->
        [none] Escape +{ $cells } ({ $safe } safe, { $risky } risky) to { $cell }
       *[other] Escape +{ $cells } ({ $safe } safe, { $risky } risky) to { $cell }, sideways first to lane { $via }
    }
mj-option-stay = Stay
# The first step of a move, how far: the cells that far within his stars come next.
mj-option-ride = Ride { $cells ->
        [one] 1 cell
       *[other] { $cells } cells
    }
# The first step, an escape of $cells cells past his stars ($total cells in all): how it is paid comes next.
mj-option-escape = Escape +{ $cells } ({ $total ->
        [one] { $total } cell
       *[other] { $total } cells
    })
mj-option-plan = Escape +{ $cells } ({ $safe } safe, { $risky } risky)
mj-option-back = Back to how far
mj-option-pact = Pact with { $partner } ({ $team })
mj-option-answer = { $yes ->
        [yes] Accept the pact of { $rider } ({ $team })
       *[no] Refuse the pact of { $rider } ({ $team })
    }
mj-option-help = Help { $rider } ({ $team })
mj-option-no-help = Do not help

## Refusals

mj-refused-not-your-turn = It is not your rider's turn.
mj-refused-no-energy = No energy for a safe escape: the dial shows { $energy }, the safe cells need { $needed }.
mj-refused-risky-too-long = A risky escape is 1 to 4 cells.
mj-refused-unreachable = Your rider cannot reach that cell with this move.
mj-refused-not-now = That is not a choice now: pick one of the options shown.
mj-refused-beyond-stars = A move within the stars is 1 to { $stars } { $stars ->
        [one] cell
       *[other] cells
    } this turn, not { $cells }: ride further with an escape.
mj-refused-no-cell-that-far = No free cell is { $cells ->
        [one] { $cells } cell
       *[other] { $cells } cells
    } away: pick another distance.
mj-refused-escape-too-long = An escape is 1 to { $most ->
        [one] { $most } cell
       *[other] { $most } cells
    } past the stars (the energy on the dial and 4 risky), not { $cells }.

## The race

mj-first-drawn = The die shows { $face }: { $rider } ({ $team }) plays first.
mj-round = Round { $round } begins.
mj-rolled = { $rider } rolls { $a } and { $b } { $why ->
        [aspiration] for the aspiration
       *[other] for { $cells ->
            [one] 1 risky cell
           *[other] { $cells } risky cells
        }
    }: { $result ->
        [puncture] puncture!
       *[cost] { $cost ->
            [one] 1 unit
           *[other] { $cost } units
        }.
    }
mj-paid = { $rider } pays { $energy } energy and { $form } form { $why ->
        [safe] for the safe escape
        [risky] for the risky escape
       *[aspiration] for the rider in his wheel
    }: energy { $energy_left }, form { $form_left }.
mj-moved = { $rider } rides { $cells ->
        [one] 1 cell
       *[other] { $cells } cells
    }{ $to_go ->
        [0] {""} to the line
        [one] , 1 row from the line
       *[other] , { $to_go } rows from the line
    }.
mj-stayed = { $rider } stays where he is.
mj-punctured = { $rider } punctures: he loses his next turn.
mj-lost-turn = { $rider } punctures on the aspiration roll: he loses this turn.
mj-pulled = { $rider } is pulled up by { $by }{ $to_go ->
        [0] {""} to the line
        [one] , 1 row from the line
       *[other] , { $to_go } rows from the line
    }.
mj-skipped = { $rider } passes his turn.
mj-pact-asked = { $rider } ({ $team }) asks { $partner } ({ $partner_team }) for a pact.
mj-pact-answered = { $yes ->
        [yes] { $partner } accepts the pact of { $rider }.
       *[no] { $partner } refuses the pact of { $rider }.
    }
mj-pact-failed = The pact fails: { $partner } did not end beside { $rider }.
mj-helped = { $helper } helps { $rider }: he takes over the lost turn.
mj-crossed = { $rider } ({ $team }) crosses the line in place { $place } (round { $round }).
mj-placed = { $rider } is now placed { $place }: the riders of one round are placed by how far past the line they stand.
mj-abandoned = { $rider } ({ $team }) has no energy and no form left: he abandons.
mj-stage-over = The stage is over: { $winner } ({ $team }) wins.
mj-stage-over-nobody = The stage is over: nobody crossed the line.
mj-front = { $rider } ({ $team }) leads the race, { $to_go ->
        [one] 1 row
       *[other] { $to_go } rows
    } from the line.
mj-front-none = Nobody is on the road.
mj-brief = { $rider }: energy { $energy }/6, form { $form }/20, { $stars ->
        [one] 1 star
       *[other] { $stars } stars
    } this turn.
# The classification of the tour (MJ-003, MJ-040).
classification-maillot-jaune = Maillot Jaune (time)
mj-brief-prices = Risky escape, cost for 1/2/3/4 cells by roll (P: puncture): { $table }

## The text board (the terminal)

mj-text-board-rider = { $code } { $rider } ({ $team }{ $yours ->
        [yes] , you
       *[no] {""}
    }): { $place }, energy { $energy }/6, form { $form }/20
mj-text-board-behind-banner = behind the banner
mj-text-board-across = across the line
mj-text-board-out = out of the race
mj-text-board-yellow = yellow jersey
mj-text-board-loses-turn = loses his next turn
mj-text-board-to-play = to play
mj-text-board-legend = riders: the card's first two letters (RE Renault, LB La Bonnal); lane 0, the priority lane, on top; .. flat, ^^ climb, vv descent; A. B. the cells the rider to play may end on; | finish line
