"""Alembic's environment for the card room: migrations run on the connection the server hands over
(:func:`academie.room.store.migrate`), never on a URL of their own."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=None, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
