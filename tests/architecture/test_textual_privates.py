"""Textual's and Rich's private code is used in client/tui/compat.py only.

Everything the client leans on that Textual and Rich do not promise to keep (a private module,
a private attribute read or written, a private method overridden) lives in the compat module,
each with its why and a canary (tests/client/tui/test_compat.py). This scan lists every use
elsewhere in client/, with its file and line:

- an import of a private module or name of ``textual`` or ``rich`` (``textual._wrap``);
- a class of ours that defines a private name one of its Textual or Rich bases defines (an
  override of ``_on_mount``, a ``self._list_visible = ...``);
- an attribute ``x._name`` whose name is private to Textual or Rich and not one of our own
  (``node._bindings``). Our own private names (``self._closed`` of a class that is not
  Textual's) are ours to use.

The library's private names are read from its source (class bodies and ``self._x`` assignments);
our classes' bases from the running classes.
"""

from __future__ import annotations

import ast
import functools
import importlib
from collections.abc import Iterator
from pathlib import Path

import rich
import textual

ROOT = Path(__file__).resolve().parents[2]
COMPAT = "client/tui/compat.py"
LIBRARIES = ("textual", "rich")


def _private(name: str) -> bool:
    return len(name) > 1 and name.startswith("_") and not name.startswith("__")


def _class_names(node: ast.ClassDef) -> set[str]:
    """The private names a class body defines, and those its methods assign on ``self``."""
    names: set[str] = set()
    for stmt in node.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(stmt.name)
        elif isinstance(stmt, ast.Assign):
            names.update(t.id for t in stmt.targets if isinstance(t, ast.Name))
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            names.add(stmt.target.id)
    for sub in ast.walk(node):
        targets: list[ast.expr] = []
        if isinstance(sub, ast.Assign):
            targets = sub.targets
        elif isinstance(sub, (ast.AnnAssign, ast.AugAssign)):
            targets = [sub.target]
        names.update(
            t.attr for t in targets
            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
            and t.value.id == "self"
        )
    return {n for n in names if _private(n)}


def _classes(tree: ast.Module) -> Iterator[tuple[str, ast.ClassDef]]:
    """Every class of a module, with its qualified name."""
    def walk(body: list[ast.stmt], prefix: str) -> Iterator[tuple[str, ast.ClassDef]]:
        for stmt in body:
            if isinstance(stmt, ast.ClassDef):
                name = prefix + stmt.name
                yield name, stmt
                yield from walk(stmt.body, name + ".")
    yield from walk(tree.body, "")


@functools.cache
def _library() -> tuple[dict[tuple[str, str], set[str]], frozenset[str]]:
    """(module, qualname) of each Textual and Rich class -> its private names; and every
    private name of theirs (module-level ones too)."""
    per_class: dict[tuple[str, str], set[str]] = {}
    every: set[str] = set()
    for package in (textual, rich):
        base = Path(package.__file__).parent
        for path in base.rglob("*.py"):
            parts = path.relative_to(base.parent).with_suffix("").parts
            module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for stmt in tree.body:
                if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    every.add(stmt.name)
                elif isinstance(stmt, ast.Assign):
                    every.update(t.id for t in stmt.targets if isinstance(t, ast.Name))
            for qualname, node in _classes(tree):
                names = _class_names(node)
                per_class[(module, qualname)] = names
                every |= names
    return per_class, frozenset(n for n in every if _private(n))


def _library_names_of(cls: type) -> set[str]:
    per_class, _ = _library()
    out: set[str] = set()
    for base in cls.__mro__:
        if base.__module__.split(".")[0] in LIBRARIES:
            out |= per_class.get((base.__module__, base.__qualname__), set())
    return out


def _scan(rel: str, tree: ast.Module, runtime: dict[str, type]) -> tuple[list[str], set[str]]:
    """The offences of imports and overrides in one module, and the private names it owns."""
    found: list[str] = []
    own: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] in LIBRARIES and any(_private(p) for p in parts):
                    found.append(f"{rel}:{node.lineno}: import {alias.name}")
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            parts = node.module.split(".")
            if parts[0] not in LIBRARIES:
                continue
            if any(_private(p) for p in parts):
                found.append(f"{rel}:{node.lineno}: from {node.module} (a private module)")
            found += [f"{rel}:{node.lineno}: from {node.module} import {alias.name}"
                      for alias in node.names if _private(alias.name)]
    for qualname, node in _classes(tree):
        defined = _class_names(node)
        cls = runtime.get(qualname)
        theirs = _library_names_of(cls) if cls is not None else set()
        found += [f"{rel}:{node.lineno}: {qualname} defines {name}, private to its Textual or "
                  f"Rich base" for name in sorted(defined & theirs)]
        own |= defined - theirs
    return found, own


def _uses(rel: str, tree: ast.Module, own: set[str]) -> list[str]:
    """Every ``x._name`` read or written whose name is Textual's or Rich's, not ours."""
    _, theirs = _library()
    uses = sorted(
        (node.lineno, node.attr) for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and _private(node.attr) and node.attr in theirs
        and node.attr not in own
    )
    return [f"{rel}:{line}: .{name}" for line, name in uses]


def _runtime_classes(rel: str) -> dict[str, type]:
    module = importlib.import_module("seasalt." + rel.removesuffix(".py").replace("/", "."))
    out: dict[str, type] = {}
    for name, value in vars(module).items():
        if isinstance(value, type) and value.__module__ == module.__name__:
            out[name] = value
    return out


def _offences(sources: dict[str, str], runtime: dict[str, dict[str, type]]) -> list[str]:
    trees = {rel: ast.parse(source, filename=rel) for rel, source in sources.items()}
    found: list[str] = []
    own: set[str] = set()
    for rel, tree in trees.items():
        offences, names = _scan(rel, tree, runtime.get(rel, {}))
        found += offences
        own |= names
    for rel, tree in trees.items():
        found += _uses(rel, tree, own)
    return found


def test_only_the_compat_module_uses_textual_or_rich_privates() -> None:
    sources: dict[str, str] = {}
    runtime: dict[str, dict[str, type]] = {}
    for path in sorted((ROOT / "client").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel == COMPAT:
            continue
        sources[rel] = path.read_text(encoding="utf-8")
        if "class " in sources[rel]:
            runtime[rel] = _runtime_classes(rel)
    offences = _offences(sources, runtime)
    assert not offences, (
        f"Textual's or Rich's private code used outside {COMPAT} (move it there, with why, "
        "and a canary in tests/client/tui/test_compat.py):\n" + "\n".join(offences)
    )


def test_the_scan_finds_each_kind_of_offence() -> None:
    from textual.command import CommandPalette
    from textual.widgets import Static

    class Mine:
        pass

    class Panel(Static):
        pass

    class Palette(CommandPalette):
        pass

    source = (
        "import textual._wrap\n"
        "from textual._context import active_app\n"
        "from textual.dom import DOMNode\n"
        "class Mine:\n"
        "    def __init__(self):\n"
        "        self._closed = False\n"  # ours: a class of ours alone
        "class Panel(Static):\n"
        "    def _on_mount(self, event): ...\n"
        "    def _own_thing(self): ...\n"
        "class Palette(CommandPalette):\n"
        "    def go(self):\n"
        "        self._list_visible = True\n"
        "def f(node, other):\n"
        "    node._bindings = None\n"
        "    other._closed\n"
        "    other._own_thing()\n"
    )
    runtime = {"client/probe.py": {"Mine": Mine, "Panel": Panel, "Palette": Palette}}
    assert _offences({"client/probe.py": source}, runtime) == [
        "client/probe.py:1: import textual._wrap",
        "client/probe.py:2: from textual._context (a private module)",
        "client/probe.py:7: Panel defines _on_mount, private to its Textual or Rich base",
        "client/probe.py:10: Palette defines _list_visible, private to its Textual or Rich base",
        "client/probe.py:12: ._list_visible",
        "client/probe.py:14: ._bindings",
    ]
