"""How a table tries an action (issue 33): on a twin of its state kept in step with it, never on the state itself,
which becomes the twin's only once the action is stored. Real stores (SQLite in a file), real tables of a room,
connections whose messages are read as the room queued them; the fault is a real store's write failing once.

The engine's rules checked here: a legal action is applied and an illegal one changes nothing (the engine's
contract for ``apply``); the room's: a failed store leaves the table and every picture as they were, and nothing
is shown of an action before it is stored."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from academie.engine import Game
from academie.room.hub import NewTable, Room
from academie.room.store import ActionRow, Store, StoreError
from academie.room.tables import Connection, LiveTable, Refusal, new_state
from academie.room.workers import Workers

TWO_PLAYERS = NewTable(game="ecarte", seed=5)
"""An Écarté table whose two seats are players' (nobody's bots act)."""


class FailingAt(Store):
    """A real store whose append of action ``at`` fails once before anything is written; ``meanwhile`` runs while
    that append waits (another coroutine of the room at work during the store's await)."""

    def __init__(self, url: str, *, at: int, meanwhile: Callable[[], None] = lambda: None) -> None:
        super().__init__(url)
        self.at, self.meanwhile, self.failed = at, meanwhile, False

    async def append(self, table_id: str, row: ActionRow, *, status: str, result: str,
                     finished: str | None) -> None:
        if row.seq == self.at and not self.failed:
            self.failed = True
            await asyncio.sleep(0)
            self.meanwhile()
            raise StoreError("injected: the database failed")
        await super().append(table_id, row, status=status, result=result, finished=finished)


async def opened(store: Store) -> tuple[Room, Workers, LiveTable]:
    workers = Workers(processes=1)
    room = Room(store, workers)
    await store.migrate()
    created = await room.create(TWO_PLAYERS, "en")
    table = await room.get(str(created["table"]))
    assert table is not None
    return room, workers, table


def pictures(connection: Connection) -> list[dict[str, object]]:
    """The picture messages queued for a connection not started (nothing written), oldest first."""
    return [message for message in (json.loads(str(raw)) for raw in connection.queue) if message["type"] == "picture"]


def views(state: Game) -> list[object]:
    return [state.view(seat) for seat in (0, 1)]


async def play(table: LiveTable, rng: random.Random, actions: int) -> None:
    for _ in range(actions):
        if table.finished:
            return
        seat = table.state.actor
        assert seat is not None and seat >= 0
        action = rng.choice(list(table.state.legal_actions()))
        await table.submit(seat, table.seq, str(action), "en")


def test_actions_tried_on_the_twin_leave_the_table_where_a_fresh_replay_of_its_log_is(tmp_path: Path) -> None:
    """Every action of a whole partie (deals dealt by the twin's chance as by the state's) and illegal ones
    between them: after each, the table's state and the state rebuilt from the stored log show every seat the
    same, and an illegal action changes neither the state nor what is stored."""

    async def run() -> None:
        store = Store(f"sqlite+aiosqlite:///{tmp_path / 'room.db'}")
        room, workers, table = await opened(store)
        try:
            rng, played, refused_illegal = random.Random(3), list[str](), 0
            while not table.finished:
                seat = table.state.actor
                assert seat is not None and seat >= 0
                before, seq, stored = views(table.state), table.seq, await store.actions(table.row.id)
                legal = table.state.legal_actions()
                illegal = next((text for text in played if table.state.parse_action(text) not in legal), None)
                if illegal is not None:
                    with pytest.raises(Refusal) as refused:
                        await table.submit(seat, seq, illegal, "en")
                    assert refused.value.code == "illegal"
                    refused_illegal += 1
                with pytest.raises(Refusal) as refused:
                    await table.submit(1 - seat, seq, str(legal[0]), "en")
                assert refused.value.code == "not-your-turn"
                assert (views(table.state), table.seq) == (before, seq)
                assert await store.actions(table.row.id) == stored
                action = str(rng.choice(list(legal)))
                await table.submit(seat, seq, action, "en")
                played.append(action)
                rebuilt = new_state(table.game, table.row)
                for row in await store.actions(table.row.id):
                    rebuilt.apply(rebuilt.parse_action(row.action))
                assert views(table.state) == views(rebuilt)
                assert table.state.operations == rebuilt.operations
            assert refused_illegal > 10
            assert table.seq > 20
        finally:
            room.close()
            workers.close()
            await store.close()

    asyncio.run(run())


def test_a_failed_store_leaves_the_table_and_its_pictures_as_they_were_and_shows_nothing_meanwhile(
        tmp_path: Path) -> None:
    """The write of action 7 fails once: while the store waits, a newcomer attached is shown the table before the
    action; the player is refused ('busy'); the state, the pictures of every viewer and the stored log are those
    before it; the same action sent again is taken, and the partie goes on as the log replayed says."""

    async def run() -> None:
        newcomer = Connection(None, "en")
        shown_meanwhile: list[int] = []

        def attach_newcomer() -> None:
            table.attach(newcomer)
            shown_meanwhile.extend(int(str(picture["seq"])) for picture in pictures(newcomer))

        store = FailingAt(f"sqlite+aiosqlite:///{tmp_path / 'room.db'}", at=7, meanwhile=attach_newcomer)
        room, workers, table = await opened(store)
        try:
            watchers = [Connection(0, "en"), Connection(1, "fr"), Connection(None, "en")]
            for watcher in watchers:
                table.attach(watcher)
            rng = random.Random(8)
            await play(table, rng, 6)
            assert table.seq == 6
            seat = table.state.actor
            assert seat is not None and seat >= 0
            before = (views(table.state), table.state.operations[:], table.seq)
            painted = [table.picture_message(viewer, lang) for viewer, lang in ((0, "en"), (1, "fr"), (None, "en"))]
            queued = [len(pictures(watcher)) for watcher in watchers]
            action = str(rng.choice(list(table.state.legal_actions())))
            with pytest.raises(Refusal) as refused:
                await table.submit(seat, 6, action, "en")
            assert refused.value.code == "busy"
            assert store.failed
            assert shown_meanwhile == [6]
            assert (views(table.state), table.state.operations, table.seq) == before
            assert [table.picture_message(viewer, lang)
                    for viewer, lang in ((0, "en"), (1, "fr"), (None, "en"))] == painted
            assert [len(pictures(watcher)) for watcher in watchers] == queued
            assert len(await store.actions(table.row.id)) == 6
            await table.submit(seat, 6, action, "en")
            await play(table, rng, 10)
            rebuilt = new_state(table.game, table.row)
            rows = await store.actions(table.row.id)
            for row in rows:
                rebuilt.apply(rebuilt.parse_action(row.action))
            assert rows[6].action == action
            assert views(table.state) == views(rebuilt)
            assert [picture["seq"] for picture in pictures(watchers[2])][-1] == table.seq
        finally:
            room.close()
            workers.close()
            await store.close()

    asyncio.run(run())
