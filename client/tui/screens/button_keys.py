"""Button keys in the player's language: "Parar servidor (p)", "Rejouer (r)".

Each key is one lower-case letter a translator chooses (a ``pgettext`` entry in the context
"dialog key", literal in the caller so the catalogue tool finds it), shown in the button's
label. Keys of one dialog never clash: a translated letter already taken (or reserved, like
the score sheet's ``h``) falls back to the English one, then to the first free letter of the
label, so every button keeps a key that works.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual.events import Key


@dataclass(frozen=True)
class ButtonKey:
    """One button: its id, its key and its label (naming the key)."""

    id: str
    key: str
    label: str


def button_keys(
    buttons: Sequence[tuple[str, str, str, str]], reserved: Sequence[str] = ()
) -> list[ButtonKey]:
    """``(id, translated key, English key, label with {key})`` -> buttons with distinct keys."""
    taken = {k.lower() for k in reserved}
    out = []
    for button_id, translated, english, label in buttons:
        words = label.replace("{key}", "")
        candidates = [translated[:1].lower(), english[:1].lower()]
        candidates += [c.lower() for c in words if c.isalpha()]
        key = next((c for c in candidates if c and c.isalpha() and c not in taken), english)
        taken.add(key)
        out.append(ButtonKey(button_id, key, label.format(key=key)))
    return out


def pressed(event: Key, keys: Sequence[ButtonKey]) -> str | None:
    """The id of the button whose key ``event`` is, if any."""
    typed = (event.character or event.key or "").lower()
    return next((b.id for b in keys if b.key == typed), None)
