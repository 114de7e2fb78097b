"""seasalt.client.tui: the Textual app (docs/client.md "Start here").

``app`` (the App and its lifecycle) and its parts: the table, network and lobby flows, the
bridge between the link and the screens, the Textual messages (``messages``), the link, the
app's own server (``hosting``), the language switch, the clocks and auto end turn;
``screens/`` and ``widgets/``; ``app.tcss`` its style sheet; ``compat``, every use of Textual's
and Rich's private code. Only this package imports Textual: the headless player and the network
library start without it.
"""

from seasalt.client.tui import compat

# Before anything is drawn: a no-break space must not end a line (French ": ; ! ?"), and ``_()``
# speaks the language of the app that runs it.
compat.install()
