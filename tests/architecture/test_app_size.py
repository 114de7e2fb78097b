"""The Textual app stays a short read (docs/client.md "The app's parts"): client/tui/app.py is
the screens' lifecycle and one dispatch line per server message; what the app does lives in its
parts (the table, network, lobby, start and quit flows, our own server), each the owner of its
state. It grew back past its target in a handful of bug fixes once: this test stops that, and
says where the code belongs instead.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "client" / "tui" / "app.py"
MAX_LINES = 350


def test_the_app_module_stays_under_its_line_target() -> None:
    lines = len(APP.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, (
        f"client/tui/app.py has {lines} lines (at most {MAX_LINES}): move what grew into the "
        "part that owns its state (client/tui/*_flow.py, hosting.py) or a screen"
    )


def test_the_app_reads_its_parts_by_their_own_names() -> None:
    """No app attribute re-exports a part's (``app.server_address`` standing for
    ``app.net.server_address``):
    screens and tests name the owner, so a reader finds the state where it is kept."""
    offenders = [
        str(path.relative_to(ROOT)) for path in sorted((ROOT / "client").rglob("*.py"))
        if "Forwarded[" in path.read_text(encoding="utf-8")
    ]
    assert not offenders, offenders


def test_the_app_module_re_exports_nothing() -> None:
    """Nothing is imported into client/tui/app.py only for others to import from there (``from
    x import LaunchOptions as LaunchOptions``, the explicit re-export): tests and modules
    import a name from its home (``seasalt.client.tui.launch_options``)."""
    tree = ast.parse(APP.read_text(encoding="utf-8"))
    re_exported = [
        alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
        for alias in node.names if alias.asname == alias.name
    ]
    assert re_exported == []
    assert not any(isinstance(node, ast.Assign) and any(
        isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets) for node in tree.body)
