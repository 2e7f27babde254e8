# odds
# /odds (issue 35): winkansen uit nagespeelde koersen van de etappe zoals de vrager haar ziet.

odds-head = Winkansen in etappe { $stage }, uit { $playouts ->
        [one] { $playouts } door de bots nagespeelde koers
       *[other] { $playouts } door de bots nagespeelde koersen
    }{ $seen ->
        [none] {""}
       *[other] , zoals { $seen } de koers ziet
    }: kans ± standaardfout.
odds-rider = { $rider } ({ $team }): { $chance } % ± { $error }
odds-rest = { $riders ->
        [one] Nog { $riders } renner: { $chance } %
       *[other] Nog { $riders } renners: samen { $chance } %
    }
odds-leader = { $classification }: { $leader } leidt na de etappe nog { $chance } % ± { $error }
odds-over = De etappe is voorbij: er valt niets meer te winnen. Bekijk het klassement.

## The picture: its title, and what is written beside each bar.

odds-picture = Etappe { $stage }: winkansen
odds-bar = { $chance } % ± { $error }
