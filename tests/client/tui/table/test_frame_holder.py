"""The app holds the latest frame (``SeasaltApp.frame``) and the table screen watches it: new
seat names put the same frame up again, which answers no action the player sent; every frame
from the server answers it, even one equal to the last (a snapshot after a refusal)."""

from __future__ import annotations

from seasalt import protocol as p
from seasalt.client.tui.screens.table import TableScreen
from seasalt.engine import view

from tests.client.tui.table.test_stale_frames import after_the_burst


async def test_new_names_answer_nothing_and_every_snapshot_answers(tui) -> None:  # type: ignore[no-untyped-def]
    async with after_the_burst(tui) as (app, link):
        table = app.screen
        assert isinstance(table, TableScreen) and table.frame is app.frame
        table.clock = lambda: 0.0  # no pending-action timeout frees what was sent
        table.sent, table.sent_at = True, table.clock()  # an action on its way
        link.inbox.put_nowait(p.TableChanged(link.info(("Ann", "Dee", "Cid"))))
        await tui.until(lambda: table.rendered is not None
                        and table.rendered.names()[1] == "Dee", what="the new names drawn")
        assert table.frame is app.frame and app.flow.frame is app.frame
        assert table.frame.seq == 8 and table.sent  # the same frame: still waiting

        snapshot = p.Snapshot("t", 8, view(link.after, 0))
        for _ in range(2):  # the second equal to the first: it answers too
            table.sent, table.sent_at = True, table.clock()
            link.inbox.put_nowait(snapshot)
            await tui.until(lambda: not table.sent, what="the snapshot taken in")
            assert table.frame is app.frame and table.frame.seq == 8
