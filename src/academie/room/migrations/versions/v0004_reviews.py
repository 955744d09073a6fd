"""Reviews: the review of a finished game (issue 31), computed once by the room's review worker and kept, keyed by
the table, the level of the bots that played the deals out and the number of worlds per decision; ``review`` is
the language-independent JSON of :mod:`academie.room.reviews` (the shape of ``academie review --json``, its reasons
as messages and arguments), said in the reader's language when served.

Revision ID: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "room_reviews",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("level", sa.String(32), primary_key=True),
        sa.Column("samples", sa.Integer, primary_key=True),
        sa.Column("review", sa.Text, nullable=False),
        sa.Column("computed_at", sa.String(32), nullable=False),
        sa.Column("seconds", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("room_reviews")
