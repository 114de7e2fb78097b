"""The table screen against an engine-backed fake link: intents, prompts, literal names, layout."""

from __future__ import annotations

import pytest
from seasalt import protocol as p
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.call_confirm import CallConfirmDialog
from seasalt.client.tui.screens.dialogs import ConfirmDialog
from seasalt.client.tui.screens.help import HelpScreen
from seasalt.client.tui.screens.result import GameOverScreen, RoundResultScreen
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.widgets.actions import ActionList
from seasalt.client.tui.widgets.log import ChatPanel
from seasalt.engine import Call, DrawFromDeck, EndTurn, KeepCard, TakeDiscard
from seasalt.testing import tui as kit

pytestmark = pytest.mark.timeout(60)


def make_app(fake_link, **link_kwargs):  # type: ignore[no-untyped-def]
    links = []

    def factory(address, name):  # type: ignore[no-untyped-def]
        link = fake_link(address, name, **link_kwargs)
        links.append(link)
        return link

    app = SeasaltApp(LaunchOptions(address="lan:7327", name="Ann"), link_factory=factory)
    return app, links


async def enter_table(app, tui):  # type: ignore[no-untyped-def]
    await tui.until(lambda: type(app.screen).__name__ == "LobbyScreen")
    await tui.key(app, "enter")
    await tui.until(lambda: isinstance(app.screen, TableScreen) and app.screen.rendered is not None)
    return app.screen


async def test_intents_sent_are_exactly_the_legal_actions_chosen(fake_link, tui) -> None:
    app, links = make_app(fake_link, players=3)
    async with app.run_test(size=(120, 40)):
        screen = await enter_table(app, tui)
        chosen = []
        for _turn in range(25):
            await tui.until(lambda: screen.ready
                            or isinstance(app.screen, RoundResultScreen | GameOverScreen))
            if app.screen is not screen:
                break
            view = screen.frame.view
            choices = screen.query_one(ActionList).choices
            # Every offered choice is a legal action of the view, and none is missing.
            assert all(c.action in view.legal_actions for c in choices)
            assert {type(a) for a in view.legal_actions} == {type(c.action) for c in choices}
            pick = choices[_turn % len(choices)]
            chosen.append(pick.action)
            await tui.key(app, pick.key)
            if isinstance(pick.action, Call):  # a call asks once more: the same key again
                await tui.until(lambda: isinstance(app.screen, CallConfirmDialog))
                await tui.key(app, pick.key)
            await tui.until(lambda: sum(
                isinstance(m, p.ActionRequest) for m in links[0].sent) == len(chosen))
        sent = [m.action for m in links[0].sent if isinstance(m, p.ActionRequest)]
        assert sent == chosen
        assert len(sent) >= 5


async def test_draw_keep_and_end_turn_by_keys(fake_link, tui) -> None:
    app, links = make_app(fake_link, players=2, seed=11)
    async with app.run_test(size=(120, 40)):
        screen = await enter_table(app, tui)
        await tui.until(lambda: screen.ready)
        assert "Your turn" in tui.text(app)
        assert "Draw" in tui.text(app)
        await tui.key(app, "d")
        await tui.until(lambda: screen.frame.view.phase.name == "KEEP" and screen.ready)
        text = tui.text(app)
        assert "You drew" in text and "Keep one" in text
        await tui.key(app, "1")
        await tui.until(lambda: screen.frame.view.phase.name == "PLAY" and screen.ready)
        await tui.key(app, "e")
        await tui.until(lambda: any(
            isinstance(m, p.ActionRequest) and m.action == EndTurn() for m in links[0].sent))
        actions = [m.action for m in links[0].sent if isinstance(m, p.ActionRequest)]
        assert actions[0] == DrawFromDeck()
        assert isinstance(actions[1], KeepCard)


async def test_clicking_an_action_sends_it(fake_link, tui) -> None:
    app, links = make_app(fake_link, players=2, seed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await enter_table(app, tui)
        await tui.until(lambda: screen.ready)
        lines = list(screen.query("ActionLine"))
        target = next(line for line in lines if isinstance(line.choice.action, TakeDiscard))
        action = target.choice.action
        await pilot.pause()  # let the layout settle: the click goes to a screen position
        await pilot.click(target)
        await tui.until(lambda: any(isinstance(m, p.ActionRequest) for m in links[0].sent))
        sent = [m for m in links[0].sent if isinstance(m, p.ActionRequest)]
        assert sent[0].action == action


async def test_names_and_chat_with_markup_render_literally(fake_link, tui) -> None:
    evil = "[bold red]Eve[/]"
    app, _links = make_app(fake_link, players=2, names=(evil,))
    async with app.run_test(size=(120, 40)):
        await enter_table(app, tui)
        await tui.until(lambda: evil in tui.text(app))
        await tui.key(app, "t")
        await tui.until(lambda: app.focused is not None and app.focused.id == "chat-input")
        for char in "[link=x]hi[/link] [b]":
            await tui.key(app, char)
        await tui.key(app, "enter")
        # The line is in the chat, not only still in the input (where it is typed literally).
        panel = app.screen.query_one(ChatPanel)
        await tui.until(lambda: any(text == "[link=x]hi[/link] [b]" for _, text in panel.lines))
        await tui.until(lambda: "[link=x]hi[/link] [b]" in tui.text(app))


async def test_collapsed_layout_and_toggled_log_below_100_columns(fake_link, tui) -> None:
    app, _links = make_app(fake_link, players=4)
    async with app.run_test(size=(90, 30)):
        screen = await enter_table(app, tui)
        assert screen.has_class("-narrow")
        assert not screen.query_one("#side").display or not screen.query_one("#side").region
        def one_line_each() -> bool:
            rows = tui.text(app).splitlines()
            return all(
                any(name in row and "hand" in row and "total" in row for row in rows)
                for name in ("Bob [bot: random]", "Cy [bot: random]", "Di [bot: random]")
            )

        # One line per opponent: each name, hand size and total on the same row.
        await tui.until(one_line_each)
        text = tui.text(app)
        assert "Recent events" not in text
        await tui.key(app, "l")
        await tui.until(lambda: "Recent events" in tui.text(app))


async def test_too_small_terminal_says_so(fake_link, tui) -> None:
    app, _links = make_app(fake_link, players=2)
    async with app.run_test(size=(34, 14)):  # (a phone held upright is 40 x 45: it plays)
        await enter_table(app, tui)
        await tui.until(lambda: "too small" in tui.text(app))
        assert "Your hand" not in tui.text(app)


async def test_help_screen_and_ctrl_c_confirmation(fake_link, tui) -> None:
    app, _links = make_app(fake_link, players=2)
    async with app.run_test(size=(120, 40)):
        await enter_table(app, tui)
        await tui.key(app, "question_mark")
        await tui.until(lambda: isinstance(app.screen, HelpScreen) and "Scoring" in tui.text(app))
        text = tui.text(app)
        assert "Cards" in text and "LAST CHANCE" in text and "Crab" in text
        await tui.key(app, "escape")
        await tui.until(lambda: isinstance(app.screen, TableScreen))
        await tui.key(app, "ctrl+c")
        await tui.until(lambda: isinstance(app.screen, ConfirmDialog))
        await tui.key(app, "n")
        await tui.until(lambda: isinstance(app.screen, TableScreen))
        assert app.is_running


async def test_a_wrapped_hint_hangs_under_its_words_not_its_bullet(fake_link, tui) -> None:
    from seasalt.client.tui.link import LinkFailed
    from seasalt.client.words.errors import unreachable_hints

    def factory(address, name):  # type: ignore[no-untyped-def]
        return fake_link(address, name, fail=LinkFailed("No seasalt server answered at x.",
                                                         unreachable_hints(address)))

    app = SeasaltApp(LaunchOptions(address="192.168.100.200", name="Ann"), link_factory=factory)
    async with app.run_test(size=(80, 30)):
        await tui.until(lambda: "firewall" in tui.text(app))
        lines = tui.text(app).splitlines()
        first = next(i for i, line in enumerate(lines) if "Things to check" in line)
        block = [line for line in lines[first + 1:] if line.strip("│ ")]
        block = block[:next(i for i, line in enumerate(block) if "▔" in line)]
        column = block[0].index("•") + 2  # where a hint's words start
        bullets = [line for line in block if "•" in line]
        assert len(bullets) == 4 and len(block) > 4, block  # at 80 columns some hints wrap
        for line in block:
            if "•" in line:
                assert line.index("•") + 2 == column, block
            else:  # a wrapped hint's next line: blank up to its words
                inner = line[: column].replace("│", " ")
                assert not inner.strip(), block


async def test_unreachable_server_gives_hints_and_retry(fake_link, tui) -> None:
    from seasalt.client.tui.link import LinkFailed
    from seasalt.client.words.errors import unreachable_hints

    attempts = []

    def factory(address, name):  # type: ignore[no-untyped-def]
        attempts.append(address)
        return fake_link(address, name, fail=LinkFailed("No seasalt server answered at x.",
                                                         unreachable_hints(address)))

    app = SeasaltApp(LaunchOptions(address="10.0.0.9", name="Ann"), link_factory=factory)
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: "firewall" in tui.text(app))
        text = tui.text(app)
        assert "No seasalt server answered" in text and "7327" in text
        assert "Traceback" not in text
        await tui.key(app, "r")
        await tui.until(lambda: len(attempts) == 2)
        assert attempts == ["10.0.0.9:7327", "10.0.0.9:7327"]


async def test_lost_server_shows_reconnecting_then_resumes(fake_link, tui) -> None:
    from seasalt.client.tui.messages import LinkStatus

    app, links = make_app(fake_link, players=2)
    async with app.run_test(size=(120, 40)):
        await enter_table(app, tui)
        await links[0].inbox.put(LinkStatus("reconnecting", "no word from the server"))
        await tui.until(lambda: "reconnecting" in tui.text(app).splitlines()[0])
        await links[0].inbox.put(LinkStatus("connected", "session resumed"))
        await tui.until(lambda: "reconnecting" not in tui.text(app).splitlines()[0])


async def test_the_lobbys_keys_are_not_shown_under_the_new_table_dialog(fake_link, tui) -> None:
    # Played in tmux: "n New table  j Join  w Watch  h History  ? Help  q Quit" stayed at the
    # foot of the screen while the dialog was up, where none of those keys did anything.
    from seasalt.client.tui.screens.lobby import LobbyScreen

    app, _links = make_app(fake_link, players=3)
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: isinstance(app.screen, LobbyScreen))
        await kit.footer_hidden_under_dialog(app, "n", "Cancel (Esc)", "j Join")


async def test_lobby_creates_a_table_with_the_seats_chosen(fake_link, tui) -> None:
    from seasalt.client.tui.screens.lobby import CreateTableDialog, LobbyScreen
    from textual.widgets import Select

    app, links = make_app(fake_link, players=3)
    async with app.run_test(size=(100, 30)) as pilot:
        await tui.until(lambda: isinstance(app.screen, LobbyScreen))
        await tui.until(lambda: "solo" in tui.text(app))  # the fake's table is listed
        await tui.key(app, "n")
        await tui.until(lambda: isinstance(app.screen, CreateTableDialog)
                        and bool(app.screen.query("#seat-4")))
        await pilot.pause()
        dialog = app.screen
        dialog.query_one("#seat-3", Select).value = "human"
        dialog.query_one("#seat-4", Select).value = "bot:expert"
        dialog.query_one("#extra-salt").value = True
        await pilot.pause()
        dialog.query_one("#table-name").focus()
        await tui.key(app, "enter")
        await tui.until(lambda: any(isinstance(m, p.JoinOrCreate) for m in links[0].sent))
        request = next(m for m in links[0].sent if isinstance(m, p.JoinOrCreate))
        assert request.table == "Ann's table"
        assert request.seats == ("human", "bot:greedy", "human", "bot:expert")
        assert request.extra_salt and not request.double_target
        await tui.until(lambda: isinstance(app.screen, TableScreen))


async def test_no_color_keeps_every_card_readable(fake_link, tui, monkeypatch) -> None:
    from textual.filter import Monochrome, NoColor

    monkeypatch.setenv("NO_COLOR", "1")
    app, _links = make_app(fake_link, players=2, seed=11)
    assert any(isinstance(f, Monochrome | NoColor) for f in app._filters)
    async with app.run_test(size=(120, 40)):
        screen = await enter_table(app, tui)
        await tui.until(lambda: screen.ready)
        # Colour is never the only signal: every pile top (a framed card at 120 x 40) spells
        # its colour and shows the colour's symbol.
        from seasalt.client.tui.widgets.cardface import CardSize, face

        for pile in screen.frame.view.piles:
            if pile.top is not None:
                for line in face(pile.top, CardSize.SMALL).lines:
                    assert line.plain in tui.text(app)
