"""DESIGN.md "The pieces and who may import whom": imports only point down.

Scans every module's import statements (static, so a lazy import inside a function counts too).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STDLIB = set(sys.stdlib_module_names)

# Third-party and seasalt packages each package may import (the standard library always).
ALLOWED: dict[str, set[str]] = {
    "engine": set(),
    "protocol": {"seasalt.engine", "msgpack"},
    "bots": {"seasalt.engine"},
    # What the client and the server both need (the client may not import the server): below
    # both, above the protocol (its name limit, its key alphabet). ifaddr lists this machine's
    # interfaces for both sides.
    "common": {"seasalt.protocol", "ifaddr"},
    "server": {
        "seasalt.engine", "seasalt.protocol", "seasalt.bots", "seasalt.common", "zmq",
        "platformdirs", "zeroconf",
        "aiohttp", "textual_serve",  # server/web.py only (--web); imported when it starts
    },
    "client": {
        "seasalt.engine", "seasalt.protocol", "seasalt.bots", "seasalt.common", "zmq",
        "platformdirs", "textual", "rich", "babel", "zeroconf",
    },
    # The shared test kit: may import every product package (and what they use); none of them
    # imports it.
    "testing": {
        "seasalt.engine", "seasalt.protocol", "seasalt.bots", "seasalt.common", "seasalt.server",
        "seasalt.client", "zmq", "textual", "rich",
    },
}
PRODUCT = ("engine", "protocol", "bots", "common", "server", "client")
TEST_SUPPORT = ("seasalt.testing", "seasalt.engine.testing")
"""Test support: product code never imports it (engine/testing.py is the engine's oracles)."""

# Parts of the client that may import Textual; the headless player must start without it.
TEXTUAL_OK = (
    "client/tui/",  # the app, its flows, screens and widgets (i18n is told how to find the app)
)


def _imports(path: Path, package: str) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: stays inside the package
                continue
            assert node.module is not None
            if node.module == "seasalt":  # from seasalt import protocol
                names.extend(f"seasalt.{alias.name}" for alias in node.names)
            else:
                names.append(node.module)
    return names


def _allowed(name: str, package: str, rel: str) -> bool:
    top = name.split(".")[0]
    if top in STDLIB:
        return True
    if name == f"seasalt.{package}" or name.startswith(f"seasalt.{package}."):
        return True
    allowed = ALLOWED[package]
    if top in ("textual", "rich") and package != "testing" and not rel.startswith(TEXTUAL_OK):
        return False
    return any(name == a or name.startswith(a + ".") for a in allowed)


def _modules() -> list[tuple[str, Path]]:
    out = []
    for package in ALLOWED:
        folder = ROOT / package
        if folder.is_dir():
            out.extend((package, p) for p in sorted(folder.rglob("*.py")))
    return out


def test_imports_point_down() -> None:
    offenders = []
    for package, path in _modules():
        rel = str(path.relative_to(ROOT))
        bad = [n for n in _imports(path, package) if not _allowed(n, package, rel)]
        if bad:
            offenders.append(f"{rel} imports {bad}, which DESIGN.md does not allow for {package}/")
    assert not offenders, "\n".join(offenders)


def test_the_client_never_imports_the_server() -> None:
    for path in sorted((ROOT / "client").rglob("*.py")) if (ROOT / "client").is_dir() else []:
        assert not any(n.startswith("seasalt.server") for n in _imports(path, "client")), path


def test_no_product_package_imports_the_test_kit() -> None:
    for package, path in _modules():
        if package not in PRODUCT or path == ROOT / "engine" / "testing.py":
            continue
        used = [
            n for n in _imports(path, package)
            if any(n == t or n.startswith(t + ".") for t in TEST_SUPPORT)
        ]
        assert not used, f"{path.relative_to(ROOT)} imports test support {used}"


def test_product_packages_hold_no_test_code() -> None:
    """Test helpers live in seasalt.testing (and the engine's pure oracles in engine/testing.py),
    not in the packages that ship the game."""
    for package in PRODUCT:
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel == "engine/testing.py":
                continue
            assert path.stem not in ("testing", "fuzzing", "conftest"), rel
            assert not path.stem.startswith("test_"), rel


# Inside a package, modules are ordered too (docs/engine.md "Where each rule lives"): a module
# imports only modules before it in its package's list, so the list reads as the way the code
# depends. For the engine: the turn's steps (round_end, effects, draw) work on a Work and never
# call back into game.py's apply; legal actions know nothing of the working copy; the view and
# its cache come after the rules. Imports only for type checking (under ``if TYPE_CHECKING:``)
# do not count: they create no dependency at run time.
MODULE_ORDER: dict[str, tuple[str, ...]] = {
    "engine": (
        "_fast", "event_cards", "actions", "cards", "events", "pair_matching", "scoring", "state",
        "combos", "memo", "legal", "work", "event_deck", "round_end", "effects", "draw", "game",
        "playout", "views",
        "setup", "notation", "testing",
        "__init__", "version", "demo",
    ),
    "protocol": (
        "errors", "limits", "table_options", "codec_base", "codec_encode", "codec_decode",
        "fields",
        "codec", "frames", "game_data", "stand_in", "history", "clocks",
        "scores", "lobby", "chat", "messages", "wire", "discovery", "__init__",
    ),
    # The shared layer: files and addresses stand alone, the checks read the protocol.
    "common": ("collector", "files", "addresses", "keys", "names", "__init__"),
    # The server: the models, then the master's services in the order Master.__init__ builds
    # them (each is given only services before it: docs/server.md "The services"), then the
    # master, the socket around it and the command line.
    "server": (
        "security", "config", "addresses", "peers", "names", "seeds", "turn_clock",
        "stand_ins", "tables", "table_registry", "sessions", "shared", "limits", "botpool",
        "journal_file",
        "journal_schema", "journal_writer", "journal", "outbox", "guards", "clocks",
        "news", "game", "lockout", "table_requests", "lobby", "arrivals", "presence",
        "event_stats", "finished",
        "history", "scores", "restore", "master", "app", "announce", "options", "web_page",
        "web_tabs", "web_places", "web_pipe", "web_away",
        "web",
        "review_store", "housekeeping", "serve_cli", "cli", "__main__", "__init__",
    ),
}


def _type_only_nodes(tree: ast.Module) -> set[int]:
    """The ids of the nodes under ``if TYPE_CHECKING:`` (imports that do not run)."""
    type_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            type_only.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return type_only


def _runtime_relative_imports(path: Path) -> list[str]:
    """The sibling modules ``path`` imports at run time (``from .x import``, ``from . import``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    type_only = _type_only_nodes(tree)
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and id(node) not in type_only:
            if node.module is None:
                out.extend(alias.name for alias in node.names)
                out.append("__init__")
            else:
                out.append(node.module.split(".")[0])
    return out


@pytest.mark.parametrize("package", sorted(MODULE_ORDER))
def test_modules_import_only_earlier_modules_of_their_package(package: str) -> None:
    order = MODULE_ORDER[package]
    on_disk = {p.stem for p in (ROOT / package).glob("*.py")}
    assert on_disk == set(order), f"{package}/: list new modules in MODULE_ORDER"
    bad = []
    for name in order:
        earlier = set(order[: order.index(name)])
        for used in _runtime_relative_imports(ROOT / package / f"{name}.py"):
            if used in on_disk and used not in earlier:
                bad.append(f"{package}/{name}.py imports .{used}")
    assert not bad, bad


# The client's data flow (docs/client.md): socket -> Connection -> ClientSession -> bridge ->
# Textual messages -> screens, and intents back. Each module here (by its path under client/)
# imports only the ones before it in this list (by ``seasalt.client.X`` or ``.X``): the session
# and the intents know no socket and no screen, the socket driver's failure types and its timing
# know no socket (the driver uses them, never the other way), the socket driver no screen, the
# headless player neither the link nor the bridge nor the app; only the bridge and the app join
# the session to the screens. The table flow (the app's table handlers) comes before the app: it
# never reaches back into it.
CLIENT_FLOW = (
    "net/intents", "net/session", "net/address", "net/security", "net/connection_types",
    "net/link_timing", "net/dealer_socket", "net/opening", "net/connection", "headless",
    "words/errors", "tui/link", "tui/bridge", "tui/hosting", "tui/launch_options",
    "tui/relay", "tui/table_flow", "tui/net_flow", "tui/lobby_flow", "tui/quit_flow",
    "tui/start_flow", "tui/app", "cli",
)
NO_SOCKETS = (
    "net/intents", "net/session", "net/address", "words/errors", "net/connection_types",
    "net/link_timing",
)
"""Sans-IO: these import neither zmq nor asyncio."""


def _client_module(dotted: list[str]) -> str | None:
    """``["net", "session"]`` -> ``"net/session"`` if that is a module of client/ (else None)."""
    path = ROOT / "client" / Path(*dotted) if dotted else ROOT / "client"
    if path.with_suffix(".py").is_file():
        return "/".join(dotted)
    if (path / "__init__.py").is_file():
        return "/".join([*dotted, "__init__"]) if dotted else "__init__"
    return None


def _client_imports(name: str) -> list[str]:
    """The client modules (as paths under client/, no ``.py``) and third-party tops
    ``client/<name>.py`` imports."""
    tree = ast.parse((ROOT / "client" / f"{name}.py").read_text(encoding="utf-8"))
    package = name.split("/")[:-1]
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith(
                "seasalt.client")):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                dotted = base + (node.module.split(".") if node.module else [])
            else:
                assert node.module is not None
                dotted = node.module.split(".")[2:]
            module = _client_module(dotted)
            if module is not None and not module.endswith("__init__"):
                out.append(module)
                continue
            # ``from <package> import x``: x is a module of it, or a name from its __init__
            subs = [_client_module([*dotted, alias.name]) for alias in node.names]
            out.extend(s for s in subs if s is not None)
            if not all(subs):
                out.append(module or "/".join(dotted))
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append(node.module.split(".")[0])
        elif isinstance(node, ast.Import):
            out.extend(alias.name.split(".")[0] for alias in node.names)
    return out


def test_the_client_data_flow_points_one_way() -> None:
    bad = []
    for index, name in enumerate(CLIENT_FLOW):
        later = set(CLIENT_FLOW[index + 1:])
        bad += [f"client/{name}.py imports {used}" for used in _client_imports(name)
                if used in later]
    assert not bad, bad


@pytest.mark.parametrize("name", NO_SOCKETS)
def test_the_session_and_its_vocabulary_need_no_sockets(name: str) -> None:
    used = set(_client_imports(name))
    assert not used & {"zmq", "asyncio", "textual", "net/connection"}, (name, used)
    # nor a screen, nor the screens' messages (once client/tui/messages.py)
    assert not [u for u in used if u.startswith("tui/screens/") or u == "tui/messages"], (
        name, used)


# The table screen and its parts (docs/client.md "The table screen"): each part is functions of
# the screen for one job and imports only parts before it in this list; none imports the screen
# (client/tui/screens/table.py) at run time, only for type checking.
TABLE_PARTS = ("table_fit", "table_input", "table_draw", "table_clocks", "waiting_room", "table")


def _screens_imports(name: str) -> list[str]:
    """The modules of client/tui/screens ``client/tui/screens/<name>.py`` imports at run time."""
    tree = ast.parse(
        (ROOT / "client" / "tui" / "screens" / f"{name}.py").read_text(encoding="utf-8"))
    type_only = _type_only_nodes(tree)
    out: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or id(node) in type_only or not node.module:
            continue
        parts = node.module.split(".")
        if parts[:4] == ["seasalt", "client", "tui", "screens"]:
            out.extend([parts[4]] if len(parts) > 4 else [a.name for a in node.names])
    return out


def test_the_table_screens_parts_point_one_way() -> None:
    on_disk = {p.stem for p in (ROOT / "client" / "tui" / "screens").glob("*.py")}
    assert set(TABLE_PARTS) <= on_disk
    bad = []
    for index, name in enumerate(TABLE_PARTS):
        later = set(TABLE_PARTS[index + 1:])
        bad += [f"client/tui/screens/{name}.py imports {used}" for used in _screens_imports(name)
                if used in later]
    assert not bad, bad


def test_the_lessons_are_a_table_under_the_screens() -> None:
    """client/lessons/ answers the app as a server would (docs/client.md "Learn to play"): it
    knows no screen, no app, no bridge and no Textual; the table screen reads it."""
    above = ("seasalt.client.tui.screens", "seasalt.client.tui.app", "seasalt.client.tui.bridge",
             "seasalt.client.tui.net_flow", "seasalt.client.tui.table_flow", "textual")
    for path in sorted((ROOT / "client" / "lessons").glob("*.py")):
        used = [n for n in _imports(path, "client") if n.startswith(above)]
        assert not used, f"{path.relative_to(ROOT)} imports {used}"


# The client's folders (client/__init__.py): the network library, the files, the words, our own
# server and the lessons are under the Textual app and never import it (lazily neither); only
# the app and the command line (cli.py, log_and_replay.py) do.
UNDER_THE_APP = ("net", "files", "words", "own_server", "lessons")


@pytest.mark.parametrize("folder", UNDER_THE_APP)
def test_the_clients_folders_under_the_app_never_import_it(folder: str) -> None:
    for path in sorted((ROOT / "client" / folder).rglob("*.py")):
        used = [n for n in _imports(path, "client") if n.startswith("seasalt.client.tui")]
        assert not used, f"{path.relative_to(ROOT)} imports {used}"


# The client's folders in the order they depend (docs/client.md "Where each thing lives"): each
# imports only folders before it, so no two import each other. The words stand on the network
# library's data (addresses, stand-in events, a found server) and word it; the network library
# says nothing to people (``seasalt-client --discover`` prints in client/discovery_cli.py).
# Modules at the top of client/ (the command lines) may import every folder.
CLIENT_FOLDERS = ("net", "files", "words", "lessons", "own_server", "tui")


def test_the_clients_folders_import_only_folders_before_them() -> None:
    on_disk = {p.name for p in (ROOT / "client").iterdir() if (p / "__init__.py").is_file()}
    assert on_disk == set(CLIENT_FOLDERS), "client/: list new folders in CLIENT_FOLDERS"
    bad = []
    for index, folder in enumerate(CLIENT_FOLDERS):
        later = CLIENT_FOLDERS[index + 1:]
        for path in sorted((ROOT / "client" / folder).rglob("*.py")):
            used = [n for n in _imports(path, "client")
                    if any(n == f"seasalt.client.{f}" or n.startswith(f"seasalt.client.{f}.")
                           for f in later)]
            if used:
                bad.append(f"{path.relative_to(ROOT)} imports {used}")
    assert not bad, "\n".join(bad)
