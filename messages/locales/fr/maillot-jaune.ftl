# Ce qui arrive dans une étape de Maillot Jaune, tel que le moteur le raconte.

## Les mots des services pour ses tours

mj-hand-button = Choisir mon coup
mj-call-to-directors = Directeurs, ouvrez vos options quand l'un de vos coureurs a son tour : un coureur à la fois, la tête de course d'abord.
mj-nothing-to-choose = Rien à choisir pour l'instant : vos options s'ouvrent quand l'un de vos coureurs a son tour, ou quand on vous propose un pacte.
mj-settled = Votre coup est joué : étape { $stage }, { $turn } continue dans le salon.
mj-deadline = { $decision } pour chaque tour de coureur, { $answer } pour répondre à un pacte, { $round } pour un tour de jeu

## Les options

mj-option-move = { $via ->
        [none] Aller en { $letter } ({ $to_go ->
            [0] sur la ligne
            [one] à { $to_go } case de la ligne
           *[other] à { $to_go } cases de la ligne
        })
       *[other] Aller en { $letter }, d'abord de côté vers la file { $via }
    }
mj-option-move-to = { $via ->
        [none] Aller en { $cell }
       *[other] Aller en { $cell }, d'abord de côté vers la file { $via }
    }
mj-option-escape-to = { $via ->
        [none] Échappée +{ $cells } ({ $safe } sans risque, { $risky } avec risque) jusqu'en { $cell }
       *[other] Échappée +{ $cells } ({ $safe } sans risque, { $risky } avec risque) jusqu'en { $cell }, d'abord vers la file { $via }
    }
mj-option-stay = Rester sur place
mj-option-ride = Avancer { $cells ->
        [one] d'une case
       *[other] de { $cells } cases
    }
mj-option-escape = Échappée +{ $cells } ({ $total ->
        [one] { $total } case
       *[other] { $total } cases
    })
mj-option-plan = Échappée +{ $cells } ({ $safe } sans risque, { $risky } avec risque)
mj-option-back = Retour : choisir la distance
mj-option-pact = Pacte avec { $partner } ({ $team })
mj-option-answer = { $yes ->
        [yes] Accepter le pacte de { $rider } ({ $team })
       *[no] Refuser le pacte de { $rider } ({ $team })
    }
mj-option-help = Aider { $rider } ({ $team })
mj-option-no-help = Ne pas aider

## Refus

mj-refused-not-your-turn = Ce n'est pas le tour de votre coureur.
mj-refused-no-energy = Pas assez d'énergie pour une échappée sans risque : le cadran indique { $energy }, les cases sans risque en demandent { $needed }.
mj-refused-risky-too-long = Une échappée avec risque fait de 1 à 4 cases.
mj-refused-unreachable = Votre coureur ne peut pas atteindre cette case avec ce coup.
mj-refused-not-now = Ce n'est pas un choix possible maintenant : prenez l'une des options proposées.
mj-refused-beyond-stars = Avec ses étoiles, un coureur avance de 1 à { $stars } { $stars ->
        [one] case
       *[other] cases
    } ce tour-ci, pas de { $cells } : pour aller plus loin, tentez une échappée.
mj-refused-no-cell-that-far = Aucune case libre n'est à { $cells ->
        [one] { $cells } case
       *[other] { $cells } cases
    } : choisissez une autre distance.
mj-refused-escape-too-long = Une échappée fait de 1 à { $most ->
        [one] { $most } case
       *[other] { $most } cases
    } au-delà des étoiles (l'énergie du cadran et 4 avec risque), pas { $cells }.

## La course

mj-first-drawn = Le dé donne { $face } : { $rider } ({ $team }) joue en premier.
mj-round = Le tour { $round } commence.
mj-rolled = { $rider } lance { $a } et { $b } { $why ->
        [aspiration] pour l'aspiration
       *[other] pour { $cells ->
            [one] { $cells } case avec risque
           *[other] { $cells } cases avec risque
        }
    } : { $result ->
        [puncture] crevaison !
       *[cost] { $cost ->
            [one] { $cost } unité
           *[other] { $cost } unités
        }.
    }
mj-paid = { $rider } paie { $energy } d'énergie et { $form } de forme { $why ->
        [safe] pour l'échappée sans risque
        [risky] pour l'échappée avec risque
       *[aspiration] pour le coureur dans sa roue
    } : énergie { $energy_left }, forme { $form_left }.
mj-moved = { $rider } avance de { $cells ->
        [one] { $cells } case
       *[other] { $cells } cases
    }{ $to_go ->
        [0] {""} jusqu'à la ligne
        [one] , à { $to_go } case de la ligne
       *[other] , à { $to_go } cases de la ligne
    }.
mj-stayed = { $rider } reste sur place.
mj-punctured = { $rider } crève : il passe son prochain tour.
mj-lost-turn = { $rider } crève sur le jet d'aspiration : il perd ce tour.
mj-pulled = { $rider } est aspiré par { $by }{ $to_go ->
        [0] {""} jusqu'à la ligne
        [one] , à { $to_go } case de la ligne
       *[other] , à { $to_go } cases de la ligne
    }.
mj-skipped = { $rider } passe son tour.
mj-pact-asked = { $rider } ({ $team }) propose un pacte à { $partner } ({ $partner_team }).
mj-pact-answered = { $yes ->
        [yes] { $partner } accepte le pacte de { $rider }.
       *[no] { $partner } refuse le pacte de { $rider }.
    }
mj-pact-failed = Le pacte échoue : { $partner } n'a pas fini à côté de { $rider }.
mj-helped = { $helper } aide { $rider } : il passe le tour à sa place.
mj-crossed = { $rider } ({ $team }) franchit la ligne à la place { $place } (tour { $round }).
mj-placed = { $rider } est classé { $place } selon la distance parcourue au-delà de la ligne.
mj-abandoned = { $rider } ({ $team }) n'a plus ni énergie ni forme : il abandonne.
mj-stage-over = L'étape est finie : { $winner } ({ $team }) gagne.
mj-stage-over-nobody = L'étape est finie : personne n'a franchi la ligne.
mj-front = { $rider } ({ $team }) mène la course à { $to_go ->
        [one] { $to_go } case
       *[other] { $to_go } cases
    } de la ligne.
mj-front-none = Personne n'est sur la route.
mj-brief = { $rider } : énergie { $energy }/6, forme { $form }/20, { $stars ->
        [one] { $stars } étoile
       *[other] { $stars } étoiles
    } ce tour.
# The classification of the tour (MJ-003, MJ-040).
classification-maillot-jaune = Maillot jaune (temps)
mj-brief-prices = Échappée avec risque, coût pour 1/2/3/4 cases selon le jet (P : crevaison) : { $table }

## Le plateau en texte (le terminal)

mj-text-board-rider = { $code } { $rider } ({ $team }{ $yours ->
        [yes] , vous
       *[no] {""}
    }) : { $place }, énergie { $energy }/6, forme { $form }/20
mj-text-board-behind-banner = derrière la banderole
mj-text-board-across = a franchi la ligne
mj-text-board-out = hors course
mj-text-board-yellow = maillot jaune
mj-text-board-loses-turn = passe son prochain tour
mj-text-board-to-play = à jouer
mj-text-board-legend = coureurs : les deux premières lettres de la carte (RE Renault, LB La Bonnal) ; file 0, la file prioritaire, en haut ; .. plat, ^^ montée, vv descente ; A. B. les cases où le coureur à jouer peut finir ; | ligne d'arrivée
