"""One module per revision of the card room's schema, oldest first."""
