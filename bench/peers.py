"""The peers, measured in the same run: OpenSpiel's euchre through pyspiel, in a subprocess with the peers' venv.

The peer scripts live in ``shared/peer-bench`` (``../shared`` from the repository root, as on CI and the other
machines; ``--shared PATH`` overrides it). Their venv is made by ``shared/peer-bench/setup_venv.sh`` and found at
``$PEER_VENV``, else ``${TMPDIR:-/tmp}/peer-bench-venv``. We run ``bench_anchors.py --only openspiel --quick`` with
the same ``--runs`` and ``--target-s`` as our own figures, read its JSON, and divide.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import Figure

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SHARED = REPO_ROOT.parent / "shared"
ANCHORS = Path("peer-bench") / "bench_anchors.py"

EUCHRE_PYTHON = "openspiel/euchre/python-api random full game"
EUCHRE_CPP = "openspiel/euchre/C++ random full game"


@dataclass(frozen=True, slots=True)
class Pair:
    """One ratio: our figure's rate divided by the peer figure's rate (above 1: we are faster)."""

    ours: str
    ours_key: str
    peer: str
    peer_key: str
    meaning: str


PAIRS: tuple[Pair, ...] = (
    Pair("ecarte/python-api random deal", "deals_per_s_median", EUCHRE_PYTHON, "games_per_s_median",
         "the target: one random deal per call-per-action loop, checked apply (>= 1.0 wanted)"),
    Pair("ecarte/python-api random deal, apply_unchecked", "deals_per_s_median", EUCHRE_PYTHON,
         "games_per_s_median", "the same with apply_unchecked"),
    Pair("ecarte/python-api random deal", "actions_per_s_median", EUCHRE_PYTHON, "actions_per_s_median",
         "decisions per second (chance excluded on both sides)"),
    Pair("ecarte/python-api random deal", "deals_per_s_median", EUCHRE_CPP, "games_per_s_median",
         "our Python loop against OpenSpiel's whole playout in C++"),
)


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


def run_openspiel(*, shared: Path, python: Path, runs: int, target_s: float) -> list[Figure]:
    """Run OpenSpiel's anchors (quick set) in a subprocess, echoing its progress, and return its figures."""
    script = shared / ANCHORS
    if not script.exists():
        raise PeerError(f"peer benchmark not found at {script}; pass --shared PATH (the folder holding peer-bench)")
    with tempfile.TemporaryDirectory(prefix="academie-bench-") as tmp:
        out = Path(tmp) / "peers.json"
        command = [str(python), str(script), "--only", "openspiel", "--quick", "--runs", str(runs),
                   "--target-s", str(target_s), "--out", str(out)]
        print("[peers] " + " ".join(command), flush=True)
        with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) as process:
            assert process.stdout is not None
            for line in process.stdout:
                if line.startswith("[bench]") or line.startswith("versions:"):
                    print("[peers] " + line.rstrip(), flush=True)
        if process.returncode != 0:
            raise PeerError(f"{script.name} exited with status {process.returncode}")
        data: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    figures: list[Figure] = data["results"]
    for figure in figures:
        figure["peer_machine"] = data.get("machine")
        figure["peer_versions"] = data.get("versions")
    return figures


def ratios(ours: list[Figure], peers: list[Figure]) -> list[dict[str, Any]]:
    """Every :data:`PAIRS` ratio whose two figures were measured."""
    by_name = {figure["name"]: figure for figure in [*ours, *peers]}
    rows = []
    for pair in PAIRS:
        mine, theirs = by_name.get(pair.ours), by_name.get(pair.peer)
        if mine is None or theirs is None or pair.ours_key not in mine or pair.peer_key not in theirs:
            continue
        ours_rate, peer_rate = float(mine[pair.ours_key]), float(theirs[pair.peer_key])
        rows.append({"ours": pair.ours, "ours_key": pair.ours_key, "ours_rate": ours_rate,
                     "peer": pair.peer, "peer_key": pair.peer_key, "peer_rate": peer_rate,
                     "ratio": ours_rate / peer_rate, "meaning": pair.meaning})
    return rows


def print_ratios(rows: list[dict[str, Any]]) -> None:
    print("\n| ours | peer | ours/s | peer/s | ours / peer |", file=sys.stdout)
    print("|---|---|---:|---:|---:|")
    for row in rows:
        unit = row["ours_key"].removesuffix("_per_s_median")
        print(f"| {row['ours']} ({unit}) | {row['peer']} | {row['ours_rate']:,.0f} | {row['peer_rate']:,.0f} "
              f"| {row['ratio']:.2f}x |")
