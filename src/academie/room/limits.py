"""What the card room refuses: names and chat lines cleaned and limited, messages too big or too fast, a browser
from another site.

>>> clean_name("  Ada   Lovelace ")
'Ada Lovelace'
>>> clean_chat("<b>hi</b>\\x07")
'&lt;b&gt;hi&lt;/b&gt;'
"""

from __future__ import annotations

import html
import time
import unicodedata
from dataclasses import dataclass, field
from typing import Final
from urllib.parse import urlsplit

from academie.engine import AcademieError

MAX_NAME: Final = 24
"""Characters in a display name."""
MAX_CHAT: Final = 300
"""Characters in a line of chat."""
MAX_MESSAGE_BYTES: Final = 4096
"""The largest message a connection may send (an action or a chat line fits many times)."""
RATE_PER_SECOND: Final = 20.0
"""Messages a connection may send each second, on average."""
BURST: Final = 40.0
"""Messages a connection may send at once before the rate applies."""
STRIKES: Final = 20
"""Refused messages (too big, too fast) after which the connection is closed."""
NAME_FORBIDDEN: Final = frozenset("<>&\"'{}[]")
"""Characters a name may not hold: markup, and the record's tag and comment brackets."""


class RoomInputError(AcademieError, ValueError):
    """Input the card room refuses: its message says what was wrong and what is allowed."""


def _printable(text: str) -> str:
    """``text`` without control characters (line breaks, escapes, bells), its spaces collapsed."""
    kept = "".join(" " if char.isspace() else char for char in text
                   if char.isspace() or not unicodedata.category(char).startswith("C"))
    return " ".join(kept.split())


def clean_name(name: object) -> str:
    """A display name as the room keeps it; raises :class:`RoomInputError` when none is left or it is too long."""
    if not isinstance(name, str):
        raise RoomInputError(f"a name must be text; allowed: 1 to {MAX_NAME} characters")
    cleaned = _printable(name)
    if not 1 <= len(cleaned) <= MAX_NAME:
        raise RoomInputError(f"the name {cleaned[:MAX_NAME + 8]!r} has {len(cleaned)} characters; "
                             f"allowed: 1 to {MAX_NAME}")
    forbidden = sorted(set(cleaned) & NAME_FORBIDDEN)
    if forbidden:
        raise RoomInputError(f"a name may not hold {' '.join(forbidden)}; allowed: letters, digits, spaces and "
                             "punctuation other than < > & \" ' { } [ ]")
    return cleaned


def clean_chat(text: object) -> str:
    """A chat line as the room sends it: printable, 1 to :data:`MAX_CHAT` characters, HTML-escaped."""
    if not isinstance(text, str):
        raise RoomInputError(f"a chat line must be text; allowed: 1 to {MAX_CHAT} characters")
    cleaned = _printable(text)
    if not 1 <= len(cleaned) <= MAX_CHAT:
        raise RoomInputError(f"a chat line of {len(cleaned)} characters; allowed: 1 to {MAX_CHAT}")
    return html.escape(cleaned, quote=True)


@dataclass(slots=True)
class RateLimit:
    """A token bucket: :data:`BURST` messages at once, then :data:`RATE_PER_SECOND`; counts the refusals."""

    rate: float = RATE_PER_SECOND
    burst: float = BURST
    tokens: float = BURST
    strikes: int = 0
    last: float = field(default_factory=time.monotonic)

    def allow(self) -> bool:
        """Whether one more message may be taken now (a refusal counts as a strike)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.strikes += 1
        return False

    def strike(self) -> None:
        self.strikes += 1

    @property
    def exhausted(self) -> bool:
        """Whether the connection has been refused so often that it is closed."""
        return self.strikes >= STRIKES


def origin_allowed(origin: str | None, host: str | None, allowed: frozenset[str]) -> bool:
    """Whether a WebSocket's ``Origin`` may connect: none (not a browser), the server's own host, or one of
    ``allowed`` (``scheme://host:port``)."""
    if origin is None:
        return True
    if origin in allowed:
        return True
    return host is not None and urlsplit(origin).netloc == host
