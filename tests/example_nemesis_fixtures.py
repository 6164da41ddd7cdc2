"""Shared fixtures for test_example_nemesis_placement.py, test_example_nemesis_legions.py and
test_example_activation.py."""
from uprising_tui.engine.game import started_event
from uprising_tui.engine.scenario import Scenario, activate, effect, run_phase, turn

from .helpers import drive, events, ids, play_out


def hexes_of(g, prefix="hex:"):
    return {o.split(":", 1)[1] for o in ids(g) if o.startswith(prefix)}


def crowd(sc, keep=()):
    """Put a Curse on every island space (random or Sea Tower) not in `keep`, so none of
    them is empty; regions, the Capital and Havens are left alone."""
    def step(st):
        for h in st.hexes.values():
            if h.role in ("random", "sea_tower") and h.id not in keep:
                h.curse = True
    return sc.state(step)


def with_state(fn, script):
    """Run `fn(state)` (after the fixture's reserve recount), then `script`."""
    def run(ctx):
        fn(ctx.state)
        ctx.emit(started_event(ctx))  # the hand-made table, announced
        yield from script(ctx)
    return run

__all__ = ['Scenario', 'activate', 'crowd', 'drive', 'effect', 'events', 'hexes_of', 'ids', 'play_out', 'run_phase', 'turn', 'with_state']
