"""`uprising odds`: the exact odds of a fight, from the command line.

    uprising odds younglings:3 spearsingers:2 --garrison 2 --terrain woods
    uprising odds koloth oathsworn:2 --legion butcher:5 --terrain badlands --json
    uprising odds tribesmen:4 --horde siren:6 --haven --tower --wall --attacker siren

Units are UNIT or UNIT:COUNT (one faction's); the foe is any of --garrison LEVEL,
--skeletons N, --legion CARD:THREAT, --horde CARD:THREAT (repeatable). The odds are
the engine's (``engine/odds``): exact, under the default fight policy.
"""
from __future__ import annotations

import json
import sys

from .commands.options import bounded_int
from .engine.odds.spec import TERRAINS
from .files import clip

MAX_DIGITS = 6  # of a count or a Threat typed in a Unit or card (the odds take at most 5 Units)


def add_parser(sub) -> None:
    ap = sub.add_parser(
        "odds", help="the exact odds of a fight: Units against Garrisons, Skeletons, a Legion or a Horde",
        description="Print the exact outcome of a fight on one hex: the chance the players win, lose or both "
                    "sides are wiped out, the Units lost and VP gained, fight by fight. Units are UNIT or "
                    "UNIT:COUNT of one faction. The players' choices in the fight follow the default fight "
                    "policy (docs/engine.md).")
    ap.add_argument("units", nargs="+", metavar="UNIT[:N]", help="the players' Units, e.g. younglings:3")
    ap.add_argument("--hero", action="store_true", help="the Hero stands on the hex")
    small = bounded_int(0, 99)
    ap.add_argument("--garrison", type=small, default=0, metavar="LEVEL", help="a Garrison of level 1-3")
    ap.add_argument("--skeletons", type=small, default=0, metavar="N", help="1 or 2 Skeletons")
    ap.add_argument("--legion", action="append", default=[], metavar="CARD:THREAT", help="a Legion (repeatable)")
    ap.add_argument("--horde", action="append", default=[], metavar="CARD:THREAT", help="a Horde (repeatable)")
    ap.add_argument("--terrain", choices=TERRAINS, default="none", help="the hex's terrain (default none)")
    ap.add_argument("--haven", action="store_true", help="the players' Haven is on the hex")
    ap.add_argument("--tower", action="store_true", help="with a Tower (implies --haven)")
    ap.add_argument("--wall", action="store_true", help="with a Wall (implies --haven)")
    ap.add_argument("--attacker", metavar="CARD", default=None,
                    help="the Legion or Horde that walked in and attacks (default: the players attack)")
    ap.add_argument("--target-here", action="store_true", help="the Legions' Target is on this hex")
    ap.add_argument("--capital", action="store_true", help="the hex is The Capital (a Legion comes when it is taken)")
    ap.add_argument("--druids", default="", metavar="A,B,...", help="the Druids dealt (default none)")
    ap.add_argument("--event-threat", type=small, default=3, metavar="N",
                    help="Threat a new Legion or Horde enters at (default 3)")
    ap.add_argument("--horde-deck", type=small, default=5, metavar="N",
                    help="Hordes left in the deck, for three Skeletons making one (default 5; 0: none)")
    ap.add_argument("--legion-deck", type=small, default=5, metavar="N",
                    help="Legions left in the deck, for the Capital (default 5)")
    ap.add_argument("--advanced", action="store_true", help="advanced Legions and Hordes may be drawn")
    ap.add_argument("--content", metavar="DIR", default=None, help="the content directory (default: $UPRISING_CONTENT, else the bundled content)")
    ap.add_argument("--mod", metavar="DIR", action="append", default=None,
                    help="a mod laid over the content (repeatable; default: $UPRISING_MODS)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")


TERRAIN_NAMES = {"none": "no terrain", "woods": "Woods", "marsh": "a Marsh", "badlands": "the Badlands",
                 "highlands": "the Highlands", "ice_waste": "the Ice Waste", "curse": "a Curse"}


class UsageError(ValueError):
    pass


def _number(text: str) -> bool:
    body = text.strip().lstrip("-")
    return body.isascii() and body.isdigit() and len(body) <= MAX_DIGITS


def _known(name: str, known, what: str) -> str:
    """`name` if the catalog has it; a UsageError echoing no more than a short piece of it."""
    if name not in known:
        raise UsageError(f"unknown {what} {clip(name)} (known: {', '.join(sorted(known))})")
    return name


def _card(text: str, what: str, known) -> tuple[str, int]:
    name, sep, threat = text.partition(":")
    if not sep or not _number(threat):
        raise UsageError(f"--{what} takes CARD:THREAT, e.g. butcher:5 (got {clip(text)})")
    return _known(name.strip(), known, what.capitalize()), int(threat)


def _units(items: list[str], known) -> tuple[tuple[str, int], ...]:
    out: dict[str, int] = {}
    for text in items:
        name, sep, n = text.partition(":")
        if sep and not (_number(n) and not n.strip().startswith("-")):
            raise UsageError(f"a Unit is UNIT or UNIT:COUNT, e.g. younglings:3 (got {clip(text)})")
        _known(name.strip(), known, "Unit")
        out[name.strip()] = out.get(name.strip(), 0) + (int(n) if sep else 1)
    return tuple(out.items())


def build_spec(cat, args):
    from .engine.odds import FightSpec  # (the odds load when the command runs)
    legions = tuple(_card(t, "legion", cat.legions) for t in args.legion)
    hordes = tuple(_card(t, "horde", cat.hordes) for t in args.horde)
    druids = tuple(_known(d.strip(), cat.druids, "Druid") for d in args.druids.split(",") if d.strip())
    on_hex = {c for c, _ in legions + hordes}
    hpool = tuple(sorted(h for h, c in cat.hordes.items() if h not in on_hex and (args.advanced or not c.advanced)))
    lpool = tuple(sorted(h for h, c in cat.legions.items() if h not in on_hex and (args.advanced or not c.advanced)))
    if args.attacker is not None and args.attacker not in on_hex:
        known = cat.legions.keys() | cat.hordes.keys()
        _known(args.attacker, known, "Legion or Horde")
    haven = args.haven or args.tower or args.wall
    return FightSpec(units=_units(args.units, cat.units), hero=args.hero, garrisons=args.garrison, skeletons=args.skeletons,
                     legions=legions, hordes=hordes, terrain=args.terrain, haven=haven, tower=args.tower,
                     wall=args.wall, mover=args.attacker,
                     targets_here=tuple(c for c, _ in legions) if args.target_here else (),
                     capital=args.capital, legion_pool=lpool, legion_count=min(args.legion_deck, len(lpool)),
                     horde_pool=hpool, horde_count=min(args.horde_deck, len(hpool)), event_threat=args.event_threat,
                     druids=druids)


def run(args) -> int:
    from .cli import load_content  # (the content loads when the command runs)
    from .engine.odds import OddsError, fight_odds  # (the odds load when the command runs)
    cat = load_content(args)  # a content problem is reported by `uprising` itself, like every command
    try:
        spec = build_spec(cat, args)
        got = fight_odds(cat, spec)
    except (OddsError, UsageError) as exc:
        return _fail(args, str(exc))
    if args.json:
        print(json.dumps({"fight": _describe(cat, spec), **got.to_dict()}, indent=2))
    else:
        print(format_odds(cat, spec, got))
    return 0


def _fail(args, message: str) -> int:
    if getattr(args, "json", False):
        print(json.dumps({"error": message}))
    print(f"uprising: error: {message}", file=sys.stderr)
    return 2


def _describe(cat, spec) -> str:
    ours = ", ".join(f"{n} {cat.names.get(u, u)}" for u, n in spec.units)
    foes = []
    if spec.garrisons:
        foes.append(f"Garrison (level {spec.garrisons})")
    if spec.skeletons:
        foes.append(f"{spec.skeletons} Skeleton{'s' if spec.skeletons > 1 else ''}")
    foes += [f"{cat.names.get(c, c)} (Threat {t})" for c, t in spec.legions + spec.hordes]
    if spec.capital:
        foes.append("The Capital")
    where = TERRAIN_NAMES.get(spec.terrain, spec.terrain)
    extras = [x for x, on in (("Haven", spec.haven), ("Tower", spec.tower), ("Wall", spec.wall)) if on]
    text = f"{ours} vs {' and '.join(foes) or 'nobody'} on {where}"
    if extras:
        text += " (" + ", ".join(extras) + ")"
    if spec.mover:
        text += f"; {cat.names.get(spec.mover, spec.mover)} attacks"
    return text


def _pct(x: float) -> str:
    return f"{100 * x:6.2f}%"


def format_odds(cat, spec, got) -> str:
    lines = [_describe(cat, spec), ""]
    rows = [("players win", _pct(got.win)), ("players lose", _pct(got.lose)),
            ("both sides wiped out", _pct(got.both_wiped))]
    if got.draw >= 0.00005:
        rows.append(("called off", _pct(got.draw)))
    rows += [("no Unit lost", _pct(got.no_loss)), ("Units lost (expected)", f"{got.units_lost:7.2f}"),
             ("VP gained (expected)", f"{got.vp_gained:7.2f}")]
    if got.units_gained:
        rows.append(("Units gained (expected)", f"{got.units_gained:7.2f}"))
    if got.vp_others:
        rows.append(("other players' VP (expected)", f"{got.vp_others:7.2f}"))
    if got.empire_vp:
        rows.append(("Empire VP (expected)", f"{got.empire_vp:7.2f}"))
    if got.chaos_vp:
        rows.append(("Chaos VP (expected)", f"{got.chaos_vp:7.2f}"))
    if got.haven_lost:
        rows.append(("Haven lost", _pct(got.haven_lost)))
    width = max(len(r[0]) for r in rows)
    lines += [f"{k:<{width}}  {v}" for k, v in rows]
    lines += ["", f"{'fight':<32} {'fought':>8} {'won':>8} {'destroyed':>9} {'damage':>7} {'lost':>6} {'VP':>6}"]
    for f in got.fights:
        lines.append(f"{f.name:<32} {_pct(f.fought):>8} {_pct(f.won):>8} {_pct(f.destroyed):>9} {f.damage:7.2f} "
                     f"{f.units_lost:6.2f} {f.vp:6.2f}")
    lines += ["", "summary: " + got.summary()]
    for note in got.notes:
        lines.append(f"note: {note}")
    return "\n".join(lines)
