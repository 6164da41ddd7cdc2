"""One side's roll and one round of the exact odds (engine/odds/rolls.py, rounds.py),
against plain enumeration of every face."""
from __future__ import annotations

import itertools

import pytest

from uprising_tui.content.loader import default_catalog
from uprising_tui.engine.odds.foes import druid_model
from uprising_tui.engine.odds.rolls import Faces
from uprising_tui.engine.odds.rounds import (BOLTS_GODPOWER, BOLTS_SKELETONS, BOLTS_UNUSED, GodpowerRound,
                                             RoundKey, Rounds, resolve)

CAT = default_catalog()


def faces_of(colour):
    return [(f.count("skull"), f.count("shield"), f.count("bolt")) for f in CAT.dice[colour].faces]


def test_a_side_is_the_joint_distribution_of_its_dice():
    """Skulls, Shields and Bolts of one side come from the same dice: a white die's
    Skull-and-Shield face gives both at once (no independence assumed)."""
    got = dict(Faces(CAT).side(("white", "blue")))
    want: dict = {}
    for a, b in itertools.product(faces_of("white"), faces_of("blue")):
        k = (a[0] + b[0], a[1] + b[1], a[2] + b[2], 0)
        want[k] = want.get(k, 0.0) + 1 / 36
    assert got.keys() == want.keys()
    for k in want:
        assert got[k] == pytest.approx(want[k], abs=1e-15)
    # one Skull and one Shield: white Skull-Shield + blue blank (1), white Skull + blue Shield
    # (2), white Shield + blue Skull (3), of 36
    assert got[(1, 1, 0, 0)] == pytest.approx(6 / 36)


def test_rerolls_take_the_first_blanks_in_order_and_budgets_follow_each_other():
    """Two budgets of 1 (as Woods then the Banished): a blank is rerolled by the first
    budget with some left; a reroll that comes up blank again may be taken by the next."""
    dice = ("yellow", "white")
    got = dict(Faces(CAT).side(dice, (1, 1)))
    want: dict = {}
    # brute force: each die rolls up to three times (first roll + two possible rerolls)
    per = [faces_of(c) for c in dice]
    for rolls in itertools.product(*[list(itertools.product(f, f, f)) for f in per]):
        p = (1 / 216) ** 2
        left = [1, 1]
        total = [0, 0, 0]
        for seq in rolls:
            face = seq[0]
            used = 1
            for i in range(2):
                if face == (0, 0, 0) and left[i] > 0:
                    left[i] -= 1
                    face = seq[used]
                    used += 1
            total = [total[j] + face[j] for j in range(3)]
        k = (total[0], total[1], total[2], 0)
        want[k] = want.get(k, 0.0) + p
    assert got.keys() == want.keys()
    for k in want:
        assert got[k] == pytest.approx(want[k], abs=1e-12)


def _brute(key: RoundKey) -> dict:
    """Every face of every die on both sides, resolved one pair at a time."""
    out: dict = {}
    mine = list(Faces(CAT).side(key.ours, key.our_budgets, key.track_blank))
    theirs = list(Faces(CAT).side(key.theirs, key.their_budgets, False))
    for u, pu in mine:
        for t, pt in theirs:
            r = resolve(u, t, key)
            out[r] = out.get(r, 0.0) + pu * pt
    return out


DRUIDS = tuple(druid_model(CAT, d) for d in ("deep_dweller", "treemother", "red_hand",  # Mountain Heart: unmodelled
                                               "wanderer", "silence", "shapeshifter", "faceless_one"))
KEYS = [
    RoundKey(("blue", "blue", "white"), (), False, ("blue", "blue"), (), True, True, BOLTS_UNUSED, None, (), "red"),
    RoundKey(("black", "purple", "red"), (), True, ("blue", "purple", "red", "yellow"), (), True, True,
             BOLTS_GODPOWER, GodpowerRound(1, False, skulls=2), DRUIDS, "red"),
    RoundKey(("red", "red", "blue"), (), True, ("purple", "purple", "blue", "red", "red"), (), True, False,
             BOLTS_GODPOWER, GodpowerRound(99, False, skulls=1), DRUIDS[2:], "red"),
    RoundKey(("purple", "white", "blue"), (2,), False, ("red", "red"), (), True, True, BOLTS_SKELETONS, None,
             DRUIDS, "red"),
    RoundKey(("black", "red"), (), False, ("purple", "blue", "white"), (), False, True, BOLTS_GODPOWER,
             GodpowerRound(1, True, track=True), (), "white"),
    RoundKey(("red", "purple"), (), True, ("blue", "red", "white", "white"), (2, 4), True, True, BOLTS_GODPOWER,
             GodpowerRound(1, False, shields=2, self_threat=2, track=True), DRUIDS[::-1], "red"),
]


@pytest.mark.parametrize("key", KEYS, ids=range(len(KEYS)))
def test_a_round_is_every_pair_of_rolls(key):
    """The grouped (and numpy) round equals resolving every pair of rolls one by one."""
    rounds = Rounds(Faces(CAT))
    want = _brute(key)
    for dist in (dict(rounds._dist_py(key)), dict(rounds._dist_np(key))):
        dist = {r: p for r, p in dist.items()}
        # Wanderer Skulls are rolled after: fold them back to compare
        folded: dict = {}
        for r, p in dist.items():
            k = r[:8] + (0,) + r[9:]
            folded[k] = folded.get(k, 0.0) + p
        brute: dict = {}
        for r, p in want.items():
            k = r[:8] + (0,) + r[9:]
            brute[k] = brute.get(k, 0.0) + p
        assert folded.keys() == brute.keys()
        for k in brute:
            assert folded[k] == pytest.approx(brute[k], abs=1e-12)
        assert sum(dist.values()) == pytest.approx(1.0)


def test_players_bolts_cancel_a_shield_only_when_a_skull_gets_through():
    """The policy: with 1 Skull against 2 Shields a Bolt fires a Druid (+2 Skulls), not a
    Shield it cannot get a Skull past; with 2 Skulls against 2 Shields it cancels one."""
    thorn = (druid_model(CAT, "deep_dweller"),)
    key = RoundKey((), (), False, (), (), True, True, BOLTS_UNUSED, None, thorn, "red")
    # (our Skulls, Shields, Bolts, blank) against (their Skulls, Shields, Bolts)
    r = resolve((1, 0, 1, 0), (0, 2, 0, 0), key)
    assert r[0] == 1 and r[11] == ("deep_dweller",)  # 1 + 2 Skulls through 2 Shields
    r = resolve((2, 0, 1, 0), (0, 2, 0, 0), key)
    assert r[0] == 1 and r[11] == ()  # a Shield cancelled: 1 Skull through


def test_the_nemesis_fires_its_godpower_then_cancels_our_shields():
    gp = GodpowerRound(1, False, skulls=2)
    key = RoundKey((), (), False, (), (), True, True, BOLTS_GODPOWER, gp, (), "red")
    # 3 Bolts: one fires (+2 Skulls), two cancel two of our three Shields
    r = resolve((0, 3, 0, 0), (1, 0, 3, 0), key)
    assert r[1] == 2  # 1 + 2 Skulls against the 1 Shield left
    # the Spymaster: our Shields do not count
    key = key._replace(our_shields=False)
    assert resolve((0, 3, 0, 0), (1, 0, 3, 0), key)[1] == 3
