"""Dense indices of kinds and colours, and the pair table as a hand's maximum matching (RULES
§5.2, §11.6): the counting tables the scoring and the legal-action lists share on their hot path.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import COLOR_OF, KIND_OF, PAIR_KINDS, Color, Kind, PairKind

# Dense indices so the hot path counts into small lists instead of dicts keyed by enums.
_KINDS = tuple(Kind)
KIND_INDEX = {k: i for i, k in enumerate(_KINDS)}
_COLOR_INDEX = {c: i for i, c in enumerate(Color)}
CARD_KIND = tuple(KIND_INDEX[k] for k in KIND_OF)
CARD_COLOR = tuple(_COLOR_INDEX[c] for c in COLOR_OF)
N_KINDS = len(_KINDS)
N_COLORS = len(Color)


def _matching_groups(pairs: Sequence[PairKind]) -> tuple[tuple[int, tuple[int, ...], bool], ...]:
    """The pair table as the groups a hand's maximum matching adds up (RULES §5.2, §11.6).

    Each group is (a centre kind, the kinds that pair with the centre only, whether two centres
    form a pair): crabs with lobsters, boats, fish, swimmers with sharks and jellyfish. Kinds are
    dense indices. A table of another shape (two kinds that pair with each other and with a
    third) needs a real matching: fail at import rather than score it wrong.
    """
    alike = {p.first for p in pairs if p.first is p.second}
    partners: dict[Kind, list[Kind]] = {}  # table order
    for p in pairs:
        partners.setdefault(p.first, [])
        partners.setdefault(p.second, [])
        if p.first is not p.second:
            partners[p.first].append(p.second)
            partners[p.second].append(p.first)
    groups: list[tuple[int, tuple[int, ...], bool]] = []
    done: set[Kind] = set()
    for kind in partners:
        if kind in done:
            continue
        # The centre: the kind with more than one partner, or that pairs with itself too.
        centre = kind
        if len(partners[kind]) == 1:
            other = partners[kind][0]
            if len(partners[other]) > 1 or (other in alike and kind not in alike):
                centre = other
        leaves = partners[centre]
        if any(partners[k] != [centre] or k in alike for k in leaves):
            raise NotImplementedError(f"no hand scoring for the pairs around {centre}")
        done.update((centre, *leaves))
        groups.append((KIND_INDEX[centre], tuple(KIND_INDEX[k] for k in leaves), centre in alike))
    return tuple(groups)


def _matching_source(groups: Sequence[tuple[int, tuple[int, ...], bool]]) -> str:
    """The hand-pairs formula of these groups as one Python expression in ``h`` (kind counts):
    per group ``min((centres + partners) // 2, centres)`` when two centres pair, else
    ``min(centres, partners)``; a lone alike kind is ``count // 2``. Each ``min(a, b)`` is
    written ``(x if (x := a) < (y := b) else y)``: the builtin's call costs more than the
    rest of the formula (measured: 460 ns a hand with two ``min`` calls, 190 without)."""
    terms = []
    for i, (centre, leaves, alike) in enumerate(groups):
        partners = " + ".join(f"h[{k}]" for k in leaves)
        x, y = f"_a{i}", f"_b{i}"
        if not leaves:
            terms.append(f"h[{centre}] // 2" if alike else "0")
        elif alike:
            terms.append(f"({y} if ({x} := h[{centre}]) > ({y} := (h[{centre}] + {partners}) // 2)"
                         f" else {x})")
        else:
            terms.append(f"({x} if ({x} := h[{centre}]) < ({y} := {partners}) else {y})")
    return " + ".join(terms) or "0"


_PAIRS_IN_HAND_SOURCE = _matching_source(_matching_groups(PAIR_KINDS))
"""Today ``min((h[0] + h[15]) // 2, h[0]) + h[1] // 2 + h[2] // 2 + min(h[3], h[4] + h[14])``
(each ``min`` written out): RULES §11.6's formula, written from the pair table once at import."""

PAIR_MATCHING: tuple[tuple[Kind, tuple[Kind, ...], bool], ...] = tuple(
    (_KINDS[centre], tuple(_KINDS[k] for k in leaves), alike)
    for centre, leaves, alike in _matching_groups(PAIR_KINDS)
)
"""The pair table as matching groups (a centre kind, the kinds that pair with it only, whether
two centres pair), in table order: what combos.py shows as a hand's pairs, so the client's
grouping and the scoring read the same table (RULES §5.2, §11.6)."""

# RULES §5.2, §11.6: pairs that could be formed in hand (the maximum matching), from the kind
# counts ``h``. Compiled once from the table: it is on the hot path of every legal-actions list,
# and runs as fast as the formula written out by hand. The source holds only ints and operators
# of this module's making.
pairs_in_hand: Callable[[list[int]], int] = eval(f"lambda h: {_PAIRS_IN_HAND_SOURCE}")
