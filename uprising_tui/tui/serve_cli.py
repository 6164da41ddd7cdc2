"""`uprising serve`'s options and its start: the key, the address, the limits (the server itself is
tui/serve.py). Imported to build the parser, so it imports nothing heavy at the top."""
from __future__ import annotations

import argparse
import os
from pathlib import Path

from ..commands.options import bounded_int

DEFAULT_PORT = 8000


def add_parser(sub) -> None:
    from .serve import DEFAULT_MAX_SESSIONS, MAX_SESSIONS_LIMIT, TOKEN_ENV

    serve = sub.add_parser(
        "serve", help="offer the client in a web browser, behind a key (textual-serve)",
        description="Serve the client to web browsers. The link printed at start holds the key (a random "
                    "token unless --token or $UPRISING_TOKEN gives one); without it the server answers 403. "
                    "Each visitor plays games of their own, in a saves folder of their own.")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 opens it to "
                            "the network, with a warning)")
    serve.add_argument("--port", type=bounded_int(1, 65535, "a port"), default=DEFAULT_PORT,
                       help=f"port (default {DEFAULT_PORT})")
    serve.add_argument("--token", default=None, metavar="KEY",
                       help=f"the key visitors need (16 to 128 URL-safe characters; default ${TOKEN_ENV}, "
                            "else random at each start)")
    serve.add_argument("--max-sessions", type=bounded_int(1, MAX_SESSIONS_LIMIT), default=DEFAULT_MAX_SESSIONS,
                       metavar="N", help=f"games running at once, at most (default {DEFAULT_MAX_SESSIONS}; each "
                                         "is a process of about 50 MiB)")
    serve.add_argument("--data-dir", metavar="DIR",
                       help="keep the visitors' saves folders under DIR/visitors (default: the user data "
                            "directory's)")


def run(args: argparse.Namespace) -> int:
    from ..cli import CliError, warn
    from . import serve as s
    from .saves import default_dir

    try:
        given = args.token if args.token is not None else os.environ.get(s.TOKEN_ENV)
        token = s.check_token(given) if given is not None else s.new_token()
        sock = s.listen(args.host, args.port)
    except s.ServeError as exc:
        raise CliError(str(exc)) from None
    if not s.is_loopback(args.host):
        warn(f"serving on {args.host}, beyond this machine: anyone who can reach port {args.port} "
             "and has the link (its key) can play, over plain http (not encrypted)")
    root = Path(args.data_dir) if args.data_dir else default_dir()
    server = s.GameServer(s.session_command(), host=args.host, port=args.port, token=token,
                          saves_root=root / "visitors", max_sessions=args.max_sessions, sock=sock)
    server.serve()
    return 0
