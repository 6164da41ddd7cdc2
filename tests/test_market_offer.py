"""The Market as a Hero meets it (issue 21): every Item on offer, with its price here and what
keeps the Hero from buying it, read from the public view (`market.offer`), the same tests the
Market options make. Items come from the catalog by what they need, not by name."""
from __future__ import annotations

from uprising_tui.bots import get_bot
from uprising_tui.content.loader import default_catalog
from uprising_tui.engine import Game, Setup
from uprising_tui.engine.rules.actions.market import offer
from uprising_tui.engine.scenario import Scenario, turn

CAT = default_catalog()
FACTION = "mohyar"


def _items(pred) -> list[str]:
    return sorted(i for i, it in CAT.items.items() if pred(it))


def test_every_item_is_listed_with_the_salt_short_and_the_attribute_lacking():
    needy = _items(lambda it: it.requires and it.cost >= 1)[0]  # needs some attribute
    attr, level = next(iter(CAT.items[needy].requires.items()))
    dear = _items(lambda it: attr not in it.requires and it.cost >= 3)[0]
    cheap = _items(lambda it: not it.requires and it.cost <= 1)[0]
    sc = Scenario([FACTION]).empty_board()
    attrs = {a: 3 for a in ("might", "magic", "leadership", "guile")} | {attr: level - 1}
    sc.player(FACTION, salt=1, feats=[], items=[], **attrs)
    sc.decks(market=[needy, dear, cheap])
    g = sc.game(script=turn(FACTION))
    got = {o.item: o for o in offer(g.cat, g.public_view(), FACTION)}
    assert list(got) == [needy, dear, cheap]  # every Item, in Market order
    assert got[needy].needs == ((attr, level),)
    assert got[dear].salt_short == CAT.items[dear].cost - 1 and not got[dear].needs
    assert got[cheap].buyable and got[cheap].price == CAT.items[cheap].cost
    assert {o.card for o in g.decision.options if o.group == "market"} == {cheap}


def test_a_sea_tower_takes_one_salt_off_every_price():
    items = _items(lambda it: not it.requires and it.cost >= 1)[:3]
    sc = Scenario([FACTION]).empty_board()
    sea = next(t.id for t in CAT.hexes.values() if t.sea_tower)
    g0 = sc.game(script=turn(FACTION))
    hid = next(h.id for h in g0.state.hexes.values() if h.role == "sea_tower")
    sc.at(hid, tile=sea)
    sc.player(FACTION, salt=0, hero_hex=hid, feats=[], items=[])
    sc.decks(market=items)
    g = sc.game(script=turn(FACTION))
    got = offer(g.cat, g.public_view(), FACTION)
    assert [o.price for o in got] == [CAT.items[i].cost - 1 for i in items]
    assert {o.item for o in got if o.buyable} == {o.card for o in g.decision.options if o.group == "market"}


def test_the_offer_agrees_with_the_market_options_over_whole_games():
    """At every Actions turn of seeded bot games (Heroes with AP), the Items `offer` calls buyable
    are exactly those the turn offers."""
    checked = 0
    for seed in (3, 4):
        g = Game(Setup(factions=["duerkhar", "mohyar"], chapters=2, seed=seed)).start()
        bot = get_bot("random", seed)
        while g.decision is not None:
            d = g.decision
            if d.kind == "turn" and g.state.player(d.actor).ap >= 1:
                want = {o.card for o in d.options if o.group == "market"}
                got = {o.item for o in offer(g.cat, g.public_view(), d.actor) if o.buyable}
                assert got == want, (seed, len(g.answers))
                checked += 1
            g.answer(bot.choose(g, d))
    assert checked > 20
