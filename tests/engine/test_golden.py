"""Golden playthroughs: the same seed and actions give the same game, byte for byte.

If one of these changes, games recorded in journals replay differently: bump ENGINE_VERSION
(DESIGN "Durability") and update the digests here in the same commit.
"""

import hashlib
import random

import pytest
from seasalt.engine import (
    ENGINE_VERSION,
    DrawFromDeck,
    EventKind,
    KeepCard,
    Phase,
    Rules,
    apply,
    card_code,
    legal_actions,
    new_game,
    render_state,
)
from seasalt.testing.waiting import stretched


def test_seed_1_opening() -> None:
    s = new_game(Rules(2), 1)
    assert s.active == 1  # the round-1 starter comes from the seed (RULES §2.4)
    assert [card_code(p[-1]) for p in s.piles] == ["shark/bk#31", "boat/db#10"]
    assert [card_code(c) for c in s.deck[-2:]] == ["fish/y#22", "boat/db#9"]
    r = apply(s, DrawFromDeck())
    assert r.state.phase is Phase.KEEP and r.state.pending == (9, 22)  # top card first
    r = apply(r.state, KeepCard(9, 1))
    assert [e.kind for e in r.events] == [EventKind.KEPT_CARD, EventKind.DISCARDED]
    assert r.state.hands[1] == (9,) and r.state.piles[1] == (10, 22)


GOLDEN = [
    # players, extra salt, seed: digest of every state and event, final totals, winners, moves
    (2, False, 1, "00fe7a1f101b7d0a", (25, 41), (1,), 202),
    (2, True, 2, "681735cb6468ef57", (13, 41), (1,), 181),
    (3, False, 3, "82002e44f8cffa6a", (23, 27, 40), (2,), 335),
    (3, True, 4, "e4f44d7de11054e3", (22, 38, 32), (1,), 350),
    (4, False, 5, "8f6fea735ae9cfbd", (20, 20, 30, 22), (2,), 389),
    (4, True, 6, "f3133c6b8cd59a13", (31, 29, 36, 23), (2,), 499),
]


GOLDEN_PEPPER = [
    # the same with Extra Pepper on (RULES §12; engine version 2)
    (2, False, 11, "584f739d96540f11", (49, 36), (0,), 304),
    (3, True, 12, "e121bcce963d7966", (28, 37, 23), (1,), 319),
    (4, False, 13, "8fc9eb7d5122e480", (22, 16, 17, 32), (3,), 364),
]


@pytest.mark.parametrize(
    ("players", "extra_salt", "seed", "digest", "scores", "winners", "moves", "extra_pepper"),
    [(*g, False) for g in GOLDEN] + [(*g, True) for g in GOLDEN_PEPPER],
)
def test_golden_random_game(
    players: int,
    extra_salt: bool,
    seed: int,
    digest: str,
    scores: tuple[int, ...],
    winners: tuple[int, ...],
    moves: int,
    extra_pepper: bool,
) -> None:
    rng = random.Random(seed)
    s = new_game(Rules(players, extra_salt, extra_pepper=extra_pepper), seed)
    h = hashlib.sha256(render_state(s).encode() + repr(s.log).encode())
    while not s.is_over:
        r = apply(s, rng.choice(legal_actions(s)))
        s = r.state
        h.update(render_state(s).encode())
        h.update(repr(r.events).encode())
    assert (s.scores, s.winners, s.move) == (scores, winners, moves)
    assert h.hexdigest()[:16] == digest, f"games changed: bump ENGINE_VERSION ({ENGINE_VERSION})"


REPR_PROBE = """
import hashlib, random
from seasalt.engine import Rules, apply, legal_actions, new_game, view
rng = random.Random(3)
s = new_game(Rules(3, True), 3)
h = hashlib.sha256()
while not s.is_over:
    for seat in (None, 0, 1, 2):
        h.update(repr(view(s, seat)).encode())
    s = apply(s, rng.choice(legal_actions(s))).state
print(h.hexdigest())
"""


@pytest.mark.timeout(60)
def test_reprs_do_not_depend_on_hash_seeds() -> None:  # DESIGN: deterministic repr
    import os
    import subprocess
    import sys

    digests = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", REPR_PROBE], env=env, capture_output=True,
                             text=True, check=True, timeout=stretched(50))
        digests.add(out.stdout.strip())
    assert len(digests) == 1
