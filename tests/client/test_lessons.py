"""Every lesson's deal and steps are legal in the engine (client/lessons), with no Textual.

Each lesson is walked through its own table (the runner that answers the app as a server
would): every move the lesson asks for is a legal action when it is reached and is offered on
a key of the table's choices, every scripted move of the opponent is legal, every prepared
position is built by the engine's exact-state constructor, the lesson's words render at every
moment, and the walk reaches the lesson's end. A move that does not fit is explained and not
applied.
"""

from __future__ import annotations

from typing import Any

import pytest
from seasalt import protocol as p
from seasalt.client import cli
from seasalt.client.cli import LESSON_NAMES
from seasalt.client.lessons import LESSONS
from seasalt.client.lessons.base import late_round_two
from seasalt.client.lessons.runner import LessonRun
from seasalt.client.lessons.script import Bot, Ctx, End, Lesson, Move, Pause, same_move
from seasalt.client.tui.widgets.actions import choices_for
from seasalt.client.words.game import Names
from seasalt.engine import (
    DrawFromDeck,
    KeepCard,
    Phase,
    RoundEnd,
    TakeDiscard,
    legal_actions,
    view,
)


def _say(run: LessonRun) -> None:
    """The words of the lesson's moment render (numbers from the engine, no error)."""
    moment = run.moment()
    ctx = Ctx(view(run.state, 0), Names(["Ann", run.lesson.opponent], 0))
    if moment.beat is not None:
        assert moment.beat.say(ctx).strip()
        if isinstance(moment.beat, Move) and moment.beat.why is not None:
            assert moment.beat.why(ctx).strip()


def walk(lesson: Lesson) -> LessonRun:
    """Play ``lesson`` as its line asks, to its end; every step checked on the way."""
    run = LessonRun(lesson)
    run.start("Ann")
    for _ in range(400):
        if run.bot_due():
            beat = run.beat
            if isinstance(beat, Bot):
                assert beat.action in legal_actions(run.state), (run.index, beat)
            run.bot_step()
            continue
        _say(run)
        beat = run.moment().beat
        if isinstance(beat, End):
            return run
        if isinstance(beat, Pause):
            seq = run.seq
            out = run.receive(p.Continue(run.table))
            assert not any(isinstance(m, p.Error) for m in out)
            assert run.seq >= seq
            continue
        assert isinstance(beat, Move), (run.index, run.beat, run.state.to_act, run.state.phase)
        v = view(run.state, 0)
        assert beat.action in v.legal_actions, (run.index, beat.action, v.legal_actions)
        keyed = [c for c in choices_for(v, Names(["Ann", "Bob"], 0))
                 if same_move(c.action, beat.action)]
        assert keyed and keyed[0].key, (run.index, beat.action)  # the key the line asks for
        seq = run.seq
        out = run.receive(p.ActionRequest(run.table, run.seq, keyed[0].action))
        assert run.wrong is None and run.seq > seq, (run.index, out)
    raise AssertionError(f"{lesson.key}: the lesson never reached its end")


@pytest.mark.parametrize("key", list(LESSONS))
def test_every_lesson_plays_to_its_end_in_the_engine(key: str) -> None:
    run = walk(LESSONS[key])
    assert run.index == len(run.lesson.beats) - 1
    assert not run.state.is_over


def test_the_base_lesson_teaches_on_the_engines_numbers() -> None:
    """The round the base lesson plays is the engine's: a LAST CHANCE bet won (RULES §6.2),
    then a round that ends void with the deck (RULES §6.4), then a third round."""
    run = walk(LESSONS["base"])
    first, second = run.rounds
    assert first.end is RoundEnd.LAST_CHANCE and first.bet_won and first.ended_by == 0
    assert second.end is RoundEnd.VOID and second.points == (0, 0)
    assert run.state.round == 3 and run.state.scores == first.totals


def test_the_prepared_position_is_the_same_game() -> None:
    """The skip to the end of round 2 keeps the game's rules, round, scores and seed, and the
    engine's constructor accepts it (every card in one zone)."""
    run = LessonRun(LESSONS["base"])
    state = run.state
    later = late_round_two(state)
    assert (later.rules, later.round, later.scores, later.seed) == (
        state.rules, state.round, state.scores, state.seed)
    assert later.phase is Phase.DRAW and later.to_act == 0 and len(later.deck) == 2


def test_a_move_that_does_not_fit_is_explained_and_the_step_asked_again() -> None:
    run = LessonRun(LESSONS["base"])
    run.start("Ann")
    run.receive(p.Continue(run.table))  # past the welcome
    step, seq, state = run.index, run.seq, run.state
    asked = run.moment().beat
    assert isinstance(asked, Move) and asked.action == DrawFromDeck()
    out = run.receive(p.ActionRequest(run.table, seq, TakeDiscard(0)))  # legal, not the lesson's
    assert run.state is state and run.index == step and run.seq == seq
    assert [type(m) for m in out] == [p.Snapshot] and out[0].seq == seq  # frees the keys
    moment = run.moment_at(seq)
    assert moment is not None and moment.wrong == TakeDiscard(0)
    run.receive(p.ActionRequest(run.table, seq, DrawFromDeck()))
    assert run.index == step + 1 and run.seq == seq + 1 and run.moment().wrong is None


def test_an_illegal_or_stale_move_is_refused_as_the_server_does() -> None:
    run = LessonRun(LESSONS["base"])
    run.start("Ann")
    run.receive(p.Continue(run.table))
    (refused,) = run.receive(p.ActionRequest(run.table, run.seq, KeepCard(0, 1)))
    assert isinstance(refused, p.Error) and refused.code is p.ErrorCode.ILLEGAL_ACTION
    stale = run.receive(p.ActionRequest(run.table, run.seq + 3, DrawFromDeck()))
    assert isinstance(stale[0], p.Error) and stale[0].code is p.ErrorCode.STALE_SEQ


def test_the_command_line_offers_every_lesson() -> None:
    assert tuple(LESSONS) == LESSON_NAMES


@pytest.mark.parametrize(("argv", "lesson"), [(["--learn"], "base"),
                                              (["--learn", "extra-pepper"], "extra-pepper"),
                                              (["--learn", "extra-salt", "--lang", "fr"],
                                               "extra-salt")])
def test_learn_on_the_command_line_starts_that_lesson(
    argv: list[str], lesson: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, Any] = {}

    def fake_run_app(**kwargs: Any) -> int:
        seen.update(kwargs)
        return 0

    import seasalt.client.tui.app as app_module

    monkeypatch.setattr(app_module, "run_app", fake_run_app)
    monkeypatch.setattr(cli, "setup_log_file", lambda: None)
    assert cli.main(argv) == 0
    assert seen["learn"] == lesson and not seen["solo"] and seen["address"] is None


@pytest.mark.parametrize(("argv", "complaint"), [
    (["--learn", "chess"], "argument --learn: invalid choice: 'chess'"),
    (["--learn", "--solo"], "--learn plays a lesson on its own"),
    (["localhost", "--learn"], "--learn plays a lesson on its own"),
])
def test_a_bad_learn_is_a_clear_error(
    argv: list[str], complaint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(argv)
    assert stopped.value.code == 2
    assert complaint in capsys.readouterr().err.splitlines()[-1]


def test_play_again_at_the_game_over_starts_the_lesson_again() -> None:
    run = walk(LESSONS["extra-salt"])
    for _ in range(2000):  # the lesson is over: the game goes on to its end
        if run.state.is_over:
            break
        if run.bot_due():
            run.bot_step()
        elif run.reading:
            run.receive(p.Continue(run.table))
        else:
            run.receive(p.ActionRequest(run.table, run.seq, legal_actions(run.state)[0]))
    assert run.state.is_over
    (snapshot,) = run.receive(p.PlayAgain(run.table))
    assert isinstance(snapshot, p.Snapshot) and not snapshot.view.is_over
    assert run.index == 0 and run.state == LESSONS["extra-salt"].deal()
