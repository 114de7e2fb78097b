"""The exact-state constructor: build any position from explicit zones (tests, bots)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .actions import CallKind
from .cards import BASE_DECK_SIZE, EXTRA_SALT_DECK_SIZE, Card
from .events import Event
from .state import GameState, IllegalActionError, Phase, RoundResult, Rules


def _ids(cards: Iterable[int | Card]) -> tuple[int, ...]:
    return tuple(c if isinstance(c, int) else c.id for c in cards)


def make_state(
    rules: Rules,
    *,
    hands: Sequence[Iterable[int | Card]],
    deck: Iterable[int | Card],
    piles: Sequence[Iterable[int | Card]] = ((), ()),
    tables: Sequence[Iterable[Iterable[int | Card]]] | None = None,
    active: int = 0,
    phase: Phase = Phase.DRAW,
    pending: Iterable[int | Card] = (),
    crab_pile: int | None = None,
    call: CallKind | None = None,
    caller: int | None = None,
    revealed: Sequence[bool] | None = None,
    jellyfish_caster: int | None = None,
    scores: Sequence[int] | None = None,
    last_round_scores: Sequence[int] | None = None,
    seed: int = 0,
    rng_counter: int = 0,
    round: int = 1,
    move: int = 0,
    winners: Sequence[int] = (),
    log: Sequence[Event] = (),
    last_result: RoundResult | None = None,
    complete: bool = True,
) -> GameState:
    """Build an exact state from explicit zones.

    Deck and piles are listed bottom to top (the last card is the top). ``complete`` (the
    default) requires every card of the game to be in exactly one zone; pass False to build a
    partial position (e.g. a scoring scenario).

    Raises:
        IllegalActionError: for duplicated or unknown cards, wrong sizes or an inconsistent phase.
    """
    n = rules.players
    if len(hands) != n:
        raise IllegalActionError(f"need {n} hands, got {len(hands)}")
    hands_t = tuple(tuple(sorted(_ids(h))) for h in hands)
    tables_t = tuple(
        tuple(_ids(g) for g in t) for t in (tables if tables is not None else [()] * n)
    )
    if len(tables_t) != n:
        raise IllegalActionError(f"need {n} tables, got {len(tables_t)}")
    if len(piles) != 2:
        raise IllegalActionError("need exactly two discard piles")
    deck_t, pending_t = _ids(deck), _ids(pending)
    piles_t = (_ids(piles[0]), _ids(piles[1]))
    everything = [*deck_t, *piles_t[0], *piles_t[1], *pending_t]
    for h in hands_t:
        everything.extend(h)
    for t in tables_t:
        for g in t:
            everything.extend(g)
    size = EXTRA_SALT_DECK_SIZE if rules.extra_salt else BASE_DECK_SIZE
    if len(set(everything)) != len(everything):
        raise IllegalActionError("a card appears in more than one place")
    unknown = [c for c in everything if not 0 <= c < size]
    if unknown:
        raise IllegalActionError(f"cards not in this game's deck: {sorted(unknown)}")
    if complete and len(everything) != size:
        raise IllegalActionError(f"{size - len(everything)} cards are missing from the zones")
    if not 0 <= active < n:
        raise IllegalActionError(f"active must be a seat, not {active}")
    if phase is Phase.KEEP and len(pending_t) != 2:
        raise IllegalActionError("phase KEEP needs the two drawn cards in pending")
    if phase is Phase.LOBSTER and not pending_t:
        raise IllegalActionError("phase LOBSTER needs the revealed cards in pending")
    if phase is Phase.CRAB_TAKE and (crab_pile not in (0, 1) or not piles_t[crab_pile or 0]):
        raise IllegalActionError("phase CRAB_TAKE needs a non-empty crab_pile")
    if (call is None) != (caller is None):
        raise IllegalActionError("call and caller go together")
    rev = tuple(bool(r) for r in revealed) if revealed is not None else (False,) * n
    if call is not None and caller is not None and not rev[caller]:
        rev = tuple(r or s == caller for s, r in enumerate(rev))
    return GameState(
        rules=rules,
        seed=seed,
        rng_counter=rng_counter,
        round=round,
        move=move,
        scores=tuple(scores) if scores is not None else (0,) * n,
        last_round_scores=tuple(last_round_scores) if last_round_scores is not None else (0,) * n,
        deck=deck_t,
        piles=piles_t,
        hands=hands_t,
        tables=tables_t,
        active=active,
        phase=phase,
        pending=pending_t,
        crab_pile=crab_pile,
        call=call,
        caller=caller,
        revealed=rev,
        jellyfish_caster=jellyfish_caster,
        winners=tuple(winners),
        log=tuple(log),
        last_result=last_result,
    )
