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
