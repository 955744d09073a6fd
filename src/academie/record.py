"""The game record: one text format for every game, its JSON twin, and per-seat redaction.

A record is a partie: header tag pairs (``[Game "ecarte"]``, ``[Rules "ecarte/1"]``, seats, date, result),
then the operations, one a line as ``<actor> <action text>``, grouped into deal sections that each open with
the ``[Deck "..."]`` tag pair (the order of the pack after shuffle and cut). The actors are seat numbers,
``C`` for chance and ``T`` for the table; an irregularity is written ``! <actor> <kind> ...``; ``{comments}``
stand on their own line or after an action. The grammar is in ``docs/record-format.md``.

The reader is lenient (tag order, case, ``10`` for ``T``, blank lines, CRLF) and collects the problems into one
:class:`RecordError`: any input gives a record or that error, in a fraction of a second (the limits below bound
what it reads). The writer is canonical, so ``write_text(read_text(t)) == t`` for canonical text and
``read_text(write_text(r)) == r``. Action texts are checked and put in canonical form by the game's own
``parse_action``, so any action a game can read passes through.

>>> import academie
>>> state = academie.load("ecarte").new(seed=5, first_dealer=0)
>>> while not state.is_terminal:
...     _ = state.apply(state.legal_actions()[-1])
>>> record = from_state(state, tags={"Seat0": "Alice", "Seat1": "Bob", "Date": "1850-01-01"})
>>> print(write_text(record).splitlines()[5])
[FirstDealer "0"]
>>> read_text(write_text(record)) == record
True
>>> replay(record).operations == state.operations
True

Only :func:`load_file` and :func:`save_file` touch files.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Final, Literal, NoReturn

from academie.cards import Card, CardParseError
from academie.engine import (
    CHANCE,
    JSON,
    TABLE,
    AcademieError,
    Action,
    Game,
    Operation,
    Rules,
    rules_from_dict,
    rules_to_dict,
)
from academie.games import GameType, available, load
from academie.registry import RecordHooks

HIDDEN: Final = "??"
"""A card the reader of a redacted record could not have seen."""


class RecordError(AcademieError, ValueError):
    """A record that cannot be read, written or replayed; ``problems`` lists every problem found."""

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems = tuple(problems)
        if len(self.problems) == 1:
            message = self.problems[0]
        else:
            message = f"{len(self.problems)} problems in the record:\n  " + "\n  ".join(self.problems)
        super().__init__(message)


# ------------------------------------------------------------------------------------------------ limits
# A reader meets files it did not write: these bounds keep any input to a fraction of a second (each line is read
# once, nothing past a limit is parsed). They are well above the longest parties the games' options allow: La
# Guimbarde for eight over twenty rounds (170 deals, 7,155 lines, 93,000 characters) and La Guinguette for eight
# over ten rounds (80 deals, 4,189 lines, 24,500 words of actions, 107,000 characters).
MAX_RECORD_SIZE: Final = 1_000_000
"""The largest record read: characters of a text, bytes of a file (``load_file`` refuses before reading more)."""
MAX_LINE_LENGTH: Final = 2_000
"""The longest line (a deck of 52 cards takes 164 characters); in the JSON twin, the longest string."""
MAX_LINES: Final = 30_000
"""The most non-blank lines (tags, decks, actions and comments); in the JSON twin, the most entries."""
MAX_DEALS: Final = 2_000
"""The most deals of a record (La Guimbarde for eight over twenty rounds has 170)."""
MAX_WORDS: Final = 75_000
"""The most words (verbs, cards, numbers) in the action lines of a record, decks apart: what the games' parsers
read, at some microseconds a card."""
ACTIONS_PER_DEAL_MARGIN: Final = 10
"""A deal (or the prelude) holds at most this many times its game's ``max_actions_per_deal`` action lines: the
registry's bound is for the longest regular deal, and irregularities and rulings in table mode add to it."""
MAX_PROBLEMS: Final = 20
"""The reader stops at this many problems: past them, more would only repeat one mistake."""
_SHOWN_TEXT: Final = 80
"""How much of a line or value an error message repeats (then ``…``)."""
_MAX_MESSAGE: Final = 400
"""How long one problem's message may grow when it repeats a game's own message."""


def max_actions_per_deal(game: GameType) -> int:
    """The most action lines the reader accepts in one deal (or the prelude) of ``game``.

    >>> max_actions_per_deal(load("ecarte")) == ACTIONS_PER_DEAL_MARGIN * load("ecarte").max_actions_per_deal
    True
    """
    return ACTIONS_PER_DEAL_MARGIN * game.max_actions_per_deal


def _cut(text: str) -> str:
    """At most the first characters of ``text`` (with ``…``), for a message: a 10 MB line is not repeated."""
    return text if len(text) <= _SHOWN_TEXT else text[:_SHOWN_TEXT] + "…"


def _clip(message: str, text: str) -> str:
    """A message from elsewhere (a game's parser, the engine) that may repeat ``text``: it repeats it cut."""
    if len(text) <= _SHOWN_TEXT:
        return message
    return message.replace(repr(text), repr(_cut(text))).replace(text, _cut(text))


def _capped(message: str) -> str:
    """A reader's problem that repeats a game's message about a line, which may quote long parts of the line."""
    return message if len(message) <= _MAX_MESSAGE else message[:_MAX_MESSAGE] + "…"


# ------------------------------------------------------------------------------------------------ vocabulary
_TAG_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_SEAT_TAG: Final = re.compile(r"seat([0-9]+)", re.IGNORECASE)
_ACTOR: Final = re.compile(r"[0-9]+|C|T|!")
_DIGITS: Final = re.compile(r"[0-9]+")
"""ASCII digits only: ``str.isdigit``, ``int`` and ``\\d`` also take other scripts' digits (``٣``)."""


def _small_number(text: str, below: int) -> int | None:
    """The number ``text`` writes in ASCII digits when it is less than ``below``, else None (never an error: a
    5,000-digit number is too large, not a crash)."""
    if not _DIGITS.fullmatch(text):
        return None
    digits = text.lstrip("0") or "0"
    if len(digits) > len(str(below)):
        return None
    value = int(digits)
    return value if value < below else None


def _seat_digits(digits: str) -> str:
    """The canonical form of a seat number written in ASCII digits (no leading zero), without ``int``."""
    return digits.lstrip("0") or "0"


_ANY_SEAT: Final = 1_000_000
"""A bound above any seat number, for a record not yet tied to a game (the game's own bound is far lower)."""
_HEADER_ORDER: Final = ("Game", "Rules", "Options", "Seat", "Date", "FirstDealer", "Result", "Redacted")
"""The canonical order of the known header tags (``Seat`` stands for ``Seat0``, ``Seat1``, ...)."""
_DERIVED: Final = ("Game", "Rules", "Options", "FirstDealer", "Result", "Redacted")
"""Tags :func:`from_state` takes from the state, never from the caller."""


def actor_code(actor: int) -> str:
    """The record's code for an actor: the seat number, ``C`` for chance, ``T`` for the table.

    >>> actor_code(1), actor_code(CHANCE), actor_code(TABLE)
    ('1', 'C', 'T')
    """
    if actor == CHANCE:
        return "C"
    if actor == TABLE:
        return "T"
    if actor >= 0:
        return str(actor)
    raise RecordError([f"actor {actor!r} has no record code; expected a seat number, CHANCE or TABLE"])


def actor_number(code: str) -> int:
    """The actor a record code stands for (the inverse of :func:`actor_code`)."""
    if code == "!":
        raise RecordError(["an irregularity (!) names its offender in its own text; it has no actor code"])
    if code == "C":
        return int(CHANCE)
    if code == "T":
        return int(TABLE)
    seat = _small_number(code, _ANY_SEAT)
    if seat is None:
        raise RecordError([f"actor code {_cut(code)!r} is not allowed; allowed: a seat number in ASCII digits, C "
                           "(chance), T (table)"])
    return seat


def _line(code: str, text: str, comment: str | None = None, line: int | None = None) -> ActionLine:
    """An action line, the actor becoming ``!`` for an irregularity (whose text names the offender)."""
    return ActionLine("!" if text.startswith("!") else code, text, comment, line)


def _canonical_tag_name(name: str) -> str:
    seat = _SEAT_TAG.fullmatch(name)
    if seat:
        return f"Seat{_seat_digits(seat[1])}"
    for known in (*_HEADER_ORDER, "Deck"):
        if name.lower() == known.lower():
            return known
    return name


def _tag_rank(name: str) -> tuple[int, int, str]:
    seat = _SEAT_TAG.fullmatch(name)
    if seat:  # by number without int(): canonical digits sort as numbers by their length first
        digits = _seat_digits(seat[1])
        return (_HEADER_ORDER.index("Seat"), len(digits), digits)
    if name in _HEADER_ORDER:
        return (_HEADER_ORDER.index(name), 0, "")
    return (len(_HEADER_ORDER), 0, "")


def _check_free_text(text: str, what: str, *, braces: bool) -> None:
    if "\n" in text or "\r" in text:
        raise RecordError([f"{what} {_cut(text)!r} holds a line break; a record line may not"])
    if braces and ("{" in text or "}" in text):
        raise RecordError([f"{what} {_cut(text)!r} holds a brace; braces delimit comments"])


# ------------------------------------------------------------------------------------------------ the record
@dataclass(frozen=True, slots=True)
class ActionLine:
    """One operation: ``actor`` is a seat number, ``C`` or ``T``; ``action`` is the game's canonical text.

    An irregularity (table mode) is an action whose text begins with ``!`` and names its offender (``! revoke 0
    7S``): its actor is ``!`` and its line is the action text alone.
    """

    actor: str
    action: str
    comment: str | None = None
    line: int | None = field(default=None, compare=False, repr=False)
    """Where the line was read (for error messages); not part of the record's value."""

    def __post_init__(self) -> None:
        if not _ACTOR.fullmatch(self.actor):
            raise RecordError([f"actor {_cut(self.actor)!r} is not allowed; allowed: a seat number, C (chance), "
                               "T (table), ! (an irregularity)"])
        if not self.action or self.action != self.action.strip():
            raise RecordError([f"action {_cut(self.action)!r} must be non-empty text without surrounding spaces"])
        if (self.actor == "!") != self.action.startswith("!"):
            raise RecordError([f"{_cut(self.actor)} {_cut(self.action)}: the actor is ! exactly when the action is an "
                               "irregularity (its text begins with !)"])
        _check_free_text(self.action, "action", braces=True)
        if self.comment is not None:
            _check_free_text(self.comment, "comment", braces=True)


@dataclass(frozen=True, slots=True)
class Comment:
    """A ``{comment}`` on its own line."""

    text: str
    line: int | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        _check_free_text(self.text, "comment", braces=True)


Entry = ActionLine | Comment


@dataclass(frozen=True, slots=True)
class DealSection:
    """A deal: its ``[Deck "..."]`` (the cards after shuffle and cut, top first, ``??`` when redacted) and lines."""

    deck: str
    entries: tuple[Entry, ...] = ()
    line: int | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.deck or self.deck != " ".join(self.deck.split()):
            raise RecordError([f"deck {_cut(self.deck)!r} must be cards separated by single spaces"])
        _check_free_text(self.deck, "deck", braces=True)


@dataclass(frozen=True, slots=True)
class Record:
    """A partie: header tags (kept in canonical order), operations before the first deal, and the deals."""

    tags: tuple[tuple[str, str], ...]
    prelude: tuple[Entry, ...] = ()
    """Operations before the first deal (the cut for the first deal) and comments."""
    deals: tuple[DealSection, ...] = ()

    def __post_init__(self) -> None:
        problems = []
        named: dict[str, str] = {}
        for name, value in self.tags:
            canonical = _canonical_tag_name(name)
            if not _TAG_NAME.fullmatch(name) or canonical == "Deck":
                problems.append(f"tag name {_cut(name)!r} is not allowed; expected letters, digits, _ (and not Deck)")
            elif canonical in named:
                problems.append(f"tag {_cut(canonical)} is given twice")
            elif "\n" in value or "\r" in value:
                problems.append(f"tag {_cut(canonical)} value {_cut(value)!r} holds a line break")
            named[canonical] = value
        if problems:
            raise RecordError(problems)
        ordered = tuple(sorted(named.items(), key=lambda item: _tag_rank(item[0])))
        object.__setattr__(self, "tags", ordered)

    def tag(self, name: str) -> str | None:
        """The value of a tag (any case of the name), or None."""
        return dict(self.tags).get(_canonical_tag_name(name))

    @property
    def game(self) -> str:
        game = self.tag("Game")
        if game is None:
            raise RecordError(["the record has no [Game] tag"])
        return game

    @property
    def redacted_for(self) -> int | None:
        """The seat this record was redacted for, or None for a full record."""
        seat = self.tag("Redacted")
        if seat is None:
            return None
        number = _small_number(seat, _ANY_SEAT)
        if number is None:
            raise RecordError([f"[Redacted] {_cut(seat)!r} is not a seat number; allowed: ASCII digits"])
        return number


# ------------------------------------------------------------------------------------------------ rules options
def options_text(rules: Rules) -> str | None:
    """The non-default options of a rules dataclass as compact JSON (None when all are default).

    >>> from academie.games.ecarte import EcarteRules
    >>> options_text(EcarteRules(deal_pattern=(2, 3), partie_liee=True))
    '{"deal_pattern":[2,3],"partie_liee":true}'
    """
    defaults = rules_to_dict(type(rules)())
    diff = {name: value for name, value in rules_to_dict(rules).items()
            if name != "version" and value != defaults[name]}
    return json.dumps(diff, separators=(",", ":"), ensure_ascii=False) if diff else None


def rules_of(record: Record) -> Rules:
    """The rules a record names: ``[Rules]`` (the version) and ``[Options]`` (the non-default options)."""
    game = load(record.game)
    return _rules(game, record.tag("Rules"), record.tag("Options"))


def _rules(game: GameType, version: str | None, options: str | None) -> Rules:
    known = game.rules().version
    if version != known:
        shown = None if version is None else _cut(version)
        raise RecordError([f"rules version {shown!r} is not known for {game.name}; this library reads {known}"])
    data = _load_json(options, "[Options]", 'expected e.g. {"must_trump":false}') if options is not None else {}
    if not isinstance(data, dict):
        raise RecordError([f"[Options] must be a JSON object of rules options, not {_cut(options or '')!r}"])
    if "version" in data:
        raise RecordError(["[Options] may not hold version: the version is the [Rules] tag"])
    try:
        return rules_from_dict(game.rules, data)
    except (ValueError, TypeError) as error:
        raise RecordError([f"[Options]: {_clip(str(error), options or '')}"]) from None
    except RecursionError:  # a value nested near the interpreter's limit, when the error message repeats it
        raise RecordError(["[Options]: a value nests lists or objects too deeply; an option is a number, a text, "
                           "true/false or a short list"]) from None


def _load_json(text: str, what: str, expected: str) -> JSON:
    """JSON text as data; any fault is a :class:`RecordError` saying what was wrong (``what`` names the text)."""
    try:
        data: JSON = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError([f"{what} is not JSON ({error}); {expected}"]) from None
    except ValueError:  # int() refuses a number of more digits than sys.get_int_max_str_digits()
        raise RecordError([f"{what} holds a number of thousands of digits; {expected}"]) from None
    except RecursionError:  # the decoder recurses once per level of [ or {
        raise RecordError([f"{what} nests arrays or objects too deeply for the reader; {expected}"]) from None
    return data


# ------------------------------------------------------------------------------------------------ from a state
_NO_TAGS: Final[Mapping[str, str]] = MappingProxyType({})
_NO_COMMENTS: Final[Mapping[int, str]] = MappingProxyType({})


def from_state(state: Game, *, tags: Mapping[str, str] = _NO_TAGS,
               comments: Mapping[int, str] = _NO_COMMENTS) -> Record:
    """The record of a state of any registered game; ``tags`` gives the seats' names, the date and others;
    ``comments`` a comment for operations by their index in ``state.operations`` (the bots' reasons), written
    after the action on its line (braces and line breaks in a comment become parentheses and spaces).

    Game, Rules, Options, FirstDealer and Result come from the state and may not be given; Seat0..SeatN and
    Date are ``?`` unless given. The library reads no clock: the caller supplies the date. A state whose
    ``setup`` attribute is not empty (a partie begun at a given score, ...) is refused: the record cannot carry it.
    """
    derived = sorted(_canonical_tag_name(name) for name in tags if _canonical_tag_name(name) in _DERIVED)
    if derived:
        raise RecordError([f"tag(s) {', '.join(derived)} come from the state; give only names, date and others"])
    game = load(state.game_name)
    hooks = game.record
    setup = getattr(state, "setup", "")  # a state set up away from the opening position says how, in words
    if setup:  # the format has no place for it: the replay would start from the opening position and differ
        raise RecordError([f"cannot record this {game.title} partie: it was set up with {setup}, which a record "
                           "cannot carry (its replay would start from the opening position and reach another "
                           "result); only a partie that starts from the opening position can be recorded"])
    header = {"Game": game.name, "Rules": state.rules.version}
    options = options_text(state.rules)
    if options is not None:
        header["Options"] = options
    seats = getattr(state.rules, "players", game.min_seats)  # games for a varying number name it in their rules
    header |= {f"Seat{seat}": "?" for seat in range(seats)}
    header["Date"] = "?"
    first_dealer = hooks.first_dealer(state)
    if first_dealer is not None:
        header["FirstDealer"] = str(first_dealer)
    header["Result"] = hooks.result_text(state)
    header |= {_canonical_tag_name(name): value for name, value in tags.items()}
    items: list[Entry | DealSection] = []
    for index, operation in enumerate(state.operations):
        code, text = actor_code(operation.actor), str(operation.action)
        verb, _, cards = text.partition(" ")
        if code == "C" and verb == hooks.deck_verb:
            items.append(DealSection(cards))
        else:
            comment = comments.get(index)
            items.append(_line(code, text, None if comment is None else _comment_text(comment)))
    return _assemble(tuple(header.items()), items)


def _comment_text(text: str) -> str:
    """A comment as the format can hold it: no braces, no line breaks."""
    return " ".join(text.replace("{", "(").replace("}", ")").split())


def comments_by_operation(record: Record) -> dict[int, str]:
    """The comments written after actions, by the index of their operation in the replayed state (the inverse of
    ``from_state(..., comments=...)``): a deal's opening ``[Deck]`` counts as its shuffle's operation."""
    found: dict[int, str] = {}
    index = 0
    for item in (*record.prelude, *(entry for deal in record.deals for entry in (deal, *deal.entries))):
        if isinstance(item, DealSection):
            index += 1
        elif isinstance(item, ActionLine):
            if item.comment:
                found[index] = item.comment
            index += 1
    return found


def _assemble(tags: tuple[tuple[str, str], ...], items: Sequence[Entry | DealSection]) -> Record:
    """A record from its tags and a flat list of entries in which each DealSection opens a deal."""
    prelude: list[Entry] = []
    deals: list[tuple[DealSection, list[Entry]]] = []
    for item in items:
        if isinstance(item, DealSection):
            deals.append((item, []))
        else:
            (deals[-1][1] if deals else prelude).append(item)
    sections = tuple(DealSection(deck.deck, tuple(entries), deck.line) for deck, entries in deals)
    return Record(tags, tuple(prelude), sections)


# ------------------------------------------------------------------------------------------------ writer
def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _entry_text(entry: Entry) -> str:
    if isinstance(entry, Comment):
        return "{" + entry.text + "}"
    text = entry.action if entry.actor == "!" else f"{entry.actor} {entry.action}"
    return text if entry.comment is None else f"{text} {{{entry.comment}}}"


def _canonical_lines(record: Record) -> list[tuple[str, Entry | DealSection | None]]:
    """The canonical text, line by line, with the entry (or deal) each line writes."""
    lines: list[tuple[str, Entry | DealSection | None]] = [(f'[{n} "{_escape(v)}"]', None) for n, v in record.tags]
    blocks: list[list[tuple[str, Entry | DealSection | None]]] = []
    if record.prelude:
        blocks.append([(_entry_text(e), e) for e in record.prelude])
    for deal in record.deals:
        blocks.append([(f'[Deck "{deal.deck}"]', deal), *((_entry_text(e), e) for e in deal.entries)])
    for block in blocks:
        lines += [("", None), *block]
    return lines


def write_text(record: Record) -> str:
    """The canonical text of a record (LF line ends, one blank line between sections, a final newline)."""
    return "".join(text + "\n" for text, _ in _canonical_lines(record))


def _numbered(record: Record) -> list[tuple[int, Entry | DealSection]]:
    """Entries and deals in order, with the line where they were read, else their line in the canonical text."""
    return [(item.line or number, item) for number, (_, item) in enumerate(_canonical_lines(record), start=1)
            if item is not None]


# ------------------------------------------------------------------------------------------------ JSON twin
def to_json(record: Record) -> dict[str, JSON]:
    """The JSON twin: ``{"tags": {...}, "prelude": [...], "deals": [{"deck": [...], "lines": [...]}]}``."""
    return {
        "tags": {name: value for name, value in record.tags},
        "prelude": [_entry_json(e) for e in record.prelude],
        "deals": [{"deck": [*d.deck.split()], "lines": [_entry_json(e) for e in d.entries]} for d in record.deals],
    }


def _entry_json(entry: Entry) -> dict[str, JSON]:
    if isinstance(entry, Comment):
        return {"comment": entry.text}
    data: dict[str, JSON] = {"actor": entry.actor, "action": entry.action}
    if entry.comment is not None:
        data["comment"] = entry.comment
    return data


def from_json(data: object) -> Record:
    """Read the JSON twin, as leniently and as carefully as :func:`read_text` (problems name JSON paths), within
    the same limits: a string is at most a line long, and each tag, deck and line of the twin counts as a line."""
    if not isinstance(data, Mapping):
        raise RecordError([f"a JSON record is an object with tags, prelude and deals, not {_json_kind(data)}"])
    problems = _Problems()
    raws: list[_Raw] = []
    unknown = sorted(_json_key(key) for key in data if key not in ("tags", "prelude", "deals"))
    if unknown:
        problems.add(f"unknown key(s) {_cut(', '.join(unknown))}; expected tags, prelude, deals")
    tags = data.get("tags")
    if not isinstance(tags, Mapping):
        problems.add("tags: expected an object of tag names to string values")
    else:
        problems.count(len(tags), "tags")
        for name, value in tags.items():
            where = f"tags.{_json_key(name)}"
            if _json_text(str(name), f"{where} (the name)", problems) is not None:
                text = _json_text(value, where, problems)
                if text is not None:
                    raws.append(_Raw("tag", where, None, str(name), text))
    raws += _json_entries(data.get("prelude", []), "prelude", problems)
    deals = data.get("deals", [])
    if not isinstance(deals, list):
        problems.add("deals: expected a list of deals")
        deals = []
    if len(deals) > MAX_DEALS:
        problems.stop(f"deals: {len(deals):,} deals; the reader takes at most {MAX_DEALS:,} (a partie of any game "
                      "needs far fewer)")
    for index, deal in enumerate(deals):
        where = f"deals[{index}]"
        deck = deal.get("deck") if isinstance(deal, Mapping) else None
        if not (isinstance(deck, list) and deck):
            problems.add(f"{where}: expected {{\"deck\": [cards...], \"lines\": [...]}}")
            continue
        problems.count(1, where)
        if len(deck) > MAX_LINE_LENGTH:  # not even joined: its cards would make a line past the limit
            problems.add(f"{where}.deck: {len(deck):,} cards; a deck holds the cards of one pack")
            continue
        if not all(isinstance(card, str) for card in deck):
            problems.add(f"{where}.deck: expected a list of cards as strings, e.g. [\"9C\", \"KH\"]")
            continue
        cards = _json_text(" ".join(deck), f"{where}.deck", problems)
        if cards is not None:
            raws.append(_Raw("deck", f"{where}.deck", None, "", cards))
        raws += _json_entries(deal.get("lines", []), f"{where}.lines", problems)
    return _build(raws, problems)


def _json_entries(entries: object, where: str, problems: _Problems) -> list[_Raw]:
    if not isinstance(entries, list):
        problems.add(f"{where}: expected a list of lines")
        return []
    problems.count(len(entries), where)
    raws = []
    for index, entry in enumerate(entries):
        here = f"{where}[{index}]"
        if not isinstance(entry, Mapping) or not all(isinstance(v, str) for v in entry.values()):
            problems.add(f"{here}: expected {{\"actor\": \"0\", \"action\": \"play KH\"}} or {{\"comment\": ...}}")
            continue
        keys = set(entry)
        if keys != {"comment"} and not {"actor", "action"} <= keys <= {"actor", "action", "comment"}:
            problems.add(f"{here}: expected keys actor, action (and comment), or comment alone; got "
                         f"{_cut(', '.join(map(_json_key, entry)))}")
            continue
        texts = {key: _json_text(value, f"{here}.{key}", problems) for key, value in entry.items()}
        if None in texts.values():
            continue
        if keys == {"comment"}:
            raws.append(_Raw("comment", here, None, "", entry["comment"]))
        else:
            raws.append(_Raw("action", here, None, entry["actor"], entry["action"], entry.get("comment")))
    return raws


def _json_text(value: object, where: str, problems: _Problems) -> str | None:
    """A string of the twin within the line limit (None, with the problem noted, if it is not one)."""
    if not isinstance(value, str):
        problems.add(f"{where}: expected a string value, not {_json_kind(value)}")
        return None
    if len(value) > MAX_LINE_LENGTH:
        problems.add(f"{where}: {len(value):,} characters; a string holds at most {MAX_LINE_LENGTH:,}: "
                     f"{_cut(value)!r}")
        return None
    return value


def _json_key(key: object) -> str:
    """A key of the twin as a message shows it: a name as it is, anything else quoted (a line break, braces)."""
    return str(key) if isinstance(key, str) and _TAG_NAME.fullmatch(key) else repr(_cut(str(key)))


def _json_kind(value: object) -> str:
    """What a JSON value is, in JSON's words: never its text, which may be huge or nested past any limit."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


# ------------------------------------------------------------------------------------------------ reader
class _Problems:
    """The problems found so far and the lines counted: reading stops after :data:`MAX_PROBLEMS` problems, and at
    once where the input passes a limit (what is past it is not read at all)."""

    def __init__(self) -> None:
        self.found: list[str] = []
        self.lines = 0

    def add(self, problem: str) -> None:
        self.found.append(problem)
        if len(self.found) >= MAX_PROBLEMS:
            self.stop(f"the reader stopped after {MAX_PROBLEMS} problems")

    def stop(self, problem: str) -> NoReturn:
        raise RecordError([*self.found, problem])

    def count(self, lines: int, where: str) -> None:
        self.lines += lines
        if self.lines > MAX_LINES:
            self.stop(f"{where}: the record has more than {MAX_LINES:,} lines (tags, decks, actions and comments), "
                      "the most the reader takes (a partie of any game needs far fewer)")


@dataclass(frozen=True, slots=True)
class _Raw:
    """One item as read, before it is checked: a tag, a deck, an action or a comment, and where it was."""

    kind: Literal["tag", "deck", "action", "comment"]
    where: str
    line: int | None
    name: str
    """The tag name or the actor code."""
    value: str
    """The tag value, the deck's cards, the action text or the comment."""
    comment: str | None = None


_TAG_LINE: Final = re.compile(r'\[\s*(\S+?)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_COMMENT_LINE: Final = re.compile(r"\{([^{}]*)\}")
_ESCAPE: Final = re.compile(r"\\(.)")


def read_text(text: str) -> Record:
    """Read a record, leniently: any tag order, any case of tag names and verbs, ``10`` for ``T``, blank lines,
    CRLF. Problems are collected; :class:`RecordError` lists them with their line numbers (up to
    :data:`MAX_PROBLEMS`). Input past a limit (:data:`MAX_RECORD_SIZE` characters, :data:`MAX_LINE_LENGTH` per
    line, :data:`MAX_LINES` lines, :data:`MAX_DEALS` deals, :func:`max_actions_per_deal`) is refused where it
    passes it, without reading further.
    """
    if len(text) > MAX_RECORD_SIZE:
        raise RecordError([f"the record has {len(text):,} characters; the reader takes at most {MAX_RECORD_SIZE:,} "
                           "(a partie of any game needs far fewer)"])
    problems = _Problems()
    return _build(_text_raws(text, problems), problems)


def _text_raws(text: str, problems: _Problems) -> Iterator[_Raw]:
    """The lines of a text as read, one at a time: :func:`_build` checks each before the next is read, so that
    the reader stops at the first line past a limit, whichever limit it is."""
    for number, raw_line in enumerate(text.removeprefix("\ufeff").split("\n"), start=1):
        line = raw_line.strip()
        if not line:
            continue
        where = f"line {number}"
        problems.count(1, where)
        if len(line) > MAX_LINE_LENGTH:
            problems.add(f"{where}: {len(line):,} characters; a line holds at most {MAX_LINE_LENGTH:,}: "
                         f"{_cut(line)!r}")
            continue
        raw = _read_line(line, where, number)
        if isinstance(raw, str):
            problems.add(raw)
        else:
            yield raw


def _read_line(line: str, where: str, number: int) -> _Raw | str:
    """One non-blank line, stripped, as read; or the problem with its form."""
    if line.startswith("["):
        tag = _TAG_LINE.fullmatch(line)
        if tag is None:
            return f'{where}: expected a tag pair [Name "value"], got {_cut(line)!r}'
        kind: Literal["tag", "deck"] = "deck" if tag[1].lower() == "deck" else "tag"
        return _Raw(kind, where, number, tag[1], _ESCAPE.sub(r"\1", tag[2]))
    if line.startswith("{"):
        comment = _COMMENT_LINE.fullmatch(line)
        if comment is None:
            return f"{where}: expected a comment {{text}} without braces inside, got {_cut(line)!r}"
        return _Raw("comment", where, number, "", comment[1])
    if line.startswith("!"):
        irregular = _split_comment(line)
        if irregular is None:
            return f"{where}: expected `! <kind> <offender> ... [{{comment}}]`, got {_cut(line)!r}"
        return _Raw("action", where, number, "!", *irregular)
    actor, *rest = line.split(None, 1)
    action = _split_comment(rest[0]) if rest else None
    if action is None or not action[0]:
        return f"{where}: expected `<actor> <action> [{{comment}}]`, e.g. `0 play KH`, got {_cut(line)!r}"
    return _Raw("action", where, number, actor, *action)


def _split_comment(text: str) -> tuple[str, str | None] | None:
    """``text`` apart from its trailing ``{comment}`` (None: no comment), or None when a brace is out of place.

    By finding the braces, not with a pattern: ``\\S+\\s+[^{}]*?\\s*`` backtracks quadratically on a line of
    spaces (0.1 s for 2,000 of them, 8 s for 20,000).
    """
    opening = text.find("{")
    if opening < 0:
        return None if "}" in text else (text, None)
    if text.find("}") != len(text) - 1 or "{" in text[opening + 1:]:
        return None
    return text[:opening].rstrip(), text[opening + 1:-1]


@dataclass(frozen=True, slots=True)
class _Context:
    """What checking the body of a record needs from its header."""

    game: GameType
    hooks: RecordHooks
    parse: Callable[[str], Action]
    redacted: bool
    pack_size: int
    """The cards of the pack under these rules: a deck of more is refused before its cards are read."""
    actions: dict[str, str] = field(default_factory=dict)
    """The action texts read so far and their canonical form: a record repeats a few texts many times."""
    actors: dict[str, str] = field(default_factory=dict)
    """The actor codes read so far and their canonical form."""


def _build(raws: Iterable[_Raw], problems: _Problems) -> Record:
    """The record of the items read: the tags before the first deal or action are the header; every later item is
    checked as it comes (the comments before it too), and a limit passed stops the reading there."""
    read = iter(raws)
    header: list[_Raw] = []
    comments: list[_Raw] = []
    for raw in read:
        if raw.kind in ("deck", "action"):
            read = itertools.chain(comments, (raw,), read)
            break
        (header if raw.kind == "tag" else comments).append(raw)
    else:
        read = iter(comments)
    tags, context = _read_header(header, problems)
    items: list[Entry | DealSection] = []
    deals = actions = words = 0
    for raw in read:
        if raw.kind == "action" and context is not None:
            words += len(raw.value.split())
            if words > MAX_WORDS:
                problems.stop(f"{raw.where}: more than {MAX_WORDS:,} words in the action lines, the most the reader "
                              "takes (a partie of any game needs far fewer)")
        try:
            item = _read_item(raw, context)
            if item is None or _repeats_deck(items, item, raw):
                continue
        except ValueError as error:
            problems.add(f"{raw.where}: {error}")
            continue
        items.append(item)
        if isinstance(item, DealSection):
            deals, actions = deals + 1, 0
            if deals > MAX_DEALS:
                problems.stop(f"{raw.where}: more than {MAX_DEALS:,} deals, the most the reader takes (a partie of "
                              "any game needs far fewer)")
        elif isinstance(item, ActionLine) and context is not None:
            actions += 1
            if actions > max_actions_per_deal(context.game):
                problems.stop(f"{raw.where}: more than {max_actions_per_deal(context.game):,} action lines in one "
                              f"deal, the most the reader takes for {context.game.name} ({ACTIONS_PER_DEAL_MARGIN} "
                              f"times its longest regular deal, {context.game.max_actions_per_deal})")
    if problems.found:
        raise RecordError(problems.found)
    return _assemble(tags, items)


def _read_header(header: Sequence[_Raw], problems: _Problems) -> tuple[tuple[tuple[str, str], ...], _Context | None]:
    tags: dict[str, str] = {}
    where: dict[str, str] = {}
    for raw in header:
        name = _canonical_tag_name(raw.name)
        if not _TAG_NAME.fullmatch(raw.name):
            problems.add(f"{raw.where}: tag name {_cut(raw.name)!r} is not allowed; expected letters, digits and _")
        elif name in tags:
            problems.add(f"{raw.where}: tag {_cut(name)} is given twice")
        else:
            tags[name], where[name] = raw.value, raw.where
    context = None
    try:
        context = _header_context(tags, where)
    except RecordError as error:
        for problem in error.problems:
            problems.add(problem)
    return tuple(tags.items()), context


def _header_context(tags: dict[str, str], where: Mapping[str, str]) -> _Context:
    """The context of the body, from the header's tags (put in canonical form); a problem names its tag's line."""
    def at(name: str) -> str:
        return where.get(name, "header")

    if "Game" not in tags:
        raise RecordError([f"header: no [Game] tag; expected one naming a game ({', '.join(available())})"])
    try:
        game = load(tags["Game"])
    except ValueError as error:
        raise RecordError([f"{at('Game')}: {_clip(str(error), tags['Game'])}"]) from None
    tags["Game"] = game.name
    hooks = game.record
    if "Rules" not in tags:
        raise RecordError([f'header: no [Rules] tag; expected [Rules "{game.rules().version}"]'])
    rules: Rules = game.rules()
    for name, options in (("Rules", None), ("Options", tags.get("Options"))):  # the version first, then options
        try:
            rules = _rules(game, tags["Rules"], options)
        except RecordError as error:
            raise RecordError([f"{at(name)}: {problem}" for problem in error.problems]) from None
    options = options_text(rules)
    tags.pop("Options", None)
    if options is not None:
        tags["Options"] = options
    for name in ("FirstDealer", "Redacted"):
        if name in tags:
            seat = _seat(tags[name], game)
            if seat is None:
                raise RecordError([f"{at(name)}: [{name}] {_cut(tags[name])!r} is not a seat; allowed: 0 to "
                                   f"{game.max_seats - 1} (ASCII digits)"])
            tags[name] = seat
    pack_size = getattr(rules, "pack_size", game.pack_size)  # games whose pack depends on the players name it
    return _Context(game, hooks, game.new(rules).parse_action, "Redacted" in tags, pack_size)


def _seat(code: str, game: GameType) -> str | None:
    seat = _small_number(code.strip(), game.max_seats)
    return None if seat is None else str(seat)


def _read_item(raw: _Raw, context: _Context | None) -> Entry | DealSection | None:
    """Check one body item and put it in canonical form (None: nothing to keep)."""
    if raw.kind == "comment":
        return Comment(raw.value, raw.line)
    if raw.kind == "tag":
        raise RecordError([f"tag [{_cut(raw.name)}] comes after the first deal or action; header tags come first"])
    if context is None:
        return None  # the header already says why the body cannot be read
    if raw.kind == "deck":
        return DealSection(_read_deck(raw.value, context), (), raw.line)
    actor = context.actors.get(raw.name)
    if actor is None:
        actor = context.actors[raw.name] = _read_actor(raw.name, context.game)
    verb, _, cards = raw.value.partition(" ")
    if actor == "C" and verb.lower() == context.hooks.deck_verb:
        return DealSection(_read_deck(cards, context), (), raw.line)
    text = _read_action(raw.value, context)
    if (actor == "!" or raw.value.startswith("!")) and not text.startswith("!"):
        raise RecordError([f"{_cut(raw.value)!r} is not an irregularity of {context.game.name}; an irregularity's "
                           "text begins with !"])
    return _line(actor, text, raw.comment, raw.line)


def _read_actor(code: str, game: GameType) -> str:
    upper = code.upper()
    if upper in ("C", "T", "!"):
        return upper
    seat = _seat(code, game)
    if seat is None:
        raise RecordError([f"unknown actor {_cut(code)!r}; expected a seat number 0 to {game.max_seats - 1}, "
                           "C (chance) or T (table); a seat number is written in ASCII digits"])
    return seat


def _read_action(text: str, context: _Context) -> str:
    known = context.actions.get(text)
    if known is not None:
        return known
    words = text.split()
    if HIDDEN in words:
        if not context.redacted:
            raise RecordError([f"{_cut(text)!r}: {HIDDEN} (an unseen card) is allowed only in a redacted record"])
        canonical = " ".join((words[0].lower(), *(_hidden_or_card(word) for word in words[1:])))
    else:
        try:
            canonical = str(context.parse(text))
        except ValueError as error:
            raise RecordError([_capped(f"cannot read action {_cut(text)!r} of {context.game.name}: "
                                       f"{_clip(str(error), text)}")]) from None
    context.actions[text] = canonical
    return canonical


def _read_deck(cards: str, context: _Context) -> str:
    words = cards.replace(",", " ").split()  # commas are allowed between cards, as the games' parse_cards allow
    if not words:
        raise RecordError([f'empty deck; expected [Deck "<the {context.pack_size} cards, top first>"]'])
    if len(words) > context.pack_size:  # refused before any card is read
        raise RecordError([f"the deck has {len(words):,} cards, more than the {context.pack_size} of the pack of "
                           f"{context.game.name}: {_cut(cards)!r}"])
    if HIDDEN in words:
        if not context.redacted:
            raise RecordError([f"{HIDDEN} (an unseen card) in a deck is allowed only in a redacted record"])
        return " ".join(_hidden_or_card(word) for word in words)
    # The deck is the format's own (cards, as the [Deck] grammar says), read card by card through a cache: a
    # record has a few dozen spellings of cards, and reading one costs microseconds. Whether the order is a deal
    # the game can make is for replay (the chance check of apply).
    try:
        return " ".join(_card_text(word) for word in words)
    except CardParseError as error:
        raise RecordError([_capped(f"cannot read the deck {_cut(cards)!r}: {_clip(str(error), cards)}")]) from None


@functools.lru_cache(maxsize=1024)
def _card_text(word: str) -> str:
    """The canonical text of a card (``10h`` is ``TH``); raises :class:`CardParseError` (not cached)."""
    return str(Card.parse(word))


def _hidden_or_card(word: str) -> str:
    try:
        return word if word == HIDDEN else _card_text(word)
    except CardParseError:
        return word


def _repeats_deck(items: Sequence[Entry | DealSection], item: Entry | DealSection, raw: _Raw) -> bool:
    """A ``C deck`` line just after a ``[Deck]`` of the same cards writes one shuffle twice: it is kept once.

    (A different deck is a new deal: a deal may end before any action, when a turned-up king makes game.)
    """
    previous = items[-1] if items else None
    return (raw.kind == "action" and isinstance(item, DealSection) and isinstance(previous, DealSection)
            and not previous.entries and previous.deck == item.deck)


# ------------------------------------------------------------------------------------------------ replay
def replay(record: Record) -> Game:
    """Rebuild the state by applying every operation with the checked ``apply`` (chance from the record).

    Raises :class:`RecordError` naming the line, the action and what was allowed at the first line that cannot
    be read or applied, and when the replayed result differs from ``[Result]``.
    """
    state, hooks = _fresh_state(record)
    for number, item in _numbered(record):
        if not isinstance(item, Comment):
            _apply_line(state, number, item, hooks)
    expected, got = record.tag("Result"), hooks.result_text(state)
    if expected is not None and expected != got:
        raise RecordError([f"[Result] says {_cut(expected)!r} but the replayed partie gives {got!r}"])
    return state


def _fresh_state(record: Record) -> tuple[Game, RecordHooks]:
    seat = record.redacted_for
    if seat is not None:
        raise RecordError([f"this record is redacted for seat {seat} (cards it could not see are {HIDDEN}): "
                           "it is for reading only and cannot be replayed; replay the full record"])
    game = load(record.game)
    hooks = game.record
    first_dealer = record.tag("FirstDealer")
    dealer = None if first_dealer is None else _small_number(first_dealer, game.max_seats)
    if first_dealer is not None and dealer is None:
        raise RecordError([f"[FirstDealer] {_cut(first_dealer)!r} is not a seat; allowed: 0 to {game.max_seats - 1} "
                           "(ASCII digits)"])
    state = game.new(rules_of(record), first_dealer=dealer)
    return state, hooks


def _apply_line(state: Game, number: int, item: ActionLine | DealSection, hooks: RecordHooks) -> Operation:
    """Apply one line with the checked ``apply``; the operation must be the line's actor's (an irregularity's
    offender is the one its text names)."""
    code, text = ("C", f"{hooks.deck_verb} {item.deck}") if isinstance(item, DealSection) else (item.actor, item.action)
    try:
        operation: Operation = state.apply(state.parse_action(text))
    except ValueError as error:
        raise RecordError([f"line {number}: `{_shown(item)}`: {_clip(str(error), text)}"]) from None
    if code != "!" and operation.actor != actor_number(code):
        raise RecordError([f"line {number}: `{_shown(item)}` was taken by {actor_code(operation.actor)}, whose "
                           f"turn it was, not by {code}"])
    return operation


def _shown(item: ActionLine | DealSection) -> str:
    return _cut(f'[Deck "{item.deck}"]' if isinstance(item, DealSection) else _entry_text(item))


# ------------------------------------------------------------------------------------------------ redaction
WITHHELD_TAGS: Final = ("Seed",)
"""Tags a redacted record leaves out: with the seed of a partie's deals, anyone could deal them again and know
every hidden card (a record of the card room or of ``academie play`` carries it once the partie is over)."""


def redact(record: Record, seat: int) -> Record:
    """The record as ``seat`` may see it: every card it could not have seen becomes ``??``.

    The opponents' hidden actions (a discard, a take-back) are shown as the game's ``redact`` shows them; a deck
    keeps, at their places, only the cards the game's hook says the seat saw during that deal (its own cards, the
    turn-up, what it drew); the place of a card the seat saw only when the opponent played it stays hidden.
    A comment after another actor's action is left out: it is a bot's reason, which speaks of its hand (a king of
    trumps, a tierce, a hidden card's value), or a ruling's, read with the whole record once the partie is over;
    the seat's own comments and the comments on lines of their own stay. The :data:`WITHHELD_TAGS` are left out
    too. The result has a ``[Redacted "<seat>"]`` tag and cannot be replayed.

    >>> import academie
    >>> state = academie.load("ecarte").new(seed=5, first_dealer=0)
    >>> for _ in range(2):
    ...     _ = state.apply(state.legal_actions()[0])
    >>> whole = from_state(state, tags={"Seed": "5"}, comments={1: "holds the king of trumps"})
    >>> mine = redact(whole, 0)
    >>> mine.tag("Seed"), comments_by_operation(mine)
    (None, {})
    >>> comments_by_operation(redact(whole, 1))
    {1: 'holds the king of trumps'}
    """
    if record.redacted_for is not None:
        if record.redacted_for == seat:
            return record
        raise RecordError([f"this record is already redacted for seat {record.redacted_for}, not {seat}"])
    state, hooks = _fresh_state(record)
    game = load(record.game)
    if not 0 <= seat < game.max_seats:
        raise RecordError([f"seat {seat!r} is not allowed; allowed: 0 to {game.max_seats - 1}"])
    items: list[Entry | DealSection] = []
    deck: list[str] = []
    seen: set[str] = set()
    for number, item in _numbered(record):
        if isinstance(item, Comment):
            items.append(Comment(item.text))
            continue
        before = state.clone()
        operation = _apply_line(state, number, item, hooks)
        if isinstance(item, DealSection):
            _show_deck(items, deck, seen)
            deck, seen = item.deck.split(), set()
            items.append(item)
        else:
            shown = hooks.hide(operation.actor, operation.action, seat)
            if shown is not None:
                items.append(_line(actor_code(operation.actor), str(shown),
                                   item.comment if operation.actor == seat else None))
        seen.update(str(card) for card in hooks.seen(before, state, operation, seat))
    _show_deck(items, deck, seen)
    withheld = {name.lower() for name in WITHHELD_TAGS}  # a hand-written record may spell a tag in any case
    tags = (*((name, value) for name, value in record.tags if name.lower() not in withheld), ("Redacted", str(seat)))
    return _assemble(tags, items)


def _show_deck(items: list[Entry | DealSection], deck: Sequence[str], seen: set[str]) -> None:
    """Put the redacted deck (the cards seen during its deal at their places, the rest ``??``) in its place."""
    if not deck:
        return
    place = max(i for i, item in enumerate(items) if isinstance(item, DealSection))
    items[place] = DealSection(" ".join(card if card in seen else HIDDEN for card in deck))


# ------------------------------------------------------------------------------------------------ files
def load_file(path: str | Path) -> Record:
    """Read a record file: ``.acad`` is the text format, ``.json`` the JSON twin.

    A file of more than :data:`MAX_RECORD_SIZE` bytes is refused without reading the rest, and so is one that is
    not UTF-8 text or (``.json``) not JSON, whatever its nesting or its numbers.
    """
    target = Path(path)
    kind = _format(target)
    with target.open("rb") as handle:
        content = handle.read(MAX_RECORD_SIZE + 1)  # not stat(): a pipe or /dev/zero has no size to tell
    if len(content) > MAX_RECORD_SIZE:
        raise RecordError([f"{target}: the file is larger than {MAX_RECORD_SIZE:,} bytes, the most the reader takes "
                           "(a partie of any game needs far fewer)"])
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError([f"{target}: not UTF-8 text (byte {error.start:,}: {error.reason}); a record is UTF-8 "
                           "text"]) from None
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # the universal newlines of reading in text mode
    if kind == "text":
        return read_text(text)
    return from_json(_load_json(text.removeprefix("\ufeff"), f"{target}", "a JSON record is an object with tags, "
                                "prelude and deals"))


def save_file(record: Record, path: str | Path) -> None:
    """Write a record file: ``.acad`` in the canonical text format, ``.json`` as the JSON twin."""
    target = Path(path)
    if _format(target) == "text":
        content = write_text(record)
    else:
        content = json.dumps(to_json(record), indent=2, ensure_ascii=False) + "\n"
    target.write_text(content, encoding="utf-8", newline="\n")


def _format(path: Path) -> Literal["text", "json"]:
    suffix = path.suffix.lower()
    if suffix == ".acad":
        return "text"
    if suffix == ".json":
        return "json"
    raise RecordError([f"{path}: unknown record file type {suffix!r}; allowed: .acad (text), .json (JSON twin)"])
