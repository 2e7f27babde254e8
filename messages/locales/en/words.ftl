# Words and counts used inside other sentences.

count-rows = { $count ->
        [one] { $count } row
       *[other] { $count } rows
    }
count-cells = { $count ->
        [one] { $count } cell
       *[other] { $count } cells
    }
count-hours = { $count ->
        [one] { $count } hour
       *[other] { $count } hours
    }
count-minutes = { $count ->
        [one] { $count } minute
       *[other] { $count } minutes
    }
count-seconds = { $count ->
        [one] { $count } second
       *[other] { $count } seconds
    }
# A run of stages: "stage 2", "stages 2 and 3", "stages 2 to 4".
stages-one = stage { $first }
stages-two = stages { $first } and { $last }
stages-range = stages { $first } to { $last }
# A place: 1st, 2nd, 3rd, 4th, 11th, 21st.
ordinal = { NUMBER($n, type: "ordinal") ->
        [one] { $n }st
        [two] { $n }nd
        [few] { $n }rd
       *[other] { $n }th
    }
