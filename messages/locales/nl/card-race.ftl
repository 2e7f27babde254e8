# Wat er in een kaartkoers gebeurde, zoals de motor het vertelt (engine/src/registry/*: `sentence("id", ...)`).
# De argumenten zijn die van de motor, onder dezelfde namen.

## Hoe de beurt die gespeeld wordt heet, midden in de zinnen van de diensten ("Etappe 1, ronde 3",
## "Etappe 2/7, Col: ronde 3"); `.start` is de vorm die een zin opent ("Ronde 3: ...").

# De standaardnaam van een beurt, en die van de rondes van de kaartkoers.
turn-round = ronde { $round }
    .start = Ronde { $round }
# De veiling voor de ontsnapping van huisregels A: de biedrondes komen voor ronde 1.
card-race-turn-bid = bod voor de ontsnapping { $step } van { $steps }
    .start = Bod voor de ontsnapping { $step } van { $steps }
# De neutrale start van huisregels B, voor ronde 1.
card-race-turn-fictive-start = de neutrale start
    .start = De neutrale start

## De kaartkoers

card-race-round-started = Ronde { $round } begint.
card-race-hand-drawn = { $rider } trekt { $cards }.
card-race-deck-reshuffled = De gerecyclede kaarten van { $rider } worden geschud tot een nieuwe trekstapel.
card-race-card-chosen = { $rider } heeft een kaart gekozen.
card-race-cards-revealed = Kaarten omgedraaid: { $cards }.
card-race-moved = { $rider } speelt { $card }: vak { $from } → { $to }{ $blocked ->
        [0] {""}
        [one] {" "}(geblokkeerd, 1 vak verloren)
       *[other] {" "}(geblokkeerd, { $blocked } vakken verloren)
    }.
card-race-slipstream = { $rider } profiteert van de slipstream tot vak { $to }.
card-race-exhaustion = { $rider } zat in de wind: één vermoeidheidskaart.
card-race-tt-exhaustion = { $rider } speelde de hoogste kaart van de ronde: één vermoeidheidskaart.
card-race-crossed = { $rider } komt over de streep!
card-race-tt-start = Ronde { $round }: { $riders } { $count ->
        [one] vertrekt
       *[other] vertrekken
    } tegen de klok.
card-race-tt-highest = { $rider } hield de hoogste kaart van zijn hand: { $cards ->
        [one] één vermoeidheidskaart
       *[other] { $cards } vermoeidheidskaarten
    }.
card-race-fictive-start = Neutrale start: het peloton rolt achter de vlag, elk trekt twee kaarten, niemand besteedt er een. { $count ->
        [0] Niemand rijdt vooraan in het startvak.
        [one] Vooraan in het startvak neemt { $riders } één vermoeidheidskaart.
       *[other] Vooraan in het startvak nemen { $riders } elk één vermoeidheidskaart.
    }
card-race-cup-entry = { $rider } wordt ingeschreven{ $form ->
        [0] {" "}zonder vormkaart
       *[other] {" "}met een vormkaart van { $form }
    }{ $back_to_back ->
        [yes] {" "}en met één vermoeidheidskaart omdat hij de vorige wedstrijd reed
       *[no] {""}
    }.
card-race-past-start-line = { $rider } rolt { $rows ->
        [one] 1 vak
       *[other] { $rows } vakken
    } voorbij de startlijn: { $cards ->
        [one] één vermoeidheidskaart
       *[other] { $cards } vermoeidheidskaarten
    }{ $on_top ->
        [yes] , bovenop de trekstapel in de kou
       *[no] {""}
    }.
card-race-quit = { $rider } geeft de etappe op.
# De biedronde wordt genoemd in de beurt waarin ze verteld wordt ("Etappe 2, bod voor de ontsnapping 1 van 2").
card-race-bid-shown = { $rider } biedt { $card ->
        [none] geen kaart
       *[other] { $card }
    }, { $total } in totaal.
card-race-gruppetto-moved = { $die ->
        [none] De gruppetto rijdt { $distance } vooruit: vak { $from } → { $to }.
       *[other] Het peloton valt aan: de gruppetto gooit { $die } en rijdt { $distance } vooruit, vak { $from } → { $to }.
    }
card-race-gruppetto-slipstream = De gruppetto profiteert van de slipstream tot vak { $to }.
card-race-gruppetto-swapped = { $rider } werd geblokkeerd door de gruppetto en neemt zijn plaats in op vak { $row }.
card-race-gruppetto-swept = { $count ->
        [0] De gruppetto finisht zonder iemand erin.
       *[other] De gruppetto finisht: { $riders } mee over de streep.
    }
card-race-breakaway-placed = { $rider } { $bid ->
        [none] rijdt mee in de ontsnapping zonder te bieden
       *[other] verovert een plaats in de ontsnapping met { $bid }
    }: vak { $row }.
card-race-stage-over = De etappe is voorbij: { $winner } wint.
card-race-crashed = { $rider } valt op vak { $row }, { $set_back ->
        [one] 1 vak
       *[other] { $set_back } vakken
    } terug: 2 kaarten minder in zijn volgende hand.
card-race-puncture-check = { $rider } draait { $card } om: { $punctured ->
        [yes] lekke band! Zijn volgende verplaatsing is 2 vakken korter
       *[no] geen lekke band
    }.
card-race-puncture-slowed = { $rider } rijdt verder na zijn lekke band: { $rows ->
        [one] 1 vak verloren
       *[other] { $rows } vakken verloren
    }.
card-race-attack-turned = { $rider } valt aan: draait { $card } om{ $left ->
        [0] , de laatste kaart van zijn trekstapel, en speelt die
        [one] {" "}(nog 1 kaart eronder)
       *[other] {" "}(nog { $left } kaarten eronder)
    }.
card-race-attack-empty = { $rider } valt aan met een lege trekstapel: hij speelt een vermoeidheidskaart.
card-race-musette-taken = { $rider } pakt een musette in de bevoorradingszone ({ $held } op zak).
card-race-musette-opened = { $rider } opent een musette en trekt { $cards } (nog { $held }).
card-race-steep-gamble = { $rider } waagt de gok in de steile afdaling en draait { $card } om: { $crashed ->
        [yes] een valpartij voor het steile vak!
       *[no] het steile vak wordt overgeslagen.
    }
card-race-wind = Wind in deze etappe: { $wind ->
        [head] tegenwind, renners met niemand voor zich nemen 2 vermoeidheidskaarten
        [cross_from_left] zijwind van links, renners met niemand links naast zich nemen 1 vermoeidheidskaart
        [cross_from_right] zijwind van rechts, renners met niemand rechts naast zich nemen 1 vermoeidheidskaart
       *[tail] rugwind, niemand neemt vermoeidheid
    }.
card-race-weather = Ronde { $round }: de weerdobbelsteen toont { $face }, weer { $level }/5{ $level ->
        [1] , koud en nat: vermoeidheid gaat bovenop de trekstapel
        [5] , warm en droog: vermoeidheid telt dubbel
       *[other] {""}
    }.
card-race-weather-now = Weer { $level }/5: { $level ->
        [1] koud en nat, vermoeidheid gaat bovenop de trekstapel
        [5] warm en droog, vermoeidheid telt dubbel
       *[other] geen effect
    }.
card-race-exhaustion-dealt = { $rider } { $exposure ->
        [headwind] rijdt tegen de wind in
        [crosswind] zit in de zijwind
       *[front] zat in de wind
    }: { $cards ->
        [one] één vermoeidheidskaart
       *[other] { $cards } vermoeidheidskaarten
    }{ $heat ->
        [yes] , verdubbeld door de hitte
       *[no] {""}
    }{ $on_top ->
        [yes] , bovenop de trekstapel in de kou
       *[no] {""}
    }.

## De kaartkoers: een ronde in één regel, de renners van een ploegleider, de kop van de koers

card-race-turn-brief = { $leader } op kop, vak { $row }{ $winded ->
        [0] {""}
        [one] ; 1 renner kreeg vermoeidheid in de wind
       *[other] ; { $winded } renners kregen vermoeidheid in de wind
    }{ $across ->
        [0] {""}
       *[other] ; over de streep: { $crossed }
    }.
card-race-turn-still = Geen enkele renner bewoog.
card-race-brief-auction = Veiling voor de ontsnapping, bod { $step } van 2 (je bod tot nu toe: { $bid }): trek een hand en bied er een kaart uit, bied blind de bovenste kaart, of bied niets.
# De neutrale start van huisregels B (HB-039, HB-040), voor de handen van de renners.
card-race-brief-fictive-start = Neutrale start: elke renner speelt een van zijn twee kaarten, en wie voorbij de startlijn eindigt (vanaf vak { $line }) neemt een vermoeidheidskaart per vak voorbij die lijn, het eerste telt 1: een hoge kaart kost vermoeidheid.
card-race-brief-across = { $rider } (vak { $row }, strook { $lane }): over de streep.
card-race-brief-kept = { $rider } (vak { $row }, strook { $lane }): houdt { $card }.
card-race-brief-hand = { $rider } (vak { $row }, strook { $lane }): hand { $cards }, houd er één.
card-race-brief-pile = { $rider } (vak { $row }, strook { $lane }): { $draw ->
        [one] 1 kaart
       *[other] { $draw } kaarten
    } om uit te trekken.
card-race-brief-pile-short = { $rider } (vak { $row }, strook { $lane }): { $draw ->
        [one] 1 kaart
       *[other] { $draw } kaarten
    } om uit te trekken, daarna worden de gerecyclede kaarten ({ $recycled }) geschud tot een nieuwe trekstapel.
card-race-brief-pile-empty = { $rider } (vak { $row }, strook { $lane }): trekstapel leeg, trekken schudt de gerecyclede kaarten ({ $recycled }) tot een nieuwe trekstapel.
card-race-brief-no-cards = { $rider } (vak { $row }, strook { $lane }): geen kaart meer om te trekken, de renner speelt een vermoeidheidskaart.
card-race-front = Op kop:
card-race-front-rider = { $place }. { $rider }, vak { $row }
card-race-sky-drawn = Weer voor de etappe (2d6: { $roll }): { $weather ->
        [fog] mist, geen windfiches, en elke vermoeidheidskaart gaat bovenop de trekstapel
        [storm] onweer, de regenfiche altijd op de weg en valpartijen in de scherpe bochten
        [windy] winderig, alle drie de windfiches op de weg
        [overcast] bewolkt, de gewone Meteo-fiches
        [sunny] zonnig, Meteo-fiches zonder regen
       *[heatwave] hittegolf, elke 4 rondes een extra vermoeidheidskaart voor elke renner
    }. Volgende etappe (2d6: { $forecast_roll }): { $forecast ->
        [fog] mist
        [storm] onweer
        [windy] winderig
        [overcast] bewolkt
        [sunny] zonnig
       *[heatwave] hittegolf
    }.
card-race-sky-given = Weer voor de etappe, zoals voorspeld: { $weather ->
        [fog] mist, geen windfiches, en elke vermoeidheidskaart gaat bovenop de trekstapel
        [storm] onweer, de regenfiche altijd op de weg en valpartijen in de scherpe bochten
        [windy] winderig, alle drie de windfiches op de weg
        [overcast] bewolkt, de gewone Meteo-fiches
        [sunny] zonnig, Meteo-fiches zonder regen
       *[heatwave] hittegolf, elke 4 rondes een extra vermoeidheidskaart voor elke renner
    }. Volgende etappe (2d6: { $forecast_roll }): { $forecast ->
        [fog] mist
        [storm] onweer
        [windy] winderig
        [overcast] bewolkt
        [sunny] zonnig
       *[heatwave] hittegolf
    }.
card-race-sky-now = Weer: { $weather ->
        [fog] mist (vermoeidheid bovenop de trekstapel)
        [storm] onweer (valpartijen in de scherpe bochten en in de regen)
        [windy] winderig
        [overcast] bewolkt
        [sunny] zonnig
       *[heatwave] hittegolf (elke 4 rondes een extra vermoeidheidskaart)
    }{ $face_down ->
        [0] {""}
        [one] , nog 1 Meteo-fiche gedekt
       *[other] , nog { $face_down } Meteo-fiches gedekt
    }.
card-race-token-turned = Meteo-fiche op de tegel vanaf vak { $row }: { $token ->
        [headwind] tegenwind, renners die daar vertrekken trekken 3 kaarten
        [tailwind] rugwind, renners die daar vertrekken trekken 5 kaarten
        [crosswind] zijwind, daar geen slipstream
        [rain] regen, renners die daar geblokkeerd worden, kunnen vallen
       *[blank] blanco, er gebeurt niets
    }.
card-race-heat = Hittegolf na ronde { $round }: { $count ->
        [one] { $riders } neemt
       *[other] { $riders } nemen elk
    } een extra vermoeidheidskaart.
card-race-exhaustion-on-top = { $rider } zat in de wind: één vermoeidheidskaart, bovenop de trekstapel in de mist.

## De kaartkoers weigert een keuze: wat er mis was, en wat je in de plaats kunt doen.

refusal-stage-over = de etappe is voorbij
refusal-unknown-team = er is geen ploeg { $team } in deze etappe
refusal-unknown-rider = er is geen renner nummer { $rider } in deze etappe
refusal-not-your-rider = { $rider } is geen renner van je ploeg
refusal-rider-finished = { $rider } is over de streep en speelt niet meer
refusal-rider-quit = { $rider } heeft de etappe opgegeven en speelt niet meer
refusal-cannot-quit = { $rider } kan de etappe niet opgeven: alleen een knecht mag dat, zodra zijn hand getrokken is
refusal-already-chosen = { $rider } heeft deze ronde al een kaart gekozen
refusal-already-drawn = { $rider } heeft deze ronde al getrokken: houd een van de getrokken kaarten
refusal-draw-first = trek eerst de hand van { $rider } en houd er dan een kaart uit
refusal-finish-drawn-rider = maak eerst { $rider } af: houd een van de kaarten die hij trok
refusal-nothing-to-draw = de handen zijn vrij in deze etappe: kies een kaart, er valt niets te trekken
refusal-searching = { $rider } zoekt in zijn trekstapel naar zijn aanvalskaart: houd de omgedraaide { $card }, of draai de volgende kaart om
refusal-nothing-turned = { $rider } heeft geen omgedraaide kaart om over te slaan: alleen een renner die naar zijn aanval zoekt, draait kaarten om
refusal-no-gamble = { $rider } kan met die kaart niet gokken: de gok is voor een kaart die een steil dalend vak bereikt
refusal-no-side = { $rider } hoeft nu geen kant van de weg te kiezen: de kant kies je als de wind meespeelt, zodra de hand getrokken is
refusal-no-musette = { $rider } heeft deze ronde geen musette om te openen: een musette pak je in een bevoorradingszone, en je mag er één per ronde openen, zodra de hand getrokken is
refusal-no-auction = er is nu geen veiling voor de ontsnapping: trek een hand en houd een kaart
refusal-auction-first = eerst komt de veiling voor de ontsnapping: bied voor de ontsnapping, of pas
refusal-out-of-auction = de ploeg van { $rider } doet niet meer mee aan de veiling voor de ontsnapping
refusal-already-bid = de ploeg van { $rider } heeft in deze biedronde al geboden: de biedingen worden getoond zodra elke ploeg geboden heeft
refusal-cannot-bid = { $rider } kan niet bieden: een ploeg biedt met de ene renner die ze als eerste koos, en specialisten bieden nooit
refusal-card-not-in-hand = { $card } zit niet in de hand van { $rider } (de hand is { $hand })

## De wereldbeker van huisregels B (HB-079)

classification-cup = Wereldbeker

## Hoe de diensten over de beurten van de kaartkoers spreken (engine/src/registry/card_race.rs, WORDS):
## elke ploeg kiest tegelijk haar kaarten, en een ronde wacht op allemaal.

# De knop onder het bericht van een ronde die de hand van een ploegleider opent.
card-race-hand-button = Mijn kaarten kiezen
# /tour start, na de ploegen.
card-race-call-to-directors = Ploegleiders, open je hand om je kaarten te kiezen.
card-race-nothing-to-choose = Nu niets te kiezen: de ronde wordt gespeeld zodra elke ploeg gekozen heeft.
# Een keuze van een ploegleider die de beurt afrondde: $turn zoals het spel hem noemt ("ronde 5").
card-race-settled = Je keuze rondde etappe { $stage }, { $turn } af.
# /tour create: $round, hoe lang een ronde open blijft ("1 uur").
card-race-deadline = { $round } om te kiezen in elke ronde

## De opties waaruit een ploegleider kiest (knoppen, menu's, /play): een kaart met haar waarde en soort.

card-race-option-draw = Trekken
card-race-option-keep = Houd { $card }{ $kind ->
        [exhaustion] {" "}(vermoeidheid)
        [attack] {" "}(aanval)
        [peloton] {" "}(aanval van het peloton)
       *[energy] {""}
    }
card-race-option-quit = De etappe opgeven
card-race-option-turn = De volgende kaart omdraaien
# De neutrale start van huisregels B: een andere kaart in de plaats van de aanvalskaart (HB-044).
card-race-option-turn-fictive = Een andere kaart trekken in plaats van de A
card-race-option-musette = Een musette openen (+2 kaarten)
card-race-option-side = { $side ->
        [left] Links rijden (voortaan de vrije strook het meest links)
       *[right] Rechts rijden (voortaan de vrije strook het meest rechts)
    }
card-race-option-gamble = Houd { $card }, waag de gok in de steile afdaling
card-race-option-bid-draw = Trekken om op de ontsnapping te bieden
card-race-option-bid-blind = Blind de bovenste kaart bieden
card-race-option-bid-pass = Geen bod
card-race-option-bid = Bied { $card }{ $kind ->
        [exhaustion] {" "}(vermoeidheid)
        [attack] {" "}(aanval)
        [peloton] {" "}(aanval van het peloton)
       *[energy] {""}
    }
