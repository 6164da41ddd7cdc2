"""Two games that differ only in hidden things: `twin(game, seed)` is a new game of the same setup
whose opening deal was changed in everything still hidden where `game` stands (deck orders past
the cards drawn so far, which Legions and Hordes are in the deck or the box, the Events to come,
Feat decks past the cards drawn, the tiles of the hexes still face down, swapped with tiles left
in the box), with `game`'s answers replayed: the same public history, another hidden deal."""
from __future__ import annotations

import random

from uprising_tui.engine import Game


def _never_drawn(initial: list[str], now: list[str]) -> int:
    """Where the part of `initial` not drawn yet starts (it is `now`'s top, in the same order)."""
    for j in range(len(initial) + 1):
        rest = initial[j:]
        if now[:len(rest)] == rest:
            return j
    return len(initial)


def changer(game: Game, seed: int):
    st, cat = game.state, game.cat
    r = random.Random(seed)

    def prepare(s) -> None:
        for name in ("item_deck", "quest_deck"):
            ini, cur = getattr(s, name), getattr(st, name)
            drawn = len(ini) - len(cur)
            assert ini[drawn:] == cur, f"{name}: reshuffled since the start (pick an earlier point)"
            rest = ini[drawn:]
            r.shuffle(rest)
            setattr(s, name, ini[:drawn] + rest)
        for d, b in (("legion_deck", "legion_box"), ("horde_deck", "horde_box")):
            back = [c for c in st.returned_once if c in getattr(st, d)]
            cur = [c for c in getattr(st, d) if c not in back]
            ini = getattr(s, d)
            drawn = len(ini) - len(cur)
            assert ini[drawn:] == cur, f"{d}: drawn from the box (pick an earlier point)"
            pool = ini[drawn:] + getattr(s, b)
            r.shuffle(pool)
            setattr(s, d, ini[:drawn] + pool[:len(cur)])
            setattr(s, b, pool[len(cur):])
        for i in range(st.events_revealed, len(s.events)):
            level = [k for k, e in cat.events.items() if e.level == i + 1 and not e.advanced]
            s.events[i] = r.choice(level)
        for p, q in zip(st.players, s.players):
            j = _never_drawn(q.feat_deck, p.feat_deck)
            rest = q.feat_deck[j:]
            r.shuffle(rest)
            q.feat_deck = q.feat_deck[:j] + rest
        down = [h.id for h in st.hexes.values() if not h.explored]
        used = {h.tile for h in s.hexes.values()}
        spare = [k for k, t in cat.hexes.items() if t.kind == "regular" and not t.advanced and k not in used]
        regular = [h for h in down if st.hexes[h].role != "sea_tower"]
        tiles = [s.hexes[h].tile for h in regular] + spare
        r.shuffle(tiles)
        for h, t in zip(regular, tiles):
            s.hexes[h].tile = t
        towers = [h for h in down if st.hexes[h].role == "sea_tower"]
        tt = [s.hexes[h].tile for h in towers]
        r.shuffle(tt)
        for h, t in zip(towers, tt):
            s.hexes[h].tile = t
    return prepare


def twin(game: Game, seed: int) -> Game:
    other = Game(game.setup, game.cat, prepare=changer(game, seed)).start()
    for a in game.answers:
        other.answer(a)
    assert other.public_view() == game.public_view(), "the twin's public history differs"
    assert other.checksum() != game.checksum(), "the twin's hidden deal is the same"
    return other
