"""Every Legion's and Horde's destroyed effect and VP."""
from __future__ import annotations

from uprising_tui.engine.refs import SourceRef

from .helpers import real_ids
from .nemesis_card_fixtures import (
    CAT,
    HOME,
    HORDES,
    ICE,
    LEGIONS,
    Effect,
    Scenario,
    Source,
    TypeAdapter,
    blank,
    events,
    fight,
    play_out,
    pytest,
    rig_round,
    row,
    run_effect,
    scenario,
)

# ============================================================================ destroyed
DESTROYED_VP = {"butcher": 3, "warlock": 3, "spymaster": 4, "assassin": 3, "imperial_guard": 5, "mage_breaker": 1,
                "executioner": 3, "new_emperor": 5, "lich_queen": 1, "coven_of_yssat": 4, "counter_of_omens": 2,
                "bloodwyrm": 4, "siren": 1, "banished": 3, "false_messiah": 3, "oda_the_fallen": 5}


def destroy(card, *, players=2, prefer=None, setup=None, then=None, shooters=3):
    """Three Spearsingers destroy `card` (Threat 1) in the Archery round (Oda: in the Clash)."""
    sc = scenario(players)
    sc.at("H07", tile=ICE, units={"spearsingers": 3})
    sc.at("H07", **{("legions" if card in CAT.legions else "hordes"): [(card, 1)]})
    if card in CAT.legions:
        sc.target(card, "H15" if players == 2 else HOME, "duerkhar")
    if setup:
        setup(sc)
    part = "archery" if row(card, 1, "archery") else "clash"
    extra = ["white", "yellow", "red", "blue", "purple", "black"] if card == "mage_breaker" else []
    rig_round(sc, [("white", "S")] * shooters, blank(row(card, 1, part) + extra))
    if then:
        sc.rig(**then)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, prefer)
    return g


@pytest.mark.parametrize("card", LEGIONS + HORDES)
def test_destroyed_gives_its_vp_and_leaves_the_game(card):
    g = destroy(card, then={"white": ["S", "S", "S"]})  # any Skeletons it leaves fall too
    st = g.state
    assert card not in st.legions and card not in st.hordes
    assert not st.hexes["H07"].legions and not st.hexes["H07"].hordes
    gained = [e for e in events(g, "VPChanged") if e.faction == "duerkhar" and e.reason == "nemesis_destroyed"
              and e.source == SourceRef(CAT.nemesis(card).kind, card, "destroyed")]
    assert [e.amount for e in gained] == [DESTROYED_VP[card]]
    assert [(e.card, e.by) for e in events(g, "NemesisDestroyed")] == [(card, "duerkhar")]
    if card != "banished":
        assert card not in st.horde_deck and card not in st.legion_deck


@pytest.mark.parametrize("card", ["spymaster", "mage_breaker"])
def test_destroyed_discards_the_market(card):
    def setup(sc):
        sc.decks(market=["flenser", "war_drum", "fen_longbow"], item_deck=["salt_ledger", "druid_charm", "oath_ring"])
    g = destroy(card, setup=setup)
    assert g.state.market == ["salt_ledger", "druid_charm", "oath_ring"]
    assert g.state.item_discard == ["flenser", "war_drum", "fen_longbow"]


def test_imperial_guard_destroyed_takes_one_unit_with_it():
    # "They die hard and take someone with them": 1 non-Imperial Unit here, the players choose which
    g = destroy("imperial_guard", setup=lambda sc: sc.at("H07", units={"spearsingers": 2, "oathsworn": 1}),
                shooters=2, prefer={"destroy_choice": "unit:oathsworn"})
    st = g.state
    assert st.player("duerkhar").vp == 5
    assert st.hexes["H07"].units == {"spearsingers": 2}
    assert st.graveyard_empire == {"duerkhar": {"oathsworn": 1}}


def test_imperial_guard_destroyed_by_a_horde_takes_one_threat():
    sc = scenario().at("H07", tile=ICE, legions=[("imperial_guard", 1)], hordes=[("bloodwyrm", 5)])
    sc.target("imperial_guard", HOME, "duerkhar")
    rig_round(sc, [("red", "S"), ("red", "")], [("white", "")])  # Archery: Bloodwyrm red, red | Guard white
    g = sc.game(script=fight("H07", attacker="chaos"))
    play_out(g)
    assert "imperial_guard" not in g.state.legions
    assert g.state.vp_chaos == 5
    assert g.state.hordes["bloodwyrm"].threat == 4


def test_imperial_guards_last_strike_can_destroy_the_horde_that_killed_it():
    sc = scenario().at("H07", tile=ICE, legions=[("imperial_guard", 1)], hordes=[("bloodwyrm", 1)])
    sc.target("imperial_guard", HOME, "duerkhar")
    rig_round(sc, [("red", "S")], [("white", "")])  # Archery: Bloodwyrm red | Guard white
    g = sc.game(script=fight("H07", attacker="chaos"))
    play_out(g)
    st = g.state
    assert not st.legions and not st.hordes
    assert [(e.card, e.by) for e in events(g, "NemesisDestroyed")] == [("imperial_guard", "chaos"), ("bloodwyrm", "empire")]
    assert (st.vp_chaos, st.vp_empire) == (5, 4)


def test_new_emperor_destroyed_places_two_garrisons_on_empty_hexes():
    g = destroy("new_emperor", prefer={"place_garrison": ["hex:H01", "hex:H02"]})
    st = g.state
    assert st.hexes["H01"].garrisons == [1] and st.hexes["H02"].garrisons == [1]
    assert sum(len(h.garrisons) for h in st.hexes.values()) == 2


def test_counter_of_omens_destroyed_leaves_two_skeletons_to_fight():
    g = destroy("counter_of_omens", then={"white": ["S", "S", ""]})
    st = g.state
    assert [e.hex for e in events(g, "SkeletonPlaced")] == ["H07", "H07"]
    assert len(events(g, "CombatStarted")) == 2  # the Skeletons are a new combat
    assert st.hexes["H07"].skeletons == 0
    assert st.player("duerkhar").vp == 2 + 2


def test_siren_destroyed_each_ally_gains_one_vp():
    g = destroy("siren")
    assert g.state.player("duerkhar").vp == 1
    assert g.state.player("druwhn").vp == 1


def test_banished_comes_back_once_to_the_bottom_of_the_deck():
    g = destroy("banished", setup=lambda sc: sc.decks(horde_deck=["siren"]))
    st = g.state
    assert st.horde_deck == ["siren", "banished"] and st.returned_once == ["banished"]
    g = destroy("banished", setup=lambda sc: sc.decks(horde_deck=["siren"]).state(
        lambda s: s.returned_once.append("banished")))
    assert g.state.horde_deck == ["siren"]


def test_false_messiah_destroyed_gives_a_unit_here():
    g = destroy("false_messiah", prefer={"place_unit": "unit:koloth"})
    assert g.state.hexes["H07"].units == {"spearsingers": 3, "koloth": 1}
    assert g.state.player("duerkhar").reserve["koloth"] == 0


@pytest.mark.parametrize("card", ["butcher", "warlock", "assassin", "executioner", "lich_queen", "coven_of_yssat",
                                  "bloodwyrm", "oda_the_fallen"])
def test_destroyed_with_only_vp(card):
    g = destroy(card)
    st = g.state
    assert st.player("duerkhar").vp == DESTROYED_VP[card]
    assert st.player("druwhn").vp == 0
    assert (st.vp_empire, st.vp_chaos) == (0, 0)
    assert not events(g, "GarrisonPlaced") and not events(g, "SkeletonPlaced") and not events(g, "UnitPlaced")
    black = row(card, 1, "archery" if row(card, 1, "archery") else "clash").count("black")  # black dice never miss
    assert st.hexes["H07"].units == {"spearsingers": 3 - black}


def test_a_legion_destroying_a_horde_scores_its_vp():
    sc = scenario().at("H07", tile=ICE, legions=[("assassin", 7)], hordes=[("lich_queen", 1)])
    sc.target("assassin", HOME, "duerkhar")
    rig_round(sc, [("white", "S"), ("blue", "")], [("white", "")])
    g = sc.game(script=fight("H07", attacker="empire"))
    play_out(g)
    assert "lich_queen" not in g.state.hordes
    assert g.state.vp_empire == 1 and g.state.player("duerkhar").vp == 0


def test_a_nemesis_destroying_the_siren_or_messiah_gives_players_nothing():
    # "If a Legion destroys a Horde ... the winning faction gains the VP"
    for card, vp in (("siren", 1), ("false_messiah", 3)):
        sc = scenario(2).at("H07", tile=ICE, legions=[("assassin", 7)], hordes=[(card, 1)])
        sc.target("assassin", "H15", "duerkhar")
        arch = row(card, 1, "archery")
        rig_round(sc, [("white", "S"), ("blue", "")], blank(arch))
        g = sc.game(script=fight("H07", attacker="empire"))
        play_out(g)
        st = g.state
        assert card not in st.hordes and st.vp_empire == vp
        assert [p.vp for p in st.players] == [0, 0]
        assert not events(g, "UnitPlaced")


def test_a_moved_horde_does_not_cross_impassable_edges():
    """The Siren's move is not an activation, but it still cannot cross impassable terrain:
    the geometrically nearest empty hex behind an impassable edge is not 'closest'."""
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    sc.at("H01", tile="rigga", rotation=0, hordes=[("siren", 3)])  # edges 0 (to H07) and 1 (to H08) blocked
    for hid in ("H02", "H06", "H13", "H08"):
        sc.at(hid, curse=True)
    sc.at("H00", garrisons=1)
    moved = {}

    def script(ctx):
        card = ctx.state.hordes["siren"]
        op = TypeAdapter(Effect).validate_python([{"op": "move_to_closest_empty"}])
        yield from run_effect(ctx, op, Source("chaos", card.hex, "siren", nem=card))
        moved["to"] = card.hex

    g = sc.game(script=script)
    offered = {o.split(":", 1)[1] for o in real_ids(g.decision)} if g.decision else {moved.get("to")}
    assert "H07" in offered and len(offered) > 1  # H07 is two steps away on foot, like the others
    play_out(g)
    assert moved["to"] in offered
