# odds
# /odds (issue 35) : chances de victoire, d'après des courses simulées de l'étape telle que le demandeur la voit.

odds-head = Chances de victoire dans l'étape { $stage }, sur { $playouts ->
        [one] { $playouts } course simulée
       *[other] { $playouts } courses simulées
    } par les bots{ $seen ->
        [none] {""}
       *[other] , telles que { $seen } voit la course
    } : chance ± erreur type.
odds-rider = { $rider } ({ $team }) : { $chance } % ± { $error }
odds-rest = { $riders ->
        [one] { $riders } autre coureur : { $chance } %
       *[other] { $riders } autres coureurs : { $chance } % à eux tous
    }
odds-leader = { $classification } : { $leader } mène encore après l'étape { $chance } % ± { $error }
odds-over = L'étape est finie : il n'y a plus rien à y gagner. Voyez les classements.

## The picture: its title, and what is written beside each bar.

odds-picture = Étape { $stage } : chances de victoire
odds-bar = { $chance } % ± { $error }
