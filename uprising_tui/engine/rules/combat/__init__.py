"""One combat: its sequence (fight.py), each side's dice (dice.py), what cards and Godpowers do in it (effects.py)."""
