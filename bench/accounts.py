"""``python -m bench.accounts``: what an account costs the card room (issue 32), in one process and one run.

A login or a new account costs one Argon2id computation (:data:`academie.room.accounts.hasher`, the library's
parameters: 64 MiB, three passes, four lanes); every request that carries a session cookie costs a SHA-256 of the
cookie and one read of the database. This bench times, in turn within each round, a hash, a verification and a
session digest, and reports for each the median over ``--runs`` rounds of the wall time and of this process's CPU
time (Argon2 runs its four lanes in threads: its CPU time may exceed its wall time), the ratio of a verification
to a session digest measured in the same round, and the share of a core the rounds got (below
:data:`bench.BUSY_SHARE` for the digest, another process competed for the core: measure again).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from academie.room.accounts import hasher, secret_digest
from bench import BUSY_SHARE, machine

RESULTS = Path(__file__).resolve().parent / "results"
PASSWORD = "a password of a player"
DIGESTS = 10_000
"""Session digests timed together per round (one takes microseconds)."""


def timed(call: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Wall and CPU seconds of one call, over ``repeat`` calls."""
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(repeat):
        call()
    return (time.perf_counter() - wall) / repeat, (time.process_time() - cpu) / repeat


def measure(runs: int) -> dict[str, Any]:
    stored = hasher.hash(PASSWORD)
    rounds: dict[str, list[tuple[float, float]]] = {"hash": [], "verify": [], "digest": []}
    for _ in range(runs):  # each round measures all three, in turn, under one load
        rounds["hash"].append(timed(lambda: hasher.hash(PASSWORD), 1))
        rounds["verify"].append(timed(lambda: hasher.verify(stored, PASSWORD), 1))
        rounds["digest"].append(timed(lambda: secret_digest("a session's secret of forty-three characters"),
                                      DIGESTS))
    figures: dict[str, Any] = {}
    for name, values in rounds.items():
        walls, cpus = [wall for wall, _ in values], [cpu for _, cpu in values]
        figures[name] = {"wall_ms": statistics.median(walls) * 1000, "cpu_ms": statistics.median(cpus) * 1000,
                         "cpu_share": statistics.median(cpu / wall for wall, cpu in values)}
    ratios = [verify[0] / digest[0] for verify, digest in zip(rounds["verify"], rounds["digest"], strict=True)]
    figures["verify_per_digest"] = statistics.median(ratios)
    figures["busy"] = figures["digest"]["cpu_share"] < BUSY_SHARE
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="rounds (medians are reported)")
    parser.add_argument("--out", type=Path, default=None, help="the JSON's file (default bench/results/...)")
    options = parser.parse_args(argv)
    figures = measure(options.runs)
    for name in ("hash", "verify", "digest"):
        figure = figures[name]
        print(f"{name:7} {figure['wall_ms']:10.4f} ms wall  {figure['cpu_ms']:10.4f} ms CPU  "
              f"(share of a core {figure['cpu_share']:.2f})")
    print(f"a verification costs {figures['verify_per_digest']:,.0f} session digests"
          + ("  BUSY MACHINE: measure again" if figures["busy"] else ""))
    out = options.out or RESULTS / f"accounts-{time.strftime('%Y%m%d-%H%M%S')}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"machine": machine(), "runs": options.runs, "figures": figures}, indent=2))


if __name__ == "__main__":
    main()
