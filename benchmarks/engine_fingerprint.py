"""A fingerprint of the engine's behaviour, for speed work that must change nothing: seeded games
(12 heuristic 4-faction games, six 1-3 faction games at every difficulty, some with the random
bot) played to the end; every Decision (all fields of every option), the log, the history, the
checkpoints, the checksum and the public view hashed. Two trees give the same file or differ.

    .venv/bin/python benchmarks/engine_fingerprint.py /tmp/before.json    # on the old tree
    .venv/bin/python benchmarks/engine_fingerprint.py /tmp/after.json     # then cmp the two
"""
import hashlib, json, sys
from uprising_tui import sim
from uprising_tui.engine import Game
from uprising_tui.bots import get_bot

CASES = [(4, 4, "veteran", 1000 + i, "heuristic") for i in range(12)]
CASES += [(1, 4, "rebel", 7, "heuristic"), (2, 3, "nightmare", 8, "heuristic"), (2, 4, "veteran", 9, "random"),
          (3, 2, "apocalypse", 10, "random"), (1, 2, "nightmare", 11, "random"), (2, 4, "rebel", 12, "heuristic")]
out = {}
for nf, ch, diff, seed, botname in CASES:
    cfg = sim.SimConfig(factions=nf, chapters=ch, difficulty=diff, bot=botname)
    setup = cfg.setup(seed)
    bot = get_bot(botname, seed)
    g = Game(setup).start()
    h = hashlib.sha256()
    while g.decision is not None and len(g.answers) < 5000:
        d = g.decision
        h.update(repr(d).encode())
        h.update(repr(d.options).encode())
        for o in d.options:
            h.update(repr((o.id, o.label, o.hex, o.card, o.group, o.refs, o.cost)).encode())
        g.answer(bot.choose(g, d))
        h.update(repr(g.public_view()).encode()) if len(g.answers) % 7 == 0 else None
    lg = hashlib.sha256(repr(g.log).encode()).hexdigest()
    out[f"{nf}f{ch}c-{diff}-{seed}-{botname}"] = dict(
        n=len(g.answers), checksum=g.checksum(), answers=hashlib.sha256("|".join(g.answers).encode()).hexdigest(),
        decisions=h.hexdigest(), log=lg, hist=hashlib.sha256(repr(g.history()).encode()).hexdigest(),
        cps=hashlib.sha256(repr(g.checkpoints()).encode()).hexdigest(),
        view=hashlib.sha256(repr(g.public_view()).encode()).hexdigest())
json.dump(out, open(sys.argv[1], "w"), indent=1)
print(len(out), "games", sum(v["n"] for v in out.values()), "answers")
