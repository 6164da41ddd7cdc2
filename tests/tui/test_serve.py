"""`uprising serve`: the page and a browser's websocket start the game's title screen, behind a key;
other origins, wrong keys and wrong host names get 403; the page loads nothing from off the host;
a full server says so; each visitor has a saves folder of their own; a bad port is one line.
Local only (127.0.0.1), each wait bounded."""
from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest
from yarl import URL

from uprising_tui.cli import main
from uprising_tui.tui import serve as s

TOKEN = "test-key-0123456789abcdef"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Served:
    def __init__(self, tmp_path: Path, *extra: str, token: str | None = TOKEN):
        self.port = free_port()
        self.root = tmp_path / "served"
        env = dict(os.environ, TEXTUAL="")
        env.pop(s.TOKEN_ENV, None)
        args = [sys.executable, "-m", "uprising_tui", "serve", "--host", "127.0.0.1", "--port", str(self.port),
                "--data-dir", str(self.root), *extra]
        if token is not None:
            args += ["--token", token]
        self.proc = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.url = self._printed_url()
        self.base = f"127.0.0.1:{self.port}"
        self.token = self.url.rsplit("token=", 1)[1]

    def _printed_url(self) -> str:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise AssertionError(f"serve ended: {self.proc.stderr.read()}")
            m = re.search(r"http://\S+\?token=\S+", line)
            if m:
                return m.group(0)
        raise AssertionError("serve printed no URL")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)


@pytest.fixture
def served(tmp_path):
    made = []

    def start(*extra, token=TOKEN):
        srv = Served(tmp_path, *extra, token=token)
        made.append(srv)
        return srv
    yield start
    for srv in made:
        srv.stop()


def http(**kw) -> aiohttp.ClientSession:
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True), **kw)


async def title_over_websocket(ws, deadline: float) -> bytes:
    seen = b""
    while time.monotonic() < deadline and b"New game" not in seen:
        try:
            msg = await ws.receive(timeout=max(0.1, deadline - time.monotonic()))
        except asyncio.TimeoutError:
            break
        if msg.type == aiohttp.WSMsgType.BINARY:
            seen += msg.data
        elif msg.type == aiohttp.WSMsgType.TEXT:
            seen += msg.data.encode()
        else:
            break
    return seen


def test_the_key_opens_the_page_and_the_title_screen_and_a_full_table_says_so(served):
    srv = served("--max-sessions", "1", token=None)  # a random key, read from what serve printed
    assert srv.url == f"http://127.0.0.1:{srv.port}/?token={srv.token}" and len(srv.token) >= 16

    async def run():
        async with http() as visitor, http() as other:
            async with visitor.get(srv.url) as r:
                assert r.status == 200
                page = await r.text()
            assert "<html" in page.lower() and "Uprising" in page
            ws_url = re.search(r'data-session-websocket-url="([^"]+)"', page).group(1)
            assert ws_url == f"ws://{srv.base}/ws/{srv.token}"
            async with visitor.ws_connect(ws_url + "?width=100&height=30") as ws:
                await ws.send_str("not json")  # dropped, not a crash
                await ws.send_str('["resize", {"width": 1000000000, "height": "x"}]')  # clamped
                seen = await title_over_websocket(ws, time.monotonic() + 90)
                assert b"New game" in seen
                # the one session in use: the page and a second websocket say the table is full
                async with other.get(srv.url) as r:
                    assert r.status == 503 and "The table is full" in await r.text()
                async with other.ws_connect(ws_url) as ws2:
                    msg = await ws2.receive(timeout=30)
                    assert b"The table is full" in msg.data
            for _ in range(100):  # the session has ended: there is room again
                async with other.get(srv.url) as r:
                    if r.status == 200:
                        break
                await asyncio.sleep(0.2)
            assert r.status == 200
            return visitor.cookie_jar.filter_cookies(URL(srv.url))
    cookies = asyncio.run(run())
    # the visitor's game had a saves folder of its own, named by their cookie
    visitor_id = cookies[f"uprising-visitor-{srv.port}"].value
    assert [p.name for p in (srv.root / "visitors").iterdir()] == [visitor_id]


def test_without_the_key_from_another_origin_or_by_another_name_everything_is_refused(served):
    srv = served()

    async def status(url: str, **headers) -> int:
        async with http() as c:
            async with c.get(url, headers=headers) as r:
                return r.status

    async def ws_status(url: str, **headers) -> int:
        async with http() as c:
            try:
                async with c.ws_connect(url, headers=headers):
                    return 101
            except aiohttp.WSServerHandshakeError as exc:
                return exc.status

    async def run():
        base = f"http://{srv.base}"
        got = {
            "no key": await status(f"{base}/"),
            "wrong key": await status(f"{base}/?token=wrong-key-0123456789abcdef"),
            "websocket without the key": await ws_status(f"ws://{srv.base}/ws/wrong-key-0123456789"),
            "websocket from another site": await ws_status(f"ws://{srv.base}/ws/{TOKEN}",
                                                           Origin="http://evil.example"),
            "page from another site": await status(f"{base}/?token={TOKEN}", Origin="http://evil.example"),
            "a rebound name": await status(f"{base}/?token={TOKEN}", Host=f"evil.example:{srv.port}"),
            "a download without the key": await status(f"{base}/download/abc"),
            "the static folder's index": await status(f"{base}/static/"),
            "the page with the key": await status(f"{base}/?token={TOKEN}"),
            "the page by name": await status(f"http://localhost:{srv.port}/?token={TOKEN}"),
        }
        return got
    got = asyncio.run(run())
    assert got == {"no key": 403, "wrong key": 403, "websocket without the key": 403,
                   "websocket from another site": 403, "page from another site": 403, "a rebound name": 403,
                   "a download without the key": 403, "the static folder's index": 403,
                   "the page with the key": 200, "the page by name": 200}


def test_the_page_loads_nothing_from_off_the_host(served):
    srv = served()

    async def run():
        async with http() as c:
            async with c.get(srv.url) as r:
                page, policy = await r.text(), r.headers["Content-Security-Policy"]
            async with c.get(f"http://{srv.base}/static/css/xterm.css") as r:
                css = await r.text()
            fonts = re.findall(r'url\("([^"]+)"\)', page)
            statuses = []
            for font in fonts:
                async with c.get(f"http://{srv.base}{font}") as r:
                    statuses.append((r.status, len(await r.read())))
            return page, policy, css, fonts, statuses
    page, policy, css, fonts, statuses = asyncio.run(run())
    refs = re.findall(r'(?:src|href)="([^"]+)"', page) + re.findall(r"url\(([^)]+)\)", page + css)
    refs.append(re.search(r'data-session-websocket-url="([^"]+)"', page).group(1))
    off_host = [u for u in refs if re.match(r"^['\"]?[a-z]+:", u) and f"//{srv.base}/" not in u
                and not u.strip("'\"").startswith("data:")]
    assert refs and off_host == []
    assert "googleapis" not in page and "Roboto Mono" in page
    assert len(fonts) == 2 and all(code == 200 and size > 10_000 for code, size in statuses)
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy


def test_a_port_out_of_range_or_in_use_is_one_line(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["serve", "--port", "99999"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines()[-1] == ("uprising serve: error: argument --port: must be a port from 1 to "
                                           "65,535, not 99,999") and "Traceback" not in err
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err == (f"uprising: error: port {port} on 127.0.0.1 is in use (another program, or another "
                   "`uprising serve`); choose another with --port\n")
    assert main(["serve", "--token", "short"]) == 2
    assert "a token is 16 to 128 characters" in capsys.readouterr().err


def test_binding_beyond_loopback_warns_and_still_needs_the_key(capsys, monkeypatch, tmp_path):
    started = []
    monkeypatch.setattr(s.GameServer, "serve", lambda self: started.append(self))
    port = free_port()
    assert main(["serve", "--host", "0.0.0.0", "--port", str(port), "--data-dir", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    assert err.startswith("uprising: warning: serving on 0.0.0.0, beyond this machine") and "key" in err
    (srv,) = started
    srv.sock.close()
    assert not srv.loopback and len(srv.token) >= 16 and srv.key_ok(srv.token) and not srv.key_ok("")


def test_each_visitor_has_a_saves_folder_of_their_own_named_never_by_a_path(tmp_path):
    srv = s.GameServer("true", host="127.0.0.1", port=1, token=TOKEN, saves_root=tmp_path / "v")
    ann, bo = "a" * 32, "b" * 32
    assert srv.saves_for(ann) != srv.saves_for(bo)
    assert srv.saves_for(ann) == tmp_path / "v" / ann
    for hostile in ("../../etc", "/etc", "A" * 32, "a" * 31, None):
        got = srv.saves_for(hostile)
        assert got.parent == tmp_path / "v" and re.fullmatch(r"[0-9a-f]{32}", got.name)
    env = s.Session("true", saves=srv.saves_for(ann), write_bytes=None, write_str=None, close=None,
                    download_manager=None)._build_environment(500, 300)
    assert env["UPRISING_DATA_DIR"] == str(tmp_path / "v" / ann) and env[s.SERVED_ENV] == "1"
    assert s.TOKEN_ENV not in env
    assert (s._clamp(10 ** 9, s.COLS, 80), s._clamp("x", s.ROWS, 24), s._clamp(-5, s.ROWS, 24)) == (400, 24, 8)


@pytest.mark.asyncio
async def test_a_served_session_loads_only_its_own_saves_by_name(tmp_path, monkeypatch):
    from uprising_tui.tui.app import make_app
    from uprising_tui.tui.screens.load import LoadScreen

    from .pilot_helpers import until

    monkeypatch.setenv(s.SERVED_ENV, "1")
    (tmp_path / "elsewhere").mkdir()
    app = make_app(data_dir=tmp_path / "mine", preload=False)
    assert app.store.confined
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("l")
        assert await until(pilot, lambda: isinstance(app.screen, LoadScreen) and app.screen.infos == []
                           and "No saves yet" in str(app.screen.query_one("#saves").get_option_at_index(0).prompt))
        scr = app.screen
        assert not scr.query("#load-path")  # no field for a path: nothing else on the server is read
        assert str(tmp_path) not in str(scr.query_one("#load-dir").render())
        await pilot.press(*"/etc/passwd", "enter")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen) and "Loading" not in str(scr.query_one("#load-error").render())
