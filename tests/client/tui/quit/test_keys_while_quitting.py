"""Keys typed while the app is closing are dropped, not a crash (found by the chaos soak, seed
1016: "y" on the quit dialog and one more key in the same moment, as a held key sends; Textual
handled the late key after its last screen was gone and the app died of ScreenStackError)."""

from __future__ import annotations

from seasalt.client.tui.screens.dialogs import ConfirmDialog
from seasalt.testing.tui import OneFrameLink, app_for, mid_round, press


async def test_keys_after_yes_on_the_quit_dialog_are_dropped(tui) -> None:  # type: ignore[no-untyped-def]
    app = app_for(OneFrameLink(mid_round(3), 0))
    async with app.run_test(size=(120, 40)):
        await tui.until_table(app)
        await tui.key(app, "ctrl+q")
        await tui.until(lambda: isinstance(app.screen, ConfirmDialog))
        await press(app, "y", "y", "x", "ctrl+q", "q")  # a held key: more come after the "y"
        await tui.until(lambda: app.return_code is not None)
    assert app.return_code == 0  # run_test re-raises what the app died of: it quit cleanly


async def test_keys_after_ctrl_q_while_watching_are_dropped(tui) -> None:  # type: ignore[no-untyped-def]
    app = app_for(OneFrameLink(mid_round(3), None))  # a spectator quits without a question
    async with app.run_test(size=(120, 40)):
        await tui.until_table(app)
        await press(app, "ctrl+q", "1", "q", "enter", "ctrl+q")
        await tui.until(lambda: app.return_code is not None)
    assert app.return_code == 0


async def test_the_handlers_of_server_messages_do_nothing_once_textual_shuts_down(tui) -> None:  # type: ignore[no-untyped-def]
    # What the soak saw, made certain: a handler run once shutdown began (Textual clears
    # is_running first, then takes the screens down) must not look at screens or widgets.
    from seasalt.client.tui.messages import ChatHistoryArrived, Refused
    from seasalt.protocol import ErrorCode

    app = app_for(OneFrameLink(mid_round(3), 0))
    async with app.run_test(size=(120, 40)):
        await tui.until_table(app)
    assert not app.is_running and not app.screen_stack
    app.on_refused(Refused(ErrorCode.ILLEGAL_ACTION, "late"))  # was: ScreenStackError
    app.on_chat_history(ChatHistoryArrived((("Bob", "gl hf"),)))
