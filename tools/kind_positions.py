"""Find a position of every Decision kind the engine asks, for tests/tui/test_screens_by_kind.py.

    .venv/bin/python tools/kind_positions.py          # rewrites tests/tui/kind_positions.json

Plays seeded games (1-4 factions, every difficulty, 2-4 Chapters, the random and the heuristic bot,
Nemesis ties asked) and keeps, for each kind, the first game that asks it: the setup and the answers
given up to that point. The kinds the engine can ask are the heuristic bot's table of them
(bots/heuristic.py answers every kind); those no seeded game meets are built by a scenario in the
test. Rerun after a change to the rules that moves the answers (the test says so when one no
longer replays).
"""
from __future__ import annotations

import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from uprising_tui.bots import get_bot  # noqa: E402
from uprising_tui.engine import Game, Setup  # noqa: E402

OUT = ROOT / "tests" / "tui" / "kind_positions.json"
FACTIONS = ["druwhn", "duerkhar", "krowh", "mohyar"]
SCENARIO_KINDS = {"skeleton_order"}  # built by the test (no seeded game's Event activates Skeletons on two hexes)


def engine_kinds() -> set[str]:
    from uprising_tui.bots.heuristic import HANDLERS
    return set(HANDLERS)


def main() -> int:
    want = engine_kinds() - SCENARIO_KINDS
    found: dict[str, dict] = {}
    for seed in range(1, 2000):
        n = 1 + seed % 4
        diff = ("rebel", "veteran", "nightmare", "apocalypse")[(seed // 4) % 4]
        setup = Setup(factions=FACTIONS[:n], chapters=2 + seed % 3, difficulty=diff, seed=seed, auto_ties=False)
        botname = "random" if seed % 2 else "heuristic"
        g = Game(setup).start()
        bot = get_bot(botname, seed)
        while g.decision is not None and len(g.answers) < 3000:
            k = g.decision.kind
            if k in want and k not in found:
                found[k] = {"factions": setup.factions, "chapters": setup.chapters, "difficulty": diff, "seed": seed,
                            "actor": g.decision.actor, "answers": list(g.answers)}
            g.answer(bot.choose(g, g.decision))
        if want <= set(found):
            break
    missing = sorted(want - set(found))
    lines = [f"{json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(found.items())]  # one line a kind
    OUT.write_text("{\n" + ",\n".join(lines) + "\n}\n")
    print(f"{len(found)} kinds found in {seed} games; written to {OUT}" + (f"; not met: {missing}" if missing else ""))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
