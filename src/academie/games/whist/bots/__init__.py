"""The bots of this game: classical (the old books' advice) and search; solvers and stored policies."""
