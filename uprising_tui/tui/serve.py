"""`uprising serve`: the client in a web browser, behind a key.

textual-serve runs one client process per browser connection; :class:`GameServer` wraps its
``Server`` (subclassed, never patched) and shuts the doors it leaves open:

* **A key.** Every request but the static files needs the server's token: ``/?token=KEY``
  (printed with the URL at start, as Jupyter does) or the cookie that page sets. The browser
  terminal's websocket carries the key in its path. A wrong or missing key gets 403.
* **Same origin only.** A request whose ``Origin`` is not this server (a page on another site
  the visitor has open) gets 403; on a loopback address the ``Host`` must be a loopback name too
  (so a DNS-rebinding name cannot reach it). The Content-Security-Policy lets the page load and
  connect to nothing but this server, and no other site may frame it.
* **A limit.** At most ``max_sessions`` games run at once (each is a process of ~50 MiB); one
  more visitor gets a page (and a terminal line) saying the table is full.
* **A saves folder per visitor.** A visitor is known by a random cookie; their games live in
  ``<root>/<visitor id>`` (the id is 32 hex digits, checked, never a path), and the session is
  told it is served (``UPRISING_SERVED``): its Load screen lists that folder by name and reads
  no path typed in (saves.SaveStore.confined).

Each visitor gets a game of their own rather than one shared game with a seat each: the client
is a hot-seat program (one keyboard takes every person's turns), so a shared game would need a
turn protocol the client does not have; separate games need none and cannot leak one visitor's
game to another.
"""
from __future__ import annotations

import asyncio
import errno
import hmac
import ipaddress
import json
import logging
import os
import re
import secrets
import shlex
import socket
import sys
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from .serve_page import content_policy, game_page, notice_page

log = logging.getLogger("uprising-serve")

SERVED_ENV = "UPRISING_SERVED"
TOKEN_ENV = "UPRISING_TOKEN"
DEFAULT_MAX_SESSIONS = 8
MAX_SESSIONS_LIMIT = 64
TOKEN_MIN, TOKEN_MAX = 16, 128
_TOKEN_OK = re.compile(r"^[A-Za-z0-9._~-]+$")
_VISITOR_OK = re.compile(r"^[0-9a-f]{32}$")
COLS, ROWS = (20, 400), (8, 200)  # the terminal sizes a browser may ask for
MAX_INPUT = 64 << 10  # characters of one keyboard/paste message passed to the game
VISITOR_MAX_AGE = 365 * 24 * 3600
FULL_RETRY = 20  # seconds before the "table is full" page tries again


class ServeError(Exception):
    """`serve` cannot start; the message says why in one line."""


def new_token() -> str:
    return secrets.token_urlsafe(24)


def check_token(text: str) -> str:
    """A token given by hand (``--token`` or $UPRISING_TOKEN), or ServeError."""
    if not TOKEN_MIN <= len(text) <= TOKEN_MAX or not _TOKEN_OK.match(text):
        raise ServeError(f"a token is {TOKEN_MIN} to {TOKEN_MAX} characters of letters, digits and . _ ~ - "
                         f"(got {len(text)} character(s)); leave it out for a random one")
    return text


def is_loopback(host: str) -> bool:
    if host.lower() in ("localhost", "localhost."):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def listen(host: str, port: int) -> socket.socket:
    """The listening socket, or ServeError in plain words (a port in use, a bad address)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        raise ServeError(f"cannot listen on {host!r}: no such address ({getattr(exc, 'strerror', None) or exc})") from None
    family, _, _, _, address = infos[0]
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        if os.name != "nt":
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise ServeError(f"port {port} on {host} is in use (another program, or another `uprising serve`); "
                             "choose another with --port") from None
        if exc.errno == errno.EACCES:
            raise ServeError(f"no permission to listen on port {port} (ports below 1024 need rights); "
                             "choose another with --port") from None
        if exc.errno == errno.EADDRNOTAVAIL:
            raise ServeError(f"cannot listen on {host}: the address is not one of this machine's") from None
        raise ServeError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.setblocking(False)
    return sock


def session_command() -> str:
    """The command each browser session runs (through a shell): the client's title screen."""
    return f"{shlex.quote(sys.executable)} -m uprising_tui play"


def _clamp(value: Any, bounds: tuple[int, int], default: int) -> int:
    try:
        n = int(value)
    except (TypeError, ValueError):
        return default
    return max(bounds[0], min(bounds[1], n))


class Session(AppService):
    """One visitor's game process: told it is served, with the visitor's own saves folder."""

    def __init__(self, command: str, *, saves: Path, **kw: Any) -> None:
        super().__init__(command, **kw)
        self.saves = saves

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        env = super()._build_environment(width, height)
        env["UPRISING_DATA_DIR"] = str(self.saves)
        env[SERVED_ENV] = "1"
        env.pop(TOKEN_ENV, None)  # the game has no use for the server's key
        return env


class GameServer(Server):
    """textual-serve's Server with a key, an origin check, a session limit and a saves folder
    per visitor (see the module's docstring)."""

    def __init__(self, command: str, *, host: str, port: int, token: str, saves_root: str | os.PathLike,
                 max_sessions: int = DEFAULT_MAX_SESSIONS, sock: socket.socket | None = None,
                 title: str = "Uprising") -> None:
        super().__init__(command, host=host, port=port, title=title)
        self.token = token
        self.max_sessions = max_sessions
        self.saves_root = Path(saves_root)
        self.sock = sock
        self.live = 0  # game sessions running now
        self.loopback = is_loopback(host)
        self.key_cookie = f"uprising-key-{port}"
        self.visitor_cookie = f"uprising-visitor-{port}"

    # ------------------------------------------------------------ who may come in
    def url(self) -> str:
        shown = "127.0.0.1" if self.host in ("0.0.0.0", "") else ("localhost" if self.host == "::" else self.host)
        if ":" in shown and not shown.startswith("["):
            shown = f"[{shown}]"
        return f"http://{shown}:{self.port}/?token={self.token}"

    def host_ok(self, host_header: str) -> bool:
        """On a loopback address only loopback names may be asked for (no DNS rebinding)."""
        if not self.loopback:
            return bool(host_header)
        name = host_header.rsplit(":", 1)[0] if not host_header.endswith("]") else host_header
        return is_loopback(name)

    def origin_ok(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        if origin is None:  # not a browser page's request (a browser always sends it for a websocket)
            return True
        return origin == f"{request.scheme}://{request.host}"

    def key_ok(self, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(given.encode("utf-8", "replace"), self.token.encode())

    def visitor(self, request: web.Request) -> str | None:
        got = request.cookies.get(self.visitor_cookie)
        return got if got is not None and _VISITOR_OK.match(got) else None

    def saves_for(self, visitor: str | None) -> Path:
        """The visitor's own saves folder (a fresh one for a visitor with no cookie)."""
        who = visitor if visitor is not None and _VISITOR_OK.match(visitor) else secrets.token_hex(16)
        path = self.saves_root / who
        path.mkdir(parents=True, exist_ok=True, mode=0o700)
        return path

    @web.middleware
    async def guard(self, request: web.Request, handler) -> web.StreamResponse:
        if not self.host_ok(request.host):
            return self._refuse("This server answers only to its own address.")
        if not self.origin_ok(request):
            return self._refuse("A page from another site cannot open this game.")
        try:
            response = await handler(request)
        except web.HTTPException as exc:
            response = exc
        self._secure(request, response)
        return response

    def _secure(self, request: web.Request, response: web.StreamResponse) -> None:
        if response.prepared:  # a websocket: its headers are gone already
            return
        host = request.host
        response.headers["Content-Security-Policy"] = content_policy((f"ws://{host}", f"wss://{host}"))
        response.headers["X-Frame-Options"] = "DENY"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers.setdefault("Cache-Control", "no-store")

    def _refuse(self, why: str) -> web.Response:
        page = notice_page(self.title, "Not allowed", why + " Open the link `uprising serve` printed "
                           "(it holds the key).")
        return web.Response(status=403, text=page, content_type="text/html")

    # ------------------------------------------------------------ the routes
    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self.guard])
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws/{key}", self.handle_websocket, name="websocket"),
            web.get("/download/{key}", self.handle_download_guarded, name="download"),
            web.static("/static", self.statics_path, show_index=False, name="static"),
        ])
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def handle_index(self, request: web.Request) -> web.Response:
        given = request.query.get("token")
        if not self.key_ok(given) and not self.key_ok(request.cookies.get(self.key_cookie)):
            return self._refuse("This game needs its key.")
        if self.live >= self.max_sessions:
            return self.full_page()
        font = _clamp(request.query.get("fontsize", 16), (6, 64), 16)
        ws = f"ws://{request.host}/ws/{self.token}"
        response = web.Response(text=game_page(self.title, ws, font), content_type="text/html")
        cookie = {"httponly": True, "samesite": "Strict", "path": "/"}
        response.set_cookie(self.key_cookie, self.token, **cookie)
        if self.visitor(request) is None:
            response.set_cookie(self.visitor_cookie, secrets.token_hex(16), max_age=VISITOR_MAX_AGE, **cookie)
        return response

    def full_page(self) -> web.Response:
        page = notice_page(self.title, "The table is full",
                           f"All {self.max_sessions} game sessions this server allows are in use. This page "
                           f"tries again every {FULL_RETRY} seconds.", retry_seconds=FULL_RETRY)
        return web.Response(status=503, text=page, content_type="text/html")

    async def handle_download_guarded(self, request: web.Request) -> web.StreamResponse:
        if not self.key_ok(request.cookies.get(self.key_cookie)):
            return self._refuse("This game needs its key.")
        return await self.handle_download(request)

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        if not self.key_ok(request.match_info.get("key")):
            return self._refuse("This game needs its key.")
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_INPUT * 2)
        await websocket.prepare(request)
        if self.live >= self.max_sessions:
            note = (f"\r\n  The table is full: all {self.max_sessions} game sessions this server allows "
                    "are in use.\r\n  Reload the page in a while.\r\n")
            await websocket.send_bytes(note.encode())
            await websocket.close()
            return websocket
        self.live += 1
        service: Session | None = None
        try:
            width = _clamp(request.query.get("width"), COLS, 80)
            height = _clamp(request.query.get("height"), ROWS, 24)
            service = Session(self.command, saves=self.saves_for(self.visitor(request)),
                              write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                              close=websocket.close, download_manager=self.download_manager, debug=self.debug)
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # noqa: BLE001 - one visitor's failure must not stop the server
            log.exception(error)
        finally:
            self.live -= 1
            if service is not None:
                await service.stop()
        return websocket

    async def _process_messages(self, websocket: web.WebSocketResponse, service: AppService) -> None:
        """The browser's messages, each checked: keys, a resize (clamped), ping, focus and blur.
        Anything else (not JSON, not a list, the wrong types) is dropped."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await service.send_bytes(data[:MAX_INPUT].encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                await service.set_terminal_size(_clamp(data.get("width"), COLS, 80),
                                                _clamp(data.get("height"), ROWS, 24))
            elif kind == "ping" and isinstance(data, (str, int, float)):
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()

    # ------------------------------------------------------------ running
    async def on_startup(self, app: web.Application) -> None:
        print("Uprising is served at:", flush=True)
        print(f"    {self.url()}", flush=True)
        print(f"The token in the link is the key: anyone with the link can play. At most {self.max_sessions} "
              "games at once. Ctrl+C stops.", flush=True)

    def initialize_logging(self) -> None:
        logging.basicConfig(level="DEBUG" if self.debug else "WARNING", format="uprising serve: %(message)s")

    def serve(self, debug: bool = False) -> None:
        import signal

        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            loop.add_signal_handler(signal.SIGINT, self.request_exit)
            loop.add_signal_handler(signal.SIGTERM, self.request_exit)
        except NotImplementedError:  # pragma: no cover - Windows
            pass
        web.run_app(self._make_app(), sock=self.sock, handle_signals=False, loop=loop, print=lambda *a: None)
