"""What the card room refuses: names and chat lines cleaned and limited, messages too big or too fast, too many
new tables from one address, a browser page from a site the room does not serve.

>>> clean_name("  Ada   Lovelace "), clean_name("Zoé d'Artagnan")
('Ada Lovelace', "Zoé d'Artagnan")
>>> clean_chat("<b>hi</b>\\x07")
'&lt;b&gt;hi&lt;/b&gt;'
"""

from __future__ import annotations

import html
import time
import unicodedata
from collections.abc import Iterable
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
NAME_FORBIDDEN: Final = frozenset("<>&\"{}[]")
"""Characters a name may not hold: markup, and the record's tag and comment brackets (an apostrophe is a letter of
names, « Zoé d'Artagnan »: the record's tags quote with ``"``, which a name may not hold)."""
ECHO: Final = 40
"""Characters of a person's input that an error repeats (the rest is cut, with an ellipsis)."""
MAX_ERROR: Final = 1000
"""Characters of an error's sentence at most (whatever else it repeats of the input)."""


class RoomInputError(AcademieError, ValueError):
    """Input the card room refuses: its message says what was wrong and what is allowed."""


class NameTooLong(RoomInputError):
    """A name longer than :data:`MAX_NAME` characters (refused whole, never cut): ``length`` is its length."""

    def __init__(self, message: str, length: int) -> None:
        super().__init__(message)
        self.length = length


def _printable(text: str) -> str:
    """``text`` without control characters (line breaks, escapes, bells), its spaces collapsed."""
    kept = "".join(" " if char.isspace() else char for char in text
                   if char.isspace() or not unicodedata.category(char).startswith("C"))
    return " ".join(kept.split())


def echo(value: object) -> str:
    """Input as an error repeats it: at most :data:`ECHO` characters and an ellipsis, a character that cannot be
    written (a lone surrogate) as ``?``.

    >>> echo("whist"), echo("x" * 100)
    ('whist', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…')
    """
    try:
        text = value if isinstance(value, str) else repr(value)
    except ValueError:  # an integer too long to write out
        text = type(value).__name__
    if len(text) > ECHO:
        text = text[:ECHO - 1] + "…"
    return text.encode("utf-8", "replace").decode()


def cut_echoes(message: str, inputs: Iterable[object]) -> str:
    """``message`` (another layer's, which may repeat some of ``inputs`` whole) with each long input it repeats
    cut as :func:`echo` cuts it, and the whole at most :data:`MAX_ERROR` characters."""
    for given in inputs:
        for text in _spellings(given):
            if len(text) > ECHO and text in message:
                message = message.replace(text, echo(text))
    if len(message) > MAX_ERROR:
        message = message[:MAX_ERROR - 1] + "…"
    return message.encode("utf-8", "replace").decode()


def _spellings(given: object) -> list[str]:
    """How another layer may have written ``given`` in its message: as text, or as Python writes the value."""
    spellings = [given] if isinstance(given, str) else []
    try:
        spellings.append(repr(given))
        if isinstance(given, list):  # rules options keep a list as a tuple
            spellings.append(repr(tuple(given)))
    except ValueError:
        pass
    return spellings


def message_size(data: str | bytes) -> int:
    """A WebSocket message's size in bytes: a text frame's in UTF-8 (as it travelled), a binary frame's as is.

    >>> message_size("é" * 10), message_size(b"abc")
    (20, 3)
    """
    return len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "surrogatepass"))


def clean_name(name: object) -> str:
    """A display name as the room keeps it; raises :class:`RoomInputError` when none is left or it is too long."""
    if not isinstance(name, str):
        raise RoomInputError(f"a name must be text; allowed: 1 to {MAX_NAME} characters")
    cleaned = _printable(name)
    if len(cleaned) > MAX_NAME:
        raise NameTooLong(f"the name {cleaned[:MAX_NAME + 8]!r} has {len(cleaned)} characters; "
                          f"allowed: 1 to {MAX_NAME}", len(cleaned))
    if not cleaned:
        raise RoomInputError(f"a name has 1 to {MAX_NAME} characters, not none")
    forbidden = sorted(set(cleaned) & NAME_FORBIDDEN)
    if forbidden:
        raise RoomInputError(f"a name may not hold {' '.join(forbidden)}; allowed: letters, digits, spaces and "
                             "punctuation other than < > & \" { } [ ]")
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


CREATE_PER_MINUTE: Final = 2.0
"""New tables one address may create each minute, on average (after a burst of :data:`CREATE_BURST`)."""
CREATE_BURST: Final = 10.0
"""New tables one address may create at once."""
MAX_CLIENTS: Final = 10_000
"""Addresses whose buckets are kept; past this, those whose buckets are full again are forgotten."""
LOOPBACK: Final = ("127.0.0.1", "localhost", "[::1]")
"""The names a browser on the server's machine reaches a loopback address by."""


@dataclass(slots=True)
class ClientLimits:
    """A token bucket per client address (for the tables each may create): ``burst`` at once, then ``rate`` a
    second."""

    rate: float
    burst: float
    buckets: dict[str, RateLimit] = field(default_factory=dict)

    def take(self, client: str) -> float:
        """Take one for ``client``: 0 if it could, else the seconds until it can."""
        bucket = self.buckets.get(client)
        if bucket is None:
            self._forget_full()
            bucket = self.buckets[client] = RateLimit(rate=self.rate, burst=self.burst, tokens=self.burst)
        if bucket.allow():
            return 0.0
        return (1.0 - bucket.tokens) / self.rate

    def give_back(self, client: str) -> None:
        """Return what ``client`` took for a request that was refused (it created nothing)."""
        bucket = self.buckets.get(client)
        if bucket is not None:
            bucket.tokens = min(bucket.burst, bucket.tokens + 1.0)

    def _forget_full(self) -> None:
        if len(self.buckets) < MAX_CLIENTS:
            return
        now = time.monotonic()
        for client, bucket in list(self.buckets.items()):
            if bucket.tokens + (now - bucket.last) * bucket.rate >= bucket.burst:
                del self.buckets[client]
        for client in list(self.buckets)[:max(0, len(self.buckets) - MAX_CLIENTS // 2)]:
            del self.buckets[client]  # a flood of addresses: the oldest start afresh rather than memory grow


def normal_origin(origin: str) -> str:
    """An origin as browsers send it (``scheme://host[:port]``, lower case, no default port); raises
    :class:`RoomInputError` for anything else.

    >>> normal_origin("HTTPS://Cards.Example:443/")
    'https://cards.example'
    """
    parts = urlsplit(origin.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path not in ("", "/") or \
            parts.query or parts.fragment or parts.username is not None:
        raise RoomInputError(f"{origin!r} is not an origin; allowed: http://HOST[:PORT] or https://HOST[:PORT]")
    try:
        port = parts.port
    except ValueError:
        raise RoomInputError(f"{origin!r} has no valid port; allowed: 1 to 65535") from None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    default = {"http": 80, "https": 443}[parts.scheme]
    return f"{parts.scheme}://{host}" + (f":{port}" if port is not None and port != default else "")


def served_origins(host: str, port: int) -> tuple[str, ...]:
    """The origins of the pages ``academie serve --host HOST --port PORT`` serves when none is configured: its
    own address, and the loopback names when it listens on loopback (or on every interface, loopback among them).

    >>> served_origins("127.0.0.1", 8000)
    ('http://127.0.0.1:8000', 'http://localhost:8000', 'http://[::1]:8000')
    """
    own = normal_origin(f"http://{f'[{host}]' if ':' in host else host}:{port}")
    loopback = host in ("localhost", "::1", "0.0.0.0", "::") or host.startswith("127.")
    aliases = [normal_origin(f"http://{name}:{port}") for name in LOOPBACK] if loopback else []
    return tuple(dict.fromkeys([own, *aliases]))


def origin_allowed(origin: str | None, allowed: frozenset[str]) -> bool:
    """Whether a request may come from a page of ``origin``: none given (not a browser), or one of ``allowed``
    (normal origins). The request's own Host says nothing: a page on a name rebound to this server's address
    sends that name as its Host."""
    if origin is None:
        return True
    try:
        return normal_origin(origin) in allowed
    except RoomInputError:
        return False
