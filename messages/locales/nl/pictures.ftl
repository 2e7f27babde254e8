# Woorden op de afbeeldingen (render/): titels, legenda's, kolomkoppen.

board-round = Ronde { $round }
board-weather = Weer { $level }/5
board-wind = Wind
board-meteo = { $token ->
        [headwind] Tegenwind: trek 3
        [tailwind] Rugwind: trek 5
        [crosswind] Zijwind: geen slipstream
       *[rain] Regen: valpartijen
    }
board-sky = { $weather ->
        [fog] Mist
        [storm] Onweer
        [windy] Winderig
        [overcast] Bewolkt
        [sunny] Zonnig
       *[heatwave] Hittegolf
    }
board-before-start = Voor de start
# De neutrale start van huisregels B, achter de vlag, voor ronde 1.
board-fictive-start = Neutrale start
board-start = START
board-finish = AANKOMST
board-sprint = Sprint
board-sprint-named = Sprint · { $name }
# De top van een klim: de naam en de lengte ("3 vakken").
board-summit = ▲ { $name } ({ $length })
# Een klim die het parcours geen naam geeft.
board-climb = Klim { $number }
board-to-go = te gaan
board-letters = Vakken met een letter ({ $letters }): kies waarheen met de letter
# Renners op hetzelfde vak: het bord nummert het vak en somt ze op onder de stroken.
board-crowds-title = Renners op hetzelfde vak (genummerd op het bord)
board-crowd-count = ×{ $count }
board-played-cards = Kaarten onthuld in deze ronde, per ploeg
board-played-dice = Dobbelstenen gegooid in deze beurt, per ploeg

## Titels van de afbeeldingen bij het nieuws.

picture-start = Etappe { $stage }, start
# $turn: een beurt zoals het spel hem noemt ("ronde 3").
picture-round = Etappe { $stage }, { $turn }
picture-finish = Etappe { $stage }, aankomst
# Een moment van de koers, na $tenth tienden van de beslissingen van de etappe.
picture-moment = Etappe { $stage }, { $tenth }/10 van de weg
picture-fall = Etappe { $stage }, de eerste valpartij
# A director's own board (private): the squares its chosen card may land on, lettered.
picture-own = Etappe { $stage }, { $turn }: je eindvakken
picture-stage = Etappe { $stage }
picture-profile = Etappe { $stage }: { $course }

## Een strook van het bord: haar plaats in de koers en het stuk weg dat ze toont.

board-strip-head = Kop van de koers
board-strip-behind = Achteraan
board-strip-chase = Achtervolgers
board-strip-laggards = Achterblijvers
board-strip-group = Groep { $number }
board-strip-rows = Vakken { $first }–{ $last }
board-strip-cells = Vakken { $first }–{ $last }
board-rows-to-line = { $count ->
        [one] { $count } vak tot de streep
       *[other] { $count } vakken tot de streep
    }
board-cells-to-line = { $count ->
        [one] { $count } vak tot de streep
       *[other] { $count } vakken tot de streep
    }

## De legenda onder het bord: een teken, dan wat het betekent.

key-entry = { $mark }: { $text }
key-card-played = kaart gespeeld
key-reserves = energie · vorm over
key-dice-rolled = dobbelstenen gegooid
key-slipstream = slipstream
key-exhaustion-taken = vermoeidheid genomen
key-crashed = gevallen
key-punctured = lekke band
key-attack = aangevallen
key-musette = heeft een musette
key-champion = de kampioen, op zijn witte fiets
key-roadside = langs de weg
key-crossed = over de streep (vervaagd binnen de kleur van zijn ploeg: eerder gefinisht)
key-exhaustion-card = vermoeidheidskaart gespeeld (2 vooruit)
key-verge = berm: hier is geen weg
key-curve = bocht
key-gruppetto = de gruppetto, een groep zonder ploeg die blokkeert en beschut zoals renners
key-steep = steil vak (2 bewegingspunten)
key-danger = gevaarlijk vak: een behendigheidsworp om erover te rijden of erop te stoppen
key-neutral = geel vak: geen slipstream, geen vermoeidheid
key-mark-flag = geblokte vlag
key-mark-colour = kleur
key-mark-hatched-rim = geel-zwart gestreepte rand
key-mark-danger-rim = rood-wit gestreepte rand
key-start-box = startvak: de plaats van een renner in de startopstelling
key-swap-square = wisselvak: een renner die hier stopt, laat zijn ploeg 3 kaarten inleveren en evenveel trekken
key-chance-square = kansvak: een renner die hier stopt, trekt een kanskaart
key-square-number = vaknummer, gedrukt langs de genummerde kant (gearceerd, beschut)
key-mark-white-box = wit kader
key-mark-kerb = rood-witte stoeprand
key-mark-jersey = { $jersey ->
        [yellow] gele trui
        [green] groene trui
        [polka-dot] bolletjestrui
        [white] witte trui
        [gold] Maillot Or
        [red] Maillot Rouge
       *[other] trui
    }
# Een trui die een leider op zijn pion draagt, en het klassement dat hij leidt.
key-jersey = { $classification }: leider
key-jersey-unnamed = leider van een klassement
# Het weerniveau in de kop (huisregels B), en wat het doet.
key-weather = { $level ->
        [1] weer, van 1 (koud) tot 5 (warm): bij 1 gaat vermoeidheid bovenop de trekstapel
        [5] weer, van 1 (koud) tot 5 (warm): bij 5 telt vermoeidheid dubbel
       *[other] weer, van 1 (koud) tot 5 (warm): geen effect bij { $level }
    }
# De pijl in de kop: waar de wind vandaan waait over het bord.
key-wind = { $wind ->
        [ahead] tegenwind, tegen de renners in
        [behind] rugwind, in de rug van de renners
        [left] zijwind, van links voor de renners
       *[right] zijwind, van rechts voor de renners
    }
key-mark-arrow = pijl
terrain-flat = vlak
terrain-climb = klim
terrain-descent = afdaling
terrain-supply = bevoorrading
terrain-cobbles = kasseien

## Het profiel van de etappe.

profile-title = { $stage } · profiel
profile-sprint = Sprint { $name }
profile-summit = ▲ { $name }

## Klassementen.

standings-team = Ploeg
standings-rider = Renner
standings-gap = Verschil
standings-time = Tijd
standings-points = Punten
standings-empty = Nog niemand geklasseerd
standings-reinstated = repêché
# Rechts in de kop van een klassementsafbeelding: na welke etappe.
standings-picture-after = na etappe { $stage }
# Na een ploeg met minder renners dan haar klassement telt (ploegen van Velo Master, A-49).
standings-team-short = { $count ->
        [one] nog 1 renner: gerangschikt na de volledige ploegen
       *[other] nog { $count } renners: gerangschikt na de volledige ploegen
    }

## De punten van een klassement, en hoeveel een rij achterstaat op de leider.

score-points = { $points ->
        [one] { $points } pt
       *[other] { $points } ptn
    }
score-behind = { $points ->
        [one] { $points } pt achter
       *[other] { $points } ptn achter
    }

## De grafieken van de ronde (issue 36): het verloop van een klassement, etappe na etappe.

# $classification: de naam van het klassement ("Algemeen klassement").
chart-title = { $classification }, etappe na etappe
chart-axis-stage = Etappe
# De grafiek van een tijdklassement: hoe ver elke renner achter de leider staat.
chart-axis-gap = Achterstand op de leider
chart-axis-points = Punten
