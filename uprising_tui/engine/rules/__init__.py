"""The rules: the phases, the Actions, combat, the Nemesis, cards and Quests, pieces and their fallbacks."""
