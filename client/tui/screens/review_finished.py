"""The review of the game just finished, from its game over: the server's history gives the
game's replay (the same ``get_replay`` the history's ``v`` uses), found as the newest finished
game at this table with these final scores."""

from __future__ import annotations

from typing import Any

from seasalt.client.files.identity import load_identity
from seasalt.client.net.history_source import HistorySource, HistoryUnavailable, ServerHistory
from seasalt.client.tui.replay_steps import build_steps
from seasalt.protocol import GameSummary, Replay, StandInMove


async def finished_game(
    source: HistorySource, table: str, scores: tuple[int, ...]
) -> GameSummary | None:
    """The newest finished game at ``table`` that ended with ``scores`` (None: not journalled,
    or the server keeps no history)."""
    games = await source.list_games()
    return next((g for g in sorted(games, key=lambda g: -g.game)
                 if g.table == table and tuple(g.scores) == tuple(scores)), None)


async def finished_replay(
    source: HistorySource, table: str, scores: tuple[int, ...]
) -> tuple[Replay, tuple[StandInMove, ...]]:
    """The replay of the game just finished and the moves a bot made in it for a player.

    Raises:
        HistoryUnavailable: the server did not give it (the words say why).
        ReplayFileError: this engine cannot rebuild it.
    """
    game = await finished_game(source, table, scores)
    if game is None:
        raise HistoryUnavailable("this game is not in the server's history")
    replay = await source.replay(game.game)
    build_steps(replay)  # another engine version's game, or a damaged one: said here
    return replay, source.stand_ins_of(game.game)


def app_history(app: Any) -> HistorySource:
    """A history session to the server this app plays on (the lobby's ``h`` asks the same)."""
    return ServerHistory(app.net.server_address, getattr(app, "player", "") or "review",
                         load_identity(), server_key=getattr(app, "server_key", None))


__all__ = ["app_history", "finished_game", "finished_replay"]
