"""French puts a space before its colons (qa8, played in French at 80 x 24): the piles line
read "Défausse 1: vide" and the coach "… sur la défausse 2: une carte gris de plus …" — the
colon was glued on in the code, out of the catalogue's reach, and the colour did not agree
with "carte". The colon is the catalogue's now, and the colour sits where it needs no
agreement."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from seasalt.bots.coach import Facts, Option
from seasalt.client.tui.widgets.piles import compact_entries
from seasalt.client.words import i18n
from seasalt.client.words.coach import option_line
from seasalt.client.words.game import Names
from seasalt.engine import ALL_CARDS, Kind, TakeDiscard, view
from seasalt.testing.tui import mid_round


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_the_piles_and_the_coach_space_their_colons_in_french() -> None:
    i18n.set_language("fr")
    v = view(mid_round(3), 0)
    piles = " ".join(line.plain for e in compact_entries(v, set()) for line in e.lines)
    # (a no-break space: no line starts with the colon; i18n/test_french_punctuation.py)
    assert "Défausse 1\u00a0:" in piles and "Défausse 1:" not in piles
    grey = next(c.id for c in ALL_CARDS if c.kind is Kind.CRAB and c.color.value == "grey")
    option = Option(TakeDiscard(1), lead_gain=-1.0, win_chance=0.33, reward=0.0, playouts=40,
                    facts=Facts(grey, 0, 1, (("color_bonus", 1),)))
    line = option_line(option, v, Names(["Ann", "Bob", "Cy"], 0))
    assert "défausse 2\u00a0: une carte de plus pour votre bonus couleur (gris)" in line, line


def test_english_keeps_its_colons() -> None:
    v = view(mid_round(3), 0)
    piles = " ".join(line.plain for e in compact_entries(v, set()) for line in e.lines)
    assert "Pile 1:" in piles
