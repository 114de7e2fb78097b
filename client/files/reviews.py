"""The expert's reviews kept on this machine: a second look at a game's review is instant, and
a review left part-way resumes where it stopped.

One JSON file per game, budget and review seed in the user data dir's ``reviews/`` (Linux:
``~/.local/share/seasalt/reviews/``). The game is named by its id and a digest of what makes
it (engine version, rules, deal seed, actions): two servers' "game 1" are two games. A file
holds the decisions weighed so far and how many of the game's actions that covers
(``reviewed``); ``complete`` once the whole game is. The moves a stand-in bot made (not
reviewed) are part of the digest. The decisions are stored as the server's
journal stores them (server/review_store.py: actions in their wire form, the figures, the
coach's facts), with this format's own name. Anything that does not check out on loading (an
older format, another engine, an edited file) is ignored: the game is reviewed again.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from seasalt.bots.coach import Facts, Option
from seasalt.bots.review import REVIEW_BUDGET, Decision
from seasalt.common.files import open_private, private_dirs
from seasalt.engine import ENGINE_VERSION, Rules
from seasalt.protocol import Replay
from seasalt.protocol.codec_decode import from_wire
from seasalt.protocol.codec_encode import to_wire
from seasalt.protocol.game_data import action_from_wire, action_to_wire
from seasalt.protocol.history import json_form

log = logging.getLogger("seasalt.client")

FORMAT = "seasalt-review"
VERSION = 1


@dataclass(frozen=True, slots=True)
class KeptReview:
    """A review as far as it went."""

    decisions: tuple[Decision, ...]
    reviewed: int
    """The game's first actions it covers (every decision among them is in ``decisions``)."""
    complete: bool


def reviews_dir() -> Path:
    """Read at each call, not at import: tests (and a changed ``XDG_DATA_HOME``) see theirs."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("seasalt", appauthor=False)) / "reviews"



def game_digest(replay: Replay, skip: tuple[int, ...] = ()) -> str:
    """What makes the game and its review (not its summary: names and dates change nothing);
    ``skip``: the moves not reviewed (a stand-in bot's)."""
    made = [replay.engine_version, to_wire(replay.rules, Rules), replay.seed,
            [action_to_wire(a) for a in replay.actions], sorted(skip)]
    return hashlib.sha256(json.dumps(json_form(made), sort_keys=True).encode()).hexdigest()


def review_path(replay: Replay, budget: int | None, seed: int, skip: tuple[int, ...] = ()) -> Path:
    playouts = budget if budget is not None else REVIEW_BUDGET[replay.rules.players]
    return reviews_dir() / (f"game-{replay.summary.game}-{game_digest(replay, skip)[:16]}"
                            f"-b{playouts}-s{seed}.json")


def _option(o: Option) -> dict[str, Any]:
    return {
        "action": json_form(action_to_wire(o.action)), "lead_gain": o.lead_gain,
        "win_chance": o.win_chance, "reward": o.reward, "playouts": o.playouts,
        "facts": json_form(to_wire(o.facts, Facts)), "as_likely_to_win": o.as_likely_to_win,
    }


def _option_back(d: dict[str, Any]) -> Option:
    return Option(
        action_from_wire(d["action"]), lead_gain=float(d["lead_gain"]),
        win_chance=float(d["win_chance"]), reward=float(d["reward"]),
        playouts=int(d["playouts"]), facts=cast(Facts, from_wire(d["facts"], Facts, "facts")),
        as_likely_to_win=bool(d["as_likely_to_win"]),
    )


def decision_to_data(d: Decision) -> dict[str, Any]:
    return {"index": d.index, "seat": d.seat, "round": d.round, "turn": d.turn,
            "choice": json_form(action_to_wire(d.choice)),
            "expert": json_form(action_to_wire(d.expert)),
            "lead_lost": d.lead_lost, "win_lost": d.win_lost,
            "choice_option": _option(d.choice_option),
            "expert_option": _option(d.expert_option),
            "options": d.options, "call": d.call}


def decision_from_data(d: dict[str, Any]) -> Decision:
    """Raises KeyError, ValueError or TypeError (or a DecodeError) on damaged data."""
    return Decision(
        index=int(d["index"]), seat=int(d["seat"]), round=int(d["round"]),
        turn=int(d["turn"]), choice=action_from_wire(d["choice"]),
        expert=action_from_wire(d["expert"]), lead_lost=float(d["lead_lost"]),
        win_lost=float(d["win_lost"]), choice_option=_option_back(d["choice_option"]),
        expert_option=_option_back(d["expert_option"]), options=int(d["options"]),
        call=bool(d["call"]),
    )


def _checked(data: Any, replay: Replay, skip: tuple[int, ...]) -> KeptReview:
    """The file's review, if it is this game's and holds together (else ValueError)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get(
            "version") != VERSION:
        raise ValueError("not a review file of this version")
    if data.get("engine") != ENGINE_VERSION or data.get("game") != game_digest(replay, skip):
        raise ValueError("another game, or another engine's")
    reviewed, complete = data.get("reviewed"), data.get("complete")
    total = len(replay.actions)
    if type(reviewed) is not int or not 0 <= reviewed <= total or not isinstance(
            complete, bool) or (complete and reviewed != total):
        raise ValueError(f"reviewed {reviewed!r} of {total}")
    decisions = tuple(decision_from_data(d) for d in data["decisions"])
    indices = [d.index for d in decisions]
    if len(set(indices)) != len(indices) or any(
            not 0 <= d.index < reviewed or not 0 <= d.seat < replay.rules.players
            or d.choice != replay.actions[d.index] for d in decisions):
        raise ValueError("decisions that are not this game's")
    return KeptReview(decisions, reviewed, complete)


def load(
    replay: Replay, budget: int | None, seed: int, skip: tuple[int, ...] = ()
) -> KeptReview | None:
    """The review kept for this game, budget and seed (None: none, or not usable)."""
    path = review_path(replay, budget, seed, skip)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return _checked(data, replay, skip)
    except FileNotFoundError:
        return None
    except Exception as exc:  # a damaged file of ours: reviewed again, never a crash
        log.warning("review in %s not used: %s", path, exc)
        return None


def save(
    replay: Replay, budget: int | None, seed: int, kept: KeptReview, skip: tuple[int, ...] = ()
) -> bool:
    """Keep a review (whole or part-way); False when it cannot be written."""
    path = review_path(replay, budget, seed, skip)
    data = {"format": FORMAT, "version": VERSION, "engine": ENGINE_VERSION,
            "game": game_digest(replay, skip), "reviewed": kept.reviewed, "complete": kept.complete,
            "decisions": [decision_to_data(d) for d in kept.decisions]}
    try:
        private_dirs(str(path.parent))
        partial = path.with_name(path.name + ".new")
        with open_private(str(partial), "w", encoding="utf-8") as f:
            json.dump(data, f, separators=(",", ":"))
        os.replace(partial, path)  # never a half-written file
    except OSError as exc:
        log.warning("cannot keep the review in %s: %s", path, exc)
        return False
    return True


__all__ = ["KeptReview", "decision_from_data", "decision_to_data", "game_digest", "load",
           "review_path", "reviews_dir", "save"]
