# lobby
# Voor de start: een tour aanmaken, je aanmelden, vertrekken, starten.

lobby-team-name-length = een ploegnaam telt 1 tot { $max ->
        [one] 1 teken
       *[other] { $max } tekens
    }, niet { $count }
lobby-seats = een tour neemt 1 tot { $max ->
        [one] 1 ploeg
       *[other] { $max } ploegen
    }, niet { $seats }
library-no-presets = geen tourvoorinstellingen gevonden in { $folder }: start vanuit de projectmap of geef --config mee
library-no-such-preset = er is geen tourvoorinstelling met de naam '{ $name }'; de voorinstellingen zijn: { $known }
library-no-such-preset-near = er is geen tourvoorinstelling met de naam '{ $name }': bedoelde je '{ $near }'? De voorinstellingen zijn: { $known }
library-preset-skipped = { $problem } (deze voorinstelling blijft buiten beschouwing tot het bestand hersteld is)
library-course-skipped = { $problem } (dit parcours blijft buiten beschouwing tot het bestand hersteld is)
lobby-preset-course = { $tour }: { $error }
lobby-tour-exists = er is al een tour in dit kanaal ({ $preset }, { $status ->
        [lobby] wacht op ploegen
        [running] onderweg
        [paused] stilgelegd
       *[other] { $status }
    }): een beheerder kan die eerst beëindigen
lobby-open = **{ $tour }** is open: { $stages ->
        [one] 1 etappe
       *[other] { $stages } etappes
    }, { $teams ->
        [one] 1 ploeg
       *[other] { $teams } ploegen
    } van { $riders ->
        [one] 1 renner
       *[other] { $riders } renners
    }, { $deadline }. Meld je aan met { $tour_join } en geef een ploegnaam en een kleur; een beheerder start de tour met { $tour_start } als jullie klaar zijn (lege plaatsen gaan naar bots).
lobby-colour-missing = geef je ploeg een kleur, bijvoorbeeld rood
lobby-join-too-late = de tour is al begonnen: nieuwe ploegen kunnen bij de volgende meedoen
lobby-already-in = je zit al in deze tour, als ploegleider van { $team }
lobby-name-taken = de naam { $name } is al bezet: kies een andere
lobby-full = de tour is vol ({ $seats ->
        [one] 1 ploeg
       *[other] { $seats } ploegen
    })
lobby-joined = { $team } ({ $colour ->
        [red] rood
        [blue] blauw
        [green] groen
        [yellow] geel
        [black] zwart
        [white] wit
        [orange] oranje
        [purple] paars
        [pink] roze
        [brown] bruin
       *[other] { $colour }
    }) doet mee aan de tour: { $taken } van de { $seats } plaatsen bezet.
lobby-not-in = je zit niet in deze tour
lobby-withdraws = { $team } trekt zich terug uit de tour.
lobby-director-leaves = De ploegleider van { $team } verlaat de tour: voortaan rijdt een bot met de ploeg.
lobby-already-started = de tour is al begonnen
lobby-no-bot-names = niet genoeg ploegnamen voor de bots op de lege plaatsen
lobby-riders-refused = de renners van { $tour } kunnen niet ingeschreven worden: { $reason }
lobby-starts-bots = **{ $tour }** gaat van start! { $count ->
        [one] 1 ploeg
       *[other] { $count } ploegen
    }: { $teams }. Bots rijden met elke ploeg.
lobby-starts = **{ $tour }** gaat van start! { $count ->
        [one] 1 ploeg
       *[other] { $count } ploegen
    }: { $teams }. { $call }
    .terminal = **{ $tour }** gaat van start! { $count ->
        [one] 1 ploeg
       *[other] { $count } ploegen
    }: { $teams }.
