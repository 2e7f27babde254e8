# Les mots dessinés sur les images (render/) : titres, légendes, en-têtes de colonnes.

board-round = Manche { $round }
board-weather = Météo { $level }/5
board-wind = Vent
board-meteo = { $token ->
        [headwind] Vent de face : piocher 3
        [tailwind] Vent de dos : piocher 5
        [crosswind] Vent de côté : pas d'aspiration
       *[rain] Pluie : chutes
    }
board-sky = { $weather ->
        [fog] Brouillard
        [storm] Orage
        [windy] Vent
        [overcast] Couvert
        [sunny] Soleil
       *[heatwave] Canicule
    }
board-before-start = Avant le départ
# Le départ fictif des règles maison B, derrière le drapeau, avant la manche 1.
board-fictive-start = Départ fictif
board-start = DÉPART
board-finish = ARRIVÉE
board-sprint = Sprint
board-sprint-named = Sprint · { $name }
# Le sommet d'une montée : son nom et sa longueur (« 3 cases »).
board-summit = ▲ { $name } ({ $length })
# Une montée que le parcours ne nomme pas.
board-climb = Côte { $number }
board-to-go = à faire
board-letters = Cases lettrées ({ $letters }) : choisissez où aller par sa lettre
# Des coureurs sur une même case : le plateau numérote la case et les liste sous les bandes.
board-crowds-title = Coureurs sur une même case (numérotée sur le plateau)
board-crowd-count = ×{ $count }
board-played-cards = Cartes révélées à cette manche, par équipe
board-played-dice = Dés lancés ce tour, par équipe

## Titres des images publiées avec les nouvelles.

picture-start = Étape { $stage }, départ
# $turn : un tour de jeu tel que le jeu le nomme (« manche 3 »).
picture-round = Étape { $stage }, { $turn }
picture-finish = Étape { $stage }, arrivée
# Un moment de la course, aux $tenth dixièmes des décisions de l'étape.
picture-moment = Étape { $stage }, à { $tenth }/10 du parcours
picture-fall = Étape { $stage }, la première chute
# A director's own board (private): the squares its chosen card may land on, lettered.
picture-own = Étape { $stage }, { $turn } : vos cases d'arrivée
picture-stage = Étape { $stage }
picture-profile = Étape { $stage } : { $course }

## Une bande du plateau : sa place dans la course et le tronçon de route qu'elle montre.

board-strip-head = Tête de la course
board-strip-behind = Derrière
board-strip-chase = Poursuivants
board-strip-laggards = Attardés
board-strip-group = Groupe { $number }
board-strip-rows = Cases { $first } à { $last }
board-strip-cells = Cases { $first } à { $last }
board-rows-to-line = { $count ->
        [one] { $count } case avant la ligne
       *[other] { $count } cases avant la ligne
    }
board-cells-to-line = { $count ->
        [one] { $count } case avant la ligne
       *[other] { $count } cases avant la ligne
    }

## La légende sous le plateau : un repère, puis ce qu'il signifie.

key-entry = { $mark } : { $text }
key-card-played = carte jouée
key-reserves = énergie · forme restantes
key-dice-rolled = dés lancés
key-slipstream = aspiration
key-exhaustion-taken = fatigue prise
key-crashed = chute
key-punctured = crevaison
key-attack = attaque
key-musette = porte une musette
key-champion = le champion, sur son vélo blanc
key-roadside = au bord de la route
key-crossed = ligne passée (estompé dans la couleur de son équipe : arrivé plus tôt)
key-exhaustion-card = carte fatigue jouée (avance de 2)
key-verge = bas-côté : pas de route ici
key-curve = virage
key-gruppetto = le gruppetto, un groupe sans équipe qui bloque et abrite comme des coureurs
key-steep = case à fort pourcentage (2 points de mouvement)
key-danger = case danger : un jet d'habileté pour la traverser ou s'y arrêter
key-neutral = case jaune : ni aspiration, ni fatigue
key-mark-flag = drapeau à damier
key-mark-colour = couleur
key-mark-hatched-rim = bord rayé jaune et noir
key-mark-danger-rim = bord rayé rouge et blanc
key-start-box = case de départ : la place d'un coureur sur la grille de départ
key-swap-square = case échange : un coureur qui s'y arrête fait rendre 3 cartes à son équipe, qui en tire autant
key-chance-square = case chance : un coureur qui s'y arrête tire une carte chance
key-square-number = numéro de case, imprimé le long du côté numéroté (grisé, abrité)
key-mark-white-box = cadre blanc
key-mark-kerb = bordure rouge et blanche
key-mark-jersey = { $jersey ->
        [yellow] maillot jaune
        [green] maillot vert
        [polka-dot] maillot à pois
        [white] maillot blanc
        [gold] Maillot Or
        [red] Maillot Rouge
       *[other] maillot
    }
# Un maillot porté par un leader sur son pion, et le classement qu'il mène.
key-jersey = { $classification } : en tête
key-jersey-unnamed = en tête d'un classement
# Le niveau de météo dans l'en-tête (règles maison B), et ce qu'il fait.
key-weather = { $level ->
        [1] météo, de 1 (froid) à 5 (chaud) : à 1, la fatigue va sur le dessus de la pioche
        [5] météo, de 1 (froid) à 5 (chaud) : à 5, la fatigue compte double
       *[other] météo, de 1 (froid) à 5 (chaud) : sans effet à { $level }
    }
# La flèche de l'en-tête : d'où souffle le vent sur le plateau.
key-wind = { $wind ->
        [ahead] vent de face, contre les coureurs
        [behind] vent de dos, dans le dos des coureurs
        [left] vent de côté, venant de la gauche des coureurs
       *[right] vent de côté, venant de la droite des coureurs
    }
key-mark-arrow = flèche
terrain-flat = plat
terrain-climb = montée
terrain-descent = descente
terrain-supply = ravitaillement
terrain-cobbles = pavés

## Le profil de l'étape.

profile-title = { $stage } · profil
profile-sprint = Sprint { $name }
profile-summit = ▲ { $name }

## Classements.

standings-team = Équipe
standings-rider = Coureur
standings-gap = Écart
standings-time = Temps
standings-points = Points
standings-empty = Personne n'est encore classé
standings-reinstated = repêché
# À droite de l'en-tête d'une image de classement : après quelle étape.
standings-picture-after = après l'étape { $stage }
# Après une équipe qui a moins de coureurs que son classement n'en compte (équipes de Velo Master, A-49).
standings-team-short = { $count ->
        [one] { $count } coureur restant : classée après les équipes complètes
       *[other] { $count } coureurs restants : classée après les équipes complètes
    }

## Les points d'un classement, et le retard d'une ligne sur le premier.

score-points = { $points ->
        [one] { $points } pt
       *[other] { $points } pts
    }
score-behind = { $points ->
        [one] à { $points } pt
       *[other] à { $points } pts
    }

## Les courbes du tour (issue 36) : l'histoire d'un classement, étape par étape.

# $classification : le titre du classement (« Classement général »).
chart-title = { $classification }, étape par étape
chart-axis-stage = Étape
# La courbe d'un classement au temps : le retard de chaque coureur sur le leader.
chart-axis-gap = Retard sur le leader
chart-axis-points = Points
