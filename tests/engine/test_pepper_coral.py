"""Extra Pepper's Coral Reef: the face-down shell and its protection (RULES §12.12); one test
per §12.15 row P84-P95."""

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from seasalt.engine import (
    EVENT_CARDS,
    Call,
    CallKind,
    EndTurn,
    EventCard,
    EventKind,
    GameState,
    IllegalActionError,
    Kind,
    Phase,
    PlaceShellFaceDown,
    PlayPair,
    Rob,
    TakeDiscard,
    apply,
    breakdown,
    card,
    events_for,
    legal_actions,
    view,
)
from seasalt.engine import cards_from_codes as codes

Builder = Callable[..., GameState]
E = EventCard


def pep(build: Builder, table_event: EventCard, *, players: int = 2,
        held: Sequence[EventCard | None] | None = None, **kw: Any) -> GameState:
    held_t = list(held) if held is not None else [None] * players
    deck = tuple(c for c in EVENT_CARDS if c is not table_event and c not in held_t)
    kw.setdefault("phase", Phase.PLAY)
    kw.setdefault("deck", "fish/g fish/y")
    return build(players, extra_pepper=True, table_event=table_event, held=held_t,
                 event_deck=deck, **kw)


def places(state: GameState) -> list[PlaceShellFaceDown]:
    return [a for a in legal_actions(state) if isinstance(a, PlaceShellFaceDown)]


def shell(state: GameState, seat: int, color: str) -> int:
    return next(c for c in state.hands[seat]
                if card(c).kind is Kind.SHELL and card(c).color.value == color)


def test_p84_place_a_shell_face_down(build: Builder) -> None:  # RULES §12.15 P84
    s = pep(build, E.CORAL_REEF, hands=["shell/y shell/g octopus/y octopus/lb", "crab/db"])
    b0 = view(s, 0).breakdown
    assert b0 is not None and b0.total == 5
    green = shell(s, 0, "green")
    assert set(places(s)) == {PlaceShellFaceDown(green), PlaceShellFaceDown(shell(s, 0, "yellow"))}
    r = apply(s, PlaceShellFaceDown(green))
    t = r.state
    assert t.face_down[0] == green and green not in t.hands[0] and t.phase is Phase.PLAY
    mine, theirs = view(t, 0), view(t, 1)
    assert mine.breakdown is not None and mine.breakdown.total == 3
    assert mine.breakdown.color_bonus == 2 and mine.face_down_shell == green
    assert theirs.face_down_shell is None and theirs.seats[0].shielded
    assert theirs.seats[0].face_down_shell is None and theirs.seats[0].hand_size == 3
    placed = next(e for e in r.events if e.kind is EventKind.SHELL_FACE_DOWN)
    assert placed.private_to == (0,) and events_for([placed], 1)[0].card is None


def test_p85_with_the_dance_of_the_shells(build: Builder) -> None:  # RULES §12.15 P85
    s = pep(build, E.DANCE_OF_THE_SHELLS, hands=["shell/y shell/g octopus/y octopus/lb",
                                                 "crab/db"], held=[E.CORAL_REEF, None])
    assert view(s, 0).breakdown.total == 7  # type: ignore[union-attr]
    t = apply(s, PlaceShellFaceDown(shell(s, 0, "green"))).state
    assert view(t, 0).breakdown.total == 5  # type: ignore[union-attr]


def test_p86_a_face_down_shell_leaves_its_colour_group(build: Builder) -> None:
    # RULES §12.15 P86: the mermaid's yellow group drops from 3 to 2.
    s = pep(build, E.CORAL_REEF, hands=["mermaid/w shell/y octopus/y crab/y", "crab/db"])
    assert view(s, 0).breakdown.total == 3  # type: ignore[union-attr]
    t = apply(s, PlaceShellFaceDown(shell(s, 0, "yellow"))).state
    assert view(t, 0).breakdown.total == 2  # type: ignore[union-attr]


def test_p87_a_shielded_seat_cannot_be_robbed(build: Builder) -> None:  # RULES §12.15 P87
    s = pep(build, E.CORAL_REEF, players=3, hands=["swimmer/db shark/db", "crab/db", "crab/lb"],
            face_down=["", "shell/y", ""])
    r = apply(s, next(a for a in legal_actions(s) if isinstance(a, PlayPair)))
    robbed = next(e for e in r.events if e.kind is EventKind.ROBBED)
    assert robbed.target == 2 and r.state.hands[1] == s.hands[1]  # forced: only C
    s = pep(build, E.CORAL_REEF, players=3, hands=["swimmer/db shark/db", "crab/db", ""],
            face_down=["", "shell/y", ""])
    r = apply(s, next(a for a in legal_actions(s) if isinstance(a, PlayPair)))
    assert EventKind.EFFECT_SKIPPED in [e.kind for e in r.events]
    with pytest.raises(IllegalActionError):
        apply(s, Rob(1))


def test_p88_a_shielded_seat_is_never_locked(build: Builder) -> None:  # RULES §12.15 P88
    s = pep(build, E.CORAL_REEF, players=3,
            hands=["swimmer/db jellyfish/p boat/db", "crab/db", "crab/lb"],
            deck="fish/db fish/lb fish/bk", piles=("shell/db", "shell/lb"),
            face_down=["", "shell/y", ""])
    t = apply(s, next(a for a in legal_actions(s) if isinstance(a, PlayPair))).state
    t = apply(t, EndTurn()).state
    assert t.active == 1 and t.phase is Phase.DRAW and len(legal_actions(t)) == 3  # normal
    assert not view(t, 0).seats[1].locked and view(t, 0).seats[2].locked
    t = apply(apply(t, TakeDiscard(0)).state, EndTurn()).state
    # Seat 2's locked turn ran by itself: back to the caster, whose lock lapses.
    assert t.active == 0 and len(t.hands[2]) == 2 and t.jellyfish_caster is None


def test_p89_water_rodeo_never_targets_a_shielded_seat(build: Builder) -> None:
    # RULES §12.15 P89
    s = pep(build, E.WATER_RODEO, hands=["swimmer/db swimmer/lb crab/db", "boat/db"],
            face_down=["", "shell/y"])
    r = apply(s, next(a for a in legal_actions(s) if isinstance(a, PlayPair)))
    assert EventKind.EFFECT_SKIPPED in [e.kind for e in r.events]
    s = pep(build, E.WATER_RODEO, hands=["shark/db shark/lb", "boat/db"],
            tables=[[], ["crab/lb crab/y"]], face_down=["", "shell/y"])
    r = apply(s, next(a for a in legal_actions(s) if isinstance(a, PlayPair)))
    assert EventKind.EFFECT_SKIPPED in [e.kind for e in r.events]
    assert r.state.tables[1] == s.tables[1]


def test_p90_no_second_shell(build: Builder) -> None:  # RULES §12.15 P90
    s = pep(build, E.CORAL_REEF, hands=["shell/y shell/g", "crab/db"])
    t = apply(s, PlaceShellFaceDown(shell(s, 0, "yellow"))).state
    assert places(t) == []
    with pytest.raises(IllegalActionError):
        apply(t, PlaceShellFaceDown(shell(t, 0, "green")))


def test_p91_protection_ends_with_the_round(build: Builder) -> None:  # RULES §12.15 P91
    eleven = "penguin/p penguin/lo penguin/pk penguin_colony/g"
    s = pep(build, E.CORAL_REEF, hands=[eleven + " shell/y", ""], piles=("shell/db", "boat/y"))
    t = apply(s, PlaceShellFaceDown(shell(s, 0, "yellow"))).state
    t = apply(t, Call(CallKind.STOP)).state
    assert t.round == 2 and t.face_down == (None, None)
    assert not any(sv.shielded for sv in view(t, 1).seats)
    from seasalt.engine.testing import all_cards

    assert all_cards(t) == list(range(66))  # the shell is back in the new round's cards


def test_p92_the_seahorse_is_not_a_shell(build: Builder) -> None:  # RULES §12.15 P92
    assert places(pep(build, E.CORAL_REEF, hands=["seahorse/w octopus/y", "crab/db"])) == []


def test_p93_only_the_holder_may_place(build: Builder) -> None:  # RULES §12.15 P93
    hands = ["shell/y", "shell/g"]
    assert places(pep(build, E.SUNFISH, hands=hands, held=[E.CORAL_REEF, None]))
    assert places(pep(build, E.SUNFISH, hands=hands, held=[E.CORAL_REEF, None], active=1)) == []


def test_p94_the_seahorse_cannot_join_a_face_down_shell(build: Builder) -> None:
    # RULES §12.15 P94: the face-down shell is in neither hand nor table.
    assert breakdown(codes("seahorse/w"), (), (E.CORAL_REEF,)).collectors == 0
    s = pep(build, E.CORAL_REEF, hands=["seahorse/w shell/y", "crab/db"])
    assert view(s, 0).breakdown.collectors == 2  # type: ignore[union-attr]  # shell + seahorse
    t = apply(s, PlaceShellFaceDown(shell(s, 0, "yellow"))).state
    assert view(t, 0).breakdown.collectors == 0  # type: ignore[union-attr]


def test_p95_a_reveal_keeps_the_shell_face_down(build: Builder) -> None:  # RULES §12.15 P95
    eleven = "penguin/p penguin/lo penguin/pk penguin_colony/g"
    for target, call in ((None, CallKind.STOP), (None, CallKind.LAST_CHANCE), (5, CallKind.STOP)):
        s = pep(build, E.CORAL_REEF, hands=[eleven + " shell/y", "crab/db"], target=target,
                piles=("shell/db", "boat/y"))
        hidden = shell(s, 0, "yellow")
        t = apply(s, PlaceShellFaceDown(hidden)).state
        t = apply(t, Call(call)).state
        if call is CallKind.LAST_CHANCE:
            assert view(t, 1).seats[0].revealed_hand == t.hands[0]
            t = apply(apply(t, TakeDiscard(0)).state, EndTurn()).state
        result = t.last_result
        assert result is not None and result.seats[0].shielded
        assert hidden not in result.seats[0].hand
        assert all(hidden not in (e.cards or ()) and hidden != e.card
                   for e in view(t, 1).log)  # nor in the log
        if target is not None:  # game over: nothing is secret any more
            assert t.is_over and view(t, 1).seats[0].face_down_shell == hidden
