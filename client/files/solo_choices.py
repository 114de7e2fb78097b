"""The start menu's solo choices (opponents, bot level, options), kept between runs as the
player's name is: the menu offers last time's game again, not 2 greedy bots every time.

One key of the player's settings (client/files/user_settings.py). Anything missing or out of range
there (an older client, an edited file, a level since removed) falls back to the default of
that choice alone: settings never stop the client.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from seasalt.bots import LEVELS
from seasalt.client.files import user_settings

SETTING = "solo"
OPPONENTS = (1, 2, 3)


@dataclass(frozen=True)
class SoloChoices:
    opponents: int = 2
    level: str = "greedy"
    extra_salt: bool = False
    extra_pepper: bool = False
    double_target: bool = False


def load() -> SoloChoices:
    """Last time's choices (the defaults for any not kept)."""
    kept = user_settings.load().get(SETTING)
    if not isinstance(kept, dict):
        return SoloChoices()
    default = SoloChoices()
    opponents = kept.get("opponents")
    level = kept.get("level")

    def flag(key: str) -> bool:
        value = kept.get(key)
        return value if isinstance(value, bool) else bool(getattr(default, key))

    return SoloChoices(
        # (type, not isinstance: True would pass for 1 opponent)
        opponents=opponents if type(opponents) is int and opponents in OPPONENTS
        else default.opponents,
        level=level if isinstance(level, str) and level in LEVELS else default.level,
        extra_salt=flag("extra_salt"), extra_pepper=flag("extra_pepper"),
        double_target=flag("double_target"),
    )


def save(choices: SoloChoices) -> bool:
    """Keep the choices of the solo game just started; False when they cannot be written."""
    return user_settings.save(SETTING, asdict(choices))
