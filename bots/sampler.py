"""Determinization: sample a full game state consistent with everything one seat has seen.

The view's round log is replayed event by event into a *sampled world*: piles as ordered lists,
for each seat the cards known to be in its hand plus a count of unknown ones, the cards known to
lie in the deck (after our own lobster look) and the active seat's pending cards. Where the log
leaves a choice open (which card an opponent dug out of a pile with a crab pair, which card one
opponent stole from another, whether a draw took a card we know to be in the deck) the replay
picks one at random, guided by what the rest of the log shows (a card the crab player lays later
was the one they took). A world that contradicts a later event is rejected and replayed with new
draws; if every try fails, a relaxed sample that ignores buried pile history is returned (still
matching every visible field of the view). Every card not placed this way is dealt uniformly into
the unknown slots: the deck order, the opponents' unknown hand cards, an opponent's pending draw.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from seasalt.engine import (
    Event,
    EventKind,
    GameState,
    Phase,
    PlayerView,
    build_deck,
    make_state,
)

_TRIES = 12
"""Replays with fresh draws before falling back to the relaxed sample."""


_ALL_CARDS = frozenset(c.id for c in build_deck(extra_salt=True))


class _Inconsistent(Exception):
    """The sampled world contradicts the log: replay again."""


@dataclass
class _World:
    """The sampled world during the replay of one log."""

    players: int
    piles: list[list[int]] = field(default_factory=lambda: [[], []])
    known: list[list[int]] = field(default_factory=list)
    """Per seat: cards we place in that hand."""
    unknown: list[int] = field(default_factory=list)
    """Per seat: how many further hand cards we cannot name."""
    deck_known: list[int] = field(default_factory=list)
    """Cards known to be in the deck (returned by our own lobster look)."""
    deck_size: int = 0
    pending_known: list[int] = field(default_factory=list)
    pending_unknown: int = 0
    placed: dict[int, str] = field(default_factory=dict)
    """Card -> where the world put it ("pile", "hand", "table", "deck", "pending")."""

    def __post_init__(self) -> None:
        self.known = [[] for _ in range(self.players)]
        self.unknown = [0] * self.players

    # --- the unknown pool is every card the world has not placed

    def in_pool(self, card: int) -> bool:
        return card not in self.placed

    def place(self, card: int, where: str) -> None:
        self.placed[card] = where

    def leave_hand(self, seat: int, card: int) -> None:
        """``card`` publicly leaves ``seat``'s hand (laid, revealed-and-moved, stolen)."""
        if card in self.known[seat]:
            self.known[seat].remove(card)
            del self.placed[card]
        elif self.in_pool(card) and self.unknown[seat] > 0:
            self.unknown[seat] -= 1
        else:
            raise _Inconsistent

    def to_hand(self, seat: int, card: int) -> None:
        self.known[seat].append(card)
        self.place(card, "hand")

    def draw_from_deck(
        self,
        seat: int,
        rng: random.Random,
        visible: int | None,
        forced: frozenset[int] = frozenset(),
        avoid: frozenset[int] = frozenset(),
    ) -> int | None:
        """One card leaves the deck for ``seat``; returns it when the world can name it.

        For a hidden draw, a card we know to be in the deck is taken when the log later shows
        ``seat`` holding it (``forced``), and otherwise with its share of the odds unless the log
        later shows it elsewhere (``avoid``).
        """
        if self.deck_size <= 0:
            raise _Inconsistent
        if visible is not None:
            if visible in self.deck_known:
                self.deck_known.remove(visible)
                del self.placed[visible]
            elif not self.in_pool(visible):
                raise _Inconsistent
            self.deck_size -= 1
            return visible
        self.deck_size -= 1
        if self.deck_known:
            must = [c for c in self.deck_known if c in forced]
            free = [c for c in self.deck_known if c not in avoid]
            if must:
                card = must[rng.randrange(len(must))]
            elif free and rng.random() < len(free) / (self.deck_size + 1):
                card = free[rng.randrange(len(free))]
            else:
                card = None
            if card is not None:
                self.deck_known.remove(card)
                del self.placed[card]
                return card
        if self.deck_size + 1 - len(self.deck_known) <= 0:
            raise _Inconsistent
        return None


@dataclass(frozen=True)
class _Plan:
    """What the log says about the future of each card, computed once per view."""

    later_public: tuple[frozenset[int], ...]
    """For event i: every card named after it (or visible in the view) outside this seat's own
    hand changes — such a card was not the one hidden by event i."""
    later_from_hand: tuple[dict[int, frozenset[int]], ...]
    """For event i: per seat, cards that later publicly come out of that seat's hand."""
    later_revealed: tuple[frozenset[int], ...]
    """For event i: seats whose whole hand is shown after it."""
    later_in_pile: tuple[frozenset[int], ...]
    """For event i: cards seen in a discard pile after it (taken, discarded, dug, a top)."""


def _cards_of(event: Event) -> tuple[int, ...]:
    out = tuple(event.cards)
    if event.card is not None:
        out += (event.card,)
    return out


def _plan(view: PlayerView) -> _Plan:
    log = view.log
    final: set[int] = set(view.hand) | set(view.pending)
    final_from: dict[int, set[int]] = {}
    for s in view.seats:
        for group in s.table:
            final.update(group)
        if s.revealed_hand is not None:
            final.update(s.revealed_hand)
            final_from.setdefault(s.seat, set()).update(s.revealed_hand)
    for p in view.piles:
        if p.top is not None:
            final.add(p.top)
    later_public: list[frozenset[int]] = [frozenset()] * len(log)
    later_from: list[dict[int, frozenset[int]]] = [{}] * len(log)
    later_pile: list[frozenset[int]] = [frozenset()] * len(log)
    seen = set(final)
    in_pile = {p.top for p in view.piles if p.top is not None}
    later_rev: list[frozenset[int]] = [frozenset()] * len(log)
    revealed = {s.seat for s in view.seats if s.revealed_hand is not None}
    from_hand: dict[int, set[int]] = {k: set(v) for k, v in final_from.items()}
    for i in range(len(log) - 1, -1, -1):
        later_public[i] = frozenset(seen)
        later_from[i] = {k: frozenset(v) for k, v in from_hand.items()}
        later_pile[i] = frozenset(in_pile)
        later_rev[i] = frozenset(revealed)
        e = log[i]
        cards = _cards_of(e)
        if e.kind in (EventKind.TOOK_DISCARD, EventKind.DISCARDED, EventKind.CRAB_PILE_CHOSEN):
            in_pile.update(cards)
        if e.kind is EventKind.REVEALED and e.seat is not None:
            revealed.add(e.seat)
        if e.kind in (EventKind.PLAYED_PAIR, EventKind.PLAYED_TRIO, EventKind.REVEALED):
            assert e.seat is not None
            from_hand.setdefault(e.seat, set()).update(cards)
        elif e.kind is EventKind.ROBBED and e.card is not None and e.target is not None:
            from_hand.setdefault(e.target, set()).add(e.card)
        seen.update(cards)
    return _Plan(tuple(later_public), tuple(later_from), tuple(later_rev), tuple(later_pile))


def _replay(view: PlayerView, plan: _Plan, rng: random.Random) -> _World:
    """Replay the view's log into a sampled world; raises _Inconsistent on a contradiction."""
    me = view.seat
    n = view.rules.players
    total = len(build_deck(view.rules.extra_salt))
    w = _World(players=n)
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
                    raise _Inconsistent
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
                raise _Inconsistent
            if s != me:
                _pending_to_hand(w, s)  # what remains of the two was kept
            w.piles[e.pile].append(c)
            w.place(c, "pile")
        elif k is EventKind.TOOK_DISCARD:
            assert s is not None and e.card is not None and e.pile is not None
            pile = w.piles[e.pile]
            if not pile or pile[-1] != e.card:
                raise _Inconsistent
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
                    raise _Inconsistent
        elif k is EventKind.CRAB_TOOK:
            assert s is not None and e.pile is not None
            _crab_took(view, w, plan, i, e, rng)
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
    return w


def _draw_hints(
    view: PlayerView, plan: _Plan, i: int, seat: int
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


def _pending_reset(w: _World) -> None:
    w.pending_known = []
    w.pending_unknown = 0


def _to_pending(w: _World, card: int | None) -> None:
    if card is None:
        w.pending_unknown += 1
    else:
        w.pending_known.append(card)
        w.place(card, "pending")


def _pending_to_hand(w: _World, seat: int) -> None:
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
        elif e.kind is EventKind.TOOK_DISCARD and e.card is not None:
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
    view: PlayerView, w: _World, plan: _Plan, i: int, e: Event, rng: random.Random
) -> None:
    assert e.seat is not None and e.pile is not None
    pile = w.piles[e.pile]
    if not pile:
        raise _Inconsistent
    if e.card is not None:  # our own dig
        if e.card not in pile:
            raise _Inconsistent
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
    card = candidates[rng.randrange(len(candidates))]
    pile.remove(card)
    w.to_hand(e.seat, card)


def _robbed(
    w: _World,
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
        raise _Inconsistent
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
        raise _Inconsistent
    pick = rng.randrange(slots)
    if pick < len(options):
        w.to_hand(thief, known.pop(options[pick]))
    else:
        w.unknown[victim] -= 1
        w.unknown[thief] += 1


def _lobster_kept(w: _World, seat: int, e: Event, rng: random.Random) -> None:
    if e.card is not None:  # our own look: we know what went back into the deck
        if e.card not in w.pending_known:
            raise _Inconsistent
        w.pending_known.remove(e.card)
        w.to_hand(seat, e.card)
    else:  # an opponent's look: one card kept, the rest go back unseen
        looked = len(w.pending_known) + w.pending_unknown
        if looked <= 0:
            raise _Inconsistent
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


def _revealed(w: _World, seat: int, cards: tuple[int, ...]) -> None:
    """The whole hand is shown: the world's hand must be able to hold exactly these cards."""
    known = w.known[seat]
    if any(c not in cards for c in known):
        raise _Inconsistent
    extra = [c for c in cards if c not in known]
    if len(extra) != w.unknown[seat] or any(not w.in_pool(c) for c in extra):
        raise _Inconsistent
    for c in extra:
        w.place(c, "hand")
    w.known[seat] = list(cards)
    w.unknown[seat] = 0


def _jellyfish_caster(view: PlayerView) -> int | None:
    locked = [s.seat for s in view.seats if s.locked]
    if not locked:
        return None
    free = [s.seat for s in view.seats if not s.locked]
    return free[0] if len(free) == 1 else None


def _build(
    view: PlayerView,
    rng: random.Random,
    piles: list[list[int]],
    known: list[list[int]],
    deck_known: list[int],
    pending_known: list[int],
    keep_log: bool,
) -> GameState:
    """Deal the unplaced cards into the unknown slots and build the exact state."""
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
    pool = [c.id for c in build_deck(view.rules.extra_salt) if c.id not in placed]
    rng.shuffle(pool)
    for s in view.seats:
        missing = s.hand_size - len(hands[s.seat])
        if missing < 0:
            raise _Inconsistent
        hands[s.seat].extend(pool[:missing])
        del pool[:missing]
    if opponent_pending < 0:
        raise _Inconsistent
    pending.extend(pool[:opponent_pending])
    del pool[:opponent_pending]
    deck = pool + deck_known
    if len(deck) != view.deck_size:
        raise _Inconsistent
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
    )


def _pending_count(view: PlayerView) -> int:
    """How many cards the active opponent holds pending (the last draw or lobster look)."""
    for e in reversed(view.log):
        if e.kind is EventKind.DREW_FROM_DECK or e.kind is EventKind.LOBSTER_LOOKED:
            return e.n
    return 0


def _check_tops(view: PlayerView, piles: list[list[int]]) -> None:
    for p, pv in zip(piles, view.piles, strict=True):
        if len(p) != pv.size or (p[-1] if p else None) != pv.top:
            raise _Inconsistent


def _relaxed(view: PlayerView, rng: random.Random, keep_log: bool) -> GameState:
    """A sample that trusts only the view's visible fields: buried pile cards are unknown."""
    me = view.seat
    visible = set(view.hand) | set(view.pending)
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
        self._plan = _plan(view)

    def sample(self, rng: random.Random, keep_log: bool = True) -> GameState:
        """One state consistent with the view (see :func:`sample_state`)."""
        view = self.view
        me = view.seat
        assert me is not None
        for _ in range(_TRIES):
            try:
                w = _replay(view, self._plan, rng)
                piles = [list(p) for p in w.piles]
                if view.phase is Phase.CRAB_TAKE and view.active == view.seat:
                    assert view.crab_pile is not None
                    if piles[view.crab_pile] != list(view.pending):
                        raise _Inconsistent
                _check_tops(view, piles)
                for s in view.seats:
                    size = len(w.known[s.seat]) + w.unknown[s.seat]
                    if s.seat != view.seat and size != s.hand_size:
                        raise _Inconsistent
                if sorted(w.known[me]) != sorted(view.hand):
                    raise _Inconsistent
                return _build(view, rng, piles, w.known, w.deck_known, w.pending_known, keep_log)
            except _Inconsistent:
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
