"""A player that steers an Extra Pepper game towards the prompts it has not seen (the real
server's solo test, test_pepper_solo.py), choosing among the choices on screen as a person
does: the same function picks a key in the TUI and, offline, replays the game the server's
seeded bots play (how the test's seed was found: ``python tests/client/tui/solo/pepper_steer.py``).
"""

from __future__ import annotations

import random
import sys
from typing import Any

from seasalt.bots.greedy import choose_greedy
from seasalt.client.tui.widgets.actions import Choice, choices_for
from seasalt.client.words.game import Names
from seasalt.engine import (
    Call,
    CallKind,
    DrawFromDeck,
    EndTurn,
    EventCard,
    KeepCard,
    Kind,
    Phase,
    PlaceShellFaceDown,
    PlayerView,
    PlayPair,
    TakeDiscard,
    card,
)

GOALS = ("SWAP", "PAIR_STEAL", "ANGELFISH", "SHELL", "KEEP_EVENT_CARD", "HERMIT")
"""The Extra Pepper prompts (RULES §12): the Water Rodeo look and swap, its pair steal, the
Angelfish take, the Coral Reef shell, the keep choice, the Hermit Crab's two takes."""

REACHED = frozenset({"SWAP", "PAIR_STEAL", "ANGELFISH", "KEEP_EVENT_CARD", "HERMIT"})
"""The goals the solo test's seed reaches; once they are seen the player plays to win (the
greedy bot's choice, among those on screen), so the rest of the game is over sooner."""


def seen_now(v: PlayerView) -> set[str]:
    """The goals this view's prompt shows."""
    found = set()
    if v.phase in (Phase.SWAP, Phase.PAIR_STEAL, Phase.ANGELFISH, Phase.KEEP_EVENT_CARD):
        found.add(v.phase.name)
    if any(isinstance(a, PlaceShellFaceDown) for a in v.legal_actions):
        found.add("SHELL_OFFERED")
    if v.phase is Phase.CRAB_TAKE and EventCard.HERMIT_CRAB in v.effects:
        found.add("HERMIT")
    return found


def _kinds(cards: Any) -> list[Kind]:
    return [card(c).kind for c in cards]


def _wanted(v: PlayerView, seen: set[str]) -> set[Kind]:
    """Kinds whose pair would lead to a prompt not seen yet under this seat's effects."""
    want: set[Kind] = set()
    if EventCard.WATER_RODEO in v.effects:
        if "SWAP" not in seen:
            want.add(Kind.SWIMMER)
        if "PAIR_STEAL" not in seen:
            want.add(Kind.SHARK)
    if EventCard.HERMIT_CRAB in v.effects and "HERMIT" not in seen:
        want.add(Kind.CRAB)
    return want


def choose(v: PlayerView, choices: list[Choice], seen: set[str]) -> Choice:
    """The choice to press now (deterministic)."""
    seen |= seen_now(v)
    if seen >= REACHED:
        finish = _to_win(v, choices)
        if finish is not None:
            return finish
    want = _wanted(v, seen)
    hand = _kinds(v.hand)

    def first(test: Any) -> Choice | None:
        return next((c for c in choices if test(c.action) and c.pick is None), None)

    if v.phase is Phase.PLAY:
        shell = first(lambda a: isinstance(a, PlaceShellFaceDown))
        if shell is not None and "SHELL" not in seen:
            seen.add("SHELL")
            return shell
        for c in choices:
            if isinstance(c.action, PlayPair) and set(_kinds(c.action.cards)) <= want \
                    and len(set(_kinds(c.action.cards))) == 1:
                return c
        pair = first(lambda a: isinstance(a, PlayPair))
        if pair is not None:
            return pair
        call = first(lambda a: isinstance(a, Call) and a.kind is CallKind.STOP)
        if call is not None and (not want or v.deck_size < 25):
            return call
        end = first(lambda a: isinstance(a, EndTurn))
        return end or choices[0]
    if v.phase is Phase.DRAW:
        for c in choices:
            a = c.action
            if isinstance(a, TakeDiscard):
                top = v.piles[a.pile].top
                if top is not None and card(top).kind in want and card(top).kind in hand:
                    return c
        deck = first(lambda a: isinstance(a, DrawFromDeck))
        return deck or choices[0]
    if v.phase is Phase.KEEP:
        for c in choices:
            a = c.action
            if isinstance(a, KeepCard) and card(a.card).kind in want and card(a.card).kind in hand:
                return c
        return choices[0]
    return choices[0]


def _to_win(v: PlayerView, choices: list[Choice]) -> Choice | None:
    """The greedy bot's choice for this view, if one key on screen plays it (a swap's
    two-step pick is left to the steering: None)."""
    action = choose_greedy(v, random.Random(v.move))
    return next((c for c in choices if c.action == action and c.pick is None), None)


# --- offline: the game the server plays with these seeds -----------------------------------


def simulate(base_seed: int, level: str = "random", limit: int = 3000) -> tuple[set[str], int]:
    """The goals seen and the moves made when this player plays seat 0 of a 2-player Extra
    Pepper solo game on a ``seasalt-server --seed base_seed`` against one ``level`` bot."""
    from seasalt.bots import get_bot
    from seasalt.engine import Rules, apply, new_game, view
    from seasalt.server.seeds import bot_seed, game_seed

    seed = game_seed(base_seed, "solo", 1)
    state = new_game(Rules(2, extra_pepper=True), seed)
    bot = get_bot(level, bot_seed(seed, 1))
    names = Names(["Ann", "Bot 2"], 0)
    seen: set[str] = set()
    picked: int | None = None
    while not state.is_over and state.move < limit:
        if state.to_act == 1:
            state = apply(state, bot.choose(view(state, 1))).state
            continue
        v = view(state, 0)
        choice = choose(v, choices_for(v, names, picked), seen)
        if choice.pick is not None:
            picked = None if choice.pick < 0 else choice.pick
            continue
        picked = None
        state = apply(state, choice.action).state
    return seen, state.move


if __name__ == "__main__":
    best = []
    for base in range(1, int(sys.argv[1]) if len(sys.argv) > 1 else 60):
        goals, moves = simulate(base)
        best.append((len(goals & set(GOALS)), goals >= REACHED, -moves, base, sorted(goals)))
    for row in sorted(best, reverse=True)[:8]:
        print(row)
