"""The documentation site's pages made from the code (docs/_ext/academie_site.py): every registered game gets its
rules for players in English and French from the files the terminal prints, and its API pages; the lenient
resolver of the docstrings' references still refuses a name that does not exist; the record lexer reads every
line of a record; the interactive examples of the documentation pages run. `make site` (part of `make test`)
builds the whole site with every warning an error."""

from __future__ import annotations

import doctest
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

from pygments.token import Error

import academie
from academie import games, record

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def load_extension() -> ModuleType:
    spec = importlib.util.spec_from_file_location("academie_site", DOCS / "_ext" / "academie_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


site = load_extension()


def included(page: str, folder: Path) -> list[Path]:
    """The files a generated page includes, resolved from the page's folder."""
    return [(folder / name).resolve() for name in re.findall(r"```\{include\} (\S+)", page)]


def test_every_registered_game_has_its_rules_in_english_and_french_from_the_files_the_terminal_prints(
        tmp_path: Path) -> None:
    pages = site.rules_pages(tmp_path, site.registered_games())
    folder = tmp_path / "rules"
    index = pages[folder / "index.md"]
    for name in games.available():
        game = games.load(name)
        for lang, page_name in (("en", name), ("fr", f"{name}-fr")):
            page = pages[folder / f"{page_name}.md"]
            (source,) = [path for path in included(page, folder) if path.name.startswith("how_to_play")]
            assert source.read_text(encoding="utf-8") == game.how_to_play(lang)
            assert page.splitlines()[0] == game.how_to_play(lang).splitlines()[0]  # the file's own title
            assert f"({page_name}.md)" in index and f"<{page_name}>" in index
        assert f"| {game.title} |" in index


def test_a_rules_file_whose_sections_are_marked_like_its_title_is_shifted_below_the_title(tmp_path: Path) -> None:
    """Some how_to_play files mark their sections '#', others '##': on the page both sit below the title."""
    for game in site.registered_games():
        for lang in site.LANGUAGES:
            page = site.rules_page(game, lang, tmp_path)
            rest = game.how_to_play(lang).read_text(encoding="utf-8").splitlines()[1:]
            offset = 1 if any(line.startswith("# ") for line in rest) else 0
            assert f":heading-offset: {offset}" in page and ":start-line: 1" in page


def test_the_api_reference_documents_every_public_module_once_and_each_game_from_the_registry(tmp_path: Path) -> None:
    library, played = site.api_layout(site.registered_games())
    assert [page.name for page in played] == [games.load(name).state.__module__.rpartition(".")[0]
                                              for name in games.available()]
    documented = [module for page in library + played for module in page.modules]
    assert len(documented) == len(set(documented))
    assert {"academie.engine", "academie.cards", "academie.record", "academie.picture", "academie.bots",
            "academie.registry", "academie.sim", "academie.tournament", "academie.interop.openspiel",
            "academie.room.app", "academie.games", "academie.games.whist.pbn"} <= set(documented)
    assert not [module for module in documented if "migrations" in module or "._" in module]
    package = Path(academie.__file__).parent
    for game in played:
        folder = package.parent / game.name.replace(".", "/")
        files = {str(path.relative_to(package.parent).with_suffix("")).replace("/", ".")
                 for path in folder.rglob("*.py") if not path.name.startswith("_")}
        assert files <= set(game.modules)
    pages = site.api_pages(tmp_path, site.registered_games())
    assert set(pages) == {tmp_path / "api" / "index.md"} | {tmp_path / "api" / f"{page.name}.md"
                                                              for page in library + played}


def test_a_reference_to_a_name_that_exists_resolves_and_one_that_does_not_stays_missing() -> None:
    assert site.located("Irregular", "academie.games.ecarte.state", None) == ["academie.engine.Irregular"]
    assert site.located("resolve_chance", "academie.engine", "OwedDealState") == \
        ["academie.engine.GameState.resolve_chance"]
    assert site.located("NoSuchThing", "academie.engine", None) == []
    assert site.located("no_such", "academie.engine", "GameState") == []
    assert site.is_outside("numpy.ndarray") and site.is_outside("collections.abc.Sequence")
    assert not site.is_outside("academie.engine.NoSuchThing") and not site.is_outside("no_such_function")


def test_the_record_lexer_reads_every_line_of_a_record() -> None:
    state = games.load("ecarte").new(seed=3)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    text = record.write_text(record.from_state(state, tags={"Seat0": "Alice", "Seat1": "Bob"}))
    tokens = list(site.RecordLexer().get_tokens(text + "{a comment}\n! out-of-turn 0 KD\nT remedy cover law=E-P1\n"))
    assert not [value for kind, value in tokens if kind is Error]
    assert "".join(value for _, value in tokens).startswith('[Game "ecarte"]')


def sessions(text: str) -> str:
    """The blocks of a page that show an interactive session (their first line is a ``>>>`` prompt), one after
    the other; not a file shown whole whose docstrings hold examples (the tutorial's, checked by its own test)."""
    blocks = re.findall(r"^```[a-z]*\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)
    return "\n".join(block for block in blocks if block.lstrip().startswith(">>> "))


def test_the_interactive_examples_of_the_documentation_pages_run() -> None:
    tried = 0
    for page in sorted(DOCS.glob("*.md")):
        test = doctest.DocTestParser().get_doctest(sessions(page.read_text(encoding="utf-8")), {}, page.name,
                                                   str(page), 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        result = runner.run(test)
        assert result.failed == 0, page.name
        tried += result.attempted
    assert tried > 0
