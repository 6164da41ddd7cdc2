"""`uprising serve` offers the client in a web browser: the page is served, and a browser's
websocket starts the game's title screen. Local only (127.0.0.1), bounded in time."""
from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time

import aiohttp
import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server(tmp_path):
    port = free_port()
    env = dict(os.environ, UPRISING_DATA_DIR=str(tmp_path), TEXTUAL="")
    proc = subprocess.Popen([sys.executable, "-m", "uprising_tui", "serve", "--host", "127.0.0.1",
                             "--port", str(port)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


async def fetch_page(base: str, deadline: float) -> str:
    async with aiohttp.ClientSession() as http:
        while True:
            try:
                async with http.get(f"http://{base}/") as r:
                    assert r.status == 200
                    return await r.text()
            except aiohttp.ClientConnectorError:
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.2)


async def title_over_websocket(base: str, deadline: float) -> bytes:
    seen = b""
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(f"ws://{base}/ws?width=100&height=30") as ws:
            while time.monotonic() < deadline:
                try:
                    msg = await ws.receive(timeout=max(0.1, deadline - time.monotonic()))
                except asyncio.TimeoutError:
                    break
                if msg.type == aiohttp.WSMsgType.BINARY:
                    seen += msg.data
                elif msg.type == aiohttp.WSMsgType.TEXT:
                    seen += msg.data.encode()
                elif msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                    break
                if b"New game" in seen:
                    break
    return seen


def test_serve_gives_the_page_and_the_title_screen(server):
    async def run():
        page = await fetch_page(server, time.monotonic() + 30)
        assert "<html" in page.lower() and "Uprising" in page
        return await title_over_websocket(server, time.monotonic() + 60)
    seen = asyncio.run(run())
    assert b"New game" in seen
