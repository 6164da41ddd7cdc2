"""Hero Dice and Quests: rolling, goals, solve/fail, rewards, and the Quest offer."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Generator

from .cards import can_use_card, card_option, card_use, draw, pay_card_cost
from .combat.dice import reroll_choices
from ..face.decision import CANCELLED, Decision, Option, option, ref
from .economy import add_ap
from ..ops.executor import Source, run_effect
from ..face.events import HeroRolled, Note, QuestResolved, QuestsDealt, QuestsDiscarded, QuestTaken
from ..face.refs import SourceRef
from ..table.state import CardState

if TYPE_CHECKING:
    from .context import Ctx
    from ..table.state import Player

Gen = Generator[Decision, str, object]
COLOURS = ("white", "yellow", "red", "blue", "purple", "black")
DONE_CHOOSING = option("done", "Done choosing", "done")


def colour_options() -> list[Option]:
    """Any die colour (a bonus die of the player's choice)."""
    return [option(f"colour:{c}", c.capitalize(), "choice", (ref("colour", c),)) for c in COLOURS]


def hero_pool(p: "Player") -> list[str]:
    return ["red"] * p.might + ["purple"] * p.magic + ["blue"] * p.leadership


def choose_guile(ctx: "Ctx", p: "Player", *, cancel: bool = False, source=None) -> Gen:
    """The Guile dice (white or yellow for each point); None if the player cancels."""
    g = p.guile
    if g <= 0:
        return []
    opts = [option(f"guile:{g - y}w{y}y", f"{g - y} white + {y} yellow", "choice",
                   (ref("colour", "white"),) * (g - y) + (ref("colour", "yellow"),) * y) for y in range(g + 1)]
    pick = yield from ctx.ask(p.faction, "guile_dice", "Guile: choose white or yellow for each point", opts,
                              cancel=cancel, source=source)
    if pick == "cancel":
        return None
    pick = pick.split(":")[1]
    w, y = int(pick.split("w")[0]), int(pick.split("w")[1][:-1])
    return ["white"] * w + ["yellow"] * y


def roll_pool(ctx: "Ctx", p: "Player", pool: list[str]) -> list[tuple[str, tuple]]:
    faces = [(c, ctx.dice.roll(c)) for c in pool]
    ctx.emit(HeroRolled(p.faction, tuple(faces)))
    return faces


def roll_hero_dice(ctx: "Ctx", p: "Player", extra: list[str]) -> Gen:
    pool = hero_pool(p) + (yield from choose_guile(ctx, p)) + list(extra)
    return roll_pool(ctx, p, pool)


def deal_quest(ctx: "Ctx") -> Gen:
    qid = draw(ctx, "quest")
    if qid is None:
        ctx.emit(Note("quest_deck_empty"))
        return
    ctx.state.quest_offer.append(qid)
    ctx.emit(QuestsDealt(tuple(ctx.state.quest_offer)))
    q = ctx.cat.quests[qid]
    if q.immediate:  # resolved like a Legion's or Horde's: the first player decides for the Nemesis
        ctx.nemesis_depth += 1
        try:
            with ctx.cause(SourceRef("quest", qid, "immediate")):
                yield from run_effect(ctx, q.immediate, Source(ctx.state.first.faction, None, qid))
        finally:
            ctx.nemesis_depth -= 1


def bonus_dice(ctx: "Ctx", p: "Player", qid: str, *, cancel: bool = False) -> Gen:
    """Dice a Quest grants when the Hero meets its condition; None if the player cancels."""
    st = ctx.state
    h = st.hexes[p.hero_hex]
    out: list[str] = []
    for b in ctx.cat.quests[qid].bonus:
        terrain = None if (h.curse or not h.explored) else ctx.cat.hexes[h.tile].terrain
        met = (b.when == "always"
               or (b.when == "terrain" and terrain == b.terrain)
               or (b.when == "curse" and h.curse)
               or (b.when == "sea_tower" and ctx.board.is_sea_tower(h.id))
               or (b.when == "haven" and h.haven == p.faction))
        if not met:
            continue
        out.extend(b.dice)
        for _ in range(b.any_die):
            pick = yield from ctx.ask(p.faction, "die_colour", "Quest bonus: which die do you add?", colour_options(),
                                      cancel=cancel, source=SourceRef("quest", qid))
            if pick == "cancel":
                return None
            out.append(pick.split(":")[1])
    return out


def quest_card_window(ctx: "Ctx", p: "Player", *, after: bool, pool: list | None = None,
                      faces: list | None = None, source=None) -> Gen:
    """Offer the Quest cards: before rolling those that add dice, after rolling those that reroll."""
    while True:
        usable = []
        for c in p.items + p.feats:
            use, eff = card_use(ctx, c.id)
            if c.face_up and use is not None and use.when == "quest" and can_use_card(ctx, p, c.id) \
                    and any(op.op == "reroll" for op in eff) == after:
                usable.append(c.id)
        if not usable:
            return
        done = "Keep the roll" if after else "Roll the dice"
        opts = [card_option(ctx, c) for c in usable] + [option("done", done, "done")]
        pick = yield from ctx.ask(p.faction, "quest_card", f"{'After' if after else 'Before'} rolling: use a card?", opts,
                                  source=source)
        if pick == "done":
            return
        cid = pick.split(":", 1)[1]
        _, eff = card_use(ctx, cid)
        pay_card_cost(ctx, p, cid)
        yield from run_effect(ctx, eff, Source(p.faction, p.hero_hex, cid, pool=pool, faces=faces))


def reroll_hero_dice(ctx: "Ctx", p: "Player", faces: list, count, only: str) -> Gen:
    """Reroll up to `count` ('any', 'all') of the Hero Dice just rolled, in place."""
    def ok(f) -> bool:
        return only == "any" or (only == "blank" and not f) or (only == "non_bolt" and "bolt" not in f)
    idx = [i for i, (_, f) in enumerate(faces) if ok(f)]
    chosen: list[int] = idx if count == "all" else []
    limit = len(idx) if count in ("any", "all") else count
    while count != "all" and len(chosen) < limit:
        left = [i for i in idx if i not in chosen]
        if not left:
            break
        opts = reroll_choices(faces, left)
        pick = yield from ctx.ask(p.faction, "reroll", "Reroll which Hero Die?", opts + [DONE_CHOOSING],
                                  chosen=tuple(ref("die", str(i)) for i in chosen))
        if pick == "done":
            break
        chosen.append(int(pick.split(":")[1]))
    for i in chosen:
        faces[i] = (faces[i][0], ctx.dice.roll(faces[i][0]))
    if chosen:
        ctx.emit(HeroRolled(p.faction, tuple(faces), tuple(chosen)))


def attempt_quest(ctx: "Ctx", p: "Player", qid: str | None = None, bonus: list[str] | None = None,
                  ignore_failure: bool = False, free: bool = False, action: bool = False) -> Gen:
    """Attempt a Quest. As the Quest Action (`action`), the Hero Dice are chosen first with
    ``cancel`` on offer, and the AP is paid once they are (before any card or roll); returns
    CANCELLED if the player backs out."""
    st = ctx.state
    if qid is None:
        if not st.quest_offer:
            ctx.emit(Note("no_quest_on_offer"))
            return
        opts = [option(f"quest:{q}", ctx.name(q), "quest", (ref("card", q),)) for q in st.quest_offer]
        qid = (yield from ctx.ask(p.faction, "choose_quest", "Which Quest do you attempt?", opts)).split(":", 1)[1]
    q = ctx.cat.quests[qid]
    guile = yield from choose_guile(ctx, p, cancel=action, source=SourceRef("quest", qid))
    if guile is None:
        return CANCELLED
    extra = yield from bonus_dice(ctx, p, qid, cancel=action)
    if extra is None:
        return CANCELLED
    if action:
        add_ap(ctx, p, -1, "quest")
    pool = hero_pool(p) + guile + list(bonus or []) + extra
    # Quest cards (e.g. Xyxrit Leaves) before rolling
    yield from quest_card_window(ctx, p, after=False, pool=pool, source=SourceRef("quest", qid))
    faces = roll_pool(ctx, p, pool)
    # ... and those that reroll Hero Dice (Seer's Bones) after rolling
    yield from quest_card_window(ctx, p, after=True, faces=faces, source=SourceRef("quest", qid))
    got = Counter(sym for _, f in faces for sym in f)
    met = [g for g in q.goals if got[g.symbol] >= g.count]
    solved = len(met) >= q.threshold
    ctx.emit(QuestResolved(p.faction, qid, len(met), "solves" if solved else "fails"))
    src = Source(p.faction, p.hero_hex, qid)
    if solved:
        with ctx.cause(SourceRef("quest", qid, "solve")):
            yield from run_effect(ctx, q.solve, src)
        for g in met:
            with ctx.cause(SourceRef("quest", qid, f"goal:{g.symbol}")):
                yield from run_effect(ctx, g.reward, src)
    elif not ignore_failure:
        with ctx.cause(SourceRef("quest", qid, "fail")):
            yield from run_effect(ctx, q.fail, src)
    if qid in st.quest_offer and not src.flags.get("keep"):
        st.quest_offer.remove(qid)
        if solved and src.flags.get("take"):
            p.quests.append(CardState(qid))
            ctx.emit(QuestTaken(p.faction, qid))
        else:
            st.quest_discard.append(qid)
            ctx.emit(QuestsDiscarded((qid,), "solved" if solved else "failed"))


def resolve_failure(ctx: "Ctx", p: "Player", qid: str) -> Gen:
    q = ctx.cat.quests[qid]
    src = Source(p.faction, p.hero_hex, qid)
    with ctx.cause(SourceRef("quest", qid, "fail")):
        yield from run_effect(ctx, q.fail, src)
    st = ctx.state
    if qid in st.quest_offer and not src.flags.get("keep"):
        st.quest_offer.remove(qid)
        st.quest_discard.append(qid)
        ctx.emit(QuestsDiscarded((qid,), "failure_resolved"))
