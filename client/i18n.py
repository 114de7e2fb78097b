"""gettext for the Textual client: ``_()`` from the first line, an English catalogue from the start.

The catalogue is a plain ``.po`` file under ``client/locale/<lang>/LC_MESSAGES/seasalt.po`` read
at run time (no build step, no ``msgfmt``). A missing language falls back to the msgids, which
are English. ``python -m seasalt.client.i18n`` prints the msgids found in the client's source,
so the catalogue can be kept complete (a test checks it is).
"""

from __future__ import annotations

import ast
import gettext
import locale
import os
from collections.abc import Iterator
from pathlib import Path

DOMAIN = "seasalt"
LOCALE_DIR = Path(__file__).parent / "locale"
CLIENT_DIR = Path(__file__).parent
# The TUI modules whose strings belong in the catalogue (the headless player prints no prose).
SOURCE_GLOBS = ("app.py", "words.py", "solo.py", "screens/*.py", "widgets/*.py")


def _unquote(token: str) -> str:
    return str(ast.literal_eval(token))


def parse_po(text: str) -> dict[str, str]:
    """Parse a ``.po`` file's msgid/msgstr pairs (plural forms and contexts are not used).

    An empty msgstr means "untranslated": the msgid is used.
    """
    catalogue: dict[str, str] = {}
    msgid: list[str] = []
    msgstr: list[str] = []
    field: list[str] | None = None

    def flush() -> None:
        key = "".join(msgid)
        if key:
            catalogue[key] = "".join(msgstr) or key

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("msgid "):
            flush()
            msgid, msgstr = [_unquote(line[6:])], []
            field = msgid
        elif line.startswith("msgstr "):
            msgstr = [_unquote(line[7:])]
            field = msgstr
        elif line.startswith('"') and field is not None:
            field.append(_unquote(line))
    flush()
    return catalogue


class PoTranslations(gettext.NullTranslations):
    """A translation read straight from a ``.po`` file."""

    def __init__(self, catalogue: dict[str, str]) -> None:
        super().__init__()
        self._catalogue = catalogue

    def gettext(self, message: str) -> str:
        return self._catalogue.get(message, message)


def _languages(lang: str | None) -> list[str]:
    if lang:
        return [lang]
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return [part.split(".")[0] for part in value.split(":") if part]
    code = locale.getlocale()[0]
    return [code] if code else []


def load(lang: str | None = None) -> gettext.NullTranslations:
    """The translation for ``lang`` (None: from the environment); English when none exists."""
    for code in _languages(lang):
        for candidate in (code, code.split("_")[0]):
            po = LOCALE_DIR / candidate / "LC_MESSAGES" / f"{DOMAIN}.po"
            if po.is_file():
                return PoTranslations(parse_po(po.read_text(encoding="utf-8")))
    en = LOCALE_DIR / "en" / "LC_MESSAGES" / f"{DOMAIN}.po"
    if en.is_file():
        return PoTranslations(parse_po(en.read_text(encoding="utf-8")))
    return gettext.NullTranslations()


_current: gettext.NullTranslations = load(None)


def set_language(lang: str | None) -> None:
    """Switch the client's language (called once at start-up)."""
    global _current
    _current = load(lang)


def _(message: str) -> str:
    """Translate ``message`` into the current language."""
    return _current.gettext(message)


def iter_msgids() -> Iterator[tuple[str, str, int]]:
    """Every literal passed to ``_()`` in the TUI sources: (msgid, file, line)."""
    for pattern in SOURCE_GLOBS:
        for path in sorted(CLIENT_DIR.glob(pattern)):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id == "_"
                    and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)
                ):
                    rel = path.relative_to(CLIENT_DIR).as_posix()
                    yield node.args[0].value, rel, node.lineno


def _po_quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def render_template() -> str:
    """The English catalogue for the current sources (msgstr left empty = same as msgid)."""
    seen: dict[str, list[str]] = {}
    for msgid, path, line in iter_msgids():
        seen.setdefault(msgid, []).append(f"{path}:{line}")
    out = [
        "# English catalogue of the seasalt Textual client.",
        "# Regenerate: python -m seasalt.client.i18n > client/locale/en/LC_MESSAGES/seasalt.po",
        'msgid ""',
        'msgstr "Content-Type: text/plain; charset=UTF-8\\n"',
        "",
    ]
    for msgid, where in seen.items():
        out.append("#: " + " ".join(where[:3]))
        out.append(f"msgid {_po_quote(msgid)}")
        out.append('msgstr ""')
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":
    print(render_template(), end="")
