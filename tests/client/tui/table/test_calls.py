"""Calls in plain sight (issue 15): STOP and LAST CHANCE ask once more, the LAST CHANCE line of
every seat, your revealed hand marked, the ended round kept in the log; and the small things:
dialog keys in the player's language, Textual's palette translated, the first-start name
prompt, help naming the letter keys past 9."""

from __future__ import annotations

import getpass
from typing import Any

import pytest
from seasalt import protocol as p
from seasalt.client.files.settings import load_name
from seasalt.client.files.settings import settings_path as name_path  # (the name is kept there)
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.call_confirm import CallConfirmDialog
from seasalt.client.tui.screens.dialogs import ConfirmDialog
from seasalt.client.tui.screens.help import _keys
from seasalt.client.tui.screens.name_prompt import NamePrompt
from seasalt.client.tui.screens.result import RoundResultScreen
from seasalt.client.tui.screens.start import StartScreen
from seasalt.client.tui.widgets.actions import NUMBER_KEYS, ActionList, choices_for
from seasalt.client.tui.widgets.call_status import CallStatus, call_status_text
from seasalt.client.tui.widgets.log import LogPanel
from seasalt.client.words import i18n
from seasalt.client.words.game import Names
from seasalt.engine import (
    Call,
    CallKind,
    GameState,
    Phase,
    PlayPair,
    Rules,
    breakdown,
    make_state,
    view,
)
from seasalt.testing import tui as kit
from seasalt.testing.tui import QueueLink

pytestmark = pytest.mark.timeout(60)

NAMES = ("Ann", "Bob", "Cy")
# Card ids (engine/cards.py order): crabs 0-8, shells 34-39, octopuses 40-44, penguins 45-47,
# the penguin colony 52.
PENGUINS = (45, 46, 47, 52)  # three penguins (5) and the colony (+6): 11 card points


def position(players: int, hands: tuple[tuple[int, ...], ...], **kw: Any) -> GameState:
    used = {c for hand in hands for c in hand} | {17, 18}
    deck = [c for c in range(58) if c not in used]
    return make_state(Rules(players), hands=hands, piles=((17,), (18,)), deck=deck, **kw)


def can_call() -> GameState:
    """Ann (seat 0) to play with 11 card points: STOP and LAST CHANCE are legal (RULES §3.3)."""
    return position(2, (PENGUINS, (34, 35)), phase=Phase.PLAY)


def last_chance() -> GameState:
    """Bob (seat 1) called LAST CHANCE with 11 card points; Cy plays the first final turn,
    Ann the second (RULES §6.2.1)."""
    return position(3, ((34, 35), PENGUINS, (40, 41)), active=2, phase=Phase.DRAW,
                    call=CallKind.LAST_CHANCE, caller=1, revealed=[False, True, False])


class SeatLink(QueueLink):
    """One running table: a frame of ``state`` for ``seat``; actions are recorded."""

    def __init__(self, state: GameState, seat: int | None) -> None:
        super().__init__()
        self.state, self.seat = state, seat
        self.sent: list[Any] = []

    async def send(self, message: Any) -> None:
        self.sent.append(message)
        if not isinstance(message, p.ListTables):
            return
        seats = tuple(p.SeatInfo("human", NAMES[i], True, False) for i in range(self.state.players))
        info = p.TableInfo("t", seats, False, False, p.TableState.RUNNING, self.state.round)
        await self.inbox.put(p.Joined("t", self.seat))
        await self.inbox.put(p.TableChanged(info))
        await self.inbox.put(p.Snapshot("t", 4, view(self.state, self.seat)))


def seat_app(state: GameState, seat: int | None, lang: str = "en") -> tuple[SeasaltApp, SeatLink]:
    link = SeatLink(state, seat)
    app = SeasaltApp(LaunchOptions(address="t:7327", name=NAMES[seat or 0], lang=lang),
                     link_factory=lambda _a, _n: link)
    return app, link


def actions_sent(link: SeatLink) -> list[Any]:
    return [m.action for m in link.sent if isinstance(m, p.ActionRequest)]


# --- STOP and LAST CHANCE ask once more --------------------------------------------------------


async def test_a_call_asks_once_more_and_a_miskey_changes_nothing(tui) -> None:
    app, link = seat_app(can_call(), 0)
    async with app.run_test(size=(100, 30)):
        table = await tui.until_table(app)
        for kind, key in ((CallKind.STOP, "s"), (CallKind.LAST_CHANCE, "c")):
            if kind is CallKind.LAST_CHANCE:
                # The same position again from the "server" (as after a refusal) answers the
                # STOP sent: the table takes the other call's keys as a fresh one does.
                link.sent.clear()
                await kit.show_next(table, can_call())
            await tui.until(lambda: table.ready)
            choice = table.query_one(ActionList).by_key(key)
            assert choice is not None and choice.action == Call(kind)
            await tui.key(app, key)
            await tui.until(lambda: isinstance(app.screen, CallConfirmDialog))
            await tui.settled(app)
            text = " ".join(tui.text(app).split())
            # It says what calling does with the points the view gives, and the two ways out.
            assert "11 card points" in text
            assert f"Press {key} again to call, or Esc to go back." in text
            # Other keys (the next action's, Enter, the other call) do nothing at all.
            for other in ("e", "enter", "d", "c" if key == "s" else "s", "y"):
                await tui.key(app, other)
            await tui.through(app, app.screen, app)
            assert isinstance(app.screen, CallConfirmDialog) and actions_sent(link) == []
            await tui.key(app, "escape")
            await tui.until(lambda: app.screen is table)
            await tui.through(app, table, app)
            assert actions_sent(link) == [] and table.ready
            # The same key twice calls.
            await tui.key(app, key, key)
            await tui.until(lambda: actions_sent(link) == [Call(kind)])  # noqa: B023 (awaited)
            assert app.screen is table


async def test_the_tables_keys_are_not_shown_under_the_call_dialog(tui) -> None:
    # The footer under the dialog named the table's keys (Help, Log/chat, Quit, Coach), which
    # do nothing while it asks: only the call's key and Esc do.
    app, _link = seat_app(can_call(), 0)
    async with app.run_test(size=(100, 30)):
        table = await tui.until_table(app)
        await tui.until(lambda: table.ready)
        await kit.footer_hidden_under_dialog(app, "s", "again to call", "Log/chat")


async def test_a_key_pressed_fast_three_times_calls_once_and_keeps_the_table(tui) -> None:
    # Keys queued on the dialog after its answer must not answer again: a second dismiss
    # popped the table screen itself (found by the chaos table).
    app, link = seat_app(can_call(), 0)
    async with app.run_test(size=(100, 30)):
        table = await tui.until_table(app)
        await tui.until(lambda: table.ready)
        await tui.key(app, "c", "c", "c")
        await tui.until(lambda: actions_sent(link) == [Call(CallKind.LAST_CHANCE)])
        await tui.through(app, app.screen, app)
        await tui.settled(app)
        assert app.screen is table and [type(s).__name__ for s in app.screen_stack][-1] == (
            "TableScreen")
        assert actions_sent(link) == [Call(CallKind.LAST_CHANCE)]
        # The quit question too: "n" twice closes it once.
        await tui.key(app, "q")
        await tui.until(lambda: isinstance(app.screen, ConfirmDialog))
        await tui.key(app, "n", "n")
        await tui.until(lambda: app.screen is table)
        await tui.through(app, table, app)
        assert app.screen is table and app.return_code is None


async def test_clicking_a_call_asks_too_and_its_button_confirms(tui) -> None:
    app, link = seat_app(can_call(), 0)
    async with app.run_test(size=(100, 30)) as pilot:
        table = await tui.until_table(app)
        await tui.until(lambda: table.ready)
        line = next(w for w in table.query("ActionLine") if w.choice.action == Call(CallKind.STOP))
        await pilot.click(line)
        await tui.until(lambda: isinstance(app.screen, CallConfirmDialog))
        await pilot.click("#call")
        await tui.until(lambda: actions_sent(link) == [Call(CallKind.STOP)])


async def test_the_call_dialog_speaks_the_players_language(tui) -> None:
    app, link = seat_app(can_call(), 0, lang="pt")
    async with app.run_test(size=(100, 30)):
        table = await tui.until_table(app)
        await tui.until(lambda: table.ready)
        await tui.key(app, "s")
        await tui.until(lambda: isinstance(app.screen, CallConfirmDialog))
        await tui.settled(app)
        text = " ".join(tui.text(app).split())
        assert "Pedir PARE com 11 pontos das cartas?" in text  # GLOSSARY: STOP is PARE
        assert "Aperte s de novo para pedir, ou Esc para voltar." in text
        assert "Pedir PARE (s)" in text and "Voltar (Esc)" in text
        await tui.key(app, "s")
        await tui.until(lambda: actions_sent(link) == [Call(CallKind.STOP)])


# --- LAST CHANCE in plain sight -----------------------------------------------------------------


def test_every_seat_reads_who_called_with_how_many_points_and_who_still_plays() -> None:
    # RULES §6.2, §6.5: the caller's hand is public from the call; its points are the engine's.
    state = last_chance()
    points = breakdown(state.hands[1], state.tables[1]).total
    assert points == 11
    lines = {}
    for seat in (0, 1, 2, None):
        v = view(state, seat)
        assert v.seats[1].revealed_points == points
        assert v.seats[0].revealed_points is None and v.seats[2].revealed_points is None
        text = call_status_text(v, Names(list(NAMES), seat))
        assert text is not None
        lines[seat] = text.plain
    assert "Bob called it with 11 card points" in lines[0]
    assert "final turn now: Cy · still to play: you" in lines[0]
    assert "You called it with 11 card points" in lines[1]
    assert "your final turn now · still to play: Ann" in lines[2]
    assert "Bob called it with 11 card points · final turn now: Cy" in lines[None]
    # No LAST CHANCE running: no line.
    assert call_status_text(view(can_call(), 0), Names(list(NAMES[:2]), 0)) is None


@pytest.mark.parametrize("seat", [0, 1, 2])
async def test_the_last_chance_line_is_on_every_seats_screen(tui, seat: int) -> None:
    app, _link = seat_app(last_chance(), seat)
    async with app.run_test(size=(100, 30)):
        table = await tui.until_table(app)
        await tui.settled(app)
        assert table.query_one(CallStatus).display
        text = tui.text(app)
        status = next(line for line in text.splitlines() if "LAST CHANCE" in line
                      and "called it" in line)
        assert "11 card points" in status
        if seat == 1:
            assert "Your hand (4, revealed):" in text  # your own revealed hand is marked
        else:
            assert "revealed):" not in text


async def test_no_last_chance_line_without_a_call(tui) -> None:
    app, _link = seat_app(can_call(), 0)
    async with app.run_test(size=(100, 30)):
        table = await tui.until_table(app)
        await tui.settled(app)
        assert not table.query_one(CallStatus).display


@pytest.mark.parametrize(("key", "kept"), [
    ("s", ("You called STOP!", "Round 1 scored.")),
    # RULES §6.2.1: Bob's final turn (a bot's) ends with his hand revealed, then the bet.
    ("c", ("Bob revealed:", "Round 1 scored: the bet was")),
])
async def test_the_round_that_ended_stays_in_the_log(tui, fake_link, key, kept) -> None:
    # Ann calls: the round is scored and the next one dealt in the same update; the ended
    # round's last lines (the call or the final turns, the score) stay in the log under the
    # new round's.
    link = fake_link("t:1", "Ann", players=2, names=("Bob",), state=can_call())
    app = SeasaltApp(LaunchOptions(address="t:1", name="Ann"), link_factory=lambda _a, _n: link)
    async with app.run_test(size=(120, 40)):
        await tui.until(lambda: type(app.screen).__name__ == "LobbyScreen")
        await tui.key(app, "enter")
        table = await tui.until_table(app)
        await tui.until(lambda: table.ready)
        await tui.key(app, key)
        await tui.until(lambda: isinstance(app.screen, CallConfirmDialog))
        await tui.key(app, key)
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen))
        await tui.key(app, "enter")
        await tui.until(lambda: app.screen is table and table.frame.view.round == 2
                        and table.rendered is table.frame)
        lines = table.query_one(LogPanel).last[0]

        def at(words: str) -> int:
            return next(i for i, line in enumerate(lines) if line.startswith(words))

        assert at(kept[0]) < at(kept[1]) < at("Round 2 begins"), lines


# --- dialog keys follow the language ------------------------------------------------------------


@pytest.mark.parametrize(("lang", "yes", "no", "labels"), [
    ("en", "y", "n", ("Yes (y)", "No (n)")),
    ("pt", "s", "n", ("Sim (s)", "Não (n)")),
    ("es", "s", "n", ("Sí (s)", "No (n)")),
    ("fr", "o", "n", ("Oui (o)", "Non (n)")),
])
async def test_the_quit_dialog_keys_are_the_languages_own(tui, lang, yes, no, labels) -> None:
    app, _link = seat_app(can_call(), 0, lang=lang)
    async with app.run_test(size=(100, 30)):
        table = await tui.until_table(app)
        await tui.key(app, "q")
        await tui.until(lambda: isinstance(app.screen, ConfirmDialog))
        await tui.settled(app)
        text = tui.text(app)
        assert all(label in text for label in labels), text
        if yes != "y":
            await tui.key(app, "y")  # the English key is not this dialog's
            await tui.through(app, app.screen, app)
            assert isinstance(app.screen, ConfirmDialog)
        await tui.key(app, no)
        await tui.until(lambda: app.screen is table)
        await tui.key(app, "q")
        await tui.until(lambda: isinstance(app.screen, ConfirmDialog))
        await tui.key(app, yes)
        await tui.until(lambda: app.return_code is not None)


# --- Textual's own words, translated ------------------------------------------------------------


async def test_the_command_palette_says_no_matches_in_the_players_language(tui) -> None:
    app, _link = seat_app(can_call(), 0, lang="fr")
    async with app.run_test(size=(100, 30)):
        await tui.until_table(app)
        await tui.key(app, "ctrl+p")
        await tui.until(lambda: "Rechercher" in tui.text(app) or "commande" in tui.text(app))
        for key in "zzzz":
            await tui.key(app, key)
        # Textual shows its "no matches" line after its own short countdown: wait for it.
        await tui.until(lambda: "Aucun résultat" in tui.text(app))
        assert "No matches found" not in tui.text(app)


# --- help: choices past 9 ----------------------------------------------------------------------


def test_help_says_the_choices_past_nine_are_letters() -> None:
    i18n.set_language("en")
    text = _keys().plain.replace("\u00a0", " ")  # (each key tied to its word)
    assert "past 9 they go on with letters: a, b, f, g" in text
    assert NUMBER_KEYS[9:13] == "abfg"
    assert "each asks once more" in text and "h scores" in text


def test_the_tenth_choice_has_the_first_letter_key() -> None:
    # Crabs 0-5, boats 9-13 and fish 17-19 in hand: more pairs (of different colours) than 9.
    hand = (0, 1, 2, 3, 4, 5, 9, 10, 11, 12, 13, 19, 20, 21)
    state = position(2, (hand, (34,)), phase=Phase.PLAY)
    choices = choices_for(view(state, 0), Names(["Ann", "Bob"], 0))
    pairs = [c for c in choices if isinstance(c.action, PlayPair)]
    assert len(pairs) > 9
    assert [c.key for c in pairs[8:11]] == ["9", "a", "b"]


# --- the first start asks for a name ------------------------------------------------------------


async def test_the_first_start_asks_for_a_name_and_remembers_it(tui) -> None:
    assert load_name() is None  # this test's own config dir (conftest)
    app = SeasaltApp(LaunchOptions())
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: isinstance(app.screen, NamePrompt))
        box = app.screen.query_one("#first-name")
        assert box.value == getpass.getuser()[:24]  # the OS user is offered
        box.value = "Marina"
        await tui.key(app, "enter")
        await tui.until(lambda: isinstance(app.screen, StartScreen))
        # The menu takes the name in the prompt's dismiss callback, after the prompt is gone.
        await tui.until(lambda: app.screen.query_one("#name").value == "Marina")
    assert load_name() == "Marina" and name_path().is_file()
    again = SeasaltApp(LaunchOptions())
    async with again.run_test(size=(100, 30)):
        await tui.until(lambda: isinstance(again.screen, StartScreen))
        await tui.settled(again)
        assert not isinstance(again.screen, NamePrompt)  # asked once only
        assert again.screen.query_one("#name").value == "Marina"
        assert again.player == "Marina"


async def test_a_name_given_on_the_command_line_skips_the_prompt(tui) -> None:
    app = SeasaltApp(LaunchOptions(name="Zé"))
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: isinstance(app.screen, StartScreen))
        await tui.settled(app)
        assert not isinstance(app.screen, NamePrompt)
    assert load_name() is None


async def test_a_blank_name_is_refused_with_a_reason(tui) -> None:
    app = SeasaltApp(LaunchOptions())
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: isinstance(app.screen, NamePrompt))
        app.screen.query_one("#first-name").value = "   "
        await tui.key(app, "enter")
        await tui.until(lambda: "A name is 1 to 24 printable characters." in " ".join(
            tui.text(app).split()))
        assert isinstance(app.screen, NamePrompt)
    assert load_name() is None

