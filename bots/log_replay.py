"""Replaying a seat's round log into a sampled :class:`~.world.World` (see bots/sampler.py).

Where the log leaves a choice open (which card an opponent dug out of a pile with a crab pair,
which card one opponent stole from another, whether a draw took a card we know to be in the
deck) the replay picks one at random, guided by the :class:`~.world.Plan`; a contradiction with
a later event raises :class:`~.world.Inconsistent`.
"""

from __future__ import annotations

import random

from seasalt.engine import Event, EventKind, Kind, PlayerView, build_deck

from .opponent_model import GainCache, dig_weight, keep_weight, weighted_pick
from .world import Inconsistent, Plan, World

_ALL_CARDS = frozenset(c.id for c in build_deck(extra_salt=True))
_KIND = tuple(c.kind for c in build_deck(extra_salt=True))


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
    for i, e in enumerate(view.log):
        k = e.kind
        s = e.seat
        if k is EventKind.ROUND_STARTED:
            w.piles = [[e.cards[0]], [e.cards[1]]]
            w.place(e.cards[0], "pile")
            w.place(e.cards[1], "pile")
            w.deck_size = total - 2
        elif k is EventKind.DREW_FROM_DECK:
            assert s is not None
            _pending_reset(w)
            hints = _draw_hints(view, plan, i, s) if w.deck_known and not e.cards else None
            visible = e.cards if e.cards else (None,) * e.n
            for c in visible:
                got = w.draw_from_deck(s, rng, c, *(hints or ()))
                _to_pending(w, got)
        elif k is EventKind.KEPT_CARD:
            assert s is not None
            if e.card is not None:  # our own keep: the card is named
                if e.card not in w.pending_known:
                    raise Inconsistent
                w.pending_known.remove(e.card)
                w.to_hand(s, e.card)
            elif len(w.pending_known) + w.pending_unknown == 1:
                _pending_to_hand(w, s)  # a one-card draw; otherwise the discard tells which
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
                    _pending_to_hand(w, s)  # what remains of the two was kept
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
            _pending_reset(w)
            hints = _draw_hints(view, plan, i, s) if w.deck_known and not e.cards else None
            visible = e.cards if e.cards else (None,) * e.n
            for c in visible:
                _to_pending(w, w.draw_from_deck(s, rng, c, *(hints or ())))
        elif k is EventKind.LOBSTER_KEPT:
            assert s is not None
            _lobster_kept(w, s, e, rng)
        elif k is EventKind.REVEALED:
            assert s is not None
            _revealed(w, s, e.cards)
        elif k in _PEPPER:
            _PEPPER[k](view, w, e, rng)
    return w


# ---- Extra Pepper's events (RULES §12.13): what each tells this seat about the cards. The
# event cards themselves are public and come from the view, not the log.


def _angelfish_took(view: PlayerView, w: World, e: Event, rng: random.Random) -> None:
    """A public take of a pile top (RULES §12.10), like a discard take."""
    assert e.seat is not None and e.card is not None and e.pile is not None
    pile = w.piles[e.pile]
    if not pile or pile[-1] != e.card:
        raise Inconsistent
    pile.pop()
    w.to_hand(e.seat, e.card)


def _dolphins_drew(view: PlayerView, w: World, e: Event, rng: random.Random) -> None:
    """The top deck card into the hand, named to the drawer only (RULES §12.11)."""
    assert e.seat is not None
    got = w.draw_from_deck(e.seat, rng, e.card)
    if got is None:
        w.unknown[e.seat] += 1
    else:
        w.to_hand(e.seat, got)


def _hand_looked(view: PlayerView, w: World, e: Event, rng: random.Random) -> None:
    """Water Rodeo: the swapper sees the target's whole hand (RULES §12.3). When we are the
    swapper, that hand is pinned as by a reveal; otherwise we learn nothing new."""
    assert e.target is not None
    if e.seat == view.seat and not e.redacted:
        _revealed(w, e.target, e.cards)


def _swapped(view: PlayerView, w: World, e: Event, rng: random.Random) -> None:
    """Water Rodeo: one card each way between swapper and target; both cards are named to
    the two of them only. For anyone else each card is a random one of its hand."""
    p, t = e.seat, e.target
    assert p is not None and t is not None
    if not e.redacted and len(e.cards) == 2:
        give, take = e.cards
        w.leave_hand(p, give)
        w.leave_hand(t, take)
        w.to_hand(t, give)
        w.to_hand(p, take)
        return
    given = _take_slot(w, p, rng)
    taken = _take_slot(w, t, rng)
    _put_slot(w, t, given)
    _put_slot(w, p, taken)


def _take_slot(w: World, seat: int, rng: random.Random) -> int | None:
    """Remove a uniformly chosen card slot of ``seat``'s hand: the card, or None for one we
    cannot name."""
    known = w.known[seat]
    slots = len(known) + w.unknown[seat]
    if slots <= 0:
        raise Inconsistent
    pick = rng.randrange(slots)
    if pick < len(known):
        card = known.pop(pick)
        w.guessed.discard(card)
        del w.placed[card]
        return card
    w.unknown[seat] -= 1
    return None


def _put_slot(w: World, seat: int, card: int | None) -> None:
    if card is None:
        w.unknown[seat] += 1
    else:
        w.to_hand(seat, card)


def _shell_face_down(view: PlayerView, w: World, e: Event, rng: random.Random) -> None:
    """The Coral Reef: a shell leaves the hand face down, named to its owner only (RULES
    §12.12). For another seat it is one of its shells: a known one, or one we cannot name."""
    s = e.seat
    assert s is not None
    if e.card is not None:
        w.leave_hand(s, e.card)
        w.place(e.card, "face_down")
        w.face_down[s] = e.card
        return
    shells = [c for c in w.known[s] if _KIND[c] is Kind.SHELL]
    # An unnamed slot holds a shell as often as the cards we have not placed do.
    deck = _deck_of(view)
    free = [c for c in deck if w.in_pool(c)]
    free_shells = sum(1 for c in free if _KIND[c] is Kind.SHELL)
    unknown = w.unknown[s] * free_shells / len(free) if free else 0.0
    if not shells and unknown <= 0:
        raise Inconsistent
    pick = rng.random() * (len(shells) + unknown)
    if pick < len(shells):
        card = shells[int(pick)]
        w.leave_hand(s, card)
        w.place(card, "face_down")
        w.face_down[s] = card
    else:
        w.unknown[s] -= 1
        w.face_down[s] = None


_PEPPER = {
    EventKind.ANGELFISH_TOOK: _angelfish_took,
    EventKind.DOLPHINS_DREW: _dolphins_drew,
    EventKind.HAND_LOOKED: _hand_looked,
    EventKind.SWAPPED: _swapped,
    EventKind.SHELL_FACE_DOWN: _shell_face_down,
}
"""Events that move sea cards; the others (event cards, a pass, a pair steal: the tables come
from the view) need nothing."""


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


def _pending_reset(w: World) -> None:
    w.pending_known = []
    w.pending_unknown = 0


def _to_pending(w: World, card: int | None) -> None:
    if card is None:
        w.pending_unknown += 1
    else:
        w.pending_known.append(card)
        w.place(card, "pending")


def _pending_to_hand(w: World, seat: int) -> None:
    for c in w.pending_known:
        w.to_hand(seat, c)
    w.unknown[seat] += w.pending_unknown
    _pending_reset(w)


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
    _pending_reset(w)


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
        _pending_to_hand(w, seat)
        return
    # A card it lays later may be this one, unless the log shows it in a pile first.
    own_later = plan.later_from_hand[i].get(seat, frozenset()) - plan.later_in_pile[i]
    later = plan.later_public[i]
    candidates = [
        c for c in _deck_of(view) if w.in_pool(c) and (c not in later or c in own_later)
    ]
    if not candidates:
        _pending_to_hand(w, seat)
        return
    table = view.seats[seat].table
    pinned, hand = w.pinned(seat), w.known[seat]
    g_discarded = gains.gains_with(pinned, hand, table, seat, (discarded,))[0]
    weights = [
        keep_weight(g, g_discarded)
        for g in gains.gains_with(pinned, hand, table, seat, candidates)
    ]
    card = weighted_pick(rng, candidates, weights)
    _pending_reset(w)
    w.to_hand(seat, card)
    w.guessed.add(card)


_DECKS = {salt: tuple(c.id for c in build_deck(salt)) for salt in (False, True)}


def _deck_of(view: PlayerView) -> tuple[int, ...]:
    return _DECKS[view.rules.extra_salt]


def _revealed(w: World, seat: int, cards: tuple[int, ...]) -> None:
    """The whole hand is shown: the world's hand must be able to hold exactly these cards."""
    while w.unguess(seat, keep=cards) is not None:
        pass  # a guess the reveal does not show was wrong: the reveal names the slot
    known = w.known[seat]
    if any(c not in cards for c in known):
        raise Inconsistent
    extra = [c for c in cards if c not in known]
    if len(extra) != w.unknown[seat] or any(not w.in_pool(c) for c in extra):
        raise Inconsistent
    for c in extra:
        w.place(c, "hand")
    w.known[seat] = list(cards)
    w.unknown[seat] = 0

