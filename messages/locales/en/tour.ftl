# tour
# The tour: classifications, stages, results.

classification-general = General classification
classification-points = Points
classification-mountains = Mountains
classification-team = Teams
classification-youth = Youth
classification-combativity = Combativity
