"""No client module writes another object's private attributes.

A private attribute (``_x``) is its owner's business: a helper that needs to change one asks the
owner (a method), or keeps the state itself (a widget or a small object of its own). Assigning
``something._x = ...`` where ``something`` is not ``self`` (or ``cls``) is listed here with its
file and line. client/tui/compat.py is the one place allowed to: it holds every use of
Textual's and Rich's private code, each with its canary (tests/client/tui/test_compat.py).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ALLOWED = {"client/tui/compat.py"}
OWNERS = {"self", "cls"}


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        return list(node.targets)
    if isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        return [node.target]
    if isinstance(node, ast.Delete):
        return list(node.targets)
    return []


def _flat(target: ast.expr) -> list[ast.expr]:
    """The assigned expressions in ``target`` (a tuple or list of targets unpacked)."""
    if isinstance(target, (ast.Tuple, ast.List)):
        return [t for element in target.elts for t in _flat(element)]
    if isinstance(target, ast.Starred):
        return _flat(target.value)
    return [target]


def foreign_private_writes(rel: str, source: str) -> list[str]:
    """Every write of ``x._name`` with ``x`` not ``self``/``cls`` in ``source`` (file ``rel``)."""
    found = []
    for node in ast.walk(ast.parse(source, filename=rel)):
        for target in (t for top in _targets(node) for t in _flat(top)):
            if not isinstance(target, ast.Attribute):
                continue
            name = target.attr
            if not name.startswith("_") or name.startswith("__"):
                continue
            if isinstance(target.value, ast.Name) and target.value.id in OWNERS:
                continue
            found.append(f"{rel}:{target.lineno}: {ast.unparse(target)}")
    return found


def test_the_scan_finds_what_it_is_meant_to() -> None:
    source = (
        "screen._last = 1\n"
        "a, screen.app._b = 1, 2\n"
        "screen._n += 1\n"
        "self._mine = 1\n"
        "screen.public = 1\n"
        "x.__dict__ = {}\n"
    )
    assert foreign_private_writes("m.py", source) == [
        "m.py:1: screen._last", "m.py:2: screen.app._b", "m.py:3: screen._n",
    ]


def test_no_client_module_writes_another_objects_private_attributes() -> None:
    offenders = []
    for path in sorted((ROOT / "client").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel not in ALLOWED:
            offenders += foreign_private_writes(rel, path.read_text(encoding="utf-8"))
    assert offenders == [], "private attributes written from outside:\n" + "\n".join(offenders)
