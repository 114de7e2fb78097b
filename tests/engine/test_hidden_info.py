"""Hidden information: views hide what a seat has not seen, events name only cards it may see.

DESIGN "Views, events and hidden information"; RULES §6.5. Seeded random games are followed with
an independent card tracker that rebuilds every zone from the unredacted events (so the log is
also checked to be a complete account of the game) and knows, event by event, which cards each
seat can see.
"""

import dataclasses
import random
from collections import Counter

import pytest
from seasalt.engine import (
    Event,
    EventKind,
    GameState,
    Phase,
    Rules,
    apply,
    events_for,
    legal_actions,
    new_game,
    view,
)
from seasalt.engine.testing import permute_unseen, visible

E = EventKind


class Tracker:
    """Where every card is, rebuilt from events alone, and what each seat can see."""

    def __init__(self, state: GameState) -> None:
        self.n = state.players
        self.size = 66 if state.rules.extra_salt else 58
        self.over = False
        self.reset()
        for event in state.log:
            self.step(event)

    def reset(self) -> None:
        self.deck: set[int] = set(range(self.size))
        self.piles: list[list[int]] = [[], []]
        self.pending: dict[int, list[int]] = {}
        self.hands: list[set[int]] = [set() for _ in range(self.n)]
        self.tables: list[list[tuple[int, ...]]] = [[] for _ in range(self.n)]
        self.revealed: set[int] = set()
        self.looking: tuple[int, int] | None = None  # (seat, pile) of a crab look-through
        self.face_down: dict[int, int] = {}  # Extra Pepper: seat -> its face-down shell
        self.looked_at: tuple[int, int] | None = None  # Water Rodeo: (swapper, target)

    def visible(self, seat: int | None) -> set[int]:
        """Cards ``seat`` can see right now (RULES §6.5)."""
        if self.over:
            return set(range(self.size))
        out = {c for t in self.tables for g in t for c in g}
        out.update(p[-1] for p in self.piles if p)
        for s in self.revealed:
            out |= self.hands[s]
        if seat is not None:
            out |= self.hands[seat]
            out.update(self.pending.get(seat, ()))
            if self.looking is not None and self.looking[0] == seat:
                out.update(self.piles[self.looking[1]])
            if self.looked_at is not None and self.looked_at[0] == seat:
                out |= self.hands[self.looked_at[1]]  # RULES §12.13: the look
            if seat in self.face_down:
                out.add(self.face_down[seat])
        return out

    def _take(self, zone: set[int] | list[int], card: int) -> None:
        assert card in zone, f"card {card} is not where the log says"
        zone.remove(card)

    def step(self, e: Event) -> None:
        k, s = e.kind, e.seat
        if k is E.ROUND_STARTED:
            self.reset()
            for pile, c in enumerate(e.cards):
                self._take(self.deck, c)
                self.piles[pile].append(c)
        elif k in (E.DREW_FROM_DECK, E.LOBSTER_LOOKED):
            assert s is not None
            for c in e.cards:
                self._take(self.deck, c)
            self.pending[s] = list(e.cards)
        elif k is E.KEPT_CARD:
            assert s is not None and e.card is not None
            self._take(self.pending[s], e.card)
            self.hands[s].add(e.card)
        elif k is E.DISCARDED:
            assert s is not None and e.card is not None and e.pile is not None
            self._take(self.pending[s], e.card)
            self.piles[e.pile].append(e.card)
        elif k is E.TOOK_DISCARD:
            assert s is not None and e.pile is not None
            assert self.piles[e.pile][-1] == e.card
            self.hands[s].add(self.piles[e.pile].pop())
        elif k in (E.PLAYED_PAIR, E.PLAYED_TRIO):
            assert s is not None
            for c in e.cards:
                self._take(self.hands[s], c)
            self.tables[s].append(e.cards)
        elif k is E.CRAB_PILE_CHOSEN:
            assert s is not None and e.pile is not None
            assert list(e.cards) == self.piles[e.pile]
            self.looking = (s, e.pile)
        elif k is E.CRAB_TOOK:
            assert s is not None and e.pile is not None and e.card is not None
            assert self.looking == (s, e.pile)
            self._take(self.piles[e.pile], e.card)
            self.hands[s].add(e.card)
            self.looking = None
        elif k in (E.FISH_DREW, E.LOCKED_DRAW):
            assert s is not None
            if e.card is not None:
                self._take(self.deck, e.card)
                self.hands[s].add(e.card)
        elif k is E.ROBBED:
            assert s is not None and e.target is not None and e.card is not None
            self._take(self.hands[e.target], e.card)
            self.hands[s].add(e.card)
        elif k is E.LOBSTER_KEPT:
            assert s is not None and e.card is not None
            self._take(self.pending[s], e.card)
            self.hands[s].add(e.card)
            self.deck.update(self.pending.pop(s))
        elif k is E.ANGELFISH_TOOK:  # like a discard take (RULES §12.10)
            assert s is not None and e.pile is not None
            assert self.piles[e.pile][-1] == e.card
            self.hands[s].add(self.piles[e.pile].pop())
        elif k is E.DOLPHINS_DREW:
            assert s is not None and e.card is not None
            self._take(self.deck, e.card)
            self.hands[s].add(e.card)
        elif k is E.HAND_LOOKED:
            assert s is not None and e.target is not None
            assert set(e.cards) == self.hands[e.target]
            self.looked_at = (s, e.target)
        elif k is E.SWAPPED:
            assert s is not None and e.target is not None and self.looked_at == (s, e.target)
            give, take = e.cards
            self._take(self.hands[s], give)
            self._take(self.hands[e.target], take)
            self.hands[s].add(take)
            self.hands[e.target].add(give)
            self.looked_at = None
        elif k is E.SWAP_PASSED:
            self.looked_at = None
        elif k is E.PAIR_STOLEN:
            assert s is not None and e.target is not None
            group = next(g for g in self.tables[e.target] if set(g) == set(e.cards))
            self.tables[e.target].remove(group)
            self.tables[s].append(group)
        elif k is E.SHELL_FACE_DOWN:
            assert s is not None and e.card is not None
            self._take(self.hands[s], e.card)
            self.face_down[s] = e.card
        elif k is E.REVEALED:
            assert s is not None and set(e.cards) == self.hands[s]
            self.revealed.add(s)
        elif k is E.GAME_OVER:
            self.over = True
        if self.pending.get(s) == [] and s is not None:
            del self.pending[s]

    def matches(self, state: GameState) -> None:
        """The zones rebuilt from the log are the state's zones."""
        assert self.deck == set(state.deck)
        assert [tuple(p) for p in self.piles] == list(state.piles)
        assert [tuple(sorted(h)) for h in self.hands] == list(state.hands)
        assert [tuple(t) for t in self.tables] == list(state.tables)
        pend = self.pending.get(state.active, [])
        assert sorted(pend) == sorted(state.pending)
        if state.rules.extra_pepper:
            assert self.face_down == {s: c for s, c in enumerate(state.face_down) if c is not None}
        if not state.is_over:
            assert self.revealed == {s for s in range(self.n) if state.revealed[s]}


def named_cards(event: Event) -> set[int]:
    out = set(event.cards)
    if event.card is not None:
        out.add(event.card)
    return out


def check_events(tracker: Tracker, events: tuple[Event, ...], seen: dict[int | None, set[int]],
                 seats: list[int | None]) -> None:
    """Every card named to a seat is one it can see just before or just after the event."""
    redacted = {v: events_for(events, v) for v in seats}
    for i, event in enumerate(events):
        if event.kind is E.ROUND_STARTED:
            for v in seats:
                seen[v] = set()
        if not named_cards(event):
            tracker.step(event)
            continue
        before = {v: tracker.visible(v) for v in seats}
        tracker.step(event)
        for v in seats:
            allowed = before[v] | tracker.visible(v)
            shown = named_cards(redacted[v][i])
            assert shown <= allowed, (v, event, shown - allowed)
            if event.private_to is not None and v not in event.private_to:
                assert redacted[v][i].redacted and not shown
            seen[v] |= shown


def permuted(state: GameState, seat: int | None, rng: random.Random) -> GameState:
    """Every card ``seat`` cannot see in its view, shuffled among those positions. Cards it
    remembers from the log (say, one it saw an opponent take) are permuted too: the log stays
    as it is, so this is a stronger check, not a weaker one."""
    return permute_unseen(state, seat, rng)


PRIVATE_PHASES = (Phase.KEEP, Phase.CRAB_TAKE, Phase.LOBSTER, Phase.ROB, Phase.SWAP)


def play_and_check(players: int, extra_salt: bool, seed: int, coverage: Counter[str],
                   extra_pepper: bool = False) -> None:
    rng = random.Random(seed)
    rules = Rules(players, extra_salt=extra_salt, extra_pepper=extra_pepper)
    state = new_game(rules, seed)
    seats: list[int | None] = [None, *range(players)]
    tracker = Tracker(state)
    seen: dict[int | None, set[int]] = {v: set() for v in seats}
    check_events(Tracker(new_game(rules, seed)), state.log, seen, seats)
    tracker.matches(state)
    after_steal = False
    while not state.is_over:
        actions = legal_actions(state)
        # Prefer playing pairs now and then, so that effects (and their secrets) come up often.
        pairs = [a for a in actions
                 if type(a).__name__ in ("PlayPair", "PlayTrio", "PlaceShellFaceDown")]
        action = rng.choice(pairs) if pairs and rng.random() < 0.5 else rng.choice(actions)
        result = apply(state, action)
        check_events(tracker, result.events, seen, seats)
        state = result.state
        tracker.matches(state)
        for v in seats:  # the tracker's stricter set lies within the shared oracle's
            assert tracker.visible(v) <= visible(state, v, result.events), (v, state.phase)
        after_steal = any(e.kind is E.ROBBED for e in result.events)
        private = state.phase in PRIVATE_PHASES and state.phase is not Phase.KEEP
        if not (private or after_steal or rng.random() < 0.1):
            continue
        for v in seats:
            if v != state.active:
                coverage[state.phase.value] += 1
            coverage["steal"] += after_steal
            coverage["face down"] += any(f is not None and t != v
                                         for t, f in enumerate(state.face_down))
            shown = view(state, v)
            assert repr(view(permuted(state, v, rng), v)) == repr(shown), (v, state.phase)
            # The view's log names only cards this seat has seen this round.
            for e in shown.log:
                assert named_cards(e) <= seen[v], (v, e)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("extra_salt", [False, True])
def test_views_are_indistinguishable_and_events_redacted(players: int, extra_salt: bool) -> None:
    coverage: Counter[str] = Counter()
    for seed in range(4):
        play_and_check(players, extra_salt, 1000 * players + seed, coverage)
    # The sample really contained others' pending private choices and steals.
    assert coverage["keep"] and coverage["crab_take"] and coverage["steal"]
    if players > 2:  # with one opponent the steal target is forced (RULES §3.5)
        assert coverage["rob"]
    if extra_salt:
        assert coverage["lobster"]


@pytest.mark.timeout(120)
def test_extra_pepper_views_are_indistinguishable() -> None:
    # RULES §12.13, §12.14 "Leak test": the event deck's order, others' face-down shells and
    # the Water Rodeo look join the unseen positions.
    coverage: Counter[str] = Counter()
    for seed in range(15):
        players = 2 + seed % 3
        play_and_check(players, seed % 2 == 0, 3000 + seed, coverage, True)
    assert coverage["swap"] and coverage["face down"] and coverage["keep"], coverage


def test_spectator_sees_no_private_card_and_no_hand() -> None:
    state = new_game(Rules(3, True), 77)
    rng = random.Random(3)
    while not state.is_over and state.move < 200:
        state = apply(state, rng.choice(legal_actions(state))).state
        v = view(state, None)
        assert v.hand == () and v.pending == () and v.breakdown is None and v.legal_actions == ()
        assert all(e.private_to is None or e.redacted for e in v.log)


def test_game_over_hides_nothing() -> None:  # DESIGN: after a game nothing is secret
    state = new_game(Rules(2), 5)
    rng = random.Random(5)
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state))).state
    v = view(state, None)
    assert [sv.revealed_hand for sv in v.seats] == list(state.hands)


def test_redaction_keeps_every_other_field() -> None:
    event = Event(E.ROBBED, seat=0, card=5, cards=(5,), pile=1, target=2, n=3, scores=(1, 2),
                  winners=(0,), won=True, private_to=(0, 2))
    hidden = events_for([event], 1)[0]
    assert hidden == dataclasses.replace(event, card=None, cards=(), redacted=True)
    assert events_for([event], 2)[0] is event and events_for([event], None)[0] == hidden
