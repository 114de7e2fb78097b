"""The table on a phone (issue 40): held upright (40 x 45) and sideways (90 x 18), every prompt
kind's choices are on screen and a tap on one plays it, and nothing is cut at the screen's edge.

Until then the table asked for 80 x 24 and a phone only read "The terminal is too small".
Under 80 columns the table is laid out for a phone (client/tui/phone.tcss): the rows the wider
layout ends with "…" wrap, the footer's keys take two columns. Every seat-0 decision of the
seeded games of test_choices_fit.py (French, long names, both expansions: the longest lines) is
put on the real table screen at both sizes.
"""

from __future__ import annotations

from typing import Any

import pytest
from seasalt import protocol as p
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.call_confirm import CallConfirmDialog
from seasalt.client.tui.screens.seat_detail import SeatDetail
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.widgets.actions import ActionLine, ActionList, Choice
from seasalt.client.tui.widgets.opponents import OpponentCard
from seasalt.client.tui.widgets.prompt import PromptPanel
from seasalt.engine import Call, CallKind, GameState, Phase, view
from seasalt.testing import tui as kit
from seasalt.testing.table_positions import (
    GAMES,
    LONG_NAMES,
    decisions,
    last_chance_final_turn,
    pepper_prompts,
    seats,
    show_next_of,
)
from textual.widget import Widget
from textual.widgets import Button, Footer

pytestmark = pytest.mark.timeout(300)

PORTRAIT, LANDSCAPE = (40, 45), (90, 18)
PARTS = ("#status", "#call-status", "#opponents", "#piles", "#events", "#recent", "#prompt",
         "#actions", "#hand")
"""The table's parts, top to bottom; each one shown must be on screen whole."""
WRAPPED = ("#status", ".opponent", "#piles", "#events", "#recent")
"""The parts a phone wraps rather than cut: none of their rows ends in "…" there."""


def cut_parts(app: SeasaltApp, table: TableScreen) -> list[str]:
    """The parts shown but not inside the screen whole, and (on a phone) the rows cut with
    "…" of the parts that wrap there."""
    screen = table.region
    out = []
    shown: list[Widget] = [w for sel in PARTS for w in table.query(sel)
                           if w.display and w.visible and w.outer_size.height]
    shown += list(table.query(OpponentCard)) + list(table.query(Footer))
    for widget in shown:
        if not widget.region or not screen.contains_region(widget.region):
            out.append(f"{widget!r} at {widget.region}")
    if table.has_class("-phone"):
        rows = kit.screen_text(app).splitlines()
        for sel in WRAPPED:
            for widget in table.query(sel):
                r = widget.region
                if widget.display and any(row[r.x:r.right].rstrip().endswith("…")
                                          for row in rows[r.y:r.bottom]):
                    out.append(f"{sel} cut with …")
    return out


def choices_scroll(table: TableScreen) -> bool:
    """The choices alone are taller than the rows the action list has: they scroll (the fit's
    last resort, table_fit.py)."""
    actions = table.query_one(ActionList)
    return actions.virtual_size.height > actions.size.height


def series() -> list[tuple[list[GameState], int, str]]:
    """(states, players, language) of every seeded game, the Extra Pepper prompts and a LAST
    CHANCE final turn with four laid pairs."""
    out = [(decisions(players, seed, rounds, level, **options), players, lang)
           for players, seed, level, lang, options, rounds in GAMES]
    out.append((pepper_prompts(), 3, "fr"))
    out.append(([last_chance_final_turn(extra_salt=True, extra_pepper=True)], 4, "fr"))
    return out


@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["40x45", "90x18"])
async def test_every_decision_fits_a_phone(tui: Any, size: tuple[int, int]) -> None:
    phases: set[Phase] = set()
    final_turns = scrolled = 0
    for states, players, lang in series():
        labels = seats(players)
        app = kit.table_app(states[0], lang, LONG_NAMES[:players])
        async with app.run_test(size=size):
            table = await tui.until_table(app)
            assert not table.too_small and table.has_class("-phone") == (size == PORTRAIT)
            for seq, state in enumerate(states, start=10):
                await show_next_of(table, state, seq, labels)
                v = view(state, 0)
                phases.add(v.phase)
                final_turns += v.call is CallKind.LAST_CHANCE and 0 in v.final_turns
                where = (players, lang, seq, v.phase)
                assert cut_parts(app, table) == [], (where, tui.text(app))
                missing = kit.missing_choices(app, table)
                if missing and size == LANDSCAPE and choices_scroll(table):
                    scrolled += 1  # (18 rows, ten choices: the list scrolls, tested below)
                    continue
                assert missing == [], (where, missing, tui.text(app))
    assert {Phase.DRAW, Phase.KEEP, Phase.PLAY, Phase.SWAP_TARGET, Phase.SWAP, Phase.CRAB_PILE,
            Phase.CRAB_TAKE, Phase.ROB, Phase.LOBSTER, Phase.ANGELFISH, Phase.PAIR_STEAL,
            Phase.KEEP_EVENT_CARD} <= phases, phases
    assert final_turns
    assert scrolled <= 3  # a crab's take from a long pile, no more


# --- taps --------------------------------------------------------------------------------------


def prompt_kinds() -> list[tuple[str, GameState, int]]:
    """(name, state, players): one seat-0 decision of each phase the games meet, the Extra
    Pepper prompts, a STOP / LAST CHANCE call offered, and a LAST CHANCE final turn."""
    out: dict[str, tuple[GameState, int]] = {}
    for states, players, _lang in series():
        for state in states:
            v = view(state, 0)
            name = v.phase.name
            if v.phase is Phase.PLAY and any(isinstance(a, Call) for a in v.legal_actions):
                name = "CALL"
            elif v.call is CallKind.LAST_CHANCE and 0 in v.final_turns:
                name = "FINAL_TURN"
            out.setdefault(name, (state, players))
    return [(name, state, players) for name, (state, players) in sorted(out.items())]


KINDS = prompt_kinds()


def sent_actions(link: kit.FakeLink) -> list[Any]:
    return [m.action for m in link.sent if isinstance(m, p.ActionRequest)]


async def tap_last_choice(pilot: Any, table: TableScreen) -> Choice:
    """Scroll the last choice into view if it is not (as a finger would) and tap it."""
    actions = table.query_one(ActionList)
    line = [w for w in actions.query(ActionLine) if w.display][-1]
    actions.scroll_to_widget(line, animate=False)
    await pilot.pause()
    assert actions.region.contains_region(line.region), (line.region, actions.region)
    assert table.region.contains_region(line.region)
    choice = line.choice  # (the line is reused for the next prompt's choices)
    await pilot.click(line)
    return choice


@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["40x45", "90x18"])
@pytest.mark.parametrize(("kind", "state", "players"), KINDS, ids=[k[0] for k in KINDS])
async def test_a_tap_plays_each_prompt_kind(tui: Any, size: tuple[int, int], kind: str,
                                            state: GameState, players: int) -> None:
    link = kit.FakeLink(players=players, state=state, names=LONG_NAMES[1:])
    app = SeasaltApp(LaunchOptions(address="lan:7327", name="Ann", lang="fr"),
                     link_factory=lambda _a, _n: link)
    async with app.run_test(size=size) as pilot:
        await tui.until(lambda: type(app.screen).__name__ == "LobbyScreen")
        await tui.key(app, "enter")
        table = await tui.until_table(app)
        await tui.until(lambda: table.ready)
        assert cut_parts(app, table) == [], tui.text(app)
        for _step in range(2):  # (a Water Rodeo swap is chosen in two steps: its card, yours)
            await tui.until(lambda: table.ready and table.rendered is table.frame)
            choice = await tap_last_choice(pilot, table)
            if isinstance(choice.action, Call):  # a call asks first: tap its button
                await tui.until(lambda: isinstance(app.screen, CallConfirmDialog))
                button = app.screen.query_one("#call", Button)
                assert app.screen.region.contains_region(button.region)
                await pilot.click(button)
            if choice.pick is None:
                break
        await tui.until(lambda: choice.action in sent_actions(link), 10.0, f"{kind} played")
        assert sent_actions(link)[0] == choice.action


async def test_a_tap_on_an_opponent_shows_the_seat_in_full(tui: Any) -> None:
    # A LAST CHANCE caller's revealed hand and laid pairs: the one-line seat leaves them out
    # at 40 columns; a tap shows them, and a tap on Back returns to the table.
    state = last_chance_final_turn()
    app = kit.table_app(state, "en", LONG_NAMES)
    async with app.run_test(size=PORTRAIT) as pilot:
        table = await tui.until_table(app)
        await tui.until(lambda: table.rendered is table.frame)
        caller = [c for c in table.query(OpponentCard) if "Pierre" in str(c.shown)]
        assert caller and "revealed" not in tui.text(app)
        await pilot.click(caller[0])
        await tui.until(lambda: isinstance(app.screen, SeatDetail))
        await tui.settled(app)
        text = tui.text(app)
        assert "revealed" in text and "Pierre-Alexandre" in text, text
        back = app.screen.query_one("#close", Button)
        assert app.screen.region.contains_region(back.region)
        await pilot.click(back)
        await tui.until(lambda: app.screen is table)


async def test_a_tap_on_a_long_prompt_reads_on(tui: Any) -> None:
    # No arrow keys on a phone: a tap on a prompt shown in part shows its next lines.
    state = last_chance_final_turn()
    app = kit.table_app(state, "fr", LONG_NAMES)
    async with app.run_test(size=LANDSCAPE) as pilot:
        table = await tui.until_table(app)
        await tui.until(lambda: table.rendered is table.frame)
        prompt = table.query_one(PromptPanel)
        assert prompt.rows is not None and prompt.lines > prompt.rows, tui.text(app)
        await pilot.click(prompt)
        await tui.until(lambda: prompt.first_line > 0)


async def test_resizing_switches_the_layout(tui: Any) -> None:
    # A terminal window made narrow gets the phone's layout, and the wide one back.
    app = kit.table_app(kit.mid_round(3), "en")
    async with app.run_test(size=(100, 30)) as pilot:
        table = await tui.until_table(app)
        await tui.until(lambda: table.rendered is table.frame)
        assert not table.has_class("-phone")
        await pilot.resize_terminal(*PORTRAIT)
        await tui.until(lambda: table.has_class("-phone") and table.rendered is table.frame)
        await tui.settled(app)
        assert kit.missing_choices(app, table) == [] and cut_parts(app, table) == []
        await pilot.resize_terminal(100, 30)
        await tui.until(lambda: not table.has_class("-phone"))
