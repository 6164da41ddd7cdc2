"""Tests for the game content in ``content/``.

1. The real content loads and has the right shape (counts, named cards, the
   numbers the rulebook prints and its worked examples rely on).
2. The map layouts obey the layout rules and match tools/gen_maps.py.
3. Broken content is rejected with a ContentError naming file, entry and field.
"""
from __future__ import annotations

from .content_fixtures import (
    Counter,
    faces,
    m,
    ops,
)


# ====================================================================== counts
def test_counts(cat):
    """Exactly the box's component list (rulebook): 8 Legions, 8 Hordes, 25 Quests, 28 Events
    (7 per level), 9 Druids, 43 Items; the Butcher, the rulebook's own example Legion, is in
    the catalog but not counted. Feats: the feats lane brings them to the box's 80."""
    assert cat.counts() == {
        "dice": 6, "factions": 4, "units": 16, "heroes": 8, "hexes": 45, "layouts": 4,
        "legions": 8, "hordes": 8, "druids": 9, "events": 28, "feats": 80, "items": 43, "quests": 25,
    }
    assert len(cat.legions) == 9 and [c.id for c in cat.legions.values() if c.example] == ["butcher"]
    assert not any(c.example for c in cat.hordes.values())
    for level in (1, 2, 3, 4):
        assert sum(1 for e in cat.events.values() if e.level == level) == 7, level


def test_advanced_shares(cat):
    """Advanced cards, as the difficulty table adds them: Items (all at Nightmare), Quests (3
    random at Nightmare), one Legion and one Horde, two Events per level."""
    assert sum(i.advanced for i in cat.items.values()) == 8
    assert sum(q.advanced for q in cat.quests.values()) == 5
    for level in (1, 2, 3, 4):
        assert sum(1 for e in cat.events.values() if e.level == level and e.advanced) == 2, level


def test_hex_pool(cat):
    by_kind = Counter(h.kind for h in cat.hexes.values())
    regular = [h for h in cat.hexes.values() if h.kind == "regular"]
    assert len(regular) == 33
    assert sum(h.advanced for h in regular) == 5
    assert by_kind["capital"] == 1
    assert by_kind["home"] == 4
    assert by_kind["region"] == 3
    towers = [h for h in cat.hexes.values() if h.kind == "sea_tower"]
    assert sum(not h.advanced for h in towers) == 2
    assert all(h.sea_tower for h in towers)


def test_named_hexes_present(cat):
    for hid in ("rigga", "grim_fangs", "bruthgaard", "golgardei", "plains_of_rhun", "frosthold_pass",
                "imperial_slave_mines", "tomb_of_the_elder_kings", "black_ice", "raufrost", "shadowdawn",
                "taurel_caravan_passage", "torment", "fyrnhalla", "kyushis_tavern", "dunkelholm",
                "fjoelja_stone_circle", "trollward", "netherwood", "dawngaard", "zeegaard",
                "howling_white", "fog_grave", "screaming_sea", "capital"):
        assert hid in cat.hexes, hid
        assert not cat.hexes[hid].advanced, hid


def test_hex_rules(cat):
    for h in cat.hexes.values():
        if h.kind in ("capital", "region"):
            assert h.no_haven, h.id
        if h.kind == "regular":
            assert h.terrain != "none", h.id
            assert h.explore, h.id
            assert h.alignment in ("empire", "chaos"), h.id
    assert sum(1 for h in cat.hexes.values() if h.impassable) >= 6
    assert cat.hexes["rigga"].impassable and cat.hexes["plains_of_rhun"].impassable


def test_events_per_level(cat):
    for level in (1, 2, 3, 4):
        evs = [e for e in cat.events.values() if e.level == level]
        assert sum(not e.advanced for e in evs) >= 3, level
        assert sum(e.advanced for e in evs) >= 1, level
    # Threat rises with the Chapter
    avg = [sum(e.threat for e in cat.events.values() if e.level == lv) /
           sum(1 for e in cat.events.values() if e.level == lv) for lv in (1, 2, 3, 4)]
    assert avg == sorted(avg)
    # Chapter I is gentle: one Legion or one Horde
    for e in cat.events.values():
        if e.level == 1:
            placed = sum(getattr(s, "count", 1) for s in e.effect if s.op in ("place_legion", "place_horde"))
            assert placed == 1, e.id


def test_every_card_has_text(cat):
    for group in (cat.feats, cat.items, cat.quests, cat.druids, cat.events, cat.legions, cat.hordes):
        for card in group.values():
            assert card.text.strip(), card.id
            assert card.name.strip(), card.id


# ====================================================================== dice
def test_dice_match_rulebook_examples(cat):
    assert cat.strength_order == ("black", "purple", "red", "blue", "yellow", "white")
    # Combat Example: three blue dice roll a blank, a Skull and a Shield
    blue = faces(cat, "blue")
    assert () in blue and ("skull",) in blue and ("shield",) in blue
    # Skeletons roll red, which can show a double Skull
    assert cat.skeleton_die == "red"
    assert ("skull", "skull") in faces(cat, "red")
    # Full Combat Round Example rolls
    assert ("skull", "bolt") in faces(cat, "red")
    assert ("skull", "shield") in faces(cat, "white")
    assert () in faces(cat, "white")
    assert ("skull",) in faces(cat, "white")
    assert ("skull", "skull", "skull") in faces(cat, "black")
    assert ("skull",) in faces(cat, "black")
    assert ("bolt", "bolt") in faces(cat, "purple")
    assert ("skull",) in faces(cat, "yellow")
    assert ("shield",) in blue


def test_garrison_dice(cat):
    g = cat.garrison_levels
    assert g[0].archery == ("white",) and g[0].clash == ("blue", "blue")
    assert g[1].archery == ("white",) * 2 and Counter(g[1].clash) == Counter(blue=1, yellow=2, white=1)
    assert g[2].archery == ("white",) * 3 and Counter(g[2].clash) == Counter(blue=2, yellow=2, white=1)


# ====================================================================== factions
def test_factions(cat):
    assert set(cat.factions) == {"druwhn", "duerkhar", "krowh", "mohyar"}
    for f in cat.factions.values():
        assert f.home_hex == f"{f.id}_home"
        assert f.production[0] == m.ProductionRow(salt=0, plunder=2, food=1)
        grades = Counter(u.grade for u in f.units)
        assert grades == Counter(basic=2, elite=2), f.id
    assert cat.factions["krowh"].haven_cost == 3
    assert {f.haven_cost for fid, f in cat.factions.items() if fid != "krowh"} == {2}
    assert cat.tower_cost == 1 and cat.wall_cost == 1


def test_named_units(cat):
    u = cat.units
    assert (u["younglings"].type, u["younglings"].grade, u["younglings"].die) == ("warrior", "basic", "blue")
    assert (u["spearsingers"].type, u["spearsingers"].die) == ("archer", "white")
    assert (u["koloth"].type, u["koloth"].die) == ("rider", "black")
    assert u["oathsworn"].grade == "elite" and u["oathsworn"].type == "warrior"
    assert u["oathsworn"].costs == [m.Cost(salt=2), m.Cost(plunder=3)]
    assert u["younglings"].costs == [m.Cost(salt=2), m.Cost(plunder=2)]
    assert u["spearsingers"].costs == [m.Cost(salt=2), m.Cost(plunder=2)]
    assert u["sellswords"].costs == [m.Cost(any=2)]
    assert cat.unit_faction["younglings"] == "duerkhar"
    for unit in u.values():  # basic units roll the weak dice, elites the strong ones
        weak = unit.die in ("white", "yellow", "blue")
        assert weak == (unit.grade == "basic"), unit.id


def test_production_example(cat):
    # Syndra (Druwhn) with Havens on her home hex, Grim Fangs and Dawngaard: 10 Salt, 3 Plunder, 2 Food
    row = cat.factions["druwhn"].production[3]
    assert (row.salt, row.plunder, row.food) == (5, 2, 1)
    total = [row.salt, row.plunder, row.food]
    for hid in ("druwhn_home", "grim_fangs", "dawngaard"):
        r = cat.hexes[hid].resources
        total = [total[0] + r.salt, total[1] + r.plunder, total[2] + r.food]
    assert total == [10, 3, 2]
    # Scoring example: the same three Havens score 8 VP
    assert 3 * 2 + sum(cat.hexes[h].vp for h in ("druwhn_home", "grim_fangs", "dawngaard")) == 8


def test_haven_example(cat):
    # Ronja's third Haven, on Rigga: +1 Salt, +1 Food on the board, +2 Food from Rigga, 2 VP
    mo = cat.factions["mohyar"].production
    assert (mo[3].salt - mo[2].salt, mo[3].plunder - mo[2].plunder, mo[3].food - mo[2].food) == (1, 0, 1)
    rigga = cat.hexes["rigga"]
    assert rigga.resources == m.ProductionRow(food=2) and rigga.vp == 0 and not rigga.no_haven


def test_explore_examples(cat):
    rigga = cat.hexes["rigga"].explore
    assert ops(rigga) == ["gain", "place_or_reinforce", "place_garrison"]
    assert rigga[0].food == 2 and rigga[1].unit == "garrison" and rigga[1].count == 1
    assert rigga[2].where == "empty" and rigga[2].count == 1
    fangs = cat.hexes["grim_fangs"].explore
    assert ops(fangs) == ["gain", "place_or_reinforce", "place_skeleton"]
    assert fangs[0].salt == 2 and fangs[1].unit == "skeleton" and fangs[1].count == 1
    assert fangs[2].where == "with_skeletons" and fangs[2].count == 2
    zee = cat.hexes["zeegaard"].explore
    assert ops(zee) == ["gain", "remove_here", "place_garrison"] and zee[2].count == 3
    dawn = cat.hexes["dawngaard"].explore
    assert ops(dawn) == ["gain", "remove_here", "place_garrison"] and dawn[2].count == 2


# ====================================================================== heroes and feats
def test_heroes(cat):
    per_faction = Counter(h.faction for h in cat.heroes.values())
    assert per_faction == Counter(druwhn=2, duerkhar=2, krowh=2, mohyar=2)
    for h in cat.heroes.values():
        assert h.might + h.magic + h.leadership + h.guile == 4, h.id
        assert len(h.feats) == 10, h.id  # the box: 80 Feats, 10 per Hero
        feats = [cat.feats[f] for f in h.feats]
        assert sum(f.start for f in feats) == 2, h.id
        assert sum(any(s.op == "gain_attribute" for s in f.effect) for f in feats) == 2, h.id
        assert {f.id for f in cat.feats.values() if f.hero == h.id} == set(h.feats), h.id
    assert cat.heroes["yanny"].faction == "duerkhar"
    assert cat.heroes["syndra"].faction == "druwhn"
    assert cat.heroes["khaal"].faction == "krowh"
    ronja = cat.heroes["ronja"]
    assert (ronja.faction, ronja.might, ronja.magic, ronja.leadership, ronja.guile) == ("mohyar", 2, 0, 1, 1)
    hanzo = cat.heroes["hanzo"]
    assert (hanzo.magic, hanzo.guile) == (1, 3)


def test_attribute_feats(cat):
    for f in cat.feats.values():
        if any(s.op == "gain_attribute" for s in f.effect):
            assert f.use.when == "build", f.id
            assert ops(f.effect) == ["gain_attribute", "gain_choice"], f.id
            assert f.effect[1].count == 3


def test_feat_shapes(cat):
    for f in cat.feats.values():
        assert 1 <= len(f.effect) <= 3, f.id
        if f.use.when == "combat":
            assert f.use.parts, f.id
            in_round = set(f.use.parts) & {"archery", "clash"}
            assert (f.use.step is not None) == bool(in_round), f.id
        else:
            assert not f.use.parts and f.use.step is None, f.id


def test_phalanx_and_younglings(cat):
    ph = cat.feats["phalanx"]
    assert ph.hero == "yanny" and ph.start
    assert ph.use == m.Use(when="combat", parts=("archery", "clash"), step="before_damage",
                           hero_hex=True, limit="once_per_combat")
    assert ops(ph.effect) == ["set_die"] and ph.effect[0].face == "shield"
    yo = cat.feats["younglings"]
    assert yo.hero == "yanny" and yo.start
    assert yo.use.when == "combat" and yo.use.parts == ("after_combat",) and yo.use.cost == "flip"
    assert yo.effect[0].from_unit == "younglings" and yo.effect[0].to_unit == "oathsworn"


# ====================================================================== items, quests, druids
def test_items(cat):
    items = cat.items
    assert sum(i.advanced for i in items.values()) >= 4
    for i in items.values():
        assert 1 <= i.cost <= 5, i.id
        assert len(i.requires) <= 1 and all(0 <= v <= 3 for v in i.requires.values()), i.id
    aw = items["abad_warpaint"]
    assert aw.use == m.Use(when="combat", parts=("clash",), step="before_rolling", hero_hex=True, cost="discard")
    assert aw.effect[0].op == "add_dice" and aw.effect[0].colour == "red"
    xy = items["xyxrit_leaves"]
    assert xy.cost == 1 and xy.requires == {} and xy.quest_bonus and xy.use.cost == "discard"
    assert xy.effect[0].colour == "choice"
    # Market Example: Ronja cannot use the Whip, can use the Flenser and the Leaves
    ronja = cat.heroes["ronja"]

    def usable(item):
        return all(getattr(ronja, attr) >= n for attr, n in item.requires.items())
    assert items["whip_of_thorns"].requires == {"leadership": 2}
    assert not usable(items["whip_of_thorns"])
    assert usable(items["flenser"]) and usable(xy)
    # Full Combat Round Example: Yanny carries the Abad Warpaint
    assert all(getattr(cat.heroes["yanny"], a) >= n for a, n in aw.requires.items())


def test_quests(cat):
    qs = cat.quests
    assert sum(q.advanced for q in qs.values()) >= 3
    assert any(q.immediate for q in qs.values())
    for q in qs.values():
        assert q.threshold in (1, 2, 3), q.id  # "1+", and "some can require more"
        assert q.threshold <= len(q.goals), q.id
        assert all(1 <= g.count <= 5 for g in q.goals), q.id
        if "take_card" in ops(q.solve):
            assert q.ongoing is not None and q.ongoing_effect, q.id
    dp = qs["druidic_prophetess"]
    assert dp.threshold == 2
    assert [(g.symbol, g.count) for g in dp.goals] == [("skull", 3), ("shield", 1), ("bolt", 1)]
    assert ops(dp.goals[0].reward) == ["vp"]
    assert ops(dp.goals[1].reward) == ["place_unit"] and ops(dp.goals[2].reward) == ["place_unit"]
    assert ops(dp.solve) == ["take_card"]
    assert dp.ongoing.when == "trigger" and dp.ongoing.trigger == "horde_activates"
    assert dp.ongoing_effect[0].who == "any"
    assert dp.fail[0].op == "nemesis_vp" and dp.fail[0].faction == "chaos" and dp.fail[0].amount == 2
    assert dp.bonus == [m.QuestBonus(when="curse", any_die=1)]
    ins = qs["instruction_of_the_druids"]
    assert ins.threshold == 2
    assert [(g.symbol, g.count) for g in ins.goals] == [("skull", 4), ("shield", 1), ("bolt", 1)]
    assert ins.goals[0].reward == [] and ops(ins.goals[1].reward) == ["vp"] == ops(ins.goals[2].reward)
    assert ins.solve[0].op == "gain_feat" and ins.solve[0].shuffle
    assert ins.fail[0].op == "nemesis_vp" and ins.fail[0].amount == 1
    assert ins.bonus == [m.QuestBonus(when="terrain", terrain="marsh", dice=["purple"])]


def test_quest_example_roll(cat):
    # Ronja's roll (3 Skulls, 2 Shields, 1 Bolt) meets exactly the Shield and Bolt goals
    ins = cat.quests["instruction_of_the_druids"]
    rolled = Counter(skull=3, shield=2, bolt=1)
    met = [g for g in ins.goals if rolled[g.symbol] >= g.count]
    assert [g.symbol for g in met] == ["shield", "bolt"] and len(met) >= ins.threshold


def test_druids(cat):
    for d in cat.druids.values():
        assert d.use.when == "combat", d.id
    w = cat.druids["watcher"]
    assert w.use == m.Use(when="combat", parts=("archery", "clash"), step="before_damage", limit="once_per_round")
    assert w.effect[0].op == "reroll" and w.effect[0].count == "any" and w.effect[0].only == "non_bolt"


# ====================================================================== nemesis
def test_nemesis_decks(cat):
    for deck in (cat.legions, cat.hordes):
        box = [c for c in deck.values() if not c.example]
        assert sum(c.advanced for c in box) == 1
        assert sum(not c.advanced for c in box) == 7  # 5 + 1 per faction beyond 2
    box = [c for c in list(cat.legions.values()) + list(cat.hordes.values()) if not c.example]
    inits = [c.initiative for c in box]
    assert len(set(inits)) == len(inits)  # only the example Butcher shares one (the Courtesan's 2)
    for c in cat.legions.values():
        assert c.kind == "legion" and ops(c.immediate)[0] == "place_target", c.id
    for c in cat.hordes.values():
        assert c.kind == "horde", c.id
    expected = {"courtesan": 2, "butcher": 2, "warlock": 5, "spymaster": 8, "assassin": 10, "imperial_guard": 12,
                "mage_breaker": 18, "executioner": 20, "new_emperor": 29,
                "lich_queen": 3, "coven_of_yssat": 9, "counter_of_omens": 13, "bloodwyrm": 21,
                "siren": 25, "banished": 26, "false_messiah": 28, "oda_the_fallen": 30}
    assert {cid: cat.nemesis(cid).initiative for cid in expected} == expected
    assert cat.legions["mage_breaker"].advanced and cat.hordes["oda_the_fallen"].advanced


def test_dice_rows_shrink_with_threat(cat):
    for c in list(cat.legions.values()) + list(cat.hordes.values()):
        if any(a.kind == "mirror" for a in c.abilities):
            assert c.dice == {}, c.id  # the Courtesan rolls her enemy's dice
            continue
        assert set(c.dice) == set(range(1, c.max_threat + 1)), c.id
        clash = [len(c.dice[t].clash) for t in range(1, c.max_threat + 1)]
        assert clash == sorted(clash), c.id
        assert all(n >= 1 for n in clash), c.id


def test_new_emperor(cat):
    ne = cat.legions["new_emperor"]
    assert ne.dice[5].archery == ("blue", "white", "white")
    assert ne.dice[2].clash == ("purple", "yellow", "white")
    assert ops(ne.immediate) == ["place_target", "activate"] and ne.immediate[1].which == "all_legions"
    ab = ne.abilities[0]
    assert (ab.kind, ab.colour, ab.count, ab.parts, ab.terrain) == ("extra_dice", "red", 2, ("archery",), "badlands")
    assert ne.godpower.limit == "once_per_round" and ne.godpower.step == "before_damage"
    assert ne.godpower.effect[0].op == "nemesis_vp" and ne.godpower.effect[0].amount == 2
    assert ne.destroyed_vp == 5
    assert ne.destroyed[0].op == "place_garrison" and ne.destroyed[0].where == "empty" and ne.destroyed[0].count == 2


def test_butcher(cat):
    b = cat.legions["butcher"]
    assert b.initiative == 2 and b.example
    assert ops(b.immediate) == ["place_target", "lose_half"]
    assert b.immediate[1].resource == "plunder" and b.immediate[1].who == "each"
    ab = b.abilities[0]
    assert (ab.colour, ab.count, ab.parts, ab.terrain) == ("red", 3, ("archery",), "badlands")
    # the Haven removal, "once per combat", is his Godpower (rulings.md 49), not a destruction reward
    assert ops(b.godpower.effect) == ["remove_haven"] and b.godpower.effect[0].where == "here_or_adjacent"
    assert b.godpower.limit == "once_per_combat" and b.destroyed == [] and b.destroyed_vp == 3


def test_courtesan(cat):
    c = cat.legions["courtesan"]
    assert (c.initiative, c.example, c.dice) == (2, False, {})
    assert [a.kind for a in c.abilities] == ["mirror"]
    assert c.godpower.limit == "once_per_round" and c.godpower.effect[0].op == "activation_token"
    assert c.godpower.effect[0].others
    assert ops(c.destroyed) == ["roll_hero_dice"] and c.destroyed[0].vp == 1 and c.destroyed_vp == 0


def test_named_hordes(cat):
    lq = cat.hordes["lich_queen"]
    assert lq.immediate[0].op == "place_curse" and lq.destroyed_vp == 1
    assert lq.godpower.effect[0].which == "other_hordes"
    co = cat.hordes["counter_of_omens"]
    assert co.immediate[0].op == "place_skeleton" and co.immediate[0].where == "here" and co.immediate[0].count == 2
    assert co.godpower.step == "after_damage" and co.godpower.limit == "once_per_round"
    ba = cat.hordes["banished"]
    assert ba.max_threat == 5 and ba.return_once
    assert ops(ba.immediate) == ["set_threat", "resolve_quest_failure"] and ba.immediate[0].value == 5
    assert [ba.dice[t].archery for t in (5, 4, 3, 2, 1)] == [("blue", "blue")] * 2 + [("blue",)] * 3
    assert ba.abilities[0].kind == "reroll_blanks" and ba.abilities[0].per_druid
    assert ba.godpower.limit == "once_per_round" and ba.godpower.step == "before_damage"
    oda = cat.hordes["oda_the_fallen"]
    assert all(row.archery == () for row in oda.dice.values())
    assert [a.kind for a in oda.abilities] == ["skip_archery"]
    assert [(s.which, s.amount) for s in oda.immediate] == [("self", 2), ("all_others", 1)]
    mb = cat.legions["mage_breaker"]
    assert mb.enlarging_removes_sea_tower and not mb.retarget_removes_sea_tower and mb.abilities[0].colour == "all"
    assert mb.godpower.limit == "once_per_round" and mb.godpower.effect[0].bolts_of == "all"
    assert cat.legions["warlock"].adjacent_to_all


def test_full_combat_round_example(cat):
    """New Emperor at Threat 5 on Badlands vs 2 Younglings, 2 Spearsingers, 1 Koloth."""
    ne = cat.legions["new_emperor"]
    archery = list(ne.dice[5].archery) + ["red"] * ne.abilities[0].count
    assert Counter(archery) == Counter(blue=1, white=2, red=2)
    # rigged rolls from the rulebook are all faces of those dice
    emperor_roll = {"red": [("skull", "bolt"), ()], "white": [("skull", "shield"), ()], "blue": [()]}
    for colour, rolls in emperor_roll.items():
        for r in rolls:
            assert r in faces(cat, colour)
    duerkhar = [cat.units["spearsingers"].die] * 2 + [cat.units["koloth"].die]
    assert Counter(duerkhar) == Counter(white=2, black=1)
    clash = list(ne.dice[2].clash)
    yanny = [cat.units["younglings"].die] * 2 + [cat.units["koloth"].die] + [cat.items["abad_warpaint"].effect[0].colour]
    assert Counter(yanny) == Counter(blue=2, black=1, red=1) and len(clash) == 3
