# lobby
# Before the start: creating a tour, joining it, leaving it, starting it.

lobby-team-name-length = a team name has 1 to { $max ->
        [one] 1 character
       *[other] { $max } characters
    }, not { $count }
lobby-seats = a tour takes 1 to { $max ->
        [one] 1 team
       *[other] { $max } teams
    }, not { $seats }
library-no-presets = no tour presets found in { $folder }: run from the project folder or pass --config
library-no-such-preset = there is no tour preset named '{ $name }'; the presets are: { $known }
library-no-such-preset-near = there is no tour preset named '{ $name }': did you mean '{ $near }'? The presets are: { $known }
library-preset-skipped = { $problem } (this preset is left out until the file is fixed)
library-course-skipped = { $problem } (this course is left out until the file is fixed)
lobby-preset-course = { $tour }: { $error }
lobby-tour-exists = there is already a tour in this channel ({ $preset }, { $status ->
        [lobby] waiting for teams
        [running] under way
        [paused] paused
       *[other] { $status }
    }): an admin can end it first
lobby-open = **{ $tour }** is open: { $stages ->
        [one] 1 stage
       *[other] { $stages } stages
    }, { $teams ->
        [one] 1 team
       *[other] { $teams } teams
    } of { $riders ->
        [one] 1 rider
       *[other] { $riders } riders
    }, { $deadline }. Join with { $tour_join }, giving a team name and a colour; an admin starts the tour with { $tour_start } when you are ready (empty seats go to bots).
lobby-colour-missing = give your team a colour, e.g. red
lobby-join-too-late = the tour has already started: new teams can join the next one
lobby-already-in = you are already in this tour, directing { $team }
lobby-name-taken = the name { $name } is taken: choose another
lobby-full = the tour is full ({ $seats ->
        [one] 1 team
       *[other] { $seats } teams
    })
lobby-joined = { $team } ({ $colour }) joins the tour: { $taken } of { $seats } seats taken.
lobby-not-in = you are not in this tour
lobby-withdraws = { $team } withdraws from the tour.
lobby-director-leaves = The director of { $team } leaves the tour: a bot rides the team from now on.
lobby-already-started = the tour has already started
lobby-no-bot-names = not enough bot team names for the empty seats
lobby-riders-refused = the riders of { $tour } cannot be entered: { $reason }
lobby-starts-bots = **{ $tour }** starts! { $count ->
        [one] 1 team
       *[other] { $count } teams
    }: { $teams }. Bots ride every team.
lobby-starts = **{ $tour }** starts! { $count ->
        [one] 1 team
       *[other] { $count } teams
    }: { $teams }. { $call }
    .terminal = **{ $tour }** starts! { $count ->
        [one] 1 team
       *[other] { $count } teams
    }: { $teams }.
