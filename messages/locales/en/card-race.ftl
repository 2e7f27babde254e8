# What happened in a card race, as the engine narrates it (engine/src/registry/*: `sentence("id", ...)`).
# The arguments are the ones the engine gives, by the same names.

## What the turn being played is called, put inside the services' sentences ("Stage 1, round 3",
## "Stage 2/7, Col: round 3"); `.start` is the wording that opens a sentence ("Round 3: ...").

# The name of a game's turn by default, and of the card race's rounds.
turn-round = round { $round }
    .start = Round { $round }
# House rules A's breakaway auction: its bid steps come before round 1.
card-race-turn-bid = breakaway bid { $step } of { $steps }
    .start = Breakaway bid { $step } of { $steps }
# House rules B's fictive start, before round 1.
card-race-turn-fictive-start = the fictive start
    .start = The fictive start

## The card race

card-race-round-started = Round { $round } begins.
card-race-hand-drawn = { $rider } draws { $cards }.
card-race-deck-reshuffled = { $rider }'s recycled cards are shuffled into a new draw pile.
card-race-card-chosen = { $rider } has chosen a card.
card-race-cards-revealed = Cards revealed: { $cards }.
card-race-moved = { $rider } plays { $card }: row { $from } → { $to }{ $blocked ->
        [0] {""}
        [one] {" "}(blocked, 1 row lost)
       *[other] {" "}(blocked, { $blocked } rows lost)
    }.
card-race-slipstream = { $rider } takes the slipstream to row { $to }.
card-race-exhaustion = { $rider } rides in the wind: one exhaustion card.
card-race-tt-exhaustion = { $rider } played the round's highest card: one exhaustion card.
card-race-crossed = { $rider } crosses the line!
card-race-tt-start = Round { $round }: { $riders } { $count ->
        [one] sets off
       *[other] set off
    } against the clock.
card-race-tt-highest = { $rider } kept the highest card of its hand: { $cards ->
        [one] one exhaustion card
       *[other] { $cards } exhaustion cards
    }.
card-race-fictive-start = Fictive start: the field rolls out behind the flag, two cards drawn each, none spent. { $count ->
        [0] Nobody rides at the front of the grid.
        [one] At the front of the grid { $riders } takes one exhaustion card.
       *[other] At the front of the grid { $riders } take one exhaustion card each.
    }
card-race-cup-entry = { $rider } is entered{ $form ->
        [0] {" "}without a form card
       *[other] {" "}with a form card of { $form }
    }{ $back_to_back ->
        [yes] {" "}and one exhaustion card for riding the last event
       *[no] {""}
    }.
card-race-past-start-line = { $rider } rolls { $rows ->
        [one] 1 row
       *[other] { $rows } rows
    } past the start line: { $cards ->
        [one] one exhaustion card
       *[other] { $cards } exhaustion cards
    }{ $on_top ->
        [yes] , on top of the draw pile in the cold
       *[no] {""}
    }.
card-race-quit = { $rider } gives up the stage.
# The bid step is named by the turn it is told in ("Stage 2, breakaway bid 1 of 2").
card-race-bid-shown = { $rider } bids { $card ->
        [none] no card
       *[other] { $card }
    }, { $total } in all.
card-race-gruppetto-moved = { $die ->
        [none] The gruppetto rides { $distance }: row { $from } → { $to }.
       *[other] The Peloton attacks: the gruppetto rolls { $die } and rides { $distance }, row { $from } → { $to }.
    }
card-race-gruppetto-slipstream = The gruppetto takes the slipstream to row { $to }.
card-race-gruppetto-swapped = { $rider } was blocked by the gruppetto and takes its place on row { $row }.
card-race-gruppetto-swept = { $count ->
        [0] The gruppetto finishes with nobody in it.
       *[other] The gruppetto finishes: { $riders } over the line with it.
    }
card-race-breakaway-placed = { $rider } { $bid ->
        [none] rides in the breakaway without bidding
       *[other] wins a place in the breakaway with { $bid }
    }: row { $row }.
card-race-stage-over = The stage is over: { $winner } wins.
card-race-crashed = { $rider } falls on row { $row }, { $set_back ->
        [one] 1 row
       *[other] { $set_back } rows
    } short: 2 cards fewer in its next hand.
card-race-puncture-check = { $rider } turns { $card }: { $punctured ->
        [yes] a puncture! Its next move is 2 rows shorter
       *[no] no puncture
    }.
card-race-puncture-slowed = { $rider } rides on after its puncture: { $rows ->
        [one] 1 row lost
       *[other] { $rows } rows lost
    }.
card-race-attack-turned = { $rider } attacks: turns { $card }{ $left ->
        [0] , the last card of its draw pile, and rides it
        [one] {" "}(1 card left under it)
       *[other] {" "}({ $left } cards left under it)
    }.
card-race-attack-empty = { $rider } attacks with an empty draw pile: it rides an exhaustion card.
card-race-musette-taken = { $rider } takes a musette in the feed zone ({ $held } held).
card-race-musette-opened = { $rider } opens a musette and draws { $cards } ({ $held } left).
card-race-steep-gamble = { $rider } gambles on the steep descent and turns { $card }: { $crashed ->
        [yes] a fall before the steep row!
       *[no] the steep row is skipped.
    }
card-race-wind = Wind for the stage: { $wind ->
        [head] a headwind: riders with nobody ahead take 2 exhaustion cards
        [cross_from_left] a crosswind from the left: riders with nobody beside them on the left take 1 exhaustion card
        [cross_from_right] a crosswind from the right: riders with nobody beside them on the right take 1 exhaustion card
       *[tail] a tailwind: nobody takes exhaustion
    }.
card-race-weather = Round { $round }: the weather die shows { $face }, weather { $level }/5{ $level ->
        [1] , cold and wet: exhaustion goes on top of the draw pile
        [5] , hot and dry: exhaustion comes double
       *[other] {""}
    }.
card-race-weather-now = Weather { $level }/5: { $level ->
        [1] cold and wet: exhaustion goes on top of the draw pile
        [5] hot and dry: exhaustion comes double
       *[other] no effect
    }.
card-race-exhaustion-dealt = { $rider } { $exposure ->
        [headwind] rides into the headwind
        [crosswind] is caught in the crosswind
       *[front] rides in the wind
    }: { $cards ->
        [one] one exhaustion card
       *[other] { $cards } exhaustion cards
    }{ $heat ->
        [yes] , doubled by the heat
       *[no] {""}
    }{ $on_top ->
        [yes] , on top of the draw pile in the cold
       *[no] {""}
    }.

## The card race: a round in one line, a director's riders, the front of the race

card-race-turn-brief = { $leader } leads, row { $row }{ $winded ->
        [0] {""}
        [one] ; 1 rider took exhaustion in the wind
       *[other] ; { $winded } riders took exhaustion in the wind
    }{ $across ->
        [0] {""}
       *[other] ; across the line: { $crossed }
    }.
card-race-turn-still = No rider moved.
card-race-brief-auction = Breakaway auction, bid { $step } of 2 (your bid so far: { $bid }): draw a hand and bid one card of it, bid the top card unseen, or bid nothing.
# House rules B's fictive start (HB-039, HB-040), before the riders' hands.
card-race-brief-fictive-start = Fictive start: each rider rides one of its two cards, and one that ends past the start line (row { $line } on) takes an exhaustion card for each row beyond it, the first counting 1: a high card costs exhaustion.
card-race-brief-across = { $rider } (row { $row }, lane { $lane }): across the line.
card-race-brief-kept = { $rider } (row { $row }, lane { $lane }): keeps { $card }.
card-race-brief-hand = { $rider } (row { $row }, lane { $lane }): hand { $cards }, keep one.
card-race-brief-pile = { $rider } (row { $row }, lane { $lane }): { $draw ->
        [one] 1 card
       *[other] { $draw } cards
    } to draw from.
card-race-brief-pile-short = { $rider } (row { $row }, lane { $lane }): { $draw ->
        [one] 1 card
       *[other] { $draw } cards
    } to draw from, then the recycle pile ({ $recycled } cards) is shuffled into a new draw pile.
card-race-brief-pile-empty = { $rider } (row { $row }, lane { $lane }): draw pile empty, drawing shuffles the recycle pile ({ $recycled } cards) into a new draw pile.
card-race-brief-no-cards = { $rider } (row { $row }, lane { $lane }): no card left to draw, the rider plays an exhaustion card.
card-race-front = At the front:
card-race-front-rider = { $place }. { $rider }, row { $row }
card-race-sky-drawn = Weather for the stage (2d6: { $roll }): { $weather ->
        [fog] fog, no wind tokens, and every exhaustion card goes on top of the draw pile
        [storm] storm, the rain token always on the road and falls on the sharp curves
        [windy] windy, all three wind tokens on the road
        [overcast] overcast, the usual Meteo tokens
        [sunny] sunny, Meteo tokens without rain
       *[heatwave] heatwave, an extra exhaustion card for every rider each 4 rounds
    }. Next stage (2d6: { $forecast_roll }): { $forecast ->
        [fog] fog
        [storm] storm
        [windy] windy
        [overcast] overcast
        [sunny] sunny
       *[heatwave] heatwave
    }.
card-race-sky-given = Weather for the stage, as forecast: { $weather ->
        [fog] fog, no wind tokens, and every exhaustion card goes on top of the draw pile
        [storm] storm, the rain token always on the road and falls on the sharp curves
        [windy] windy, all three wind tokens on the road
        [overcast] overcast, the usual Meteo tokens
        [sunny] sunny, Meteo tokens without rain
       *[heatwave] heatwave, an extra exhaustion card for every rider each 4 rounds
    }. Next stage (2d6: { $forecast_roll }): { $forecast ->
        [fog] fog
        [storm] storm
        [windy] windy
        [overcast] overcast
        [sunny] sunny
       *[heatwave] heatwave
    }.
card-race-sky-now = Weather: { $weather ->
        [fog] fog (exhaustion on top of the draw pile)
        [storm] storm (falls on the sharp curves and in the rain)
        [windy] windy
        [overcast] overcast
        [sunny] sunny
       *[heatwave] heatwave (an extra exhaustion card each 4 rounds)
    }{ $face_down ->
        [0] {""}
        [one] , 1 Meteo token still face down
       *[other] , { $face_down } Meteo tokens still face down
    }.
card-race-token-turned = Meteo token on the tile from row { $row }: { $token ->
        [headwind] headwind, riders starting there draw 3 cards
        [tailwind] tailwind, riders starting there draw 5 cards
        [crosswind] crosswind, no slipstream there
        [rain] rain, riders blocked there may fall
       *[blank] blank, nothing happens
    }.
card-race-heat = Heatwave after round { $round }: { $count ->
        [one] { $riders } takes
       *[other] { $riders } each take
    } an extra exhaustion card.
card-race-exhaustion-on-top = { $rider } rides in the wind: one exhaustion card, on top of the draw pile in the fog.

## The card race refuses a choice: what was wrong, and what to do instead.

refusal-stage-over = the stage is over
refusal-unknown-team = there is no team { $team } in this stage
refusal-unknown-rider = there is no rider number { $rider } in this stage
refusal-not-your-rider = { $rider } is not a rider of your team
refusal-rider-finished = { $rider } has crossed the line and plays no more
refusal-rider-quit = { $rider } has quit the stage and plays no more
refusal-cannot-quit = { $rider } cannot quit the stage: only a domestique may, once its hand is drawn
refusal-already-chosen = { $rider } has already chosen a card this round
refusal-already-drawn = { $rider } has already drawn this round: keep one of the cards drawn
refusal-draw-first = draw { $rider }'s hand first, then keep a card from it
refusal-finish-drawn-rider = finish with { $rider } first: keep one of the cards it drew
refusal-nothing-to-draw = hands are free in this stage: choose a card, there is nothing to draw
refusal-searching = { $rider } is searching its draw pile for its attack: keep the { $card } turned up, or turn the next card
refusal-nothing-turned = { $rider } has no card turned up to pass over: only a rider searching for its attack turns cards
refusal-no-gamble = { $rider } cannot gamble with that card: the gamble is for a card that reaches a steep downhill row
refusal-no-side = { $rider } has no side of the road to choose now: the side is chosen with the wind in play, once the hand is drawn
refusal-no-musette = { $rider } has no musette to open this round: a musette is taken in a feed zone, and one a round may be opened, once the hand is drawn
refusal-no-auction = there is no breakaway auction now: draw a hand and keep a card
refusal-auction-first = the breakaway auction comes first: bid for the breakaway, or pass
refusal-out-of-auction = { $rider }'s team is out of the breakaway auction
refusal-already-bid = { $rider }'s team has bid at this step: the bids are shown once every team has bid
refusal-cannot-bid = { $rider } cannot bid: a team bids with the one rider it chose first, and specialists never bid
refusal-card-not-in-hand = { $card } is not in { $rider }'s hand (the hand is { $hand })

## House rules B's world cup (HB-079)

classification-cup = World cup

## How the services speak of the card race's turns (engine/src/registry/card_race.rs, WORDS):
## every team chooses its cards at once, and a round waits for all of them.

# The button under a round's post that opens a director's hand.
card-race-hand-button = Choose my cards
# /tour start, after the teams.
card-race-call-to-directors = Directors, open your hand to choose your cards.
card-race-nothing-to-choose = Nothing to choose now: the round is played when every team has chosen.
# A director's choice that completed the turn: $turn as the game names it ("round 5").
card-race-settled = Your choice completed stage { $stage }, { $turn }.
# /tour create: $round, how long a round stays open ("1 hour").
card-race-deadline = { $round } to choose each round

## The options a director picks from (buttons, menus, /play): a card by its face and kind.

card-race-option-draw = Draw
card-race-option-keep = Keep { $card }{ $kind ->
        [exhaustion] {" "}(exhaustion)
        [attack] {" "}(attack)
        [peloton] {" "}(Peloton attack)
       *[energy] {""}
    }
card-race-option-quit = Quit the stage
card-race-option-turn = Turn the next card
# House rules B's fictive start: another card in place of the attack card (HB-044).
card-race-option-turn-fictive = Draw another card for A
card-race-option-musette = Open a musette (+2 cards)
card-race-option-side = { $side ->
        [left] Ride on the left (from now on, the free lane furthest left)
       *[right] Ride on the right (from now on, the free lane furthest right)
    }
card-race-option-gamble = Keep { $card }, gamble on the steep descent
card-race-option-bid-draw = Draw to bid for the breakaway
card-race-option-bid-blind = Bid the top card unseen
card-race-option-bid-pass = No bid
card-race-option-bid = Bid { $card }{ $kind ->
        [exhaustion] {" "}(exhaustion)
        [attack] {" "}(attack)
        [peloton] {" "}(Peloton attack)
       *[energy] {""}
    }
