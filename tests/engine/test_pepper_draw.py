"""Extra Pepper events of the draw step: the Angelfish and the Dolphins (RULES §12.10,
§12.11); one test per §12.15 row P67-P83."""

from collections.abc import Callable, Sequence
from typing import Any

from seasalt.engine import (
    EVENT_CARDS,
    DrawFromDeck,
    EndTurn,
    EventCard,
    EventKind,
    GameState,
    KeepCard,
    KeepLobsterCard,
    Kind,
    Phase,
    PlayPair,
    RoundEnd,
    TakeAngelfishCard,
    TakeDiscard,
    apply,
    card,
    events_for,
    legal_actions,
)

Builder = Callable[..., GameState]
E = EventCard
ANGEL = (TakeAngelfishCard(0), TakeAngelfishCard(1))


def pep(build: Builder, table_event: EventCard, *, players: int = 2,
        held: Sequence[EventCard | None] | None = None, **kw: Any) -> GameState:
    held_t = list(held) if held is not None else [None] * players
    deck = tuple(c for c in EVENT_CARDS if c is not table_event and c not in held_t)
    kw.setdefault("phase", Phase.DRAW)
    return build(players, extra_pepper=True, table_event=table_event, held=held_t,
                 event_deck=deck, **kw)


def kinds(events: Sequence[Any]) -> list[EventKind]:
    return [e.kind for e in events]


# ---- §12.10 The Angelfish


def test_p67_a_discard_take_leaves_matching_tops(build: Builder) -> None:  # RULES §12.15 P67
    s = pep(build, E.ANGELFISH, hands=["crab/lb", "crab/y"], deck="boat/y boat/lb",
            piles=("shell/db fish/y", "boat/db"))
    t = apply(s, TakeDiscard(0)).state  # tops now shell DB and boat DB
    assert t.phase is Phase.ANGELFISH and legal_actions(t) == ANGEL
    r = apply(t, TakeAngelfishCard(1))
    assert r.state.phase is Phase.PLAY and s.piles[1][0] in r.state.hands[0]
    took = next(e for e in r.events if e.kind is EventKind.ANGELFISH_TOOK)
    assert took.private_to is None and took.pile == 1


def test_p68_the_placed_card_makes_the_tops_match(build: Builder) -> None:  # RULES §12.15 P68
    s = pep(build, E.ANGELFISH, hands=["crab/lb", "crab/y"], deck="boat/lb shell/g fish/db",
            piles=("shell/db", "boat/y"))
    t = apply(s, DrawFromDeck()).state
    fish, shell = s.deck[-1], s.deck[-2]
    t = apply(t, KeepCard(shell, 1)).state  # fish DB on pile 2: DB against DB
    assert t.phase is Phase.ANGELFISH
    t = apply(t, TakeAngelfishCard(1)).state  # taking back the card just placed
    assert fish in t.hands[0] and t.piles[1] == (s.piles[1][0],)


def test_p69_dolphins_card_first_then_the_angelfish(build: Builder) -> None:
    # RULES §12.15 P69
    s = pep(build, E.ANGELFISH, hands=["crab/lb", "crab/y"],
            deck="boat/y boat/lb shell/db fish/g", piles=("crab/db", "boat/y"),
            held=[E.DOLPHINS, None])
    t = apply(s, DrawFromDeck()).state
    r = apply(t, KeepCard(s.deck[-1], 1))  # place the DB shell (a collector): DB against DB
    seen = [k for k in kinds(r.events) if k in (EventKind.DISCARDED, EventKind.DOLPHINS_DREW)]
    assert seen == [EventKind.DISCARDED, EventKind.DOLPHINS_DREW]
    assert r.state.phase is Phase.ANGELFISH and len(r.state.deck) == 1


def test_p70_no_take_after_a_locked_draw(build: Builder) -> None:  # RULES §12.15 P70
    s = pep(build, E.ANGELFISH, hands=["swimmer/db jellyfish/p crab/db", "crab/lb"],
            deck="boat/y boat/lb", piles=("shell/y", "boat/y"), phase=Phase.PLAY)
    jelly = next(a for a in legal_actions(s) if isinstance(a, PlayPair))
    t = apply(apply(s, jelly).state, EndTurn()).state
    assert t.active == 0 and t.phase is Phase.DRAW  # seat 1's locked turn ended by itself
    assert len(t.hands[1]) == 2 and t.piles == s.piles


def test_p71_an_empty_pile_means_no_check(build: Builder) -> None:  # RULES §12.15 P71
    s = pep(build, E.ANGELFISH, hands=["crab/lb", "crab/y"], deck="boat/y boat/lb",
            piles=("shell/y fish/y", ""))
    assert apply(s, TakeDiscard(0)).state.phase is Phase.PLAY


def test_p72_only_the_tops_after_the_draw_count(build: Builder) -> None:  # RULES §12.15 P72
    s = pep(build, E.ANGELFISH, hands=["crab/lb", "crab/y"], deck="boat/y boat/lb",
            piles=("shell/g boat/db", "fish/db"))
    assert apply(s, TakeDiscard(0)).state.phase is Phase.PLAY  # green and DB after it


def test_p73_a_boat_extra_turn_checks_again(build: Builder) -> None:  # RULES §12.15 P73
    s = pep(build, E.ANGELFISH, hands=["boat/lb boat/bk", "crab/y"],
            deck="crab/lb crab/gy crab/db", piles=("shell/db fish/y", "boat/db"))
    t = apply(s, TakeDiscard(0)).state
    t = apply(t, TakeAngelfishCard(1)).state
    t = apply(t, next(a for a in legal_actions(t) if isinstance(a, PlayPair))).state
    assert t.phase is Phase.DRAW
    # Tops now: shell DB and nothing (pile 1 empty); draw two, place a DB crab on pile 2.
    t = apply(t, DrawFromDeck()).state
    assert t.phase is Phase.KEEP
    t = apply(t, KeepCard(s.deck[-2])).state  # the DB crab forced onto the empty pile
    assert t.phase is Phase.ANGELFISH  # a second take in the same turn


def test_p74_the_last_single_deck_card_checks_too(build: Builder) -> None:
    # RULES §12.15 P74
    s = pep(build, E.ANGELFISH, hands=["crab/lb", "crab/y"], deck="boat/y",
            piles=("shell/db", "boat/db"))
    assert apply(s, DrawFromDeck()).state.phase is Phase.ANGELFISH


def test_p75_white_tops_match(build: Builder) -> None:  # RULES §12.15 P75
    s = pep(build, E.ANGELFISH, hands=["crab/lb", "crab/y"], deck="boat/y",
            piles=("mermaid/w crab/db", "seahorse/w"))
    t = apply(s, TakeDiscard(0)).state
    assert t.phase is Phase.ANGELFISH


def test_p76_no_second_take_in_one_draw_step(build: Builder) -> None:  # RULES §12.15 P76
    s = pep(build, E.ANGELFISH, hands=["crab/lb", "crab/y"], deck="boat/y",
            piles=("shell/db crab/g", "boat/db fish/db"))
    t = apply(s, TakeDiscard(0)).state  # crab G taken: shell DB against fish DB
    t = apply(t, TakeAngelfishCard(1)).state  # fish DB taken: shell DB against boat DB again
    assert t.phase is Phase.PLAY


# ---- §12.11 The Dolphins

DECK10 = "crab/db crab/lb crab/y crab/bk crab/g crab/gy boat/db boat/lb boat/bk shell/y"


def test_p77_a_collector_placed_brings_a_card(build: Builder) -> None:  # RULES §12.15 P77
    s = pep(build, E.DOLPHINS, hands=["fish/db", "fish/lb"], deck=DECK10,
            piles=("octopus/y", "penguin/p"))
    t = apply(s, DrawFromDeck()).state
    r = apply(t, KeepCard(s.deck[-2], 0))  # place the shell
    assert len(r.state.deck) == 7 and s.deck[-3] in r.state.hands[0]
    drew = next(e for e in r.events if e.kind is EventKind.DOLPHINS_DREW)
    assert drew.private_to == (0,) and events_for([drew], 1)[0].redacted


def test_p78_the_seahorse_triggers(build: Builder) -> None:  # RULES §12.15 P78
    s = pep(build, E.DOLPHINS, hands=["fish/db", "fish/lb"], deck="crab/db boat/db seahorse/w",
            piles=("octopus/y", "penguin/p"))
    t = apply(apply(s, DrawFromDeck()).state, KeepCard(s.deck[-2], 0)).state
    assert t.deck == () and s.deck[0] in t.hands[0]


def test_p79_other_cards_bring_nothing(build: Builder) -> None:  # RULES §12.15 P79
    for placed in ("mermaid/w", "lighthouse/p", "starfish/db", "crab/lb"):
        s = pep(build, E.DOLPHINS, hands=["fish/db", "fish/lb"],
                deck=f"crab/db boat/db {placed}", piles=("octopus/y", "penguin/p"))
        t = apply(apply(s, DrawFromDeck()).state, KeepCard(s.deck[-2], 0)).state
        assert len(t.deck) == 1, placed


def test_p80_deck_of_two(build: Builder) -> None:  # RULES §12.15 P80
    s = pep(build, E.DOLPHINS, hands=["fish/db", "fish/lb"], deck="shell/y boat/db",
            piles=("octopus/y", "penguin/p"))
    t = apply(apply(s, DrawFromDeck()).state, KeepCard(s.deck[-1], 0)).state
    assert t.deck == () and len(t.hands[0]) == 2
    t = apply(t, EndTurn()).state
    assert t.last_result is not None and t.last_result.end is RoundEnd.VOID


def test_p81_deck_of_three(build: Builder) -> None:  # RULES §12.15 P81
    s = pep(build, E.DOLPHINS, hands=["fish/db", "fish/lb"], deck="crab/db shell/y boat/db",
            piles=("octopus/y", "penguin/p"))
    t = apply(apply(s, DrawFromDeck()).state, KeepCard(s.deck[-1], 0)).state
    assert t.deck == () and s.deck[0] in t.hands[0]
    t = apply(t, EndTurn()).state
    assert t.last_result is not None and t.last_result.end is RoundEnd.VOID


def test_p82_no_card_after_a_take_or_a_single_card(build: Builder) -> None:
    # RULES §12.15 P82
    s = pep(build, E.DOLPHINS, hands=["fish/db", "fish/lb"], deck="crab/db boat/db",
            piles=("octopus/y", "penguin/p"))
    assert len(apply(s, TakeDiscard(0)).state.deck) == 2
    s = pep(build, E.DOLPHINS, hands=["fish/db", "fish/lb"], deck="shell/y",
            piles=("octopus/y", "penguin/p"))
    t = apply(s, DrawFromDeck()).state
    assert t.hands[0] == tuple(sorted((*s.hands[0], *s.deck))) and t.deck == ()


def test_p83_the_lobster_returning_cards_brings_nothing(build: Builder) -> None:
    # RULES §12.15 P83
    s = pep(build, E.DOLPHINS, hands=["crab/db lobster/bk", "fish/lb"],
            deck="crab/lb boat/db shell/y octopus/g penguin/p sailor/o", phase=Phase.PLAY)
    t = apply(s, next(a for a in legal_actions(s) if isinstance(a, PlayPair))).state
    assert t.phase is Phase.LOBSTER
    keep = next(c for c in t.pending if card(c).kind is Kind.BOAT)
    t = apply(t, KeepLobsterCard(keep)).state
    assert len(t.deck) == 5 and t.hands[0] == (keep,)
