"""The expert's review of a finished game as plain text, for the terminal and for sharing
(``seasalt-client --review FILE --text``, ``seasalt-server games review ID``).

The figures are bots/review.py's; the choices and the reasons are worded as the coach words
them at the table (client/words.py ``action_label``, client/widgets/coach_words.py ``reason``),
from the deciding seat's view rebuilt with the engine. The review's own frame (headings,
summary labels) is English for now: it is not in the catalogues yet.
"""

from __future__ import annotations

from collections.abc import Callable

from seasalt.bots.review import REVIEW_BUDGET, Decision, PlayerReview, Review, review_game
from seasalt.engine import PlayerView, view
from seasalt.protocol import Replay

from .widgets.coach_words import reason
from .words import Names, action_label

SHOWN_DECISIONS = 10
"""The costliest decisions listed per player (the summary counts them all)."""


def review_replay(
    replay: Replay,
    budget: int | None = None,
    seed: int = 0,
    skip: tuple[int, ...] = (),
    progress: Callable[[int, int], None] | None = None,
    decided: Callable[[Decision], None] | None = None,
) -> Review:
    """Review a finished game's replay (bots/review.py ``review_game``)."""
    return review_game(
        replay.rules, replay.seed, replay.actions, budget=budget, review_seed=seed,
        skip=skip, progress=progress, decided=decided,
    )


def _names(replay: Replay) -> list[str]:
    entries = {p.seat: p for p in replay.summary.players}
    out = []
    for seat in range(replay.rules.players):
        entry = entries.get(seat)
        if entry is None:
            out.append(f"Seat {seat + 1}")
        elif entry.name:
            out.append(entry.name)
        else:
            out.append(f"Seat {seat + 1} ({entry.kind})")
    return out


def _views(replay: Replay, review: Review) -> dict[int, PlayerView]:
    """The deciding seat's view before each reviewed action, rebuilt with the engine."""
    from seasalt.bots.review import decision_points

    wanted = {d.index: d.seat for p in review.players for d in p.decisions}
    return {
        index: view(state, wanted[index])
        for index, _turn, state, _action in decision_points(
            replay.rules, replay.seed, replay.actions)
        if index in wanted
    }


def _line(d: Decision, v: PlayerView, names: Names) -> list[str]:
    chose = action_label(d.choice, v, names)
    head = f"round {d.round}, turn {d.turn} (move {d.index + 1}): {chose}"
    if d.agrees:
        return [f"{head} - as the expert"]
    expert = action_label(d.expert, v, names)
    why = reason(d.expert_option.facts, d.expert, names)
    lost = f"-{d.lead_lost:.1f} expected points on your lead"
    if round(100 * d.win_lost):
        lost += f", -{100 * d.win_lost:.0f}% to win"
    lines = [f"{head}", f"      expert: {expert}" + (f" ({why})" if why else ""),
             f"      cost: {lost}"]
    mine = reason(d.choice_option.facts, d.choice, names)
    if mine:
        lines.insert(1, f"      yours: {mine}")
    return lines


def _summary(p: PlayerReview) -> list[str]:
    calls = p.calls
    out = [
        f"  decisions: {p.count} · as the expert: {p.matching} ({100 * p.share_matching:.0f}%)"
        f" · expected points lost: {p.lead_lost:.1f}",
    ]
    if calls:
        out.append(f"  STOP / LAST CHANCE decisions: {len(calls)}, right on the information at "
                   f"hand: {p.calls_right}, wrong: {len(calls) - p.calls_right}")
    else:
        out.append("  STOP / LAST CHANCE decisions: none")
    return out


def review_text(
    replay: Replay, review: Review, shown: int = SHOWN_DECISIONS, reviewed: int | None = None
) -> str:
    """The review as text: per player a summary, the call decisions and the costliest
    decisions with the expert's choice and why. ``reviewed``: the review so far covers the
    game's first ``reviewed`` moves only (the screen's first results)."""
    raw = _names(replay)
    views = _views(replay, review)
    budget = review.budget if review.budget is not None else REVIEW_BUDGET[replay.rules.players]
    scores = " - ".join(str(s) for s in replay.summary.scores)
    lines = [
        f"Expert review of game {replay.summary.game} at table {replay.summary.table!r} "
        f"(final scores {scores})",
        f"{budget} playouts per decision, review seed {review.seed}; every decision weighed "
        "from that player's own view at the time.",
    ]
    if reviewed is not None:
        lines.append(f"So far: the first {reviewed} of {len(replay.actions)} moves reviewed.")
    for p in review.players:
        names = Names(raw, p.seat)
        heading = raw[p.seat]
        if not heading.startswith("Seat "):
            heading += f" (seat {p.seat + 1})"
        lines += ["", f"== {heading} ==", *_summary(p)]
        for d in p.calls:
            v = views[d.index]
            verdict = "right" if d.call_right else "wrong"
            expert = "" if d.call_right else f"; expert: {action_label(d.expert, v, names)}"
            lines.append(f"    round {d.round}, turn {d.turn}: "
                         f"{action_label(d.choice, v, names)} - {verdict}{expert}")
        costly = [d for d in p.decisions if not d.agrees][:shown]
        if costly:
            lines.append(f"  the costliest decisions ({len(costly)} of "
                         f"{p.count - p.matching} unlike the expert's):")
            for n, d in enumerate(costly, start=1):
                first, *rest = _line(d, views[d.index], names)
                lines.append(f"  {n:>2}. {first}")
                lines += rest
    return "\n".join(lines) + "\n"


__all__ = ["SHOWN_DECISIONS", "review_replay", "review_text"]
