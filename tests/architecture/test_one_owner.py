"""The server's tables have one owner (docs/server.md "The services"): only
server/table_registry.py adds a table, drops one, or hands a seat to a bot and back.

Scans every module of server/ (static, AST) for the writes that belong to the registry: an item
of a ``tables`` mapping set or deleted (``tables[name] = ...``, ``del tables[name]``), and a
seat's ``bot_playing`` or ``idle`` assigned (``setattr`` too). One test lists every offender.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OWNER = "server/table_registry.py"
SEAT_FIELDS = ("bot_playing", "idle")
"""The seat's fields that say whether a bot plays it for its human (and why)."""


def _is_tables(node: ast.expr) -> bool:
    """``tables``, ``self.tables``, ``self._tables``, ``master.tables``..."""
    if isinstance(node, ast.Name):
        return node.id.lstrip("_") == "tables"
    return isinstance(node, ast.Attribute) and node.attr.lstrip("_") == "tables"


def _targets(node: ast.AST) -> list[ast.expr]:
    """What an assignment or ``del`` writes, tuples unpacked."""
    if isinstance(node, ast.Assign):
        found = list(node.targets)
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        found = [node.target]
    elif isinstance(node, ast.Delete):
        found = list(node.targets)
    else:
        return []
    flat: list[ast.expr] = []
    while found:
        target = found.pop()
        if isinstance(target, (ast.Tuple, ast.List)):
            found.extend(target.elts)
        elif isinstance(target, ast.Starred):
            found.append(target.value)
        else:
            flat.append(target)
    return flat


def owner_writes(source: str) -> list[tuple[int, str]]:
    """(line, what) of each write in ``source`` that only the table registry may make."""
    found = []
    for node in ast.walk(ast.parse(source)):
        for target in _targets(node):
            if isinstance(target, ast.Subscript) and _is_tables(target.value):
                verb = "del" if isinstance(node, ast.Delete) else "sets"
                found.append((target.lineno, f"{verb} {ast.unparse(target)}"))
            elif isinstance(target, ast.Attribute) and target.attr in SEAT_FIELDS:
                found.append((target.lineno, f"sets {ast.unparse(target)}"))
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "setattr"
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value in SEAT_FIELDS
        ):
            found.append((node.lineno, f"sets {node.args[1].value} (setattr)"))
    return sorted(found)


def test_the_scan_finds_every_kind_of_write() -> None:
    source = "\n".join([
        "del self.tables[table.name]",
        "tables[name] = table",
        "del master._tables[name], other[1]",
        "seat.bot_playing = True",
        "seat.holder, seat.name, seat.bot_playing = h, n, False",
        "seat.bot_playing = seat.idle = False",
        "setattr(seat, 'bot_playing', True)",
        "table = tables.get(name)",  # reads are fine
        "if seat.bot_playing and not seat.idle: pass",
        "table.idle_clock = None",
        "del self.queued[name]",
    ])
    assert [line for line, _ in owner_writes(source)] == [1, 2, 3, 4, 5, 6, 6, 7]


def test_only_the_registry_adds_drops_or_hands_seats_to_bots() -> None:
    offenders = []
    for path in sorted((ROOT / "server").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel == OWNER:
            continue
        offenders += [
            f"{rel}:{line}: {what}" for line, what in owner_writes(path.read_text("utf-8"))
        ]
    assert not offenders, (
        f"only {OWNER} (TableRegistry) adds or drops a table and hands a seat to a bot and "
        "back; use its add, remove, hand_to_bot, give_back:\n" + "\n".join(offenders)
    )
