"""Benchmarks of Académie, side by side with the closest peers (``python -m bench``; never part of the tests).

This module is the timing harness. Two kinds of figures:

* a *throughput* (:func:`throughput`): a workload ``work(n, seed) -> counters`` does ``n`` units of work (deals,
  parties) and returns what it counted (``{"deals": n, "actions": 1234}``). The harness first calibrates ``n`` so
  that one call lasts about ``target_s`` seconds, then calls it ``runs`` times with seeds ``1..runs`` and keeps,
  for every counter, the median (and the min and max) of counter per second (wall clock). Setup done inside the
  workload is timed; setup done before is not. This is the same method as the peers' harness, so rates can be
  divided. The share of a core the runs got (process time / wall time) is kept too: below 0.9 the machine was
  busy and the figure is flagged.
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


def _timed(work: Workload, n: int, seed: int) -> tuple[float, Counters, float]:
    """Wall seconds, counters, and the share of one core the call got (process time / wall time)."""
    cpu, start = time.process_time(), time.perf_counter()
    counters = work(n, seed)
    wall = time.perf_counter() - start
    return wall, counters, (time.process_time() - cpu) / wall if wall > 0 else 1.0


def calibrate(work: Workload, target_s: float) -> int:
    """The ``n`` for which one call of ``work`` lasts about ``target_s`` seconds (seed 0 is used to calibrate)."""
    n = 1
    while True:
        elapsed, _, _ = _timed(work, n, 0)
        if elapsed >= CALIBRATION_FLOOR_S or n >= MAX_N:
            break
        n *= 8 if elapsed < CALIBRATION_FLOOR_S / 8 else 2
    return max(1, round(n * target_s / max(elapsed, 1e-9)))


def throughput(name: str, work: Workload, *, unit: str, runs: int, target_s: float, note: str = "") -> Figure:
    """Median rate of every counter of ``work`` over ``runs`` runs of about ``target_s`` seconds each."""
    n = calibrate(work, target_s)
    rates: dict[str, list[float]] = {}
    per_unit: list[float] = []
    shares: list[float] = []
    for seed in range(1, runs + 1):
        elapsed, counters, share = _timed(work, n, seed)
        shares.append(share)
        for key, count in counters.items():
            rates.setdefault(key, []).append(count / elapsed)
        per_unit.append(elapsed / counters.get(unit, n))
    figure: Figure = {"name": name, "kind": "throughput", "unit": unit, "n_per_run": n, "runs": runs,
                      "note": note, "median_latency_ms": statistics.median(per_unit) * 1e3,
                      "cpu_share_median": statistics.median(shares), "cpu_share_min": min(shares)}
    for key, values in rates.items():
        figure[f"{key}_per_s_median"] = statistics.median(values)
        figure[f"{key}_per_s_min"] = min(values)
        figure[f"{key}_per_s_max"] = max(values)
    shown = " ".join(f"{key}/s={statistics.median(values):,.0f}" for key, values in rates.items())
    share = figure["cpu_share_median"]
    busy = f" BUSY MACHINE: {share:.0%} of a core" if share < BUSY_SHARE else ""
    print(f"[bench] {name}: n={n} {shown} ({figure['median_latency_ms']:.4f} ms/{unit}){busy}", flush=True)
    return figure


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
            note: str = "", groups: Sequence[str] | None = None) -> Figure:
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
    figure: Figure = {"name": name, "kind": "latency", "unit": unit, "items": len(items), "runs": runs,
                      "note": note, "median_ms": statistics.median(ordered), "mean_ms": statistics.fmean(ordered),
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
