"""Command palette providers of the player's settings (the language's are in
client/tui/language.py): "Auto end turn: on/off"."""

from __future__ import annotations

from functools import partial

from seasalt.client.tui.auto_end import set_auto_end
from seasalt.client.words.i18n import _
from textual.command import DiscoveryHit, Hit, Hits, Provider


class AutoEndCommands(Provider):
    """Command palette: "Auto end turn: on/off"."""

    def _command(self) -> tuple[str, str, bool]:
        on = not bool(getattr(self.app, "auto_end_turn", False))
        text = _("Auto end turn: switch on") if on else _("Auto end turn: switch off")
        return text, "Auto end turn", on

    def _help(self) -> str:
        return _("End the turn by itself when ending it is the only choice")

    async def discover(self) -> Hits:
        text, _english, on = self._command()
        yield DiscoveryHit(text, partial(set_auto_end, self.app, on), help=self._help())

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        text, english, on = self._command()
        score = max(matcher.match(text), matcher.match(english))
        if score > 0:
            yield Hit(score, matcher.highlight(text), partial(set_auto_end, self.app, on),
                      text=text, help=self._help())
