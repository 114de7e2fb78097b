"""``seasalt.client.files`` is a copy of ``seasalt.server.files`` (the client may not import the
server, and neither the engine nor the protocol is the place for file modes): the code of the
two must stay the same, only their docstrings differ."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _code(path: Path) -> str:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if tree.body and isinstance(tree.body[0], ast.Expr):  # the module docstring
        tree.body = tree.body[1:]
    return ast.dump(tree)


def test_the_client_and_server_private_file_helpers_are_one_code() -> None:
    assert _code(ROOT / "client" / "files.py") == _code(ROOT / "server" / "files.py"), (
        "client/files.py and server/files.py differ: change both the same way"
    )
