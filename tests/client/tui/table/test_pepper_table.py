"""Extra Pepper at the table (RULES §12): the table event and every held event card with its
effect at 80 x 24 and 120 x 40, shielded seats, the points an event changed (the engine's
figure) on the hand line and in the round result, help's entry per event card, and the lobby's
"Extra Pepper" option."""

from __future__ import annotations

from typing import Any

import pytest
from seasalt import protocol as p
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.help import HelpScreen
from seasalt.client.tui.screens.lobby import CreateTableDialog, LobbyScreen
from seasalt.client.tui.screens.result import RoundResultScreen
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.widgets.actions import ActionList
from seasalt.client.tui.widgets.hand import HandPanel
from seasalt.client.words.event_cards import event_effect, event_help, event_name
from seasalt.client.words.i18n import set_language
from seasalt.engine import (
    EventCard,
    Phase,
    RoundEnd,
    RoundResult,
    Rules,
    SeatResult,
    breakdown,
    make_state,
)
from seasalt.testing import tui as kit

pytestmark = pytest.mark.timeout(60)

E = EventCard
# Card ids: crabs 0-8, boats 9-16, fish 17-23, swimmers 24-28, sharks 29-33, shells 34-39,
# octopuses 40-44, mermaids 54-57.
MINE = (40, 41, 42, 24, 29, 34)


def position(**changes: Any) -> Any:
    """Seat 0 (Ann) to play under the Kraken; Eve holds the Tornado (she leads), Bob the Coral
    Reef with a shell face down (he trails)."""
    hands = (MINE, (0, 1, 2), (9, 10))
    piles = ((17, 18), (19, 21))
    used = {*MINE, 0, 1, 2, 9, 10, 38, 17, 18, 19, 21, 30, 31}
    args: dict[str, Any] = dict(
        hands=hands, piles=piles, deck=[c for c in range(58) if c not in used],
        tables=((), ((30, 31),), ()), active=0, phase=Phase.PLAY, table_event=E.KRAKEN,
        held=(None, E.TORNADO, E.CORAL_REEF),
        event_deck=[e for e in E if e not in (E.KRAKEN, E.TORNADO, E.CORAL_REEF)],
        face_down=(None, None, 38), scores=(10, 20, 5),
    )
    args.update(changes)
    return make_state(Rules(3, extra_pepper=True), **args)


NAMES = ("Ann", "Eve", "Bob")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_table_shows_the_event_the_held_cards_and_the_shields(tui, size) -> None:
    app = kit.table_app(position(), "en", NAMES)
    async with app.run_test(size=size):
        table = await tui.until_table(app)
        await tui.until(lambda: table.rendered is table.frame and "Table event" in tui.text(app))
        await tui.settled(app)
        text = tui.text(app)
        assert "Extra Pepper" in text.splitlines()[0]
        assert "Table event: The Kraken (you: -3 for octopuses) — each octopus scores 1" in text
        # Every seat's held card is named in its seat's line (its effect: the events panel
        # when wide; at 80 columns its one line ends where it must, help has every card).
        rows = text.splitlines()
        if size == (80, 24):  # one row per seat
            assert any("Eve" in r and "The Tornado" in r for r in rows)
            assert any("Bob" in r and "The Coral Reef" in r and "shielded" in r for r in rows)
        else:  # a box per seat: its status line (which may wrap in the box)
            assert any("total 20 · The Tornado" in r for r in rows)
            assert any("total 5 · shielded" in r for r in rows)
        # The keys shown work: the action list keeps at least one visible choice.
        assert table.query_one(ActionList).choices
        first = table.query_one(ActionList).choices[0]
        assert f" {first.key} " in text
        if size == (120, 40):
            # Wide: one line per held card, each with its effect; the points line says what
            # the Kraken changed (the engine's breakdown, RULES §12.5).
            assert "Eve holds: The Tornado — mermaids score no points" in text
            assert "Bob holds: The Coral Reef — lay a shell face down" in text
            hand = table.query_one(HandPanel).shown
            assert hand is not None
            line = hand.plain.splitlines()[-1].replace("\u00a0", " ")  # (terms tied)
            assert line.startswith("card points 4 = pairs 1 + collectors 3")
            assert line.endswith("colour bonus 3  ·  The Kraken: -3 for octopuses")


async def test_own_held_card_reads_you_hold(tui) -> None:
    deck = [c for c in range(58) if c not in {*MINE, 0, 1, 2, 9, 10, 17, 18, 19, 21, 30, 31}]
    state = position(held=(E.DOLPHINS, E.TORNADO, None), face_down=None, deck=deck,
                     event_deck=[e for e in E if e not in (E.KRAKEN, E.TORNADO, E.DOLPHINS)],
                     scores=(5, 20, 10))
    app = kit.table_app(state, "en", NAMES)
    async with app.run_test(size=(120, 40)):
        table = await tui.until_table(app)
        await tui.until(lambda: table.rendered is table.frame and "Table event" in tui.text(app))
        assert "You hold: The Dolphins" in tui.text(app)


async def test_the_table_in_french_names_the_events_from_the_glossary(tui) -> None:
    app = kit.table_app(position(), "fr", NAMES)
    async with app.run_test(size=(120, 40)):
        table = await tui.until_table(app)
        await tui.until(lambda: table.rendered is table.frame and "Le Kraken" in tui.text(app))
        assert "La Tornade" in tui.text(app)


def kraken_result() -> Any:
    """A STOP round where Ann's octopuses scored under the Kraken (RULES §12.15 P43-P44)."""
    mine = breakdown((40, 41, 42), (), (E.KRAKEN,))
    eve = breakdown((0, 1, 54), (), (E.KRAKEN, E.TORNADO))
    bob = breakdown((9, 10), (), (E.KRAKEN,))
    seats = (
        SeatResult((40, 41, 42), (), mine, mine.total, 13),
        SeatResult((0, 1, 54), (), eve, eve.total, 21),
        SeatResult((9, 10), (), bob, bob.total, 6, shielded=True),
    )
    return RoundResult(1, RoundEnd.STOP, 1, None, seats)


async def test_the_round_result_says_what_each_event_changed(tui) -> None:
    result = kraken_result()
    app = kit.result_app(position(last_result=result), "en", NAMES)
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen)
                        and "Round 1" in tui.text(app))
        assert "The Kraken" in tui.text(app)
        # The table's words, without the screen's wrapping: each seat's own changes.
        from rich.console import Console
        from seasalt.client.tui.screens.result import hands_text, score_table
        from seasalt.client.words.game import Names

        console = Console(width=200, record=True)
        console.print(score_table(result, Names(list(NAMES), 0)))
        rows = console.export_text().splitlines()
        mine = rows.index(next(r for r in rows if r.lstrip().startswith("You")))
        eve = rows.index(next(r for r in rows if r.lstrip().startswith("Eve")))
        bob = rows.index(next(r for r in rows if r.lstrip().startswith("Bob")))
        assert "The Kraken: -3 for octopuses, in the collectors" in rows[mine + 1]
        assert "The Tornado: -2 for mermaids, in the mermaids" in " ".join(rows[eve:bob])
        assert not any("The Kraken" in r for r in rows[bob:])  # no octopus: no change
        hands = hands_text(result, Names(list(NAMES), 0), width=200).plain
        assert "and a shell face down (scores nothing)" in hands  # Bob's, which one: hidden


async def test_the_dance_of_the_shells_is_worded_on_its_own_line_in_the_result(tui) -> None:
    """RULES §12.4: under the Dance of the Shells each shell scores 2 points, so its change is
    in the collectors. Put in brackets after the breakdown's last part it sat on the
    multipliers line ("collectors 9 + multipliers 4 (The Dance of the Shells: +2 for
    shells)"), as if it changed the multipliers; it has a line of its own, naming the part."""
    hand = (34, 35, 36, 45, 46, 52)  # three shells, two penguins and the Penguin Colony
    mine = breakdown(hand, (), (E.DANCE_OF_THE_SHELLS,))
    assert mine.multipliers and mine.collectors
    bob = breakdown((9, 10), (), ())
    seats = (SeatResult(hand, (), mine, mine.total, 13), SeatResult((9, 10), (), bob, bob.total, 6),
             SeatResult((0, 1), (), breakdown((0, 1), (), ()), 1, 4))
    result = RoundResult(1, RoundEnd.STOP, 0, None, seats)
    app = kit.result_app(position(last_result=result), "en", NAMES)
    async with app.run_test(size=(120, 40)):
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen)
                        and "The Dance of the Shells" in tui.text(app))
        await tui.settled(app)
        rows = tui.text(app).replace("\u00a0", " ").splitlines()
        parts = next(i for i, r in enumerate(rows) if "= collectors 9 + multipliers 4" in r)
        assert "Dance" not in rows[parts], rows[parts]
        assert "The Dance of the Shells: +2 for shells, in the collectors" in rows[parts + 1]


async def test_help_has_an_entry_for_every_event_card(tui) -> None:
    app = kit.Host(HelpScreen())
    async with app.run_test(size=(120, 40)):
        await tui.until(lambda: isinstance(app.screen, HelpScreen))
        assert app.screen.query("#help-events")
        # The section's words: the Rich group rendered to text (a wide console: no wraps).
        from rich.console import Console
        from seasalt.client.tui.screens.help import _events

        console = Console(width=400, record=True)
        console.print(_events())
        text = console.export_text()
        assert "Extra Pepper: event cards" in text
        for event in E:
            assert event_name(event) in text
            assert " ".join(event_help(event).split()[:6]) in " ".join(text.split())
        assert "the leader" in text and "the trailer" in text


def test_every_event_has_words_in_every_language() -> None:
    # GLOSSARY.md: each language names each event card; the effect lines differ from English.
    names = {}
    for lang in ("en", "pt", "es", "fr"):
        set_language(lang)
        names[lang] = [event_name(e) for e in E]
        assert all(event_effect(e) and event_help(e) for e in E)
    set_language("en")
    assert names["pt"][0] == "Caranguejo-eremita" and names["fr"][11] == "Le Récif de corail"
    assert names["es"][4] == "El Kraken" and names["en"][9] == "The Angelfish"


async def test_the_new_table_dialog_offers_extra_pepper(fake_link, tui) -> None:
    link = fake_link("lan:7327", "Ann", players=2)
    app = SeasaltApp(LaunchOptions(address="lan:7327", name="Ann"),
                     link_factory=lambda _a, _n: link)
    async with app.run_test(size=(80, 24)) as pilot:
        await tui.until(lambda: isinstance(app.screen, LobbyScreen))
        await tui.key(app, "n")
        await tui.until(lambda: isinstance(app.screen, CreateTableDialog)
                        and bool(app.screen.query("#extra-pepper")))
        await pilot.pause()
        dialog = app.screen
        assert "Extra Pepper" in tui.text(app)
        # The whole dialog on an 80 x 24 screen, its buttons too (they were cut off: qa9).
        box = dialog.query_one(".dialog").region
        assert box.y >= 0 and box.bottom <= 24, box
        for button in ("#create", "#cancel"):
            assert dialog.query_one(button).region.bottom < box.bottom, button
        assert "Create" in tui.text(app) and "Cancel (Esc)" in tui.text(app)
        dialog.query_one("#extra-pepper").value = True
        await pilot.pause()
        dialog.query_one("#table-name").focus()
        await tui.key(app, "enter")
        await tui.until(lambda: any(isinstance(m, p.JoinOrCreate) for m in link.sent))
        request = next(m for m in link.sent if isinstance(m, p.JoinOrCreate))
        assert request.extra_pepper and not request.extra_salt


class PepperLobbyLink(kit.FakeLink):
    """A server whose lobby lists one waiting Extra Pepper table, "picante", at every request
    (a listing posted by the test instead raced the link's own answer and the lobby's refresh,
    which put the link's table back: seen under load)."""

    async def send(self, message: Any) -> None:
        if not isinstance(message, p.ListTables):
            await super().send(message)
            return
        self.sent.append(message)
        info = p.TableInfo("picante", self.info().seats, False, False, p.TableState.WAITING, 0,
                           extra_pepper=True)
        await self.inbox.put(p.Tables((info,)))


async def test_the_lobby_shows_extra_pepper_and_a_join_asks_for_it(tui) -> None:
    link = PepperLobbyLink("lan:7327", "Ann", players=2)
    app = SeasaltApp(LaunchOptions(address="lan:7327", name="Ann", lang="es"),
                     link_factory=lambda _a, _n: link)
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: isinstance(app.screen, LobbyScreen))
        await tui.until(lambda: "picante" in tui.text(app) and "Extra Pepper" in tui.text(app))
        link.sent.clear()
        await tui.key(app, "j")
        await tui.until(lambda: any(isinstance(m, p.JoinOrCreate) for m in link.sent))
        request = next(m for m in link.sent if isinstance(m, p.JoinOrCreate))
        assert (request.table, request.extra_pepper) == ("picante", True)
        assert isinstance(app.screen, LobbyScreen | TableScreen)


def test_every_extra_pepper_log_event_is_worded_from_the_viewers_seat() -> None:
    # RULES §12.13: what a seat may see is redacted before it gets here; the words follow.
    from seasalt.client.words.game import Names, describe_event
    from seasalt.engine import Event, EventKind

    names = Names(["Ann", "Eve", "Bob"], 0)
    k = EventKind
    lines = {
        k.EVENT_TURNED_UP: Event(k.EVENT_TURNED_UP, n=10, event_card=E.KRAKEN),
        k.EVENT_RECEIVED: Event(k.EVENT_RECEIVED, seat=0, event_card=E.SUNFISH),
        k.EVENT_DISCARDED: Event(k.EVENT_DISCARDED, event_card=E.TORNADO),
        k.EVENT_KEPT: Event(k.EVENT_KEPT, seat=1, event_card=E.DOLPHINS),
        k.HAND_LOOKED: Event(k.HAND_LOOKED, seat=1, target=0, cards=(40,), private_to=(1, 0)),
        k.SWAPPED: Event(k.SWAPPED, seat=0, target=2, cards=(40, 9), private_to=(0, 2)),
        k.SWAP_PASSED: Event(k.SWAP_PASSED, seat=2, target=1),
        k.PAIR_STOLEN: Event(k.PAIR_STOLEN, seat=1, target=0, cards=(0, 1)),
        k.ANGELFISH_TOOK: Event(k.ANGELFISH_TOOK, seat=2, card=9, pile=1),
        k.DOLPHINS_DREW: Event(k.DOLPHINS_DREW, seat=1, redacted=True),
        k.SHELL_FACE_DOWN: Event(k.SHELL_FACE_DOWN, seat=0, card=34, private_to=(0,)),
    }
    said = {kind: describe_event(e, names) for kind, e in lines.items()}
    assert said[k.EVENT_TURNED_UP] == "New table event: The Kraken."
    assert said[k.EVENT_RECEIVED] == "You received The Sunfish."
    assert said[k.EVENT_DISCARDED] == (
        "The Tornado went to the event discard (no single leader or trailer).")
    assert said[k.EVENT_KEPT] == "Eve kept The Dolphins."
    assert said[k.HAND_LOOKED] == "Eve looked at your hand (Water Rodeo)."
    assert said[k.SWAPPED] == "You gave Octopus (light blue) to Bob for Boat (dark blue)."
    assert said[k.PAIR_STOLEN] == "Eve stole the pair Crab (dark blue) + Crab (dark blue) from you."
    assert said[k.DOLPHINS_DREW] == "Eve drew a card from the deck (the Dolphins)."
    assert said[k.SHELL_FACE_DOWN] == "You laid Shell (dark blue) face down (shielded)."
    assert all(said.values())
