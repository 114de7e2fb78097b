"""Snapshots of the table screen in Portuguese and French at 80 x 24 (seeded views, no clock).

Regenerate after an intended change: ``pytest tests/client/i18n/test_i18n_snapshots.py
--snapshot-update``, then look at the SVGs.
"""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.timeout(60)


@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_table_80x24(lang: str, snap_compare: Any, kit: Any) -> None:
    app = kit.table_app(kit.mid_round(4), lang)

    async def ready(pilot: Any) -> None:
        await kit.until(kit.table_ready(app))
        await kit.until(lambda: "Bob" in kit.screen_text(app))
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=ready)


@pytest.mark.parametrize("size", [(120, 40), (200, 60)])
def test_table_big_in_portuguese(size: tuple[int, int], snap_compare: Any, kit: Any) -> None:
    """Framed cards (kind over two lines at 200 x 60) in Portuguese, whose names run longest."""
    app = kit.table_app(kit.mid_round(4), "pt")

    async def ready(pilot: Any) -> None:
        await kit.until(kit.table_ready(app))
        await kit.until(lambda: "Bob" in kit.screen_text(app))
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=ready)


def test_round_result_in_portuguese(snap_compare: Any, kit: Any) -> None:
    from seasalt.client.tui.screens.result import RoundResultScreen
    from seasalt.engine import RoundEnd
    from seasalt.testing import positions, tui

    app = tui.result_app(positions.after_round(RoundEnd.LAST_CHANCE), "pt")

    async def ready(pilot: Any) -> None:
        await kit.until(lambda: isinstance(app.screen, RoundResultScreen))
        await pilot.pause()

    assert snap_compare(app, terminal_size=(100, 30), run_before=ready)
