"""The round's score table one seat at a time, for a screen too narrow for its columns, and
the parts of a seat's points both forms show.

At 40 columns (a phone held upright) the table's six columns were cut to "…  points des …"
and the names to "…", in either of its forms (client/tui/screens/result.py ``score_table``).
Here each seat takes a few lines: its name, what it adds and its total, then its card points
(what they are made of) and its colour bonus, what the round did not pay in brackets as in the
table.
"""

from __future__ import annotations

from rich.text import Text
from seasalt.client.words.event_cards import event_points_part_text
from seasalt.client.words.game import Names
from seasalt.client.words.i18n import _
from seasalt.client.words.scoring_terms import (
    breakdown_parts,
    card_points_term,
    colour_bonus_term,
)
from seasalt.engine import Breakdown, RoundResult, scored_parts


def paid_text(value: int, paid: bool) -> Text:
    """A part of the card points: plain when the round paid it, in brackets (and struck
    through, where colour shows) when it did not: the brackets say it without colour."""
    if paid:
        return Text(str(value))
    return Text(f"({value})", style="dim strike")


def parts_text(b: Breakdown) -> Text:
    """``pairs 1 + collectors 4``: the parts, in the words of the hand line; then, each on a
    line of its own, what each Extra Pepper effect changed in them and in which part (``The
    Dance of the Shells: +2 for shells, in the collectors``, the engine's figure). In brackets
    after the last part it read as that part's ("multipliers 4 (The Dance of the Shells: +2
    for shells)")."""
    # Each term tied to its value, and a "+" to the term after it: a wrapped breakdown reads
    # "+ multipliers 5" on its next line, never "+" or "5" alone (NBSP: client/tui/widgets/wrap.py).
    text = Text(" +\u00a0".join(f"{term}\u00a0{value}" for term, value in breakdown_parts(b)
                                 if value) or "-")
    for change in b.events:  # (under the parts, past the "= " the table puts before them)
        text.append("\n\u00a0\u00a0" + event_points_part_text(change), style="italic")
    return text


def score_lines(result: RoundResult, names: Names) -> Text:
    """Per seat, as the score table's row says it (``result._score_table``)."""
    lines: list[Text] = []
    for seat, sr in enumerate(result.seats):
        head = Text(names(seat), style="bold" if seat == names.me else "")
        head.append(f"  +{sr.round_score}", style="bold")
        head.append("  " + _("total") + f" {sr.total}", style="bold")
        lines.append(head)
        b = sr.breakdown
        if b is None:
            continue
        paid = scored_parts(result, seat)
        card = Text("  " + card_points_term() + " ")
        card.append_text(paid_text(b.total, paid.card_points))
        card.append(" = ", style="dim")
        card.append_text(parts_text(b))
        lines.append(card)
        bonus = Text("  " + colour_bonus_term() + " ")
        bonus.append_text(paid_text(b.color_bonus, paid.color_bonus))
        lines.append(bonus)
    return Text("\n").join(lines)


__all__ = ["paid_text", "parts_text", "score_lines"]
