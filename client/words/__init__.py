"""seasalt.client.words: what the client says to people, in their language.

gettext (``i18n``: ``_()``, one translator per app; ``locale/`` the catalogues; ``i18n_tools``
their upkeep) and every string builder the screens, the headless player and the command line
share: the game's words (cards, colours, actions), the scoring terms, the event cards, the
errors, the commands that bring a player back and the address friends type. Words only: no
sockets, no screens (the coach's advice, worded as Rich text for its panel, is
client/tui/widgets/coach_words.py).
"""
