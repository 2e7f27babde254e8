# replay
# Une étape finie en animation (issue 36) : postée avec le résultat de l'étape, et de nouveau
# avec l'option revoir de /étape.

# Dans le salon, avec l'animation : $stage son numéro, $course le nom de son parcours.
replay-posted = Étape { $stage }, { $course }, tour après tour : le plateau de chaque tour, puis l'arrivée.
# Refus de l'option revoir de /étape.
replay-none-yet = aucune étape n'est encore finie : une étape se revoit une fois terminée
replay-not-finished = l'étape { $stage } n'est pas finie : les étapes finies vont de 1 à { $last }
