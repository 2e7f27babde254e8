# Het tourboek (issue 36): de hele tour in één Markdown-bestand, bij het laatste bericht gevoegd.

book-title = { $tour }: het tourboek
book-intro = { $stages ->
    [one] Eén etappe
   *[other] { $stages } etappes
}, { $teams ->
    [one] één ploeg
   *[other] { $teams } ploegen
}: de winnaar van elke etappe, de truien erna en de beslissende momenten, dan de podia en de prijzen.
book-stage = Etappe { $stage }, { $course }
book-winner = Gewonnen door **{ $rider }** ({ $team })
book-jersey = { $classification }: { $rider }
book-moment = { $turn }: { $what }
book-rejoined = { $rider } kwam terug in koers door de herkansingsstemming
book-podiums = De podia
book-awards = De prijzen
book-pictures = De afbeeldingen
book-pictures-intro = De afbeeldingen die met dit boek zijn geplaatst, ernaast: bewaar de bestanden van het bericht samen in één map om ze hier te zien.
book-picture-replay = Etappe { $stage }, beurt na beurt (animatie)
book-picture-standings = { $classification } na de laatste etappe
book-picture-chart = { $classification }, etappe na etappe
award-stage-wins = De meeste etappezeges: **{ $rider }**, { $wins ->
    [one] één etappe
   *[other] { $wins } etappes
}
award-jersey-days = { $classification }, de meeste dagen aan de leiding: **{ $rider }**, { $days ->
    [one] één etappe
   *[other] { $days } etappes
}
award-exhaustion = De zwaarste benen: **{ $rider }**, { $cards ->
    [one] één vermoeidheidskaart
   *[other] { $cards } vermoeidheidskaarten
} aan het eind van etappe { $stage }
award-climb = { $classification }, de grootste opmars van de eerste etappe tot de laatste: **{ $rider }**, { $places ->
    [one] één plaats
   *[other] { $places } plaatsen
} gewonnen
book-attached = 📖 De hele tour, etappe na etappe, staat in het bijgevoegde tourboek ({ $file }).
