"""Textual's Footer, drawn once with the screen's keys and again only when the keys it shows change.

Textual's own Footer composes empty, then composes its keys again after every change of focus
(each time mounting a widget per key and styling it), though the keys it shows are most often the
same: on the game screen the first frame paid for four such rebuilds. This one lists the keys in
its first compose and, told the bindings changed, looks again once the screen has refreshed (so a
burst of focus changes costs one look) and rebuilds only when what it would show differs."""
from __future__ import annotations

from textual.widgets import Footer


class KeyFooter(Footer):
    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.set_reactive(Footer._bindings_ready, True)  # the screen's keys are known when it composes
        self._shown: tuple | None = None
        self._looking = False

    @staticmethod
    def _keys(screen) -> tuple:
        """What the footer draws from: the bindings on show, with whether each is enabled."""
        return tuple((b.key, b.description, b.action, enabled, tooltip)
                     for (_node, b, enabled, tooltip) in screen.active_bindings.values() if b.show)

    def compose(self):
        self._shown = self._keys(self.screen)
        yield from super().compose()

    def bindings_changed(self, screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus or self._looking:
            return
        if self.is_attached and screen is self.screen:
            self._looking = True
            self.call_after_refresh(self._look_again)

    async def _look_again(self) -> None:
        self._looking = False
        if self.is_attached and self._keys(self.screen) != self._shown:
            await self.recompose()
