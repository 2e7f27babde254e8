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

## Progress through the stages, on standard error. $seconds is already written with one decimal.

progress-bar = stage { $done }/{ $total } ({ $seconds } s)
progress-line = stage { $done }/{ $total } done ({ $seconds } s)

## `commissaire demo`.

demo-report-head = # { $tour }: the demo report

    Bots ride every team (seed { $seed }). Each stage: the rounds in brief, the last one in full, then the stage result. The pictures and the standings after each stage are in the `stage-NN` folders.
demo-unfinished = the tour did not finish: see tour.md
demo-done = Pictures, standings and the race report are in { $out } (database: { $database }).

## `commissaire play`: between two stages, your riders' places.

# $place is an ordinal ("2nd").
summary-stage-over = Stage { $stage } is over. Your riders:
summary-rider = - { $rider } { $place } of { $field }, { $time }
summary-rider-behind = - { $rider } { $place } of { $field }, { $time } (+{ $gap })
summary-no-times = (the times cannot be computed: { $error })
summary-general = General classification after stage { $stage } ({ $riders } riders):
summary-no-standings = (the standings cannot be computed: { $error })
summary-yours = ← yours
summary-more = … and { $count } more

## `commissaire play`.

play-pictures = (pictures: { $files })
cli-no-runtime = cannot start the async runtime: { $error }
