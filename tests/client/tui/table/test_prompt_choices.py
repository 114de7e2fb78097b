"""Every prompt names exactly the choices listed (issue 13, defect 8), from exact positions.

The wording comes from the view's legal actions (and the round's log for a boat's extra turn),
never from a guess: an empty pile, a LAST CHANCE final turn, fewer than 7 card points and the
extra turn of a boat pair each get the sentence that matches the choices on screen.
"""

from __future__ import annotations

import pytest
from seasalt.client.tui.widgets.prompt import prompt_text
from seasalt.client.words import i18n
from seasalt.client.words.game import Names
from seasalt.engine import (
    Call,
    CallKind,
    EndTurn,
    KeepCard,
    Phase,
    PlayPair,
    Rules,
    TakeDiscard,
    apply,
    make_state,
    view,
)

NAMES = Names(["Ann", "Bob"], 0)
# Card ids (engine/cards.py order): crabs 0-8, boats 9-16, fish 17-23, swimmers 24-28,
# sharks 29-33, shells 34-39, octopuses 40-44, penguins 45-47, penguin colony 52.
PENGUINS = (45, 46, 47, 52)  # three penguins (5) and the colony (+6): 11 card points


def state(hands, piles=((17,), (18,)), **kw):  # type: ignore[no-untyped-def]
    used = {c for hand in hands for c in hand} | {c for pile in piles for c in pile}
    used |= set(kw.get("pending", ()))
    deck = [c for c in range(58) if c not in used]
    return make_state(Rules(2), hands=hands, piles=piles, deck=deck, **kw)


def prompt(s) -> str:  # type: ignore[no-untyped-def]
    return prompt_text(view(s, 0), NAMES).plain


@pytest.fixture(autouse=True)
def english() -> object:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_a_forced_placement_says_which_pile_the_other_card_goes_to() -> None:
    # RULES §3.1: with a pile empty, the card not kept goes there: no pile is chosen.
    s = state(((34, 35), (36,)), piles=((17, 18), ()), phase=Phase.KEEP, pending=(40, 41))
    assert all(isinstance(a, KeepCard) and a.pile is None for a in view(s, 0).legal_actions)
    text = prompt(s)
    assert "Keep one; the other goes face up on pile 2, the empty discard pile." in text
    assert "you choose" not in text
    both = state(((34, 35), (36,)), piles=((), ()), phase=Phase.KEEP, pending=(40, 41))
    assert "the other goes face up on an empty discard pile." in prompt(both)
    free = state(((34, 35), (36,)), phase=Phase.KEEP, pending=(40, 41))
    assert "the discard pile you choose" in prompt(free)


def test_a_last_chance_final_turn_offers_no_call() -> None:
    # RULES §5.2: after LAST CHANCE the others play one final turn, without calling.
    s = state((PENGUINS, (36, 37)), phase=Phase.PLAY, call=CallKind.LAST_CHANCE, caller=1)
    v = view(s, 0)
    assert v.breakdown is not None and v.breakdown.total >= 7
    assert 0 in v.final_turns and not any(isinstance(a, Call) for a in v.legal_actions)
    text = prompt(s)
    assert "one final turn (no call)" in text
    assert "call," not in text and "STOP" not in text and "you may call" not in text
    assert "End your turn." in text or "or end your turn." in text


def test_below_seven_points_the_play_step_does_not_mention_a_call() -> None:
    s = state(((34, 40, 0, 1), (36, 37)), phase=Phase.PLAY)  # a crab pair on hand: 1 point
    legal = view(s, 0).legal_actions
    assert any(isinstance(a, PlayPair) for a in legal)
    assert not any(isinstance(a, Call) for a in legal)
    text = prompt(s)
    assert "Play pairs from your hand (optional), or end your turn." in text
    assert "call" not in text.lower()
    alone = state(((34, 40), (36, 37)), phase=Phase.PLAY)
    assert [type(a) for a in view(alone, 0).legal_actions] == [EndTurn]
    assert prompt(alone).endswith("End your turn.")
    rich = state((PENGUINS, (36, 37)), phase=Phase.PLAY)
    assert "Call, or end your turn." in prompt(rich)


def test_a_boat_pair_announces_the_extra_turn() -> None:
    # RULES §4.2: two boats: play another turn at once.
    s = state(((9, 10, 34), (36, 37)), phase=Phase.PLAY)
    s = apply(s, PlayPair((9, 10))).state
    assert s.phase is Phase.DRAW and s.active == 0
    text = prompt(s)
    assert text.startswith("Your turn.  Extra turn (boats). Draw:")
    drawn = apply(s, TakeDiscard(0)).state  # still the extra turn after the draw
    assert "Extra turn (boats)." in prompt(drawn)
    plain = state(((9, 34), (36, 37)), phase=Phase.DRAW)
    assert "Extra turn" not in prompt(plain)


def test_a_draw_names_only_the_piles_that_can_be_taken() -> None:
    one = state(((34,), (36,)), piles=((17,), ()), phase=Phase.DRAW)
    assert "or the top card of pile 1." in prompt(one)
    none = state(((34,), (36,)), piles=((), ()), phase=Phase.DRAW)
    assert "both discard piles are empty" in prompt(none)
    assert "or the top card" not in prompt(none)


@pytest.mark.parametrize("lang", ["pt", "es", "fr"])
def test_the_new_prompts_are_translated(lang: str) -> None:
    cases = [
        state(((34, 35), (36,)), piles=((17, 18), ()), phase=Phase.KEEP, pending=(40, 41)),
        state(((34, 35), (36,)), piles=((), ()), phase=Phase.KEEP, pending=(40, 41)),
        state(((34, 40, 0, 1), (36, 37)), phase=Phase.PLAY),
        state(((34, 40), (36, 37)), phase=Phase.PLAY),
        state((PENGUINS, (36, 37)), phase=Phase.PLAY),
        apply(state(((9, 10, 34), (36, 37)), phase=Phase.PLAY), PlayPair((9, 10))).state,
        state(((34,), (36,)), piles=((17,), ()), phase=Phase.DRAW),
        state(((34,), (36,)), piles=((), ()), phase=Phase.DRAW),
    ]
    english = [prompt(s) for s in cases]
    i18n.set_language(lang)
    for s, en in zip(cases, english, strict=True):
        body = en.split("Your turn. ", 1)[1].strip()  # the sentences after "Your turn."
        assert body and body not in prompt(s), (lang, body)
