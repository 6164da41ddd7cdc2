"""Options the engine keeps and gives again (engine/table/memo.py) say what a freshly made one would, and
Options and Decisions are plain named tuples."""
import copy
import pickle

import pytest

from uprising_tui import sim
from uprising_tui.engine import Game
from uprising_tui.engine.face.decision import Decision, IllegalChoice, Option, OptionCost, option
from uprising_tui.engine.face.refs import Ref

HEX_KINDS = ("move", "command", "tower", "wall")


def fresh_hex_label(g, hid):
    h = g.state.hexes[hid]
    return f"{hid} {g.cat.hexes[h.tile].name}" if h.explored else f"{hid} (unexplored)"


def test_kept_options_name_the_hex_as_it_is_now():
    cfg = sim.SimConfig(factions=2, chapters=3, seed=41)
    _, played = sim.play_game(cfg.setup(41), "heuristic")
    g = Game(played.setup).start()
    labels_seen: dict[str, set] = {}
    checked = 0
    for a in played.answers:
        for o in g.decision.options:
            kind, _, rest = o.id.partition(":")
            if kind in HEX_KINDS:
                hid = rest
            elif kind == "bring" and (rest == "all" or "*" in rest):
                continue  # several Units at once (bring:all, bring:<unit>*<n>): they name no one hex
            elif kind in ("build", "bring"):
                hid = rest.split(":")[-1] if kind == "build" else rest.split(":")[0]
            else:
                continue
            assert o.label.endswith(fresh_hex_label(g, hid)), (o, fresh_hex_label(g, hid))
            assert o.hex == hid and Ref("hex", hid) in o.refs
            labels_seen.setdefault(o.id, set()).add(o.label)
            checked += 1
        g.answer(a)
    assert checked > 500
    # some option was offered before and after its hex was explored: the kept one was replaced
    assert any(len(seen) > 1 for seen in labels_seen.values())


def test_card_options_match_a_fresh_one():
    cfg = sim.SimConfig(factions=2, chapters=3, seed=43)
    _, played = sim.play_game(cfg.setup(43), "heuristic")
    g = Game(played.setup).start()
    cards = 0
    for a in played.answers:
        for o in g.decision.options:
            if o.id.startswith("card:"):
                cid = o.id[5:]
                assert o == Option(o.id, f"Use {g.cat.names[cid]}", None, cid, "card", (Ref("card", cid),))
                cards += 1
        g.answer(a)
    assert cards > 0


def test_options_and_decisions_are_named_tuples():
    """Plain immutable values: the fields in order with their defaults, equal and hashing by them,
    pickling and copying; what option() and Ctx.ask build directly is the same value."""
    assert Option._fields == ("id", "label", "hex", "card", "group", "refs", "cost")
    assert Option._field_defaults == {"hex": None, "card": None, "group": None, "refs": (), "cost": None}
    assert Decision._fields == ("actor", "kind", "prompt", "options", "source", "chosen")
    assert Decision._field_defaults == {"source": None, "chosen": ()}
    o = Option("move:H01", "Move to H01", "H01", group="move", refs=(Ref("hex", "H01"),), cost=OptionCost(ap=1))
    assert (o.id, o.label, o.hex, o.card, o.group, o.cost) == ("move:H01", "Move to H01", "H01", None, "move", OptionCost(1))
    assert o == Option(id="move:H01", label="Move to H01", hex="H01", group="move", refs=(Ref("hex", "H01"),),
                       cost=OptionCost(ap=1))
    assert o == option("move:H01", "Move to H01", "move", (Ref("hex", "H01"),), OptionCost(ap=1))
    assert type(option("done", "Done", "done")) is Option
    for again in (pickle.loads(pickle.dumps(o)), copy.deepcopy(o), o._replace()):
        assert type(again) is Option and again == o and hash(again) == hash(o)
    assert o._replace(label="x").label == "x"
    assert repr(o) == ("Option(id='move:H01', label='Move to H01', hex='H01', card=None, group='move', "
                       "refs=(Ref(kind='hex', id='H01'),), cost=OptionCost(ap=1, salt=0, plunder=0, food=0))")
    with pytest.raises(AttributeError):
        o.label = "changed"
    with pytest.raises(TypeError):
        Option("only-an-id")
    d = Decision("krowh", "turn", "?", (o,))
    assert d.source is None and d.chosen == () and d.get("move:H01") is o
    with pytest.raises(AttributeError):
        d.kind = "other"
    with pytest.raises(IllegalChoice, match="'x' is not an option"):
        d.get("x")
