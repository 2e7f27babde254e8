# The terminal (`commissaire demo`, `commissaire play`).
