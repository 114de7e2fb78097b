"""What the command line asked the Textual app for (``seasalt-client`` without ``--bot``)."""

from __future__ import annotations

from dataclasses import dataclass

from seasalt.client.net.link_timing import CONNECT_PATIENCE


@dataclass(frozen=True)
class LaunchOptions:
    """What the command line asked for."""

    address: str | None = None
    name: str | None = None
    solo: bool = False
    opponents: int = 2
    level: str = "greedy"
    extra_salt: bool = False
    double_target: bool = False
    extra_pepper: bool = False
    target: int = 0
    lang: str = "en"
    """Language code (``en``, ``pt``, ``es``, ``fr``); ``run_app`` reads the environment."""
    server_seed: int | None = None
    """Solo/host child server ``--seed`` (tests)."""
    bot_delay: float | None = None
    """Solo/host child server ``--bot-delay`` (tests use 0)."""
    server_key: str | None = None
    """``--server-key``: talk CurveZMQ to a ``seasalt-server --secure`` (joined servers only)."""
    guest: bool = False
    """``--guest``: a browser tab's client (seasalt-server --web): this server only, no start
    menu (so no hosting, solo or other address), exported files go to the browser."""
    web_urls: tuple[str, ...] = ()
    """``--web-url``: where friends open this server in a browser (a guest's lobby says)."""
    connect_patience: float = CONNECT_PATIENCE
    """Seconds a connect waits before it says what no answer means: no server at the address,
    or a slow link it goes on trying (tests shorten it)."""
    learn: str | None = None
    """``--learn``: start this lesson (client/lessons: ``base``, ``extra-salt``,
    ``extra-pepper``) instead of the start menu."""
