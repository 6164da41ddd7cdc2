"""Where the Legions and Hordes will go in the coming Nemesis Phase.

The Nemesis moves by fixed rules, so the bot can follow them: each card, lowest
initiative first, takes one step per Activation Token it holds (a Horde never
farther from the Capital: a Haven first, then the weakest enemy, then an empty
hex; a Legion one step nearer its Target, with the same preferences). A card
stops where it would fight player Units. Ties go to the lowest hex id, as the
simulator's auto-ties do. A part of HeuristicBot (``bot.forecast``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.face import events as ev
from ..engine.table.board import UNREACHABLE
from .memo import Memo

if TYPE_CHECKING:
    from .decision_view import View

TOKEN_PHASES = ("build", "actions")  # the tokens on the cards are this Chapter's
# events that move no piece on the map
QUIET = frozenset({
    ev.TurnStarted, ev.ResourcesChanged, ev.APChanged, ev.VPChanged, ev.AttributeGained, ev.HeroMoved,
    ev.CardGained, ev.CardUsed, ev.CardDiscarded, ev.MarketDealt, ev.QuestsDealt, ev.HeroRolled,
    ev.QuestResolved, ev.CombatRolled, ev.CombatTally, ev.GodpowerUsed, ev.Produced, ev.FirstPlayerPassed,
    ev.EventRevealed, ev.TurnEnded, ev.PlayerPassed, ev.CardFlipped, ev.ItemGiven, ev.MarketDiscarded,
    ev.QuestsDiscarded, ev.QuestTaken, ev.DeckChanged, ev.CombatStep, ev.DieSet, ev.DiceAdded, ev.SymbolsCancelled,
    ev.BoltSpent, ev.CombatClosed, ev.ActivationTokenUsed, ev.GraveyardEmptied,
})
# events after which every walk is redone (the phase sets how far the cards walk)
RESET_EVENTS = frozenset({ev.PhaseStarted, ev.GameStarted})
# events that change a card's place, tokens or Target (its walk's key)
CARD_EVENTS = frozenset({ev.NemesisPlaced, ev.NemesisMoved, ev.NemesisDestroyed, ev.ActivationTokenPlaced,
                         ev.TargetPlaced})


class Forecast:
    """Where each Legion and Horde will walk in the coming Nemesis Phase, kept while nothing near
    it changes; the map's distances and the Sea Towers as the cards walk them."""
    def __init__(self, bot):
        self.bot = bot
        self.memo = Memo()
        self._walks: dict[str, tuple] = {}  # card -> (key, walk), while nothing near it changes
        self._walks_seen = 0  # log length when the walks were last brought up to date
        self._touched: set[tuple[int, int]] = set()  # hexes changed since
        self._last_fc: tuple | None = None  # the last forecast made from the walks
        self._cards_moved = False
        self._capital: str | None = None

    def new_game(self) -> None:
        self.memo.forget(decision=True, map=True, geometry=True)
        self._walks, self._walks_seen, self._touched, self._last_fc = {}, 0, set(), None

    def new_geometry(self) -> None:
        self.memo.forget(geometry=True)
        self._walks.clear()
        self._last_fc = None

    def forecast(self, v: View) -> dict[str, list[str]]:
        """Card id -> the hexes holding player Units or a Haven it will walk into."""
        return self._forecast(v)[0]

    def attacks_on(self, v: View, hid: str) -> list[str]:
        """Cards forecast to walk into `hid` (a Haven or a hex with player Units)."""
        return self._forecast(v)[1].get(hid, [])

    def _forecast(self, v: View):
        got = self.memo.decision.get("forecast")  # made once per Decision
        if got is None:
            got = self.memo.decision["forecast"] = self._update_forecast(v)
        return got

    def _update_forecast(self, v: View):
        """Each card's walk, kept while nothing within its reach changed (a card's own
        move, its tokens or Target change its key; a new phase or map geometry, all)."""
        log = v.game.log
        walks = self._walks
        self._cards_moved = False
        if self._walks_seen > len(log) or self._touches(log[self._walks_seen:], v.table):
            walks.clear()
        touched = self._touched
        self._walks_seen = len(log)
        if walks and not touched and not self._cards_moved and self._last_fc is not None:
            return self._last_fc  # nothing near any card changed, and no card changed
        st, cat = v.table, v.cat
        last = st.chapter == st.chapters
        fc: dict[str, list[str]] = {}
        hits: dict[str, list[str]] = {}
        reach_all = None
        towers = [(st.hexes[t].q, st.hexes[t].r) for t in self.towers(v)] if touched else []
        for card in sorted(list(v.table.legions) + list(v.table.hordes),
                           key=lambda c: cat.nemesis(c.id).initiative):
            steps = min(3, card.tokens if st.phase in TOKEN_PHASES else max(card.tokens, 2 if last else 1))
            key = (card.hex, steps, card.target)
            kept = walks.get(card.id)
            if kept is None or kept[0] != key or (touched and self._walk_touched(v, card, steps, touched, towers)):
                if reach_all is None:
                    reach_all = self._reach_data(v)
                kept = walks[card.id] = (key, self._walk(v, card, steps, *reach_all))
            fc[card.id] = kept[1]
            for h in kept[1]:
                hits.setdefault(h, []).append(card.id)
        for cid in [c for c in walks if c not in fc]:
            del walks[cid]
        touched.clear()
        self._last_fc = (fc, hits)
        return fc, hits

    def _touches(self, events, st) -> bool:
        """Note the hexes these events touched; True when every walk must be redone."""
        touched = self._touched
        for e in events:
            kind = type(e)
            if kind in QUIET:
                continue
            if kind in RESET_EVENTS:
                return True
            if kind in CARD_EVENTS:
                self._cards_moved = True
            for field in ("hex", "src", "dst"):
                hid = getattr(e, field, None)
                if hid is not None and hid in st.hexes:
                    h = st.hexes[hid]
                    touched.add((h.q, h.r))
        return False

    def _walk_touched(self, v: View, card, steps: int, touched, towers) -> bool:
        """Did anything change within this card's walk since it was made? (`towers`: the
        Sea Towers' coordinates; from next to one a card reaches every hex.)"""
        st = v.table
        h = st.hexes[card.hex]
        q, r = h.q, h.r
        reach = max(steps, 1)
        for tq, tr in towers:
            dq, dr = q - tq, r - tr
            if (abs(dq) + abs(dr) + abs(dq + dr)) // 2 + 1 <= reach:
                return True
        spots = [(q, r)]
        if v.cat.nemesis(card.id).adjacent_to_all and card.target in st.hexes:
            t = st.hexes[card.target]
            spots.append((t.q, t.r))
        for cq, cr in spots:
            for xq, xr in touched:
                dq, dr = cq - xq, cr - xr
                if (abs(dq) + abs(dr) + abs(dq + dr)) // 2 <= steps:
                    return True
        return False

    def towers(self, v: View) -> list[str]:
        got = self.memo.geometry.get("towers")  # Sea Towers come and go only with the geometry
        if got is None:
            got = self.memo.geometry["towers"] = [h for h in v.table.hexes if v.board.is_sea_tower(h)]
        return got

    def haven_attacked(self, v: View, hid: str) -> bool:
        return bool(self.attacks_on(v, hid))

    def _reach_data(self, v: View):
        hexes = v.table.hexes
        targets = [(h.q, h.r) for h in hexes.values() if h.haven or h.units]
        towers = [(hexes[t].q, hexes[t].r) for t in self.towers(v)]
        return targets, towers

    def _walk(self, v: View, card, steps: int, targets, towers) -> list[str]:
        """The hexes with a Haven or player Units this card walks into (it stops at Units)."""
        st = v.table
        walked: list[str] = []
        here = card.hex
        h = st.hexes[here]
        if not v.cat.nemesis(card.id).adjacent_to_all and _out_of_reach((h.q, h.r), steps, targets, towers):
            return walked  # nothing of ours within its reach
        for _ in range(steps):
            nxt = self._next_step(v, card, here)
            if nxt is None or nxt == here:
                break
            here = nxt
            h = st.hexes[here]
            if h.haven or h.units:
                walked.append(here)
            if h.units:
                break  # a fight: the card may not walk on
        return walked

    def _next_step(self, v: View, card, here: str) -> str | None:
        side = "empire" if card.kind == "legion" else "chaos"
        cands = self._step_options(v, card, here)
        return self._pick_step(v, cands, side) if cands else None

    def _step_options(self, v: View, card, here: str) -> tuple[str, ...]:
        """The hexes a card may step to from `here`: they change only with the map's
        geometry (an Explore, a lost Sea Tower) or the card's Target."""
        target = card.target or self.capital(v) if card.kind == "legion" else None
        key = (card.id, here, target)
        got = self.memo.geometry.get(key)
        if got is not None:
            return got
        board = v.board
        if card.kind == "legion":
            if here == target:
                cands = ()
            elif v.cat.legions[card.id].adjacent_to_all:
                cands = (target,)
            else:
                dist = self.dist_map(v, target, True)
                d = dist.get(here, UNREACHABLE)
                cands = () if d >= UNREACHABLE else tuple(
                    n for n in board.unit_adjacent(here) if dist.get(n, UNREACHABLE) == d - 1)
        else:
            dist = self.dist_map(v, self.capital(v), False)
            d = dist.get(here, UNREACHABLE)
            cands = tuple(n for n in board.unit_adjacent(here) if dist.get(n, UNREACHABLE) <= d)
        self.memo.geometry[key] = cands
        return cands

    def dist_map(self, v: View, target: str, towers: bool) -> dict[str, int]:
        """Steps to `target` for Legions (`towers`) or Hordes, kept while the map's
        geometry stands (the board forgets its own after every Explore)."""
        key = ("dist", target, towers)
        got = self.memo.geometry.get(key)
        if got is None:
            got = self.memo.geometry[key] = v.board.dist_to(target, sea_towers=towers)
        return got

    def _pick_step(self, v: View, cands: list[str], side: str) -> str:
        """The Nemesis movement priority: a Haven (fewest Units), the weakest enemy, empty, any."""
        hexes = v.table.hexes
        havens = [c for c in cands if hexes[c].haven]
        if havens:
            return min(havens, key=lambda c: (hexes[c].unit_count, c))
        enemies = [c for c in cands if self._enemy_here(v, c, side)]
        if enemies:
            return min(enemies, key=lambda c: (self._enemy_strength(v, c, side), c))
        empties = [c for c in cands if hexes[c].empty]
        return min(empties or cands)

    def _enemy_here(self, v: View, hid: str, side: str) -> bool:
        h = v.table.hexes[hid]
        return bool(h.units) or (h.chaos_here if side == "empire" else h.empire_here)

    def _enemy_strength(self, v: View, hid: str, side: str) -> int:
        st = v.table
        h = st.hexes[hid]
        n = h.unit_count
        if side == "empire":
            return n + h.skeletons + sum(v.hordes[c].threat for c in h.hordes)
        return n + h.garrisons + sum(v.legions[c].threat for c in h.legions)

    def capital(self, v: View) -> str:
        cap = getattr(self, "_capital", None)
        if cap is None or cap not in v.table.hexes or v.table.hexes[cap].role != "capital":
            cap = self._capital = next(h.id for h in v.table.hexes.values() if h.role == "capital")
        return cap


def _dist(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _out_of_reach(here: tuple[int, int], steps: int, targets, towers) -> bool:
    """No Haven or Unit within `steps` (from a Sea Tower every hex is one step away)."""
    if not targets:
        return True
    if towers and min(_dist(here, t) for t in towers) + 1 <= steps:
        return False
    return all(_dist(here, t) > steps for t in targets)
