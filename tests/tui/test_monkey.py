"""The client monkey's fast sample (tests/tui/monkey.py; big sweeps: tools/monkey.py): a few seeded
runs of random keys and clicks, chosen to cover every terminal size, 1 to 4 factions, bots and
hot-seat hand-overs, and starts at the title, in a new game, near the end and with the game over."""
from __future__ import annotations

import pytest

from .monkey import Spec, run_async

# seed: what it plays (Spec.of decides; the test below checks the sample still covers all of it)
SAMPLE = {
    6: "120x40, the game over, solo: the end screen's r, the game review stepped through and left",
    2: "60x20, four factions, two of them bots, hot-seat",
    4: "80x24, from the title screen through Setup, a bot and a hot-seat pair",
    13: "120x40, the game over (the end screen), two people",
    17: "200x60, the last Chapter after its Actions, solo with a bot, step pacing",
    36: "80x24, from the title screen, solo",
}
KEYS = 120


def test_the_sample_covers_every_size_faction_count_and_start():
    specs = [Spec.of(seed, KEYS) for seed in SAMPLE]
    assert {s.size for s in specs} == {(60, 20), (80, 24), (120, 40), (200, 60)}
    assert {len(s.factions) for s in specs} >= {1, 2, 3, 4}
    assert {s.start for s in specs} >= {"title", "new", "late", "end"}
    assert any(s.bots for s in specs) and any(len(s.factions) - len(s.bots) > 1 for s in specs)


@pytest.mark.asyncio
@pytest.mark.parametrize("seed", sorted(SAMPLE))
async def test_monkey(seed, monkeypatch):
    r = await run_async(Spec.of(seed, KEYS), monkeypatch)
    assert r.ok, (f"{r.spec.describe()}\nwhere: {r.where}\nlast keys: {r.last_keys()}\n{r.failure}\n"
                  f"replay: .venv/bin/python tools/monkey.py --runs 1 --keys {KEYS} --seed {seed}")
    assert len(r.pressed) >= KEYS
    if seed == 6:
        assert r.screens["ReviewScreen"], "the sample reaches the game review"


@pytest.mark.asyncio
async def test_monkey_beside_strong_bots(monkeypatch):
    """Keys mashed while strong bots think in their thread (undo among them): seed 2 seats two."""
    spec = Spec.of(2, KEYS, strong=True)
    assert len(spec.bots) == 2
    r = await run_async(spec, monkeypatch)
    assert r.ok, (f"{r.spec.describe()}\nwhere: {r.where}\nlast keys: {r.last_keys()}\n{r.failure}\n"
                  f"replay: .venv/bin/python tools/monkey.py --runs 1 --keys {KEYS} --seed 2 --strong")
    assert len(r.pressed) >= KEYS
