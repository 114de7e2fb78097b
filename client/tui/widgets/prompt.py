"""The decision of the moment, in words: what you are choosing and what each choice means."""

from __future__ import annotations

from rich.text import Text
from seasalt.client.tui.widgets.cards import Memo, chip, update_text
from seasalt.client.tui.widgets.pepper_prompts import pepper_prompt, play_notes
from seasalt.client.tui.widgets.wrap import unbroken, wrap_words
from seasalt.client.words.game import Names, call_name, pile_name
from seasalt.client.words.i18n import _
from seasalt.engine import (
    Call,
    CallKind,
    DrawFromDeck,
    EndTurn,
    EventCard,
    EventKind,
    KeepCard,
    Phase,
    PlayerView,
    PlayPair,
    PlayTrio,
    TakeDiscard,
)
from textual.events import Click, MouseScrollDown, MouseScrollUp
from textual.widgets import Static


def _cards(card_ids: tuple[int, ...]) -> Text:
    """Chips a line may break between, never inside (client/tui/widgets/wrap.py)."""
    return Text(" ").join(unbroken(chip(c)) for c in card_ids)


def _call_line(v: PlayerView) -> str:
    """Why a call is offered: the seat's threshold (RULES §3.3; 10 under the Treasure Chest,
    §12.8), and no STOP under the Diodon Fish (§12.9). The engine decides; this words it."""
    if EventCard.TREASURE_CHEST in v.effects:
        line = _("You have 10+ card points (the Treasure Chest): you may call.")
    else:
        line = _("You have 7+ card points: you may call.")
    if EventCard.DIODON_FISH in v.effects:
        line += " " + _("The Diodon Fish: no STOP for you, only LAST CHANCE.")
    return line


def _call_help(v: PlayerView) -> Text:
    b = v.breakdown
    points = b.total if b else 0
    bonus = b.color_bonus if b else 0
    text = Text()
    stop = any(isinstance(a, Call) and a.kind is CallKind.STOP for a in v.legal_actions)
    if stop:
        text.append(_("STOP"), style="bold")
        text.append(
            " "
            + _("[s]: the round ends now; everyone scores their card points (you {n}), "
                "no colour bonus.").format(n=points)
        )
        text.append("\n")
    text.append(_("LAST CHANCE"), style="bold")
    text.append(
        " "
        + _("[c]: everyone else plays one last turn. If you then still have the most card "
            "points (ties are yours), you score {n} + your colour bonus {b} and they score only "
            "their colour bonus; if not, you score only your colour bonus {b} and they score "
            "their card points.").format(n=points, b=bonus)
    )
    return text


def _final_turn_text(v: PlayerView, names: Names) -> str:
    """What a LAST CHANCE final turn means for this player (RULES §6.2): the caller bets on
    the most card points; one opponent above them is enough to lose the bet, a tie is theirs.
    Then the opponents score their card points, else only their colour bonus."""
    assert v.caller is not None
    name = names.raw(v.caller)
    points = v.seats[v.caller].revealed_points
    if points is None:  # a view always carries a revealed caller's points; kept safe
        return _("{name} called LAST CHANCE: you get one final turn (no call). If you or "
                 "another player ends with more card points than {name}, the bet is lost and "
                 "you score your card points; if nobody has more (a tie goes to {name}), you "
                 "score only your colour bonus.").format(name=name)
    return _("{name} called LAST CHANCE with {n} card points: you get one final turn (no "
             "call). If you or another player ends with more than {n} card points, the bet is "
             "lost and you score your card points; if nobody has more (a tie goes to {name}), "
             "you score only your colour bonus.").format(name=name, n=points)


def is_extra_turn(v: PlayerView) -> bool:
    """This turn is a boat pair's extra turn: the round's log says so (``extra_turn`` right
    before the turn's ``turn_started``). Only this seat's turn: between rounds (an event card
    to keep) the last turn started was the finished round's, maybe another seat's extra one
    (else the keep prompt would say "Extra turn (boats)")."""
    if v.phase is Phase.KEEP_EVENT_CARD:
        return False
    log = v.log
    for index in range(len(log) - 1, -1, -1):
        if log[index].kind is EventKind.TURN_STARTED:
            return (log[index].seat == v.seat and index > 0
                    and log[index - 1].kind is EventKind.EXTRA_TURN)
    return False


def _draw_text(v: PlayerView) -> str:
    """The draw prompt, naming only the draws in the legal actions."""
    deck = any(isinstance(a, DrawFromDeck) for a in v.legal_actions)
    piles = [a.pile for a in v.legal_actions if isinstance(a, TakeDiscard)]
    if deck and len(piles) == 2:
        return _("Draw: two cards from the deck (keep one, the other goes face up on a discard "
                 "pile), or the top card of a discard pile.")
    if deck and piles:
        return _("Draw: two cards from the deck (keep one, the other goes face up on a discard "
                 "pile), or the top card of {pile}.").format(pile=pile_name(piles[0]))
    if deck:
        return _("Draw: two cards from the deck (keep one, the other goes face up on a discard "
                 "pile); both discard piles are empty.")
    if len(piles) == 2:
        return _("Draw: the deck is empty; take the top card of a discard pile.")
    return _("Draw: the deck is empty; take the top card of {pile}.").format(
        pile=pile_name(piles[0]) if piles else "-"
    )


def _keep_text(v: PlayerView) -> str:
    """Where the card not kept goes: a pile you choose, or (forced) the empty one."""
    keeps = [a for a in v.legal_actions if isinstance(a, KeepCard)]
    if any(a.pile is not None for a in keeps):
        return _("Keep one; the other goes face up on the discard pile you choose.")
    if len(v.pending) < 2:
        return _("Keep it.")
    empty = [index for index, pile in enumerate(v.piles) if pile.size == 0]
    if len(empty) == 1:
        return _("Keep one; the other goes face up on {pile}, the empty discard pile.").format(
            pile=pile_name(empty[0])
        )
    return _("Keep one; the other goes face up on an empty discard pile.")


def _play_text(v: PlayerView) -> str:
    """The play prompt, naming only the kinds of choice in the legal actions."""
    legal = v.legal_actions
    pairs = any(isinstance(a, PlayPair | PlayTrio) for a in legal)
    call = any(isinstance(a, Call) for a in legal)
    end = any(isinstance(a, EndTurn) for a in legal)
    if pairs and call:
        return _("Play pairs from your hand (optional), call, or end your turn.")
    if pairs:
        return _("Play pairs from your hand (optional), or end your turn.")
    if call:
        return _("Call, or end your turn.")
    if end:
        return _("End your turn.")
    return ""


def prompt_text(v: PlayerView, names: Names, swap_pick: int | None = None) -> Text:
    """What the player is asked now (or whom we wait for); ``swap_pick``: the Water Rodeo
    card of theirs picked on the screen (the swap's second step)."""
    text = Text()
    me = v.seat
    if v.is_over:
        return Text(_("The game is over."), style="bold")
    if me is not None and v.seats[me].locked:
        text.append(
            _("🔒 You are LOCKED by the jellyfish: on your next turn you only take the top card "
              "of the deck (no discard pile, no pairs, no call)."),
            style="bold magenta",
        )
        text.append("\n")
    if (
        v.call is CallKind.LAST_CHANCE
        and v.caller is not None
        and v.caller != me
        and me in v.final_turns
    ):
        text.append(_final_turn_text(v, names), style="bold yellow")
        text.append("\n")
    if not v.legal_actions:
        if v.to_act is None:
            return text
        text.append(
            _("Waiting for {name}…").format(name=names.raw(v.to_act)), style="italic"
        )
        return text
    phase = v.phase
    text.append(_("Your turn. "), style="bold reverse")
    text.append(" ")
    if is_extra_turn(v):
        text.append(_("Extra turn (boats)."), style="bold cyan")
        text.append(" ")
    if phase is Phase.DRAW:
        text.append(_draw_text(v))
    elif phase is Phase.KEEP:
        text.append(_("You drew "))
        text.append_text(_cards(v.pending))
        text.append(". ")
        text.append(_keep_text(v))
    elif phase is Phase.PLAY:
        text.append(_play_text(v))
        text.append_text(play_notes(v))
        if any(isinstance(a, Call) for a in v.legal_actions):
            text.append("\n")
            text.append(_call_line(v), style="bold green")
            text.append("\n")
            text.append_text(_call_help(v))
    elif phase is Phase.CRAB_PILE:
        text.append(
            _("Crabs: choose a discard pile to look through. You see it only after choosing, "
              "and the choice is final.")
        )
    elif phase is Phase.CRAB_TAKE:
        pile = pile_name(v.crab_pile)
        text.append(_("Crabs: {pile} holds, bottom to top: ").format(pile=pile))
        text.append_text(_cards(v.pending))
        text.append(". ")
        text.append(_("Take one card (nobody else sees which)."))
        text.append_text(pepper_prompt(v, names, swap_pick))
    elif phase is Phase.ROB:
        text.append(
            _("Swimmer + shark: choose an opponent; you steal a random card from their hand.")
        )
    elif phase is Phase.LOBSTER:
        text.append(_("Lobster: the top of the deck is "))
        text.append_text(_cards(v.pending))
        text.append(". ")
        text.append(_("Keep one; the others go back and the deck is shuffled."))
    else:
        text.append_text(pepper_prompt(v, names, swap_pick))
    return text


def words_for(v: PlayerView, names: Names, swap_pick: int | None) -> Text:
    """:func:`prompt_text`, with the swap's pick only when there is one (what wraps
    ``prompt_text`` with two arguments, a test's recorder, keeps working)."""
    return prompt_text(v, names) if swap_pick is None else prompt_text(v, names, swap_pick)


class PromptPanel(Static):
    """The prompt above the action list, wrapped to its width between words, never inside a
    card's name (client/tui/widgets/wrap.py); a new width wraps it again.

    The choices under it come first (at 80 x 24 a long prompt would push them off the
    screen): the table gives the prompt the rows they leave (:meth:`limit`,
    client/tui/screens/table_fit.py). A prompt taller than that shows a window of its lines and,
    on its last row, which lines those are; the arrow and page keys scroll it. Lines are
    never cut, only rows left out."""

    memo: Memo | None = None
    shown: Text | None = None
    """The whole prompt as wrapped, every line (what the player can read, scrolling)."""
    prompt: Text | None = None
    drawn: Text | None = None
    """What is drawn now: ``shown``, or a window of it with the scroll line."""
    rows: int | None = None
    """The rows the table gives the text (None: as many as it has)."""
    first_line = 0
    """The first line of ``shown`` drawn (a window scrolled down)."""

    clocked = False
    """The prompt counts a clock down (:meth:`count_down`)."""

    def show(self, v: PlayerView, names: Names, swap_pick: int | None = None) -> None:
        self.show_text(words_for(v, names, swap_pick))

    def count_down(self, text: Text | None, v: PlayerView, names: Names,
                   swap_pick: int | None = None) -> None:
        """The prompt with a clock counting down (``text``, as the tick words it); None: no
        clock runs, and one that just stopped gives way to the usual prompt again."""
        if text is not None:
            self.show_text(text)
        elif self.clocked:
            self.show(v, names, swap_pick)
        self.clocked = text is not None

    def show_text(self, text: Text) -> None:
        """Show ``text`` (the waiting room's, say) unless it is already shown."""
        if self.memo is None:
            self.memo = Memo()
        self.prompt = text
        width = self.content_size.width or max(1, self.app.size.width - 4)
        if self.memo.changed((text, width)):
            wrapped = wrap_words(text, width)
            if self.shown is None or wrapped.plain != self.shown.plain:
                self.first_line = 0  # a new prompt is read from its first line
            self.shown = wrapped
            self._draw()

    @property
    def lines(self) -> int:
        """The rows the whole prompt takes (wrapped to the panel's width)."""
        return len(self.shown.split("\n", allow_blank=True)) if self.shown is not None else 0

    def limit(self, rows: int | None) -> None:
        """Draw at most ``rows`` rows of text (None: all of it)."""
        if rows != self.rows:
            self.rows = rows
            self._draw()

    def scroll_lines(self, delta: int) -> bool:
        """Scroll a windowed prompt by ``delta`` lines; False when there is nothing to scroll."""
        window = self._window_size()
        if window is None:
            return False
        offset = max(0, min(self.first_line + delta, self.lines - window))
        if offset == self.first_line:
            return False
        self.first_line = offset
        self._draw()
        return True

    def page(self) -> int:
        """The lines one page of the window scrolls."""
        return max(1, self._window_size() or 1)

    def _window_size(self) -> int | None:
        """The text lines a window shows (its last rows say which), None when all fit."""
        if self.rows is None or self.lines <= self.rows:
            return None
        return max(1, self.rows - self._marker_rows())

    def _marker(self, first: int, last: int, total: int) -> Text:
        """The line saying which lines are shown; in figures alone where the words would wrap
        (a phone's 40 columns: two rows of it left the window one line)."""
        words = Text(_("lines {first}-{last} of {total} · ↑ ↓ to read more").format(
            first=first, last=last, total=total), style="italic reverse")
        width = self.content_size.width
        if not width or len(words.wrap(self.app.console, width)) == 1:
            return words
        return Text(f"{first}-{last}/{total} ↑↓", style="italic reverse")

    def _marker_rows(self) -> int:
        width = self.content_size.width
        if not width:
            return 1
        total = self.lines
        return max(1, len(self._marker(total, total, total).wrap(self.app.console, width)))

    def _draw(self) -> None:
        if self.shown is None:
            return
        window = self._window_size()
        if window is None:
            drawn = self.shown
        else:
            lines = self.shown.split("\n", allow_blank=True)
            self.first_line = max(0, min(self.first_line, len(lines) - window))
            first, last = self.first_line, self.first_line + window
            marker = self._marker(first + 1, last, len(lines))
            drawn = Text("\n").join([*lines[first:last], marker])
        if self.drawn is None or drawn != self.drawn:
            self.drawn = update_text(self, self.drawn, drawn)

    def on_resize(self) -> None:
        if self.prompt is not None:
            self.show_text(self.prompt)

    def on_click(self, event: Click) -> None:
        # A phone has no arrow keys: a tap on a prompt shown in part reads on a page, and
        # from its last page back to its first.
        window = self._window_size()
        if window is None:
            return
        event.stop()
        if not self.scroll_lines(window):
            self.scroll_lines(-self.lines)

    def on_mouse_scroll_down(self, event: MouseScrollDown) -> None:
        if self.scroll_lines(1):
            event.stop()

    def on_mouse_scroll_up(self, event: MouseScrollUp) -> None:
        if self.scroll_lines(-1):
            event.stop()


__all__ = ["PromptPanel", "call_name", "prompt_text"]
