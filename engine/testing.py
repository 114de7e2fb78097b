"""Oracles for tests and soaks: what a seat may see, the invariants every state keeps, and the
positions a seat cannot tell apart. Pure (standard library and the engine only).

One definition each, used by the engine's playout and hidden-information tests, the wire-level
leak test and the protocol fuzzer (seasalt.testing.fuzzing). Nothing in the game imports this.

Where the old copies differed (kept here: the one that matches DESIGN "Views, events and hidden
information"):

- ``visible``: the fuzzer's copy counted every discard (buried ones were public when made) and
  the cards named in the round's log; the engine test's tracker counted pile tops only and the
  pile a crab pair is searching. DESIGN says buried discards are not secret, so they are visible
  here; the tracker stays in tests/engine/test_hidden_info.py as an independent, stricter check
  of the log (it rebuilds every zone from events alone).
- ``invariant_problems``: the fuzzer checked conservation, sorted hands and who acts; the playout
  test also checked locked turns, pending cards by phase, forced single options (RULES §3.5) and
  the caller's revealed hand. All of them are here.
- ``permute_unseen``: the leak test shuffled the deck, others' unrevealed hands and another
  seat's pending cards; the engine test also shuffled buried discards (the view shows only tops
  and sizes). The stronger one is kept.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable

from .actions import EndTurn
from .cards import KIND_OF, Kind
from .event_cards import EVENT_CARDS
from .events import Event, events_for
from .game import apply, new_game
from .legal import legal_actions
from .playout import Playout
from .state import GameState, Phase, Rules


def deck_size(rules: Rules) -> int:
    """How many cards a game with ``rules`` holds in all (RULES §1, Extra Salt §10)."""
    return 66 if rules.extra_salt else 58


def all_cards(state: GameState) -> list[int]:
    """Every card id in every zone, sorted (each exactly once in a sound state)."""
    out = [*state.deck, *state.piles[0], *state.piles[1], *state.pending]
    out.extend(c for c in state.face_down if c is not None)  # Extra Pepper (RULES §12.12)
    for hand in state.hands:
        out.extend(hand)
    for groups in state.tables:
        for group in groups:
            out.extend(group)
    return sorted(out)


def event_cards(events: Iterable[Event]) -> set[int]:
    """The card ids the events name."""
    out: set[int] = set()
    for e in events:
        if e.card is not None:
            out.add(e.card)
        out.update(e.cards)
    return out


def visible(state: GameState, seat: int | None, step: tuple[Event, ...] = ()) -> set[int]:
    """The card ids ``seat`` (None: a spectator) may see now, from the truth.

    ``step`` is the events of the action that led to ``state`` (an update carries them).
    """
    if state.is_over:  # DESIGN: after a game nothing is secret
        return set(range(deck_size(state.rules)))
    seen = {c for groups in state.tables for group in groups for c in group}
    seen |= {c for pile in state.piles for c in pile}  # buried discards were public
    seen |= {c for s, hand in enumerate(state.hands) if state.revealed[s] for c in hand}
    if state.last_result is not None:
        for part in state.last_result.seats:
            seen |= set(part.hand) | {c for g in part.table for c in g}
    if seat is not None:
        seen |= set(state.hands[seat])
        own_shell = state.face_down[seat] if state.face_down else None
        if own_shell is not None:
            seen.add(own_shell)
        if state.active == seat:
            seen |= set(state.pending)
            if state.swap_target is not None:  # the Water Rodeo look (RULES §12.3)
                seen |= set(state.hands[state.swap_target])
    seen |= event_cards(events_for(state.log, seat))
    seen |= event_cards(events_for(step, seat))
    return seen


def invariant_problems(state: GameState) -> list[str]:
    """Engine invariants every reachable state keeps; empty when all hold."""
    problems: list[str] = []
    cards = all_cards(state)
    size = deck_size(state.rules)
    if cards != list(range(size)):
        problems.append(f"cards not conserved: {len(cards)} cards, {len(set(cards))} distinct")
    if any(list(h) != sorted(h) for h in state.hands):
        problems.append("a hand is not sorted")
    legal = legal_actions(state)
    if state.is_over:
        if state.to_act is not None or legal or not state.winners:
            problems.append("a finished game still has a seat to act or no winner")
        return problems
    if state.to_act != state.active or not legal:
        problems.append("a running game has nobody to act or no legal action")
        return problems
    if state.locked(state.active):  # locked turns are played by the engine (RULES §11.2)
        problems.append("a locked seat is asked to act")
    if state.phase is Phase.KEEP and len(state.pending) != 2:
        problems.append(f"KEEP with {len(state.pending)} pending cards")
    if state.phase not in (Phase.KEEP, Phase.LOBSTER) and state.pending:
        problems.append(f"pending cards in phase {state.phase.name}")
    if len(legal) == 1 and not isinstance(legal[0], EndTurn):
        problems.append("a single-option choice was not resolved by the engine (RULES §3.5)")
    if state.call is not None and (state.caller is None or not state.revealed[state.caller]):
        problems.append("a call without a revealed caller (RULES §6.3)")
    if state.rules.extra_pepper:
        problems += _pepper_problems(state)
    return problems


def _pepper_problems(state: GameState) -> list[str]:
    """RULES §12.0: twelve event cards, each once; at most one held per seat going into a
    round; only shells lie face down."""
    problems = []
    cards = [*state.event_deck, *state.event_discard, *state.keep_choice,
             *(c for c in state.held if c is not None)]
    if state.table_event is not None:
        cards.append(state.table_event)
    if sorted(cards, key=EVENT_CARDS.index) != list(EVENT_CARDS):
        problems.append(f"event cards not conserved: {cards}")
    if any(c is not None and KIND_OF[c] is not Kind.SHELL for c in state.face_down):
        problems.append("a face-down card that is not a shell")
    if (state.phase.value == "keep_event_card") != bool(state.keep_choice):
        problems.append("a keep choice outside phase KEEP_EVENT_CARD, or none in it")
    return problems


def hidden_slots(state: GameState, seat: int | None) -> list[tuple[str, int, int]]:
    """Positions whose card ``seat`` cannot see in its view: (zone, index, position).

    The view shows own hand and pending cards, tables, pile tops, revealed hands and the crab
    pile ``seat`` is searching; everything else is hidden from it.
    """
    slots: list[tuple[str, int, int]] = [("deck", 0, i) for i in range(len(state.deck))]
    looked = state.swap_target if state.active == seat else None  # the Water Rodeo look
    for t in range(state.players):
        if t != seat and not state.revealed[t] and t != looked:
            slots += [("hand", t, i) for i in range(len(state.hands[t]))]
    if state.active != seat:
        slots += [("pending", 0, i) for i in range(len(state.pending))]
    for p in (0, 1):
        searching = state.phase is Phase.CRAB_TAKE and state.crab_pile == p
        if not (searching and state.active == seat):
            slots += [("pile", p, i) for i in range(len(state.piles[p]) - 1)]
    return slots


def permute_unseen(state: GameState, seat: int | None, rng: random.Random) -> GameState:
    """``state`` with the cards of :func:`hidden_slots` shuffled among those slots (the
    indistinguishability check: ``view`` of both must encode the same)."""
    slots = hidden_slots(state, seat)
    zones = {
        "deck": [list(state.deck)],
        "hand": [list(h) for h in state.hands],
        "pending": [list(state.pending)],
        "pile": [list(p) for p in state.piles],
    }
    cards = [zones[z][i][j] for z, i, j in slots]
    rng.shuffle(cards)
    for (z, i, j), c in zip(slots, cards, strict=True):
        zones[z][i][j] = c
    # Extra Pepper (RULES §12.14 "Leak test"): the event deck's order is unseen by all, and
    # another seat's face-down shell may be exchanged with any shell the viewer has not seen.
    event_deck = list(state.event_deck)
    rng.shuffle(event_deck)
    face = list(state.face_down)
    shell_slots = [(z, i, j) for z, i, j in slots if KIND_OF[zones[z][i][j]] is Kind.SHELL]
    for t, shell in enumerate(face):
        if shell is not None and t != seat and shell_slots and not state.is_over:
            z, i, j = rng.choice(shell_slots)
            if rng.random() < 0.5:
                face[t], zones[z][i][j] = zones[z][i][j], shell
    return dataclasses.replace(
        state,
        deck=tuple(zones["deck"][0]),
        hands=tuple(tuple(sorted(h)) for h in zones["hand"]),
        pending=tuple(zones["pending"][0]),
        piles=(tuple(zones["pile"][0]), tuple(zones["pile"][1])),
        pepper=dataclasses.replace(state.pepper, event_deck=tuple(event_deck),
                                   face_down=tuple(face)),
    )


__all__ = [
    "all_cards", "deck_size", "event_cards", "hidden_slots", "invariant_problems",
    "permute_unseen", "visible",
]


def playout_mismatch(rules: Rules, seed: int) -> str | None:
    """Play one seeded random game three ways in lockstep: the immutable ``apply()`` (the
    reference), a :class:`~.playout.Playout` keeping events and one without; None when every
    step agrees, else what differed first.

    Compared at every step: the legal actions, the whole frozen state (with events: equal
    outright, log included; without: equal but for the empty log) and each action's events;
    at the end the scores and winners.
    """
    rng = random.Random(seed)
    state = new_game(rules, seed)
    loud, quiet = Playout(state, events=True), Playout(state)
    while True:
        where = f"seed {seed}, move {state.move}"
        if loud.state() != state:
            return f"{where}: the playout's state differs"
        if quiet.state() != dataclasses.replace(state, log=()):
            return f"{where}: the event-less playout's state differs"
        if state.is_over:
            break
        legal = legal_actions(state)
        if loud.legal_actions() != legal or quiet.legal_actions() != legal:
            return f"{where}: the playout lists other legal actions"
        action = legal[rng.randrange(len(legal))]
        result = apply(state, action)
        if loud.apply(action) != result.events:
            return f"{where}: {action!r} gave other events"
        if quiet.apply(action) != ():
            return f"{where}: the event-less playout returned events"
        state = result.state
    if (loud.scores, loud.winners, quiet.scores, quiet.winners) != (
        state.scores, state.winners, state.scores, state.winners
    ):
        return f"seed {seed}: other final scores or winners"
    return None
