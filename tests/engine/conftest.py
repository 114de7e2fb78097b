"""Helpers for engine tests: build exact positions from short card codes."""

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from seasalt.engine import GameState, Rules, cards_from_codes, make_state

Builder = Callable[..., GameState]


def build_state(
    players: int = 2,
    *,
    hands: Sequence[str],
    deck: str = "",
    piles: tuple[str, str] = ("", ""),
    tables: Sequence[Sequence[str]] | None = None,
    pending: str = "",
    extra_salt: bool = True,
    target: int | None = None,
    extra_pepper: bool = False,
    face_down: Sequence[str] | None = None,
    **kwargs: Any,
) -> GameState:
    """An exact (partial) position. Cards are codes like ``crab/db``; deck and piles are listed
    bottom to top. Codes are resolved together, so two ``crab/db`` are the two different cards.
    ``face_down`` (Extra Pepper): one code or "" per seat."""
    rules = Rules(players, extra_salt=extra_salt, extra_pepper=extra_pepper, target=target)
    zones = [deck, piles[0], piles[1], pending, *hands]
    for groups in tables or ():
        zones.extend(groups)
    faces = list(face_down or [])
    zones.extend(faces)
    lengths = [len(z.split()) for z in zones]
    ids = cards_from_codes(" ".join(zones), extra_salt)
    cut: list[tuple[int, ...]] = []
    start = 0
    for n in lengths:
        cut.append(ids[start : start + n])
        start += n
    deck_ids, p0, p1, pend, *rest = cut
    hand_ids = rest[:players]
    table_ids: list[list[tuple[int, ...]]] = []
    i = players
    for groups in tables or [[] for _ in range(players)]:
        table_ids.append(list(rest[i : i + len(groups)]))
        i += len(groups)
    if faces:
        kwargs["face_down"] = [f[0] if f else None for f in rest[i : i + len(faces)]]
    return make_state(
        rules,
        hands=hand_ids,
        deck=deck_ids,
        piles=(p0, p1),
        tables=table_ids,
        pending=pend,
        complete=False,
        **kwargs,
    )


@pytest.fixture
def build() -> Builder:
    return build_state
