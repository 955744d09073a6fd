"""Board tables (issue 36): a table of the card room that plays one board of duplicate, dealt the board's cards by its
dealer at every table, ends when that one deal is over and keeps its result per place; and the fairness hook: the
replay, record, review and spectator's seat of a board are refused to whoever has not played it until it is
released, through the real server."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa
from room_support import running
from websockets.asyncio.client import connect

from academie import record
from academie.duplicate import boards
from academie.games import load
from academie.room import boards as board_tables
from academie.room.boards import BoardSeat, BoardTableError, board_key, open_board_table
from academie.room.hub import Room
from academie.room.store import Store, tables
from academie.room.tables import LiveTable
from academie.room.workers import Workers

WHIST_BOARD = boards(load("whist"), count=3, seed=36)[1]
ECARTE_BOARD = boards(load("ecarte"), count=2, seed=36)[1]


async def until_finished(table: LiveTable, people: Sequence[int] = ()) -> None:
    """Play the ``people``'s seats (each its first legal action) while the bots play theirs, to the table's end."""
    async with asyncio.timeout(60):
        while not table.finished:
            actor = table.state.actor
            if actor in people:
                await table.submit(actor, table.seq, str(table.state.legal_actions()[0]), "en")
            else:
                await asyncio.sleep(0.01)


async def in_a_room(folder: Path, scenario: object) -> object:
    store = Store(f"sqlite+aiosqlite:///{folder / 'room.db'}")
    workers = Workers(processes=1)
    room = Room(store, workers)
    try:
        await store.migrate()
        return await scenario(room)  # type: ignore[operator]
    finally:
        room.close()
        workers.close()
        await store.close()


def test_two_tables_of_a_board_hold_its_cards_play_its_one_deal_and_keep_its_points_per_place(tmp_path: Path) -> None:
    async def scenario(room: Room) -> None:
        opened = [await open_board_table(room, WHIST_BOARD, key=board_key("ev", 2), seats=[
            BoardSeat(bot=bot) for bot in (first, "classical", "classical", "classical")], table_number=number)
            for number, first in ((1, "random"), (2, "classical"))]
        for board in opened:
            async with room.using(board.table.id) as table:
                assert table is not None
                await until_finished(table)  # bots alone play a board's table unwatched: it is waited for
                whole = table.record()
            assert len(whole.deals) == 1  # the next deal is never dealt, shown nor recorded
            assert whole.deals[0].deck == WHIST_BOARD.deck()  # the board's cards, by its dealer, at every table
            assert (await room.store.table(board.table.id)).status == "finished"  # type: ignore[union-attr]
            result = await board_tables.board_result(room.store, board.table.id)
            assert result is not None and result.key == "event:ev:2" and result.board == 2
            # the points per place are the board's scoring of the deal replayed from the record
            replayed = record.replay(whole)
            assert len(replayed.deal_results) == 1
            assert result.points == WHIST_BOARD.points(replayed.deal_results[0])
            assert result.points is not None and sum(result.points) == 0 and result.marked == ()
            assert result.people == (None,) * 4  # no event: no event players by seat
        stored = await board_tables.board_results(room.store, event_id="ev")
        assert stored == []  # no event named: these tables belong to none

    asyncio.run(in_a_room(tmp_path, scenario))  # type: ignore[arg-type]


def test_seats_that_do_not_fit_the_board_are_refused_and_nothing_is_stored(tmp_path: Path) -> None:
    async def scenario(room: Room) -> None:
        for seats, said in (([BoardSeat(bot="classical")], "not 1"),
                            ([BoardSeat(bot="nobody"), BoardSeat(bot="classical")], "bot 'nobody'"),
                            ([BoardSeat(name="Anne", bot="classical"), BoardSeat(bot="classical")], "without a name"),
                            ([BoardSeat(), BoardSeat(bot="classical")], "needs a name")):
            with pytest.raises(BoardTableError, match=said):
                await open_board_table(room, ECARTE_BOARD, key="k", seats=seats)
        with pytest.raises(BoardTableError, match="board key"):
            await open_board_table(room, ECARTE_BOARD, key="k" * 97, seats=[BoardSeat(bot="classical")] * 2)
        async with room.store.engine.connect() as connection:
            assert (await connection.execute(sa.select(sa.func.count()).select_from(tables))).scalar_one() == 0

    asyncio.run(in_a_room(tmp_path, scenario))  # type: ignore[arg-type]


def test_a_board_is_sealed_to_whoever_has_not_played_it_until_it_is_released(tmp_path: Path) -> None:
    """In process: the person who played it (by his seat's token, or his account at another table of the same
    board) may see it; an account that has not, and anyone before the table is over, may not."""

    async def scenario(room: Room) -> None:
        board = await open_board_table(room, ECARTE_BOARD, key=board_key("ev", 2), event_id="ev", round_number=1,
                                       table_number=1, seats=[BoardSeat(name="Anne", account_id=7),
                                                              BoardSeat(bot="classical")])
        anne = board.seats[0].token
        sealed = board_tables.sealed
        assert await sealed(room.store, board.table.id, account_id=7, token=anne)  # not over yet
        async with room.using(board.table.id) as table:
            assert table is not None
            await until_finished(table, people=[0])
        assert not await sealed(room.store, board.table.id, account_id=None, token=anne)
        assert not await sealed(room.store, board.table.id, account_id=7, token=None)
        assert await sealed(room.store, board.table.id, account_id=8, token=None)
        assert await sealed(room.store, board.table.id, account_id=None, token=None)
        await board_tables.mark_seat(room.store, board.table.id, 0)
        [result] = await board_tables.board_results(room.store, event_id="ev")
        assert result.marked == (0,) and result.round == 1 and result.points is not None
        await board_tables.release(room.store, event_id="ev", round_number=1)
        assert not await sealed(room.store, board.table.id, account_id=None, token=None)

    asyncio.run(in_a_room(tmp_path, scenario))  # type: ignore[arg-type]


def test_a_sealed_board_gives_no_replay_record_review_nor_spectators_seat_through_the_server(tmp_path: Path) -> None:
    """Two people play board 2 at one table (in a process of the test, on the server's database); through the
    server, a stranger is refused every way to its cards, and its player (his token) is given them."""

    async def play(room: Room) -> tuple[str, str | None]:
        board = await open_board_table(room, ECARTE_BOARD, key=board_key("ev", 2), event_id="ev", round_number=1,
                                       seats=[BoardSeat(name="Anne"), BoardSeat(name="Blaise")])
        async with room.using(board.table.id) as table:
            assert table is not None
            await until_finished(table, people=[0, 1])
        return board.table.id, board.seats[0].token

    table_id, anne = asyncio.run(in_a_room(tmp_path, play))  # type: ignore[arg-type,misc]
    with running(tmp_path) as server:
        stranger = (f"/api/tables/{table_id}/replay", f"/api/tables/{table_id}/record",
                    f"/api/tables/{table_id}/review", f"/api/tables/{table_id}/review/chart.svg")
        for path in stranger:
            refused = server.get(path)
            assert refused.status_code == 403, (path, refused.text)
            assert "only to those who have played it" in refused.json()["detail"]
        french = server.get(f"/api/tables/{table_id}/replay?lang=fr")
        assert french.status_code == 403 and "ceux qui l'ont jouée" in french.json()["detail"]
        posted = httpx.post(f"{server.base}/api/tables/{table_id}/review", timeout=10)
        assert posted.status_code == 403

        async def spectate() -> dict[str, object]:
            async with connect(f"{server.ws_base}/ws/tables/{table_id}") as socket_:
                message: dict[str, object] = json.loads(await socket_.recv())
                return message

        said = asyncio.run(spectate())
        assert said["type"] == "error" and said["code"] == "sealed"
        # the player who played it, by his seat's token, is given its replay and its whole record
        assert server.get(f"/api/tables/{table_id}/replay?token={anne}").status_code == 200
        given = server.get(f"/api/tables/{table_id}/record?token={anne}")
        assert given.status_code == 200 and "[Deck" in given.text
