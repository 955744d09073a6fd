"""The shape of the house (DESIGN.md §1, §8): dependencies run one way, with no import circle in ``src/academie``,
and no module outside ``games/`` names a game, so that a new game is one folder and one registration (a package
of its own, found through the ``academie.games`` entry points)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from academie.games import GAMES

SOURCE = Path(__file__).resolve().parents[1] / "src" / "academie"


def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for path in SOURCE.rglob("*.py"):
        parts = list(path.relative_to(SOURCE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imported(module: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of the package that ``module`` imports, lazily inside functions too (``TYPE_CHECKING`` blocks,
    which run only under the type checker, excepted)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        for sub in ast.walk(node):
            names: list[str] = []
            if isinstance(sub, ast.Import):
                names = [alias.name for alias in sub.names]
            elif isinstance(sub, ast.ImportFrom):
                base = sub.module or ""
                if sub.level:
                    up = package.split(".")[: len(package.split(".")) - (sub.level - 1)]
                    base = ".".join(up + ([base] if base else []))
                names = [base, *(f"{base}.{alias.name}" for alias in sub.names)]
            for name in names:
                while name and name not in known:
                    name = name.rpartition(".")[0]
                if name and name != module:
                    out.add(name)
    return out


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan): a package and its own modules count too
    (``academie`` loads ``academie.games``; a game's module that imports ``academie`` back closes a circle)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on.add(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group: list[str] = []
            while True:
                other = stack.pop()
                on.discard(other)
                group.append(other)
                if other == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def test_no_import_circle_in_the_package() -> None:
    """Dependencies run one way (cards ← engine ← ledger/laws ← games ← record, picture, bots ← sim, tournament,
    room, interop, cli): no two modules need each other, however far round, lazily or not."""
    known = modules()
    graph = {module: imported(module, path, known) for module, path in known.items()}
    assert not circles(graph), "import circles (break them): " + "; ".join(" <-> ".join(c) for c in circles(graph))


def test_the_circle_check_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"p": {"p.x"}, "p.x": {"q"}, "q": set()}) == []


def code_words(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) of every name, attribute, import and string of a module's code: docstrings and comments,
    which may well speak of a game, excepted."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value
        elif isinstance(node, ast.Name):
            yield node.lineno, node.id
        elif isinstance(node, ast.Attribute):
            yield node.lineno, node.attr
        elif isinstance(node, ast.Import | ast.ImportFrom):
            yield node.lineno, " ".join([getattr(node, "module", "") or "", *(alias.name for alias in node.names)])


def test_no_module_outside_the_games_names_a_game() -> None:
    """The command line, records, simulation, tournaments, the card room and the adapters read each game's
    registration and never its name: a sixth game edits none of them (DESIGN.md §8)."""
    names = {word for game in GAMES.values() for word in (game.name, game.package.rpartition(".")[2])}
    pattern = re.compile(rf"\b({'|'.join(sorted(map(re.escape, names)))})\b", re.IGNORECASE)
    games = SOURCE / "games"
    found = [f"{path.relative_to(SOURCE)}:{line}: {text!r}" for path in sorted(SOURCE.rglob("*.py"))
             if not path.is_relative_to(games) for line, text in code_words(path)
             if pattern.search(text.replace("_", " "))]
    assert not found, "code outside games/ that names a game:\n" + "\n".join(found)


def test_every_games_how_to_play_has_one_title_and_its_sections_under_it() -> None:
    """Each game's players' rules (``how_to_play.<lang>.md``) open with one ``#`` title and any sections are ``##``
    under it: the documentation site and the terminal's ``rules`` pages read the same outline for every game."""
    for game in GAMES.values():
        for lang in ("en", "fr"):
            headings = [line for line in game.how_to_play(lang).splitlines() if line.startswith("#")]
            levels = [len(line) - len(line.lstrip("#")) for line in headings]
            assert levels[0] == 1 and set(levels[1:]) <= {2, 3}, (game.name, lang, headings)
