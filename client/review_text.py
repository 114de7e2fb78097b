"""The expert's review of a finished game as text, in the coach's words
(``seasalt-client --review FILE --text``, and the review screen's body).

The frame is bots/review_text.py's (shared with ``seasalt-server games review``); its headings
come from the catalogues here, and the choices and the reasons are worded as the coach words
them at the table (client/words/game.py ``action_label``, client/words/coach.py ``reason``):
all in the player's language.
"""

from __future__ import annotations

from collections.abc import Callable

from seasalt.bots.coach import Facts
from seasalt.bots.review import Decision, Review, review_game
from seasalt.bots.review_text import (
    SHOWN_DECISIONS,
    Headings,
    Words,
    decision_views,
    moment,
    seat_names,
)
from seasalt.bots.review_text import review_text as frame_text
from seasalt.client.words.coach import reason
from seasalt.client.words.game import Names, action_label
from seasalt.client.words.i18n import _
from seasalt.engine import Action, PlayerView
from seasalt.protocol import Replay


def review_replay(
    replay: Replay,
    budget: int | None = None,
    seed: int = 0,
    skip: tuple[int, ...] = (),
    progress: Callable[[int, int], None] | None = None,
    decided: Callable[[Decision], None] | None = None,
    done: int = 0,
    kept: tuple[Decision, ...] = (),
) -> Review:
    """Review a finished game's replay (bots/review.py ``review_game``; ``done`` and ``kept``:
    resume one left after that many actions)."""
    return review_game(
        replay.rules, replay.seed, replay.actions, budget=budget, review_seed=seed,
        skip=skip, progress=progress, decided=decided, done=done, kept=kept,
    )


def headings() -> Headings:
    """The frame's headings in the player's language (the placeholders as in English)."""
    return Headings(
        title=_("Expert review of {title}"),
        budget=_("{budget} playouts per decision, review seed {seed}; every decision weighed "
                 "from that player's own view at the time."),
        so_far=_("So far: the first {reviewed} of {total} moves reviewed."),
        seat=_("Seat {n}"),
        player=_("{name} (seat {n})"),
        summary=_("decisions: {count} · as the expert: {matching} ({share}%) · expected "
                  "points lost: {lost}"),
        calls=_("STOP / LAST CHANCE decisions: {count}, right on the information at hand: "
                "{right}, wrong: {wrong}"),
        no_calls=_("STOP / LAST CHANCE decisions: none"),
        right=_("right"),
        wrong=_("wrong"),
        call_expert=_("expert: {choice}"),
        costliest=_("the costliest decisions ({shown} of {unlike} unlike the expert's):"),
        moment=_("round {round}, turn {turn} (move {move})"),
        expert=_("expert: {choice}"),
        yours=_("yours: {why}"),
        cost=_("cost: -{lead} expected points on your lead"),
        win=_("-{win}% to win"),
    )


def replay_names(replay: Replay) -> list[str]:
    """The seats' headings: the names played under, else ``Seat 2 (bot:greedy)``."""
    return seat_names(replay.rules.players,
                      [(p.seat, p.kind, p.name) for p in replay.summary.players],
                      seat=_("Seat {n}"))


def replay_title(replay: Replay) -> str:
    scores = " - ".join(str(s) for s in replay.summary.scores)
    return _("game {game} at table {table} (final scores {scores})").format(
        game=replay.summary.game, table=repr(replay.summary.table), scores=scores)


def _coach_words(raw: list[str]) -> Words:
    def label(action: Action, v: PlayerView, seat: int) -> str:
        return action_label(action, v, Names(raw, seat))

    def why(facts: Facts, action: Action, seat: int) -> str | None:
        return reason(facts, action, Names(raw, seat))

    return Words(label, why, headings())


def review_text(
    replay: Replay, review: Review, shown: int = SHOWN_DECISIONS, reviewed: int | None = None
) -> str:
    """The review as text (bots/review_text.py) in the coach's words."""
    raw = replay_names(replay)
    return frame_text(
        replay.rules, replay.seed, replay.actions, review, names=raw,
        title=replay_title(replay), words=_coach_words(raw), shown=shown, reviewed=reviewed,
    )


def decision_entries(
    replay: Replay, review: Review, shown: int = SHOWN_DECISIONS
) -> list[tuple[Decision, str]]:
    """The decisions the text lists (per player, the costliest unlike the expert's first),
    each with a line naming it: ``Ann · round 1, turn 3 (move 12): Draw from the deck -2.5``."""
    raw = replay_names(replay)
    words = _coach_words(raw)
    listed = [d for p in review.players for d in [d for d in p.decisions if not d.agrees][:shown]]
    views = decision_views(replay.rules, replay.seed, replay.actions, review)
    return [(d, f"{raw[d.seat]} · {moment(d, words.headings)}: "
                f"{words.label(d.choice, views[d.index], d.seat)}  -{d.lead_lost:.1f}")
            for d in listed]


__all__ = ["SHOWN_DECISIONS", "decision_entries", "headings", "replay_names", "replay_title",
           "review_replay", "review_text"]
