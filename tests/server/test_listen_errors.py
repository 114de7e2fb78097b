"""``--host`` that the server cannot listen on is named in the error (issue 38, defect 8):
a host name that does not resolve read "No such device" (libzmq takes an unknown name for a
network interface), an address of another machine "Cannot assign requested address"."""

from __future__ import annotations

import pytest
from seasalt.server.app import ListenError
from seasalt.testing.server import running_server


@pytest.mark.parametrize(("host", "said"), [
    ("nosuchhost.invalid", "no computer or network interface named 'nosuchhost.invalid' was "
                           "found (check its spelling"),
    ("203.0.113.77", "'203.0.113.77' is not an address of this machine"),  # (TEST-NET-3)
])
async def test_a_host_the_server_cannot_listen_on_is_named(host: str, said: str) -> None:
    with pytest.raises(ListenError) as failure:
        async with running_server(host=host):
            pass
    assert said in str(failure.value) and "No such device" not in str(failure.value)
