"""The client monkey's view of the app: whether it is at rest (nothing moving on its own) and
the checks made after every key (the decision bar shows the pending Decision or says why not, the
player board shows the table as it stands). The runs themselves are in monkey.py."""
from __future__ import annotations

from uprising_tui.tui.screens.game import GameScreen
from uprising_tui.tui.screens.pass_device import PassDeviceScreen

SETTLE_LIMIT = 4000


class BoardLag(AssertionError):
    """The board's check failed: it may be a frame behind (the side strip laid out or drawn in the
    next frame, on a loaded machine); the run checks again after a few frames (monkey.py)."""


class MonkeyFailure(AssertionError):
    pass


# ------------------------------------------------------------------ at rest, and the checks
def _game(app) -> GameScreen | None:
    for s in reversed(app.screen_stack):
        if isinstance(s, GameScreen):
            return s
    return None


def _review(app):
    from uprising_tui.tui.screens.review import ReviewScreen
    return next((s for s in reversed(app.screen_stack) if isinstance(s, ReviewScreen)), None)


def at_rest(app) -> bool:
    """Nothing is moving on its own: a person is asked, a step waits for Space, a screen waits for
    a key, or the game is over (the game review: its answer on show; its figures come when they
    come)."""
    if any(w.is_running for w in app.workers if w.group == "open"):  # a game being opened
        return False
    rv = _review(app)
    if rv is not None and (rv._moving or (rv.frame is None and len(rv.cursor))):
        return False
    g = _game(app)
    if g is None:
        return True  # the title, setup or load screens: they wait for keys
    if not g.is_mounted or not g.query("DecisionBar") or not g.bar.is_mounted:
        return False  # the game screen is still being put together
    if g.driving and not g.pacer.waiting:
        # bots or the Nemesis playing on (behind a screen opened on top, too): wait for them, unless
        # the driver itself waits for the person (the hot-seat hand-over)
        return any(isinstance(s, PassDeviceScreen) for s in app.screen_stack)  # (a palette may be over it)
    return True


async def rest(pilot) -> None:
    for i in range(SETTLE_LIMIT):
        if at_rest(pilot.app) or pilot.app._exit:
            return
        await pilot.pause(None if i < 200 else 0.01)
    raise MonkeyFailure("the client did not come to rest (a hang, or a loop that never waits for a person)")


def state_of(g: GameScreen) -> str:
    """The game screen's state in a line, for a failure's message."""
    d, bar = g.ctl.decision, g.bar
    return (f"[decision {d.kind + ' for ' + d.actor if d else 'none'}; bar interactive={bar.interactive} "
            f"title={bar.border_title!r} says={bar.wait_text[:60]!r}; driving={g.driving} "
            f"pacer={g.pacer.mode}{' waiting' if g.pacer.waiting else ''}{' skipping' if g.pacer.skipping else ''}; "
            f"queue={len(g.playback.queue)}; screens={[type(s).__name__ for s in g.app.screen_stack]}]")


def check(app) -> None:
    """The decision bar shows the pending decision or says why not (the app at rest)."""
    g = _game(app)
    try:
        _check(app)
    except BoardLag as exc:
        raise BoardLag(f"{exc} {state_of(g)}") from None
    except MonkeyFailure as exc:
        raise MonkeyFailure(f"{exc} {state_of(g) if g is not None else ''}") from None


def _check_review(app, rv) -> None:
    """The game review: the bar shows the decision the answer on show answered, that answer marked
    and under the cursor, and the game's own panes under it are not moved (they follow the game)."""
    f, bar = rv.frame, rv.bar
    if f is not None and app.screen is rv:
        if bar.decision is not f.decision or bar.chosen != f.chosen:
            raise MonkeyFailure(f"the review's bar shows another decision than answer {f.index + 1}'s")
        if {o.id for _g, opts in bar.groups for o in opts} != {o.id for o in f.decision.options}:
            raise MonkeyFailure(f"the review's bar lists other options than answer {f.index + 1}'s decision")
    g = _game(app)
    if g is not None and g.view != g.ctl.view:
        raise MonkeyFailure("the game's panes moved with the review")


def _check(app) -> None:
    rv = _review(app)
    if rv is not None:
        _check_review(app, rv)
        return
    g = _game(app)
    if g is None or not g.is_mounted or not g.query("DecisionBar"):
        return
    if app.screen is not g:
        return  # a hand-over, a question or a reader on top: the bar is under it
    bar, ctl = g.bar, g.ctl
    if g.driving:  # a step on show or a bot thinking: the bar says so
        if bar.interactive:
            raise MonkeyFailure("the decision bar offers options while the game plays on")
        if not bar.wait_text.strip():
            raise MonkeyFailure("the game plays on and the decision bar does not say what happens")
        return
    d = ctl.decision
    if d is None:
        if bar.interactive or not bar.wait_text.strip():
            raise MonkeyFailure("the game is over and the decision bar does not say so")
        return
    if ctl.is_bot_turn():
        return
    if not bar.interactive:
        raise MonkeyFailure(f"a person must answer {d.kind} and the decision bar does not ask"
                            f" (it says: {bar.wait_text[:80]!r})")
    if bar.decision is not d:
        raise MonkeyFailure(f"the decision bar shows another decision than the pending one ({d.kind})")
    if not bar.groups:
        raise MonkeyFailure(f"the decision bar shows no option for {d.kind}")
    if not bar.visible_labels() and not (bar.current_group == "market" and _rows_shown(bar)):
        # (a Market group with nothing to buy lists the Items on offer, greyed, with the reason: table)
        raise MonkeyFailure(f"the decision bar shows no option for {d.kind} in its {bar.current_group!r} group")
    ids = {o.id for _g, opts in bar.groups for o in opts}
    if ids != {o.id for o in d.options}:
        raise MonkeyFailure(f"the decision bar lists other options than {d.kind} has")
    _board_is_current(app, g)


def _rows_shown(bar) -> int:
    from textual.widgets import OptionList
    return bar.query_one(OptionList).option_count


def _board_is_current(app, g: GameScreen) -> None:
    """The player board, when on screen, shows the table as it stands (not what it showed before)."""
    from uprising_tui.tui.widgets.player_board import TABLE_PAGE, PlayerBoard
    app.screen._on_timer_update()  # the screen's layout and paint brought up to date, as Pilot.pause does
    board = g.query_one(PlayerBoard)
    side = g.query_one("#side")
    if side.current != "board" or not board.region.area or board.page in (None, TABLE_PAGE):
        return
    if not all(a.display for a in board.ancestors if hasattr(a, "display")):
        return
    p = g.ctl.view.player(board.page)
    r = g.query_one("#board-body").region
    lines = [s.text[r.x:r.right] for s in app.screen._compositor.render_strips()[r.y:r.bottom]]
    top = " ".join(" ".join(lines[:4]).split())  # the page's head (its resources line may wrap)
    want = [f"Salt {p.salt}", f"Plunder {p.plunder}", f"Food {p.food}", f"AP {p.ap}"]
    if g.query_one("#board-body").scroll_y == 0 and not all(w in top for w in want):
        raise BoardLag(f"the board shows another page or old figures (want {want}, shows {top[:90]!r})")


# ------------------------------------------------------------------ choosing a key
