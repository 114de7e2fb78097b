"""The exact-state constructor: build any position from explicit zones (tests, bots)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .actions import CallKind
from .cards import BASE_DECK_SIZE, EXTRA_SALT_DECK_SIZE, KIND_OF, Card, Kind, is_pair
from .event_cards import EVENT_CARDS, EventCard
from .events import Event
from .state import EventZones, GameState, IllegalActionError, Phase, RoundResult, Rules


def _ids(cards: Iterable[int | Card]) -> tuple[int, ...]:
    out = []
    for c in cards:
        if isinstance(c, Card):
            out.append(c.id)
        elif isinstance(c, int) and not isinstance(c, bool):
            out.append(c)
        else:
            raise IllegalActionError(f"a card is a card id (int) or a Card, not {c!r}")
    return tuple(out)


def _check_seat(name: str, seat: object, n: int, optional: bool = False) -> None:
    if optional and seat is None:
        return
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
        raise IllegalActionError(f"{name} must be a seat 0..{n - 1}, not {seat!r}")


_RODEO = ((Kind.SWIMMER, Kind.SWIMMER), (Kind.SHARK, Kind.SHARK))


def _valid_group(group: tuple[int, ...], extra_salt: bool, extra_pepper: bool = False) -> bool:
    """A laid group is a valid pair, or (Extra Salt) a valid pair plus one starfish. With
    Extra Pepper the Water Rodeo's pairs may lie on a table too (laid or stolen, §12.3)."""
    kinds = [KIND_OF[c] for c in group]
    if len(group) == 3 and extra_salt and kinds.count(Kind.STARFISH) == 1:
        kinds = [k for k in kinds if k is not Kind.STARFISH]
    elif len(group) != 2:
        return False
    return is_pair(kinds[0], kinds[1]) or (extra_pepper and (kinds[0], kinds[1]) in _RODEO)


def _check_events(
    rules: Rules, complete: bool, cards: list[EventCard], held: tuple[EventCard | None, ...],
    face_down: tuple[int | None, ...],
) -> None:
    n = rules.players
    if not rules.extra_pepper:
        if cards or any(h is not None for h in held) or any(f is not None for f in face_down):
            raise IllegalActionError("event cards and face-down shells need extra_pepper")
        return
    if any(not isinstance(c, EventCard) for c in cards):
        raise IllegalActionError("event cards are EventCard members")
    if len(set(cards)) != len(cards):
        raise IllegalActionError("an event card appears in more than one place")
    if complete and len(cards) != len(EVENT_CARDS):
        raise IllegalActionError(f"{len(EVENT_CARDS) - len(cards)} event cards are missing")
    for name, seq in (("held", held), ("face_down", face_down)):
        if len(seq) != n:
            raise IllegalActionError(f"{name} needs {n} entries, got {len(seq)}")
    if any(f is not None and KIND_OF[f] is not Kind.SHELL for f in face_down):
        raise IllegalActionError("only a shell lies face down (RULES §12.12)")


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
    event_deck: Sequence[EventCard] = (),
    table_event: EventCard | None = None,
    held: Sequence[EventCard | None] | None = None,
    event_discard: Sequence[EventCard] = (),
    keep_choice: Sequence[EventCard] = (),
    next_starter: int | None = None,
    face_down: Sequence[int | Card | None] | None = None,
    swap_target: int | None = None,
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
    pepper = rules.extra_pepper
    face_t: tuple[int | None, ...] = tuple(
        None if f is None else _ids((f,))[0] for f in (face_down or ((None,) * n if pepper else ()))
    )
    held_t = tuple(held) if held is not None else ((None,) * n if pepper else ())
    _check_events(
        rules, complete,
        [*event_deck, *([table_event] if table_event else []), *(h for h in held_t if h),
         *event_discard, *keep_choice],
        held_t, face_t,
    )
    everything = [*deck_t, *piles_t[0], *piles_t[1], *pending_t,
                  *(f for f in face_t if f is not None)]
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
    for seat, t in enumerate(tables_t):
        for group in t:
            if not _valid_group(group, rules.extra_salt, pepper):
                raise IllegalActionError(f"table {seat}: {list(group)} is not a pair or trio")
    _check_seat("active", active, n)
    _check_seat("caller", caller, n, optional=True)
    _check_seat("jellyfish_caster", jellyfish_caster, n, optional=True)
    for name, seq in (("revealed", revealed), ("scores", scores)):
        if seq is not None and len(seq) != n:
            raise IllegalActionError(f"{name} needs {n} entries, got {len(seq)}")
    if last_round_scores is not None and len(last_round_scores) != n:
        raise IllegalActionError(f"last_round_scores needs {n} entries")
    for w in winners:
        _check_seat("a winner", w, n)
    if not isinstance(phase, Phase):
        raise IllegalActionError(f"phase must be a Phase, not {phase!r}")
    if winners and phase is not Phase.GAME_OVER:
        raise IllegalActionError("winners are only set once the game is over")
    if phase is Phase.KEEP and len(pending_t) != 2:
        raise IllegalActionError("phase KEEP needs the two drawn cards in pending")
    if phase is Phase.LOBSTER and not 1 <= len(pending_t) <= 5:
        raise IllegalActionError("phase LOBSTER needs the 1-5 looked-at cards in pending")
    if phase not in (Phase.KEEP, Phase.LOBSTER) and pending_t:
        raise IllegalActionError(f"phase {phase.value} has no pending cards")
    if phase is Phase.CRAB_TAKE and (crab_pile not in (0, 1) or not piles_t[crab_pile or 0]):
        raise IllegalActionError("phase CRAB_TAKE needs a non-empty crab_pile")
    if phase is not Phase.CRAB_TAKE and crab_pile is not None:
        raise IllegalActionError("crab_pile is only set in phase CRAB_TAKE")
    if phase is Phase.CRAB_PILE and not (piles_t[0] or piles_t[1]):
        raise IllegalActionError("phase CRAB_PILE needs a non-empty discard pile")
    _check_seat("next_starter", next_starter, n, optional=True)
    _check_seat("swap_target", swap_target, n, optional=True)
    if (phase is Phase.SWAP) != (swap_target is not None) or swap_target == active:
        raise IllegalActionError("swap_target is set exactly in phase SWAP, to an opponent")
    if (phase is Phase.KEEP_EVENT_CARD) != (len(keep_choice) == 2 and next_starter is not None):
        raise IllegalActionError("phase KEEP_EVENT_CARD needs two keep_choice cards and a "
                                 "next_starter (and only it has them)")
    if phase is Phase.ANGELFISH and not (piles_t[0] and piles_t[1]):
        raise IllegalActionError("phase ANGELFISH needs two non-empty piles")
    if (call is None) != (caller is None):
        raise IllegalActionError("call and caller go together")
    if call is not None and not isinstance(call, CallKind):
        raise IllegalActionError(f"call must be a CallKind, not {call!r}")
    rev = tuple(bool(r) for r in revealed) if revealed is not None else (False,) * n
    if call is not None and caller is not None and not rev[caller]:
        rev = tuple(r or s == caller for s, r in enumerate(rev))
    if phase is Phase.ROB and not any(
        hands_t[t] and not rev[t] for t in range(n) if t != active
    ):
        raise IllegalActionError("phase ROB needs an opponent with an unrevealed, non-empty hand")
    if (
        phase is Phase.DRAW
        and jellyfish_caster is not None
        and active != jellyfish_caster
        and not (face_t and face_t[active] is not None)  # shielded: never locked (§12.12)
    ):
        # The engine plays a locked turn by itself (RULES §3.5, §11.2): there is no decision.
        raise IllegalActionError(
            "the active seat is jellyfish-locked in phase draw; build the state before its "
            "turn (the engine plays locked turns itself)"
        )
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
        pepper=EventZones(
            event_deck=tuple(event_deck),
            table_event=table_event,
            held=held_t,
            event_discard=tuple(event_discard),
            keep_choice=tuple(keep_choice),
            next_starter=next_starter,
            face_down=face_t,
            swap_target=swap_target,
        ),
    )
