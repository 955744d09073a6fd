"""The board of the day (issue 36): who played which board of which day, at which table, seat and place (the
table's result is its board table's, in ``room_boards``). ``player`` is ``account:ID`` or ``guest:DIGEST`` (the
SHA-256 of a guest's cookie, never the cookie itself); one row per player and board, so that nobody plays a board
twice.

Revision ID: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "room_daily",
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("board", sa.Integer, primary_key=True),
        sa.Column("player", sa.String(80), primary_key=True),
        sa.Column("table_id", sa.String(32), nullable=False, unique=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("account_id", sa.Integer, nullable=True),
        sa.Column("started", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("room_daily")
