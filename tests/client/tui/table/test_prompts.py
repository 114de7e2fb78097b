"""Every decision prompt, from exact positions (make_state) through an engine-backed fake link.

The solo game test reaches these against the real server; here each one is reached on purpose,
so a prompt that breaks fails here first, with a readable position.
"""

from __future__ import annotations

import pytest
from seasalt import protocol as p
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.widgets.actions import ActionList
from seasalt.client.tui.widgets.prompt import prompt_text
from seasalt.client.words.game import Names
from seasalt.engine import (
    ChooseCrabPile,
    KeepLobsterCard,
    Phase,
    PlayPair,
    PlayTrio,
    Rob,
    Rules,
    TakeCrabCard,
    make_state,
    view,
)
from seasalt.testing import tui as kit

pytestmark = pytest.mark.timeout(60)

# Card ids (engine/cards.py order): crabs 0-8, swimmers 24-28, sharks 29-33, shells 34-39,
# octopuses 40-44, mermaids 54-57, jellyfish 58-59, lobster 60, starfish 62-64.
MINE = (24, 29, 0, 1, 2, 60, 25, 58, 62, 54, 55)
BOB, CY = (34, 35, 36), (40, 41)
PILES = ((9, 10), (17, 18, 19))


def position(**changes):  # type: ignore[no-untyped-def]
    args = dict(hands=(MINE, BOB, CY), piles=PILES, active=0, phase=Phase.PLAY)
    args.update(changes)
    used = {c for hand in args["hands"] for c in hand} | {*PILES[0], *PILES[1]}
    deck = [c for c in range(66) if c not in used]
    return make_state(Rules(3, extra_salt=True), deck=deck, **args)


async def test_rob_crab_lobster_and_trio_prompts_send_the_chosen_actions(fake_link, tui) -> None:
    links = []

    def factory(address, name):  # type: ignore[no-untyped-def]
        links.append(fake_link(address, name, players=3, state=position()))
        return links[-1]

    app = SeasaltApp(LaunchOptions(address="lan:1", name="Ann"), link_factory=factory)
    async with app.run_test(size=(120, 40)):
        await tui.until(lambda: type(app.screen).__name__ == "LobbyScreen")
        await tui.key(app, "enter")
        await tui.until(lambda: isinstance(app.screen, TableScreen) and app.screen.ready)
        table = app.screen

        async def choose(kind, words, match=lambda a: True):  # type: ignore[no-untyped-def]
            await tui.until(lambda: table.ready)
            assert words in tui.text(app), tui.text(app)
            choice = next(c for c in table.query_one(ActionList).choices
                          if isinstance(c.action, kind) and match(c.action))
            count = len(links[0].sent)
            await tui.key(app, choice.key)
            await tui.until(lambda: len(links[0].sent) > count)
            assert links[0].sent[-1] == p.ActionRequest("solo", links[0].sent[-1].seq,
                                                         choice.action)
            return choice.action

        await choose(PlayPair, "Play pairs from your hand", lambda a: set(a.cards) == {24, 29})
        robbed = await choose(Rob, "Swimmer + shark: choose an opponent")
        assert robbed == Rob(1)
        await choose(PlayPair, "Play pairs", lambda a: set(a.cards) == {0, 1})
        await choose(ChooseCrabPile, "Crabs: choose a discard pile", lambda a: a.pile == 1)
        await tui.until(lambda: "Fish" in str(table.frame.view.pending and tui.text(app)))
        taken = await choose(TakeCrabCard, "pile 2 holds, bottom to top")
        assert taken.card in PILES[1]
        await choose(PlayPair, "Play pairs", lambda a: set(a.cards) == {2, 60})
        kept = await choose(KeepLobsterCard, "Lobster: the top of the deck is")
        await tui.until(lambda: kept.card in table.frame.view.hand)
        await choose(PlayTrio, "Play pairs", lambda a: a.starfish == 62)
        await tui.until(lambda: any(set(g) == {25, 58, 62} for g in table.frame.view.table))


def test_locked_player_is_told_clearly() -> None:
    state = position(active=1, jellyfish_caster=1, phase=Phase.PLAY)
    text = prompt_text(view(state, 0), Names(["Ann", "Bob", "Cy"], 0)).plain
    assert "LOCKED by the jellyfish" in text
    assert "only take the top card of the deck" in text


def test_stop_and_last_chance_are_explained_with_your_numbers() -> None:
    # Three penguins (5) and the Penguin Colony (+6): 11 card points, enough to call.
    state = position(hands=((45, 46, 47, 52), BOB, CY), phase=Phase.PLAY)
    v = view(state, 0)
    assert v.breakdown is not None and v.breakdown.total >= 7
    text = prompt_text(v, Names(["Ann", "Bob", "Cy"], 0)).plain
    assert "STOP [s]" in text and "LAST CHANCE [c]" in text
    assert f"you {v.breakdown.total}" in text
    assert f"colour bonus {v.breakdown.color_bonus}" in text


OneFrameLink = kit.OneFrameLink  # answers the lobby request with one table frame


async def test_a_spectator_sees_every_seat_and_no_choices(tui) -> None:
    link = OneFrameLink(position(), None)
    app = SeasaltApp(LaunchOptions(address="lan:1", name="Zoe"), link_factory=lambda a, n: link)
    async with app.run_test(size=(120, 40)):
        await tui.until(lambda: isinstance(app.screen, TableScreen) and app.screen.rendered)
        # The seat panels are mounted by the render: wait for them to be painted too.
        await tui.until(lambda: tui.text(app).count("hand ") >= 3)
        text = tui.text(app)
        assert "watching" in text and "You are watching this table" in text
        assert text.count("hand ") >= 3  # all three seats, none of them "you"
        assert not app.screen.query_one(ActionList).choices
        assert "Waiting for" in text


async def test_game_over_offers_play_again_and_sends_it(tui) -> None:
    from seasalt.client.tui.messages import GameEnd, GameEnded
    from seasalt.client.tui.screens.result import GameOverScreen

    link = OneFrameLink(position(), 0)
    app = SeasaltApp(LaunchOptions(address="lan:1", name="Ann"), link_factory=lambda a, n: link)
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: isinstance(app.screen, TableScreen) and app.screen.rendered)
        app.post_message(GameEnded(GameEnd((36, 20, 12), (0,), (0, 1, 2))))
        await tui.until(lambda: isinstance(app.screen, GameOverScreen)
                        and "You win" in tui.text(app))
        assert "36" in tui.text(app)
        await tui.key(app, "p")
        await tui.until(lambda: any(isinstance(m, p.PlayAgain) for m in link.sent))
