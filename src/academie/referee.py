"""The referee of a real table: the laws of irregularities, asked as short questions and answered with a ruling.

Each game keeps its questions as data in its package (``<package>.referee``, a module satisfying
:class:`academie.registry.RefereeBook`), built from the irregular acts its table mode knows (``table.ACTS``: each
act's law and summary) and its catalogue (``laws.CATALOGUE``: each law's words, source, chooser and remedies), so
the referee never keeps a second copy of a law. This module names no game: it builds a tree of questions from a
game's data (:func:`build_tree`), walks it by the answers given (:func:`walk`), and renders the ruling a path ends
in (:func:`rule`): the law's ID and words (the catalogue's, ours), the seed's own articles on the case (shipped in
each game's package: the French original, our English translation, said to be ours), who chooses among which
remedies, whether our reconstruction decides, and the related laws. A path may also end in "no law covers this; the
custom of the table decides". The terminal (``academie referee``) and the card room (:mod:`academie.room.referee`)
are its clients; :func:`contract` is what other tools read.

>>> leaf = Verdict("E-P1")
>>> tree = Question("moment", "When did it happen?", (Choice("In play", leaf),))
>>> walk(tree, [0]) is leaf, laws_of(tree)
(True, ('E-P1',))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import Any, Final

from academie.engine import JSON, AcademieError, Remedy
from academie.laws import Act, RuleEntry, Source
from academie.registry import GameType, RefereeBook
from academie.words import Words

CUSTOM: Final = "No law covers this; the custom of the table decides."
"""What a path that no law covers ends in, said plainly."""
SOMETHING_ELSE: Final = "Something else"
"""The answer, offered beside every question's, that leads to the custom of the table."""
WHICH_GAME: Final = "Which game?"
"""The first question when the game is not given."""


class RefereeError(AcademieError, ValueError):
    """Answers that do not make a path through a game's questions; nothing is ruled."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """Where a path ends: the law that rules (``None``: no law covers it, the custom of the table decides).

    ``remedies`` and ``chooser`` are the catalogue entry's unless given: the remedies table mode offers under the
    law, and who chooses among them ("" when the table rules by itself).
    """

    law: str | None
    remedies: tuple[str, ...] | None = None
    chooser: str | None = None
    also: tuple[str, ...] = ()
    """The laws that rule with this one (the rule file's law restating a seed rule, ``E-X4`` beside
    ``ECARTE-VI.6``): reachable through this verdict, and said as related."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer to a question (an English message of the catalogues) and where it leads; ``act`` is the
    irregular act of table mode the answer names (``! KIND SEAT ...``), where it names one."""

    answer: str
    then: Question | Verdict
    act: str = ""


@dataclass(frozen=True, slots=True)
class Question:
    """One question (an English message), asked one at a time; ``key`` names it in the JSON contract."""

    key: str
    text: str
    choices: tuple[Choice, ...]


@dataclass(frozen=True, slots=True)
class RemedyRuling:
    """One remedy the law offers: its name as table mode gives it, and what it does, in words."""

    name: str
    does: str


@dataclass(frozen=True, slots=True)
class Ruling:
    """The answer to a path, in one language: the law, its words, who chooses among which remedies."""

    law: str | None
    """The law's ID; ``None`` when no law covers the case (then only :attr:`words` is said)."""
    source: str
    """Where the law comes from: "seed", "law" (the rule file's laws) or "reconstructed"."""
    words: str
    """The law, in the catalogue's words (our summary of the sources, in the language asked)."""
    ours: bool
    """The words are ours (a summary or a translation), not the source's own."""
    chooser: str
    """Who chooses the remedy, in words; "" when the table rules by itself."""
    remedies: tuple[RemedyRuling, ...]
    reconstructed: bool
    """The seeds are silent and our reconstruction decides."""
    related: tuple[str, ...]
    """The other laws the same act may be ruled under."""
    seed: tuple[tuple[str, str], ...]
    """The seed's own articles on the case, ``(ID, text)``: the law itself where the seed states it, and the seed
    articles the rule file's law restates; in French the original, in English our translation."""
    seed_translated: bool
    """The seed's words are our translation (every language but French)."""
    notes: tuple[str, ...]
    """Sentences to say with the ruling (the reconstruction's notice, the custom of the table)."""

    def as_json(self) -> dict[str, JSON]:
        return {"law": self.law, "source": self.source, "words": self.words, "ours": self.ours,
                "chooser": self.chooser, "remedies": [{"name": r.name, "does": r.does} for r in self.remedies],
                "reconstructed": self.reconstructed, "related": list(self.related),
                "seed": [{"law": law, "text": text} for law, text in self.seed],
                "seed_translated": self.seed_translated, "notes": list(self.notes)}


RemedyWords = Callable[[Remedy, Words], str]
"""What a remedy does, in words: the same words a game's table picture says of it."""


# ------------------------------------------------------------------------------------------------ building
def build_tree(*, stages: Sequence[tuple[str, Sequence[str]]], acts: Iterable[Act[Any]],
               catalogue: Sequence[RuleEntry], by_act: Mapping[str, Question | Verdict] | None = None,
               verdicts: Mapping[str, Verdict] | None = None, answers: Mapping[str, str] | None = None) -> Question:
    """A game's questions: "when did it happen?" (one answer per stage of the deal), then "what happened?" (one
    answer per irregular act of that stage, in the act's own summary unless ``answers`` words it for a person),
    then what the act leads to: its follow-up question or verdict in ``by_act`` where the law or its ruling depends
    on more, else the verdict of the act's law (``verdicts`` by law, or the catalogue's). Every question also offers
    "something else", which ends in the custom of the table; every verdict names beside its law the seed articles
    the catalogue says the law comes from (:func:`seed_articles`).
    """
    by_kind = {act.kind: act for act in acts}
    by_act, verdicts, answers = by_act or {}, verdicts or {}, answers or {}
    stage_choices = []
    for stage, kinds in stages:
        choices = []
        for kind in kinds:
            act = by_kind[kind]
            then = by_act.get(kind) or verdicts.get(act.law) or Verdict(act.law)
            answer = answers.get(kind) or act.summary[:1].upper() + act.summary[1:]
            choices.append(Choice(answer, _with_seeds(then, catalogue), act=kind))
        stage_choices.append(Choice(stage, Question("act", "What happened?", with_custom(choices))))
    return Question("moment", "When did it happen?", with_custom(stage_choices))


def _with_seeds(node: Question | Verdict, catalogue: Sequence[RuleEntry]) -> Question | Verdict:
    if isinstance(node, Question):
        return replace(node, choices=tuple(replace(choice, then=_with_seeds(choice.then, catalogue))
                                           for choice in node.choices))
    if node.law is None:
        return node
    seeds = tuple(law for law in seed_articles(node.law, catalogue) if law not in (node.law, *node.also))
    return replace(node, also=(*node.also, *seeds)) if seeds else node


_SEED_ORIGIN: Final = re.compile(r"\bseed\b(?: rules?)?\s+([^;]*)")
_ARTICLE: Final = re.compile(r"([IVX]+\.)?(\d+)(?:[–-](\d+))?")


def seed_articles(law: str, catalogue: Sequence[RuleEntry]) -> tuple[str, ...]:
    """The seed articles a law of the rule file restates, as its catalogue entry's origin names them ("seed 11,
    14", "seed rule 7", "seed V.2–3"), found among the catalogue's seed entries (``WHIST-11``, ``GUIMBARDE-R7``,
    ``ECARTE-V.2``).

    >>> from academie.laws import RuleEntry, Source
    >>> catalogue = (RuleEntry("X-V.2", Source.SEED, ""), RuleEntry("X-V.3", Source.SEED, ""),
    ...              RuleEntry("X-P2", Source.LAW, "", origin="seed V.2–3; Cav 41"))
    >>> seed_articles("X-P2", catalogue)
    ('X-V.2', 'X-V.3')
    """
    entry = next((entry for entry in catalogue if entry.id == law), None)
    found = _SEED_ORIGIN.search(entry.origin) if entry is not None else None
    if found is None:
        return ()
    wanted = set()
    for chapter, first, last in _ARTICLE.findall(found.group(1)):
        for number in range(int(first), int(last or first) + 1):
            wanted.add(f"{chapter}{number}")
    seeds = [e.id for e in catalogue if e.source is Source.SEED]
    return tuple(seed for seed in seeds if seed.rpartition("-")[2].removeprefix("R") in wanted)


def with_custom(choices: Sequence[Choice]) -> tuple[Choice, ...]:
    """``choices`` and "something else", which ends in the custom of the table."""
    return (*choices, Choice(SOMETHING_ELSE, Verdict(None)))


# ------------------------------------------------------------------------------------------------ walking
def walk(tree: Question, answers: Sequence[int]) -> Question | Verdict:
    """Where ``answers`` (the index of the choice taken at each question) lead: the next question or a verdict.

    Raises :class:`RefereeError` naming the question and the answers allowed when an answer is out of range or
    given after the path has ended.
    """
    node: Question | Verdict = tree
    for step, answer in enumerate(answers):
        if isinstance(node, Verdict):
            raise RefereeError(f"answer {step + 1} ({answer}) comes after the ruling: the path ended at answer {step}")
        if not 0 <= answer < len(node.choices):
            raise RefereeError(f"answer {step + 1} ({answer}) to {node.text!r} is not allowed; allowed: 0 to "
                               f"{len(node.choices) - 1}")
        node = node.choices[answer].then
    return node


def parse_answers(text: str) -> tuple[int, ...]:
    """Answers written as the room's contract writes them, comma-separated indices (``"2,0,1"``).

    >>> parse_answers("2,0,1"), parse_answers("")
    ((2, 0, 1), ())
    """
    if not text.strip():
        return ()
    try:
        return tuple(int(part) for part in text.split(","))
    except ValueError:
        raise RefereeError(f"answers {text!r} are not allowed; allowed: whole numbers separated by commas, "
                           "e.g. 2,0,1") from None


def verdicts_of(tree: Question | Verdict) -> tuple[Verdict, ...]:
    """Every verdict the tree can end in, in the order of its paths."""
    if isinstance(tree, Verdict):
        return (tree,)
    return tuple(verdict for choice in tree.choices for verdict in verdicts_of(choice.then))


def laws_of(tree: Question) -> tuple[str, ...]:
    """Every law ID a path of the tree ends in (with the laws that rule beside it), once each, in path order."""
    return tuple(dict.fromkeys(law for verdict in verdicts_of(tree) if verdict.law is not None
                               for law in (verdict.law, *verdict.also)))


def paths_to(tree: Question | Verdict, law: str | None, prefix: tuple[int, ...] = ()) -> tuple[tuple[int, ...], ...]:
    """The answers of every path ending in ``law`` (``None``: in the custom of the table)."""
    if isinstance(tree, Verdict):
        return (prefix,) if tree.law == law else ()
    return tuple(path for index, choice in enumerate(tree.choices)
                 for path in paths_to(choice.then, law, (*prefix, index)))


# ------------------------------------------------------------------------------------------------ ruling
def rule(verdict: Verdict, *, catalogue: Sequence[RuleEntry], words: Words, remedy_words: RemedyWords | None = None,
         related: Sequence[str] = (), seeds: Mapping[str, str] | None = None) -> Ruling:
    """The ruling of ``verdict`` in ``words``' language, from the catalogue entry of its law; ``seeds``: the seed's
    articles on the game by ID, in that language (:func:`seed_texts`)."""
    if verdict.law is None:
        return Ruling(None, "", words(CUSTOM), True, "", (), False, (), (), False, (words(CUSTOM),))
    entry = next((entry for entry in catalogue if entry.id == verdict.law), None)
    if entry is None:
        raise RefereeError(f"the law {verdict.law!r} is not in the game's catalogue")
    names = entry.remedies if verdict.remedies is None else verdict.remedies
    chooser = entry.chooser if verdict.chooser is None else verdict.chooser
    remedies = tuple(RemedyRuling(name, _remedy_text(Remedy(name, entry.id), words, remedy_words)) for name in names)
    reconstructed = entry.source is Source.RECONSTRUCTED
    notes = [words("The seeds are silent; our reconstruction decides.")] if reconstructed else []
    notes.append(words("The words of the law are our summary of its sources."))
    seeds = seeds or {}
    quoted = tuple((law, seeds[law]) for law in (entry.id, *verdict.also) if law in seeds)
    return Ruling(entry.id, entry.source.value, words(entry.title), True,
                  words(chooser) if chooser else "", remedies, reconstructed,
                  tuple(law for law in dict.fromkeys((*verdict.also, *related)) if law != entry.id), quoted,
                  words.lang != "fr", tuple(notes))


_ARTICLE_LINE: Final = re.compile(r"^\*\*([^*]+)\*\* (.+)$", re.MULTILINE)


@cache
def seed_texts(package: str, lang: str) -> Mapping[str, str]:
    """The seed's articles on a game by ID, as its package ships them (``seed.<lang>.md``: the French original of
    the clean edition, or our English translation of it); empty when the package ships none in ``lang``."""
    source = resources.files(package).joinpath(f"seed.{lang}.md")
    if not source.is_file():
        return {}
    # the clean edition marks spoken formulas in italics (*cœur*); a ruling says the words, not the markup
    return {law: text.replace("*", "") for law, text in _ARTICLE_LINE.findall(source.read_text(encoding="utf-8"))}


def _remedy_text(remedy: Remedy, words: Words, remedy_words: RemedyWords | None) -> str:
    text = remedy_words(remedy, words) if remedy_words is not None else remedy.name
    return text if text != remedy.name else words("as table mode names it: {remedy}", remedy=remedy.name)


def related_laws(tree: Question, answers: Sequence[int]) -> tuple[str, ...]:
    """The laws the same act may be ruled under by its circumstances: those of the follow-up question (past
    "when" and "what") that a path's last answer was given to."""
    node: Question | Verdict = tree
    last = tree
    for answer in answers:
        if isinstance(node, Question):
            last, node = node, node.choices[answer].then
    return laws_of(last) if last.key not in ("moment", "act") else ()


# ------------------------------------------------------------------------------------------------ contract
def tree_json(node: Question | Verdict, words: Words) -> dict[str, JSON]:
    """The tree as the JSON contract gives it: a question's key, text and choices (each with its answer, the
    table-mode act it names or "", and where it leads), or a verdict's law (null: the custom of the table) and the
    laws ruled with it."""
    if isinstance(node, Verdict):
        return {"law": node.law, "also": list(node.also)}
    return {"key": node.key, "text": words(node.text),
            "choices": [{"answer": words(choice.answer), "act": choice.act, "then": tree_json(choice.then, words)}
                        for choice in node.choices]}


def ruling_lines(ruling: Ruling, words: Words) -> list[str]:
    """The ruling as the terminal says it, a sentence a line."""
    if ruling.law is None:
        return list(ruling.notes)
    lines = [words("Ruling under {law}: {words}", law=ruling.law, words=ruling.words)]
    for law, text in ruling.seed:
        lines.append(words("The seed, in our translation ({law}): {text}", law=law, text=text) if ruling.seed_translated
                     else words("The seed ({law}): {text}", law=law, text=text))
    if ruling.remedies:
        lines.append(words("{who} chooses:", who=ruling.chooser) if ruling.chooser else words("The table rules:"))
        lines += [f"  - {remedy.does}" for remedy in ruling.remedies]
    if ruling.related:
        lines.append(words("Related laws: {laws}", laws=", ".join(ruling.related)))
    return lines + list(ruling.notes)


# ------------------------------------------------------------------------------------------------ a game's
def book_of(game: GameType) -> RefereeBook:
    """The game's referee questions; :class:`RefereeError` naming the game when it has none."""
    if game.referee is None:
        raise RefereeError(f"the referee has no questions on {game.name} yet")
    return game.referee()


def ruling_of(game: GameType, answers: Sequence[int], words: Words) -> Ruling | None:
    """The ruling ``answers`` lead to in ``game``'s questions, in ``words``' language; ``None`` while the path
    still asks a question."""
    book = book_of(game)
    node = walk(book.TREE, answers)
    if isinstance(node, Question):
        return None
    return rule(node, catalogue=game.catalogue, words=words, remedy_words=book.remedy_words,
                related=related_laws(book.TREE, answers), seeds=seed_texts(game.package, words.lang))


def messages(game: GameType) -> tuple[str, ...]:
    """Every message the referee may say of ``game`` that its code does not spell out: the questions and answers
    of its tree, the catalogue's words of every law a path rules under, and who chooses; with the shared ones
    (:data:`CUSTOM`, :data:`SOMETHING_ELSE`, the choice of game). The words test checks each has its French."""
    book = book_of(game)
    said = [CUSTOM, SOMETHING_ELSE, WHICH_GAME]

    def visit(node: Question | Verdict) -> None:
        if isinstance(node, Verdict):
            entry = next((entry for entry in game.catalogue if entry.id == node.law), None)
            if entry is not None:
                chooser = entry.chooser if node.chooser is None else node.chooser
                said.extend((entry.title, *([chooser] if chooser else [])))
            return
        said.append(node.text)
        for choice in node.choices:
            said.append(choice.answer)
            visit(choice.then)

    visit(book.TREE)
    for law in laws_of(book.TREE):
        said.extend(entry.title for entry in game.catalogue if entry.id == law)
    return tuple(dict.fromkeys(said))


def contract(game: GameType, words: Words) -> dict[str, JSON]:
    """The whole question tree of ``game`` as other tools read it: ``{"game", "laws", "tree"}``."""
    tree = book_of(game).TREE
    return {"game": game.name, "laws": list(laws_of(tree)), "tree": tree_json(tree, words)}


# ------------------------------------------------------------------------------------------------ asking
def ask(tree: Question, words: Words, *, read: Callable[[], str | None],
        say: Callable[[str], None]) -> tuple[int, ...] | None:
    """Ask ``tree``'s questions one at a time: ``say`` a question and its numbered answers, ``read`` a line (a
    number; ``0`` goes back a question, ``q`` or the end of input stops); the answers of the path to a verdict,
    or ``None`` when the person stops first. An answer not offered is said to be so and the question asked again."""
    answers: list[int] = []
    while True:
        node = walk(tree, answers)
        if isinstance(node, Verdict):
            return tuple(answers)
        say(words(node.text))
        for number, choice in enumerate(node.choices, start=1):
            say(f"  {number}. {words(choice.answer)}")
        say(words("  0. back    q. stop") if answers else words("  q. stop"))
        line = read()
        if line is None or line.strip().lower() == "q":
            return None
        text = line.strip()
        if text == "0" and answers:
            answers.pop()
        elif text.isdigit() and 1 <= int(text) <= len(node.choices):
            answers.append(int(text) - 1)
        else:
            say(words("Answer 1 to {last}, 0 to go back or q to stop.", last=len(node.choices)))
