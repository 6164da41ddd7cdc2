"""Dice: every roll in the game comes from here, driven by the game's seeded RNG.

Tests may rig the dice: ``RiggedDice`` hands out scripted faces per colour and
falls back to the RNG when a colour's script runs out.
"""
from __future__ import annotations

import random
from collections import deque
from typing import Iterable, Mapping

Face = tuple[str, ...]

_LETTERS = {"S": "skull", "H": "shield", "B": "bolt"}


def parse_face(text: str | Iterable[str]) -> Face:
    """'SB' -> ('skull', 'bolt'); '' or '.' -> (); tuples pass through."""
    if isinstance(text, str):
        if text in ("", ".", "-"):
            return ()
        try:
            return tuple(sorted(_LETTERS[c] for c in text.upper()))
        except KeyError:
            raise ValueError(f"bad die face {text!r}: use letters S (Skull), H (Shield), B (Bolt)") from None
    return tuple(sorted(text))


class Dice:
    def __init__(self, rng: random.Random, faces: Mapping[str, tuple[Face, ...]]):
        self.rng = rng
        self.faces = {c: tuple(tuple(sorted(f)) for f in fs) for c, fs in faces.items()}
        self.rolled = 0  # dice rolled so far (the game's history notes which answers rolled)

    def roll(self, colour: str) -> Face:
        self.rolled += 1
        return self.faces[colour][self.rng.randrange(6)]


class RiggedDice(Dice):
    """Scripted faces per colour, e.g. ``rig(blue=['', 'S', 'H'], red=['', 'SS'])``."""

    def __init__(self, rng: random.Random, faces: Mapping[str, tuple[Face, ...]]):
        super().__init__(rng, faces)
        self.script: dict[str, deque[Face]] = {c: deque() for c in self.faces}
        self.rigged: dict[str, list[Face]] = {}  # every face ever scripted, to rig a replay the same way

    def rig(self, **by_colour: Iterable[str | Iterable[str]]) -> "RiggedDice":
        for colour, seq in by_colour.items():
            if colour not in self.faces:
                raise ValueError(f"unknown die colour {colour!r}")
            for f in seq:
                face = parse_face(f)
                if face not in self.faces[colour]:
                    raise ValueError(f"the {colour} die has no face {f!r}")
                self.script[colour].append(face)
                self.rigged.setdefault(colour, []).append(face)
        return self

    def roll(self, colour: str) -> Face:
        q = self.script.get(colour)
        if q:
            self.rolled += 1
            return q.popleft()
        return super().roll(colour)

    def remaining(self) -> dict[str, int]:
        return {c: len(q) for c, q in self.script.items() if q}
