"""The card room's garbage collector (academie.room.collector): start-up frozen, the young generations collected on
schedule, no automatic full collection, a scheduled one that still frees what only a full collection can (once the
memory has grown: never in steady play), and the collector as before afterwards."""

from __future__ import annotations

import asyncio
import gc
import weakref

from academie.room.collector import (
    NO_AUTOMATIC_FULL_COLLECTION,
    OLD_GROWTH,
    YOUNG_THRESHOLD,
    action_committed,
    resident_bytes,
    scheduled_collections,
)


class Node:
    def __init__(self, payload: bytes = b"") -> None:
        self.other: Node | None = None
        self.payload = payload


def old_cycle(payload: bytes = b"") -> weakref.ref[Node]:
    """A reference cycle that reached the oldest generation before it became garbage (as a closed
    connection's protocol objects do): only a full collection frees it."""
    first, second = Node(payload), Node()
    first.other, second.other = second, first
    gc.collect(1)  # the survivors of generation 1 move to the oldest
    return weakref.ref(first)


def test_the_collector_is_set_for_a_server_while_it_runs_and_restored_after() -> None:
    before, frozen_before = gc.get_threshold(), gc.get_freeze_count()

    async def run() -> tuple[tuple[int, int, int], int, bool, bool]:
        async with scheduled_collections(every=0.05, growth=0.0):
            during, frozen = gc.get_threshold(), gc.get_freeze_count()
            cycle = old_cycle()
            gc.collect(1)
            kept_by_young_collections = cycle() is not None
            await asyncio.sleep(0.3)
            freed_by_schedule = cycle() is None
        return during, frozen, kept_by_young_collections, freed_by_schedule

    during, frozen, kept, freed = asyncio.run(run())
    assert during == (YOUNG_THRESHOLD, before[1], NO_AUTOMATIC_FULL_COLLECTION)
    assert frozen > frozen_before
    assert kept, "a collection of the young generations reached an old cycle"
    assert freed, "the scheduled full collection did not free an old cycle"
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == frozen_before


def test_the_oldest_generation_is_collected_only_once_the_memory_has_grown() -> None:
    """Issue 33: at 2,000 tables a full collection stopped the event loop for half a second or more, and in steady
    play it freed nothing; the checks leave the oldest generation alone while the resident memory holds (an old
    cycle stays, no full collection runs), and collect it once garbage cycles have grown the memory by
    OLD_GROWTH."""
    full: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info["generation"] == 2:
            full.append(info["collected"])

    async def run() -> tuple[int, bool, bool, bool]:
        async with scheduled_collections(every=0.02):
            gc.callbacks.append(count)
            try:
                small = old_cycle()
                await asyncio.sleep(0.3)  # fifteen checks, the memory steady
                steady, kept = len(full), small() is not None
                resident = resident_bytes()
                assert resident is not None, "this system does not say its resident memory"
                large = old_cycle(b"\x01" * int(2 * OLD_GROWTH * resident))  # written: resident at once
                await asyncio.sleep(0.3)
            finally:
                gc.callbacks.remove(count)
            return steady, kept, small() is None, large() is None

    steady, kept, small_freed, large_freed = asyncio.run(run())
    assert steady == 0, "a full collection ran while the memory held"
    assert kept
    assert small_freed and large_freed, "the memory grew past OLD_GROWTH and no full collection freed its cycles"


def test_the_young_generations_are_collected_on_schedule_whatever_their_counter_says() -> None:
    """Issue 33: every object freed counts against the young generations' counter, so a room whose old states die
    as fast as new ones are made never reaches the threshold and its young generations pile up; the schedule
    collects them anyway, moving a survivor to the oldest generation within a few periods."""
    collected: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "stop":
            collected.append(info["generation"])

    async def run() -> tuple[bool, bool]:
        async with scheduled_collections(young_every=0.02):
            survivor = Node()
            young = any(item is survivor for item in gc.get_objects(generation=0))
            gc.callbacks.append(count)
            try:
                await asyncio.sleep(0.3)
            finally:
                gc.callbacks.remove(count)
            old = any(item is survivor for item in gc.get_objects(generation=2))
        return young, old

    was_young, now_old = asyncio.run(run())
    assert was_young
    assert now_old, "a survivor stayed in the young generations"
    assert collected.count(1) >= 5, f"young collections {collected}"


def test_the_actions_committed_collect_the_young_generations_and_the_timer_only_when_they_did_not() -> None:
    """Issue 33: a timer fails when the event loop is behind, so the work collects: every ``young_actions`` actions
    committed, a collection of the young generations (a survivor made before them is then in the oldest), and the
    timer's period passes without one of its own whenever an action's collection came in it; outside the server's
    collector, actions collect nothing."""
    collected: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info["generation"] == 1:
            collected.append(1)

    async def run() -> tuple[bool, bool, int, int]:
        async with scheduled_collections(young_every=0.05, young_actions=3):
            survivor = Node()
            action_committed()
            action_committed()
            young_after_two = any(item is survivor for item in gc.get_objects(generation=2))
            action_committed()
            old_after_three = any(item is survivor for item in gc.get_objects(generation=2))
            gc.callbacks.append(count)
            try:
                for _ in range(30):  # 0.3 s, six of the timer's periods, an action every 10 ms
                    action_committed()
                    await asyncio.sleep(0.01)
            finally:
                gc.callbacks.remove(count)
            worked = len(collected)
        collected.clear()
        gc.callbacks.append(count)
        try:
            for _ in range(6):
                action_committed()
        finally:
            gc.callbacks.remove(count)
        return young_after_two, old_after_three, worked, len(collected)

    old_after_two, old_after_three, worked, outside = asyncio.run(run())
    assert not old_after_two
    assert old_after_three
    assert worked == 10, f"{worked} collections of the young generations for 30 actions, 3 a collection"
    assert outside == 0
