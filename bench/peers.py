"""The peers, measured in the same run as our figures: OpenSpiel and RLCard, in a driver process of their venv.

The peer workloads are the peers' own benchmark functions (``shared/peer-bench/bench_anchors.py``: ``../shared``
from the repository root; ``--shared PATH`` overrides it), run on request by one long-lived driver process started
with the peers' venv (``$PEER_VENV``, else ``${TMPDIR:-/tmp}/peer-bench-venv``, made by
``shared/peer-bench/setup_venv.sh``). Each request ``(name, n, seed)`` is answered with the wall seconds (the
workload's own ``_seconds`` when it times a narrower part, as the bridge play phase does), the counters, and the
share of a core the driver got. So a peer figure is a :data:`bench.Timed` like ours, and the harness interleaves
ours and theirs round by round (:func:`bench.side_by_side`).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import Counters, Figure, Spec, Timed

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SHARED = REPO_ROOT.parent / "shared"
ANCHORS = Path("peer-bench") / "bench_anchors.py"

EUCHRE_PYTHON = "openspiel/euchre/python-api random full game"
EUCHRE_CPP = "openspiel/euchre/C++ random full game"
BRIDGE_PYTHON = "openspiel/bridge/python-api random full game"
BRIDGE_PLAY = "openspiel/bridge/python-api play phase only"
RLCARD_BRIDGE = "rlcard/bridge/env.step random"
BLACKJACK_PYTHON = "openspiel/blackjack/python-api random full game"
BLACKJACK_CPP = "openspiel/blackjack/C++ random full game"
RLCARD_BLACKJACK = "rlcard/blackjack/env.step random"

PEER_NOTES: dict[str, str] = {
    EUCHRE_PYTHON: "pyspiel euchre: new_initial_state, chance sampled in Python, legal_actions + apply_action",
    EUCHRE_CPP: "pyspiel.evaluate_bots with uniform random C++ bots: the whole playout in C++",
    BRIDGE_PYTHON: "pyspiel bridge(use_double_dummy_result=false): deal, random auction, random play",
    BRIDGE_PLAY: "deal + fixed 1NT-P-P-P outside the clock; 52 random card plays through the Python API",
    RLCARD_BRIDGE: "rlcard.make('bridge'): reset/step loop, random legal action",
    BLACKJACK_PYTHON: "pyspiel blackjack through the Python API",
    BLACKJACK_CPP: "pyspiel.evaluate_bots on blackjack: the whole playout in C++",
    RLCARD_BLACKJACK: "rlcard.make('blackjack'): reset/step loop, random legal action",
}
"""Every peer figure we measure, and what it times."""

DRIVER = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import bench_anchors

def make(name):
    import pyspiel
    if name.startswith("rlcard/"):
        import rlcard
        return bench_anchors.rl_step_loop(rlcard, name.split("/")[1])
    short = name.split("/")[1]
    game = pyspiel.load_game("bridge(use_double_dummy_result=false)" if short == "bridge" else short)
    if name.endswith("play phase only"):
        return bench_anchors.os_bridge_play_python(game)
    if "/C++ " in name:
        return bench_anchors.os_cpp_random(pyspiel, game)
    return bench_anchors.os_python_random(game)

work, failed = {}, {}
for name in json.loads(sys.argv[2]):
    try:
        work[name] = make(name)
    except Exception as error:
        failed[name] = f"{type(error).__name__}: {error}"
print(json.dumps({"versions": bench_anchors.versions(), "available": sorted(work), "failed": failed}), flush=True)
for line in sys.stdin:
    name, n, seed = json.loads(line)
    cpu, start = time.process_time(), time.perf_counter()
    counters = work[name](n, seed)
    wall = time.perf_counter() - start
    share = (time.process_time() - cpu) / wall if wall > 0 else 1.0
    seconds = counters.pop("_seconds", None) or wall
    print(json.dumps([seconds, counters, share]), flush=True)
"""
"""The driver: builds the requested workloads, says which it could build, then times them on request."""


class PeerError(RuntimeError):
    """The peer benchmark could not be run or read."""


def peer_venv() -> Path:
    """Where the peers' venv is expected (``$PEER_VENV``, else ``${TMPDIR:-/tmp}/peer-bench-venv``)."""
    explicit = os.environ.get("PEER_VENV")
    if explicit:
        return Path(explicit)
    return Path(os.environ.get("TMPDIR", "/tmp")) / "peer-bench-venv"


def peer_python() -> Path | None:
    """The peers' Python interpreter, or None when the venv has not been made."""
    python = peer_venv() / "bin" / "python"
    return python if python.exists() else None


class PeerDriver:
    """The peers' workloads, timed on request in one process of their venv (started once for the whole run)."""

    def __init__(self, *, python: Path, shared: Path, names: list[str]) -> None:
        script = shared / ANCHORS
        if not script.exists():
            raise PeerError(f"peer benchmark not found at {script}; pass --shared PATH (the folder holding "
                            "peer-bench)")
        self._process = subprocess.Popen([str(python), "-c", DRIVER, str(script.parent), json.dumps(names)],
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        hello: dict[str, Any] = json.loads(self._readline())
        self.versions: dict[str, Any] = hello["versions"]
        self.available: set[str] = set(hello["available"])
        self.failed: dict[str, str] = hello["failed"]
        print(f"[peers] driver {python}: versions {self.versions}", flush=True)

    def _readline(self) -> str:
        assert self._process.stdout is not None
        line = self._process.stdout.readline()
        if not line:
            raise PeerError("the peer driver stopped (see its error output above)")
        return line

    def timed(self, name: str) -> Timed:
        """The peer figure ``name`` as a timed workload of the harness."""

        def run(n: int, seed: int) -> tuple[float, Counters, float]:
            assert self._process.stdin is not None
            self._process.stdin.write(json.dumps([name, n, seed]) + "\n")
            self._process.stdin.flush()
            seconds, counters, share = json.loads(self._readline())
            return float(seconds), {key: int(value) for key, value in counters.items()}, float(share)

        return run

    def specs(self, names: list[str], notes: list[str]) -> list[Spec]:
        """The specs of the peer figures among ``names`` that the driver could build (a note for the others)."""
        for name in names:
            if name not in self.available:
                notes.append(f"peers: {name} not measured ({self.failed.get(name, 'not built')})")
        return [Spec(name, self.timed(name), "games", PEER_NOTES[name]) for name in names if name in self.available]

    def close(self) -> None:
        if self._process.stdin is not None:
            self._process.stdin.close()
        self._process.wait(timeout=60)


def start_driver(*, shared: Path, notes: list[str]) -> PeerDriver | None:
    """The peers' driver, or None (with a note saying why) when their venv or scripts are missing."""
    python = peer_python()
    if python is None:
        notes.append(f"peers: not run, no venv at {peer_venv()} (make it with "
                     f"{shared / 'peer-bench' / 'setup_venv.sh'}, or set PEER_VENV)")
        return None
    try:
        return PeerDriver(python=python, shared=shared, names=list(PEER_NOTES))
    except PeerError as error:
        notes.append(f"peers: not run, {error}")
        return None


@dataclass(frozen=True, slots=True)
class Pair:
    """One ratio: our figure's rate divided by another figure's rate, both from one section (above 1: ours is
    faster)."""

    section: str
    ours: str
    ours_key: str
    peer: str
    peer_key: str
    meaning: str


def _deals(section: str, ours: str, peer: str, meaning: str, key: str = "deals_per_s_median") -> Pair:
    return Pair(section, ours, key, peer, "games_per_s_median", meaning)


ECARTE_DEAL = "ecarte/python-api random deal"
WHIST_DEAL = "whist/python-api random deal"
WHIST_RUBBERS = "whist/python-api random deals in whole rubbers"
PAIRS: tuple[Pair, ...] = (
    _deals("ecarte", ECARTE_DEAL, EUCHRE_PYTHON, "TARGET >= 1: one deal per new partie, checked apply"),
    _deals("ecarte", "ecarte/python-api random partie", EUCHRE_PYTHON,
           "deals within whole parties (the next deal costs no new partie)"),
    _deals("ecarte", "ecarte/python-api random deal, apply_unchecked", EUCHRE_PYTHON, "apply_unchecked"),
    Pair("ecarte", ECARTE_DEAL, "actions_per_s_median", EUCHRE_PYTHON, "actions_per_s_median",
         "decisions per second (chance excluded on both sides)"),
    _deals("ecarte", ECARTE_DEAL, EUCHRE_CPP, "our Python loop against OpenSpiel's whole playout in C++"),
    _deals("whist", WHIST_DEAL, BRIDGE_PYTHON, "TARGET >= 1.5: one deal per new rubber (bridge: auction too)"),
    _deals("whist", WHIST_RUBBERS, BRIDGE_PYTHON, "deals played out within whole rubbers"),
    _deals("whist", WHIST_DEAL, BRIDGE_PLAY, "bridge's play phase only (its deal and auction off the clock)"),
    _deals("whist", "whist/python-api random deal, apply_unchecked", BRIDGE_PLAY, "apply_unchecked, play only"),
    _deals("whist", WHIST_DEAL, RLCARD_BRIDGE, "TARGET >= 20: RLCard bridge env.step"),
    _deals("whist", WHIST_RUBBERS, RLCARD_BRIDGE, "deals within whole rubbers ÷ RLCard bridge"),
    _deals("quinze", "quinze/A 2 players/python-api random coup", BLACKJACK_PYTHON, "a coup ÷ a blackjack game",
           key="coups_per_s_median"),
    _deals("quinze", "quinze/A 2 players/python-api random coup", RLCARD_BLACKJACK, "a coup ÷ RLCard blackjack",
           key="coups_per_s_median"),
    _deals("quinze", "quinze/A 2 players/python-api random coup", BLACKJACK_CPP, "a coup ÷ blackjack in C++",
           key="coups_per_s_median"),
    _deals("quinze", "quinze/B/python-api random coup", BLACKJACK_PYTHON, "Form B coup ÷ a blackjack game",
           key="coups_per_s_median"),
    _deals("quinze", "quinze/B/python-api random coup", RLCARD_BLACKJACK, "Form B coup ÷ RLCard blackjack",
           key="coups_per_s_median"),
    _deals("batch", "batch/ecarte/random", EUCHRE_CPP, "TARGET >= 1: numpy batch Écarté ÷ euchre in C++"),
    _deals("batch", "batch/ecarte/classical", EUCHRE_CPP, "batch Écarté, classical policy ÷ euchre in C++"),
    Pair("batch", "batch/ecarte/random", "deals_per_s_median", "engine/ecarte/random, no views",
         "deals_per_s_median", "batch speed-up over our one-deal engine (same deals)"),
    Pair("batch", "batch/whist/random", "deals_per_s_median", "engine/whist/random, no views",
         "deals_per_s_median", "batch speed-up over our one-deal engine (same deals)"),
)
"""The ratios of the table. A peer figure is divided by ours only when both were measured in the same section."""


def ratios(figures: list[Figure]) -> list[dict[str, Any]]:
    """Every :data:`PAIRS` ratio whose two figures were measured: the ratio of the medians, and the median of the
    per-round ratios (both sides measured seconds apart, in the same round)."""
    by_name = {(figure.get("section", ""), figure["name"]): figure for figure in figures}
    rows = []
    for pair in PAIRS:
        mine, theirs = by_name.get((pair.section, pair.ours)), by_name.get((pair.section, pair.peer))
        if mine is None or theirs is None or pair.ours_key not in mine or pair.peer_key not in theirs:
            continue
        ours_rate, peer_rate = float(mine[pair.ours_key]), float(theirs[pair.peer_key])
        mine_rounds = mine["per_round"][pair.ours_key.removesuffix("_per_s_median")]
        their_rounds = theirs["per_round"][pair.peer_key.removesuffix("_per_s_median")]
        per_round = statistics.median(a / b for a, b in zip(mine_rounds, their_rounds, strict=True))
        busy = min(mine["cpu_share_median"], theirs["cpu_share_median"])
        rows.append({"section": pair.section, "ours": pair.ours, "ours_key": pair.ours_key, "ours_rate": ours_rate,
                     "peer": pair.peer, "peer_key": pair.peer_key, "peer_rate": peer_rate,
                     "ratio": ours_rate / peer_rate, "ratio_per_round_median": per_round,
                     "min_cpu_share": busy, "meaning": pair.meaning})
    return rows


def print_ratios(rows: list[dict[str, Any]]) -> None:
    """The ratio table (markdown): above 1.0x ours is faster."""
    print("\n| ours | ÷ | ours/s | theirs/s | ratio of medians | median of per-round ratios | meaning |")
    print("|---|---|---:|---:|---:|---:|---|")
    for row in rows:
        unit = row["ours_key"].removesuffix("_per_s_median")
        busy = " (BUSY)" if row["min_cpu_share"] < 0.9 else ""
        print(f"| {row['ours']} ({unit}) | {row['peer']} | {row['ours_rate']:,.0f} | {row['peer_rate']:,.0f} "
              f"| {row['ratio']:.2f}x{busy} | {row['ratio_per_round_median']:.2f}x | {row['meaning']} |")
