"""The client's reach past Textual's public API stays in textual_adapter.py, and this file fails
loudly, naming the member, when a Textual release moves one of them."""
from __future__ import annotations

import inspect
import re
import types
from pathlib import Path

import pytest
import textual

from uprising_tui.tui import textual_adapter as ad

TUI = Path(ad.__file__).parent


def _has(owner, member: str) -> bool:
    if hasattr(owner, member):
        return True
    if isinstance(owner, types.ModuleType):
        return False
    # an instance attribute: assigned somewhere in the class's (or a base's) own source
    for cls in inspect.getmro(owner):
        try:
            src = inspect.getsource(cls)
        except (OSError, TypeError):
            continue
        if re.search(rf"self\.{re.escape(member)}\b\s*(:[^=\n]*)?=", src):
            return True
    return False


def test_textual_is_the_tested_release():
    major, minor = (int(x) for x in textual.__version__.split(".")[:2])
    assert (major, minor) == ad.TESTED, (
        f"Textual {textual.__version__} is not the tested {ad.TESTED}: check tui/textual_adapter.py against its "
        "change log, then move TESTED and the pin in pyproject.toml")


@pytest.mark.parametrize("owner, member", ad.relied_on(), ids=lambda x: getattr(x, "__name__", x))
def test_every_private_member_the_client_relies_on_is_still_there(owner, member):
    assert _has(owner, member), (f"{getattr(owner, '__name__', owner)}.{member} is gone from this Textual "
                                 f"({textual.__version__}): see tui/textual_adapter.py")


@pytest.mark.parametrize("owner, method, params", [
    ("ScrollView", "_size_updated", ["self", "size", "virtual_size", "container_size", "layout"]),
    ("App", "_handle_exception", ["self", "error"]),
    ("OptionList", "_move_page", ["self", "direction"]),
    ("OptionList", "_get_option_render", ["self", "option", "style"]),
    ("OptionList", "_update_lines", ["self"]),
])
def test_the_overridden_private_methods_keep_their_signatures(owner, method, params):
    from textual.app import App
    from textual.scroll_view import ScrollView
    from textual.widgets import OptionList
    cls = {"ScrollView": ScrollView, "App": App, "OptionList": OptionList}[owner]
    assert list(inspect.signature(getattr(cls, method)).parameters) == params


def test_the_refresh_flags_flush_reads_are_set_by_a_refresh():
    """flush_refreshes reads the flags Textual's idle handler reads: a refresh sets one of them."""
    from textual.widget import Widget
    w = Widget()
    assert not any(getattr(w, f) for f in ad._REFRESH_FLAGS)
    w.refresh()
    assert any(getattr(w, f) for f in ad._REFRESH_FLAGS)


def test_no_other_client_module_reaches_into_textual_s_privates():
    """The members the adapter lists are touched nowhere else in tui/ (the widgets that subclass
    OptionList and textual-serve's classes excepted: they override them, listed in relied_on)."""
    allowed = {"textual_adapter.py", "widgets/decision_options.py", "serve.py"}
    members = {m for _, m in ad.relied_on()}
    found = []
    for path in TUI.rglob("*.py"):
        rel = path.relative_to(TUI).as_posix()
        if rel in allowed:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for m in re.findall(r"\.(_[a-z]\w*)", line):
                if m in members and not line.lstrip().startswith("#"):
                    found.append(f"{rel}:{n}: {m}")
    assert not found, "Textual's private members outside textual_adapter.py:\n" + "\n".join(found)



@pytest.mark.asyncio
@pytest.mark.parametrize("mended", [True, False])
async def test_a_palette_gone_while_it_searched_does_not_take_the_app_down(mended):
    """Found by the monkey's sweep (seed 1055, the Load screen at 60x20): the palette's search
    worker outlived the palette and its busy flag's watchers looked up a CommandList no longer
    there (NoMatches: the worker's failure ended the app). A palette off the screen: the mended
    watchers do nothing; Textual's own raise."""
    from textual.command import CommandPalette
    from textual.css.query import NoMatches
    palette = CommandPalette()  # never mounted: no CommandList, as after it was taken off
    watch_list = ad._guarded_watch_list_visible if mended else ad._watch_list_visible
    watch_busy = ad._guarded_watch_show_busy if mended else ad._watch_show_busy
    if mended:
        watch_list(palette)
        await watch_busy(palette)
        assert CommandPalette._watch__show_busy is ad._guarded_watch_show_busy  # and it is the one in use
    else:
        with pytest.raises(NoMatches):
            watch_list(palette)
        with pytest.raises(NoMatches):
            await watch_busy(palette)
