# What happened in a card race, as the engine narrates it (engine/src/registry/*: `sentence("id", ...)`).
# The arguments are the ones the engine gives, by the same names.

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
card-race-quit = { $rider } gives up the stage.
card-race-bid-shown = Breakaway bid { $step }: { $rider } shows { $card ->
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
       *[other] ; { $winded } took exhaustion in the wind
    }{ $across ->
        [0] {""}
       *[other] ; across the line: { $crossed }
    }.
card-race-turn-still = No rider moved.
card-race-brief-auction = Breakaway auction, bid { $step } of 2 (your bid so far: { $bid }): draw a hand and bid one card of it, bid the top card unseen, or bid nothing.
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
