"""Every screen a key opens from the game, opened at a position of every Decision kind the engine
has, so that no screen can break for one kind unseen.

The kinds are the engine's: the heuristic bot answers every kind (bots/heuristic.py HANDLERS), and
the test fails if one has no position. Positions come from tests/tui/decision_positions.py (the
first time seeded bot games ask each kind, or a scenario built for the rare ones), the same
positions the nothing-cut-off test reads, so a change of content moves them both.

| key      | what it opens                               | closed by |
|----------|---------------------------------------------|-----------|
| k        | the card reader (CardsScreen)               | Esc       |
| U        | undo to a phase or turn (UndoToScreen)      | Esc       |
| ?        | the help (HelpScreen)                       | Esc       |
| s        | save as (SaveAsScreen)                      | Esc       |
| ctrl+p   | the command palette                         | Esc       |
| u        | undo's question (ConfirmScreen)             | n         |
| q        | leaving's question (ConfirmScreen)          | n         |
| b c n    | the board, fight and Nemesis panes          | the key   |
| l        | the log                                     | l         |
| m        | map mode                                    | Esc       |

After each: no exception, the game screen back on top, and the decision bar asking the same
Decision with the same options. Positions alternate between 120x40 and 80x24."""
from __future__ import annotations

import pytest
from textual.command import CommandPalette

from uprising_tui.bots.heuristic import HANDLERS
from uprising_tui.engine import Game
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import GameController, Seat
from uprising_tui.tui.saves import SaveStore
from uprising_tui.tui.screens.cards import CardsScreen
from uprising_tui.tui.screens.confirm import ConfirmScreen
from uprising_tui.tui.screens.game import GameScreen
from uprising_tui.tui.screens.help import HelpScreen
from uprising_tui.tui.screens.save_as import SaveAsScreen
from uprising_tui.tui.screens.undo_to import UndoToScreen

from .decision_positions import KINDS as KINDS_BY_SOURCE, PLAYED, positions
from .pilot_helpers import game_screen, settle, until

MODAL_KEYS = [("k", CardsScreen, "escape"), ("U", UndoToScreen, "escape"), ("question_mark", HelpScreen, "escape"),
              ("s", SaveAsScreen, "escape"), ("ctrl+p", CommandPalette, "escape"), ("u", ConfirmScreen, "n"),
              ("q", ConfirmScreen, "n")]
PANE_KEYS = ["b", "c", "n", "l"]


KINDS = sorted(KINDS_BY_SOURCE)


def test_every_kind_the_engine_has_has_a_position():
    assert set(HANDLERS) == set(KINDS), "give the new kind a position in tests/tui/decision_positions.py"


def position(kind: str) -> Game:
    g = positions()[kind]()
    assert g.decision is not None and g.decision.kind == kind, f"{kind}: the position no longer reaches it"
    return g


def seats_for(g: Game) -> list[Seat]:
    """The actor a person, everyone else a bot: nothing moves while the screens are opened."""
    return [Seat(f, "You", None) if f == g.decision.actor else Seat(f, "Bot", "heuristic") for f in g.setup.factions]


def same_decision(g: GameScreen, d) -> bool:
    bar = g.bar
    return (bar.interactive and bar.decision is d and g.ctl.decision is d
            and {o.id for _g, opts in bar.groups for o in opts} == {o.id for o in d.options})


@pytest.mark.asyncio
@pytest.mark.parametrize("kind", KINDS)
async def test_every_screen_opens_at(kind, tmp_path):
    game = position(kind)
    ctl = GameController(game, seats_for(game), SaveStore(tmp_path), autosave=KINDS_BY_SOURCE[kind] == PLAYED)
    d = game.decision
    app = make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)
    size = (120, 40) if KINDS.index(kind) % 2 == 0 else (80, 24)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        g = game_screen(app)
        assert same_decision(g, d)
        for key, screen, close in MODAL_KEYS:
            told = len(app._notifications)
            await pilot.press(key)
            # a screen opens, or a toast says why not (nothing to undo yet)
            assert await until(pilot, lambda: isinstance(app.screen, screen) or len(app._notifications) > told), (kind, key)
            if isinstance(app.screen, screen):
                await pilot.press(close)
            assert await until(pilot, lambda: app.screen is g), (kind, key)
            assert app._exception is None and same_decision(g, d), (kind, key)
        for key in PANE_KEYS:
            await pilot.press(key)
            await pilot.pause()
            await pilot.press(key)
            await pilot.pause()
            assert app._exception is None and same_decision(g, d), (kind, key)
        await pilot.press("m")
        assert await until(pilot, lambda: g.map.has_focus), kind
        await pilot.press("escape")
        assert await until(pilot, lambda: not g.map.has_focus and same_decision(g, d)), kind
