"""Feats, Items and Quests held by players: drawing, the 10-card limit, using cards."""
from __future__ import annotations

from typing import TYPE_CHECKING, Generator, Iterable

from ..face.decision import Decision, Option, option, ref
from .causes import caused_by
from ..ops.executor import Source, run_effect
from ..table.memo import static
from ..face.events import CardDiscarded, CardFlipped, CardGained, CardUsed, DeckChanged, MarketDealt, Note, Reshuffled
from ..table.state import CardState

if TYPE_CHECKING:
    from .context import Ctx
    from ..table.state import Player

Gen = Generator[Decision, str, object]
CARD_LIMIT = 10


def draw(ctx: "Ctx", deck: str) -> str | None:
    """The top card of the Item or the Quest deck (`deck`: "item" / "quest"). An empty deck is
    made again from its discard pile, shuffled; None when both are empty."""
    st = ctx.state
    cards, discard = (st.item_deck, st.item_discard) if deck == "item" else (st.quest_deck, st.quest_discard)
    if not cards and discard:
        cards.extend(discard)
        discard.clear()
        ctx.rng.shuffle(cards)
        ctx.emit(Reshuffled(deck, len(cards)))
    if not cards:
        return None
    cid = cards.pop(0)
    ctx.emit(DeckChanged(deck, len(cards)))
    return cid


def refill_market(ctx: "Ctx") -> None:
    st = ctx.state
    while len(st.market) < 3:
        iid = draw(ctx, "item")
        if iid is None:
            break
        st.market.append(iid)
    ctx.emit(MarketDealt(tuple(st.market)))


def can_use_item(ctx: "Ctx", p: "Player", iid: str) -> bool:
    return meets(p, ctx.cat.items[iid].requires.items())


def meets(p: "Player", requires) -> bool:
    """Has the Hero of `p` each attribute an Item requires ((attribute, at least) pairs)?"""
    for a, n in requires:
        if getattr(p, a) < n:
            return False
    return True


def can_use_card(ctx: "Ctx", p: "Player", cid: str) -> bool:
    """Feats and Quests always; an Item only if the Hero has its attribute (one gained 'even if
    you could not use it' waits until the Hero can)."""
    return cid not in ctx.cat.items or can_use_item(ctx, p, cid)


def take_card(ctx: "Ctx", p: "Player", kind: str, cid: str, how: str) -> Gen:
    """Put a Feat or Item into play for `p`, then enforce the 10-card limit."""
    (p.feats if kind == "feat" else p.items).append(CardState(cid))
    ctx.emit(CardGained(p.faction, cid, how, kind))
    if len(p.feats) + len(p.items) > CARD_LIMIT:  # what enforce_limit checks first (skipped: one generator less)
        yield from enforce_limit(ctx, p)  # first: no other choice is asked while over the limit
    if kind == "feat" and cid in _attribute_feats(ctx.cat) and any(c.id == cid for c in p.feats):
        # attribute Feats take effect as they come into play (unless discarded at once for the limit)
        yield from run_effect(ctx, ctx.cat.feats[cid].effect, Source(p.faction, p.hero_hex, cid))


def _attribute_feats(cat) -> frozenset[str]:
    """The Build Feats of `cat` that gain an attribute (resolved as they come into play)."""
    _uses(cat)
    got = _TIMED.get(("attribute_feats",))
    if got is None:
        got = _TIMED[("attribute_feats",)] = frozenset(
            cid for cid, f in cat.feats.items()
            if f.use is not None and f.use.when == "build"
            and any(op.op in ("gain_attribute", "gain_choice") for op in f.effect))
    return got


@caused_by("rule", "card_limit")
def enforce_limit(ctx: "Ctx", p: "Player") -> Gen:
    while len(p.feats) + len(p.items) > CARD_LIMIT:
        opts = [option(f"card:{c.id}", ctx.name(c.id), "card", (ref("card", c.id),)) for c in p.feats + p.items]
        cid = (yield from ctx.ask(p.faction, "card_limit", "Over 10 Feats and Items: discard one", opts)).split(":", 1)[1]
        discard_card(ctx, p, cid)


def discard_card(ctx: "Ctx", p: "Player", cid: str) -> None:
    """Feats go to the bottom of their deck; Items to the Market discard pile."""
    for c in p.feats:
        if c.id == cid:
            p.feats.remove(c)
            p.feat_deck.append(cid)
            ctx.emit(CardDiscarded(p.faction, cid, "feat_deck"))
            ctx.emit(DeckChanged("feat", len(p.feat_deck), p.faction))
            return
    for c in p.items:
        if c.id == cid:
            p.items.remove(c)
            ctx.state.item_discard.append(cid)
            ctx.emit(CardDiscarded(p.faction, cid, "item_discard"))
            return


def draw_feats(ctx: "Ctx", p: "Player", count: int, keep: int) -> Gen:
    drawn = [p.feat_deck.pop(0) for _ in range(min(count, len(p.feat_deck)))]
    if not drawn:
        ctx.emit(Note("feat_deck_empty", (p.faction,)))
        return
    ctx.emit(DeckChanged("feat", len(p.feat_deck), p.faction))
    kept: list[str] = []
    while len(kept) < min(keep, len(drawn)):
        opts = [feat_option(ctx, f) for f in drawn if f not in kept]
        fid = (yield from ctx.ask(p.faction, "keep_feat", "Keep which Feat?", opts)).split(":", 1)[1]
        kept.append(fid)
    back = [f for f in drawn if f not in kept]
    if back:
        p.feat_deck.extend(back)
        ctx.emit(DeckChanged("feat", len(p.feat_deck), p.faction))
    for f in kept:
        yield from take_card(ctx, p, "feat", f, "drawn")


@static
def feat_option(ctx: "Ctx", fid: str) -> Option:
    """``feat:<fid>``: a Feat to keep."""
    return option(f"feat:{fid}", ctx.name(fid), "card", (ref("card", fid),))


@static
def card_option(ctx: "Ctx", cid: str) -> Option:
    """``card:<cid>``, "Use <card>" (group ``card``): a card's option."""
    return option(f"card:{cid}", f"Use {ctx.name(cid)}", "card", (ref("card", cid),))


def card_def(ctx: "Ctx", cid: str):
    return ctx.cat.feats.get(cid) or ctx.cat.items.get(cid) or ctx.cat.quests.get(cid)


# [the catalog, its table]: the catalog itself, not a weak reference (a call fewer each time a
# card's timing is looked up; one catalog kept alive at most)
_USES: list = [None, None]


def _uses(cat) -> dict[str, tuple]:
    """(timing, effect) of every Feat, Item and Quest of a catalog, built once per catalog."""
    indexed, table = _USES
    if indexed is not cat:
        table = {cid: (d.use, d.effect) for t in (cat.feats, cat.items) for cid, d in t.items()}
        table.update({cid: (q.ongoing, q.ongoing_effect) for cid, q in cat.quests.items()})
        _USES[:] = [cat, table]
        _COMBAT_CARDS.clear()
        _TIMED.clear()
        _USABLE.clear()
        _COMBAT_AT.clear()
        _COMBAT_CARDS.update(cid for cid, (use, eff) in table.items() if use is not None and use.when == "combat" and eff)
    return table


_COMBAT_CARDS: set[str] = set()  # the cards of _USES's catalog with an effect used in combat
# combat_cards_at's answers for _USES's catalog, by part, then step: asked at every card window of
# a player's side, by strings (no (part, step) key made and hashed per window; with the per-combat
# table it replaces, -0.55 M instructions over the 3 replayed games of bench_replay_instr.py)
_COMBAT_AT: dict[str, dict] = {}


def combat_cards(cat) -> set[str]:
    """The Feats, Items and Quests of `cat` whose timing is combat (and that do something)."""
    _uses(cat)
    return _COMBAT_CARDS


def combat_cards_at(cat, part: str, step: str | None) -> frozenset[str]:
    """The combat cards of `cat` whose timing takes this part of a combat (and, in an Archery
    or Clash round, this step)."""
    table = _uses(cat)
    by_step = _COMBAT_AT.get(part)
    if by_step is None:
        by_step = _COMBAT_AT[part] = {}
    got = by_step.get(step)
    if got is None:
        got = by_step[step] = frozenset(
            cid for cid in _COMBAT_CARDS
            if part in table[cid][0].parts and (part not in ("archery", "clash") or table[cid][0].step == step))
    return got


def card_use(ctx: "Ctx", cid: str):
    """A held card's timing and effect (a Quest's are its ongoing ones)."""
    return _uses(ctx.cat).get(cid, (None, []))


def pay_card_cost(ctx: "Ctx", p: "Player", cid: str) -> None:
    use, _ = card_use(ctx, cid)
    ctx.emit(CardUsed(p.faction, cid))
    if use.cost == "flip":
        for c in p.feats + p.items + p.quests:
            if c.id == cid and c.face_up:
                c.face_up = False
                ctx.emit(CardFlipped(p.faction, cid, False))
    elif use.cost == "discard":
        discard_card(ctx, p, cid)


_TIMED: dict = {}  # ("trigger", on), ("attribute_feats",) -> the cards of _USES's catalog they take
# `usable`'s timings (`when`) -> the cards of _USES's catalog they take: by `when` itself, not a
# ("usable", when) key made and hashed (its `when` with it) at each of the ~300 calls a game
# (-0.7 M instructions over the 3 replayed games of bench_replay_instr.py)
_USABLE: dict = {}


def _timed(cat, when) -> frozenset[str]:
    """The cards of `cat` that `usable(..., when)` may give: an effect, a timing in `when`, and
    not a Build card that gains an attribute (those are resolved when gained)."""
    table = _uses(cat)
    got = _USABLE.get(when)
    if got is None:
        ids = []
        for cid, (use, eff) in table.items():
            if use is None or not eff or use.when not in when:
                continue
            if use.when == "build" and any(op.op in ("gain_attribute", "gain_choice") for op in eff):
                continue
            ids.append(cid)
        got = _USABLE[when] = frozenset(ids)
    return got


def usable(ctx: "Ctx", p: "Player", when: Iterable[str]) -> list[str]:
    """Face-up cards of `p` whose timing is one of `when` (not combat: see combat.py)."""
    when = when if isinstance(when, (tuple, frozenset)) else frozenset(when)
    cat = ctx.cat
    timed = _USABLE.get(when) if _USES[0] is cat else None
    if timed is None:  # (the catalog indexed by _uses is another, or this timing is new)
        timed = _timed(cat, when)
    # the timing first: it rules out most cards cheaply; only Items have a requirement
    out = []
    for c in p.feats:
        if c.id in timed and c.face_up:
            out.append(c.id)
    for c in p.items:
        cid = c.id
        if cid in timed and c.face_up and can_use_item(ctx, p, cid):
            out.append(cid)
    for c in p.quests:
        if c.id in timed and c.face_up:
            out.append(c.id)
    return out


def use_card(ctx: "Ctx", p: "Player", cid: str) -> Gen:
    use, eff = card_use(ctx, cid)
    pay_card_cost(ctx, p, cid)
    yield from run_effect(ctx, eff, Source(p.faction, p.hero_hex, cid))


def triggered(ctx: "Ctx", on: str, only: str | None = None) -> list[tuple["Player", str]]:
    table = _uses(ctx.cat)
    key = ("trigger", on)
    waiting = _TIMED.get(key)  # the cards of the catalog whose ongoing effect waits for `on`
    if waiting is None:
        waiting = _TIMED[key] = frozenset(cid for cid, (use, _) in table.items()
                                          if use is not None and use.when == "trigger" and use.trigger == on)
    out = []
    for p in ctx.state.seat_order():
        if only is not None and p.faction != only:
            continue
        for cards in (p.feats, p.items, p.quests):
            for c in cards:
                if c.id in waiting and c.face_up:
                    out.append((p, c.id))
    return out


def fire_triggers(ctx: "Ctx", on: str, only: str | None = None) -> Gen:
    """Run the ongoing effects waiting for `on` (only `only`'s cards, when given)."""
    for p, cid in triggered(ctx, on, only):
        use, eff = card_use(ctx, cid)
        pay_card_cost(ctx, p, cid) if use.cost != "none" else ctx.emit(CardUsed(p.faction, cid))
        yield from run_effect(ctx, eff, Source(p.faction, p.hero_hex, cid))
