"""Text notation round-trips and the exact-state constructor's validation (DESIGN contract)."""

import dataclasses
import random
from typing import Any

import pytest
from seasalt.engine import (
    CallKind,
    GameState,
    IllegalActionError,
    Phase,
    Rules,
    apply,
    card_code,
    cards_from_codes,
    legal_actions,
    make_state,
    new_game,
    parse_state,
    render_state,
)


def random_states(players: int, extra_salt: bool, seed: int, every: int = 7,
                  extra_pepper: bool = False) -> list[GameState]:
    rng = random.Random(seed)
    state = new_game(Rules(players, extra_salt, extra_pepper=extra_pepper), seed)
    out = [state]
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state))).state
        if state.move % every == 0 or state.phase not in (Phase.DRAW, Phase.PLAY):
            out.append(state)
    out.append(state)
    return out


@pytest.mark.parametrize(("players", "extra_salt", "extra_pepper"),
                         [(2, False, False), (3, True, False), (4, True, False), (2, False, True),
                          (3, True, True), (4, True, True)])
def test_render_parse_round_trip(players: int, extra_salt: bool, extra_pepper: bool) -> None:
    # Extra Pepper's rows (RULES §12.14 state) round-trip too.
    for state in random_states(players, extra_salt, seed=players, extra_pepper=extra_pepper):
        text = render_state(state)
        back = parse_state(text)
        # The notation holds every zone and counter, not the round's log or last result.
        assert back == dataclasses.replace(state, log=(), last_result=None)
        assert render_state(back) == text
        assert legal_actions(back) == legal_actions(state)


def test_render_is_readable() -> None:
    state = new_game(Rules(2), 1)
    text = render_state(state)
    assert text.startswith("rules players=2 extra_salt=0 target=-\n")
    assert f"pile0 {card_code(state.piles[0][0])}\n" in text
    assert card_code(0) == "crab/db#0"


def test_cards_from_codes() -> None:
    assert cards_from_codes("crab/db crab/db crab/lb") == (0, 1, 2)
    assert cards_from_codes("crab/db#1 crab/db") == (1, 0)
    for bad in ("crab/xx", "crab", "dragon/db", "crab/db#2", "sailor/o sailor/o",
                "crab/db#1 crab/db#1", "starfish/db"):
        with pytest.raises(IllegalActionError):
            cards_from_codes(bad, extra_salt=bad != "starfish/db")
    with pytest.raises(IllegalActionError):
        cards_from_codes("starfish/db", extra_salt=False)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "nonsense",
        "rules players=2 extra_salt=0 target=-\n",
        "rules players=7 extra_salt=0 target=-\n",
    ],
)
def test_parse_state_rejects_bad_text(text: str) -> None:
    with pytest.raises(IllegalActionError):
        parse_state(text)


def test_parse_state_rejects_edited_text() -> None:
    text = render_state(new_game(Rules(2), 1))
    lines = text.splitlines()
    edits = {
        "wrong kind for an id": text.replace("#0 ", "#1 ", 1) if "#0 " in text else None,
        "duplicated row": text + lines[-1] + "\n",
        "missing card": "\n".join(ln for ln in lines if not ln.startswith("pile0")) + "\npile0 -",
        "bad phase": text.replace("phase=draw", "phase=dance"),
        "bad seat": text.replace("active=", "active=9", 1),
        "hand of a missing seat": text.replace("hand1", "handX"),
    }
    for name, edited in edits.items():
        if edited is None:
            continue
        with pytest.raises(IllegalActionError):
            parse_state(edited)
            pytest.fail(name)
    with pytest.raises(IllegalActionError):
        parse_state(None)  # type: ignore[arg-type]


R2 = Rules(2, extra_salt=True)
C = cards_from_codes


def base(**changes: Any) -> dict[str, Any]:
    kw: dict[str, Any] = dict(hands=[C("crab/db"), C("crab/lb")], deck=C("fish/db fish/lb"),
                              piles=(C("shell/db"), C("shell/lb")), complete=False)
    kw.update(changes)
    return kw


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (dict(hands=[C("crab/db")]), "need 2 hands"),
        (dict(hands=[C("crab/db"), C("crab/db")]), "more than one place"),
        (dict(deck=(99,)), "not in this game's deck"),
        (dict(deck=("x",)), "card id"),
        (dict(deck=(True,)), "card id"),
        (dict(complete=True), "missing"),
        (dict(piles=(C("shell/db"),)), "two discard piles"),
        (dict(tables=[[C("crab/y shell/y")], []]), "not a pair or trio"),
        (dict(tables=[[C("crab/y crab/bk crab/g")], []]), "not a pair or trio"),
        (dict(active=2), "active must be a seat"),
        (dict(phase=Phase.KEEP), "KEEP needs"),
        (dict(phase=Phase.LOBSTER), "LOBSTER needs"),
        (dict(phase=Phase.PLAY, pending=C("octopus/y")), "no pending cards"),
        (dict(phase=Phase.CRAB_TAKE), "CRAB_TAKE needs"),
        (dict(crab_pile=0), "only set in phase CRAB_TAKE"),
        (dict(piles=((), ()), phase=Phase.CRAB_PILE), "CRAB_PILE needs"),
        (dict(phase=Phase.ROB, hands=[C("crab/db"), ()]), "ROB needs"),
        (dict(call=CallKind.STOP), "go together"),
        (dict(caller=1), "go together"),
        (dict(call="stop", caller=1), "CallKind"),
        (dict(caller=5, call=CallKind.STOP), "caller must be a seat"),
        (dict(revealed=[True]), "revealed needs 2"),
        (dict(scores=[1, 2, 3]), "scores needs 2"),
        (dict(last_round_scores=[1]), "last_round_scores"),
        (dict(winners=[0]), "only set once the game is over"),
        (dict(winners=[3], phase=Phase.GAME_OVER), "winner must be a seat"),
        (dict(jellyfish_caster=1), "jellyfish-locked"),
        (dict(jellyfish_caster=7), "jellyfish_caster must be a seat"),
        (dict(phase="draw"), "must be a Phase"),
    ],
)
def test_make_state_validation(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(IllegalActionError, match=message):
        make_state(R2, **base(**changes))


def test_make_state_accepts_a_consistent_position() -> None:
    s = make_state(R2, **base(phase=Phase.KEEP, pending=C("octopus/y octopus/g"),
                              jellyfish_caster=0))
    assert s.hands == ((0,), (2,)) and s.pending == C("octopus/y octopus/g")
    assert len(legal_actions(s)) == 4
    s = make_state(R2, **base(call=CallKind.LAST_CHANCE, caller=1))
    assert s.revealed == (False, True)  # the caller's hand is revealed (RULES §6.3)
    full = make_state(Rules(2), hands=[range(10), range(10, 20)], deck=range(20, 56),
                      piles=([56], [57]))
    assert len(full.deck) == 36
