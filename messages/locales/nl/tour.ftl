# tour
# De tour: klassementen, etappes, uitslagen.

classification-general = Algemeen klassement
classification-points = Puntenklassement
classification-mountains = Bergklassement
classification-team = Ploegenklassement
classification-youth = Jongerenklassement
classification-combativity = Strijdlustklassement

## De naam van een etappe: haar nummer, van hoeveel, en haar parcours.

stage-title = Etappe { $number }/{ $total }, { $course }
# Als het aantal etappes van de voorinstelling niet te lezen is.
stage-title-untold = Etappe { $number }, { $course }
# $kind: de naam die de motor aan het soort etappe geeft.
stage-kind = { $kind ->
        [Flat] vlakke rit
        [Hilly] heuvelrit
        [Mountain] bergrit
        [TimeTrial] tijdrit
        [TeamTimeTrial] ploegentijdrit
       *[other] { $kind }
    }

## Weigeringen en antwoorden over de tour zoals hij ervoor staat.

no-tour = er is geen tour in dit kanaal
no-tour-create = er is geen tour in dit kanaal: een beheerder maakt er een aan met { $tour_create }
tour-not-started = de tour is nog niet begonnen: een beheerder start hem zodra de ploegen zich hebben aangemeld
tour-over = de tour is voorbij
# A request to a finished tour (its hand, a choice, the stage, an admin action): the tour is over.
tour-over-nothing-more = **{ $tour }** is voorbij: hier wordt niets meer gespeeld tot een beheerder de volgende tour aanmaakt, en de eindklassementen blijven tot dan te zien.
standings-not-started = de tour is nog niet begonnen: de klassementen komen na de eerste etappe
standings-none-yet = Er is nog geen etappe gefinisht: de klassementen komen na etappe 1.
# $classification: de gevraagde naam; $known: die van het spel van deze tour.
standings-no-such = het spel van deze tour heeft geen klassement '{ $classification }': vraag er een van { $known }

## /stage: de etappe die gereden wordt. $kind is een stage-kind, $to_line de afstand van de start
## tot de streep, geteld zoals het spel telt (board-rows-to-line, board-cells-to-line,
## hulst-squares-to-line).

# $turn: de beurt die gespeeld wordt, zoals het spel hem aan het begin van een zin noemt ("Ronde 3").
stage-info-head = **Etappe { $number }/{ $total } van { $tour }: { $course }** ({ $kind }, { $to_line })
    { $turn }.
stage-info-paused = De tour staat stil.
stage-forecast = Weersverwachting voor etappe { $number }: { $weather ->
        [fog] mist
        [storm] onweer
        [windy] winderig
        [overcast] bewolkt
        [sunny] zonnig
       *[heatwave] hittegolf
    }.
stage-forecast-rest = Voor etappe { $number } komt een rustdag: haar weer wordt opnieuw getrokken.
round-closes-in = De ronde sluit over { $left }.

## /tour status.

status-team-director = { $team } (<@{ $user }>)
status-team-bot = { $team } (bot)
status-lobby = **{ $tour }** ({ $stages ->
        [one] 1 etappe
       *[other] { $stages } etappes
    }) wacht op ploegen: { $taken } van de { $seats } plaatsen bezet.
status-lobby-join = Meld je aan met { $tour_join }; een beheerder start met { $tour_start } (lege plaatsen gaan naar bots).
status-over = **{ $tour }** is voorbij. { $standings } toont de eindklassementen; een beheerder kan de volgende tour aanmaken met { $tour_create }.
# $turn: de beurt die gespeeld wordt, zoals het spel hem noemt ("ronde 3").
status-running = **{ $tour }**: etappe { $stage } van { $total }, { $course }, { $turn }.
status-paused = Stilgelegd: een beheerder hervat met { $admin_resume }.
# Het vastgezette statusbericht van de tour: een regel per trui, en de kop zodra de tour voorbij is.
status-jersey = { $classification }: { $who }
status-card-over = **{ $tour }** is voorbij. De winnaars:

## Het nieuws van een ronde, een etappe, de tour.

# $turn (hier en verder): een beurt zoals het spel hem noemt ("ronde 3", "bod voor de
# ontsnapping 1 van 2"); een $turn aan het begin van een zin heeft een hoofdletter ("Ronde 3").
round-title = **Etappe { $stage }, { $turn }**
# A turn's post grown past one message goes on in a new one, titled so.
round-title-continued = **Etappe { $stage }, { $turn }** (vervolg)
round-nothing-happened = er gebeurde niets
# Een ronde in één regel als het spel geen samenvatting geeft: de eerste zin, en hoeveel meer.
round-and-more = { $first } (en nog { $count })
news-time-is-up = De tijd is om: de bot speelde de ontbrekende keuzes van { $teams }.
news-closed-early = Een beheerder sloot de ronde: de bot speelde de ontbrekende keuzes van { $teams }.
# $title: een stage-title.
news-stage-starts = **{ $title }** begint.
news-in-brief-one = **Etappe { $stage }, { $turn } in het kort**
news-in-brief = **Etappe { $stage }, { $first } tot { $last } in het kort**
news-brief-round = { $turn }: { $brief }

## De uitslag van een etappe: de aankomstvolgorde met de gereden tijd; bonificaties apart.

# $stage: een stage-title.
stage-result-title = **{ $stage }: uitslag**
stage-result-legend = Aankomstvolgorde, met de gereden tijd; de bonificatieseconden gaan eraf in het algemeen klassement.
stage-result-legend-timed = Aankomstvolgorde, met de tijd van elke renner op de wedstrijdklok (renners die bij het einde nog onderweg waren, krijgen de tijd van waar ze stonden).
# Een etappe waarvan de regels geen bonificaties geven (de kaartkoers van huisregels A).
stage-result-legend-no-bonus = Aankomstvolgorde, met de gereden tijd, die zo in het algemeen klassement telt.
stage-result-line = { $place }. { $rider } { $time }
stage-result-line-bonus = { $place }. { $rider } { $time }, bonificatie −{ $bonus } s
# Een tour op punten (een wereldbeker): de punten die elke renner in de etappe scoorde.
stage-result-legend-points = Aankomstvolgorde, met de punten voor { $classification } die elke renner scoorde.
stage-result-line-points = { $place }. { $rider }: { $points ->
    [one] { $points } pt
   *[other] { $points } ptn
}
# $riders: de namen van de renners, gescheiden door komma's.
stage-result-out = { $count ->
        [one] Verliet de koers tijdens de etappe: { $riders }.
       *[other] { $count } renners verlieten de koers tijdens de etappe: { $riders }.
    }
# Na een ploeg met minder renners dan haar klassement telt (ploegen van Velo Master, A-49).
standings-team-short-mark = ({ $count ->
        [one] 1 renner
       *[other] { $count } renners
    })
standings-team-short-legend = Een ploeg met minder renners dan het klassement telt, komt na de volledige ploegen, wat haar tijd ook is.
# Een renner wiens naam zijn ploeg nog niet noemt.
rider-of-team = { $rider } ({ $team })

## De klassementen als tekst, en de winnaars.

standings-after = **Klassementen na etappe { $stage }**
standings-nobody-yet = nog niemand heeft gescoord
# Onder een tabel: $mark is het teken na een teruggehaalde renner.
standings-reinstated-legend = { $mark } repêché: teruggehaald door de stemming van de ploegleiders
# Aan het begin van deze titel vindt de demo de winnaars in haar verslag: houd "**De tour is voorbij".
winners-title = **De tour is voorbij. De winnaars:**
# $classification: een classification-bericht.
winners-line = { $classification }: { $who } — { $value }
winners-line-reinstated = { $classification }: { $who } (repêché) — { $value }
winners-nobody = { $classification }: niemand scoorde
