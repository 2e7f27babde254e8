# Wat er in een etappe van Maillot Jaune gebeurt, zoals de engine het vertelt.

## De woorden van de diensten voor de beurten

mj-hand-button = Mijn zet kiezen
mj-call-to-directors = Ploegleiders, open jullie opties wanneer een van jullie renners aan de beurt is: één renner tegelijk, de kop van de koers eerst.
mj-nothing-to-choose = Nu niets te kiezen: je opties openen wanneer een van je renners aan de beurt is, of wanneer je een pact wordt gevraagd.
mj-settled = Je zet is gespeeld: etappe { $stage }, { $turn } gaat verder in het kanaal.
mj-deadline = { $decision } voor elke beurt van een renner, { $answer } om een pact te beantwoorden, { $round } voor een ronde

## De opties

mj-option-move = { $via ->
        [none] Naar { $letter } ({ $to_go ->
            [0] op de streep
            [one] 1 vak van de streep
           *[other] { $to_go } vakken van de streep
        })
       *[other] Naar { $letter }, eerst opzij naar rijstrook { $via }
    }
mj-option-move-to = { $via ->
        [none] Naar { $cell }
       *[other] Naar { $cell }, eerst opzij naar rijstrook { $via }
    }
mj-option-escape-to = { $via ->
        [none] Ontsnapping +{ $cells } ({ $safe } zonder risico, { $risky } met risico) naar { $cell }
       *[other] Ontsnapping +{ $cells } ({ $safe } zonder risico, { $risky } met risico) naar { $cell }, eerst naar rijstrook { $via }
    }
mj-option-stay = Blijven staan
mj-option-ride = { $cells ->
        [one] 1 vakje rijden
       *[other] { $cells } vakjes rijden
    }
mj-option-escape = Ontsnapping +{ $cells } ({ $total ->
        [one] { $total } vakje
       *[other] { $total } vakjes
    })
mj-option-plan = Ontsnapping +{ $cells } ({ $safe } zonder risico, { $risky } met risico)
mj-option-back = Terug naar hoe ver
mj-option-pact = Pact met { $partner } ({ $team })
mj-option-answer = { $yes ->
        [yes] Het pact van { $rider } ({ $team }) aannemen
       *[no] Het pact van { $rider } ({ $team }) weigeren
    }
mj-option-help = { $rider } ({ $team }) helpen
mj-option-no-help = Niet helpen

## Weigeringen

mj-refused-not-your-turn = Je renner is niet aan de beurt.
mj-refused-no-energy = Geen energie voor een ontsnapping zonder risico: de wijzer staat op { $energy }, de vakjes zonder risico vragen { $needed }.
mj-refused-risky-too-long = Een ontsnapping met risico is 1 tot 4 vakjes.
mj-refused-unreachable = Je renner kan dat vakje met deze zet niet bereiken.
mj-refused-not-now = Dat is nu geen keuze: neem een van de getoonde opties.
mj-refused-beyond-stars = Met zijn sterren rijdt een renner deze beurt 1 tot { $stars } { $stars ->
        [one] vakje
       *[other] vakjes
    }, niet { $cells }: verder gaat het met een ontsnapping.
mj-refused-no-cell-that-far = Geen vrij vakje ligt { $cells ->
        [one] { $cells } vakje
       *[other] { $cells } vakjes
    } ver: kies een andere afstand.
mj-refused-escape-too-long = Een ontsnapping is 1 tot { $most ->
        [one] { $most } vakje
       *[other] { $most } vakjes
    } voorbij de sterren (de energie op de wijzer en 4 met risico), niet { $cells }.

## De koers

mj-first-drawn = De dobbelsteen toont { $face }: { $rider } ({ $team }) speelt als eerste.
mj-round = Ronde { $round } begint.
mj-rolled = { $rider } gooit { $a } en { $b } { $why ->
        [aspiration] voor de zuiging
       *[other] voor { $cells ->
            [one] 1 vakje met risico
           *[other] { $cells } vakjes met risico
        }
    }: { $result ->
        [puncture] lekke band!
       *[cost] { $cost ->
            [one] 1 eenheid
           *[other] { $cost } eenheden
        }.
    }
mj-paid = { $rider } betaalt { $energy } energie en { $form } vorm { $why ->
        [safe] voor de ontsnapping zonder risico
        [risky] voor de ontsnapping met risico
       *[aspiration] voor de renner in zijn wiel
    }: energie { $energy_left }, vorm { $form_left }.
mj-moved = { $rider } rijdt { $cells ->
        [one] 1 vakje
       *[other] { $cells } vakjes
    }{ $to_go ->
        [0] {""} tot de streep
        [one] , 1 vak van de streep
       *[other] , { $to_go } vakken van de streep
    }.
mj-stayed = { $rider } blijft staan.
mj-punctured = { $rider } rijdt lek: hij verliest zijn volgende beurt.
mj-lost-turn = { $rider } rijdt lek bij de worp voor de zuiging: hij verliest deze beurt.
mj-pulled = { $rider } wordt door { $by } meegezogen{ $to_go ->
        [0] {""} tot de streep
        [one] , 1 vak van de streep
       *[other] , { $to_go } vakken van de streep
    }.
mj-skipped = { $rider } slaat zijn beurt over.
mj-pact-asked = { $rider } ({ $team }) vraagt { $partner } ({ $partner_team }) om een pact.
mj-pact-answered = { $yes ->
        [yes] { $partner } neemt het pact van { $rider } aan.
       *[no] { $partner } weigert het pact van { $rider }.
    }
mj-pact-failed = Het pact mislukt: { $partner } eindigde niet naast { $rider }.
mj-helped = { $helper } helpt { $rider }: hij neemt de verloren beurt over.
mj-crossed = { $rider } ({ $team }) komt over de streep als { $place }e (ronde { $round }).
mj-placed = { $rider } wordt als { $place }e geklasseerd op de afstand voorbij de streep.
mj-abandoned = { $rider } ({ $team }) heeft geen energie en geen vorm meer: hij geeft op.
mj-stage-over = De etappe is voorbij: { $winner } ({ $team }) wint.
mj-stage-over-nobody = De etappe is voorbij: niemand kwam over de streep.
mj-front = { $rider } ({ $team }) leidt de koers, { $to_go ->
        [one] 1 vak
       *[other] { $to_go } vakken
    } van de streep.
mj-front-none = Niemand is op de weg.
mj-brief = { $rider }: energie { $energy }/6, vorm { $form }/20, { $stars ->
        [one] 1 ster
       *[other] { $stars } sterren
    } deze beurt.
# The classification of the tour (MJ-003, MJ-040).
classification-maillot-jaune = Gele trui (tijd)
mj-brief-prices = Ontsnapping met risico, kosten voor 1/2/3/4 vakjes per worp (P: lekke band): { $table }

## Het bord als tekst (de terminal)

mj-text-board-rider = { $code } { $rider } ({ $team }{ $yours ->
        [yes] , jij
       *[no] {""}
    }): { $place }, energie { $energy }/6, vorm { $form }/20
mj-text-board-behind-banner = achter het spandoek
mj-text-board-across = over de streep
mj-text-board-out = uit de koers
mj-text-board-yellow = gele trui
mj-text-board-loses-turn = verliest zijn volgende beurt
mj-text-board-to-play = aan de beurt
mj-text-board-legend = renners: de eerste twee letters van de kaart (RE Renault, LB La Bonnal); rijstrook 0, de voorrangsstrook, bovenaan; .. vlak, ^^ klim, vv afdaling; A. B. de vakjes waar de renner aan de beurt kan eindigen; | finish
