"""seasalt.client.own_server: the server the app starts for itself, for solo and host mode.

``child_server`` starts ``python -m seasalt.server`` as a child process; ``solo_game`` keeps
the solo game that outlives its client (its journal and seat token); ``hosting`` is the app's
:class:`~seasalt.client.own_server.hosting.OwnServer`, starting that server for a plan and
hearing when it stops. The client never imports the server's code: it runs it.
"""
