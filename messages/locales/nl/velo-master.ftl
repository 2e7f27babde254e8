# Wat er in een etappe van Velo Master gebeurde, zoals de motor het vertelt
# (engine/src/velo_master/game.rs: `sentence("id", ...)`). De argumenten zijn die van de motor,
# onder dezelfde namen; een ja-of-nee-argument komt binnen als het woord `true` of `false`.

## De start

# De beurten van de start, voor ronde 1, zoals de diensten de beurt noemen die gespeeld wordt.
vm-turn-start = de start
    .start = De start
# De twee fasen van een Expert-ronde (VM-032), zoals de beurt die gespeeld wordt heet.
vm-turn-leaders = ronde { $round }, fase van de kopmannen
    .start = Ronde { $round }, fase van de kopmannen
vm-turn-mates = ronde { $round }, fase van de ploegmaats
    .start = Ronde { $round }, fase van de ploegmaats
vm-order-roll = { $round ->
        [0] { $team } gooit { $face } met de d20 voor de startvolgorde.
       *[other] { $team } gooit opnieuw om een gelijkspel te beslechten: { $face }.
    }
vm-start-order = Startvolgorde: { $order }.
vm-roll-off = Loting voor de kleur { $colour }: { $team } { $face }, { $other } { $other_face }.
vm-colour-shared = { $team } leidt de kopman van { $colour } en zijn eerste ploegmaat; { $outsider } rijdt als outsider met de andere twee.
vm-roll-handed-over = { $team } is klaar met de bonussen: { $other } gooit.
vm-race-begins = Iedereen is onderweg: de plaatsen van de kopmannen bepalen nu de volgorde.
vm-round = Ronde { $round } begint.
vm-mates-phase = Ronde { $round }: de fase van de ploegmaats begint.

## Dobbelstenen en verplaatsingen

vm-slot = { $team } is aan de beurt (wedstrijdklok { $clock } min).
vm-slot-skipped = { $team } slaat deze beurt over door de val van de neutrale renner (wedstrijdklok { $clock } min).
vm-dice = { $team } gooit { $faces }.
vm-die-taken = { $rider } rijdt tot { $die } vooruit.
vm-step = { $rider } { $extra ->
        [true] neemt het extra vak van de afdaling
       *[false] zet een stap
    }, { $to_go ->
        [0] op de streep
        [one] 1 vak van de streep
       *[other] { $to_go } vakken van de streep
    }.
vm-power-roll = Krachtworp van { $rider }: { $face } tegen { $slope } %: { $success ->
        [true] gelukt
       *[false] mislukt, zijn verplaatsing stopt
    }.
vm-blocked = { $rider } is geblokkeerd: { $lost ->
        [one] { $lost } punt verloren
       *[other] { $lost } punten verloren
    }.
vm-stopped = { $rider } stopt ({ $lost ->
        [one] { $lost } punt ongebruikt
       *[other] { $lost } punten ongebruikt
    }).
vm-extra-step = { $rider } stopte op een afdalingsvak: één extra vak als hij wil.

## Lekke banden, valpartijen en de berm

vm-puncture-check = 4-2-1-controle voor { $rider }: { $faces }.
vm-punctured = { $rider } rijdt lek { $to_go ->
        [0] op de streep
        [one] 1 vak van de streep
       *[other] { $to_go } vakken van de streep
    } en wacht in de berm tot de fase voorbij is.
vm-skill-roll = Behendigheidsworp van { $rider } op een gevaarlijk vak { $to_go ->
        [0] op de streep
        [one] 1 vak van de streep
       *[other] { $to_go } vakken van de streep
    }: { $face }{ $crash ->
        [true] , hij valt
       *[false] , veilig
    }.
vm-skill-roll-squeeze = { $rider } wringt zich { $to_go ->
        [0] op de streep
        [one] 1 vak van de streep
       *[other] { $to_go } vakken van de streep
    } tussen twee fietsen door: behendigheidsworp { $face }{ $crash ->
        [true] , hij valt
       *[false] , veilig
    }.
vm-skill-roll-speed = { $rider } duikt de afdaling in met een 6, { $to_go ->
        [0] op de streep
        [one] 1 vak van de streep
       *[other] { $to_go } vakken van de streep
    }: snelheidscontrole, behendigheidsworp { $face }{ $crash ->
        [true] , hij valt
       *[false] , veilig
    }.
vm-skill-roll-braking = { $rider } remt { $to_go ->
        [0] op de streep
        [one] 1 vak van de streep
       *[other] { $to_go } vakken van de streep
    }: behendigheidsworp { $face }{ $crash ->
        [true] , hij valt
       *[false] , veilig
    }.
vm-skill-roll-collective = { $rider }, { $to_go ->
        [0] op de streep
        [one] 1 vak van de streep
       *[other] { $to_go } vakken van de streep
    }, moet de val van { $fallen } ontwijken: behendigheidsworp { $face }{ $crash ->
        [true] , hij valt
       *[false] , veilig
    }.
vm-crashed = { $rider } valt { $to_go ->
        [0] op de streep
        [one] 1 vak van de streep
       *[other] { $to_go } vakken van de streep
    } en wacht in de berm{ $misses ->
        [0] {""}
        [one] {" "}({ $misses } beurt over te slaan)
       *[other] {" "}({ $misses } beurten over te slaan)
    }.
vm-severity = Ernst van de val van { $rider }: { $face }: { $severity ->
        [abandon] hij geeft op
        [serious] zwaar geblesseerd, 2 beurten overgeslagen
        [injury] geblesseerd, 1 beurt overgeslagen
        [scratch] een schram: de slechtste dobbelsteen in de volgende beurt
       *[unhurt] ongedeerd
    }.
vm-sits-out = { $rider } staat nog in de berm en slaat deze beurt over.
vm-back = { $rider } gaat weer de weg op, { $to_go ->
        [0] op de streep
        [one] 1 vak van de streep
       *[other] { $to_go } vakken van de streep
    }.
vm-abandoned = { $rider } geeft op, { $to_go ->
        [0] op de streep
        [one] 1 vak van de streep
       *[other] { $to_go } vakken van de streep
    }.

## Bevoorrading, conditie en doping

vm-fed = { $rider } pakt zijn musette bij de bevoorrading.
vm-missed-feed = { $rider } reed de bevoorrading voorbij zonder te eten: de kleinste dobbelsteen tot de finish.
vm-condition = { $rider } { $gains ->
        [true] wint
       *[false] verliest
    } { $amount } %: conditie { $now } % ({ $why ->
        [motivated] gemotiveerd
        [doped] gedopeerd
        [ones] dubbel één
        [power_roll] krachtworp
        [team_mates_in_line] ploegmaats op een rij
        [stage_win] ritzege
        [jersey] trui
        [attack] aanval
        [missed_feed] bevoorrading gemist
        [crash] valpartij
       *[failed_power_roll] mislukte krachtworp
    }).
vm-tested = { $role ->
        [winner] { $rider }, winnaar van de etappe, gaat naar de dopingcontrole
        [drawn] { $rider } (plaats { $place }) wordt geloot voor de dopingcontrole
        [finisher] { $rider } (plaats { $place }) gaat naar de dopingcontrole, zoals elke aankomende renner
       *[other] { $rider } gaat naar de dopingcontrole
    }: conditie { $condition } %, { $excluded ->
        [true] positief, uit de koers gezet
       *[false] negatief
    }.

## Aanvallen en entraide

vm-attack = { $rider } valt aan!
vm-attack-roll = { $rider } gooit { $faces } voor zijn aanval: tot { $total }.
vm-entraide = Entraide: { $rear } en { $front } springen haasje-over.
vm-jumped = { $rider } springt vooruit, { $to_go ->
        [0] op de streep
        [one] 1 vak van de streep
       *[other] { $to_go } vakken van de streep
    }.
vm-no-jump = { $rider } springt niet.
vm-road-blocked = De weg is versperd: { $rider } bewaart { $kept } voor wanneer hij vrijkomt, tot zijn volgende beurt.
vm-road-open = De weg komt vrij voor { $rider }: nu tot { $points }, of wachten.

## Accélération

vm-acceleration = Accélération voorgesteld aan de rij van { $line }.
vm-vote = { $rider } stemt { $yes ->
        [true] ja
       *[false] nee
    }.
vm-acceleration-voted = { $yes ->
        [0] geen stem voor
        [one] 1 stem voor
       *[other] { $yes } stemmen voor
    }, { $needed ->
        [one] 1 was nodig
       *[other] { $needed } waren nodig
    }: { $go ->
        [true] de rij versnelt
       *[false] geen accélération
    }.
vm-neutrals = Neutrale renners: { $team } verplaatst { $riders }; { $other } verplaatst { $other_riders }.
vm-acceleration-over = De accélération is voorbij.

## Toppen en de finish

vm-summit = { $rider } komt als { $place }e boven op { $summit }: { $points ->
        [one] { $points } bergpunt
       *[other] { $points } bergpunten
    }.
vm-finished = { $rider } komt als { $place }e over de streep, { $time } min.
vm-race-over = De koers is voorbij: { $winner } wint.
vm-race-over-nobody = De koers is voorbij: niemand haalde de streep.

## Velo Master weigert een keuze: wat er mis was, en wat je in de plaats kunt doen.

vm-refusal-over = de koers is voorbij: er valt niets meer te spelen
vm-refusal-nobody = niemand is nu aan zet
vm-refusal-not-your-turn = de beurt is aan { $team }, niet aan { $you }: wacht op je beurt
# Een gescripte worp die de dobbelsteen niet kan tonen; spelers komen die nooit tegen.
vm-refusal-scripted-face = { $reason }
vm-refusal-step = vak { $cell } is nu niet in één stap te bereiken: kies een van de vakken met een letter of stop
vm-refusal-no-cell = dat vak bestaat niet: kies een van de vakken met een letter
vm-refusal-no-die = geen enkele dobbelsteen toont { $die }: de overgebleven dobbelstenen zijn { $left }
vm-refusal-no-die-now = { $rider } kan nu geen dobbelsteen nemen: kies een van je renners die aangeboden worden
vm-refusal-moving = er is een renner in beweging: zet hem eerst verder of laat hem stoppen
vm-refusal-nothing-moving = er is geen renner in beweging: geef eerst een dobbelsteen
vm-refusal-entraide = die entraide kan niet: de twee fietsen moeten achter elkaar staan, alleen in hun strook, sinds het begin van de beurt, en geen van beide mag deze ronde al een bonus gehad hebben
vm-refusal-jump = dat vak is nu geen landingsvak: kies er een dat aangeboden wordt
vm-refusal-rolled = de dobbelstenen zijn al gegooid
vm-refusal-acceleration = die accélération kan niet: de rij moet dezelfde zijn als bij het begin van de beurt, met een van je fietsen die aan zet is bij haar drie voorste fietsen
vm-refusal-no-vote = er loopt geen stemming
vm-refusal-pick = kies twee van de neutrale renners die aangeboden worden
vm-refusal-attack = die renner kan nu niet aanvallen: aanvallen worden voor de dobbelstenen aangekondigd, door een van je renners in deze fase zonder straf (Pro)

## De naam van een renner naar zijn rol, met zijn nummer in de ploeg (VM-008), als de
## voorinstelling er geen geeft: de kopman, dan de ploegmaats 2, 3, 4.

vm-roster-leader = Kopman
vm-roster-team-mate = Ploegmaat { $number }

## De klassementen van Velo Master (VM-079, VM-080, VM-142)

classification-or = Maillot Or (tijd)
classification-rouge = Maillot Rouge (klimmers)
classification-vm-team = Ploegen (drie beste tijden)

## Hoe de diensten over de beurten van Velo Master spreken (engine/src/velo_master/game.rs, WORDS): een
## ploegleider beslist voor één renner tegelijk, in zijn beurt; elke worp rondt een beurt af.

# De knop onder het bericht van een fase die de opties van een ploegleider opent.
vm-hand-button = Mijn zet kiezen
# /tour start, na de ploegen.
vm-call-to-directors = Ploegleiders, open je opties als de beurt van je ploeg komt: één renner tegelijk.
vm-nothing-to-choose = Nu niets te kiezen: je opties openen als een van je renners aan de beurt is, voor een sprong of een stemming.
# De zet van een ploegleider die de dobbelstenen liet rollen; $turn zoals het spel hem noemt ("ronde 5").
vm-settled = Je zet is gespeeld: etappe { $stage }, { $turn } gaat verder in het kanaal.
# /tour create: $decision, hoeveel tijd een ploegleider heeft voor een beurt; $round, voor een stemming van allen.
vm-deadline = { $decision } voor elke beurt, { $round } voor een stemming

## De opties waaruit een ploegleider kiest (knoppen, menu's, /play). Een stap of sprong noemt de
## letter van het vak op het bord ($letter, of `none`), en wat hij riskeert: een gevaarlijk vak,
## de helling van een klim (of `none`), hoeveel renners een sprong passeert.

vm-option-launch = Vertrekken met de { $die }
vm-option-give = Tot { $die } vooruit
vm-option-move = Naar { $letter ->
        [none] { $cell }
       *[other] { $letter }
    }{ $danger ->
        [yes] , gevaar: behendigheidsworp
       *[no] {""}
    }{ $past ->
        [0] {""}
       *[other] , langs nog { $past }
    }{ $slope ->
        [none] {""}
       *[other] , krachtworp tegen { $slope }
    }{ $across ->
        [yes] , over de streep
       *[no] {""}
    }
vm-option-jump = Springen naar { $letter ->
        [none] { $cell }
       *[other] { $letter }
    }{ $danger ->
        [yes] , gevaar: behendigheidsworp
       *[no] {""}
    }{ $past ->
        [0] {""}
       *[other] , langs nog { $past }
    }{ $slope ->
        [none] {""}
       *[other] , krachtworp tegen { $slope }
    }{ $across ->
        [yes] , over de streep
       *[no] {""}
    }
vm-option-entraide = Entraide met { $other } { $place ->
        [ahead] ervoor
       *[behind] erachter
    }: haasje-over, +2 elk
vm-option-accelerate = { $own ->
        [yes] Accélération: de rij van { $count } leiden (stemming)
       *[no] Accélération: de rij van { $count } onder leiding van { $leader } (stemming)
    }
vm-option-attack = Aanvallen (2 eigen dobbelstenen, -20 % conditie)
# De groep van de opties die de neutrale renners verdelen.
vm-option-neutrals = Neutrale renners
vm-option-pick = { $same ->
        [yes] { $first } nemen
       *[no] { $first } en { $second } nemen
    }
vm-option-vote = { $yes ->
        [yes] Ja stemmen
       *[no] Nee stemmen
    }
vm-option-hand-over = Klaar: { $team } gooit (geen entraide meer)
vm-option-roll = De dobbelstenen gooien (geen entraide meer)
vm-option-no-jump = Niet springen
vm-option-stop = { $how ->
        [extra] Geen extra vak
        [keep] Niet nu (de punten bewaren)
        [stay] Hier blijven (niet bewegen)
        [unused] Hier stoppen ({ $left } ongebruikt)
       *[plain] Hier stoppen
    }

# Een worp in één regel, hoe de koers ervoor staat: de renner vooraan die nog in koers is.
vm-brief-front = { $rider } leidt de koers, { $to_go ->
        [one] 1 vak
       *[other] { $to_go } vakken
    } van de streep{ $across ->
        [0] {""}
       *[other] {""} ({ $across } binnen)
    }.
vm-brief-across = { $across ->
        [one] 1 renner over de streep.
       *[other] { $across } renners over de streep.
    }
vm-brief-start = Er is nog niemand op de weg.

## Het tekstbord van de terminal (`commissaire play`): renners met het label van hun pion.

vm-text-board-legend-riders = renners: beginletter van de ploeg, dan L voor de kopman of het nummer van de ploegmaat, zoals op de afbeelding van het bord en in hun namen (P3: Ploegmaat 3)
vm-text-board-legend-road = .. vlak, ^^ klim, vv afdaling, ss bevoorrading, ## kasseien, !! gevaarlijk vak (een behendigheidsworp; P3! een renner erop), A. B. de vakken waar de renner in beweging heen kan, | finishlijn
# $team gooide $dice (de ogen); $rider (zijn label) is in beweging, $name zijn naam, $left de
# stappen die hij nog mag zetten.
vm-text-board-moving = { $team } gooide { $dice }: { $rider } ({ $name }) is in beweging, nog { $left ->
        [one] 1 stap
       *[other] { $left } stappen
    }.
vm-text-board-fallen-rider = { $rider } naast { $cell } ({ $misses ->
        [0] volgende beurt terug
        [one] slaat 1 beurt over
       *[other] slaat { $misses } beurten over
    })
vm-text-board-fallen = in de berm: { $riders }
vm-text-board-across-rider = { $rider } ({ $place })
vm-text-board-across = over de streep: { $riders }
vm-text-board-out = uit koers: { $riders }
vm-text-board-at-start = aan de start: { $riders }
