"""No module imports another engine module's private (``_x``) names.

What one engine module needs of another is public there (``legal.play_options``,
``scoring.plain_points``, ``pair_matching.CARD_KIND``...): the playout, the engine's speed twin,
runs the same rule code as ``apply()`` through names a reader can follow. The one internal module
imported by name is ``_fast`` (building frozen dataclasses on the hot path), and only its public
names. The same holds for the packages and benchmarks that use the engine. Tests may still reach
into a module's privates; they are not scanned.

Scans the source statically (an import inside a function counts too) and lists every offender
with its file and line.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("engine", "bots", "protocol", "server", "client", "testing", "benchmarks")
INTERNAL_MODULES = {"_fast"}
"""Private engine modules that may be imported by name (their public names only)."""


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _engine_module(rel: str, node: ast.ImportFrom) -> list[str] | None:
    """The engine module an import in file ``rel`` reads from, as its parts under
    ``seasalt.engine`` (``[]`` for the package itself), or None for an import of anything else."""
    if node.level:
        if rel.rpartition("/")[0] != "engine" or node.level != 1:
            return None  # another package's own relative import
        return node.module.split(".") if node.module else []
    parts = (node.module or "").split(".")
    if parts[:2] != ["seasalt", "engine"]:
        return None
    return parts[2:]


def _offences(rel: str, source: str) -> list[str]:
    """Every use of a private engine name in ``source``, the file ``rel`` (from the root)."""
    tree = ast.parse(source, filename=rel)
    found: list[str] = []
    modules: set[str] = set()  # local names bound to an engine module
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[:2] == ["seasalt", "engine"] and any(
                    _private(p) and p not in INTERNAL_MODULES for p in parts[2:]
                ):
                    found.append(f"{rel}:{node.lineno}: import {alias.name}")
                if alias.asname and parts[:2] == ["seasalt", "engine"]:
                    modules.add(alias.asname)
        elif isinstance(node, ast.ImportFrom):
            module = _engine_module(rel, node)
            if module is None:
                continue
            source = ".".join(["seasalt", "engine", *module])
            for part in module:
                if _private(part) and part not in INTERNAL_MODULES:
                    found.append(f"{rel}:{node.lineno}: from {source} (a private module)")
            for alias in node.names:
                if _private(alias.name) and not (not module and alias.name in INTERNAL_MODULES):
                    found.append(f"{rel}:{node.lineno}: from {source} import {alias.name}")
                if not module:  # from seasalt.engine import scoring: a module, maybe
                    modules.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and _private(node.attr)
        ):
            found.append(f"{rel}:{node.lineno}: {node.value.id}.{node.attr}")
    return found


def test_no_module_imports_a_private_engine_name() -> None:
    offences = [
        line
        for folder in SCANNED
        for path in sorted((ROOT / folder).rglob("*.py"))
        for line in _offences(path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"))
    ]
    assert not offences, (
        "private engine names used from another module (make them public where they are "
        "defined):\n" + "\n".join(offences)
    )


def test_the_scan_finds_each_kind_of_offence() -> None:
    source = (
        "from ._fast import positional_builder\n"
        "from . import _fast\n"
        "from .scoring import _hidden, card_points\n"
        "from ._secret import thing\n"
        "from . import scoring\n"
        "scoring._hidden\n"
        "_fast._twin\n"
        "from .. import _elsewhere\n"
    )
    assert _offences("engine/probe.py", source) == [
        "engine/probe.py:3: from seasalt.engine.scoring import _hidden",
        "engine/probe.py:4: from seasalt.engine._secret (a private module)",
        "engine/probe.py:6: scoring._hidden",
        "engine/probe.py:7: _fast._twin",
    ]
    outside = (
        "import seasalt.engine._secret\n"
        "from seasalt.engine.legal import _DRAWS\n"
        "from seasalt.engine import _fast, playout\n"
        "playout._seed\n"
        "from ._mine import _own\n"  # the bots' own private names are theirs
    )
    assert _offences("bots/probe.py", outside) == [
        "bots/probe.py:1: import seasalt.engine._secret",
        "bots/probe.py:2: from seasalt.engine.legal import _DRAWS",
        "bots/probe.py:4: playout._seed",
    ]
