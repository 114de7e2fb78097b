"""Replaying a seat's round log into a sampled :class:`~.world.World` (see bots/sampler.py).

Where the log leaves a choice open (which card an opponent dug out of a pile with a crab pair,
which card one opponent stole from another, whether a draw took a card we know to be in the
deck) the replay picks one at random, guided by the :class:`~.world.Plan`; a contradiction with
a later event raises :class:`~.world.Inconsistent`.

This module holds the loop over the log and those guesses; Extra Pepper's events are replayed
by bots/log_pepper.py, and the small card moves both share (pending cards, hand slots, a
reveal) are bots/log_moves.py.
"""

from __future__ import annotations

import random

from seasalt.engine import Event, EventKind, PlayerView, build_deck

from .log_moves import deck_of, pending_reset, pending_to_hand, revealed, to_pending
from .log_pepper import PEPPER_EVENTS
from .opponent_model import GainCache, dig_weight, keep_weights, weighted_pick
from .world import Inconsistent, Plan, World

_ALL_CARDS = frozenset(c.id for c in build_deck(extra_salt=True))


def replay_log(
    view: PlayerView, plan: Plan, rng: random.Random, gains: GainCache | None = None
) -> World:
    """Replay the view's log into a sampled world; raises Inconsistent on a contradiction.

    ``gains`` memoizes the opponent model's hand values (pass one per view to share it
    between samples)."""
    me = view.seat
    n = view.rules.players
    total = len(build_deck(view.rules.extra_salt))
    gains = gains if gains is not None else GainCache()
    w = World(players=n)
    events = plan.memo.get("events")
    if events is None:  # the log's events that move or name sea cards, once per view
        events = plan.memo["events"] = [
            (i, e) for i, e in enumerate(view.log) if e.kind in _REPLAYED
        ]
    for i, e in events:
        k = e.kind
        s = e.seat
        if k is EventKind.ROUND_STARTED:
            w.piles = [[e.cards[0]], [e.cards[1]]]
            w.place(e.cards[0], "pile")
            w.place(e.cards[1], "pile")
            w.deck_size = total - 2
        elif k is EventKind.DREW_FROM_DECK:
            assert s is not None
            pending_reset(w)
            hints = _draw_hints(view, plan, i, s) if w.deck_known and not e.cards else None
            visible = e.cards if e.cards else (None,) * e.n
            for c in visible:
                got = w.draw_from_deck(s, rng, c, *(hints or ()))
                to_pending(w, got)
        elif k is EventKind.KEPT_CARD:
            assert s is not None
            if e.card is not None:  # our own keep: the card is named
                if e.card not in w.pending_known:
                    raise Inconsistent
                w.pending_known.remove(e.card)
                w.to_hand(s, e.card)
            elif len(w.pending_known) + w.pending_unknown == 1:
                pending_to_hand(w, s)  # a one-card draw; otherwise the discard tells which
        elif k is EventKind.DISCARDED:
            assert s is not None and e.card is not None and e.pile is not None
            c = e.card
            if c in w.pending_known:
                w.pending_known.remove(c)
                del w.placed[c]
            elif w.in_pool(c) and w.pending_unknown > 0:
                w.pending_unknown -= 1
            else:
                raise Inconsistent
            w.piles[e.pile].append(c)
            w.place(c, "pile")
            if s != me:
                if w.pending_unknown == 1 and not w.pending_known:
                    _guess_kept(view, plan, w, i, s, c, rng, gains)
                else:
                    pending_to_hand(w, s)  # what remains of the two was kept
        elif k is EventKind.TOOK_DISCARD:
            assert s is not None and e.card is not None and e.pile is not None
            pile = w.piles[e.pile]
            if not pile or pile[-1] != e.card:
                raise Inconsistent
            pile.pop()
            w.to_hand(s, e.card)
        elif k in (EventKind.PLAYED_PAIR, EventKind.PLAYED_TRIO):
            assert s is not None
            for c in e.cards:
                w.leave_hand(s, c)
                w.place(c, "table")
        elif k is EventKind.CRAB_PILE_CHOSEN:
            if e.cards:  # our own look: the pile must be exactly this
                assert e.pile is not None
                if list(e.cards) != w.piles[e.pile]:
                    raise Inconsistent
        elif k is EventKind.CRAB_TOOK:
            assert s is not None and e.pile is not None
            _crab_took(view, w, plan, i, e, rng, gains)
        elif k is EventKind.FISH_DREW or k is EventKind.LOCKED_DRAW:
            assert s is not None
            if k is EventKind.LOCKED_DRAW and e.n == 0:
                continue
            hints = _draw_hints(view, plan, i, s) if w.deck_known and e.card is None else None
            got = w.draw_from_deck(s, rng, e.card, *(hints or ()))
            if got is None:
                w.unknown[s] += 1
            else:
                w.to_hand(s, got)
        elif k is EventKind.ROBBED:
            assert s is not None and e.target is not None
            later = plan.later_from_hand[i]
            shown = plan.later_revealed[i]
            _robbed(
                w,
                e,
                rng,
                (later.get(s, frozenset()), s in shown),
                (later.get(e.target, frozenset()), e.target in shown),
            )
        elif k is EventKind.LOBSTER_LOOKED:
            assert s is not None
            pending_reset(w)
            hints = _draw_hints(view, plan, i, s) if w.deck_known and not e.cards else None
            visible = e.cards if e.cards else (None,) * e.n
            for c in visible:
                to_pending(w, w.draw_from_deck(s, rng, c, *(hints or ())))
        elif k is EventKind.LOBSTER_KEPT:
            assert s is not None
            _lobster_kept(w, s, e, rng)
        elif k is EventKind.REVEALED:
            assert s is not None
            revealed(w, s, e.cards)
        elif k in PEPPER_EVENTS:
            PEPPER_EVENTS[k](view, w, e, rng)
    return w


_REPLAYED = frozenset((
    EventKind.ROUND_STARTED, EventKind.DREW_FROM_DECK, EventKind.KEPT_CARD,
    EventKind.DISCARDED, EventKind.TOOK_DISCARD, EventKind.PLAYED_PAIR, EventKind.PLAYED_TRIO,
    EventKind.CRAB_PILE_CHOSEN, EventKind.CRAB_TOOK, EventKind.FISH_DREW, EventKind.LOCKED_DRAW,
    EventKind.ROBBED, EventKind.LOBSTER_LOOKED, EventKind.LOBSTER_KEPT, EventKind.REVEALED,
    *PEPPER_EVENTS,
))
"""The kinds :func:`replay_log` acts on; the others (turns, calls, scores, event cards) tell
nothing about where the sea cards are."""


def _draw_hints(
    view: PlayerView, plan: Plan, i: int, seat: int
) -> tuple[frozenset[int], frozenset[int]]:
    """(forced, avoid) for a hidden draw by ``seat`` at log index ``i``.

    Forced: cards that later come out of ``seat``'s hand, or the card it discards from this
    very draw. Avoid: cards named later anywhere else.
    """
    forced = set(plan.later_from_hand[i].get(seat, frozenset()))
    for e in view.log[i + 1 :]:
        if e.kind is EventKind.DISCARDED:
            if e.seat == seat and e.card is not None:
                forced.add(e.card)
            break
        if e.kind is EventKind.TURN_ENDED:
            break
    if seat in plan.later_revealed[i]:
        # Its hand is shown later: a known deck card it drew would have to show up there.
        return frozenset(forced), _ALL_CARDS
    return frozenset(forced), plan.later_public[i]


def _must_dig(view: PlayerView, i: int, pile: list[int], p: int) -> list[int]:
    """Cards of ``pile`` that later takes (or the final top) show were dug out at event ``i``.

    Replays pile ``p`` forward from ``i``: when a card of today's pile is taken later (or is the
    top in the view), everything above it must have been dug out by now. Stops at the next dig
    into the same pile, where the picture blurs.
    """
    stack = list(pile)
    for e in view.log[i + 1 :]:
        if e.pile != p:
            continue
        if e.kind is EventKind.DISCARDED and e.card is not None:
            stack.append(e.card)
        elif e.kind in (EventKind.TOOK_DISCARD, EventKind.ANGELFISH_TOOK) and e.card is not None:
            if e.card not in stack:
                return []
            if stack[-1] == e.card:
                stack.pop()
                continue
            above = stack[stack.index(e.card) + 1 :]
            return [c for c in above if c in pile]
        elif e.kind in (EventKind.CRAB_TOOK, EventKind.CRAB_PILE_CHOSEN):
            return []
    top = view.piles[p].top
    if top is not None and top in stack:
        return [c for c in stack[stack.index(top) + 1 :] if c in pile]
    return []


def _crab_took(
    view: PlayerView,
    w: World,
    plan: Plan,
    i: int,
    e: Event,
    rng: random.Random,
    gains: GainCache,
) -> None:
    assert e.seat is not None and e.pile is not None
    pile = w.piles[e.pile]
    if not pile:
        raise Inconsistent
    if e.card is not None:  # our own dig
        if e.card not in pile:
            raise Inconsistent
        pile.remove(e.card)
        w.to_hand(e.seat, e.card)
        return
    later = plan.later_public[i]
    from_hand = plan.later_from_hand[i].get(e.seat, frozenset())
    forced = _must_dig(view, i, pile, e.pile) or [
        c for c in pile if c in from_hand and c not in plan.later_in_pile[i]
    ]
    free = [c for c in pile if c not in later]
    candidates = forced or free or pile
    if forced or not free:
        card = candidates[rng.randrange(len(candidates))]
    else:
        # It looked through the pile and took what suited it best (bots/opponent_model.py).
        seat = e.seat
        table = view.seats[seat].table
        pinned, hand = w.pinned(seat), w.known[seat]
        weights = [
            dig_weight(g) for g in gains.gains_with(pinned, hand, table, seat, candidates)
        ]
        card = weighted_pick(rng, candidates, weights)
    pile.remove(card)
    w.to_hand(e.seat, card)
    if not forced:
        w.guessed.add(card)


def _robbed(
    w: World,
    e: Event,
    rng: random.Random,
    thief_future: tuple[frozenset[int], bool],
    victim_future: tuple[frozenset[int], bool],
) -> None:
    """A theft. Hidden from us, the card is one of the victim's slots, chosen so that what
    thief and victim later lay or show stays possible (each future: cards that later come out
    of that hand, and whether the whole hand is shown later)."""
    thief, victim = e.seat, e.target
    assert thief is not None and victim is not None
    if e.card is not None:  # we are the thief or the victim
        w.leave_hand(victim, e.card)
        w.to_hand(thief, e.card)
        return
    thief_later, thief_shown = thief_future
    victim_later, victim_shown = victim_future
    known = w.known[victim]
    if not known and w.unknown[victim] <= 0:
        raise Inconsistent
    # Known cards that may move: not shown later in the victim's hand, and shown later in the
    # thief's when its hand is revealed.
    movable = [
        j
        for j, c in enumerate(known)
        if c not in victim_later and (c in thief_later or not thief_shown)
    ]
    must = [j for j in movable if known[j] in thief_later]
    if not must and victim_shown:
        must = movable  # a known card missing from the victim's shown hand was stolen
    unknown_slots = 0 if must else w.unknown[victim]
    options = must or movable
    slots = len(options) + unknown_slots
    if slots <= 0:
        raise Inconsistent
    pick = rng.randrange(slots)
    if pick < len(options):
        w.to_hand(thief, known.pop(options[pick]))
    else:
        w.unknown[victim] -= 1
        w.unknown[thief] += 1


def _lobster_kept(w: World, seat: int, e: Event, rng: random.Random) -> None:
    if e.card is not None:  # our own look: we know what went back into the deck
        if e.card not in w.pending_known:
            raise Inconsistent
        w.pending_known.remove(e.card)
        w.to_hand(seat, e.card)
    else:  # an opponent's look: one card kept, the rest go back unseen
        looked = len(w.pending_known) + w.pending_unknown
        if looked <= 0:
            raise Inconsistent
        index = rng.randrange(looked)
        if index < len(w.pending_known):
            w.to_hand(seat, w.pending_known.pop(index))
        else:
            w.pending_unknown -= 1
            w.unknown[seat] += 1
    for c in w.pending_known:
        w.deck_known.append(c)
        w.place(c, "deck")
    w.deck_size += len(w.pending_known) + w.pending_unknown
    pending_reset(w)


def _guess_kept(
    view: PlayerView,
    plan: Plan,
    w: World,
    i: int,
    seat: int,
    discarded: int,
    rng: random.Random,
    gains: GainCache,
) -> None:
    """An opponent drew two hidden cards and placed ``discarded``: name the one it kept.

    Any card the world has not placed and the rest of the log does not show elsewhere may be
    it, weighted by how likely a sensible player keeps it over the discarded one
    (bots/opponent_model.py). When its hand is shown later the slot stays unknown: the reveal
    names it.
    """
    if seat in plan.later_revealed[i]:
        pending_to_hand(w, seat)
        return
    memo_key = ("kept", i)
    possible = plan.memo.get(memo_key)
    if possible is None:
        # A card it lays later may be this one, unless the log shows it in a pile first.
        own_later = plan.later_from_hand[i].get(seat, frozenset()) - plan.later_in_pile[i]
        later = plan.later_public[i]
        possible = plan.memo[memo_key] = [
            c for c in deck_of(view) if c not in later or c in own_later
        ]
    placed = w.placed  # World.in_pool, inlined: every unseen card is weighed
    candidates = [c for c in possible if c not in placed]
    if not candidates:
        pending_to_hand(w, seat)
        return
    pinned, hand = w.pinned(seat), w.known[seat]
    # The weights depend on these alone (the seat's table and the discard are the event's),
    # and the same ones come back in many samples: worked out once.
    weights_key = (i, tuple(sorted(hand)), tuple(sorted(pinned)), tuple(candidates))
    weights = plan.memo.get(weights_key)
    if weights is None:
        table = view.seats[seat].table
        g_discarded = gains.gains_with(pinned, hand, table, seat, (discarded,))[0]
        weights = plan.memo[weights_key] = keep_weights(
            gains.gains_with(pinned, hand, table, seat, candidates), g_discarded
        )
    card = weighted_pick(rng, candidates, weights)
    pending_reset(w)
    w.to_hand(seat, card)
    w.guessed.add(card)
