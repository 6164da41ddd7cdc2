"""Nothing hidden on the table reaches the public view, the events or a Decision.

Hidden: a face-down hex's tile (id and name), the cards of every face-down deck and box
(Legions, Hordes, Items, Quests, each Hero's Feats) until they have been seen, and the Events
of later Chapters. Checked after every answer of seeded games with every faction count, over
the whole public view, every event emitted since the last answer (sources included) and the
pending Decision (its prompt, options, labels, references and source). A Feat drawn and
put back under the deck, or searched for, was seen by its player and may be named after.
"""
from __future__ import annotations

import random

import pytest

from uprising_tui.bots import get_bot
from uprising_tui.engine import Game
from uprising_tui.engine.face.log import name_of

from .test_random_games import setup_for

SEEN_KINDS = ("keep_feat", "gain_feat")  # decisions that show a player cards of their own Feat deck


def strings(obj, out: set[str]) -> set[str]:
    """Every string inside a view, an event, a Decision (ids split at ':')."""
    if isinstance(obj, str):
        out.add(obj)
        out.update(obj.split(":"))
    elif isinstance(obj, (tuple, list, set, frozenset)):
        for x in obj:
            strings(x, out)
    elif hasattr(obj, "keys"):
        for k in obj.keys():
            strings(k, out)
            strings(obj[k], out)
    elif hasattr(obj, "__dataclass_fields__"):
        for f in obj.__dataclass_fields__:
            strings(getattr(obj, f), out)
    return out


class ViewStrings:
    """strings() of public views, remembering each hex, player and card view already walked
    (the cached view reuses the ones no event touched)."""

    def __init__(self):
        self.memo: dict[int, tuple[object, set[str]]] = {}

    def __call__(self, view) -> set[str]:
        out: set[str] = set()
        parts = list(view.hexes.values()) + list(view.players) + list(view.legions) + list(view.hordes)
        for part in parts:
            got = self.memo.get(id(part))
            if got is None or got[0] is not part:
                got = self.memo[id(part)] = (part, strings(part, set()))
            out |= got[1]
        rest = [getattr(view, f) for f in view._fields if f not in ("hexes", "players", "legions", "hordes")]
        return strings(rest, out)


class Secrets:
    """What is hidden now, from the state (the test may look; the table may not)."""

    def __init__(self, game):
        self.game = game
        self.seen: set[str] = set()
        self.names: dict[str, str] = {}

    def note_public(self) -> None:
        st = self.game.state
        seen = self.seen
        seen.update(st.market, st.item_discard, st.quest_offer, st.quest_discard, st.druids, st.returned_once,
                    st.legions, st.hordes, st.events[:st.events_revealed])
        for p in st.players:
            seen.update(c.id for c in p.feats + p.items + p.quests)
        d = self.game.decision
        if d is not None and d.kind in SEEN_KINDS:
            seen.update(o.card for o in d.options if o.card)

    def hidden(self) -> tuple[set[str], set[str]]:
        g, st = self.game, self.game.state
        face_up = {h.tile for h in st.hexes.values() if h.explored}
        ids = {h.tile for h in st.hexes.values() if not h.explored} - face_up
        decks = (st.legion_deck + st.legion_box + st.horde_deck + st.horde_box + st.item_deck + st.quest_deck
                 + st.events[st.events_revealed:] + [f for p in st.players for f in p.feat_deck])
        ids |= set(decks) - self.seen
        public_names = {self.name(x) for x in face_up | self.seen}
        names = {self.name(x) for x in ids} - public_names
        return ids, names

    def name(self, ident: str) -> str:
        got = self.names.get(ident)
        if got is None:
            got = self.names[ident] = name_of(self.game.cat, ident)
        return got


def check_game(g, choose) -> int:
    secrets = Secrets(g)
    view_strings = ViewStrings()
    logged = 0
    answers = 0
    while True:
        secrets.note_public()
        ids, names = secrets.hidden()
        where = f"after answer {answers}"
        leaked = view_strings(g.public_view()) & ids
        assert not leaked, f"{where}: the public view shows {sorted(leaked)}"
        for e in g.log[logged:]:
            leaked = strings(e, set()) & ids
            assert not leaked, f"{where}: {e.event_type} names {sorted(leaked)}: {e}"
        logged = len(g.log)
        d = g.decision
        if d is None:
            return answers
        if d.kind not in SEEN_KINDS:
            leaked = strings((d.actor, d.kind, d.prompt, d.options, d.source), set()) & ids
            assert not leaked, f"{where}: the {d.kind} decision shows {sorted(leaked)}"
            text = " ".join([d.prompt] + [o.label for o in d.options])
            said = [n for n in names if n in text]
            assert not said, f"{where}: the {d.kind} decision names {said}: {text}"
        g.answer(choose(g, d))
        answers += 1


@pytest.mark.parametrize("block", range(4))
def test_nothing_hidden_reaches_the_table_in_random_games(block):
    for seed in range(3000 + block * 10, 3000 + (block + 1) * 10):  # faction counts 1-4, every chapter count
        rng = random.Random(seed)
        assert check_game(Game(setup_for(seed)).start(), lambda g, d: rng.choice(d.options).id) > 0


@pytest.mark.parametrize("seed", [700, 701, 702, 703])
def test_nothing_hidden_reaches_the_table_in_heuristic_games(seed):
    bot = get_bot("heuristic", seed)
    check_game(Game(setup_for(seed)).start(), lambda g, d: bot.choose(g, d))


def test_the_checker_catches_a_leak():
    """The check can fail: a face-down tile's id slipped into an event is found."""
    from uprising_tui.engine.face.events import Note
    g = Game(setup_for(3)).start()
    face_down = next(h for h in g.state.hexes.values() if not h.explored)
    g.ctx.emit(Note("no_reinforce", (face_down.tile,)))
    with pytest.raises(AssertionError, match="names"):
        check_game(g, lambda g, d: d.options[0].id)


def test_a_face_down_hex_shows_no_tile_terrain_or_rotation():
    g = Game(setup_for(5)).start()
    for h in g.state.hexes.values():
        hv = g.public_view().hexes[h.id]
        if not h.explored:
            assert hv.tile is None and hv.rotation == 0 and hv.terrain in (None, "curse")
        else:
            assert hv.tile == h.tile


def test_the_event_threat_shows_only_once_an_event_is_revealed():
    g = Game(setup_for(6)).start()
    opening = g.log[0].view
    assert g.log[0].event_type == "GameStarted" and opening.phase == "setup"
    assert opening.event_threat == 0 and opening.event is None and opening.events_to_come == 3
    revealed = [e for e in g.log if e.event_type == "EventRevealed"]
    assert revealed and g.public_view().event_threat == g.cat.events[g.state.events[0]].threat == revealed[0].threat
