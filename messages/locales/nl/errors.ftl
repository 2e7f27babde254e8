# errors
# Wat een gebruiker verkeerd kan doen, en wat eraan te doen is.

## De instellingen van `commissaire serve` (config/commissaire.toml).

config-folder-not-folder = de configuratiemap { $folder } is geen map: start vanuit de projectmap, of geef met --config de map op waarin commissaire.toml, courses/ en tours/ staan
config-folder-missing = de configuratiemap { $folder } bestaat niet: start vanuit de projectmap, of geef met --config de map op waarin commissaire.toml, courses/ en tours/ staan
config-file-missing = { $file } bestaat niet: kopieer config/commissaire.toml van het project daarheen (elke instelling erin mag wegblijven)
config-api-base = api_base moet een http://- of https://-adres zijn, niet { $base }
config-at-least-one = { $setting } moet minstens 1 zijn
config-not-negative = { $setting } mag niet negatief zijn
config-at-most = { $setting } mag hoogstens { $max } zijn
config-env-not-a-number = { $env } moet een geheel getal zijn, niet { $value }
config-setting-wants = regel { $line }: { $want }
config-wants-path = { $key } verwacht een bestandspad tussen aanhalingstekens, zoals { $key } = "commissaire.db"
config-wants-address = { $key } verwacht een adres tussen aanhalingstekens, zoals { $key } = "http://127.0.0.1:8080"
config-wants-url = { $key } verwacht de URL van een database tussen aanhalingstekens, zoals { $key } = "postgres://commissaire@127.0.0.1/commissaire"
config-database-url = de database is een SQLite-bestand of een URL die begint met postgres:// (PostgreSQL), niet { $url }
config-wants-role = { $key } verwacht de naam of het id van een rol tussen aanhalingstekens, zoals { $key } = "Commissaires"
config-wants-seconds = { $key } verwacht een geheel aantal seconden, zoals { $key } = 5
config-wants-milliseconds = { $key } verwacht een geheel aantal milliseconden, zoals { $key } = 1000
config-no-such-setting-near = regel { $line }: er is geen instelling '{ $key }': bedoelde je '{ $near }'?
config-no-such-setting = regel { $line }: er is geen instelling '{ $key }'; de instellingen zijn: { $known }
config-no-token = geen Discord-token: stel { $env } in, of wijs met token_file in { $file } (of { $file_env }) een bestand aan dat het bevat
config-token-unreadable = het tokenbestand { $file } kan niet gelezen worden: { $error }
config-token-empty = het tokenbestand { $file } is leeg

## `commissaire serve` en de verbinding met Discord.

serve-unreachable = { $what } is niet bereikbaar binnen { $secs } s: controleer het netwerk en api_base in { $file }, of geef er meer tijd met connect_timeout_secs
serve-api-at = de API van Discord op { $api } ({ $cause })
serve-gateway-at = de gateway van Discord op { $url }
serve-crashed = de Discord-client is onverwacht gestopt: { $error }

## Weigeringen die meerdere commando's delen.

deadline-too-short = de termijn van een ronde moet minstens één seconde zijn
decision-deadline-too-short = de termijn van een beslissing moet minstens één seconde zijn

## Als de fout bij ons ligt: $error is de interne fout, voor de beheerder die ervan hoort.

service-broken = Er ging iets mis aan de kant van de commissaire ({ $error }); er is niets gewijzigd. Probeer het opnieuw, en meld het aan een beheerder als het blijft gebeuren.
serve-shards-range = --shards verwacht een reeks shardnummers zoals 0-3, niet { $range }
serve-shards-total = shards { $range } passen niet in { $total ->
        [one] één shard
       *[other] { $total } shards
    }: de laatste heeft nummer { $last }
