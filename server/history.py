"""Finished games from the journal: the history list, replays and per-player statistics.

Everything beyond what the journal stores (seats, final scores) comes from replaying the
recorded actions through the engine: duos, calls, bets and mermaid wins are read off the
engine's own events, never re-derived from rules here.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import sqlite3
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from seasalt.engine import (
    ENGINE_VERSION,
    Action,
    EventKind,
    GameState,
    Rules,
    apply,
    card,
    new_game,
    replay,
)
from seasalt.protocol import (
    DuoCount,
    ErrorCode,
    Games,
    GameSummary,
    GetReplay,
    GetStats,
    ListGames,
    PlayerEntry,
    PlayerStats,
    Replay,
    StandIns,
    StandInStats,
    Stats,
    action_from_wire,
    encode,
)
from seasalt.protocol.history import MAX_HISTORY_GAMES

from .core import ServerCore, log
from .journal import from_blob
from .sessions import RateLimiter, Session
from .tables import make_rules

HistoryRequest = ListGames | GetReplay | GetStats
HISTORY_REQUESTS = (ListGames, GetReplay, GetStats)
MAX_STATS_PLAYERS = 500
"""Players in one ``stats`` answer (most games first): keeps it far below the frame limit."""
_FINISHED = "finished=1 AND final_scores IS NOT NULL"
"""A game played to its end (``mark_finished`` alone closes an abandoned game: no scores)."""


def player_id_of_identity(identity: str) -> str:
    """The public, stable player id of a client identity (docs/protocol.md §10)."""
    digest = hashlib.sha256(("seasalt-player\0" + identity).encode()).hexdigest()
    return "p:" + digest[:16]


def player_id_of_session(token_hash: str) -> str:
    """The player id of a session that sent no identity: stable for that session only."""
    return "s:" + token_hash[:16]


# --- the history list ----------------------------------------------------------------------


def _players(db: sqlite3.Connection, game_id: int, kinds: list[str]) -> tuple[PlayerEntry, ...]:
    held = {
        seat: (name, token_hash, player_id)
        for seat, name, token_hash, player_id in db.execute(
            "SELECT s.seat, s.name, s.token_hash, i.player_id FROM seats s"
            " LEFT JOIN identities i ON i.token_hash = s.token_hash WHERE s.game_id=?",
            (game_id,),
        )
    }
    entries = []
    for seat, kind in enumerate(kinds):
        if kind.startswith("bot:"):
            entries.append(PlayerEntry(seat, kind, None, kind))
            continue
        name, token_hash, player_id = held.get(seat, (None, None, None))
        if player_id is None:
            player_id = player_id_of_session(token_hash) if token_hash else "s:unknown"
        entries.append(PlayerEntry(seat, kind, name, player_id))
    return tuple(entries)


def _winners(db: sqlite3.Connection, row: tuple) -> tuple[int, ...]:  # type: ignore[type-arg]
    """The engine's winners: journalled at the end of the game, or (a game journalled before
    they were) found by replaying it once through the engine and kept when the journal is
    writable."""
    gid, kinds, extra, double, seed, version, stored, target = row
    if stored is not None:
        return tuple(json.loads(stored))
    if version != ENGINE_VERSION:
        return ()
    actions = [
        action_from_wire(from_blob(bytes(b)))
        for (b,) in db.execute("SELECT action FROM actions WHERE game_id=? ORDER BY idx", (gid,))
    ]
    rules = make_rules(len(json.loads(kinds)), bool(extra), bool(double), target or 0)
    try:
        winners = replay(rules, seed, actions).winners
    except ValueError:
        return ()
    with contextlib.suppress(sqlite3.Error):  # a read-only journal: compute it again next time
        db.execute("UPDATE games SET winners=? WHERE id=?", (json.dumps(list(winners)), gid))
    return winners


def _summary(db: sqlite3.Connection, row: tuple) -> GameSummary:  # type: ignore[type-arg]
    gid, table, kinds, extra, double, scores, started, finished, seed, version, winners, target = (
        row
    )
    (rounds,) = db.execute("SELECT COUNT(*) FROM rounds WHERE game_id=?", (gid,)).fetchone()
    return GameSummary(
        game=gid,
        table=table,
        players=_players(db, gid, json.loads(kinds)),
        scores=tuple(json.loads(scores)),
        winners=_winners(db, (gid, kinds, extra, double, seed, version, winners, target)),
        extra_salt=bool(extra),
        double_target=bool(double),
        rounds=rounds,
        started=int(started or 0),
        finished=int(finished or 0),
        target=0 if double else int(target or 0),
    )


_SUMMARY_COLUMNS = (
    "id, table_name, seat_kinds, extra_salt, double_target, final_scores, started_at,"
    " finished_at, seed, engine_version, winners, target"
)


def finished_games(db: sqlite3.Connection, limit: int = MAX_HISTORY_GAMES) -> list[GameSummary]:
    """The finished games, newest first."""
    rows = db.execute(
        f"SELECT {_SUMMARY_COLUMNS} FROM games WHERE {_FINISHED} ORDER BY id DESC LIMIT ?",
        (limit,),
    ).fetchall()
    return [_summary(db, row) for row in rows]


def load_replay(db: sqlite3.Connection, game_id: int) -> Replay | None:
    """A finished game's replay (None: no finished game has that id)."""
    row = db.execute(
        f"SELECT {_SUMMARY_COLUMNS} FROM games WHERE id=? AND {_FINISHED}", (game_id,)
    ).fetchone()
    if row is None:
        return None
    summary = _summary(db, row)
    actions = tuple(
        action_from_wire(from_blob(bytes(blob)), f"journal action {idx}")
        for idx, blob in db.execute(
            "SELECT idx, action FROM actions WHERE game_id=? ORDER BY idx", (game_id,)
        )
    )
    rules = make_rules(
        len(summary.players), summary.extra_salt, summary.double_target, summary.target
    )
    return Replay(summary, rules, str(row[9]), int(row[8]), actions)


# --- rebuilding a replay with the engine ---------------------------------------------------


def replay_states(replay: Replay) -> list[GameState]:
    """Every state of the game: before the first action, then after each one."""
    state = new_game(replay.rules, replay.seed)
    states = [state]
    for action in replay.actions:
        state = apply(state, action).state
        states.append(state)
    return states


# --- statistics ----------------------------------------------------------------------------


@dataclass(slots=True)
class SeatFacts:
    """What one seat did in one game (read off the engine's events)."""

    duos: Counter[str] = field(default_factory=Counter)
    stop_calls: int = 0
    last_chance_calls: int = 0
    bets_won: int = 0
    bets_lost: int = 0
    mermaid_wins: int = 0
    stand_in: SeatFacts | None = None
    """What a takeover bot did for this seat (its calls and their bets), counted apart."""


def duo_kind(cards: tuple[int, ...]) -> str:
    """``crab`` for two crabs, ``shark+swimmer`` for a mixed duo (kinds in name order)."""
    return "+".join(sorted({card(c).kind.value for c in cards}))


def seat_facts(
    rules: Rules, seed: int, actions: tuple[Action, ...], bot_moves: frozenset[int] = frozenset()
) -> list[SeatFacts]:
    """Replay a game through the engine and count what each seat did.

    ``bot_moves``: the (1-based) numbers of the actions a takeover bot played; what they did
    goes to the seat's ``stand_in`` facts, and so does the bet of a call the bot made.
    """
    facts = [SeatFacts(stand_in=SeatFacts()) for _ in range(rules.players)]
    bot_called = [False] * rules.players
    state = new_game(rules, seed)
    for number, action in enumerate(actions, 1):
        by_bot = number in bot_moves
        actor = state.to_act
        result = apply(state, action)
        state = result.state
        for e in result.events:
            if e.seat is None:
                continue
            mine = facts[e.seat]
            if by_bot and e.seat == actor and mine.stand_in is not None:
                mine = mine.stand_in
            if e.kind is EventKind.PLAYED_PAIR:
                mine.duos[duo_kind(e.cards)] += 1
            elif e.kind is EventKind.CALLED and e.call is not None:
                bot_called[e.seat] = by_bot and e.seat == actor
                if e.call.value == "stop":
                    mine.stop_calls += 1
                else:
                    mine.last_chance_calls += 1
            elif e.kind is EventKind.ROUND_SCORED and e.won is not None:
                mine = facts[e.seat]  # the bet is the caller's: the bot's if it called
                if bot_called[e.seat] and mine.stand_in is not None:
                    mine = mine.stand_in
                if e.won:
                    mine.bets_won += 1
                else:
                    mine.bets_lost += 1
            elif e.kind is EventKind.MERMAID_WIN:
                mine.mermaid_wins += 1
    return facts


def _facts_to_json(f: SeatFacts) -> dict[str, object]:
    d: dict[str, object] = {
        "duos": dict(f.duos), "stop": f.stop_calls, "last_chance": f.last_chance_calls,
        "bets_won": f.bets_won, "bets_lost": f.bets_lost, "mermaid_wins": f.mermaid_wins,
    }
    if f.stand_in is not None:
        d["bot"] = _facts_to_json(f.stand_in)
    return d


def _facts_from_json(d: dict[str, Any]) -> SeatFacts:
    # Facts stored before takeovers were journalled have no "bot": none were told apart.
    return SeatFacts(
        Counter(d["duos"]), d["stop"], d["last_chance"], d["bets_won"], d["bets_lost"],
        d["mermaid_wins"], _facts_from_json(d["bot"]) if "bot" in d else None,
    )


@dataclass(slots=True)
class _Totals:
    name: str
    last_game: int = 0
    games: int = 0
    wins: int = 0
    points: int = 0
    rounds: int = 0
    facts: SeatFacts = field(default_factory=SeatFacts)


@dataclass(slots=True)
class _StandInTotals:
    games: int = 0
    rounds: int = 0
    wins: int = 0
    stop_calls: int = 0
    last_chance_calls: int = 0


def _takeover_rounds(db: sqlite3.Connection) -> dict[tuple[int, int], set[int]]:
    """(game id, seat) -> the rounds a takeover bot played, for every game (one query)."""
    played: dict[tuple[int, int], set[int]] = {}
    for game_id, seat, round_no in db.execute(
        "SELECT game_id, seat, round FROM takeover_actions"
    ):
        played.setdefault((game_id, seat), set()).add(round_no)
    return played


class StatsBuilder:
    """Per-player statistics over every finished game; each game is replayed once (cached)."""

    def __init__(self) -> None:
        self._facts: dict[int, list[SeatFacts] | None] = {}
        self.unsaved: list[tuple[int, str]] = []

    def facts_of(self, db: sqlite3.Connection, summary: GameSummary) -> list[SeatFacts] | None:
        if summary.game not in self._facts:
            self._facts[summary.game] = self._replayed(db, summary)
        return self._facts[summary.game]

    def _replayed(self, db: sqlite3.Connection, summary: GameSummary) -> list[SeatFacts] | None:
        # A finished game never changes: its facts are kept in the journal once counted.
        row = db.execute("SELECT facts FROM game_facts WHERE game_id=?", (summary.game,))
        if (stored := row.fetchone()) is not None:
            return [_facts_from_json(f) for f in json.loads(stored[0])]
        facts = self._count(db, summary)
        if facts is not None:
            row_facts = json.dumps([_facts_to_json(f) for f in facts])
            try:
                db.execute(
                    "INSERT OR REPLACE INTO game_facts VALUES (?,?)", (summary.game, row_facts)
                )
            except sqlite3.Error:  # read-only (the history thread): the journal keeps them
                self.unsaved.append((summary.game, row_facts))
        return facts

    def take_unsaved(self) -> list[tuple[int, str]]:
        """Facts counted on a read-only connection, for the writer to keep in the journal."""
        out, self.unsaved = self.unsaved, []
        return out

    def _count(self, db: sqlite3.Connection, summary: GameSummary) -> list[SeatFacts] | None:
        replay = load_replay(db, summary.game)
        if replay is None or replay.engine_version != ENGINE_VERSION:
            return None  # another engine's actions could mean another game: totals only
        bot_moves = frozenset(
            idx
            for (idx,) in db.execute(
                "SELECT idx FROM takeover_actions WHERE game_id=?", (summary.game,)
            )
        )
        try:
            return seat_facts(replay.rules, replay.seed, replay.actions, bot_moves)
        except ValueError as exc:  # IllegalActionError: a damaged journal
            log.warning("game %d cannot be replayed for statistics: %s", summary.game, exc)
            return None

    def build(self, db: sqlite3.Connection) -> tuple[PlayerStats, ...]:
        return self.build_all(db)[0]

    def build_all(
        self, db: sqlite3.Connection
    ) -> tuple[tuple[PlayerStats, ...], tuple[StandInStats, ...]]:
        """Every player's own statistics, and apart from them what takeover bots did for
        them (a game won while a bot played the seat's last round is the bot's win)."""
        totals: dict[str, _Totals] = {}
        stand_ins: dict[str, _StandInTotals] = {}
        takeovers = _takeover_rounds(db)
        for summary in finished_games(db, limit=-1):
            facts = self.facts_of(db, summary)
            for entry in summary.players:
                t = totals.setdefault(entry.player, _Totals(entry.name or entry.player))
                if entry.name and summary.game > t.last_game:
                    t.name, t.last_game = entry.name, summary.game
                won = entry.seat in summary.winners
                bot_rounds = takeovers.get((summary.game, entry.seat), set())
                bot_won = won and bool(bot_rounds) and max(bot_rounds) >= summary.rounds
                t.games += 1
                t.wins += won and not bot_won
                t.points += summary.scores[entry.seat] if entry.seat < len(summary.scores) else 0
                t.rounds += summary.rounds
                if bot_rounds:
                    b = stand_ins.setdefault(entry.player, _StandInTotals())
                    b.games += 1
                    b.rounds += len(bot_rounds)
                    b.wins += bot_won
                    bot = facts[entry.seat].stand_in if facts is not None else None
                    if bot is not None:
                        b.stop_calls += bot.stop_calls
                        b.last_chance_calls += bot.last_chance_calls
                if facts is not None:
                    f = facts[entry.seat]
                    t.facts.duos.update(f.duos)
                    t.facts.stop_calls += f.stop_calls
                    t.facts.last_chance_calls += f.last_chance_calls
                    t.facts.bets_won += f.bets_won
                    t.facts.bets_lost += f.bets_lost
                    t.facts.mermaid_wins += f.mermaid_wins
        ordered = sorted(totals.items(), key=lambda kv: (-kv[1].games, -kv[1].wins, kv[0]))
        return tuple(
            PlayerStats(
                player=pid,
                name=t.name,
                games=t.games,
                wins=t.wins,
                points=t.points,
                rounds=t.rounds,
                duos=tuple(DuoCount(k, n) for k, n in sorted(t.facts.duos.items())),
                stop_calls=t.facts.stop_calls,
                last_chance_calls=t.facts.last_chance_calls,
                bets_won=t.facts.bets_won,
                bets_lost=t.facts.bets_lost,
                mermaid_wins=t.facts.mermaid_wins,
            )
            for pid, t in ordered[:MAX_STATS_PLAYERS]
        ), tuple(
            StandInStats(pid, s.games, s.rounds, s.wins, s.stop_calls, s.last_chance_calls)
            for pid, _t in ordered[:MAX_STATS_PLAYERS]
            if (s := stand_ins.get(pid)) is not None
        )


# --- the server side -----------------------------------------------------------------------


HistoryKey = tuple[str, int]
"""("games", 0), ("stats", 0) or ("replay", game id): one cached answer."""

_GENERATION = (
    "SELECT COUNT(*), COALESCE(MAX(id), 0), COALESCE(MAX(finished_at), 0),"
    f" COALESCE(SUM(archived), 0) FROM games WHERE {_FINISHED}"
)
"""What changes whenever the finished games do (a game ends, one is archived or deleted):
the key that invalidates every cached answer. One small aggregate query per request."""


Answer = tuple[bytes, ...]
"""The encoded frames that answer one history request, in the order they are sent."""


def answer(db: sqlite3.Connection, key: HistoryKey, builder: StatsBuilder) -> Answer | None:
    """The encoded answer to one history request (None: no finished game has that id)."""
    kind, game = key
    if kind == "games":
        return (encode(Games(tuple(finished_games(db)))),)
    if kind == "replay":
        replay = load_replay(db, game)
        return None if replay is None else (encode(replay),)
    stats, stand_ins = builder.build_all(db)
    # stand_ins before stats: a client that waits for stats has both by then, and one that
    # predates stand_ins drops it (docs/protocol.md §10).
    return (encode(StandIns(stand_ins)), encode(Stats(stats)))


class HistoryWorker:
    """One thread that answers history requests from its own read-only connection to the
    journal (SQLite WAL lets it read while the event loop writes), so game frames never wait
    behind a statistics query. Results come back to the loop with ``call_soon_threadsafe``."""

    def __init__(self, path: str) -> None:
        self._uri = Path(path).absolute().as_uri() + "?mode=ro"
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="seasalt-history")
        self._db: sqlite3.Connection | None = None
        """Opened in the worker thread, used only there."""
        self._builder = StatsBuilder()

    def submit(
        self, key: HistoryKey, loop: asyncio.AbstractEventLoop,
        done: Callable[[Answer | None, list[tuple[int, str]], BaseException | None], None],
    ) -> None:
        """Answer ``key`` in the thread; ``done(frame, unsaved facts, error)`` on the loop."""

        def work() -> None:
            result: Answer | None = None
            error: BaseException | None = None
            try:
                result = self._answer(key)
            except BaseException as exc:  # reported on the loop, never lost in the thread
                error = exc
            unsaved = self._builder.take_unsaved()
            with contextlib.suppress(RuntimeError):  # the loop has closed: nobody to tell
                loop.call_soon_threadsafe(done, result, unsaved, error)

        self._pool.submit(work)

    def _answer(self, key: HistoryKey) -> Answer | None:
        if self._db is None:
            self._db = sqlite3.connect(self._uri, uri=True)
        return answer(self._db, key, self._builder)

    def close(self) -> None:
        def close_db() -> None:
            if self._db is not None:
                self._db.close()
                self._db = None

        with contextlib.suppress(RuntimeError):
            self._pool.submit(close_db)
        self._pool.shutdown(wait=True, cancel_futures=False)


class HistoryMixin(ServerCore):
    """Answers ``list_games``, ``get_replay`` and ``get_stats`` from the journal.

    Cheap by construction (issue 14): each answer is encoded once and cached until the finished
    games change; a session has its own, much lower rate budget for these requests
    (``history_rate``); and a cache miss is computed in a :class:`HistoryWorker` thread, off the
    event loop (inline only for an in-memory journal, which another connection cannot read).
    """

    _stats_builder: StatsBuilder | None = None
    _history_worker: HistoryWorker | None = None
    _history_cache: dict[HistoryKey, tuple[tuple[int, ...], Answer | None]]
    _history_waiting: dict[tuple[HistoryKey, tuple[int, ...]], list[tuple[Session, bytes]]]

    def init_history(self) -> None:
        self._history_cache = {}
        self._history_waiting = {}
        if self.journal.path != ":memory:" and self.config.history_thread:
            self._history_worker = HistoryWorker(self.journal.path)

    def close_history(self) -> None:
        if self._history_worker is not None:
            self._history_worker.close()
            self._history_worker = None

    def note_identity(self, peer: bytes, identity: str | None) -> None:
        """After ``hello``: remember the session's player id (statistics key)."""
        session = self.sessions.of_peer(peer)
        if identity is not None and session is not None:
            self.journal.remember_identity(session.token_hash, player_id_of_identity(identity))

    def history_allowed(self, session: Session) -> bool:
        now = self.clock.now()
        limiter = session.history_limiter
        if limiter is None:  # kept on the session: it goes when the session does
            burst = self.config.history_burst
            limiter = RateLimiter(self.config.history_rate, burst, burst, now)
            session.history_limiter = limiter
        return limiter.allow(now)

    def on_history(self, session: Session, peer: bytes, msg: HistoryRequest) -> None:
        if not self.history_allowed(session):
            self.error(
                peer, ErrorCode.RATE_LIMITED,
                f"history requests: at most {self.config.history_rate:g} a second",
            )
            return
        if isinstance(msg, ListGames):
            key: HistoryKey = ("games", 0)
        elif isinstance(msg, GetReplay):
            key = ("replay", msg.game)
        else:
            key = ("stats", 0)
        generation = tuple(self.journal.connection.execute(_GENERATION).fetchone())
        cached = self._history_cache.get(key)
        if cached is not None and cached[0] == generation:
            self._deliver(session, peer, key, cached[1])
            return
        loop = _running_loop()
        if self._history_worker is None or loop is None:
            if self._stats_builder is None:
                self._stats_builder = StatsBuilder()
            frame = answer(self.journal.connection, key, self._stats_builder)
            self._remember(key, generation, frame)
            self._deliver(session, peer, key, frame)
            return
        waiting = self._history_waiting.setdefault((key, generation), [])
        waiting.append((session, peer))
        if len(waiting) == 1:  # the first asker starts the work; the others share its answer
            self._history_worker.submit(key, loop, partial(self._answered, key, generation))

    def _answered(
        self, key: HistoryKey, generation: tuple[int, ...], frame: Answer | None,
        unsaved: list[tuple[int, str]], error: BaseException | None,
    ) -> None:
        waiting = self._history_waiting.pop((key, generation), [])
        if unsaved:  # counted once: the journal keeps them (the thread reads only)
            with contextlib.suppress(sqlite3.Error):
                self.journal.connection.executemany(
                    "INSERT OR REPLACE INTO game_facts VALUES (?,?)", unsaved
                )
        if error is not None:
            log.error("history request %s failed", key, exc_info=error)
            for session, peer in waiting:
                if session.peer == peer:
                    self.error(peer, ErrorCode.SERVER_ERROR, "history: internal server error")
            return
        self._remember(key, generation, frame)
        for session, peer in waiting:
            if session.peer == peer:  # still the connection that asked
                self._deliver(session, peer, key, frame)

    def _remember(
        self, key: HistoryKey, generation: tuple[int, ...], frame: Answer | None
    ) -> None:
        if key[0] == "replay" and len(self._history_cache) >= _CACHED_ANSWERS:
            # Replays are many and each is asked for rarely: keep the cache bounded.
            for old in [k for k in self._history_cache if k[0] == "replay"][: _CACHED_ANSWERS // 2]:
                del self._history_cache[old]
        self._history_cache[key] = (generation, frame)

    def _deliver(
        self, session: Session, peer: bytes, key: HistoryKey, frames: Answer | None
    ) -> None:
        if frames is None:
            self.error(peer, ErrorCode.UNKNOWN_TABLE, f"no finished game {key[1]}")
            return
        for frame in frames:
            self.send_encoded(session, frame)


_CACHED_ANSWERS = 256
"""Cached history answers at most (replays are dropped oldest first past this)."""


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:  # a Master driven by a test without an event loop
        return None
