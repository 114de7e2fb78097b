"""When a bot calls STOP or LAST CHANCE: its choice by its lead over the playouts' estimate.

The expert's playouts (bots/rollout.py) make the other seat call by a plan that reads a lead
over ``_estimate`` (laid groups plus 0.75 a hidden card). This asks a real bot what it does at
the same kind of moment: seeded 2-player greedy games are played, and at every position where
the player to act may call (RULES §3.3: 7 card points), the bot under test decides from that
seat's view. Its choices are counted by the lead of its card points over the estimate of the
other seat, and over the other seat's true points.

    python benchmarks/call_habits.py --level greedy --positions 600
    python benchmarks/call_habits.py --other-path /work/old/typings --positions 600  # its expert

``--other-path``: another checkout's ``typings`` folder; its expert decides, in a child
process (benchmarks/expert_vs_other.py's ``Other``). The positions are the same for every bot
(the greedy games' seeds), so two bots' tables compare row by row. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

from seasalt.bots import get_bot
from seasalt.bots.rollout import _estimate  # the very estimate the playouts' calls read
from seasalt.engine import Call, PlayerView, Rules, apply, card_points, new_game, view

sys.path.insert(0, str(Path(__file__).parent))
from expert_vs_other import Other


def positions(count: int, seed: int) -> list[tuple[PlayerView, int, float, int]]:
    """``count`` positions of seeded greedy games where a call is legal: the view, the
    acting seat's card points, the estimate of the other seat's and its truth."""
    out: list[tuple[PlayerView, int, float, int]] = []
    game = 0
    while len(out) < count:
        state = new_game(Rules(2), seed + game)
        bots = [get_bot("greedy", seed=game * 7 + s) for s in range(2)]
        while not state.is_over and len(out) < count:
            seat = state.active
            v = view(state, seat)
            if any(isinstance(a, Call) for a in v.legal_actions):
                other = 1 - seat
                mine = card_points(tuple(state.hands[seat]), state.tables[seat])
                truth = card_points(tuple(state.hands[other]), state.tables[other])
                out.append((v, mine, _estimate(state, other), truth))
            state = apply(state, bots[seat].choose(v)).state
        game += 1
    return out


def table(rows: list[tuple[float, str]], title: str) -> str:
    by_band: dict[int, Counter[str]] = defaultdict(Counter)
    for lead, choice in rows:
        by_band[max(-4, min(8, int(lead // 2) * 2))][choice] += 1
    lines = [title, "  lead     n   LAST CHANCE   STOP   other (wait, a pair first)"]
    for band in sorted(by_band):
        c = by_band[band]
        n = sum(c.values())
        lines.append(f"  {band:+3d}..{band + 2:+d} {n:4d}   {c['LAST_CHANCE'] / n:10.2f}"
                     f"   {c['STOP'] / n:5.2f}   {c['other'] / n:5.2f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert", help="this checkout's bot (default expert)")
    parser.add_argument("--other-path", default=None, help="another checkout's typings: its expert")
    parser.add_argument("--positions", type=int, default=600)
    parser.add_argument("--seed", type=int, default=9000)
    args = parser.parse_args(argv)
    bot = Other(args.other_path, "expert" if args.other_path else args.level)
    over_estimate: list[tuple[float, str]] = []
    over_truth: list[tuple[float, str]] = []
    try:
        for i, (v, mine, estimate, truth) in enumerate(positions(args.positions, args.seed)):
            action, _ = bot.choose(args.seed + i, None, v)
            choice = action.kind.name if isinstance(action, Call) else "other"
            over_estimate.append((mine - estimate, choice))
            over_truth.append((mine - truth, choice))
    finally:
        bot.close()
    who = args.other_path or args.level
    print(table(over_estimate, f"{who}: {len(over_estimate)} positions, by the lead over the "
                               "playouts' estimate of the other seat"))
    print(table(over_truth, "by the lead over the other seat's true card points"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
