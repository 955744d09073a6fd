"""Ratings rated once per table (issue 32): ``UNIQUE(table_id, account_id)`` on the ratings' history, so that of two
server processes rating the same table at once the second's transaction fails and changes nothing
(:mod:`academie.room.standings`).

Revision ID: 0007
"""

from __future__ import annotations

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("room_rating_history_once", "room_rating_history", ["table_id", "account_id"], unique=True)


def downgrade() -> None:
    op.drop_index("room_rating_history_once", "room_rating_history")
