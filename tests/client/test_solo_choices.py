"""The start menu's solo choices kept between runs (client/files/settings.py): what was kept
comes back, and a kept value the client cannot use (edited, from another version) falls back to that
choice's default alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from seasalt.client.files import settings
from seasalt.client.files.settings import SoloChoices


@pytest.fixture(autouse=True)
def _settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "settings.json"
    monkeypatch.setattr(settings, "settings_path", lambda: path)
    return path


def test_the_choices_kept_come_back_beside_the_other_settings() -> None:
    assert settings.load().solo == SoloChoices()  # nothing kept yet: the defaults
    settings.update(auto_end_turn=True)
    chosen = SoloChoices(opponents=3, level="expert", extra_salt=True, double_target=True)
    assert settings.update(solo=chosen)
    assert settings.load().solo == chosen
    assert settings.load().auto_end_turn is True  # the other settings stay


def test_a_value_it_cannot_use_falls_back_to_that_choices_default(_settings: Path) -> None:
    _settings.write_text(json.dumps({"solo": {
        "opponents": 7, "level": "godlike", "extra_salt": "yes", "extra_pepper": True}}))
    assert settings.load().solo == SoloChoices(extra_pepper=True)
    _settings.write_text(json.dumps({"solo": ["not", "a", "map"]}))
    assert settings.load().solo == SoloChoices()
    _settings.write_text(json.dumps({"solo": {"opponents": True, "level": 3}}))
    assert settings.load().solo == SoloChoices()  # (True is an int to Python: not a count)
