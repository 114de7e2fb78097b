"""The log tells a bot's moves for an absent player from the player's own (session 9: Ann came
back after a takeover and read "You played the pair…" for the bot's moves).

The fake server marks, just before its snapshot, Bob's last turn and Ann's (seat 0's) last turn
as a bot's (``stand_in_moves``, protocol/stand_in.py); Cy's turn and Ann's earlier discard are
their own. In each language the log names the stand-in; with no marks (an older server) or
marks meant for another frame, the log reads as it always did.
"""

from __future__ import annotations

from typing import Any

import pytest
from seasalt import protocol as p
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.widgets.log import LogPanel
from seasalt.client.words import i18n
from seasalt.engine import EventKind, GameState
from seasalt.testing import tui as kit

pytestmark = pytest.mark.timeout(60)

SUBJECTS = {  # (Ann's own stand-in, Bob's)
    "en": ("Your stand-in (bot) ", "Bob's stand-in (bot) "),
    "pt": ("Seu substituto (bot) ", "O substituto de Bob (bot) "),
    "es": ("Tu sustituto (bot) ", "El sustituto de Bob (bot) "),
    "fr": ("Votre remplaçant (bot) ", "Le remplaçant de Bob (bot) "),
}


@pytest.fixture(autouse=True)
def _english_after() -> Any:
    yield
    i18n.set_language("en")


def _last_turns_of(state: GameState, seats: tuple[int, ...]) -> tuple[int, ...]:
    """The log indexes of the last turn of each of ``seats`` (from its start to its end)."""
    log = state.log
    marks: list[int] = []
    for seat in seats:
        start = max(i for i, e in enumerate(log)
                    if e.kind is EventKind.TURN_STARTED and e.seat == seat)
        marks += [i for i in range(start + 1, len(log)) if log[i].seat == seat
                  and log[i].kind is not EventKind.TURN_STARTED
                  and not any(e.kind is EventKind.TURN_STARTED for e in log[start + 1:i])]
    return tuple(sorted(marks))


class MarkingLink(kit.StaticLink):
    """The static table, with ``stand_in_moves`` for seq ``seq`` before its snapshot (7)."""

    def __init__(self, state: GameState, marks: tuple[int, ...], seq: int = 7) -> None:
        super().__init__(state)
        self.marks, self.seq = marks, seq

    async def send(self, message: Any) -> None:
        if isinstance(message, p.ListTables) and self.marks:
            await self.inbox.put(p.StandInMoves("t", self.seq, self.marks))
        await super().send(message)


async def _log(link: kit.StaticLink, lang: str) -> tuple[list[str], str]:
    """The log panel's lines, and its words as drawn (its rows read in order, no-break
    spaces as spaces: its wrapped lines hang under their words, card names tied)."""
    app = SeasaltApp(LaunchOptions(address="t:7327", name="Ann", lang=lang),
                     link_factory=lambda _a, _n: link)
    async with app.run_test(size=(120, 40)):
        table = await kit.until_table(app)
        await kit.until(lambda: table.rendered is table.frame is not None)
        await kit.settled(app)
        log = table.query_one(LogPanel)
        region = log.content_region
        rows = kit.screen_text(app).replace("\u00a0", " ").splitlines()
        drawn = " ".join(r[region.x:region.right] for r in rows[region.y:region.bottom])
        return list(log.last[0]), " ".join(drawn.split())


@pytest.mark.parametrize("lang", list(SUBJECTS))
async def test_the_log_names_the_stand_in_in_every_language(lang: str) -> None:
    state = kit.mid_round(3)
    marks = _last_turns_of(state, (1, 0))
    lines, screen = await _log(MarkingLink(state, marks), lang)
    mine, bobs = SUBJECTS[lang]
    # Ann's discard of her own; Bob's turn (drew, put), Cy's (drew, put), Ann's bot's (drew,
    # kept, put): the last eight lines.
    assert [line.startswith(mine) for line in lines] == [False] * 5 + [True] * 3, lines
    assert [line.startswith(bobs) for line in lines] == [False, True, True] + [False] * 5
    assert lines[3].startswith("Cy ") and lines[4].startswith("Cy ")
    assert not any(line.startswith(mine) or line.startswith(bobs) for line in lines[:1])
    if lang == "en":  # on the screen, as the log panel wraps them at 120 columns
        assert "Your stand-in (bot) kept Lighthouse" in screen
        assert "Bob's stand-in (bot) drew 2 cards" in screen


@pytest.mark.parametrize("seq", [None, 6], ids=["older-server", "marks-for-another-frame"])
async def test_without_marks_for_the_frame_the_log_reads_as_before(seq: int | None) -> None:
    state = kit.mid_round(3)
    marks = () if seq is None else _last_turns_of(state, (1, 0))
    lines, screen = await _log(MarkingLink(state, marks, seq or 7), "en")
    assert not any("stand-in" in line for line in lines) and "stand-in" not in screen
    assert lines[-3].startswith("You drew ") and lines[1].startswith("Bob drew ")
