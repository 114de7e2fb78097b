"""Determinization: sample a full game state consistent with everything one seat has seen.

The view's round log is replayed event by event into a *sampled world*: piles as ordered lists,
for each seat the cards known to be in its hand plus a count of unknown ones, the cards known to
lie in the deck (after our own lobster look) and the active seat's pending cards. Where the log
leaves a choice open (which card an opponent dug out of a pile with a crab pair, which card one
opponent stole from another, whether a draw took a card we know to be in the deck) the replay
picks one at random, guided by what the rest of the log shows (a card the crab player lays later
was the one they took). The card an opponent kept of its two hidden draws, and the one it dug
out of a pile, are guessed with a model of a sensible player (bots/opponent_model.py): dealt
uniformly, its hand came out weaker than it is. A world that contradicts a later
event is rejected and replayed with new draws; if every try fails, a relaxed sample that ignores
buried pile history is returned (still matching every visible field of the view). Every card not
placed this way is dealt uniformly into the unknown slots: the deck order, the opponents'
unknown hand cards, an opponent's pending draw.

Extra Pepper (RULES §12.13, §12.14): the event cards are public but the event deck's order,
which is shuffled; another seat's face-down shell is one of its shells we can name or one of
the unseen shells; our Water Rodeo look pins the target's hand like a reveal, and a swap we did
not see moves a random card each way. Only the view is read, never the state behind it.

The sampled world and the log's facts about each card are bots/world.py, the replay
bots/log_replay.py; this module deals the rest and builds the state.
"""

from __future__ import annotations

import random
from typing import Any

from seasalt.engine import (
    EVENT_CARDS,
    EventKind,
    GameState,
    Kind,
    Phase,
    PlayerView,
    build_deck,
    make_state,
)

from .log_replay import replay_log
from .opponent_model import GainCache
from .world import Inconsistent, plan_log

_KIND = tuple(c.kind for c in build_deck(extra_salt=True))

_TRIES = 12
"""Replays with fresh draws before falling back to the relaxed sample."""


def _jellyfish_caster(view: PlayerView) -> int | None:
    locked = [s.seat for s in view.seats if s.locked]
    if not locked:
        return None
    # The lock's caster is named by the round's log; a shielded seat is never locked (RULES
    # §12.12), so "the one seat not locked" is only a fallback.
    for e in reversed(view.log):
        if e.kind is EventKind.JELLYFISH_LOCK:
            return e.seat
    free = [s.seat for s in view.seats if not s.locked and not s.shielded]
    return free[0] if len(free) == 1 else None


def _build(
    view: PlayerView,
    rng: random.Random,
    piles: list[list[int]],
    known: list[list[int]],
    deck_known: list[int],
    pending_known: list[int],
    keep_log: bool,
    face_down: dict[int, int | None] | None = None,
) -> GameState:
    """Deal the unplaced cards into the unknown slots and build the exact state.

    ``face_down``: the replay's face-down shells by seat (None: one it cannot name)."""
    me = view.seat
    hands: list[list[int]] = []
    for s in view.seats:
        if s.seat == me:
            hands.append(list(view.hand))
        elif s.revealed_hand is not None:
            hands.append(list(s.revealed_hand))
        else:
            hands.append(list(known[s.seat]))
    pending: list[int] = []
    opponent_pending = 0
    if view.phase in (Phase.KEEP, Phase.LOBSTER) and not view.is_over:
        if view.active == me:
            pending = list(view.pending)
        else:
            pending = list(pending_known)
            opponent_pending = _pending_count(view) - len(pending)
    placed = {c for h in hands for c in h}
    placed.update(c for p in piles for c in p)
    placed.update(deck_known)
    placed.update(pending)
    for s in view.seats:
        for group in s.table:
            placed.update(group)
    shells = _face_down_known(view, face_down or {})
    placed.update(c for c in shells if c is not None)
    pool = [c.id for c in build_deck(view.rules.extra_salt) if c.id not in placed]
    rng.shuffle(pool)
    for seat, shell in enumerate(shells):
        if shell is None and view.rules.extra_pepper and view.seats[seat].shielded:
            # Another seat's face-down shell: one of the shells we have not seen.
            unseen = [c for c in pool if _KIND[c] is Kind.SHELL]
            if not unseen:
                raise Inconsistent
            shells[seat] = unseen[0]  # the pool is shuffled: the first is a uniform pick
            pool.remove(unseen[0])
    for s in view.seats:
        missing = s.hand_size - len(hands[s.seat])
        if missing < 0:
            raise Inconsistent
        hands[s.seat].extend(pool[:missing])
        del pool[:missing]
    if opponent_pending < 0:
        raise Inconsistent
    pending.extend(pool[:opponent_pending])
    del pool[:opponent_pending]
    deck = pool + deck_known
    if len(deck) != view.deck_size:
        raise Inconsistent
    rng.shuffle(deck)
    return make_state(
        view.rules,
        hands=hands,
        deck=deck,
        piles=piles,
        tables=[s.table for s in view.seats],
        active=view.active,
        phase=view.phase,
        pending=pending if view.phase in (Phase.KEEP, Phase.LOBSTER) else (),
        crab_pile=view.crab_pile,
        call=view.call,
        caller=view.caller,
        revealed=[s.revealed_hand is not None and not view.is_over for s in view.seats],
        jellyfish_caster=_jellyfish_caster(view),
        scores=[s.score for s in view.seats],
        last_round_scores=[s.last_round_score for s in view.seats],
        seed=rng.getrandbits(48),
        round=view.round,
        move=view.move,
        log=view.log if keep_log else (),
        last_result=view.last_result,
        winners=view.winners,
        **_event_zones(view, rng, shells),
    )


def _face_down_known(view: PlayerView, replayed: dict[int, int | None]) -> list[int | None]:
    """Per seat, the face-down shell we can name: ours, a finished game's, or the replay's."""
    out: list[int | None] = [None] * view.rules.players
    if not view.rules.extra_pepper:
        return out
    for s in view.seats:
        if s.seat == view.seat:
            out[s.seat] = view.face_down_shell
        elif s.face_down_shell is not None:
            out[s.seat] = s.face_down_shell
        elif s.shielded:
            out[s.seat] = replayed.get(s.seat)
    return out


def _event_zones(
    view: PlayerView, rng: random.Random, shells: list[int | None]
) -> dict[str, Any]:
    """Extra Pepper's zones (RULES §12.14): all public but the event deck's order, which is
    shuffled; empty with the option off."""
    if not view.rules.extra_pepper:
        return {}
    public = {s.held_event for s in view.seats} | set(view.event_discard) | set(view.keep_choice)
    public.add(view.table_event)
    deck = [c for c in EVENT_CARDS if c not in public]
    if len(deck) != view.event_deck_size:
        raise Inconsistent
    rng.shuffle(deck)
    keeping = view.phase is Phase.KEEP_EVENT_CARD and not view.is_over
    starter = None
    if keeping:
        # The next round is dealt left of whoever ended this one (RULES §7).
        assert view.last_result is not None
        starter = (view.last_result.ended_by + 1) % view.rules.players
    return {
        "event_deck": deck,
        "table_event": view.table_event,
        "held": [s.held_event for s in view.seats],
        "event_discard": view.event_discard,
        "keep_choice": view.keep_choice if keeping else (),
        "next_starter": starter,
        "face_down": shells,
        "swap_target": view.swap_target if view.phase is Phase.SWAP else None,
    }


def _pending_count(view: PlayerView) -> int:
    """How many cards the active opponent holds pending (the last draw or lobster look)."""
    for e in reversed(view.log):
        if e.kind is EventKind.DREW_FROM_DECK or e.kind is EventKind.LOBSTER_LOOKED:
            return e.n
    return 0


def _check_tops(view: PlayerView, piles: list[list[int]]) -> None:
    for p, pv in zip(piles, view.piles, strict=True):
        if len(p) != pv.size or (p[-1] if p else None) != pv.top:
            raise Inconsistent


def _relaxed(view: PlayerView, rng: random.Random, keep_log: bool) -> GameState:
    """A sample that trusts only the view's visible fields: buried pile cards are unknown."""
    me = view.seat
    visible = set(view.hand) | set(view.pending)
    if view.face_down_shell is not None:
        visible.add(view.face_down_shell)
    for s in view.seats:
        for group in s.table:
            visible.update(group)
        if s.revealed_hand is not None:
            visible.update(s.revealed_hand)
    tops = [p.top for p in view.piles if p.top is not None]
    visible.update(tops)
    pool = [c.id for c in build_deck(view.rules.extra_salt) if c.id not in visible]
    rng.shuffle(pool)
    piles: list[list[int]] = []
    for pv in view.piles:
        if pv.size == 0:
            piles.append([])
            continue
        assert pv.top is not None
        buried = pool[: pv.size - 1]
        del pool[: pv.size - 1]
        piles.append([*buried, pv.top])
    if view.phase is Phase.CRAB_TAKE and view.active == me and view.crab_pile is not None:
        # Our own dig shows the whole pile: use it, and give back what the guess used.
        guess = piles[view.crab_pile]
        pool.extend(c for c in guess if c not in view.pending)
        pool = [c for c in pool if c not in view.pending]
        piles[view.crab_pile] = list(view.pending)
    known: list[list[int]] = [[] for _ in view.seats]
    if view.phase is Phase.SWAP and view.active == me and view.swap_target is not None:
        # Our Water Rodeo look shows the target's hand (RULES §12.3): use it too.
        known[view.swap_target] = list(view.pending)
    return _build(view, rng, piles, known, [], [], keep_log)


class Sampler:
    """Draws determinizations of one view; the log analysis is done once, in the constructor.

    Raises:
        ValueError: for a spectator view.
    """

    def __init__(self, view: PlayerView) -> None:
        if view.seat is None:
            raise ValueError("sampling needs a seat's view, not a spectator's")
        self.view = view
        self._plan = plan_log(view)
        self._gains = GainCache()

    def sample(self, rng: random.Random, keep_log: bool = True) -> GameState:
        """One state consistent with the view (see :func:`sample_state`)."""
        view = self.view
        me = view.seat
        assert me is not None
        for _ in range(_TRIES):
            try:
                w = replay_log(view, self._plan, rng, self._gains)
                piles = [list(p) for p in w.piles]
                if view.phase is Phase.CRAB_TAKE and view.active == view.seat:
                    assert view.crab_pile is not None
                    if piles[view.crab_pile] != list(view.pending):
                        raise Inconsistent
                _check_tops(view, piles)
                for s in view.seats:
                    size = len(w.known[s.seat]) + w.unknown[s.seat]
                    if s.seat != view.seat and size != s.hand_size:
                        raise Inconsistent
                if sorted(w.known[me]) != sorted(view.hand):
                    raise Inconsistent
                return _build(
                    view, rng, piles, w.known, w.deck_known, w.pending_known, keep_log,
                    w.face_down,
                )
            except Inconsistent:
                continue
        return _relaxed(view, rng, keep_log)


def sample_state(view: PlayerView, rng: random.Random, keep_log: bool = True) -> GameState:
    """A full game state drawn from the states consistent with ``view``.

    ``view(result, view.seat)`` shows the same hand, tables, revealed hands, pile tops and sizes,
    hand sizes, deck size, phase and pending cards as ``view``; every card whose place the log
    pins down (a discard an opponent took, a card stolen from us, pile contents) is where the
    log says. The state's seed is drawn from ``rng`` so simulations from it are reproducible.

    Args:
        view: a seat's view (not a spectator's).
        rng: the source of every random choice.
        keep_log: copy the view's log into the state (simulations do not need it).

    Raises:
        ValueError: for a spectator view.
    """
    return Sampler(view).sample(rng, keep_log)
