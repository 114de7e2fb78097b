"""Two players at one table on a real (in-process) server, one reading Portuguese and one
French: the same game, each in their own words."""

from __future__ import annotations

from typing import Any

import pytest
from seasalt.client.net.intents import SitDown
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.messages import IntentQueued
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.widgets.actions import ActionList
from seasalt.engine import DrawFromDeck
from seasalt.testing.server import running_server

pytestmark = pytest.mark.timeout(60)


def join(app: SeasaltApp) -> None:
    app.post_message(IntentQueued(SitDown("duo", ("human", "human"), False, False)))


def on_table(app: SeasaltApp, seq: int = 0) -> Any:
    def ready() -> bool:
        screen = app.screen
        return (
            isinstance(screen, TableScreen) and screen.rendered is not None
            and screen.rendered.seq >= seq
        )

    return ready


async def test_two_players_in_two_languages_see_the_same_game(kit: Any) -> None:
    async with running_server() as server:
        address = server.local_endpoint.removeprefix("tcp://")
        ana = SeasaltApp(LaunchOptions(address=address, name="Ana", lang="pt"))
        luc = SeasaltApp(LaunchOptions(address=address, name="Luc", lang="fr"))
        async with ana.run_test(size=(100, 30)), luc.run_test(size=(100, 30)):
            await kit.until(lambda: ana.net.server_address != "" and luc.net.server_address != "")
            join(ana)
            await kit.until(lambda: ana.session.table == "duo")
            join(luc)
            await kit.until(on_table(ana))
            await kit.until(on_table(luc))
            await kit.until(lambda: ana.flow.frame is not None and luc.flow.frame is not None
                            and ana.flow.frame.seq == luc.flow.frame.seq)
            assert ana.flow.frame is not None and luc.flow.frame is not None
            a, b = ana.flow.frame.view, luc.flow.frame.view
            assert {a.seat, b.seat} == {0, 1}
            # The same game: the same round, deck, piles, scores and turn.
            assert (a.round, a.deck_size, a.piles, a.to_act) == (b.round, b.deck_size, b.piles,
                                                                   b.to_act)
            assert [s.hand_size for s in a.seats] == [s.hand_size for s in b.seats]

            mover = ana if a.to_act == a.seat else luc
            await kit.until(on_table(mover, mover.flow.frame.seq))  # type: ignore[union-attr]
            draw = next(c for c in mover.screen.query_one(ActionList).choices
                        if isinstance(c.action, DrawFromDeck))
            seq = mover.flow.frame.seq + 1  # type: ignore[union-attr]
            await kit.keys(mover, draw.key)  # through the mover's own driver, as typed
            await kit.until(on_table(ana, seq))
            await kit.until(on_table(luc, seq))
            ana_text, luc_text = kit.screen_text(ana), kit.screen_text(luc)
            if mover is ana:
                assert "Você comprou" in ana_text and "Ana a pioché 2 cartes." in luc_text
            else:
                assert "Vous avez pioché" in luc_text
                assert "Luc comprou 2 cartas do baralho." in ana_text
            assert "Baralho" in ana_text and "Pioche" in luc_text
            assert "Ana" in luc_text and "Luc" in ana_text  # names as typed
