# Ce qui se passe dans une étape du « Tour de France » de Hulst, tel que le moteur le raconte
# (engine/src/games/hulst/game.rs). Une case est nommée comme sur le plateau ($square : « 44 »,
# « 44A », « -3 ») ; les listes de cartes arrivent en texte (« 3, 5, 7 »).

## Les mots des services pour les tours de Hulst

hulst-hand-button = Jouer ma carte
hulst-call-to-directors = Directeurs sportifs, ouvrez votre main quand un de vos coureurs doit rouler : le coureur de tête roule en premier.
hulst-nothing-to-choose = Rien à choisir pour l'instant : votre main s'ouvre quand un de vos coureurs doit rouler, ou quand une case échange ou chance vous le demande.
hulst-settled = Votre carte est jouée : étape { $stage }, { $turn } continue dans le salon.
hulst-deadline = { $decision } pour le tour de chaque coureur, { $round } par manche

## Le départ

hulst-drew = { $draw ->
        [1] { $team } tire { $card } pour le départ.
       *[other] { $team } tire à nouveau pour départager : { $card }.
    }
hulst-first-player = { $team } place ses coureurs en premier.
hulst-dealt = Votre main : { $cards }.
hulst-refilled = { $team } reçoit { $count ->
        [one] { $count } nouvelle carte
       *[other] { $count } nouvelles cartes
    }.
hulst-round = Manche { $round }.

## Les déplacements

hulst-moved = { $rider } joue { $card } vers la case { $square }, file { $lane }{ $wind ->
        [0] {""}
       *[other] , avec { $wind } d'aspiration
    }{ $boost ->
        [0] {""}
       *[other] , plus { $boost } grâce à une carte chance gardée
    }.
hulst-crashed = { $chance ->
        [true] Carte chance : chute sur la case { $number } ! À terre : { $riders }.
       *[false] Chute sur la case { $number } ! { $rider } percute { $hit }. À terre : { $riders }.
    }
hulst-shown = { $team } montre ses cartes pour prouver qu'aucune n'évitait la chute : { $count ->
        [0] il n'en reste aucune
       *[other] { $cards }
    }.
hulst-joined-crash = { $rider } ne peut pas freiner et tombe dans la chute de la case { $number }.
hulst-skipped = { $rider } passe ce tour après sa chute.
hulst-discarded = Une carte est défaussée pour { $rider }, qui a franchi la ligne.
hulst-gave-up = Vous défaussez { $card }.
hulst-swapped = { $rider } s'arrête sur une case échange : { $count ->
        [one] { $count } carte échangée
       *[other] { $count } cartes échangées
    }.
hulst-swap-cards = Vous donnez { $cards_given } et tirez { $cards_drawn }.

## Les cartes chance

hulst-chance-advance = { $rider } tire une carte chance : avancez { $amount ->
        [one] de { $amount } case
       *[other] de { $amount } cases
    }.
hulst-chance-fall-back = { $rider } tire une carte chance : reculez { $amount ->
        [one] de { $amount } case
       *[other] de { $amount } cases
    }.
hulst-chance-puncture = { $rider } tire une carte chance : crevaison, il passe son prochain tour.
hulst-chance-crash = { $rider } tire une carte chance : chute sur place.
hulst-chance-exchange = { $rider } tire une carte chance : échangez jusqu'à { $amount ->
        [one] { $amount } carte
       *[other] { $amount } cartes
    }.
hulst-chance-keep = { $rider } tire une carte chance à garder : { $amount ->
        [one] { $amount } case
       *[other] { $amount } cases
    } de plus lors d'un prochain déplacement.
hulst-chance-bonus = { $rider } tire une carte chance : { $amount ->
        [one] { $amount } seconde
       *[other] { $amount } secondes
    } de bonification.
hulst-chance-nothing = { $rider } tire une carte chance : il ne se passe rien.
hulst-chance-moved = { $rider } va sur la case { $square }.
hulst-chance-shuffled = La carte chance passe sous le paquet, puis le paquet est mélangé.
hulst-bonus-seconds = { $rider } gagne { $seconds ->
        [one] { $seconds } seconde
       *[other] { $seconds } secondes
    } de bonification.

## Sprints et arrivée

hulst-sprint = Sprint après la case { $after } : { $rider } passe en position { $place }, { $seconds ->
        [one] { $seconds } seconde de bonification
       *[other] { $seconds } secondes de bonification
    } et { $points ->
        [one] { $points } point
       *[other] { $points } points
    }.
hulst-finished = { $rider } termine à la place { $place }, { $past ->
        [one] { $past } case
       *[other] { $past } cases
    } après la ligne : { $time } s, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }.
hulst-over = Tous les coureurs ont franchi la ligne : l'étape est terminée.
hulst-front = { $rider } mène sur la case { $square }.
# /stage : la longueur de l'étape, les cases que comptent ses temps.
hulst-squares-to-line = { $count ->
        [one] { $count } case avant la ligne
       *[other] { $count } cases avant la ligne
    }

## La note d'un directeur sportif

hulst-brief-hand = Votre main ({ $count ->
        [one] { $count } carte
       *[other] { $count } cartes
    }) : { $cards }.
hulst-brief-kept = { $rider } garde une carte chance : { $amount ->
        [one] { $amount } case
       *[other] { $amount } cases
    } de plus lors d'un déplacement en plaine ou en descente.

## Les options

hulst-option-move = { $card } vers { $square }, file { $lane }{ $wind ->
        [0] {""}
       *[other] {" "}(aspiration +{ $wind })
    }{ $boost ->
        [true] {" "}avec la carte gardée
       *[false] {""}
    }
hulst-option-crash = { $card } : chute inévitable, arrêt sur { $square }, file { $lane }
hulst-option-swap = { $count ->
        [0] Garder toutes les cartes
       *[other] Défausser { $cards }
    }
hulst-option-give-up = Défausser { $card }
hulst-option-land = Case { $square }, file { $lane }
# Le premier choix d'un déplacement : une carte dont la case d'arrivée se choisit ensuite.
hulst-option-card = Jouer { $card }
# Les cases d'arrivée de la carte choisie, par les lettres dessinées sur l'image du directeur.
hulst-option-letter-move = { $letter } : { $card } vers { $square }, file { $lane }{ $wind ->
        [0] {""}
       *[other] {" "}(aspiration +{ $wind })
    }{ $boost ->
        [true] {" "}avec la carte gardée
       *[false] {""}
    }
hulst-option-letter-crash = { $letter } : { $card }, chute inévitable, arrêt sur { $square }, file { $lane }
hulst-option-back = Revenir aux cartes
# Contre-la-montre par équipes : l'ordre dans lequel l'équipe déplace ses coureurs ce tour-ci.
hulst-option-order = Ordre : { $riders }

## Refus

hulst-refused-over = L'étape est terminée.
hulst-refused-not-your-turn = Ce n'est pas le tour de votre équipe.
hulst-refused-not-this-rider = Ce coureur ne roule pas maintenant.
hulst-refused-no-such-card = Votre main n'a pas de { $card }.
hulst-refused-unreachable = Un { $card } ne peut pas finir sur la case { $square } : un coureur avance exactement de sa carte, tout droit ou en diagonale, par des cases libres.
hulst-refused-avoidable = Cette chute pouvait être évitée : le { $card } passe sans chute.
hulst-refused-no-room = Ce déplacement ne laisse pas de place au coureur suivant (règle de dépassement) : le { $card } lui en laisserait.
hulst-refused-crash-lane = Une chute doit se produire aussi loin du côté numéroté que la carte le permet.
hulst-refused-wrong = Ce n'est pas ce que ce tour demande.
hulst-refused-other-card = Vous avez choisi le { $card } : prenez une de ses cases d'arrivée, ou revenez aux cartes.

## Les classements du tour (docs/hulst.md donne leur nom néerlandais de la boîte : un joueur lit sa
## propre langue)

classification-hulst-yellow = Maillot jaune
classification-hulst-points = Classement aux points
classification-hulst-team = Classement par équipes au temps
classification-hulst-final = Classement général final

## Un coureur sans nom à lui (le préréglage n'en donne pas) : son numéro dans l'équipe

hulst-roster-rider = Coureur { $number }

## Le plateau en texte du terminal

hulst-text-title = { $course }, manche { $round } (la ligne d'arrivée est après la case { $line })
hulst-text-lane = file { $lane }
hulst-text-roadside = au bord de la route : { $riders }
hulst-text-across = la ligne franchie : { $riders }
hulst-text-start = au départ : { $riders }
hulst-text-legend = coureurs : initiale de l'équipe et numéro ; .. plat, ^^ montée (carte divisée par deux), vv descente (aspiration de 2), S case échange, ? case chance, | ligne d'arrivée ; la file 0 est le côté numéroté
