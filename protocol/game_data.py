"""Wire forms of the engine's game data: views, actions, events, round results, rules."""

from __future__ import annotations

from typing import Any, cast

from seasalt.engine import Action, Event, PlayerView, RoundResult, Rules

from .codec import from_wire, to_wire


def view_to_wire(view: PlayerView) -> Any:
    """A PlayerView as plain data."""
    return to_wire(view, PlayerView)


def view_from_wire(data: Any, path: str = "view") -> PlayerView:
    """Strictly decode a PlayerView. Raises DecodeError."""
    return cast(PlayerView, from_wire(data, PlayerView, path))


def action_to_wire(action: Action) -> Any:
    """An engine action as a tagged map: ``{"type": "keep_card", "card": 7, "pile": 1}``."""
    return to_wire(action, Action)


def action_from_wire(data: Any, path: str = "action") -> Action:
    """Strictly decode an action. Raises DecodeError."""
    return cast(Action, from_wire(data, Action, path))


def event_to_wire(event: Event) -> Any:
    """An event as a map of its non-default fields."""
    return to_wire(event, Event)


def event_from_wire(data: Any, path: str = "event") -> Event:
    """Strictly decode an event. Raises DecodeError."""
    return cast(Event, from_wire(data, Event, path))


def result_to_wire(result: RoundResult) -> Any:
    """A round result as plain data."""
    return to_wire(result, RoundResult)


def result_from_wire(data: Any, path: str = "result") -> RoundResult:
    """Strictly decode a round result. Raises DecodeError."""
    return cast(RoundResult, from_wire(data, RoundResult, path))


def rules_to_wire(rules: Rules) -> Any:
    """Game options as plain data."""
    return to_wire(rules, Rules)


def rules_from_wire(data: Any, path: str = "rules") -> Rules:
    """Strictly decode game options. Raises DecodeError."""
    return cast(Rules, from_wire(data, Rules, path))
