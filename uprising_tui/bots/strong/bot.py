"""The strong bot (``--bot strong``): the heuristic bot, with a search at the Decisions that matter.

It never reads the real game's state: it follows the game through its public face (the setup,
``game.answers``, ``game.history()``, ``game.public_view()``) with a private ``Sandboxes`` (a
mirror of the game whose hidden things are dealt again from the unseen before anything is played
in it), and every Decision it does not search is answered by one heuristic bot of its own on such
a sampled world (so the heuristic's plans from one Decision of a turn carry to the next).

Where it searches (``searched``): a player's Actions-turn Decisions and the Feat kept at a Build,
when the heuristic ranks at least two options. Everything else (the Units of a Command once the
target is chosen, the steps of a combat, payments, the Nemesis ties, Build purchases) follows the
heuristic: those are either planned with the searched choice or decided by the fight policy.
"""
from __future__ import annotations

from ...engine.sandbox import Sandboxes
from .. import get_bot
from .search import ENTRIES, Budget, Search, choose, rank, real_options, restricted

SEARCHED = frozenset({"turn", "keep_feat"})


class StrongBot:
    name = "strong"

    def __init__(self, seed: int = 0, budget: Budget | None = None, *, z: float = 2.0):
        self.seed = seed
        self.budget = budget or Budget()
        self.z = z
        self.heuristic = get_bot("heuristic", seed)
        self._sandboxes: Sandboxes | None = None
        self._game = None
        self.searches = 0
        self.changed = 0  # searches that played another option than the heuristic's
        self.rollouts = 0
        self._entries: set[tuple] = set()  # entries taken, by the real game's log length and Decision

    @classmethod
    def from_spec(cls, seed: int, spec: str) -> "StrongBot":
        """``rollouts=24,width=3,horizon=chapter,seconds=1.5,z=1.0`` (any of them; the rest default)."""
        kw: dict = {}
        z = 2.0
        for part in spec.split(","):
            key, eq, val = part.partition("=")
            key = key.strip()
            try:
                if not eq:
                    raise ValueError
                if key in ("rollouts", "width", "first"):
                    kw[key] = int(val)
                elif key == "seconds":
                    kw[key] = float(val)
                elif key == "horizon":
                    kw[key] = val.strip()
                elif key == "z":
                    z = float(val)
                else:
                    raise KeyError(key)
            except KeyError:
                raise ValueError(f"strong bot: unknown setting {key!r} (rollouts, seconds, width, first, horizon, z)") from None
            except ValueError:
                raise ValueError(f"strong bot: {part.strip()!r} is not setting=value with a number") from None
        if "seconds" in kw and "rollouts" not in kw:
            kw["rollouts"] = None
        return cls(seed, Budget(**kw), z=z)

    # ------------------------------------------------------------------ following the game
    def sandboxes(self, game) -> Sandboxes:
        if self._sandboxes is None or self._game is not game:
            self._sandboxes, self._game = Sandboxes(game), game
        else:
            self._sandboxes.sync()
        return self._sandboxes

    def world(self, game):
        """A sampled world at the game's current Decision (its seed: the answer's index)."""
        return self.sandboxes(game).world(self.seed * 1_000_003 + len(game.answers))

    # ------------------------------------------------------------------ answering
    def choose(self, game, decision) -> str:
        sb = self.sandboxes(game)
        world = sb.world(self.seed * 1_000_003 + len(game.answers))
        if decision.kind not in SEARCHED or len(decision.options) < 2:
            return self._guarded(game, world)
        lines = rank(world, self.budget.width, self.seed)
        if len(lines) < 2:
            return self.heuristic.choose(world, world.decision)
        seed = self.seed * 1_000_003 + len(game.answers)
        search = Search(sb, self.budget, seed, lines=lines)
        search.run()
        self.searches += 1
        self.rollouts += search.rollouts
        pick = choose(lines, self.z)
        if pick.rank:
            self.changed += 1
        # our own heuristic makes the plans that go with the pick (it answers what follows)
        self.heuristic.choose(world, restricted(world.decision, pick.among) if pick.rank else world.decision)
        return pick.option

    def _guarded(self, game, world) -> str:
        """The heuristic's answer, but never the same entry (``always``/``cancel``) twice at the
        same point of the real game: that would loop (each world is a new game to the heuristic,
        whose own guard knows a game by its identity)."""
        d = world.decision
        pick = self.heuristic.choose(world, d)
        if pick in ENTRIES:
            key = (len(game.log), d.kind, d.actor, pick)
            if key in self._entries:
                return self.heuristic.choose(world, restricted(d, real_options(d)))
            self._entries.add(key)
        return pick
