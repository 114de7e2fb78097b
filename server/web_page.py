"""The ``--web`` page: its words in the client's four languages, and its HTML.

The pages of one template (``web/index.html``): ``ask`` (the tab's name), ``play`` (the
terminal: textual-serve's textual.js, which opens the tab's WebSocket), ``full`` and
``address`` (the cap is reached, in all or from this address), ``bounce`` (the same address
again, from this page: web.py ``_no_cookie``) and ``cookies`` (the browser keeps no cookie, so
no tab can be its own). Every asset is on this server; names and words are HTML-escaped.
"""

from __future__ import annotations

import html
from pathlib import Path

from seasalt.protocol import MAX_NAME_LENGTH

_LANGS = ("en", "pt", "es", "fr")
# textual.js opens a file the app delivers (App.deliver_text: the replay export) with
# window.open, which a browser's popup blocker may stop (no click started it): a link with the
# download attribute, clicked from here, saves it in place instead.
_DOWNLOAD_IN_PLACE = (
    "const openWindow = window.open.bind(window);"
    "window.open = (url, target) => {"
    " if (typeof url === 'string' && new URL(url, location.href).pathname"
    ".startsWith('/download/')) {"
    "  const a = document.createElement('a'); a.href = url; a.download = '';"
    "  document.body.appendChild(a); a.click(); a.remove(); return null; }"
    " return openWindow(url, target); };"
)
# A tab closed for good (not one kept for the back button: persisted) says so as it goes, so
# that its seat goes to the stand-in at once (web.py handle_away); {tab} is the tab's id.
_AWAY_ON_CLOSE = (
    "addEventListener('pagehide', (e) => {"
    " if (!e.persisted) navigator.sendBeacon('/away/{tab}'); });"
)
# textual.js's socket, kept up: when it drops (not when the server closed it: the game ended,
# code 1000), the page says "reconnecting…" and opens it again with backoff, no click; the
# server gives the new socket the same running client (web_pipe.py). A socket that hears
# nothing for --web-silence seconds (Wi-Fi gone without a word: no close ever comes; SILENCE_MS
# below, pinging four times in it) is dropped and opened
# again. Its pings ("~": the server answers every ping) are not passed on to textual.js. A
# socket that never opened, 5 minutes of failed tries, or a server that no longer knows the tab
# (restarted: /tab/ID answers 410, asked before each try; a stalled link's question is given
# up after 3 s and the try made) end as before: "closed".
_RECONNECT = (
    "(() => { const Real = window.WebSocket;"
    " window.WebSocket = function (url) {"
    "  const on = {}, fire = (k, e) => (on[k] || []).forEach((f) => f(e));"
    "  let real, done = false, opened = false, wait = 500, heard = 0, timer = 0, since = 0;"
    "  const me = { binaryType: 'arraybuffer',"
    "   addEventListener: (k, f) => (on[k] = on[k] || []).push(f),"
    "   send: (d) => { if (real.readyState === 1) real.send(d); },"
    "   close: () => { done = true; real.close(); } };"
    "  const again = (e) => { clearInterval(timer);"
    "   if (!since) since = Date.now();"
    "   if (done || !opened || e.code === 1000 || Date.now() - since > 300000) {"
    "    document.body.classList.remove('-reconnecting'); fire('close', e); return; }"
    "   document.body.classList.add('-reconnecting');"
    "   const later = () => setTimeout(open, wait);"
    "   fetch('/tab/' + url.split('/ws/')[1].split('/')[0],"
    "    { cache: 'no-store', signal: AbortSignal.timeout(3000) })"
    "    .then((r) => { if (r.status === 410) { done = true; again(e); } else later(); },"
    "     later);"
    "   wait = Math.min(2 * wait, 8000); };"
    "  const open = () => { const s = real = new Real(url); s.binaryType = me.binaryType;"
    "   s.onopen = (e) => { opened = true; wait = 500; since = 0; heard = Date.now();"
    "    document.body.classList.remove('-reconnecting'); fire('open', e);"
    "    timer = setInterval(() => { if (Date.now() - heard > SILENCE_MS) {"
    "     s.onclose = null; s.close(); again({ code: 1006 }); }"
    "     else s.send(JSON.stringify(['ping', '~'])); }, Math.min(5000, SILENCE_MS / 4)); };"
    "   s.onmessage = (e) => { heard = Date.now();"
    "    if (e.data !== '[\"pong\", \"~\"]') fire('message', e); };"
    "   s.onclose = again; };"
    "  open(); return me; }; })();"
)
_PAGE = Path(__file__).with_name("web") / "index.html"


def page_language(accept_language: str) -> str:
    """The first of our languages the browser asks for (``Accept-Language``), else ``en``."""
    for part in accept_language.split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in _LANGS:
            return code
    return "en"


# The page's few words, in the client's four languages (GLOSSARY.md's tone); the game itself
# is the client's, translated by its catalogues (the tab's client gets --lang from the browser).
_WORDS: dict[str, dict[str, str]] = {
    "name": {"en": "Your name", "pt": "O seu nome", "es": "Tu nombre", "fr": "Votre nom"},
    "play": {"en": "Play", "pt": "Jogar", "es": "Jugar", "fr": "Jouer"},
    "bad_name": {
        "en": f"A name is 1 to {MAX_NAME_LENGTH} letters, digits or spaces.",
        "pt": f"Um nome tem de 1 a {MAX_NAME_LENGTH} letras, algarismos ou espaços.",
        "es": f"Un nombre tiene de 1 a {MAX_NAME_LENGTH} letras, cifras o espacios.",
        "fr": f"Un nom fait de 1 à {MAX_NAME_LENGTH} lettres, chiffres ou espaces.",
    },
    "full": {
        "en": "All {n} browser seats of this server are in use. Try again when someone leaves.",
        "pt": "Os {n} lugares de navegador deste servidor estão ocupados. Tente de novo "
              "quando alguém sair.",
        "es": "Los {n} puestos de navegador de este servidor están ocupados. Vuelve a "
              "intentarlo cuando alguien salga.",
        "fr": "Les {n} places navigateur de ce serveur sont prises. Réessayez quand quelqu'un "
              "part.",
    },
    "address": {
        "en": "This device already plays in {m} browser tabs here. Close one, then try again.",
        "pt": "Este aparelho já joga em {m} separadores do navegador aqui. Feche um e tente "
              "de novo.",
        "es": "Este dispositivo ya juega en {m} pestañas del navegador aquí. Cierra una y "
              "vuelve a intentarlo.",
        "fr": "Cet appareil joue déjà dans {m} onglets du navigateur ici. Fermez-en un, puis "
              "réessayez.",
    },
    "ended": {
        "en": "The game window closed.", "pt": "A janela do jogo fechou.",
        "es": "La ventana del juego se cerró.", "fr": "La fenêtre du jeu s'est fermée.",
    },
    "cookies": {
        "en": "This page needs cookies to keep your seat: allow them for this address and "
              "open it again.",
        "pt": "Esta página precisa de cookies para guardar o seu lugar: permita-os para este "
              "endereço e abra-o de novo.",
        "es": "Esta página necesita cookies para guardar tu puesto: permítelas para esta "
              "dirección y ábrela de nuevo.",
        "fr": "Cette page a besoin de cookies pour garder votre place : autorisez-les pour "
              "cette adresse et rouvrez-la.",
    },
    "reconnecting": {
        "en": "Connection lost: reconnecting…", "pt": "Ligação perdida: a religar…",
        "es": "Conexión perdida: reconectando…", "fr": "Connexion perdue : reconnexion…",
    },
    "go_on": {"en": "Continue", "pt": "Continuar", "es": "Continuar", "fr": "Continuer"},
    "again": {"en": "Open again", "pt": "Abrir de novo", "es": "Abrir de nuevo",
              "fr": "Rouvrir"},
}


def word(key: str, lang: str) -> str:
    return _WORDS[key].get(lang, _WORDS[key]["en"])


def render_page(
    lang: str, mode: str, *, tab: str, ws: str = "", error: bool = False, max_tabs: int = 0,
    refresh: str = "", per_address: int = 0, silence: float = 20.0,
) -> str:
    """The page for ``mode`` (``ask``, ``play``, ``full``, ``bounce``, ``cookies``) in ``lang``."""

    def esc(text: str) -> str:
        return html.escape(text, quote=True)

    title = "<h1>Sea Salt &amp; Paper</h1>"
    if mode in ("full", "address"):  # refused: the whole server, or this device's share
        full = word(mode, lang).format(n=max_tabs, m=per_address)
        body = f'<div class="box" id="{mode}">{title}<p>{esc(full)}</p></div>'
    elif mode == "cookies":
        body = f'<div class="box" id="cookies">{title}<p>{esc(word("cookies", lang))}</p></div>'
    elif mode == "bounce":  # the Refresh header goes on by itself; the link is for the rest
        body = (f'<div class="box">{title}<a class="button" id="go-on" href="{esc(refresh)}">'
                f'{esc(word("go_on", lang))}</a></div>')
    elif mode == "ask":
        said = esc(word("bad_name", lang))
        hint = f'<p class="error" id="bad-name">{said}</p>' if error else ""
        body = (
            f'<div class="box">{title}<form method="get" action="/" id="ask">'
            f'<input type="hidden" name="tab" value="{esc(tab)}">'
            f'<label for="name">{esc(word("name", lang))}</label> '
            f'<input id="name" name="name" maxlength="{MAX_NAME_LENGTH}" required autofocus> '
            f'<button type="submit">{esc(word("play", lang))}</button>{hint}</form></div>'
        )
    else:
        body = (
            f'<div id="terminal" class="textual-terminal" data-session-websocket-url='
            f'"{esc(ws)}" data-font-size="16"></div>'
            f'<div class="closed"><div class="box"><p>{esc(word("ended", lang))}</p>'
            f'<a class="button" id="again" href="">{esc(word("again", lang))}</a></div></div>'
            f'<div class="reconnecting" id="reconnecting">{esc(word("reconnecting", lang))}</div>'
            f"<script>{_DOWNLOAD_IN_PLACE}{_AWAY_ON_CLOSE.replace('{tab}', esc(tab))}"
            f"{_RECONNECT.replace('SILENCE_MS', str(round(silence * 1000)))}</script>"
            '<script src="/static/js/textual.js"></script>'
        )
    text = _PAGE.read_text(encoding="utf-8")
    return text.replace("{{lang}}", lang).replace("{{mode}}", mode).replace("{{body}}", body)
