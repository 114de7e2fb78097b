"""Fixtures for the language tests: the shared TUI kit (seasalt.testing.tui) as ``kit``."""

from __future__ import annotations

from typing import Any

import pytest
from seasalt.testing import tui as kit


@pytest.fixture(autouse=True)
def english_outside_apps() -> Any:
    """Tests here set the process default at times: put English back after each."""
    from seasalt.client.words import i18n

    yield
    i18n.set_language("en")


class Kit:
    """The shared kit (seasalt.testing.tui) for test modules (importlib mode: they cannot import
    conftest)."""

    mid_round = staticmethod(kit.mid_round)
    table_app = staticmethod(kit.table_app)
    screen_text = staticmethod(kit.screen_text)
    until = staticmethod(kit.until)
    settled = staticmethod(kit.settled)
    table_ready = staticmethod(kit.table_ready)
    keys = staticmethod(kit.press)
    OneTableLink = kit.OneTableLink


@pytest.fixture(name="kit")
def kit_fixture() -> type[Kit]:
    return Kit
