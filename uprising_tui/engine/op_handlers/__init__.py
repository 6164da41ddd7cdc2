"""Handlers for the effect ops, grouped by what they touch: ``player`` (economy, cards,
player Units), ``nemesis`` (Nemesis pieces, Curses, Havens), ``dice`` (dice and symbols
in a combat or a Quest roll). ``effects.run_effect`` dispatches to them by op name."""
