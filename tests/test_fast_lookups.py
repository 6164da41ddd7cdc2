"""Lookups written for speed give what the plain reading gives, at every Decision of whole games
(four factions, heuristic bots, cards used in and out of combat): the card lookups that use the
catalog's cards indexed by timing (cards.usable, triggered, Combat.usable_cards) against reading
every held card's timing and effect, and empty_hexes against Hex.empty and no_haven_icon."""
from uprising_tui import sim
from uprising_tui.engine import Game
from uprising_tui.engine.rules.cards import _uses, can_use_card, can_use_item, triggered, usable
from uprising_tui.engine.rules.hex_queries import empty_hexes, no_haven_icon

WHENS = [("actions", "always"), ("always",), ("build", "always"), ("refresh",), frozenset({"build"})]
TRIGGERS = ("combat_won", "haven_built", "legion_activates")
STEPS = [("before_combat", None), ("archery", "before_rolling"), ("archery", "before_damage"),
         ("clash", "before_rolling"), ("clash", "after_damage"), ("after_combat", None)]


def usable_by_reading(ctx, p, when):
    table, out = _uses(ctx.cat), []
    for c in p.feats + p.items + p.quests:
        use, eff = table.get(c.id, (None, ()))
        if not c.face_up or use is None or not eff or use.when not in when:
            continue
        if c.id in ctx.cat.items and not can_use_item(ctx, p, c.id):
            continue
        if use.when == "build" and any(op.op in ("gain_attribute", "gain_choice") for op in eff):
            continue
        out.append(c.id)
    return out


def triggered_by_reading(ctx, on):
    table = _uses(ctx.cat)
    return [(p, c.id) for p in ctx.state.seat_order() for c in p.feats + p.items + p.quests
            if table.get(c.id, (None,))[0] is not None and table[c.id][0].when == "trigger"
            and table[c.id][0].trigger == on and c.face_up]


def combat_cards_by_reading(combat, side, part, step):
    ctx = combat.ctx
    p = ctx.state.player(side.owner)
    out = []
    for c in p.feats + p.items + p.quests:
        use, eff = _uses(ctx.cat).get(c.id, (None, ()))
        if not c.face_up or use is None or use.when != "combat" or part not in use.parts or not eff:
            continue
        if not can_use_card(ctx, p, c.id) or (part in ("archery", "clash") and use.step != step):
            continue
        if use.hero_hex and not combat.hero_here(side):
            continue
        if (use.limit == "once_per_round" and c.id in side.used_round) or \
                (use.limit == "once_per_combat" and c.id in side.used_combat):
            continue
        if part == "after_combat" and any(op.op == "exchange_unit" for op in eff):
            continue  # the exchange check is compared below only where it cannot apply
        out.append(c.id)
    return out


def test_indexed_lookups_match_reading_every_card():
    checked = combats = 0
    for seed in (1000, 1003):
        cfg = sim.SimConfig(factions=4, chapters=4, seed=seed, difficulty="veteran")
        _, played = sim.play_game(cfg.setup(seed), "heuristic")
        g = Game(played.setup).start()
        for a in played.answers:
            ctx = g.ctx
            for p in ctx.state.players:
                for when in WHENS:
                    assert usable(ctx, p, when) == usable_by_reading(ctx, p, when)
                    checked += 1
            hexes = ctx.state.hexes.values()
            assert empty_hexes(ctx) == [h.id for h in hexes if h.empty]
            assert empty_hexes(ctx, allow_icon=False) == [h.id for h in hexes
                                                          if h.empty and not no_haven_icon(ctx, h.id)]
            for on in TRIGGERS:
                assert triggered(ctx, on) == triggered_by_reading(ctx, on)
            combat = ctx.combat
            if combat is not None:
                for side in (combat.a, combat.b):
                    if side.kind != "player":
                        continue
                    for part, step in STEPS:
                        got = combat.usable_cards(side, part, step)
                        want = combat_cards_by_reading(combat, side, part, step)
                        assert [c for c in got if c in want] == want
                        assert set(got) - set(want) <= {c for c in got if part == "after_combat"}
                        combats += 1
            g.answer(a)
    assert checked > 10000 and combats > 50
