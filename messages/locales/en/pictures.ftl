# Words drawn in the pictures (render/): titles, keys, column heads.

board-round = Round { $round }
