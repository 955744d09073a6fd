"""Players who come back (issue 32): accounts and their sessions, login attempts (limited per name and per
client), the account that holds a seat, rated tables, ratings per game with their history, the "play now" queue
and invitations to named players.

An account's name is unique by its folded form (``name_key``: Unicode NFC, case-folded), its password kept only as
an Argon2 hash; a deleted account keeps its row (its games stay, under "a former player") with its name and hash
cleared. A session or a queue ticket is kept as the SHA-256 of its secret, never the secret itself.

Revision ID: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "room_accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("name_key", sa.String(64), nullable=True, unique=True),
        sa.Column("password", sa.String(255), nullable=True),
        sa.Column("created", sa.String(32), nullable=False),
        sa.Column("deleted", sa.String(32), nullable=True),
    )
    op.create_table(
        "room_sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, nullable=False, index=True),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_table(
        "room_login_attempts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name_key", sa.String(64), nullable=False, index=True),
        sa.Column("client", sa.String(64), nullable=False, index=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("ok", sa.Boolean, nullable=False),
    )
    op.add_column("room_seats", sa.Column("account_id", sa.Integer, nullable=True))
    op.add_column("room_tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "room_ratings",
        sa.Column("account_id", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.String(32), nullable=False),
    )
    op.create_table(
        "room_rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, nullable=False, index=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.String(32), nullable=False),
    )
    op.create_table(
        "room_queue",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("ticket", sa.String(64), nullable=False, unique=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("account_id", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("joined", sa.Float, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
    )
    op.create_table(
        "room_invitations",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), nullable=False, index=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("from_account", sa.Integer, nullable=False),
        sa.Column("to_account", sa.Integer, nullable=False, index=True),
        sa.Column("created", sa.String(32), nullable=False),
        sa.Column("answered", sa.String(32), nullable=True),
        sa.Column("accepted", sa.Boolean, nullable=True),
    )


def downgrade() -> None:
    for name in ("room_invitations", "room_queue", "room_rating_history", "room_ratings", "room_login_attempts",
                 "room_sessions", "room_accounts"):
        op.drop_table(name)
    with op.batch_alter_table("room_tables") as batch:
        batch.drop_column("rated")
    with op.batch_alter_table("room_seats") as batch:
        batch.drop_column("account_id")
