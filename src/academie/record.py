"""The game record: one text format for every game, its JSON twin, and per-seat redaction.

A record is a partie: header tag pairs (``[Game "ecarte"]``, ``[Rules "ecarte/1"]``, seats, date, result),
then the operations, one a line as ``<actor> <action text>``, grouped into deal sections that each open with
the ``[Deck "..."]`` tag pair (the order of the pack after shuffle and cut). The actors are seat numbers,
``C`` for chance and ``T`` for the table; an irregularity is written ``! <actor> <kind> ...``; ``{comments}``
stand on their own line or after an action. The grammar is in ``docs/record-format.md``.

The reader is lenient (tag order, case, ``10`` for ``T``, blank lines, CRLF) and collects every problem into
one :class:`RecordError`; the writer is canonical, so ``write_text(read_text(t)) == t`` for canonical text and
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

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final, Literal

from academie.cards import Card, CardParseError
from academie.engine import CHANCE, TABLE, AcademieError, Action, Operation, rules_from_dict, rules_to_dict
from academie.games import GameType, load
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


# ------------------------------------------------------------------------------------------------ vocabulary
_TAG_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_SEAT_TAG: Final = re.compile(r"seat(\d+)", re.IGNORECASE)
_ACTOR: Final = re.compile(r"\d+|C|T|!")
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
    return int(code)


def _line(code: str, text: str, comment: str | None = None, line: int | None = None) -> ActionLine:
    """An action line, the actor becoming ``!`` for an irregularity (whose text names the offender)."""
    return ActionLine("!" if text.startswith("!") else code, text, comment, line)


def _canonical_tag_name(name: str) -> str:
    seat = _SEAT_TAG.fullmatch(name)
    if seat:
        return f"Seat{int(seat[1])}"
    for known in (*_HEADER_ORDER, "Deck"):
        if name.lower() == known.lower():
            return known
    return name


def _tag_rank(name: str) -> tuple[int, int]:
    seat = _SEAT_TAG.fullmatch(name)
    if seat:
        return (_HEADER_ORDER.index("Seat"), int(seat[1]))
    if name in _HEADER_ORDER:
        return (_HEADER_ORDER.index(name), 0)
    return (len(_HEADER_ORDER), 0)


def _check_free_text(text: str, what: str, *, braces: bool) -> None:
    if "\n" in text or "\r" in text:
        raise RecordError([f"{what} {text!r} holds a line break; a record line may not"])
    if braces and ("{" in text or "}" in text):
        raise RecordError([f"{what} {text!r} holds a brace; braces delimit comments"])


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
            raise RecordError([f"actor {self.actor!r} is not allowed; allowed: a seat number, C (chance), T (table), "
                               "! (an irregularity)"])
        if not self.action or self.action != self.action.strip():
            raise RecordError([f"action {self.action!r} must be non-empty text without surrounding spaces"])
        if (self.actor == "!") != self.action.startswith("!"):
            raise RecordError([f"{self.actor} {self.action}: the actor is ! exactly when the action is an "
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
            raise RecordError([f"deck {self.deck!r} must be cards separated by single spaces"])
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
                problems.append(f"tag name {name!r} is not allowed; expected letters, digits, _ (and not Deck)")
            elif canonical in named:
                problems.append(f"tag {canonical} is given twice")
            elif "\n" in value or "\r" in value:
                problems.append(f"tag {canonical} value {value!r} holds a line break")
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
        return None if seat is None else int(seat)


# ------------------------------------------------------------------------------------------------ rules options
def options_text(rules: Any) -> str | None:
    """The non-default options of a rules dataclass as compact JSON (None when all are default).

    >>> from academie.games.ecarte import EcarteRules
    >>> options_text(EcarteRules(deal_pattern=(2, 3), partie_liee=True))
    '{"deal_pattern":[2,3],"partie_liee":true}'
    """
    defaults = rules_to_dict(type(rules)())
    diff = {name: value for name, value in rules_to_dict(rules).items()
            if name != "version" and value != defaults[name]}
    return json.dumps(diff, separators=(",", ":"), ensure_ascii=False) if diff else None


def rules_of(record: Record) -> Any:
    """The rules a record names: ``[Rules]`` (the version) and ``[Options]`` (the non-default options)."""
    game = load(record.game)
    return _rules(game, record.tag("Rules"), record.tag("Options"))


def _rules(game: GameType, version: str | None, options: str | None) -> Any:
    known = game.rules().version
    if version != known:
        raise RecordError([f"rules version {version!r} is not known for {game.name}; this library reads {known}"])
    try:
        data = json.loads(options) if options is not None else {}
    except json.JSONDecodeError as error:
        raise RecordError([f"[Options] is not JSON ({error}); expected e.g. {{\"must_trump\":false}}"]) from None
    if not isinstance(data, dict):
        raise RecordError([f"[Options] must be a JSON object of rules options, not {options!r}"])
    if "version" in data:
        raise RecordError(["[Options] may not hold version: the version is the [Rules] tag"])
    try:
        return rules_from_dict(game.rules, data)
    except (ValueError, TypeError) as error:
        raise RecordError([f"[Options]: {error}"]) from None


# ------------------------------------------------------------------------------------------------ from a state
_NO_TAGS: Final[Mapping[str, str]] = MappingProxyType({})


def from_state(state: Any, *, tags: Mapping[str, str] = _NO_TAGS) -> Record:
    """The record of a state of any registered game; ``tags`` gives the seats' names, the date and others.

    Game, Rules, Options, FirstDealer and Result come from the state and may not be given; Seat0..SeatN and
    Date are ``?`` unless given. The library reads no clock: the caller supplies the date.
    """
    derived = sorted(_canonical_tag_name(name) for name in tags if _canonical_tag_name(name) in _DERIVED)
    if derived:
        raise RecordError([f"tag(s) {', '.join(derived)} come from the state; give only names, date and others"])
    game = load(state.game_name)
    hooks = game.record
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
    for operation in state.operations:
        code, text = actor_code(operation.actor), str(operation.action)
        verb, _, cards = text.partition(" ")
        if code == "C" and verb == hooks.deck_verb:
            items.append(DealSection(cards))
        else:
            items.append(_line(code, text))
    return _assemble(tuple(header.items()), items)


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
def to_json(record: Record) -> dict[str, Any]:
    """The JSON twin: ``{"tags": {...}, "prelude": [...], "deals": [{"deck": [...], "lines": [...]}]}``."""
    return {
        "tags": dict(record.tags),
        "prelude": [_entry_json(e) for e in record.prelude],
        "deals": [{"deck": d.deck.split(), "lines": [_entry_json(e) for e in d.entries]} for d in record.deals],
    }


def _entry_json(entry: Entry) -> dict[str, str]:
    if isinstance(entry, Comment):
        return {"comment": entry.text}
    data = {"actor": entry.actor, "action": entry.action}
    if entry.comment is not None:
        data["comment"] = entry.comment
    return data


def from_json(data: Any) -> Record:
    """Read the JSON twin, as leniently and as carefully as :func:`read_text` (problems name JSON paths)."""
    problems: list[str] = []
    raws: list[_Raw] = []
    if not isinstance(data, Mapping):
        raise RecordError([f"a JSON record is an object with tags, prelude and deals, not {type(data).__name__}"])
    unknown = sorted(set(data) - {"tags", "prelude", "deals"})
    if unknown:
        problems.append(f"unknown key(s) {', '.join(map(str, unknown))}; expected tags, prelude, deals")
    tags = data.get("tags")
    if not isinstance(tags, Mapping):
        problems.append("tags: expected an object of tag names to string values")
    else:
        for name, value in tags.items():
            if isinstance(value, str):
                raws.append(_Raw("tag", f"tags.{name}", None, str(name), value))
            else:
                problems.append(f"tags.{name}: expected a string value, not {value!r}")
    raws += _json_entries(data.get("prelude", []), "prelude", problems)
    deals = data.get("deals", [])
    if not isinstance(deals, list):
        problems.append("deals: expected a list of deals")
        deals = []
    for index, deal in enumerate(deals):
        where = f"deals[{index}]"
        deck = deal.get("deck") if isinstance(deal, Mapping) else None
        if not (isinstance(deck, list) and deck and all(isinstance(card, str) for card in deck)):
            problems.append(f"{where}: expected {{\"deck\": [cards...], \"lines\": [...]}}")
            continue
        raws.append(_Raw("deck", f"{where}.deck", None, "", " ".join(deck)))
        raws += _json_entries(deal.get("lines", []), f"{where}.lines", problems)
    return _build(raws, problems)


def _json_entries(entries: Any, where: str, problems: list[str]) -> list[_Raw]:
    if not isinstance(entries, list):
        problems.append(f"{where}: expected a list of lines")
        return []
    raws = []
    for index, entry in enumerate(entries):
        here = f"{where}[{index}]"
        if not isinstance(entry, Mapping) or not all(isinstance(v, str) for v in entry.values()):
            problems.append(f"{here}: expected {{\"actor\": \"0\", \"action\": \"play KH\"}} or {{\"comment\": ...}}")
        elif set(entry) == {"comment"}:
            raws.append(_Raw("comment", here, None, "", entry["comment"]))
        elif {"actor", "action"} <= set(entry) <= {"actor", "action", "comment"}:
            raws.append(_Raw("action", here, None, entry["actor"], entry["action"], entry.get("comment")))
        else:
            problems.append(f"{here}: expected keys actor, action (and comment), or comment alone; got "
                            f"{', '.join(map(str, entry))}")
    return raws


# ------------------------------------------------------------------------------------------------ reader
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
_ACTION_LINE: Final = re.compile(r"(\S+)\s+([^{}]*?)\s*(?:\{([^{}]*)\})?")
_IRREGULAR_LINE: Final = re.compile(r"(![^{}]*?)\s*(?:\{([^{}]*)\})?")


def read_text(text: str) -> Record:
    """Read a record, leniently: any tag order, any case of tag names and verbs, ``10`` for ``T``, blank lines,
    CRLF. Every problem is collected; :class:`RecordError` lists them all with their line numbers.
    """
    problems: list[str] = []
    raws: list[_Raw] = []
    for number, raw_line in enumerate(text.removeprefix("\ufeff").split("\n"), start=1):
        line = raw_line.strip()
        if not line:
            continue
        where = f"line {number}"
        if line.startswith("["):
            tag = _TAG_LINE.fullmatch(line)
            if tag is None:
                problems.append(f'{where}: expected a tag pair [Name "value"], got {line!r}')
            else:
                value = re.sub(r"\\(.)", r"\1", tag[2])
                kind: Literal["tag", "deck"] = "deck" if tag[1].lower() == "deck" else "tag"
                raws.append(_Raw(kind, where, number, tag[1], value))
        elif line.startswith("{"):
            comment = _COMMENT_LINE.fullmatch(line)
            if comment is None:
                problems.append(f"{where}: expected a comment {{text}} without braces inside, got {line!r}")
            else:
                raws.append(_Raw("comment", where, number, "", comment[1]))
        elif line.startswith("!"):
            irregular = _IRREGULAR_LINE.fullmatch(line)
            if irregular is None:
                problems.append(f"{where}: expected `! <kind> <offender> ... [{{comment}}]`, got {line!r}")
            else:
                raws.append(_Raw("action", where, number, "!", irregular[1], irregular[2]))
        else:
            action = _ACTION_LINE.fullmatch(line)
            if action is None or not action[2]:
                problems.append(f"{where}: expected `<actor> <action> [{{comment}}]`, e.g. `0 play KH`, got {line!r}")
            else:
                raws.append(_Raw("action", where, number, action[1], action[2], action[3]))
    return _build(raws, problems)


@dataclass(frozen=True, slots=True)
class _Context:
    """What checking the body of a record needs from its header."""

    game: GameType
    hooks: RecordHooks
    parse: Callable[[str], Action]
    redacted: bool


def _build(raws: Sequence[_Raw], problems: list[str]) -> Record:
    first_body = next((i for i, raw in enumerate(raws) if raw.kind in ("deck", "action")), len(raws))
    header = [raw for raw in raws[:first_body] if raw.kind == "tag"]
    body = [raw for index, raw in enumerate(raws) if raw.kind != "tag" or index >= first_body]
    tags, context = _read_header(header, problems)
    items: list[Entry | DealSection] = []
    for raw in body:
        try:
            item = _read_item(raw, context)
            if item is not None and not _repeats_deck(items, item, raw):
                items.append(item)
        except ValueError as error:
            problems.append(f"{raw.where}: {error}")
    if problems:
        raise RecordError(problems)
    return _assemble(tags, items)


def _read_header(header: Sequence[_Raw], problems: list[str]) -> tuple[tuple[tuple[str, str], ...], _Context | None]:
    tags: dict[str, str] = {}
    for raw in header:
        name = _canonical_tag_name(raw.name)
        if not _TAG_NAME.fullmatch(raw.name):
            problems.append(f"{raw.where}: tag name {raw.name!r} is not allowed; expected letters, digits and _")
        elif name in tags:
            problems.append(f"{raw.where}: tag {name} is given twice")
        else:
            tags[name] = raw.value
    context = None
    try:
        context = _header_context(tags)
    except RecordError as error:
        problems += [f"header: {problem}" for problem in error.problems]
    return tuple(tags.items()), context


def _header_context(tags: dict[str, str]) -> _Context:
    if "Game" not in tags:
        raise RecordError(['no [Game] tag; expected e.g. [Game "ecarte"]'])
    try:
        game = load(tags["Game"])
    except ValueError as error:
        raise RecordError([str(error)]) from None
    tags["Game"] = game.name
    hooks = game.record
    if "Rules" not in tags:
        raise RecordError([f'no [Rules] tag; expected [Rules "{game.rules().version}"]'])
    rules = _rules(game, tags["Rules"], tags.get("Options"))
    options = options_text(rules)
    tags.pop("Options", None)
    if options is not None:
        tags["Options"] = options
    for name in ("FirstDealer", "Redacted"):
        if name in tags:
            seat = _seat(tags[name], game)
            if seat is None:
                raise RecordError([f"[{name}] {tags[name]!r} is not a seat; allowed: 0 to {game.max_seats - 1}"])
            tags[name] = seat
    return _Context(game, hooks, game.new(rules).parse_action, "Redacted" in tags)


def _seat(code: str, game: GameType) -> str | None:
    return str(int(code)) if code.strip().isdigit() and int(code) < game.max_seats else None


def _read_item(raw: _Raw, context: _Context | None) -> Entry | DealSection | None:
    """Check one body item and put it in canonical form (None: nothing to keep)."""
    if raw.kind == "comment":
        return Comment(raw.value, raw.line)
    if raw.kind == "tag":
        raise RecordError([f"tag [{raw.name}] comes after the first deal or action; header tags come first"])
    if context is None:
        return None  # the header already says why the body cannot be read
    if raw.kind == "deck":
        return DealSection(_read_deck(raw.value, context), (), raw.line)
    actor = _read_actor(raw.name, context.game)
    verb, _, cards = raw.value.partition(" ")
    if actor == "C" and verb.lower() == context.hooks.deck_verb:
        return DealSection(_read_deck(cards, context), (), raw.line)
    text = _read_action(raw.value, context)
    if (actor == "!" or raw.value.startswith("!")) and not text.startswith("!"):
        raise RecordError([f"{raw.value!r} is not an irregularity of {context.game.name}; an irregularity's text "
                           "begins with !"])
    return _line(actor, text, raw.comment, raw.line)


def _read_actor(code: str, game: GameType) -> str:
    upper = code.upper()
    if upper in ("C", "T", "!"):
        return upper
    seat = _seat(code, game)
    if seat is None:
        raise RecordError([f"unknown actor {code!r}; expected a seat number 0 to {game.max_seats - 1}, "
                           "C (chance) or T (table)"])
    return seat


def _read_action(text: str, context: _Context) -> str:
    words = text.split()
    if HIDDEN in words:
        if not context.redacted:
            raise RecordError([f"{text!r}: {HIDDEN} (an unseen card) is allowed only in a redacted record"])
        return " ".join((words[0].lower(), *(_hidden_or_card(word) for word in words[1:])))
    try:
        return str(context.parse(text))
    except ValueError as error:
        raise RecordError([f"cannot read action {text!r} of {context.game.name}: {error}"]) from None


def _read_deck(cards: str, context: _Context) -> str:
    words = cards.split()
    if not words:
        raise RecordError([f'empty deck; expected [Deck "<the {context.game.pack_size} cards, top first>"]'])
    if HIDDEN in words:
        if not context.redacted:
            raise RecordError([f"{HIDDEN} (an unseen card) in a deck is allowed only in a redacted record"])
        return " ".join(_hidden_or_card(word) for word in words)
    verb = context.hooks.deck_verb
    try:
        text = str(context.parse(f"{verb} {cards}"))
    except ValueError as error:
        raise RecordError([f"cannot read the deck {cards!r}: {error}"]) from None
    return text.removeprefix(verb).strip()


def _hidden_or_card(word: str) -> str:
    try:
        return word if word == HIDDEN else str(Card.parse(word))
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
def replay(record: Record) -> Any:
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
        raise RecordError([f"[Result] says {expected!r} but the replayed partie gives {got!r}"])
    return state


def _fresh_state(record: Record) -> tuple[Any, RecordHooks]:
    seat = record.redacted_for
    if seat is not None:
        raise RecordError([f"this record is redacted for seat {seat} (cards it could not see are {HIDDEN}): "
                           "it is for reading only and cannot be replayed; replay the full record"])
    game = load(record.game)
    hooks = game.record
    first_dealer = record.tag("FirstDealer")
    state = game.new(rules_of(record), first_dealer=None if first_dealer is None else int(first_dealer))
    return state, hooks


def _apply_line(state: Any, number: int, item: ActionLine | DealSection, hooks: RecordHooks) -> Operation:
    """Apply one line with the checked ``apply``; the operation must be the line's actor's (an irregularity's
    offender is the one its text names)."""
    code, text = ("C", f"{hooks.deck_verb} {item.deck}") if isinstance(item, DealSection) else (item.actor, item.action)
    try:
        operation: Operation = state.apply(state.parse_action(text))
    except ValueError as error:
        raise RecordError([f"line {number}: `{_shown(item)}`: {error}"]) from None
    if code != "!" and operation.actor != actor_number(code):
        raise RecordError([f"line {number}: `{_shown(item)}` was taken by {actor_code(operation.actor)}, whose "
                           f"turn it was, not by {code}"])
    return operation


def _shown(item: ActionLine | DealSection) -> str:
    return f'[Deck "{item.deck}"]' if isinstance(item, DealSection) else _entry_text(item)


# ------------------------------------------------------------------------------------------------ redaction
def redact(record: Record, seat: int) -> Record:
    """The record as ``seat`` may see it: every card it could not have seen becomes ``??``.

    The opponents' hidden actions (a discard, a take-back) are shown as the game's ``redact`` shows them; a deck
    keeps, at their places, only the cards the game's hook says the seat saw during that deal (its own cards, the
    turn-up, what it drew); the place of a card the seat saw only when the opponent played it stays hidden.
    Comments are kept. The result has a ``[Redacted "<seat>"]`` tag and cannot be replayed.
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
                items.append(_line(actor_code(operation.actor), str(shown), item.comment))
        seen.update(str(card) for card in hooks.seen(before, state, operation, seat))
    _show_deck(items, deck, seen)
    tags = (*record.tags, ("Redacted", str(seat)))
    return _assemble(tags, items)


def _show_deck(items: list[Entry | DealSection], deck: Sequence[str], seen: set[str]) -> None:
    """Put the redacted deck (the cards seen during its deal at their places, the rest ``??``) in its place."""
    if not deck:
        return
    place = max(i for i, item in enumerate(items) if isinstance(item, DealSection))
    items[place] = DealSection(" ".join(card if card in seen else HIDDEN for card in deck))


# ------------------------------------------------------------------------------------------------ files
def load_file(path: str | Path) -> Record:
    """Read a record file: ``.acad`` is the text format, ``.json`` the JSON twin."""
    target = Path(path)
    content = target.read_text(encoding="utf-8")
    if _format(target) == "text":
        return read_text(content)
    try:
        return from_json(json.loads(content))
    except json.JSONDecodeError as error:
        raise RecordError([f"{target}: not JSON: {error}"]) from None


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
