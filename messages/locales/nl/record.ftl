# record
# Een scheidsrechter die iedereen kan controleren: het zaad van elke etappe verzegeld bij de
# start en onthuld bij de finish, het bestand van de tour (/admin export, commissaire export),
# de controle ervan (commissaire verify) en de import.

record-action-export = de tour exporteren

## In het kanaal, onder de start van een etappe en onder de uitslag.

seed-sealed = Zaad verzegeld: de SHA-256-toezegging is `{ $commitment }`. Het zaad en het zout worden bekendgemaakt als de etappe voorbij is.
seed-revealed = Zaad van de etappe: `{ $seed }`, zout `{ $salt }`. De SHA-256 van `{ $seed }:{ $salt }` is `{ $commitment }`, de toezegging van bij de start. { $export } geeft de hele tour als bestand dat iedereen kan controleren met `commissaire verify`.
    .terminal = Zaad van de etappe: `{ $seed }`, zout `{ $salt }`. De SHA-256 van `{ $seed }:{ $salt }` is `{ $commitment }`, de toezegging van bij de start. Iedereen kan de hele tour controleren met `commissaire export` en `commissaire verify` (zie docs/verify.md).
seed-revealed-unsealed = Zaad van de etappe: `{ $seed }`. De etappe begon voordat zaden verzegeld werden, dus er is geen toezegging om het mee te vergelijken. { $export } geeft de hele tour als bestand dat iedereen kan controleren met `commissaire verify`.
    .terminal = Zaad van de etappe: `{ $seed }`. De etappe begon voordat zaden verzegeld werden, dus er is geen toezegging om het mee te vergelijken. Iedereen kan de hele tour controleren met `commissaire export` en `commissaire verify` (zie docs/verify.md).

## Het bestand.

record-exported = De hele tour in één bestand: de opzet, de zaden van de verreden etappes, elke keuze, elke gebeurtenis en de uitslagen. Controleer het met `commissaire verify { $file }`.
record-export-written = { $file } geschreven ({ $stages ->
        [one] { $stages } etappe
       *[other] { $stages } etappes
    }).
record-export-too-big = het bestand van de tour is { $size } MB, meer dan Discord een bot laat bijvoegen: wie de bot draait, kan het schrijven met `commissaire export`
record-not-json = het bestand is geen JSON: { $error }
record-not-a-tour = het bestand is geen tour van commissaire (het "format" is niet "commissaire-tour")
record-unknown-version = het bestand is in versie { $version } van het formaat, en dit programma leest versies 1 tot { $newest }; controleer het met een nieuwere commissaire
record-unreadable = het bestand is niet als tour te lezen: { $error }
record-no-such-tour = die tour staat niet in deze database: noem hem met --tour ID of --channel ID (de laatste tour van dat kanaal)
record-import-needs-secrets = deze tour is niet voorbij, en het bestand houdt de zaden van wat nog verreden moet worden geheim: exporteer een lopende tour die je wilt verhuizen met `commissaire export --secrets`
record-import-does-not-verify = het bestand doorstaat de controle niet (etappe { $stage }): `commissaire verify` zegt wat er mis is; er is niets geïmporteerd
record-import-channel-taken = kanaal { $channel } heeft al een lopende tour; importeer in een ander kanaal met --channel ID
record-imported = De tour is geïmporteerd in kanaal { $channel } (hier tour { $tour }): { $stages ->
        [one] { $stages } etappe
       *[other] { $stages } etappes
    }, en hij gaat verder waar hij stond.

## commissaire verify: de regels van een etappe, dan het oordeel.

verify-stage = Etappe { $stage } ({ $course })
verify-seed-matches = zaad { $seed } met zout { $salt } geeft de toezegging { $commitment }: het zaad lag vast vóór de eerste keuze van de etappe.
verify-seed-unsealed = zaad { $seed }: de etappe begon voordat zaden verzegeld werden, dus er is geen toezegging om het mee te vergelijken.
verify-seed-sealed = onderweg: het zaad blijft verzegeld (toezegging { $commitment }) tot de etappe voorbij is.
verify-seed-mismatch = VERVALST: zaad { $seed } met zout { $salt } geeft { $computed }, niet de toezegging { $commitment } van bij de start.
verify-seed-missing = VERVALST: de etappe is voorbij, maar het bestand geeft niet het zaad en zout die de toezegging vraagt.
verify-events-match = { $choices ->
        [one] de { $choices } keuze, opnieuw gespeeld vanaf het zaad, geeft
       *[other] de { $choices } keuzes, opnieuw gespeeld vanaf het zaad, geven
    } { $events ->
        [one] de { $events } vastgelegde gebeurtenis, precies.
       *[other] alle { $events } vastgelegde gebeurtenissen, precies en in volgorde.
    }
verify-events-not-replayed = niet opnieuw gespeeld: de keuzes staan pas in het bestand als de etappe voorbij is.
verify-choice-moved = VERVALST: keuze { $choice } staat op plaats { $place } in het bestand: de keuzes staan niet in de volgorde waarin ze gemaakt zijn.
verify-event-wrong-choice = VERVALST: gebeurtenis { $event } staat onder een andere keuze dan die waaruit ze volgt.
verify-event-changed = VERVALST: gebeurtenis { $event } is vastgelegd als { $recorded }, maar de keuzes opnieuw gespeeld vanaf het zaad geven { $replayed }.
verify-event-count = VERVALST: het bestand legt { $recorded ->
        [one] { $recorded } gebeurtenis
       *[other] { $recorded } gebeurtenissen
    } vast, maar de keuzes opnieuw gespeeld vanaf het zaad geven er { $replayed }.
verify-no-replay = VERVALST: de keuzes kunnen niet in deze volgorde gespeeld worden vanaf dit zaad ({ $error }).
verify-result-rider = VERVALST: de gebeurtenissen kloppen, maar de uitslag vastgelegd voor { $rider } is niet wat de opnieuw gespeelde etappe geeft.
verify-result-lines = VERVALST: de gebeurtenissen kloppen, maar de vastgelegde uitslag (renners, sprints of toppen) is niet wat de opnieuw gespeelde etappe geeft.
verify-result-missing = VERVALST: de etappe is voorbij, maar het bestand heeft er geen uitslag van.
verify-unavailable = kan hier niet opnieuw gespeeld worden: { $error }
verify-unknown-game = dit programma leidt het spel { $ruleset } niet: geen etappe kan opnieuw gespeeld worden
verify-nothing-over = Nog niets om opnieuw te spelen: geen etappe van dit bestand is voorbij. De toezeggingen staan hierboven; controleer het bestand opnieuw als er een etappe voorbij is.
verify-good = Het bestand klopt: { $stages ->
        [one] de opnieuw gespeelde etappe geeft
       *[other] elk van de { $stages } opnieuw gespeelde etappes geeft
    } precies wat het bestand vastlegt, vanaf het zaad dat vóór de start verzegeld was.
verify-bad = Het bestand klopt niet: { $count ->
        [one] { $count } etappe is
       *[other] { $count } etappes zijn
    } niet wat de scheidsrechter vastlegde, of kan niet gecontroleerd worden (hierboven).
