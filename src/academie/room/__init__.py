"""The card room: ``academie serve``, where people play the five games together, with bots in the empty seats.

A client of the library: it keeps each table's state, sends every connection the table picture of what its seat
may know, stores every accepted action before anyone is told of it, and restores unfinished tables after a restart.
The HTTP and WebSocket contract is in docs/card-room.md.
"""
