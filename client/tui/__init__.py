"""seasalt.client.tui: the Textual app (docs/client.md "Start here").

``app`` (the App and its lifecycle) and its parts: the table, network and lobby flows, the
bridge between the link and the screens, the Textual messages (``messages``), the link, the
app's own server (``hosting``), the language switch, the clocks and auto end turn;
``screens/`` and ``widgets/``; ``app.tcss`` its style sheet. Only this package (and
``words.i18n``, lazily) imports Textual: the headless player and the network library start
without it.
"""
