# Wat er gebeurt in een etappe van Hulsts "Le Tour de France", zoals de engine het vertelt
# (engine/src/games/hulst/game.rs). Een vak heet zoals op het bord ($square: "44", "44A",
# "-3"); lijsten van kaarten komen als tekst ("3, 5, 7").

## De woorden van de diensten voor de beurten van Hulst

hulst-hand-button = Mijn kaart spelen
hulst-call-to-directors = Ploegleiders, open je hand als een van je renners aan de beurt is: de voorste renner rijdt eerst.
hulst-nothing-to-choose = Nu niets te kiezen: je hand gaat open als een van je renners aan de beurt is, of als een wissel- of kansvak erom vraagt.
hulst-settled = Je kaart is gespeeld: etappe { $stage }, { $turn } gaat verder in het kanaal.
hulst-deadline = { $decision } voor de beurt van elke renner, { $round } per ronde

## De start

hulst-drew = { $draw ->
        [1] { $team } trekt { $card } voor de start.
       *[other] { $team } trekt opnieuw bij gelijkspel: { $card }.
    }
hulst-first-player = { $team } zet zijn renners als eerste op het bord.
hulst-dealt = Je hand: { $cards }.
hulst-refilled = { $team } krijgt { $count ->
        [one] 1 nieuwe kaart
       *[other] { $count } nieuwe kaarten
    }.
hulst-round = Ronde { $round }.

## Verplaatsingen

hulst-moved = { $rider } speelt { $card } naar vak { $square }, baan { $lane }{ $wind ->
        [0] {""}
       *[other] , met { $wind } windvoordeel
    }{ $boost ->
        [0] {""}
       *[other] , { $boost } meer dankzij een bewaarde kanskaart
    }.
hulst-crashed = { $chance ->
        [true] Kanskaart: valpartij op vak { $number }! Op de grond: { $riders }.
       *[false] Valpartij op vak { $number }! { $rider } rijdt tegen { $hit } aan. Op de grond: { $riders }.
    }
hulst-shown = { $team } toont zijn kaarten als bewijs dat geen kaart de valpartij kon vermijden: { $count ->
        [0] er is er geen meer
       *[other] { $cards }
    }.
hulst-joined-crash = { $rider } kan niet op tijd remmen en valt mee in de valpartij op vak { $number }.
hulst-skipped = { $rider } slaat deze beurt over na zijn val.
hulst-discarded = Er gaat een kaart af voor { $rider }, die al binnen is.
hulst-gave-up = Je legt { $card } af.
hulst-swapped = { $rider } stopt op een wisselvak: { $count ->
        [one] 1 kaart
       *[other] { $count } kaarten
    } gewisseld.
hulst-swap-cards = Je geeft { $cards_given } en trekt { $cards_drawn }.

## Kanskaarten

hulst-chance-advance = { $rider } trekt een kanskaart: { $amount ->
        [one] 1 vak
       *[other] { $amount } vakken
    } vooruit.
hulst-chance-fall-back = { $rider } trekt een kanskaart: { $amount ->
        [one] 1 vak
       *[other] { $amount } vakken
    } terug.
hulst-chance-puncture = { $rider } trekt een kanskaart: lekke band, hij slaat zijn volgende beurt over.
hulst-chance-crash = { $rider } trekt een kanskaart: hier een valpartij.
hulst-chance-exchange = { $rider } trekt een kanskaart: wissel tot { $amount ->
        [one] 1 kaart
       *[other] { $amount } kaarten
    }.
hulst-chance-keep = { $rider } trekt een kanskaart om te bewaren: { $amount ->
        [one] 1 vak
       *[other] { $amount } vakken
    } extra bij een latere zet.
hulst-chance-bonus = { $rider } trekt een kanskaart: { $amount ->
        [one] 1 bonificatieseconde
       *[other] { $amount } bonificatieseconden
    }.
hulst-chance-nothing = { $rider } trekt een kanskaart: er gebeurt niets.
hulst-chance-moved = { $rider } gaat naar vak { $square }.
hulst-chance-shuffled = De kanskaart gaat onder de stapel en de stapel wordt geschud.
hulst-bonus-seconds = { $rider } wint { $seconds ->
        [one] 1 bonificatieseconde
       *[other] { $seconds } bonificatieseconden
    }.

## Tussensprints en finish

hulst-sprint = Tussensprint na vak { $after }: { $rider } komt als nummer { $place } door, { $seconds ->
        [one] { $seconds } bonificatieseconde
       *[other] { $seconds } bonificatieseconden
    } en { $points ->
        [one] { $points } punt
       *[other] { $points } punten
    }.
hulst-finished = { $rider } eindigt op plaats { $place }, { $past ->
        [one] 1 vak
       *[other] { $past } vakken
    } voorbij de streep: { $time } s, { $points ->
        [one] { $points } punt
       *[other] { $points } punten
    }.
hulst-over = Alle renners zijn over de streep: de etappe is afgelopen.
hulst-front = { $rider } rijdt voorop op vak { $square }.
# /stage: de lengte van de etappe, de vakken die de tijden tellen.
hulst-squares-to-line = { $count ->
        [one] { $count } vak tot de streep
       *[other] { $count } vakken tot de streep
    }

## De eigen notitie van een ploegleider

hulst-brief-hand = Je hand ({ $count ->
        [one] 1 kaart
       *[other] { $count } kaarten
    }): { $cards }.
hulst-brief-kept = { $rider } bewaart een kanskaart: { $amount ->
        [one] 1 vak
       *[other] { $amount } vakken
    } extra bij een zet op vlak of bergaf.

## De keuzes

hulst-option-move = { $card } naar { $square }, baan { $lane }{ $wind ->
        [0] {""}
       *[other] {" "}(wind +{ $wind })
    }{ $boost ->
        [true] {" "}met de bewaarde kaart
       *[false] {""}
    }
hulst-option-crash = { $card }: onvermijdelijke valpartij, stop op { $square }, baan { $lane }
hulst-option-swap = { $count ->
        [0] Alle kaarten houden
       *[other] { $cards } afleggen
    }
hulst-option-give-up = { $card } afleggen
hulst-option-land = Vak { $square }, baan { $lane }
# De eerste keuze van een zet: een kaart waarvan het eindvak daarna gekozen wordt.
hulst-option-card = { $card } spelen
# De eindvakken van de gekozen kaart, met de letters op de afbeelding van de ploegleider.
hulst-option-letter-move = { $letter }: { $card } naar { $square }, baan { $lane }{ $wind ->
        [0] {""}
       *[other] {" "}(wind +{ $wind })
    }{ $boost ->
        [true] {" "}met de bewaarde kaart
       *[false] {""}
    }
hulst-option-letter-crash = { $letter }: { $card }, onvermijdelijke valpartij, stop op { $square }, baan { $lane }
hulst-option-back = Terug naar de kaarten
# Ploegentijdrit: de volgorde waarin de ploeg deze beurt haar renners zet.
hulst-option-order = Volgorde: { $riders }

## Weigeringen

hulst-refused-over = De etappe is afgelopen.
hulst-refused-not-your-turn = Je ploeg is niet aan de beurt.
hulst-refused-not-this-rider = Die renner is nu niet aan de beurt.
hulst-refused-no-such-card = Je hand heeft geen { $card }.
hulst-refused-unreachable = Met een { $card } kom je niet op vak { $square }: een renner rijdt precies zijn kaart, recht of schuin vooruit, over vrije vakken.
hulst-refused-avoidable = Deze valpartij kon vermeden worden: met de { $card } rijd je zonder val.
hulst-refused-no-room = Deze zet laat de volgende renner geen ruimte (passeerprincipe): de { $card } zou die wel laten.
hulst-refused-crash-lane = Een valpartij moet zo ver mogelijk van de genummerde kant gebeuren als de kaart toelaat.
hulst-refused-wrong = Dat vraagt deze beurt niet.
hulst-refused-other-card = Je koos de { $card }: kies een van zijn eindvakken, of ga terug naar de kaarten.

## De klassementen van de ronde (docs/hulst.md geeft hun Franse naam op de doos: een speler leest
## zijn eigen taal)

classification-hulst-yellow = Gele trui
classification-hulst-points = Puntenklassement
classification-hulst-team = Ploegenklassement op tijd
classification-hulst-final = Eindklassement

## Een renner zonder eigen naam (de voorinstelling geeft er geen): zijn nummer in de ploeg

hulst-roster-rider = Renner { $number }

## Het tekstbord van de terminal

hulst-text-title = { $course }, ronde { $round } (de finish ligt na vak { $line })
hulst-text-lane = baan { $lane }
hulst-text-roadside = naast de weg: { $riders }
hulst-text-across = over de streep: { $riders }
hulst-text-start = aan de start: { $riders }
hulst-text-legend = renners: beginletter van de ploeg en nummer; .. vlak, ^^ bergop (kaart gehalveerd), vv bergaf (windvoordeel 2), S wisselvak, ? kansvak, | finish; baan 0 is de genummerde kant
