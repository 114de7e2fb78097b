"""Table positions for the layout tests: seeded games' decisions, a LAST CHANCE final turn,
every Extra Pepper prompt, and a way to put each on a table screen (tests/client/tui/layout/:
the choices fit at 80 x 24 and 120 x 40, and on a phone).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from seasalt.bots import get_bot
from seasalt.client.tui.messages import Frame, SeatLabel
from seasalt.engine import (
    CallKind,
    EventCard,
    GameState,
    LookAtHand,
    Phase,
    PlayPair,
    Rules,
    TakeDiscard,
    apply,
    make_state,
    new_game,
    view,
)
from seasalt.testing import tui as kit

if TYPE_CHECKING:
    from seasalt.client.tui.screens.table import TableScreen

LONG_NAMES = ("Marie-Christine", "Jean-Baptiste", "Anne-Sophie", "Pierre-Alexandre")


def seats(players: int, names: tuple[str, ...] = LONG_NAMES) -> tuple[SeatLabel, ...]:
    return tuple(SeatLabel(names[s]) for s in range(players))


async def show(table: TableScreen, state: GameState, seq: int, labels: tuple[SeatLabel, ...]
               ) -> Frame:
    """Put seat 0's view of ``state`` on the table screen and wait until it is drawn."""
    frame = Frame("t", seq, view(state, 0), labels)
    await table.show_frame(frame)
    await kit.until(lambda: table.rendered is frame, 20.0, f"frame {seq} on screen")
    return frame


async def show_next_of(table: TableScreen, state: GameState, seq: int,
                       labels: tuple[SeatLabel, ...]) -> None:
    """Show a series' ``state`` (its first, seq 10, is the app's own first frame: drawn
    already, it is only waited for)."""
    if seq == 10:
        assert table.frame is not None and table.frame.view == view(state, 0)
        await kit.until(lambda: table.rendered is table.frame, 20.0, "the first frame drawn")
    else:
        await show(table, state, seq, labels)


def last_chance_final_turn(players: int = 4, **rules: bool) -> GameState:
    """Seat 0 plays its LAST CHANCE final turn (seat ``players - 1`` called with 12 card
    points, RULES §6.2) with four laid pairs and two more pairs in hand."""
    caller = players - 1
    mine = (2, 3, 11, 12, 34, 35, 40)
    others = [(4, 5, 19), (13, 20, 41)][: players - 2]
    hands = (mine, *others, (45, 46, 47, 52, 36))
    laid = ((0, 1), (9, 10), (17, 18), (24, 29))
    tables = (laid, *[() for _ in others], ((25, 30),))
    piles = ((21,), (22, 42))
    used = {c for h in hands for c in h} | {c for t in tables for g in t for c in g}
    used |= {c for pile in piles for c in pile}
    r = Rules(players, **rules)
    deck = [c for c in range(58) if c not in used]
    extra: dict[str, Any] = {}
    if r.extra_salt:
        deck += list(range(58, 66))
    if r.extra_pepper:
        E = EventCard
        extra = dict(table_event=E.KRAKEN, held=(E.TORNADO, *[None] * (players - 2), E.DOLPHINS),
                     event_deck=[e for e in E if e not in (E.KRAKEN, E.TORNADO, E.DOLPHINS)])
    revealed = tuple(s == caller for s in range(players))
    return make_state(r, hands=hands, tables=tables, piles=piles, deck=deck, active=0,
                      phase=Phase.PLAY, call=CallKind.LAST_CHANCE, caller=caller,
                      revealed=revealed, scores=(12, 20, 8, 15)[:players], **extra)


def decisions(players: int, seed: int, rounds: tuple[int, ...], level: str, **options: bool
              ) -> list[GameState]:
    """Seat 0's decisions in a seeded game, those of its ``rounds``: seat 0 plays as the bot
    ``level`` (random and basic lay the pairs greedy would not), the others as greedy."""
    state = new_game(Rules(players, **options), seed)
    bots = [get_bot(level if s == 0 else "greedy", seed=seed * 10 + s) for s in range(players)]
    out = []
    while not state.is_over and state.round <= max(rounds):
        seat = state.to_act
        assert seat is not None
        if seat == 0 and state.round in rounds:
            out.append(state)
        state = apply(state, bots[seat].choose(view(state, seat))).state
    return out


SALT, PEPPER = {"extra_salt": True}, {"extra_pepper": True}
GAMES = [
    # (players, seed, seat 0's bot, language, options, the rounds shown): seeds picked for
    # what seat 0 meets, and of each game the rounds that meet it (a round left out meets
    # nothing the rounds shown do not: the same kinds of decisions, with no bigger hand, no
    # more laid pairs and no more final turns; about a third of the frames, a core's 10 s).
    (3, 7, "random", "fr", PEPPER, (1,)),  # a Water Rodeo look and swap, eight cards in hand
    (3, 8, "basic", "fr", SALT | PEPPER, (2,)),  # the Angelfish twice, crabs, a robbery
    (4, 4, "random", "fr", SALT | PEPPER, (1, 2)),  # the event card to keep, six final turns
    (3, 8, "random", "es", SALT | PEPPER, (2,)),  # the lobster, two final turns
    (4, 2, "random", "pt", SALT | PEPPER, (1,)),  # a robbery, five LAST CHANCE final turns
    (2, 4, "basic", "en", SALT | PEPPER, (1, 2)),  # crabs, two players' final turns
    (4, 12, "greedy", "fr", {}, (1,)),  # the base game, three final turns, eight cards in hand
]


def pepper(table_event: EventCard, hands: Any, piles: Any, **changes: Any) -> GameState:
    """A three-player Extra Pepper position (test_pepper_prompts.py's), seat 0 to play."""
    used = {c for h in hands for c in h} | {c for pile in piles for c in pile}
    used |= {c for t in changes.get("tables") or () for g in t for c in g}
    held = changes.pop("held", None)
    rest = [e for e in EventCard if e is not table_event and e not in (held or ())
            and e not in changes.get("keep_choice", ())]
    return make_state(Rules(3, extra_pepper=True), hands=hands, piles=piles, held=held,
                      deck=[c for c in range(58) if c not in used], table_event=table_event,
                      event_deck=rest, **changes)


def then(state: GameState, *steps: Any) -> GameState:
    """``state`` after the first legal action of each step's kind (and its test)."""
    for kind, test in steps:
        action = next(a for a in view(state, state.to_act).legal_actions
                      if isinstance(a, kind) and test(a))
        state = apply(state, action).state
    return state


def pepper_prompts() -> list[GameState]:
    """Every Extra Pepper prompt (RULES §12): look and swap or pass, steal a pair, the Coral
    Reef's shell, the Angelfish, the keep choice, the Hermit Crab."""
    E = EventCard
    rodeo = pepper(E.WATER_RODEO, ((24, 25, 29, 30, 34, 40, 41), (42, 43, 17), (44, 45)),
                   ((18,), (19,)), tables=((), ((0, 1),), ((9, 10),)), phase=Phase.PLAY)
    look = then(rodeo, (PlayPair, lambda a: set(a.cards) == {24, 25}))
    swap = then(look, (LookAtHand, lambda a: a.seat == 1))
    steal = then(rodeo, (PlayPair, lambda a: set(a.cards) == {29, 30}))
    reef = pepper(E.KRAKEN, ((34, 35, 40, 41), (42,), (43,)), ((18,), (19,)),
                  phase=Phase.PLAY, held=(E.CORAL_REEF, None, None))
    angelfish = then(pepper(E.ANGELFISH, ((34, 40, 41), (42, 43), (44, 45)), ((0, 17), (9,)),
                            held=(E.CORAL_REEF, None, None), scores=(1, 5, 5)),
                     (TakeDiscard, lambda a: a.pile == 0))
    keep = pepper(E.KRAKEN, ((40, 41), (42,), (43,)), ((18,), (19,)),
                  phase=Phase.KEEP_EVENT_CARD, keep_choice=(E.SUNFISH, E.DOLPHINS),
                  next_starter=1, held=(None, None, None), scores=(2, 9, 9))
    hermit = then(pepper(E.HERMIT_CRAB, ((0, 1, 40), (41,), (42,)), ((17, 18), (19, 20)),
                         phase=Phase.PLAY), (PlayPair, lambda a: set(a.cards) == {0, 1}))
    return [look, swap, steal, reef, angelfish, keep, hermit]


__all__ = ["GAMES", "LONG_NAMES", "PEPPER", "SALT", "decisions", "last_chance_final_turn",
           "pepper", "pepper_prompts", "seats", "show", "show_next_of", "then"]
