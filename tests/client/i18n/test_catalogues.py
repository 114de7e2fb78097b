"""The catalogues: complete in all four languages, placeholders kept, GLOSSARY terms, and the
language chosen from the command line or the environment."""

from __future__ import annotations

from pathlib import Path

import pytest
from seasalt.client.cli import build_parser
from seasalt.client.words import i18n, i18n_tools
from seasalt.client.words.game import color_name, color_short, kind_name
from seasalt.engine import Color, Kind

LANGS = tuple(i18n.LANGUAGES)
GLOSSARY = Path(__file__).resolve().parents[3].parent / "shared" / "GLOSSARY.md"


@pytest.mark.parametrize("lang", LANGS)
def test_every_source_string_is_translated(lang: str) -> None:
    problems = i18n_tools.problems(lang)
    assert not problems, (
        f"{len(problems)} problems in the {lang} catalogue (run `python -m "
        f"seasalt.client.words.i18n_tools update`, then translate): {problems[:8]}"
    )


@pytest.mark.parametrize("lang", ("pt", "es", "fr"))
def test_every_entry_keeps_its_placeholders(lang: str) -> None:
    catalog = i18n_tools.read(lang)
    checked = 0
    for message in catalog:
        if not message.id or not message.string:
            continue
        want = i18n_tools.placeholders(i18n_tools.msgid_text(message.id))
        allowed = i18n_tools.MAY_DROP.get(message.context, set())
        if isinstance(message.id, tuple):  # ngettext: each form; a form may omit the count
            forms, allowed = list(message.string), allowed | {"{n}"}
            assert len(forms) == catalog.num_plurals, message.id
        else:
            forms = [message.string]
        for form in forms:
            have = i18n_tools.placeholders(form)
            assert set(have) <= set(want), (message.id, form)
            assert set(want) - set(have) <= allowed, (message.id, form)
        checked += 1
    assert checked > 300


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "1 finished game.", "2 finished games."),
        ("pt", "1 partida terminada.", "2 partidas terminadas."),
        ("es", "1 partida terminada.", "2 partidas terminadas."),
        ("fr", "1 partie terminée.", "2 parties terminées."),
    ],
)
def test_counts_take_the_plural_form_of_each_language(lang: str, one: str, two: str) -> None:
    t = i18n.translator(lang)
    one_game = "{n} finished game. Enter: watch · e: export · s: statistics"
    games = "{n} finished games. Enter: watch · e: export · s: statistics"
    assert t.ngettext(one_game, games, 1).format(n=1).startswith(one)
    assert t.ngettext(one_game, games, 2).format(n=2).startswith(two)
    # French and Portuguese (CLDR) say "0 partie terminée", Spanish "0 partidas terminadas".
    zero = t.ngettext(one_game, games, 0).format(n=0)
    assert zero.startswith(("0 " + one[2:]) if lang in ("pt", "fr") else ("0 " + two[2:]))


def test_the_check_catches_a_plural_without_every_form(monkeypatch: pytest.MonkeyPatch) -> None:
    real = i18n_tools.read

    def damaged(lang: str):  # type: ignore[no-untyped-def]
        catalog = real(lang)
        catalog.get("{n} card").string = ("{n} carta", "")
        return catalog

    monkeypatch.setattr(i18n_tools, "read", damaged)
    assert "untranslated: ('{n} card', '{n} cards')" in "\n".join(i18n_tools.problems("pt"))


def test_the_check_catches_a_missing_or_broken_translation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = i18n_tools.read

    def damaged(lang: str):  # type: ignore[no-untyped-def]
        catalog = real(lang)
        catalog.get("Crab").string = ""
        catalog.get("Deck {n}").string = "Baralho {m}"
        catalog.delete("End your turn")
        return catalog

    monkeypatch.setattr(i18n_tools, "read", damaged)
    found = "\n".join(i18n_tools.problems("pt"))
    assert "untranslated: 'Crab'" in found
    assert "placeholders differ: 'Deck {n}'" in found
    assert "missing: 'End your turn'" in found


def _glossary() -> dict[str, dict[str, str]]:
    """code -> {lang: name} from the GLOSSARY tables (the "(?)" marks dropped)."""
    rows: dict[str, dict[str, str]] = {}
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0].isupper():
            en, pt, es, fr = (c.replace("(?)", "").strip() for c in cells[1:])
            rows[cells[0]] = {"en": en, "pt": pt, "es": es, "fr": fr}
    return rows


@pytest.mark.skipif(not GLOSSARY.is_file(), reason="shared/GLOSSARY.md is not beside the repo")
@pytest.mark.parametrize("lang", ("pt", "es", "fr"))
def test_card_and_colour_names_follow_the_glossary(lang: str) -> None:
    glossary = _glossary()
    i18n.set_language(lang)
    for kind in Kind:
        assert kind_name(kind) == glossary[kind.name][lang], kind
    for color in Color:
        assert color_name(color) == glossary[color.name][lang], color


@pytest.mark.skipif(not GLOSSARY.is_file(), reason="shared/GLOSSARY.md is not beside the repo")
@pytest.mark.parametrize("lang", ("pt", "es", "fr"))  # English: the usual dk. and lt.
def test_every_colour_tag_abbreviates_its_glossary_name(lang: str) -> None:
    # The tag on every card ("Crab·dk.blue"): each piece starts a word of the colour's name, in
    # order. French light orange read "or.clair": "or" is gold.
    glossary = _glossary()
    i18n.set_language(lang)
    for color in Color:
        words = glossary[color.name][lang].replace("-", " ").split()
        pieces = color_short(color).split(".")
        assert len(pieces) == len(words), color
        for piece, word in zip(pieces, words, strict=True):
            assert word.startswith(piece), (color, piece, word)
    if lang == "fr":
        assert "or" not in color_short(Color.LIGHT_ORANGE).split(".")


def test_glossary_calls_and_terms() -> None:
    # RULES terms as GLOSSARY spells them (the second table of the glossary).
    expected = {
        "pt": {"STOP": "PARE", "LAST CHANCE": "ÚLTIMA CHANCE", "pair": "dupla"},
        "es": {"STOP": "STOP", "LAST CHANCE": "LAST CHANCE", "pair": "dúo"},
        "fr": {"STOP": "STOP", "LAST CHANCE": "DERNIÈRE CHANCE", "pair": "duo"},
    }
    for lang, words in expected.items():
        t = i18n.translator(lang)
        for msgid, word in words.items():
            assert t.gettext(msgid) == word, (lang, msgid)
    pt, fr = i18n.translator("pt"), i18n.translator("fr")
    assert "baralho" in pt.gettext("Draw 2 from the deck: keep 1, discard the other")
    assert "pioche" in fr.gettext("{who} drew the last card of the deck.")
    assert "rodada" in i18n.translator("pt").gettext("round {n}")
    assert "manche" in i18n.translator("fr").gettext("round {n}")
    assert "ronda" in i18n.translator("es").gettext("round {n}")


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({}, "en"),
        ({"LANG": "pt_BR.UTF-8"}, "pt"),
        ({"LANG": "fr_FR.UTF-8", "LC_ALL": "es_ES.UTF-8"}, "es"),
        ({"LANG": "fr_FR", "LC_MESSAGES": "es_ES", "LC_ALL": ""}, "es"),
        ({"LANGUAGE": "de:fr_CA:en", "LANG": "pt_BR"}, "fr"),
        ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "es_MX@euro"}, "es"),
    ],
)
def test_language_from_the_environment(env: dict[str, str], lang: str) -> None:
    assert i18n.language_from_env(env) == lang


def test_resolve_reads_the_environment_only_without_a_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert i18n.resolve(None) == "fr"
    assert i18n.resolve("pt") == "pt"
    assert i18n.resolve("xx") == "en"


def test_lang_option() -> None:
    parser = build_parser()
    assert parser.parse_args(["--lang", "pt"]).lang == "pt"
    assert parser.parse_args(["--lang", "pt_BR"]).lang == "pt"
    assert parser.parse_args([]).lang is None
    with pytest.raises(SystemExit) as exit_info:
        parser.parse_args(["--lang", "klingon"])
    assert exit_info.value.code == 2


def test_unknown_language_falls_back_to_english_and_contexts_to_the_plain_form() -> None:
    assert i18n.translator("xx").gettext("End your turn") == "End your turn"
    i18n.set_language("es")
    assert i18n.pgettext("you", "Game over.") == "Fin de la partida."
    assert i18n.about(0, 0)("{who} kept {card}.") == "Te quedaste con {card}."
    assert i18n.about(1, 0)("{who} kept {card}.") == "{who} se quedó con {card}."
    stole = "{who} stole {card} from {target}."
    assert i18n.about(1, 0, target=0)(stole) == "{who} te robó {card}."


def test_the_replay_viewer_speaks_the_chosen_language(tmp_path: Path) -> None:
    from seasalt.client import cli

    assert cli.main(["--replay", str(tmp_path / "missing.json"), "--lang", "pt"]) == 1
    assert i18n._("End your turn") == "Encerrar o turno"  # the replay app has no translator
