"""Issue 18: ``seasalt-server --web`` over real HTTP (no browser: tests/e2e/test_browser_play.py
drives Chromium): the page, its assets, the tab id and the browser's secret it belongs to, the
name, the cap's refusals, the options."""

from __future__ import annotations

import http.client
import re
import shlex
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import zmq
import zmq.asyncio
from seasalt.client.cli import build_parser
from seasalt.common.names import valid_name
from seasalt.protocol import ServerInfo
from seasalt.server.web import WebFront, WebOptions
from seasalt.server.web_page import page_language
from seasalt.server.web_places import Places
from seasalt.server.web_tabs import TabKeys
from seasalt.testing.server import RawClient
from seasalt.testing.waiting import stretched

pytestmark = pytest.mark.timeout(60)
TAB = "0123456789abcdef0123456789abcdef"
"""A tab id no browser was given."""


def start(tmp_path: Path, *extra: str) -> tuple[subprocess.Popen[str], list[str]]:
    process = subprocess.Popen(
        [sys.executable, "-m", "seasalt.server", "--host", "127.0.0.1", "--port", "0",
         "--db", str(tmp_path / "s.db"), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert process.stdout is not None
    lines = []
    for line in process.stdout:
        lines.append(line.rstrip("\n"))
        if line.startswith("SEASALT_LISTENING"):
            break
    return process, lines


def stop(process: subprocess.Popen[str]) -> None:
    process.terminate()
    process.communicate(timeout=stretched(15))


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[str]]]:
    # A short request timeout: the half-sent requests' test waits it out (a whole request is
    # sent at once, far within it even on a busy machine).
    process, lines = start(tmp_path_factory.mktemp("web"), "--web", "--web-port", "0",
                           "--web-max", "3", "--web-request-timeout", "2")
    url = next(line.split()[1] for line in lines if line.startswith("SEASALT_WEB "))
    try:
        yield url, lines
    finally:
        stop(process)


def get(url: str, path: str, source: str | None = None, method: str = "GET",
        **headers: str) -> tuple[int, dict[str, str], str]:
    """One request (from the loopback address ``source``: another device, when given)."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10,
                                      source_address=(source, 0) if source else None)
    try:
        conn.request(method, path, headers=headers)
        response = conn.getresponse()
        return (response.status, dict(response.getheaders()),
                response.read().decode("utf-8", "replace"))
    finally:
        conn.close()


def test_the_start_up_lines_say_where_browsers_go(web: tuple[str, list[str]]) -> None:
    url, lines = web
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", url)
    assert "friends without seasalt open in a browser:" in lines
    assert f"  {url}" in lines and "  (at most 3 browser tabs at once)" in lines
    # The machine-readable game line stays last: solo and host mode read up to it.
    assert lines[-1].startswith("SEASALT_LISTENING tcp://127.0.0.1:")


def first_visit(url: str) -> str:
    """A browser's secret, as its first visit gets it: the same address again from the page
    (a SameSite=Strict cookie is sent then if the browser has one), then a cookie."""
    status, headers, body = get(url, "/?name=Ann")
    assert status == 200 and headers["Refresh"] == "0; url=/?name=Ann&cookie=1", headers
    assert "Set-Cookie" not in headers and 'href="/?name=Ann&amp;cookie=1"' in body
    status, headers, _ = get(url, "/?name=Ann&cookie=1")
    assert status == 302 and re.fullmatch(r"/\?tab=[0-9a-f]{32}&cookie=2", headers["Location"])
    cookie = headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie, cookie
    match = re.match(r"seasalt_browser_([0-9a-f]{8})=([0-9a-f]{32});", cookie)
    assert match and match[2].startswith(match[1]), cookie
    return match[2]


def with_cookie(*browsers: str) -> dict[str, str]:
    return {"Cookie": "; ".join(f"seasalt_browser_{b[:8]}={b}" for b in browsers)}


def new_tab(url: str, browser: str) -> str:
    status, headers, _ = get(url, "/", **with_cookie(browser))
    assert status == 302
    match = re.fullmatch(r"/\?tab=([0-9a-f]{32})", headers["Location"])
    assert match, headers["Location"]
    return match[1]


@pytest.fixture(scope="module")
def tab(web: tuple[str, list[str]]) -> tuple[str, str]:
    """A browser's secret and one of its tabs."""
    browser = first_visit(web[0])
    return browser, new_tab(web[0], browser)


def test_a_new_tab_gets_its_own_id_then_is_asked_its_name(web: tuple[str, list[str]]) -> None:
    url, _ = web
    browser = first_visit(url)
    ids = {new_tab(url, browser) for _ in range(2)}
    assert len(ids) == 2  # two tabs, two identities
    [tab] = list(ids)[:1]
    status, _, body = get(url, f"/?tab={tab}", **with_cookie(browser))
    assert status == 200 and 'id="ask"' in body and f'value="{tab}"' in body
    assert 'id="bad-name"' not in body
    assert "/static/js/textual.js" not in body  # no terminal before there is a name
    # The bounce's mark leaves the address once the cookie came back with it.
    status, headers, _ = get(url, f"/?tab={tab}&name=Ann&cookie=2", **with_cookie(browser))
    assert status == 302 and headers["Location"] == f"/?tab={tab}&name=Ann"


def test_two_first_tabs_opened_at_once_each_keep_their_id(web: tuple[str, list[str]]) -> None:
    """A browser's first two tabs opened at once each get a secret (neither visit had a
    cookie yet); the second cookie must not replace the first, or the first tab's id is no
    longer its browser's: its name was asked again, or its socket refused (a flake of the
    browser tests under load). Each secret is a cookie of its own name."""
    url, _ = web
    first, second = first_visit(url), first_visit(url)
    assert first != second
    tab = new_tab(url, first)  # minted before the second cookie arrived
    both = with_cookie(first, second)  # the browser's jar after both visits
    status, _, body = get(url, f"/?tab={tab}&name=Ann", **both)
    assert status == 200 and 'id="terminal"' in body, (status, body[:200])
    status, _, _ = get(url, f"/tab/{tab}", **both)
    assert status == 204
    # Someone else's secret is still not enough.
    status, headers, _ = get(url, f"/?tab={tab}&name=Ann", **with_cookie(second))
    assert status == 302 and tab not in headers["Location"]


def test_a_browser_that_keeps_no_cookie_is_told(web: tuple[str, list[str]]) -> None:
    url, _ = web
    status, _, body = get(url, "/?tab=0123&cookie=2")
    assert status == 403 and 'id="cookies"' in body and "needs cookies" in body


def test_a_tab_address_in_another_browser_is_a_new_player(
        web: tuple[str, list[str]], tab: tuple[str, str]) -> None:
    """A copied link (``/?tab=...&name=...``) is no way into its owner's seat."""
    url, _ = web
    owner, id_ = tab
    other = first_visit(url)
    for cookie in (with_cookie(other), with_cookie("f" * 32), {}):
        status, headers, _ = get(url, f"/?tab={id_}&name=Ann", **cookie)
        if not cookie:  # no secret at all: the bounce first, which then gives one
            assert status == 200 and headers["Refresh"].endswith("&cookie=1")
            continue
        assert status == 302, cookie
        assert headers["Location"].startswith("/?tab=") and id_ not in headers["Location"]
        assert "name=" not in headers["Location"]  # the new player is asked its own name
    # Its socket too: the owner's browser only (any other is refused before a client starts).
    path = f"/ws/{id_}/{b'Ann'.hex()}"
    assert get(url, path, **with_cookie(other))[0] == 403
    assert get(url, path)[0] == 403
    assert get(url, f"/ws/{TAB}/{b'Ann'.hex()}", **with_cookie(owner))[0] == 403
    # The owner's own browser, on a reload, keeps the tab.
    assert get(url, f"/?tab={id_}&name=Ann", **with_cookie(owner))[0] == 200


def test_a_bad_name_is_asked_again_with_the_reason(
        web: tuple[str, list[str]], tab: tuple[str, str]) -> None:
    url, _ = web
    browser, id_ = tab
    for bad in ("", "%20%20", "x" * 25, "a%0Ab", "--"):
        status, _, body = get(url, f"/?tab={id_}&name={bad}", **with_cookie(browser))
        assert status == 200 and 'id="bad-name"' in body and "1 to 24" in body, bad


def test_the_play_page_loads_only_what_this_server_serves(
        web: tuple[str, list[str]], tab: tuple[str, str]) -> None:
    url, _ = web
    browser, id_ = tab
    status, headers, body = get(url, f"/?tab={id_}&name=Ann%20%3Cb%3E", **with_cookie(browser))
    assert status == 200 and headers["Cache-Control"] == "no-store"
    assert "<b>" not in body  # the name is escaped wherever it appears
    socket_url = re.search(r'data-session-websocket-url="([^"]+)"', body)
    assert socket_url is not None
    host = urlsplit(url).netloc
    # The name rides in the path as hex: nothing in it can change the path.
    assert socket_url[1] == f"ws://{host}/ws/{id_}/{b'Ann <b>'.hex()}"
    assets = re.findall(r'(?:src|href)="([^"]*)"', body) + re.findall(r'url\("([^"]+)"\)', body)
    assert assets and all(a.startswith("/") or a.startswith("data:") or a == ""
                          for a in assets), assets
    assert "googleapis" not in body and "//" not in "".join(a for a in assets if a != "")
    for asset in assets:
        if asset.startswith("/static/"):
            status, _, _ = get(url, asset)
            assert status == 200, asset


def test_the_page_speaks_the_browser_language(
        web: tuple[str, list[str]], tab: tuple[str, str]) -> None:
    url, _ = web
    _, _, body = get(url, f"/?tab={tab[1]}", **{"Accept-Language": "fr-CH, fr;q=0.9, en;q=0.8"},
                     **with_cookie(tab[0]))
    assert "Votre nom" in body and 'lang="fr"' in body
    assert page_language("de-DE, pt-BR;q=0.8") == "pt"
    assert page_language("de") == page_language("") == "en"


def test_the_play_page_tells_a_close_and_reconnects_by_itself(
        web: tuple[str, list[str]], tab: tuple[str, str]) -> None:
    """The page sends its tab's away as it closes, and says when it is reconnecting; only the
    tab's own browser can send that away (a tab with no client is answered, and nothing)."""
    url, _ = web
    _, _, body = get(url, f"/?tab={tab[1]}&name=Ann", **with_cookie(tab[0]))
    assert f"navigator.sendBeacon('/away/{tab[1]}')" in body
    assert 'id="reconnecting"' in body and "reconnecting…" in body
    assert get(url, f"/away/{tab[1]}", method="POST", **with_cookie(tab[0]))[0] == 204
    assert get(url, f"/away/{tab[1]}", method="POST")[0] == 403  # no cookie
    other = first_visit(url)
    assert get(url, f"/away/{tab[1]}", method="POST", **with_cookie(other))[0] == 403
    assert get(url, f"/away/{tab[1]}")[0] == 405  # a GET (a link) does nothing


def test_a_reconnecting_page_learns_when_its_tab_is_gone(
        web: tuple[str, list[str]], tab: tuple[str, str]) -> None:
    """Between its tries the page asks whether its tab still opens here: yes for its own
    browser; never for another browser, nor for a tab of an earlier server process (restarted:
    its ids were minted with another key), so the page stops trying ("closed") instead of
    saying "reconnecting…" for minutes."""
    url, _ = web
    _, _, body = get(url, f"/?tab={tab[1]}&name=Ann", **with_cookie(tab[0]))
    assert "fetch('/tab/'" in body and "r.status === 410" in body
    assert get(url, f"/tab/{tab[1]}", **with_cookie(tab[0]))[0] == 204
    assert get(url, f"/tab/{tab[1]}")[0] == 410
    assert get(url, f"/tab/{tab[1]}", **with_cookie(first_visit(url)))[0] == 410
    earlier = TabKeys().new_tab(tab[0])  # the same browser, another server process's key
    assert get(url, f"/tab/{earlier}", **with_cookie(tab[0]))[0] == 410


def test_a_socket_with_a_bad_tab_or_name_is_refused(web: tuple[str, list[str]]) -> None:
    url, _ = web
    assert get(url, f"/ws/{TAB}/")[0] == 404
    assert get(url, f"/ws/../{'41'}")[0] in (400, 404)
    assert get(url, f"/ws/{TAB}/zz")[0] == 400  # not hex
    assert get(url, f"/ws/{TAB}/{'0a'}")[0] == 400  # a newline is no name
    assert get(url, "/ws/NOTATAB/41")[0] == 400
    assert get(url, "/download/nothing")[0] == 404


def test_names_follow_the_clients_rule() -> None:
    assert valid_name("Ann") and valid_name("x" * 24)
    assert not valid_name("") and not valid_name("   ") and not valid_name("x" * 25)
    assert not valid_name("a\tb")


def test_the_cap_counts_tabs_and_a_reload_keeps_its_place() -> None:
    places = Places(total=2, per_address=2)
    places.take("a" * 32, "A", owner := object())
    places.hold_for_page("b" * 32, "B")  # a play page served: its socket is still to come
    assert places.refusal("a" * 32, "A") is None  # a reload of a tab that plays
    assert places.refusal("c" * 32, "C") == "full"  # a new tab: full
    places.free("a" * 32, object())  # an older socket of the tab: the newer keeps the place
    assert places.refusal("c" * 32, "C") == "full"
    places.free("a" * 32, owner)
    assert places.refusal("c" * 32, "C") is None
    places.hold_for_page("a" * 32, "A")
    assert places.refusal("a" * 32, "A") is None and places.count() == 2


def test_one_address_gets_its_share_and_an_unclaimed_page_frees_its_place() -> None:
    places = Places(total=4, per_address=2)
    places.take("a" * 32, "phone", object())
    places.hold_for_page("b" * 32, "phone")
    assert places.refusal("c" * 32, "phone") == "address"
    assert places.refusal("c" * 32, "laptop") is None
    expired = Places(total=1, per_address=1, hold=-1.0)  # a page's hold already over
    expired.hold_for_page("b" * 32, "phone")
    assert expired.refusal("c" * 32, "phone") is None and expired.count() == 0


def test_each_tab_runs_a_guest_client_of_this_server_only() -> None:
    front = WebFront(WebOptions(), "0.0.0.0", "127.0.0.1:7327", server_key="K" * 40)
    command = front.client_command("Ann 'x'", "fr")
    assert command.split()[1:5] == ["-m", "seasalt.client.cli", "127.0.0.1:7327", "--guest"]
    assert "'--name=Ann '\"'\"'x'\"'\"''" in command  # quoted for the shell textual-serve uses
    assert f"--lang fr --server-key {'K' * 40} --web-url " in command
    # friends' addresses first (the lobby shows them), this machine's own loopback last
    assert command.endswith("--web-url http://127.0.0.1:0/")


def test_a_tabs_client_gets_its_own_folders_from_its_command_line(tmp_path: Path) -> None:
    """The shell line sets the tab's XDG folders for the client alone (textual-serve's
    AppService runs it as it is): run by a shell, a stand-in client reports them."""
    front = WebFront(WebOptions(), "127.0.0.1", "127.0.0.1:7327")
    front._state_dir = tmp_path / "state dir"  # (a space: the values are quoted)
    line = front.tab_command(TAB, "Ann", "en")
    command = front.client_command("Ann", "en")
    assert line.endswith(command)
    shown = subprocess.run(
        ["sh", "-c", line.removesuffix(command) + "env"], capture_output=True, text=True,
        check=True, timeout=stretched(30)).stdout.splitlines()
    home = tmp_path / "state dir" / TAB
    assert f"XDG_DATA_HOME={home}" in shown and f"XDG_CONFIG_HOME={home}/config" in shown
    assert f"XDG_STATE_HOME={home}" in shown and (home / "config").is_dir()


@pytest.mark.parametrize("name", ["-h", "--discover", "--name=x", "Ann 'x'", "-", "---"])
def test_a_tab_name_that_looks_like_an_option_stays_a_name(name: str) -> None:
    """The tab's command line, read back as the shell and the client's own parser read it."""
    front = WebFront(WebOptions(), "127.0.0.1", "127.0.0.1:7327")
    words = shlex.split(front.client_command(name, "en"))
    args = build_parser().parse_args(words[3:])  # (after python -m seasalt.client.cli)
    assert args.name == name and args.guest and args.lang == "en"


def test_a_taken_web_port_is_a_clear_error(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        process = subprocess.run(
            [sys.executable, "-m", "seasalt.server", "--host", "127.0.0.1", "--port", "0",
             "--db", str(tmp_path / "s.db"), "--web", "--web-port", str(port)],
            capture_output=True, text=True, timeout=stretched(30),
        )
    assert process.returncode == 5
    errors = [line for line in process.stderr.splitlines() if "error" in line]
    assert len(errors) == 1 and f"cannot serve browsers on 127.0.0.1:{port}" in errors[0]


@pytest.mark.parametrize(("args", "said"), [
    (["--web-max", "0"], "--web-max: must be a whole number of at least 1"),
    (["--web-port", "70000"], "--web-port: port must be 0-65535"),
    (["--web-grace", "-1"], "--web-grace: must be at least 0"),
    (["--web-request-timeout", "0"], "--web-request-timeout: must be more than 0"),
])
def test_bad_web_options_are_usage_errors(args: list[str], said: str) -> None:
    process = subprocess.run([sys.executable, "-m", "seasalt.server", "--web", *args],
                             capture_output=True, text=True, timeout=stretched(30))
    assert process.returncode == 2 and said in process.stderr


@pytest.mark.skipif(not zmq.has("curve"), reason="libzmq without CURVE")
def test_web_with_an_allow_list_is_refused(tmp_path: Path) -> None:
    keys = tmp_path / "keys"
    keys.write_text(zmq.curve_keypair()[0].decode("ascii") + "\n")
    process = subprocess.run(
        [sys.executable, "-m", "seasalt.server", "--host", "127.0.0.1", "--port", "0",
         "--db", str(tmp_path / "s.db"), "--web", "--web-port", "0", "--allow-keys",
         str(keys)],
        capture_output=True, text=True, timeout=stretched(30),
    )
    assert process.returncode == 5, process.stderr
    assert "--web cannot be used with --allow-keys" in process.stderr


async def test_every_client_is_told_the_browser_address(web: tuple[str, list[str]]) -> None:
    """Not only the host's lobby: a client that typed the address gets it after welcome."""
    url, lines = web
    endpoint = next(line.split()[1] for line in lines if line.startswith("SEASALT_LISTENING"))
    ctx = zmq.asyncio.Context()
    client = RawClient(ctx, endpoint)
    try:
        await client.hello("Ann")
        assert await client.recv() == ServerInfo(web=(url,))  # front.urls(): 127.0.0.1 here
    finally:
        client.close()
        ctx.destroy(linger=0)


def page_to_play(url: str, browser: str, name: str, source: str) -> tuple[int, str]:
    """A new tab of ``browser`` asks for its play page from the address ``source``."""
    tab = new_tab(url, browser)
    status, _, body = get(url, f"/?tab={tab}&name={name}", source, **with_cookie(browser))
    return status, body


def test_tabs_over_the_caps_get_the_page_that_says_so(tmp_path: Path) -> None:
    """Per address first (``--web-per-address``), then in all (``--web-max``); a served play
    page holds its place for its socket, so tabs that ask at once are refused by the page."""
    process, lines = start(tmp_path, "--web", "--web-port", "0", "--web-max", "3",
                           "--web-per-address", "2")
    url = next(line.split()[1] for line in lines if line.startswith("SEASALT_WEB "))
    try:
        browser = first_visit(url)
        assert page_to_play(url, browser, "Ann", "127.0.0.1")[0] == 200
        assert page_to_play(url, browser, "Bob", "127.0.0.1")[0] == 200
        status, body = page_to_play(url, browser, "Cy", "127.0.0.1")  # a third from one phone
        assert status == 429 and 'id="address"' in body
        assert "This device already plays in 2 browser tabs here" in body
        assert page_to_play(url, browser, "Di", "127.0.0.2")[0] == 200  # another device
        status, body = page_to_play(url, browser, "Ed", "127.0.0.3")
        assert status == 503 and 'id="full"' in body and "All 3 browser seats" in body
    finally:
        stop(process)


def test_a_half_sent_request_is_closed(web: tuple[str, list[str]]) -> None:
    """A request that never ends (slowloris) does not hold its connection: the server closes
    it (``--web-request-timeout``, 2 s here), while a whole request on another connection is
    answered."""
    url, _ = web
    parts = urlsplit(url)
    half = []
    for _ in range(20):
        conn = socket.create_connection((parts.hostname, parts.port))
        conn.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        half.append(conn)
    assert get(url, "/")[0] == 200
    for conn in half:
        with conn:
            conn.settimeout(50)  # (the test's own timeout is the limit: no wall-clock assert)
            assert conn.recv(1024) == b""  # closed by the server, nothing answered
