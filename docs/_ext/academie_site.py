"""The pages of the documentation site that are made from the code at build time, and a lenient resolver of the
docstrings' cross-references.

Every game is found through the registry (``academie.games.available()`` and ``load``), never named here, so a
game added as a plugin gets its rules pages (the same ``how_to_play.<lang>.md`` files that ``academie rules``
prints in the terminal, included, not copied), its API pages, its ladder plot and its card room screenshot
without an edit to the site.

Generated files (all ignored by git, rewritten only when their text changes so that Sphinx rebuilds only what
changed):

- ``rules/``: an index of the games, and each game's rules for players in English and French;
- ``api/``: one page per public module, ``academie``'s own modules walked from the package and each registered
  game's modules walked from its package;
- ``_generated/``: fragments included by hand-written pages (the ladder's plots, the card room's tables).
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import logging
import os
import pkgutil
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from pygments.lexer import RegexLexer, bygroups
from pygments.token import Comment, Keyword, Name, Punctuation, String, Text, Whitespace
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import inspect as sphinx_inspect
from sphinx.util.nodes import make_refnode

from academie import games
from academie.registry import GameType

ROOT_PACKAGE = "academie"
GAMES_PACKAGE = "academie.games"
SKIPPED = frozenset({"academie.room.migrations"})
"""Packages left out of the API reference: Alembic runs the migrations, nobody imports them."""
LANGUAGES = {"en": "English", "fr": "en français"}
README = "README.md"


@dataclass(frozen=True, slots=True)
class Game:
    """A registered game as the site shows it."""

    name: str
    title: str
    package: str
    players: str

    @classmethod
    def of(cls, game: GameType) -> Game:
        seats = str(game.min_seats) if game.min_seats == game.max_seats else f"{game.min_seats}–{game.max_seats}"
        return cls(game.name, game.title, game.state.__module__.rpartition(".")[0], seats)

    def how_to_play(self, lang: str) -> Path:
        """The file of the rules for players that the terminal prints (``GameType.how_to_play``)."""
        return Path(str(resources.files(self.package).joinpath(f"how_to_play.{lang}.md")))

    def page(self, lang: str) -> str:
        """The page name of its rules in ``lang``, under ``rules/``."""
        return self.name if lang == "en" else f"{self.name}-{lang}"


def registered_games() -> list[Game]:
    """The games of the registry, in its order."""
    return [Game.of(games.load(name)) for name in games.available()]


def write_if_changed(path: Path, text: str) -> None:
    """Write ``text`` unless the file already holds it (an unchanged file is not read again by Sphinx)."""
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def include(path: Path, base: Path, **options: str) -> str:
    """A MyST include of ``path`` from a page in the folder ``base``."""
    lines = [f"```{{include}} {relative(path, base)}"]
    lines += [f":{name.replace('_', '-')}: {value}" for name, value in options.items()]
    return "\n".join([*lines, "```", ""])


def relative(path: Path, base: Path) -> str:
    """``path`` as a page in ``base`` names it."""
    return Path(os.path.relpath(path, base)).as_posix()


def readme_section(srcdir: Path, base: Path, heading: str, following: str) -> str:
    """The body of the README's section ``heading`` (up to the section ``following``), its links to ``docs/``
    made relative to the page."""
    return include(srcdir.parent / README, base, start_after=f'"{heading}\\n"', end_before=f'"{following}\\n"',
                   relative_docs="docs/", relative_images="")


# ------------------------------------------------------------------------------------------------ rules pages
RULES_INTRO = """\
# Rules for players

How to play each game, in English and in French: these pages are the files that `academie rules GAME` prints
in the terminal (`--lang fr` for French) and the `rules` command shows during a game, one or two screens each,
citing the IDs of the rules and laws they follow.

| game | players | English | Français |
|---|---|---|---|
"""


def rules_pages(srcdir: Path, registered: list[Game]) -> dict[Path, str]:
    """``rules/index.md`` and two pages a game."""
    folder = srcdir / "rules"
    pages: dict[Path, str] = {}
    rows = [f"| {game.title} | {game.players} | [How to play]({game.page('en')}.md) | "
            f"[Comment jouer]({game.page('fr')}.md) |" for game in registered]
    toctree = [f"{game.title} ({language}) <{game.page(lang)}>" for game in registered
               for lang, language in LANGUAGES.items()]
    pages[folder / "index.md"] = "\n".join([
        RULES_INTRO + "\n".join(rows), "",
        "## The rules report", "", readme_section(srcdir, folder, "## The rules report", "## Using the library"),
        "## Where the rules come from", "",
        readme_section(srcdir, folder, "## Where the rules come from", "## Table mode"),
        "```{toctree}", ":hidden:", "", *toctree, "```", ""])
    for game in registered:
        for lang in LANGUAGES:
            pages[folder / f"{game.page(lang)}.md"] = rules_page(game, lang, folder)
    return pages


def rules_page(game: Game, lang: str, folder: Path) -> str:
    """A game's rules in ``lang``: the file's own title, a line of what the registry says, then the file."""
    source = game.how_to_play(lang)
    first, *rest = source.read_text(encoding="utf-8").splitlines()
    if not first.startswith("# "):
        raise ValueError(f"{source} should open with its title ('# ...'), not {first!r}")
    # Some files mark their sections '#' like the title, others '##': on the page they are all below the title.
    offset = "1" if any(line.startswith("# ") for line in rest) else "0"
    other = "fr" if lang == "en" else "en"
    if lang == "fr":
        line = (f"{game.players} joueurs · `academie play {game.name}` · dans le terminal : "
                f"`academie rules {game.name} --lang fr` · [Read it in English]({game.page(other)}.md)")
    else:
        line = (f"{game.players} players · `academie play {game.name}` · in the terminal: "
                f"`academie rules {game.name}` · [Lire en français]({game.page(other)}.md)")
    return "\n".join([first, "", line, "", include(source, folder, start_line="1", heading_offset=offset)])


# ------------------------------------------------------------------------------------------------ API pages
def submodules(package: str) -> list[str]:
    """The public modules and packages directly inside ``package``, by name."""
    module = importlib.import_module(package)
    paths = getattr(module, "__path__", None)
    if paths is None:
        return []
    found = (f"{package}.{info.name}" for info in pkgutil.iter_modules(paths))
    return sorted(name for name in found if not name.rpartition(".")[2].startswith("_") and name not in SKIPPED)


def modules_under(package: str) -> list[str]:
    """``package`` and every public module below it, each package before its modules."""
    return [package] + [name for child in submodules(package) for name in modules_under(child)]


@dataclass(frozen=True, slots=True)
class ApiPage:
    """One page of the API reference: a module of ``academie``, or a package with all its modules, or a game."""

    name: str
    title: str
    modules: list[str]


def api_layout(registered: list[Game]) -> tuple[list[ApiPage], list[ApiPage]]:
    """The pages of the library (each module or package directly inside ``academie``; ``academie.games`` is the
    registry alone) and those of the registered games (each game's package, wherever it lives, in the registry's
    order)."""
    library = [ApiPage(name, name, [name] if name == GAMES_PACKAGE else modules_under(name))
               for name in submodules(ROOT_PACKAGE)]
    played = [ApiPage(game.package, game.title, modules_under(game.package))
              for game in registered]
    return library, played


API_INTRO = """\
# API reference

From the docstrings of the code: the library's own modules, then each registered game's package. The examples in
the docstrings are doctests, run by `make test`.

## Using the library

"""


def automodule(name: str, *, members: bool = True) -> list[str]:
    # autodoc writes reStructuredText, which MyST reads only inside eval-rst.
    return ["```{eval-rst}", f".. automodule:: {name}", *(["   :members:"] if members else []), "```", ""]


def contents(pages: list[ApiPage]) -> list[str]:
    """A table of ``pages``, each with the first line of its package's or module's docstring (and a game's
    package beside its title)."""
    games_table = any(page.title != page.name for page in pages)
    head = ["| game | package | what it is |", "|---|---|---|"] if games_table else \
        ["| module | what it is |", "|---|---|"]
    rows = [f"| [{page.title}]({page.name}.md) |{f' `{page.name}` |' if games_table else ''} "
            f"{summary(page.modules[0])} |" for page in pages]
    return [*head, *rows, ""]


def summary(module: str) -> str:
    """The first sentence of a module's docstring, its reStructuredText roles and literals made plain."""
    doc = (importlib.import_module(module).__doc__ or "").strip()
    first = re.split(r"(?<=[.!?])\s|\n\s*\n", doc, maxsplit=1)[0]
    plain = re.sub(r":\w+:`~?([^`]+)`", r"`\1`", " ".join(first.split())).replace("``", "`")
    return plain.replace("|", "\\|")


def api_pages(srcdir: Path, registered: list[Game]) -> dict[Path, str]:
    """``api/index.md`` (the package ``academie`` and the tables of contents) and a page per :class:`ApiPage`."""
    folder = srcdir / "api"
    library, played = api_layout(registered)
    pages = {folder / "index.md": "\n".join([
        API_INTRO + readme_section(srcdir, folder, "## Using the library", "## Where the rules come from"),
        "## The library", "", *contents(library), "## The games", "", *contents(played),
        "## The package `academie`", "", *automodule(ROOT_PACKAGE, members=False),
        "```{toctree}", ":hidden:", "", *(page.name for page in library + played), "```", ""])}
    for page in library + played:
        first, *rest = page.modules
        lines = [f"# {page.title}", "", *([] if page.title == page.name else [f"The package `{page.name}`.", ""]),
                 *automodule(first)]
        for module in rest:
            lines += [f"## {module}", "", *automodule(module)]
        pages[folder / f"{page.name}.md"] = "\n".join(lines)
    return pages


# ------------------------------------------------------------------------------------------------ fragments
def fragments(srcdir: Path, registered: list[Game]) -> dict[Path, str]:
    """What hand-written pages include: each game's ladder plot and card room table, when the file is there."""
    folder = srcdir / "_generated"
    plots = [f"![{game.title}: each level against the next](/ladder/{game.name}.png)\n"
             for game in registered if (srcdir / "ladder" / f"{game.name}.png").is_file()]
    tables = [f"**{game.title}**\n\n![{game.title} in the card room](/screenshots/{game.name}.png)\n"
              for game in registered if (srcdir / "screenshots" / f"{game.name}.png").is_file()]
    return {folder / "ladder-plots.md": "\n".join(plots) or "No plot yet.\n",
            folder / "room-tables.md": "\n".join(tables) or "No screenshot yet.\n"}


def generate(srcdir: Path) -> dict[Path, str]:
    """Every generated page, written under ``srcdir`` (stale ones of a game no longer registered removed)."""
    registered = registered_games()
    pages = {**rules_pages(srcdir, registered), **api_pages(srcdir, registered), **fragments(srcdir, registered)}
    for folder in ("rules", "api", "_generated"):
        for stale in (srcdir / folder).glob("*.md"):
            if stale not in pages:
                stale.unlink()
    for path, text in pages.items():
        write_if_changed(path, text)
    return pages


# ------------------------------------------------------------------------------------------------ references
MISSING = object()


def resolve_loosely(app: Sphinx, env: BuildEnvironment, node: pending_xref,
                    contnode: nodes.TextElement) -> nodes.Element | None:
    """A cross-reference the Python domain did not resolve, looked for as a reader would.

    A name of the project is looked for from where the docstring stands (its class, its module), then as an
    import path; found, it links to where it is documented under its own module (``Irregular`` imported into a
    game's state is documented in :mod:`academie.engine`; an inherited method under its class), or is shown as
    code when it has no docstring of its own. Otherwise a unique documented object whose name ends so is taken
    (``:data:`PUBLIC``` in a game's module). A name from outside the project (the standard library, numpy, ...)
    is shown as code. Anything else is missing, and the strict build fails on it."""
    if node.get("refdomain") != "py":
        return None
    target = re.sub(r"\.\s+", ".", str(node["reftarget"])).lstrip("~.")
    domain: Any = env.get_domain("py")
    module, cls = node.get("py:module"), node.get("py:class")
    found = located(target, module, cls)
    documented = domain.objects.get(found[0]) if found else None
    if documented is not None:
        return make_refnode(app.builder, node["refdoc"], documented.docname, documented.node_id, contnode, found[0])
    matches = domain.find_obj(env, module, cls, target.rpartition(".")[2] if found else target, None, 1)
    if matches:
        name, documented = max(matches, key=lambda match: shared_parts(match[0], module or ""))
        return make_refnode(app.builder, node["refdoc"], documented.docname, documented.node_id, contnode, name)
    if found or is_outside(target):
        return contnode
    return None


def shared_parts(a: str, b: str) -> int:
    """How many leading dotted names ``a`` and ``b`` share (the nearest of several objects of one name)."""
    count = 0
    for x, y in zip(a.split("."), b.split("."), strict=False):
        if x != y:
            break
        count += 1
    return count


def located(target: str, module: str | None, cls: str | None) -> list[str]:
    """The documented name of the object ``target`` names from ``module`` and its class ``cls`` (at most one)."""
    places = ([f"{module}.{cls}.{target}"] if module and cls else []) + ([f"{module}.{target}"] if module else [])
    for dotted in [*places, target]:
        value, owner = imported(dotted)
        if value is not MISSING:
            qualname = getattr(value, "__qualname__", None)
            home = getattr(value, "__module__", None)
            if isinstance(qualname, str) and isinstance(home, str):
                return [f"{home}.{qualname}"]
            return [dotted]
        if owner is not None and sets_attribute(owner, dotted.rpartition(".")[2]):
            return [dotted]
    return []


def imported(dotted: str) -> tuple[Any, Any]:
    """The object at ``dotted`` (a module path, then attributes) and its owner, or ``MISSING``."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            value: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        owner = None
        for attribute in parts[cut:]:
            owner, value = value, getattr(value, attribute, MISSING)
            if value is MISSING:
                return MISSING, owner if attribute == parts[-1] else None
        return value, owner
    return MISSING, None


def sets_attribute(owner: Any, name: str) -> bool:
    """Whether the class ``owner`` gives its instances the attribute ``name`` (slots, annotations, ``__init__``)."""
    if not isinstance(owner, type):
        return False
    for klass in owner.__mro__:
        if name in getattr(klass, "__slots__", ()) or name in getattr(klass, "__annotations__", {}):
            return True
        try:
            source = inspect.getsource(klass.__dict__["__init__"])
        except (KeyError, OSError, TypeError):  # none of its own, or made at run time (a dataclass's)
            continue
        if f"self.{name} =" in source:
            return True
    return False


def is_outside(target: str) -> bool:
    """A name from outside the project (a module that is not ours), or a private one of ours."""
    if "[" in target or any(part.startswith("_") for part in target.split(".")):
        return True
    top = target.partition(".")[0]
    ours = {ROOT_PACKAGE} | {game.package.partition(".")[0] for game in registered_games()}
    return top not in ours and "." in target and importlib.util.find_spec(top) is not None


# ------------------------------------------------------------------------------------------------ records
class RecordLexer(RegexLexer):
    """The game record's text (``docs/record-format.md``), for the examples fenced as ``acad``: tag pairs, the
    actor that opens an action line, irregularities, the laws rulings cite, comments."""

    name = "Académie record"
    aliases: ClassVar[list[str]] = ["acad"]
    filenames: ClassVar[list[str]] = ["*.acad"]
    tokens: ClassVar[dict[str, Any]] = {"root": [
        (r"\{[^{}\n]*\}", Comment),
        (r'^(\[)(\w+)(\s+)("(?:[^"\\\n]|\\.)*")(\])', bygroups(Punctuation, Name.Tag, Whitespace, String, Punctuation)),
        (r"^(?:\d+|C|T)(?=\s)", Name.Variable),
        (r"^!", Keyword),
        (r"law=\S+", Name.Attribute),
        (r"\s+", Whitespace),
        (r"[^\s{]+", Text),
    ]}


# ------------------------------------------------------------------------------------------------ values
LONGEST_VALUE = 160
"""Past this many characters a module constant's value is cut short on its page: a game's ``GAME`` spells out
its whole catalogue, which its own page lists better."""


def shortened(describe: Any) -> Any:
    """autodoc's description of a value (``sphinx.util.inspect.object_description``), cut at :data:`LONGEST_VALUE`."""
    def description(value: Any, *args: Any, **kwargs: Any) -> str:
        text: str = describe(value, *args, **kwargs)
        return text if len(text) <= LONGEST_VALUE else text[:LONGEST_VALUE].rstrip() + " …"

    return description


def builder_inited(app: Sphinx) -> None:
    # accessible-pygments (Furo's colour schemes) sets the root logger to INFO when Pygments loads it, and the
    # modules autodoc imports (alembic's) would then print their INFO lines through the build.
    logging.getLogger().setLevel(logging.WARNING)
    generate(Path(app.srcdir))


def setup(app: Sphinx) -> dict[str, Any]:
    sphinx_inspect.object_description = shortened(sphinx_inspect.object_description)
    app.add_lexer("acad", RecordLexer)
    app.connect("builder-inited", builder_inited)
    app.connect("missing-reference", resolve_loosely)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
