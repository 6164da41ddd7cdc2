"""The projection's handlers for the Nemesis cards: Legions and Hordes, threat, targets and
activation tokens."""
from __future__ import annotations

from .records import _Hex, on


# ---- Legions and Hordes
def _list(h: _Hex, kind: str) -> list:
    return h.legions if kind == "legion" else h.hordes


@on("NemesisPlaced")
def _nem_placed(pj, e):
    pj.nemesis()[e.card] = {"id": e.card, "kind": e.kind, "threat": e.threat, "hex": e.hex, "tokens": 0,
                        "target": None, "target_faction": None}
    _list(pj.hex(e.hex), e.kind).append(e.card)


@on("NemesisMoved")
def _nem_moved(pj, e):
    c = pj.nemesis()[e.card]
    _list(pj.hex(e.src), c["kind"]).remove(e.card)
    _list(pj.hex(e.dst), c["kind"]).append(e.card)
    c["hex"] = e.dst


@on("NemesisDestroyed")
def _nem_destroyed(pj, e):
    c = pj.nemesis().pop(e.card)
    _list(pj.hex(c["hex"]), c["kind"]).remove(e.card)


@on("ThreatChanged")
def _threat(pj, e):
    pj.nemesis()[e.card]["threat"] = e.new


@on("TargetPlaced")
def _target(pj, e):
    c = pj.nemesis()[e.card]
    c["target"], c["target_faction"] = e.hex, e.faction


@on("TargetRemoved")
def _target_gone(pj, e):
    c = pj.nemesis().get(e.card)
    if c is not None:
        c["target"], c["target_faction"] = None, None


@on("ActivationTokenPlaced", "ActivationTokenUsed")
def _tokens(pj, e):
    pj.nemesis()[e.card]["tokens"] = e.tokens
