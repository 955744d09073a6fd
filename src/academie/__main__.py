"""``python -m academie``: the command line (the same as the ``academie`` command)."""

from academie.cli import main

main()
