"""The balance lab: many seeded bot games over a grid of faction counts and difficulties,
with win rates and their intervals, VP margins, a plot, and a report on every card.

``uprising balance --games N`` runs it (see ``balance.cli``); ``docs/balance.md`` holds the
findings and the commands that produced them."""
