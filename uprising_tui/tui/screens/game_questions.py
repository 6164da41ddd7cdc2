"""What the game screen asks before it acts: before an irreversible answer (ending a turn with AP
left, a loss dearer than the cheapest), before an undo (what it takes back, and whether dice
were rolled or anything hidden shown since), before leaving; and the Save as and Undo to dialogs.
Plain functions of the screen (screens/game.py binds the keys)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import IllegalChoice
from ..naming import name
from .confirm import ConfirmScreen
from .game_playback import LOSS_KINDS

if TYPE_CHECKING:
    from textual.screen import Screen as GameScreen  # (the game screen, screens/game.py: not imported, no loop)


def confirmation(screen: "GameScreen", d, opt) -> str | None:
    """The question to ask before an irreversible step, or None."""
    if d.kind == "turn" and opt.id == "end":
        p = screen.view.player(d.actor)
        if p.ap > 0:
            return f"End your turn with {p.ap} AP left? You keep them for your next turn this Chapter."
    if d.kind in LOSS_KINDS and screen.confirm_losses and opt.group == "unit":
        return loss_question(screen, d, opt)
    return None


def loss_question(screen: "GameScreen", d, opt) -> str | None:
    """Asked only where a person could regret it: a loss dearer than the one the bot would take
    (the cheapest Unit falls first). The cheapest loss is taken at once."""
    try:
        cheapest = d.get(screen.ctl.suggest())
    except IllegalChoice:
        return None
    if cheapest.id == opt.id or cheapest.group != "unit":
        return None
    return (f"Lose {one_of(screen, opt)}? {one_of(screen, cheapest, 'Losing ')} would cost less. "
            "(x lets the bot choose; turn these questions off in the command palette)")


def one_of(screen: "GameScreen", opt, lead: str = "") -> str:
    """'1 of your 2 Swordsisters' (or 'your last Oathsworn') for a loss option."""
    unit = next((r.id for r in opt.refs or () if r.kind == "unit"), None)
    where = opt.hex or next((r.id for r in opt.refs or () if r.kind == "hex"), None)
    h = screen.view.hexes.get(where) if where else None
    here = dict(h.units).get(unit, 0) if h is not None else 0
    if unit is None or not here:
        return lead + opt.label
    what = name(screen.ctl.cat, unit)
    return f"{lead}{'your last ' + what if here == 1 else f'1 of your {here} {what}'}"


def bot_thinking(screen: "GameScreen") -> bool:
    """A searching bot is choosing from the game as it stands: undo waits until it has answered."""
    if screen.playback.thinking:
        screen.notify("A bot is thinking; undo once it has answered.", severity="warning")
        return True
    return False


def undo(screen: "GameScreen") -> None:
    if bot_thinking(screen):
        return
    try:
        plan = screen.ctl.undo_plan()
    except IllegalChoice as exc:
        screen.notify(str(exc), severity="warning")
        return
    confirm_undo(screen, plan)


def undo_to(screen: "GameScreen") -> None:
    """Pick a phase start or a turn to go back to."""
    from .undo_to import UndoToScreen
    if bot_thinking(screen):
        return
    cps = screen.ctl.checkpoints()
    if not cps:
        screen.notify("There is nothing to go back to yet.", severity="warning")
        return

    def picked(keep: int | None) -> None:
        if keep is not None:
            confirm_undo(screen, screen.ctl.plan_to(keep))
    screen.app.push_screen(UndoToScreen(cps, screen.ctl.answers), picked)


def confirm_undo(screen: "GameScreen", plan) -> None:
    warn = []
    if plan.rolled:
        warn.append("dice were rolled since then")
    if plan.revealed:
        warn.append("hidden things were revealed since then (tiles, cards)")
    q = f"Take back {plan.count} answer(s), back to {plan.label}?"
    if warn:
        q += "\nCareful: " + " and ".join(warn) + "."

    def done(yes: bool | None) -> None:
        if yes and not bot_thinking(screen):
            screen.auto_losses = None
            screen.playback.forget_person()
            screen.ctl.undo(plan)
            screen.notify(f"Took back {plan.count} answer(s).")
    screen.app.push_screen(ConfirmScreen(q, yes="Undo", no="Keep playing"), done)


def save_as(screen: "GameScreen") -> None:
    from .save_as import SaveAsScreen

    def done(save_name: str | None) -> None:
        if save_name:
            try:
                path = screen.ctl.save_as(save_name)
            except (OSError, ValueError) as exc:
                screen.notify(f"Could not save: {exc}", severity="error")
                return
            screen.notify(f"Saved as {path}")
    screen.app.push_screen(SaveAsScreen(f"game-{screen.ctl.setup.seed}"), done)


def leave(screen: "GameScreen") -> None:
    def done(yes: bool | None) -> None:
        if yes:
            screen.app.to_title()
    screen.app.push_screen(ConfirmScreen("Leave to the title screen? The game is saved (Continue resumes it).",
                                         yes="Leave", no="Stay"), done)
