"""phases.can_pay (Build's quick check) says exactly what a non-empty economy.payments says."""
import itertools
from types import SimpleNamespace

from uprising_tui.content.models import Cost
from uprising_tui.engine.rules.economy import payments
from uprising_tui.engine.rules.phases import can_pay


def _player(salt: int, plunder: int, food: int) -> SimpleNamespace:
    have = {"salt": salt, "plunder": plunder, "food": food}
    return SimpleNamespace(**have, res=have.__getitem__)


def test_can_pay_agrees_with_payments_everywhere():
    costs = [Cost(salt=a, plunder=b, food=c, any=d)
             for a, b, c, d in itertools.product(range(3), range(3), range(3), range(4))]
    checked = 0
    for have in itertools.product(range(5), repeat=3):
        p = _player(*have)
        for c in costs:
            for alternatives in ([c], [c, costs[5]]):
                assert can_pay(p, alternatives) == bool(payments(p, alternatives)), (have, alternatives)
                checked += 1
    assert not can_pay(_player(9, 9, 9), [])
    assert checked == 125 * len(costs) * 2
