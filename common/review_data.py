"""The expert's reviewed decisions as JSON-ready data: the one form the server's journal
(server/review_store.py) and the client's kept reviews (client/files/reviews.py) both store.

Actions in their wire form, the figures as they are, the coach's facts about the two choices.
Each store names and versions its own container around these decisions.
"""

from __future__ import annotations

from typing import Any, cast

from seasalt.bots.coach import Facts, Option
from seasalt.bots.review import Decision
from seasalt.protocol.codec_decode import from_wire
from seasalt.protocol.codec_encode import to_wire
from seasalt.protocol.game_data import action_from_wire, action_to_wire
from seasalt.protocol.history import json_form


def option_to_data(o: Option) -> dict[str, Any]:
    return {
        "action": json_form(action_to_wire(o.action)), "lead_gain": o.lead_gain,
        "win_chance": o.win_chance, "reward": o.reward, "playouts": o.playouts,
        "facts": json_form(to_wire(o.facts, Facts)), "as_likely_to_win": o.as_likely_to_win,
    }


def option_from_data(d: dict[str, Any]) -> Option:
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
            "choice_option": option_to_data(d.choice_option),
            "expert_option": option_to_data(d.expert_option),
            "options": d.options, "call": d.call}


def decision_from_data(d: dict[str, Any]) -> Decision:
    """Raises KeyError, ValueError or TypeError (or a DecodeError) on damaged data."""
    return Decision(
        index=int(d["index"]), seat=int(d["seat"]), round=int(d["round"]),
        turn=int(d["turn"]), choice=action_from_wire(d["choice"]),
        expert=action_from_wire(d["expert"]), lead_lost=float(d["lead_lost"]),
        win_lost=float(d["win_lost"]), choice_option=option_from_data(d["choice_option"]),
        expert_option=option_from_data(d["expert_option"]), options=int(d["options"]),
        call=bool(d["call"]),
    )


__all__ = ["decision_from_data", "decision_to_data", "option_from_data", "option_to_data"]
