"""Every core: ``academie serve --workers N`` runs N server processes on one listening socket (uvicorn's
supervisor binds it, starts the processes and starts again any that dies), each a whole card room on the same
PostgreSQL database. A table is driven by one of them at a time (:mod:`academie.room.drivers`); its players may be
connected to any (:mod:`academie.room.notify`).

The processes are started afresh (spawned), so each builds its application from the options the command was
given, passed through the environment (:data:`OPTIONS_VARIABLE`) as JSON.
"""

from __future__ import annotations

import json
import os
from typing import Any, Final

from fastapi import FastAPI

from academie.room.store import StoreError, with_async_driver

OPTIONS_VARIABLE: Final = "ACADEMIE_ROOM_OPTIONS"
"""The environment variable through which each process of ``academie serve --workers N`` gets its options."""
FACTORY: Final = "academie.room.processes:from_environment"
"""What uvicorn's supervisor calls in each process to build its application."""


class WorkersNeedPostgreSQL(StoreError, ValueError):
    """Several server processes asked for on SQLite, which one process alone may write."""


def check_workers(url: str, workers: int) -> None:
    """Refuse ``workers`` processes on a database they cannot share (:class:`WorkersNeedPostgreSQL`)."""
    if workers > 1 and with_async_driver(url).startswith("sqlite"):
        raise WorkersNeedPostgreSQL(
            f"{workers} server processes need a database they can share: SQLite is written by one process at a "
            "time, and its processes would not hear of each other's actions; allowed: --workers 1 with SQLite, or "
            "any number with --db postgresql://USER:PASSWORD@HOST:PORT/DATABASE")


def environment(options: dict[str, object]) -> dict[str, str]:
    """The environment variable that gives each process ``options`` (:func:`academie.room.app.create_app`'s)."""
    return {OPTIONS_VARIABLE: json.dumps(options)}


def application(options: dict[str, Any]) -> FastAPI:
    """A card room from ``serve``'s options as plain data (JSON's: the origins a list, the play-now queue's
    settings a mapping, the board of the day's too, its key read from the environment), in the one process or in
    each of several."""
    from academie.room.app import create_app
    from academie.room.daily import DailySettings
    from academie.room.matchmaking import QueueSettings

    built = dict(options)
    built["origins"] = tuple(built.get("origins", ()))
    if built.get("queue") is not None:
        built["queue"] = QueueSettings(**built["queue"])
    built["daily"] = DailySettings.from_options(built.get("daily") or {}, os.environ)
    return create_app(**built)


def from_environment() -> FastAPI:
    """Run in each process: its card room, from the options of :data:`OPTIONS_VARIABLE`."""
    return application(json.loads(os.environ[OPTIONS_VARIABLE]))
