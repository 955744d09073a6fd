"""The shared machinery of rules and laws: the catalogue of IDs, irregularities, remedies and rulings.

Every game package has its catalogue (``laws.py`` in the package, ``CATALOGUE``) listing each rule and law ID of the
game as a :class:`RuleEntry`: where the rule comes from (the seed text, a law of the rule file, or our
reconstruction), who holds the option when it is broken, and which remedies the law offers. Table mode uses
these entries to offer remedies and cite the law; ``academie rules GAME`` reports them with where each is
implemented and tested (:func:`rules_report`).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Generic, Protocol, TypeVar

from academie.engine import Irregular as Irregular
from academie.engine import Irregularity as Irregularity
from academie.engine import Mode
from academie.engine import Pending as Pending
from academie.engine import Remedy as Remedy


class Source(Enum):
    """Where a rule comes from."""

    SEED = "seed"
    """Stated in one of our source texts (IDs such as ``ECARTE-VI.7``)."""
    LAW = "law"
    """A law of the rule file, from the historical sources it cites (IDs such as ``E-P3``)."""
    RECONSTRUCTED = "reconstructed"
    """Our reconstruction where the sources are silent; always reported as such."""


class Status(Enum):
    IMPLEMENTED = "implemented"
    PARTIAL = "partial"
    MISSING = "missing"


@dataclass(frozen=True, slots=True)
class RuleEntry:
    """One rule or law of a game, as data."""

    id: str
    source: Source
    title: str
    chooser: str = ""
    """Who holds the option when the law is broken ("non-dealer", "opponent", ...); empty when automatic."""
    remedies: tuple[str, ...] = ()
    """The remedies the law offers, by the names table-mode rulings use."""
    origin: str = ""
    """The historical source as the rule file gives it (e.g. "Cav 43; OH p.177")."""
    partial: str = ""
    """Why the rule is only partly implemented, when it is."""


def parse_table_action(words: Sequence[str]) -> Irregular | Remedy | None:
    """Read an irregular act or a remedy from the words of an action's text; ``None`` if it is neither.

    >>> parse_table_action("! Revoke 1 7H".split()), parse_table_action("remedy replay law=E-P3".split())
    (Irregular(kind='revoke', seat=1, args=('7H',)), Remedy(name='replay', law='E-P3', args=()))
    >>> parse_table_action("play KH".split()) is None
    True
    """
    if len(words) >= 3 and words[0] == "!" and words[2].isascii() and words[2].isdigit():
        return Irregular(words[1].lower(), int(words[2]), tuple(words[3:]))
    if len(words) >= 3 and words[0].lower() == "remedy" and words[-1].startswith("law="):
        return Remedy(words[1].lower(), words[-1][4:], tuple(words[2:-1]))
    return None


StateT = TypeVar("StateT")


@dataclass(frozen=True, slots=True)
class Act(Generic[StateT]):
    """One kind of irregular act of a game: its law, its syntax, when it can happen and what it does."""

    kind: str
    law: str
    syntax: str
    summary: str
    possible: Callable[[StateT, Irregular], str]
    """Returns "" when the act can happen now, else why it cannot."""
    commit: Callable[[StateT, Irregular], None]


class _ModeRules(Protocol):
    @property
    def mode(self) -> Mode: ...


class TableState(Protocol):
    """What the checks every game's table laws make read of a state: its rules' mode and the ruling pending."""

    @property
    def rules(self) -> _ModeRules: ...

    @property
    def pending(self) -> Irregularity | None: ...


TableStateT = TypeVar("TableStateT", bound=TableState)


def why_act_impossible(state: TableStateT, act: Irregular, acts: Mapping[str, Act[TableStateT]], *,
                       seats: int) -> str:
    """Why ``act`` cannot be committed now ("" when it can): the checks every game's table laws make (table mode,
    a known kind, a seat at the table, no ruling pending), then the act's own ``possible``."""
    if state.rules.mode is not Mode.TABLE:
        return "irregular acts are accepted only in table mode (rules option mode=table)"
    spec = acts.get(act.kind)
    if spec is None:
        return f"unknown irregular act {act.kind!r}; known: {', '.join(acts)}"
    if not 0 <= act.seat < seats:
        return f"the seat must be 0 to {seats - 1}"
    if state.pending is not None:
        return f"a ruling is pending ({state.pending.description}); give its remedy first"
    try:
        return spec.possible(state, act)
    except ValueError as error:
        return f"{error}; expected {spec.syntax}"


@dataclass(frozen=True, slots=True)
class RuleStatus:
    """A row of ``academie rules GAME --json``."""

    id: str
    source: str
    title: str
    status: str
    code: str
    tests: tuple[str, ...] = field(default=())
    note: str = ""

    def as_dict(self) -> dict[str, object]:
        return {"id": self.id, "source": self.source, "title": self.title, "status": self.status,
                "code": self.code, "tests": list(self.tests), "note": self.note}


def id_pattern(rule_id: str) -> re.Pattern[str]:
    """Match a rule ID in code or in a test name, in its literal form or as an identifier.

    >>> bool(id_pattern("E-X1").search("def test_E_X1_retract(): ..."))
    True
    >>> bool(id_pattern("E-X1").search("def test_E_X10_other(): ..."))
    False
    >>> bool(id_pattern("ECARTE-VI.7").search("# ECARTE-VI.7: two points"))
    True
    """
    literal = re.escape(rule_id)
    as_name = re.escape(re.sub(r"[^A-Za-z0-9]+", "_", rule_id).strip("_"))
    return re.compile(rf"(?<![A-Za-z0-9.])(?:{literal}|{as_name})(?![0-9A-Za-z]|\.[0-9])")


def _code_hits(files: Iterable[Path], root: Path, rule_id: str) -> list[str]:
    pattern = id_pattern(rule_id)
    hits = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if "…" not in line and pattern.search(line):  # a range "A … B" names IDs, it implements none
                hits.append(f"{path.relative_to(root).as_posix()}:{number}")
    return hits


def _test_nodes(tests_root: Path, root: Path) -> list[tuple[str, str]]:
    """(node id, searchable text: name and docstring) for every test function under ``tests_root``."""
    nodes: list[tuple[str, str]] = []
    for path in sorted(tests_root.rglob("test_*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        except SyntaxError:
            continue  # a test file that does not parse runs no test, so it names no rule

        rel = path.relative_to(root).as_posix()
        for node in tree.body:
            for test, prefix in _tests_in(node):
                text = test.name + "\n" + (ast.get_docstring(test) or "")
                nodes.append((f"{rel}::{prefix}{test.name}", text))
    return nodes


def _tests_in(node: ast.stmt) -> list[tuple[ast.FunctionDef, str]]:
    if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
        return [(node, "")]
    if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
        return [(item, f"{node.name}::") for item in node.body
                if isinstance(item, ast.FunctionDef) and item.name.startswith("test")]
    return []


def tests_index(catalogue: Sequence[RuleEntry], *, tests_root: Path, root: Path) -> dict[str, list[str]]:
    """For every ID of ``catalogue``, the tests (``path::name`` from ``root``) whose name or docstring names it.

    A checkout computes it from its tests; the package ships it (each game's ``rule_tests.json``) so that an
    installed copy reports the same tests, and a test of the checkout keeps the shipped index up to date.
    """
    nodes = _test_nodes(tests_root, root) if tests_root.is_dir() else []
    index: dict[str, list[str]] = {}
    for entry in catalogue:
        pattern = id_pattern(entry.id)
        index[entry.id] = [node for node, text in nodes if pattern.search(text)]
    return index


def rules_report(catalogue: Sequence[RuleEntry], *, code_files: Sequence[Path], root: Path,
                 tests: Mapping[str, Sequence[str]]) -> list[RuleStatus]:
    """Where each rule ID stands: implemented (code cites it and a test names it), partial, or missing.

    ``code_files`` are read relative to ``root``; ``tests`` maps each ID to the tests that name it
    (:func:`tests_index`).
    """
    rows = []
    for entry in catalogue:
        hits = _code_hits(code_files, root, entry.id)
        named = tuple(tests.get(entry.id, ()))
        if not hits:
            status = Status.MISSING
        elif entry.partial or not named:
            status = Status.PARTIAL
        else:
            status = Status.IMPLEMENTED
        note = entry.partial or ("no test names this ID" if hits and not named else "")
        rows.append(RuleStatus(entry.id, entry.source.value, entry.title, status.value,
                               hits[0] if hits else "", named, note))
    return rows
