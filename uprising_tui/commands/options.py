"""Argument types shared by the sub-commands: bounded numbers with short, clear messages."""
from __future__ import annotations

import argparse
from typing import Callable

from ..files import clip

MAX_SEED = 2 ** 63 - 1


def bounded_int(low: int, high: int, what: str = "a whole number") -> Callable[[str], int]:
    def parse(text: str) -> int:
        body = text.strip().lstrip("+-")
        if not (body.isascii() and body.isdigit()) or len(body) > 19:
            raise argparse.ArgumentTypeError(f"must be {what} from {low:,} to {high:,}, not {clip(text, 30)}")
        n = int(text)
        if not low <= n <= high:
            raise argparse.ArgumentTypeError(f"must be {what} from {low:,} to {high:,}, not {n:,}")
        return n
    parse.__name__ = "number"  # argparse names the type in its own messages
    return parse


positive = bounded_int(1, 1_000_000)
seed = bounded_int(0, MAX_SEED, "a seed")
