"""Counts take their language's plural form on screen (ngettext, issue 15): "1 finished game",
"2 finished games", in all four languages, and in the table's own counts."""

from __future__ import annotations

import dataclasses

import pytest
from seasalt.client.tui.screens.history import HistoryScreen
from seasalt.client.tui.widgets.piles import PilesPanel
from seasalt.client.words import i18n
from seasalt.engine import PileView, view
from seasalt.testing.tui import FakeSource, Host, make_replay, screen_text, settled, until
from textual.widgets import DataTable

pytestmark = pytest.mark.timeout(60)

WORDS = {
    "en": ("1 finished game.", "2 finished games."),
    "pt": ("1 partida terminada.", "2 partidas terminadas."),
    "es": ("1 partida terminada.", "2 partidas terminadas."),
    "fr": ("1 partie terminée.", "2 parties terminées."),
}


@pytest.mark.parametrize("lang", list(WORDS))
@pytest.mark.parametrize("games", [1, 2])
async def test_the_history_counts_its_games_in_each_language(lang: str, games: int) -> None:
    i18n.set_language(lang)  # a bare host app speaks the process default
    source = FakeSource({n: make_replay(n, 3 + n) for n in range(1, games + 1)})
    app = Host(HistoryScreen(source, "fake:7327"))
    async with app.run_test(size=(160, 30)):
        await until(lambda: app.screen.query_one(DataTable).row_count == games)
        await settled(app)
        text = screen_text(app)
        assert WORDS[lang][games - 1] in text, text
        assert WORDS[lang][2 - games] not in text


@pytest.mark.parametrize(("lang", "one", "many"), [
    ("en", "(1 card)", "(2 cards)"), ("pt", "(1 carta)", "(2 cartas)"),
    ("es", "(1 carta)", "(2 cartas)"), ("fr", "(1 carte)", "(2 cartes)"),
])
async def test_the_table_counts_pile_cards_in_each_language(kit, lang, one, many) -> None:
    state = kit.mid_round(2)
    app = kit.table_app(state, lang)
    async with app.run_test(size=(120, 40)):
        await kit.until(kit.table_ready(app))
        piles = app.screen.query_one(PilesPanel)
        for size, words in ((1, one), (2, many)):
            v = view(state, 0)
            top = v.piles[0].top if v.piles[0].top is not None else v.piles[1].top
            fake = PileView(top, size)
            piles.show(dataclasses.replace(v, piles=(fake, fake)), set())
            await kit.settled(app)
            assert words in kit.screen_text(app)
