"""Benchmarks of Académie, side by side with the closest peers (``python -m bench``; never part of the tests).

This module is the timing harness. Two kinds of figures:

* a *throughput* (:func:`throughput`): a workload ``work(n, seed) -> counters`` does ``n`` units of work (deals,
  parties) and returns what it counted (``{"deals": n, "actions": 1234}``). The harness first calibrates ``n`` so
  that one call lasts about ``target_s`` seconds, then calls it ``runs`` times with seeds ``1..runs`` and keeps,
  for every counter, the median (and the min and max) of counter per second (wall clock). Setup done inside the
  workload is timed; setup done before is not. This is the same method as the peers' harness, so rates can be
  divided. The share of a core the runs got (process time / wall time) is kept too: below 0.9 the machine was
  busy and the figure is flagged. Figures that are divided are measured *side by side* (:func:`side_by_side`):
  each round times every figure once, ours and the peers' in turn, so both sides of a ratio see the same load.
* a *latency* (:func:`latency`): one timed call per item (a position to solve, a view to decide on); the figure
  is the median, p90 and max of the per-item times (each item timed ``runs`` times, its median kept).

Figures are plain dicts, ready for JSON.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

Counters = dict[str, int]
Workload = Callable[[int, int], Counters]
Figure = dict[str, Any]
Item = TypeVar("Item")

CALIBRATION_FLOOR_S = 0.1
"""Calibration grows ``n`` until one call lasts at least this long, then scales it to the target."""
MAX_N = 50_000_000


BUSY_SHARE = 0.9
"""Below this share of a core (CPU time / wall time) a figure is flagged: other processes slowed it down."""


Timed = Callable[[int, int], tuple[float, Counters, float]]
"""A timed workload: ``timed(n, seed)`` -> (wall seconds, counters, share of a core). :func:`local` makes one from a
:data:`Workload` run in this process; the peers' driver (``bench/peers.py``) makes one that runs in the peers' venv."""


def local(work: Workload) -> Timed:
    """Time ``work`` in this process: wall seconds, its counters, and the share of one core the call got."""

    def timed(n: int, seed: int) -> tuple[float, Counters, float]:
        cpu, start = time.process_time(), time.perf_counter()
        counters = work(n, seed)
        wall = time.perf_counter() - start
        return wall, counters, (time.process_time() - cpu) / wall if wall > 0 else 1.0

    return timed


def calibrate(timed: Timed, target_s: float) -> int:
    """The ``n`` for which one call lasts about ``target_s`` seconds (seed 0 is used to calibrate)."""
    n = 1
    while True:
        elapsed, _, _ = timed(n, 0)
        if elapsed >= CALIBRATION_FLOOR_S or n >= MAX_N:
            break
        n *= 8 if elapsed < CALIBRATION_FLOOR_S / 8 else 2
    return max(1, round(n * target_s / max(elapsed, 1e-9)))


@dataclass(frozen=True, slots=True)
class Spec:
    """One throughput figure to measure: its name, its timed workload, the counter it is quoted in, a note."""

    name: str
    timed: Timed
    unit: str
    note: str = ""


def side_by_side(specs: Sequence[Spec], *, runs: int, target_s: float, section: str = "") -> list[Figure]:
    """Throughput figures measured side by side: each is calibrated, then every round runs each figure once
    (seeds ``1..runs``), so that figures that are divided were measured seconds apart, under the same load.

    Every figure keeps its per-round rates (``per_round``) so that a ratio can be the median of per-round ratios.
    """
    sizes = [calibrate(spec.timed, target_s) for spec in specs]
    rates: list[dict[str, list[float]]] = [{} for _ in specs]
    per_unit: list[list[float]] = [[] for _ in specs]
    shares: list[list[float]] = [[] for _ in specs]
    for seed in range(1, runs + 1):
        for index, spec in enumerate(specs):
            elapsed, counters, share = spec.timed(sizes[index], seed)
            shares[index].append(share)
            for key, count in counters.items():
                rates[index].setdefault(key, []).append(count / elapsed)
            per_unit[index].append(elapsed / counters.get(spec.unit, sizes[index]))
    return [_figure(spec, section, sizes[i], rates[i], per_unit[i], shares[i]) for i, spec in enumerate(specs)]


def _figure(spec: Spec, section: str, n: int, rates: dict[str, list[float]], per_unit: list[float],
            shares: list[float]) -> Figure:
    figure: Figure = {"name": spec.name, "section": section, "kind": "throughput", "unit": spec.unit,
                      "n_per_run": n, "runs": len(shares), "note": spec.note,
                      "median_latency_ms": statistics.median(per_unit) * 1e3,
                      "cpu_share_median": statistics.median(shares), "cpu_share_min": min(shares),
                      "per_round": rates}
    for key, values in rates.items():
        figure[f"{key}_per_s_median"] = statistics.median(values)
        figure[f"{key}_per_s_min"] = min(values)
        figure[f"{key}_per_s_max"] = max(values)
    shown = " ".join(f"{key}/s={statistics.median(values):,.0f}" for key, values in rates.items())
    share = figure["cpu_share_median"]
    busy = f" BUSY MACHINE: {share:.0%} of a core" if share < BUSY_SHARE else ""
    print(f"[bench] {spec.name}: n={n} {shown} ({figure['median_latency_ms']:.4f} ms/{spec.unit}){busy}", flush=True)
    return figure


def throughput(name: str, work: Workload, *, unit: str, runs: int, target_s: float, note: str = "",
               section: str = "") -> Figure:
    """Median rate of every counter of ``work`` over ``runs`` runs of about ``target_s`` seconds each."""
    return side_by_side([Spec(name, local(work), unit, note)], runs=runs, target_s=target_s, section=section)[0]


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of already sorted values (nearest rank, no interpolation).

    >>> quantile([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0], 0.9)
    9.0
    """
    index = min(len(sorted_values) - 1, max(0, round(q * len(sorted_values)) - 1))
    return sorted_values[index]


def _spread(values_ms: Sequence[float]) -> dict[str, float]:
    ordered = sorted(values_ms)
    return {"median_ms": statistics.median(ordered), "p90_ms": quantile(ordered, 0.9), "max_ms": ordered[-1],
            "items": len(ordered)}


def latency(name: str, items: Sequence[Item], call: Callable[[Item], object], *, unit: str, runs: int,
            note: str = "", groups: Sequence[str] | None = None, section: str = "") -> Figure:
    """Per-item time of ``call(item)``: each item is timed ``runs`` times and its median kept.

    ``groups`` (one label per item) adds the same spread for each label under ``by_group``.
    """
    if not items:
        raise ValueError(f"latency figure {name!r} needs at least one item")
    if groups is not None and len(groups) != len(items):
        raise ValueError(f"latency figure {name!r}: {len(groups)} group labels for {len(items)} items")
    medians: list[float] = []
    clock = time.perf_counter
    for item in items:
        times = []
        for _ in range(runs):
            start = clock()
            call(item)
            times.append(clock() - start)
        medians.append(statistics.median(times) * 1e3)
    ordered = sorted(medians)
    figure: Figure = {"name": name, "section": section, "kind": "latency", "unit": unit, "items": len(items),
                      "runs": runs, "note": note, "median_ms": statistics.median(ordered),
                      "mean_ms": statistics.fmean(ordered),
                      "p90_ms": quantile(ordered, 0.9), "min_ms": ordered[0], "max_ms": ordered[-1],
                      f"{unit}_per_s": 1e3 * len(ordered) / sum(ordered) if sum(ordered) > 0 else float("inf")}
    print(f"[bench] {name}: {len(items)} {unit} x{runs}: median {figure['median_ms']:.3f} ms, "
          f"p90 {figure['p90_ms']:.3f} ms, max {figure['max_ms']:.3f} ms", flush=True)
    if groups is not None:
        figure["by_group"] = {label: _spread([t for t, g in zip(medians, groups, strict=True) if g == label])
                              for label in sorted(set(groups))}
        for label, spread in figure["by_group"].items():
            print(f"[bench]   {label}: {spread['items']} {unit}, median {spread['median_ms']:.3f} ms, "
                  f"p90 {spread['p90_ms']:.3f} ms, max {spread['max_ms']:.3f} ms", flush=True)
    return figure


def machine() -> dict[str, Any]:
    """Where the figures were measured (they mean little elsewhere: compare ratios, not rates)."""
    cpu = "?"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            cpu = next((line.split(":", 1)[1].strip() for line in info if line.startswith("model name")), "?")
    except OSError:
        pass
    return {"python": sys.version.split()[0], "implementation": platform.python_implementation(),
            "platform": platform.platform(), "cpu": cpu, "cpu_count": os.cpu_count(),
            "date": time.strftime("%Y-%m-%d %H:%M:%S")}
