# Woorden en aantallen die in andere zinnen gebruikt worden.

count-rows = { $count ->
        [one] { $count } vak
       *[other] { $count } vakken
    }
count-cells = { $count ->
        [one] { $count } vak
       *[other] { $count } vakken
    }
count-hours = { $count ->
        [one] { $count } uur
       *[other] { $count } uur
    }
count-minutes = { $count ->
        [one] { $count } minuut
       *[other] { $count } minuten
    }
count-seconds = { $count ->
        [one] { $count } seconde
       *[other] { $count } seconden
    }
# Een reeks etappes: "etappe 2", "etappes 2 en 3", "etappes 2 tot 4".
stages-one = etappe { $first }
stages-two = etappes { $first } en { $last }
stages-range = etappes { $first } tot { $last }
# Een plaats: 1e, 2e, 3e, 11e, 21e.
ordinal = { $n }e
