"""Handlers for the effect ops, grouped by what they touch: ``player`` (economy, cards,
player Units), ``nemesis`` (Nemesis pieces, Curses, Havens), ``dice`` (dice and symbols
in a combat or a Quest roll). ``effects.run_effect`` dispatches to them by op name."""
from __future__ import annotations

from ..executor import AFTER, register_handlers
from ...rules.fights import capital_rule
from . import dice, nemesis, player

for _module in (player, nemesis, dice):
    register_handlers(_module)
AFTER.append(capital_rule)  # an effect may change what stands on the Capital
