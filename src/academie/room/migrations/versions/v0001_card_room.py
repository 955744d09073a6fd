"""The card room's first schema: tables with their game, options, seed and seats; the append-only log of each
table's actions (one row per accepted action, UNIQUE(table_id, seq)); the chat.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "room_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("mode", sa.String(16), nullable=False),
        sa.Column("takeover", sa.String(32), nullable=True),
        sa.Column("takeover_after", sa.Float, nullable=False),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("result", sa.Text, nullable=False),
        sa.Column("created", sa.String(32), nullable=False),
        sa.Column("finished", sa.String(32), nullable=True),
    )
    op.create_table(
        "room_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("room_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("token", sa.String(64), nullable=True, unique=True),
        sa.Column("bot", sa.String(32), nullable=True),
    )
    op.create_table(
        "room_actions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("room_tables.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("comment", sa.Text, nullable=True),
        sa.UniqueConstraint("table_id", "seq", name="room_actions_table_seq"),
    )
    op.create_table(
        "room_chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("room_tables.id"), nullable=False, index=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for name in ("room_chat", "room_actions", "room_seats", "room_tables"):
        op.drop_table(name)
