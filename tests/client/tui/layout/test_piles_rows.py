"""Both discard piles stay in view when their line wraps twice (qa8, played in tmux): in
French at 80 x 24 with the side panel open (l), "Pioche 54", "│ Défausse 1: …" and
"│ Défausse 2: …" took three rows of a two-row slot, and pile 2 was not shown at all."""

from __future__ import annotations

from typing import Any

from seasalt.client.tui.widgets.piles import PilesPanel
from seasalt.engine import Rules, make_state
from seasalt.testing import tui as kit

NAMES = ("Ann", "Bob")


async def test_the_piles_line_takes_a_third_row_when_it_needs_one(tui: Any) -> None:
    hands = ((2, 11, 34), (13, 20, 41))
    piles = ((21, 5), (22, 52))  # the Penguin Colony on pile 2: a long name in French
    used = {c for h in hands for c in h} | {c for p in piles for c in p}
    state = make_state(Rules(2), hands=hands, piles=piles,
                       deck=[c for c in range(58) if c not in used])
    app = kit.table_app(state, "fr", NAMES)
    async with app.run_test(size=(80, 24)):
        table = await tui.until_table(app)
        await tui.until(lambda: table.rendered is table.frame)
        # The full width: pile 2 wraps, and goes on under pile 1, not under the deck (a row
        # that began "│ Défausse 2" read as a stray rule: session 10).
        rows = tui.text(app).replace("\u00a0", " ").splitlines()
        one = next(r for r in rows if "Défausse 1" in r)
        two = next(r for r in rows if "Défausse 2" in r)
        assert one is not two and two.index("│ Défausse 2") == one.index("│ Défausse 1"), rows
        await tui.key(app, "l")  # the log and chat beside the table: 48 columns left
        await tui.until(lambda: table.side_open)
        await tui.settled(app)
        await tui.until(lambda: table.rendered is table.frame)
        text = tui.text(app).replace("\u00a0", " ")
        assert "Défausse 1" in text and "Défausse 2" in text, text
        panel = table.query_one(PilesPanel)
        assert panel.styles.height.value == 3
        # Too narrow for the piles to hang under pile 1: each starts its own row at the left
        # edge, without the rule that parts it from an entry beside it (session 18: "│
        # Défausse 2" at the left edge, at 100 columns, read as a stray rule again).
        shown = panel.shown
        assert shown is not None
        rows = shown.plain.replace("\u00a0", " ").splitlines()
        assert [row.split(" :")[0].strip() for row in rows] == \
            ["Pioche 48", "Défausse 1", "Défausse 2"], rows
