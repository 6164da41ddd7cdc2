#!/usr/bin/env python3
"""Generate ``content/maps.yaml``: the map layouts for 1, 2, 3 and 4 factions.

Run from the repository root:  ``python tools/gen_maps.py``  (``--check`` only
verifies that the committed file is up to date).

Geometry: axial coordinates (q, r); direction i is DIRS[i] and edge i of a hex
faces direction i. The Capital sits at (0, 0).

Every layout follows the same rules (see docs/content.md, "Maps"):

* the island is a set of spaces around the Capital; homes sit on ring-3 corners,
  the two Sea Towers on ring 2, every other island space is a ``random`` space
  (a face-down regular hex);
* a one-space-thick border of ``region`` spaces surrounds the island, split in
  thirds by angle into Howling White, Fog Grave and Screaming Sea;
* setup marks: 3 Capital neighbours carry a Veteran Garrison, the other 3 a
  Nightmare one; three random spaces at distance >= 2 from every home carry the
  Curse marks 1, 2, 3; three spaces not next to a home carry a Skeleton.

The marks are picked with a fixed seed, so the output never changes unless
this script does.
"""
from __future__ import annotations

import math
import random
import sys
from pathlib import Path

DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
REGIONS = ("howling_white", "fog_grave", "screaming_sea")  # thirds by angle: 0-120, 120-240, 240-360
OUT = Path(__file__).resolve().parents[1] / "content" / "maps.yaml"

Hex = tuple[int, int]


def dist(a: Hex, b: Hex = (0, 0)) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def neighbours(h: Hex) -> list[Hex]:
    return [(h[0] + dq, h[1] + dr) for dq, dr in DIRS]


def scale(i: int, k: int) -> Hex:
    return (DIRS[i][0] * k, DIRS[i][1] * k)


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def disc(radius: int) -> set[Hex]:
    return {(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
            if dist((q, r)) <= radius}


def angle(h: Hex) -> float:
    """Degrees counter-clockwise from direction 0; direction i lies at 60*i."""
    x = h[0] + h[1] / 2
    y = -h[1] * math.sqrt(3) / 2
    return math.degrees(math.atan2(y, x)) % 360.0


def ring_of(h: Hex) -> int:
    return dist(h)


def order_key(h: Hex) -> tuple[int, float]:
    return (ring_of(h), round(angle(h), 6))


# ---------------------------------------------------------------- layout specs
def spec(factions: int) -> tuple[set[Hex], list[Hex], list[Hex], set[Hex]]:
    """Return (island, homes, sea_towers, extra_region) for a faction count."""
    if factions == 4:
        left_out = {scale(1, 3), scale(4, 3)}
        island = disc(3) - left_out
        homes = [scale(i, 3) for i in (0, 2, 3, 5)]
        towers = [scale(1, 2), scale(4, 2)]
        return island, homes, towers, left_out
    if factions == 3:
        homes = [scale(i, 3) for i in (0, 2, 4)]
        # one ring-3 neighbour per home (the one turning counter-clockwise)
        extras = {add(scale(i, 3), DIRS[(i + 2) % 6]) for i in (0, 2, 4)}
        island = disc(2) | set(homes) | extras
        towers = [scale(1, 2), scale(3, 2)]
        return island, homes, towers, set()
    if factions == 2:
        homes = [scale(0, 3), scale(3, 3)]
        extras = {add(scale(i, 3), DIRS[(i + 2) % 6]) for i in (0, 3)}
        left_out = {scale(2, 2), scale(5, 2), (1, -2), (-1, 2)}
        island = (disc(2) - left_out) | set(homes) | extras
        towers = [scale(1, 2), scale(4, 2)]
        return island, homes, towers, set()
    if factions == 1:
        homes = [scale(0, 3)]
        ring2 = {h for h in disc(2) if dist(h) == 2 and h[0] >= 0}
        extras = {add(scale(0, 3), DIRS[2])}  # (3,-1)
        island = disc(1) | ring2 | set(homes) | extras
        towers = [scale(1, 2), (1, 1)]
        return island, homes, towers, set()
    raise ValueError(factions)


def build(factions: int) -> dict:
    island, homes, towers, extra_region = spec(factions)
    capital = (0, 0)
    role: dict[Hex, str] = {}
    for h in island:
        role[h] = "random"
    role[capital] = "capital"
    for h in homes:
        role[h] = "home"
    for h in towers:
        assert h in island and dist(h) == 2, h
        role[h] = "sea_tower"

    border = {n for h in island for n in neighbours(h) if n not in island} | extra_region
    for h in border:
        role[h] = "region"

    # ---- sanity: connected island, homes touch >= 2 random spaces
    seen, todo = {capital}, [capital]
    while todo:
        for n in neighbours(todo.pop()):
            if n in island and n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == island, f"{factions}: island not connected"
    for h in homes:
        n_random = sum(1 for n in neighbours(h) if role.get(n) == "random")
        assert n_random >= 2, f"{factions}: home {h} touches only {n_random} random spaces"

    rng = random.Random(1000 + factions)
    cap_nb = set(neighbours(capital))
    near_home = {n for h in homes for n in neighbours(h)} | set(homes)

    def far_from_homes(h: Hex) -> bool:
        return all(dist(h, x) >= 2 for x in homes)

    # curses: random spaces, distance >= 2 from every home, not next to the Capital
    curse_pool = sorted((h for h in island if role[h] == "random" and far_from_homes(h)
                         and h not in cap_nb), key=order_key)
    curses = rng.sample(curse_pool, 3)
    # skeletons: three (the published setup's count, rulings.md 56): one region space and two
    # random spaces (a second region space where the island has no second one), none next to a
    # home, next to the Capital or on a Curse mark
    skel_random_pool = sorted((h for h in island if role[h] == "random" and h not in near_home
                               and h not in cap_nb and h not in curses), key=order_key)
    skel_region_pool = sorted((h for h in border if h not in near_home), key=order_key)
    skeletons = [rng.choice(skel_region_pool), rng.choice(skel_random_pool)]
    third = [h for h in skel_random_pool if h not in skeletons] or [h for h in skel_region_pool if h not in skeletons]
    skeletons.append(rng.choice(third))

    spaces = []
    island_sorted = sorted(island, key=order_key)
    border_sorted = sorted(border, key=lambda h: (round(angle(h), 6), dist(h)))
    for idx, h in enumerate(island_sorted):
        s: dict = {"id": f"H{idx:02d}", "q": h[0], "r": h[1], "role": role[h]}
        if h in cap_nb:
            i = neighbours(capital).index(h)
            s["garrison"] = "veteran" if i % 2 == 0 else "nightmare"
        if h in curses:
            s["curse"] = curses.index(h) + 1
        if h in skeletons:
            s["skeleton"] = True
        spaces.append(s)
    for idx, h in enumerate(border_sorted, start=1):
        s = {"id": f"W{idx:02d}", "q": h[0], "r": h[1], "role": "region",
             "region": REGIONS[int(angle(h) // 120) % 3]}
        if h in skeletons:
            s["skeleton"] = True
        spaces.append(s)
    assert island_sorted[0] == capital
    return {"factions": factions, "spaces": spaces}


def render(layouts: list[dict]) -> str:
    lines = [
        "# GENERATED by tools/gen_maps.py - edit the script, not this file.",
        "# Axial (q, r); direction i: 0:(+1,0) 1:(+1,-1) 2:(0,-1) 3:(-1,0) 4:(-1,+1) 5:(0,+1).",
        "# roles: capital, home, sea_tower, random (a face-down regular hex), region.",
        "layouts:",
    ]
    for lay in layouts:
        roles = [s["role"] for s in lay["spaces"]]
        lines.append(f"  # {lay['factions']} faction(s): {roles.count('random')} random, "
                     f"{roles.count('home')} home, {roles.count('sea_tower')} sea tower, "
                     f"{roles.count('region')} region spaces")
        lines.append(f"  - factions: {lay['factions']}")
        lines.append("    provenance: ours")
        lines.append("    spaces:")
        for s in lay["spaces"]:
            parts = [f"id: {s['id']}", f"q: {s['q']}", f"r: {s['r']}", f"role: {s['role']}"]
            for key in ("region", "garrison", "curse"):
                if key in s:
                    parts.append(f"{key}: {s[key]}")
            if s.get("skeleton"):
                parts.append("skeleton: true")
            lines.append("      - {" + ", ".join(parts) + "}")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    text = render([build(n) for n in (1, 2, 3, 4)])
    if "--check" in argv:
        if not OUT.exists() or OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT} is out of date; run tools/gen_maps.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
