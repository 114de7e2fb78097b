"""Catalogue upkeep with Babel: extract the client's strings, merge them into every catalogue,
and check the translations (complete, placeholders kept).

    python -m seasalt.client.words.i18n_tools update   # extract, then merge into all four .po files
    python -m seasalt.client.words.i18n_tools update --prune   # ... and drop strings no longer used
    python -m seasalt.client.words.i18n_tools check    # list what is missing, empty or broken
    python -m seasalt.client.words.i18n_tools pot      # print the template

New strings arrive with an empty msgstr (English shows them as they are); ``check`` and the
catalogue test fail until every language has them translated.
"""

from __future__ import annotations

import datetime
import functools
import io
import string
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_python
from babel.messages.pofile import read_po, write_po
from seasalt.client.words.i18n import (
    CLIENT_DIR,
    DEFAULT_LANGUAGE,
    DOMAIN,
    LANGUAGES,
    TO_YOU,
    YOU,
    po_path,
)

KEYWORDS: dict[str, object] = {
    "_": None, "N_": None, "Y_": None, "YT_": None, "ngettext": (1, 2), "pgettext": (1, 2),
}
# pgettext("literal context", "msgid"): an entry in that context only (dialog keys).
# ngettext(singular, plural, n): one entry with msgid_plural and a msgstr per plural form.
# Y_ and YT_ are ``seasalt.client.words.i18n.about(...)``: their sentences also get a translation
# for when the reader is the subject (context "you"), and YT_ for when the reader is the target.
CONTEXT_KEYWORDS: dict[str, dict[str, None]] = {
    YOU: {"Y_": None, "YT_": None},
    TO_YOU: {"YT_": None},
}
# Modules without prose for people (protocol plumbing, the headless player, argparse help in
# English on purpose) are skipped: everything else under client/ is scanned.
SKIP = {"connection.py", "headless.py", "cli.py", "i18n_tools.py"}

ALL = frozenset({"pt", "es", "fr"})
SAME_IN: dict[str, frozenset[str]] = {
    # names and symbols
    "Sea Salt & Paper": ALL,
    "Extra Salt": ALL,
    "Extra Pepper": ALL,  # the expansion's name, as Extra Salt's
    "{event}: {points} {what}": frozenset({"pt", "es"}),
    "{pile}:": frozenset({"pt", "es"}),  # (French spaces its colon)
    "{choice}: {why}": frozenset({"pt", "es"}),
    "{kind} ({color})": ALL,
    "{event} ({effect})": ALL,  # a lesson's event card and what it does
    "{title} · {n}/{total}": ALL,  # a lesson's progress
    "Bot {n}": ALL,
    "bot {level}": ALL,
    "bot: {level}": frozenset({"pt", "es"}),
    "[bot: {level}]": frozenset({"pt", "es"}),
    # words spelt the same
    "total": ALL,
    "total {n}": ALL,
    "total {points}": ALL,
    "multipl.": ALL,
    "mult.": ALL,
    "trio": frozenset({"pt", "fr"}),
    "points": frozenset({"fr"}),
    "Chat": frozenset({"pt", "es"}),
    "No": frozenset({"es"}),
    "No (n)": frozenset({"es"}),
    "No ({key})": frozenset({"es"}),
    "Scores": frozenset({"fr"}),
    "Scores (h)": frozenset({"fr"}),
    "Scores — table {table}": frozenset({"fr"}),
    "place": frozenset({"fr"}),
    "STOP": frozenset({"es", "fr"}),  # GLOSSARY
    "LAST CHANCE": frozenset({"es"}),  # GLOSSARY
    "expert": frozenset({"fr"}),
    "Coach": frozenset({"fr"}),  # the coach: the word French players use
    "Date": frozenset({"fr"}),
    "Table": frozenset({"fr"}),
    "Options": frozenset({"fr"}),
    "Port": frozenset({"fr"}),
    "orange": frozenset({"fr"}),
}
"""Translations allowed to read the same as the English msgid, and where."""


def source_files() -> list[Path]:
    """Every client module that may hold strings for people."""
    return sorted(
        path for path in CLIENT_DIR.rglob("*.py")
        if path.name not in SKIP and "locale" not in path.relative_to(CLIENT_DIR).parts
    )


Msgid = str | tuple[str, str]
"""A msgid, or (singular, plural) for an ``ngettext`` entry."""


@functools.cache
def _extract(path: Path, mtime: float) -> tuple[tuple[str, Msgid, int], ...]:
    """(keyword, msgid, line) of every literal marked in one file (cached while unchanged)."""
    del mtime  # part of the cache key only
    found: list[tuple[str, Msgid, int]] = []
    with path.open("rb") as handle:
        for lineno, funcname, messages, _comments in extract_python(
            handle, KEYWORDS, [], {"encoding": "utf-8"}  # type: ignore[arg-type]
        ):
            if funcname == "pgettext" and isinstance(messages, (tuple, list)):
                context, message = messages[0], messages[1]
                if isinstance(context, str) and isinstance(message, str) and message:
                    found.append((f"pgettext:{context}", message, lineno))
                continue
            if funcname == "ngettext" and isinstance(messages, (tuple, list)):
                one, many = messages[0], messages[1]
                if isinstance(one, str) and isinstance(many, str) and one and many:
                    found.append((str(funcname), (one, many), lineno))
                continue
            message = messages[0] if isinstance(messages, (tuple, list)) else messages
            if isinstance(message, str) and message:
                found.append((str(funcname), message, lineno))
    return tuple(found)


def msgid_text(msgid: Msgid) -> str:
    """The text a msgid's placeholders are read from (the plural form of an ngettext)."""
    return msgid if isinstance(msgid, str) else msgid[1]


def iter_entries() -> Iterator[tuple[str | None, Msgid, str, int]]:
    """Every catalogue entry the client needs: (context, msgid, file, line)."""
    for path in source_files():
        rel = path.relative_to(CLIENT_DIR).as_posix()
        marked = _extract(path, path.stat().st_mtime)
        for keyword, message, lineno in marked:
            if keyword.startswith("pgettext:"):
                yield keyword.removeprefix("pgettext:"), message, rel, lineno
            else:
                yield None, message, rel, lineno
        for context, keywords in CONTEXT_KEYWORDS.items():
            for keyword, message, lineno in marked:
                if keyword in keywords:
                    yield context, message, rel, lineno


def iter_msgids() -> Iterator[tuple[str, str, int]]:
    """Every literal passed to ``_()`` (or ``N_``, ``Y_``, ``YT_``) in the client:
    (msgid, file, line)."""
    for context, msgid, path, line in iter_entries():
        if context is None:
            if isinstance(msgid, tuple):
                yield msgid[0], path, line
                yield msgid[1], path, line
            else:
                yield msgid, path, line


def template() -> Catalog:
    """The catalogue template for the current sources."""
    catalog = Catalog(domain=DOMAIN, project="seasalt", version="", fuzzy=False,
                      creation_date=FIXED_DATE)
    for context, msgid, path, line in iter_entries():
        flags = ("python-brace-format",) if placeholders(msgid_text(msgid)) else ()
        catalog.add(msgid, locations=[(path, line)], flags=flags, context=context)
    return catalog


def _write(catalog: Catalog) -> str:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, sort_output=False)
    return buffer.getvalue().decode("utf-8")


def render_template() -> str:
    """The template as ``.pot`` text."""
    return _write(template())


def read(lang: str) -> Catalog:
    """The catalogue of ``lang`` as it is in the repo (an empty one when missing)."""
    path = po_path(lang)
    if not path.is_file():
        return Catalog(locale=lang, domain=DOMAIN, project="seasalt", fuzzy=False)
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


FIXED_DATE = datetime.datetime(2026, 11, 29, tzinfo=datetime.UTC)
"""Header dates stay put, so a catalogue's diff shows only its messages."""


def _describe(catalog: Catalog, lang: str) -> None:
    name = LANGUAGES[lang]
    catalog.header_comment = (
        f"# {name} catalogue of the seasalt Textual client.\n"
        "# Card, colour and game terms follow shared/GLOSSARY.md.\n"
        "# Update: python -m seasalt.client.words.i18n_tools update (then translate what is new);\n"
        "# check: python -m seasalt.client.words.i18n_tools check"
    )
    catalog.project, catalog.version = "seasalt", ""
    catalog.msgid_bugs_address = ""
    catalog.last_translator = catalog.language_team = f"seasalt ({name})"
    catalog.creation_date = catalog.revision_date = FIXED_DATE


def update(prune: bool = False) -> dict[str, int]:
    """Merge the current strings into every catalogue; returns the untranslated count by
    language. Entries no longer in the sources are kept (another checkout may still use them)
    unless ``prune``; git keeps what pruning drops."""
    tpl = template()
    untranslated: dict[str, int] = {}
    for lang in LANGUAGES:
        catalog = read(lang)
        catalog.update(tpl, no_fuzzy_matching=True)
        if not prune:
            for message in catalog.obsolete.values():
                message.locations = []
                catalog[message.id] = message
        catalog.obsolete.clear()
        catalog.fuzzy = False
        _describe(catalog, lang)
        po_path(lang).parent.mkdir(parents=True, exist_ok=True)
        po_path(lang).write_text(_write(catalog), encoding="utf-8")
        if lang != DEFAULT_LANGUAGE:
            untranslated[lang] = sum(1 for m in catalog if m.id and not _translated(m.string))
    return untranslated


def _translated(text: object) -> bool:
    """A msgstr is there: a non-blank string, or every plural form non-blank."""
    if isinstance(text, str):
        return bool(text.strip())
    if isinstance(text, (tuple, list)):
        return bool(text) and all(isinstance(t, str) and t.strip() for t in text)
    return False


def placeholders(text: str) -> list[str]:
    """The ``str.format`` fields of ``text``, sorted (``{n}`` twice counts twice)."""
    fields = []
    for _literal, field, spec, conversion in string.Formatter().parse(text):
        if field is not None:
            fields.append(f"{{{field}{'!' + conversion if conversion else ''}"
                          f"{':' + spec if spec else ''}}}")
    return sorted(fields)


# A "you" sentence may leave out the reader's name: "{who} drew…" -> "Robaste…".
MAY_DROP = {None: set(), YOU: {"{who}"}, TO_YOU: {"{target}"}}


def problems(lang: str) -> list[str]:
    """What is wrong with the catalogue of ``lang`` for the current sources (empty: fine)."""
    catalog = read(lang)
    found: list[str] = []
    for context, msgid in dict.fromkeys((c, m) for c, m, _path, _line in iter_entries()):
        message = catalog.get(msgid, context=context)
        where = f"[{context}] {msgid!r}" if context else repr(msgid)
        if message is None or isinstance(msgid, tuple) != isinstance(message.id, tuple):
            found.append(f"missing: {where}")
            continue
        if isinstance(msgid, tuple) and tuple(message.id) != msgid:
            found.append(f"plural differs: {where}")
            continue
        if lang == DEFAULT_LANGUAGE:
            continue
        if not _translated(message.string):
            found.append(f"untranslated: {where}")
            continue
        if message.fuzzy:
            found.append(f"fuzzy: {where}")
        forms = [message.string] if isinstance(message.string, str) else list(message.string or ())
        if isinstance(msgid, tuple) and len(forms) != catalog.num_plurals:
            found.append(f"{len(forms)} plural forms, not {catalog.num_plurals}: {where}")
        if (forms == [msgid] and context is None
                and lang not in SAME_IN.get(msgid_text(msgid), frozenset())):
            found.append(f"same as English (add to SAME_IN if meant): {where}")
        # A plural form may leave the count out ("une carte"), never add a placeholder.
        may_drop = MAY_DROP.get(context, set()) | ({"{n}"} if isinstance(msgid, tuple) else set())
        for text in forms:
            try:
                have, want = placeholders(text), placeholders(msgid_text(msgid))
            except ValueError as error:
                found.append(f"bad format string ({error}): {text!r}")
                continue
            extra = set(have) - set(want)
            dropped = set(want) - set(have)
            if extra or not dropped <= may_drop or any(
                have.count(f) > want.count(f) for f in have
            ):
                found.append(f"placeholders differ: {where} -> {text!r}")
    return found


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "check"
    if command == "pot":
        print(render_template(), end="")
        return 0
    if command == "update":
        for lang, count in update(prune="--prune" in args).items():
            print(f"{lang}: {count} untranslated")
        return 0
    if command == "check":
        bad = 0
        for lang in LANGUAGES:
            for line in problems(lang):
                print(f"{lang}: {line}")
                bad += 1
        return 1 if bad else 0
    print(f"unknown command {command!r}: use update, check or pot", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
