"""Seats reserved for their links, and tables' creators: each seat records when it was claimed (its link's first
connection, or a join), each table the SHA-256 of its creator's token; a table's status is waiting, playing or
finished.

Tables from before keep working: a seat that had a name counts as taken since its table was created (its
link was given, or it was joined), a seat without one as reserved for the link given at creation (never open to
strangers: whoever holds that link still sits there); they have no creator's token, so nobody can hand their
seats over. Their statuses are renamed: open (a seat without a name) becomes waiting, running becomes playing.

Revision ID: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

STATUSES = (("open", "waiting"), ("running", "playing"))
"""The statuses' old names and new ones."""


def upgrade() -> None:
    op.add_column("room_tables", sa.Column("owner", sa.String(64), nullable=True))
    op.add_column("room_seats", sa.Column("claimed", sa.String(32), nullable=True))
    op.execute("UPDATE room_seats SET claimed = (SELECT created FROM room_tables WHERE room_tables.id = "
               "room_seats.table_id) WHERE name IS NOT NULL AND bot IS NULL")
    for old, new in STATUSES:
        op.execute(sa.text("UPDATE room_tables SET status = :new WHERE status = :old").bindparams(old=old, new=new))


def downgrade() -> None:
    for old, new in STATUSES:
        op.execute(sa.text("UPDATE room_tables SET status = :old WHERE status = :new").bindparams(old=old, new=new))
    with op.batch_alter_table("room_seats") as batch:
        batch.drop_column("claimed")
    with op.batch_alter_table("room_tables") as batch:
        batch.drop_column("owner")
