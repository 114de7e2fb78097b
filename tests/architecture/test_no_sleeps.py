"""No test waits a fixed time (HELPERS "Standards"; issue 12): a fixed sleep is a race on a busy
machine, too short one day and wasted the others. Tests wait for a condition (seasalt.testing's
``until``, Textual's ``pilot.pause()``, an event) and drive timers with an injectable clock.

A sleep that IS the behaviour under test (a bot that thinks, a polling interval inside a
condition wait) carries ``# sleep-ok: <why>`` on its line or the line above; ``sleep(0)`` is a
yield to the event loop, not a wait. The scan is static (AST), over tests/ and the shared kit.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("tests", "testing")
MARK = "# sleep-ok:"
SLEEPERS = {"asyncio", "time", "trio", "anyio"}


def _is_zero(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value in (0, 0.0)


def _fixed_wait(call: ast.Call) -> str | None:
    """What kind of fixed wait ``call`` is, or None."""
    func = call.func
    name = None
    if isinstance(func, ast.Attribute) and func.attr == "sleep":
        if isinstance(func.value, ast.Name) and func.value.id in SLEEPERS:
            name = f"{func.value.id}.sleep"
    elif isinstance(func, ast.Name) and func.id == "sleep":  # from time import sleep
        name = "sleep"
    elif isinstance(func, ast.Attribute) and func.attr == "pause" and call.args:
        name = "pause"  # pilot.pause(delay): a fixed sleep; pilot.pause() waits for the screen
    if name is None:
        return None
    delay = call.args[0] if call.args else next((k.value for k in call.keywords), None)
    if delay is not None and _is_zero(delay):
        return None
    return name


def unmarked_sleeps(source: str) -> list[int]:
    """Line numbers of fixed waits in ``source`` without a ``# sleep-ok: <why>`` mark."""
    lines = source.splitlines()

    def marked(first: int, last: int) -> bool:
        for line in lines[max(0, first - 2) : last]:  # the line above, and the call's lines
            at = line.find(MARK)
            if at >= 0 and line[at + len(MARK) :].strip():
                return True
        return False

    found = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and _fixed_wait(node) is not None
            and not marked(node.lineno, node.end_lineno or node.lineno)
        ):
            found.append(node.lineno)
    return sorted(found)


def _files() -> list[Path]:
    return sorted(p for folder in FOLDERS for p in (ROOT / folder).rglob("*.py"))


def test_no_fixed_sleep_as_a_wait() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}: lines {bad}"
        for path in _files()
        if (bad := unmarked_sleeps(path.read_text(encoding="utf-8")))
    ]
    assert not offenders, (
        "fixed sleeps: wait for the condition instead (until(), pilot.pause(), an event), or "
        f"mark a sleep that is the behaviour under test with '{MARK} <why>':\n"
        + "\n".join(offenders)
    )


@pytest.mark.parametrize(
    ("code", "flagged"),
    [
        ("import asyncio\nasync def f():\n    await asyncio.sleep(0.05)\n", [3]),
        ("import time\ntime.sleep(1)\n", [2]),
        ("from time import sleep\nsleep(0.2)\n", [2]),
        ("async def f(pilot):\n    await pilot.pause(0.1)\n", [2]),
        ("import asyncio\nasync def f(x):\n    await asyncio.sleep(delay=x)\n", [3]),
        ("import asyncio\nasync def f():\n    await asyncio.sleep(0)\n", []),
        ("async def f(pilot):\n    await pilot.pause()\n", []),
        ("import time\ntime.sleep(0.4)  # sleep-ok: the bot thinks\n", []),
        ("import time\n# sleep-ok: the bot thinks\ntime.sleep(0.4)\n", []),
        ("import time\ntime.sleep(0.4)  # sleep-ok:\n", [2]),  # a mark needs its reason
        ("import time\nx = 'time.sleep(9)'\n", []),  # text in a string is not a call
    ],
)
def test_the_scan_tells_waits_from_marked_sleeps(code: str, flagged: list[int]) -> None:
    assert unmarked_sleeps(code) == flagged
