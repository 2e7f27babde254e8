# The terminal (`commissaire demo`, `commissaire play`).

## Files and folders.

cli-cannot-create = cannot create { $path }: { $error }
cli-cannot-write = cannot write { $path }: { $error }
cli-cannot-remove = cannot remove { $path }: { $error }
cli-cannot-read = cannot read { $path }: { $error }
cli-out-is-file = --out { $path } is a file, not a folder: pass a folder (it is created if missing)
cli-out-cannot-create = cannot create the folder { $path } given to --out: { $error }
cli-out-cannot-write = cannot write in { $path } ({ $error }): pass --out a folder you can write in
cli-cannot-open-database = cannot open the database { $path }: { $error }
check-good = { $folder } is good: { $presets ->
        [one] 1 tour preset
       *[other] { $presets } tour presets
    } and { $courses ->
        [one] 1 course
       *[other] { $courses } courses
    } load, and the settings read.
check-problems = { $count ->
        [one] 1 problem
       *[other] { $count } problems
    } in { $folder }: what is named above is left out until it is fixed (the settings file stops serve).
cli-warning = warning: { $problem }

## Progress through the stages, on standard error. $seconds is already written with one decimal.

progress-bar = stage { $done }/{ $total } ({ $seconds } s)
progress-line = stage { $done }/{ $total } done ({ $seconds } s)

## `commissaire demo`.

demo-report-head = # { $tour }: the demo report

    Bots ride every team (seed { $seed }). Each stage: the rounds in brief, the last one in full, then the stage result. The pictures and the standings after each stage are in the `stage-NN` folders.
demo-unfinished = the tour did not finish: see tour.md
demo-done = Pictures, standings and the race report are in { $out } (database: { $database }).
demo-no-preset = no tour preset in { $tours } rides { $ruleset }: add one with ruleset = "{ $ruleset }", or leave out --ruleset
demo-ruleset-tour = == { $tour } ==

## `commissaire play`: between two stages, your riders' places.

# $place is an ordinal ("2nd").
summary-stage-over = Stage { $stage } is over. Your riders:
summary-rider = - { $rider } { $place } of { $field }, { $time }
summary-rider-behind = - { $rider } { $place } of { $field }, { $time } (+{ $gap })
summary-no-times = (the times cannot be computed: { $error })
# $title: the classification's title (the card race's general, Velo Master's Maillot Or).
summary-general = { $title } after stage { $stage } ({ $riders ->
        [one] 1 rider
       *[other] { $riders } riders
    }):
summary-no-standings = (the standings cannot be computed: { $error })
summary-yours = ← yours
summary-more = … and { $count } more

## `commissaire play`.

play-pictures = (pictures: { $files })
cli-no-runtime = cannot start the async runtime: { $error }

## `commissaire play`: starting, resuming, stopping. $again is the command that resumes.

play-intro = { $tour }: { $stages ->
        [one] 1 stage
       *[other] { $stages } stages
    }. You direct { $team } (team 1 on the board); bots ride the other teams.
    At each prompt type the number of your choice. Every choice is saved as it is made: q stops, and `{ $again }` resumes.
play-resuming = Resuming your tour from { $path } (stage { $stage }).
play-options-ignored = { $options } ignored: they set up a new tour, and this one is being resumed. To start afresh, give another folder with --out (or delete { $path }).
play-replaced = An earlier run left a tour ({ $preset }) that never started: it is replaced by a new one.
play-folder-over = the tour in { $path } is over and its pictures stay there: to play a new tour, give another folder, e.g. `commissaire play --out { $path }-2`
play-over = The tour is over; its pictures stay in { $path }. For a new tour, give another folder: `commissaire play --out <folder>`.
play-come-back-later = nothing to choose now; run `{ $again }` again later
play-stopped = Stopped. Run `{ $again }` again to resume.
play-not-saved = the new tour was not saved
play-no-team = this folder's tour has no team of yours

## `commissaire play`: the question under the numbered choices.

play-prompt-one = Your choice (1, q to stop):
play-prompt = Your choice (1-{ $count }, q to stop):
play-type-a-number = Type a number from 1 to { $count }, ? to see the choices again, o for the win chances, l for the stage so far, or q to stop.
# A decision with a single option: play takes it without asking.
play-only-option = (the only option: taken for you)

## The board as text (`commissaire play`), one column a row of the road.

text-board-none = (this game has no text board yet: see the board picture)
text-board-all-across = (every rider is across the line)
# $turn: "round 3", "breakaway bid 1 of 2", "the fictive start".
text-board-title = { $course }, { $turn } (the finish line is before row { $line })
text-board-row = row
text-board-road = road
text-board-lane = lane { $lane }
# Riders sharing a cell, which the board shows as their count (×3): every one of them, cell
# by cell.
text-board-shared = sharing a cell: { $cells }
text-board-shared-cell = row { $row } lane { $lane } ({ $count }): { $riders }
text-board-teams = teams: { $teams }
text-board-team = { $number } { $team }
text-board-team-yours = { $number } { $team } (you)
# A rider's letter on the board: "R rouleur", "L leader".
text-board-letter = { $letter } { $name }
text-board-legend-riders = riders: team number + { $letters }
text-board-legend-road = .. flat, ^^ climb, vv descent, ss supply, ## cobbles, | finish line, : sprint line
text-board-legend-pack = GR the gruppetto
text-board-legend-folds = ~ empty rows left out ({ $folds })
text-board-weather-level = weather { $level }/5
text-board-weather-cold = weather 1/5 (cold: exhaustion goes on top of the draw pile)
text-board-weather-hot = weather 5/5 (hot: exhaustion cards come two at a time)
text-board-wind-head = headwind
text-board-wind-tail = tailwind
text-board-wind-cross-left = crosswind from the left
text-board-wind-cross-right = crosswind from the right
text-board-sky = weather: { $weather ->
        [fog] fog
        [storm] storm
        [windy] windy
        [overcast] overcast
        [sunny] sunny
       *[heatwave] heatwave
    }
cli-backup-done = Copied { $from } to { $to }: every tour as it stood at one moment.
cli-backup-exists = { $file } exists already; name a new file for the copy
cli-backup-no-database = there is no database at { $path } (the config's database setting) to back up
cli-backup-failed = could not write the copy { $file }: { $error }
cli-backup-postgres = the tours are kept in PostgreSQL ({ $database }): back them up with pg_dump (see docs/scaling.md)
