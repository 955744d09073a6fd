"""The card room's schema migrations (Alembic), run by :func:`academie.room.store.migrate` at start-up."""
