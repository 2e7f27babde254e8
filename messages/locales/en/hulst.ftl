# What happened in a Hulst "Le Tour de France" stage, as the engine narrates it
# (engine/src/games/hulst/game.rs: `sentence("id", ...)`). A square is named as printed on the
# board ($square: "44", "44A", "-3"); card lists arrive as text ("3, 5, 7"); a yes-or-no
# argument arrives as the word `true` or `false`.

## The services' words for Hulst's turns

hulst-hand-button = Play my card
# /tour start, after the teams.
hulst-call-to-directors = Directors, open your hand when one of your riders is to ride: the front rider rides first.
hulst-nothing-to-choose = Nothing to choose now: your hand opens when one of your riders is to ride, or a swap or chance square asks you.
# A director's card that settled a turn; $turn as the game names it ("round 5").
hulst-settled = Your card is played: stage { $stage }, { $turn } goes on in the channel.
# /tour create: $decision, how long a director has for a rider's turn; $round, for a round.
hulst-deadline = { $decision } for each rider's turn, { $round } a round

## The start

hulst-drew = { $draw ->
        [1] { $team } draws { $card } for the start.
       *[other] { $team } draws again to break a tie: { $card }.
    }
hulst-first-player = { $team } places its riders first.
hulst-dealt = Your hand: { $cards }.
hulst-refilled = { $team } is dealt { $count ->
        [one] 1 new card
       *[other] { $count } new cards
    }.
hulst-round = Round { $round }.

## Moves

hulst-moved = { $rider } plays { $card } to square { $square }, lane { $lane }{ $wind ->
        [0] {""}
       *[other] , taking { $wind } of wind
    }{ $boost ->
        [0] {""}
       *[other] , { $boost } more from a kept chance card
    }.
hulst-crashed = { $chance ->
        [true] Chance card: a crash on { $number }! Down: { $riders }.
       *[false] Crash on { $number }! { $rider } runs into { $hit }. Down: { $riders }.
    }
hulst-shown = { $team } shows its cards as proof that no card was clean: { $count ->
        [0] none left
       *[other] { $cards }
    }.
hulst-joined-crash = { $rider } cannot brake and joins the crash on { $number }.
hulst-skipped = { $rider } sits out this turn after his fall.
hulst-discarded = A card goes for { $rider }, who has finished.
hulst-gave-up = You give up { $card }.
hulst-swapped = { $rider } stops on a swap square: { $count ->
        [one] 1 card exchanged
       *[other] { $count } cards exchanged
    }.
hulst-swap-cards = You give { $cards_given } and draw { $cards_drawn }.

## Chance cards

hulst-chance-advance = { $rider } draws a chance card: ride on { $amount ->
        [one] 1 square
       *[other] { $amount } squares
    }.
hulst-chance-fall-back = { $rider } draws a chance card: drop back { $amount ->
        [one] 1 square
       *[other] { $amount } squares
    }.
hulst-chance-puncture = { $rider } draws a chance card: a puncture, he skips his next turn.
hulst-chance-crash = { $rider } draws a chance card: a crash right here.
hulst-chance-exchange = { $rider } draws a chance card: exchange up to { $amount ->
        [one] 1 card
       *[other] { $amount } cards
    }.
hulst-chance-keep = { $rider } draws a chance card to keep: { $amount ->
        [one] 1 more square
       *[other] { $amount } more squares
    } on a later move.
hulst-chance-bonus = { $rider } draws a chance card: { $amount ->
        [one] 1 bonus second
       *[other] { $amount } bonus seconds
    }.
hulst-chance-nothing = { $rider } draws a chance card: nothing happens.
hulst-chance-moved = { $rider } goes to square { $square }.
hulst-chance-shuffled = The chance card goes under the pile and the pile is shuffled.
hulst-bonus-seconds = { $rider } wins { $seconds ->
        [one] 1 bonus second
       *[other] { $seconds } bonus seconds
    }.

## Sprints and the finish

hulst-sprint = Sprint after square { $after }: { $rider } is number { $place }, { $seconds ->
        [one] { $seconds } bonus second
       *[other] { $seconds } bonus seconds
    } and { $points ->
        [one] { $points } point
       *[other] { $points } points
    }.
hulst-finished = { $rider } finishes in place { $place }, { $past } past the line: { $time } s, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }.
hulst-over = Every rider is across the line: the stage is over.
hulst-front = { $rider } leads on square { $square }.
# /stage: the stage's length, the squares its times count.
hulst-squares-to-line = { $count ->
        [one] { $count } square to the line
       *[other] { $count } squares to the line
    }

## A director's own note

hulst-brief-hand = Your hand ({ $count ->
        [one] 1 card
       *[other] { $count } cards
    }): { $cards }.
hulst-brief-kept = { $rider } keeps a chance card: { $amount ->
        [one] 1 more square
       *[other] { $amount } more squares
    } on a flat or downhill move.

## The options (buttons, menus, /play)

hulst-option-move = { $card } to { $square }, lane { $lane }{ $wind ->
        [0] {""}
       *[other] {" "}(wind +{ $wind })
    }{ $boost ->
        [true] {" "}with the kept card
       *[false] {""}
    }
hulst-option-crash = { $card }: unavoidable crash, stop on { $square }, lane { $lane }
hulst-option-swap = { $count ->
        [0] Keep every card
       *[other] Give up { $cards }
    }
hulst-option-give-up = Give up { $card }
hulst-option-land = Square { $square }, lane { $lane }
# The first decision of a move: a card whose landing square is chosen next.
hulst-option-card = Play { $card }
# The landing squares of the card chosen, by the letters drawn on the director's picture.
hulst-option-letter-move = { $letter }: { $card } to { $square }, lane { $lane }{ $wind ->
        [0] {""}
       *[other] {" "}(wind +{ $wind })
    }{ $boost ->
        [true] {" "}with the kept card
       *[false] {""}
    }
hulst-option-letter-crash = { $letter }: { $card }, unavoidable crash, stop on { $square }, lane { $lane }
hulst-option-back = Back to the cards
# Team time trial: the order a team moves its riders this turn, the riders in that order.
hulst-option-order = Order: { $riders }

## Refusals

hulst-refused-over = The stage is over.
hulst-refused-not-your-turn = It is not your team's turn.
hulst-refused-not-this-rider = That rider does not ride now.
hulst-refused-no-such-card = Your hand holds no { $card }.
hulst-refused-unreachable = A { $card } cannot end on square { $square }: a rider moves exactly his card, straight or diagonally ahead, over free squares.
hulst-refused-avoidable = This crash could be avoided: the { $card } rides clean.
hulst-refused-no-room = This move leaves the next rider no room (passing principle): the { $card } would leave it.
hulst-refused-crash-lane = A crash must happen as far from the numbered side as the card allows.
hulst-refused-wrong = That is not what this turn asks for.
hulst-refused-other-card = You chose the { $card }: pick one of its landing squares, or go back to the cards.

## The tour's classifications (docs/hulst.md gives the box's Dutch and French names: a player
## reads his own language)

classification-hulst-yellow = Yellow jersey
classification-hulst-points = Points
classification-hulst-team = Teams on time
classification-hulst-final = Final score

## A rider with no name of his own (no names in the preset): his number in the team

hulst-roster-rider = Rider { $number }

## The text board of the terminal

hulst-text-title = { $course }, round { $round } (the finish line is after square { $line })
hulst-text-lane = lane { $lane }
hulst-text-roadside = beside the road: { $riders }
hulst-text-across = across the line: { $riders }
hulst-text-start = at the start: { $riders }
hulst-text-legend = riders: team initial and number; .. flat, ^^ uphill (card halved), vv downhill (wind worth 2), S swap square, ? chance square, | finish line; lane 0 is the numbered side
