"""The pages `uprising serve` sends: the game's page (the browser terminal) and the plain pages
for a refused or full server. Everything the game's page loads comes from the server itself:
the terminal's script and styles and the Roboto Mono font that textual-serve ships in its
static folder (no font host, no CDN), so the game works with no internet at all. The pages
are built here (no template engine): every value put into them is HTML-escaped."""
from __future__ import annotations

from html import escape

STATIC = "/static/"
FONT_FILES = {"normal": "fonts/RobotoMono-VariableFont_wght.ttf", "italic": "fonts/RobotoMono-Italic-VariableFont_wght.ttf"}

_STYLE = """
@font-face { font-family: "Roboto Mono"; font-style: normal; font-weight: 100 700;
  src: url("%(normal)s") format("truetype"); }
@font-face { font-family: "Roboto Mono"; font-style: italic; font-weight: 100 700;
  src: url("%(italic)s") format("truetype"); }
body { background: #0c181f; margin: 0; color: rgba(255, 255, 255, 0.95);
  font-family: "Roboto Mono", Menlo, Consolas, monospace; }
.dialog-container { position: absolute; width: 100vw; height: 100vh; display: flex;
  align-items: center; justify-content: center; z-index: 10; }
.shade { position: absolute; width: 100%%; height: 100%%; background: #0c181f; }
.intro { width: 640px; max-width: 90vw; min-height: 200px; z-index: 20; text-align: center;
  background-color: #12232d; display: flex; flex-direction: column; align-items: center;
  justify-content: center; margin: 32px; padding: 16px; }
body.-first-byte .intro-dialog { display: none; }
body .textual-terminal { opacity: 0; transition: opacity 0.3s ease-out; }
body.-first-byte .textual-terminal { opacity: 1; }
.closed-dialog { display: none; }
body.-closed .closed-dialog { display: flex; }
button { padding: 12px 28px; margin: 16px; background-color: #5e0ba7; color: #fff; border: none;
  font-family: inherit; cursor: pointer; }
button:hover { background: #ac5af4; }
#start { display: none; }
#start.-delay { display: block; }
"""

_RESTART = """
function restart() {
  const params = new URLSearchParams(window.location.search);
  params.delete("delay");
  params.delete("ping");
  window.location.href = window.location.pathname + "?" + params.toString();
}
"""


def _style() -> str:
    return _STYLE % {k: STATIC + v for k, v in FONT_FILES.items()}


def game_page(title: str, websocket_url: str, font_size: int) -> str:
    """The page that runs the browser terminal and connects it to `websocket_url`."""
    t = escape(title)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{t}</title>
<link rel="stylesheet" href="{STATIC}css/xterm.css">
<style>{_style()}</style>
<script src="{STATIC}js/textual.js"></script>
<script>{_RESTART}</script>
</head>
<body>
<div class="dialog-container intro-dialog"><div class="shade"></div>
  <div class="intro"><div>{t}</div><div>starting the game…</div>
  <button type="button" onclick="restart()" id="start">Start</button></div></div>
<div class="dialog-container closed-dialog"><div class="shade"></div>
  <div class="intro"><div>The session has ended (the game is saved).</div>
  <button type="button" onclick="restart()">Start again</button></div></div>
<div id="terminal" class="textual-terminal" data-session-websocket-url="{escape(websocket_url)}"
  data-font-size="{int(font_size)}"></div>
</body>
</html>
"""


def notice_page(title: str, heading: str, text: str, *, retry_seconds: int | None = None) -> str:
    """A plain page saying why the game is not offered (no key, a full table...)."""
    retry = f'<meta http-equiv="refresh" content="{int(retry_seconds)}">' if retry_seconds else ""
    return f"""<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8">{retry}<title>{escape(title)}</title><style>{_style()}</style></head>
<body><div class="dialog-container"><div class="intro">
<h2>{escape(heading)}</h2><p>{escape(text)}</p></div></div></body>
</html>
"""


def content_policy(ws_origins: tuple[str, ...]) -> str:
    """The Content-Security-Policy of every response: the browser loads nothing from anywhere
    but this server (and connects its websocket only here), and no other site may frame it."""
    connect = " ".join(("'self'", *ws_origins))
    return ("default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
            f"img-src 'self' data:; font-src 'self'; connect-src {connect}; frame-ancestors 'none'; "
            "base-uri 'none'; form-action 'none'")
