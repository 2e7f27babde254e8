# record
# Un arbitre que chacun peut vérifier : la graine de chaque étape scellée au départ et dévoilée à
# l'arrivée, le fichier du tour (/admin export, commissaire export), sa vérification et son import.

record-action-export = exporter le tour

## Dans le salon, sous le départ d'une étape et sous son résultat.

seed-sealed = Graine scellée : son engagement SHA-256 est `{ $commitment }`. La graine et son sel seront dévoilés à l'arrivée de l'étape.
seed-revealed = Graine de l'étape : `{ $seed }`, sel `{ $salt }`. Le SHA-256 de `{ $seed }:{ $salt }` est `{ $commitment }`, l'engagement annoncé au départ. { $export } donne tout le tour dans un fichier que chacun peut vérifier avec `commissaire verify`.
    .terminal = Graine de l'étape : `{ $seed }`, sel `{ $salt }`. Le SHA-256 de `{ $seed }:{ $salt }` est `{ $commitment }`, l'engagement annoncé au départ. Chacun peut vérifier tout le tour avec `commissaire export` et `commissaire verify` (voir docs/verify.md).
seed-revealed-unsealed = Graine de l'étape : `{ $seed }`. L'étape a commencé avant que les graines soient scellées : il n'y a pas d'engagement auquel la comparer. { $export } donne tout le tour dans un fichier que chacun peut vérifier avec `commissaire verify`.
    .terminal = Graine de l'étape : `{ $seed }`. L'étape a commencé avant que les graines soient scellées : il n'y a pas d'engagement auquel la comparer. Chacun peut vérifier tout le tour avec `commissaire export` et `commissaire verify` (voir docs/verify.md).

## Le fichier.

record-exported = Tout le tour dans un fichier : sa configuration, les graines des étapes terminées, chaque choix, chaque événement et les résultats. Vérifiez-le avec `commissaire verify { $file }`.
record-export-written = { $file } écrit ({ $stages ->
        [one] { $stages } étape
       *[other] { $stages } étapes
    }).
record-export-too-big = le fichier du tour fait { $size } Mo, plus que Discord ne laisse un bot joindre : qui fait tourner le bot peut l'écrire avec `commissaire export`
record-not-json = le fichier n'est pas du JSON : { $error }
record-not-a-tour = le fichier n'est pas un tour de commissaire (son « format » n'est pas « commissaire-tour »)
record-unknown-version = le fichier est dans la version { $version } du format, et ce programme lit les versions 1 à { $newest } ; vérifiez-le avec un commissaire plus récent
record-unreadable = le fichier ne se lit pas comme un tour : { $error }
record-no-such-tour = ce tour n'est pas dans cette base : désignez-le avec --tour ID ou --channel ID (le dernier tour de ce salon)
record-import-needs-secrets = ce tour n'est pas terminé, et le fichier garde secrètes les graines de ce qui reste à courir : pour déménager un tour en cours, exportez-le avec `commissaire export --secrets`
record-import-does-not-verify = le fichier ne passe pas la vérification (étape { $stage }) : `commissaire verify` dit ce qui ne va pas ; rien n'a été importé
record-import-channel-taken = le salon { $channel } a déjà un tour en cours ; importez dans un autre salon avec --channel ID
record-imported = Tour importé dans le salon { $channel } (tour { $tour } ici) : { $stages ->
        [one] { $stages } étape
       *[other] { $stages } étapes
    }, et il reprend là où il en était.

## commissaire verify : les lignes d'une étape, puis le verdict.

verify-stage = Étape { $stage } ({ $course })
verify-seed-matches = la graine { $seed } avec le sel { $salt } donne l'engagement { $commitment } : la graine était fixée avant le premier choix de l'étape.
verify-seed-unsealed = graine { $seed } : l'étape a commencé avant que les graines soient scellées, il n'y a pas d'engagement auquel la comparer.
verify-seed-sealed = en cours : sa graine reste scellée (engagement { $commitment }) jusqu'à l'arrivée.
verify-seed-mismatch = FALSIFIÉ : la graine { $seed } avec le sel { $salt } donne { $computed }, et non l'engagement { $commitment } annoncé au départ.
verify-seed-missing = FALSIFIÉ : l'étape est terminée, mais le fichier ne donne pas la graine et le sel qu'exige son engagement.
verify-events-match = { $choices ->
        [one] { $choices } choix, rejoué depuis la graine, donne
       *[other] { $choices } choix, rejoués depuis la graine, donnent
    } { $events ->
        [one] { $events } événement enregistré, exactement.
       *[other] les { $events } événements enregistrés, exactement et dans l'ordre.
    }
verify-events-not-replayed = non rejouée : ses choix ne sont dans le fichier qu'une fois l'étape terminée.
verify-choice-moved = FALSIFIÉ : le choix { $choice } est à la place { $place } dans le fichier : les choix ne sont pas dans l'ordre où ils ont été faits.
verify-event-wrong-choice = FALSIFIÉ : l'événement { $event } est enregistré sous un autre choix que celui dont il découle.
verify-event-changed = FALSIFIÉ : l'événement { $event } est enregistré comme { $recorded }, mais les choix rejoués depuis la graine donnent { $replayed }.
verify-event-count = FALSIFIÉ : le fichier enregistre { $recorded ->
        [one] { $recorded } événement
       *[other] { $recorded } événements
    }, mais les choix rejoués depuis la graine en donnent { $replayed }.
verify-no-replay = FALSIFIÉ : les choix ne peuvent pas être joués dans cet ordre depuis cette graine ({ $error }).
verify-result-rider = FALSIFIÉ : les événements se rejouent, mais le résultat enregistré pour { $rider } n'est pas celui que donne l'étape rejouée.
verify-result-lines = FALSIFIÉ : les événements se rejouent, mais le résultat enregistré (ses coureurs, sprints ou sommets) n'est pas celui que donne l'étape rejouée.
verify-result-missing = FALSIFIÉ : l'étape est terminée, mais le fichier n'a pas de résultat pour elle.
verify-unavailable = ne peut pas être rejouée ici : { $error }
verify-unknown-game = ce programme n'arbitre pas le jeu { $ruleset } : aucune étape ne peut être rejouée
verify-nothing-over = Rien à rejouer pour l'instant : aucune étape de ce fichier n'est terminée. Ses engagements sont ci-dessus ; vérifiez de nouveau le fichier quand une étape sera finie.
verify-good = Le fichier est vérifié : { $stages ->
        [one] { $stages } étape rejouée donne
       *[other] chacune des { $stages } étapes rejouées donne
    } exactement ce que le fichier enregistre, depuis la graine scellée avant son départ.
verify-bad = Le fichier ne passe pas la vérification : { $count ->
        [one] { $count } étape n'est pas
       *[other] { $count } étapes ne sont pas
    } ce que l'arbitre a enregistré, ou ne peuvent pas être vérifiées (ci-dessus).
