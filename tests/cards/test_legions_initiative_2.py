"""The two Legions of Initiative 2: the Courtesan (one of the box's 8: she rolls her enemy's
dice) and the Butcher (the rulebook's own example card, kept out of dealt decks), and the
rule for their equal initiative. Test names: test_<card_id>__<aspect>.

Rigged dice are dealt per colour in roll order, the attacking side's dice first.
"""
from __future__ import annotations

from uprising_tui.engine.scenario import run_phase

from .nemesis_fixtures import (
    BADLANDS,
    CAPITAL,
    HOME,
    ICE,
    check_dice,
    destroy,
    dice_seen,
    enter,
    events,
    fight,
    godpowers,
    gp_scenario,
    in_round,
    place_card,
    play_out,
    player_tally,
    rig_round,
    rolled,
    row,
    scenario,
    younglings,
    only_the_target,
)


# ============================================================================ the Courtesan
def test_courtesan__immediate_places_her_target():
    only_the_target("courtesan")


def test_courtesan__mirror_rolls_the_dice_of_the_player_she_fights():
    # 2 Spearsingers and 2 Younglings with a Tower: Archery white x3 (2 archers + the Tower)
    sc = place_card(scenario(), "courtesan", 4, units={"spearsingers": 2, "younglings": 2}, haven="duerkhar", tower=True)
    rig_round(sc, [("white", "")] * 3, [("white", "S"), ("white", ""), ("white", "")])
    # one Spearsinger falls; Clash: white, blue, blue (Units) + white (the Tower), copied
    rig_round(sc, [("white", "S"), ("blue", "S"), ("blue", "S"), ("white", "S")],
              [("white", ""), ("blue", ""), ("blue", ""), ("white", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"assign_damage": "unit:spearsingers"})
    arch, clash = rolled(g)
    assert [c for c, _ in arch.dice_b] == [c for c, _ in arch.dice_a] == ["white"] * 3
    assert player_tally(g, 1) == (1, 0)  # her copied white die hits like the player's
    assert [c for c, _ in clash.dice_b] == [c for c, _ in clash.dice_a] == ["white", "blue", "blue", "white"]
    assert "courtesan" not in g.state.legions


def test_courtesan__mirror_against_a_horde_and_with_nothing_to_copy():
    sc = scenario().at("H07", tile=ICE, legions=[("courtesan", 7)], hordes=[("siren", 4)])
    sc.target("courtesan", HOME, "duerkhar")
    rig_round(sc, [("red", "")], [("red", "S")])  # Archery: the Siren's one red die, copied
    g = sc.game(script=fight("H07", attacker="empire"))
    play_out(g)
    arch = rolled(g)[0]
    assert arch.part == "archery" and [c for c, _ in arch.dice_a] == [c for c, _ in arch.dice_b] == ["red"]
    assert [c for c, _ in rolled(g)[1].dice_a] == row("siren", 4, "clash")
    # warriors have no Archery dice: she has none to copy, so nobody shoots
    sc = place_card(scenario(), "courtesan", 2, units={"younglings": 2})
    rig_round(sc, younglings("S", "S"), [("blue", ""), ("blue", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    assert [e.part for e in rolled(g)] == ["clash"]
    assert "courtesan" not in g.state.legions


def test_courtesan__mirror_on_highlands_copies_the_one_archery_die_chosen():
    from uprising_tui.engine.scenario import Scenario
    sc = Scenario(["druwhn"], heroes=["syndra"]).empty_board().decks(druids=[]).player("druwhn", feats=[])
    sc.at("H07", tile="frosthold_pass", units={"sons_of_the_bow": 2}, haven="druwhn", tower=True,
          legions=[("courtesan", 3)]).target("courtesan", "H07", "druwhn")
    rig_round(sc, [("yellow", "")], [("yellow", "")])
    g = sc.game(script=fight("H07", attacker="druwhn"))
    play_out(g, {"highlands_die": "colour:yellow"})
    arch = rolled(g, "archery")[0]
    assert [c for c, _ in arch.dice_a] == [c for c, _ in arch.dice_b] == ["yellow"]  # Highlands: one die each


def test_courtesan__godpower_gives_an_activation_token_to_another_card_once_per_round():
    sc = place_card(scenario(), "courtesan", 4, units={"younglings": 2, "oathsworn": 2})
    sc.at("H03", legions=[("warlock", 3)]).target("warlock", HOME, "duerkhar").tokens("warlock", 1)
    sc.at("W01", hordes=[("siren", 3)])
    # Clash: Younglings blue x2, Oathsworn red x2 - and she rolls the same four
    rig_round(sc, younglings("H", "") + [("red", ""), ("red", "")],
              [("blue", ""), ("blue", ""), ("red", "SB"), ("red", "SB")])
    rig_round(sc, [("red", ""), ("red", "")], [("red", "SB"), ("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"assign_damage": "unit:younglings", "activation_token": "card:warlock"})
    # the first Bolt: a token for the Siren (fewest, and never herself); the second breaks the Shield
    assert godpowers(g, 1, "courtesan") == 1 and player_tally(g, 1) == (2, 0)
    assert [e.card for e in in_round(g, 1, "ActivationTokenPlaced")] == ["siren"]
    assert godpowers(g, 2, "courtesan") == 1  # once per round: again in the next round
    assert [e.card for e in in_round(g, 2, "ActivationTokenPlaced")] == ["warlock"]  # a tie: the first player picks
    st = g.state
    assert (st.legions["courtesan"].tokens, st.legions["warlock"].tokens, st.hordes["siren"].tokens) == (0, 2, 1)


def test_courtesan__destroyed_roll_hero_dice_one_vp_per_skull():
    # Yanny: Might 1 (red), Leadership 2 (blue x2), Guile 1 (white): 2 + 1 + 0 + 1 Skulls
    g = destroy("courtesan", then={"red": ["SS"], "blue": ["S", "H"], "white": ["S"]},
                prefer={"guile_dice": "guile:1w0y"})
    st = g.state
    assert "courtesan" not in st.legions
    assert [e.faction for e in events(g, "HeroRolled")] == ["duerkhar"]
    assert (st.player("duerkhar").vp, st.player("druwhn").vp) == (4, 0)


def test_courtesan__destroyed_by_a_horde_gives_the_players_nothing():
    sc = scenario().at("H07", tile=ICE, legions=[("courtesan", 1)], hordes=[("bloodwyrm", 5)])
    sc.target("courtesan", HOME, "duerkhar")
    rig_round(sc, [("red", "S"), ("red", "")], [("red", ""), ("red", "")])  # Archery: Bloodwyrm red x2, copied
    g = sc.game(script=fight("H07", attacker="chaos"))
    play_out(g)
    st = g.state
    assert "courtesan" not in st.legions and not events(g, "HeroRolled")
    assert (st.player("duerkhar").vp, st.vp_chaos) == (0, 0)


# ============================================================================ the Butcher (the rulebook's example card)
def test_butcher__immediate_every_player_loses_half_their_plunder():
    sc = scenario(2).player("duerkhar", plunder=7).player("druwhn", plunder=1)
    g = enter("butcher", 4, sc, prefer={"target_faction": "faction:druwhn"})
    st = g.state
    assert (st.player("duerkhar").plunder, st.player("druwhn").plunder) == (4, 1)
    assert st.legions["butcher"].target_faction == "druwhn" and st.legions["butcher"].hex == CAPITAL


def test_butcher__three_red_archery_dice_on_badlands_only():
    arch, clash = dice_seen("butcher", 7, BADLANDS)
    assert arch == row("butcher", 7, "archery") + ["red"] * 3 and clash == row("butcher", 7, "clash")
    assert dice_seen("butcher", 7, ICE)[0] == row("butcher", 7, "archery")


def test_butcher__godpower_removes_a_haven_here_or_adjacent_once_per_combat():
    # the rulebook's "remove a Haven here or in an adjacent hex, once per combat" (rulings.md 49):
    # his Bolt-Bolt fires it once (the first player picks the Haven) and breaks the Shield
    sc = gp_scenario("butcher", 5, units=3).at("H08", tile=ICE, haven="duerkhar")
    nem1 = [("purple", "BB"), ("red", "S"), ("red", ""), ("red", ""), ("yellow", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    rig_round(sc, younglings("H", ""), [("purple", "SB"), ("red", ""), ("red", ""), ("red", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"remove_haven": "hex:H08"})
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "butcher") == 1 and player_tally(g, 2) == (1, 0)
    assert [(e.faction, e.hex) for e in in_round(g, 2, "HavenRemoved")] == [("duerkhar", "H08")]
    assert g.state.hexes["H08"].haven is None
    assert godpowers(g, 3, "butcher") == 0 and player_tally(g, 3) == (1, 0)  # once per combat: a Shield breaks
    assert len(events(g, "HavenRemoved")) == 1


def test_butcher__destroyed_three_vp_and_no_haven_lost():
    g = destroy("butcher", setup=lambda sc: sc.at("H08", tile=ICE, haven="duerkhar"))
    assert events(g, "HavenRemoved") == [] and g.state.hexes["H08"].haven == "duerkhar"
    assert g.state.player("duerkhar").vp == 3


def test_butcher__equal_initiative_the_card_in_play_first_goes_first():
    # the Butcher and the Courtesan both print Initiative 2: the one that came into play first is
    # left of the other in the row, so it activates first and is fought first
    for first, second in (("courtesan", "butcher"), ("butcher", "courtesan")):
        sc = scenario().at("H03", legions=[(first, 3)]).at("H05", legions=[(second, 3)])
        sc.target(first, CAPITAL, None).target(second, CAPITAL, None).tokens(first, 1).tokens(second, 1)
        g = sc.game(script=run_phase("nemesis"))
        play_out(g)
        assert [e.card for e in events(g, "NemesisActivated")] == [first, second]
        # `first` came into play first (on H03) but reached H07 after `second`
        sc = scenario().at("H03", legions=[(first, 1)]).at("H07", tile=ICE, units={"oathsworn": 2}, legions=[(second, 1)])
        sc.target(first, HOME, "duerkhar").target(second, HOME, "duerkhar")
        sc.state(lambda st, first=first: (st.hexes["H03"].legions.remove(first), st.hexes["H07"].legions.append(first),
                                          setattr(st.legions[first], "hex", "H07")))
        # two red Oathsworn: 2 Skulls each roll; the Courtesan's copied red dice and the Butcher's miss
        her, his = ["SS", "SS", "", ""], ["SS", "SS", ""]
        sc.rig(red=her + his if first == "courtesan" else his + her, white=["", ""])
        g = sc.game(script=fight("H07", attacker="duerkhar"))
        play_out(g)
        assert [e.card for e in events(g, "NemesisDestroyed")] == [first, second]
