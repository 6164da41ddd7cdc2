"""Map benchmark: the Line-API HexMap beside Textual drawing the same map as one Static.

    .venv/bin/python benchmarks/bench_map.py                  # 4 factions, 120x40, 300 rounds
    .venv/bin/python benchmarks/bench_map.py --rounds 1000 --size 80x24 --json

A 4-faction game is played by the heuristic bot for --decisions answers (seed --seed), and
its public view is shown headless at --size in an app holding either a ``HexMap`` or a
``Static`` whose content is the very same cells as one Rich ``Text`` (what a plain widget
would draw). Each is timed over --rounds rounds, in one run:

* full: the whole widget rendered from nothing (HexMap: every hex painted and every line
  built; Static: its renderable laid out and rendered), via ``Widget.render_lines``;
* one hex: one hex's pieces change (a Garrison level going 1 -> 2 -> 1 ...) and the
  widget is redrawn: HexMap ``update_view`` then only the lines Textual refreshes;
  Static ``update`` then all its lines (a renderable has no partial redraw);
* idle: the same round trip with nothing changed (the floor under "screen");
* screen: the same one-hex change through the running app until the screen is updated
  (``Pilot.pause``: messages, compositor, dirty regions, output to the headless driver;
  this includes the event loop's own overhead, the same for both).

Reports the median, p95 and p99 in milliseconds and the ratios HexMap / Static.
Figures taken on a busy machine are noisy: say so when quoting them.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rich.text import Text  # noqa: E402
from textual.app import App, ComposeResult  # noqa: E402
from textual.geometry import Region  # noqa: E402
from textual.widgets import Static  # noqa: E402

from uprising_tui.bots import get_bot  # noqa: E402
from uprising_tui.engine import Game, Setup  # noqa: E402
from uprising_tui.tui.widgets.hex_map import HexMap  # noqa: E402

FACTIONS = ["druwhn", "duerkhar", "krowh", "mohyar"]


def played_view(decisions: int, seed: int):
    game = Game(Setup(factions=FACTIONS, chapters=4, difficulty="veteran", seed=seed, auto_ties=True)).start()
    bot = get_bot("heuristic", seed)
    for _ in range(decisions):
        if game.decision is None:
            break
        game.answer(bot.choose(game, game.decision))
    return game.cat, game.public_view()


def one_hex_changes(view):
    """Two views that differ in one hex's Garrison level (an explored island hex)."""
    hid = next(h.id for h in view.hexes.values() if h.explored and h.role == "random") \
        if any(h.explored and h.role == "random" for h in view.hexes.values()) else "H00"
    h = view.hexes[hid]
    a = view._replace(hexes={**view.hexes, hid: h._replace(garrisons=1)})
    b = view._replace(hexes={**view.hexes, hid: h._replace(garrisons=2)})
    return hid, a, b


def canvas_text(m: HexMap) -> Text:
    """The map's cells as one Rich Text: the same characters and styles, no Line API."""
    text = Text(no_wrap=True, overflow="crop", end="")
    for y in range(len(m._cells)):
        for seg in m._build_strip(y):
            text.append(seg.text, seg.style)
        text.append("\n")
    text.rstrip()
    return text


class MapOnly(App):
    CSS = "HexMap, Static { width: 1fr; height: 1fr; }"

    def __init__(self, cat, view, widget: str, text: Text | None = None):
        super().__init__()
        self.cat, self.view, self.widget, self.text = cat, view, widget, text

    def compose(self) -> ComposeResult:
        if self.widget == "map":
            yield HexMap(self.cat, self.view, id="w")
        else:
            yield Static(self.text, id="w")


def stats(samples: list[float]) -> dict:
    s = sorted(samples)
    pick = lambda p: s[min(len(s) - 1, int(round(p * (len(s) - 1))))]  # noqa: E731
    return {"median": statistics.median(s) * 1000, "p95": pick(0.95) * 1000, "p99": pick(0.99) * 1000}


async def bench_map(cat, view, size, rounds) -> tuple[dict, Text]:
    hid, a, b = one_hex_changes(view)
    app = MapOnly(cat, a, "map")
    out: dict = {}
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        m = app.query_one(HexMap)
        region = Region(0, 0, m.size.width, m.size.height)
        full = []
        for _ in range(rounds):
            t0 = time.perf_counter()
            m._mark_stale()
            m._styles_cache.clear()
            m.render_lines(region)
            full.append(time.perf_counter() - t0)
        out["full"] = stats(full)
        rows = m.hex_layout.rows(hid)
        lines = Region(0, rows.start - m.scroll_offset.y, m.size.width, len(rows))
        one = []
        for i in range(rounds):
            t0 = time.perf_counter()
            m.update_view(b if i % 2 == 0 else a)
            m._styles_cache.clear()
            m.render_lines(lines)
            one.append(time.perf_counter() - t0)
        out["one_hex"] = stats(one)
        screen = []
        for i in range(rounds):
            t0 = time.perf_counter()
            m.update_view(b if i % 2 == 0 else a)
            await pilot.pause()
            screen.append(time.perf_counter() - t0)
        out["screen"] = stats(screen)
        out["idle"] = stats(await idle_rounds(pilot, rounds))
        m.update_view(a)
        m.render_lines(region)
        text_a = canvas_text(m)
        m.update_view(b)
        m.render_lines(region)
        text_b = canvas_text(m)
        out["form"] = m.layout_form.name
        out["hexes"] = len(view.hexes)
        out["widget"] = [m.size.width, m.size.height]
    return out, (text_a, text_b)


async def bench_static(cat, view, size, rounds, texts) -> dict:
    text_a, text_b = texts
    app = MapOnly(cat, view, "static", text_a)
    out: dict = {}
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        s = app.query_one(Static)
        region = Region(0, 0, s.size.width, s.size.height)
        full = []
        for i in range(rounds):
            t0 = time.perf_counter()
            s.update(text_b if i % 2 == 0 else text_a)
            s._styles_cache.clear()
            s.render_lines(region)
            full.append(time.perf_counter() - t0)
        out["full"] = stats(full)
        out["one_hex"] = out["full"]  # a renderable has only a full redraw
        screen = []
        for i in range(rounds):
            t0 = time.perf_counter()
            s.update(text_a if i % 2 == 0 else text_b)
            await pilot.pause()
            screen.append(time.perf_counter() - t0)
        out["screen"] = stats(screen)
        out["idle"] = stats(await idle_rounds(pilot, rounds))
    return out


async def idle_rounds(pilot, rounds: int) -> list[float]:
    """The app's own round trip with nothing changed: the floor under the screen figures."""
    got = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        await pilot.pause()
        got.append(time.perf_counter() - t0)
    return got


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=300)
    ap.add_argument("--size", default="120x40", help="terminal size WxH (the widget fills it)")
    ap.add_argument("--decisions", type=int, default=400, help="bot answers before the view is taken")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    cat, view = played_view(args.decisions, args.seed)
    hexmap, texts = asyncio.run(bench_map(cat, view, (w, h), args.rounds))
    static = asyncio.run(bench_static(cat, view, (w, h), args.rounds, texts))
    result = {"size": args.size, "rounds": args.rounds, "python": platform.python_version(),
              "hexmap": hexmap, "static": static,
              "ratio": {k: hexmap[k]["median"] / static[k]["median"] for k in ("full", "one_hex", "screen", "idle")}}
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"map: {hexmap['hexes']} hexes, {hexmap['form']} form, widget {hexmap['widget'][0]}x{hexmap['widget'][1]},"
          f" {args.rounds} rounds (ms: median / p95 / p99)")
    rows = [("full render", "full"), ("one-hex redraw", "one_hex"), ("one hex, whole screen", "screen"),
            ("app round trip, no change", "idle")]
    print(f"{'':26}{'HexMap (Line API)':>26}{'Static (one Text)':>26}{'ratio':>9}")
    for name, key in rows:
        a, b = hexmap[key], static[key]
        fa = f"{a['median']:.2f} / {a['p95']:.2f} / {a['p99']:.2f}"
        fb = f"{b['median']:.2f} / {b['p95']:.2f} / {b['p99']:.2f}"
        print(f"{name:26}{fa:>26}{fb:>26}{result['ratio'][key]:>8.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
