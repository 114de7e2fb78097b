"""The footer names its keys in the app's language (session 11, the history in French read
"Enter Revoir la partie  …  Esc Retour" under a line that says "Entrée : revoir"; the help
says Entrée, Échap, Début and Fin)."""

from __future__ import annotations

from typing import Any

import pytest
from seasalt.client.tui.screens.history import HistoryScreen
from seasalt.client.tui.screens.replay import ReplayScreen
from seasalt.testing import tui as kit

pytestmark = pytest.mark.timeout(60)


@pytest.mark.parametrize(("lang", "enter", "esc"), [("fr", "Entrée", "Échap"),
                                                    ("es", "Intro", "Esc"),
                                                    ("en", "Enter", "Esc")])
async def test_the_history_and_replay_footers_name_keys_in_the_language(
        tui: Any, lang: str, enter: str, esc: str) -> None:
    replay = kit.make_replay(2, 8)
    app = kit.table_app(kit.mid_round(3), lang)
    async with app.run_test(size=(100, 30)):
        await tui.until_table(app)
        app.push_screen(HistoryScreen(kit.FakeSource({2: replay}), "fake:7327"))
        await tui.until(lambda: isinstance(app.screen, HistoryScreen))
        await tui.settled(app)
        footer = lambda: (tui.text(app).splitlines() or [""])[-1]  # noqa: E731
        await tui.until(lambda: f"{enter} " in footer() and f"{esc} " in footer(),
                        what=footer())
        if lang != "en":  # Spanish said "Continuar (Intro)" above an "Enter" footer key
            assert "Enter" not in footer(), footer()
        if lang == "fr":
            assert "Esc " not in footer(), footer()
        app.push_screen(ReplayScreen(replay))
        await tui.until(lambda: isinstance(app.screen, ReplayScreen))
        await tui.until(lambda: f"{esc} " in footer(), what=footer())
