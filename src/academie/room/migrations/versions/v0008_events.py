"""Boards and events (issue 36): a table that plays one board, the events that seat people at such tables round after
round, and what the strongest bot scored on each board.

- ``room_tables.first_dealer`` and ``room_tables.deals``: a board's table is dealt by the board's dealer and ends
  once its first deal is over (both None: a table that plays a whole partie, as before).
- ``room_boards``: one row per board table: the board it plays (``board_key`` names the cards: every table with the
  same key holds the same deals), its event, round and table number, its result per place once over (JSON), the
  seats a bot finished for a person (``marked``), when its cards were released to everyone (the round over), the
  event's players by seat (``people``), and ``UNIQUE(event_id, board, table_number)``: of two processes opening the
  same table of an event, the second's transaction fails and stores nothing.
- ``room_events``: an event's settings (game, options, table size, seed, boards, boards per round, time per round),
  its organiser's account, when it starts (or when full), its status and the round being played.
- ``room_event_players``: the people (an account, or a guest by name and the SHA-256 of his token) and bots
  registered; at the start each is given an entrant's number and, at Whist, his member of the partnership.
- ``room_board_bots``: what the strongest bot scored on a board (the same cards, every seat a bot), computed once.

Revision ID: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("room_tables", sa.Column("first_dealer", sa.Integer, nullable=True))
    op.add_column("room_tables", sa.Column("deals", sa.Integer, nullable=True))
    op.create_table(
        "room_boards",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("board_key", sa.String(96), nullable=False, index=True),
        sa.Column("board", sa.Integer, nullable=False),
        sa.Column("event_id", sa.String(32), nullable=True, index=True),
        sa.Column("round", sa.Integer, nullable=True),
        sa.Column("table_number", sa.Integer, nullable=True),
        sa.Column("points", sa.Text, nullable=True),
        sa.Column("marked", sa.Text, nullable=True),
        sa.Column("finished", sa.String(32), nullable=True),
        sa.Column("released", sa.String(32), nullable=True),
        sa.Column("people", sa.Text, nullable=True),
        sa.Index("room_boards_once", "event_id", "board", "table_number", unique=True),
    )
    op.create_table(
        "room_events",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("title", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("boards", sa.Integer, nullable=False),
        sa.Column("boards_per_round", sa.Integer, nullable=False),
        sa.Column("round_seconds", sa.Float, nullable=False),
        sa.Column("organiser", sa.Integer, nullable=False, index=True),
        sa.Column("starts", sa.String(32), nullable=True),
        sa.Column("capacity", sa.Integer, nullable=True),
        sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("round", sa.Integer, nullable=False, server_default="0"),
        sa.Column("round_started", sa.Float, nullable=True),
        sa.Column("created", sa.String(32), nullable=False),
        sa.Column("finished", sa.String(32), nullable=True),
    )
    op.create_table(
        "room_event_players",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("event_id", sa.String(32), nullable=False, index=True),
        sa.Column("account_id", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token", sa.String(64), nullable=True),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("entrant", sa.Integer, nullable=True),
        sa.Column("member", sa.Integer, nullable=True),
        sa.Column("registered", sa.String(32), nullable=False),
        sa.Column("left", sa.String(32), nullable=True),
        sa.UniqueConstraint("event_id", "account_id", name="room_event_players_once"),
    )
    op.create_table(
        "room_board_bots",
        sa.Column("board_key", sa.String(96), primary_key=True),
        sa.Column("level", sa.String(32), primary_key=True),
        sa.Column("points", sa.Text, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("computed", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    for name in ("room_board_bots", "room_event_players", "room_events", "room_boards"):
        op.drop_table(name)
    with op.batch_alter_table("room_tables") as batch:
        batch.drop_column("deals")
        batch.drop_column("first_dealer")
