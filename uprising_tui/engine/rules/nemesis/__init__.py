"""The Nemesis: its phase and every activation (phase.py), Legion and Horde cards on the map (cards.py)."""
