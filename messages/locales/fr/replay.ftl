# replay
# Une étape finie en animation (issue 36) : postée avec le résultat de l'étape, et de nouveau
# avec l'option revoir de /étape.

# Dans le salon, avec l'animation : $stage son numéro, $course le nom de son parcours.
replay-posted = Étape { $stage }, { $course }, tour après tour : le plateau de chaque tour, puis l'arrivée.
# Refus de l'option revoir de /étape.
replay-none-yet = aucune étape n'est encore finie : une étape se revoit une fois terminée
replay-not-finished = l'étape { $stage } n'est pas finie : les étapes finies vont de 1 à { $last }

# L'option journal de /étape (issue 36) : une étape racontée tour après tour, en fichier Markdown.
# La réponse, pour le seul demandeur : $stage son numéro, $course son parcours, $turns le nombre
# de tours joués, $file le nom du fichier joint.
stage-log-posted = Étape { $stage }, { $course }, tour après tour : { $turns ->
        [one] un tour joué
       *[other] { $turns } tours joués
    }, ce que chaque équipe a joué et ce qui en est sorti, dans le fichier joint { $file }.
# Le titre du fichier.
stage-log-title = Étape { $stage }, { $course } : tour après tour
# Sous le titre d'une étape encore en course.
stage-log-in-progress = L'étape est encore en course : voici son journal jusqu'ici. Les choix secrets d'un tour apparaissent une fois le tour joué.
# Une étape où rien n'a encore été joué.
stage-log-nothing-yet = Rien n'a encore été joué.
# À côté du titre du tour en cours.
stage-log-turn-open = en cours
# Un tour dont le message n'a rien dit.
stage-log-turn-quiet = rien à signaler
# Refus de l'option journal de /étape.
stage-log-none-yet = le tour n'a pas commencé : une étape a un journal dès qu'elle est en course
stage-log-not-started = l'étape { $stage } n'a pas commencé : les étapes courues jusqu'ici vont de 1 à { $last }
# /étape avec ses deux options : $stage est la commande.
stage-log-or-replay = { $stage } prend une option à la fois : revoir ou journal
