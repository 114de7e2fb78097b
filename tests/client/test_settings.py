"""The player's settings (client/files/settings.py): one typed object in one file, checked as it
is read, and an older client's name file moved in once."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from seasalt.client.files import settings
from seasalt.client.files.settings import Settings, SoloChoices


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(settings, "config_dir", lambda: tmp_path)
    return tmp_path


def test_what_is_saved_loads_back(config: Path) -> None:
    assert settings.load() == Settings()  # nothing kept yet: the defaults
    assert not (config / "settings.json").exists()
    kept = Settings(name="Marina", auto_end_turn=True,
                    solo=SoloChoices(opponents=1, level="expert", extra_pepper=True))
    assert settings.save(kept)
    assert settings.load() == kept
    assert settings.update(auto_end_turn=False)  # one setting: the others stay
    assert settings.load() == Settings(name="Marina", solo=kept.solo)
    assert settings.save_name("  Zoe ") and settings.load_name() == "Zoe"
    assert not settings.save_name("   ")  # not a name: nothing written
    assert settings.load_name() == "Zoe"
    on_disk = json.loads((config / "settings.json").read_text())
    assert on_disk["name"] == "Zoe" and on_disk["solo"]["level"] == "expert"
    assert (config / "settings.json").stat().st_mode & 0o777 == 0o600


def test_a_newer_clients_keys_are_written_back(config: Path) -> None:
    (config / "settings.json").write_text(json.dumps({"theme": "dark", "auto_end_turn": True}))
    assert settings.update(name="Ada")
    on_disk = json.loads((config / "settings.json").read_text())
    assert (on_disk["theme"], on_disk["auto_end_turn"], on_disk["name"]) == ("dark", True, "Ada")
    assert settings.load() == Settings(name="Ada", auto_end_turn=True)


def test_a_setting_it_cannot_use_falls_back_alone_and_says_which(
        config: Path, caplog: pytest.LogCaptureFixture) -> None:
    (config / "settings.json").write_text(json.dumps({
        "name": "x" * 500, "auto_end_turn": "yes", "solo": {"opponents": 2, "level": "godlike",
                                                           "double_target": True}}))
    with caplog.at_level(logging.WARNING, logger="seasalt.client"):
        loaded = settings.load()
    assert loaded == Settings(solo=SoloChoices(double_target=True))
    said = caplog.text
    for key in ("'name'", "'auto_end_turn'", "'solo.level'"):
        assert key in said
    assert "'solo.double_target'" not in said


def test_a_corrupt_file_gives_the_defaults_and_is_kept_aside(
        config: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = config / "settings.json"
    path.write_text('{"name": "Ada", "auto_end_turn": tru')  # cut short by hand
    with caplog.at_level(logging.WARNING, logger="seasalt.client"):
        assert settings.load() == Settings()
    assert "not read (defaults used)" in caplog.text
    assert settings.update(auto_end_turn=True)
    assert settings.load() == Settings(auto_end_turn=True)
    assert (config / "settings.json.bad").read_text() == '{"name": "Ada", "auto_end_turn": tru'
    path.write_text("[1, 2]")  # JSON, but not settings
    assert settings.load() == Settings()


def test_an_older_clients_files_are_migrated_once(config: Path) -> None:
    # An older client: the name alone in ``name``, the other settings in settings.json.
    (config / "name").write_text("Marina\n")
    (config / "settings.json").write_text(json.dumps({
        "auto_end_turn": True, "solo": {"opponents": 3, "level": "random", "extra_salt": True,
                                        "extra_pepper": False, "double_target": False}}))
    expected = Settings(name="Marina", auto_end_turn=True,
                        solo=SoloChoices(opponents=3, level="random", extra_salt=True))
    assert settings.load() == expected
    assert not (config / "name").exists()  # read once
    assert json.loads((config / "settings.json").read_text())["name"] == "Marina"
    assert settings.load() == expected
    # A name file beside settings that have a name already: theirs wins, the file goes.
    (config / "name").write_text("Old\n")
    assert settings.load_name() == "Marina"
    assert not (config / "name").exists()


def test_an_older_clients_name_alone_is_migrated(config: Path) -> None:
    (config / "name").write_text("Zoe\n")
    assert settings.load_name() == "Zoe"
    assert not (config / "name").exists()
    assert settings.load() == Settings(name="Zoe")
