"""The game screen's keys (GameScreen.BINDINGS): the Help screen's list of keys says the same
(help_text.md). The map, while it has the focus, binds none of these letters (widgets/hex_map.py)."""
from __future__ import annotations

from textual.binding import Binding

GAME_KEYS = [
    Binding("space", "advance", "Next step", show=False),
    Binding("escape", "skip", "Skip", show=False),
    Binding("a", "pacing", "Pacing", show=False),
    Binding("u", "undo", "Undo"),
    Binding("U", "undo_to", "Undo to…", show=False),
    Binding("s", "save_as", "Save"),
    Binding("b", "side('board')", "Board"),
    Binding("c", "side('combat')", "Fight"),
    Binding("n", "side('nemesis')", "Nemesis", show=False),
    Binding("m", "focus_map", "Map", show=False),
    Binding("g", "legend", "Map legend", show=False),
    Binding("i", "hex_info", "Hex details", show=False),
    Binding("plus", "zoom(1)", "Larger hexes", show=False),
    Binding("minus", "zoom(-1)", "Smaller hexes", show=False),
    Binding("o", "full_odds", "Odds in full", show=False),
    Binding("k", "cards", "Cards"),
    Binding("l", "toggle_log", "Log", show=False),
    Binding("f", "log_filter", "Log filter", show=False),
    Binding("slash", "log_search", "Search log", show=False),
    Binding("left_square_bracket", "board(-1)", "Board ◀", show=False),
    Binding("right_square_bracket", "board(1)", "Board ▶", show=False),
    Binding("equals_sign", "follow", "Follow the actor", show=False),
    Binding("comma", "fight(-1)", "Earlier fight", show=False),
    Binding("full_stop", "fight(1)", "Later fight", show=False),
    Binding("x", "bot_answer", "Bot answers", show=False),
    Binding("w", "advice", "Advice"),
    Binding("X", "bot_losses", "Bot picks losses", show=False),
    Binding("question_mark,f1", "help", "Help"),
    Binding("e", "end_summary", "Summary", show=False),
    Binding("q", "leave", "Title"),
] + [Binding(str(n), f"pick({n})", show=False) for n in range(10)]
