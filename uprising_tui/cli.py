"""The `uprising` command line: a registry of sub-command modules and one way to report errors.

Adding a sub-command: write a module with ``register(sub, common)`` that adds its parser with
``sub.add_parser(NAME, parents=[common], ...)`` and ``set_defaults(run=FUNCTION)``, where
``FUNCTION(args) -> int`` is the exit code; then add the module's name to :data:`COMMANDS`.
Keep the module's top-level imports light (import the engine inside ``FUNCTION``): every
module is imported to build the parser, so ``uprising --help`` stays fast.

``common`` gives every sub-command ``--content DIR`` (else ``$UPRISING_CONTENT``, else the
bundled content); read the catalog with :func:`load_content`. Errors are raised, not printed:
:class:`CliError` (bad input: exit 2 unless told), ``ContentError`` (exit 1), ``SaveError``
(exit 2). :func:`main` prints each as one ``uprising: error: ...`` line on stderr (content
problems one per line below it) and, when the command has ``--json`` and it was given, as
``{"error": {...}}`` on stdout. Messages never echo more than a short piece of user input.
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
from pathlib import Path
import sys
from typing import Any, NoReturn, Sequence

from . import __version__
from .files import shorten

# sub-command modules, in the order `uprising --help` lists them
COMMANDS: list[str] = [
    "uprising_tui.commands.simulate",
    "uprising_tui.commands.log",
    "uprising_tui.commands.review",
    "uprising_tui.commands.content",
    "uprising_tui.commands.balance",
    "uprising_tui.commands.odds",
    "uprising_tui.commands.demo",
    "uprising_tui.commands.client",
]
DEFAULT_COMMAND = "play"  # what a bare `uprising` runs: the client's title screen

EXIT_CONTENT = 1
EXIT_USAGE = 2


class CliError(Exception):
    """A problem with what the user gave us, said in plain words."""

    def __init__(self, message: str, code: int = EXIT_USAGE, kind: str = "usage"):
        super().__init__(message)
        self.code = code
        self.kind = kind


class Parser(argparse.ArgumentParser):
    """argparse, with error messages cut to a sane length and reported as JSON under --json."""

    json_wanted = False

    def error(self, message: str) -> NoReturn:
        message = shorten(message, 300)
        if Parser.json_wanted:
            _print_json_error("usage", message)
        super().error(message)


class _Version(argparse.Action):
    """--version, importing the engine only when asked."""

    def __call__(self, parser, namespace, values, option_string=None) -> NoReturn:
        from .engine.game import ENGINE_VERSION  # (the engine loads when a command runs, not at start-up)
        print(f"uprising {__version__} (engine {ENGINE_VERSION})")
        parser.exit()


def add_common_options(parser: argparse.ArgumentParser) -> None:
    """The options every sub-command takes (``--content``, ``--mod``)."""
    parser.add_argument("--content", metavar="DIR", default=None,
                        help="the content directory (default: $UPRISING_CONTENT, else the bundled content)")
    parser.add_argument("--mod", metavar="DIR", action="append", default=None,
                        help="a folder of YAML laid over the content by id (replace, add or `remove:` "
                             "entries); repeat for more, laid in order (default: $UPRISING_MODS)")


def common_options() -> argparse.ArgumentParser:
    """A parent parser holding the common options (pass as ``parents=[common]``)."""
    common = argparse.ArgumentParser(add_help=False)
    add_common_options(common)
    return common


def build_parser() -> argparse.ArgumentParser:
    ap = Parser(
        prog="uprising",
        description="Uprising: Curse of the Last Emperor - rules engine, bots and simulator. "
                    f"With no command, runs `uprising {DEFAULT_COMMAND}`.")
    ap.add_argument("--version", action=_Version, nargs=0, help="show the version and exit")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    common = common_options()
    for name in COMMANDS:
        importlib.import_module(name).register(sub, common)
    return ap


def load_content(args: argparse.Namespace):
    """The catalog from ``--content`` / ``$UPRISING_CONTENT`` / the bundled content, with the
    mods of ``--mod`` / ``$UPRISING_MODS`` laid over it, read once per process and directory.
    ``--mod`` is handed on through ``$UPRISING_MODS`` (worker processes, the client, every Game).
    Raises ContentError (main() reports it)."""
    from .content.loader import cached_catalog  # (the content loads when a command needs it)
    from .content.mods import MODS_ENV  # (with the content)

    mods = getattr(args, "mod", None)
    cat = cached_catalog(getattr(args, "content", None), mods=mods)
    if mods:
        os.environ[MODS_ENV] = os.pathsep.join(str(Path(m).resolve()) for m in mods)
    return cat


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    Parser.json_wanted = "--json" in argv
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args([DEFAULT_COMMAND, *argv])
    try:
        return args.run(args)
    except BrokenPipeError:  # e.g. `uprising log SAVE | head`: stop quietly
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the flush at exit
        except OSError:
            pass
        return 0
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001 - only the known kinds are reported; others re-raise
        return report(args, exc)


def report(args: argparse.Namespace, exc: Exception) -> int:
    """Print a known error (content, save, engine, usage) and give its exit code."""
    from .content.loader import ContentError  # (the engine loads when a command runs, not at start-up)
    from .engine import EngineError, SaveError  # (the engine loads when a command runs, not at start-up)

    want_json = bool(getattr(args, "json", False))
    if isinstance(exc, ContentError):
        where = f" in {exc.source}" if exc.source else ""
        message = f"the content{where} has {len(exc.problems)} problem(s)"
        if want_json:
            _print_json_error("content", message, problems=exc.problems, source=exc.source)
        _print_error(message, exc.problems)
        return EXIT_CONTENT
    if isinstance(exc, CliError):
        kind, code = exc.kind, exc.code
    elif isinstance(exc, SaveError):
        kind, code = "save", EXIT_USAGE
    elif isinstance(exc, EngineError):
        kind, code = "engine", EXIT_CONTENT
    else:
        raise exc
    message = shorten(str(exc), 1000)
    if want_json:
        _print_json_error(kind, message)
    _print_error(message)
    return code


def _print_error(message: str, problems: Sequence[str] = ()) -> None:
    print(f"uprising: error: {message}", file=sys.stderr)
    for p in problems:
        print(f"  {p}", file=sys.stderr)


def _print_json_error(kind: str, message: str, **extra: Any) -> None:
    print(json.dumps({"error": {"kind": kind, "message": message, **extra}}, sort_keys=True))


def warn(message: str) -> None:
    print(f"uprising: warning: {message}", file=sys.stderr)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
