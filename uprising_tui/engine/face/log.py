"""Render GameEvents as readable lines: names instead of ids, our words for codes, the
Nemesis's reasons, and where it helps the source in brackets. Pure text, no terminal codes.

    render = LogRenderer(cat)          # remembers tiles and combat sides as events pass
    line = render(event)               # "" for events a reader need not see (deck counts, steps)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from .events import EVENT_TYPES, GameEvent
from .words import FALLBACKS, MOVE_RULES, NOTES, QUIET_SOURCES, REASONS, RULES, SCORE_TERMS, TARGET_REASONS

if TYPE_CHECKING:
    from ...content.loader import Catalog
    from .refs import SourceRef

SYMBOL = {"skull": "☠", "shield": "◈", "bolt": "↯"}  # the client's dice chips draw the same (tui/theme.py)
COLOUR_LETTER = {"white": "W", "yellow": "Y", "red": "R", "blue": "U", "purple": "P", "black": "K"}
NAMED_FIELDS = ("faction", "card", "unit", "to_unit", "owner", "by", "tile")
HEX_FIELDS = ("hex", "src", "dst")
SIDE_FIELDS = ("side", "side_a", "side_b", "winner")
CODE_FIELDS = ("reason", "how")
# events that change what the table shows but read as noise in a log (the client shows them)
QUIET = frozenset({"DeckChanged", "CombatStep", "TurnEnded", "CombatClosed", "ActivationTokenUsed", "PlayerPassed"})
SIDE_KIND = {"garrisons": "Garrisons", "skeletons": "Skeletons"}


def name_of(cat: "Catalog", ident) -> str:
    if not isinstance(ident, str):
        return "nobody" if ident is None else str(ident)
    for table in (cat.factions, cat.units, cat.heroes, cat.legions, cat.hordes, cat.items, cat.feats,
                  cat.quests, cat.druids, cat.events, cat.hexes):
        obj = table.get(ident)
        if obj is not None:
            return obj.name
    return {"empire": "The Empire", "chaos": "Chaos"}.get(ident, ident)


def dice_text(roll) -> str:
    """'U:☠ W:· K:☠☠☠' — colour letter and symbols, never colour alone."""
    if not roll:
        return "(no dice)"
    return " ".join(f"{COLOUR_LETTER.get(c, c)}:{face_text(f)}" for c, f in roll)


def face_text(face) -> str:
    return "".join(SYMBOL[s] for s in face) or "·"


def words(code: str, table: dict[str, str] = REASONS) -> str:
    """A code (or comma-joined codes) in our words; unknown codes as they are."""
    return "; ".join(table.get(c, c.replace("_", " ")) for c in code.split(",")) if code else ""


def source_text(src: "SourceRef", cat: "Catalog") -> str:
    """Why something happened, in words: 'Quest: The Lost Crypt (immediate)', 'Legion activation, step 2'."""
    kind, ident, detail = src
    if kind == "rule":
        text = RULES.get(ident, ident.replace("_", " "))
        return f"{text}, {detail.replace('_', ' ')}" if detail else text
    if kind == "action":
        return f"{ident.capitalize()} action"
    if kind == "godpower":
        text = f"Godpower of {name_of(cat, ident)}"
    elif kind == "ability":
        text = f"{name_of(cat, ident)}'s ability"
    elif kind == "terrain":
        text = ident.capitalize()
    else:
        text = f"{kind.capitalize()}: {name_of(cat, ident)}"
    return f"{text} ({detail.replace('_', ' ')})" if detail else text


def terrain_words(code: str) -> str:
    """A fight's terrain code in words: 'Ice Waste', 'Cursed', 'a face-down hex'."""
    return {"none": "a face-down hex", "curse": "Cursed"}.get(code, code.replace("_", " ").title())


def score_term(term: str, count: int) -> str:
    """'3 hexes with a Garrison', '1 Legion': a Scoring term and its count in words."""
    one, many = SCORE_TERMS.get(term, (term.replace("_", " "), term.replace("_", " ")))
    return f"{count} {one if count == 1 else many}"


def _hexes(hids, hex_names: dict[str, str] | None) -> str:
    return ", ".join(f"{h} {hex_names[h]}" if hex_names and h in hex_names else h for h in hids)


def render(event: GameEvent, cat: "Catalog", hex_names: dict[str, str] | None = None,
           sides: dict[str, str] | None = None, *, with_source: bool = True) -> str:
    """One event as a line. With `hex_names` (hex id -> tile name), hexes read 'H07 Rigga';
    `sides` (owner id -> label) names the sides of the combat in progress."""
    kind = event.event_type
    if kind in QUIET:
        return ""
    data = event.data()
    source = data.pop("source")
    raw = dict(data)
    if hex_names:
        for key in HEX_FIELDS:
            hid = data.get(key)
            if isinstance(hid, str) and hid in hex_names:
                data[key] = f"{hid} {hex_names[hid]}"
    for key in SIDE_FIELDS:
        if key in data:
            data[key] = (sides or {}).get(data[key]) or name_of(cat, data[key])
    if kind == "GameStarted":
        data["factions"] = ", ".join(name_of(cat, f) for f in data["factions"])
    for key in NAMED_FIELDS:
        if key in data:
            data[key] = name_of(cat, data[key])
    for key in CODE_FIELDS:
        if isinstance(data.get(key), str):
            data[key] = words(data[key])
    for key in ("dice", "dice_a", "dice_b"):
        if key in data and kind not in ("DiceRerolled",):
            data[key] = dice_text(data[key])
    if "cards" in data:
        data["cards"] = ", ".join(name_of(cat, c) for c in data["cards"]) or "(none)"
    line = _special(kind, data, raw, cat, hex_names)
    if line is None:
        try:
            line = type(event).template.format(**data)
        except (KeyError, ValueError, IndexError):
            line = f"{kind} {data}"
    if with_source and source is not None and (source.kind, source.id) not in QUIET_SOURCES \
            and source.kind != "action" and (source.detail or source.id not in raw.values()):
        line += f" [{source_text(source, cat)}]"
    return line


def _special(kind: str, data: dict, raw: dict, cat, hex_names) -> str | None:
    """Lines a plain template cannot say."""
    if kind == "ResourcesChanged":
        parts = [f"{v:+d} {k.capitalize()}" for k, v in (("salt", raw["salt"]), ("plunder", raw["plunder"]),
                                                         ("food", raw["food"])) if v]
        return f"{data['faction']} {', '.join(parts)} ({data['reason']})"
    if kind == "CombatTally":
        hits, blocked = data["skulls"], data["blocked"]
        extra = f", {blocked} blocked by Shields" if blocked else ""
        verb = "take" if data["side"] in SIDE_KIND.values() else "takes"  # 'Garrisons take', 'Druwhn takes'
        return f"{data['side']} {verb} {hits} {'hit' if hits == 1 else 'hits'}{extra}"
    if kind == "GameOver":
        vp = ", ".join(f"{name_of(cat, f)} {v}" for f, v in data["vp"])
        return f"Game over: {data['verdict']} — {vp}"
    if kind == "Note":
        args = [_hexes([a], hex_names) if hex_names and a in hex_names else name_of(cat, a) for a in raw["args"]]
        try:
            return NOTES.get(raw["code"], raw["code"]).format(*args)
        except IndexError:
            return raw["code"]
    if kind in ("NemesisMoved", "SkeletonsMoved"):
        who = data["card"] if kind == "NemesisMoved" else f"{raw['count']} Skeleton(s)"
        line = f"{who} {'moves' if kind == 'NemesisMoved' else 'move'} {data['src']} → {data['dst']}"
        why = [f"step {raw['step']}" if raw.get("step", "").isdigit() else raw.get("step", "")]
        if raw["rule"]:
            why.append(words(raw["rule"], MOVE_RULES))
        if len(raw["candidates"]) > 1:
            why.append(f"could go to {_hexes(raw['candidates'], hex_names)}")
        if len(raw["tied"]) > 1:
            why.append(f"tie among {_hexes(raw['tied'], hex_names)}")
        why = [w for w in why if w]
        return line + (f" ({'; '.join(why)})" if why else "")
    if kind in ("GarrisonPlaced", "SkeletonPlaced", "NemesisPlaced") and raw.get("fallback"):
        return _plain(kind, data) + f" ({words(raw['fallback'], FALLBACKS)})"
    if kind == "TargetPlaced":
        who = f" ({data['faction']})" if raw["faction"] else ""
        return f"{data['card']} targets {data['hex']}{who}: {words(raw['reason'], TARGET_REASONS)}"
    if kind == "CardFlipped":
        return f"{data['faction']}'s {data['card']} is turned {'face up' if raw['face_up'] else 'face down'}"
    if kind == "CardDiscarded":
        return f"{data['faction']} discards {data['card']} to {words(raw['to'])}"
    if kind == "ItemGiven":
        return f"{data['faction']} gives {data['card']} to {name_of(cat, raw['to'])}"
    if kind == "UnitDestroyed":
        return f"{data['unit']} of {data['owner']} destroyed on {data['hex']} → {words(raw['to'])}"
    if kind in ("GarrisonsRemoved", "SkeletonsRemoved"):
        what = (f"Garrison level(s) {', '.join(map(str, raw['levels']))}" if kind == "GarrisonsRemoved"
                else f"{raw['count']} Skeleton(s)")
        return f"{what} leave {data['hex']} → {words(raw['to'])} ({data['reason']})"
    if kind == "DiceRerolled":
        dice = ", ".join(f"{COLOUR_LETTER.get(c, c)}:{face_text(was)}→{face_text(now)}" for _, c, was, now in raw["dice"])
        return f"{data['side']} rerolls {dice}"
    if kind == "DieSet":
        return f"{data['side']} turns a {raw['colour']} die to {face_text(raw['face'])}"
    if kind == "DiceAdded":
        when = {"next_roll": "to this round's roll", "now": "at once",
                "after_damage": "after damage: their Skulls hit at once"}.get(raw["when"], raw["when"])
        dice = ", ".join(COLOUR_LETTER.get(c, c) for c, _ in raw["dice"]) if raw["when"] == "next_roll" else data["dice"]
        return f"{data['side']} adds {dice} {when}"
    if kind == "SymbolsAdded":
        parts = [f"{raw[s]} {SYMBOL[s]}" for s in ("skull", "shield", "bolt") if raw[s]]
        return f"{data['side']} adds {', '.join(parts)}" + (" after damage (they hit at once)" if raw["after_damage"] else "")
    if kind == "SymbolsCancelled":
        return f"{raw['count']} {SYMBOL[raw['symbol']]} of {data['side']} cancelled"
    if kind == "BoltSpent":
        use = {"shield": "cancels an enemy Shield" if raw["shield_broken"] else "no Shield to cancel",
               "none": "unused"}.get(raw["use"], f"Godpower of {name_of(cat, raw['card'])}")
        return f"{data['side']} spends a Bolt: {use}"
    if kind == "CombatSideChanged":
        return f"{data['side']} fight on as {SIDE_KIND.get(raw['kind']) or name_of(cat, raw['card'] or raw['side'])}"
    if kind == "CombatStarted":
        return f"Combat on {data['hex']}: {data['side_a']} vs {data['side_b']} ({terrain_words(raw['terrain'])})"
    if kind == "HeroMoved":
        return f"{data['faction']}'s Hero moves {data['src']} → {data['dst']}" + (
            f" ({data['reason']})" if raw["reason"] not in ("move", "command") else "")
    if kind == "HavenRemoved":
        return f"{data['faction']}'s Haven on {data['hex']} is removed ({data['reason']})"
    if kind == "ThreatChanged" and raw["overflow"]:
        return f"{data['card']} Threat {raw['old']} → {raw['new']} ({raw['overflow']} above its maximum)"
    if kind == "AttributeGained":
        return f"{data['faction']}'s Hero gains 1 {raw['attribute'].capitalize()}"
    if kind == "HexExplored":  # the hex by its id: the tile it turns out to be follows
        return f"{data['faction']} explores {raw['hex']}: {data['tile']}"
    if kind == "ScoreTerm":
        return f"{data['side']} scores {raw['vp']} VP for {score_term(raw['term'], raw['count'])}"
    if kind == "GraveyardEmptied":
        return f"{words(raw['side']).capitalize()} is emptied: its pieces go back to their reserves"
    if kind in ("DefenseBuilt", "DefenseRemoved"):
        what = raw["kind"].capitalize()
        if kind == "DefenseBuilt":
            return f"{data['faction']} builds a {what} on {data['hex']}"
        return f"The {what} on {data['hex']} is torn down"
    if kind == "HexOriented":
        return f"{data['faction']} turns {data['hex']}"
    return None


def _plain(kind: str, data: dict) -> str:
    return EVENT_TYPES[kind].template.format(**data)


class LogRenderer:
    """Renders a game's events in order, remembering which tile each hex shows and what
    the sides of each combat are."""

    def __init__(self, cat: "Catalog", *, with_source: bool = True):
        self.cat = cat
        self.with_source = with_source
        self.hex_names: dict[str, str] = {}
        self.combats: dict[int, dict[str, str]] = {}

    def side_label(self, kind: str, owner: str, card: str | None) -> str:
        return SIDE_KIND.get(kind) or name_of(self.cat, card or owner)

    def __call__(self, event: GameEvent) -> str:
        kind = event.event_type
        if kind == "GameStarted":
            self.hex_names.update({hid: name_of(self.cat, tile) for hid, tile in event.tiles})
        elif kind == "HexExplored":
            self.hex_names[event.hex] = name_of(self.cat, event.tile)
        elif kind == "CombatStarted":
            self.combats[event.combat] = {event.side_a: self.side_label(event.kind_a, event.side_a, event.card_a),
                                          event.side_b: self.side_label(event.kind_b, event.side_b, event.card_b)}
        sides = self.combats.get(getattr(event, "combat", None))
        line = render(event, self.cat, self.hex_names, sides, with_source=self.with_source)
        if kind == "CombatClosed":
            self.combats.pop(event.combat, None)
        elif kind == "CombatSideChanged" and sides is not None:  # named as it was in its own line
            sides[event.side] = self.side_label(event.kind, event.side, event.card)
        elif kind == "SeaTowerRemoved":  # named as it was in its own line
            self.hex_names[event.hex] = name_of(self.cat, event.tile)
        return line


def render_all(events: Iterable[GameEvent], cat: "Catalog") -> list[str]:
    """Every event worth a line, rendered."""
    r = LogRenderer(cat)
    return [line for line in (r(e) for e in events) if line]
