"""The card room's reviews of finished games (issue 31): asked for from the replay, or started in the background as
a game ends; queued for the room's review worker (:meth:`academie.room.workers.Workers.review`, never the event
loop), one at a time, a review asked for before one started in the background; kept in the database.

A review is stored **without words**: the ``academie review --json`` shape with each reason as its message and
arguments and each exact answer's label as its key (:func:`stored`), so one computation serves every language: it
is said in the reader's when served (:func:`in_words`), and its chart drawn by :func:`academie.review.chart_svg`.

Under load more games may end than the worker can review (a review takes it about a second of a core; a thousand
tables of Écarté end ten to thirty games a second): the reviews started in the background wait in a backlog of at
most :data:`BACKGROUND_BACKLOG`, the newest reviewed first (its players are the likeliest to read it), the oldest
dropped when a game ends with the backlog full, and counted (:attr:`Reviews.dropped`, in the room's log). A dropped
game's review is ``none`` again, computed if a reader asks for it. A review asked for by a reader goes before every
background one, first asked first served, and is never dropped.

A request for a game whose review is queued or being computed joins that job. The states a client reads:
``none`` (never asked for), ``queued`` (``position``: jobs before it), ``running`` (``done`` of ``total``
decisions), ``ready`` (the review, ``computed_at``) and ``failed`` (``detail``; asking again retries); a job queued
or running is named by ``job``, the same for every request that joined it.
"""

from __future__ import annotations

import asyncio
import datetime
import itertools
import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, TypedDict

from academie.bots import Reason
from academie.review import (
    DEFAULT_LEVEL,
    DEFAULT_SAMPLES,
    Choice,
    DealLine,
    Decision,
    Exact,
    Review,
    SeatLine,
    chart_svg,
    to_json,
)
from academie.room.store import ReviewRow, Store
from academie.room.workers import Workers
from academie.words import Words

log = logging.getLogger("academie.room")

ASKED: Final = 0
"""A review a reader asked for: computed before any started in the background."""
BACKGROUND: Final = 1
"""A review started as a game ended, for the players who may ask for it."""
NONE, QUEUED, RUNNING, READY, FAILED = "none", "queued", "running", "ready", "failed"
"""The states of a table's review (see the module's documentation)."""
BACKGROUND_BACKLOG: Final = 100
"""The most reviews started in the background that wait for the worker (those asked for are not counted): about
two minutes of the worker's work at the room's precision, enough for a burst of games ending together, and a few
hundred kilobytes of records held; past it the oldest waiting is dropped. Unbounded, the backlog grew by every game
ended that the worker could not review (at a thousand tables, by ten to thirty a second), and a game just ended waited
behind all of them, never ready when its players asked."""
DROPS_LOGGED_EVERY: Final = 60.0
"""The seconds between two lines of the room's log counting the background reviews dropped (the first at once)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """The precision of the room's reviews: the bots that play the deals out and the worlds per decision."""

    level: str = DEFAULT_LEVEL
    samples: int = DEFAULT_SAMPLES


class ReviewState(TypedDict, total=False):
    state: str
    level: str
    samples: int
    job: int
    position: int
    done: int
    total: int
    detail: str
    computed_at: str
    seconds: float
    review: dict[str, object]


class _Job:
    """A review waiting for the worker or being computed (a second request for the same table joins it)."""

    def __init__(self, table_id: str, text: str, *, priority: int, order: int) -> None:
        self.table_id = table_id
        self.text = text
        self.priority = priority
        self.order = order
        self.running = False
        self.done = 0
        self.total = 0

    @property
    def rank(self) -> tuple[int, int]:
        """Its place in the queue (the least first): asked for before the background, the first asked for first and
        the last game ended first (its players are the likeliest to read it)."""
        return self.priority, self.order if self.priority == ASKED else -self.order


# ------------------------------------------------------------------------------------------------ stored JSON
def stored(result: Review) -> dict[str, object]:
    """``result`` as the room keeps it: :func:`academie.review.to_json`'s shape, each decision's reason as its
    message and arguments and each exact answer's label untranslated, so that it can be said in any language."""
    data = to_json(result)
    decisions = data["decisions"]
    assert isinstance(decisions, list)
    for entry, decision in zip(decisions, result.decisions, strict=True):
        entry["reason"] = {"message": decision.reason.message, "arguments": dict(decision.reason.arguments)}
        if decision.exact is not None:
            entry["exact"]["label"] = decision.exact.label
    return data


def from_stored(data: Mapping[str, Any]) -> Review:
    """The review that :func:`stored` kept (its figures rounded as ``--json`` rounds them)."""
    return Review(
        game=data["game"], unit=data["unit"], thresholds=tuple(data["thresholds"]), level=data["level"],
        samples=data["samples"],
        seats=tuple(SeatLine(seat=s["seat"], decisions=s["decisions"], cost=s["cost"], mean_cost=s["mean_cost"],
                             accuracy=s["accuracy"], marks=s["marks"], luck=s["luck"], result=s["result"])
                    for s in data["seats"]),
        deals=tuple(DealLine(seat=d["seat"], deal=d["deal"], cost=d["cost"], luck=d["luck"], result=d["result"])
                    for d in data["deals"]),
        decisions=tuple(_decision(d) for d in data["decisions"]), results=tuple(data["results"]))


def _decision(d: Mapping[str, Any]) -> Decision:
    exact = d["exact"]
    message, arguments = d["reason"]["message"], d["reason"]["arguments"]
    return Decision(
        seat=d["seat"], step=d["step"], deal=d["deal"], played=d["played"], best=d["best"], cost=d["cost"],
        cost_error=d["cost_error"], mark=d["mark"],
        choices=tuple(Choice(c["action"], c["value"], c["error"]) for c in d["choices"]), standing=d["standing"],
        reason=Reason(message, **arguments),
        exact=None if exact is None else Exact(exact["label"], exact["best"], exact["before"], exact["after"],
                                               exact["unit"]))


def in_words(data: Mapping[str, Any], lang: str) -> dict[str, object]:
    """A stored review in the reader's language: the ``academie review --json`` shape, reasons in words."""
    return to_json(from_stored(data), Words(lang, game=data["game"]))


def chart(data: Mapping[str, Any], lang: str) -> str:
    """The SVG chart of each seat's expected result over the game, in the reader's language, its seats counted from 1
    as the room's pages count them."""
    review, words = from_stored(data), Words(lang, game=data["game"])
    labels = {line.seat: words("seat {seat}", seat=line.seat + 1) for line in review.seats}
    return chart_svg(review, words, labels=labels)


# ------------------------------------------------------------------------------------------------ the queue
class Reviews:
    """The room's reviews: the stored ones, and the queue of those being computed (one at a time, by the worker)."""

    def __init__(self, store: Store, workers: Workers, *, settings: Settings,
                 backlog: int = BACKGROUND_BACKLOG) -> None:
        if backlog < 1:
            raise ValueError(f"the backlog of background reviews must hold at least one, not {backlog}")
        self.store = store
        self.workers = workers
        self.settings = settings
        self.backlog = backlog
        """The most background reviews waiting (:data:`BACKGROUND_BACKLOG`)."""
        self.jobs: dict[str, _Job] = {}
        self.failures: dict[str, str] = {}
        self.dropped = 0
        """The background reviews dropped from a full backlog since the room started."""
        self._dropped_logged_at: float | None = None
        self._order = itertools.count()
        self._wake: asyncio.Event | None = None
        self._runner: asyncio.Task[None] | None = None
        self._background: set[asyncio.Task[Any]] = set()

    async def stored(self, table_id: str) -> ReviewRow | None:
        """The review of ``table_id`` at the room's precision, if it is stored."""
        return await self.store.review(table_id, level=self.settings.level, samples=self.settings.samples)

    async def state(self, table_id: str, lang: str) -> ReviewState:
        """Where the review of the finished table ``table_id`` stands (the review itself once ready)."""
        # the job first: a job leaves the queue only once its review is stored, so that no reader ever sees a
        # review just computed as never asked for
        job = self.jobs.get(table_id)
        base = ReviewState(level=self.settings.level, samples=self.settings.samples)
        if job is not None and job.running:
            return base | ReviewState(state=RUNNING, job=job.order, done=job.done, total=job.total)
        if job is not None:
            ahead = sum(1 for other in self.jobs.values() if other.running or other.rank < job.rank)
            return base | ReviewState(state=QUEUED, job=job.order, position=ahead)
        row = await self.stored(table_id)
        if row is not None:
            return self._ready(row, lang)
        failure = self.failures.get(table_id)
        return base | (ReviewState(state=NONE) if failure is None else ReviewState(state=FAILED, detail=failure))

    async def ask(self, table_id: str, text: str, lang: str, *, priority: int = ASKED) -> ReviewState:
        """The review of the finished table ``table_id`` (its whole record ``text``): the stored one, or a job
        queued for it (joining the one already queued or running)."""
        if table_id not in self.jobs:
            row = await self.stored(table_id)
            if row is not None:
                return self._ready(row, lang)
        self._queue(table_id, text, priority=priority)  # after the wait: another request may have queued it
        return await self.state(table_id, lang)

    def _queue(self, table_id: str, text: str, *, priority: int) -> None:
        """Queue the review of ``table_id``, or join the job queued or running (raised to ``priority``)."""
        job = self.jobs.get(table_id)
        if job is not None:
            job.priority = min(job.priority, priority)
            return
        self.failures.pop(table_id, None)
        self.jobs[table_id] = _Job(table_id, text, priority=priority, order=next(self._order))
        if priority == BACKGROUND:
            self._drop_oldest()
        self._start()

    def _drop_oldest(self) -> None:
        """Keep at most :attr:`backlog` background reviews waiting: drop the oldest (the jobs are kept in the order
        they were queued), never one running or asked for."""
        waiting = [job for job in self.jobs.values() if job.priority == BACKGROUND and not job.running]
        for job in waiting[: len(waiting) - self.backlog]:
            del self.jobs[job.table_id]
            self.dropped += 1
        if len(waiting) > self.backlog:
            self._log_drops()

    def _log_drops(self) -> None:
        now = time.monotonic()
        if self._dropped_logged_at is None or now - self._dropped_logged_at >= DROPS_LOGGED_EVERY:
            self._dropped_logged_at = now
            log.warning("%d background reviews dropped so far: more games end than the review worker can review "
                        "(the newest %d wait; a dropped one is computed if a reader asks for it)", self.dropped,
                        self.backlog)

    def _ready(self, row: ReviewRow, lang: str) -> ReviewState:
        return ReviewState(state=READY, level=row.level, samples=row.samples, computed_at=row.computed_at,
                           seconds=row.seconds, review=in_words(row.review, lang))

    def _start(self) -> None:
        if self._wake is None:
            self._wake = asyncio.Event()
        self._wake.set()
        if self._runner is None or self._runner.done():
            self._runner = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        """Compute the queued reviews one at a time: those asked for first, the first asked for first; then those
        started in the background, the last game ended first."""
        assert self._wake is not None
        while True:
            waiting = [job for job in self.jobs.values() if not job.running]
            if not waiting:
                self._wake.clear()
                await self._wake.wait()
                continue
            job = min(waiting, key=lambda queued: queued.rank)
            job.running = True
            try:
                await self._compute(job)
            except Exception as error:  # a review that fails is said to fail, and the queue goes on
                log.warning("the review of table %s failed: %s", job.table_id, error)
                self.failures[job.table_id] = str(error) or type(error).__name__
            finally:
                self.jobs.pop(job.table_id, None)

    async def _compute(self, job: _Job) -> None:
        started = time.monotonic()
        result = await self.workers.review(job.table_id, job.text, level=self.settings.level,
                                           samples=self.settings.samples, progress=self._progress)
        row = ReviewRow(job.table_id, self.settings.level, self.settings.samples, stored(result),
                        datetime.datetime.now(datetime.UTC).isoformat(timespec="microseconds"),
                        round(time.monotonic() - started, 3))
        await self.store.add_review(row)

    def _progress(self, table_id: str, done: int, total: int) -> None:
        job = self.jobs.get(table_id)
        if job is not None:
            job.done, job.total = done, total

    def in_background(self, table_id: str, text: str) -> None:
        """Queue the review of a game that has just ended, behind every review asked for and before the background
        ones of the games that ended earlier, the oldest of which it may drop. The database is not asked for a stored
        review: a review is given once the game is over, so none can have been computed yet (at worst a review asked
        for through another process in the same instant is computed twice, and the first stored is kept)."""
        self._queue(table_id, text, priority=BACKGROUND)

    def keep(self, task: asyncio.Task[Any]) -> None:
        """Hold a task of the reviews until it is done (and cancel it if the room closes first)."""
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def close(self) -> None:
        for task in (self._runner, *self._background):
            if task is not None:
                task.cancel()
