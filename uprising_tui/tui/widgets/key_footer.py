"""The screen's keys along the bottom line, drawn as one widget.

Textual's Footer is a container with a widget per key (sixteen on the game screen) and composes
them again after focus changes. Every widget costs on every frame: the compositor cuts each line
at every widget's edge, a layout arranges each one, and each has its own message queue. This
footer draws the same keys as one line of text: each key in the footer's key colours, its
description after it, a key that does nothing now dimmed, the command palette's key on the
right. A click on a key presses it. It looks at the bindings again when Textual says they
changed, and repaints only if what it would show differs."""
from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from .contrast import Readable


class KeyFooter(Readable, Widget, can_focus=False):
    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"key-footer--key", "key-footer--description"}
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        text-wrap: nowrap;
        .key-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .key-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self._shown: tuple | None = None

    def keys(self) -> tuple:
        """What the footer shows: (key, shown as, description, enabled) for each key on show, and
        the command palette's key (or None)."""
        screen = self.screen
        app = self.app
        shown, actions = [], set()
        for _node, b, enabled, _tip in screen.active_bindings.values():
            if b.show and b.action not in actions:  # one key per action (? and F1 are both Help: ? shows)
                actions.add(b.action)
                shown.append((b.key, app.get_key_display(b), b.description, enabled))
        palette = None
        if app.ENABLE_COMMAND_PALETTE:
            got = screen.active_bindings.get(app.COMMAND_PALETTE_BINDING)
            if got is not None:
                _node, b, enabled, _tip = got
                palette = (b.key, app.get_key_display(b), b.description, enabled)
        return tuple(shown), palette

    def on_mount(self) -> None:
        self._shown = self.keys()
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen) -> None:
        if self.is_attached and screen is self.screen:
            keys = self.keys()
            if keys != self._shown:
                self._shown = keys
                self.refresh()

    def _key_text(self, display: str, description: str, enabled: bool) -> Text:
        key_style = self.get_component_rich_style("key-footer--key")
        desc_style = self.get_component_rich_style("key-footer--description")
        dim = Style(dim=True) if not enabled else Style()
        return Text.assemble((f" {display} ", key_style + dim),
                             (f"{description} " if description else "", desc_style + dim))

    def render(self) -> Text:
        keys, palette = self._shown if self._shown is not None else self.keys()
        line = Text(no_wrap=True, overflow="crop")
        spans = []  # (from column, to column, key, enabled): what a click there presses
        for key, display, description, enabled in keys:
            start = line.cell_len
            line.append_text(self._key_text(display, description, enabled))
            spans.append((start, line.cell_len, key, enabled))
        if palette is not None:
            key, display, description, enabled = palette
            right = Text("▏", style=self.get_component_rich_style("key-footer--description") + Style(dim=True))
            right.append_text(self._key_text(display, description, enabled))
            room = self.size.width - line.cell_len - right.cell_len
            if room >= 0:
                line.append(" " * room)
                start = line.cell_len
                line.append_text(right)
                spans.append((start, line.cell_len, key, enabled))
        self._spans = spans
        return line

    def on_mouse_down(self, event) -> None:
        """A click on a key presses it (a key that does nothing now rings the bell), as on Textual's footer."""
        for start, end, key, enabled in getattr(self, "_spans", ()):
            if start <= event.x < end:
                if enabled:
                    self.app.simulate_key(key)
                else:
                    self.app.bell()
                return
