# Le terminal (`commissaire demo`, `commissaire play`).

## Fichiers et dossiers.

cli-cannot-create = impossible de créer { $path } : { $error }
cli-cannot-write = impossible d'écrire { $path } : { $error }
cli-cannot-remove = impossible de supprimer { $path } : { $error }
cli-cannot-read = impossible de lire { $path } : { $error }
cli-out-is-file = --out { $path } est un fichier, pas un dossier : donnez un dossier (il est créé s'il n'existe pas)
cli-out-cannot-create = impossible de créer le dossier { $path } donné à --out : { $error }
cli-out-cannot-write = impossible d'écrire dans { $path } ({ $error }) : donnez à --out un dossier où vous pouvez écrire
cli-cannot-open-database = impossible d'ouvrir la base de données { $path } : { $error }
check-good = { $folder } est en ordre : { $presets ->
        [one] { $presets } préréglage de tour
       *[other] { $presets } préréglages de tour
    } et { $courses ->
        [one] { $courses } parcours
       *[other] { $courses } parcours
    } se chargent, et les réglages se lisent.
check-problems = { $count ->
        [one] { $count } problème
       *[other] { $count } problèmes
    } dans { $folder } : ce qui est nommé ci-dessus est mis de côté tant qu'il n'est pas corrigé (le fichier de réglages empêche serve de démarrer).
cli-warning = attention : { $problem }

## L'avancement des étapes, sur la sortie d'erreur. $seconds est déjà écrit avec une décimale.

progress-bar = étape { $done }/{ $total } ({ $seconds } s)
progress-line = étape { $done }/{ $total } terminée ({ $seconds } s)

## `commissaire demo`.

demo-report-head = # { $tour } : le rapport de la démo

    Des bots mènent toutes les équipes (graine { $seed }). Pour chaque étape : les manches en bref, la dernière en entier, puis le résultat de l'étape. Les images et les classements après chaque étape sont dans les dossiers `stage-NN`.
demo-unfinished = le tour ne s'est pas terminé : voir tour.md
demo-done = Les images, les classements et le récit de la course sont dans { $out } (base de données : { $database }).
demo-no-preset = aucun préréglage de tour dans { $tours } ne court { $ruleset } : ajoutez-en un avec ruleset = "{ $ruleset }", ou retirez --ruleset
demo-ruleset-tour = == { $tour } ==

## `commissaire play` : entre deux étapes, les places de vos coureurs.

# $place est un ordinal (« 2e »).
summary-stage-over = L'étape { $stage } est terminée. Vos coureurs :
summary-rider = - { $rider } { $place } sur { $field }, { $time }
summary-rider-behind = - { $rider } { $place } sur { $field }, { $time } (+{ $gap })
summary-no-times = (les temps ne peuvent pas être calculés : { $error })
# $title : le titre du classement (le général de la course de cartes, le Maillot Or de Velo Master).
summary-general = { $title } après l'étape { $stage } ({ $riders ->
        [one] { $riders } coureur
       *[other] { $riders } coureurs
    }) :
summary-no-standings = (les classements ne peuvent pas être calculés : { $error })
summary-yours = ← à vous
summary-more = … et { $count ->
        [one] { $count } autre
       *[other] { $count } autres
    }

## `commissaire play`.

play-pictures = (images : { $files })
cli-no-runtime = impossible de démarrer l'environnement asynchrone : { $error }

## `commissaire play` : démarrer, reprendre, s'arrêter. $again est la commande qui reprend.

play-intro = { $tour } : { $stages ->
        [one] { $stages } étape
       *[other] { $stages } étapes
    }. Vous dirigez { $team } (l'équipe 1 sur le plateau) ; des bots mènent les autres équipes.
    À chaque invite, tapez le numéro de votre choix. Chaque choix est enregistré aussitôt : q arrête, et `{ $again }` reprend.
play-resuming = Reprise de votre tour depuis { $path } (étape { $stage }).
play-options-ignored = { $options } ignoré(s) : ces options préparent un nouveau tour, et celui-ci est repris. Pour repartir de zéro, donnez un autre dossier avec --out (ou supprimez { $path }).
play-replaced = Une exécution précédente a laissé un tour ({ $preset }) qui n'a jamais commencé : il est remplacé par un nouveau.
play-folder-over = le tour de { $path } est terminé et ses images y restent : pour jouer un nouveau tour, donnez un autre dossier, par exemple `commissaire play --out { $path }-2`
play-over = Le tour est terminé ; ses images restent dans { $path }. Pour un nouveau tour, donnez un autre dossier : `commissaire play --out <dossier>`.
play-come-back-later = rien à choisir pour l'instant ; relancez `{ $again }` plus tard
play-stopped = Arrêté. Relancez `{ $again }` pour reprendre.
play-not-saved = le nouveau tour n'a pas été enregistré
play-no-team = le tour de ce dossier n'a aucune équipe à vous

## `commissaire play` : la question sous les choix numérotés.

play-prompt-one = Votre choix (1, q pour arrêter) :
play-prompt = Votre choix (1-{ $count }, q pour arrêter) :
play-type-a-number = Tapez un nombre de 1 à { $count }, ? pour revoir les choix, o pour les chances de victoire, l pour l'étape jusqu'ici, ou q pour arrêter.
# Une décision à une seule option : play la prend sans demander.
play-only-option = (la seule option : prise pour vous)

## Le plateau en texte (`commissaire play`), une colonne par case de la route.

text-board-none = (ce jeu n'a pas encore de plateau en texte : voyez l'image du plateau)
text-board-all-across = (tous les coureurs ont passé la ligne)
# $turn : « manche 3 », « enchère pour l'échappée 1 sur 2 », « le départ fictif ».
text-board-title = { $course }, { $turn } (la ligne d'arrivée est avant la case { $line })
text-board-row = case
text-board-road = route
text-board-lane = file { $lane }
# Des coureurs sur une même case, que le plateau montre par leur nombre (×3) : chacun, case par case.
text-board-shared = sur une même case : { $cells }
text-board-shared-cell = case { $row } file { $lane } ({ $count }) : { $riders }
text-board-teams = équipes : { $teams }
text-board-team = { $number } { $team }
text-board-team-yours = { $number } { $team } (vous)
# La lettre d'un coureur sur le plateau : « R rouleur », « L leader ».
text-board-letter = { $letter } { $name }
text-board-legend-riders = coureurs : numéro d'équipe + { $letters }
text-board-legend-road = .. plat, ^^ montée, vv descente, ss ravitaillement, ## pavés, | ligne d'arrivée, : ligne de sprint
text-board-legend-pack = GR le gruppetto
text-board-legend-folds = ~ cases vides omises ({ $folds })
text-board-weather-level = météo { $level }/5
text-board-weather-cold = météo 1/5 (froid : la fatigue va sur le dessus de la pioche)
text-board-weather-hot = météo 5/5 (chaud : les cartes fatigue arrivent par deux)
text-board-wind-head = vent de face
text-board-wind-tail = vent de dos
text-board-wind-cross-left = vent de côté venant de gauche
text-board-wind-cross-right = vent de côté venant de droite
text-board-sky = météo : { $weather ->
        [fog] brouillard
        [storm] orage
        [windy] vent
        [overcast] temps couvert
        [sunny] soleil
       *[heatwave] canicule
    }
cli-backup-done = { $from } copiée dans { $to } : chaque tour tel qu'il était à un même instant.
cli-backup-exists = { $file } existe déjà ; donnez un nouveau fichier pour la copie
cli-backup-no-database = il n'y a pas de base de données en { $path } (le réglage database de la configuration) à sauvegarder
cli-backup-failed = impossible d'écrire la copie { $file } : { $error }
cli-backup-postgres = les tours sont gardés dans PostgreSQL ({ $database }) : sauvegardez-les avec pg_dump (voir docs/scaling.md)
