"""What ``seasalt-client --discover`` says of a server found on the LAN (client/net/discovery.py
finds them): its name and address, its tables and players waiting, whether it is encrypted,
and the command that joins it."""

from __future__ import annotations

from seasalt.client.net.discovery import FoundServer
from seasalt.client.words.come_back import join_command
from seasalt.client.words.i18n import _, ngettext
from seasalt.protocol import PROTOCOL_VERSION


def describe(server: FoundServer) -> list[str]:
    """The lines ``--discover`` prints for one server (in the language of ``--lang``)."""
    a = server.announcement
    facts = [
        ngettext("{n} table waiting", "{n} tables waiting", a.tables).format(n=a.tables),
        ngettext("{n} player waiting", "{n} players waiting", a.waiting).format(n=a.waiting),
        _("encrypted") if a.secure else _("not encrypted"),
    ]
    if not server.compatible:
        facts.append(_("protocol {theirs}, this client speaks {ours}").format(
            theirs=a.protocol, ours=PROTOCOL_VERSION))
    lines = [f"{server.name}  {server.address}  ({', '.join(facts)})"]
    command = join_command(server.address, a.server_key)
    lines.append("  " + _("join: {command}").format(command=command))
    if a.web is not None:
        lines.append("  " + _("browser: {address}").format(address=a.web))
    return lines
