"""The statistics' Extra Pepper words (client/tui/widgets/event_stats.py): every effect the server
counts (server/event_stats.py EFFECT_KINDS, docs/protocol.md "PlayerStats") has its own words in
each language, singular and plural, so none is shown by its wire name."""

from __future__ import annotations

import pytest
from seasalt.client.tui.widgets.event_stats import EFFECT_ORDER, effect_text, effects_text
from seasalt.client.words import i18n
from seasalt.client.words.i18n import LANGUAGES
from seasalt.protocol import DuoCount
from seasalt.server.event_stats import EFFECT_KINDS


def test_the_client_words_every_effect_the_server_counts() -> None:
    assert set(EFFECT_ORDER) == {k.value for k in EFFECT_KINDS}


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_each_effect_has_its_words_in_every_language(lang: str) -> None:
    i18n.set_language(lang)
    try:
        for n in (1, 2):
            words = [effect_text(DuoCount(kind, n)) for kind in EFFECT_ORDER]
            assert len(set(words)) == len(words), words
            for kind, text in zip(EFFECT_ORDER, words, strict=True):
                assert text.startswith(f"{n} ") and text != f"{kind} {n}", text
        assert effect_text(DuoCount("new_effect", 3)) == "new_effect 3"  # unknown: as sent
    finally:
        i18n.set_language("en")


def test_the_effects_line_follows_the_help_order_not_the_wire_order() -> None:
    wire = tuple(DuoCount(k, 1) for k in sorted(EFFECT_ORDER))  # the server sends name order
    assert effects_text(wire) == (
        "1 card swapped · 1 look without a swap · 1 pair stolen · 1 Angelfish take · "
        "1 Dolphins draw · 1 shell laid face down"
    )
