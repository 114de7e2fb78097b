"""The expert's review (bots/review.py) as plain text, for the terminal and for sharing.

The frame (headings, summary, the order of the decisions) is here; the words for a choice and
for why it helps are given (:class:`Words`): the client gives the coach's, in the player's
language (client/review_text.py); :data:`PLAIN` is a plain English wording of the engine's own
names, for a program that has no client words (``seasalt-server games review``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from seasalt.engine import (
    Action,
    Call,
    CallKind,
    ChooseCrabPile,
    DrawFromDeck,
    EndTurn,
    KeepCard,
    KeepLobsterCard,
    PlayerView,
    PlayPair,
    PlayTrio,
    Rob,
    Rules,
    TakeCrabCard,
    TakeDiscard,
    card,
    view,
)

from .coach import Facts
from .review import REVIEW_BUDGET, Decision, PlayerReview, Review, decision_points

SHOWN_DECISIONS = 10
"""The costliest decisions listed per player (the summary counts them all)."""


@dataclass(frozen=True)
class Headings:
    """The frame's own words, with their placeholders (numbers come formatted): English here,
    the player's language from the client (client/review_text.py)."""

    title: str = "Expert review of {title}"
    budget: str = ("{budget} playouts per decision, review seed {seed}; every decision weighed "
                   "from that player's own view at the time.")
    so_far: str = "So far: the first {reviewed} of {total} moves reviewed."
    seat: str = "Seat {n}"
    player: str = "{name} (seat {n})"
    summary: str = ("decisions: {count} · as the expert: {matching} ({share}%) · expected points "
                    "lost: {lost}")
    calls: str = ("STOP / LAST CHANCE decisions: {count}, right on the information at hand: "
                  "{right}, wrong: {wrong}")
    no_calls: str = "STOP / LAST CHANCE decisions: none"
    right: str = "right"
    wrong: str = "wrong"
    call_expert: str = "expert: {choice}"
    costliest: str = "the costliest decisions ({shown} of {unlike} unlike the expert's):"
    moment: str = "round {round}, turn {turn} (move {move})"
    expert: str = "expert: {choice}"
    yours: str = "yours: {why}"
    cost: str = "cost: -{lead} expected points on your lead"
    win: str = "-{win}% to win"


@dataclass(frozen=True, slots=True)
class Words:
    """How a choice is named and why it helps, for the reader at ``seat`` (the one reviewed),
    and the frame's headings."""

    label: Callable[[Action, PlayerView, int], str]
    why: Callable[[Facts, Action, int], str | None]
    headings: Headings = Headings()


def card_words(card_id: int) -> str:
    """``Shell (dark blue)``: the engine's names for the kind and colour."""
    c = card(card_id)
    kind = c.kind.name.replace("_", " ").capitalize()
    return f"{kind} ({c.color.name.replace('_', ' ').lower()})"


def _plain_label(action: Action, v: PlayerView, seat: int) -> str:
    if isinstance(action, DrawFromDeck):
        return "Draw from the deck"
    if isinstance(action, TakeDiscard):
        top = v.piles[action.pile].top
        return f"Take {card_words(top) if top is not None else '?'} from pile {action.pile + 1}"
    if isinstance(action, KeepCard):
        where = "" if action.pile is None else f", the other on pile {action.pile + 1}"
        return f"Keep {card_words(action.card)}{where}"
    if isinstance(action, PlayPair | PlayTrio):
        cards = action.cards if isinstance(action, PlayPair) else (*action.cards, action.starfish)
        what = "pair" if isinstance(action, PlayPair) else "trio"
        return f"Play {what} {' + '.join(card_words(c) for c in cards)}"
    if isinstance(action, ChooseCrabPile):
        return f"Look through pile {action.pile + 1}"
    if isinstance(action, TakeCrabCard | KeepLobsterCard):
        return f"Take {card_words(action.card)}"
    if isinstance(action, Rob):
        return f"Rob seat {action.seat + 1}"
    if isinstance(action, Call):
        return "Call STOP" if action.kind is CallKind.STOP else "Call LAST CHANCE"
    if isinstance(action, EndTurn):
        return "End the turn"
    return type(action).__name__


def _plain_why(facts: Facts, action: Action, seat: int) -> str | None:
    if facts.wins:
        return "wins the game at once"
    if facts.grows:
        return ", ".join(f"{name.replace('_', ' ')} +{n}" for name, n in facts.grows)
    return None


PLAIN = Words(_plain_label, _plain_why)


def decision_views(
    rules: Rules, seed: int, actions: Sequence[Action], review: Review
) -> dict[int, PlayerView]:
    """The deciding seat's view before each reviewed action, rebuilt with the engine."""
    wanted = {d.index: d.seat for p in review.players for d in p.decisions}
    return {
        index: view(state, wanted[index])
        for index, _turn, state, _action in decision_points(rules, seed, actions)
        if index in wanted
    }


def moment(d: Decision, h: Headings) -> str:
    """``round 1, turn 3 (move 12)``."""
    return h.moment.format(round=d.round, turn=d.turn, move=d.index + 1)


def _line(d: Decision, v: PlayerView, words: Words) -> list[str]:
    h = words.headings
    chose = words.label(d.choice, v, d.seat)
    head = f"{moment(d, h)}: {chose}"
    expert = words.label(d.expert, v, d.seat)
    why = words.why(d.expert_option.facts, d.expert, d.seat)
    lost = h.cost.format(lead=f"{d.lead_lost:.1f}")
    if round(100 * d.win_lost):
        lost += ", " + h.win.format(win=f"{100 * d.win_lost:.0f}")
    lines = [head, "      " + h.expert.format(choice=expert) + (f" ({why})" if why else ""),
             "      " + lost]
    mine = words.why(d.choice_option.facts, d.choice, d.seat)
    if mine:
        lines.insert(1, "      " + h.yours.format(why=mine))
    return lines


def _summary(p: PlayerReview, h: Headings) -> list[str]:
    out = ["  " + h.summary.format(count=p.count, matching=p.matching,
                                   share=f"{100 * p.share_matching:.0f}",
                                   lost=f"{p.lead_lost:.1f}")]
    calls = p.calls
    if calls:
        out.append("  " + h.calls.format(count=len(calls), right=p.calls_right,
                                         wrong=len(calls) - p.calls_right))
    else:
        out.append("  " + h.no_calls)
    return out


def review_text(
    rules: Rules,
    seed: int,
    actions: Sequence[Action],
    review: Review,
    *,
    names: Sequence[str],
    title: str,
    words: Words = PLAIN,
    shown: int = SHOWN_DECISIONS,
    reviewed: int | None = None,
) -> str:
    """The review as text: per player a summary, the call decisions and the costliest
    decisions with the expert's choice and why. ``names``: the seats' names (headings);
    ``title``: what the game is ("game 3 at table 'kitchen' (final scores 40 - 10)");
    ``reviewed``: the review so far covers the game's first ``reviewed`` moves only."""
    views = decision_views(rules, seed, actions, review)
    h = words.headings
    budget = review.budget if review.budget is not None else REVIEW_BUDGET[rules.players]
    lines = [h.title.format(title=title), h.budget.format(budget=budget, seed=review.seed)]
    if reviewed is not None:
        lines.append(h.so_far.format(reviewed=reviewed, total=len(actions)))
    for p in review.players:
        heading = names[p.seat]
        if not heading.startswith(h.seat.format(n=p.seat + 1)):
            heading = h.player.format(name=heading, n=p.seat + 1)
        lines += ["", f"== {heading} ==", *_summary(p, h)]
        for d in p.calls:
            v = views[d.index]
            verdict = h.right if d.call_right else h.wrong
            expert = "" if d.call_right else "; " + h.call_expert.format(
                choice=words.label(d.expert, v, p.seat))
            lines.append(f"    {moment(d, h)}: {words.label(d.choice, v, p.seat)} - "
                         f"{verdict}{expert}")
        costly = [d for d in p.decisions if not d.agrees][:shown]
        if costly:
            lines.append("  " + h.costliest.format(shown=len(costly),
                                                   unlike=p.count - p.matching))
            for n, d in enumerate(costly, start=1):
                first, *rest = _line(d, views[d.index], words)
                lines.append(f"  {n:>2}. {first}")
                lines += rest
    return "\n".join(lines) + "\n"


def seat_names(players: int, entries: Sequence[tuple[int, str, str | None]],
               seat: str = Headings.seat) -> list[str]:
    """Headings by seat from (seat, kind, name): the name, else ``Seat 2 (bot:greedy)``
    (``seat``: the words for "Seat {n}")."""
    by_seat = {s: (kind, name) for s, kind, name in entries}
    out = []
    for s in range(players):
        kind, name = by_seat.get(s, ("", None))
        if name:
            out.append(name)
        else:
            unnamed = seat.format(n=s + 1)
            out.append(f"{unnamed} ({kind})" if kind else unnamed)
    return out


def terminal_progress() -> Callable[[int, int], None] | None:
    """A review's progress on a terminal's standard error, a line redrawn at each percent
    (``review_game``'s ``progress``); None when standard error is not a terminal."""
    if not sys.stderr.isatty():
        return None
    shown = [-1]

    def progress(done: int, total: int) -> None:
        percent = 100 * done // max(1, total)
        if percent != shown[0]:
            shown[0] = percent
            end = "\n" if done >= total else ""
            print(f"\rreviewing: {percent}% of {total} moves", end=end, file=sys.stderr,
                  flush=True)

    return progress


__all__ = ["PLAIN", "SHOWN_DECISIONS", "Headings", "Words", "card_words", "decision_views",
           "moment", "review_text", "seat_names",
           "terminal_progress"]
