# odds
# /odds (issue 35): win chances from playouts of the stage as the asker may see it.

odds-head = Win chances in stage { $stage }, from { $playouts ->
        [one] { $playouts } playout
       *[other] { $playouts } playouts
    } by the bots{ $seen ->
        [none] {""}
       *[other] , as { $seen } sees the race
    }: chance ± standard error.
odds-rider = { $rider } ({ $team }): { $chance } % ± { $error }
odds-rest = { $riders ->
        [one] { $riders } more rider
       *[other] { $riders } more riders
    }: { $chance } % together
odds-leader = { $classification }: { $leader } still leads after the stage { $chance } % ± { $error }
odds-over = The stage is over: there is nothing left to win in it. See the standings.

## The picture: its title, and what is written beside each bar.

odds-picture = Stage { $stage }: win chances
odds-bar = { $chance } % ± { $error }
