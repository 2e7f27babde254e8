# errors
# What a user can get wrong, and what to do about it.

## The settings of `commissaire serve` (config/commissaire.toml).

config-folder-not-folder = the config folder { $folder } is not a folder: run from the project folder, or name the folder holding commissaire.toml, courses/ and tours/ with --config
config-folder-missing = the config folder { $folder } does not exist: run from the project folder, or name the folder holding commissaire.toml, courses/ and tours/ with --config
config-file-missing = { $file } does not exist: copy the project's config/commissaire.toml there (every setting in it may be left out)
config-api-base = api_base must be an http:// or https:// address, not { $base }
config-at-least-one = { $setting } must be at least 1
config-not-negative = { $setting } cannot be negative
config-no-token = no Discord token: set { $env }, or name a file holding it with token_file in { $file } (or { $file_env })
config-token-unreadable = cannot read the token file { $file }: { $error }
config-token-empty = the token file { $file } is empty

## `commissaire serve` reaching Discord.

serve-unreachable = cannot reach { $what } within { $secs } s: check the network and api_base in { $file }, or allow longer with connect_timeout_secs there
serve-api-at = Discord's API at { $api } ({ $cause })
serve-gateway-at = Discord's gateway at { $url }
serve-crashed = the Discord client stopped unexpectedly: { $error }

## Refusals shared by several commands.

deadline-too-short = the turn deadline must be at least one second

## When the fault is ours: $error is the internal error, for the admin told of it.

service-broken = Something went wrong on the commissaire's side ({ $error }); nothing was changed. Try again, and tell an admin if it keeps happening.

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
