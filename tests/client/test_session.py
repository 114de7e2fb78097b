"""seasalt.client.net.session: the client's session without sockets (feed messages, read
outbound)."""

from __future__ import annotations

import pytest
from seasalt.client.net.intents import (
    AgreeToPlayAgain,
    AskScores,
    AskSnapshot,
    AskTables,
    DoneReading,
    LeaveTable,
    Play,
    Say,
    SitDown,
    WatchTable,
)
from seasalt.client.net.session import ClientSession
from seasalt.engine import DrawFromDeck, Rules, new_game, view
from seasalt.protocol import (
    ActionRequest,
    Chat,
    Continue,
    Error,
    ErrorCode,
    GetScores,
    Joined,
    JoinOrCreate,
    Leave,
    Left,
    ListTables,
    PlayAgain,
    Snapshot,
    Sync,
    Update,
    Watch,
)

V = view(new_game(Rules(2), 1), 0)


def seated(table: str = "t", seat: int | None = 0, seq: int = 4) -> ClientSession:
    session = ClientSession()
    assert session.receive(Joined(table, seat))
    assert session.receive(Snapshot(table, seq, V))
    return session


def test_joined_then_snapshot_set_table_seat_seq_and_view() -> None:
    session = seated()
    assert (session.table, session.seat, session.seq, session.view) == ("t", 0, 4, V)
    assert session.next_outbound() is None


def test_updates_in_order_pass_and_duplicates_are_swallowed() -> None:
    session = seated()
    assert session.receive(Update("t", 5, V, ()))
    assert not session.receive(Update("t", 5, V, ()))  # a duplicate
    assert not session.receive(Update("t", 3, V, ()))  # older still
    assert session.seq == 5 and session.gaps == 0 and session.next_outbound() is None


def test_a_gap_asks_for_one_snapshot_and_swallows_until_it_comes() -> None:
    session = seated()
    assert not session.receive(Update("t", 7, V, ()))  # seq 5 and 6 were lost
    assert session.next_outbound() == Sync("t")
    assert session.next_outbound() is None  # asked once
    assert not session.receive(Update("t", 8, V, ()))  # still waiting for the snapshot
    assert session.next_outbound() is None
    assert session.gaps == 1 and session.seq == 4
    assert session.receive(Snapshot("t", 8, V))
    assert session.receive(Update("t", 9, V, ()))
    assert session.seq == 9


def test_an_update_before_any_snapshot_is_a_gap() -> None:
    session = ClientSession()
    session.receive(Joined("t", 1))
    assert not session.receive(Update("t", 3, V, ()))
    assert session.next_outbound() == Sync("t") and session.gaps == 1


def test_frames_of_another_table_pass_untracked() -> None:
    session = seated()
    assert session.receive(Update("other", 99, V, ()))
    assert session.receive(Snapshot("other", 50, V))
    assert (session.table, session.seq, session.gaps) == ("t", 4, 0)


def test_left_forgets_the_table_and_says_whether_we_asked() -> None:
    session = seated()
    assert session.send(LeaveTable()) == Leave()
    assert session.leaving
    assert session.receive(Left("t"))
    assert (session.table, session.seat, session.seq, session.view) == (None, None, None, None)
    assert not session.leaving


def test_a_leave_the_server_answers_with_not_at_a_table_is_done() -> None:
    # The server had this session at no table already (the client missed being told): the
    # player's q must still bring the lobby, not "You have no seat at this table." for good.
    session = seated(seat=None)
    session.send(LeaveTable())
    assert session.receive(Error(ErrorCode.NOT_SEATED, "you are not at a table"))
    assert (session.table, session.seat, session.leaving) == (None, None, False)
    other = seated()  # refused while not leaving (a chat line, a sync): it stays
    assert other.receive(Error(ErrorCode.NOT_SEATED, "you are not at 't'", "t"))
    assert other.table == "t"


def test_a_left_for_another_table_keeps_ours() -> None:
    session = seated()
    session.receive(Left("elsewhere"))
    assert (session.table, session.seq) == ("t", 4)


def test_after_a_resumed_link_nothing_passes_until_the_snapshot() -> None:
    session = seated()
    session.link_resumed()
    assert not session.receive(Update("t", 5, V, ()))
    assert session.next_outbound() is None  # the server sends the snapshot by itself
    assert session.receive(Snapshot("t", 6, V)) and session.receive(Update("t", 7, V, ()))


def test_a_fresh_session_after_a_loss_is_at_no_table() -> None:
    session = seated()
    session.link_resumed(fresh=True)
    assert (session.table, session.seat, session.seq) == (None, None, None)


def test_an_action_carries_the_table_and_the_seq_it_was_decided_on() -> None:
    session = seated(seq=12)
    assert session.send(Play(DrawFromDeck())) == ActionRequest("t", 12, DrawFromDeck())
    session.receive(Update("t", 13, V, ()))
    assert session.send(Play(DrawFromDeck())) == ActionRequest("t", 13, DrawFromDeck())


def test_no_action_goes_out_before_a_view() -> None:
    session = ClientSession()
    session.receive(Joined("t", 0))
    assert session.send(Play(DrawFromDeck())) is None


@pytest.mark.parametrize(("intent", "wire"), [
    (DoneReading(), Continue("t")),
    (AgreeToPlayAgain(), PlayAgain("t")),
    (Say("hi"), Chat("t", "hi")),
    (Say("x" * 600), Chat("t", "x" * 500)),  # the protocol's chat limit
    (AskTables(), ListTables()),
    (SitDown("k", ("human", "bot:greedy"), True, False, 30),
     JoinOrCreate("k", ("human", "bot:greedy"), True, False, 30)),
    (WatchTable("k"), Watch("k")),
    (AskSnapshot(), Sync("t")),
    (AskScores(), GetScores("t")),
    (AskScores("past"), GetScores("past")),
])
def test_each_intent_has_its_message(intent: object, wire: object) -> None:
    assert seated().send(intent) == wire  # type: ignore[arg-type]


def test_scores_of_no_table_send_nothing() -> None:
    assert ClientSession().send(AskScores()) is None


def test_something_that_is_not_an_intent_is_refused() -> None:
    with pytest.raises(TypeError):
        ClientSession().send("action")  # type: ignore[arg-type]
