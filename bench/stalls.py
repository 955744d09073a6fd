"""Where an event loop stops: a loop-lag monitor for the load generator, and ``python -m bench.stalls serve ...``,
``academie serve`` with a probe that writes every stall of the server's loop to a file (issue 33).

* :class:`LoopLag`: a task that asks to wake every :data:`TICK` seconds and keeps how late each wake-up came; the
  largest delays of a window are that loop's stalls (the generator prints its own beside the latencies it
  measures, so that a reader knows they are the server's).
* The server's probe (``ACADEMIE_STALLS_LOG=FILE``): every wake-up of its loop later than :data:`LATE`, as
  :class:`LoopLag` measures it, with the main thread's stacks that a sampling thread saw meanwhile and the garbage
  collections that ran in it (wall and CPU time: a loop that waited for a core is not a loop that worked), and
  every collection longer than :data:`SLOW_COLLECTION`, one JSON line each, timed on the system's monotonic clock
  (the same in every process, so the bench keeps those of its window).

A tool of the bench, never loaded by the room itself: sampling the stack every few milliseconds costs a little.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import gc
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
        self.process = os.getpid()
        """The server's process (its bot workers, forked from it, inherit the collector's callbacks)."""
        self.collecting, self.collecting_cpu = 0.0, 0.0
        self.collected: list[tuple[float, float, int]] = []
        """(ended, seconds, generation) of the recent collections."""

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
            self.collecting, self.collecting_cpu = now, used
            return
        spent = now - self.collecting
        self.collected.append((now, spent, info["generation"]))
        del self.collected[:-200]
        if spent > SLOW_COLLECTION:
            self.write({"at": now, "kind": "collection", "ms": 1000 * spent,
                        "cpu_ms": 1000 * (used - self.collecting_cpu), "generation": info["generation"],
                        "collected": info["collected"], "counts": gc.get_count()})

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

        @contextlib.asynccontextmanager
        async def watched(**options: Any) -> AsyncIterator[None]:  # scheduled_collections's own options
            task = asyncio.get_running_loop().create_task(probe.watch())
            try:
                async with scheduled(**options):
                    yield
            finally:
                task.cancel()

        collector.scheduled_collections = watched  # before the room's app module imports it

    async def watch(self) -> None:
        """As :class:`LoopLag`, each late wake-up written with the stacks sampled and the collections meanwhile."""
        while True:
            asked, used = time.monotonic(), time.thread_time()
            await asyncio.sleep(TICK)
            now = time.monotonic()
            if now - asked - TICK > LATE:
                cpu = time.thread_time() - used
                stacks = collections.Counter(stack for when, stack in list(self.samples) if asked <= when <= now)
                meanwhile = [(round(1000 * spent, 1), generation) for when, spent, generation in self.collected
                             if asked <= when <= now]
                self.write({"at": now, "kind": "lag", "ms": 1000 * (now - asked - TICK), "cpu_ms": 1000 * cpu,
                            "load": os.getloadavg()[0], "collections": meanwhile, "samples": sum(stacks.values()),
                            "stacks": stacks.most_common(5)})


def collections_summary(records: list[dict[str, Any]], *, seconds: float) -> dict[str, float]:
    """The collections of ``records`` (those over :data:`SLOW_COLLECTION`) in a few figures: how many a second,
    their CPU (ms a second, the largest, the 99th percentile of those written), the largest wall time."""
    cpu = sorted(record["cpu_ms"] for record in records if record["kind"] == "collection")
    wall = [record["ms"] for record in records if record["kind"] == "collection"]
    return {"per_s": len(cpu) / seconds, "cpu_ms_per_s": sum(cpu) / seconds, "cpu_ms_max": max(cpu, default=0.0),
            "cpu_ms_p99": cpu[min(len(cpu) - 1, int(0.99 * len(cpu)))] if cpu else 0.0,
            "wall_ms_max": max(wall, default=0.0)}


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
