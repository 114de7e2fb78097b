"""Whole Extra Pepper games (RULES §12): the §12.0 hand-out checked against an independent
oracle at every round end, and seeded random soaks (card conservation, determinism, replay)."""

import random
from collections import Counter

import pytest
from seasalt.engine import (
    Action,
    EventCard,
    EventKind,
    GameState,
    Keeper,
    Phase,
    Rules,
    apply,
    legal_actions,
    new_game,
    render_state,
    replay,
)
from seasalt.engine.testing import all_cards, invariant_problems


def expected_hand_off(before: GameState, totals: tuple[int, ...]) -> dict[str, object]:
    """RULES §12.0 steps 1-5 written out again, from the state before the round ended."""
    n = len(totals)
    top, low = max(totals), min(totals)
    leader = totals.index(top) if totals.count(top) == 1 else None
    trailer = totals.index(low) if totals.count(low) == 1 else None
    keeper = {Keeper.LEADER: leader, Keeper.TRAILER: trailer}
    held = list(before.held)
    discard = list(before.event_discard)
    for s in range(n):
        c = held[s]
        if c is not None and keeper[c.keeper] != s:
            held[s] = None
            discard.append(c)
    assert before.table_event is not None
    receiver = keeper[before.table_event.keeper]
    if receiver is None:
        discard.append(before.table_event)
    shuffled = not before.event_deck
    pool = set(discard) if shuffled else set(before.event_deck)
    if shuffled:
        discard = []
    keep: tuple[EventCard, ...] = ()
    if receiver is not None:
        if held[receiver] is None:
            held[receiver] = before.table_event
        else:
            old = held[receiver]
            assert old is not None
            keep = (old, before.table_event)
            held[receiver] = None
    return {"held": tuple(held), "discard": tuple(discard), "pool": pool, "keep": keep,
            "receiver": receiver, "shuffled": shuffled, "leader": leader, "trailer": trailer}


def check_round_end(before: GameState, after: GameState, events: tuple[object, ...],
                    seen: Counter[str]) -> None:
    kinds = [e.kind for e in events]  # type: ignore[attr-defined]
    if EventKind.GAME_OVER in kinds:  # P9, P10: nothing handed out after the last round
        assert after.table_event is before.table_event and after.held == before.held
        assert after.event_deck == before.event_deck
        seen["game over"] += 1
        return
    want = expected_hand_off(before, after.scores)
    assert after.held == want["held"]
    assert after.event_discard == want["discard"]
    assert after.keep_choice == want["keep"]
    top = after.table_event
    assert top in want["pool"] and {top, *after.event_deck} == want["pool"]
    if not want["shuffled"]:
        assert after.event_deck == before.event_deck[:-1] and top is before.event_deck[-1]
    seen["void" if EventKind.ROUND_VOID in kinds else "scored"] += 1
    seen["reshuffle"] += bool(want["shuffled"])
    seen["choose one"] += bool(want["keep"])
    seen["no keeper"] += want["receiver"] is None
    seen["tie"] += want["leader"] is None or want["trailer"] is None
    if want["keep"]:
        assert after.phase is Phase.KEEP_EVENT_CARD and after.to_act == want["receiver"]
    else:
        assert after.phase is not Phase.KEEP_EVENT_CARD


def play(rules: Rules, seed: int, seen: Counter[str]) -> tuple[GameState, list[Action]]:
    rng = random.Random(seed)
    state = new_game(rules, seed)
    size = 66 if rules.extra_salt else 58
    history: list[Action] = []
    while not state.is_over:
        assert all_cards(state) == list(range(size))  # card conservation, face-down included
        assert invariant_problems(state) == []
        legal = legal_actions(state)
        action = rng.choice(legal)
        seen[type(action).__name__] += 1
        result = apply(state, action)
        if any(e.kind in (EventKind.ROUND_SCORED, EventKind.ROUND_VOID, EventKind.MERMAID_WIN)
               for e in result.events):
            check_round_end(state, result.state, result.events, seen)
        history.append(action)
        state = result.state
    assert all_cards(state) == list(range(size)) and invariant_problems(state) == []
    return state, history


@pytest.mark.timeout(120)
def test_the_hand_out_over_whole_games() -> None:  # RULES §12.0
    seen: Counter[str] = Counter()
    for seed in range(60):
        players = 2 + seed % 3
        # A low target makes short games, a high one long ones (several event reshuffles).
        target = (15, 40, 120)[seed % 3 if seed % 2 else 0]
        rules = Rules(players, extra_salt=seed % 2 == 0, extra_pepper=True, target=target)
        play(rules, seed, seen)
    for situation in ("scored", "void", "reshuffle", "choose one", "no keeper", "tie",
                      "game over"):
        assert seen[situation], (situation, seen)
    # Every new decision came up too (the soaks below then cover them in every configuration).
    for name in ("TakeAngelfishCard", "LookAtHand", "SwapCard", "PassSwap", "StealPair",
                 "PlaceShellFaceDown", "KeepEventCard"):
        assert seen[name], (name, seen)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("extra_salt", [False, True])
def test_random_extra_pepper_games(players: int, extra_salt: bool) -> None:
    """Soak: conservation and invariants at every step; same seed + actions = same game."""
    seen: Counter[str] = Counter()
    rules = Rules(players, extra_salt=extra_salt, extra_pepper=True)
    for seed in range(8):
        final, history = play(rules, 500 + seed, seen)
        again = replay(rules, 500 + seed, history)
        assert again == final and render_state(again) == render_state(final)
        assert again.log == final.log


def test_extra_pepper_off_is_todays_game() -> None:
    # The default has no event deck: every Extra Pepper field is empty or None (RULES §12.14).
    s = new_game(Rules(3), 9)
    assert (s.event_deck, s.table_event, s.held, s.event_discard, s.keep_choice,
            s.face_down, s.swap_target) == ((), None, (), (), (), (), None)
    assert "extra_pepper" not in render_state(s)
