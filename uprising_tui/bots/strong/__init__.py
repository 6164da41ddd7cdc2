"""The strong bot: a search over the options of a Decision with heuristic rollouts (see search.py)."""
