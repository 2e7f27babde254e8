# De terminal (`commissaire demo`, `commissaire play`).

## Bestanden en mappen.

cli-cannot-create = { $path } kan niet aangemaakt worden: { $error }
cli-cannot-write = { $path } kan niet geschreven worden: { $error }
cli-cannot-remove = { $path } kan niet verwijderd worden: { $error }
cli-cannot-read = { $path } kan niet gelezen worden: { $error }
cli-out-is-file = --out { $path } is een bestand, geen map: geef een map op (die wordt aangemaakt als ze ontbreekt)
cli-out-cannot-create = de map { $path } die aan --out is gegeven, kan niet aangemaakt worden: { $error }
cli-out-cannot-write = er kan niet geschreven worden in { $path } ({ $error }): geef --out een map waarin je kunt schrijven
cli-cannot-open-database = de database { $path } kan niet geopend worden: { $error }
check-good = { $folder } is in orde: { $presets ->
        [one] 1 tourvoorinstelling
       *[other] { $presets } tourvoorinstellingen
    } en { $courses ->
        [one] 1 parcours
       *[other] { $courses } parcoursen
    } laden, en de instellingen zijn leesbaar.
check-problems = { $count ->
        [one] 1 probleem
       *[other] { $count } problemen
    } in { $folder }: wat hierboven genoemd is, blijft buiten beschouwing tot het hersteld is (het instellingenbestand houdt serve tegen).
cli-warning = waarschuwing: { $problem }

## De voortgang door de etappes, op standaardfout. $seconds is al met één decimaal geschreven.

progress-bar = etappe { $done }/{ $total } ({ $seconds } s)
progress-line = etappe { $done }/{ $total } klaar ({ $seconds } s)

## `commissaire demo`.

demo-report-head = # { $tour }: het verslag van de demo

    Bots rijden met elke ploeg (seed { $seed }). Per etappe: de rondes in het kort, de laatste volledig, dan de uitslag van de etappe. De afbeeldingen en de klassementen na elke etappe staan in de mappen `stage-NN`.
demo-unfinished = de tour is niet uitgereden: zie tour.md
demo-done = Afbeeldingen, klassementen en het koersverslag staan in { $out } (database: { $database }).
demo-no-preset = geen enkele tourvoorinstelling in { $tours } rijdt { $ruleset }: voeg er een toe met ruleset = "{ $ruleset }", of laat --ruleset weg
demo-ruleset-tour = == { $tour } ==

## `commissaire play`: tussen twee etappes, de plaatsen van je renners.

# $place is een rangtelwoord ("2e").
summary-stage-over = Etappe { $stage } is voorbij. Je renners:
summary-rider = - { $rider } { $place } van { $field }, { $time }
summary-rider-behind = - { $rider } { $place } van { $field }, { $time } (+{ $gap })
summary-no-times = (de tijden kunnen niet berekend worden: { $error })
# $title: de titel van het klassement (het algemeen klassement van de kaartkoers, de Maillot Or van Velo Master).
summary-general = { $title } na etappe { $stage } ({ $riders ->
        [one] 1 renner
       *[other] { $riders } renners
    }):
summary-no-standings = (de klassementen kunnen niet berekend worden: { $error })
summary-yours = ← van jou
summary-more = … en nog { $count }

## `commissaire play`.

play-pictures = (afbeeldingen: { $files })
cli-no-runtime = de asynchrone runtime kan niet starten: { $error }

## `commissaire play`: starten, hervatten, stoppen. $again is het commando dat hervat.

play-intro = { $tour }: { $stages ->
        [one] 1 etappe
       *[other] { $stages } etappes
    }. Je leidt { $team } (ploeg 1 op het bord); bots rijden met de andere ploegen.
    Typ bij elke vraag het nummer van je keuze. Elke keuze wordt meteen bewaard: q stopt, en `{ $again }` hervat.
play-resuming = Je tour wordt hervat vanuit { $path } (etappe { $stage }).
play-options-ignored = { $options } genegeerd: die stellen een nieuwe tour in, en deze wordt hervat. Om opnieuw te beginnen, geef een andere map met --out (of verwijder { $path }).
play-replaced = Een eerdere run liet een tour achter ({ $preset }) die nooit begonnen is: die wordt vervangen door een nieuwe.
play-folder-over = de tour in { $path } is voorbij en de afbeeldingen blijven daar: geef voor een nieuwe tour een andere map, bijvoorbeeld `commissaire play --out { $path }-2`
play-over = De tour is voorbij; de afbeeldingen blijven in { $path }. Geef voor een nieuwe tour een andere map: `commissaire play --out <map>`.
play-come-back-later = nu niets te kiezen; voer `{ $again }` later opnieuw uit
play-stopped = Gestopt. Voer `{ $again }` opnieuw uit om te hervatten.
play-not-saved = de nieuwe tour is niet bewaard
play-no-team = de tour in deze map heeft geen ploeg van jou

## `commissaire play`: de vraag onder de genummerde keuzes.

play-prompt-one = Je keuze (1, q om te stoppen):
play-prompt = Je keuze (1-{ $count }, q om te stoppen):
play-type-a-number = Typ een getal van 1 tot { $count }, ? om de keuzes opnieuw te zien, o voor de winkansen, l voor de etappe tot nu toe, of q om te stoppen.
# Een beslissing met één optie: play neemt ze zonder te vragen.
play-only-option = (de enige optie: voor je genomen)

## Het bord als tekst (`commissaire play`), één kolom per vak van de weg.

text-board-none = (dit spel heeft nog geen tekstbord: zie de afbeelding van het bord)
text-board-all-across = (elke renner is over de streep)
# $turn: "ronde 3", "bod voor de ontsnapping 1 van 2", "de neutrale start".
text-board-title = { $course }, { $turn } (de finishlijn ligt voor vak { $line })
text-board-row = vak
text-board-road = weg
text-board-lane = strook { $lane }
# Renners op hetzelfde vak, die het bord als hun aantal toont (×3): allemaal, vak per vak.
text-board-shared = op hetzelfde vak: { $cells }
text-board-shared-cell = vak { $row } strook { $lane } ({ $count }): { $riders }
text-board-teams = ploegen: { $teams }
text-board-team = { $number } { $team }
text-board-team-yours = { $number } { $team } (jij)
# De letter van een renner op het bord: "R rouleur", "L kopman".
text-board-letter = { $letter } { $name }
text-board-legend-riders = renners: ploegnummer + { $letters }
text-board-legend-road = .. vlak, ^^ klim, vv afdaling, ss bevoorrading, ## kasseien, | finishlijn, : sprintlijn
text-board-legend-pack = GR de gruppetto
text-board-legend-folds = ~ lege vakken weggelaten ({ $folds })
text-board-weather-level = weer { $level }/5
text-board-weather-cold = weer 1/5 (koud: vermoeidheid komt bovenop de trekstapel)
text-board-weather-hot = weer 5/5 (warm: vermoeidheidskaarten komen per twee)
text-board-wind-head = tegenwind
text-board-wind-tail = rugwind
text-board-wind-cross-left = zijwind van links
text-board-wind-cross-right = zijwind van rechts
text-board-sky = weer: { $weather ->
        [fog] mist
        [storm] onweer
        [windy] winderig
        [overcast] bewolkt
        [sunny] zonnig
       *[heatwave] hittegolf
    }
cli-backup-done = { $from } gekopieerd naar { $to }: elke tour zoals hij op één moment stond.
cli-backup-exists = { $file } bestaat al; geef een nieuw bestand voor de kopie
cli-backup-no-database = er is geen database in { $path } (de instelling database van de configuratie) om te back-uppen
cli-backup-failed = kan de kopie { $file } niet schrijven: { $error }
cli-backup-postgres = de tours staan in PostgreSQL ({ $database }): maak er een back-up van met pg_dump (zie docs/scaling.md)
