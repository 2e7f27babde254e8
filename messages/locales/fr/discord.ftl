# L'adaptateur Discord (bot/src/discord/) et ce que dit la main d'un directeur sportif.

## La main d'un directeur sportif : ses coureurs, ce qu'il peut choisir, et jusqu'à quand.

# $turn (ici et plus bas) : le tour de jeu en cours, tel que le jeu le nomme (« manche 3 »).
hand-head = **{ $team }**, étape { $stage }, { $turn }.
hand-choose-within = Choisissez d'ici { $left }, sinon le bot joue à votre place.
    .terminal = {""}
hand-paused = Le tour est en pause : les choix attendent qu'un admin le relance.
    .terminal = Le tour est en pause.
hand-autopilot-on = Le pilote automatique est activé : le bot choisit pour votre équipe jusqu'à ce que vous le coupiez avec { $autopilot }.
# Une option sur un bouton ou dans une liste : un coureur (ou l'équipe), puis ce qu'il fait (« Bleus Rouleur : Garder 5 »).
option = { $group } : { $label }

## Le choix d'un directeur sportif.

choose-already-counted = Cette demande a déjà été comptée ; rien de plus n'a été fait.
choose-paused = le tour est en pause : les choix attendent qu'un admin le relance
# Un choix fait pour une décision passée (un autre onglet, un vieux message).
choose-stale = Ce choix portait sur une décision déjà passée, il n'a donc pas été retenu : choisissez à nouveau parmi les options affichées maintenant.
choose-stale-button = Ce bouton portait sur une décision déjà passée, il n'a donc pas été retenu. Voici où en est votre équipe.
choose-not-an-option = ce n'est pas l'une de vos options en ce moment : { $hand } affiche celles qui vous sont ouvertes
# Ce que le directeur sportif a choisi, coché.
choose-done = ✓ { $option }
# Les équipes qu'une manche attend encore, après un choix ou avec /stage.
waiting-for = En attente de : { $teams }.
reminder = Rappel : { $team } a encore des choix à faire pour l'étape { $stage }, { $turn }. Le bot joue à votre place dans { $left }.

## /autopilot.

autopilot-no-team = vous ne dirigez aucune équipe dans ce tour : rejoignez-en une avec { $tour_join }
autopilot-already-on = Le pilote automatique est déjà activé : le bot choisit pour votre équipe.
autopilot-already-off = Le pilote automatique est déjà coupé : les choix de votre équipe vous appartiennent.
autopilot-on = Pilote automatique activé : le bot choisit pour { $team } jusqu'à ce que vous le coupiez avec { $autopilot }.
autopilot-off = Pilote automatique coupé : les choix de { $team } vous reviennent.

## Clore une manche, faire avancer un tour de bots.

paused-resume-first = le tour est en pause : un admin doit d'abord le relancer
close-round-still-open = la manche reste ouverte encore { $left } : seul un admin peut la clore plus tôt
close-round-nobody-late = Personne n'est en retard : il n'y a rien à clore.
advance-nothing-to-play = Rien à jouer : c'est aux directeurs sportifs de jouer.

## /play tapé à la main, et son autocomplétion.

play-nothing-to-choose = vous n'avez rien à choisir pour l'instant : attendez votre tour
play-no-such-option = « { $typed } » ne fait pas partie de vos options ; choisissez parmi : { $options }
play-ambiguous = « { $typed } » peut désigner { $options } : tapez davantage de l'option voulue
play-and-more = et { $count ->
        [one] { $count } autre
       *[other] { $count } autres
    } (commencez à taper pour les voir)
# Un préréglage proposé par l'autocomplétion de /tour create.
preset-choice = { $name } ({ $stages ->
        [one] { $stages } étape
       *[other] { $stages } étapes
    })

## Menus déroulants, quand une décision a plus d'options que de boutons.

menu-placeholder = Options { $first } à { $last } sur { $total }
menu-placeholder-more = Options { $first } à { $last } sur { $total } : { $play } les propose toutes

## Boutons qui ne fonctionnent plus.

button-outdated = Ce bouton vient d'une ancienne version du commissaire et ne fonctionne plus : utilisez { $hand } pour voir vos options, ou { $tour_status }.
button-earlier-tour = Ce bouton appartient à un tour précédent de ce salon : { $tour_status } affiche le tour en cours.

## La carte de la manche : chaque équipe, cochée dès qu'elle a choisi, et l'heure de clôture.

card-title = { $title } : { $turn }
card-team-director = { $team } · <@{ $user }>
card-team-bot = { $team } · bot
card-team-done = ✅ { $who }
card-team-waiting = ⏳ { $who }
card-all-chosen = Toutes les équipes ont choisi : la manche se joue.
# $deadline : une heure Unix, que Discord affiche comme « dans 5 minutes ».
card-choose = Choisissez avec le bouton ci-dessous ou { $play }. Le bot joue pour les équipes en retard <t:{ $deadline }:R>.
card-paused = Le tour est en pause : les choix attendent qu'un admin le relance.

## Le message d'état du tour, épinglé et modifié sur place à mesure que le tour avance.

status-card-title = 📌 Où en est le tour
# $since : une heure Unix, que Discord affiche comme « il y a 5 minutes ».
status-card-waiting-since = Attendues depuis <t:{ $since }:R> :
status-card-waiting = Attendues :
status-card-deadline = Le bot joue pour les équipes en retard <t:{ $deadline }:R>.
status-card-jerseys = Maillots :
status-reposted = Le message d'état du tour est publié à nouveau ci-dessous et épinglé ; il est tenu à jour à mesure que le tour avance.

## Accusés de réception privés d'une commande dont la réponse est allée dans le salon.

done = C'est fait.
done-round-posted = C'est fait : la manche est publiée dans le salon.
done-answer-posted = C'est fait : la réponse est publiée dans le salon.
# After a deferred answer: where the public answer was posted ($link: the message's address).
done-round-posted-at = C'est fait : la manche est publiée dans le salon : { $link }
done-answer-posted-at = C'est fait : la réponse est publiée dans le salon : { $link }
done-news-posted = C'est fait : les nouvelles sont publiées dans le salon.
# Un rappel qui mentionne d'abord son directeur sportif.
reminder-ping = <@{ $user }> { $text }

## Une option pour laquelle un jeu n'a pas de mots dans le catalogue : son libellé anglais tel quel.

option-label = { $label }
