"""The game's last round is held (or not) by its own moves (qa8, played in tmux).

Bob's STOP ended round 5, then Ann ended the final round herself: the result was held anyway,
under "The round is over. The last moves: » Bob called STOP! » Round 5 scored." — round 5's
moves, because no next round is dealt at a game over and the table's ``ended_log`` still held
the round before. A round this seat ended shows its result at once (issue 15), the last one too.
"""

from __future__ import annotations

from typing import Any

import pytest
from seasalt import protocol as p
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens import result_hold
from seasalt.client.tui.screens.call_confirm import CallConfirmDialog
from seasalt.client.tui.screens.result import RoundResultScreen
from seasalt.client.tui.screens.result_hold import RESULT_HOLD
from seasalt.client.tui.screens.table import TableScreen
from seasalt.engine import (
    Call,
    CallKind,
    Event,
    EventKind,
    GameState,
    Phase,
    Rules,
    legal_actions,
    make_state,
    view,
)
from seasalt.testing.tui import FakeLink
from textual.widgets import Static

pytestmark = pytest.mark.timeout(60)

PENGUINS = (45, 46, 47, 52)  # three penguins (5) and the colony (+6): 11 card points
RULES = Rules(2, target=12)  # Bob's 11 in round 1 does not end the game; Ann's 2 + 11 does


@pytest.fixture(autouse=True)
def _the_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pause as players get it (conftest switches it off for the other tests)."""
    monkeypatch.setattr(result_hold, "RESULT_HOLD", RESULT_HOLD)


class Clock:
    """The app's clock, moved by nobody: a held result would wait for good."""

    def __call__(self) -> float:
        return 100.0


def with_penguins(seat: int, round: int = 1, scores: tuple[int, ...] = (0, 0),
                  log: tuple[Event, ...] = ()) -> GameState:
    """``seat`` to play holding 11 card points; the other seat holds 2."""
    hands = (PENGUINS, (34, 35)) if seat == 0 else ((34, 35), PENGUINS)
    used = {c for hand in hands for c in hand} | {17, 18}
    deck = [c for c in range(58) if c not in used]
    return make_state(RULES, hands=hands, piles=((17,), (18,)), deck=deck, phase=Phase.PLAY,
                      active=seat, round=round, scores=scores, move=10 * round, log=log)


class BobStopsThenAnnEnds(FakeLink):
    """Round 1: Bob calls STOP. Round 2 (the last): Ann to play, her STOP ends the game."""

    def __init__(self, address: str, name: str) -> None:
        super().__init__(address, name, players=2, state=with_penguins(
            1, log=(Event(EventKind.TURN_STARTED, seat=1),)))

    async def _bots(self) -> None:
        assert self.state is not None
        if self.state.round == 1 and self.state.to_act == 1:
            await self._apply(Call(CallKind.STOP))
            assert self.state.round == 2 and not self.state.is_over
            self.state = with_penguins(0, 2, self.state.scores,
                                       (Event(EventKind.TURN_STARTED, seat=0),))
            self.seq += 1
            await self.inbox.put(p.Snapshot(self.table, self.seq, view(self.state, 0)))


async def test_the_last_round_ended_by_this_seat_shows_its_result_at_once(tui: Any) -> None:
    app = SeasaltApp(LaunchOptions(address="lan:1", name="Ann"), link_factory=BobStopsThenAnnEnds)
    app.clock = Clock()
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: type(app.screen).__name__ == "LobbyScreen")
        await tui.key(app, "enter")
        # Bob's STOP ends round 1 at once (held or not: the table may be drawn after it).
        await tui.until(lambda: app.flow.result_round == 1)
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        if table.result_hold.active:
            await tui.key(app, "x")  # any key shows it
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen))
        assert table.ended_log[0].seat == 1  # round 1 as this seat saw it: Bob made its moves
        await tui.key(app, "enter")
        await tui.until(lambda: app.screen is table and table.ready
                        and table.frame is not None and table.frame.view.round == 2)
        assert Call(CallKind.STOP) in legal_actions(with_penguins(0, 2))
        await tui.key(app, "s")
        await tui.until(lambda: isinstance(app.screen, CallConfirmDialog))
        await tui.key(app, "s")
        await tui.until(lambda: app.flow.result_round == 2)  # the last round's result came
        await tui.settled(app)
        assert not table.result_hold.active, tui.text(app)
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen))
        assert "The last moves" not in tui.text(app)



async def test_play_again_says_what_it_waits_for_and_q_goes_back_to_the_lobby(tui: Any) -> None:
    # Played over the LAN: after "Play again" a toast said "Waiting for everyone to agree…"
    # for five seconds, then the table said only "The game is over." and q quit the app.
    from seasalt.client.net.intents import AgreeToPlayAgain, LeaveTable
    from seasalt.client.tui.screens.result import GameOverScreen
    from seasalt.client.tui.screens.table import TableScreen

    links: list[BobStopsThenAnnEnds] = []

    def factory(address: str, name: str) -> BobStopsThenAnnEnds:
        links.append(BobStopsThenAnnEnds(address, name))
        return links[-1]

    app = SeasaltApp(LaunchOptions(address="lan:1", name="Ann"), link_factory=factory)
    app.clock = Clock()
    intents: list[object] = []
    post = app.post_message

    def spy(message: Any) -> bool:
        intents.append(getattr(message, "intent", None))
        return post(message)

    app.post_message = spy  # type: ignore[method-assign]
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: type(app.screen).__name__ == "LobbyScreen")
        await tui.key(app, "enter")
        await tui.until(lambda: app.flow.result_round == 1)
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        if table.result_hold.active:
            await tui.key(app, "x")
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen))
        await tui.key(app, "enter")
        await tui.until(lambda: app.screen is table and table.ready)
        await tui.key(app, "s")
        await tui.until(lambda: isinstance(app.screen, CallConfirmDialog))
        await tui.key(app, "s")
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen))
        await tui.key(app, "enter")
        await tui.until(lambda: isinstance(app.screen, GameOverScreen))
        await tui.key(app, "p")
        await tui.until(lambda: app.screen is table)
        await tui.until(lambda: "You asked to play again" in " ".join(tui.text(app).split()))
        text = " ".join(tui.text(app).split())
        assert "every player at the table has agreed" in text
        assert any(isinstance(i, AgreeToPlayAgain) for i in intents)
        await tui.settled(app)
        assert "q Lobby" in tui.text(app).splitlines()[-1]
        # Bob went to the lobby instead (qa9, over the LAN): the table waits for a player
        # again. Its old game's hands and piles stood around the waiting room's words, under
        # "Every seat is taken: the game starts!".
        # (the table's info at its game over named both; then Bob's seat is free)
        finished = p.TableInfo(links[0].table, (p.SeatInfo("human", "Ann", True, False),
                                                p.SeatInfo("human", "Bob", True, False)),
                               False, False, p.TableState.FINISHED, 2)
        await links[0].inbox.put(p.TableChanged(finished))
        waiting = p.TableInfo(links[0].table, (p.SeatInfo("human", "Ann", True, False),
                                               p.SeatInfo("human", None, False, False)),
                              False, False, p.TableState.WAITING, 0)
        await links[0].inbox.put(p.TableChanged(waiting))
        await tui.until(lambda: "1 free seat of 2" in tui.text(app))
        await tui.settled(app)
        shown = tui.text(app)
        assert "Your hand" not in shown and "Deck" not in shown, shown
        assert not any("Bob" in line[:60] for line in shown.splitlines()), shown  # (his box)
        # The news (a toast; under the piles in the narrow layout, where the stale line was).
        # Who left, when the table's info named them ("Someone left" said less than it knew).
        assert table.notices[-1].startswith("Bob left: the next game starts"), table.notices
        recent = table.query_one("#recent", Static).content
        assert "Bob left" in str(recent), recent
        assert "q Lobby" in shown.splitlines()[-1]
        await tui.key(app, "q")
        await tui.until(lambda: any(isinstance(i, LeaveTable) for i in intents))
        assert app.return_code is None  # back to the lobby (the server answers), not quit


class AnnStopsThenBobEnds(FakeLink):
    """Round 1: Ann calls STOP. Round 2 (the last): once Ann has read round 1's result, Bob's
    STOP ends the game."""

    def __init__(self, address: str, name: str) -> None:
        super().__init__(address, name, players=2, state=with_penguins(
            0, log=(Event(EventKind.TURN_STARTED, seat=0),)))

    async def _bots(self) -> None:
        assert self.state is not None
        if self.state.round == 2 and self.state.move < 20:  # the deal: Bob to play
            self.state = with_penguins(1, 2, self.state.scores,
                                       (Event(EventKind.TURN_STARTED, seat=1),))
            self.seq += 1
            await self.inbox.put(p.Snapshot(self.table, self.seq, view(self.state, 0)))

    async def send(self, message: Any) -> None:
        await super().send(message)
        if isinstance(message, p.Continue) and self.state is not None and (
            self.state.round == 2 and self.state.to_act == 1
        ):
            await self._apply(Call(CallKind.STOP))  # Bob's: the game is over


async def test_the_last_round_held_shows_the_table_as_that_round_left_it(tui: Any) -> None:
    """While the game's last round is held, the table is that round's: no next round is dealt,
    so the frame on screen is the game over's own (not the last frame of the round before,
    kept for a hold over a next round's deal)."""
    app = SeasaltApp(LaunchOptions(address="lan:1", name="Ann"), link_factory=AnnStopsThenBobEnds)
    app.clock = Clock()
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: type(app.screen).__name__ == "LobbyScreen")
        await tui.key(app, "enter")
        table = await tui.until_table(app)
        await tui.until(lambda: table.ready)
        await tui.key(app, "s")
        await tui.until(lambda: isinstance(app.screen, CallConfirmDialog))
        await tui.key(app, "s")
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen))  # Ann's own STOP
        await tui.key(app, "enter")
        await tui.until(lambda: table.frame is not None and table.frame.view.is_over
                        and table.result_hold.active and table.rendered is table.frame)
        await tui.settled(app)
        text = tui.text(app)
        assert "The round is over. The last moves:" in text
        assert "round 2" in text.splitlines()[0], text.splitlines()[0]
