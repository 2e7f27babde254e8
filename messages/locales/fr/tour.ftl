# tour
# Le tour : classements, étapes, résultats.

classification-general = Classement général
classification-points = Classement par points
classification-mountains = Grand prix de la montagne
classification-team = Classement par équipes
classification-youth = Meilleur jeune
classification-combativity = Prix de la combativité

## Le nom d'une étape : son numéro, sur combien, et son parcours.

stage-title = Étape { $number }/{ $total }, { $course }
# Quand le nombre d'étapes du préréglage ne peut pas être lu.
stage-title-untold = Étape { $number }, { $course }
# $kind : le nom que le moteur donne au type d'étape.
stage-kind = { $kind ->
        [Flat] étape de plaine
        [Hilly] étape accidentée
        [Mountain] étape de montagne
        [TimeTrial] contre-la-montre
        [TeamTimeTrial] contre-la-montre par équipes
       *[other] { $kind }
    }

## Refus et réponses sur le tour tel qu'il est.

no-tour = il n'y a pas de tour dans ce salon
no-tour-create = il n'y a pas de tour dans ce salon : un admin en crée un avec { $tour_create }
tour-not-started = le tour n'a pas commencé : un admin le lance une fois les équipes inscrites
tour-over = le tour est terminé
# A request to a finished tour (its hand, a choice, the stage, an admin action): the tour is over.
tour-over-nothing-more = **{ $tour }** est terminé : plus rien ne se joue ici tant qu'un admin n'a pas créé le tour suivant, et ses classements finaux restent consultables jusque-là.
standings-not-started = le tour n'a pas commencé : les classements viennent après la première étape
standings-none-yet = Aucune étape n'est encore terminée : les classements viennent après l'étape 1.
# $classification : l'identifiant demandé ; $known : ceux du jeu de ce tour.
standings-no-such = le jeu de ce tour n'a pas de classement « { $classification } » : demandez l'un de ceux-ci : { $known }

## /stage : l'étape en cours. $kind est un stage-kind, $to_line la distance du départ à la ligne,
## comptée comme le jeu la compte (board-rows-to-line, board-cells-to-line, hulst-squares-to-line).

# $turn : le tour de jeu en cours, tel que le jeu le nomme en début de phrase (« Manche 3 »).
stage-info-head = **Étape { $number }/{ $total } de { $tour } : { $course }** ({ $kind }, { $to_line })
    { $turn }.
stage-info-paused = Le tour est en pause.
stage-forecast = Prévisions pour l'étape { $number } : { $weather ->
        [fog] brouillard
        [storm] orage
        [windy] vent
        [overcast] temps couvert
        [sunny] soleil
       *[heatwave] canicule
    }.
stage-forecast-rest = Une journée de repos précède l'étape { $number } : sa météo sera tirée à nouveau.
round-closes-in = La manche se termine dans { $left }.

## /tour status.

status-team-director = { $team } (<@{ $user }>)
status-team-bot = { $team } (bot)
status-lobby = **{ $tour }** ({ $stages ->
        [one] { $stages } étape
       *[other] { $stages } étapes
    }) attend ses équipes : { $taken } { $taken ->
        [one] place prise
       *[other] places prises
    } sur { $seats }.
status-lobby-join = Inscrivez-vous avec { $tour_join } ; un admin donne le départ avec { $tour_start } (les places vides vont aux bots).
status-over = **{ $tour }** est terminé. { $standings } affiche ses classements finaux ; un admin peut créer le tour suivant avec { $tour_create }.
# $turn : le tour de jeu en cours, tel que le jeu le nomme (« manche 3 »).
status-running = **{ $tour }** : étape { $stage } sur { $total }, { $course }, { $turn }.
status-paused = En pause : un admin le relance avec { $admin_resume }.
# Le message d'état épinglé du tour : une ligne par maillot, et l'en-tête une fois le tour fini.
status-jersey = { $classification } : { $who }
status-card-over = **{ $tour }** est terminé. Les vainqueurs :

## Les nouvelles d'une manche, d'une étape, du tour.

# $turn (ici et plus bas) : un tour de jeu tel que le jeu le nomme (« manche 3 », « enchère
# pour l'échappée 1 sur 2 ») ; un $turn en début de phrase prend sa majuscule (« Manche 3 »).
round-title = **Étape { $stage }, { $turn }**
# A turn's post grown past one message goes on in a new one, titled so.
round-title-continued = **Étape { $stage }, { $turn }** (suite)
round-nothing-happened = rien ne s'est passé
# Une manche en une ligne quand le jeu n'en donne pas de résumé : sa première phrase, et combien d'autres.
round-and-more = { $first } (et { $count ->
        [one] { $count } autre
       *[other] { $count } autres
    })
news-time-is-up = Le temps est écoulé : le bot a joué les choix manquants de { $teams }.
news-closed-early = Un admin a clos la manche : le bot a joué les choix manquants de { $teams }.
# $title : un stage-title.
news-stage-starts = **{ $title }** : le départ est donné.
news-in-brief-one = **Étape { $stage }, { $turn } en bref**
news-in-brief = **Étape { $stage } en bref : { $first } – { $last }**
news-brief-round = { $turn } : { $brief }

## Le résultat d'une étape : l'ordre d'arrivée avec le temps couru ; les bonifications à part.

# $stage : un stage-title.
stage-result-title = **{ $stage } : résultat**
stage-result-legend = Ordre d'arrivée, avec le temps couru ; les bonifications sont déduites au classement général.
stage-result-legend-timed = Ordre d'arrivée, avec le temps de chaque coureur au chrono de la course (les coureurs encore en route à la fin sont chronométrés là où ils se trouvaient).
# Une étape dont les règles ne donnent pas de bonifications (la course de cartes des règles maison A).
stage-result-legend-no-bonus = Ordre d'arrivée, avec le temps couru, qui compte tel quel au classement général.
stage-result-line = { $place }. { $rider } { $time }
stage-result-line-bonus = { $place }. { $rider } { $time }, bonification −{ $bonus } s
# Un tour mené aux points (une coupe du monde) : les points marqués par chaque coureur dans l'étape.
stage-result-legend-points = Ordre d'arrivée, avec les points de { $classification } que chaque coureur a marqués.
stage-result-line-points = { $place }. { $rider } : { $points ->
    [one] { $points } pt
   *[other] { $points } pts
}
# $riders : les noms des coureurs, séparés par des virgules.
stage-result-out = { $count ->
        [one] A quitté la course pendant l'étape : { $riders }.
       *[other] { $count } coureurs ont quitté la course pendant l'étape : { $riders }.
    }
# Après une équipe qui a moins de coureurs que son classement n'en compte (équipes de Velo Master, A-49).
standings-team-short-mark = ({ $count ->
        [one] { $count } coureur
       *[other] { $count } coureurs
    })
standings-team-short-legend = Une équipe qui a moins de coureurs que le classement n'en compte est classée après les équipes complètes, quel que soit son temps.
# Un coureur dont le nom ne dit pas déjà l'équipe.
rider-of-team = { $rider } ({ $team })

## Les classements en texte, et les vainqueurs.

standings-after = **Classements après l'étape { $stage }**
standings-nobody-yet = personne n'a encore marqué
# Sous un tableau : $mark est le signe placé après un coureur repêché.
standings-reinstated-legend = { $mark } repêché : réintégré par le vote des directeurs sportifs
# Le début de ce titre permet à la démo de trouver les vainqueurs dans son rapport : gardez « **Le tour est terminé ».
winners-title = **Le tour est terminé. Les vainqueurs :**
# $classification : un message classification-.
winners-line = { $classification } : { $who } — { $value }
winners-line-reinstated = { $classification } : { $who } (repêché) — { $value }
winners-nobody = { $classification } : personne n'a marqué
