"""The footer (client/tui/widgets/footer.py) puts its keys up again only when the keys it shows
change, each key in the footer's style from the start; and the waiting room hides the game's
parts and gives them back when the game starts (the class on the parts, client/tui/app.tcss).

The footer's two savings lean on how Textual's footer works (keys composed anew at each
bindings signal, each key born compact): the canary below fails when an upgrade changes that,
so the saving is looked at again rather than silently lost or wrong."""

from __future__ import annotations

from typing import Any, ClassVar

from seasalt import protocol as p
from seasalt.client.tui.screens.table import GAME_PARTS, TableScreen
from seasalt.client.tui.widgets.footer import Footer
from seasalt.engine import view
from seasalt.testing.tui import WaitingLink, app_for, mid_round
from seasalt.testing.waiting import until
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget


class CountingFooter(Footer):
    def __init__(self) -> None:
        super().__init__()
        self.compositions = 0
        self.signals = 0
        """The screen's "bindings may have changed" signals this footer has handled."""

    def compose(self) -> ComposeResult:
        self.compositions += 1
        yield from super().compose()

    def bindings_changed(self, screen: Screen[object]) -> None:
        super().bindings_changed(screen)
        self.signals += 1


class KeysApp(App[None]):
    BINDINGS: ClassVar = [Binding("a", "alpha", "Alpha"), Binding("b", "beta", "Beta")]
    ENABLE_COMMAND_PALETTE = False

    def __init__(self) -> None:
        super().__init__()
        self.beta_works = True

    def compose(self) -> ComposeResult:
        yield CountingFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "beta" and not self.beta_works else True  # None: dimmed

    def action_alpha(self) -> None:
        pass

    def action_beta(self) -> None:
        pass


def keys(footer: Footer) -> list[Widget]:
    return [w for w in footer.query("FooterKey")]


def disabled(footer: Footer) -> list[bool]:
    return [k.has_class("-disabled") for k in keys(footer)]


async def test_the_footer_composes_again_only_when_its_keys_change() -> None:
    app = KeysApp()
    async with app.run_test(size=(80, 10)) as pilot:
        footer = app.query_one(CountingFooter)
        await until(lambda: disabled(footer) == [False, False], what="the two keys shown")
        composed, signals = footer.compositions, footer.signals
        for n in range(1, 4):  # the screen says its bindings may have changed; they did not
            app.screen.refresh_bindings()
            await until(lambda n=n: footer.signals == signals + n, what="the signal handled")
            await pilot.pause()
        assert footer.compositions == composed
        app.beta_works = False  # shown, but off: the key is drawn dimmed
        app.screen.refresh_bindings()
        await until(lambda: disabled(footer) == [False, True], what="b shown dimmed")
        await pilot.pause()
        assert footer.compositions == composed + 1


async def test_canary_textuals_footer_keys_are_compact_reactives_put_up_in_the_footers_style(
) -> None:
    # If this fails after a Textual upgrade, client/tui/widgets/footer.py no longer knows the keys.
    app = KeysApp()
    async with app.run_test(size=(80, 10)):
        footer = app.query_one(CountingFooter)
        await until(lambda: len(keys(footer)) == 2,
                    what="the footer's keys shown as FooterKey widgets")
        for key in keys(footer):
            assert isinstance(getattr(type(key), "compact", None), Reactive)
            assert key.compact is footer.compact is False
            assert not key.has_class("-compact")


def parts_shown(table: TableScreen) -> dict[str, bool]:
    return {part: table.query_one(f"#{part}").has_class("-no-game") is False
            for part in GAME_PARTS}


async def test_the_waiting_room_hides_the_games_parts_and_the_game_gives_them_back(
    tui: Any,
) -> None:
    link = WaitingLink(mid_round(3), 0)
    app = app_for(link)
    async with app.run_test(size=(120, 40)):
        await tui.until(lambda: isinstance(app.screen, TableScreen)
                        and app.screen.waiting is not None)
        table = app.screen
        assert isinstance(table, TableScreen)
        await tui.until(lambda: not any(parts_shown(table).values()), what="the parts hidden")
        await tui.settled(app)
        assert not table.query_one("#hand").display and not table.query_one("#piles").display
        # The second player sits down: the game starts and the table is drawn.
        seats = (p.SeatInfo("human", "Ann", True, False), p.SeatInfo("human", "Bob", True, False))
        await link.inbox.put(p.TableChanged(
            p.TableInfo("t", seats, False, False, p.TableState.RUNNING, 0)))
        await link.inbox.put(p.Snapshot("t", 4, view(link.state, 0)))
        await tui.until_table(app)
        await tui.settled(app)
        assert all(parts_shown(table).values())
        assert table.query_one("#hand").display and table.query_one("#piles").display
