# Slash commands: their names, descriptions, options and choices, as Discord shows them.
