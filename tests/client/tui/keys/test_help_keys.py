"""The help's keys wrap between a key's item and the next, never between a key and what it
does (session 11, at 80 columns: a row ended "· ?" and the next began "help"; "· h" /
"history"; "↑" / "↓")."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from seasalt.client.tui.screens.help import HelpScreen
from seasalt.client.words import i18n
from seasalt.testing import tui as kit

pytestmark = pytest.mark.timeout(60)


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "fr", "pt", "es"])
async def test_no_help_row_ends_on_a_key_alone(tui: Any, lang: str) -> None:
    i18n.set_language(lang)  # a bare host app speaks the process default
    app = kit.Host(HelpScreen())
    async with app.run_test(size=(80, 24)):
        await tui.until(lambda: isinstance(app.screen, HelpScreen) and app.screen.is_mounted)
        await tui.settled(app)
        rows = [row.strip("│ ▆▃▅▄▂▁▇█").replace("\u00a0", " ").split()
                for row in tui.text(app).splitlines()]
        keys = next(i for i, row in enumerate(rows) if row == [i18n._("Keys")])
        shown = [row for row in rows[keys + 1:keys + 16] if row]
        for row in shown:
            assert len(row) < 2 or row[-2] != "·", " ".join(row)
            assert row[-1] != "↑" and row[0] != "↓", " ".join(row)
