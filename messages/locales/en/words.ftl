# Words and counts used inside other sentences.

count-rows = { $count ->
        [one] { $count } row
       *[other] { $count } rows
    }
count-cells = { $count ->
        [one] { $count } cell
       *[other] { $count } cells
    }
