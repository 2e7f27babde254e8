# Words drawn in the pictures (render/): titles, keys, column heads.

board-round = Round { $round }
board-weather = Weather { $level }/5
board-wind = Wind
board-meteo = { $token ->
        [headwind] Headwind: draw 3
        [tailwind] Tailwind: draw 5
        [crosswind] Crosswind: no slipstream
       *[rain] Rain: falls
    }
board-sky = { $weather ->
        [fog] Fog
        [storm] Storm
        [windy] Windy
        [overcast] Overcast
        [sunny] Sunny
       *[heatwave] Heatwave
    }
board-before-start = Before the start
# House rules B's roll-out behind the flag, before round 1.
board-fictive-start = Fictive start
board-start = START
board-finish = FINISH
board-sprint = Sprint
board-sprint-named = Sprint · { $name }
# A climb's top: its name and length ("3 rows").
board-summit = ▲ { $name } ({ $length })
# A climb the course leaves unnamed.
board-climb = Climb { $number }
board-to-go = to go
board-letters = Lettered cells ({ $letters }): choose where to go by its letter
# Riders who share a cell: the board numbers the cell and lists them under the strips.
board-crowds-title = Riders sharing a cell (numbered on the board)
board-crowd-count = ×{ $count }
board-played-cards = Cards revealed this round, by team
board-played-dice = Dice rolled this turn, by team

## Titles of the pictures posted with the news.

picture-start = Stage { $stage }, start
# $turn: a turn as its game names it ("round 3").
picture-round = Stage { $stage }, { $turn }
picture-finish = Stage { $stage }, finish
# A moment of the race, $tenth tenths of the way through the stage's decisions.
picture-moment = Stage { $stage }, { $tenth }/10 of the way
picture-fall = Stage { $stage }, the first fall
# A director's own board (private): the squares its chosen card may land on, lettered.
picture-own = Stage { $stage }, { $turn }: your landing squares
picture-stage = Stage { $stage }
picture-profile = Stage { $stage }: { $course }

## A strip of the board: its place in the field and the stretch of road it shows.

board-strip-head = Head of the race
board-strip-behind = Behind
board-strip-chase = Chase
board-strip-laggards = Laggards
board-strip-group = Group { $number }
board-strip-rows = Rows { $first }–{ $last }
board-strip-cells = Cells { $first }–{ $last }
board-rows-to-line = { $count ->
        [one] { $count } row to the line
       *[other] { $count } rows to the line
    }
board-cells-to-line = { $count ->
        [one] { $count } cell to the line
       *[other] { $count } cells to the line
    }

## The key under the board: a mark, then what it means.

key-entry = { $mark }: { $text }
key-card-played = card played
key-reserves = energy · form left
key-dice-rolled = dice rolled
key-slipstream = slipstream
key-exhaustion-taken = exhaustion taken
key-crashed = crashed
key-punctured = punctured
key-attack = attacked
key-musette = holds a musette
key-champion = the champion, on his white bike
key-roadside = at the roadside
key-crossed = across the line (faded inside its team's colour: finished earlier)
key-exhaustion-card = exhaustion card played (moves 2)
key-verge = verge: no road here
key-curve = curve
key-gruppetto = the gruppetto, a pack of no team that blocks and shelters like riders
key-steep = steep row (2 movement points)
key-neutral = yellow row: no slipstream, no exhaustion
key-danger = danger cell: a skill roll to pass or stop on it
key-mark-flag = chequered flag
key-mark-colour = colour
key-mark-hatched-rim = yellow and black striped rim
key-mark-kerb = red and white kerb
# A jersey a leader wears on his token, and the classification it stands for.
key-jersey = { $classification }: the leader
key-jersey-unnamed = a classification leader
key-mark-jersey = { $jersey ->
        [yellow] yellow jersey
        [green] green jersey
        [polka-dot] polka-dot jersey
        [white] white jersey
        [gold] gold jersey
        [red] red jersey
       *[other] jersey
    }
# The weather level in the header (house rules B), and what the level does.
key-weather = { $level ->
        [1] weather, from 1 (cold) to 5 (hot): at 1, exhaustion goes on top of the draw pile
        [5] weather, from 1 (cold) to 5 (hot): at 5, exhaustion comes double
       *[other] weather, from 1 (cold) to 5 (hot): no effect at { $level }
    }
# The arrow in the header: which way the wind blows across the board.
key-wind = { $wind ->
        [ahead] headwind, blowing against the riders
        [behind] tailwind, blowing behind the riders
        [left] crosswind, from the riders' left
       *[right] crosswind, from the riders' right
    }
key-mark-arrow = arrow
key-mark-danger-rim = red and white striped rim
key-start-box = start box: a rider's place on the start grid
key-swap-square = swap square: a rider who stops here makes his team give up 3 cards and draw as many
key-chance-square = chance square: a rider who stops here draws a chance card
key-square-number = square number, printed along the numbered side (shaded, sheltered)
key-mark-white-box = white box
terrain-flat = flat
terrain-climb = climb
terrain-descent = descent
terrain-supply = supply zone
terrain-cobbles = cobbles

## The stage profile.

profile-title = { $stage } · profile
profile-sprint = Sprint { $name }
profile-summit = ▲ { $name }

## Standings.

standings-team = Team
standings-rider = Rider
standings-gap = Gap
standings-time = Time
standings-points = Points
standings-empty = No one classified yet
standings-reinstated = repêché
# At the right of a standings picture's header: when the table stands.
standings-picture-after = after stage { $stage }
# After a team with fewer riders left than its table counts (Velo Master's teams, A-49).
standings-team-short = { $count ->
        [one] 1 rider left: ranked after the full teams
       *[other] { $count } riders left: ranked after the full teams
    }

## A classification's points, and how far behind the leader a row is.

score-points = { $points ->
        [one] { $points } pt
       *[other] { $points } pts
    }
score-behind = { $points ->
        [one] { $points } pt behind
       *[other] { $points } pts behind
    }

## The tour's charts (issue 36): a classification's story, stage by stage.

# $classification: the classification's title ("General classification").
chart-title = { $classification }, stage by stage
chart-axis-stage = Stage
# A time classification's chart: how far each rider is behind the leader.
chart-axis-gap = Behind the leader
chart-axis-points = Points
