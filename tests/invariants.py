"""State invariants that must hold after every answer of every game."""
from __future__ import annotations


def check(g, prev_vp: dict | None = None) -> dict:
    st, cat = g.state, g.cat
    errs = []
    levels = [0, 0, 0]
    skeletons = curses = 0
    units_on_map: dict[str, int] = {}
    havens: dict[str, int] = {}
    for h in st.hexes.values():
        if h.unit_count > 5:
            errs.append(f"{h.id}: {h.unit_count} player Units")
        if h.units and h.owner is None or (not h.units and h.owner is not None):
            errs.append(f"{h.id}: owner {h.owner} with units {h.units}")
        for u, n in h.units.items():
            if n <= 0 or cat.unit_faction[u] != h.owner:
                errs.append(f"{h.id}: bad unit entry {u}={n} owner {h.owner}")
            units_on_map[u] = units_on_map.get(u, 0) + n
        if h.haven and h.owner not in (None, h.haven):
            errs.append(f"{h.id}: {h.owner} Units on {h.haven}'s Haven")
        if len(h.garrisons) > 3 or h.garrisons != list(range(1, len(h.garrisons) + 1)):
            errs.append(f"{h.id}: garrisons {h.garrisons}")
        for lvl in h.garrisons:
            levels[lvl - 1] += 1
        if not 0 <= h.skeletons <= 2:
            errs.append(f"{h.id}: {h.skeletons} Skeletons")
        skeletons += h.skeletons
        curses += int(h.curse)
        if (h.wall or h.tower) and not h.haven:
            errs.append(f"{h.id}: Defenses without a Haven")
        if h.haven:
            havens[h.haven] = havens.get(h.haven, 0) + 1
            if h.curse:
                errs.append(f"{h.id}: Haven on a Curse")
        for cid in h.legions:
            if st.legions.get(cid) is None or st.legions[cid].hex != h.id:
                errs.append(f"{h.id}: stray Legion {cid}")
        for cid in h.hordes:
            if st.hordes.get(cid) is None or st.hordes[cid].hex != h.id:
                errs.append(f"{h.id}: stray Horde {cid}")
    for index, field in (("owned", "owner"), ("havens", "haven")):  # the Board's indexes, against a fresh scan
        scanned: dict[str, set[str]] = {}
        for h in st.hexes.values():
            if getattr(h, field) is not None:
                scanned.setdefault(getattr(h, field), set()).add(h.id)
        indexed = {fac: set(hids) for fac, hids in getattr(g.board, index).items() if hids}
        if indexed != scanned:
            errs.append(f"Board.{index} {indexed} != the hexes' {field}s {scanned}")
    for card in list(st.legions.values()) + list(st.hordes.values()):
        spec = cat.nemesis(card.id)
        if card.id not in getattr(st.hexes[card.hex], card.kind + "s"):
            errs.append(f"{card.id} not on its hex {card.hex}")
        in_combat = g.ctx.combat is not None
        if not (1 <= card.threat <= spec.max_threat) and not in_combat:
            errs.append(f"{card.id} Threat {card.threat}")
        if card.tokens < 0:
            errs.append(f"{card.id} tokens {card.tokens}")
    gy_levels = [0, 0, 0]
    gy_skel = 0
    gy_units: dict[str, int] = {}
    for side in (st.graveyard_empire, st.graveyard_chaos):
        for owner, box in side.items():
            for piece, n in box.items():
                if piece == "skeleton":
                    gy_skel += n
                elif piece.startswith("garrison:"):
                    gy_levels[int(piece.split(":")[1]) - 1] += n
                else:
                    gy_units[piece] = gy_units.get(piece, 0) + n
    for i in range(3):
        if levels[i] + gy_levels[i] + st.garrison_reserve[i] != 10:
            errs.append(f"Garrison level {i + 1}: {levels[i]} map + {gy_levels[i]} graveyard + {st.garrison_reserve[i]} reserve != 10")
    if skeletons + gy_skel + st.skeleton_reserve != 11:
        errs.append(f"Skeletons: {skeletons} + {gy_skel} + {st.skeleton_reserve} != 11")
    if curses + st.curse_reserve != 9:
        errs.append(f"Curses: {curses} + {st.curse_reserve} != 9")
    walls = sum(1 for h in st.hexes.values() if h.wall)
    towers = sum(1 for h in st.hexes.values() if h.tower)
    tokens = sum(c.tokens for c in list(st.legions.values()) + list(st.hordes.values()))
    if walls > 10 or towers > 10 or tokens > 20:
        errs.append(f"beyond the box: {walls} Walls, {towers} Towers, {tokens} Activation Tokens")
    for p in st.players:
        for r in ("salt", "plunder", "food"):
            if p.res(r) < 0:
                errs.append(f"{p.faction} {r} {p.res(r)}")
        if p.ap < 0:
            errs.append(f"{p.faction} AP {p.ap}")
        if len(p.feats) + len(p.items) > 10 and g.decision is not None and g.decision.kind != "card_limit":
            errs.append(f"{p.faction} holds {len(p.feats) + len(p.items)} cards")
        if havens.get(p.faction, 0) + p.havens_in_supply != cat.factions[p.faction].havens:
            errs.append(f"{p.faction} Havens: {havens.get(p.faction, 0)} + {p.havens_in_supply}")
        for u in cat.factions[p.faction].units:
            total = units_on_map.get(u.id, 0) + gy_units.get(u.id, 0) + p.reserve.get(u.id, 0) + p.removed_units.get(u.id, 0)
            if total != u.reserve:
                errs.append(f"{u.id}: {total} accounted for, box has {u.reserve}")
        if p.hero_hex not in st.hexes:
            errs.append(f"{p.faction} Hero nowhere")
    vp = {p.faction: p.vp for p in st.players} | {"empire": st.vp_empire, "chaos": st.vp_chaos}
    if prev_vp:
        for k, v in vp.items():
            if v < prev_vp[k]:
                errs.append(f"{k} lost VP: {prev_vp[k]} -> {v}")
    assert not errs, "; ".join(errs[:8])
    return vp
