"""How long a client takes to get its session back once a cut Wi-Fi link heals: heal → resumed.

Runs on the bad-Wi-Fi emulator of ``/work/shared/tools/wifi`` (network namespaces, as root):
a server in ``PREFIX-srv`` and one probe client per source tree in ``PREFIX-c1``, ``PREFIX-c2``…,
side by side on the same emulated LAN, so that two versions of the client (``--src
before=DIR``) meet the same loss, jitter and cuts at the same moments. Each probe opens a
session (the time it takes is "one connect"), sits at a table of its own with a bot, and then,
round after round, every client link is cut (``down=1``) for ``--cut`` seconds (longer than the
peer timeout, so each probe has lost the server and is reconnecting), healed, and the time from
the heal (the moment the emulator applied it, from its stats file) to the probe's ``resumed``
is recorded; then each probe times one fresh connect on the link as it is (a new session, closed
again), so that every round pairs a reconnect with a connect under the same conditions.
Profiles: ``clean`` (no loss) and ``lossy`` (15% loss, 300 ms ± 300 ms delay each way on the
client's side).

    sudo python benchmarks/link_heal.py --rounds 8 \\
        --src before=/tmp/seasalt-before --src after=.

A source tree is a checkout of this repository; its ``client``, ``protocol``… folders are put
on the probe's path as the ``seasalt`` packages (the server is always this tree's). Prints one
line per round and a summary per profile and tree (median, min, max, seconds, and the ratio of
the medians heal → resumed / one connect); the exit code is 1 when a probe did not resume within
``--patience`` seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

WIFI = Path("/work/shared/tools/wifi")
SERVER_IP = "10.77.0.1"
PORT = 7327
PACKAGES = ("engine", "bots", "server", "protocol", "client", "testing")
PROFILES = {
    "clean": [],
    "lossy": ["loss=0.15", "delay=300", "jitter=300"],
}


# --- the probe: one client, in its namespace, printing what happens to its link -------------


async def probe(address: str, name: str, log_file: str | None) -> None:
    """Connect, sit at a table with a bot, then print every link event with its wall time
    (``log_file``: the client's debug log goes there, with wall times). A line ``connect`` on
    stdin times one more connect (a new session, closed again) on the link as it is now."""
    if log_file:
        logging.basicConfig(filename=log_file, level=logging.DEBUG,
                            format="%(created).3f %(name)s %(message)s")
    from seasalt.client.net.connection import Connection, LinkEvent
    from seasalt.client.net.intents import SitDown
    from seasalt.client.net.session import ClientSession

    def say(event: str, **more: object) -> None:
        print(json.dumps({"event": event, "t": time.time(), **more}), flush=True)

    async def one_connect() -> None:
        other = Connection(address, f"{name}-once")
        started = time.time()
        await other.connect(timeout=120)
        say("connected", took=time.time() - started)
        await other.close()

    loop = asyncio.get_running_loop()
    commands: asyncio.Queue[str] = asyncio.Queue()
    threading.Thread(target=lambda: [loop.call_soon_threadsafe(commands.put_nowait, line)
                                     for line in sys.stdin], daemon=True).start()

    async def obey() -> None:
        while True:
            if (await commands.get()).strip() == "connect":
                await one_connect()

    conn = Connection(address, name, session=ClientSession())
    started = time.time()
    await conn.connect(timeout=120)
    say("welcome", took=time.time() - started)
    await conn.request(SitDown(f"heal-{name}", ("human", "bot:random")))
    orders = asyncio.create_task(obey())
    async for message in conn:
        if isinstance(message, LinkEvent):
            say(message.state)
    orders.cancel()


# --- the driver -----------------------------------------------------------------------------


@dataclass
class Probe:
    label: str
    namespace: str
    process: subprocess.Popen[str]
    events: list[dict[str, float | str]] = field(default_factory=list)

    def poll(self) -> None:
        """Read the lines the probe printed so far (its stdout is non-blocking)."""
        assert self.process.stdout is not None
        while line := self.process.stdout.readline():
            with contextlib.suppress(ValueError):
                self.events.append(json.loads(line))

    def last(self, event: str, after: float = 0.0) -> float | None:
        self.poll()
        times = [float(e["t"]) for e in self.events if e["event"] == event and
                 float(e["t"]) > after]
        return times[0] if times else None


def sh(*args: str) -> None:
    subprocess.run(args, check=True)


@contextlib.contextmanager
def emulated_lan(prefix: str, workdir: Path) -> Iterator[Path]:
    """The namespaces and the router (stopped by pid and removed again at the end)."""
    conf = workdir / "lan.json"
    listed = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout
    if any(line.split()[0] == f"{prefix}-srv" for line in listed.splitlines() if line.strip()):
        raise SystemExit(f"the namespaces {prefix}-* exist (another run?): pass another --prefix")
    sh("sh", str(WIFI / "netsetup.sh"), "up", prefix, str(conf))
    router = subprocess.Popen([sys.executable, str(WIFI / "lanemu.py"), "run", str(conf)])
    try:
        yield conf
    finally:
        router.terminate()
        router.wait()
        sh("sh", str(WIFI / "netsetup.sh"), "down", prefix, str(conf))


def set_links(conf: Path, *settings: str) -> float:
    """Set every client link's profile; the wall time at which the router applied it."""
    written = time.time()
    sh(sys.executable, str(WIFI / "lanemu.py"), "set", str(conf), "clients", "clear", *settings)
    stats = Path(f"{conf}.stats")
    while True:  # the router re-reads its file, then writes its stats, about once a second
        with contextlib.suppress(OSError, ValueError):
            applied = float(json.loads(stats.read_text())["t"])
            if applied > written:
                return applied
        time.sleep(0.02)


def source_path(label: str, tree: Path, workdir: Path) -> Path:
    """A folder holding ``seasalt/<package>`` links into ``tree``."""
    root = workdir / f"path-{label}" / "seasalt"
    root.mkdir(parents=True)
    for package in PACKAGES:
        (root / package).symlink_to(tree.resolve() / package)
    return root.parent


def start_probe(label: str, namespace: str, path: Path, log_dir: Path | None) -> Probe:
    env = {**os.environ, "PYTHONPATH": str(path)}
    log = ["--log", str(log_dir / f"{label}.log")] if log_dir is not None else []
    process = subprocess.Popen(
        ["ip", "netns", "exec", namespace, sys.executable, __file__, "probe",
         f"{SERVER_IP}:{PORT}", label, *log],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
    )
    assert process.stdout is not None
    os.set_blocking(process.stdout.fileno(), False)
    return Probe(label, namespace, process)


def wait_for(what: str, probes: list[Probe], patience: float, after: float) -> dict[str, float]:
    """The wall time of each probe's first ``what`` after ``after`` (missing: not in time)."""
    seen: dict[str, float] = {}
    deadline = time.monotonic() + patience
    while len(seen) < len(probes) and time.monotonic() < deadline:
        for p in probes:
            t = p.last(what, after)
            if t is not None:
                seen[p.label] = t
            if p.process.poll() is not None and p.label not in seen:
                p.poll()
                raise SystemExit(f"probe {p.label} ended: {p.events[-3:]}")
        time.sleep(0.02)
    return seen


def summary(values: list[float]) -> str:
    if not values:
        return "no figures"
    return (f"median {statistics.median(values):.2f}  min {min(values):.2f}  "
            f"max {max(values):.2f}  (n={len(values)})")


def run(args: argparse.Namespace) -> int:
    trees = dict(item.split("=", 1) for item in args.src) or {"this": "."}
    failed = 0
    with tempfile.TemporaryDirectory(prefix="link-heal-") as tmp:
        workdir = Path(tmp)
        paths = {label: source_path(label, Path(tree), workdir) for label, tree in trees.items()}
        with emulated_lan(args.prefix, workdir) as conf:
            server = subprocess.Popen(
                ["ip", "netns", "exec", f"{args.prefix}-srv", sys.executable, "-m",
                 "seasalt.server", "--host", SERVER_IP, "--port", str(PORT), "--no-announce",
                 "--db", str(workdir / "server.sqlite3"), "--log-level", "warning"],
            )
            try:
                time.sleep(2)  # the server binds: the first connects below retry anyway
                for profile in args.profiles:
                    failed += run_profile(args, conf, profile, paths)
            finally:
                server.terminate()
                server.wait()
    return 1 if failed else 0


def run_profile(args: argparse.Namespace, conf: Path, profile: str,
                paths: dict[str, Path]) -> int:
    set_links(conf, *PROFILES[profile])
    probes = [start_probe(label, f"{args.prefix}-c{i}", path, args.log_dir)
              for i, (label, path) in enumerate(paths.items(), start=1)]
    heals: dict[str, list[float]] = {p.label: [] for p in probes}
    connects: dict[str, list[float]] = {p.label: [] for p in probes}
    failed = 0
    try:
        welcomed = wait_for("welcome", probes, args.patience, 0)
        for p in probes:
            took = next((float(e["took"]) for e in p.events if e["event"] == "welcome"), None)
            shown = "none" if took is None else f"{took:.2f} s"
            print(f"{profile:5} {p.label:8} one connect: {shown}", flush=True)
        if len(welcomed) < len(probes):
            return 1
        time.sleep(2)
        for round_ in range(1, args.rounds + 1):
            cut = set_links(conf, *PROFILES[profile], "down=1")
            lost = wait_for("lost", probes, args.patience, cut)
            time.sleep(max(0.0, cut + args.cut - time.time()))
            healed = set_links(conf, *PROFILES[profile])
            resumed = wait_for("resumed", probes, args.patience, healed)
            words = []
            for p in probes:
                if p.label in resumed:
                    took = resumed[p.label] - healed
                    heals[p.label].append(took)
                    words.append(f"{p.label} {took:6.2f} s")
                else:
                    failed += 1
                    words.append(f"{p.label} {'lost?' if p.label not in lost else 'none':>8}")
            time.sleep(args.settle)
            asked = time.time()
            for p in probes:  # one fresh connect each, on the link as it is now
                assert p.process.stdin is not None
                p.process.stdin.write("connect\n")
                p.process.stdin.flush()
            wait_for("connected", probes, args.patience, asked)
            for p in probes:
                took = next((float(e["took"]) for e in p.events
                             if e["event"] == "connected" and float(e["t"]) > asked), None)
                if took is not None:
                    connects[p.label].append(took)
                    words.append(f"({p.label} connect {took:5.2f} s)")
            when = f"  (healed at {healed:.3f})" if args.log_dir is not None else ""
            print(f"{profile:5} round {round_:2}: heal -> resumed  " + "  ".join(words) + when,
                  flush=True)
            time.sleep(args.settle)
        for label, values in heals.items():
            print(f"{profile:5} {label:8} heal -> resumed: {summary(values)}", flush=True)
            print(f"{profile:5} {label:8} one connect:     {summary(connects[label])}", flush=True)
            if values and connects[label]:
                ratio = statistics.median(values) / statistics.median(connects[label])
                print(f"{profile:5} {label:8} median heal -> resumed / median one connect: "
                      f"{ratio:.1f}", flush=True)
    finally:
        for p in probes:
            p.process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                p.process.wait(5)
    return failed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("probe", help="(run by the driver inside a namespace)")
    p.add_argument("address")
    p.add_argument("name")
    p.add_argument("--log")
    parser.add_argument("--prefix", default="lh", help="namespace prefix (default lh)")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--cut", type=float, default=20.0,
                        help="seconds each cut lasts (default 20: past the 10 s peer timeout)")
    parser.add_argument("--settle", type=float, default=3.0,
                        help="seconds between a resume and the next cut")
    parser.add_argument("--patience", type=float, default=120.0,
                        help="seconds to wait for a probe's welcome, loss or resume")
    parser.add_argument("--profiles", nargs="+", default=["clean", "lossy"],
                        choices=sorted(PROFILES))
    parser.add_argument("--log-dir", type=Path,
                        help="each probe's debug log goes to LABEL.log here (wall times)")
    parser.add_argument("--src", action="append", default=[], metavar="LABEL=DIR",
                        help="a source tree of the client to run a probe from (repeatable; "
                        "default: this tree)")
    args = parser.parse_args(argv)
    if args.command == "probe":
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(probe(args.address, args.name, args.log))
        return 0
    if os.geteuid() != 0:
        parser.error("network namespaces need root")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
