"""engine/face/log.py words every event of real games: names for ids, our words for every code,
the side of a combat by what it is, the source where it tells something."""
from __future__ import annotations

import random

import pytest

from uprising_tui.bots import get_bot
from uprising_tui.engine import Game
from uprising_tui.engine.face.events import EVENT_TYPES, CombatTally, Note, VPChanged
from uprising_tui.engine.face.log import QUIET, LogRenderer, render, render_all, source_text
from uprising_tui.engine.face.words import FALLBACKS, MOVE_RULES, NOTES, REASONS, RULES, TARGET_REASONS
from uprising_tui.engine.face.refs import SourceRef

from .test_random_games import setup_for


def played(seed: int, bot: bool = False) -> Game:
    g = Game(setup_for(seed)).start()
    chooser = get_bot("heuristic", seed) if bot else None
    rng = random.Random(seed)
    while g.decision is not None:
        g.answer(chooser.choose(g, g.decision) if chooser else rng.choice(g.decision.options).id)
    return g


@pytest.mark.parametrize("seed,bot", [(11, False), (12, False), (15, False), (610, True), (611, True)])
def test_every_event_of_a_game_renders_in_words(seed, bot):
    g = played(seed, bot)
    render_line = LogRenderer(g.cat)
    for e in g.log:
        line = render_line(e)
        if e.event_type in QUIET:
            assert line == ""
            continue
        assert line and not line.startswith(e.event_type), f"no words for {e}"
        assert "_" not in line.replace("H0", "").split("[")[0] or e.event_type == "GameStarted", line
    codes = {}
    for e in g.log:
        for field in ("reason", "how"):
            if isinstance(getattr(e, field, None), str):
                codes.setdefault(field, set()).add(getattr(e, field))
        if e.event_type == "Note":
            assert e.code in NOTES
        if getattr(e, "fallback", ""):
            assert all(c in FALLBACKS for c in e.fallback.split(","))
        if e.event_type in ("NemesisMoved", "SkeletonsMoved"):
            assert e.rule in MOVE_RULES
        if e.event_type == "TargetPlaced":
            assert e.reason in TARGET_REASONS
    for field, seen in codes.items():
        unworded = {c for c in seen if c not in REASONS and c not in TARGET_REASONS}
        assert not unworded, f"{field} codes without words: {unworded}"


def test_render_all_skips_the_quiet_events():
    g = played(13)
    lines = render_all(g.log, g.cat)
    assert len(lines) == sum(1 for e in g.log if e.event_type not in QUIET)
    assert lines[0].startswith("A ") and lines[-1].startswith("Game over:")


def test_sides_are_named_by_what_they_are(cat):
    r = LogRenderer(cat)
    started = EVENT_TYPES["CombatStarted"](7, "H08", "ice_waste", "duerkhar", "player", None, "empire", "garrisons", None)
    r(started)
    assert r(CombatTally(7, "empire", 2, 1)) == "Garrisons take 2 hits, 1 blocked by Shields"
    assert r(CombatTally(7, "duerkhar", 1, 0)) == "Duerkhar takes 1 hit"  # a faction is one side: takes
    assert r(EVENT_TYPES["CombatEnded"](7, "H08", None)) == "Combat on H08 ends: nobody holds the field"
    r(EVENT_TYPES["CombatStarted"](8, "H09", "ice_waste", "duerkhar", "player", None, "chaos", "skeletons", None))
    changed = EVENT_TYPES["CombatSideChanged"](8, "chaos", "horde", "bloodwyrm")
    assert r(changed) == "Skeletons fight on as The Bloodwyrm"  # a Horde formed mid-combat (ruling 17)
    assert r(CombatTally(8, "chaos", 1, 0)) == "The Bloodwyrm takes 1 hit"


def test_sources_in_words(cat):
    assert source_text(SourceRef("quest", "cleanse_the_barrow", "fail"), cat) == "Quest: Cleanse the Barrow (fail)"
    assert source_text(SourceRef("rule", "legion_activation", "step 2"), cat) == "Legion activation, step 2"
    assert source_text(SourceRef("godpower", "assassin"), cat) == "Godpower of The Assassin"
    assert source_text(SourceRef("terrain", "woods"), cat) == "Woods"
    line = render(VPChanged("chaos", 1, 3, "skeleton_not_placed", source=SourceRef("quest", "plague_pits")), cat)
    assert line == "Chaos +1 VP → 3 (a Skeleton could not be placed) [Quest: The Plague Pits]"
    quiet = render(VPChanged("chaos", 1, 3, "scoring", source=SourceRef("rule", "scoring_phase")), cat)
    assert quiet == "Chaos +1 VP → 3 (Scoring)"


def test_every_note_code_has_words(cat):
    for code, template in NOTES.items():
        n = template.count("{")
        line = render(Note(code, tuple(["duerkhar"] * n)), cat)
        assert line and "{" not in line
    assert set(RULES)  # rule ids the engine pushes are worded


def test_docs_list_every_event_type():
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[1] / "docs" / "engine.md").read_text(encoding="utf-8")
    missing = [name for name in EVENT_TYPES if name != "GameEvent" and f"`{name}`" not in doc]
    assert not missing, f"docs/engine.md has no line for {missing}"
