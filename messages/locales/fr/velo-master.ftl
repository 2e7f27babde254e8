# Ce qui s'est passé dans une étape de Velo Master, tel que le moteur le raconte
# (engine/src/velo_master/game.rs : `sentence("id", ...)`). Les arguments sont ceux que donne le
# moteur, sous les mêmes noms ; un argument oui-ou-non arrive comme le mot `true` ou `false`.

## Le départ

# Les tours de jeu du départ, avant la manche 1, tels que les services nomment le tour en cours.
vm-turn-start = le départ
    .start = Le départ
# Les deux phases d'une manche Expert (VM-032), telles que le tour en cours est nommé.
vm-turn-leaders = manche { $round }, phase des leaders
    .start = Manche { $round }, phase des leaders
vm-turn-mates = manche { $round }, phase des équipiers
    .start = Manche { $round }, phase des équipiers
vm-order-roll = { $round ->
        [0] { $team } fait { $face } au d20 pour l'ordre de départ.
       *[other] { $team } relance pour départager une égalité : { $face }.
    }
vm-start-order = Ordre de départ : { $order }.
vm-roll-off = Tirage au sort pour la couleur { $colour } : { $team } { $face }, { $other } { $other_face }.
vm-colour-shared = { $team } dirige le leader { $colour } et son premier équipier ; { $outsider } court en outsider avec les deux autres.
vm-roll-handed-over = { $team } en a fini avec les bonus : { $other } lance les dés.
vm-race-begins = Tout le monde est en course : la place des leaders fixe désormais l'ordre de jeu.
vm-round = La manche { $round } commence.
vm-mates-phase = Manche { $round } : la phase des équipiers commence.

## Dés et déplacements

vm-slot = À { $team } de jouer (chrono de course { $clock } min).
vm-slot-skipped = { $team } passe ce tour à cause de la chute du coureur neutre (chrono de course { $clock } min).
vm-dice = { $team } lance { $faces }.
vm-die-taken = { $rider } avance de { $die } au plus.
vm-step = { $rider } { $extra ->
        [true] prend la case supplémentaire de la descente
       *[false] avance d'une case
    }, { $to_go ->
        [0] sur la ligne
        [one] à { $to_go } case de la ligne
       *[other] à { $to_go } cases de la ligne
    }.
vm-power-roll = Jet de puissance de { $rider } : { $face } contre { $slope } % : { $success ->
        [true] réussi
       *[false] raté, son déplacement s'arrête
    }.
vm-blocked = { $rider } est bloqué : { $lost ->
        [one] { $lost } point perdu
       *[other] { $lost } points perdus
    }.
vm-stopped = { $rider } s'arrête ({ $lost ->
        [one] { $lost } point non utilisé
       *[other] { $lost } points non utilisés
    }).
vm-extra-step = { $rider } s'est arrêté sur une case de descente : une case supplémentaire s'il le souhaite.

## Crevaisons, chutes et bord de la route

vm-puncture-check = Contrôle 4-2-1 pour { $rider } : { $faces }.
vm-punctured = { $rider } crève { $to_go ->
        [0] sur la ligne
        [one] à { $to_go } case de la ligne
       *[other] à { $to_go } cases de la ligne
    } et attend au bord de la route jusqu'à la fin de la phase.
vm-skill-roll = Jet d'habileté de { $rider } sur une case danger { $to_go ->
        [0] sur la ligne
        [one] à { $to_go } case de la ligne
       *[other] à { $to_go } cases de la ligne
    } : { $face }{ $crash ->
        [true] , il chute
       *[false] , sans mal
    }.
vm-skill-roll-squeeze = { $rider } se faufile entre deux vélos { $to_go ->
        [0] sur la ligne
        [one] à { $to_go } case de la ligne
       *[other] à { $to_go } cases de la ligne
    } : jet d'habileté { $face }{ $crash ->
        [true] , il chute
       *[false] , sans mal
    }.
vm-skill-roll-speed = { $rider } aborde la descente avec un 6 { $to_go ->
        [0] sur la ligne
        [one] à { $to_go } case de la ligne
       *[other] à { $to_go } cases de la ligne
    } : contrôle de vitesse, jet d'habileté { $face }{ $crash ->
        [true] , il chute
       *[false] , sans mal
    }.
vm-skill-roll-braking = { $rider } freine { $to_go ->
        [0] sur la ligne
        [one] à { $to_go } case de la ligne
       *[other] à { $to_go } cases de la ligne
    } : jet d'habileté { $face }{ $crash ->
        [true] , il chute
       *[false] , sans mal
    }.
vm-skill-roll-collective = { $rider }, { $to_go ->
        [0] sur la ligne
        [one] à { $to_go } case de la ligne
       *[other] à { $to_go } cases de la ligne
    }, doit éviter la chute de { $fallen } : jet d'habileté { $face }{ $crash ->
        [true] , il chute
       *[false] , sans mal
    }.
vm-crashed = { $rider } chute { $to_go ->
        [0] sur la ligne
        [one] à { $to_go } case de la ligne
       *[other] à { $to_go } cases de la ligne
    } et attend au bord de la route{ $misses ->
        [0] {""}
        [one] {" "}({ $misses } tour à passer)
       *[other] {" "}({ $misses } tours à passer)
    }.
vm-severity = Gravité de la chute de { $rider } : { $face } : { $severity ->
        [abandon] il abandonne
        [serious] blessure grave, 2 tours passés
        [injury] blessure, 1 tour passé
        [scratch] une égratignure : le plus petit dé au prochain tour
       *[unhurt] indemne
    }.
vm-sits-out = { $rider } est encore au bord de la route et passe ce tour.
vm-back = { $rider } reprend la route { $to_go ->
        [0] sur la ligne
        [one] à { $to_go } case de la ligne
       *[other] à { $to_go } cases de la ligne
    }.
vm-abandoned = { $rider } abandonne { $to_go ->
        [0] sur la ligne
        [one] à { $to_go } case de la ligne
       *[other] à { $to_go } cases de la ligne
    }.

## Ravitaillement, condition physique et dopage

vm-fed = { $rider } prend sa musette au ravitaillement.
vm-missed-feed = { $rider } est passé au ravitaillement sans manger : le plus petit dé jusqu'à l'arrivée.
vm-condition = { $rider } { $gains ->
        [true] gagne
       *[false] perd
    } { $amount } % : condition physique { $now } % ({ $why ->
        [motivated] motivé
        [doped] dopé
        [ones] doubles un
        [power_roll] jet de puissance
        [team_mates_in_line] équipiers en ligne
        [stage_win] victoire d'étape
        [jersey] maillot
        [attack] attaque
        [missed_feed] ravitaillement manqué
        [crash] chute
       *[failed_power_roll] jet de puissance raté
    }).
vm-tested = { $role ->
        [winner] { $rider }, vainqueur de l'étape, passe le contrôle antidopage
        [drawn] { $rider } (place { $place }) est tiré au sort pour le contrôle antidopage
        [finisher] { $rider } (place { $place }) passe le contrôle antidopage, comme tous les arrivants
       *[other] { $rider } passe le contrôle antidopage
    } : condition physique { $condition } %, { $excluded ->
        [true] positif, exclu de la course
       *[false] négatif
    }.

## Attaques et entraide

vm-attack = { $rider } attaque !
vm-attack-roll = { $rider } lance { $faces } pour son attaque : jusqu'à { $total }.
vm-entraide = Entraide : { $rear } et { $front } se relaient en sautant l'un par-dessus l'autre.
vm-jumped = { $rider } saute en avant, { $to_go ->
        [0] sur la ligne
        [one] à { $to_go } case de la ligne
       *[other] à { $to_go } cases de la ligne
    }.
vm-no-jump = { $rider } ne saute pas.
vm-road-blocked = La route est bouchée : { $rider } garde { $kept } pour le moment où elle se libère, jusqu'à son prochain tour.
vm-road-open = La route se libère pour { $rider } : jusqu'à { $points } maintenant, ou attendre.

## Accélération

vm-acceleration = Accélération proposée à la ligne de { $line }.
vm-vote = { $rider } vote { $yes ->
        [true] oui
       *[false] non
    }.
vm-acceleration-voted = { $yes ->
        [0] aucune voix pour
       *[other] { $yes } voix pour
    }, { $needed ->
        [one] { $needed } était nécessaire
       *[other] { $needed } étaient nécessaires
    } : { $go ->
        [true] la ligne accélère
       *[false] pas d'accélération
    }.
vm-neutrals = Coureurs neutres : { $team } déplace { $riders } ; { $other } déplace { $other_riders }.
vm-acceleration-over = L'accélération est terminée.

## Sommets et arrivée

vm-summit = { $rider } passe { $summit } en { $place ->
        [1] 1re
       *[other] { $place }e
    } position : { $points ->
        [one] { $points } point de grimpeur
       *[other] { $points } points de grimpeur
    }.
vm-finished = { $rider } franchit la ligne en { $place ->
        [1] 1re
       *[other] { $place }e
    } position, { $time } min.
vm-race-over = La course est terminée : victoire de { $winner }.
vm-race-over-nobody = La course est terminée : personne n'a atteint la ligne.

## Velo Master refuse un choix : ce qui n'allait pas, et quoi faire à la place.

vm-refusal-over = la course est terminée : plus rien à jouer
vm-refusal-nobody = personne n'a à jouer en ce moment
vm-refusal-not-your-turn = c'est au tour de { $team }, pas de { $you } : attendez votre tour
# Une face de dé scriptée qu'aucun dé ne peut montrer ; les joueurs ne la rencontrent jamais.
vm-refusal-scripted-face = { $reason }
vm-refusal-step = la case { $cell } ne peut pas être atteinte en un pas maintenant : choisissez l'une des cases lettrées ou arrêtez-vous
vm-refusal-no-cell = cette case n'existe pas : choisissez l'une des cases lettrées
vm-refusal-no-die = aucun dé ne montre { $die } : les dés restants sont { $left }
vm-refusal-no-die-now = { $rider } ne peut pas prendre de dé maintenant : choisissez l'un de vos coureurs proposés
vm-refusal-moving = un coureur est en mouvement : avancez-le ou arrêtez-le d'abord
vm-refusal-nothing-moving = aucun coureur n'est en mouvement : donnez d'abord un dé
vm-refusal-entraide = cette entraide n'est pas possible : les deux vélos doivent être l'un derrière l'autre, seuls dans leur file, depuis le début du tour, et aucun ne doit avoir eu de bonus dans cette manche
vm-refusal-jump = cette case n'est pas une case d'arrivée possible maintenant : choisissez-en une proposée
vm-refusal-rolled = les dés sont déjà lancés
vm-refusal-acceleration = cette accélération n'est pas possible : la ligne doit être la même qu'au début du tour, avec l'un de vos vélos appelé à jouer parmi ses trois vélos de tête
vm-refusal-no-vote = aucun vote n'est en cours
vm-refusal-pick = choisissez deux des coureurs neutres proposés
vm-refusal-attack = ce coureur ne peut pas attaquer maintenant : les attaques se déclarent avant les dés, par l'un de vos coureurs dans cette phase, sans pénalité (Pro)

## Le nom d'un coureur d'après son rôle, avec son numéro dans l'équipe (VM-008), quand le
## préréglage n'en donne pas : le leader, puis les équipiers 2, 3, 4.

vm-roster-leader = Leader
vm-roster-team-mate = Équipier { $number }

## Les classements de Velo Master (VM-079, VM-080, VM-142)

classification-or = Maillot Or (temps)
classification-rouge = Maillot Rouge (grimpeurs)
classification-vm-team = Équipes (trois meilleurs temps)

## Comment les services parlent des tours de jeu de Velo Master (engine/src/velo_master/game.rs, WORDS) :
## un directeur sportif décide pour un coureur à la fois, à son tour ; chaque lancer de dés règle un tour de jeu.

# Le bouton sous le message d'une phase, qui ouvre les options d'un directeur sportif.
vm-hand-button = Choisir mon déplacement
# /tour start, après les équipes.
vm-call-to-directors = Directeurs sportifs, ouvrez vos options quand vient le tour de votre équipe : un coureur à la fois.
vm-nothing-to-choose = Rien à choisir pour l'instant : vos options s'ouvrent quand l'un de vos coureurs a son tour, un saut ou un vote.
# Le déplacement d'un directeur sportif qui a lancé les dés ; $turn tel que le jeu le nomme (« manche 5 »).
vm-settled = Votre déplacement est joué : l'étape { $stage }, { $turn }, continue dans le salon.
# /tour create : $decision, le temps d'un directeur sportif pour son tour ; $round, pour un vote de tous.
vm-deadline = { $decision } pour chaque tour, { $round } pour un vote

## Les options parmi lesquelles un directeur sportif choisit (boutons, menus, /play). Un pas ou un
## saut nomme la lettre de la case sur le plateau ($letter, ou `none`), et ce qu'il risque : une
## case danger, la pente d'une montée (ou `none`), combien de coureurs un saut dépasse.

vm-option-launch = Lancer avec le { $die }
vm-option-give = Avancer de { $die } au plus
vm-option-move = Aller en { $letter ->
        [none] { $cell }
       *[other] { $letter }
    }{ $danger ->
        [yes] , danger : jet d'habileté
       *[no] {""}
    }{ $past ->
        [0] {""}
       *[other] , en passant { $past ->
            [one] { $past } autre
           *[other] { $past } autres
        }
    }{ $slope ->
        [none] {""}
       *[other] , jet de puissance contre { $slope }
    }{ $across ->
        [yes] , ligne franchie
       *[no] {""}
    }
vm-option-jump = Sauter en { $letter ->
        [none] { $cell }
       *[other] { $letter }
    }{ $danger ->
        [yes] , danger : jet d'habileté
       *[no] {""}
    }{ $past ->
        [0] {""}
       *[other] , en passant { $past ->
            [one] { $past } autre
           *[other] { $past } autres
        }
    }{ $slope ->
        [none] {""}
       *[other] , jet de puissance contre { $slope }
    }{ $across ->
        [yes] , ligne franchie
       *[no] {""}
    }
vm-option-entraide = Entraide avec { $other } { $place ->
        [ahead] devant
       *[behind] derrière
    } : saute-mouton, +2 chacun
vm-option-accelerate = { $own ->
        [yes] Accélération : mener la ligne de { $count } (vote)
       *[no] Accélération : la ligne de { $count } menée par { $leader } (vote)
    }
vm-option-attack = Attaquer (2 dés à soi, -20 % de condition)
# Le groupe des options qui répartissent les coureurs neutres.
vm-option-neutrals = Coureurs neutres
vm-option-pick = { $same ->
        [yes] Prendre { $first }
       *[no] Prendre { $first } et { $second }
    }
vm-option-vote = { $yes ->
        [yes] Voter oui
       *[no] Voter non
    }
vm-option-hand-over = Terminé : { $team } lance les dés (plus d'entraide)
vm-option-roll = Lancer les dés (plus d'entraide)
vm-option-no-jump = Ne pas sauter
vm-option-stop = { $how ->
        [extra] Pas de case supplémentaire
        [keep] Pas maintenant (garder les points)
        [stay] Rester ici (ne pas bouger)
        [unused] S'arrêter ici ({ $left ->
            [one] { $left } point non utilisé
           *[other] { $left } points non utilisés
        })
       *[plain] S'arrêter ici
    }

# Un lancer en une ligne, où en est la course : le coureur en tête encore en course.
vm-brief-front = { $rider } mène la course à { $to_go ->
        [one] { $to_go } case
       *[other] { $to_go } cases
    } de la ligne{ $across ->
        [0] {""}
       *[other] {""} ({ $across } arrivés)
    }.
vm-brief-across = { $across ->
        [one] { $across } coureur a franchi la ligne.
       *[other] { $across } coureurs ont franchi la ligne.
    }
vm-brief-start = Personne n'est encore sur la route.

## Le plateau en texte du terminal (`commissaire play`) : les coureurs par l'étiquette de leur pion.

vm-text-board-legend-riders = coureurs : initiale de l'équipe, puis L pour le leader ou le numéro de l'équipier, comme sur l'image du plateau et dans leurs noms (P3 : Équipier 3)
vm-text-board-legend-road = .. plat, ^^ montée, vv descente, ss ravitaillement, ## pavés, !! case danger (un jet d'habileté ; P3! un coureur dessus), A. B. les cases où le coureur en mouvement peut aller, | ligne d'arrivée
# $team a lancé $dice (les faces) ; $rider (son étiquette) est en mouvement, $name son nom, $left
# les pas qu'il peut encore faire.
vm-text-board-moving = { $team } a fait { $dice } : { $rider } ({ $name }) avance, { $left ->
        [one] encore { $left } pas
       *[other] encore { $left } pas
    }.
vm-text-board-fallen-rider = { $rider } à côté de { $cell } ({ $misses ->
        [0] de retour au prochain tour
        [one] passe { $misses } tour
       *[other] passe { $misses } tours
    })
vm-text-board-fallen = au bord de la route : { $riders }
vm-text-board-across-rider = { $rider } ({ $place })
vm-text-board-across = ligne franchie : { $riders }
vm-text-board-out = hors course : { $riders }
vm-text-board-at-start = au départ : { $riders }
