"""docs/protocol.md stays in step with seasalt.protocol: every tag, error code, action type and
event kind the code knows is in the spec, and the spec's examples decode."""

from __future__ import annotations

import json
import re
from pathlib import Path

from seasalt.engine import ACTION_TYPES, EventKind, Phase
from seasalt.protocol import (
    CLIENT_MESSAGES,
    SERVER_MESSAGES,
    ErrorCode,
    action_from_wire,
    event_from_wire,
    tag_name,
)
from seasalt.protocol.wire import message_tag

SPEC = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text()


def table_rows(heading: str) -> list[str]:
    """First cells (between backticks) of the table under ``heading``, without its header."""
    section = SPEC.split(heading, 1)[1]
    rows = []
    for line in section.splitlines()[1:]:
        if line.startswith("#"):
            break
        match = re.match(r"\| `([a-z_]+)` \|", line)
        if match:
            rows.append(match.group(1))
    header = {"t", "type"}
    return [row for row in rows if row not in header]


def test_every_message_tag_is_specified_in_its_direction() -> None:
    assert set(table_rows("### Client → server")) == {message_tag(c) for c in CLIENT_MESSAGES}
    assert set(table_rows("### Server → client")) == {message_tag(c) for c in SERVER_MESSAGES}


def test_every_error_code_is_specified() -> None:
    assert set(table_rows("### Errors")) == {code.value for code in ErrorCode}


def test_every_action_type_is_specified() -> None:
    assert set(table_rows("### Actions")) == {tag_name(cls) for cls in ACTION_TYPES}


def test_every_event_kind_and_phase_is_named() -> None:
    for kind in EventKind:
        assert kind.value in SPEC, kind
    for phase in Phase:
        assert f'"{phase.value}"' in SPEC, phase


def test_the_wire_examples_decode() -> None:
    events = re.findall(r'`(\{"kind": [^`]+\})`', SPEC)
    assert len(events) >= 2
    for text in events:
        event = event_from_wire(json.loads(text))
        assert event.kind is EventKind.DREW_FROM_DECK
    actions = re.findall(r'`(\{"type": [^`]+\})`', SPEC)
    assert actions
    for text in actions:
        action_from_wire(json.loads(text))
