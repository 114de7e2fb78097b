"""Extra Pepper's prompts, each reached from an exact position through the engine-backed fake
link (RULES §12): the prompt explains the decision, every key shown sends the action it names,
and a refused action frees the input. test_pepper_server.py plays them against the real server.
"""

from __future__ import annotations

from typing import Any

import pytest
from seasalt import protocol as p
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.widgets.actions import ActionList
from seasalt.client.tui.widgets.prompt import PromptPanel, prompt_text
from seasalt.client.words.game import Names
from seasalt.engine import (
    Call,
    CallKind,
    EventCard,
    KeepEventCard,
    LookAtHand,
    PassSwap,
    Phase,
    PlaceShellFaceDown,
    PlayPair,
    Rules,
    StealPair,
    SwapCard,
    TakeAngelfishCard,
    TakeCrabCard,
    TakeDiscard,
    make_state,
    view,
)
from seasalt.testing import tui as kit

pytestmark = pytest.mark.timeout(60)

E = EventCard
# Card ids (engine/cards.py order): crabs 0-8, boats 9-16, fish 17-23, swimmers 24-28, sharks
# 29-33, shells 34-39, octopuses 40-44, penguins 45-47, sailors 48-49, mermaids 54-57.


def pepper_state(table_event: EventCard, *, hands: Any, piles: Any, tables: Any = None,
                 held: Any = None, **changes: Any) -> Any:
    """A three-player Extra Pepper position; the deck holds every other base card."""
    used = {c for h in hands for c in h} | {c for pile in piles for c in pile}
    used |= {c for t in (tables or ()) for g in t for c in g}
    used |= {c for c in changes.get("face_down", ()) or () if c is not None}
    rest = [e for e in EventCard if e is not table_event and e not in (held or ())
            and e not in changes.get("keep_choice", ())]
    return make_state(
        Rules(3, extra_pepper=True), hands=hands, piles=piles, tables=tables,
        deck=[c for c in range(58) if c not in used], table_event=table_event,
        event_deck=rest, held=held, **changes,
    )


class RefusingLink(kit.FakeLink):
    """The fake link, refusing the first action of the kinds in ``refuse`` once (as a server
    does an illegal or stale one): the table must free its input."""

    def __init__(self, *args: Any, refuse: tuple[type, ...] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.refuse = refuse
        self.refused: list[Any] = []

    async def send(self, message: Any) -> None:
        if isinstance(message, p.ActionRequest) and isinstance(message.action, self.refuse) \
                and not self.refused:
            self.sent.append(message)
            self.refused.append(message.action)
            await self.inbox.put(p.Error(p.ErrorCode.ILLEGAL_ACTION, "no", self.table))
            return
        await super().send(message)


class Table:
    """An app at the table of ``state`` (seat 0, the others random bots)."""

    def __init__(self, state: Any, refuse: tuple[type, ...] = ()) -> None:
        self.links: list[RefusingLink] = []

        def factory(address: str, name: str) -> RefusingLink:
            self.links.append(RefusingLink(address, name, players=3, state=state, refuse=refuse))
            return self.links[-1]

        self.app = SeasaltApp(LaunchOptions(address="lan:1", name="Ann"), link_factory=factory)

    async def open(self, tui: Any) -> TableScreen:
        await tui.until(lambda: type(self.app.screen).__name__ == "LobbyScreen")
        await tui.key(self.app, "enter")
        await tui.until(lambda: isinstance(self.app.screen, TableScreen) and self.app.screen.ready)
        screen = self.app.screen
        assert isinstance(screen, TableScreen)
        self.table = screen
        return screen

    def shown(self, tui: Any) -> str:
        """The screen's text and the prompt's words unwrapped (a phrase may wrap on screen)."""
        prompt = self.table.query_one(PromptPanel).prompt
        return tui.text(self.app) + "\n" + (prompt.plain if prompt is not None else "")

    async def choose(self, tui: Any, kind: type, words: str, match: Any = lambda a: True) -> Any:
        """Wait for ``words`` on screen, press the key of the first choice of ``kind``
        (matching), and return the action sent."""
        table = self.table
        try:
            await tui.until(lambda: table.ready and words in self.shown(tui))
        except AssertionError:
            raise AssertionError(f"{words!r} not offered:\n{tui.text(self.app)}") from None
        choice = next(c for c in table.query_one(ActionList).choices
                      if isinstance(c.action, kind) and match(c.action) and c.pick is None)
        assert choice.key, "every choice shown has a key"
        count = len(self.links[0].sent)
        await tui.key(self.app, choice.key)
        await tui.until(lambda: len(self.links[0].sent) > count)
        sent = self.links[0].sent[-1]
        assert sent == p.ActionRequest("solo", sent.seq, choice.action)
        return choice.action


async def test_water_rodeo_look_swap_and_steal_prompts(tui) -> None:
    # RULES §12.3: two swimmers, look at a hand, swap in two steps; two sharks, steal a pair.
    state = pepper_state(
        E.WATER_RODEO, hands=((24, 25, 29, 30, 34, 40), (41, 42, 17), (43, 44)),
        piles=((18,), (19,)), tables=((), ((0, 1),), ((9, 10),)), phase=Phase.PLAY,
    )
    t = Table(state, refuse=(SwapCard,))
    async with t.app.run_test(size=(120, 40)):
        table = await t.open(tui)
        assert "Table event: The Water Rodeo" in tui.text(t.app)
        await t.choose(tui, PlayPair, "Play pairs", lambda a: set(a.cards) == {24, 25})
        looked = await t.choose(tui, LookAtHand, "Water Rodeo (two swimmers): choose an opponent",
                                lambda a: a.seat == 1)
        assert looked == LookAtHand(1)
        await tui.until(lambda: table.ready and table.frame.view.phase is Phase.SWAP)
        text = tui.text(t.app)
        assert "Water Rodeo: Bob's hand is" in t.shown(tui) and "Octopus" in text
        # Step one: one line per card of theirs (and pass); no action is sent by it.
        choices = table.query_one(ActionList).choices
        picks = [c for c in choices if c.pick is not None]
        assert len(picks) == 3 and any(isinstance(c.action, PassSwap) for c in choices)
        count = len(t.links[0].sent)
        fish = next(c for c in picks if c.pick == 17)
        await tui.key(t.app, fish.key)
        await tui.until(lambda: "Give " in tui.text(t.app))
        assert len(t.links[0].sent) == count  # a step on screen, nothing sent
        gives = [c for c in table.query_one(ActionList).choices if isinstance(c.action, SwapCard)
                 and c.pick is None]
        assert {c.action.take for c in gives} == {17} and len(gives) == 4  # my 4 cards left
        # The first swap is refused: the input is free again and the same key sends it again.
        shell = next(c for c in gives if c.action.give == 34)
        await tui.key(t.app, shell.key)
        await tui.until(lambda: t.links[0].refused and not table.sent)
        swapped = await t.choose(tui, SwapCard, "Give ", lambda a: a == shell.action)
        assert swapped.take == 17
        await tui.until(lambda: 17 in table.frame.view.hand)
        await t.choose(tui, PlayPair, "Play pairs", lambda a: set(a.cards) == {29, 30})
        stolen = await t.choose(tui, StealPair, "Water Rodeo (two sharks)",
                                lambda a: a.cards == (9, 10))
        assert stolen == StealPair((9, 10))
        await tui.until(lambda: (9, 10) in table.frame.view.table)
        assert "stole the pair" in tui.text(t.app) or table.frame.view.table


async def test_swap_back_and_pass(tui) -> None:
    # RULES §12.15 P26: the player may pass; the first step can be taken back.
    state = pepper_state(
        E.WATER_RODEO, hands=((24, 25, 34), (41, 42), ()), piles=((18,), (19,)),
        phase=Phase.PLAY,
    )
    t = Table(state)
    async with t.app.run_test(size=(120, 40)):
        table = await t.open(tui)
        await t.choose(tui, PlayPair, "Play pairs", lambda a: set(a.cards) == {24, 25})
        # One opponent with cards: the engine looks at Bob's hand at once (RULES §3.5).
        await tui.until(lambda: table.ready and table.frame.view.phase is Phase.SWAP)
        pick = next(c for c in table.query_one(ActionList).choices if c.pick is not None)
        await tui.key(t.app, pick.key)
        await tui.until(lambda: "Back: take another" in tui.text(t.app))
        back = next(c for c in table.query_one(ActionList).choices if c.pick is not None)
        await tui.key(t.app, back.key)
        await tui.until(lambda: "then choose the card you give" in tui.text(t.app))
        assert await t.choose(tui, PassSwap, "Swap nothing") == PassSwap()


async def test_angelfish_take_and_coral_reef_shell(tui) -> None:
    # RULES §12.10: matching tops after the draw, take one; §12.12: lay a shell face down.
    state = pepper_state(
        E.ANGELFISH, hands=((34, 40, 41), (42, 43), (44, 45)), piles=((0, 17), (9,)),
        held=(E.CORAL_REEF, None, None), scores=(1, 5, 5),
    )
    t = Table(state, refuse=(TakeAngelfishCard,))
    async with t.app.run_test(size=(120, 40)):
        table = await t.open(tui)
        await t.choose(tui, TakeDiscard, "Draw", lambda a: a.pile == 0)
        await tui.until(lambda: table.ready and table.frame.view.phase is Phase.ANGELFISH)
        assert "The Angelfish: both discard tops are dark blue" in t.shown(tui)
        await t.choose(tui, TakeAngelfishCard, "The Angelfish", lambda a: a.pile == 1)
        await tui.until(lambda: t.links[0].refused and not table.sent)
        taken = await t.choose(tui, TakeAngelfishCard, "The Angelfish", lambda a: a.pile == 1)
        assert taken == TakeAngelfishCard(1)
        await tui.until(lambda: table.ready and table.frame.view.phase is Phase.PLAY)
        assert "The Coral Reef: you may lay one shell face down" in t.shown(tui)
        laid = await t.choose(tui, PlaceShellFaceDown, "Lay Shell")
        assert laid == PlaceShellFaceDown(34)
        await tui.until(lambda: table.frame.view.face_down_shell == 34)
        await tui.until(lambda: "laid Shell (dark blue) face down" in tui.text(t.app)
                        or "shielded" in tui.text(t.app))


async def test_keep_one_of_two_event_cards(tui) -> None:
    # RULES §12.0 step 5 (P5): the receiver keeps one, with the next table event in sight.
    state = pepper_state(
        E.KRAKEN, hands=((40, 41), (42,), (43,)), piles=((18,), (19,)),
        phase=Phase.KEEP_EVENT_CARD, keep_choice=(E.SUNFISH, E.DOLPHINS), next_starter=1,
        held=(None, None, None), scores=(2, 9, 9),
    )
    t = Table(state, refuse=(KeepEventCard,))
    async with t.app.run_test(size=(120, 40)):
        table = await t.open(tui)
        text = t.shown(tui)
        assert "Between rounds: you now hold two event cards" in text
        assert "The new table event is The Kraken" in text
        await t.choose(tui, KeepEventCard, "Keep The Dolphins", lambda a: a.event is E.DOLPHINS)
        await tui.until(lambda: t.links[0].refused and not table.sent)
        kept = await t.choose(tui, KeepEventCard, "Keep The Dolphins",
                              lambda a: a.event is E.DOLPHINS)
        assert kept == KeepEventCard(E.DOLPHINS)
        await tui.until(lambda: table.frame.view.seats[0].held_event is E.DOLPHINS)
        await tui.until(lambda: "You holds" not in tui.text(t.app)
                        and "The Dolphins" in tui.text(t.app))


async def test_hermit_crab_takes_from_both_piles(tui) -> None:
    # RULES §12.1 (P14): pile 1 first, then pile 2; each take any card.
    state = pepper_state(
        E.HERMIT_CRAB, hands=((0, 1, 40), (41,), (42,)), piles=((17, 18), (19, 20)),
        phase=Phase.PLAY,
    )
    t = Table(state)
    async with t.app.run_test(size=(120, 40)):
        table = await t.open(tui)
        await t.choose(tui, PlayPair, "Play pairs", lambda a: set(a.cards) == {0, 1})
        first = await t.choose(tui, TakeCrabCard, "The Hermit Crab: you take one card from each")
        assert first.card in (17, 18)
        second = await t.choose(tui, TakeCrabCard, "pile 2 holds")
        assert second.card in (19, 20)
        await tui.until(lambda: {first.card, second.card} <= set(table.frame.view.hand))


def test_call_words_follow_the_treasure_chest_and_the_diodon_fish() -> None:
    # RULES §12.8 / §12.15 P62: Treasure Chest + Diodon Fish at 10: LAST CHANCE only.
    penguins = (45, 46, 47, 52)  # 5 + 6 = 11 card points
    state = pepper_state(
        E.TREASURE_CHEST, hands=(penguins, (41,), (42,)), piles=((18,), (19,)),
        phase=Phase.PLAY, held=(E.DIODON_FISH, None, None),
    )
    v = view(state, 0)
    calls = [a for a in v.legal_actions if isinstance(a, Call)]
    assert [c.kind for c in calls] == [CallKind.LAST_CHANCE]
    text = prompt_text(v, Names(["Ann", "Bob", "Cy"], 0)).plain
    assert "10+ card points (the Treasure Chest)" in text
    assert "The Diodon Fish: no STOP for you" in text
    assert "STOP [s]" not in text and "LAST CHANCE [c]" in text


def _kept_after_an_extra_turn() -> Any:
    """A seeded random game at the moment seat 0 keeps an event card, the round having ended
    in a boat pair's extra turn (the log's last turn)."""
    import random

    from seasalt.engine import EventKind, apply, legal_actions, new_game, view

    for seed in range(200):
        rng = random.Random(seed)
        state = new_game(Rules(3, extra_pepper=True), seed)
        while not state.is_over:
            if state.phase is Phase.KEEP_EVENT_CARD and state.to_act == 0:
                kinds = [e.kind for e in view(state, 0).log if e.kind in (
                    EventKind.TURN_STARTED, EventKind.EXTRA_TURN)]
                if kinds[-2:] == [EventKind.EXTRA_TURN, EventKind.TURN_STARTED]:
                    return state
            legal = legal_actions(state)
            state = apply(state, legal[rng.randrange(len(legal))]).state
    raise AssertionError("no keep choice after an extra turn in 200 seeded games")


async def test_the_keep_prompt_after_an_extra_turn_says_no_extra_turn(tui: Any) -> None:
    # Session 10, played in tmux: between rounds the keep prompt began "Extra turn (boats)."
    # because the finished round's last turn (another seat's) was a boat pair's extra turn.
    app = kit.table_app(_kept_after_an_extra_turn(), "en")
    async with app.run_test(size=(80, 24)):
        table = await tui.until_table(app)
        await tui.until(lambda: table.ready)
        text = " ".join(str(table.query_one(PromptPanel).shown).split())
        assert "Between rounds: you now hold two event cards" in text, text
        assert "Extra turn" not in text, text
