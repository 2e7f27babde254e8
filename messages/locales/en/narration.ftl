# What happened in a stage, as the engine narrates it (engine/src/registry/*: `sentence("id", ...)`).
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
card-race-crossed = { $rider } crosses the line!
card-race-stage-over = The stage is over: { $winner } wins.
