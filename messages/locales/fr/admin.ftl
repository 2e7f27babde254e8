# admin
# Ce que les admins font d'un tour en cours : pause, reprise, délais, bots, abandons, la fin.

admin-already-paused = le tour est déjà en pause
admin-paused = Le tour est en pause : aucun choix n'est pris et aucun délai ne court jusqu'à ce qu'un admin le relance.
admin-not-paused = le tour n'est pas en pause
admin-resumed = Le tour reprend : { $deadline } pour choisir dans cette manche.
admin-deadline-set = Chaque manche reste désormais ouverte { $deadline }.
admin-deadline-set-now = Chaque manche reste désormais ouverte { $deadline }. La manche en cours se termine dans ce délai à partir de maintenant.
admin-no-such-team = il n'y a pas d'équipe nommée { $team } dans ce tour ; les équipes sont : { $teams }
admin-already-bot = { $team } est déjà menée par un bot
admin-bot-rides = Un bot mène { $team } désormais.
admin-already-abandoned = { $rider } a déjà abandonné
admin-abandons = { $rider } (n° { $number }) abandonne : hors de tous les classements à partir de l'étape { $stage }.
admin-ended-early = Le tour est arrêté avant la fin de la moindre étape : pas de classement, pas de vainqueur.
admin-ended = Un admin a mis fin au tour après l'étape { $stage }.
    { $winners }

## Ce que seul un admin peut faire, comme dans « seul un admin peut mettre le tour en pause ».

admin-action-create = créer un tour
admin-action-start = lancer le tour
admin-action-repechage = proposer un repêchage
admin-action-pause = mettre le tour en pause
admin-action-resume = relancer le tour
admin-action-deadline = fixer le délai des manches
admin-action-replace = remplacer un joueur par un bot
admin-action-abandon = faire abandonner un coureur
admin-action-end = mettre fin au tour

# Un refus : $action est l'un des messages admin-action- ci-dessus.
admin-only = seul un admin peut { $action }
