# record
# A referee anyone can check: each stage's seed sealed at its start and told at its end, the
# tour's file (/admin export, commissaire export), its check (commissaire verify) and its import.

record-action-export = export the tour

## In the channel, under a stage's start and under its result.

seed-sealed = Seed sealed: its SHA-256 commitment is `{ $commitment }`. The seed and its salt are told when the stage ends.
seed-revealed = Seed of the stage: `{ $seed }`, salt `{ $salt }`. The SHA-256 of `{ $seed }:{ $salt }` is `{ $commitment }`, the commitment told at the start. { $export } gives the whole tour as a file anyone can check with `commissaire verify`.
    .terminal = Seed of the stage: `{ $seed }`, salt `{ $salt }`. The SHA-256 of `{ $seed }:{ $salt }` is `{ $commitment }`, the commitment told at the start. Anyone can check the whole tour with `commissaire export` and `commissaire verify` (see docs/verify.md).
seed-revealed-unsealed = Seed of the stage: `{ $seed }`. The stage started before seeds were sealed, so there is no commitment to check it against. { $export } gives the whole tour as a file anyone can check with `commissaire verify`.
    .terminal = Seed of the stage: `{ $seed }`. The stage started before seeds were sealed, so there is no commitment to check it against. Anyone can check the whole tour with `commissaire export` and `commissaire verify` (see docs/verify.md).

## The file.

record-exported = The whole tour as one file: set-up, the seeds of the stages that are over, every choice, every event and the results. Check it with `commissaire verify { $file }`.
record-export-written = Wrote { $file } ({ $stages ->
        [one] { $stages } stage
       *[other] { $stages } stages
    }).
record-export-too-big = the tour's file is { $size } MB, more than Discord lets a bot attach: whoever runs the bot can write it with `commissaire export`
record-not-json = the file is not JSON: { $error }
record-not-a-tour = the file is not a commissaire tour (its "format" is not "commissaire-tour")
record-unknown-version = the file is in version { $version } of the format, and this build reads versions 1 to { $newest }; check it with a newer commissaire
record-unreadable = the file cannot be read as a tour: { $error }
record-no-such-tour = there is no such tour in this database: name it with --tour ID or --channel ID (the latest tour of that channel)
record-import-needs-secrets = this tour is not over, and the file keeps the seeds of what is still to ride: to move a tour under way, export it with `commissaire export --secrets`
record-import-does-not-verify = the file does not check out (stage { $stage }): `commissaire verify` says what is wrong; nothing was imported
record-import-channel-taken = channel { $channel } already has a tour under way; import into another channel with --channel ID
record-imported = Imported the tour into channel { $channel } (tour { $tour } here): { $stages ->
        [one] { $stages } stage
       *[other] { $stages } stages
    }, and it goes on where it stood.

## commissaire verify: a stage's lines, then the verdict.

verify-stage = Stage { $stage } ({ $course })
verify-seed-matches = seed { $seed } with salt { $salt } gives the commitment { $commitment }: the seed was fixed before the stage's first choice.
verify-seed-unsealed = seed { $seed }: the stage started before seeds were sealed, so there is no commitment to check it against.
verify-seed-sealed = under way: its seed stays sealed (commitment { $commitment }) until the stage ends.
verify-seed-mismatch = TAMPERED: seed { $seed } with salt { $salt } gives { $computed }, not the commitment { $commitment } told when the stage started.
verify-seed-missing = TAMPERED: the stage is over, but the file does not give the seed and salt its commitment needs.
verify-events-match = { $choices ->
        [one] its { $choices } choice, replayed from the seed, gives
       *[other] its { $choices } choices, replayed from the seed, give
    } { $events ->
        [one] the { $events } event recorded, exactly.
       *[other] all { $events } events recorded, exactly and in order.
    }
verify-events-not-replayed = not replayed: its choices are not in the file until the stage is over.
verify-choice-moved = TAMPERED: choice { $choice } stands at place { $place } in the file: the choices are not in the order they were made.
verify-event-wrong-choice = TAMPERED: event { $event } is recorded under another choice than the one whose replay gives it.
verify-event-changed = TAMPERED: event { $event } is recorded as { $recorded }, but the choices replayed from the seed give { $replayed }.
verify-event-count = TAMPERED: the file records { $recorded ->
        [one] { $recorded } event
       *[other] { $recorded } events
    }, but the choices replayed from the seed give { $replayed }.
verify-no-replay = TAMPERED: the choices cannot be played in this order from this seed ({ $error }).
verify-result-rider = TAMPERED: the events replay, but the result recorded for { $rider } is not what the replayed stage gives.
verify-result-lines = TAMPERED: the events replay, but the result recorded (its riders, sprints or summits) is not what the replayed stage gives.
verify-result-missing = TAMPERED: the stage is over, but the file has no result for it.
verify-unavailable = cannot be replayed here: { $error }
verify-unknown-game = this build does not referee the game { $ruleset }: no stage can be replayed
verify-nothing-over = Nothing to replay yet: no stage of this file is over. Its commitments are above; check the file again once a stage has ended.
verify-good = The file checks out: { $stages ->
        [one] the { $stages } stage replayed gives
       *[other] every one of the { $stages } stages replayed gives
    } exactly what the file records, from the seed sealed before it started.
verify-bad = The file does not check out: { $count ->
        [one] { $count } stage is
       *[other] { $count } stages are
    } not what the referee recorded, or cannot be checked (above).
