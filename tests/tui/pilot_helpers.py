"""Driving the client in tests the way a person does: by key presses."""
from __future__ import annotations

from uprising_tui.tui.screens.confirm import ConfirmScreen
from uprising_tui.tui.screens.game import GameScreen
from uprising_tui.tui.screens.pass_device import PassDeviceScreen


def game_screen(app) -> GameScreen | None:
    for s in reversed(app.screen_stack):
        if isinstance(s, GameScreen):
            return s
    return None


def ready(app) -> bool:
    """Nothing is moving: a person must act (or the game is over)."""
    scr = app.screen
    if isinstance(scr, (ConfirmScreen, PassDeviceScreen)):
        return True
    g = game_screen(app)
    if g is None or not g.is_mounted or not g.query("DecisionBar"):
        return False
    if g.driving:
        return False
    return g.bar.interactive or g.ctl.finished


async def settle(pilot, limit: int = 3000) -> None:
    """Wait until the client waits for a person (or the game is over). The first tries yield
    only; later ones sleep a little, so a busy machine (the opener and bots run in threads)
    gets up to a minute before this gives up: a guard against a hang, not a timing check."""
    for i in range(limit):
        await pilot.pause(None if i < 200 else 0.02)
        if ready(pilot.app):
            return
    raise AssertionError("the client did not settle")


def keys_for(bar, option_id: str) -> list[str]:
    """The key presses that pick `option_id` in the decision bar as it stands."""
    return bar.keys_for(option_id)


async def play_by_keys(pilot, until, choose=None, limit: int = 3000) -> int:
    """Answer by key presses until `until(game_screen)` holds. `choose(ctl)` names the option to
    take (default: what the heuristic bot would); the keys are found on the bar. Returns the
    number of answers given."""
    app = pilot.app
    answers = 0
    for _ in range(limit):
        await settle(pilot)
        scr = app.screen
        if isinstance(scr, (ConfirmScreen, PassDeviceScreen)):
            await pilot.press("enter")
            continue
        g = game_screen(app)
        if until(g):
            return answers
        if g.ctl.finished:
            raise AssertionError("the game ended first")
        want = choose(g.ctl) if choose else g.ctl.suggest()
        await pilot.press(*keys_for(g.bar, want))
        answers += 1
    raise AssertionError("gave up")


def shown(widget) -> str:
    """The text a widget draws, line by line (what a person sees in that pane)."""
    from textual.geometry import Region
    w, h = widget.outer_size.width, widget.outer_size.height
    return "\n".join(strip.text for strip in widget.render_lines(Region(0, 0, w, h)))


async def until(pilot, condition, limit: int = 500) -> bool:
    """Let the app process its messages until `condition()` holds (True), or give up after a
    while (False; the caller's assertion then says what is wrong). A busy machine may need
    more than one pause for a chain of messages (highlight -> pane update) to run."""
    for i in range(limit):
        if condition():
            return True
        await pilot.pause(None if i < 50 else 0.02)
    return condition()


def screen_lines(app) -> list[str]:
    """The screen on show as text, one string a line (what the terminal shows, every layer)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def drawn(app, widget) -> list[str]:
    """The lines of the screen that fall in `widget`'s region (its children and overlays included)."""
    r = widget.region
    return [line[r.x:r.right] for line in screen_lines(app)[r.y:r.bottom]]
