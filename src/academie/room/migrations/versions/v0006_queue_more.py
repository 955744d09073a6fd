"""The "play now" queue's liveness (issue 32): ``seen``, when the waiting player's page last asked for its ticket
(seconds since the epoch). A ticket whose page has not asked for a while is gone from the queue (its page was
closed); ``joined`` keeps counting the wait, which widens the window of ratings a player is matched within.

Revision ID: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("room_queue", sa.Column("seen", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("room_queue") as batch:
        batch.drop_column("seen")
