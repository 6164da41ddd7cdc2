"""Shared fixtures for the Feat tests (tests/cards/test_feats_<hero>.py).

Every test builds one small position with ``engine.scenario.Scenario`` on the 1-faction
map (home H14, its neighbour H07), rigs the dice, runs just the rules that use the
Feat (a combat, a card use, a Quest, a phase) and asserts the exact change.

Rigged dice are dealt per colour in roll order: in a combat the attacking player's
dice first, then the enemy's; dice added after damage are rolled after both.
A combat test leaves no die to the seeded RNG while the card works; when the card's
op is broken (tools/mutate_ops.py) the fight may go on with random dice, and the
asserted numbers then differ.
"""
from __future__ import annotations

from typing import Iterable

from uprising_tui.content.loader import default_catalog
from uprising_tui.engine.rules.cards import use_card
from uprising_tui.engine.rules.quests import attempt_quest
from uprising_tui.engine.scenario import Scenario, activate, effect, fight, run_phase, turn  # noqa: F401  (re-exported)

from ..helpers import drive, events, play_out  # noqa: F401  (re-exported)

CAT = default_catalog()
ICE = "raufrost"  # an explored Ice Waste hex: no terrain effect in combat
HOME = "H14"  # the home hex (and Haven) on the 1-faction map
NEXT = "H07"  # a hex next to HOME
START = 5  # each resource at the start of a Veteran game
QUEST = "lost_caravan"  # threshold 1: 2 Skulls (2 Plunder), 2 Shields (2 Salt), 1 Bolt (2 Food); solve 1 Salt


def faction_of(hero: str) -> str:
    return CAT.heroes[hero].faction


def hero_scenario(hero: str, feats: Iterable[str] = (), *, hero_hex: str = NEXT, factions: list[str] | None = None,
                  heroes: list[str] | None = None, **player) -> Scenario:
    """One Hero (and its faction) on an empty board, holding `feats`, with no Druid revealed."""
    fac = faction_of(hero)
    sc = Scenario(factions or [fac], heroes=heroes or [hero]).empty_board()
    sc.player(fac, hero_hex=hero_hex, feats=list(feats), **player)
    return sc.decks(druids=[])


def attack(sc: Scenario, hero: str, hid: str = NEXT):
    """The Hero's faction attacks whatever stands on `hid`."""
    return sc.game(script=fight(hid, attacker=faction_of(hero)))


def using(hero: str, cid: str):
    """A script that uses card `cid` of the Hero's player once (as an Action or Build card)."""
    fac = faction_of(hero)

    def script(ctx):
        yield from use_card(ctx, ctx.state.player(fac), cid)
    return script


def questing(hero: str, qid: str = QUEST):
    """A script in which the Hero attempts Quest `qid`."""
    fac = faction_of(hero)

    def script(ctx):
        yield from attempt_quest(ctx, ctx.state.player(fac), qid)
    return script


ENTRIES = ("always", "cancel")  # entries any Decision may carry besides its real options


def choices(d) -> list[str]:
    """A Decision's real option ids (without the `always` / `cancel` entries)."""
    return [o.id for o in d.options if o.group not in ENTRIES]


def player(g, hero: str):
    return g.state.player(faction_of(hero))


def card(g, hero: str, cid: str):
    """The CardState of a Feat the Hero holds (None if it is not in play)."""
    return next((c for c in player(g, hero).feats if c.id == cid), None)


def times_used(g, cid: str) -> int:
    return sum(1 for e in events(g, "CardUsed") if e.card == cid)


def rolls(g, side: str = "a") -> list[tuple[str, list[str]]]:
    """(part, dice colours) of every combat roll of side a (the attacker) or b."""
    out = []
    for e in events(g, "CombatRolled"):
        dice = e.dice_a if side == "a" else e.dice_b
        out.append((e.part, [c for c, _ in dice]))
    return out


def parts_rolled(g) -> list[str]:
    return [e.part for e in events(g, "CombatRolled")]


def resources(g, hero: str) -> tuple[int, int, int]:
    p = player(g, hero)
    return p.salt, p.plunder, p.food


def attributes(g, hero: str) -> dict[str, int]:
    p = player(g, hero)
    return {a: getattr(p, a) for a in ("might", "magic", "leadership", "guile")}


def check_attribute_feat(hero: str, cid: str, attribute: str, picks=("salt", "plunder", "food")) -> None:
    """An attribute Feat drawn into play raises the chosen attribute by exactly 1 and gives
    exactly the 3 chosen resources; nothing else changes."""
    fac = faction_of(hero)
    sc = hero_scenario(hero, hero_hex=HOME, feat_deck=[cid])
    g = sc.game(script=effect([{"op": "draw_feat"}], fac))
    left = list(picks)

    def policy(d):
        if d.kind == "gain_attribute":
            return f"attr:{attribute}"
        if d.kind == "gain_choice":
            return f"res:{left.pop(0)}"
        return None
    play_out(g, policy)
    assert not left  # exactly three resources were asked for
    want = {a: getattr(CAT.heroes[hero], a) for a in ("might", "magic", "leadership", "guile")}
    want[attribute] += 1
    assert attributes(g, hero) == want
    gained = {r: list(picks).count(r) for r in ("salt", "plunder", "food")}
    assert resources(g, hero) == (START + gained["salt"], START + gained["plunder"], START + gained["food"])
    assert [c.id for c in player(g, hero).feats] == [cid]
    assert player(g, hero).feat_deck == []


def res_picks(*names: str):
    """A play_out policy answering successive gain_choice decisions with these resources in order."""
    left = list(names)

    def policy(d):
        if d.kind == "gain_choice" and left:
            return f"res:{left.pop(0)}"
        return None
    return policy
