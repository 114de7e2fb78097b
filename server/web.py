"""``seasalt-server --web``: the Textual client for browsers, served by the host (textual-serve).

Each browser tab gets its own ``seasalt-client --guest`` process on this machine, connected to
this server only; textual-serve's ``AppService`` relays the terminal between the process and the
page (xterm.js). What is ours, not textual-serve's:

- the page (``web/index.html``): it loads only what this server serves (textual-serve's own
  JavaScript, CSS and Roboto Mono font files, no CDN), so play needs no internet;
- the tab's identity: ``/`` without ``?tab=`` redirects to ``/?tab=ID`` (a fresh id that only
  this browser can present: web_tabs.py), so a reload keeps the URL and with it the tab's folder
  on the host (``identity``, ``sessions.json``: the client resumes its seat after a reload as
  after a restart); the name is asked on the page and kept in the URL too (``&name=Ann``); the
  same address in another browser is a new player;
- the limits (web_places.py): at most ``--web-max`` tabs at once and ``--web-per-address`` from
  one address (a reloading tab keeps its place), a page that says so to every tab refused, a
  request that must arrive whole within ``--web-request-timeout`` seconds, and each tab's
  process stopped when its page closes;
- a tab that survives Wi-Fi: a socket that drops (no close from the page) leaves the tab's
  client running for ``--web-grace`` seconds, and the page's new socket gets it back with its
  screen (web_pipe.py; the page reconnects by itself: web_page.py); a page closed for good
  says so (``/away/TAB``), and its seat goes to the stand-in at once (web_away.py).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import re
import shlex
import shutil
import sys
import tempfile
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from seasalt.common.addresses import host_port
from seasalt.common.names import valid_name

from .addresses import join_addresses
from .options import at_least, port, positive_int
from .web_away import tell_away
from .web_page import page_language, render_page, word
from .web_pipe import Pipe, repaint
from .web_places import Places
from .web_tabs import COOKIE_AGE, TabKeys, browsers_of, cookie_name

log = logging.getLogger("seasalt.server.web")

WEB_PREFIX = "SEASALT_WEB"
"""The machine-readable start-up line: ``SEASALT_WEB http://HOST:PORT/`` (tests, host mode)."""
DEFAULT_WEB_PORT = 8080
DEFAULT_WEB_MAX = 16
DEFAULT_WEB_PER_ADDRESS = 3
DEFAULT_WEB_REQUEST_TIMEOUT = 10.0
"""Seconds a connection may take to send a whole request (its first, or the next on a kept-alive
one): half-sent requests (slowloris) are closed then, not held open."""
DEFAULT_WEB_GRACE = 60.0
DEFAULT_WEB_SILENCE = 20.0
"""Seconds a play page hears nothing from the server (its pings unanswered) before it drops its
socket and reconnects: Wi-Fi that stalls without closing anything."""
HEARTBEAT = 15.0
"""Seconds between the server's pings on a tab's socket (a missed pong: the socket dropped)."""
_PAGE_CLOSED = (1000, 1001)
"""Close codes of a page that closed its socket (gone, reloaded), not of one that dropped."""
STOP_GRACE = 5.0
"""Seconds a tab's client gets to quit after its page closed, before it is killed."""
_TAB = re.compile(r"[0-9a-f]{32}")


def add_web_arguments(parser: argparse.ArgumentParser) -> None:
    """``--web``, ``--web-port``, ``--web-max`` (cli.py calls this: one line to merge)."""
    group = parser.add_argument_group("browser play")
    group.add_argument(
        "--web", action="store_true",
        help="also serve the game to web browsers (no install for friends: they open the "
        "printed http:// address)",
    )
    group.add_argument(
        "--web-port", type=port, default=DEFAULT_WEB_PORT, metavar="PORT",
        help=f"HTTP port of --web (default {DEFAULT_WEB_PORT}; 0 picks a free one and prints "
        f"'{WEB_PREFIX} http://HOST:PORT/')",
    )
    group.add_argument(
        "--web-max", type=positive_int(), default=DEFAULT_WEB_MAX, metavar="N",
        help=f"browser tabs playing at once; each runs a client on this machine (default "
        f"{DEFAULT_WEB_MAX})",
    )
    group.add_argument(
        "--web-per-address", type=positive_int(), default=DEFAULT_WEB_PER_ADDRESS, metavar="N",
        help=f"browser tabs playing at once from one address, a phone or a computer (default "
        f"{DEFAULT_WEB_PER_ADDRESS})",
    )
    group.add_argument(
        "--web-grace", type=at_least(0), default=DEFAULT_WEB_GRACE, metavar="SECONDS",
        help=f"how long a browser tab's game waits for its page to come back after its "
        f"connection dropped (Wi-Fi); 0: not at all (default {DEFAULT_WEB_GRACE:g})",
    )
    group.add_argument(
        "--web-silence", type=at_least(1), default=DEFAULT_WEB_SILENCE, metavar="SECONDS",
        help=f"how long a browser tab hears nothing from the server before it reconnects (a "
        f"link that stalls without closing) (default {DEFAULT_WEB_SILENCE:g})",
    )
    group.add_argument(
        "--web-request-timeout", type=at_least(0, strict=True),
        default=DEFAULT_WEB_REQUEST_TIMEOUT, metavar="SECONDS",
        help=f"how long a browser connection may take to send a whole request; a half-sent "
        f"one is closed then (default {DEFAULT_WEB_REQUEST_TIMEOUT:g})",
    )


@dataclass(frozen=True)
class WebOptions:
    """What ``--web`` asked for."""

    port: int = DEFAULT_WEB_PORT
    max_tabs: int = DEFAULT_WEB_MAX
    per_address: int = DEFAULT_WEB_PER_ADDRESS
    grace: float = DEFAULT_WEB_GRACE
    silence: float = DEFAULT_WEB_SILENCE
    request_timeout: float = DEFAULT_WEB_REQUEST_TIMEOUT


def web_options(args: argparse.Namespace) -> WebOptions | None:
    """The ``--web`` options, or None without ``--web``."""
    if not getattr(args, "web", False):
        return None
    return WebOptions(port=args.web_port, max_tabs=args.web_max,
                      per_address=args.web_per_address, grace=args.web_grace,
                      silence=args.web_silence, request_timeout=args.web_request_timeout)


@dataclass(eq=False)
class _Tab:
    """One browser tab's client process (``service``), while its page is open or may come
    back (``--web-grace``)."""

    service: Any
    pipe: Pipe
    """Its output to the page's socket of the moment (web_pipe.py)."""
    place: object
    """Its hold on the tab's place (web_places.py)."""
    stopping: asyncio.Task[None] | None = None
    """Set once the tab is being stopped: every caller awaits the same stop."""
    expiry: asyncio.TimerHandle | None = None
    """While its socket is gone: when its client is stopped unless the page is back."""

    def running(self) -> bool:
        process = self.service._process
        return process is not None and process.returncode is None


@dataclass
class WebFront:
    """The HTTP side: the page, its assets, one guest client per open tab."""

    options: WebOptions
    host: str
    game_address: str
    """Where the tabs' clients connect: this server, from this machine."""
    server_key: str | None = None
    master: Any = None
    """The game server's Master (a closed tab's away: web_away.py); None in tests without one."""
    tabs: dict[str, _Tab] = field(default_factory=dict)
    port: int = 0
    _runner: Any = None
    _downloads: Any = None
    _state_dir: Path | None = None
    _keys: TabKeys = field(default_factory=TabKeys)
    _ending: set[asyncio.Task[None]] = field(default_factory=set)
    places: Places = field(init=False)

    def __post_init__(self) -> None:
        self.places = Places(self.options.max_tabs, self.options.per_address)

    @property
    def local_url(self) -> str:
        host = "127.0.0.1" if self.host in ("0.0.0.0", "*", "") else (
            "::1" if self.host == "::" else self.host)
        return f"http://{host_port(host, self.port)}/"

    def urls(self) -> list[str]:
        """The addresses friends open (one per interface when listening on all)."""
        return [f"http://{a}/" for a in join_addresses(self.host, self.port)]

    # --- life -----------------------------------------------------------------------------

    async def start(self) -> None:
        """Listen on ``host:options.port``.

        Raises:
            OSError: the port is taken or the address cannot be used.
        """
        import textual_serve
        from aiohttp import web
        from textual_serve.download_manager import DownloadManager

        self._downloads = DownloadManager()
        # textual-serve's own assets: xterm.js and its front (textual.js), CSS, the font.
        static = Path(textual_serve.__file__ or "").parent / "static"
        app = web.Application()
        app.add_routes([
            web.get("/", self.handle_index),
            web.get("/ws/{tab}/{name}", self.handle_websocket),
            web.post("/away/{tab}", self.handle_away),
            web.get("/tab/{tab}", self.handle_tab_known),
            web.get("/download/{key}", self.handle_download),
            web.static("/static", static),
            web.static("/fonts", Path(__file__).with_name("web") / "fonts"),
        ])
        # aiohttp closes a connection whose request is not whole within keepalive_timeout
        # (from its opening, and from each response on): the only limit on a half-sent one.
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False,
                                     keepalive_timeout=self.options.request_timeout)
        await self._runner.setup()
        # The game port's address exactly (0.0.0.0: IPv4 on every interface, as the game's).
        host = "0.0.0.0" if self.host in ("*", "") else self.host
        site = web.TCPSite(self._runner, host=host, port=self.options.port, reuse_address=True)
        try:
            await site.start()
        except OSError:
            await self._runner.cleanup()
            raise
        self.port = int(self._runner.addresses[0][1])
        self._state_dir = Path(tempfile.mkdtemp(prefix="seasalt-web-"))  # 0700: tokens inside

    async def stop(self) -> None:
        """Stop every tab's client, then the HTTP server."""
        await asyncio.gather(*(self._end(tab, t) for tab, t in list(self.tabs.items())),
                             *self._ending)
        if self._runner is not None:
            await self._runner.cleanup()
        if self._state_dir is not None:
            shutil.rmtree(self._state_dir, ignore_errors=True)

    # --- the page -------------------------------------------------------------------------

    async def handle_index(self, request: Any) -> Any:
        from aiohttp import web

        lang = page_language(request.headers.get("Accept-Language", ""))
        query = request.query
        tab = query.get("tab", "")
        browser = browsers_of(request.cookies)
        if not browser:
            return self._no_cookie(lang, request)
        if not self._keys.owns(browser, tab):  # no id yet, or a link from another browser
            raise web.HTTPFound(f"/?tab={self._keys.new_tab(browser[0])}")
        if "cookie" in query:  # the bounce is over: its mark stays out of the tab's address
            kept = {k: v for k, v in query.items() if k != "cookie"}
            raise web.HTTPFound(str(request.rel_url.with_query(kept)))
        address = request.remote or ""
        refused = self.places.refusal(tab, address)
        if refused is not None:
            return self._page(lang, tab, refused, status=503 if refused == "full" else 429)
        name = query.get("name")
        if name is None or not _tab_name(name):
            return self._page(lang, tab, "ask", error=name is not None)
        self.places.hold_for_page(tab, address)  # the socket comes next: nobody takes it first
        # The name rides in the socket's path (textual.js appends its own "?width=..."), hex so
        # that no character of it can change the path.
        ws = f"ws://{request.host}/ws/{tab}/{name.encode('utf-8').hex()}"
        return self._page(lang, tab, "play", ws=ws)

    def _no_cookie(self, lang: str, request: Any) -> Any:
        """A request without the browser's secret.

        A SameSite=Strict cookie is not sent when another site's page links here (a chat's web
        page): the same address is asked again from this page first ("bounce"), which carries
        the cookie if the browser has one. Only a browser without one is given one, so that a
        link followed from a chat never replaces the secret of the tab already playing.
        """
        from aiohttp import web

        step = request.query.get("cookie")
        if step is None:
            again = request.rel_url.update_query(cookie="1")
            return self._page(lang, "", "bounce", status=200, refresh=str(again))
        if step != "1":  # the cookie given did not come back: cookies are off
            return self._page(lang, "", "cookies", status=403)
        browser = self._keys.new_browser()
        response = web.HTTPFound(f"/?tab={self._keys.new_tab(browser)}&cookie=2")
        response.set_cookie(cookie_name(browser), browser, max_age=COOKIE_AGE, path="/",
                            httponly=True, samesite="Strict")
        raise response

    def _page(
        self, lang: str, tab: str, mode: str, *, ws: str = "",
        error: bool = False, status: int = 200, refresh: str = "",
    ) -> Any:
        from aiohttp import web

        text = render_page(lang, mode, tab=tab, ws=ws, error=error,
                           max_tabs=self.options.max_tabs, refresh=refresh,
                           per_address=self.options.per_address,
                           silence=self.options.silence)
        headers = {"Cache-Control": "no-store"}
        if refresh:
            headers["Refresh"] = f"0; url={refresh}"
        return web.Response(text=text, content_type="text/html", status=status,
                            headers=headers)

    # --- one tab's client -----------------------------------------------------------------

    def client_command(self, name: str, lang: str) -> str:
        """The guest client a tab runs (a shell line: textual-serve starts it with a shell)."""
        # "--name=NAME" in one word: a name such as "-h" or "--discover" stays a name (as a word
        # of its own, argparse would read it as an option and the client would exit).
        words = [sys.executable, "-m", "seasalt.client.cli", self.game_address, "--guest",
                 f"--name={name}", "--lang", lang]
        if self.server_key is not None:
            words += ["--server-key", self.server_key]
        for url in self.urls():  # the lobby gives friends these, never the tab's own address
            words += ["--web-url", url]
        return " ".join(shlex.quote(w) for w in words)

    def _tab_env(self, tab: str) -> dict[str, str]:
        """The tab's own data folder: its identity and seat tokens survive a reload there."""
        assert self._state_dir is not None
        home = self._state_dir / tab
        (home / "config").mkdir(parents=True, exist_ok=True, mode=0o700)
        return {"XDG_DATA_HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"),
                "XDG_STATE_HOME": str(home), "XDG_CACHE_HOME": str(home)}

    def tab_command(self, tab: str, name: str, lang: str) -> str:
        """The tab's client with its own folders: set by the shell line itself (``NAME=value``
        words before the command), so textual-serve's AppService is used as it is."""
        env = " ".join(f"{k}={shlex.quote(v)}" for k, v in self._tab_env(tab).items())
        return f"{env} {self.client_command(name, lang)}"

    async def handle_websocket(self, request: Any) -> Any:
        from aiohttp import web

        tab = request.match_info["tab"]
        try:
            name = bytes.fromhex(request.match_info["name"]).decode("utf-8")
        except (ValueError, UnicodeDecodeError):
            name = ""
        lang = page_language(request.headers.get("Accept-Language", ""))
        if not _TAB.fullmatch(tab) or not _tab_name(name):
            raise web.HTTPBadRequest(text="bad tab or name")
        if not self._keys.owns(browsers_of(request.cookies), tab):  # another browser's tab
            raise web.HTTPForbidden(text="this tab belongs to another browser")
        address = request.remote or ""
        refused = self.places.refusal(tab, address)
        if refused is not None:
            raise web.HTTPServiceUnavailable(text=word(refused, lang).format(
                n=self.options.max_tabs, m=self.options.per_address))
        width = _int(request.query.get("width", "80"), 80)
        height = _int(request.query.get("height", "24"), 24)
        entry = self.tabs.get(tab)
        if entry is not None and entry.stopping is None and entry.running():
            # The tab's page again while its client runs (its socket dropped, Wi-Fi): the same
            # client, its screen drawn again for the new socket.
            socket = web.WebSocketResponse(heartbeat=HEARTBEAT)
            await socket.prepare(request)
            self.places.take(tab, address, entry.place)
            if entry.expiry is not None:
                entry.expiry.cancel()
                entry.expiry = None
            dropped, entry.pipe.socket = entry.pipe.socket, socket
            if dropped is not None:  # (not yet noticed as gone: its heartbeat had not failed)
                with contextlib.suppress(Exception):
                    await dropped.close()
            log.info("browser tab %s… is back (%d open)", tab[:6], len(self.tabs))
            await repaint(entry.service, entry.pipe, width, height)
        else:
            place = object()  # the client's hold on the tab's place (a reload's has its own)
            self.places.take(tab, address, place)
            try:
                if entry is not None:
                    # The same tab again (a reload): its old client must be gone first, since
                    # it holds the lock on the tab's seat token (client/files/tokens.py claim).
                    await self._end(tab, entry)
                socket = web.WebSocketResponse(heartbeat=HEARTBEAT)
                await socket.prepare(request)
                pipe = Pipe(socket)
                service = _guest_service(self.tab_command(tab, name, lang), pipe, self._downloads)
                try:
                    await service.start(width, height)
                except OSError as exc:  # no process could be started: the page says it closed
                    log.warning("browser tab %s…: cannot start its client: %s", tab[:6], exc)
                    self.places.free(tab, place)
                    await socket.close()
                    return socket
                entry = _Tab(service, pipe, place)
                self.tabs[tab] = entry
            except BaseException:
                self.places.free(tab, place)
                raise
            log.info("browser tab %s… joined as %r (%d open)", tab[:6], name, len(self.tabs))
        try:
            await _relay(socket, entry.service)
        except Exception:
            log.exception("browser tab %s…", tab[:6])
        finally:
            if entry.pipe.socket is socket:  # (else a newer socket of the tab has it now)
                entry.pipe.socket = None
                closed = socket.close_code in _PAGE_CLOSED or not entry.running()
                if closed or self.options.grace <= 0:
                    await self._end(tab, entry)
                else:  # dropped, not closed: the page comes back by itself, if in time
                    log.info("browser tab %s… lost its socket; its client waits %g s",
                             tab[:6], self.options.grace)
                    entry.expiry = asyncio.get_running_loop().call_later(
                        self.options.grace, self._end_later, tab, entry)
        return socket

    async def _end(self, tab: str, entry: _Tab) -> None:
        """Stop the tab's client; its place is free once it is gone (a reload waits for it)."""
        if entry.expiry is not None:
            entry.expiry.cancel()
            entry.expiry = None
        await self._stop_tab(entry)
        if self.tabs.get(tab) is entry:
            del self.tabs[tab]
            self.places.free(tab, entry.place)
            log.info("browser tab %s… closed (%d open)", tab[:6], len(self.tabs))

    def _end_later(self, tab: str, entry: _Tab) -> None:
        task = asyncio.ensure_future(self._end(tab, entry))
        self._ending.add(task)  # (held until done: the loop keeps only weak references)
        task.add_done_callback(self._ending.discard)

    async def handle_tab_known(self, request: Any) -> Any:
        """Whether this browser's tab id still opens here (204) or never will (410: the server
        was restarted, so its tab ids are another process's): a page reconnecting after its
        socket dropped asks this between tries, and stops trying at a 410 (web_page.py)."""
        from aiohttp import web

        known = self._keys.owns(browsers_of(request.cookies), request.match_info["tab"])
        return web.Response(status=204 if known else 410, headers={"Cache-Control": "no-store"})

    async def handle_away(self, request: Any) -> Any:
        """The tab's page is gone for good (its ``pagehide`` beacon): its seat goes to the
        stand-in now, as after ``q``, and its client is stopped."""
        from aiohttp import web

        tab = request.match_info["tab"]
        if not self._keys.owns(browsers_of(request.cookies), tab):  # only the tab's own browser
            raise web.HTTPForbidden(text="this tab belongs to another browser")
        entry = self.tabs.get(tab)
        # Also when its client is already stopping or gone (its socket's close came first):
        # the seat tokens stay in the tab's folder.
        if self.master is not None and self._state_dir is not None:
            try:
                tell_away(self.master, self._state_dir / tab)
            except Exception:  # the stop below still frees the tab
                log.exception("browser tab %s…: away", tab[:6])
        log.info("browser tab %s… closed its page", tab[:6])
        if entry is not None and entry.stopping is None:
            self._end_later(tab, entry)
        return web.Response(status=204)

    async def _stop_tab(self, tab: _Tab) -> None:
        """Stop the tab's client (once, however many ask)."""
        await asyncio.shield(self._begin_stop(tab))

    def _begin_stop(self, tab: _Tab) -> asyncio.Task[None]:
        if tab.stopping is None:
            tab.stopping = asyncio.ensure_future(self._stop_process(tab))
        return tab.stopping

    @staticmethod
    async def _stop_process(tab: _Tab) -> None:
        """Ask the tab's client to quit; kill it if it has not within STOP_GRACE."""
        service = tab.service
        with contextlib.suppress(Exception):
            await asyncio.wait_for(service.stop(), STOP_GRACE)
        process = service._process
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(process.wait(), STOP_GRACE)
        await tab.pipe.close()

    async def handle_download(self, request: Any) -> Any:
        """A file a tab's client delivers (a replay export): to the browser, never to disk."""
        from aiohttp import web

        key = request.match_info["key"]
        try:
            meta = await self._downloads.get_download_metadata(key)
        except KeyError:
            raise web.HTTPNotFound(text="no such download") from None
        response = web.StreamResponse()
        content_type = meta.mime_type + (f"; charset={meta.encoding}" if meta.encoding else "")
        response.headers["Content-Type"] = content_type
        safe = re.sub(r"[^A-Za-z0-9._-]", "_", meta.file_name) or "download"
        response.headers["Content-Disposition"] = f"attachment; filename={safe}"
        await response.prepare(request)
        async for chunk in self._downloads.download(key):
            await response.write(chunk)
        await response.write_eof()
        return response


def _tab_name(name: str) -> bool:
    """A name the tab's client can be given: the game's rule, less exactly "--", which this
    Python's argparse drops even from "--name=--" (the client would start without its name)."""
    return valid_name(name) and name != "--"


def _int(text: str, default: int) -> int:
    try:
        return max(10, min(int(text), 1000))
    except ValueError:
        return default


def _guest_service(command: str, pipe: Pipe, downloads: Any) -> Any:
    """textual-serve's AppService: runs ``command`` (a shell line), relays it to the tab's
    socket of the moment (``pipe``)."""
    from textual_serve.app_service import AppService

    return AppService(
        command, write_bytes=pipe.write_bytes, write_str=pipe.write_str, close=pipe.close,
        download_manager=downloads,
    )


async def _relay(socket: Any, service: Any) -> None:
    """The browser's keys, size, focus to the client (textual-serve's message set)."""
    from aiohttp import WSMsgType

    async for message in socket:
        if message.type != WSMsgType.TEXT:
            continue
        try:
            kind, *rest = message.json()
        except (ValueError, TypeError):
            continue  # not ours: ignore, as textual-serve does
        if kind == "stdin" and rest and isinstance(rest[0], str):
            await service.send_bytes(rest[0].encode("utf-8"))
        elif kind == "resize" and rest and isinstance(rest[0], dict):
            await service.set_terminal_size(
                _int(str(rest[0].get("width")), 80), _int(str(rest[0].get("height")), 24))
        elif kind == "ping" and rest:
            await socket.send_json(["pong", rest[0]])
        elif kind == "blur":
            await service.blur()
        elif kind == "focus":
            await service.focus()


@contextlib.asynccontextmanager
async def run_web(options: WebOptions | None, config: Any, server: Any) -> AsyncIterator[
        WebFront | None]:
    """Serve browsers beside a listening ``server`` while inside (nothing without ``--web``).

    Prints where friends point their browsers and the machine-readable ``SEASALT_WEB`` line;
    yields None after a one-line error when the web port cannot be used.
    """
    if options is None:
        yield None
        return
    if config.allowed_keys is not None:
        # The tabs' clients make their own key pairs, which no allow-list names.
        print("seasalt-server: error: --web cannot be used with --allow-keys (the browser "
              "tabs' clients would be refused); use --secure alone", file=sys.stderr)
        yield None
        return
    key = config.curve.public.decode("ascii") if config.curve is not None else None
    front = WebFront(options, config.host, server.local_endpoint.removeprefix("tcp://"), key,
                     master=server.master)
    try:
        await front.start()
    except OSError as exc:
        where = host_port(config.host, options.port)
        print(f"seasalt-server: error: cannot serve browsers on {where}: {exc.strerror or exc}",
              file=sys.stderr)
        yield None
        return
    except ImportError as exc:  # textual-serve or aiohttp missing from this install
        print(f"seasalt-server: error: --web needs textual-serve ({exc})", file=sys.stderr)
        yield None
        return
    for line in web_banner(front):
        print(line)
    try:
        yield front
    finally:
        await front.stop()


def web_banner(front: WebFront) -> list[str]:
    """The start-up lines: where friends point their browsers, then the machine-readable one."""
    lines = ["friends without seasalt open in a browser:"]
    lines += [f"  {url}" for url in front.urls()]
    lines.append(f"  (at most {front.options.max_tabs} browser tabs at once)")
    lines.append(f"{WEB_PREFIX} {front.local_url}")
    return lines
