"""The heuristic bot: plays sensibly and fast.

It reads what a player at the table reads: the public view (``Game.public_view()``), the
Decision, the catalog, the events, and the map's geometry read from the view (``View``,
``geometry.PublicBoard``); never the game's state (a test holds it to that). It answers each
Decision kind with a small function. Unknown kinds fall back to a safe default. Every answer
is checked against the Decision's options before it is returned.

Every choice is weighed in VP for the team (``values``): what the players gain
plus what the Empire and Chaos will not score. The Nemesis score most of their VP
at each Scoring for what stands on the map (Curses, Hordes, Garrison hexes,
Legions, factions in their Graveyards), so a piece removed early is worth more.
A player's own VP (kill VP, Havens) count in full only for the lowest player and
less the further ahead a player stands (``values.own_weight``): only the lowest
player must beat the Nemeses, and spare resources buy VP for it at the end.

* Turn (``heuristic_turn``): a Haven whenever the Hero stands on a site;
  otherwise the best of an attack, a defence, an Explore where our Units can
  clear the hex for a Haven, a Quest by expected worth, an Item, a card, or a
  walk of the Hero towards such a place; Trade the AP when nothing is worth it.
* Fights (``heuristic_fight``, ``quick_odds``): the chance of each outcome by a
  quick Markov chain (the engine's exact odds, ``odds``, cost up to a second for a
  fight at a walled Haven and made the bot no stronger: 58/57/44% at Rebel for 1/2/4
  factions either way, 400 games each); a Command's worth is the kills and denied
  Nemesis VP, less the Graveyard VP of a first loss this Chapter. The Hero goes along when
  a Haven can be built there or its combat cards need it.
* Defence (``heuristic_forecast``, ``heuristic_defence``): the Legions' and
  Hordes' next steps are forecast from their movement rules; a Haven they will
  walk into is reinforced (or emptied when it cannot be held), gets a Tower and
  a Wall and new Units at Build, and the Hero waits there with its cards.
* Nemesis pieces the bot places (``heuristic_placement``): never a third
  Skeleton on a hex when a hex with one is on offer; the rest far from Havens.
* Cards (``heuristic_cards``): used or bought by what their effect is worth
  now; a Curse-lifting card waits for a Curse in reach.
* Scoring: 5 resources → 1 VP in the last Chapter only, to the player with the
  fewest VP (every player must beat both Nemeses).
"""
from __future__ import annotations

import random
from typing import Callable

from ..engine import events as ev
from .decision_view import View
from .estimate import Dice
from .geometry import PublicBoard
from .heuristic_answers import AnswersMixin
from .heuristic_cards import CardsMixin
from .heuristic_defence import DefenceMixin
from .heuristic_economy import EconomyMixin
from .heuristic_fight import FightMixin
from .heuristic_forecast import QUIET, ForecastMixin
from .heuristic_placement import PlacementMixin
from .heuristic_turn import TurnMixin

# events that may change which hexes are adjacent (see moves_geometry)
GEOMETRY_EVENTS = frozenset({ev.HexExplored, ev.HexOriented, ev.SeaTowerRemoved})


# --------------------------------------------------------------------------- the bot
class HeuristicBot(TurnMixin, DefenceMixin, FightMixin, ForecastMixin, PlacementMixin, CardsMixin,
                   EconomyMixin, AnswersMixin):
    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)  # reserved for tie-breaks; the strategy is deterministic
        self._dice: Dice | None = None
        self._dice_cat = None
        self.plans: dict[str, tuple[str, list[tuple[str, str]], bool]] = {}  # actor -> (target, brings, hero)
        self.quest_plan: dict[str, tuple[str, str | None]] = {}  # actor -> (quest id, guile option)
        self.card_uses: dict[tuple, int] = {}
        self.memo: dict[str, object] = {}  # what one state of the game gives
        self.quest_cache: dict[tuple, list] = {}  # Quest odds, by Hero and offer
        self.build_danger: dict[tuple, set[str]] = {}  # threatened Havens, once per Build
        self.map_memo: dict[str, object] = {}  # what the pieces on the map give (the forecast)
        self.geo_memo: dict[tuple, object] = {}  # what the map's geometry gives (steps)
        self._walks: dict[str, tuple] = {}  # card -> (key, walk), while nothing near it changes
        self._walks_seen = 0  # log length when the walks were last brought up to date
        self._touched: set[tuple[int, int]] = set()  # hexes changed since
        self._last_fc: tuple | None = None  # the last forecast made from the walks
        self._cards_moved = False
        self._game = None
        self._seen = 0  # events of the log already seen
        self._last_entry: tuple | None = None  # the last `always`/`cancel` taken, and where (entry_key)
        self._board: PublicBoard | None = None  # the map's geometry as the table shows it, until it changes

    # ------------------------------------------------------------------ entry point
    def choose(self, game, decision) -> str:
        self.notice(game)
        table = game.public_view()
        if self._board is None:
            self._board = PublicBoard(table)
        v = View(game, decision, table, self._board)
        handler = HANDLERS.get(decision.kind)
        pick = handler(self, v) if handler is not None else None
        if pick is None or (pick not in v.ids and pick not in v.entries) or \
                (pick in v.entries and not self.entry_ok(v, pick)):
            pick = self.fallback(v)
        if pick in v.entries:
            self._last_entry = self.entry_key(v, pick)
        return pick

    @staticmethod
    def entry_key(v: View, entry: str) -> tuple:
        return (id(v.game), len(v.game.log), v.d.kind, v.d.actor, entry)

    def entry_ok(self, v: View, entry: str) -> bool:
        """May we take `entry` (``always``/``cancel``) here? Not when we took it on this same
        Decision and came back with nothing changed (the log as long as then): that would
        loop for ever."""
        return self._last_entry != self.entry_key(v, entry)

    def notice(self, game) -> None:
        """Forget what the state has changed since (every change of the state is logged)."""
        if self._dice_cat is not game.cat:
            self._dice, self._dice_cat = Dice(game.cat), game.cat
        n = len(game.log)
        if game is not self._game or n < self._seen:
            self._game, self.memo, self.map_memo, self.geo_memo = game, {}, {}, {}
            self._walks, self._walks_seen, self._touched, self._last_fc = {}, 0, set(), None
            self._board = None
        elif n != self._seen:
            self.memo = {}
            moved = geometry = False
            for e in game.log[self._seen:n]:
                kind = type(e)
                if kind in QUIET:
                    continue
                moved = True
                if kind in GEOMETRY_EVENTS and self.moves_geometry(game, e):
                    geometry = True
                    break
            if moved:
                self.map_memo = {}
            if geometry:
                self.geo_memo = {}
                self._walks.clear()
                self._last_fc = None
                self._board = None
        self._seen = n

    @staticmethod
    def moves_geometry(game, e) -> bool:
        """Does this event change which hexes are adjacent? (Exploring a hex with
        impassable edges or a Sea Tower, or losing a Sea Tower.)"""
        if type(e) is ev.HexExplored:
            tile = game.cat.hexes.get(e.tile)
            return tile is None or bool(tile.impassable) or tile.sea_tower
        return type(e) in (ev.SeaTowerRemoved, ev.HexOriented)  # a tile turned: its impassable edges moved

    def fallback(self, v: View) -> str:
        if v.d.kind.startswith("place_") or v.d.kind in ENEMY_HEX_KINDS:
            far = self.far_from_havens(v)
            if far:
                return far
        return v.ids[0]

    @property
    def dice(self) -> Dice:
        assert self._dice is not None
        return self._dice

    # ------------------------------------------------------------------ map helpers
    def havens_by_owner(self, v: View) -> dict[str | None, list[str]]:
        """Every Haven hex by its faction (None: all of them); once per map state."""
        got = self.map_memo.get("havens")
        if got is None:
            got = {None: []}
            for h in v.table.hexes.values():
                if h.haven:
                    got.setdefault(h.haven, []).append(h.id)
                    got[None].append(h.id)
            self.map_memo["havens"] = got
        return got

    def all_havens(self, v: View) -> list[str]:
        return self.havens_by_owner(v)[None]

    def own_havens(self, v: View, faction: str | None = None) -> list[str]:
        return self.havens_by_owner(v).get(faction or v.d.actor, [])

    def dist_to_set(self, v: View, hid: str, targets: list[str]) -> int:
        if not targets:
            return 99
        return min(v.board.hex_distance(hid, t) for t in targets)

    def threatened(self, v: View, hid: str) -> bool:
        """Forecast to be attacked, enemies within 2 hexes, or a Legion's Target."""
        st = v.table
        if self.haven_attacked(v, hid):
            return True
        for card in v.table.legions:
            if card.target == hid:
                return True
        if v.enemy_hexes is None:
            v.enemy_hexes = [h.id for h in st.hexes.values() if h.legions or h.hordes or h.skeletons]
        dist = v.board.hex_distance
        return any(dist(e, hid) <= 2 for e in v.enemy_hexes)

    def hex_choice(self, v: View, score) -> str | None:
        """The best `hex:<id>` option by `score(hid)` (highest; ties by id)."""
        best = None
        for oid in v.ids:
            if not oid.startswith("hex:"):
                continue
            s = score(oid[4:])
            if best is None or s > best[0]:
                best = (s, oid)
        return best[1] if best else None

    def far_from_havens(self, v: View) -> str | None:
        havens = self.all_havens(v)
        return self.hex_choice(v, lambda h: self.dist_to_set(v, h, havens))

ENEMY_HEX_KINDS = frozenset({
    "nemesis_tie", "place_garrison", "place_skeleton", "place_curse", "place_horde", "nemesis_move",
    "skeleton_shortage", "remove_sea_tower",
})

HANDLERS: dict[str, Callable[[HeuristicBot, View], str | None]] = {
    "turn": HeuristicBot.on_turn,
    "command_units": HeuristicBot.on_command_units,
    "build": HeuristicBot.on_build,
    "pay": HeuristicBot.on_pay,
    "buy_vp": HeuristicBot.on_buy_vp,
    "always": HeuristicBot.on_always,
    "keep_feat": HeuristicBot.on_keep_feat,
    "gain_feat": HeuristicBot.on_keep_feat,
    "gain_attribute": HeuristicBot.on_gain_attribute,
    "gain_choice": HeuristicBot.on_gain_choice,
    "card_limit": HeuristicBot.on_discard,
    "discard_feat": HeuristicBot.on_discard,
    "choose_quest": HeuristicBot.on_choose_quest,
    "guile_dice": HeuristicBot.on_guile,
    "die_colour": HeuristicBot.on_die_colour,
    "quest_card": HeuristicBot.on_quest_card,
    "combat_card": HeuristicBot.on_combat_card,
    "bolt": HeuristicBot.on_bolt,
    "assign_damage": HeuristicBot.on_assign_damage,
    "destroy_choice": HeuristicBot.on_assign_damage,
    "quest_failure": HeuristicBot.on_quest_failure,
    "reroll": HeuristicBot.on_reroll,
    "set_die": HeuristicBot.on_set_die,
    "highlands_die": HeuristicBot.on_highlands,
    "enemy_penalty": lambda bot, v: v.pick("threat"),
    # the Warlock: his Threat first, then the Tower (a white die), the Wall (a blue die), the Haven last
    "remove_defense": lambda bot, v: next((o for o in ("remove:threat", "remove:tower", "remove:wall")
                                           if o in v.ids), None),
    "trade_consent": lambda bot, v: v.pick("yes"),
    "orient": lambda bot, v: v.ids[0],
    "skeleton_order": lambda bot, v: v.ids[0],  # the order Skeletons move in hardly matters
    "place_unit": HeuristicBot.on_place_unit,
    "place_unit_hex": HeuristicBot.on_place_unit_hex,
    "place_unit_player": HeuristicBot.on_place_unit_player,
    "no_haven_hex": HeuristicBot.on_no_haven_hex,
    "remove_curse": HeuristicBot.on_remove_curse,
    "remove_haven": HeuristicBot.on_remove_haven,
    "target_haven": HeuristicBot.on_target_haven,
    "retarget": HeuristicBot.on_target_haven,
    "target_faction": HeuristicBot.on_target_faction,
    "activation_token": HeuristicBot.on_activation_token,
    **{k: HeuristicBot.on_enemy_hex for k in ENEMY_HEX_KINDS},
    "place_skeleton": HeuristicBot.on_place_skeleton,
    "place_garrison": HeuristicBot.on_place_garrison,
    "skeleton_shortage": HeuristicBot.on_skeleton_shortage,
}
