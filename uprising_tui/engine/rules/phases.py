"""The seven phases of a Chapter, and the whole game as one generator."""
from __future__ import annotations

from typing import TYPE_CHECKING, Generator

from . import always, pieces
from . import tally
from .actions.haven import place_haven  # noqa: F401  (re-exported for scenarios)
from .actions.trade import run_transfer, transfer_options
from .actions.turn import actions_phase
from .cards import card_option, draw_feats, refill_market, usable, use_card
from .causes import caused_by
from ..face.decision import Decision, Option, OptionCost, option, ref
from .economy import (
    add_vp,
    always_options,
    apply_always,
    choose_payment,
    gain,
    pay,
    pay_options,
    payments,
)
from ..ops.executor import Source, run_effect
from ..face.events import (
    ActivationTokenPlaced,
    APChanged,
    CardFlipped,
    DefenseBuilt,
    EventRevealed,
    FirstPlayerPassed,
    GameOver,
    HeroMoved,
    MarketDiscarded,
    PhaseStarted,
    PlayerPassed,
    Produced,
    QuestsDiscarded,
    ScoreTerm,
)
from .fights import capital_legion, capital_owed, settle
from ..table.memo import per_hex, static
from .nemesis.phase import nemesis_phase
from .quests import deal_quest
from ..face.refs import SourceRef
from .tally import faction_production
from .units import build_unit, can_hold

if TYPE_CHECKING:
    from .context import Ctx
    from ..table.state import Player

Gen = Generator[Decision, str, object]


def phase(ctx: "Ctx", name: str) -> None:
    ctx.state.phase = name
    ctx.emit(PhaseStarted(ctx.state.chapter, name))


# ------------------------------------------------------------------ Refresh
@caused_by("rule", "refresh_phase")
def refresh_phase(ctx: "Ctx") -> Gen:
    st = ctx.state
    phase(ctx, "refresh")
    for p in st.players:
        for c in p.feats + p.items + p.quests:
            if not c.face_up:
                c.face_up = True
                ctx.emit(CardFlipped(p.faction, c.id, True))
        if p.ap != 8:
            old, p.ap = p.ap, 8
            ctx.emit(APChanged(p.faction, 8 - old, 8, "refresh"))
        if p.passed:
            p.passed = False
            ctx.emit(PlayerPassed(p.faction, False))
    for p in st.seat_order():  # cards that pay out at every Refresh
        for cid in usable(ctx, p, ("refresh",)):
            yield from use_card(ctx, p, cid)
    if st.market:
        ctx.emit(MarketDiscarded(tuple(st.market)))
    st.item_discard.extend(st.market)
    st.market = []
    refill_market(ctx)
    keep = [q for q in st.quest_offer if ctx.cat.quests[q].stays]
    gone = tuple(q for q in st.quest_offer if q not in keep)
    st.quest_discard.extend(gone)
    st.quest_offer = keep
    if gone:
        ctx.emit(QuestsDiscarded(gone, "refresh"))
    for _ in range(3):
        yield from deal_quest(ctx)
    if st.chapter > 1:
        st.first_player = (st.first_player + 1) % len(st.players)
        ctx.emit(FirstPlayerPassed(st.first.faction))


# ------------------------------------------------------------------ Events
@caused_by("rule", "events_phase")
def events_phase(ctx: "Ctx") -> Gen:
    st = ctx.state
    phase(ctx, "events")
    yield from always.windows(ctx, "events")
    for card in list(st.legions.values()) + list(st.hordes.values()):
        old = card.threat
        pieces.change_threat(ctx, card, 2)
        yield from pieces.threat_rose(ctx, card, old)
    ev = ctx.cat.events[st.events[st.chapter - 1]]
    st.event_threat = ev.threat
    st.events_revealed = st.chapter
    ctx.emit(EventRevealed(ev.id, ev.threat, tuple(st.events[:st.events_revealed])))
    with ctx.cause(SourceRef("event", ev.id)):
        yield from run_effect(ctx, ev.effect, Source(st.first.faction, None, ev.id))
    # one Activation Token on each card (two in the last Chapter), in initiative order while the
    # box has tokens left (ruling 43)
    n = 2 if st.chapter == st.chapters else 1
    cards = sorted(list(st.legions.values()) + list(st.hordes.values()), key=lambda c: ctx.cat.nemesis(c.id).initiative)
    for _ in range(n):
        for card in cards:
            if pieces.tokens_left(ctx) <= 0:
                break
            card.tokens += 1
            ctx.emit(ActivationTokenPlaced(card.id, card.tokens))


# ------------------------------------------------------------------ Build
def can_pay(p: "Player", costs) -> bool:
    """Has `p` any way to pay one of `costs`? (what `payments(p, costs)` being non-empty says,
    without listing the ways)."""
    return _pays(p.salt, p.plunder, p.food, [(c.salt, c.plunder, c.food, c.any) for c in costs])


def _pays(salt: int, plunder: int, food: int, costs) -> bool:
    """`can_pay` over plain numbers: `costs` as (Salt, Plunder, Food, any resource) tuples."""
    for cs, cp, cf, ca in costs:
        s, pl, f = salt - cs, plunder - cp, food - cf
        if s >= 0 and pl >= 0 and f >= 0 and s + pl + f >= ca:
            return True
    return False


def build_options(ctx: "Ctx", p: "Player", spots: list[str], traded: bool = False) -> list[Option]:
    hexes = ctx.state.hexes
    faction = p.faction
    units = affordable_units(ctx, p)
    opts: list[Option] = []
    if units:
        holds = []  # the spots with room (room does not depend on the Unit)
        for hid in spots:
            if can_hold(ctx, hexes[hid], faction):
                holds.append(hid)
        for u in units:
            for hid in holds:
                opts.append(unit_option(ctx, hid, u.id))
    if p.plunder >= ctx.cat.tower_cost or p.plunder >= ctx.cat.wall_cost:
        _defence_options(ctx, faction, p.plunder, spots, opts)
    cards = usable(ctx, p, ("build", "always"))
    if cards:
        opts += [card_option(ctx, c) for c in cards]
    opts += always_options(p)
    if traded:  # Heros on one hex may give and take during the Trade (ruling 7)
        opts += transfer_options(ctx, p)
    opts.append(DONE_BUILDING)
    return opts


def affordable_units(ctx: "Ctx", p: "Player") -> list:
    """The Units of `p`'s faction with one left in reserve that `p` can pay for, in the faction's
    order (what `can_pay` says for each)."""
    reserve, salt, plunder, food = p.reserve, p.salt, p.plunder, p.food
    out = []
    for u, costs in unit_costs(ctx, p.faction):
        if reserve.get(u.id, 0) > 0 and _pays(salt, plunder, food, costs):
            out.append(u)
    return out


@static
def unit_costs(ctx: "Ctx", faction: str) -> list:
    """The faction's Units, each with its costs as (Salt, Plunder, Food, any resource) tuples."""
    return [(u, [(c.salt, c.plunder, c.food, c.any) for c in u.costs]) for u in ctx.cat.factions[faction].units]


def _defence_options(ctx: "Ctx", faction: str, plunder: int, spots: list[str], opts: list[Option]) -> None:
    """Add the Tower and Wall options of `faction`'s Havens among `spots` (a Tower before a Wall on
    each) to `opts`."""
    hexes = ctx.state.hexes
    towers_left = walls_left = 0
    for hid in spots:
        h = hexes[hid]
        if h.haven == faction and not (h.tower and h.wall):
            towers_left, walls_left = pieces.towers_and_walls_left(ctx)
            break
    tower = plunder >= ctx.cat.tower_cost and towers_left > 0
    wall = plunder >= ctx.cat.wall_cost and walls_left > 0
    if not (tower or wall):
        return
    for hid in spots:
        h = hexes[hid]
        if h.haven != faction:
            continue
        if tower and not h.tower:
            opts.append(defence_option(ctx, hid, "tower"))
        if wall and not h.wall:
            opts.append(defence_option(ctx, hid, "wall"))


@per_hex
def unit_option(ctx: "Ctx", hid: str, unit: str) -> Option:
    return option(f"build:{unit}:{hid}", f"Build {ctx.cat.units[unit].name} on {ctx.hex_label(hid)}", "build",
                  (ref("unit", unit), ref("hex", hid)))


@per_hex
def defence_option(ctx: "Ctx", hid: str, kind: str) -> Option:
    """A Tower or a Wall (`kind`) on `hid`."""
    name, cost = ("Tower", ctx.cat.tower_cost) if kind == "tower" else ("Wall", ctx.cat.wall_cost)
    return option(f"{kind}:{hid}", f"Build a {name} on {ctx.hex_label(hid)}", "build", (ref("hex", hid),),
                  OptionCost(plunder=cost))


DONE_BUILDING = option("done", "Done building", "done")


def build_for(ctx: "Ctx", p: "Player") -> Gen:
    st = ctx.state
    yield from draw_feats(ctx, p, 2, 1)
    spots = pieces.havens_of(ctx, p.faction)  # where Units and defences are built
    if not spots:
        cands = [h.id for h in st.hexes.values() if h.explored and h.empty]
        if cands:
            hid = yield from pieces.choose_hex(ctx, p.faction, "no_haven_hex",
                                               "You have no Haven: where does your Hero gather an army?", cands)
            if hid != p.hero_hex:
                ctx.emit(HeroMoved(p.faction, p.hero_hex, hid, "gather"))
                p.hero_hex = hid
            spots = [hid]
    built_on: list[str] = []  # hexes that received Units: any combat they owe is fought at the end
    traded = False
    while True:
        pick = yield from ctx.ask(p.faction, "build", f"{ctx.name(p.faction)}: build",
                                  build_options(ctx, p, spots, traded))
        if pick == "done":
            for hid in built_on:  # all the Units built on a hex fight together (ruling 41)
                yield from settle(ctx, hid, attacker=p.faction)
            return
        kind, _, rest = pick.partition(":")
        if kind == "build":
            unit, hid = rest.split(":")
            costs = ctx.cat.units[unit].costs
            way = yield from choose_payment(ctx, p, f"Pay for {ctx.name(unit)}", lambda: payments(p, costs))
            if way is None:
                continue  # cancelled: back to the Build, nothing paid
            pay(ctx, p, "build_unit", **way)
            build_unit(ctx, p, unit, hid, "built")
            if hid not in built_on:
                built_on.append(hid)
            if hid == ctx.board.capital and capital_owed(ctx):
                yield from capital_legion(ctx)  # the Capital rule: the Legion comes at once
        elif kind in ("tower", "wall"):
            h = st.hexes[rest]
            pay(ctx, p, f"build_{kind}", plunder=ctx.cat.tower_cost if kind == "tower" else ctx.cat.wall_cost)
            setattr(h, kind, True)
            ctx.emit(DefenseBuilt(p.faction, kind, rest))
        elif kind == "card":
            yield from use_card(ctx, p, rest)
        elif kind in ("give", "ask", "give_item", "ask_item"):
            yield from run_transfer(ctx, p, pick)
        else:
            traded = traded or pick == "trade:ap"
            apply_always(ctx, p, pick)


@caused_by("rule", "build_phase")
def build_phase(ctx: "Ctx") -> Gen:
    phase(ctx, "build")
    for p in ctx.state.seat_order():
        yield from build_for(ctx, p)


# ------------------------------------------------------------------ Production and Scoring
@caused_by("rule", "production_phase")
def production(ctx: "Ctx") -> Gen:
    """The Production Phase with its ALWAYS window."""
    phase(ctx, "production")
    yield from always.windows(ctx, "production")
    produce(ctx)


@caused_by("rule", "production_phase")
def production_phase(ctx: "Ctx") -> None:
    """The Production Phase without the window (for fixtures)."""
    phase(ctx, "production")
    produce(ctx)


def produce(ctx: "Ctx") -> None:
    for p in ctx.state.seat_order():
        s, pl, f = faction_production(ctx, p.faction)
        ctx.emit(Produced(p.faction, s, pl, f))
        gain(ctx, p, "production", salt=s, plunder=pl, food=f)


@caused_by("rule", "scoring_phase")
def scoring_phase(ctx: "Ctx") -> Gen:
    st = ctx.state
    phase(ctx, "scoring")
    for side in ("empire", "chaos"):
        vp = tally.announce(ctx, side, tally.nemesis_terms(ctx, side))
        tally.empty_graveyard(ctx, side)
        add_vp(ctx, side, vp, "scoring")
    for p in st.seat_order():
        add_vp(ctx, p.faction, tally.announce(ctx, p.faction, tally.player_terms(ctx, p.faction)), "scoring_havens")
    # every purchase of the phase is offered the same: a VP for each faction in seat order, or none
    opts = tuple(vp_option(ctx, q.faction) for q in st.seat_order()) + (KEEP_RESOURCES,)
    for p in st.seat_order():
        while True:
            if p.salt + p.plunder + p.food < 5:  # no purchase would ask: a window (AP to trade, a card)
                yield from always.window(ctx, p, "scoring")
                if p.salt + p.plunder + p.food < 5:
                    break
            pick = yield from ctx.ask(p.faction, "buy_vp", "Scoring: turn 5 resources into 1 VP?", opts)
            if pick == "done":
                break
            way = yield from choose_payment(ctx, p, "Which 5 resources?", lambda: five_ways(p),
                                            options=lambda: five_way_options(p))
            if way is None:
                continue  # cancelled: asked again, nothing paid
            pay(ctx, p, "bought_vp", **way)
            to = pick.split(":", 1)[1]
            ctx.emit(ScoreTerm(to, tally.BOUGHT, 5, 1))
            add_vp(ctx, to, 1, "bought_vp")


KEEP_RESOURCES = option("done", "Keep your resources", "done")


@static
def vp_option(ctx: "Ctx", faction: str) -> Option:
    return option(f"vp:{faction}", f"Spend 5 resources: 1 VP for {ctx.name(faction)}", "choice", (ref("faction", faction),))


_FIVE_WAY_OPTIONS: dict[tuple[int, int, int], tuple[Option, ...]] = {}


def five_way_options(p: "Player") -> tuple[Option, ...]:
    """``pay_options(five_ways(p))``, kept: the ways depend only on how much of each resource
    `p` holds up to 5."""
    s, pl, f = p.salt, p.plunder, p.food
    key = (s if s < 5 else 5, pl if pl < 5 else 5, f if f < 5 else 5)  # (min(5, ...) spelled out)
    got = _FIVE_WAY_OPTIONS.get(key)
    if got is None:
        got = _FIVE_WAY_OPTIONS[key] = tuple(pay_options(five_ways(p)))
    return got


def five_ways(p: "Player") -> list[dict[str, int]]:
    """Every way `p` can pay 5 resources."""
    ways = []
    for s in range(min(5, p.salt) + 1):
        for pl in range(min(5 - s, p.plunder) + 1):
            f = 5 - s - pl
            if f <= p.food:
                ways.append({"salt": s, "plunder": pl, "food": f})
    return ways


def verdict(ctx: "Ctx") -> None:
    st = ctx.state
    st.phase = "over"
    losers_e = [p.faction for p in st.players if p.vp <= st.vp_empire]
    losers_c = [p.faction for p in st.players if p.vp <= st.vp_chaos]
    if not losers_e and not losers_c:
        text, winners = "the players win", tuple(p.faction for p in st.players)
    elif losers_e and losers_c:
        text, winners = "the Empire and Chaos win", ("empire", "chaos")
    elif losers_e:
        text, winners = "the Empire wins", ("empire",)
    else:
        text, winners = "Chaos wins", ("chaos",)
    st.verdict = text
    vp = tuple([(p.faction, p.vp) for p in st.players] + [("empire", st.vp_empire), ("chaos", st.vp_chaos)])
    ctx.emit(GameOver(text, vp, winners))


def play(ctx: "Ctx") -> Gen:
    """The whole game (Game.start has announced it with GameStarted)."""
    st = ctx.state
    for chapter in range(1, st.chapters + 1):
        st.chapter = chapter
        yield from refresh_phase(ctx)
        yield from events_phase(ctx)
        yield from build_phase(ctx)
        yield from actions_phase(ctx)
        with ctx.cause(SourceRef("rule", "nemesis_phase")):
            phase(ctx, "nemesis")
            yield from nemesis_phase(ctx)
        yield from production(ctx)
        yield from scoring_phase(ctx)
    with ctx.cause(SourceRef("rule", "game_end")):
        verdict(ctx)
