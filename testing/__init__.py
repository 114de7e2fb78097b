"""seasalt.testing: the shared test kit (tests/ and benchmarks/ use it; no product package does).

- ``seasalt.testing.server``: raw protocol clients, a seeded player loop, in-process and child
  servers, a recording wire (was seasalt.server.testing).
- ``seasalt.testing.fuzzing``: the protocol fuzzer (was seasalt.server.fuzzing); what it sends
  (tables, frame kinds, malformed frames, random actions) is ``seasalt.testing.fuzz_frames``.
- ``seasalt.testing.tui``: fake links and the settled-screen helpers for Textual tests.
- ``seasalt.testing.pilot_costs``: one stylesheet parse per test process for every Textual app
  (tests/conftest.py installs it).
- The engine oracles (what a seat may see, invariants) are ``seasalt.engine.testing`` (pure).
"""
