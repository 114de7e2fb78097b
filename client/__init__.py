"""seasalt.client: the network client library, the headless player and (lazily) the Textual app.

Folders by concern (each says its job in its ``__init__``):

- ``net/``: the network library (addresses, session, connection, discovery), no Textual;
- ``files/``: what the client keeps on this machine (name, settings, identity, tokens, replays);
- ``words/``: everything it says to people, and gettext (``words.i18n``, ``words/locale/``);
- ``own_server/``: the server the app starts for solo and host mode;
- ``tui/``: the Textual app, its flows, ``screens/`` and ``widgets/``;
- ``lessons/``: "Learn to play", a table that answers the app as a server would.

At the top: ``cli`` (``seasalt-client``), ``headless`` (the headless player), ``discovery_cli``
(``--discover``), ``log_and_replay`` (the log file, ``--replay FILE``, ``--review FILE``),
``review_text`` (the expert's review in the player's words) and ``review_process`` (the review
screen's review, run in a process of its own).

Importing this package, ``seasalt.client.net.connection`` or ``seasalt.client.headless`` never
imports Textual; only ``seasalt.client.tui`` does.
"""
