"""The client's widgets, one per module. `map_widgets()` gives the map and its details panel:
the map lane's `HexMap`/`HexDetails` when they are there, the list stand-ins until then."""
from __future__ import annotations


def map_widgets() -> tuple[type, type]:
    try:
        from .hex_map import HexMap
        from .hex_details import HexDetails
    except ImportError:
        from .hex_list import HexListDetails as HexDetails
        from .hex_list import HexListMap as HexMap
    return HexMap, HexDetails
