# errors
# What a user can get wrong, and what to do about it.

## The settings of `commissaire serve` (config/commissaire.toml).

config-folder-not-folder = the config folder { $folder } is not a folder: run from the project folder, or name the folder holding commissaire.toml, courses/ and tours/ with --config
config-folder-missing = the config folder { $folder } does not exist: run from the project folder, or name the folder holding commissaire.toml, courses/ and tours/ with --config
config-file-missing = { $file } does not exist: copy the project's config/commissaire.toml there (every setting in it may be left out)
config-api-base = api_base must be an http:// or https:// address, not { $base }
config-at-least-one = { $setting } must be at least 1
config-not-negative = { $setting } cannot be negative
config-at-most = { $setting } must be at most { $max }
config-env-not-a-number = { $env } must be a whole number, not { $value }
config-setting-wants = line { $line }: { $want }
config-wants-path = { $key } wants a file path in quotes, like { $key } = "commissaire.db"
config-wants-address = { $key } wants an address in quotes, like { $key } = "http://127.0.0.1:8080"
config-wants-url = { $key } wants a database URL in quotes, like { $key } = "postgres://commissaire@127.0.0.1/commissaire"
config-database-url = the database is a SQLite file or a URL starting with postgres:// (PostgreSQL), not { $url }
config-wants-role = { $key } wants a role's name or id in quotes, like { $key } = "Commissaires"
config-wants-seconds = { $key } wants a whole number of seconds, like { $key } = 5
config-wants-milliseconds = { $key } wants a whole number of milliseconds, like { $key } = 1000
config-no-such-setting-near = line { $line }: there is no setting '{ $key }': did you mean '{ $near }'?
config-no-such-setting = line { $line }: there is no setting '{ $key }'; the settings are: { $known }
config-no-token = no Discord token: set { $env }, or name a file holding it with token_file in { $file } (or { $file_env })
config-token-unreadable = cannot read the token file { $file }: { $error }
config-token-empty = the token file { $file } is empty

## `commissaire serve` reaching Discord.

serve-unreachable = cannot reach { $what } within { $secs } s: check the network and api_base in { $file }, or allow longer with connect_timeout_secs there
serve-api-at = Discord's API at { $api } ({ $cause })
serve-gateway-at = Discord's gateway at { $url }
serve-crashed = the Discord client stopped unexpectedly: { $error }

## Refusals shared by several commands.

deadline-too-short = the turn deadline must be at least one second
decision-deadline-too-short = the decision deadline must be at least one second

## When the fault is ours: $error is the internal error, for the admin told of it.

service-broken = Something went wrong on the commissaire's side ({ $error }); nothing was changed. Try again, and tell an admin if it keeps happening.
serve-shards-range = --shards wants a range of shard numbers such as 0-3, not { $range }
serve-shards-total = shards { $range } do not fit in { $total ->
        [one] one shard
       *[other] { $total } shards
    }: the last one is number { $last }
