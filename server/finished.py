"""Finished games from the journal: the history list, replays and per-player statistics.

Everything beyond what the journal stores (seats, final scores) comes from replaying the
recorded actions through the engine: duos, calls, bets and mermaid wins are read off the
engine's own events, never re-derived from rules here. Plain functions of a SQLite
connection: the history service (server/history.py) runs them on its worker thread's read-only
connection, ``seasalt-server games export`` on its own.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections import Counter
from dataclasses import dataclass, field
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
    GameSummary,
    PlayerEntry,
    PlayerStats,
    Replay,
    StandInMove,
    StandInStats,
    action_from_wire,
)
from seasalt.protocol.history import MAX_HISTORY_GAMES

from .config import log
from .event_stats import EFFECT_KINDS, ROUND_END_KINDS, PepperFacts, note_round_end
from .journal_schema import from_blob
from .tables import make_rules

MAX_STATS_PLAYERS = 500
"""Players in one ``stats`` answer (most games first): keeps it far below the frame limit."""
FINISHED = "finished=1 AND final_scores IS NOT NULL"
"""A game played to its end (``mark_finished`` alone closes an abandoned game: no scores)."""


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
    gid, kinds, extra, double, seed, version, stored, target, pepper = row
    if stored is not None:
        return tuple(json.loads(stored))
    if version != ENGINE_VERSION:
        return ()
    actions = [
        action_from_wire(from_blob(bytes(b)))
        for (b,) in db.execute("SELECT action FROM actions WHERE game_id=? ORDER BY idx", (gid,))
    ]
    rules = make_rules(
        len(json.loads(kinds)), bool(extra), bool(double), target or 0, extra_pepper=bool(pepper)
    )
    try:
        winners = replay(rules, seed, actions).winners
    except ValueError:
        return ()
    with contextlib.suppress(sqlite3.Error):  # a read-only journal: compute it again next time
        db.execute("UPDATE games SET winners=? WHERE id=?", (json.dumps(list(winners)), gid))
    return winners


def _summary(db: sqlite3.Connection, row: tuple) -> GameSummary:  # type: ignore[type-arg]
    (gid, table, kinds, extra, double, scores, started, finished, seed, version, winners, target,
     pepper) = row
    (rounds,) = db.execute("SELECT COUNT(*) FROM rounds WHERE game_id=?", (gid,)).fetchone()
    return GameSummary(
        game=gid,
        table=table,
        players=_players(db, gid, json.loads(kinds)),
        scores=tuple(json.loads(scores)),
        winners=_winners(
            db, (gid, kinds, extra, double, seed, version, winners, target, pepper)
        ),
        extra_salt=bool(extra),
        double_target=bool(double),
        rounds=rounds,
        started=int(started or 0),
        finished=int(finished or 0),
        target=0 if double else int(target or 0),
        extra_pepper=bool(pepper),
    )


_SUMMARY_COLUMNS = (
    "id, table_name, seat_kinds, extra_salt, double_target, final_scores, started_at,"
    " finished_at, seed, engine_version, winners, target, extra_pepper"
)


def finished_games(db: sqlite3.Connection, limit: int = MAX_HISTORY_GAMES) -> list[GameSummary]:
    """The finished games, newest first."""
    rows = db.execute(
        f"SELECT {_SUMMARY_COLUMNS} FROM games WHERE {FINISHED} ORDER BY id DESC LIMIT ?",
        (limit,),
    ).fetchall()
    return [_summary(db, row) for row in rows]


def load_replay(db: sqlite3.Connection, game_id: int) -> Replay | None:
    """A finished game's replay (None: no finished game has that id)."""
    row = db.execute(
        f"SELECT {_SUMMARY_COLUMNS} FROM games WHERE id=? AND {FINISHED}", (game_id,)
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
        len(summary.players), summary.extra_salt, summary.double_target, summary.target,
        extra_pepper=summary.extra_pepper,
    )
    return Replay(summary, rules, str(row[9]), int(row[8]), actions)


def load_stand_in_moves(db: sqlite3.Connection, game_id: int) -> tuple[StandInMove, ...]:
    """The actions of a game a bot played for a human seat (the journal's
    ``takeover_actions``; none for a game journalled before they were kept)."""
    try:
        rows = db.execute(
            "SELECT idx, seat FROM takeover_actions WHERE game_id=? ORDER BY idx", (game_id,)
        ).fetchall()
    except sqlite3.OperationalError:  # an older journal opened read-only (games export)
        return ()
    return tuple(StandInMove(idx, seat) for idx, seat in rows)


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
    pepper: PepperFacts = field(default_factory=PepperFacts)
    """Extra Pepper: the event cards and their effects (server/event_stats.py)."""


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
        held = state.held  # the event cards held while this round was played
        result = apply(state, action)
        state = result.state
        ended = next((e for e in result.events if e.kind in ROUND_END_KINDS), None)
        if held and ended is not None:
            note_round_end([f.pepper for f in facts], held, ended)
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
            elif e.kind is EventKind.EVENT_KEPT or e.kind in EFFECT_KINDS:
                mine.pepper.note(e)  # a choice: a takeover bot's is its own (as for calls)
            elif e.event_card is not None:
                facts[e.seat].pepper.note(e)  # received, or lost: the seat's either way
    return facts


def _facts_to_json(f: SeatFacts) -> dict[str, object]:
    d: dict[str, object] = {
        "duos": dict(f.duos), "stop": f.stop_calls, "last_chance": f.last_chance_calls,
        "bets_won": f.bets_won, "bets_lost": f.bets_lost, "mermaid_wins": f.mermaid_wins,
    }
    if f.stand_in is not None:
        d["bot"] = _facts_to_json(f.stand_in)
    if f.pepper:
        d["pepper"] = f.pepper.to_json()
    return d


def _facts_from_json(d: dict[str, Any]) -> SeatFacts:
    # Facts stored before takeovers were journalled have no "bot": none were told apart.
    return SeatFacts(
        Counter(d["duos"]), d["stop"], d["last_chance"], d["bets_won"], d["bets_lost"],
        d["mermaid_wins"], _facts_from_json(d["bot"]) if "bot" in d else None,
        PepperFacts.from_json(d.get("pepper")),
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
                    t.facts.pepper.add(f.pepper)
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
                events=t.facts.pepper.event_stats(),
                effects=t.facts.pepper.effect_counts(),
            )
            for pid, t in ordered[:MAX_STATS_PLAYERS]
        ), tuple(
            StandInStats(pid, s.games, s.rounds, s.wins, s.stop_calls, s.last_chance_calls)
            for pid, _t in ordered[:MAX_STATS_PLAYERS]
            if (s := stand_ins.get(pid)) is not None
        )
