"""A real ``seasalt-client`` in a tmux pane, driven by keys and read with ``capture-pane``.

Part of benchmarks/evening_soak.py (which loads it from beside itself). Two halves: the tmux
side (:class:`Tmux`, :class:`Pane`: a private tmux server, one session per person, panes that
stay after their client exits so its last words can be read) and the reading of a screen
(:class:`Screen`: where the client is, the table it shows, the choices offered, the quit
dialog's command), pure functions of the pane's text so they are checked by eye on a capture.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
from dataclasses import dataclass

SIZE = (120, 40)
"""The terminal of the soak's TUI clients (columns, rows)."""


class Tmux:
    """A tmux server of our own (``tmux -L SOCKET``): its sessions are ours only, and
    ``kill_server`` ends them all without touching anyone else's tmux."""

    def __init__(self, socket: str, path: str) -> None:
        self.socket = socket
        self.env = {**os.environ, "PATH": path}
        """tmux gives a new pane the PATH of the tmux command that made it (not ``-e``'s): the
        soak's, with the venv's ``seasalt-client`` first."""
        self.started = False

    def run(self, *args: str, check: bool = True) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, "-f", "/dev/null", *args],
            capture_output=True, text=True, check=False, env=self.env,
        )
        if check and done.returncode != 0:
            raise RuntimeError(f"tmux {' '.join(args[:3])}: {done.stderr.strip()}")
        return done.stdout

    def kill_server(self) -> None:
        if self.started:
            self.run("kill-server", check=False)
            self.started = False


@dataclass
class PaneState:
    dead: bool
    pid: int
    status: int | None
    """The exit status of a dead pane's client."""


class Pane:
    """One person's terminal: a tmux session of one 120x40 pane running a client.

    The pane stays after its client exits (``remain-on-exit``), so a client that quit or was
    killed leaves its last screen, and a new client starts in the same pane (``respawn``).
    Commands run through the shell as typed, ``exec``-ed so the pane's pid is the client's own.
    """

    def __init__(self, tmux: Tmux, session: str, env: dict[str, str]) -> None:
        self.tmux = tmux
        self.session = session
        self.env = env
        self.command = ""
        """The command line the client was last started with (as a person types it)."""

    def _env_args(self) -> list[str]:
        out: list[str] = []
        for key, value in self.env.items():
            out += ["-e", f"{key}={value}"]
        return out

    def start(self, command: str) -> None:
        """Start ``command`` (a shell command line) in this person's pane."""
        self.command = command
        if self._has_session():
            self.tmux.run("respawn-pane", "-k", "-t", self.session, *self._env_args(),
                          "exec " + command)
            return
        width, height = SIZE
        self.tmux.run(
            "new-session", "-d", "-s", self.session, "-x", str(width), "-y", str(height),
            *self._env_args(), "exec " + command,
            ";", "set-option", "-w", "-t", self.session, "remain-on-exit", "on",
        )
        self.tmux.started = True

    def _has_session(self) -> bool:
        if not self.tmux.started:
            return False
        return subprocess.run(
            ["tmux", "-L", self.tmux.socket, "has-session", "-t", self.session],
            capture_output=True, check=False, env=self.tmux.env,
        ).returncode == 0

    def state(self) -> PaneState:
        out = self.tmux.run("display-message", "-p", "-t", self.session,
                            "#{pane_dead} #{pane_pid} #{pane_dead_status}").split()
        dead = out[0] == "1"
        status = int(out[2]) if dead and len(out) > 2 and out[2].lstrip("-").isdigit() else None
        return PaneState(dead, int(out[1]), status)

    def text(self) -> str:
        return self.tmux.run("capture-pane", "-p", "-t", self.session)

    def screen(self) -> Screen:
        return Screen(self.text(), self.state().dead)

    def keys(self, *keys: str) -> None:
        """tmux key names: ``d``, ``Enter``, ``Escape``, ``C-Home``, ``Down``..."""
        self.tmux.run("send-keys", "-t", self.session, *keys)

    def type(self, text: str) -> None:
        self.tmux.run("send-keys", "-t", self.session, "-l", text)

    def kill9(self) -> int | None:
        """``kill -9`` the client in the pane; its pid (None: it had already exited)."""
        state = self.state()
        if state.dead:
            return None
        try:
            os.kill(state.pid, signal.SIGKILL)
        except ProcessLookupError:
            return None
        return state.pid


def command_in(text: str) -> str | None:
    """The ``seasalt-client ...`` command in a sentence: the program, then the words that are
    its arguments (an address, options and their values), up to the sentence's own words."""
    words = text.replace("`", " ").replace("'", " ").replace('"', " ").split()
    if "seasalt-client" not in words:
        return None
    start = words.index("seasalt-client")
    out = ["seasalt-client"]
    takes_value = False
    for word in words[start + 1:]:
        word = word.rstrip(".,;)")
        if takes_value or word.startswith("-") or _ADDRESS.fullmatch(word):
            out.append(word)
            takes_value = word.startswith("--") and "=" not in word
            continue
        break
    return " ".join(out)


_ADDRESS = re.compile(r"\[[0-9a-fA-F:.]+\](?::\d+)?|[\w.-]+:\d+|\d+\.\d+\.\d+\.\d+|[\w-]+\.[\w.-]+")


# --- reading a screen ------------------------------------------------------------------------

_TITLE = re.compile(
    r"^ Sea Salt & Paper\s+(?:(?P<link>reconnecting…|disconnected: press q to quit)\s+)?"
    r"(?P<table>\S.*?) · (?P<rest>(?:round \d+|waiting for).*?)\s*$", re.M)
"""The status line; ``link``: the link's state when it is not up (client/tui/net_flow.py)."""
_CHOICE = re.compile(r"^ {1,3}(?P<key>[0-9a-z])  (?P<label>\S.*?)\s*$")
_LOBBY = re.compile(r"^ Lobby of (?P<server>\S+)\s+·\s+you are (?P<name>.+?)\s*$", re.M)
_CALL_AGAIN = re.compile(r"Press (?P<key>\S) again to call")
_COUNTDOWN = re.compile(r"\d+ ?s\b")
_DECORATION = re.compile(r"[│║╭╮╰╯╔╗╚╝┏┓┗┛━─═▔▁▏▎▊▌▐█▀▄]+")
SIDE_BAR = "▏"
"""The left edge of the side column (recent events, chat) on a wide table screen."""


@dataclass(frozen=True)
class Screen:
    """What one capture of a client's pane shows."""

    text: str
    dead: bool = False

    @property
    def lines(self) -> list[str]:
        return self.text.splitlines()

    def where(self) -> str:
        """``dead``, ``lobby``, ``game_over``, ``result``, ``quit_dialog``, ``call``,
        ``table`` (seated or watching, the waiting room too), ``connecting``, ``refused`` (a
        connection or a table refused, with Retry), or ``other``."""
        text = self.text
        if self.dead:
            return "dead"
        if "Leave the game?" in text or "Quit? " in text:
            return "quit_dialog"
        if _CALL_AGAIN.search(text):
            return "call"
        if "Retry (r)" in text:
            return "refused"
        if "Game over!" in text:
            return "game_over"
        if "Continue (Enter)" in text:
            return "result"
        if _LOBBY.search(text):
            return "lobby"
        if _TITLE.search(text):
            return "table"
        if "Connecting" in text or "onnecting to" in text:
            return "connecting"
        return "other"

    def table(self) -> tuple[str, bool] | None:
        """The table on screen and whether we only watch it (None: no table screen)."""
        match = _TITLE.search(self.text)
        if match is None:
            return None
        # A spectator's line says "· watching"; a player's may say "· 1 watching" (its
        # spectators): a seat is "· you: N".
        return match["table"], re.search(r"· watching\b", "· " + match["rest"]) is not None

    def watchers_shown(self) -> int:
        """The spectators a player's status line counts ("· 2 watching"; 0 when it says none)."""
        match = _TITLE.search(self.text)
        found = re.search(r"· (\d+) watching\b", match["rest"]) if match else None
        return int(found[1]) if found else 0

    def link_state(self) -> str:
        """"reconnecting…" or "disconnected…" on a table screen's status line, else ""."""
        match = _TITLE.search(self.text)
        return (match["link"] or "") if match else ""

    def seated_at(self, table: str) -> bool:
        """At ``table``, in a seat (its waiting room too)."""
        return self.where() == "table" and self.table() == (table, False)

    def playing_at(self, table: str) -> bool:
        """At ``table``, in a seat, its game on screen (not the waiting room), the link up."""
        match = _TITLE.search(self.text)
        return (self.seated_at(table) and match is not None and match["rest"].startswith("round")
                and not match["link"])

    def watching(self, table: str) -> bool:
        return self.where() == "table" and self.table() == (table, True)

    def you_are(self) -> str | None:
        """The name the lobby says we play under."""
        match = _LOBBY.search(self.text)
        return match["name"] if match else None

    def left_column(self) -> list[str]:
        return [line.split(SIDE_BAR, 1)[0] for line in self.lines]

    def my_turn(self) -> bool:
        """Choices offered under the prompt (shown only on one's turn). "Your turn." alone is
        not enough: a long prompt scrolls, and its first lines may not say it."""
        return bool(self.choices()) or "Your turn." in self.text

    def choices(self) -> list[tuple[str, str]]:
        """The offered moves, ``(key, label)``, read under the prompt box."""
        out: list[tuple[str, str]] = []
        below_prompt = False
        for line in self.left_column():
            if line.startswith("┗"):  # the prompt box's bottom: the choices follow
                below_prompt, out = True, []
                continue
            if not below_prompt:
                continue
            match = _CHOICE.match(line)
            if match:
                out.append((match["key"], match["label"]))
            elif line.strip():
                break
        return out

    def call_key(self) -> str | None:
        """The key a STOP / LAST CHANCE question asks to press again."""
        match = _CALL_AGAIN.search(self.text)
        return match["key"] if match else None

    def dialog_text(self) -> str:
        """The words inside a dialog box (``█ ... █`` rows), joined into one line."""
        parts = []
        for line in self.lines:
            if line.count("█") >= 2:
                inner = line[line.index("█") + 1:line.rindex("█")]
                parts.append(inner.strip(" ▀▄▔▁"))
        return " ".join(p for p in parts if p)

    def quit_command(self) -> str | None:
        """The command the quit dialog says brings you back (``seasalt-client HOST:PORT``, with
        any options it names), as a person would copy it from the dialog."""
        return command_in(self.dialog_text())

    def lobby_tables(self) -> list[str]:
        """The table names of the lobby's rows, top to bottom."""
        names: list[str] = []
        inside = False
        for line in self.lines:
            if re.match(r"^\s+Table\s+Status\s+Seats", line):
                inside = True
                continue
            if inside:
                if not line.strip():
                    break
                names.append(re.split(r"\s{2,}", line.strip())[0])
        return names

    def shows(self, words: str) -> bool:
        """``words`` on screen, also when the chat or log panel wrapped them."""
        flat = " ".join(self.text.replace(SIDE_BAR, " ").split())
        return " ".join(words.split()) in flat or words in self.text

    def signature(self) -> str:
        """The screen without its countdowns: it changes when the game it shows moves."""
        return _COUNTDOWN.sub("#", self.text)

    def rows(self) -> list[str]:
        """The screen's lines of words, without borders, bars and blank space."""
        out = []
        for line in self.lines:
            words = " ".join(_DECORATION.sub(" ", line).split())
            if words:
                out.append(words)
        return out

    def last_words(self, n: int = 6) -> str:
        """The last lines of words (for a verdict's explanation)."""
        return " | ".join(self.rows()[-n:])

    def headline(self) -> str:
        """The first lines of words, short (what a person sees first)."""
        return " | ".join(self.rows()[:3])[:200]

    def words(self, limit: int = 400) -> str:
        return " | ".join(self.rows())[:limit]
