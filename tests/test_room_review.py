"""The card room's reviews of finished games (issue 31) through a real ``academie serve`` process: asked for,
computed by the review worker, kept in the database (served from it again without a new computation, after a
restart too, and on PostgreSQL), said in each reader's language, its decisions on the replay's steps; refused with
a clear error for an unknown table and for a game going on, whose review would read the hands still hidden. The
queue itself (a second request joins the job) on the room's real store and worker, in this process."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from room_support import Server, create_and_play

from academie import record
from academie.room.reviews import BACKGROUND, NONE, QUEUED, READY, RUNNING, Reviews, Settings
from academie.room.store import Store
from academie.room.workers import REVIEW_NICENESS, Workers

SAMPLES = 3
"""Worlds per decision: few, for speed (the room's default is academie.review's)."""
REVIEW_TIMEOUT = 120.0


def finished_table(server: Server, *, seed: int = 5) -> str:
    """An Écarté partie played to its end by two people (random legal moves, each depending on the position)."""
    table, _ = create_and_play(server, {"game": "ecarte", "players": 2, "seed": seed}, seed=seed, deterministic=True)
    assert server.get(f"/api/tables/{table}").json()["status"] == "finished"
    return table


def ready(server: Server, table: str, *, lang: str = "en") -> dict[str, Any]:
    """The review once the worker has computed it (polled as the replay page polls)."""
    deadline = time.monotonic() + REVIEW_TIMEOUT
    while time.monotonic() < deadline:
        state: dict[str, Any] = server.get(f"/api/tables/{table}/review?lang={lang}").json()
        assert state["state"] in (QUEUED, RUNNING, READY), state
        if state["state"] == READY:
            return state
        time.sleep(0.2)
    raise AssertionError(f"the review of table {table} was not ready in {REVIEW_TIMEOUT} s")


def post(server: Server, path: str) -> httpx.Response:
    return httpx.post(server.base + path, timeout=30)


def test_a_finished_game_is_reviewed_by_the_worker_kept_and_served_again_without_computing(tmp_path: Path) -> None:
    server = Server(tmp_path, review_samples=SAMPLES).start()
    try:
        table = finished_table(server)
        asked = post(server, f"/api/tables/{table}/review")
        assert asked.status_code == 200 and asked.json()["state"] in (QUEUED, RUNNING, READY)
        first = ready(server, table)
        review = first["review"]
        assert (first["level"], first["samples"]) == ("classical", SAMPLES) and first["seconds"] >= 0
        assert review["game"] == "ecarte" and review["samples"] == SAMPLES and review["decisions"]
        for decision in review["decisions"]:
            assert {"seat", "step", "played", "best", "cost", "mark", "choices", "reason"} <= set(decision)
            assert decision["mark"] in (None, "slip", "mistake", "blunder") and decision["cost"] >= 0
            assert decision["played"] in [choice["action"] for choice in decision["choices"]]
        # asked again, here and after a restart: the stored review, not a new computation
        again = post(server, f"/api/tables/{table}/review").json()
        assert again["state"] == READY and again["computed_at"] == first["computed_at"]
        assert again["review"] == review
        server.stop()
        server.start()
        restarted = server.get(f"/api/tables/{table}/review").json()
        assert restarted["state"] == READY and restarted["computed_at"] == first["computed_at"]
        # the same computation in French, its chart in both languages
        french = server.get(f"/api/tables/{table}/review?lang=fr").json()
        assert french["computed_at"] == first["computed_at"]
        assert [d["played"] for d in french["review"]["decisions"]] == [d["played"] for d in review["decisions"]]
        assert all("donnes des cartes cachées" in d["reason"] for d in french["review"]["decisions"])
        assert all("deals of the unseen cards" in d["reason"] for d in review["decisions"])
        chart = server.get(f"/api/tables/{table}/review/chart.svg")
        assert chart.status_code == 200 and chart.headers["content-type"].startswith("image/svg+xml")
        assert "<polyline" in chart.text and "Expected result of each seat" in chart.text
        # its legend counts the seats from 1, as the room's pages do
        assert ">seat 1<" in chart.text and ">seat 2<" in chart.text and ">seat 0<" not in chart.text
        french_chart = server.get(f"/api/tables/{table}/review/chart.svg?lang=fr").text
        assert "Résultat attendu" in french_chart and ">place 1<" in french_chart
    finally:
        server.stop()


def test_each_decision_of_the_review_is_the_action_of_its_replay_step(tmp_path: Path) -> None:
    """A decision's ``step`` (its operation) is the ``operation`` of one replay step, whose action is the one played,
    by the decision's seat (the replay page finds the step of each marked decision so)."""
    server = Server(tmp_path, review_samples=SAMPLES).start()
    try:
        table = finished_table(server, seed=8)
        post(server, f"/api/tables/{table}/review")
        review = ready(server, table)["review"]
        replay = server.get(f"/api/tables/{table}/replay").json()
        by_operation = {step["operation"]: step for step in replay["steps"]}
        for decision in review["decisions"]:
            after = by_operation[decision["step"]]
            assert (after["seat"], after["action"]) == (decision["seat"], decision["played"])
        assert record.read_text(server.get(f"/api/tables/{table}/record").text).game == "ecarte"
    finally:
        server.stop()


def test_no_review_of_an_unknown_table_or_of_a_game_going_on(tmp_path: Path) -> None:
    """Hidden information: a game going on has hands still hidden, and its review would read them."""
    server = Server(tmp_path, review_samples=SAMPLES).start()
    try:
        going_on = server.post("/api/tables", {"game": "ecarte", "players": 2, "seed": 3})["table"]
        for method, path in (("POST", "/review"), ("GET", "/review"), ("GET", "/review/chart.svg")):
            refused = httpx.request(method, f"{server.base}/api/tables/{going_on}{path}", timeout=30)
            assert refused.status_code == 409
            assert refused.json() == {"detail": "The review is given once the game is over."}
            french = httpx.request(method, f"{server.base}/api/tables/{going_on}{path}?lang=fr", timeout=30)
            assert french.json() == {"detail": "La revue est donnée une fois la partie finie."}
            unknown = httpx.request(method, f"{server.base}/api/tables/nosuchtable{path}", timeout=30)
            assert unknown.status_code == 404 and unknown.json() == {"detail": "There is no table nosuchtable."}
        assert server.get(f"/api/tables/{going_on}").json()["status"] == "waiting"  # nothing changed
    finally:
        server.stop()


def test_a_game_of_people_is_reviewed_in_the_background_as_it_ends(tmp_path: Path) -> None:
    """Nobody asks: the room queued the review when the game ended, so that it is ready when the players ask."""
    server = Server(tmp_path, review_samples=SAMPLES).start()
    try:
        table = finished_table(server, seed=6)
        deadline = time.monotonic() + 10  # queued by a task of the server as the last action was committed
        while server.get(f"/api/tables/{table}/review").json()["state"] == NONE:
            assert time.monotonic() < deadline, "the review of a game of people was not queued as it ended"
            time.sleep(0.1)
        computed = ready(server, table)["computed_at"]
        assert post(server, f"/api/tables/{table}/review").json()["computed_at"] == computed
    finally:
        server.stop()


def test_a_review_is_kept_on_postgresql(cluster: str, tmp_path: Path) -> None:
    server = Server(tmp_path, db=cluster, review_samples=SAMPLES).start()
    try:
        table = finished_table(server)
        post(server, f"/api/tables/{table}/review")
        first = ready(server, table)
        again = post(server, f"/api/tables/{table}/review").json()
        assert again["state"] == READY and again["computed_at"] == first["computed_at"]
        assert again["review"] == first["review"]
    finally:
        server.stop()


# ------------------------------------------------------------------------------------------------ the queue
def played_record() -> str:
    """The whole record of a short game (the first legal action each time), as the room would hand it over."""
    from academie.games import load

    state = load("ecarte").new(seed=5, first_dealer=0)
    while not state.deal_results:
        state.apply(state.legal_actions()[0])
    return record.write_text(record.from_state(state))


def test_requests_for_a_review_being_computed_join_its_job_and_one_computation_is_kept(tmp_path: Path) -> None:
    """On the room's real store and review worker: two games end (their reviews queued in the background, the
    first starts at once), then readers ask for a third game's review, several at once: they join one job, which
    goes before the second background review; each review is computed once and then served from the database."""

    async def scenario() -> None:
        store = Store(f"sqlite+aiosqlite:///{tmp_path / 'queue.db'}")
        await store.migrate()
        workers = Workers(processes=1)
        reviews = Reviews(store, workers, settings=Settings(samples=SAMPLES))
        try:
            text = played_record()
            assert (await reviews.ask("ended-1", text, "en", priority=BACKGROUND))["state"] in (QUEUED, RUNNING)
            assert (await reviews.ask("ended-2", text, "en", priority=BACKGROUND))["state"] == QUEUED
            states = await asyncio.gather(*(reviews.ask("asked", text, "en") for _ in range(3)))
            assert all(state["state"] == QUEUED and state["position"] == 1 for state in states)
            assert len({state["job"] for state in states}) == 1 and len(reviews.jobs) == 3  # one job for all
            assert (await reviews.state("ended-2", "en"))["position"] == 2  # behind the review asked for
            while reviews.jobs:
                await asyncio.sleep(0.1)
            kept = {table: await reviews.stored(table) for table in ("ended-1", "asked", "ended-2")}
            stamps = [row.computed_at for row in kept.values() if row is not None]
            assert len(stamps) == 3 and stamps == sorted(stamps)  # the one asked for went before ended-2
            again = await reviews.ask("asked", text, "en")
            assert again["state"] == READY and again["computed_at"] == stamps[1]
            assert not reviews.jobs  # served from the database: no new job
        finally:
            reviews.close()
            workers.close()
            await store.close()

    asyncio.run(scenario())


@contextlib.asynccontextmanager
async def real_reviews(folder: Path, *, backlog: int) -> AsyncIterator[Reviews]:
    """The room's reviews on a real store (SQLite in ``folder``) and review worker, with a backlog of ``backlog``."""
    store = Store(f"sqlite+aiosqlite:///{folder / 'reviews.db'}")
    await store.migrate()
    workers = Workers(processes=1)
    reviews = Reviews(store, workers, settings=Settings(samples=SAMPLES), backlog=backlog)
    try:
        yield reviews
    finally:
        reviews.close()
        workers.close()
        await store.close()


async def until_done(reviews: Reviews) -> None:
    """Wait until the worker has computed every queued review."""
    deadline = time.monotonic() + REVIEW_TIMEOUT
    while reviews.jobs:
        assert time.monotonic() < deadline, f"reviews still queued after {REVIEW_TIMEOUT} s: {list(reviews.jobs)}"
        await asyncio.sleep(0.1)


def waiting(reviews: Reviews) -> set[str]:
    return {table for table, job in reviews.jobs.items() if not job.running}


def test_past_its_backlog_the_oldest_background_reviews_are_dropped_and_the_newest_reviewed_first(
        tmp_path: Path) -> None:
    """On the room's real store and review worker, a backlog of two: six games end at once, more than the worker can
    review; the backlog never holds more than two, the oldest four are dropped (counted, and ``none`` again), the
    newest is reviewed first; a dropped game asked for later is computed as any review asked for."""

    async def scenario() -> None:
        async with real_reviews(tmp_path, backlog=2) as reviews:
            text = played_record()
            for number in range(1, 7):
                reviews.in_background(f"ended-{number}", text)
                assert len(waiting(reviews)) <= 2
            assert set(reviews.jobs) == {"ended-5", "ended-6"} and reviews.dropped == 4
            assert (await reviews.state("ended-6", "en"))["position"] == 0  # the newest first
            assert (await reviews.state("ended-5", "en"))["position"] == 1
            assert (await reviews.state("ended-1", "en"))["state"] == NONE
            await until_done(reviews)
            kept = [await reviews.stored(f"ended-{number}") for number in range(1, 7)]
            assert kept[:4] == [None] * 4
            newest, before = kept[5], kept[4]
            assert newest is not None and before is not None and newest.computed_at < before.computed_at
            asked = await reviews.ask("ended-1", text, "en")
            assert asked["state"] in (QUEUED, RUNNING)
            await until_done(reviews)
            assert (await reviews.ask("ended-1", text, "en"))["state"] == READY and reviews.dropped == 4

    asyncio.run(scenario())


def test_a_review_asked_for_is_never_dropped_and_goes_before_the_background(tmp_path: Path) -> None:
    """A backlog of one, and more games ending than it holds: the review a reader asked for and a background one a
    reader then asked for stay queued while the games ending after them drop each other; the two asked for are
    computed first, in the order they were queued, then the newest background one."""

    async def scenario() -> None:
        async with real_reviews(tmp_path, backlog=1) as reviews:
            text = played_record()
            assert (await reviews.ask("asked", text, "en"))["state"] == QUEUED
            for number in range(1, 7):
                reviews.in_background(f"ended-{number}", text)
            joined = await reviews.ask("ended-6", text, "en")  # a reader asks for the game just ended: it joins
            assert joined["state"] == QUEUED and joined["position"] == 1
            for number in range(7, 10):
                reviews.in_background(f"ended-{number}", text)
            assert waiting(reviews) == {"asked", "ended-6", "ended-9"} and reviews.dropped == 7
            assert (await reviews.state("ended-9", "en"))["position"] == 2
            await until_done(reviews)
            rows = [await reviews.stored(table) for table in ("asked", "ended-6", "ended-9")]
            stamps = [row.computed_at for row in rows if row is not None]
            assert len(stamps) == 3 and stamps == sorted(stamps)

    asyncio.run(scenario())


def test_a_backlog_must_hold_a_review() -> None:
    store = Store("sqlite+aiosqlite:///:memory:")
    with pytest.raises(ValueError, match="at least one, not 0"):
        Reviews(store, Workers(processes=1), settings=Settings(samples=SAMPLES), backlog=0)


def _children() -> list[int]:
    """This process's children (every thread's), from /proc."""
    found: list[int] = []
    for task in Path("/proc/self/task").iterdir():
        found += [int(pid) for pid in (task / "children").read_text().split()]
    return found


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="the scheduler's idle class is Linux's")
def test_the_review_worker_runs_niced_in_the_schedulers_idle_class() -> None:
    """Issue 33: niced alone, the review worker still took a tenth of a contended core from the server (its main
    thread waited for a core 0.40 s a second at 2,000 tables, 0.23 s with the worker in the idle class): a review is
    background work, run only on a core nothing else wants. The worker that computed a real review is found among
    this process's children by its niceness."""

    async def scenario() -> list[int]:
        workers = Workers(processes=1)
        try:
            review = await workers.review("idle", played_record(), level="classical", samples=SAMPLES,
                                          progress=lambda *_: None)
            assert review.decisions
            own = os.getpriority(os.PRIO_PROCESS, 0)
            niced = [pid for pid in _children() if os.getpriority(os.PRIO_PROCESS, pid) >= own + REVIEW_NICENESS]
            return [os.sched_getscheduler(pid) for pid in niced]  # read while the worker still runs
        finally:
            workers.close()

    assert asyncio.run(scenario()) == [os.SCHED_IDLE]
