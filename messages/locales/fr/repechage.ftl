# repechage
# Le repêchage : un vote pour faire revenir un coureur qui a abandonné (VM-085, décision A-48).

repechage-window-too-short = un vote de repêchage reste ouvert au moins une seconde : donnez une durée plus longue, ou aucune pour reprendre le délai des manches
repechage-paused = le tour est en pause : un admin le relance avant de proposer un repêchage
repechage-not-abandoned = { $rider } n'a pas abandonné : seul un coureur hors course peut être repêché
repechage-already-back = { $rider } est déjà repêché : il prend le départ de l'étape { $stage }
repechage-last-stage = l'étape { $stage } est la dernière : un coureur repêché maintenant n'aurait plus d'étape à courir
repechage-too-late = { $rider } a quitté la course lors de l'étape { $left } : un repêchage se vote pendant l'étape de l'abandon ou la suivante (A-48), et l'étape { $current } est en cours
repechage-already-open = un vote de repêchage est déjà ouvert, pour { $rider } : attendez son résultat ({ $left } au plus)
repechage-stage-done = l'étape { $stage } a déjà eu son repêchage ({ $rider } a été repêché) : un seul coureur revient par étape (A-48)
repechage-voted-out = les directeurs sportifs ont déjà refusé le retour de { $rider } pour l'étape { $stage } : leur réponse est définitive
repechage-no-voters = toutes les équipes sont menées par des bots : il n'y a aucun directeur sportif pour voter
repechage-no-such-rider = il n'y a pas de coureur { $rider } dans ce tour : donnez le nom ou le dossard d'un coureur

## La question posée au salon. $tie est l'un des messages repechage-tie-.

repechage-proposed = **Vote de repêchage** : { $rider } (n° { $number }, { $team }), qui a abandonné lors de l'étape { $stage }, doit-il revenir ? Si oui, { $rider } prend le départ de l'étape suivante avec, pour chaque étape non terminée, le temps du dernier classé plus une minute, et aucun point.
    Les directeurs sportifs de { $voters } votent, une fois chacun, et peuvent changer d'avis jusqu'à la clôture : quand tous ont voté, ou dans { $window }. La majorité des voix exprimées décide ; { $tie }.
repechage-tie-breaker = en cas d'égalité, le directeur sportif de l'équipe du dernier vainqueur d'étape a une voix de plus (en ce moment { $team })
repechage-tie-bot = en cas d'égalité, le directeur sportif de l'équipe du dernier vainqueur d'étape a une voix de plus ; { $team }, vainqueur de l'étape { $stage }, est menée par un bot, donc pour l'instant une égalité laisse { $rider } dehors
repechage-tie-none = en cas d'égalité, le directeur sportif de l'équipe du dernier vainqueur d'étape a une voix de plus ; aucune étape n'est encore terminée, donc pour l'instant une égalité laisse { $rider } dehors
repechage-button-yes = Oui, repêcher { $rider }
repechage-button-no = Non

## Le bulletin d'un directeur sportif.

repechage-no-such-vote = il n'y a pas de vote de repêchage { $vote } dans ce salon : votez avec les boutons du message du vote
repechage-closed = ce vote est clos : { $outcome }
repechage-closed-announced = ce vote est clos : son résultat a été annoncé
repechage-not-a-voter = seuls les directeurs sportifs de ce tour votent sur un repêchage, et vous ne dirigez aucune équipe
repechage-vote-too-late = Trop tard : ce vote a atteint son échéance avant votre voix, qui n'a pas été comptée.
# $vote : "yes" ou "no", une clé sur laquelle on choisit, jamais affichée.
repechage-voted-last = Vous avez voté { $vote ->
        [yes] oui
       *[no] non
    }. Votre voix était la dernière : le vote est clos.
repechage-voted = Vous avez voté { $vote ->
        [yes] oui
       *[no] non
    }. Vous pouvez changer d'avis jusqu'à la clôture.

## Le résultat. $outcome est gardé avec le vote et est l'un des résultats ci-dessous ; $tally
## l'un des décomptes.

repechage-result = **Repêchage de { $rider }** : { $outcome }
repechage-nobody-voted = personne n'a voté
repechage-tally = { $yes } oui, { $no } non
repechage-tally-extra = { $yes } oui, { $no } non, avec la voix supplémentaire du directeur sportif de { $team }, dont le coureur a gagné l'étape { $stage }
repechage-tally-tie-no-winner = { $yes } oui, { $no } non : égalité, et aucune étape n'a encore de vainqueur pour la départager
repechage-tally-tie-bot = { $yes } oui, { $no } non : égalité, que { $team }, vainqueur de l'étape { $stage }, ne peut départager : elle est menée par un bot
repechage-tally-tie-no-vote = { $yes } oui, { $no } non : égalité, et le directeur sportif de { $team }, dont le coureur a gagné l'étape { $stage }, n'a pas voté pour la départager
repechage-stays-out = { $tally }. { $rider } reste hors course.
repechage-passed-too-late = { $tally }. Le vote est passé, mais l'étape { $stage } est la dernière : il ne reste aucune étape à courir pour { $rider }.
repechage-brought-back = { $tally }. { $rider } est repêché : il prend le départ de l'étape { $stage }, avec pour { $missed } le temps du dernier classé plus une minute (A-48).
repechage-tour-over = le tour s'est terminé avant la clôture du vote ; personne n'a été repêché
repechage-closed-twice = le vote de repêchage { $vote } a été clos deux fois
repechage-no-stage-left = { $rider } est marqué comme ayant abandonné mais aucune étape ne dit qu'il a quitté la course
