"""Cards that look like cards (issue 15): contrast on both themes, NO_COLOR, scoring groups,
one scoring vocabulary, no card or pile entry broken over two lines at any width, equal
opponent boxes, help bullets with a hanging indent.

Every layout check runs the real app (Textual's headless driver) and reads the screen as
drawn (the compositor), at the sizes people use.
"""

from __future__ import annotations

from typing import Any

import pytest
from rich.console import Console
from rich.style import Style
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.compat import TICKED, TickBox
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.help import HelpScreen
from seasalt.client.tui.screens.result import RoundResultScreen, score_table
from seasalt.client.tui.widgets.cardface import (
    CARD_STYLES,
    SYMBOLS,
    CardSize,
    chip,
    face,
    hand_blocks,
    size_for,
)
from seasalt.client.tui.widgets.hand import points_text
from seasalt.client.tui.widgets.opponents import OpponentCard
from seasalt.client.words.game import Names, color_name
from seasalt.client.words.scoring_terms import (
    card_points_term,
    collectors_term,
    colour_bonus_term,
    role_name,
)
from seasalt.engine import (
    ALL_CARDS,
    Breakdown,
    Color,
    Kind,
    PointRole,
    RoundEnd,
    cards_from_codes,
    scored_parts,
)
from seasalt.testing import positions
from seasalt.testing import tui as kit
from textual.app import App, ComposeResult
from textual.widgets import Static

pytestmark = pytest.mark.timeout(90)

SAMPLE = {c.color: c.id for c in reversed(ALL_CARDS)}
"""One card of every colour."""


# --- contrast -------------------------------------------------------------------------------


def luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG 2.x relative luminance of an sRGB colour."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG contrast ratio, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_contrast_helper_matches_wcag() -> None:
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((0x77, 0x77, 0x77), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)


class Faces(App[None]):
    """Every colour's chip and framed faces on one screen."""

    def __init__(self, theme: str) -> None:
        super().__init__()
        self.wanted_theme = theme

    def compose(self) -> ComposeResult:
        from rich.text import Text

        lines: list[Text] = []
        for card_id in SAMPLE.values():
            lines.append(chip(card_id))
            for size in (CardSize.SMALL, CardSize.LARGE, CardSize.HUGE):
                lines += face(card_id, size).lines
        yield Static(Text("\n").join(lines), id="faces")

    def on_mount(self) -> None:
        self.theme = self.wanted_theme


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
async def test_every_card_colour_reads_at_wcag_aa_on_both_themes(theme: str) -> None:
    app = Faces(theme)
    async with app.run_test(size=(60, 300)) as pilot:
        await pilot.pause()
        assert app.theme == theme
        page = app.screen.styles.background.rgb
        checked: dict[Color, int] = {}
        backgrounds = {bg.lower(): color for color, (bg, _fg) in CARD_STYLES.items()}
        for row in kit.screen_segments(app):
            for segment in row:
                style = segment.style or Style()
                if not segment.text.strip() or style.bgcolor is None:
                    continue
                bg = style.bgcolor.get_truecolor()
                color = backgrounds.get("#{:02x}{:02x}{:02x}".format(*bg))
                if color is None:
                    continue  # not on a card
                assert style.color is not None
                fg = style.color.get_truecolor()
                ratio = contrast(tuple(fg), tuple(bg))
                assert ratio >= 4.5, (theme, color, segment.text, ratio)
                checked[color] = checked.get(color, 0) + 1
        assert set(checked) == set(Color)  # all 11 colours were on screen and checked
        assert page is not None


def test_card_styles_pass_wcag_aa() -> None:
    for color, (bg, fg) in CARD_STYLES.items():
        rgb = [tuple(int(h[i : i + 2], 16) for i in (1, 3, 5)) for h in (bg, fg)]
        assert contrast(rgb[0], rgb[1]) >= 4.5, color  # type: ignore[arg-type]


def test_every_colour_has_its_own_symbol() -> None:
    assert set(SYMBOLS) == set(Color) and len(set(SYMBOLS.values())) == len(Color)
    for color, card_id in SAMPLE.items():
        assert SYMBOLS[color] in chip(card_id).plain
        lines = "\n".join(line.plain for line in face(card_id, CardSize.SMALL).lines)
        assert SYMBOLS[color] in lines and color_name(color) in lines


# --- NO_COLOR ---------------------------------------------------------------------------------


class Boxes(App[None]):
    def compose(self) -> ComposeResult:
        yield TickBox("Extra Salt", value=True, id="on")
        yield TickBox("Double target", value=False, id="off")


async def test_no_color_keeps_ticked_and_unticked_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = Boxes()
    async with app.run_test(size=(40, 6)) as pilot:
        await pilot.pause()
        lines = kit.screen_text(app).splitlines()
        on = next(line for line in lines if "Extra Salt" in line)
        off = next(line for line in lines if "Double target" in line)
        assert TICKED in on and TICKED not in off
        app.query_one("#off", TickBox).toggle()
        await pilot.pause()
        off = next(line for line in kit.screen_text(app).splitlines() if "Double" in line)
        assert TICKED in off


# --- the hand's groups and the scoring words --------------------------------------------------


def hand_line(codes: str) -> str:
    blocks = hand_blocks(cards_from_codes(codes), CardSize.CHIP)
    return " ".join(line.plain for b in blocks for line in b.lines)


def test_three_sharks_are_no_group_and_a_pair_is_two_cards() -> None:
    assert "⟦" not in hand_line("shark/db shark/lb shark/bk")
    line = hand_line("crab/db crab/lb crab/y")
    assert line.count("⟦") == 1 and line.count("⟧") == 1
    inside = line[line.index("⟦") : line.index("⟧")]
    assert inside.count("Crab") == 2  # the third crab scores nothing: it stands apart


def test_framed_faces_name_the_engines_role() -> None:
    for kind, role in ((Kind.CRAB, PointRole.PAIR), (Kind.SHELL, PointRole.COLLECTOR),
                       (Kind.CAPTAIN, PointRole.MULTIPLIER), (Kind.MERMAID, PointRole.MERMAID),
                       (Kind.SEAHORSE, PointRole.SPECIAL)):
        card_id = next(c.id for c in ALL_CARDS if c.kind is kind)
        text = "\n".join(line.plain for line in face(card_id, CardSize.SMALL).lines)
        assert role_name(role) in text


def render(renderable: Any, width: int = 100) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_one_vocabulary_hand_line_result_table_and_help() -> None:
    b = Breakdown(1, 0, 0, 4, 0, 0, 3)
    hand = points_text(b).plain.replace("\u00a0", " ")  # (each term tied to its value)
    assert card_points_term() in hand and collectors_term() in hand
    assert colour_bonus_term() in hand
    state = positions.after_round(RoundEnd.STOP)
    assert state.last_result is not None
    table = render(score_table(state.last_result, Names(["Ann", "Bob", "Cy"], 0)))
    assert card_points_term() in table and colour_bonus_term() in table


def test_a_stop_result_shows_the_colour_bonus_as_not_scored() -> None:  # RULES §6.1
    state = positions.after_round(RoundEnd.STOP)
    result = state.last_result
    assert result is not None and result.end is RoundEnd.STOP
    table = render(score_table(result, Names(["Ann", "Bob", "Cy"], 0)), width=120)
    rows = [line for line in table.splitlines() if line.strip().startswith(("You", "Bob", "Cy"))]
    assert len(rows) == 3
    for seat, sr in enumerate(result.seats):
        assert sr.breakdown is not None
        assert not scored_parts(result, seat).color_bonus
        row = rows[seat]
        assert f"({sr.breakdown.color_bonus})" in row  # in brackets: not scored
        assert f"({sr.breakdown.total})" not in row  # card points are scored
        assert f"+{sr.round_score}" in row and sr.round_score == sr.breakdown.total


# --- no card broken over two lines, at every width ---------------------------------------------


def shown_whole(text: str, card_id: int) -> bool:
    """The card appears whole on the screen: its chip on one line, or every line of a framed
    face (each a line's substring)."""
    lines = text.splitlines()
    whole = chip(card_id).plain.strip()
    if any(whole in line for line in lines):
        return True
    # cut to a narrow box's width (an ellipsis), still on one line
    for line in lines:
        for cut in range(8, len(whole)):
            if whole[:cut].rstrip() + "…" in line:
                return True
    for size in (CardSize.SMALL, CardSize.LARGE, CardSize.HUGE):
        faces = [line.plain for line in face(card_id, size).lines]
        if all(any(part in line for line in lines) for part in faces):
            return True
    return False


SIZES = [(80, 24), (100, 30), (120, 40), (200, 60)]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("width", "height"), SIZES)
async def test_no_card_or_pile_entry_breaks_over_two_lines(
    width: int, height: int, lang: str
) -> None:
    state = positions.busy_round()
    app = kit.table_app(state, lang)
    async with app.run_test(size=(width, height)):
        screen = await kit.until_table(app)
        await kit.until(lambda: "Bob" in kit.screen_text(app))
        await kit.settled(app)
        text = kit.screen_text(app)
        v = screen.frame.view  # type: ignore[union-attr]
        for card_id in v.hand:
            assert shown_whole(text, card_id), (card_id, text)
        for pile in v.piles:
            if pile.top is not None:
                assert shown_whole(text, pile.top)
                count = f"({pile.size} " if pile.size > 1 else "(1 "
                # the count sits on the line of the pile's name or card, never alone
                assert any(count in line and ("Pile" in line or "Pioche" in line or "│" in line)
                           for line in text.splitlines()), text
        collapsed = width < 100
        for seat, s in enumerate(v.seats):
            if seat == 0:
                continue
            for group in s.table:
                for card_id in group:
                    assert shown_whole(text, card_id) or collapsed, (card_id, text)
        if not collapsed:
            heights = {c.outer_size.height for c in app.screen.query(OpponentCard)}
            assert len(heights) == 1, heights  # opponent boxes of equal height


async def test_the_result_dialog_never_breaks_a_card() -> None:
    # One app resized to each size in turn, smallest first: the dialog lays its hands out
    # again at a resize (RoundResultScreen.on_resize), and reads as a fresh app's does at
    # that size (compared row for row when this was changed).
    state = positions.after_round(RoundEnd.LAST_CHANCE)
    assert state.last_result is not None
    sizes = [(width, height * 2) for width, height in SIZES]
    app = kit.result_app(state)
    async with app.run_test(size=sizes[0]):
        await kit.until(lambda: isinstance(app.screen, RoundResultScreen))
        for size in sizes:
            if size != sizes[0]:
                await kit.resized(app, *size)
            await kit.settled(app)
            text = kit.screen_text(app)
            for sr in state.last_result.seats:
                for card_id in (*sr.hand, *(c for g in sr.table for c in g)):
                    assert shown_whole(text, card_id), (size, card_id, text)


def test_card_size_grows_with_the_terminal() -> None:
    assert size_for(80, 24) is CardSize.CHIP
    assert size_for(120, 40) is CardSize.SMALL
    assert size_for(160, 50) is CardSize.LARGE
    assert size_for(200, 60) is CardSize.HUGE


# --- help -------------------------------------------------------------------------------------


async def test_help_bullets_wrap_with_a_hanging_indent() -> None:
    app = SeasaltApp(LaunchOptions(name="Ann"))
    async with app.run_test(size=(80, 60)) as pilot:
        app.push_screen(HelpScreen())
        await kit.until(lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        lines = kit.screen_text(app).splitlines()
        index = next(i for i, line in enumerate(lines) if "The game ends when" in line)
        first, second = lines[index], lines[index + 1]
        assert "•" in first.split("The game ends")[0]
        text_column = first.index("The game ends")
        body = second.lstrip("│ ")
        assert body and second.index(body) == text_column  # the wrap lines up with the text
        for role in PointRole:
            assert any(role_name(role) in line for line in lines) or role is PointRole.SPECIAL
