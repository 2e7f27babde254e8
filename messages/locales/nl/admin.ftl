# admin
# Wat beheerders met een lopende tour doen: stilleggen, hervatten, termijnen, bots, opgaves, het einde.

admin-already-paused = de tour staat al stil
admin-paused = De tour is stilgelegd: er wordt geen keuze aangenomen en er loopt geen termijn tot een beheerder hem hervat.
admin-not-paused = de tour staat niet stil
admin-resumed = De tour gaat verder: { $deadline } om in deze ronde te kiezen.
admin-deadline-set = Elke ronde blijft nu { $deadline } open.
admin-deadline-set-now = Elke ronde blijft nu { $deadline } open. De huidige ronde sluit na die tijd, vanaf nu gerekend.
admin-no-such-team = er is geen ploeg met de naam { $team } in deze tour; de ploegen zijn: { $teams }
admin-already-bot = met { $team } rijdt al een bot
admin-bot-rides = Voortaan rijdt een bot met { $team }.
admin-already-abandoned = { $rider } heeft al opgegeven
admin-abandons = { $rider } (nr. { $number }) geeft op: uit elk klassement vanaf etappe { $stage }.
admin-ended-early = De tour is beëindigd voordat er een etappe gefinisht was: geen klassement, geen winnaar.
admin-ended = Een beheerder beëindigde de tour na etappe { $stage }.
    { $winners }

## Wat alleen een beheerder kan, zoals in "alleen een beheerder kan de tour stilleggen".

admin-action-create = een tour aanmaken
admin-action-start = de tour starten
admin-action-repechage = een repêchage voorstellen
admin-action-pause = de tour stilleggen
admin-action-resume = de tour hervatten
admin-action-deadline = de termijn van de rondes instellen
admin-action-replace = een speler door een bot vervangen
admin-action-abandon = een renner laten opgeven
admin-action-end = de tour beëindigen

# Een weigering: $action is een van de admin-action-berichten hierboven.
admin-only = alleen een beheerder kan { $action }
