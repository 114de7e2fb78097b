"""seasalt.client.own_server: the server the app starts for itself, for solo and host mode.

``child_server`` starts ``python -m seasalt.server`` as a child process (the client never
imports the server's code: it runs it); ``solo_game`` keeps the solo game that outlives its
client (its journal and seat token in the data dir). No Textual: the app's side of its own
server (``OwnServer``: starting one for a plan, hearing when it stops) is client/tui/hosting.py.
"""
