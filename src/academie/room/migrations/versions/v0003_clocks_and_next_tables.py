"""Clocks and the next table: a table may have time controls (seconds per decision and a reserve), each action
records when it was committed and, when a seat's time ran out, the bot that played for it; a finished table
records the table its players went on to (a rematch, or another game with the same people).

Tables from before have no clock, their actions no time (their clocks never ran), and no next table.

Revision ID: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("room_tables", sa.Column("clock_decision", sa.Float, nullable=True))
    op.add_column("room_tables", sa.Column("clock_reserve", sa.Float, nullable=True))
    op.add_column("room_tables", sa.Column("next_table", sa.String(32), nullable=True))
    op.add_column("room_actions", sa.Column("at", sa.Float, nullable=True))
    op.add_column("room_actions", sa.Column("on_time", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("room_actions") as batch:
        batch.drop_column("on_time")
        batch.drop_column("at")
    with op.batch_alter_table("room_tables") as batch:
        batch.drop_column("next_table")
        batch.drop_column("clock_reserve")
        batch.drop_column("clock_decision")
