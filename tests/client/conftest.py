"""Fixtures for every client test (the Pilot tests of tui/, the languages' of i18n/, the
snapshots): the app's own waits on its real clock are made short where no test is about them."""

from __future__ import annotations

import pytest
from seasalt.client.tui import table_flow
from seasalt.client.tui.screens import result_hold


@pytest.fixture(autouse=True)
def _no_result_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    """The round result shows at once: the pause after others' last moves runs on the app's
    real clock in these tests (a snapshot of the game over waited 3 s for it), and only
    test_result_hold.py and test_game_over_hold.py are about it (they set it back)."""
    monkeypatch.setattr(result_hold, "RESULT_HOLD", 0.0)


QUICK_REPAINT = 0.003
"""Seconds the table's repaint waits for more updates in these tests (the app: 15 ms, 60 ms in
a burst; client/tui/table_flow.py)."""
REAL_REPAINT_TIMING = ("test_render_races", "test_frame_drawn")
"""The modules about the coalesced repaint itself: they keep the app's timings."""


@pytest.fixture(autouse=True)
def _quick_repaint(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table draws an update 3 ms after it came instead of 15 (60 inside a burst of bot
    moves): each frame a test waits for was waited for on that real clock, with the worker
    idle, about a third of a whole solo game's wall (docs/testing.md "The CI budget"). The
    coalescing itself still runs, and every frame is still drawn."""
    if request.module.__name__.rsplit(".", 1)[-1] in REAL_REPAINT_TIMING:
        return
    monkeypatch.setattr(table_flow, "RENDER_COALESCE", QUICK_REPAINT)
    monkeypatch.setattr(table_flow, "RENDER_BURST", QUICK_REPAINT)
