"""Every message type survives encode -> decode unchanged; game data from real games too."""

from __future__ import annotations

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from seasalt.engine import ACTION_TYPES, EventKind, RoundEnd, Rules
from seasalt.protocol import (
    CLIENT_MESSAGES,
    MAX_CHAT_LENGTH,
    MAX_NAME_LENGTH,
    MAX_TABLE_NAME_LENGTH,
    PROTOCOL_VERSION,
    SERVER_MESSAGES,
    ActionRequest,
    Away,
    Chat,
    ChatEntry,
    ChatHistory,
    ChatLine,
    Continue,
    Error,
    ErrorCode,
    GameOver,
    GameRecord,
    Heartbeat,
    Hello,
    InvalidField,
    Joined,
    JoinOrCreate,
    Leave,
    Left,
    ListTables,
    PlayAgain,
    Resume,
    RoundOver,
    SeatInfo,
    Snapshot,
    Sync,
    TableChanged,
    TableInfo,
    Tables,
    TableState,
    Takeover,
    Update,
    Watch,
    Welcome,
    action_from_wire,
    action_to_wire,
    decode,
    decode_client_message,
    decode_server_message,
    encode,
    event_from_wire,
    event_to_wire,
    rules_from_wire,
    rules_to_wire,
    view_from_wire,
    view_to_wire,
)
from seasalt.protocol import history as h
from seasalt.protocol import scores as sc
from seasalt.protocol.clocks import Clocks, SeatClock, TimeRanOut
from seasalt.protocol.stand_in import ReplayStandIns, StandInMove, StandInMoves
from seasalt.protocol.table_options import ServerInfo

from .games import sample_games

SAMPLE = sample_games()


# Text the protocol accepts: printable, not blank.
def _text(max_size: int) -> st.SearchStrategy[str]:
    return st.text(
        st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Zl", "Zp", "Co", "Cn", "Zs")),
        min_size=1,
        max_size=max_size,
    )


names = _text(MAX_NAME_LENGTH)
tables_ = _text(MAX_TABLE_NAME_LENGTH)
seqs = st.integers(0, 2**31)
seats = st.none() | st.integers(0, 3)
tokens = st.text("abcXYZ019_-", min_size=1, max_size=64)
seat_kinds = st.sampled_from(["human", "bot:random", "bot:greedy", "bot:expert"])
seat_lists = st.lists(seat_kinds, min_size=1, max_size=3).map(lambda s: ("human", *s))
int_tuples = st.lists(st.integers(-100, 100), max_size=4).map(tuple)
seat_infos = st.builds(
    SeatInfo,
    kind=seat_kinds,
    name=st.none() | names,
    connected=st.booleans(),
    bot_playing=st.booleans(),
)
lengths = st.sampled_from([(False, 0), (True, 0), (False, 1), (False, 7), (False, 200)])
"""(double_target, target): the game lengths a table may have (the two exclude each other)."""
table_infos = lengths.flatmap(lambda length: st.builds(
    TableInfo,
    name=tables_,
    seats=st.lists(seat_infos, min_size=2, max_size=4).map(tuple),
    extra_salt=st.booleans(),
    double_target=st.just(length[0]),
    state=st.sampled_from(TableState),
    round=st.integers(0, 50),
    watchers=st.integers(0, 9),
    turn_time=st.sampled_from([0, 30, 60, 120]),
    target=st.just(length[1]),
    extra_pepper=st.booleans(),
))
seat_clocks = st.builds(SeatClock, seat=st.integers(0, 3), ms=st.integers(0, 10**7))
views = st.sampled_from(SAMPLE.views)
actions = st.sampled_from(SAMPLE.actions)
events = st.lists(st.sampled_from(SAMPLE.events), max_size=6).map(tuple)
results = st.sampled_from([v.last_result for v in SAMPLE.views if v.last_result is not None])

MESSAGES: dict[type, st.SearchStrategy[object]] = {
    Hello: st.builds(Hello, version=st.just(PROTOCOL_VERSION), name=names),
    Resume: st.builds(Resume, version=st.just(PROTOCOL_VERSION), token=tokens),
    ListTables: st.just(ListTables()),
    JoinOrCreate: lengths.flatmap(lambda length: st.builds(
        JoinOrCreate, table=tables_, seats=seat_lists, extra_salt=st.booleans(),
        double_target=st.just(length[0]), turn_time=st.sampled_from([0, 10, 30, 600]),
        target=st.just(length[1]), extra_pepper=st.booleans(),
    )),
    Watch: st.builds(Watch, table=tables_),
    Leave: st.just(Leave()),
    Away: st.just(Away()),
    ActionRequest: st.builds(ActionRequest, table=tables_, seq=seqs, action=actions),
    Continue: st.builds(Continue, table=tables_),
    PlayAgain: st.builds(PlayAgain, table=tables_),
    Sync: st.builds(Sync, table=tables_),
    Chat: st.builds(Chat, table=tables_, text=_text(MAX_CHAT_LENGTH)),
    Heartbeat: st.just(Heartbeat()),
    Welcome: st.builds(
        Welcome, version=st.just(PROTOCOL_VERSION), token=tokens, session=tokens, name=names,
        resumed=st.booleans(),
    ),
    Tables: st.builds(Tables, tables=st.lists(table_infos, max_size=3).map(tuple)),
    Joined: st.builds(Joined, table=tables_, seat=seats),
    Left: st.builds(Left, table=tables_),
    TableChanged: st.builds(TableChanged, info=table_infos),
    Snapshot: st.builds(Snapshot, table=tables_, seq=seqs, view=views),
    Update: st.builds(Update, table=tables_, seq=seqs, view=views, events=events),
    RoundOver: st.builds(
        RoundOver, table=tables_, seq=seqs, result=results,
        waiting=st.lists(st.integers(0, 3), max_size=4).map(tuple),
    ),
    GameOver: st.builds(
        GameOver, table=tables_, seq=seqs, scores=int_tuples, winners=int_tuples,
        standings=int_tuples,
    ),
    ChatLine: st.builds(ChatLine, table=tables_, name=names, seat=seats, text=_text(50)),
    ChatHistory: st.builds(ChatHistory, table=tables_, lines=st.lists(st.builds(
        ChatEntry, name=names, seat=seats, text=_text(50)), max_size=4).map(tuple)),
    GameRecord: st.builds(
        GameRecord, table=tables_, seq=seqs,
        rounds=st.lists(int_tuples, max_size=5).map(tuple), tie_break=st.booleans(),
        takeovers=st.lists(st.builds(Takeover, seat=st.integers(0, 3),
                                     level=st.sampled_from(["random", "greedy"]),
                                     rounds=st.integers(1, 9)), max_size=3).map(tuple),
    ),
    Error: st.builds(
        Error, code=st.sampled_from(ErrorCode), message=st.text(max_size=80),
        table=st.none() | tables_,
    ),
}

# History messages (protocol/history.py)
_player_ids = st.sampled_from(["p:0123456789abcdef", "s:00ff00ff00ff00ff", "bot:greedy"])
_entries = st.builds(
    h.PlayerEntry, seat=st.integers(0, 3), kind=seat_kinds, name=st.none() | names,
    player=_player_ids,
)
_summaries = lengths.flatmap(lambda length: st.builds(
    h.GameSummary, game=st.integers(1, 2**40), table=tables_,
    players=st.lists(_entries, min_size=2, max_size=4).map(tuple), scores=int_tuples,
    winners=int_tuples, extra_salt=st.booleans(), double_target=st.just(length[0]),
    rounds=st.integers(0, 30), started=st.integers(0, 2**33), finished=st.integers(0, 2**33),
    target=st.just(length[1]), extra_pepper=st.booleans(),
))
_stats = st.builds(
    h.PlayerStats, player=_player_ids, name=names, games=st.integers(0, 99),
    wins=st.integers(0, 99), points=st.integers(0, 9999), rounds=st.integers(0, 999),
    duos=st.lists(st.builds(h.DuoCount, kind=st.sampled_from(["crab", "swimmer+shark"]),
                            count=st.integers(0, 50)), max_size=3).map(tuple),
    stop_calls=st.integers(0, 50), last_chance_calls=st.integers(0, 50),
    bets_won=st.integers(0, 50), bets_lost=st.integers(0, 50), mermaid_wins=st.integers(0, 5),
    events=st.lists(st.builds(
        h.EventStats, event=st.sampled_from(["kraken", "coral_reef"]),
        received=st.integers(0, 9), kept=st.integers(0, 9), discarded=st.integers(0, 9),
        rounds=st.integers(0, 30), points=st.integers(0, 400),
    ), max_size=2).map(tuple),
    effects=st.lists(st.builds(h.DuoCount, kind=st.sampled_from(["swapped", "pair_stolen"]),
                               count=st.integers(0, 50)), max_size=2).map(tuple),
)
MESSAGES.update({
    h.ListGames: st.just(h.ListGames()),
    h.GetReplay: st.builds(h.GetReplay, game=st.integers(1, 2**40)),
    h.GetStats: st.just(h.GetStats()),
    h.Games: st.builds(h.Games, games=st.lists(_summaries, max_size=3).map(tuple)),
    h.Replay: st.builds(
        h.Replay, summary=_summaries, rules=st.just(Rules(3, True)),
        engine_version=st.sampled_from(["1", "2"]),
        seed=st.integers(0, 2**63 - 1), actions=st.lists(actions, max_size=5).map(tuple),
    ),
    Clocks: st.builds(
        Clocks, table=tables_, seq=seqs, turn=st.none() | seat_clocks,
        takeovers=st.lists(seat_clocks, max_size=4).map(tuple),
        reading=st.none() | st.integers(0, 10**7),
    ),
    TimeRanOut: st.builds(TimeRanOut, table=tables_, seq=seqs, seat=st.integers(0, 3)),
    StandInMoves: st.builds(
        StandInMoves, table=tables_, seq=seqs,
        log=st.sets(st.integers(0, 300), max_size=6).map(lambda s: tuple(sorted(s))),
        events=st.sets(st.integers(0, 12), max_size=4).map(lambda s: tuple(sorted(s))),
    ),
    ReplayStandIns: st.builds(
        ReplayStandIns, game=st.integers(1, 10**6),
        moves=st.dictionaries(st.integers(1, 900), st.integers(0, 3), max_size=6).map(
            lambda d: tuple(StandInMove(a, s) for a, s in sorted(d.items()))),
    ),
    ServerInfo: st.builds(ServerInfo, web=st.lists(st.sampled_from(
        ["http://192.168.1.20:8080/", "http://[fe80::1]:8080/", "https://party.lan/"]),
        max_size=3).map(tuple)),
    h.Stats: st.builds(h.Stats, players=st.lists(_stats, max_size=3).map(tuple)),
    h.StandIns: st.builds(h.StandIns, players=st.lists(st.builds(
        h.StandInStats, player=_player_ids, games=st.integers(0, 99), rounds=st.integers(0, 99),
        wins=st.integers(0, 99), stop_calls=st.integers(0, 50),
        last_chance_calls=st.integers(0, 50),
    ), max_size=3).map(tuple)),
})

# The score sheet (protocol/scores.py)
_three = st.lists(st.integers(0, 99), min_size=3, max_size=3).map(tuple)
MESSAGES.update({
    sc.GetScores: st.builds(sc.GetScores, table=tables_),
    sc.ScoreSheet: st.builds(
        sc.ScoreSheet, table=tables_, seq=seqs,
        rounds=st.lists(st.builds(
            sc.ScoreRound, round=st.integers(1, 30), end=st.sampled_from(RoundEnd),
            ended_by=st.integers(0, 2), bet_won=st.none() | st.booleans(), points=_three,
            totals=_three,
        ), max_size=4).map(tuple),
        scores=_three, standings=st.permutations((0, 1, 2)).map(tuple), over=st.booleans(),
        tie_break=st.booleans(),
    ),
})


def test_every_message_class_has_a_strategy() -> None:
    assert set(MESSAGES) == set(CLIENT_MESSAGES) | set(SERVER_MESSAGES)


@pytest.mark.parametrize("cls", list(MESSAGES), ids=lambda c: c.__name__)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_message_round_trips(cls: type, data: st.DataObject) -> None:
    message = data.draw(MESSAGES[cls])
    frame = encode(message)  # type: ignore[arg-type]
    assert decode(frame, max_size=len(frame)) == message
    # Deterministic bytes: re-encoding the decoded message gives the same frame.
    assert encode(decode(frame, max_size=len(frame))) == frame
    one_way = decode_client_message if cls in CLIENT_MESSAGES else decode_server_message
    assert one_way(frame, max_size=len(frame)) == message


def test_frame_is_a_map_with_the_tag_first() -> None:
    frame = msgpack.unpackb(encode(Continue("t1")))
    assert list(frame) == ["t", "table"]
    assert frame == {"t": "continue", "table": "t1"}


def test_views_of_real_games_round_trip_equal() -> None:
    assert len(SAMPLE.views) > 100
    for v in SAMPLE.views:
        wire = view_to_wire(v)
        packed = msgpack.packb(wire)
        back = view_from_wire(msgpack.unpackb(packed))
        assert back == v
        assert msgpack.packb(view_to_wire(back)) == packed


def test_views_cover_spectators_seats_results_and_game_over() -> None:
    assert any(v.seat is None for v in SAMPLE.views)
    assert any(v.last_result is not None for v in SAMPLE.views)
    assert any(v.is_over for v in SAMPLE.views)
    assert any(v.pending for v in SAMPLE.views)


def test_events_of_real_games_round_trip_including_redacted() -> None:
    kinds = set()
    for e in set(SAMPLE.events):  # equal events need checking once
        assert event_from_wire(msgpack.unpackb(msgpack.packb(event_to_wire(e)))) == e
        kinds.add(e.kind)
    assert any(e.redacted for e in SAMPLE.events)
    assert {EventKind.ROUND_STARTED, EventKind.DREW_FROM_DECK, EventKind.GAME_OVER} <= kinds


def test_every_action_class_round_trips() -> None:
    seen = {type(a) for a in SAMPLE.actions}
    for v in SAMPLE.views:
        seen |= {type(a) for a in v.legal_actions}
    # Random play meets most action types; the rest are built by hand below.
    from seasalt.engine import (
        Call,
        CallKind,
        ChooseCrabPile,
        DrawFromDeck,
        EndTurn,
        EventCard,
        KeepCard,
        KeepEventCard,
        KeepLobsterCard,
        LookAtHand,
        PassSwap,
        PlaceShellFaceDown,
        PlayPair,
        PlayTrio,
        Rob,
        StealPair,
        SwapCard,
        TakeAngelfishCard,
        TakeCrabCard,
        TakeDiscard,
    )

    hand_made = [
        TakeAngelfishCard(1), LookAtHand(1), SwapCard(3, 4), PassSwap(), StealPair((24, 25)),
        PlaceShellFaceDown(34), KeepEventCard(EventCard.KRAKEN),
        DrawFromDeck(), TakeDiscard(1), KeepCard(3), KeepCard(3, 0), PlayPair((1, 2)),
        PlayTrio((1, 2), 60), ChooseCrabPile(0), TakeCrabCard(9), Rob(2), KeepLobsterCard(5),
        Call(CallKind.STOP), Call(CallKind.LAST_CHANCE), EndTurn(),
    ]
    assert {type(a) for a in hand_made} == set(ACTION_TYPES)
    for a in [*hand_made, *SAMPLE.actions]:
        assert action_from_wire(msgpack.unpackb(msgpack.packb(action_to_wire(a)))) == a


def test_action_wire_form_is_a_tagged_map_without_defaults() -> None:
    from seasalt.engine import Call, CallKind, KeepCard, PlayPair

    assert action_to_wire(KeepCard(7)) == {"type": "keep_card", "card": 7}
    assert action_to_wire(KeepCard(7, 1)) == {"type": "keep_card", "card": 7, "pile": 1}
    # Tuples of plain values pass through: msgpack packs them as arrays.
    assert action_to_wire(PlayPair((3, 4))) == {"type": "play_pair", "cards": (3, 4)}
    assert msgpack.unpackb(msgpack.packb(action_to_wire(PlayPair((3, 4))))) == {
        "type": "play_pair", "cards": [3, 4],
    }
    assert action_to_wire(Call(CallKind.LAST_CHANCE)) == {"type": "call", "kind": "last_chance"}


def test_rules_round_trip() -> None:
    for rules in (Rules(2), Rules(3, True), Rules(4, False, target=60),
                  Rules(2, extra_pepper=True)):
        assert rules_from_wire(rules_to_wire(rules)) == rules
    assert rules_to_wire(Rules(4, True, target=60)) == {
        "players": 4, "extra_salt": True, "target": 60,
    }


def test_pack_and_unpack_plain_game_data() -> None:
    from seasalt.engine import PlayTrio
    from seasalt.protocol import pack, unpack

    trio = PlayTrio((1, 2), 60)
    assert action_from_wire(unpack(pack(action_to_wire(trio)))) == trio
    assert unpack(pack(rules_to_wire(Rules(3, True)))) == {"players": 3, "extra_salt": True}


def test_view_frames_decode_like_the_generic_form_and_reuse_packed_events() -> None:
    from seasalt.protocol import FrameCache
    from seasalt.protocol.wire import to_frame_data

    cache = FrameCache()
    for i, v in enumerate(SAMPLE.views[::7]):
        for message in (Snapshot("t", i, v), Update("t", i + 1, v, v.log[-3:])):
            fast = encode(message, cache)
            generic = msgpack.packb(to_frame_data(message))
            assert msgpack.unpackb(fast) == msgpack.unpackb(generic)  # same map, any key order
            assert decode(fast, max_size=len(fast)) == message
            assert encode(message, cache) == fast  # the cache gives the same bytes
            assert encode(message) == fast  # and so does packing from scratch


def test_equal_views_built_separately_give_equal_frames() -> None:
    # The indistinguishability test compares encodings: equal views, equal bytes, even when
    # their events are different (equal) objects.
    from dataclasses import replace

    v = next(v for v in SAMPLE.views if len(v.log) > 5)
    copy = replace(v, log=tuple(replace(e) for e in v.log))
    assert copy == v and copy.log[0] is not v.log[0]
    assert encode(Snapshot("t", 1, copy)) == encode(Snapshot("t", 1, v))


def test_stand_in_moves_refuse_unordered_or_negative_indexes() -> None:
    for bad in ((3, 1), (2, 2), (-1,)):
        with pytest.raises(InvalidField):
            StandInMoves("t", 4, log=bad)
        with pytest.raises(InvalidField):
            StandInMoves("t", 4, events=bad)
    assert decode(encode(StandInMoves("t", 4, (0, 5)))) == StandInMoves("t", 4, (0, 5), ())


def test_replay_stand_ins_refuse_unordered_or_out_of_range_moves() -> None:
    for bad in ((3, 1), (2, 2)):
        with pytest.raises(InvalidField):
            ReplayStandIns(1, tuple(StandInMove(a, 0) for a in bad))
    for action, seat in ((0, 0), (1, -1), (1, 4)):
        with pytest.raises(InvalidField):
            StandInMove(action, seat)
    with pytest.raises(InvalidField):
        ReplayStandIns(0, ())
    moves = (StandInMove(2, 1), StandInMove(7, 1))
    assert decode(encode(ReplayStandIns(3, moves))) == ReplayStandIns(3, moves)
