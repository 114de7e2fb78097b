"""The lobby requests a connection sends again after a reconnect
(client/net/unanswered_requests.py)."""

from __future__ import annotations

from seasalt.client.net.unanswered_requests import KEPT, Unanswered
from seasalt.engine import DrawFromDeck
from seasalt.protocol import (
    ActionRequest,
    Chat,
    Error,
    ErrorCode,
    Joined,
    JoinOrCreate,
    Leave,
    Left,
    Watch,
)

SEATS = ("human", "human")


def test_only_lobby_requests_wait_and_each_answer_takes_its_own() -> None:
    asked = Unanswered()
    assert not asked.sent(ActionRequest("t", 0, DrawFromDeck()))  # re-decided on the snapshot
    assert not asked.sent(Chat("t", "hi"))
    leave, join, watch = Leave(), JoinOrCreate("b", SEATS), Watch("c")
    assert all(asked.sent(m) for m in (leave, join, watch))
    assert asked.waiting() == (leave, join, watch)
    asked.answered(Joined("a", 0))  # a resumed seat elsewhere answers none of them
    assert asked.waiting() == (leave, join, watch)
    asked.answered(Left("a"))
    assert asked.waiting() == (join, watch)
    asked.answered(Error(ErrorCode.UNKNOWN_TABLE, "no table named 'c'", "c"))
    assert asked.waiting() == (join,)
    asked.answered(Joined("b", 1))
    assert asked.waiting() == ()


def test_a_refusal_naming_no_table_answers_the_oldest_and_few_are_kept() -> None:
    asked = Unanswered()
    asked.sent(Leave())
    asked.sent(JoinOrCreate("b", SEATS))
    asked.answered(Error(ErrorCode.NOT_SEATED, "you are not at a table"))
    assert asked.waiting() == (JoinOrCreate("b", SEATS),)
    for n in range(KEPT + 2):
        asked.sent(Watch(f"t{n}"))
    assert len(asked.waiting()) == KEPT and asked.waiting()[-1] == Watch(f"t{KEPT + 1}")
