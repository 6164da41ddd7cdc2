"""A position of every kind of Decision the engine asks, for the client's tests.

`KINDS` names them all, each with where its position comes from: the first time it is asked in
seeded bot games (`played`), or a scenario built for it (`built`: what bot games almost never
reach). `positions()` gives {kind: a function making that game}, played once per session; a kind
the games stop reaching fails the test that reads it, by name."""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

from uprising_tui.bots import get_bot
from uprising_tui.engine import Game, Setup
from uprising_tui.engine.scenario import Scenario, effect

FACTIONS = ("duerkhar", "mohyar", "krowh", "druwhn")

PLAYED = "played"
BUILT = "built"
KINDS = {k: PLAYED for k in (
    "turn", "command_units", "build", "pay", "always", "keep_feat", "gain_feat", "discard_feat", "card_limit",
    "gain_attribute", "gain_choice", "choose_quest", "guile_dice", "die_colour", "quest_card", "quest_failure",
    "orient", "combat_card", "bolt", "assign_damage", "destroy_choice", "highlands_die", "reroll", "set_die",
    "enemy_penalty", "remove_defense", "trade_consent", "buy_vp", "place_garrison", "place_skeleton",
    "place_horde", "place_curse", "place_unit_hex", "no_haven_hex", "remove_curse", "remove_haven",
    "remove_sea_tower", "skeleton_shortage", "nemesis_move", "nemesis_tie", "target_haven", "retarget",
    "place_unit", "place_unit_player", "target_faction", "activation_token")}
KINDS["skeleton_order"] = BUILT  # Skeletons on two hexes activated at once, no tie-break by the setup
KINDS["card_limit"] = BUILT  # rare in seeded games (it depends on the content): built, not waited for

# (factions, chapters, difficulty, seed, bot): games that between them reach every played kind
DIFFICULTIES = ("rebel", "veteran", "nightmare", "apocalypse")
GAMES = [(1 + s % 4, 2 + s % 3, DIFFICULTIES[s % 4], s, bot) for s in range(40) for bot in ("random", "heuristic")]
GAMES.append((2, 2, "veteran", 45, "random"))


def _replay(setup: Setup, answers: tuple[str, ...]) -> Game:
    g = Game(setup).start()
    for a in answers:
        g.answer(a)
    return g


def _skeleton_order() -> Game:
    sc = Scenario(["duerkhar", "mohyar"]).empty_board()
    g0 = sc.game(script=lambda ctx: iter(()))
    spots = [h.id for h in g0.state.hexes.values() if h.role == "random"][:2]
    for hid in spots:
        sc.at(hid, skeletons=1)
    return sc.game(script=effect([{"op": "activate", "which": "skeletons"}], "duerkhar"))


def _card_limit() -> Game:
    """Ten Feats and Items held, then a Feat drawn: the limit asks which to discard."""
    sc = Scenario(["mohyar"]).empty_board()
    items = sorted(sc.game(script=lambda ctx: iter(())).cat.items)[:8]
    sc.player("mohyar", items=items)
    return sc.game(script=effect([{"op": "draw_feat"}], "mohyar"))


BUILDERS: dict[str, Callable[[], Game]] = {"skeleton_order": _skeleton_order, "card_limit": _card_limit}


@lru_cache(maxsize=1)
def reached() -> tuple[tuple[Setup, tuple[tuple[str, tuple[str, ...]], ...]], ...]:
    """The played kinds by game: (setup, ((kind, the answers that reach it), ...) in game order)."""
    seen: set[str] = set()
    want = {k for k, how in KINDS.items() if how == PLAYED}
    out = []
    for factions, chapters, difficulty, seed, bot_name in GAMES:
        if not want - seen:
            break
        setup = Setup(factions=list(FACTIONS[:factions]), chapters=chapters, difficulty=difficulty, seed=seed)
        g = Game(setup).start()
        bot = get_bot(bot_name, seed)
        found = []
        while g.decision is not None and want - seen:
            d = g.decision
            if d.kind in want and d.kind not in seen:
                seen.add(d.kind)
                found.append((d.kind, tuple(g.answers)))
            g.answer(bot.choose(g, d))
        if found:
            out.append((setup, tuple(found)))
    return tuple(out)


def positions() -> dict[str, Callable[[], Game]]:
    """{kind: a function making a game at that kind's position}."""
    found: dict[str, Callable[[], Game]] = {}
    for setup, kinds in reached():
        for kind, answers in kinds:
            found[kind] = (lambda s=setup, a=answers: _replay(s, a))
    found.update(BUILDERS)
    return found
