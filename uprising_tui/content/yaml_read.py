"""Read one content file into plain data, strictly and fast.

* libyaml's parser (``yaml.CSafeLoader``) when PyYAML was built with it, the pure-Python one
  otherwise; both give the same data (a test compares the whole catalog built each way).
* Before any value is built, the parsed node tree is checked: no key twice in one mapping
  (YAML's "last one wins" would hide a typo), no anchors or aliases (a few lines of aliases can
  expand into billions of values), at most :data:`MAX_DEPTH` levels of nesting, and no integer
  longer than :data:`MAX_INT_DIGITS` digits.
* Regular files of at most :data:`MAX_BYTES` only, strict UTF-8 (see ``uprising_tui.files``).

Every problem is a :class:`YamlProblem` whose message names the line.
"""
from __future__ import annotations

import os
from typing import Any

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from ..files import FileProblem, clip, decode_utf8, read_capped, shorten

MAX_BYTES = 4 << 20  # a content file; the largest shipped one is under 40 KiB
MAX_DEPTH = 64  # levels of nesting; shipped content uses under 10
MAX_INT_DIGITS = 18

FAST_LOADER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
PURE_LOADER: type = yaml.SafeLoader

INT_TAG = "tag:yaml.org,2002:int"


class YamlProblem(Exception):
    """What is wrong with a YAML file, in words (the caller adds the file's path)."""


def read_yaml_file(path: str | os.PathLike, loader: type | None = None) -> Any:
    try:
        text = decode_utf8(read_capped(path, MAX_BYTES), allow_bom=True)
    except FileProblem as exc:
        raise YamlProblem(str(exc)) from None
    return parse_yaml(text, loader)


def parse_yaml(text: str, loader: type | None = None) -> Any:
    """The data of one YAML document, after the checks above."""
    ld = (loader or FAST_LOADER)(text)
    try:
        try:
            node = ld.get_single_node()
        except RecursionError:  # the pure-Python parser recurses once per level
            raise YamlProblem(f"nested too deeply (the limit is {MAX_DEPTH} levels)") from None
        except yaml.MarkedYAMLError as exc:
            raise YamlProblem(f"not valid YAML{_where(exc.problem_mark)}: {exc.problem}") from None
        except yaml.YAMLError as exc:
            raise YamlProblem(f"not valid YAML: {_first_line(exc)}") from None
        if node is None:
            return None
        check_nodes(node)
        try:
            return ld.construct_document(node)
        except yaml.MarkedYAMLError as exc:
            raise YamlProblem(f"cannot read a value{_where(exc.problem_mark)}: {exc.problem}") from None
        except (yaml.YAMLError, ValueError, TypeError, OverflowError) as exc:
            raise YamlProblem(f"cannot read a value: {_first_line(exc)}") from None
    finally:
        ld.dispose()


def check_nodes(root) -> None:
    """Reject duplicate keys, aliases, deep nesting and huge integers (iteratively: no recursion)."""
    seen: set[int] = set()
    stack = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        if id(node) in seen:
            raise YamlProblem(f"anchors and aliases are not allowed in content files{_where(node.start_mark)}")
        seen.add(id(node))
        if depth > MAX_DEPTH:
            raise YamlProblem(f"nested too deeply{_where(node.start_mark)} (the limit is {MAX_DEPTH} levels)")
        if isinstance(node, ScalarNode):
            if node.tag == INT_TAG and len(node.value.lstrip("+-0").replace("_", "")) > MAX_INT_DIGITS:
                raise YamlProblem(f"number too large{_where(node.start_mark)}: {clip(node.value, 30)} "
                                  f"(at most {MAX_INT_DIGITS} digits)")
        elif isinstance(node, SequenceNode):
            stack.extend((child, depth + 1) for child in node.value)
        elif isinstance(node, MappingNode):
            keys: dict[tuple[str, str], int] = {}
            for key, value in node.value:
                if isinstance(key, ScalarNode):
                    k = (key.tag, key.value)
                    if k in keys:
                        raise YamlProblem(f"duplicate key {clip(key.value, 40)}{_where(key.start_mark)} "
                                          f"(first at line {keys[k]}); each key may appear once in a mapping")
                    keys[k] = key.start_mark.line + 1
                stack.append((key, depth + 1))
                stack.append((value, depth + 1))


def _where(mark) -> str:
    return f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return shorten(text[0]) if text else type(exc).__name__
