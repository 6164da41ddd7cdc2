"""The one bridge between the engine and the screens.

The controller owns the `Game`. It answers decisions (for people through the screens, for bot
seats through their bot), keeps the public view up to date from the events, autosaves after
every answer, and tells its subscribers what changed as an `Update`: the new events, the view
after them and the decision now pending. The screens read only those (the public view and the
events), never the game's raw state. It knows nothing of Textual: the game screen paces the
bots and relays updates through a Textual Signal.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, NamedTuple

from ..engine import Decision, Game, GameEvent, IllegalChoice, SaveError, Setup
from ..engine.face.decision import Option
from ..engine.savefile import read_save
from ..files import printable
from . import adapters
from .adapters import ViewKeeper
from .naming import name, phase_name

if TYPE_CHECKING:
    from ..content.loader import Catalog
    from ..engine.face.view import PublicView
    from .saves import SaveStore

BOT_LABELS = {"heuristic": "Heuristic bot", "random": "Random bot", "strong": "Strong bot"}


class Seat(NamedTuple):
    """Who plays a faction: a person (by name) or a bot."""
    faction: str
    name: str
    bot: str | None = None  # a bot registry name; None for a person
    colour: str = ""

    @property
    def is_bot(self) -> bool:
        return self.bot is not None

    def to_dict(self) -> dict[str, Any]:
        return {"faction": self.faction, "name": self.name, "bot": self.bot, "colour": self.colour}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Seat":
        bot = d.get("bot")  # text from a file enters the client here: escaped before it is ever drawn
        return cls(str(d["faction"]), printable(str(d.get("name") or d["faction"])), str(bot) if bot else None,
                   str(d.get("colour") or ""))


class Update(NamedTuple):
    """What changed: the events since the last update (all of them when `reset`), the public
    view after them and the pending decision (None when the game is over)."""
    events: tuple[GameEvent, ...]
    view: "PublicView"
    decision: Decision | None
    reset: bool = False
    actor: Seat | None = None  # who must answer `decision`
    by: Seat | None = None  # who gave the answer that led here


class UndoPlan(NamedTuple):
    """What an undo would take back, for the confirmation."""
    keep: int  # answers kept
    count: int  # answers taken back
    rolled: bool  # dice were rolled since
    revealed: bool  # something hidden was shown since
    label: str


class GameController:
    def __init__(self, game: Game, seats: Iterable[Seat], store: "SaveStore | None" = None, *,
                 autosave: bool = True):
        self.game = game
        self.seats: tuple[Seat, ...] = tuple(seats)
        if [s.faction for s in self.seats] != list(game.setup.factions):
            raise ValueError("give one seat per faction, in the setup's order")
        self.store = store
        self.autosave_enabled = autosave and store is not None
        self.listeners: list[Callable[[Update], None]] = []
        self._bots: dict[str, Any] = {}
        self._attach(game)
        # each answer's option as the bar showed it (answer index -> label), for the undo question;
        # an answer from before a load is looked up when a question needs it (`label_of`)
        self.labels: dict[int, str] = {}
        self.last_by: Seat | None = None
        self.save_error: str | None = None
        self.save_later = False  # answers mark the autosave due; `flush_save` writes it (the game screen: after the frame)
        self.pacing: str | None = None  # the pacing this game is played at, kept in its saves (None: not chosen)
        self._unsaved = False

    # ------------------------------------------------------------ making one
    @classmethod
    def new(cls, setup: Setup, seats: Iterable[Seat], store: "SaveStore | None" = None,
            catalog: "Catalog | None" = None, **kw) -> "GameController":
        ctl = cls(Game(setup, catalog).start(), seats, store, **kw)
        ctl.autosave()
        return ctl

    @classmethod
    def load(cls, source: str | Path | dict, store: "SaveStore | None" = None,
             catalog: "Catalog | None" = None, *, copy: bool = False, **kw) -> "GameController":
        """Load a save file (or its parsed dict). SaveError says plainly what is wrong (the seats
        checked too: saves.seats_from); GameInUse when another window plays that autosave, which
        `copy` opens in an autosave slot of its own (saves.SaveStore.claim). The pacing saved with
        the game comes back with it."""
        from .saves import seats_from
        if store is not None and kw.get("autosave", True):
            store.claim(source, copy=copy)
        try:
            game = Game.load(source, catalog)
            data = source if isinstance(source, dict) else read_save(source)
            found = seats_from(data, game.setup.factions, "save" if isinstance(source, dict) else str(source))
        except BaseException:
            if store is not None and kw.get("autosave", True):
                store.release()
            raise
        seats = [Seat.from_dict(s) for s in found] or default_seats(game.setup.factions)
        ctl = cls(game, seats, store, **kw)
        client = data.get("client") if isinstance(data, dict) else None
        if isinstance(client, dict):
            from .pacing import MODES
            if client.get("pacing") in MODES:
                ctl.pacing = client["pacing"]
        return ctl

    def _attach(self, game: Game) -> None:
        self.game = game
        self.keeper = ViewKeeper(game)
        self.events: list[GameEvent] = list(game.log)
        self._fresh: list[GameEvent] = []
        game.subscribe(self._on_event)

    def _on_event(self, event: GameEvent) -> None:
        self._fresh.append(event)

    # ------------------------------------------------------------ reading
    @property
    def cat(self) -> "Catalog":
        return self.game.cat

    @property
    def setup(self) -> Setup:
        return self.game.setup

    @property
    def decision(self) -> Decision | None:
        return self.game.decision

    @property
    def finished(self) -> bool:
        return self.game.finished

    @property
    def answers(self) -> int:
        return len(self.game.answers)

    @property
    def view(self) -> "PublicView":
        return self.keeper.view()

    def seat(self, faction: str | None) -> Seat | None:
        for s in self.seats:
            if s.faction == faction:
                return s
        return None

    def actor_seat(self) -> Seat | None:
        d = self.decision
        return self.seat(d.actor) if d is not None else None

    def is_bot_turn(self) -> bool:
        s = self.actor_seat()
        return s is not None and s.is_bot

    @property
    def people(self) -> list[str]:
        """The distinct names of the people at the table."""
        out: list[str] = []
        for s in self.seats:
            if not s.is_bot and s.name not in out:
                out.append(s.name)
        return out

    def colour(self, faction: str) -> str:
        s = self.seat(faction)
        return s.colour if s is not None and s.colour else ""

    def snapshot(self, reset: bool = True) -> Update:
        """The whole game as an update (after a start, a load or an undo)."""
        return Update(tuple(self.events), self.view, self.decision, reset, self.actor_seat(), self.last_by)

    # ------------------------------------------------------------ options
    def grouped_options(self, decision: Decision | None = None) -> list[tuple[str, list[Option]]]:
        """The options by group, as the screen shows them (adapters.shown_option: Cursed hexes say so)."""
        d = decision or self.decision
        if d is None:
            return []
        view, cat = self.view, self.cat
        return adapters.grouped(adapters.shown_option(o, view, cat) for o in d.options)

    def cost_text(self, option: Option) -> str:
        return adapters.option_cost_text(option, self.cat)

    def odds(self, option_id: str):
        """Exact odds of the fight the pending decision's option would start (or None)."""
        if self.decision is None:
            return None
        return adapters.fight_odds(self.game, option_id)

    # ------------------------------------------------------------ acting
    def subscribe(self, fn: Callable[[Update], None]) -> None:
        self.listeners.append(fn)

    def publish(self, update: Update) -> Update:
        for fn in list(self.listeners):
            fn(update)
        return update

    def answer(self, option_id: str, by: Seat | None = None) -> Update:
        """Answer the pending decision. IllegalChoice (nothing changed) for a bad answer;
        EngineError (the game restored to before it) if the rules fail."""
        d = self.decision
        if d is None:
            from ..engine import GameFinished
            raise GameFinished("the game is over: there is no decision to answer")
        d.get(option_id)  # IllegalChoice before anything moves
        label = adapters.shown_option(d.get(option_id), self.view, self.cat).label  # (the view it was chosen in)
        self._fresh = []
        try:
            self.game.answer(option_id)
        except Exception:
            # the engine restored itself (EngineError) or raised before changing anything
            self._resync()
            raise
        self.labels[len(self.game.answers) - 1] = label
        fresh = tuple(self._fresh)
        self._fresh = []
        for ev in fresh:
            self.keeper.apply(ev)
        self.events.extend(fresh)
        self.last_by = by if by is not None else self.seat(d.actor)
        if self.save_later:
            self._unsaved = True
        else:
            self.autosave()
        return self.publish(Update(fresh, self.view, self.decision, False, self.actor_seat(), self.last_by))

    def bot_for(self, seat: Seat):
        from ..bots import get_bot
        bot = self._bots.get(seat.bot)
        if bot is None:
            bot = self._bots[seat.bot] = get_bot(seat.bot, self.setup.seed)
        return bot

    def bot_choice(self) -> str:
        seat = self.actor_seat()
        if seat is None or not seat.is_bot:
            raise IllegalChoice("it is not a bot's decision")
        return self.bot_for(seat).choose(self.game, self.decision)

    def bot_step(self) -> Update:
        """Let the bot seated at the pending decision answer it."""
        return self.answer(self.bot_choice(), self.actor_seat())

    def suggest(self, bot: str = "heuristic") -> str:
        """What a bot would answer to the pending decision (for fast-forward and hints)."""
        from ..bots import get_bot
        b = self._bots.get(("hint", bot))
        if b is None:
            b = self._bots[("hint", bot)] = get_bot(bot, self.setup.seed)
        return b.choose(self.game, self.decision)

    def _resync(self) -> Update:
        """After the engine restored itself (a failed answer) or went back (an undo): the view, the
        events and the labels again from the game as it stands."""
        self._fresh = []
        self.keeper = ViewKeeper(self.game)
        self.events = list(self.game.log)
        self.labels = {i: label for i, label in self.labels.items() if i < len(self.game.answers)}
        return self.publish(self.snapshot())

    def ask_advice(self, advisor, budget=None) -> int:
        """Ask the advisor's worker (bots/strong/worker.AdvisorProcess) about the pending decision:
        it is handed the game's public history (its setup and answers, as a save holds them).
        Returns the question's number at once."""
        from ..bots.strong.advisor import HINT_BUDGET
        return advisor.ask(self.game, budget or HINT_BUDGET)

    def ask_review(self, advisor, budget, samples: int = 4) -> int:
        """Ask the advisor's worker for the review of this game (its setup and answers, as for advice)."""
        return advisor.review(self.game, budget, samples)

    # ------------------------------------------------------------ undo
    def undo_plan(self, to_person: bool = True) -> UndoPlan:
        """What undo would take back: to before the last answer a person gave (or the very last
        answer). IllegalChoice when there is nothing to take back."""
        hist = self.game.history()
        if not hist:
            raise IllegalChoice("there is nothing to undo")
        keep = len(hist) - 1
        if to_person:
            people = {s.faction for s in self.seats if not s.is_bot}
            for h in reversed(hist):
                if h.actor in people:
                    keep = h.index
                    break
            else:
                raise IllegalChoice("no person has answered yet: there is nothing to undo")
        return self.plan_to(keep, hist)

    def plan_to(self, keep: int, hist=None) -> UndoPlan:
        """What going back to just after the first `keep` answers would take back (the engine's
        history says whether dice were rolled or anything hidden shown since)."""
        hist = hist if hist is not None else self.game.history()
        if isinstance(keep, bool) or not isinstance(keep, int) or not 0 <= keep < len(hist):
            raise IllegalChoice(f"no answer {keep} to go back to: give 0 to {len(hist) - 1}")
        undone = hist[keep:]
        first = undone[0]
        who = self.seat(first.actor)
        label = f"{who.name if who else first.actor}: {self.label_of(keep)}"
        return UndoPlan(keep, len(undone), any(h.rolled for h in undone), any(h.revealed for h in undone), label)

    def label_of(self, index: int) -> str:
        """The option answer `index` chose, as the decision bar showed it. An answer given before the
        game was loaded is looked up once, in a copy of the game replayed to just before it."""
        label = self.labels.get(index)
        if label is None:
            before = Game.replay(self.setup, self.game.answers[:index], self.cat)
            option = before.decision.get(self.game.answers[index])
            label = self.labels[index] = adapters.shown_option(option, ViewKeeper(before).view(), self.cat).label
        return label

    def checkpoints(self) -> list[tuple[int, str]]:
        """Where undo can go back to, oldest first: (answers kept, label) at each phase start and
        each Actions turn start, from the engine's checkpoints.
        Several at one answer (a phase that asked nothing, then the next phase's start) make one
        entry that names them all: going back to either is going back to the same point."""
        out: list[tuple[int, str]] = []
        chapter = None
        for c in self.game.checkpoints():
            if c.index >= len(self.game.answers):
                continue
            label = (f"{name(self.cat, c.faction)}'s turn" if c.faction else f"{phase_name(c.phase)} Phase")
            if c.chapter != chapter:
                label, chapter = f"Chapter {c.chapter}: {label}", c.chapter
            if out and out[-1][0] == c.index:
                out[-1] = (c.index, f"{out[-1][1]} · {label}")
            else:
                out.append((c.index, label if label.startswith("Chapter") else f"Chapter {c.chapter}: {label}"))
        return out

    def undo(self, plan: UndoPlan | None = None) -> Update:
        """Take back the answers `plan` names (the engine's `undo_to`; its `Rewound` tells the
        game's subscribers), then show the game as it now stands."""
        plan = plan or self.undo_plan()
        self.game.undo_to(plan.keep)
        # the bots start afresh: they know a game by its object and its log's length, and an undo
        # in place keeps the one and can give the other back (what they kept is not of this game)
        self._bots.clear()
        self.last_by = None
        self.autosave()
        return self._resync()

    # ------------------------------------------------------------ saving
    def save_data(self) -> dict[str, Any]:
        data = self.game.save()
        data["client"] = {"seats": [s.to_dict() for s in self.seats]}
        if self.pacing:
            data["client"]["pacing"] = self.pacing
        return data

    def flush_save(self) -> bool:
        """Write the autosave an answer made due under `save_later`. Returns whether it wrote."""
        if not self._unsaved:
            return False
        self.autosave()
        return True

    def autosave(self) -> None:
        self._unsaved = False
        if not self.autosave_enabled:
            return
        try:
            self.store.autosave(self.save_data())
            self.save_error = None
        except OSError as exc:  # a full disk must not stop the game; the screen shows it
            self.save_error = f"autosave failed: {exc.strerror or exc}"

    def save_as(self, name: str) -> Path:
        if self.store is None:
            raise ValueError("this game has no saves folder")
        return self.store.save_as(name, self.save_data())


def default_seats(factions: Iterable[str], bots: Iterable[str] = (), bot: str = "heuristic",
                  names: dict[str, str] | None = None) -> list[Seat]:
    """Seats for factions: a person each (named after the faction unless `names` says), except
    the factions in `bots`, which the `bot` plays."""
    from .theme import FACTION_COLOURS
    bots = set(bots)
    names = names or {}
    seats = []
    for f in factions:
        if f in bots:
            seats.append(Seat(f, f"{BOT_LABELS.get(bot, bot)}", bot, FACTION_COLOURS.get(f, "")))
        else:
            seats.append(Seat(f, names.get(f) or f.capitalize(), None, FACTION_COLOURS.get(f, "")))
    return seats


__all__ = ["GameController", "Seat", "Update", "UndoPlan", "default_seats", "SaveError"]
