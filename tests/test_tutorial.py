"""The tutorial (``docs/adding-a-game.md``) builds the example game (``examples/triomphe``) step by step: every code
block it shows, titled with its file, is that file's text, and every module of the example is shown, so that the
page and the example cannot drift apart."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TUTORIAL = ROOT / "docs" / "adding-a-game.md"
EXAMPLE = ROOT / "examples" / "triomphe"
BLOCK = re.compile(r'^```\w+ title="([^"]+)"\n(.*?)\n```$', re.MULTILINE | re.DOTALL)


def blocks() -> list[tuple[str, str]]:
    """(file, text) of every code block of the tutorial that names its file."""
    return BLOCK.findall(TUTORIAL.read_text(encoding="utf-8"))


def test_every_block_of_the_tutorial_is_the_text_of_its_file() -> None:
    shown = blocks()
    assert len(shown) > 10
    for path, text in shown:
        source = ROOT / path
        assert source.is_file(), f"the tutorial shows {path}, which the example does not have"
        assert text.strip() and text in source.read_text(encoding="utf-8"), (
            f"the tutorial's block of {path} is no longer in the file: mend the page or the example\n{text}")


def test_the_tutorial_shows_every_module_of_the_example() -> None:
    """Every module with code, the distribution's pyproject.toml and the game's words are on the page."""
    modules = {path for path in (EXAMPLE / "src").rglob("*.py")
               if len(ast.parse(path.read_text(encoding="utf-8")).body) > 1}
    wanted = {*modules, EXAMPLE / "pyproject.toml", *(EXAMPLE / "src").rglob("*.po")}
    shown = {ROOT / path for path, _ in blocks()}
    assert not {path.relative_to(ROOT).as_posix() for path in wanted - shown}


def test_the_check_finds_a_block_that_drifted() -> None:
    page = '```python title="examples/triomphe/src/triomphe/laws.py"\nCATALOGUE = ("nothing like it",)\n```\n'
    (path, text), = BLOCK.findall(page)
    assert text not in (ROOT / path).read_text(encoding="utf-8")
