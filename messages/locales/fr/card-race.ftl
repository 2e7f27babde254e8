# Ce qui s'est passé dans une course de cartes, tel que le moteur le raconte (engine/src/registry/* : `sentence("id", ...)`).
# Les arguments sont ceux que donne le moteur, sous les mêmes noms.

## Le nom du tour de jeu en cours, glissé dans les phrases des services (« Étape 1, manche 3 »,
## « Étape 2/7, Col : manche 3 ») ; `.start` est la forme qui ouvre une phrase (« Manche 3 : ... »).

# Le nom par défaut d'un tour de jeu, et celui des manches de la course de cartes.
turn-round = manche { $round }
    .start = Manche { $round }
# Les enchères pour l'échappée des règles maison A : leurs étapes viennent avant la manche 1.
card-race-turn-bid = enchère pour l'échappée { $step } sur { $steps }
    .start = Enchère pour l'échappée { $step } sur { $steps }
# Le départ fictif des règles maison B, avant la manche 1.
card-race-turn-fictive-start = le départ fictif
    .start = Le départ fictif

## La course de cartes

card-race-round-started = La manche { $round } commence.
card-race-hand-drawn = { $rider } pioche { $cards }.
card-race-deck-reshuffled = Les cartes recyclées de { $rider } sont mélangées pour former une nouvelle pioche.
card-race-card-chosen = { $rider } a choisi une carte.
card-race-cards-revealed = Cartes révélées : { $cards }.
card-race-moved = { $rider } joue { $card } : case { $from } → { $to }{ $blocked ->
        [0] {""}
        [one] {" "}(bloqué, { $blocked } case perdue)
       *[other] {" "}(bloqué, { $blocked } cases perdues)
    }.
card-race-slipstream = { $rider } profite de l'aspiration jusqu'à la case { $to }.
card-race-exhaustion = { $rider } a pris le vent : une carte fatigue.
card-race-tt-exhaustion = { $rider } a joué la plus forte carte de la manche : une carte fatigue.
card-race-crossed = { $rider } franchit la ligne !
card-race-tt-start = Manche { $round } : { $riders } { $count ->
        [one] s'élance
       *[other] s'élancent
    } contre la montre.
card-race-tt-highest = { $rider } a gardé la plus forte carte de sa main : { $cards ->
        [one] une carte fatigue
       *[other] { $cards } cartes fatigue
    }.
card-race-fictive-start = Départ fictif : le peloton roule derrière le drapeau, deux cartes piochées chacun, aucune dépensée. { $count ->
        [0] Personne n'est en tête de la grille.
        [one] En tête de la grille, { $riders } prend une carte fatigue.
       *[other] En tête de la grille, { $riders } prennent une carte fatigue chacun.
    }
card-race-cup-entry = { $rider } est engagé{ $form ->
        [0] {" "}sans carte de forme
       *[other] {" "}avec une carte de forme de { $form }
    }{ $back_to_back ->
        [yes] {" "}et une carte fatigue pour avoir couru l'épreuve précédente
       *[no] {""}
    }.
card-race-past-start-line = { $rider } dépasse la ligne de départ de { $rows ->
        [one] { $rows } case
       *[other] { $rows } cases
    } : { $cards ->
        [one] une carte fatigue
       *[other] { $cards } cartes fatigue
    }{ $on_top ->
        [yes] , sur le dessus de la pioche par ce froid
       *[no] {""}
    }.
card-race-quit = { $rider } abandonne l'étape.
# L'étape des enchères est nommée par le tour où elle est racontée (« Étape 2, enchère pour l'échappée 1 sur 2 »).
card-race-bid-shown = { $rider } mise { $card ->
        [none] aucune carte
       *[other] { $card }
    }, { $total } au total.
card-race-gruppetto-moved = { $die ->
        [none] Le gruppetto avance de { $distance } : case { $from } → { $to }.
       *[other] Le peloton attaque : le gruppetto fait { $die } au dé et avance de { $distance }, case { $from } → { $to }.
    }
card-race-gruppetto-slipstream = Le gruppetto profite de l'aspiration jusqu'à la case { $to }.
card-race-gruppetto-swapped = { $rider } était bloqué par le gruppetto et prend sa place à la case { $row }.
card-race-gruppetto-swept = { $count ->
        [0] Le gruppetto arrive sans personne en son sein.
       *[other] Le gruppetto arrive : { $riders } { $count ->
            [one] passe
           *[other] passent
        } la ligne avec lui.
    }
card-race-breakaway-placed = { $rider } { $bid ->
        [none] part dans l'échappée sans enchérir
       *[other] gagne une place dans l'échappée avec { $bid }
    } : case { $row }.
card-race-stage-over = L'étape est terminée : victoire de { $winner }.
card-race-crashed = { $rider } chute à la case { $row }, { $set_back ->
        [one] { $set_back } case
       *[other] { $set_back } cases
    } en retrait : 2 cartes de moins dans sa prochaine main.
card-race-puncture-check = { $rider } retourne { $card } : { $punctured ->
        [yes] crevaison ! Son prochain déplacement est réduit de 2 cases
       *[no] pas de crevaison
    }.
card-race-puncture-slowed = { $rider } repart après sa crevaison : { $rows ->
        [one] { $rows } case perdue
       *[other] { $rows } cases perdues
    }.
card-race-attack-turned = { $rider } attaque : retourne { $card }{ $left ->
        [0] , la dernière carte de sa pioche, et la joue
        [one] {" "}({ $left } carte reste en dessous)
       *[other] {" "}({ $left } cartes restent en dessous)
    }.
card-race-attack-empty = { $rider } attaque avec une pioche vide : il joue une carte fatigue.
card-race-musette-taken = { $rider } prend une musette dans la zone de ravitaillement ({ $held } en poche).
card-race-musette-opened = { $rider } ouvre une musette et pioche { $cards } ({ $held ->
        [one] { $held } restante
       *[other] { $held } restantes
    }).
card-race-steep-gamble = { $rider } prend un risque dans la descente à fort pourcentage et retourne { $card } : { $crashed ->
        [yes] chute avant la case à fort pourcentage !
       *[no] la case à fort pourcentage est sautée.
    }
card-race-wind = Vent de l'étape : { $wind ->
        [head] vent de face, les coureurs sans personne devant eux prennent 2 cartes fatigue
        [cross_from_left] vent de côté venant de gauche, les coureurs sans personne à leur gauche prennent 1 carte fatigue
        [cross_from_right] vent de côté venant de droite, les coureurs sans personne à leur droite prennent 1 carte fatigue
       *[tail] vent de dos, personne ne prend de fatigue
    }.
card-race-weather = Manche { $round } : le dé météo donne { $face }, météo { $level }/5{ $level ->
        [1] , froid et humide : la fatigue va sur le dessus de la pioche
        [5] , chaud et sec : la fatigue compte double
       *[other] {""}
    }.
card-race-weather-now = Météo { $level }/5 : { $level ->
        [1] froid et humide, la fatigue va sur le dessus de la pioche
        [5] chaud et sec, la fatigue compte double
       *[other] sans effet
    }.
card-race-exhaustion-dealt = { $rider } { $exposure ->
        [headwind] affronte le vent de face
        [crosswind] est pris dans le vent de côté
       *[front] a pris le vent
    } : { $cards ->
        [one] une carte fatigue
       *[other] { $cards } cartes fatigue
    }{ $heat ->
        [yes] { $cards ->
            [one] , doublée par la chaleur
           *[other] , doublées par la chaleur
        }
       *[no] {""}
    }{ $on_top ->
        [yes] , sur le dessus de la pioche par ce froid
       *[no] {""}
    }.

## La course de cartes : une manche en une ligne, les coureurs d'un directeur sportif, la tête de la course

card-race-turn-brief = { $leader } en tête, case { $row }{ $winded ->
        [0] {""}
        [one] {" "}; { $winded } coureur a pris de la fatigue dans le vent
       *[other] {" "}; { $winded } coureurs ont pris de la fatigue dans le vent
    }{ $across ->
        [0] {""}
       *[other] {" "}; ligne franchie : { $crossed }
    }.
card-race-turn-still = Aucun coureur n'a bougé.
card-race-brief-auction = Enchères pour l'échappée, mise { $step } sur 2 (votre mise jusqu'ici : { $bid }) : piochez une main et misez l'une de ses cartes, misez la carte du dessus sans la voir, ou ne misez rien.
# Le départ fictif des règles maison B (HB-039, HB-040), avant les mains des coureurs.
card-race-brief-fictive-start = Départ fictif : chaque coureur joue l'une de ses deux cartes, et celui qui termine au-delà de la ligne de départ (à partir de la case { $line }) prend une carte fatigue par case franchie, la première comptant 1 : une forte carte coûte de la fatigue.
card-race-brief-across = { $rider } (case { $row }, file { $lane }) : ligne franchie.
card-race-brief-kept = { $rider } (case { $row }, file { $lane }) : garde { $card }.
card-race-brief-hand = { $rider } (case { $row }, file { $lane }) : main { $cards }, gardez-en une.
card-race-brief-pile = { $rider } (case { $row }, file { $lane }) : { $draw ->
        [one] { $draw } carte
       *[other] { $draw } cartes
    } à piocher.
card-race-brief-pile-short = { $rider } (case { $row }, file { $lane }) : { $draw ->
        [one] { $draw } carte
       *[other] { $draw } cartes
    } à piocher, puis les cartes recyclées ({ $recycled }) sont mélangées en une nouvelle pioche.
card-race-brief-pile-empty = { $rider } (case { $row }, file { $lane }) : pioche vide, piocher mélange les cartes recyclées ({ $recycled }) en une nouvelle pioche.
card-race-brief-no-cards = { $rider } (case { $row }, file { $lane }) : plus aucune carte à piocher, le coureur joue une carte fatigue.
card-race-front = En tête :
card-race-front-rider = { $place }. { $rider }, case { $row }
card-race-sky-drawn = Météo de l'étape (2d6 : { $roll }) : { $weather ->
        [fog] brouillard, pas de jetons de vent, et chaque carte fatigue va sur le dessus de la pioche
        [storm] orage, le jeton pluie toujours sur la route et des chutes dans les virages serrés
        [windy] vent, les trois jetons de vent sur la route
        [overcast] temps couvert, les jetons Météo habituels
        [sunny] soleil, les jetons Météo sans la pluie
       *[heatwave] canicule, une carte fatigue de plus pour chaque coureur toutes les 4 manches
    }. Étape suivante (2d6 : { $forecast_roll }) : { $forecast ->
        [fog] brouillard
        [storm] orage
        [windy] vent
        [overcast] temps couvert
        [sunny] soleil
       *[heatwave] canicule
    }.
card-race-sky-given = Météo de l'étape, comme prévu : { $weather ->
        [fog] brouillard, pas de jetons de vent, et chaque carte fatigue va sur le dessus de la pioche
        [storm] orage, le jeton pluie toujours sur la route et des chutes dans les virages serrés
        [windy] vent, les trois jetons de vent sur la route
        [overcast] temps couvert, les jetons Météo habituels
        [sunny] soleil, les jetons Météo sans la pluie
       *[heatwave] canicule, une carte fatigue de plus pour chaque coureur toutes les 4 manches
    }. Étape suivante (2d6 : { $forecast_roll }) : { $forecast ->
        [fog] brouillard
        [storm] orage
        [windy] vent
        [overcast] temps couvert
        [sunny] soleil
       *[heatwave] canicule
    }.
card-race-sky-now = Météo : { $weather ->
        [fog] brouillard (la fatigue sur le dessus de la pioche)
        [storm] orage (chutes dans les virages serrés et sous la pluie)
        [windy] vent
        [overcast] temps couvert
        [sunny] soleil
       *[heatwave] canicule (une carte fatigue de plus toutes les 4 manches)
    }{ $face_down ->
        [0] {""}
        [one] , { $face_down } jeton Météo encore face cachée
       *[other] , { $face_down } jetons Météo encore face cachée
    }.
card-race-token-turned = Jeton Météo sur la tuile de la case { $row } : { $token ->
        [headwind] vent de face, les coureurs qui partent de là piochent 3 cartes
        [tailwind] vent de dos, les coureurs qui partent de là piochent 5 cartes
        [crosswind] vent de côté, pas d'aspiration à cet endroit
        [rain] pluie, les coureurs bloqués à cet endroit peuvent chuter
       *[blank] vierge, rien ne se passe
    }.
card-race-heat = Canicule après la manche { $round } : { $count ->
        [one] { $riders } prend
       *[other] { $riders } prennent chacun
    } une carte fatigue de plus.
card-race-exhaustion-on-top = { $rider } a pris le vent : une carte fatigue, sur le dessus de la pioche dans le brouillard.

## La course de cartes refuse un choix : ce qui n'allait pas, et quoi faire à la place.

refusal-stage-over = l'étape est terminée
refusal-unknown-team = il n'y a pas d'équipe { $team } dans cette étape
refusal-unknown-rider = il n'y a pas de coureur numéro { $rider } dans cette étape
refusal-not-your-rider = { $rider } n'est pas un coureur de votre équipe
refusal-rider-finished = { $rider } a franchi la ligne et ne joue plus
refusal-rider-quit = { $rider } a abandonné l'étape et ne joue plus
refusal-cannot-quit = { $rider } ne peut pas abandonner l'étape : seul un domestique le peut, une fois sa main piochée
refusal-already-chosen = { $rider } a déjà choisi une carte dans cette manche
refusal-already-drawn = { $rider } a déjà pioché dans cette manche : gardez l'une des cartes piochées
refusal-draw-first = piochez d'abord la main de { $rider }, puis gardez-en une carte
refusal-finish-drawn-rider = terminez d'abord avec { $rider } : gardez l'une des cartes qu'il a piochées
refusal-nothing-to-draw = les mains sont libres dans cette étape : choisissez une carte, il n'y a rien à piocher
refusal-searching = { $rider } cherche dans sa pioche la carte de son attaque : gardez le { $card } retourné, ou retournez la carte suivante
refusal-nothing-turned = { $rider } n'a aucune carte retournée à passer : seul un coureur qui cherche la carte de son attaque retourne des cartes
refusal-no-gamble = { $rider } ne peut pas prendre de risque avec cette carte : le risque se prend avec une carte qui atteint une case de descente à fort pourcentage
refusal-no-side = { $rider } n'a pas de côté de la route à choisir maintenant : le côté se choisit quand le vent joue, une fois la main piochée
refusal-no-musette = { $rider } n'a pas de musette à ouvrir dans cette manche : une musette se prend dans une zone de ravitaillement, et on peut en ouvrir une par manche, une fois la main piochée
refusal-no-auction = il n'y a pas d'enchères pour l'échappée en ce moment : piochez une main et gardez une carte
refusal-auction-first = les enchères pour l'échappée passent d'abord : misez pour l'échappée, ou passez
refusal-out-of-auction = l'équipe de { $rider } est sortie des enchères pour l'échappée
refusal-already-bid = l'équipe de { $rider } a déjà misé à cette étape : les mises sont révélées quand toutes les équipes ont misé
refusal-cannot-bid = { $rider } ne peut pas miser : une équipe mise avec le seul coureur qu'elle a choisi en premier, et les spécialistes ne misent jamais
refusal-card-not-in-hand = { $card } n'est pas dans la main de { $rider } (la main est { $hand })

## La coupe du monde des règles maison B (HB-079)

classification-cup = Coupe du monde

## Comment les services parlent des tours de jeu de la course de cartes (engine/src/registry/card_race.rs, WORDS) :
## chaque équipe choisit ses cartes en même temps, et une manche les attend toutes.

# Le bouton sous le message d'une manche, qui ouvre la main d'un directeur sportif.
card-race-hand-button = Choisir mes cartes
# /tour start, après les équipes.
card-race-call-to-directors = Directeurs sportifs, ouvrez votre main pour choisir vos cartes.
card-race-nothing-to-choose = Rien à choisir pour l'instant : la manche se joue quand toutes les équipes ont choisi.
# Un choix de directeur sportif qui a complété le tour de jeu : $turn tel que le jeu le nomme (« manche 5 »).
card-race-settled = Votre choix a complété l'étape { $stage }, { $turn }.
# /tour create : $round, la durée d'ouverture d'une manche (« 1 heure »).
card-race-deadline = { $round } pour choisir à chaque manche

## Les options parmi lesquelles un directeur sportif choisit (boutons, menus, /play) : une carte par sa valeur et son type.

card-race-option-draw = Piocher
card-race-option-keep = Garder { $card }{ $kind ->
        [exhaustion] {" "}(fatigue)
        [attack] {" "}(attaque)
        [peloton] {" "}(attaque du peloton)
       *[energy] {""}
    }
card-race-option-quit = Abandonner l'étape
card-race-option-turn = Retourner la carte suivante
# Le départ fictif des règles maison B : une autre carte à la place de la carte attaque (HB-044).
card-race-option-turn-fictive = Piocher une autre carte à la place du A
card-race-option-musette = Ouvrir une musette (+2 cartes)
card-race-option-side = { $side ->
        [left] Rouler à gauche (désormais, la file libre la plus à gauche)
       *[right] Rouler à droite (désormais, la file libre la plus à droite)
    }
card-race-option-gamble = Garder { $card }, tenter la descente à fort pourcentage
card-race-option-bid-draw = Piocher pour miser sur l'échappée
card-race-option-bid-blind = Miser la carte du dessus sans la voir
card-race-option-bid-pass = Pas de mise
card-race-option-bid = Miser { $card }{ $kind ->
        [exhaustion] {" "}(fatigue)
        [attack] {" "}(attaque)
        [peloton] {" "}(attaque du peloton)
       *[energy] {""}
    }
