# repechage
# De repêchage: een stemming om een renner die opgaf terug te halen (VM-085, beslissing A-48).

repechage-window-too-short = een repêchage-stemming blijft minstens één seconde open: geef een langere tijd, of geen om de termijn van de ronde te nemen
repechage-paused = de tour staat stil: een beheerder hervat hem voordat er een repêchage voorgesteld wordt
repechage-not-abandoned = { $rider } heeft niet opgegeven: alleen een renner die uit koers is, kan teruggehaald worden
repechage-already-back = { $rider } is al teruggehaald: hij start in etappe { $stage }
repechage-last-stage = etappe { $stage } is de laatste: een renner die nu teruggehaald wordt, heeft geen etappe meer om te starten
repechage-too-late = { $rider } verliet de koers in etappe { $left }: over een repêchage wordt gestemd tijdens de etappe van de opgave of de volgende (A-48), en etappe { $current } is bezig
repechage-already-open = er loopt al een repêchage-stemming, voor { $rider }: wacht op de uitslag (hooguit { $left })
repechage-stage-done = etappe { $stage } had al haar repêchage ({ $rider } werd teruggehaald): er komt één renner per etappe terug (A-48)
repechage-voted-out = de ploegleiders stemden al tegen de terugkeer van { $rider } voor etappe { $stage }: hun antwoord blijft staan
repechage-no-voters = met elke ploeg rijdt een bot: er is geen ploegleider om te stemmen
repechage-no-such-rider = er is geen renner { $rider } in deze tour: geef de naam of het rugnummer van een renner

## De vraag aan het kanaal. $tie is een van de repechage-tie-berichten.

repechage-proposed = **Repêchage-stemming**: mag { $rider } (nr. { $number }, { $team }), die in etappe { $stage } opgaf, terugkomen? Zo ja, dan start { $rider } in de volgende etappe met, voor elke niet uitgereden etappe, de tijd van de laatst geklasseerde renner plus één minuut, en zonder punten.
    De ploegleiders van { $voters } stemmen, elk één keer, en mogen hun stem wijzigen tot de stemming sluit: als iedereen gestemd heeft, of over { $window }. De meerderheid van de uitgebrachte stemmen beslist; { $tie }.
repechage-tie-breaker = bij een gelijkspel heeft de ploegleider van de ploeg van de laatste ritwinnaar een extra stem (nu { $team })
repechage-tie-bot = bij een gelijkspel heeft de ploegleider van de ploeg van de laatste ritwinnaar een extra stem; met { $team }, winnaar van etappe { $stage }, rijdt een bot, dus voorlopig houdt een gelijkspel { $rider } buiten de koers
repechage-tie-none = bij een gelijkspel heeft de ploegleider van de ploeg van de laatste ritwinnaar een extra stem; er is nog geen etappe gefinisht, dus voorlopig houdt een gelijkspel { $rider } buiten de koers
repechage-button-yes = Ja, haal { $rider } terug
repechage-button-no = Nee

## De stem van een ploegleider.

repechage-no-such-vote = er is geen repêchage-stemming { $vote } in dit kanaal: stem met de knoppen van het bericht van de stemming
repechage-closed = deze stemming is gesloten: { $outcome }
repechage-closed-announced = deze stemming is gesloten: de uitslag is bekendgemaakt
repechage-not-a-voter = alleen de ploegleiders van deze tour stemmen over een repêchage, en jij leidt er geen ploeg
repechage-vote-too-late = Te laat: deze stemming bereikte haar termijn vóór je stem, die niet geteld is.
# $vote: "yes" of "no", een sleutel waarop gekozen wordt, nooit getoond.
repechage-voted-last = Je stemde { $vote ->
        [yes] ja
       *[no] nee
    }. De jouwe was de laatste stem: de stemming is gesloten.
repechage-voted = Je stemde { $vote ->
        [yes] ja
       *[no] nee
    }. Je kunt je stem wijzigen tot de stemming sluit.

## De uitslag. $outcome wordt met de stemming bewaard en is een van de uitkomsten hieronder;
## $tally een van de tellingen.

repechage-result = **Repêchage van { $rider }**: { $outcome }
repechage-nobody-voted = niemand stemde
repechage-tally = { $yes } ja, { $no } nee
repechage-tally-extra = { $yes } ja, { $no } nee, met de extra stem van de ploegleider van { $team }, wiens renner etappe { $stage } won
repechage-tally-tie-no-winner = { $yes } ja, { $no } nee: gelijkspel, en er is nog geen etappewinnaar om het te beslechten
repechage-tally-tie-bot = { $yes } ja, { $no } nee: gelijkspel, dat { $team }, winnaar van etappe { $stage }, niet kan beslechten: er rijdt een bot mee
repechage-tally-tie-no-vote = { $yes } ja, { $no } nee: gelijkspel, en de ploegleider van { $team }, wiens renner etappe { $stage } won, stemde niet om het te beslechten
repechage-stays-out = { $tally }. { $rider } blijft uit koers.
repechage-passed-too-late = { $tally }. De stemming is aangenomen, maar etappe { $stage } is de laatste: er is geen etappe meer voor { $rider }.
repechage-brought-back = { $tally }. { $rider } is teruggehaald: hij start in etappe { $stage }, met voor { $missed } de tijd van de laatst geklasseerde renner plus één minuut (A-48).
repechage-tour-over = de tour eindigde voordat de stemming sloot; niemand is teruggehaald
repechage-closed-twice = repêchage-stemming { $vote } is twee keer gesloten
repechage-no-stage-left = { $rider } staat als opgegeven te boek, maar geen enkele etappe zegt dat hij de koers verliet
