"""Resources, AP and VP: gaining, paying, the ALWAYS conversions and cost options."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..face.decision import CANCEL, Option, OptionCost, option
from ..face.events import APChanged, PlayerPassed, ResourcesChanged, VPChanged
from ..face.refs import Ref, SourceRef
from ..table.state import RES

if TYPE_CHECKING:
    from ...content.models import Cost
    from .context import Ctx
    from ..table.state import Player

RES_NAME = {"salt": "Salt", "plunder": "Plunder", "food": "Food"}
_TRADE = SourceRef("action", "trade")
_EXCHANGE = SourceRef("rule", "exchange")


def gain(ctx: "Ctx", p: "Player", reason: str, salt: int = 0, plunder: int = 0, food: int = 0) -> None:
    if not (salt or plunder or food):
        return
    s0, p0, f0 = p.salt, p.plunder, p.food
    s1, p1, f1 = s0 + salt, p0 + plunder, f0 + food  # nothing goes below 0 (max(0, ...) spelled out)
    p.salt = s1 = s1 if s1 > 0 else 0
    p.plunder = p1 = p1 if p1 > 0 else 0
    p.food = f1 = f1 if f1 > 0 else 0
    ds, dp, df = s1 - s0, p1 - p0, f1 - f0
    if ds or dp or df:  # the change made (nothing goes below 0)
        ctx.emit(ResourcesChanged(p.faction, ds, dp, df, reason))


def pay(ctx: "Ctx", p: "Player", reason: str, salt: int = 0, plunder: int = 0, food: int = 0) -> None:
    if p.salt < salt or p.plunder < plunder or p.food < food:
        kind, amount = next((k, n) for k, n in (("salt", salt), ("plunder", plunder), ("food", food)) if p.res(k) < n)
        raise RuntimeError(f"{p.faction} cannot pay {amount} {kind}")
    gain(ctx, p, reason, -salt, -plunder, -food)


def add_vp(ctx: "Ctx", who: str, amount: int, reason: str) -> None:
    """VP for a player faction, 'empire' or 'chaos'. VP are never lost."""
    if amount <= 0:
        return
    st = ctx.state
    if who == "empire":
        st.vp_empire += amount
        total = st.vp_empire
    elif who == "chaos":
        st.vp_chaos += amount
        total = st.vp_chaos
    else:
        p = st.player(who)
        p.vp += amount
        total = p.vp
    ctx.emit(VPChanged(who, amount, total, reason))


def add_ap(ctx: "Ctx", p: "Player", amount: int, reason: str) -> None:
    old = p.ap
    new = old + amount
    p.ap = new = new if new > 0 else 0  # max(0, ...)
    ctx.emit(APChanged(p.faction, new - old, new, reason))
    if amount > 0 and p.passed:
        p.passed = False
        ctx.emit(PlayerPassed(p.faction, False))


# ------------------------------------------------------------------ ALWAYS
def always_options(p: "Player") -> tuple[Option, ...]:
    """The conversions a player may make at any time: 1 AP → 1 Salt; 3 of one → 1 other."""
    key = (p.ap > 0, p.salt >= 3, p.plunder >= 3, p.food >= 3)
    got = _ALWAYS.get(key)
    if got is None:
        got = _ALWAYS[key] = tuple(([TRADE_AP] if key[0] else []) + [
            CONVERT[src, dst] for src, can in zip(RES, key[1:]) if can for dst in RES if dst != src])
    return got  # kept and shared: immutable


_ALWAYS: dict[tuple, tuple[Option, ...]] = {}  # always_options by (AP left, 3+ Salt, 3+ Plunder, 3+ Food)


TRADE_AP = option("trade:ap", "Trade: 1 AP → 1 Salt", "trade", (Ref("resource", "salt"),), OptionCost(ap=1))
CONVERT = {(src, dst): option(f"convert:{src}:{dst}", f"Exchange 3 {RES_NAME[src]} → 1 {RES_NAME[dst]}", "convert",
                              (Ref("resource", src), Ref("resource", dst)), OptionCost(**{src: 3}))
           for src in RES for dst in RES if src != dst}


def apply_always(ctx: "Ctx", p: "Player", oid: str) -> bool:
    """Apply a conversion option; return False if `oid` is not one."""
    if oid == "trade:ap":
        with ctx.cause(_TRADE):
            add_ap(ctx, p, -1, "trade")
            gain(ctx, p, "trade", salt=1)
        return True
    if oid.startswith("convert:"):
        _, src, dst = oid.split(":")
        with ctx.cause(_EXCHANGE):
            gain(ctx, p, "exchange", **{src: -3, dst: 1})
        return True
    return False


# ------------------------------------------------------------------ costs
def payments(p: "Player", costs: "list[Cost]") -> list[dict[str, int]]:
    """Every distinct way `p` can pay one of the alternative costs (deduplicated, stable order)."""
    seen: list[dict[str, int]] = []
    salt, plunder, food = p.salt, p.plunder, p.food
    for c in costs:
        if c.any:
            n = c.any
            for s in range(n + 1):  # Salt, then Plunder, added to the fixed part; Food makes up the rest
                for pl in range(n + 1):
                    f = n - s - pl
                    if f < 0:
                        continue
                    ws, wp, wf = c.salt + s, c.plunder + pl, c.food + f
                    if salt >= ws and plunder >= wp and food >= wf:
                        way = {"salt": ws, "plunder": wp, "food": wf}
                        if way not in seen:
                            seen.append(way)
        elif salt >= c.salt and plunder >= c.plunder and food >= c.food:
            base = {"salt": c.salt, "plunder": c.plunder, "food": c.food}
            if base not in seen:
                seen.append(base)
    return seen


def pay_options(ways: list[dict[str, int]]) -> list[Option]:
    out = []
    for w in ways:
        got = _PAY_OPTIONS.get(tuple(w.items()))  # what _pay_option keeps, looked up inline
        out.append(got if got is not None else _pay_option(w))
    return out


_PAY_OPTIONS: dict[tuple, Option] = {}  # one immutable option per way to pay (there are few)
_PAID: dict[str, tuple[int, int, int]] = {}  # what each of those options pays: id -> (Salt, Plunder, Food)


def _pay_option(way: dict[str, int]) -> Option:
    key = tuple(way.items())
    got = _PAY_OPTIONS.get(key)
    if got is None:
        got = _PAY_OPTIONS[key] = option(f"pay:{pay_id(way)}", f"Pay {pay_label(way)}", "pay", (), OptionCost(**way))
        _PAID[got.id] = (way["salt"], way["plunder"], way["food"])
    return got


def choose_payment(ctx: "Ctx", p: "Player", prompt: str, ways, source=None, options=None):
    """Ask `p` which way to pay (`ways()` lists them, recomputed whenever asked); `cancel` is
    offered beside a real choice. Returns the way, or None when the player cancels (or can no
    longer pay). A single way is taken without asking. `options()`, when given, stands for
    ``pay_options(ways())`` (a caller that keeps its pay options)."""
    listed = None if options is not None else ways()
    if listed is not None and len(listed) < 2:  # no question (as `ask` takes a lone option): no options made
        return dict(listed[0]) if listed else None

    def opts() -> list[Option]:
        nonlocal listed
        if options is not None:
            return options() or [CANCEL]
        now = listed if listed is not None else ways()  # the ways above serve the first ask; a later one lists anew
        listed = None
        return pay_options(now) or [CANCEL]
    pick = yield from ctx.ask(p.faction, "pay", prompt, opts, source=source, cancel=True)
    if pick == "cancel":
        return None
    paid = _PAID.get(pick)  # (every pay option is made by _pay_option)
    if paid is None:
        return parse_pay(pick[4:])
    return {"salt": paid[0], "plunder": paid[1], "food": paid[2]}


def pay_label(way: dict[str, int]) -> str:
    parts = [f"{v} {RES_NAME[k]}" for k, v in way.items() if v]
    return " + ".join(parts) or "free"


def pay_id(way: dict[str, int]) -> str:
    return f"s{way['salt']}p{way['plunder']}f{way['food']}"


def parse_pay(text: str) -> dict[str, int] | None:
    """The inverse of pay_id: 's2p0f1' -> {'salt': 2, 'plunder': 0, 'food': 1}; None if malformed."""
    try:
        s, rest = text[1:].split("p")
        pl, f = rest.split("f")
        return {"salt": int(s), "plunder": int(pl), "food": int(f)}
    except ValueError:
        return None
