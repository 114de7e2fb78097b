"""seasalt.client.words: what the client says to people, in their language.

gettext (``i18n``: ``_()``, one translator per app; ``locale/`` the catalogues; ``i18n_tools``
their upkeep) and every string builder the screens, the headless player and the command line
share: the game's words (cards, colours, actions), the scoring terms, the event cards, the
errors, the coach's advice, the commands that bring a player back, the address friends type
and the servers found on the LAN. They may read the network library's data (``net``), never the
other way. Words only, as plain strings: no sockets, no screens, no styling (the screens and widgets
style them).
"""
