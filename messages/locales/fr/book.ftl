# Le livre du tour (issue 36) : tout le tour dans un fichier Markdown, joint à son dernier message.

book-title = { $tour } : le livre du tour
book-intro = { $stages ->
    [one] Une étape
   *[other] { $stages } étapes
}, { $teams ->
    [one] une équipe
   *[other] { $teams } équipes
} : le vainqueur de chaque étape, les maillots après elle et ses moments décisifs, puis les podiums et les prix.
book-stage = Étape { $stage }, { $course }
book-winner = Gagnée par **{ $rider }** ({ $team })
book-jersey = { $classification } : { $rider }
book-moment = { $turn } : { $what }
book-rejoined = { $rider } est revenu dans la course par le vote de repêchage
book-podiums = Les podiums
book-awards = Les prix
book-pictures = Les images
book-pictures-intro = Les images publiées avec ce livre, à côté de lui : gardez les fichiers du message ensemble dans un même dossier pour les voir ici.
book-picture-replay = Étape { $stage }, tour après tour (animation)
book-picture-standings = { $classification } après la dernière étape
book-picture-chart = { $classification }, étape par étape
award-stage-wins = Le plus de victoires d'étape : **{ $rider }**, { $wins ->
    [one] une étape
   *[other] { $wins } étapes
}
award-jersey-days = { $classification }, le plus de jours en tête : **{ $rider }**, { $days ->
    [one] une étape
   *[other] { $days } étapes
}
award-exhaustion = Les jambes les plus lourdes : **{ $rider }**, { $cards ->
    [one] une carte fatigue
   *[other] { $cards } cartes fatigue
} à la fin de l'étape { $stage }
award-climb = { $classification }, la plus belle remontée de la première étape à la dernière : **{ $rider }**, { $places ->
    [one] une place
   *[other] { $places } places
} gagnées
book-attached = 📖 Tout le tour, étape par étape, est dans le livre du tour joint ({ $file }).
