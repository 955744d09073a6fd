"""Where an event loop stops: a loop-lag monitor for the load generator, and ``python -m bench.stalls serve ...``,
``academie serve`` with a probe that writes every stall of the server's loop to a file (issue 33).

* :class:`LoopLag`: a task that asks to wake every :data:`TICK` seconds and keeps how late each wake-up came; the
  largest delays of a window are that loop's stalls (the generator prints its own beside the latencies it
  measures, so that a reader knows they are the server's).
* The server's probe (``ACADEMIE_STALLS_LOG=FILE``): every wake-up of its loop later than :data:`LATE`, as
  :class:`LoopLag` measures it, with the main thread's stacks that a sampling thread saw meanwhile and the garbage
  collections that ran in it (wall and CPU time: a loop that waited for a core is not a loop that worked), and
  every collection longer than :data:`SLOW_COLLECTION`, one JSON line each, timed on the system's monotonic clock
  (the same in every process, so the bench keeps those of its window). A collection's record has the
  collector's counters as it began (``before``: the youngest's is allocations less deallocations, the others' the
  collections of the one below) beside those it left (``counts``).
* Every second, the totals so far (``"kind": "totals"``): the collections and their CPU, short ones included, and
  the main thread's CPU, so that the bench says what share of the loop's work the collector is.
* A late wake-up's record also says how long the main thread waited for a core meanwhile (``wait_ms``, from
  ``/proc``'s scheduler statistics): a loop late for want of a core (another process ran) is told from one late
  because it worked (``cpu_ms``) and from one blocked (the rest: the interpreter's lock, a system call).
* ``ACADEMIE_STALLS_FULL_SECONDS=S``: the room's full collection every ``S`` seconds, whatever the memory, instead
  of one when a check (:data:`academie.room.collector.OLD_CHECK_SECONDS`) finds the memory grown, so that the probe
  times what the oldest generation costs at the tables of the run.
* ``ACADEMIE_STALLS_YOUNG_ACTIONS=N``: the young generations collected every ``N`` actions committed instead of
  :data:`academie.room.collector.YOUNG_COLLECTION_ACTIONS`, to weigh their CPU against their pauses.

A tool of the bench, never loaded by the room itself: sampling the stack every few milliseconds costs a little.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import gc
import itertools
import json
import os
import sys
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

TICK = 0.005
"""How often the lag monitor asks to wake (seconds)."""
SLOW_COLLECTION = 0.001
"""A garbage collection that lasts longer is written down (seconds)."""
SAMPLE = 0.002
"""How often the sampling thread reads the main thread's stack (seconds; it waits for the GIL as any thread)."""
LATE = 0.020
"""A wake-up of the lag monitor later than this is written down (seconds)."""


class LoopLag:
    """How late the running loop wakes a task that sleeps :data:`TICK` at a time: ``(when, seconds late)`` of every
    wake-up later than ``late``."""

    def __init__(self, *, late: float = LATE) -> None:
        self.late = late
        self.stalls: list[tuple[float, float]] = []
        self._task: asyncio.Task[None] | None = None

    def start(self) -> LoopLag:
        self._task = asyncio.get_running_loop().create_task(self._watch())
        return self

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def largest(self, *, since: float, count: int = 5) -> list[float]:
        """The ``count`` largest stalls (milliseconds) that ended after ``since``, largest first."""
        return sorted((1000 * late for when, late in self.stalls if when >= since), reverse=True)[:count]

    async def _watch(self) -> None:
        while True:
            asked = time.monotonic()
            await asyncio.sleep(TICK)
            now = time.monotonic()
            if now - asked - TICK > self.late:
                self.stalls.append((now, now - asked - TICK))


# ------------------------------------------------------------------------------------------------ the server's probe
class _Probe:
    """Installed in the server's process before uvicorn starts (see :func:`main`)."""

    def __init__(self, log: Path) -> None:
        self.out = log.open("a", encoding="utf-8")
        self.lock = threading.RLock()
        self.samples: collections.deque[tuple[float, str]] = collections.deque(maxlen=4000)
        self.main = threading.main_thread().ident
        self.schedule = Path(f"/proc/{os.getpid()}/task/{threading.get_native_id()}/schedstat")
        """The main thread's scheduler statistics (made in the main thread): its time on a core and waiting for one."""
        self.process = os.getpid()
        """The server's process (its bot workers, forked from it, inherit the collector's callbacks)."""
        self.collecting, self.collecting_cpu = 0.0, 0.0
        self.counted: tuple[int, int, int] = (0, 0, 0)
        """The generations' counts as the collection under way began."""
        self.collected: list[tuple[float, float, int]] = []
        """(ended, seconds, generation) of the recent collections."""
        self.collections, self.collections_cpu = 0, 0.0
        """Every collection so far, and their CPU time (seconds)."""

    def write(self, record: dict[str, Any]) -> None:
        line = json.dumps(record) + "\n"
        with self.lock:  # re-entrant: a collection may start while this thread writes, and writes in turn
            self.out.write(line)
            self.out.flush()

    # the garbage collector
    def on_collection(self, phase: str, info: dict[str, int]) -> None:
        if os.getpid() != self.process:
            return
        now, used = time.monotonic(), time.thread_time()
        if phase == "start":
            self.collecting, self.collecting_cpu, self.counted = now, used, gc.get_count()
            return
        spent = now - self.collecting
        self.collections += 1
        self.collections_cpu += used - self.collecting_cpu
        self.collected.append((now, spent, info["generation"]))
        del self.collected[:-200]
        if spent > SLOW_COLLECTION:
            self.write({"at": now, "kind": "collection", "ms": 1000 * spent,
                        "cpu_ms": 1000 * (used - self.collecting_cpu), "generation": info["generation"],
                        "collected": info["collected"], "before": self.counted, "counts": gc.get_count()})

    # the sampling thread
    def sample_forever(self) -> None:
        while True:
            time.sleep(SAMPLE)
            frame = sys._current_frames().get(self.main or 0)
            stack: list[str] = []
            while frame is not None and len(stack) < 12:
                code = frame.f_code
                stack.append(f"{Path(code.co_filename).name}:{frame.f_lineno} {code.co_name}")
                frame = frame.f_back
            self.samples.append((time.monotonic(), " < ".join(stack)))

    def install(self) -> None:
        """Time the collections, start the sampling thread, and start the lag monitor with the room's scheduled
        collections (the first thing of the room's lifespan that runs in its loop; uvloop's callbacks cannot be
        timed one by one from Python)."""
        gc.callbacks.append(self.on_collection)
        threading.Thread(target=self.sample_forever, name="academie-stall-sampler", daemon=True).start()
        from academie.room import collector

        probe, scheduled = self, collector.scheduled_collections
        full = os.environ.get("ACADEMIE_STALLS_FULL_SECONDS")
        young = os.environ.get("ACADEMIE_STALLS_YOUNG_ACTIONS")

        @contextlib.asynccontextmanager
        async def watched(**options: Any) -> AsyncIterator[None]:  # scheduled_collections's own options
            if full:
                options["every"], options["growth"] = float(full), 0.0
            if young:
                options["young_actions"] = int(young)
            task = asyncio.get_running_loop().create_task(probe.watch())
            try:
                async with scheduled(**options):
                    yield
            finally:
                task.cancel()

        collector.scheduled_collections = watched  # before the room's app module imports it

    async def watch(self) -> None:
        """As :class:`LoopLag`, each late wake-up written with the stacks sampled and the collections meanwhile; the
        totals every second."""
        told, waited = time.monotonic(), self.waited()
        while True:
            asked, used, waited_before = time.monotonic(), time.thread_time(), waited
            await asyncio.sleep(TICK)
            now, waited = time.monotonic(), self.waited()
            if now - told >= 1.0:
                told = now
                self.write({"at": now, "kind": "totals", "ms": 0.0, "process": self.process,
                            "collections": self.collections,
                            "collections_cpu_ms": 1000 * self.collections_cpu,
                            "main_cpu_ms": 1000 * time.thread_time(), "main_wait_ms": 1000 * waited})
            if now - asked - TICK > LATE:
                cpu = time.thread_time() - used
                stacks = collections.Counter(stack for when, stack in list(self.samples) if asked <= when <= now)
                meanwhile = [(round(1000 * spent, 1), generation) for when, spent, generation in self.collected
                             if asked <= when <= now]
                self.write({"at": now, "kind": "lag", "ms": 1000 * (now - asked - TICK), "cpu_ms": 1000 * cpu,
                            "wait_ms": 1000 * (waited - waited_before), "load": os.getloadavg()[0],
                            "collections": meanwhile, "samples": sum(stacks.values()),
                            "stacks": stacks.most_common(5)})


    def waited(self) -> float:
        """The seconds the main thread has waited for a core so far (0 where ``/proc`` does not say)."""
        try:
            return int(self.schedule.read_text().split()[1]) / 1e9
        except (OSError, IndexError, ValueError):
            return 0.0


def collections_summary(records: list[dict[str, Any]], *, seconds: float) -> dict[str, float]:
    """The collections of ``records`` (those over :data:`SLOW_COLLECTION`) in a few figures: how many a second,
    their CPU (ms a second, the largest, the 99th percentile of those written), the largest wall time; from the
    totals, every collection's CPU a second, the main thread's and its wait for a core a second, summed over the
    servers' processes (``all_cpu_ms_per_s``, ``main_cpu_ms_per_s``, ``main_wait_ms_per_s``)."""
    cpu = sorted(record["cpu_ms"] for record in records if record["kind"] == "collection")
    wall = [record["ms"] for record in records if record["kind"] == "collection"]
    return {"per_s": len(cpu) / seconds, "cpu_ms_per_s": sum(cpu) / seconds, "cpu_ms_max": max(cpu, default=0.0),
            "cpu_ms_p99": cpu[min(len(cpu) - 1, int(0.99 * len(cpu)))] if cpu else 0.0,
            "wall_ms_max": max(wall, default=0.0)} | _totals(records)


def _totals(records: list[dict[str, Any]]) -> dict[str, float]:
    """The totals' growth a second over the window, summed over the servers' processes (none: no totals).

    >>> _totals([{"kind": "totals", "process": 1, "at": 0.0, "collections": 1, "collections_cpu_ms": 2.0,
    ...           "main_cpu_ms": 10.0, "main_wait_ms": 1.0},
    ...          {"kind": "totals", "process": 1, "at": 2.0, "collections": 5, "collections_cpu_ms": 6.0,
    ...           "main_cpu_ms": 30.0, "main_wait_ms": 5.0}])
    {'all_per_s': 2.0, 'all_cpu_ms_per_s': 2.0, 'main_cpu_ms_per_s': 10.0, 'main_wait_ms_per_s': 2.0}
    """
    every = {"all_per_s": 0.0, "all_cpu_ms_per_s": 0.0, "main_cpu_ms_per_s": 0.0, "main_wait_ms_per_s": 0.0}
    counted = False
    kept = [record for record in records if record["kind"] == "totals"]
    for process in {record.get("process") for record in kept}:
        totals = sorted((record for record in kept if record.get("process") == process),
                        key=lambda record: record["at"])
        if len(totals) < 2:
            continue
        first, last = totals[0], totals[-1]
        spell, counted = last["at"] - first["at"], True
        for figure, total in (("all_per_s", "collections"), ("all_cpu_ms_per_s", "collections_cpu_ms"),
                              ("main_cpu_ms_per_s", "main_cpu_ms"), ("main_wait_ms_per_s", "main_wait_ms")):
            every[figure] += (last.get(total, 0.0) - first.get(total, 0.0)) / spell
    return every if counted else {}



LAG_BINS: tuple[float, ...] = (20.0, 50.0, 100.0, 250.0, 500.0)
"""The lower bounds (milliseconds) of the bins of :func:`lag_histogram`."""


def lag_histogram(records: list[dict[str, Any]]) -> dict[str, float]:
    """The loop's late wake-ups of ``records`` counted by how late (``"20-50"``, ..., ``"500+"`` ms) and their
    sum (``"total_ms"``): how much of a window the loop stood still, and in stalls of which size.

    >>> lag_histogram([{"kind": "lag", "ms": 30.0}, {"kind": "lag", "ms": 600.0}, {"kind": "collection", "ms": 9.0}])
    {'20-50': 1, '50-100': 0, '100-250': 0, '250-500': 0, '500+': 1, 'total_ms': 630.0}
    """
    lags = [record["ms"] for record in records if record["kind"] == "lag"]
    bounds = (*LAG_BINS, float("inf"))
    counts: dict[str, float] = {
        (f"{low:.0f}-{high:.0f}" if high != float("inf") else f"{low:.0f}+"): sum(low <= ms < high for ms in lags)
        for low, high in itertools.pairwise(bounds)}
    return counts | {"total_ms": sum(lags)}


def read_stalls(log: Path, *, since: float, until: float) -> list[dict[str, Any]]:
    """The probe's records of the window ``since``..``until`` (monotonic seconds), the longest first."""
    if not log.exists():
        return []
    records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
    return sorted((record for record in records if since <= record["at"] <= until), key=lambda record: -record["ms"])


def main() -> int:
    """``python -m bench.stalls serve ARGS``: ``academie serve ARGS`` with the probe writing to
    ``$ACADEMIE_STALLS_LOG``."""
    _Probe(Path(os.environ["ACADEMIE_STALLS_LOG"])).install()
    from academie.cli import app

    app(sys.argv[1:], prog_name="academie")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
