"""The transition function: new_game, legal_actions, apply, replay (RULES §2-§8, §11)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from ._fast import positional_builder
from .actions import (
    DRAW_FROM_DECK,
    END_TURN,
    Action,
    Call,
    CallKind,
    ChooseCrabPile,
    DrawFromDeck,
    EndTurn,
    KeepCard,
    KeepLobsterCard,
    PlayPair,
    PlayTrio,
    Rob,
    TakeCrabCard,
    TakeDiscard,
)
from .cards import BASE_DECK_SIZE, EXTRA_SALT_DECK_SIZE, KIND_OF, Kind
from .events import Event, EventKind, new_event
from .scoring import _breakdown_ids, _points_ids
from .state import (
    GameState,
    IllegalActionError,
    Phase,
    RoundEnd,
    RoundResult,
    Rules,
    SeatResult,
)

_CRAB, _BOAT, _FISH, _SWIMMER, _SHARK = Kind.CRAB, Kind.BOAT, Kind.FISH, Kind.SWIMMER, Kind.SHARK
_JELLY, _LOBSTER, _STARFISH, _MERMAID = Kind.JELLYFISH, Kind.LOBSTER, Kind.STARFISH, Kind.MERMAID

CALL_THRESHOLD = 7
"""Card points needed to call STOP or LAST CHANCE (RULES §3.3)."""


@dataclass(frozen=True, slots=True)
class ApplyResult:
    """What :func:`apply` returns: the new state and the (unredacted) events it caused."""

    state: GameState
    events: tuple[Event, ...]


def _rng(seed: int, counter: int) -> random.Random:
    # One Random per chance event, derived from (seed, counter): cheap, and replays exactly.
    return random.Random(seed * 1_000_003 + counter)


# --------------------------------------------------------------------------------------------
# The mutable working copy used inside one apply() call.


_new_state = positional_builder(GameState)


class _Work:
    """A mutable copy of a GameState; apply() edits it and freezes it once.

    Zones are copied on write: a hand, the deck or a pile stays the state's tuple until a step
    asks for it through :meth:`hand`, :meth:`deck_list` or :meth:`pile`, so freezing re-sorts
    and re-tuples only what changed.
    """

    __slots__ = (
        "rules", "n", "seed", "rng_counter", "round", "move", "scores", "last_round_scores",
        "deck", "piles", "hands", "tables", "active", "phase", "pending", "crab_pile", "call",
        "caller", "revealed", "jellyfish_caster", "winners", "log", "log_tail", "last_result",
        "events",
    )

    def __init__(self, s: GameState) -> None:
        self.rules = s.rules
        self.n = s.rules.players
        self.seed = s.seed
        self.rng_counter = s.rng_counter
        self.round = s.round
        self.move = s.move
        self.scores = s.scores
        self.last_round_scores = s.last_round_scores
        self.deck: tuple[int, ...] | list[int] = s.deck
        self.piles: list[tuple[int, ...] | list[int]] = [s.piles[0], s.piles[1]]
        self.hands: list[tuple[int, ...] | list[int]] = list(s.hands)
        self.tables = s.tables
        self.active = s.active
        self.phase = s.phase
        self.pending = s.pending
        self.crab_pile = s.crab_pile
        self.call = s.call
        self.caller = s.caller
        self.revealed = s.revealed
        self.jellyfish_caster = s.jellyfish_caster
        self.winners = s.winners
        self.log = s.log
        """The round's log up to this apply(); ``log_tail`` holds what this apply() added."""
        self.log_tail: list[Event] = []
        self.last_result = s.last_result
        self.events: list[Event] = []

    def hand(self, seat: int) -> list[int]:
        """``seat``'s hand, made mutable (and marked changed)."""
        h = self.hands[seat]
        if type(h) is tuple:
            h = self.hands[seat] = list(h)
        return h  # type: ignore[return-value]

    def deck_list(self) -> list[int]:
        """The deck, made mutable."""
        d = self.deck
        if type(d) is tuple:
            d = self.deck = list(d)
        return d  # type: ignore[return-value]

    def pile(self, index: int) -> list[int]:
        """Discard pile ``index``, made mutable."""
        p = self.piles[index]
        if type(p) is tuple:
            p = self.piles[index] = list(p)
        return p  # type: ignore[return-value]

    def set_table(self, seat: int, groups: tuple[tuple[int, ...], ...]) -> None:
        t = self.tables
        self.tables = (*t[:seat], groups, *t[seat + 1 :])

    def set_revealed(self, seat: int) -> None:
        r = self.revealed
        self.revealed = (*r[:seat], True, *r[seat + 1 :])

    def freeze(self) -> GameState:
        p0, p1 = self.piles
        tail = self.log_tail
        return _new_state(
            self.rules,
            self.seed,
            self.rng_counter,
            self.round,
            self.move,
            self.scores,
            self.last_round_scores,
            self.deck if type(self.deck) is tuple else tuple(self.deck),
            (p0 if type(p0) is tuple else tuple(p0), p1 if type(p1) is tuple else tuple(p1)),
            tuple([h if type(h) is tuple else tuple(sorted(h)) for h in self.hands]),
            self.tables,
            self.active,
            self.phase,
            self.pending,
            self.crab_pile,
            self.call,
            self.caller,
            self.revealed,
            self.jellyfish_caster,
            self.winners,
            (self.log + tuple(tail)) if tail else self.log,
            self.last_result,
            None,  # the legal-action memo
        )

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.log_tail.append(event)

    def next_rng(self) -> random.Random:
        rng = _rng(self.seed, self.rng_counter)
        self.rng_counter += 1
        return rng

    def nxt(self, seat: int) -> int:
        return (seat + 1) % self.n

    def locked(self, seat: int) -> bool:
        return self.jellyfish_caster is not None and seat != self.jellyfish_caster


# --------------------------------------------------------------------------------------------
# Game and round setup (RULES §2, §7).


def new_game(rules: Rules, seed: int, starter: int | None = None) -> GameState:
    """Deal the first round of a new game.

    Args:
        rules: the game's options.
        seed: the only source of randomness of the whole game.
        starter: the round-1 starter; None draws it with the seeded RNG (RULES §2.4).

    Raises:
        ValueError: for a starter that is not a seat.
    """
    n = rules.players
    if type(seed) is not int:
        raise ValueError(f"seed must be an int, not {seed!r}")
    if starter is not None and (type(starter) is not int or not 0 <= starter < n):
        raise ValueError(f"starter must be a seat 0..{n - 1}, not {starter!r}")
    blank = GameState(
        rules=rules,
        seed=seed,
        rng_counter=0,
        round=0,
        move=0,
        scores=(0,) * n,
        last_round_scores=(0,) * n,
        deck=(),
        piles=((), ()),
        hands=((),) * n,
        tables=((),) * n,
        active=0,
        phase=Phase.DRAW,
        revealed=(False,) * n,
    )
    w = _Work(blank)
    if starter is None:
        starter = w.next_rng().randrange(n)
    _start_round(w, starter)
    _auto(w)
    return w.freeze()


def _start_round(w: _Work, starter: int) -> None:
    """Gather and shuffle every card, flip two piles, empty hands (RULES §2, §7)."""
    size = EXTRA_SALT_DECK_SIZE if w.rules.extra_salt else BASE_DECK_SIZE
    deck = list(range(size))
    w.next_rng().shuffle(deck)
    first, second = deck.pop(), deck.pop()
    w.deck = deck
    w.piles = [(first,), (second,)]
    w.hands = [() for _ in range(w.n)]
    w.tables = ((),) * w.n
    w.revealed = (False,) * w.n
    w.pending = ()
    w.crab_pile = None
    w.call = None
    w.caller = None
    w.jellyfish_caster = None
    w.round += 1
    w.active = starter
    w.phase = Phase.DRAW
    w.log = ()
    w.log_tail = []
    w.emit(new_event(EventKind.ROUND_STARTED, seat=starter, n=w.round, cards=(first, second)))
    w.emit(new_event(EventKind.TURN_STARTED, seat=starter))


# --------------------------------------------------------------------------------------------
# Legal actions.


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """The legal actions of ``state.to_act``, in a fixed order (empty once the game is over)."""
    cached = state._legal
    if cached is None:
        cached = _legal(state)
        object.__setattr__(state, "_legal", cached)
    return cached


def _draw_options(deck: object, piles: Sequence[Sequence[int]]) -> list[Action]:
    options: list[Action] = []
    if deck:
        options.append(DRAW_FROM_DECK)
    for p in (0, 1):
        if piles[p]:
            options.append(_TAKE_DISCARD[p])
    return options


def _legal(s: GameState) -> tuple[Action, ...]:
    phase = s.phase
    if phase is Phase.PLAY:
        return _play_options(s)
    if phase is Phase.DRAW:
        return tuple(_draw_options(s.deck, s.piles))
    if phase is Phase.KEEP:
        if s.piles[0] and s.piles[1]:
            return tuple(KeepCard(c, p) for c in s.pending for p in (0, 1))
        return tuple(KeepCard(c) for c in s.pending)
    if phase is Phase.CRAB_PILE:
        return tuple(ChooseCrabPile(p) for p in (0, 1) if s.piles[p])
    if phase is Phase.CRAB_TAKE:
        assert s.crab_pile is not None
        return tuple(TakeCrabCard(c) for c in sorted(set(s.piles[s.crab_pile])))
    if phase is Phase.ROB:
        return tuple(Rob(t) for t in _rob_targets(s.active, s.hands, s.revealed))
    if phase is Phase.LOBSTER:
        return tuple(KeepLobsterCard(c) for c in sorted(s.pending))
    return ()


# Each card's role in pairs, by id: an index into the lists _pairs_in() fills (-1: none).
_ROLE_KINDS = (_CRAB, _BOAT, _FISH, _SWIMMER, _SHARK, _JELLY, _LOBSTER, _STARFISH)
_ROLE = tuple(_ROLE_KINDS.index(k) if k in _ROLE_KINDS else -1 for k in KIND_OF)
_R_CRAB, _R_BOAT, _R_FISH, _R_SWIMMER, _R_SHARK, _R_JELLY, _R_LOBSTER, _R_STARFISH = range(8)
_CALLS = (Call(CallKind.STOP), Call(CallKind.LAST_CHANCE))
_TAKE_DISCARD = (TakeDiscard(0), TakeDiscard(1))
_MERMAIDS = frozenset(c for c, k in enumerate(KIND_OF) if k is _MERMAID)


def _pairs_in(hand: Iterable[int]) -> tuple[list[tuple[int, int]], list[int]]:
    """Every valid pair of card ids in a sorted hand (ids ascending, fixed order), and the
    hand's starfish."""
    role = _ROLE
    crabs: list[int] = []
    by_role: tuple[list[int], ...] = (crabs, [], [], [], [], [], [], [])
    for c in hand:
        r = role[c]
        if r >= 0:
            by_role[r].append(c)
    boats, fish, swimmers, sharks, jellies, lobsters, starfish = by_role[1:]
    pairs: list[tuple[int, int]] = []
    for cards in (crabs, boats, fish):
        if len(cards) > 1:
            pairs.extend(combinations(cards, 2))
    if swimmers:
        for partners in (sharks, jellies):
            for a in swimmers:
                for b in partners:
                    pairs.append((a, b) if a < b else (b, a))
    if lobsters:
        for a in crabs:
            for b in lobsters:
                pairs.append((a, b) if a < b else (b, a))
    return pairs, starfish


def _play_options(s: GameState) -> tuple[Action, ...]:
    active = s.active
    hand = s.hands[active]
    pairs, starfish = _pairs_in(hand)
    options: list[Action] = [PlayPair(pair) for pair in pairs]
    if pairs and starfish:
        for pair in pairs:
            for star in starfish:
                options.append(PlayTrio(pair, star))
    if s.call is None and _points_ids(hand, s.tables[active]) >= CALL_THRESHOLD:
        options.extend(_CALLS)
    options.append(END_TURN)
    return tuple(options)


def _rob_targets(
    thief: int,
    hands: Sequence[Sequence[int]],
    revealed: Sequence[bool],
) -> list[int]:
    """Opponents with a non-empty, unrevealed hand, clockwise from the thief (RULES §4.4)."""
    n = len(hands)
    out = []
    for i in range(1, n):
        t = (thief + i) % n
        if hands[t] and not revealed[t]:
            out.append(t)
    return out


# --------------------------------------------------------------------------------------------
# apply.


def apply(state: GameState, action: Action) -> ApplyResult:
    """Apply ``action`` for ``state.to_act`` and return the new state and its events.

    Single-option follow-up decisions are resolved by the engine (RULES §3.5).

    Raises:
        IllegalActionError: the action is not one of ``legal_actions(state)``.
    """
    if action not in legal_actions(state):
        raise IllegalActionError(
            f"{action!r} is not legal for seat {state.to_act} in phase "
            f"{state.phase.value} (round {state.round}, move {state.move})"
        )
    w = _Work(state)
    w.move += 1
    _STEP[type(action)](w, action)
    if w.phase is not Phase.GAME_OVER:
        _auto(w)
    return ApplyResult(w.freeze(), tuple(w.events))


def replay(
    rules: Rules, seed: int, actions: Iterable[Action], starter: int | None = None
) -> GameState:
    """Replay a game from its seed and actions (same seed + same actions = same game).

    Raises:
        IllegalActionError: an action is not legal where it comes.
    """
    state = new_game(rules, seed, starter)
    for action in actions:
        state = apply(state, action).state
    return state


def _auto(w: _Work) -> None:
    """Resolve forced choices and locked turns until a real decision is due (RULES §3.5)."""
    while w.phase is not Phase.GAME_OVER:
        phase = w.phase
        if phase is Phase.PLAY:
            return
        if phase is Phase.DRAW:
            if w.locked(w.active):
                _locked_turn(w)
                continue
            options = _draw_options(w.deck, w.piles)
            if not options:
                w.phase = Phase.PLAY  # RULES §3.1: no legal draw at all, skip it
                return
            if len(options) > 1:
                return
            _STEP[type(options[0])](w, options[0])
        elif phase is Phase.KEEP:
            if len(w.pending) != 1:
                return
            _STEP[KeepCard](w, KeepCard(w.pending[0]))
        elif phase is Phase.CRAB_PILE:
            non_empty = [p for p in (0, 1) if w.piles[p]]
            if len(non_empty) != 1:
                return
            _choose_crab_pile(w, ChooseCrabPile(non_empty[0]))
        elif phase is Phase.CRAB_TAKE:
            assert w.crab_pile is not None
            if len(set(w.piles[w.crab_pile])) != 1:
                return
            _take_crab_card(w, TakeCrabCard(w.piles[w.crab_pile][0]))
        elif phase is Phase.ROB:
            targets = _rob_targets(w.active, w.hands, w.revealed)
            if len(targets) != 1:
                return
            _rob(w, Rob(targets[0]))
        elif phase is Phase.LOBSTER:
            if len(w.pending) != 1:
                return
            _keep_lobster(w, KeepLobsterCard(w.pending[0]))
        else:  # pragma: no cover - every phase is handled above
            raise AssertionError(phase)


# ---- the draw step (RULES §3.1)


def _draw_from_deck(w: _Work, _: Action) -> None:
    p = w.active
    deck = w.deck_list()
    if len(deck) == 1:
        card = deck.pop()
        w.emit(new_event(EventKind.DREW_FROM_DECK, seat=p, n=1, cards=(card,), private_to=(p,)))
        w.hand(p).append(card)
        w.emit(new_event(EventKind.KEPT_CARD, seat=p, card=card, private_to=(p,)))
        _after_draw(w)
        return
    a = deck.pop()
    b = deck.pop()
    w.pending = (a, b)
    w.phase = Phase.KEEP
    w.emit(new_event(EventKind.DREW_FROM_DECK, seat=p, n=2, cards=(a, b), private_to=(p,)))


def _keep_card(w: _Work, action: Action) -> None:
    assert isinstance(action, KeepCard)
    p = w.active
    keep = action.card
    other = [c for c in w.pending if c != keep]
    w.pending = ()
    w.hand(p).append(keep)
    w.emit(new_event(EventKind.KEPT_CARD, seat=p, card=keep, private_to=(p,)))
    if other:
        pile = action.pile
        if pile is None:
            # Forced placement: the empty pile, or pile 0 when both are empty (RULES §3.1).
            pile = 1 if w.piles[0] and not w.piles[1] else 0
        w.pile(pile).append(other[0])
        w.emit(new_event(EventKind.DISCARDED, seat=p, card=other[0], pile=pile))
    _after_draw(w)


def _take_discard(w: _Work, action: Action) -> None:
    assert isinstance(action, TakeDiscard)
    p = w.active
    card = w.pile(action.pile).pop()
    w.hand(p).append(card)
    w.emit(new_event(EventKind.TOOK_DISCARD, seat=p, card=card, pile=action.pile))
    _after_draw(w)


def _after_draw(w: _Work) -> None:
    w.phase = Phase.PLAY
    _check_mermaids(w)


def _locked_turn(w: _Work) -> None:
    """A jellyfish-locked turn: top deck card into hand, then the end of turn (RULES §11.2)."""
    p = w.active
    if w.deck:
        card = w.deck_list().pop()
        w.hand(p).append(card)
        w.emit(new_event(EventKind.LOCKED_DRAW, seat=p, card=card, n=1, private_to=(p,)))
    else:
        w.emit(new_event(EventKind.LOCKED_DRAW, seat=p, n=0))
    _end_turn(w)  # which first runs the four-mermaid check (RULES §3.4 step 1, §9 row 27)


# ---- playing pairs and trios (RULES §4, §11)


def _lay(w: _Work, cards: tuple[int, ...]) -> None:
    p = w.active
    hand = w.hand(p)
    for c in cards:
        hand.remove(c)
    w.set_table(p, (*w.tables[p], cards))


def _play_trio(w: _Work, action: Action) -> None:
    assert isinstance(action, PlayTrio)
    cards = (*action.cards, action.starfish)
    _lay(w, cards)
    w.emit(new_event(EventKind.PLAYED_TRIO, seat=w.active, cards=cards))
    _check_mermaids(w)


def _play_pair(w: _Work, action: Action) -> None:
    assert isinstance(action, PlayPair)
    p = w.active
    a, b = action.cards
    _lay(w, action.cards)
    w.emit(new_event(EventKind.PLAYED_PAIR, seat=p, cards=action.cards))
    ra, rb = _ROLE[a], _ROLE[b]  # the two roles, lower first
    kinds = (ra, rb) if ra <= rb else (rb, ra)
    if kinds == (_R_CRAB, _R_CRAB):
        if w.piles[0] or w.piles[1]:
            w.phase = Phase.CRAB_PILE
            return
    elif kinds == (_R_BOAT, _R_BOAT):
        if w.deck or w.piles[0] or w.piles[1]:
            w.emit(new_event(EventKind.EXTRA_TURN, seat=p))
            w.emit(new_event(EventKind.TURN_STARTED, seat=p, n=1))
            w.phase = Phase.DRAW
            return
    elif kinds == (_R_FISH, _R_FISH):
        if w.deck:
            card = w.deck_list().pop()
            w.hand(p).append(card)
            w.emit(new_event(EventKind.FISH_DREW, seat=p, card=card, private_to=(p,)))
            _check_mermaids(w)
            return
    elif kinds == (_R_SWIMMER, _R_SHARK):
        if _rob_targets(p, w.hands, w.revealed):
            w.phase = Phase.ROB
            return
    elif kinds == (_R_CRAB, _R_LOBSTER):
        if w.deck:
            deck = w.deck_list()
            look = tuple(deck[-5:][::-1])  # top first
            del deck[-5:]
            w.pending = look
            w.phase = Phase.LOBSTER
            w.emit(
                new_event(
                    EventKind.LOBSTER_LOOKED, seat=p, n=len(look), cards=look, private_to=(p,)
                )
            )
            return
    elif kinds == (_R_SWIMMER, _R_JELLY):
        w.jellyfish_caster = p
        w.emit(new_event(EventKind.JELLYFISH_LOCK, seat=p))
        return
    w.emit(new_event(EventKind.EFFECT_SKIPPED, seat=p, cards=action.cards))


def _choose_crab_pile(w: _Work, action: Action) -> None:
    assert isinstance(action, ChooseCrabPile)
    w.crab_pile = action.pile
    w.phase = Phase.CRAB_TAKE
    w.emit(
        new_event(
            EventKind.CRAB_PILE_CHOSEN,
            seat=w.active,
            pile=action.pile,
            n=len(w.piles[action.pile]),
            cards=tuple(w.piles[action.pile]),
            private_to=(w.active,),
        )
    )


def _take_crab_card(w: _Work, action: Action) -> None:
    assert isinstance(action, TakeCrabCard) and w.crab_pile is not None
    pile = w.pile(w.crab_pile)
    pile.remove(action.card)  # the others keep their order (RULES §4.1)
    w.hand(w.active).append(action.card)
    w.emit(
        new_event(
            EventKind.CRAB_TOOK,
            seat=w.active,
            card=action.card,
            pile=w.crab_pile,
            private_to=(w.active,),
        )
    )
    w.crab_pile = None
    w.phase = Phase.PLAY
    _check_mermaids(w)


def _rob(w: _Work, action: Action) -> None:
    assert isinstance(action, Rob)
    p, t = w.active, action.seat
    victim = sorted(w.hands[t])
    card = victim[w.next_rng().randrange(len(victim))]
    w.hand(t).remove(card)
    w.hand(p).append(card)
    w.emit(new_event(EventKind.ROBBED, seat=p, target=t, card=card, private_to=(p, t)))
    w.phase = Phase.PLAY
    _check_mermaids(w)


def _keep_lobster(w: _Work, action: Action) -> None:
    assert isinstance(action, KeepLobsterCard)
    p = w.active
    w.hand(p).append(action.card)
    deck = w.deck_list()
    deck.extend(c for c in w.pending if c != action.card)
    w.next_rng().shuffle(deck)
    w.pending = ()
    w.phase = Phase.PLAY
    w.emit(new_event(EventKind.LOBSTER_KEPT, seat=p, card=action.card, private_to=(p,)))
    _check_mermaids(w)


# ---- calls and the end of a turn (RULES §3.3, §3.4, §6)


def _call(w: _Work, action: Action) -> None:
    assert isinstance(action, Call)
    p = w.active
    if _check_mermaids(w):  # RULES §8.2: checked before a call is recorded
        return
    w.call = action.kind
    w.caller = p
    w.emit(new_event(EventKind.CALLED, seat=p, call=action.kind))
    _reveal(w, p)
    _end_turn(w)


def _end_turn_action(w: _Work, _: Action) -> None:
    _end_turn(w)


def _reveal(w: _Work, seat: int) -> None:
    if not w.revealed[seat]:
        w.set_revealed(seat)
        w.emit(new_event(EventKind.REVEALED, seat=seat, cards=tuple(sorted(w.hands[seat]))))


def _end_turn(w: _Work) -> None:
    """RULES §3.4, in order (the four-mermaid check already ran after each action)."""
    p = w.active
    if _check_mermaids(w):  # RULES §3.4 step 1 (normally already caught after the action)
        return
    w.emit(new_event(EventKind.TURN_ENDED, seat=p))
    nxt = w.nxt(p)
    if w.call is CallKind.STOP:
        for seat in range(w.n):
            _reveal(w, seat)
        _score_round(w)
        return
    if w.call is CallKind.LAST_CHANCE:
        _reveal(w, p)
        if nxt == w.caller:
            _score_round(w)
            return
    elif not w.deck:
        _void_round(w, p)
        return
    if w.jellyfish_caster == nxt:
        w.jellyfish_caster = None
    w.active = nxt
    w.phase = Phase.DRAW
    w.emit(new_event(EventKind.TURN_STARTED, seat=nxt))


def _seat_results(w: _Work, round_scores: list[int], with_cards: bool) -> tuple[SeatResult, ...]:
    return tuple(
        SeatResult(
            hand=tuple(sorted(w.hands[s])) if with_cards else (),
            table=w.tables[s] if with_cards else (),
            breakdown=_breakdown_ids(w.hands[s], w.tables[s]) if with_cards else None,
            round_score=round_scores[s],
            total=w.scores[s],
        )
        for s in range(w.n)
    )


def _score_round(w: _Work) -> None:
    """Score a STOP or LAST CHANCE round (RULES §6.1, §6.2) and go on (§7, §8.1)."""
    assert w.caller is not None and w.call is not None
    caller = w.caller
    parts = [_breakdown_ids(w.hands[s], w.tables[s]) for s in range(w.n)]
    points = [b.total for b in parts]
    bet_won: bool | None = None
    if w.call is CallKind.STOP:
        gained = points
    else:
        bet_won = all(points[caller] >= points[s] for s in range(w.n))
        if bet_won:
            gained = [
                points[s] + parts[s].color_bonus if s == caller else parts[s].color_bonus
                for s in range(w.n)
            ]
        else:
            gained = [parts[s].color_bonus if s == caller else points[s] for s in range(w.n)]
    w.scores = tuple(t + g for t, g in zip(w.scores, gained, strict=True))
    w.last_round_scores = tuple(gained)
    end = RoundEnd.STOP if w.call is CallKind.STOP else RoundEnd.LAST_CHANCE
    w.last_result = RoundResult(w.round, end, caller, bet_won, _seat_results(w, gained, True))
    w.emit(
        new_event(
            EventKind.ROUND_SCORED,
            seat=caller,
            n=w.round,
            call=w.call,
            scores=tuple(gained),
            won=bet_won,
        )
    )
    if max(w.scores) >= w.rules.target_score:
        best = max(zip(w.scores, w.last_round_scores, strict=True))
        winners = tuple(s for s in range(w.n) if (w.scores[s], w.last_round_scores[s]) == best)
        _game_over(w, winners)
        return
    _start_round(w, w.nxt(caller))


def _void_round(w: _Work, emptied_by: int) -> None:
    """RULES §6.4: no scoring, no reveal; the next round starts left of ``emptied_by``."""
    w.last_result = RoundResult(
        w.round, RoundEnd.VOID, emptied_by, None, _seat_results(w, [0] * w.n, False)
    )
    w.emit(new_event(EventKind.ROUND_VOID, seat=emptied_by, n=w.round))
    _start_round(w, w.nxt(emptied_by))


def _check_mermaids(w: _Work) -> bool:
    """RULES §8.2: the active player holding all four mermaids wins at once (returns True)."""
    p = w.active
    if len(_MERMAIDS.intersection(w.hands[p])) < 4:
        return False
    w.last_result = RoundResult(
        w.round, RoundEnd.MERMAIDS, p, None, _seat_results(w, [0] * w.n, True)
    )
    w.emit(new_event(EventKind.MERMAID_WIN, seat=p))
    _game_over(w, (p,))
    return True


def _game_over(w: _Work, winners: tuple[int, ...]) -> None:
    w.winners = winners
    w.phase = Phase.GAME_OVER
    w.pending = ()
    w.crab_pile = None
    w.emit(new_event(EventKind.GAME_OVER, scores=w.scores, winners=winners))


_STEP = {
    DrawFromDeck: _draw_from_deck,
    TakeDiscard: _take_discard,
    KeepCard: _keep_card,
    PlayPair: _play_pair,
    PlayTrio: _play_trio,
    ChooseCrabPile: _choose_crab_pile,
    TakeCrabCard: _take_crab_card,
    Rob: _rob,
    KeepLobsterCard: _keep_lobster,
    Call: _call,
    EndTurn: _end_turn_action,
}
