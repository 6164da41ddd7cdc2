"""The decision bar: the pending prompt, where it comes from, and its options grouped (Move,
Command, Explore, ...) with their costs. Number keys pick a group (or, with one group, an
option), arrows move, Enter confirms, Esc backs out where the engine offers a way back.

Messages up: `Highlighted` (the option under the cursor, for the map and the odds),
`GroupShown` (the hexes of the group on show, for the map to light up), `Chosen` (Enter)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual.actions import SkipAction
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option as ListOption

from ..adapters import DISPLAY_ORDER, GROUP_LABELS, source_words
from ..naming import name
from .contrast import Readable
from .decision_lines import colour_costs, dice_choice_text, force_text, market_rows, needs_whole, option_line
from .decision_options import DecisionOptions
from .steady import height_follows_text, set_content, set_title
from .text_lines import TextLines
from .game_feed import game_signal

if TYPE_CHECKING:
    from ...engine.face.decision import Decision, Option
    from ..controller import Seat

KIND_LABELS = {
    "turn": "Actions Phase", "build": "Build Phase", "pay": "paying a cost", "command_units": "Command",
    "keep_feat": "Build Phase: a new Feat", "gain_feat": "gaining a Feat", "discard_feat": "discarding a Feat",
    "card_limit": "the 10-card limit", "gain_attribute": "an attribute Feat", "gain_choice": "a resource pick",
    "choose_quest": "Quest", "guile_dice": "Quest: Hero Dice", "die_colour": "Quest: bonus die",
    "quest_card": "Quest", "quest_failure": "Quest failure", "orient": "Explore", "combat_card": "Combat",
    "bolt": "Combat: a Bolt", "assign_damage": "Combat: losses", "destroy_choice": "Combat: losses",
    "highlands_die": "Combat: Highlands", "reroll": "Combat: reroll", "set_die": "Combat: a die",
    "enemy_penalty": "Combat: Godpower", "trade_consent": "Trade", "buy_vp": "Scoring Phase",
    "nemesis_tie": "Nemesis: a tie", "nemesis_move": "Nemesis: a tie", "target_haven": "a Legion's Target",
    "retarget": "a Legion retargets", "target_faction": "a Legion's Target", "activation_token": "an Activation Token",
    "place_garrison": "placing a Garrison", "place_skeleton": "placing a Skeleton", "place_horde": "placing a Horde",
    "place_curse": "placing a Curse", "place_unit_hex": "placing a Unit", "no_haven_hex": "no Haven left",
    "remove_curse": "removing a Curse", "remove_haven": "removing a Haven", "remove_sea_tower": "removing a Sea Tower",
    "skeleton_shortage": "no Skeletons left", "skeleton_order": "placing Skeletons", "place_unit": "placing a Unit",
    "place_unit_player": "placing a Unit",
}


def option_hexes(opts) -> frozenset[str]:
    out = set()
    for o in opts:
        if o.hex:
            out.add(o.hex)
        for r in getattr(o, "refs", ()) or ():
            if r.kind == "hex":
                out.add(r.id)
    return frozenset(out)


def source_text(decision: "Decision", cat) -> str:
    if decision.source is not None:
        return source_words(decision.source, cat)
    return KIND_LABELS.get(decision.kind, decision.kind.replace("_", " "))


def seat_title(cat, seat: "Seat | None", faction: str) -> str:
    """'Ann — Duerkhar', or just 'Duerkhar' when the seat is named after its faction."""
    fac = name(cat, faction)
    if seat is None or seat.name == fac:
        return fac
    return f"{seat.name} — {fac}"


class DecisionBar(Readable, Vertical, can_focus=False):
    DEFAULT_CSS = """
    DecisionBar { border: round $primary; border-title-align: left; border-subtitle-align: right; padding: 0 1;
                  border-subtitle-style: italic; }
    DecisionBar.-waiting { border: round $secondary; }
    DecisionBar > #prompt { height: 2; }
    DecisionBar > #groups { height: 2; margin-bottom: 0; }
    DecisionBar > OptionList, DecisionBar > OptionList:focus { height: 1fr; border: none; padding: 0;
                                                               background: $surface; }
    """
    BINDINGS = [Binding(str(n), f"pick({n})", show=False) for n in range(10)] + [
        Binding("left", "group(-1)", "Group ◀", show=False),
        Binding("right", "group(1)", "Group ▶", show=False),
        Binding("escape", "back", "Back", show=False),
    ]
    HINTS = (" ←/→ group · Enter confirms", "number keys pick an option · Enter confirms")  # (many groups, one)

    class Chosen(Message):
        def __init__(self, option_id: str, decision: "Decision | None") -> None:
            super().__init__()
            self.option_id = option_id
            self.decision = decision  # the decision it answers (a late key press must not answer the next)

    class Highlighted(Message):
        def __init__(self, option: "Option | None") -> None:
            super().__init__()
            self.option = option

    class GroupShown(Message):
        def __init__(self, hexes: frozenset[str]) -> None:
            super().__init__()
            self.hexes = hexes

    class BackRefused(Message):
        """Esc where the engine offers no way back."""

    def __init__(self, cat, colours: dict[str, str], **kw) -> None:
        super().__init__(**kw)
        self.cat = cat
        self.colours = colours
        self.decision: "Decision | None" = None
        self.groups: list[tuple[str, list["Option"]]] = []
        self.costs: dict[str, str] = {}
        self.marked: tuple | None = None  # (decision, option id): the advisor's pick, marked ◆ ("Advice on")
        self.group_index = 0
        self.interactive = False
        self.wait_text = ""
        self._group_lines = 1
        self._items_key: list | None = None  # what the option list holds, when it holds options
        self._whole: int | None = None  # the row drawn whole (a label too long for one row, under the cursor)
        self._width = 64
        self.view = None  # the public view of the last game update (the Market's reasons, the Command's hex)

    def on_mount(self) -> None:
        signal = game_signal(self)
        if signal is not None:
            signal.subscribe(self, self._on_game_update, immediate=True)

    def _on_game_update(self, u) -> None:
        self.view = u.view

    def compose(self):
        yield TextLines(id="prompt")
        yield TextLines(id="groups")
        yield DecisionOptions(id="options")

    # ------------------------------------------------------------ what it shows
    @property
    def complete(self) -> bool:
        """Mounted with its parts: a closing app takes a widget's children before the widget, and a
        worker still playing (the bots, a step) must not draw into a bar half taken down (found by
        the client monkey's sweep, seed 2180: NoMatches for #prompt at exit)."""
        return self.is_attached and bool(self.query("#prompt"))

    def show(self, decision: "Decision", groups, costs: dict[str, str], seat: "Seat | None") -> None:
        """A person's decision: interactive."""
        if not self.complete:
            return  # the bar is being taken down (the app closing): nothing to show it on
        groups = list(groups)
        if self._market_rows(decision) and not any(g == "market" for g, _ in groups):
            # no Item the Hero can buy: the Market still shows what is on offer, and why not
            rank = {g: i for i, g in enumerate(DISPLAY_ORDER)}
            groups.append(("market", []))
            groups.sort(key=lambda kv: rank.get(kv[0], rank["always"]))
        costs = {**colour_costs(self.cat, decision), **{k: v for k, v in costs.items() if v}}
        self.decision, self.groups, self.costs = decision, groups, costs
        if self.marked is not None and self.marked[0] is not decision:
            self.marked = None
        self.interactive = True
        if self.has_class("-waiting"):
            self.remove_class("-waiting")
        set_title(self, seat_title(self.cat, seat, decision.actor))
        # what asks goes on the bar's lower edge: the prompt's two lines are the question's (and the
        # force a Command gathers)
        if self.border_subtitle != (sub := f"from: {source_text(decision, self.cat)}"):
            self.border_subtitle = sub
        prompt = Text(decision.prompt, style="bold")
        if decision.kind == "command_units" and self.view is not None:
            prompt.append("\n")
            prompt.append_text(force_text(self.cat, self.view, decision))
        elif (dice := dice_choice_text(self.cat, decision)) is not None:
            prompt.append("\n")
            prompt.append_text(dice)
        set_content(self.query_one("#prompt", TextLines), prompt)
        # open on the group of the option that was highlighted last time, if still there
        self.group_index = 0
        self._show_group()
        self.query_one(OptionList).focus()

    def _market_rows(self, decision: "Decision | None") -> list:
        """The Items on offer the Hero cannot buy now, with why (greyed rows of the Market group)."""
        if decision is None or decision.kind != "turn" or self.view is None or not self.view.market:
            return []
        try:
            self.view.player(decision.actor)
        except KeyError:
            return []
        return market_rows(self.cat, self.view, decision.actor)

    def wait(self, title: str, text: Text | str, hint: Text | str = "") -> None:
        """Nothing for a person to answer now (a bot plays, the Nemesis moves): `text` says what
        is happening, `hint` which keys move it on."""
        if not self.complete:
            return  # the bar is being taken down (the app closing): nothing to show it on
        self.interactive = False
        self.decision = None
        self.groups = []
        self.wait_text = text.plain if isinstance(text, Text) else str(text)
        if not self.has_class("-waiting"):
            self.add_class("-waiting")
        set_title(self, title)
        if self.border_subtitle:
            self.border_subtitle = ""
        set_content(self.query_one("#prompt", TextLines), hint)
        set_content(self.query_one("#groups", TextLines), "", layout=self._group_lines != 1 and self._groups_fit())
        self._group_lines = 1
        ol = self.query_one(OptionList)
        ol.set_options([ListOption(text)] if text else [])
        self._items_key = None
        ol.highlighted = None

    def _label(self, o) -> str:
        """An option's label on its row: the advisor's pick marked."""
        return "◆ " + o.label if self.marked is not None and self.marked[1] == o.id else o.label

    def mark_pick(self, decision: "Decision", option_id: str) -> bool:
        """Mark the advisor's pick among the options of `decision` (if it is still the one on show),
        in place: the cursor stays where it is. Returns whether it marked."""
        if decision is not self.decision or not self.interactive or option_id not in {o.id for o in decision.options}:
            return False
        self.marked = (decision, option_id)
        self._draw_tabs()
        opts = self.groups[self.group_index][1] if self.groups else []
        many = len(self.groups) > 1
        ol = self.query_one(OptionList)
        for i, o in enumerate(opts):
            if o.id == option_id and i < ol.option_count:
                key = str((i + 1) % 10) if not many and i < 10 else " "
                cost = self.costs.get(o.id, "")
                ol.replace_option_prompt_at_index(i, option_line(key, self._label(o), cost, self._width,
                                                                 whole=i == self._whole))
                self._items_key = None  # (the next group shown is built afresh)
        return True

    def _show_group(self) -> None:
        self._draw_tabs()
        self._draw_options()

    def _draw_tabs(self) -> None:
        many = len(self.groups) > 1
        width = max(20, self.scrollable_content_region.width or 60)
        tabs = Text()
        col = 0
        for i, (g, opts) in enumerate(self.groups):
            key = (i + 1) % 10 if i < 10 else " "
            label = f" {key} {GROUP_LABELS.get(g, g)}" + (f" {len(opts)}" if len(opts) > 1 else "") + " "
            if self.marked is not None and any(o.id == self.marked[1] for o in opts):
                label = label[:-1] + "◆ "  # the advisor's pick is in this group
            style = Style.parse("reverse bold" if i == self.group_index else "") + Style.from_meta(
                {"@click": f"pick_group({i})"})
            if col and col + len(label) + 1 > width:  # the next tab goes on a new line, whole
                tabs.append("\n")
                col = 0
            elif col:
                tabs.append(" ")
                col += 1
            tabs.append(label, style=style)
            col += len(label)
        hint = self.HINTS[0]
        if not many:
            tabs = Text(self.HINTS[1], style="dim")
        elif col + len(hint) <= width:
            tabs.append(hint, style="dim")
        elif "\n" not in tabs.plain and not self._groups_fit():  # two lines are kept for the tabs anyway
            tabs.append("\n" + hint.strip(), style="dim")
        lines = tabs.plain.count("\n") + 1
        if self.scrollable_content_region.width:
            # a new layout only for a new height, and only where the tabs' height follows them (short screens)
            set_content(self.query_one("#groups", TextLines), tabs, layout=lines != self._group_lines and self._groups_fit())
            self._group_lines = lines
        # else: shown before the first layout (the game's first frame): the tabs wait for on_resize and
        # the bar's real width (a height set from a guessed width could stay: Textual keeps its box model)

    def _draw_options(self) -> None:
        many = len(self.groups) > 1
        opts = self.groups[self.group_index][1] if self.groups else []
        ol = self.query_one(OptionList)
        items = []
        # the bar's width less the options' padding and room for a scrollbar, whether one shows or not
        # (a width read from the list itself depends on when it was last laid out)
        width = self._width = max(24, (self.content_region.width or 64) - 5)
        was_whole, self._whole = self._whole, None
        for i, o in enumerate(opts):
            key = str((i + 1) % 10) if not many and i < 10 else " "
            cost = self.costs.get(o.id, "")
            # the first row comes under the cursor: drawn whole now, in this frame, if it must be
            whole = i == 0 and needs_whole(self._label(o), cost, width)
            if whole:
                self._whole = 0
            items.append(ListOption(option_line(key, self._label(o), cost, width, whole=whole), id=o.id))
        if self.current_group == "market":
            items += [ListOption(row, disabled=True) for row in self._market_rows(self.decision)]
        key = [(item.id, item.prompt) for item in items]
        if key != self._items_key:  # the same list as on show: no rebuild (a rebuild lays the screen out again)
            self._items_key = key
            ol.set_options(items)
        elif was_whole not in (None, self._whole) and was_whole < len(items):  # kept: the row drawn whole goes back
            ol.replace_option_prompt_at_index(was_whole, items[was_whole].prompt)
        if opts:
            if ol.highlighted == 0:  # kept: say so, as a new highlight would (the map, odds and card follow it)
                self.post_message(self.Highlighted(self.highlighted_option))
            ol.highlighted = 0
        else:
            ol.highlighted = None
        self.post_message(self.GroupShown(option_hexes(opts)))

    def _draw_whole(self, index: int | None) -> None:
        """The option under the cursor is drawn whole: a label too long for its row wraps onto a
        second line there (the others keep one line each, cut with an ellipsis)."""
        if index == self._whole and index is not None:
            return
        ol = self.query_one(OptionList)
        opts = self.groups[self.group_index][1] if self.groups else []
        many = len(self.groups) > 1
        drawn = None  # `_whole` is the row drawn whole, if any: a row that fits its line is left alone
        for i, whole in ((self._whole, False), (index, True)):
            if i is None or i >= len(opts):
                continue
            o = opts[i]
            cost = self.costs.get(o.id, "")
            if not needs_whole(self._label(o), cost, self._width):
                continue
            key = str((i + 1) % 10) if not many and i < 10 else " "
            ol.replace_option_prompt_at_index(i, option_line(key, self._label(o), cost, self._width, whole=whole))
            if whole:
                drawn = i
        self._whole = drawn

    def _groups_fit(self) -> bool:
        """The group tabs take the lines they need (short screens), not a steady two."""
        return height_follows_text(self.query_one("#groups", TextLines))

    # ------------------------------------------------------------ reading
    @property
    def current_group(self) -> str | None:
        return self.groups[self.group_index][0] if self.groups else None

    @property
    def highlighted_option(self) -> "Option | None":
        ol = self.query_one(OptionList)
        if not self.interactive or ol.highlighted is None or not self.groups:
            return None
        opts = self.groups[self.group_index][1]
        return opts[ol.highlighted] if ol.highlighted < len(opts) else None

    @property
    def highlighted_index(self) -> int | None:
        return self.query_one(OptionList).highlighted

    def keys_for(self, option_id: str) -> list[str]:
        """The key presses that pick `option_id` from the bar as it stands (for scripted play)."""
        for gi, (_g, opts) in enumerate(self.groups):
            for oi, o in enumerate(opts):
                if o.id != option_id:
                    continue
                if gi == self.group_index and oi == self.highlighted_index:
                    return ["enter"]
                if len(self.groups) > 1:
                    keys = [str((gi + 1) % 10)] if gi < 10 else ["right"] * ((gi - self.group_index) % len(self.groups))
                    return keys + ["down"] * oi + ["enter"]
                return ([str((oi + 1) % 10)] if oi < 10 else ["down"] * oi) + ["enter"]
        raise KeyError(f"{option_id} is not on the decision bar")

    def visible_labels(self) -> list[str]:
        if not self.groups:
            return []
        return [o.label for o in self.groups[self.group_index][1]]

    # ------------------------------------------------------------ choosing
    def select_option(self, option_id: str) -> bool:
        """Show and highlight an option by id (e.g. a hex picked on the map)."""
        for gi, (_g, opts) in enumerate(self.groups):
            for oi, o in enumerate(opts):
                if o.id == option_id:
                    if gi != self.group_index:
                        self.group_index = gi
                        self._show_group()
                    self.query_one(OptionList).highlighted = oi
                    self.query_one(OptionList).focus()
                    return True
        return False

    def option_for_hex(self, hex_id: str) -> "Option | None":
        """The option for a hex: in the group on show first, then in any group."""
        order = [self.group_index] + [i for i in range(len(self.groups)) if i != self.group_index]
        for gi in order:
            for o in self.groups[gi][1]:
                if hex_id in option_hexes([o]):
                    return o
        return None

    def action_pick(self, n: int) -> None:
        if not self.interactive:
            return
        i = (n - 1) % 10
        if len(self.groups) > 1:
            if i < len(self.groups):
                self.action_pick_group(i)
        else:
            opts = self.groups[0][1] if self.groups else []
            if i < len(opts):
                self.query_one(OptionList).highlighted = i

    def action_pick_group(self, i: int) -> None:
        if self.interactive and 0 <= i < len(self.groups):
            self.group_index = i
            self._show_group()
            self.query_one(OptionList).focus()

    def action_group(self, step: int) -> None:
        if self.interactive and len(self.groups) > 1:
            self.action_pick_group((self.group_index + step) % len(self.groups))

    def action_back(self) -> None:
        if not self.interactive:
            raise SkipAction()  # the screen's Esc (skip the steps on show) takes it
        for g, opts in self.groups:
            if g == "cancel":
                self.post_message(self.Chosen(opts[0].id, self.decision))
                return
        self.post_message(self.BackRefused())

    def on_resize(self) -> None:
        if self.interactive and self.groups:  # costs stay right-aligned
            keep = self.query_one(OptionList).highlighted
            self._show_group()
            if keep is not None:
                self.query_one(OptionList).highlighted = keep

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if self.interactive:
            self._draw_whole(event.option_index)
        self.post_message(self.Highlighted(self.highlighted_option))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.interactive and event.option.id:
            self.post_message(self.Chosen(event.option.id, self.decision))
