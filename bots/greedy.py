"""The greedy level: the basic level's one-move lookahead, with a memory of the round.

From the view's round log (bots/memory.py) it knows both discard piles card by card, what each
opponent visibly holds and what is still unseen. It values a deck draw by the unseen cards (not
by every card it cannot see right now), a crab pair by the best card it remembers in the piles,
it leaves the next players the tops they want least, and it calls STOP or LAST CHANCE by
weighing the round's outcome (and the game's, near the target) against sampled estimates of the
opponents' card points (bots/greedy_call.py). Every score comes from the engine (``breakdown``,
``round_gains``), under each seat's Extra Pepper effects; this module only weighs the options
the view lists. Extra Pepper's own choices are bots/pepper_choices.py's, with this level's hand
value. Randomness (the samples) comes from the decision rng, so a view and a bot seed give one
choice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from seasalt.engine import (
    DUO_KINDS,
    PAIR_KINDS,
    Action,
    ChooseCrabPile,
    DrawFromDeck,
    DuoEffect,
    EndTurn,
    EventCard,
    KeepCard,
    KeepLobsterCard,
    Kind,
    Phase,
    PlayerView,
    PlayPair,
    PlayTrio,
    Rob,
    TakeCrabCard,
    TakeDiscard,
    breakdown,
    build_deck,
    pair_kind,
    pair_partners,
    seat_effects,
)

from .greedy_call import choose_call
from .memory import Memory, remember
from .pepper_choices import (
    choose_pepper,
    dolphins_card,
    mermaid_win,
    rodeo_pair_worth,
    shell_face_down,
)

_CARDS = build_deck(extra_salt=True)
_KIND = tuple(c.kind for c in _CARDS)
_FACE = tuple((c.kind, c.color) for c in _CARDS)
"""Cards of one kind and colour score alike: gains are cached per face."""
_ALIKE = tuple(p.first for p in PAIR_KINDS if p.first is p.second)
_SWIMMER_PARTNERS = pair_partners(Kind.SWIMMER)
_HALF_SET = {Kind.SHELL: 0.7, Kind.OCTOPUS: 0.8, Kind.SAILOR: 1.2}


@dataclass(frozen=True, slots=True)
class Tuning:
    """The weights of the greedy level (tuned on 200-game arena runs, docs/results.md)."""

    half_pair: float = 0.3
    """A lone crab / boat / fish (or an unmatched swimmer or shark) when partners are left."""
    deck_bonus: float = 0.1
    """A deck draw keeps the tops for later and shows nothing."""
    deny: float = 0.8
    """Weight of the card points the next opponent could take from the tops we leave."""
    deny_far: float = 0.4
    """Weight of an opponent further round the table, relative to the next one."""
    cover: float = 0.35
    """Weight of our own interest in the top we bury."""
    shelter: float = 0.15
    boat: float = 0.4
    """An extra turn, on top of the expected best draw."""
    jellyfish: float = 0.9
    samples: int = 24
    """Sampled hands per opponent for a call decision."""
    hidden_bias: float = 0.5
    """Card points an unknown opponent card is worth over a random unseen one (opponents keep
    the better of two draws)."""
    final_turn: float = 1.0
    """What an opponent adds in its LAST CHANCE final turn."""
    stop_margin: float = 1.0
    """Expected round lead a STOP must bring (less near the deck's end)."""
    chance_margin: float = 0.5
    """How much better than STOP a LAST CHANCE must look."""
    game_value: float = 20.0
    """Winning (or losing) the game, in round points."""


TUNING = Tuning()


class _Eval:
    """What one decision needs: the memory, our hand's value, cached gains and deck weights."""

    def __init__(self, view: PlayerView, tuning: Tuning) -> None:
        self.view = view
        self.t = tuning
        self.fx = view.effects  # Extra Pepper: every score is under our own effects
        self.mem: Memory = remember(view)
        mem = self.mem
        avail: dict[Kind, int] = dict(mem.unseen_kinds())
        for pile in mem.piles:
            for c in pile:
                avail[_KIND[c]] = avail.get(_KIND[c], 0) + 1
        self.avail = avail
        self.hand = tuple(view.hand)
        self.table = view.table
        self.base = self.value(self.hand, self.table)
        self._gains: dict[tuple[object, ...], float] = {}
        # The deck: the cards known to be back in it, and a share of the unseen ones.
        known = list(mem.deck_known[: view.deck_size])
        rest = max(0, view.deck_size - len(known))
        share = min(1.0, rest / len(mem.unseen)) if mem.unseen else 0.0
        self.deck: list[tuple[int, float]] = [(c, 1.0) for c in known]
        if share > 0:
            self.deck += [(c, share) for c in mem.unseen]

    # --- our own hand

    def value(self, hand: Sequence[int], table: Sequence[Sequence[int]]) -> float:
        """Card points plus half-made pairs and sets, weighted by the partners still out."""
        points = float(breakdown(hand, table, self.fx).total) + mermaid_win(hand, self.fx)
        counts: dict[Kind, int] = {}
        for c in hand:
            k = _KIND[c]
            counts[k] = counts.get(k, 0) + 1
        for group in table:
            for c in group:
                k = _KIND[c]
                if k not in DUO_KINDS:
                    counts[k] = counts.get(k, 0) + 1
        avail = self.avail
        half = self.t.half_pair
        potential = 0.0
        for kind in _ALIKE:
            if counts.get(kind, 0) % 2:
                potential += half * min(1.0, avail.get(kind, 0) / 2)
        swimmers = counts.get(Kind.SWIMMER, 0)
        partners = sum(counts.get(k, 0) for k in _SWIMMER_PARTNERS)
        if swimmers > partners:
            out = sum(avail.get(k, 0) for k in _SWIMMER_PARTNERS)
            potential += half * (swimmers - partners) * min(1.0, out / 2)
        elif partners > swimmers:
            potential += half * (partners - swimmers) * min(1.0, avail.get(Kind.SWIMMER, 0) / 2)
        for kind, bonus in _HALF_SET.items():
            if counts.get(kind, 0) == 1:
                potential += bonus * min(1.0, avail.get(kind, 0) / 2)
        return points + potential

    def gain(self, card: int, hand: tuple[int, ...] | None = None) -> float:
        """How much ``card`` adds to our hand (``hand``: after laying a pair, say)."""
        hand = self.hand if hand is None else hand
        key = (_FACE[card], hand)
        g = self._gains.get(key)
        if g is None:
            base = self.base if hand is self.hand else self.value(hand, self.table)
            g = self.value((*hand, card), self.table) - base
            self._gains[key] = g
        return g

    def deck_best(self, draws: int, hand: tuple[int, ...] | None = None) -> float:
        """E[best gain] of ``draws`` deck cards (drawn as if with replacement, by weight)."""
        draws = min(draws, self.view.deck_size)
        if draws <= 0 or not self.deck:
            return 0.0
        scored = sorted((self.gain(c, hand), w) for c, w in self.deck)
        total = sum(w for _, w in scored)
        below = 0.0
        out = 0.0
        for g, w in scored:
            low = (below / total) ** draws
            below += w
            out += g * ((below / total) ** draws - low)
        return out

    # --- the opponents

    def opp_gain(self, seat: int, card: int) -> float:
        """Card points ``card`` adds to what ``seat`` visibly holds and has laid."""
        holds = self.mem.holds[seat]
        table = self.view.seats[seat].table
        key = ("opp", seat, _FACE[card])
        g = self._gains.get(key)
        if g is None:
            fx = seat_effects(self.view, seat)
            g = float(breakdown((*holds, card), table, fx).total
                      - breakdown(holds, table, fx).total)
            self._gains[key] = g
        return g

    def exposure(self, tops: Sequence[int | None]) -> float:
        """What the opponents could take from these tops, the next one first."""
        view = self.view
        me = view.seat
        assert me is not None
        n = view.rules.players
        out = 0.0
        weight = 1.0
        for step in range(1, n):
            s = (me + step) % n
            sv = view.seats[s]
            if sv.revealed_hand is None:
                best = max((self.opp_gain(s, c) for c in tops if c is not None), default=0.0)
                out += weight * max(0.0, best)
            weight *= self.t.deny_far
        return out

    def under(self, pile: int) -> int | None:
        """The card we remember under a pile's top."""
        cards = self.mem.piles[pile]
        return cards[-2] if len(cards) >= 2 else None


# --------------------------------------------------------------------------------------------
# Drawing and keeping.


def _choose_draw(ev: _Eval) -> Action:
    view, t = ev.view, ev.t
    tops = [p.top for p in view.piles]
    best: Action = view.legal_actions[0]
    best_value = -1e9
    for action in view.legal_actions:
        if isinstance(action, DrawFromDeck):
            value = ev.deck_best(2) + t.deck_bonus
            # We will cover one top with the card we do not keep: the one they want more.
            left = min(ev.exposure([tops[1 - p]]) for p in (0, 1))
            value -= t.deny * left
        elif isinstance(action, TakeDiscard):
            top = tops[action.pile]
            assert top is not None
            value = ev.gain(top)
            after = [ev.under(action.pile), tops[1 - action.pile]]
            value -= t.deny * ev.exposure(after)
        else:
            continue
        if value > best_value:
            best, best_value = action, value
    return best


def _choose_keep(ev: _Eval) -> Action:
    view, t = ev.view, ev.t
    tops = [p.top for p in view.piles]
    pending = view.pending

    def score(action: KeepCard) -> float:
        other = next((c for c in pending if c != action.card), None)
        value = ev.gain(action.card)
        if other is None:
            return value
        if dolphins_card(view, other):  # the Dolphins bring a deck card (RULES §12.11)
            value += ev.deck_best(1)
        pile = action.pile if action.pile is not None else (0 if tops[0] is None else 1)
        after = list(tops)
        covered = after[pile]
        after[pile] = other
        value -= t.deny * ev.exposure(after)
        if covered is not None:
            value -= t.cover * max(0.0, ev.gain(covered))
        return value

    return max((a for a in view.legal_actions if isinstance(a, KeepCard)), key=score)


# --------------------------------------------------------------------------------------------
# Playing pairs.


def _without(hand: tuple[int, ...], laid: Sequence[int]) -> tuple[int, ...]:
    rest = list(hand)
    for c in laid:
        rest.remove(c)
    return tuple(rest)


def _rob_value(ev: _Eval, seat: int, hand: tuple[int, ...] | None = None) -> float:
    """Expected gain of a random card of ``seat``'s hand: known cards, else an unseen one."""
    sv = ev.view.seats[seat]
    if sv.hand_size <= 0:
        return 0.0
    holds = ev.mem.holds[seat]
    known = sum(ev.gain(c, hand) for c in holds)
    hidden = max(0, sv.hand_size - len(holds))
    pool = ev.mem.unseen
    mean = sum(ev.gain(c, hand) for c in pool) / len(pool) if pool else 0.0
    return (known + hidden * mean) / sv.hand_size


def _crab_value(ev: _Eval, hand: tuple[int, ...]) -> float:
    """The best card we remember in a pile (less sure of a pile dug into unseen); under the
    Hermit Crab one card of each pile (RULES §12.1)."""
    bests = [0.0]
    for p, cards in enumerate(ev.mem.piles):
        if cards:
            pile_best = max(ev.gain(c, hand) for c in cards)
            bests.append(pile_best if ev.mem.pile_exact[p] else 0.8 * pile_best)
    return sum(bests) if EventCard.HERMIT_CRAB in ev.fx else max(bests)


def _boat_value(ev: _Eval, hand: tuple[int, ...]) -> float:
    view = ev.view
    if view.deck_size == 0 and not any(p.size for p in view.piles):
        return 0.0
    tops = [ev.gain(p.top, hand) for p in view.piles if p.top is not None]
    return ev.t.boat + max([ev.deck_best(2, hand), *tops])


def _fish_value(ev: _Eval, hand: tuple[int, ...]) -> float:
    value = ev.deck_best(1, hand) * (2 if EventCard.SUNFISH in ev.fx else 1)  # RULES §12.2
    if ev.view.deck_size == 1 and ev.view.call is None:
        value -= 2.0  # taking the last card voids the round unless someone calls
    return value


def _steal_value(ev: _Eval, hand: tuple[int, ...]) -> float:
    view = ev.view
    targets = [
        s.seat for s in view.seats
        if s.seat != view.seat and s.hand_size > 0 and s.revealed_hand is None and not s.shielded
    ]
    return max((_rob_value(ev, s, hand) + 0.3 for s in targets), default=0.0)


_EFFECT_VALUE: dict[DuoEffect, Callable[[_Eval, tuple[int, ...]], float]] = {
    DuoEffect.CRAB: _crab_value,
    DuoEffect.BOAT: _boat_value,
    DuoEffect.FISH: _fish_value,
    DuoEffect.ROB: _steal_value,
    DuoEffect.LOBSTER: lambda ev, hand: ev.deck_best(5, hand),
    DuoEffect.JELLYFISH: lambda ev, hand: ev.t.jellyfish,
}
"""What laying a pair's effect is worth on top of its points, by effect (hand: after laying)."""


def _play_value(ev: _Eval, action: PlayPair | PlayTrio) -> float:
    laid = action.cards if isinstance(action, PlayPair) else (*action.cards, action.starfish)
    hand = _without(ev.hand, laid)
    before = breakdown(ev.hand, ev.table, ev.fx).total
    after = breakdown(hand, (*ev.table, laid), ev.fx).total
    value = after - before + ev.t.shelter
    if isinstance(action, PlayPair):
        pair = pair_kind(_KIND[action.cards[0]], _KIND[action.cards[1]])
        if pair is None:  # a Water Rodeo pair (RULES §12.3)
            return value + rodeo_pair_worth(ev.view, action.cards)
        value += _EFFECT_VALUE[pair.effect](ev, hand)
    return value


# --------------------------------------------------------------------------------------------
# Playing and calling (the call decision is bots/greedy_call.py).


def _choose_play(ev: _Eval, rng: random.Random) -> Action:
    view = ev.view
    plays = [a for a in view.legal_actions if isinstance(a, PlayPair | PlayTrio)]
    if plays:
        scored = [(_play_value(ev, a), i) for i, a in enumerate(plays)]
        value, index = max(scored)
        if value > 0:
            return plays[index]
    call = choose_call(ev, rng)
    if call is not None:
        return call
    shell = shell_face_down(view, ev.value)  # the Coral Reef (RULES §12.12)
    if shell is not None:
        return shell
    return next(a for a in view.legal_actions if isinstance(a, EndTurn))


# --------------------------------------------------------------------------------------------
# Effects' choices.


def _choose_crab_pile(ev: _Eval) -> Action:
    piles = [a for a in ev.view.legal_actions if isinstance(a, ChooseCrabPile)]

    def score(a: ChooseCrabPile) -> tuple[float, int]:
        cards = ev.mem.piles[a.pile]
        best = max((ev.gain(c) for c in cards), default=0.0)
        return best, ev.view.piles[a.pile].size

    return max(piles, key=score)


def _choose_rob(ev: _Eval) -> Action:
    view = ev.view

    def score(a: Rob) -> tuple[float, int]:
        # What we expect to get, and the leader loses more by it.
        s = view.seats[a.seat]
        return _rob_value(ev, a.seat) + 0.02 * s.score, s.hand_size

    return max((a for a in view.legal_actions if isinstance(a, Rob)), key=score)


def choose_greedy(view: PlayerView, rng: random.Random, tuning: Tuning | None = None) -> Action:
    """The greedy decision for any phase (``rng`` drives only the call decision's samples);
    ``tuning`` None is :data:`TUNING`."""
    ev = _Eval(view, TUNING if tuning is None else tuning)
    phase = view.phase
    if phase is Phase.DRAW:
        return _choose_draw(ev)
    if phase is Phase.KEEP:
        return _choose_keep(ev)
    if phase is Phase.PLAY:
        return _choose_play(ev, rng)
    if phase is Phase.CRAB_PILE:
        return _choose_crab_pile(ev)
    if phase is Phase.CRAB_TAKE:
        takes = [a for a in view.legal_actions if isinstance(a, TakeCrabCard)]
        return max(takes, key=lambda a: ev.gain(a.card))
    if phase is Phase.ROB:
        return _choose_rob(ev)
    if phase is Phase.LOBSTER:
        keeps = [a for a in view.legal_actions if isinstance(a, KeepLobsterCard)]
        return max(keeps, key=lambda a: ev.gain(a.card))
    return choose_pepper(view, ev.value)  # Extra Pepper's phases (RULES §12.14)


__all__ = ["TUNING", "Tuning", "choose_greedy"]
