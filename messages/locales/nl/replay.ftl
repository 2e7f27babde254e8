# replay
# Een verreden etappe als animatie (issue 36): geplaatst bij de uitslag van de etappe, en
# opnieuw met de optie herhaling van /etappe.

# In het kanaal, bij de animatie: $stage het nummer, $course de naam van het parcours.
replay-posted = Etappe { $stage }, { $course }, beurt na beurt: het bord van elke beurt, dan de aankomst.
# Weigeringen van de optie herhaling van /etappe.
replay-none-yet = er is nog geen etappe verreden: een etappe is opnieuw te bekijken zodra ze voorbij is
replay-not-finished = etappe { $stage } is nog niet verreden: de verreden etappes zijn 1 tot { $last }

# De optie verslag van /etappe (issue 36): een etappe beurt na beurt verteld, als Markdown-bestand.
# Het antwoord, alleen voor de vrager: $stage het nummer, $course het parcours, $turns hoeveel
# beurten er gespeeld zijn, $file de naam van het bijgevoegde bestand.
stage-log-posted = Etappe { $stage }, { $course }, beurt na beurt: { $turns ->
        [one] één beurt gespeeld
       *[other] { $turns } beurten gespeeld
    }, wat elke ploeg speelde en wat ervan kwam, in het bijgevoegde bestand { $file }.
# De titel van het bestand.
stage-log-title = Etappe { $stage }, { $course }: beurt na beurt
# Onder de titel van een etappe die nog verreden wordt.
stage-log-in-progress = De etappe wordt nog verreden: dit is het verslag tot nu toe. De geheime keuzes van een beurt verschijnen zodra de beurt gespeeld is.
# Een etappe waarin nog niets gespeeld is.
stage-log-nothing-yet = Er is nog niets gespeeld.
# Naast de kop van de beurt die gespeeld wordt.
stage-log-turn-open = bezig
# Een beurt waarvan het bericht niets zei.
stage-log-turn-quiet = niets te melden
# Weigeringen van de optie verslag van /etappe.
stage-log-none-yet = de ronde is nog niet begonnen: een etappe heeft een verslag zodra ze onderweg is
stage-log-not-started = etappe { $stage } is nog niet begonnen: de etappes tot nu toe zijn 1 tot { $last }
# /etappe met allebei de opties: $stage is het commando.
stage-log-or-replay = { $stage } neemt één optie tegelijk: herhaling of verslag
