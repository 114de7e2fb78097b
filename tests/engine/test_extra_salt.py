"""Extra Salt: lobster, jellyfish lock, starfish trios, and the expansion off (RULES §11)."""

from collections.abc import Callable

from seasalt.engine import (
    Call,
    CallKind,
    EndTurn,
    Event,
    EventKind,
    GameState,
    KeepLobsterCard,
    Kind,
    Phase,
    PlayPair,
    PlayTrio,
    Rules,
    apply,
    card,
    card_points,
    legal_actions,
    new_game,
    view,
)

Builder = Callable[..., GameState]


def kinds(events: tuple[Event, ...], kind: EventKind) -> list[Event]:
    return [e for e in events if e.kind is kind]


def pair(state: GameState, a: Kind, b: Kind) -> PlayPair:
    for action in legal_actions(state):
        if isinstance(action, PlayPair) and {card(c).kind for c in action.cards} == {a, b}:
            return action
    raise AssertionError(f"no legal {a.value}+{b.value} pair")


DECK8 = "shell/db shell/lb shell/bk octopus/y octopus/g penguin/p penguin/lo sailor/o"


def test_lobster_looks_at_five_keeps_one_and_shuffles(build: Builder) -> None:  # RULES §11.1
    s = build(hands=["crab/db lobster/bk", "boat/db"], deck=DECK8, phase=Phase.PLAY)
    r = apply(s, pair(s, Kind.CRAB, Kind.LOBSTER))
    t = r.state
    assert t.phase is Phase.LOBSTER and set(t.pending) == set(s.deck[-5:])
    (looked,) = kinds(r.events, EventKind.LOBSTER_LOOKED)
    assert looked.n == 5 and looked.private_to == (0,)
    assert view(t, 0).pending == t.pending and view(t, 1).pending == ()
    assert {a.card for a in legal_actions(t)} == set(t.pending)  # type: ignore[union-attr]
    keep = t.pending[2]
    u = apply(t, KeepLobsterCard(keep)).state
    assert keep in u.hands[0] and u.phase is Phase.PLAY and u.pending == ()
    assert sorted(u.deck) == sorted(c for c in s.deck if c != keep)
    assert u.rng_counter == s.rng_counter + 1  # the deck was shuffled with the seeded RNG


def test_lobster_with_a_short_deck(build: Builder) -> None:  # RULES §11.1
    s = build(hands=["crab/db lobster/bk", "boat/db"], deck="shell/db shell/lb", phase=Phase.PLAY)
    t = apply(s, pair(s, Kind.CRAB, Kind.LOBSTER)).state
    assert sorted(t.pending) == sorted(s.deck) and t.deck == ()
    s = build(hands=["crab/db lobster/bk", "boat/db"], deck="shell/db", phase=Phase.PLAY)
    t = apply(s, pair(s, Kind.CRAB, Kind.LOBSTER)).state  # one card: kept by the engine
    assert t.phase is Phase.PLAY and t.deck == () and s.deck[0] in t.hands[0]
    s = build(hands=["crab/db lobster/bk", "boat/db"], piles=("shell/db", ""), phase=Phase.PLAY,
              call=CallKind.LAST_CHANCE, caller=1)
    r = apply(s, pair(s, Kind.CRAB, Kind.LOBSTER))
    assert kinds(r.events, EventKind.EFFECT_SKIPPED)


def test_crab_lobster_is_a_pair_but_lobster_has_no_other_partner(build: Builder) -> None:
    s = build(hands=["lobster/bk fish/db shark/db swimmer/db", "boat/db"], phase=Phase.PLAY)
    kinds_played = [
        {card(c).kind for c in a.cards} for a in legal_actions(s) if isinstance(a, PlayPair)
    ]
    assert kinds_played == [{Kind.SWIMMER, Kind.SHARK}]


def play_jellyfish_and_end(build: Builder, players: int, **kw: object) -> GameState:
    hands = ["swimmer/db jellyfish/p boat/db boat/lb"] + ["crab/db"] * (players - 1)
    s = build(players, hands=hands, deck=DECK8, piles=("fish/db", "fish/lb"),
              phase=Phase.PLAY, **kw)
    r = apply(s, pair(s, Kind.SWIMMER, Kind.JELLYFISH))
    assert kinds(r.events, EventKind.JELLYFISH_LOCK)
    return r.state


def test_jellyfish_locks_every_opponent_until_the_casters_next_turn(build: Builder) -> None:
    s = play_jellyfish_and_end(build, 3)  # RULES §11.2, §3.4 step 5
    assert [sv.locked for sv in view(s, 1).seats] == [False, True, True]
    r = apply(s, EndTurn())
    locked = kinds(r.events, EventKind.LOCKED_DRAW)
    assert [e.seat for e in locked] == [1, 2]  # each took the top deck card, turn over
    t = r.state
    assert t.active == 0 and t.phase is Phase.DRAW and t.jellyfish_caster is None
    assert len(t.hands[1]) == len(t.hands[2]) == 2 and len(t.deck) == 6
    assert not any(sv.locked for sv in view(t, 0).seats)
    # the lock really lapsed: seat 0 has every draw option
    assert len(legal_actions(t)) == 3


def test_locked_draw_card_is_private(build: Builder) -> None:
    s = play_jellyfish_and_end(build, 2)
    r = apply(s, EndTurn())
    (ev,) = kinds(r.events, EventKind.LOCKED_DRAW)
    assert ev.private_to == (1,) and ev.card == s.deck[-1]


def test_jellyfish_does_not_lock_the_casters_boat_turn(build: Builder) -> None:  # RULES §11.2
    s = play_jellyfish_and_end(build, 2)
    s = apply(s, pair(s, Kind.BOAT, Kind.BOAT)).state
    assert s.active == 0 and s.phase is Phase.DRAW
    assert len(legal_actions(s)) == 3  # a normal draw: deck or either pile


def test_jellyfish_then_last_chance_locks_the_final_turns(build: Builder) -> None:  # §11.2
    hands = ["swimmer/db jellyfish/p sailor/pk sailor/o captain/lo", "crab/db", "crab/lb"]
    s = build(3, hands=hands, deck="shell/db shell/lb shell/y", piles=("fish/db", "fish/lb"),
              phase=Phase.PLAY)
    s = apply(s, pair(s, Kind.SWIMMER, Kind.JELLYFISH)).state
    r = apply(s, Call(CallKind.LAST_CHANCE))
    assert [e.seat for e in kinds(r.events, EventKind.LOCKED_DRAW)] == [1, 2]
    assert kinds(r.events, EventKind.ROUND_SCORED) and r.state.round == 2
    assert r.state.active == 1 and r.state.jellyfish_caster is None  # reset at round end


def test_locked_turn_with_empty_deck_during_last_chance(build: Builder) -> None:  # §11.2
    s = build(hands=["swimmer/db jellyfish/p sailor/pk sailor/o captain/lo", "crab/db"],
              piles=("fish/db", ""), phase=Phase.PLAY)
    s = apply(s, pair(s, Kind.SWIMMER, Kind.JELLYFISH)).state
    r = apply(s, Call(CallKind.LAST_CHANCE))
    (ev,) = kinds(r.events, EventKind.LOCKED_DRAW)
    assert ev.n == 0 and ev.card is None  # nothing to take, the turn ends
    assert kinds(r.events, EventKind.ROUND_SCORED)


def test_locked_draw_of_the_last_card_voids_the_round(build: Builder) -> None:  # §11.2, §6.4
    s = build(hands=["swimmer/db jellyfish/p", "crab/db"], deck="shell/db",
              piles=("fish/db", ""), phase=Phase.PLAY)
    s = apply(s, pair(s, Kind.SWIMMER, Kind.JELLYFISH)).state
    r = apply(s, EndTurn())
    assert kinds(r.events, EventKind.LOCKED_DRAW) and kinds(r.events, EventKind.ROUND_VOID)
    assert r.state.round == 2 and r.state.active == 0  # left of seat 1, who emptied the deck


def test_starfish_trio_cancels_the_effect(build: Builder) -> None:  # RULES §11.4
    s = build(hands=["boat/db boat/lb starfish/db starfish/lb", "crab/db"], deck=DECK8,
              phase=Phase.PLAY)
    trios = [a for a in legal_actions(s) if isinstance(a, PlayTrio)]
    assert len(trios) == 2  # one per starfish
    r = apply(s, trios[0])
    assert r.state.phase is Phase.PLAY and not kinds(r.events, EventKind.EXTRA_TURN)
    assert kinds(r.events, EventKind.PLAYED_TRIO) and len(r.state.tables[0][0]) == 3
    assert card_points(r.state.hands[0], r.state.tables[0]) == 3


def test_no_trio_without_a_pair(build: Builder) -> None:
    s = build(hands=["boat/db starfish/db crab/db", "crab/lb"], deck=DECK8, phase=Phase.PLAY)
    assert not any(isinstance(a, PlayTrio) for a in legal_actions(s))


def test_base_game_has_no_expansion_cards() -> None:  # RULES §1.3, §11
    s = new_game(Rules(2), 3)
    assert max(s.deck + s.piles[0] + s.piles[1]) == 57

