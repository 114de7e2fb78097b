"""How likely an opponent's hidden choice was, for the sampler's guesses (bots/log_replay.py).

Dealing an opponent's hidden cards uniformly assumes it chose at random. A real player keeps
the better of its two drawn cards and digs the best card out of a pile, so uniform deals leave
its hand weaker than it is: against greedy the sampled card points were 0.74 below the truth
(benchmarks/sampler_bias.py; 0.02 against random play, where uniform is right). The replay
therefore guesses such a card with these weights: a soft "it kept what raised its hand most",
measured with the basic level's hand value (points plus half-made pairs and sets).

The model reads only the world being sampled (never the true state), and its floor keeps every
consistent card possible, so a surprising opponent still gets sampled deals that fit the log.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from seasalt.engine import Kind, build_deck

from .basic import hand_value

KEEP_SHARPNESS = 10.0
"""How strongly a kept card's gain over the discarded one decides (logistic slope per point)."""
KEEP_FLOOR = 0.01
"""The chance weight of a keep the model finds unlikely (a random or odd player)."""
DIG_SHARPNESS = 1.5
"""Softmax slope for a card dug out of a pile (crab look-through)."""

def _faces() -> tuple[int, ...]:
    """Per card id, a small int naming its (kind, colour): cards alike score alike."""
    seen: dict[object, int] = {}
    return tuple(seen.setdefault((c.kind, c.color), len(seen)) for c in build_deck(True))


_FACE = _faces()
_KIND = tuple(c.kind for c in build_deck(extra_salt=True))
_LINKED = (
    {Kind.PENGUIN, Kind.PENGUIN_COLONY}, {Kind.SAILOR, Kind.CAPTAIN}, {Kind.BOAT, Kind.LIGHTHOUSE},
    {Kind.FISH, Kind.SHOAL_OF_FISH}, {Kind.SWIMMER, Kind.SHARK, Kind.JELLYFISH},
    {Kind.CRAB, Kind.LOBSTER, Kind.CAST_OF_CRABS},
)


def _linked(kinds: set[Kind]) -> set[Kind]:
    """The kinds whose value depends on holding one of ``kinds`` (pairs, sets, multipliers)."""
    out = set(kinds)
    for group in _LINKED:
        if group & kinds:
            out |= group
    return out


_KINDS = tuple(Kind)
_KIND_BIT = tuple(1 << _KINDS.index(k) for k in _KIND)
"""Per card id, its kind as one bit: sets of kinds as ints (a set of enum members hashes
each member in Python)."""
_LINKED_BITS = tuple(
    sum(1 << _KINDS.index(k) for k in _linked({kind})) for kind in _KIND
)
"""Per card id, :func:`_linked` of its kind as bits."""


class GainCache:
    """Hand-value gains of adding a card, memoized by (hand, table, card face): one per
    sampler, shared by its samples (the same hands recur from sample to sample)."""

    def __init__(self) -> None:
        self._by_hand: dict[tuple[tuple[int, ...], int], tuple[float, dict[int, float]]] = {}
        """(hand faces, table key) -> (the hand's value, each added face's gain)."""

    def gains(
        self,
        hand: Sequence[int],
        table: tuple[tuple[int, ...], ...],
        table_key: int,
        cards: Sequence[int],
    ) -> list[float]:
        """How much each of ``cards`` would raise ``hand``'s value (``table_key`` names
        ``table`` in the memo: the seat whose table it is)."""
        face = _FACE
        key = (tuple(sorted([face[c] for c in hand])), table_key)
        known = self._by_hand.get(key)
        if known is None:
            known = self._by_hand[key] = (hand_value(hand, table), {})
        base, memo = known
        out = []
        for card in cards:
            f = face[card]
            value = memo.get(f)
            if value is None:
                value = memo[f] = hand_value((*hand, card), table) - base
            out.append(value)
        return out

    def gains_with(
        self,
        pinned: Sequence[int],
        hand: Sequence[int],
        table: tuple[tuple[int, ...], ...],
        table_key: int,
        cards: Sequence[int],
    ) -> list[float]:
        """:meth:`gains` for ``hand``, cheaply: against the ``pinned`` part (the same in every
        sample, so memoized), recomputed on the whole hand only for the cards whose value the
        guessed rest changes (a second shell, the crab that completes a pair)."""
        out = self.gains(pinned, table, table_key, cards)
        if len(hand) == len(pinned):
            return out
        linked_bits = _LINKED_BITS
        linked = 0
        for c in hand:
            if c not in pinned:
                linked |= linked_bits[c]
        kind_bit = _KIND_BIT
        redo = [j for j, c in enumerate(cards) if kind_bit[c] & linked]
        if redo:
            again = self.gains(hand, table, table_key, [cards[j] for j in redo])
            for j, g in zip(redo, again, strict=True):
                out[j] = g
        return out


def weighted_pick(rng: random.Random, items: Sequence[int], weights: Sequence[float]) -> int:
    """One of ``items``, drawn with chances proportional to ``weights``."""
    r = rng.random() * sum(weights)
    for item, w in zip(items, weights, strict=True):
        r -= w
        if r < 0:
            return item
    return items[-1]


def keep_weight(gain_kept: float, gain_discarded: float) -> float:
    """Relative likelihood that a player kept a card of ``gain_kept`` over ``gain_discarded``."""
    x = KEEP_SHARPNESS * (gain_kept - gain_discarded)
    x = max(-30.0, min(30.0, x))
    return KEEP_FLOOR + (1.0 - KEEP_FLOOR) / (1.0 + math.exp(-x))


def keep_weights(gains_kept: Sequence[float], gain_discarded: float) -> list[float]:
    """:func:`keep_weight` of each of ``gains_kept`` (the same arithmetic, without a call
    per card: the sampler weighs every unseen card at each hidden keep)."""
    sharp, floor, span, exp = KEEP_SHARPNESS, KEEP_FLOOR, 1.0 - KEEP_FLOOR, math.exp
    return [
        floor + span / (1.0 + exp(-max(-30.0, min(30.0, sharp * (g - gain_discarded)))))
        for g in gains_kept
    ]


def dig_weight(gain: float) -> float:
    """Relative likelihood that a player dug out a card of ``gain``."""
    return math.exp(max(-30.0, min(30.0, DIG_SHARPNESS * gain)))
