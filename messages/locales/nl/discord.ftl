# De Discord-adapter (bot/src/discord/) en wat de hand van een ploegleider zegt.

## De hand van een ploegleider: zijn renners, wat hij kan kiezen, en tot wanneer.

# $turn (hier en verder): de beurt die gespeeld wordt, zoals het spel hem noemt ("ronde 3").
hand-head = **{ $team }**, etappe { $stage }, { $turn }.
hand-choose-within = Kies binnen { $left }, anders speelt de bot voor je.
    .terminal = {""}
hand-paused = De tour staat stil: keuzes wachten tot een beheerder hem hervat.
    .terminal = De tour staat stil.
hand-autopilot-on = De automatische piloot staat aan: de bot kiest voor je ploeg tot je hem uitzet met { $autopilot }.
# Een optie op een knop of in een lijst: een renner (of de ploeg), dan wat hij doet ("Blauw Rouleur: Houd 5").
option = { $group }: { $label }

## De keuze van een ploegleider.

choose-already-counted = Dit verzoek was al geteld; er is niets meer gedaan.
choose-paused = de tour staat stil: keuzes wachten tot een beheerder hem hervat
# Een keuze voor een beslissing die al voorbij is (een ander tabblad, een oud bericht).
choose-stale = Die keuze hoorde bij een beslissing die al voorbij is en is dus niet gebruikt: kies opnieuw uit de opties die nu getoond worden.
choose-stale-button = Die knop hoorde bij een beslissing die al voorbij is en is dus niet gebruikt. Hier zie je hoe je ploeg er nu voor staat.
choose-not-an-option = dat is nu geen van je opties: { $hand } toont welke je hebt
# Wat de ploegleider koos, afgevinkt.
choose-done = ✓ { $option }
# De ploegen waar een ronde nog op wacht, na een keuze of bij /stage.
waiting-for = Wachten op { $teams }.
reminder = Herinnering: { $team } moet nog kiezen voor etappe { $stage }, { $turn }. De bot speelt voor je over { $left }.

## /autopilot.

autopilot-no-team = je leidt geen ploeg in deze tour: sluit je aan bij een ploeg met { $tour_join }
autopilot-already-on = De automatische piloot staat al aan: de bot kiest voor je ploeg.
autopilot-already-off = De automatische piloot staat al uit: de keuzes van je ploeg zijn aan jou.
autopilot-on = Automatische piloot aan: de bot kiest voor { $team } tot je hem uitzet met { $autopilot }.
autopilot-off = Automatische piloot uit: de keuzes van { $team } zijn weer aan jou.

## Een ronde afsluiten, een tour van bots verder laten gaan.

paused-resume-first = de tour staat stil: een beheerder moet hem eerst hervatten
close-round-still-open = de ronde staat nog { $left } open: alleen een beheerder kan hem eerder sluiten
close-round-nobody-late = Niemand is te laat: er valt niets af te sluiten.
advance-nothing-to-play = Niets te spelen: de ploegleiders zijn aan zet.

## /play met de hand getypt, en het automatisch aanvullen.

play-nothing-to-choose = je hebt nu niets te kiezen: wacht op je beurt
play-no-such-option = '{ $typed }' is geen van je opties; kies uit: { $options }
play-ambiguous = '{ $typed }' kan elk van deze zijn: { $options }; typ meer van de optie die je wilt
play-and-more = en nog { $count } (begin te typen om ze te zien)
# Een voorinstelling die het aanvullen van /tour create voorstelt.
preset-choice = { $name } ({ $stages ->
        [one] 1 etappe
       *[other] { $stages } etappes
    })

## Keuzemenu's, als een beslissing meer opties heeft dan er knoppen passen.

menu-placeholder = Opties { $first }–{ $last } van { $total }
menu-placeholder-more = Opties { $first }–{ $last } van { $total }: { $play } biedt ze allemaal

## Knoppen die niet meer werken.

button-outdated = Deze knop komt uit een oudere versie van de commissaire en werkt niet meer: gebruik { $hand } om je opties te zien, of { $tour_status }.
button-earlier-tour = Deze knop hoort bij een eerdere tour in dit kanaal: { $tour_status } toont de huidige.

## De kaart van de ronde: elke ploeg, afgevinkt zodra ze kiest, en wanneer de ronde sluit.

card-title = { $title }: { $turn }
card-team-director = { $team } · <@{ $user }>
card-team-bot = { $team } · bot
card-team-done = ✅ { $who }
card-team-waiting = ⏳ { $who }
card-all-chosen = Elke ploeg heeft gekozen: de ronde wordt gespeeld.
# $deadline: een Unix-tijd, die Discord toont als "over 5 minuten".
card-choose = Kies met de knop hieronder of met { $play }. De bot speelt voor de late ploegen <t:{ $deadline }:R>.
card-paused = De tour staat stil: keuzes wachten tot een beheerder hem hervat.

## Het statusbericht van de tour, vastgezet en ter plekke bijgewerkt terwijl de tour vordert.

status-card-title = 📌 Zo staat de tour
# $since: een Unix-tijd, die Discord toont als "5 minuten geleden".
status-card-waiting-since = Verwacht sinds <t:{ $since }:R>:
status-card-waiting = Verwacht:
status-card-deadline = De bot speelt voor de late ploegen <t:{ $deadline }:R>.
status-card-jerseys = Truien:
status-reposted = Het statusbericht van de tour staat hieronder opnieuw en is vastgezet; het wordt bijgewerkt terwijl de tour vordert.

## Privébevestigingen van een commando waarvan het antwoord in het kanaal staat.

done = Klaar.
done-round-posted = Klaar: de ronde staat in het kanaal.
done-answer-posted = Klaar: het antwoord staat in het kanaal.
# After a deferred answer: where the public answer was posted ($link: the message's address).
done-round-posted-at = Klaar: de ronde staat in het kanaal: { $link }
done-answer-posted-at = Klaar: het antwoord staat in het kanaal: { $link }
done-news-posted = Klaar: het nieuws staat in het kanaal.
# Een herinnering die eerst de ploegleider noemt.
reminder-ping = <@{ $user }> { $text }

## Een optie waarvoor een spel geen woorden in de catalogus heeft: het Engelse label zoals het is.

option-label = { $label }
