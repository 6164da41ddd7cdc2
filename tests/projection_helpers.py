"""Shared checks for the public view and its projection: drive a game and, after every
answer, hold a projection that follows the game (events alone), the game's public view (its
projection, brought up to date when asked) and the table read afresh from the state equal; say
which field differs when they are not."""
from __future__ import annotations

from uprising_tui.engine.face.projection import Projection


def table_now(g):
    """The public view read afresh from the game's state (not from its events)."""
    return Projection.of_table(g.cat, g.state, g.board, g.ctx.combat, g.setup.difficulty).view()


def differences(a, b, path: str = "view") -> list[str]:
    """Where two views differ, as 'view.hexes[H07].skeletons: 1 != 2' lines."""
    if a == b:
        return []
    if hasattr(a, "_fields") and type(a) is type(b):
        out = []
        for f in a._fields:
            out += differences(getattr(a, f), getattr(b, f), f"{path}.{f}")
        return out
    if hasattr(a, "keys") and hasattr(b, "keys"):
        out = []
        for k in sorted(set(a) | set(b)):
            out += differences(a.get(k), b.get(k), f"{path}[{k}]")
        return out
    return [f"{path}: {a!r} != {b!r}"]


class Watch:
    """Follows a game with a Projection; ``check()`` compares the three views."""

    def __init__(self, game):
        self.game = game
        self.proj = Projection.follow(game)
        self.checks = 0

    def check(self, where: str = "") -> None:
        g = self.game
        fresh = table_now(g)
        cached = g.public_view()
        assert cached == fresh, f"{where}: the public view drifted: {differences(cached, fresh)[:5]}"
        got = self.proj.view()
        if got != fresh:
            recent = [e.event_type for e in g.log[-8:]]
            raise AssertionError(f"{where}: the projection differs from the public view after {recent}: "
                                 f"{differences(got, fresh)[:5]}")
        assert not self.proj.unknown, (
            f"{where}: events the projection does not handle: {sorted(self.proj.unknown)} (a state change needs "
            "a typed event and a handler in engine/face/projection, or a place in projection.NO_CHANGE)")
        self.checks += 1

    def play(self, choose, limit: int = 50_000) -> None:
        """Answer with `choose(game, decision)` to the end, checking after every answer."""
        g = self.game
        self.check("start")
        n = 0
        while g.decision is not None:
            g.answer(choose(g, g.decision))
            n += 1
            self.check(f"answer {n} ({g.answers[-1] if g.answers else ''})")
            assert n < limit, "the game does not end"


def projection_problems(g) -> list[str]:
    """What differs between the game's events replayed (a fresh Projection) and its state."""
    if not g.log or g.log[0].event_type != "GameStarted":
        return []
    proj = Projection.from_events(g.cat, g.log)
    fresh = table_now(g)
    out = []
    if proj.unknown:
        out.append(f"events the projection does not handle: {sorted(proj.unknown)} (give the state change a "
                   "typed event and a handler in engine/face/projection, or list it in projection.NO_CHANGE)")
    diff = differences(proj.view(), fresh)
    if diff:
        out.append(f"the events do not tell every change of the table (projection vs state): {diff[:5]}")
    return out
