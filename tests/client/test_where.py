"""The join line friends read in the waiting room and the help (issue 13 defect 12; issue 14:
a ``--secure`` server hosted here needs its key on the command they type)."""

from __future__ import annotations

from seasalt.client.words.join_address import join_line
from seasalt.testing.shell import shell_words


def test_a_hosted_secure_server_gives_friends_its_key() -> None:
    line = join_line(True, ["127.0.0.1:7327", "192.168.1.20:7327"], "127.0.0.1:7327", "K3y")
    assert "seasalt-client 192.168.1.20:7327 --server-key K3y" in line
    assert "127.0.0.1" not in line


def test_a_key_is_quoted_for_the_shell_friends_paste_the_command_into() -> None:
    # A CURVE key is Z85 text: nearly every one holds & > $ # * or brackets, which a shell
    # took as its own (the command ran in the background, wrote a file, lost the key's end).
    key = "rq:rM>}U?@Lns47E1%kR.o@n%FcmmsL/@{H8]y&7"
    line = join_line(True, ["192.168.1.20:7327"], "127.0.0.1:7327", key)
    command = line.split(": ", 1)[1]
    assert shell_words(command) == ["192.168.1.20:7327", "--server-key", key]


def test_a_joined_secure_server_gives_friends_its_key_too() -> None:
    # Joined with --server-key (or from the Join list): the waiting room told friends the
    # address alone, and the command they typed was refused as not encrypted.
    line = join_line(False, [], "192.168.1.20:7327", "K3y")
    assert line.endswith("seasalt-client 192.168.1.20:7327 --server-key K3y"), line


def test_a_plain_hosted_server_needs_no_key() -> None:
    line = join_line(True, ["192.168.1.20:7327"], "127.0.0.1:7327")
    assert line.endswith("seasalt-client 192.168.1.20:7327") and "--server-key" not in line


def test_only_loopback_says_no_network_address_was_found() -> None:
    assert "No network address was found" in join_line(True, ["127.0.0.1:7327"], "", "K3y")
