# lobby
# Avant le départ : créer un tour, le rejoindre, le quitter, le lancer.

lobby-team-name-length = un nom d'équipe compte de 1 à { $max ->
        [one] { $max } caractère
       *[other] { $max } caractères
    }, pas { $count }
lobby-seats = un tour accueille de 1 à { $max ->
        [one] { $max } équipe
       *[other] { $max } équipes
    }, pas { $seats }
library-no-presets = aucun préréglage de tour trouvé dans { $folder } : lancez la commande depuis le dossier du projet ou passez --config
library-no-such-preset = il n'y a pas de préréglage de tour nommé « { $name } » ; les préréglages sont : { $known }
library-no-such-preset-near = il n'y a pas de préréglage de tour nommé « { $name } » : vouliez-vous dire « { $near } » ? Les préréglages sont : { $known }
library-preset-skipped = { $problem } (ce préréglage est mis de côté tant que le fichier n'est pas corrigé)
library-course-skipped = { $problem } (ce parcours est mis de côté tant que le fichier n'est pas corrigé)
lobby-preset-course = { $tour } : { $error }
lobby-tour-exists = il y a déjà un tour dans ce salon ({ $preset }, { $status ->
        [lobby] en attente d'équipes
        [running] en course
        [paused] en pause
       *[other] { $status }
    }) : un admin peut d'abord y mettre fin
lobby-open = **{ $tour }** est ouvert : { $stages ->
        [one] { $stages } étape
       *[other] { $stages } étapes
    }, { $teams ->
        [one] { $teams } équipe
       *[other] { $teams } équipes
    } { $riders ->
        [one] de { $riders } coureur
       *[other] de { $riders } coureurs
    }, { $deadline }. Inscrivez-vous avec { $tour_join }, en donnant un nom d'équipe et une couleur ; un admin donne le départ avec { $tour_start } quand vous êtes prêts (les places vides vont aux bots).
lobby-colour-missing = donnez une couleur à votre équipe, par exemple rouge
lobby-join-too-late = le tour a déjà commencé : les nouvelles équipes pourront rejoindre le suivant
lobby-already-in = vous êtes déjà dans ce tour, à la tête de { $team }
lobby-name-taken = le nom { $name } est déjà pris : choisissez-en un autre
lobby-full = le tour est complet ({ $seats ->
        [one] { $seats } équipe
       *[other] { $seats } équipes
    })
lobby-joined = { $team } ({ $colour ->
        [red] rouge
        [blue] bleu
        [green] vert
        [yellow] jaune
        [black] noir
        [white] blanc
        [orange] orange
        [purple] violet
        [pink] rose
        [brown] marron
       *[other] { $colour }
    }) rejoint le tour : { $taken } { $taken ->
        [one] place prise
       *[other] places prises
    } sur { $seats }.
lobby-not-in = vous n'êtes pas dans ce tour
lobby-withdraws = { $team } se retire du tour.
lobby-director-leaves = Le directeur sportif de { $team } quitte le tour : un bot mène l'équipe désormais.
lobby-already-started = le tour a déjà commencé
lobby-no-bot-names = pas assez de noms d'équipes pour les bots des places vides
lobby-riders-refused = les coureurs de { $tour } ne peuvent pas être engagés : { $reason }
lobby-starts-bots = **{ $tour }** est lancé ! { $count ->
        [one] { $count } équipe
       *[other] { $count } équipes
    } : { $teams }. Des bots mènent toutes les équipes.
lobby-starts = **{ $tour }** est lancé ! { $count ->
        [one] { $count } équipe
       *[other] { $count } équipes
    } : { $teams }. { $call }
    .terminal = **{ $tour }** est lancé ! { $count ->
        [one] { $count } équipe
       *[other] { $count } équipes
    } : { $teams }.
