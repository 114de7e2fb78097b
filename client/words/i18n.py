"""gettext for the Textual client: one :class:`Translator` per app, ``_()`` resolves through it.

The catalogues are ``.po`` files under ``client/words/locale/<lang>/LC_MESSAGES/seasalt.po``
(English, Portuguese as in Brazil, Spanish, French). Babel reads a catalogue at run time and
compiles it in memory for :class:`gettext.GNUTranslations`: no build step, and the ``.po`` files in
the repo are the only source.

Each :class:`~seasalt.client.tui.app.SeasaltApp` holds its own ``translator``; ``_()`` finds it
through the running app (:data:`find_running_app`, which the Textual app's package sets up),
so two apps in one process, as in tests, each speak their own language. Outside an app ``_()``
uses the process default (English unless :func:`set_language` says otherwise). Player names and
chat are never passed through ``_()``.

Catalogue upkeep (extracting the strings, merging them into every catalogue, checking them)
lives in :mod:`seasalt.client.words.i18n_tools`.
"""

from __future__ import annotations

import functools
import gettext
import io
import os
import re
from collections.abc import Callable, Iterator, Mapping
from functools import partial
from pathlib import Path

from seasalt.client.words import catalogue_cache

DOMAIN = "seasalt"
LOCALE_DIR = Path(__file__).parent / "locale"
CLIENT_DIR = Path(__file__).parents[1]
"""The client package: every module's strings are extracted from it (i18n_tools)."""
DEFAULT_LANGUAGE = "en"
LANGUAGES: dict[str, str] = {
    "en": "English",
    "pt": "Português",
    "es": "Español",
    "fr": "Français",
}
"""The languages with a catalogue, each named in itself (never translated)."""


def N_(message: str) -> str:
    """Mark a msgid that reaches ``_()`` through a variable (extraction sees it here)."""
    return message


# Msgids that the client passes to ``_()`` as variables: the bot levels (``_(plan.level)``).
DYNAMIC_MSGIDS = (N_("random"), N_("basic"), N_("greedy"), N_("expert"))


def po_path(lang: str) -> Path:
    """Where the catalogue of ``lang`` lives."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def normalise(code: str | None) -> str | None:
    """``pt_BR.UTF-8`` -> ``pt``; ``C`` / ``POSIX`` -> ``en``; a language without a catalogue
    -> None."""
    if not code:
        return None
    code = code.strip().split(".")[0].split("@")[0]
    if code in ("C", "POSIX"):
        return DEFAULT_LANGUAGE
    base = code.replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def language_from_env(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, in that
    order, as gettext reads them); English when none of them names one we have."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if not value:
            continue
        # LANGUAGE may list several in order of preference: "pt_BR:fr:en".
        for part in value.split(":"):
            found = normalise(part)
            if found:
                return found
        return DEFAULT_LANGUAGE  # the first variable set decides, as in gettext
    return DEFAULT_LANGUAGE


def resolve(lang: str | None) -> str:
    """A language code we have: ``lang`` normalised, the environment's when None, else English."""
    if lang is None:
        return language_from_env()
    return normalise(lang) or DEFAULT_LANGUAGE


_FRENCH_SPACE = re.compile(r"(?<=\S) (?=[:;!?»])|(?<=«) ")
"""The spaces French typography puts before ``: ; ! ?`` and inside guillemets."""


def french_spaces(text: str) -> str:
    """``text`` with the spaces French puts before ``: ; ! ?`` (and inside « ») made no-break
    spaces, so no wrapped line starts with one of them (client/tui/widgets/wrap.py makes the
    wrappers respect them). Done as the catalogue is read: translators type plain spaces, and
    the catalogue keeps them (an invisible character in a ``.po`` is easily lost)."""
    return _FRENCH_SPACE.sub("\u00a0", text)


TYPOGRAPHY: dict[str, Callable[[str], str]] = {"fr": french_spaces}
"""What a language's translations get as they are read (its typography's spaces)."""


@functools.cache
def _compiled(lang: str) -> bytes:
    """The catalogue of ``lang`` compiled to ``.mo`` bytes (once per process; from the user's
    cache when this catalogue was compiled by this code before: catalogue_cache.py)."""
    path = po_path(lang)
    if not path.is_file():
        return b""
    return catalogue_cache.compiled(lang, path.read_bytes(), partial(_compile, lang),
                                    Path(__file__).read_bytes())


def _compile(lang: str, source: bytes) -> bytes:
    """A ``.po`` file's bytes compiled to ``.mo`` bytes, with the language's typography."""
    # Babel is imported here only: a start that finds the catalogue compiled needs none of it.
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalog = read_po(io.BytesIO(source), locale=lang, domain=DOMAIN)
    if (typography := TYPOGRAPHY.get(lang)) is not None:
        for message in catalog:
            if not message.id:
                continue  # the header
            if isinstance(message.string, str):
                message.string = typography(message.string)
            elif message.string:
                message.string = tuple(typography(form) for form in message.string)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)  # untranslated and fuzzy entries are left out: the msgid shows
    return buffer.getvalue()


class Translator:
    """One language's translations; immutable, so apps in the same language share one."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        compiled = _compiled(lang)
        self._translations: gettext.NullTranslations = (
            gettext.GNUTranslations(io.BytesIO(compiled)) if compiled
            else gettext.NullTranslations()
        )

    def gettext(self, message: str) -> str:
        """``message`` in this language (the English msgid when it has no translation)."""
        return self._translations.gettext(message)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in ``context`` (the msgid when that context has no translation)."""
        return self._translations.pgettext(context, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of ``singular``/``plural`` this language uses for ``n`` (its catalogue's
        Plural-Forms: Portuguese and French say "1 carta" / "0 carte" too)."""
        return self._translations.ngettext(singular, plural, n)

    __call__ = gettext

    def __repr__(self) -> str:
        return f"Translator({self.lang!r})"


def translator(lang: str | None = DEFAULT_LANGUAGE) -> Translator:
    """The shared :class:`Translator` of ``lang`` (see :func:`resolve`)."""
    return _translator(resolve(lang))


@functools.cache
def _translator(code: str) -> Translator:
    return Translator(code)


_default: Translator | None = None
"""The process default set by :func:`set_language`; None: English, made at its first use (not
at import: making a translator reads, and may write, the compiled catalogues' cache folder)."""


def _no_app() -> object | None:
    return None


find_running_app: Callable[[], object | None] = _no_app
"""The app running the current task, or None: the Textual app sets it when its package is
imported (``seasalt.client.tui.compat.install``); without Textual there is none."""


def set_language(lang: str | None) -> None:
    """Set the process default: the language of ``_()`` outside a running app."""
    global _default
    _default = translator(lang)


def load(lang: str | None = None) -> Translator:
    """The translator for ``lang`` (None: from the environment); English when none exists."""
    return translator(lang)


def current() -> Translator:
    """The translator of the app running this code, else the process default."""
    app = find_running_app()
    if app is not None:
        found = getattr(app, "translator", None)
        if isinstance(found, Translator):
            return found
    return _default or translator(DEFAULT_LANGUAGE)


def _(message: str) -> str:
    """Translate ``message`` into the language of the app running this code."""
    return current().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """A count's sentence in the app's language: ``ngettext("{n} card", "{n} cards",
    n).format(n=n)``. Every count shown to people goes through it."""
    return current().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` as said in ``context`` (the plain translation when the context has none)."""
    t = current()
    text = t.pgettext(context, message)
    return text if text != message else t.gettext(message)


def decimal(number: float, places: int = 1, sign: bool = False) -> str:
    """``number`` with ``places`` decimals and the language's decimal mark: ``+1,8`` in
    Portuguese, Spanish and French, where the coach read ``+1.8 pontos esperados``."""
    text = f"{number:{'+' if sign else ''}.{places}f}"
    return text.replace(".", pgettext("decimal mark", "."))


YOU = "you"
"""Context of a sentence whose subject ``{who}`` is the reader ("You drew…": in Spanish and
French the verb changes with the person, so these get their own translation)."""
TO_YOU = "to you"
"""Context of a sentence whose object ``{target}`` is the reader ("… stole X from you")."""


def about(actor: int | None, me: int | None, target: int | None = None) -> Callable[[str], str]:
    """``_`` for a sentence about seats: the "you" form when the reader is its subject
    (``Y_``/``YT_`` in the sources), the "to you" form when the reader is its target (``YT_``)."""
    if me is not None and actor == me:
        return partial(pgettext, YOU)
    if me is not None and target is not None and target == me:
        return partial(pgettext, TO_YOU)
    return _


# --- kept for older callers: the upkeep tools live in seasalt.client.words.i18n_tools -------------


def parse_po(text: str) -> dict[str, str]:
    """A ``.po`` file's msgid -> msgstr (an empty msgstr means the msgid), read by Babel."""
    from babel.messages.pofile import read_po

    catalog = read_po(io.StringIO(text))
    return {
        m.id: (m.string if isinstance(m.string, str) and m.string else m.id)
        for m in catalog
        if isinstance(m.id, str) and m.id
    }


def iter_msgids() -> Iterator[tuple[str, str, int]]:
    """Every msgid in the client's sources: (msgid, file, line)."""
    from seasalt.client.words.i18n_tools import iter_msgids as extract

    return extract()


def render_template() -> str:
    """The catalogue template (``.pot``) of the current sources."""
    from seasalt.client.words.i18n_tools import render_template as render

    return render()


if __name__ == "__main__":
    print(render_template(), end="")
