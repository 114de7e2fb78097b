"""Play one seeded random game from the engine and print it (``seasalt-demo``)."""

from __future__ import annotations

import argparse
import random

from .actions import Action
from .events import Event, EventKind
from .game import apply, legal_actions, new_game
from .notation import card_code
from .state import Rules
from .version import version_text


def _describe(event: Event) -> str | None:
    k = event.kind
    who = f"seat {event.seat}"
    if k is EventKind.ROUND_STARTED:
        tops = ", ".join(map(card_code, event.cards))
        return f"\n== round {event.n}: {who} starts; piles show {tops}"
    if k is EventKind.DISCARDED and event.card is not None:
        return f"{who} keeps a card and discards {card_code(event.card)} on pile {event.pile}"
    if k is EventKind.TOOK_DISCARD and event.card is not None:
        return f"{who} takes {card_code(event.card)} from pile {event.pile}"
    if k in (EventKind.PLAYED_PAIR, EventKind.PLAYED_TRIO):
        return f"{who} plays {' + '.join(map(card_code, event.cards))}"
    if k is EventKind.ROBBED:
        return f"{who} robs seat {event.target}"
    if k is EventKind.CALLED and event.call is not None:
        return f"{who} calls {event.call.value.upper().replace('_', ' ')}"
    if k is EventKind.ROUND_SCORED:
        bet = "" if event.won is None else (" (bet won)" if event.won else " (bet lost)")
        return f"round {event.n} scored{bet}: +{' / +'.join(map(str, event.scores))}"
    if k is EventKind.ROUND_VOID:
        return f"round {event.n} is void: the deck ran out"
    if k is EventKind.MERMAID_WIN:
        return f"{who} holds all four mermaids!"
    if k is EventKind.GAME_OVER:
        return f"\nGame over. Totals {list(event.scores)}; winner(s): {list(event.winners)}"
    return None


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(
        description="Print one seeded random game of Sea Salt & Paper."
    )
    parser.add_argument("--version", action="version", version=version_text())
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--extra-salt", action="store_true")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    state = new_game(Rules(args.players, args.extra_salt), args.seed)
    for event in state.log:
        line = _describe(event)
        if line:
            print(line)
    while not state.is_over:
        options = legal_actions(state)
        action: Action = options[rng.randrange(len(options))]
        result = apply(state, action)
        for event in result.events:
            line = _describe(event)
            if line:
                print(line)
        state = result.state
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
