"""The expert's review in the player's language: the frame's headings (bots/review_text.py)
come from the catalogues (client/review_text.py ``headings``), in the text form and on the
review screen's list of decisions."""

from __future__ import annotations

from pathlib import Path

import pytest
from seasalt.bots.review import review_game
from seasalt.client import cli
from seasalt.client.files.replay_file import save_replay
from seasalt.client.review_text import decision_entries, review_text
from seasalt.client.words import i18n

from ..test_review_text import finished_replay

pytestmark = pytest.mark.timeout(60)

ENGLISH = ("Expert review of", "playouts per decision", "decisions: ", "expected points lost",
           "STOP / LAST CHANCE decisions", "the costliest decisions", "round 1, turn",
           "cost: -", "expert: ", "So far", "at table", "(seat 1)")

WORDS = {
    "pt": ("Revisão do especialista de partida 3 na mesa 'kitchen'", "simulações por decisão",
           "== Ann (lugar 1) ==", "== Lugar 2 (bot:random) ==", "pontos esperados perdidos",
           "decisões de PARE / ÚLTIMA CHANCE", "rodada 1, vez ", "custo: -",
           "Até agora: as primeiras 20 de"),
    "es": ("Revisión del experto de partida 3 en la mesa 'kitchen'", "simulaciones por decisión",
           "== Ann (asiento 1) ==", "== Asiento 2 (bot:random) ==", "puntos esperados perdidos",
           "decisiones de STOP / LAST CHANCE", "ronda 1, turno ", "coste: -",
           "Por ahora: las primeras 20 de"),
}


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_the_review_text_is_in_the_players_language(lang: str) -> None:
    replay = finished_replay()
    review = review_game(replay.rules, replay.seed, replay.actions, budget=1)
    i18n.set_language(lang)
    text = review_text(replay, review, reviewed=20)
    for words in WORDS[lang]:
        assert words in text, (words, text)
    for words in ENGLISH:
        assert words not in text, (words, text)
    entries = decision_entries(replay, review)
    moment = WORDS[lang][6].split(" 1, ")  # ("ronda", "turno ")
    assert entries and all(f" · {moment[0]} " in line and f", {moment[1]}" in line
                           for _d, line in entries)


def test_the_text_form_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    save_replay(finished_replay(), path)
    assert cli.main(["--review", str(path), "--text", "--budget", "1", "--lang", "fr"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Analyse de l'expert de partie 3 à la table 'kitchen'")
    assert "== Ann (place 1) ==" in text and "manche 1, tour " in text
    assert "décisions STOP / DERNIÈRE CHANCE" in text
    for words in ENGLISH:
        assert words not in text, (words, text)
