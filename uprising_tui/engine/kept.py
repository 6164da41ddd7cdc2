"""Engine modules imported on first use and kept.

Some engine modules import each other (a cycle), so one of the two can only import the other
inside a function. A function-level `from . import x` costs thousands of instructions on every
call in Python 3.11 (the import machinery looks the module up again each time), and these calls
lie on the hottest paths of a game. `kept_module` gives a function that imports its module on the
first call and hands back the same module object from then on."""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Callable


def kept_module(name: str) -> Callable[[], ModuleType]:
    """A function returning the engine module `name` ("fights", "op_handlers.x"), imported on its
    first call."""
    module: ModuleType | None = None

    def get() -> ModuleType:
        nonlocal module
        if module is None:
            module = importlib.import_module(f"{__package__}.{name}")
        return module

    get.__name__ = get.__qualname__ = f"_{name.rsplit('.', 1)[-1]}"
    get.__doc__ = f"{name}.py, imported on first use and kept (kept.py)."
    return get
