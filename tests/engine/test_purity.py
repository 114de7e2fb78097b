"""The engine imports only the standard library and keeps no state (DESIGN: engine is pure)."""

import ast
import copy
import importlib
import json
import pkgutil
import random
import subprocess
import sys
import types
from pathlib import Path

import pytest

PROBE = """
import json, sys
before = set(sys.modules)
import seasalt.engine
import seasalt.engine.demo
new = sorted(set(sys.modules) - before)
print(json.dumps(new))
"""


@pytest.mark.timeout(60)
def _top(module: str) -> str:
    """The top-level name, with PyPy's cffi backend of a stdlib module (``_lzma_cffi``, which
    its ``lzma`` imports) named as that module (``_lzma``)."""
    top = module.split(".")[0]
    return top.removesuffix("_cffi") if sys.implementation.name == "pypy" else top


def test_importing_the_engine_loads_only_the_standard_library() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=50
    )
    loaded = json.loads(out.stdout)
    assert "seasalt.engine" in loaded
    outside = [
        m for m in loaded
        if _top(m) not in sys.stdlib_module_names and _top(m) != "seasalt"
    ]
    assert outside == []
    ours = [m for m in loaded if m.split(".")[0] == "seasalt"]
    assert all(m == "seasalt" or m.startswith("seasalt.engine") for m in ours), ours


def _engine_modules() -> list[types.ModuleType]:
    import seasalt.engine

    names = sorted(
        info.name for info in pkgutil.iter_modules(seasalt.engine.__path__, "seasalt.engine.")
    )
    return [importlib.import_module(name) for name in names]


def _module_data() -> dict[str, object]:
    """A deep copy of every module-level container of the engine (its constant tables)."""
    return {
        f"{m.__name__}.{k}": copy.deepcopy(v)
        for m in _engine_modules()
        for k, v in vars(m).items()
        if isinstance(v, dict | list | set | bytearray) and not k.startswith("__")
    }


def test_the_engine_keeps_no_data_between_calls() -> None:
    # Pure in fact, not only in its imports (issue 16): playing, viewing, redacting and scoring
    # leave every module-level table as it was; memos live in a ViewCache the caller owns.
    from seasalt.engine import (
        Rules,
        ViewCache,
        apply,
        breakdown,
        events_for,
        legal_actions,
        new_game,
        render_state,
        view,
    )

    before = _module_data()
    rng = random.Random(4)
    for players, extra, pepper in ((2, False, False), (4, True, False), (3, True, True)):
        state = new_game(Rules(players, extra_salt=extra, extra_pepper=pepper), seed=players)
        cache = ViewCache()
        while not state.is_over:
            for seat in (*range(players), None):
                view(state, seat)
                view(state, seat, cache)
                events_for(state.log, seat)
            breakdown(state.hands[0], state.tables[0])
            render_state(state)
            state = apply(state, rng.choice(legal_actions(state))).state
    assert _module_data() == before


def test_no_engine_module_rebinds_a_global() -> None:
    root = Path(__file__).resolve().parents[2] / "engine"
    for path in sorted(root.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Global | ast.Nonlocal)]
        assert not found, f"engine/{path.name} lines {found}: module state (use a ViewCache)"
