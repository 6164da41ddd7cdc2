"""Cards: every Feat, Item, Druid, Quest and Event in the content runs its effect in a suitable
scenario (parametrized over the catalog), and the cards the rulebook names behave as it says:
Phalanx, Younglings, Abad Warpaint, Xyxrit Leaves, Whip of Thorns, Flenser, Druidic Prophetess,
Instruction of the Druids and the Watcher.

Rigged dice are dealt per colour in roll order, the attacking side's dice first.
"""
from __future__ import annotations

from uprising_tui.engine.scenario import turn

from .card_fixtures import (
    ALL_ATTRS,
    ATTRIBUTE_FEATS,
    BASICS,
    CAT,
    COMBAT_FEATS,
    COMBAT_ITEMS,
    HOME,
    ICE,
    OTHER_FEATS,
    OTHER_ITEMS,
    QUEST_CARDS,
    Scenario,
    attempt_quest,
    events,
    faction_of,
    fight,
    hero_of,
    play_out,
    pytest,
    run_ops_script,
    run_phase,
    use_card,
    used,
)
from .helpers import drive


def test_the_catalog_sweep_covers_every_feat_and_item():
    feats = set(COMBAT_FEATS) | set(OTHER_FEATS) | set(ATTRIBUTE_FEATS) | {c for k, c in QUEST_CARDS if k == "feat"}
    items = set(COMBAT_ITEMS) | set(OTHER_ITEMS) | {c for k, c in QUEST_CARDS if k == "item"}
    assert feats == set(CAT.feats)
    assert items == set(CAT.items)


@pytest.mark.parametrize("kind,cid", [("feat", f) for f in COMBAT_FEATS] + [("item", i) for i in COMBAT_ITEMS])
def test_combat_card_runs_in_a_combat(kind, cid):
    """The Hero's Units (a warrior pair and an archer) attack one Skeleton whose red die never
    hits; the Archery misses, so every window from Before Combat to After Combat is reached."""
    hero = hero_of(cid)
    fac = faction_of(hero)
    warrior, archer, archer_die = BASICS[fac]
    sc = Scenario([fac], heroes=[hero]).empty_board()
    sc.at("H07", tile=ICE, units={warrior: 2, archer: 1}, skeletons=1)
    sc.player(fac, hero_hex="H07", feats=[cid] if kind == "feat" else [], items=[cid] if kind == "item" else [],
              **ALL_ATTRS)
    sc.decks(druids=[])
    sc.rig(**{archer_die: ["", "", ""]}).rig(red=[""] * 60)
    g = sc.game(script=fight("H07", attacker=fac))
    play_out(g, {"combat_card": f"card:{cid}"})
    assert used(g, cid)
    use = CAT.feats[cid].use if kind == "feat" else CAT.items[cid].use
    p = g.state.player(fac)
    held = [c for c in p.feats + p.items if c.id == cid]
    if use.cost == "discard":
        assert not held
    elif use.cost == "flip":
        assert held and not held[0].face_up
    assert g.state.hexes["H07"].skeletons == 0 and g.state.hexes["H07"].owner == fac


@pytest.mark.parametrize("kind,cid", [("feat", f) for f in OTHER_FEATS] + [("item", i) for i in OTHER_ITEMS])
def test_action_or_build_card_runs(kind, cid):
    hero = hero_of(cid)
    fac = faction_of(hero)
    sc = Scenario([fac], heroes=[hero]).empty_board()
    sc.at("H07", tile=ICE, curse=True)  # a Curse next to the Hero (at home) for the Curse removers
    sc.player(fac, feats=[cid] if kind == "feat" else [], items=[cid] if kind == "item" else [], **ALL_ATTRS)

    def script(ctx):
        yield from use_card(ctx, ctx.state.player(fac), cid)
    g = sc.game(script=script)
    play_out(g)
    assert used(g, cid)
    p = g.state.player(fac)
    eff = [op.op for op in (CAT.feats[cid].effect if kind == "feat" else CAT.items[cid].effect)]
    if "gain" in eff or "gain_choice" in eff:
        assert events(g, "ResourcesChanged") or events(g, "APChanged")
    if "place_unit" in eff:
        assert events(g, "UnitPlaced") and g.state.hexes[HOME].units
    if "remove_curse" in eff:
        assert not g.state.hexes["H07"].curse
    if "vp" in eff:
        assert p.vp == 1
    use = (CAT.feats[cid] if kind == "feat" else CAT.items[cid]).use
    held = [c for c in p.feats + p.items if c.id == cid]
    if use.cost == "discard":
        assert not held
    else:  # flipped after use, or (a Refresh card with no cost) still face up
        assert held and held[0].face_up == (use.cost == "none")


@pytest.mark.parametrize("cid", ATTRIBUTE_FEATS)
def test_attribute_feat_resolves_when_gained(cid):
    hero = hero_of(cid)
    fac = faction_of(hero)
    sc = Scenario([fac], heroes=[hero]).empty_board().player(fac, feat_deck=[cid])
    g = sc.game(script=run_ops_script([{"op": "draw_feat"}], fac))
    before = CAT.heroes[hero]
    play_out(g, {"gain_attribute": "attr:magic", "gain_choice": "res:food"})
    p = g.state.player(fac)
    assert p.magic == before.magic + 1
    assert (p.might, p.leadership, p.guile) == (before.might, before.leadership, before.guile)
    assert p.food == 5 + 3
    assert p.feats[-1].id == cid


@pytest.mark.parametrize("kind,cid", QUEST_CARDS)
def test_quest_card_runs_while_questing(kind, cid):
    hero = hero_of(cid)
    fac = faction_of(hero)
    sc = Scenario([fac], heroes=[hero]).empty_board().decks(quest_offer=["lost_caravan"])
    sc.player(fac, feats=[cid] if kind == "feat" else [], items=[cid] if kind == "item" else [], **ALL_ATTRS)

    def script(ctx):
        yield from attempt_quest(ctx, ctx.state.player(fac), "lost_caravan")
    g = sc.game(script=script)
    play_out(g, {"quest_card": f"card:{cid}", "die_colour": "colour:black"})
    assert used(g, cid)
    assert events(g, "QuestResolved")


@pytest.mark.parametrize("did", sorted(CAT.druids))
def test_druid_godpower_fires_with_a_bolt(did):
    # an Oathsworn (red) rolls a Bolt in the Clash against two Skeletons; the Druid is the only one revealed
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    sc.at("H07", tile=ICE, units={"oathsworn": 1, "younglings": 2}, skeletons=2)
    sc.player("duerkhar", feats=[]).decks(druids=[did])
    sc.rig(blue=["", ""], red=["SB", "S", ""])  # the Skeletons' first die hits
    sc.rig(red=[""] * 40)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"bolt": f"bolt:druid:{did}", "reroll": ["die:0", "die:1"]})
    gp = events(g, "GodpowerUsed")
    assert gp and gp[0].card == did and gp[0].side == "duerkhar"


QUESTS = sorted(CAT.quests)


def quest_scenario(qid, **attrs):
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    sc.at("H07", tile=ICE)
    sc.at("H05", tile="black_ice", curse=True)  # a Curse for the Curse removers
    sc.at("H13", tile="dawngaard", garrisons=1).at("H09", tile="zeegaard", skeletons=1)
    sc.player("duerkhar", hero_hex="H07", **attrs)
    sc.decks(quest_offer=[qid], quest_deck=["lost_caravan", "beast_of_the_moors"], item_deck=["salt_ledger", "flenser"],
             legion_deck=["assassin"], horde_deck=["siren"])
    return sc


@pytest.mark.parametrize("qid", QUESTS)
def test_quest_solved_with_every_goal(qid):
    q = CAT.quests[qid]
    # no attribute dice: the free Quest's own dice meet every goal (5 Skulls, 3 Shields, 2 Bolts at most)
    sc = quest_scenario(qid, might=0, magic=0, leadership=0, guile=0)
    sc.rig(black=["SSS", "SS"], blue=["H", "H", "H"], purple=["BB"])
    bonus = ["black", "black", "blue", "blue", "blue", "purple"]
    g = sc.game(script=run_ops_script([{"op": "free_quest", "bonus_dice": bonus}], "duerkhar"))
    play_out(g, {"die_colour": "colour:white"})
    res = events(g, "QuestResolved")
    assert res and res[0].outcome == "solves" and res[0].successes == len(q.goals)
    st = g.state
    solve_ops = [op.op for op in q.solve]
    if "take_card" in solve_ops:
        assert [c.id for c in st.player("duerkhar").quests] == [qid]
    elif "keep_quest" not in solve_ops:
        assert qid not in st.quest_offer
    rewards = sum(op.amount for goal in q.goals for op in goal.reward if op.op == "vp")
    rewards += sum(op.amount for op in q.solve if op.op == "vp")
    assert st.player("duerkhar").vp >= rewards


@pytest.mark.parametrize("qid", QUESTS)
def test_quest_failed(qid):
    q = CAT.quests[qid]
    sc = quest_scenario(qid, might=0, magic=0, leadership=0, guile=0)
    sc.rig(**{c: [""] * 3 for c in ("white", "yellow", "red", "blue", "purple")})
    g = sc.game(script=run_ops_script([{"op": "free_quest"}], "duerkhar"))
    play_out(g, {"die_colour": "colour:white"})
    res = events(g, "QuestResolved")
    assert res and res[0].outcome == "fails"
    st = g.state
    fail_ops = [op.op for op in q.fail]
    assert (qid in st.quest_offer) == ("keep_quest" in fail_ops)
    chaos = sum(op.amount for op in q.fail if op.op == "nemesis_vp" and op.faction == "chaos")
    empire = sum(op.amount for op in q.fail if op.op == "nemesis_vp" and op.faction == "empire")
    assert st.vp_chaos >= chaos and st.vp_empire >= empire
    assert st.player("duerkhar").vp == 0 and st.player("duerkhar").quests == []


@pytest.mark.parametrize("qid", sorted(q for q, c in CAT.quests.items() if c.immediate))
def test_quest_immediate_resolves_when_dealt(qid):
    sc = quest_scenario(qid).decks(quest_offer=[], quest_deck=[qid])
    sc.at("W01", hordes=[("lich_queen", 3)])  # a Horde in play for Threat and Activation Tokens
    g = sc.game(script=run_ops_script([{"op": "draw_quest"}], "duerkhar"))
    play_out(g)
    st = g.state
    assert st.quest_offer == [qid]
    ops = [op.op for op in CAT.quests[qid].immediate]
    for op in CAT.quests[qid].immediate:
        if op.op == "nemesis_vp":
            assert getattr(st, f"vp_{op.faction}") >= op.amount
        if op.op == "place_skeleton":
            assert events(g, "SkeletonPlaced")
        if op.op == "activation_token":
            assert st.hordes["lich_queen"].tokens == op.count
        if op.op == "place_curse":
            assert events(g, "CursePlaced")
        if op.op == "place_horde":
            assert st.hordes["siren"].threat == op.threat
        if op.op == "place_legion":
            assert st.legions["assassin"].threat == op.threat
        if op.op == "threat":
            assert st.hordes["lich_queen"].threat == 3 + op.amount
    assert ops


EVENTS = sorted(CAT.events)


@pytest.mark.parametrize("eid", EVENTS)
def test_event_resolves(eid):
    ev = CAT.events[eid]
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board().when(chapter=ev.level, phase="events")
    sc.at("H07", tile=ICE, skeletons=1).at("W05", legions=[("warlock", 3)]).target("warlock", HOME, "duerkhar")
    sc.at("H00", garrisons=3)
    sc.decks(events=[eid] * 4, legion_deck=["assassin", "spymaster"], horde_deck=["siren", "bloodwyrm"])
    g = sc.game(script=run_phase("events"))
    play_out(g)
    st = g.state
    assert [e.card for e in events(g, "EventRevealed")] == [eid]
    assert st.event_threat == ev.threat
    want_l = sum(op.count for op in ev.effect if op.op == "place_legion")
    want_h = sum(op.count for op in ev.effect if op.op == "place_horde")
    placed = [e for e in events(g, "NemesisPlaced")]
    assert sum(1 for e in placed if e.kind == "legion") == want_l
    assert sum(1 for e in placed if e.kind == "horde") >= want_h
    for e in placed:
        assert e.threat == min(ev.threat, CAT.nemesis(e.card).max_threat)
    gained = {r: sum(getattr(op, r) for op in ev.effect if op.op == "gain") for r in ("salt", "plunder", "food")}
    p = st.player("duerkhar")
    if any(gained.values()):
        assert (p.salt, p.plunder, p.food) == (5 + gained["salt"], 5 + gained["plunder"], 5 + gained["food"])
    n_tokens = 2 if ev.level == 4 else 1
    assert st.legions["warlock"].tokens >= n_tokens


# ============================================================================ triggered cards fire for their holder
def _two():
    return Scenario(["krowh", "mohyar"], heroes=["khaal", "ronja"]).empty_board()


def test_haven_built_trigger_fires_only_for_the_builder():
    for holder, gains in (("krowh", 0), ("mohyar", 1)):
        sc = _two().at("H07", tile="raufrost")
        sc.player(holder, quests=["whispering_stones"])
        sc.player("mohyar", hero_hex="H07", food=0, plunder=5)
        sc.player("krowh", food=0)
        g = sc.game(script=turn("mohyar"))
        drive(g, "haven")
        play_out(g)
        assert g.state.hexes["H07"].haven == "mohyar"
        assert g.state.player(holder).food == gains, holder


def test_combat_won_trigger_fires_only_for_the_winner():
    for holder, gains in (("krowh", 0), ("mohyar", 1)):
        sc = _two().at("H07", tile="raufrost", units={"berserkers": 2}, skeletons=1)
        sc.player(holder, quests=["chart_of_the_nethersea"], salt=0)
        sc.player("mohyar", salt=0)
        sc.rig(red=["SS", "S", ""])  # the Berserkers kill the Skeleton, which misses
        g = sc.game(script=fight("H07", attacker="mohyar"))
        play_out(g)
        assert g.state.hexes["H07"].skeletons == 0 and g.state.hexes["H07"].units
        assert g.state.player(holder).salt == gains, holder
