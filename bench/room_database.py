"""``python -m bench.room_database [--db URL]``: the database's path of an action, measured apart (issue 33).

The card room's store alone, without a server: ``--tables`` tables each commit one action at once, ``--rounds``
times (the writer's group commit takes them as one batch, as it does under load), then 20 tables commit ``--alone``
actions (2,000) one after the other, each awaited alone (a batch of one, as on a quiet server). For each: the CPU
of this process (the store, its writer and driver) and, on a PostgreSQL running on this machine, PostgreSQL's own
(every process of its server, from /proc), in milliseconds an action, and the wall time. Run it against another tree's
code with ``PYTHONPATH=OTHER/src`` to compare (the store's API is all it uses).

The machine is shared: compare figures of one sitting, and run it more than once.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from pathlib import Path

from academie.room.notify import notices_from
from academie.room.store import ActionRow, SeatRow, Store, TableRow, with_async_driver
from bench.room import _ended_children_cpu, _postmaster, _tree_cpu

ALONE = 20
"""The tables that commit one after the other, each action awaited alone."""


def _database_cpu(postmaster: int | None) -> float:
    return 0.0 if postmaster is None else _tree_cpu(postmaster) + _ended_children_cpu(postmaster)


async def measure(url: str, *, tables: int, rounds: int, alone: int,
                  postmaster: int | None) -> dict[str, dict[str, float]]:
    """CPU ms an action of this process and of PostgreSQL (its server's process ``postmaster``), and wall ms an
    action, for actions committed together and alone."""
    store = Store(url, notice=notices_from("bench") if url.startswith("postgres") else None)
    await store.migrate()
    prefix = f"db{time.time_ns()}-"
    ids = [f"{prefix}{number}" for number in range(tables)]
    for table_id in ids:
        await store.create(TableRow(id=table_id, game="ecarte", options={}, seed=1, players=2, mode="enforced",
                                    takeover=None, takeover_after=30.0, status="playing", result="*",
                                    created="2026-01-01T00:00:00"),
                           [SeatRow(seat, None, None, None) for seat in range(2)])
    figures: dict[str, dict[str, float]] = {}
    seq = 0

    async def act(table_id: str) -> None:
        await store.append(table_id, ActionRow(seq, seq % 2, "play KH", None, 1.0e9 + seq), status="playing",
                           result="*", finished=None)

    try:
        for way in ("together", "alone"):
            cpu, wall, database = time.process_time(), time.perf_counter(), _database_cpu(postmaster)
            done = 0
            for _ in range(rounds if way == "together" else max(1, alone // ALONE)):
                seq += 1
                if way == "together":
                    await asyncio.gather(*(act(table_id) for table_id in ids))
                    done += tables
                else:
                    for table_id in ids[:ALONE]:
                        await act(table_id)
                    done += ALONE
            figures[way] = {"process_cpu_ms": 1000 * (time.process_time() - cpu) / done,
                            "database_cpu_ms": 1000 * (_database_cpu(postmaster) - database) / done,
                            "wall_ms": 1000 * (time.perf_counter() - wall) / done, "actions": done}
    finally:
        await store.close()
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.room_database", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", default=None, help="a PostgreSQL URL (default: SQLite in a new file)")
    parser.add_argument("--tables", type=int, default=200, help="the tables committing an action at once")
    parser.add_argument("--rounds", type=int, default=50, help="how many times they do")
    parser.add_argument("--alone", type=int, default=2000, help="the actions then committed one at a time")
    args = parser.parse_args(argv)
    url = with_async_driver(args.db or f"sqlite:///{Path(tempfile.mkdtemp(prefix='academie-bench-db-')) / 'db.db'}")
    postmaster = _postmaster(url)
    figures = asyncio.run(measure(url, tables=args.tables, rounds=args.rounds, alone=args.alone,
                                  postmaster=postmaster))
    kind = "PostgreSQL" if url.startswith("postgres") else "SQLite"
    for way, figure in figures.items():
        server = "" if postmaster is None else f", PostgreSQL {figure['database_cpu_ms']:.3f} ms"
        print(f"[bench] room database, {kind}, {way}: {figure['process_cpu_ms']:.3f} ms of the process's CPU "
              f"an action{server}, wall {figure['wall_ms']:.3f} ms, over {figure['actions']:.0f} actions; load "
              f"average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
