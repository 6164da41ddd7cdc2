"""`uprising demo`: one heuristic bot game, told briefly (the VP by Chapter and one fight)."""
from __future__ import annotations

import argparse

from ..cli import EXIT_CONTENT, CliError, load_content
from .options import seed

DEMO_SEED = 7


def register(sub, common) -> None:
    demo = sub.add_parser("demo", parents=[common], help="play one heuristic bot game and show how it ended")
    demo.add_argument("--seed", type=seed, default=DEMO_SEED)
    demo.add_argument("--factions", type=int, choices=range(1, 5), default=2, metavar="{1..4}")
    demo.set_defaults(run=run)


def demo_story(game) -> list[str]:
    """VP after each Chapter, and the first big fight of the game blow by blow."""
    from ..engine.face.log import LogRenderer  # (the engine loads when a command runs, not at start-up)

    render = LogRenderer(game.cat)
    sides = [p.faction for p in game.state.players] + ["empire", "chaos"]
    vp = dict.fromkeys(sides, 0)
    rows, fight, current, chapter = [], [], None, 0
    for ev in game.log:
        line = render(ev)
        kind = ev.event_type
        if kind == "VPChanged":
            vp[ev.faction] = ev.total
        if kind == "PhaseStarted":
            if ev.phase == "refresh" and chapter:
                rows.append((chapter, dict(vp)))
            chapter = ev.chapter
        if kind == "CombatStarted" and not fight and current is None:
            current = [line]
        elif current is not None:
            current.append("  " + line)
            if kind == "CombatEnded":
                if sum(1 for x in current if "round" in x) >= 2:
                    fight = current
                current = None
    rows.append((chapter, dict(vp)))
    names = [game.ctx.name(s) for s in sides]
    out = ["VP at the end of each Chapter:", "  Chapter  " + "  ".join(f"{n:>10}" for n in names)]
    for ch, v in rows:
        out.append(f"  {ch:>7}  " + "  ".join(f"{v[s]:>10}" for s in sides))
    if fight:
        out += ["", "A fight from this game:"] + ["  " + x for x in fight]
    out.append("\n(`uprising simulate --save-dir DIR` then `uprising log DIR/game-<seed>.json` shows a whole game)")
    return out


def run(args: argparse.Namespace) -> int:
    from .. import sim  # (the simulator loads when the demo runs)

    cat = load_content(args)
    cfg = sim.SimConfig(games=1, factions=args.factions, seed=args.seed, bot="heuristic")
    print(f"Demo: {args.factions} heuristic bot(s) play a {cfg.chapters}-chapter {cfg.difficulty} game "
          f"(seed {args.seed}). The Textual client is not here yet; try `uprising --help`.\n")
    res, game = sim.play_game(cfg.setup(args.seed), "heuristic", catalog=cat)
    if game is None or res.error:
        raise CliError(f"the demo game failed: {res.error}", code=EXIT_CONTENT, kind="game")
    print("\n".join(demo_story(game)))
    vp = ", ".join(f"{p.faction} {p.vp}" for p in game.state.players)
    print(f"\nVerdict: {res.verdict}  (VP: {vp}; Empire {res.empire_vp}, Chaos {res.chaos_vp}; "
          f"{res.decisions} decisions in {res.seconds:.2f} s)")
    return 0
