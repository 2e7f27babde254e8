# errors
# Ce qu'un utilisateur peut faire de travers, et ce qu'il faut faire.

## Les réglages de `commissaire serve` (config/commissaire.toml).

config-folder-not-folder = le dossier de configuration { $folder } n'est pas un dossier : lancez la commande depuis le dossier du projet, ou indiquez avec --config le dossier qui contient commissaire.toml, courses/ et tours/
config-folder-missing = le dossier de configuration { $folder } n'existe pas : lancez la commande depuis le dossier du projet, ou indiquez avec --config le dossier qui contient commissaire.toml, courses/ et tours/
config-file-missing = { $file } n'existe pas : copiez-y le fichier config/commissaire.toml du projet (chaque réglage peut y être omis)
config-api-base = api_base doit être une adresse http:// ou https://, pas { $base }
config-at-least-one = { $setting } doit valoir au moins 1
config-not-negative = { $setting } ne peut pas être négatif
config-at-most = { $setting } doit valoir au plus { $max }
config-env-not-a-number = { $env } doit être un nombre entier, pas { $value }
config-setting-wants = ligne { $line } : { $want }
config-wants-path = { $key } attend un chemin de fichier entre guillemets, par exemple { $key } = "commissaire.db"
config-wants-address = { $key } attend une adresse entre guillemets, par exemple { $key } = "http://127.0.0.1:8080"
config-wants-url = { $key } attend l'URL d'une base de données entre guillemets, par exemple { $key } = "postgres://commissaire@127.0.0.1/commissaire"
config-database-url = la base de données est un fichier SQLite ou une URL commençant par postgres:// (PostgreSQL), pas { $url }
config-wants-role = { $key } attend le nom ou l'identifiant d'un rôle entre guillemets, par exemple { $key } = "Commissaires"
config-wants-seconds = { $key } attend un nombre entier de secondes, par exemple { $key } = 5
config-wants-milliseconds = { $key } attend un nombre entier de millisecondes, par exemple { $key } = 1000
config-no-such-setting-near = ligne { $line } : il n'y a pas de réglage « { $key } » : vouliez-vous dire « { $near } » ?
config-no-such-setting = ligne { $line } : il n'y a pas de réglage « { $key } » ; les réglages sont : { $known }
config-no-token = aucun jeton Discord : définissez { $env }, ou indiquez un fichier qui le contient avec token_file dans { $file } (ou { $file_env })
config-token-unreadable = impossible de lire le fichier du jeton { $file } : { $error }
config-token-empty = le fichier du jeton { $file } est vide

## `commissaire serve` et la connexion à Discord.

serve-unreachable = impossible de joindre { $what } en { $secs } s : vérifiez le réseau et api_base dans { $file }, ou laissez plus de temps avec connect_timeout_secs
serve-api-at = l'API de Discord à { $api } ({ $cause })
serve-gateway-at = la passerelle de Discord à { $url }
serve-crashed = le client Discord s'est arrêté de façon inattendue : { $error }

## Refus communs à plusieurs commandes.

deadline-too-short = le délai d'une manche doit être d'au moins une seconde
decision-deadline-too-short = le délai d'une décision doit être d'au moins une seconde

## Quand la faute vient de nous : $error est l'erreur interne, pour l'admin qui en sera informé.

service-broken = Un problème est survenu du côté du commissaire ({ $error }) ; rien n'a été modifié. Réessayez, et prévenez un admin si cela se reproduit.
serve-shards-range = --shards attend une plage de numéros de shards comme 0-3, pas { $range }
serve-shards-total = les shards { $range } ne tiennent pas dans { $total ->
        [one] un seul shard
       *[other] { $total } shards
    } : le dernier porte le numéro { $last }
