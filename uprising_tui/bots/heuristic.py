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
* Fights (``heuristic_fight``, ``odds``): the chance of each outcome by the engine's
  approximate odds (``engine/odds/approx.py``, a quick Markov chain over the same FightSpec
  and dice as the exact odds, which cost up to a second for a fight at a walled Haven and
  made the bot no stronger: 58/57/44% at Rebel for 1/2/4 factions either way, 400 games
  each); a Command's worth is the kills and denied
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

from ..engine.face import events as ev
from . import values
from .decision_view import View
from .estimate import Dice
from .geometry import PublicBoard
from .heuristic_answers import Answers
from .heuristic_cards import Cards
from .heuristic_defence import Defence
from .heuristic_economy import Economy
from .heuristic_fight import Fights
from .heuristic_forecast import QUIET, Forecast
from .heuristic_placement import Placement
from .heuristic_turn import Turn
from .memo import Memo

# events that may change which hexes are adjacent (see moves_geometry)
GEOMETRY_EVENTS = frozenset({ev.HexExplored, ev.HexOriented, ev.SeaTowerRemoved})


# --------------------------------------------------------------------------- the bot
class HeuristicBot:
    """One part per concern, each keeping what it knows in a memo of its own (``memo.py``); the
    bot makes one View per Decision, says when each memo goes, and hands the Decision to the part
    that answers its kind (``HANDLERS``). It keeps what the parts share: the team's view of the
    map (Havens by owner, what 1 VP of ours is worth) and the dice maths."""
    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)  # reserved for tie-breaks; the strategy is deterministic
        self._dice: Dice | None = None
        self._dice_cat = None
        self.memo = Memo()  # the bot's own (the map helpers below)
        self.forecast = Forecast(self)
        self.fights = Fights(self)
        self.defence = Defence(self)
        self.turn = Turn(self)
        self.economy = Economy(self)
        self.cards = Cards(self)
        self.placement = Placement(self)
        self.answers = Answers(self)
        self.parts = (self, self.forecast, self.fights, self.defence, self.turn, self.economy, self.cards,
                      self.placement, self.answers)
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
        """Forget what the events since the last Decision have changed (every change of the
        table is logged): each part's memo, by how long it holds."""
        if self._dice_cat is not game.cat:
            self._dice, self._dice_cat = Dice(game.cat), game.cat
        n = len(game.log)
        if game is not self._game or n < self._seen:
            self._game = game
            for part in self.parts:
                part.memo.forget(decision=True, map=True, geometry=True)
            self.forecast.new_game()
            self._board = None
        elif n != self._seen:
            moved = geometry = False
            for e in game.log[self._seen:n]:
                kind = type(e)
                if kind in QUIET:
                    continue
                moved = True
                if kind in GEOMETRY_EVENTS and self.moves_geometry(game, e):
                    geometry = True
                    break
            for part in self.parts:
                part.memo.forget(decision=True, map=moved, geometry=geometry)
            if geometry:
                self.forecast.new_geometry()
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

    # ------------------------------------------------------------------ map helpers the parts share
    def havens_by_owner(self, v: View) -> dict[str | None, list[str]]:
        """Every Haven hex by its faction (None: all of them); once per map state."""
        got = self.memo.map.get("havens")
        if got is None:
            got = {None: []}
            for h in v.table.hexes.values():
                if h.haven:
                    got.setdefault(h.haven, []).append(h.id)
                    got[None].append(h.id)
            self.memo.map["havens"] = got
        return got

    def all_havens(self, v: View) -> list[str]:
        return self.havens_by_owner(v)[None]

    def own_havens(self, v: View, faction: str | None = None) -> list[str]:
        return self.havens_by_owner(v).get(faction or v.d.actor, [])

    def own_share(self, v: View) -> float:
        """What 1 VP for the acting player is worth to the team (``values.own_weight``), in
        steps of 1/8 so the shared caches stay useful."""
        st = v.table
        key = ("own", v.d.actor, tuple(p.vp for p in st.players))
        got = self.memo.map.get(key)
        if got is None:
            got = self.memo.map[key] = round(values.own_weight(st, v.cat, v.d.actor) * 8) / 8
        return got

    def dist_to_set(self, v: View, hid: str, targets: list[str]) -> int:
        if not targets:
            return 99
        return min(v.board.hex_distance(hid, t) for t in targets)

    def threatened(self, v: View, hid: str) -> bool:
        """Forecast to be attacked, enemies within 2 hexes, or a Legion's Target."""
        st = v.table
        if self.forecast.haven_attacked(v, hid):
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


def _by(part: str, method: str) -> Callable[[HeuristicBot, View], str | None]:
    """The answer of `bot.<part>.<method>(v)`."""
    def answer(bot: HeuristicBot, v: View) -> str | None:
        return getattr(getattr(bot, part), method)(v)
    answer.__name__ = f"{part}.{method}"
    return answer


HANDLERS: dict[str, Callable[[HeuristicBot, View], str | None]] = {
    "turn": _by("turn", "on_turn"),
    "command_units": _by("turn", "on_command_units"),
    "build": _by("economy", "on_build"),
    "pay": _by("economy", "on_pay"),
    "buy_vp": _by("answers", "on_buy_vp"),
    "always": _by("answers", "on_always"),
    "keep_feat": _by("answers", "on_keep_feat"),
    "gain_feat": _by("answers", "on_keep_feat"),
    "gain_attribute": _by("answers", "on_gain_attribute"),
    "gain_choice": _by("answers", "on_gain_choice"),
    "card_limit": _by("answers", "on_discard"),
    "discard_feat": _by("answers", "on_discard"),
    "choose_quest": _by("economy", "on_choose_quest"),
    "guile_dice": _by("economy", "on_guile"),
    "die_colour": _by("economy", "on_die_colour"),
    "quest_card": _by("answers", "on_quest_card"),
    "combat_card": _by("fights", "on_combat_card"),
    "bolt": _by("fights", "on_bolt"),
    "assign_damage": _by("fights", "on_assign_damage"),
    "destroy_choice": _by("fights", "on_assign_damage"),
    "quest_failure": _by("economy", "on_quest_failure"),
    "reroll": _by("fights", "on_reroll"),
    "set_die": _by("fights", "on_set_die"),
    "highlands_die": _by("fights", "on_highlands"),
    "enemy_penalty": lambda bot, v: v.pick("threat"),
    # the Warlock: his Threat first, then the Tower (a white die), the Wall (a blue die), the Haven last
    "remove_defense": lambda bot, v: next((o for o in ("remove:threat", "remove:tower", "remove:wall")
                                           if o in v.ids), None),
    "trade_consent": lambda bot, v: v.pick("yes"),
    "orient": lambda bot, v: v.ids[0],
    "skeleton_order": lambda bot, v: v.ids[0],  # the order Skeletons move in hardly matters
    "place_unit": _by("answers", "on_place_unit"),
    "place_unit_hex": _by("answers", "on_place_unit_hex"),
    "place_unit_player": _by("answers", "on_place_unit_player"),
    "no_haven_hex": _by("answers", "on_no_haven_hex"),
    "remove_curse": _by("answers", "on_remove_curse"),
    "remove_haven": _by("fights", "on_remove_haven"),
    "target_haven": _by("answers", "on_target_haven"),
    "retarget": _by("answers", "on_target_haven"),
    "target_faction": _by("answers", "on_target_faction"),
    "activation_token": _by("answers", "on_activation_token"),
    **{k: _by("answers", "on_enemy_hex") for k in ENEMY_HEX_KINDS},
    "place_skeleton": _by("placement", "on_place_skeleton"),
    "place_garrison": _by("placement", "on_place_garrison"),
    "skeleton_shortage": _by("placement", "on_skeleton_shortage"),
}
