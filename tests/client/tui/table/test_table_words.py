"""Issue 15's last words on the table: dialog keys in the player's language (host quit, game
over, retry), plurals through ngettext, help on the clocks, and what a LAST CHANCE final turn
means (RULES §6.2)."""

from __future__ import annotations

from typing import Any

import pytest
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.messages import GameEnd
from seasalt.client.tui.screens.button_keys import button_keys
from seasalt.client.tui.screens.connecting import ConnectingScreen
from seasalt.client.tui.screens.dialogs import HostQuitDialog
from seasalt.client.tui.screens.help import HelpScreen
from seasalt.client.tui.screens.result import GameOverScreen
from seasalt.client.tui.screens.stats import stand_in_text
from seasalt.client.tui.widgets.prompt import prompt_text
from seasalt.client.tui.widgets.servers import server_line
from seasalt.client.words import i18n
from seasalt.client.words.game import Names
from seasalt.engine import CallKind, Phase, Rules, make_state, view
from seasalt.testing import tui as kit
from textual.widgets import Button

pytestmark = pytest.mark.timeout(60)

NAMES = ("Ann", "Bob", "Cy")
PENGUINS = (45, 46, 47, 52)  # three penguins (5) and the colony (+6): 11 card points


@pytest.fixture(autouse=True)
def _english_after() -> Any:
    yield
    i18n.set_language("en")


def quiet_app(lang: str) -> SeasaltApp:
    """An app in ``lang`` in a lobby (a fake link: the dialogs are pushed by the test)."""
    return SeasaltApp(LaunchOptions(address="t:7327", name="Ann", lang=lang),
                      link_factory=lambda _a, _n: kit.OneTableLink(kit.mid_round(3)))


class ListeningConnecting(ConnectingScreen):
    """A connecting screen whose retry is only recorded (the app's would connect again)."""

    retried = 0

    def action_retry(self) -> None:
        self.retried += 1


def labels(app: SeasaltApp) -> list[str]:
    return [str(b.label) for b in app.screen.query(Button)]


# --- dialog keys follow the language ------------------------------------------------------------

HOST_QUIT = {
    "en": (("Stop server (s)", "s"), ("Leave running (l)", "l")),
    "pt": (("Parar servidor (p)", "p"), ("Deixar rodando (d)", "d")),
    "es": (("Parar servidor (p)", "p"), ("Dejarlo en marcha (d)", "d")),
    "fr": (("Arrêter le serveur (a)", "a"), ("Le laisser tourner (l)", "l")),
}


GAME_OVER = {
    "en": ("Play again (p)", "Lobby (b)", "Quit (q)"),
    "pt": ("Jogar de novo (j)", "Mesas (m)", "Sair (s)"),
    "es": ("Jugar otra vez (j)", "Mesas (m)", "Salir (s)"),
    "fr": ("Rejouer (r)", "Tables (t)", "Quitter (q)"),
}

RETRY = {"en": ("Retry (r)", "r"), "pt": ("Tentar de novo (t)", "t"),
         "es": ("Reintentar (r)", "r"), "fr": ("Réessayer (r)", "r")}


async def host_quit_keys(app: SeasaltApp, lang: str) -> None:
    """The host's quit dialog, answered each way with its key in ``lang``."""
    (stop_label, stop_key), (leave_label, leave_key) = HOST_QUIT[lang]
    for key, answer in ((stop_key, "stop"), (leave_key, "leave")):
        answers: list[str | None] = []
        app.push_screen(HostQuitDialog(), answers.append)
        await kit.until(lambda: isinstance(app.screen, HostQuitDialog))
        await kit.settled(app)
        assert labels(app)[:2] == [stop_label, leave_label]
        await kit.press(app, key)
        await kit.until(lambda: bool(answers))  # noqa: B023 (awaited here)
        assert answers == [answer]
        await kit.until(lambda: not isinstance(app.screen, HostQuitDialog))


async def game_over_keys(app: SeasaltApp, lang: str) -> None:
    """The game over's three buttons, each answered with its key in ``lang``."""
    answers: list[str | None] = []
    for index, answer in enumerate(("again", "lobby", "quit")):
        end = GameEnd(scores=(30, 20, 10), winners=(0,), standings=(0, 1, 2))
        app.push_screen(GameOverScreen(end, Names(list(NAMES), 0)), answers.append)
        await kit.until(lambda: isinstance(app.screen, GameOverScreen))
        await kit.settled(app)
        assert labels(app)[:3] == list(GAME_OVER[lang])
        key = GAME_OVER[lang][index][-2]  # the letter in the label's brackets
        await kit.press(app, key)
        count = index + 1
        await kit.until(lambda: len(answers) == count)  # noqa: B023 (awaited here)
        assert answers[-1] == answer


async def retry_key(app: SeasaltApp, lang: str) -> None:
    """A failed connection's retry button, pressed with its key in ``lang``."""
    label, key = RETRY[lang]
    screen = ListeningConnecting("…")
    app.push_screen(screen)
    await kit.until(lambda: app.screen is screen and screen.is_mounted)
    screen.failed("x", ())
    await kit.settled(app)
    assert labels(app)[0] == label
    await kit.press(app, key)
    await kit.until(lambda: screen.retried == 1)


@pytest.mark.parametrize("lang", list(HOST_QUIT))
async def test_the_dialog_keys_are_the_languages_own(lang: str) -> None:
    # One app a language: the host quit, game over and retry dialogs in turn over its lobby.
    app = quiet_app(lang)
    async with app.run_test(size=(100, 30)):
        await kit.until(lambda: type(app.screen).__name__ == "LobbyScreen")
        await host_quit_keys(app, lang)
        await game_over_keys(app, lang)
        await retry_key(app, lang)


def test_dialog_keys_never_clash_and_each_label_names_its_key() -> None:
    keys = button_keys([("a", "s", "s", "Sair ({key})"), ("b", "s", "l", "Salão ({key})"),
                        ("c", "h", "q", "Hmm ({key})")], reserved=("h",))
    assert [k.key for k in keys] == ["s", "l", "q"]
    assert [k.label for k in keys] == ["Sair (s)", "Salão (l)", "Hmm (q)"]


# --- plurals ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "1 free seat of 2", "2 free seats of 3"),
    ("pt", "1 lugar livre de 2", "2 lugares livres de 3"),
    ("es", "1 asiento libre de 2", "2 asientos libres de 3"),
    ("fr", "1 place libre sur 2", "2 places libres sur 3"),
])
def test_free_seats_are_counted_with_plural_forms(lang: str, one: str, two: str) -> None:
    from seasalt.client.tui.messages import SeatLabel, TableSummary
    from seasalt.client.tui.screens.table import TableScreen

    i18n.set_language(lang)

    def waiting_room(seats: tuple[SeatLabel | None, ...]) -> str:
        screen = TableScreen("t")
        screen.waiting = TableSummary("t", seats, ("human",) * len(seats))
        return screen.waiting_text().plain

    assert one in waiting_room((SeatLabel("Ann"), None))
    assert two in waiting_room((SeatLabel("Ann"), None, None))


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "1 win, 2 calls in 1 round"), ("pt", "1 vitória, 2 pedidos em 1 rodada"),
    ("es", "1 victoria, 2 cantos en 1 ronda"), ("fr", "1 victoire, 2 annonces en 1 manche"),
])
def test_stand_in_stats_and_waiting_players_use_plural_forms(lang: str, words: str) -> None:
    from seasalt.protocol import StandInStats

    i18n.set_language(lang)
    stand_in = StandInStats("ann", games=1, rounds=1, wins=1, stop_calls=1,
                            last_chance_calls=1)
    assert stand_in_text(stand_in) == words


@pytest.mark.parametrize(("lang", "one", "three"), [
    ("en", "1 player waiting", "3 players waiting"),
    ("pt", "1 jogador esperando", "3 jogadores esperando"),
    ("es", "1 jugador esperando", "3 jugadores esperando"),
    ("fr", "1 joueur en attente", "3 joueurs en attente"),
])
def test_players_waiting_on_a_found_server_use_plural_forms(lang: str, one: str,
                                                             three: str) -> None:
    from seasalt.client.net.discovery import FoundServer
    from seasalt.protocol.discovery import Announcement

    i18n.set_language(lang)

    def line(waiting: int) -> str:
        found = FoundServer("k._seasalt._tcp.local.", "10.0.0.2", 7327,
                            Announcement("kitchen", tables=1, waiting=waiting))
        return server_line(found).plain

    assert one in line(1)
    assert three in line(3)


# --- help: the clocks ---------------------------------------------------------------------------

CLOCK_WORDS = {
    "en": ("Turn timer", "Auto end turn", "Ctrl+P"),
    "pt": ("Tempo por turno", "Fim de turno automático", "Ctrl+P"),
    "es": ("Tiempo por turno", "Fin de turno automático", "Ctrl+P"),
    "fr": ("Minuteur de tour", "Fin de tour automatique", "Ctrl+P"),
}


@pytest.mark.parametrize("lang", list(CLOCK_WORDS))
async def test_help_explains_the_turn_timer_and_auto_end_turn(lang: str) -> None:
    app = quiet_app(lang)
    async with app.run_test(size=(120, 200)):  # tall: the whole help on one screen
        await kit.until(lambda: type(app.screen).__name__ == "LobbyScreen")
        app.push_screen(HelpScreen())
        await kit.until(lambda: isinstance(app.screen, HelpScreen))
        await kit.settled(app)
        text = " ".join(kit.screen_text(app).split())
        for words in CLOCK_WORDS[lang]:
            assert words in text, text


# --- a LAST CHANCE final turn says what it means (RULES §6.2) -----------------------------------


def last_chance() -> Any:
    """Bob (seat 1) called LAST CHANCE with 11 card points; Cy (seat 2) plays the first final
    turn, Ann the second."""
    hands = ((34, 35), PENGUINS, (40, 41))
    used = {c for hand in hands for c in hand} | {17, 18}
    deck = [c for c in range(58) if c not in used]
    return make_state(Rules(3), hands=hands, piles=((17,), (18,)), deck=deck, active=2,
                      phase=Phase.DRAW, call=CallKind.LAST_CHANCE, caller=1,
                      revealed=[False, True, False])


FINAL_TURN = {
    # The caller's points, what beating them does, what a tie does, what each outcome scores.
    "en": ("with 11 card points", "more than 11 card points", "the bet is lost",
           "you score your card points", "a tie goes to Bob", "only your colour bonus"),
    "pt": ("com 11 pontos das cartas", "mais de 11 pontos das cartas", "aposta está perdida",
           "você marca seus pontos das cartas", "empate é de Bob", "só seu bônus de cor"),
    "es": ("con 11 puntos de cartas", "más de 11 puntos de cartas", "la apuesta se pierde",
           "sumas tus puntos de cartas", "un empate es para Bob", "solo tu bonus de color"),
    "fr": ("avec 11 points des cartes", "plus de 11 points des cartes", "le pari est perdu",
           "vous marquez vos points des cartes", "une égalité va à Bob",
           "ne marquez que votre bonus couleur"),
}


@pytest.mark.parametrize("lang", list(FINAL_TURN))
def test_the_final_turn_prompt_says_what_the_bet_means(lang: str) -> None:
    i18n.set_language(lang)
    state = last_chance()
    text = " ".join(prompt_text(view(state, 2), Names(list(NAMES), 2)).plain.split())
    for words in FINAL_TURN[lang]:
        assert words in text, text
    assert "Beat their card points" not in text
