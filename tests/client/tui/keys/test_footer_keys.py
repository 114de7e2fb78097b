"""Keys kept off a footer (so it fits 80 columns in every language) still work and are listed
in help (issue 12: "every control still reachable and listed in help")."""

from __future__ import annotations

from typing import Any

import pytest
from seasalt.client.tui.screens.help import _keys
from seasalt.client.tui.screens.history import HistoryScreen
from seasalt.client.tui.screens.lobby import LobbyScreen
from seasalt.client.tui.screens.replay import ReplayScreen
from textual.binding import Binding

HIDDEN_IN_HELP: dict[tuple[Any, str], str | None] = {
    (LobbyScreen, "refresh"): "r refresh",
    (HistoryScreen, "refresh"): "F5 refresh",
    (HistoryScreen, "review"): "v expert review",
    (ReplayScreen, "jump('first')"): "Home or End first or last move",
    (ReplayScreen, "jump('last')"): "Home or End first or last move",
}


@pytest.mark.parametrize("screen", [LobbyScreen, HistoryScreen, ReplayScreen])
def test_every_key_off_the_footer_is_bound_and_listed_in_help(screen: Any) -> None:
    help_text = _keys().plain.replace("\u00a0", " ")  # (each key tied to its word)
    hidden = [b for b in screen.BINDINGS if isinstance(b, Binding) and not b.show]
    for binding in hidden:
        assert (screen, binding.action) in HIDDEN_IN_HELP, f"{screen.__name__}: {binding}"
        words = HIDDEN_IN_HELP[(screen, binding.action)]
        assert binding.key and hasattr(screen, "action_" + binding.action.split("(")[0])
        if words is not None:
            assert words in help_text, f"{screen.__name__} {binding.key}: not in help"
