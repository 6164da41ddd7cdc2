"""Sampled worlds: private copies of a game in which nothing hidden is the real thing.

A search bot must not know what the table does not: the order of the decks, the tiles of
face-down hexes, the Events to come, which Legions and Hordes were left in the box, the dice to
come. ``Sandboxes(game).world(seed)`` is a copy of `game` at its current Decision (a
:class:`fork.Mirror` fork) in which, once it stands there, every hidden thing is dealt again from
what is still unseen, in a canonical order (sorted ids, then shuffled by a RNG seeded with
`seed`), and the game's RNG is reseeded from that RNG. What the table does know is kept:

* the tiles seen face up, and at Nightmare and Apocalypse which advanced tiles are in play only
  as far as they were seen (the rest of the advanced ones in play are drawn again);
* the size of every deck; Feats put under a Feat deck (the player saw them: they stay at its
  bottom, in order, until the deck is shuffled or reaches them); Hordes put at the bottom of
  their deck; Quests seen before (a reshuffled discard pile is known to be in the deck);
* the Events already turned up.

So two games that differ only in hidden things give the same world for the same seed
(tests/test_sandbox.py), and the real deal cannot leak into what a bot plays out.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .face.events import DeckChanged, GameStarted, QuestsDealt, Rewound
from .fork import Mirror

if TYPE_CHECKING:
    from ..content.loader import Catalog
    from .game import Game
    from .table.state import GameState

# how many advanced cards of each kind a difficulty adds at random ("all": every one; setup.py)
ADVANCED_TILES = {"nightmare": 2, "apocalypse": "all"}
ADVANCED_TOWERS = {"nightmare": 1, "apocalypse": "all"}
ADVANCED_EVENTS = {"nightmare": 1, "apocalypse": "all"}


def _shuffled(rng: random.Random, cards) -> list[str]:
    out = sorted(cards)
    rng.shuffle(out)
    return out


def _in_play(rng: random.Random, advanced: list[str], how, seen: set[str]) -> list[str]:
    """The advanced cards of a kind in play: those seen, and the rest of the `how` drawn again
    from the advanced ones not seen."""
    unseen = [a for a in advanced if a not in seen]
    if how == "all":
        return sorted(advanced)
    count = int(how or 0) - sum(1 for a in advanced if a in seen)
    return sorted([a for a in advanced if a in seen] + _shuffled(rng, unseen)[:max(0, count)])


def shuffling_cards(cat: "Catalog") -> frozenset[str]:
    """Cards with an effect that shuffles a Feat deck (a Feat searched for, then a shuffle)."""
    found: set[str] = set()

    def walk(card: str, value) -> None:
        if isinstance(value, (list, tuple)):
            for v in value:
                walk(card, v)
        elif hasattr(value, "__fields__"):
            if getattr(value, "op", None) == "gain_feat" and getattr(value, "shuffle", False):
                found.add(card)
            for name in value.__fields__:
                walk(card, getattr(value, name))

    for table in (cat.feats, cat.items, cat.quests, cat.hexes, cat.events, cat.legions, cat.hordes, cat.druids):
        for cid, rec in table.items():
            walk(cid, rec)
    return frozenset(found)


class Known:
    """What the table knows of the hidden things besides the public view, followed from a mirror's
    events: the Feats put under each Feat deck (the bottom of it, in order), and every Quest ever
    dealt face up."""

    def __init__(self, cat: "Catalog"):
        self._game_of = lambda: None  # () -> the mirror's game (its state is read as events come)
        self._shuffles = shuffling_cards(cat)
        self.reset()

    def reset(self) -> None:
        self.bottoms: dict[str, list[str]] = {}  # faction -> the known bottom of its Feat deck
        self.sizes: dict[str, int] = {}
        self.quests_seen: set[str] = set()

    def __call__(self, e) -> None:
        kind = type(e)
        if kind is Rewound:
            self.reset()
        elif kind is GameStarted:
            self.reset()
            for p in self._game_of().state.players:
                self.sizes[p.faction] = len(p.feat_deck)
        elif kind is QuestsDealt:
            self.quests_seen.update(e.cards)
        elif kind is DeckChanged and e.deck == "feat" and e.faction is not None:
            self._feat_deck(e)

    def _feat_deck(self, e) -> None:
        deck = self._game_of().state.player(e.faction).feat_deck
        before = self.sizes.get(e.faction, len(deck))
        known = [c for c in self.bottoms.get(e.faction, []) if c in deck]
        if e.source is not None and e.source.id in self._shuffles and len(deck) < before:
            known = []  # a Feat searched for: the deck is shuffled next
        elif len(deck) > before:
            known += deck[before:]  # put under the deck, seen by its player
        self.bottoms[e.faction] = known[len(known) - min(len(known), len(deck)):]
        self.sizes[e.faction] = len(deck)


def redeal(game: "Game", rng: random.Random, known: Known) -> None:
    """Deal every hidden thing of `game` again from the unseen, then reseed its RNG (see above)."""
    st, cat, diff = game.state, game.cat, game.setup.difficulty
    _tiles(st, cat, diff, rng)
    _nemesis_decks(st, rng)
    _events(st, cat, diff, rng)
    st.item_deck = _shuffled(rng, st.item_deck)
    _quests(st, cat, rng, known.quests_seen)
    for p in st.players:  # seat order: a canonical order
        bottom = [c for c in known.bottoms.get(p.faction, []) if c in p.feat_deck]
        rest = [c for c in p.feat_deck if c not in bottom]
        p.feat_deck = _shuffled(rng, rest) + bottom
    game.board.touch()
    game.rng.seed(rng.getrandbits(64))


def _tiles(st: "GameState", cat: "Catalog", diff: str, rng: random.Random) -> None:
    down = [h for h in st.hexes.values() if not h.explored]
    if not down:
        return
    seen = {h.tile for h in st.hexes.values() if h.explored}
    pools = {}
    for kind, adv_how in (("regular", ADVANCED_TILES), ("sea_tower", ADVANCED_TOWERS)):
        base = [k for k, t in cat.hexes.items() if t.kind == kind and not t.advanced]
        adv = [k for k, t in cat.hexes.items() if t.kind == kind and t.advanced]
        pool = [k for k in base if k not in seen] + [a for a in _in_play(rng, adv, adv_how.get(diff, 0), seen)
                                                    if a not in seen]
        pools[kind] = _shuffled(rng, pool)
    for h in down:  # map order: canonical
        if h.role == "sea_tower" and pools["sea_tower"]:
            h.tile = pools["sea_tower"].pop()
        elif pools["regular"]:
            h.tile = pools["regular"].pop()


def _nemesis_decks(st: "GameState", rng: random.Random) -> None:
    for deck_name, box_name in (("legion_deck", "legion_box"), ("horde_deck", "horde_box")):
        deck, box = getattr(st, deck_name), getattr(st, box_name)
        bottom = [c for c in st.returned_once if c in deck]  # put at the bottom of the deck, in that order
        unseen = _shuffled(rng, [c for c in deck + box if c not in bottom])
        top = len(deck) - len(bottom)
        setattr(st, deck_name, unseen[:top] + bottom)
        setattr(st, box_name, unseen[top:])


def _events(st: "GameState", cat: "Catalog", diff: str, rng: random.Random) -> None:
    how = ADVANCED_EVENTS.get(diff, "none")
    for i in range(st.events_revealed, len(st.events)):
        level = i + 1
        base = sorted(k for k, e in cat.events.items() if e.level == level and not e.advanced)
        adv = sorted(k for k, e in cat.events.items() if e.level == level and e.advanced)
        pick = base + (adv if how == "all" else _shuffled(rng, adv)[:int(how)] if how != "none" else [])
        st.events[i] = pick[rng.randrange(len(pick))]


def _quests(st: "GameState", cat: "Catalog", rng: random.Random, seen: set[str]) -> None:
    """Quests seen before and in the deck again (a reshuffled discard pile) and the basic ones
    never seen are known to be in it; of the advanced ones in play and never seen only the number
    is known (the difficulty's count less those seen): they are drawn again from every advanced
    Quest never seen."""
    quests = cat.quests
    keep = [q for q in st.quest_deck if q in seen or not quests[q].advanced]
    hidden = sum(1 for q in st.quest_deck if q not in seen and quests[q].advanced)
    fresh = _shuffled(rng, [q for q, c in quests.items() if c.advanced and q not in seen])[:hidden]
    st.quest_deck = _shuffled(rng, keep + fresh)


class Sandboxes:
    """Sampled worlds of one game for a bot (see the module docstring). ``sync()`` follows the
    game's answers; ``world(seed)`` is a fresh copy at the game's current Decision."""

    def __init__(self, game: "Game"):
        self.known = Known(game.cat)
        self.mirror = _Following(game, self.known)

    def sync(self) -> int:
        return self.mirror.sync()

    @property
    def answers(self) -> int:
        return len(self.mirror.game.answers)

    def world(self, seed: int, at: int | None = None) -> "Game":
        g = self.mirror.fork(at)
        redeal(g, random.Random(seed), self.known)
        return g


class _Following(Mirror):
    """A Mirror whose event listeners are in place before its game starts (the known cards are
    followed from the first event)."""

    def __init__(self, game: "Game", known: Known):
        self._pre = [known]
        known._game_of = lambda: self._game
        super().__init__(game)

    def _new_mirror(self) -> "Game":
        self.listeners = list(getattr(self, "_pre", []))
        return super()._new_mirror()
