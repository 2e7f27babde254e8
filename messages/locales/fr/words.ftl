# Mots et décomptes utilisés à l'intérieur d'autres phrases.

count-rows = { $count ->
        [one] { $count } case
       *[other] { $count } cases
    }
count-cells = { $count ->
        [one] { $count } case
       *[other] { $count } cases
    }
count-hours = { $count ->
        [one] { $count } heure
       *[other] { $count } heures
    }
count-minutes = { $count ->
        [one] { $count } minute
       *[other] { $count } minutes
    }
count-seconds = { $count ->
        [one] { $count } seconde
       *[other] { $count } secondes
    }
# Une suite d'étapes : « l'étape 2 », « les étapes 2 et 3 », « les étapes 2 à 4 ».
stages-one = l'étape { $first }
stages-two = les étapes { $first } et { $last }
stages-range = les étapes { $first } à { $last }
# Une place : 1er, 2e, 3e, 11e, 21e.
ordinal = { $n ->
        [1] 1er
       *[other] { $n }e
    }
