# replay
# Een verreden etappe als animatie (issue 36): geplaatst bij de uitslag van de etappe, en
# opnieuw met de optie herhaling van /etappe.

# In het kanaal, bij de animatie: $stage het nummer, $course de naam van het parcours.
replay-posted = Etappe { $stage }, { $course }, beurt na beurt: het bord van elke beurt, dan de aankomst.
# Weigeringen van de optie herhaling van /etappe.
replay-none-yet = er is nog geen etappe verreden: een etappe is opnieuw te bekijken zodra ze voorbij is
replay-not-finished = etappe { $stage } is nog niet verreden: de verreden etappes zijn 1 tot { $last }
