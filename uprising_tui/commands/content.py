"""`uprising content check`: load and cross-check the content; its counts beside the box's."""
from __future__ import annotations

import argparse
import json

from ..cli import EXIT_CONTENT


def register(sub, common) -> None:
    content = sub.add_parser("content", help="content tools")
    csub = content.add_subparsers(dest="content_command", metavar="ACTION", required=True)
    chk = csub.add_parser("check", parents=[common],
                          help="load and cross-check every content file; its counts beside the box's",
                          description="Load and cross-check every content file, then show each count "
                                      "beside the published box's. Exit 1 on a problem or a count "
                                      "short of the box (more than the box is fine: a mod).")
    chk.add_argument("--json", action="store_true", help="print one JSON object")
    chk.add_argument("--dir", dest="content", metavar="DIR", help=argparse.SUPPRESS)  # the old name
    chk.set_defaults(run=check)


def check(args: argparse.Namespace) -> int:
    from ..content.box import compare, provenance_rows  # (the box check loads when it runs)
    from ..content.loader import ContentError, default_content_dir, load_catalog  # (the content loads when it is checked)

    source = str(args.content or default_content_dir())
    try:
        cat = load_catalog(source, mods=args.mod)  # fresh, not the process cache: this is the check
    except ContentError as exc:
        if args.json:
            print(json.dumps({"ok": False, "source": exc.source or source, "problems": exc.problems},
                             sort_keys=True))
        else:
            for problem in exc.problems:
                print(problem)
            print(f"{len(exc.problems)} content problem(s) in {exc.source or source}")
        return EXIT_CONTENT
    rows = compare(cat)
    short = [r for r in rows if r.short]
    origin = provenance_rows(cat)
    if args.json:
        print(json.dumps({"ok": not short, "source": cat.source, "counts": cat.counts(),
                          "mods": [{"name": n, "sha256": d} for n, d in cat.mods],
                          "box": {r.key: r.data() for r in rows},
                          "provenance": {label.strip(): n for label, n in origin}}, sort_keys=True))
        return EXIT_CONTENT if short else 0
    width = max(len(r.label) for r in rows)
    print(f"content {'OK' if not short else 'loads, but is short of the box'}: {cat.source}")
    for name, digest in cat.mods:
        print(f"  with the mod {name} (sha256 {digest[:16]}...)")
    print(f"  {'':<{width}}  {'have':>5}  {'box':>5}")
    for r in rows:
        mark = f"  short by {r.short}" if r.short else ""
        print(f"  {r.label:<{width}}  {r.have:>5}  {r.box:>5}{mark}")
    others = {k: n for k, n in cat.counts().items() if k in ("units", "layouts")}
    print("  also: " + ", ".join(f"{n} {k}" for k, n in others.items()))
    wide = max(len(label) for label, _ in origin)
    print(f"  where it comes from (docs/content.md, Provenance):\n  {'':<{wide}}  {'rulebook':>8}  {'published':>9}  {'ours':>5}")
    for label, n in origin:
        print(f"  {label:<{wide}}  {n['rulebook']:>8}  {n['published']:>9}  {n['ours']:>5}")
    if short:
        print(f"{len(short)} count(s) short of the box: " + ", ".join(r.key for r in short))
    return EXIT_CONTENT if short else 0
