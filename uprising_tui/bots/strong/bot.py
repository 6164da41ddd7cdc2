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

from dataclasses import replace

from ...engine.sandbox import Sandboxes
from ..heuristic import HeuristicBot
from .search import ENTRIES, Budget, Search, choose, rank, real_options, restricted

SEARCHED = frozenset({"turn", "keep_feat"})
# the measured budget (docs/balance.md, "96 rollouts, six by kind"): up to 96 rollouts to the end
# of the Chapter over six candidates (the heuristic's top two, then its best of each other kind of
# option); +10.5 points of win rate over the heuristic at 1 faction, Veteran (400 paired setups),
# about 12 s a 4-Chapter game there
DEFAULT_BUDGET = Budget(rollouts=96, width=6, horizon="chapter", pool="kinds")


class StrongBot:
    name = "strong"

    def __init__(self, seed: int = 0, budget: Budget | None = None, *, z: float = 2.0):
        self.seed = seed
        self.budget = budget or DEFAULT_BUDGET
        self.z = z
        self.heuristic = HeuristicBot(seed)
        self._sandboxes: Sandboxes | None = None
        self._game = None
        self.searches = 0
        self.changed = 0  # searches that played another option than the heuristic's
        self.rollouts = 0
        self._entries: set[tuple] = set()  # entries taken, by the real game's log length and Decision
        self._shadow = None  # the world our heuristic plays in (see shadow())
        self._last = None  # (turn, answers after our pick, the picked Line): reused next Decision
        self.reused = 0  # rollouts taken over from the Decision before
        self.last_search: Search | None = None
        self.last_reused: frozenset = frozenset()  # the samples the last search took over
        self._shadow_at = 0
        self._shadow_mirror = None

    @classmethod
    def from_spec(cls, seed: int, spec: str) -> "StrongBot":
        """``rollouts=24,width=3,horizon=chapter,pool=kinds,seconds=1.5,z=1.0`` (any of them; the rest as in
        ``DEFAULT_BUDGET``)."""
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
                elif key in ("horizon", "pool"):
                    kw[key] = val.strip()
                elif key == "z":
                    z = float(val)
                else:
                    raise KeyError(key)
            except KeyError:
                raise ValueError(f"strong bot: unknown setting {key!r} (rollouts, seconds, width, first, horizon, pool, z)") from None
            except ValueError:
                raise ValueError(f"strong bot: {part.strip()!r} is not setting=value with a number") from None
        if "seconds" in kw and "rollouts" not in kw:
            kw["rollouts"] = None
        return cls(seed, replace(DEFAULT_BUDGET, **kw), z=z)

    # ------------------------------------------------------------------ following the game
    def sandboxes(self, game) -> Sandboxes:
        if self._sandboxes is None or self._game is not game:
            self._sandboxes, self._game = Sandboxes(game), game
            self._shadow = None
        else:
            self._sandboxes.sync()
        return self._sandboxes

    def shadow(self, game):
        """The sampled world our own heuristic plays in: one world that follows the real game's
        answers while they roll no dice and reveal nothing (then the two cannot differ), made anew
        after one that did. So the heuristic keeps what it remembers between Decisions (its plans,
        what was not worth doing a moment ago) just as it does in a game of its own."""
        sb = self.sandboxes(game)
        answers = game.answers
        sh, at = self._shadow, self._shadow_at
        if sh is not None and at <= len(answers) and self._shadow_mirror is sb.mirror.game:
            since = game.history()[at:]
            if not any(a.rolled or a.revealed for a in since) and answers[:at] == sb.mirror.game.answers[:at]:
                for a in since:
                    sh.answer(a.option)
                if sh.decision == game.decision:
                    self._shadow_at = len(answers)
                    return sh
        self._shadow = sb.world(self.seed * 1_000_003 + len(answers))
        self._shadow_at, self._shadow_mirror = len(answers), sb.mirror.game
        return self._shadow

    def first_pick(self, game) -> str:
        """Our heuristic's answer at the game's Decision (in the world that follows the game)."""
        return self._guarded(game, self.shadow(game))

    # ------------------------------------------------------------------ answering
    def choose(self, game, decision) -> str:
        world = self.shadow(game)
        if decision.kind not in SEARCHED:
            return self._guarded(game, world)
        first = self._guarded(game, world)
        if first in ENTRIES:
            return first
        lines = rank(world, self.budget.width, self.seed, first=first, pool=self.budget.pool)
        if len(lines) < 2:
            return first
        sb = self.sandboxes(game)
        turn = self._turn(game)
        seed = self.seed * 1_000_003 + turn  # the same worlds for every Decision of one turn
        self.reused += self._reuse(game, turn, lines[0])
        search = Search(sb, self.budget, seed, lines=lines)
        search.run()
        self.last_search = search
        self.searches += 1
        self.rollouts += search.rollouts
        pick = choose(lines, self.z)
        if pick.rank:
            self.changed += 1
            # our own heuristic makes the plans that go with the pick (it answers what follows)
            self.heuristic.choose(world, restricted(world.decision, pick.among))
        self._last = (turn, len(game.answers) + 1, pick)
        return pick.option

    @staticmethod
    def _turn(game) -> int:
        """Where the current turn (or phase) began: the last checkpoint's answer index."""
        marks = game.checkpoints()
        return marks[-1].index if marks else 0

    def _reuse(self, game, turn: int, top) -> int:
        """Work from the Decision before, in the same turn: when it was answered with our pick and
        that answer rolled no dice and revealed nothing, every world here is that world after the
        pick, so the pick's rollouts whose next answer was the heuristic's pick here are rollouts
        of that pick already (the seeds of one turn's worlds are the same)."""
        last = self._last
        if last is None or last[0] != turn or last[1] != len(game.answers):
            return 0
        before = game.history()[-1]
        if before.rolled or before.revealed or before.option != last[2].option:
            return 0
        got = {i: o._replace(then=None) for i, o in last[2].outcomes.items() if o.then == top.option}
        top.outcomes.update(got)
        self.last_reused = frozenset(got)
        return len(got)

    def _guarded(self, game, world) -> str:
        """The heuristic's answer, but never the same entry (``always``/``cancel``) twice at the
        same point of the real game: that would loop."""
        d = world.decision
        pick = self.heuristic.choose(world, d)
        if pick in ENTRIES:
            key = (len(game.log), d.kind, d.actor, pick)
            if key in self._entries:
                return self.heuristic.choose(world, restricted(d, real_options(d)))
            self._entries.add(key)
        return pick
