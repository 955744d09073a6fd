"""The table picture of Whist (:mod:`academie.games.whist.picture`): what each seat and a spectator see, in English
and in French, built from the view alone.

Scenarios from the rule file's worked examples (W-§6.5): an ordinary hand (1: tricks, then honours, W-§6.1,
W-§4.1), calling at eight (2: W-§4.2, a single game W-§6.2) and an established revoke in table mode (6: W-R1); the
trick winner and why (W-§5), the hand sorted trumps first, the moves in the books' words (« j'appelle »), refusals
explained by their rule. Then random rubbers of every seat and the public, enforced and in table mode: the picture
names no card its view does not hold, its drawing fits 80 columns and it is plain JSON. Last, the rules for
players (``how_to_play``) fit 80 columns and cite the game's law IDs.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import inspect
import json
import random
import re
from importlib import resources
from typing import Any

import pytest
from picture_support import memos_against_fresh

from academie.cards import PACK_52, Card
from academie.engine import PUBLIC, Irregular, Mode, Remedy
from academie.games.whist import GAME, WhistRules, WhistState, picture, table
from academie.games.whist.laws import CATALOGUE
from academie.games.whist.picture import act_label, default_names, paint, shorthand, why_not
from academie.games.whist.positions import deck
from academie.picture import Painter, Picture, draw_text, draw_trick
from academie.words import Words

EN, FR = Words("en"), Words("fr")
SEATS_AND_PUBLIC = (0, 1, 2, 3, PUBLIC)

# W-§6.5, example 1: A-B (seats 0 and 2) at 3, C-D (seats 1 and 3) at 6; hearts are trumps; A-B take eight tricks
# (2 odd tricks: 5), C-D hold the king, queen and knave of trumps (three honours: 8). Each trick below is forced
# by following suit; the thirteenth is trumped by seat 0.
EXAMPLE_1 = {
    0: "AS KS 9S 3D 6D 9D 3C 6C 9C AH 5H 8H 2H",
    1: "3S 6S QS AD 7D TD 4C 7C QC KH QH 9H 2D",
    2: "4S 7S TS 4D KD QD AC KC TC 3H 6H TH 2C",
    3: "5S 8S JS 5D 8D JD 5C 8C JC 4H 7H JH 2S",
}
EXAMPLE_1_TRICKS = (  # in the order played, the leader first (the winner of each trick leads the next, W-§5)
    "AS 3S 4S 5S", "KS 6S 7S 8S", "9S QS TS JS", "AD 4D 5D 3D", "7D KD 8D 6D", "QD JD 9D TD", "AC 5C 3C 4C",
    "KC 8C 6C 7C", "TC JC 9C QC", "KH 3H 4H AH", "5H QH 6H 7H", "9H TH JH 8H", "2S 2H 2D 2C",
)


def example_1(*, tricks: int = 13, rules: WhistRules | None = None, score: tuple[int, int] = (3, 6)) -> WhistState:
    state = WhistState.new(rules, decks=[deck(hands=EXAMPLE_1, dealer=3, turn_up="7H")], first_dealer=3,
                           score=score)
    for trick in EXAMPLE_1_TRICKS[:tricks]:
        for card in trick.split():
            state.apply_text(f"play {card}")
    return state


def look(state: WhistState, viewer: int, words: Words = EN) -> Picture:
    view = state.view(viewer)
    return paint(view, words=words, names=default_names(view, words=words))


# ------------------------------------------------------------------------------------------------ scenarios
def test_W_5_each_trick_winner_is_said_with_the_card_and_why() -> None:
    """W-§5: the highest trump wins, else the highest card of the suit led; the log says who won each trick, with
    which card and why, and the last trick is shown with its winner."""
    state = example_1(tricks=3)
    shown = look(state, 0)
    assert "Trick 1 to you, with A♠: highest ♠." in shown.log
    assert "Trick 3 to West, with Q♠: highest ♠." in shown.log
    assert shown.log[:3] == ("East deals and turns up 7♥: trumps are ♥ hearts (W-§3, WHIST-24).", "You lead A♠.",
                             "West plays 3♠.")
    last = shown.last_trick
    assert last is not None and (last.number, last.winner, last.why) == (3, 1, "highest ♠")
    assert draw_trick(last, shown, EN) == ("Trick 3: You 9♠, West Q♠, Your partner 10♠, East J♠; "
                                           "winner: West (highest ♠)")
    state = example_1(tricks=13)  # the thirteenth trick: 2♠ led, seat 0 trumps with 2♥, the only trump
    log = look(state, 2).log
    assert "Last trick of the deal: West 2♠, Your partner 2♥, East 2♦, You 2♣." in log
    assert "Trick 13 to your partner, with 2♥: only trump." in log


def test_W_6_1_W_4_1_the_deal_result_says_why_each_side_scored() -> None:
    """W-§6.5 example 1, W-§6.1 then W-§4.1: two odd tricks to A-B (3 → 5), three honours to C-D (6 → 8); the
    result of the deal, shown until the next deal's first card, names each payment's rule."""
    state = example_1()
    assert state.score == (5, 8)
    shown = look(state, 0)
    assert shown.result == (
        "Tricks of the last deal: you and your partner 8, West and East 5. 2 points to you and your partner: 2 tricks "
        "above six (W-§6.1). 2 points to West and East: three honours of trumps between the partners (W-§4.1).")
    score = shown.tallies[0]
    assert score.label == "Score (game of 10)"
    assert score.entries == (("you and your partner", "5"), ("West and East", "8"))
    seen_by_west = look(state, 1)
    assert "2 points to you and your partner: three honours of trumps between the partners (W-§4.1)." \
        in seen_by_west.log
    public = look(state, PUBLIC)
    assert "2 points to South and North: 2 tricks above six (W-§6.1)." in public.log


def test_W_4_2_W_6_2_calling_at_eight_is_said_and_the_single_game_explained() -> None:
    """W-§6.5 example 2: C-D at 8, A-B at 5, diamonds trumps; C (seat 1, eldest) holds A♦ J♦ and calls (« j'appelle
    »), D answers with K♦: two points by honours, game without play; A-B had 5: a single (W-§6.2)."""
    state = WhistState.new(decks=[deck(hands={1: "AD JD", 3: "KD", 2: "QD"}, dealer=0, turn_up="2D")],
                           first_dealer=0, score=(5, 8))
    caller = look(state, 1)
    assert caller.moves[0].action == "call"
    assert caller.moves[0].label == "call (« j'appelle »): ask your partner for an honour (W-§4.2)"
    assert look(state, 1, FR).moves[0].label == \
        "appeler (« j'appelle ») : demander un honneur à votre partenaire (W-§4.2)"
    state.apply_text("call")
    partner = look(state, 3)
    assert partner.waiting_for == "Your answer to your partner's call"
    assert [move.label for move in partner.moves] == ["answer (« je réponds »): you hold an honour (W-§4.2)"]
    assert "Your partner calls at eight (« j'appelle »): holding two honours, asks for a third (W-§4.2)." \
        in partner.log
    state.apply_text("answer")
    over = look(state, 0)
    assert "2 points to West and East: honours shown at eight; the game is won without play (W-§4.2)." in over.log
    assert "Game to West and East, 10–5: a single, worth 1: the losers have five or more (W-§6.2)." in over.log
    assert "The hand was not played out" in over.result


def test_W_R1_an_established_revoke_pending_then_paid_under_its_law() -> None:
    """W-§6.5 example 6, table mode: A-B 7, C-D 4; C (seat 1) revokes and it is established: the ruling waits for
    A-B's choice (W-R1), said with who chooses; A-B add three points: 10, the game, a double (C-D had 4)."""
    state = example_1(tricks=0, rules=WhistRules(mode=Mode.TABLE), score=(7, 4))
    state.apply_text("play AS")
    state.apply_text("! revoke 1 2D")
    assert "West: not following suit when able: 2♦ (W-R1)" in look(state, 0).log
    while state.pending is None:
        state.apply(state.legal_actions()[0])
    shown = look(state, 0)
    assert shown.pending == (
        "W-R1: an established revoke by West: 3 points, as the adversaries choose; the revokers cannot go out this "
        "hand. The choice is for your partner: 3 points added to the revokers' adversaries or 3 tricks taken from the "
        "revokers and given to their adversaries or 3 points deducted from the revokers.")
    chooser = look(state, 2)
    assert chooser.waiting_for == "Your choice (W-R1)"
    assert chooser.moves[0].label == "3 points added to the revokers' adversaries (W-R1)"
    assert why_not(state.view(0), "play 2C", "", words=EN) == (
        "It is not your turn: a ruling is pending (W-R1); the choice is for your partner.")
    state.apply_text("remedy add law=W-R1")
    after = look(state, 0)
    assert "W-R1: your partner chooses: 3 points added to the revokers' adversaries." not in after.log  # a new deal
    assert "3 points to you and your partner: the penalty of the adversaries' established revoke (W-R1)." in after.log
    assert "Game to you and your partner, 10–4: a double, worth 2: the losers have fewer than five (W-§6.2)." \
        in after.log


def test_W_D4_a_void_hand_is_said_with_its_law_and_who_deals_again() -> None:
    """Table mode, W-D4 (seed 13): a misdeal; the table rules a new deal by the same dealer; the next picture says
    why the last hand is gone."""
    state = example_1(tricks=0, rules=WhistRules(mode=Mode.TABLE))
    state.apply_text("! misdeal 3")
    shown = look(state, 0)
    assert shown.result == "The last hand was void (W-D4); the same dealer deals again."
    assert state.view(0).last_deal is not None and state.view(0).last_deal.trump is not None
    assert look(state, 0, FR).result == "La main précédente est nulle (W-D4) ; le même donneur redonne."


def test_W_5_a_wrong_card_is_refused_by_the_rule_never_contradicting_itself() -> None:
    """W-§5: follow suit if able. A refused move says the rule and its ID; out of turn it says whose turn it is."""
    state = example_1(tricks=0)
    state.apply_text("play AS")
    view = state.view(1)
    said = why_not(view, "play KH", "a player must follow suit if he can (W-§5)", words=EN)
    assert said == "You must follow suit: ♠ was led and you hold ♠ (W-§5)."
    assert why_not(view, "play KH", "", words=FR) == "Vous devez fournir : l'entame est à ♠ et vous avez du ♠ (W-§5)."
    assert why_not(view, "play AS", "", words=EN) == "You played A♠ to trick 1; it is no longer in your hand." or \
        why_not(view, "play AS", "", words=EN) == "A♠ is not in your hand."
    assert why_not(state.view(0), "play KS", "", words=EN) == "It is not your turn: West is to play."
    assert why_not(view, "call", "", words=EN) == (
        "Only a side at eight may call; you and your partner had 6 when the deal began (W-§4.2).")
    for text in ("play KH", "play AS", "call", "answer", "remedy add law=W-R1", "! revoke 1 KH", "nonsense"):
        for viewer in (0, 1):
            said = why_not(state.view(viewer), text, "", words=EN)
            assert "nothing" not in said and "allowed:" not in said and said.endswith((".", ")"))


def test_W_2_1_the_hand_is_sorted_trumps_first_colours_alternating_high_to_low() -> None:
    """W-§2.1, ace high: trumps first (hearts), then ♠ ♦ ♣ alternating colours, each from the ace down."""
    shown = look(example_1(tricks=0), 0)
    assert shown.hand == ("AH", "8H", "5H", "2H", "AS", "KS", "9S", "9D", "6D", "3D", "9C", "6C", "3C")
    assert [move.card for move in shown.moves] == list(shown.hand)
    assert shown.moves[0].label == "lead A♥"


def test_the_french_picture_of_the_same_position() -> None:
    """The same position in French: the books' words (levée, atout, la retourne, le donneur, premier en main) and the
    cards as the French write them (R♠, D♦, V♣)."""
    state = example_1(tricks=3)
    state.apply_text("play AD")
    shown = look(state, 2, FR)
    assert shown.status == "Whist long, partie en 10 · Ouest donne · levée 4 sur 13"
    assert [seat.name for seat in shown.seats] == ["Votre partenaire", "Est", "Vous", "Ouest"]
    assert shown.seats[3].roles == ("donneur",) and shown.seats[0].roles == ("premier en main",)
    assert shown.trump == "♥ cœur"
    assert "Ouest donne et retourne 7♥ : l'atout est ♥ cœur (W-§3, WHIST-24)." in shown.log
    assert "Levée 3 pour Est, avec D♠" in " ".join(shown.log)
    assert "Est entame A♦." in shown.log
    assert shown.waiting_for.startswith("À vous")  # a message every game says: its French may be another game's
    assert [move.label for move in shown.moves] == ["jouer R♦", "jouer D♦", "jouer 4♦"]
    lines = draw_text(shown, FR)
    assert "   Votre jeu : 10♥ 6♥ 3♥ R♦ D♦ 4♦ A♣ R♣ 10♣ 2♣" in lines


def test_a_spectator_sees_names_in_the_third_person_and_no_hand() -> None:
    """PUBLIC: compass names, sides named by their players, no hand and no moves; nobody is "we"."""
    state = example_1(tricks=2)
    shown = look(state, PUBLIC)
    assert [seat.name for seat in shown.seats] == ["South", "West", "North", "East"]
    assert shown.hand == () and shown.moves == () and shown.viewer is None
    assert shown.waiting_for == "South to play"
    assert shown.tallies[0].entries[0][0] == "South and North"
    text = " ".join(_texts(shown))
    assert not re.search(r"\b(you|your|we|us|our)\b", text, re.IGNORECASE)


def test_shorthand_reads_a_card_alone_and_the_words_of_calling() -> None:
    view = example_1(tricks=0).view(0)
    assert [shorthand(view, text) for text in ("AH", "ah", "10d", "R♥", "jouer 9s", "call", "j'appelle", "help")] == [
        "play AH", "play AH", "play TD", "play KH", "play 9S", "call", "call", "help"]
    assert shorthand(example_1(tricks=0).view(1), "KH") == "play KH"  # refused, with why: not his turn


def test_act_label_names_the_act_and_its_law_from_the_table_acts() -> None:
    """Table mode: each irregular act in one line with its law (W-P1, W-R1), in English and in French."""
    state = example_1(tricks=0, rules=WhistRules(mode=Mode.TABLE))
    view = state.view(0)
    assert act_label(view, "! lead-out-of-turn 2 AC", words=EN) == "Your partner: a lead out of turn: A♣ (W-P1)"
    assert act_label(view, "! revoke 0 KH", words=FR) == "Vous : ne pas fournir quand on le peut (renonce) : R♥ (W-R1)"
    for act in state.irregular_actions(0):
        label = act_label(view, str(act), words=EN)
        assert table.ACTS[act.kind].law in label


def test_every_table_act_law_and_remedy_has_its_words() -> None:
    """The English of each act is the table's own summary; every law that rules and every remedy has words."""
    assert {kind: spec.summary for kind, spec in table.ACTS.items()} == picture.ACT_SUMMARIES
    ruling = {entry.id for entry in CATALOGUE if entry.remedies or entry.chooser} | {spec.law for spec in
                                                                                   table.ACTS.values()}
    assert {law for law in ruling if not law.startswith("WHIST-")} <= set(picture.LAW_MEANINGS)
    assert set(table.REMEDIES) <= set(picture.REMEDY_MEANINGS)


def test_the_module_is_the_registered_painter() -> None:
    assert GAME.painter is not None and GAME.painter() is picture
    for name in ("paint", "why_not", "shorthand", "default_names", "act_label"):
        assert list(inspect.signature(getattr(picture, name)).parameters) == \
            list(inspect.signature(getattr(Painter, name)).parameters)[1:]


# ------------------------------------------------------------------------------------------------ random rubbers
CARD_TEXT = re.compile(r"(?<![0-9A-Za-z])(10|[2-9AKQJRDV])([♠♥♦♣])")


PAST_DEALS = frozenset({"previous_tricks", "last_deal"})
"""View fields about the deal before: every card of it was seen, so they would hide any card of this deal."""


def cards_in(value: Any) -> set[Card]:
    """Every card a view holds of the deal in progress: its Card values anywhere in its fields, and the cards its
    actions name as text (an irregular act's or a remedy's arguments); of the deal before, only its last trick (the
    one thing of it a picture shows)."""
    found: set[Card] = set()
    stack = [value]
    previous = getattr(value, "previous_tricks", ())
    if previous:
        found |= set(previous[-1].cards)
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            found.add(item)
        elif isinstance(item, Irregular | Remedy):
            for arg in item.args:
                with contextlib.suppress(ValueError):
                    found.add(Card.parse(arg))
        elif isinstance(item, str | int | float | bool | enum.Enum) or item is None:
            continue
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack += [getattr(item, f.name) for f in dataclasses.fields(item)
                      if f.name != "rules" and f.name not in PAST_DEALS]
        elif isinstance(item, tuple | list | frozenset | set):
            stack += list(item)
    return found


def _texts(shown: Picture) -> list[str]:
    """Every text of a picture a person reads."""
    texts = [shown.status, shown.trump or "", shown.waiting_for, shown.pending, shown.result, *shown.log]
    texts += [move.label for move in shown.moves]
    for seat in shown.seats:
        texts += [seat.name, *seat.roles, *seat.notes]
    for tally in shown.tallies:
        texts += [tally.label, *(f"{who} {value}" for who, value in tally.entries)]
    texts += [label for label, _ in shown.table] + [f"{label} {value}" for label, value in shown.extra]
    texts += [trick.why for trick in (shown.trick, shown.last_trick) if trick is not None]
    return texts


def cards_named(shown: Picture, words: Words) -> set[Card]:
    """Every card a picture names: in its structured fields, and written the language's way in its sentences."""
    named = {Card.parse(text) for text in (*shown.hand, *(c for s in shown.seats for c in s.shown),
                                           *(c for _, cards in shown.table for c in cards),
                                           *(m.card for m in shown.moves if m.card))}
    for trick in (shown.trick, shown.last_trick):
        if trick is not None:
            named |= {Card.parse(card) for _, card in trick.plays}
    forms = {words.card(card): card for card in PACK_52}
    for text in _texts(shown):
        for rank, suit in CARD_TEXT.findall(text):
            assert rank + suit in forms, f"{rank + suit!r} in {text!r} is not a card of the pack"
            named.add(forms[rank + suit])
    return named


def random_positions(seed: int, *, mode: Mode, rate: float = 0.0, limit: int = 1200) -> Any:
    """The states of a random rubber, one per action; in table mode an irregular act now and then."""
    rng = random.Random(seed)
    state = WhistState.new(WhistRules(mode=mode), seed=seed, first_dealer=seed % 4,
                           score=(8, 8) if seed % 3 == 1 else (0, 0))
    for _ in range(limit):
        if state.is_terminal:
            yield state
            return
        yield state
        acts: tuple[Irregular, ...] = ()
        if rate and state.pending is None and rng.random() < rate:
            acts = state.irregular_actions(rng.randrange(4))
        state.apply(rng.choice(acts) if acts else rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("mode", "seeds", "rate"), [(Mode.ENFORCED, range(4), 0.0), (Mode.TABLE, range(4, 9), 0.06)])
def test_W_5_the_picture_names_no_card_its_view_does_not_hold(mode: Mode, seeds: range, rate: float) -> None:
    """Over random rubbers, for every seat and the public, in English and in French: the cards the picture names
    (hand, shown, table, tricks, moves, log, pending, result) are all held by the view; the drawing fits 80
    columns; the picture is plain JSON. In table mode irregular acts happen at random (a card lying aside, W-D5, is
    never named to the others)."""
    pictures = 0
    for seed in seeds:
        for step, state in enumerate(random_positions(seed, mode=mode, rate=rate)):
            for viewer in SEATS_AND_PUBLIC:
                view = state.view(viewer)
                words = FR if (step + viewer) % 2 else EN
                shown = paint(view, words=words, names=default_names(view, words=words))
                leaked = cards_named(shown, words) - cards_in(view)
                assert not leaked, f"seed {seed} step {step} viewer {viewer}: {sorted(map(str, leaked))}"
                lines = draw_text(shown, words)
                assert all(len(line) <= 80 for line in lines), [line for line in lines if len(line) > 80]
                json.dumps(shown.as_json())
                pictures += 1
                if viewer == view.actor and step % 7 == 0:
                    _refusals_are_explained(view, words)
    assert pictures > 5000


def _refusals_are_explained(view: Any, words: Words) -> None:
    """A card the seat may not play now is refused with a rule ID, never "allowed: nothing"."""
    legal = {str(action) for action in view.legal_actions}
    for card in PACK_52[::5]:
        text = f"play {card}"
        if text in legal:
            continue
        said = why_not(view, text, "", words=words)
        assert said and "nothing" not in said and "allowed:" not in said
        assert re.search(r"\((W-|WHIST-)", said) or card not in view.hand or view.pending is not None \
            or "Not allowed now" in said or words("A spectator does not play.") == said, said


# ------------------------------------------------------------------------------------------------ rules for players
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_how_to_play_fits_80_columns_and_cites_the_game_laws(lang: str) -> None:
    text = resources.files("academie.games.whist").joinpath(f"how_to_play.{lang}.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0].startswith("# ") and len(lines) <= 50
    assert all(len(line) <= 80 for line in lines), [line for line in lines if len(line) > 80]
    cited = set(re.findall(r"\b(W-§\d(?:\.\d)?|W-[DTPCRH]\d+|WHIST-\d+)\b", text))
    known = {entry.id for entry in CATALOGUE}
    assert len(cited) >= 8 and cited <= known, cited - known


# ------------------------------------------------------------------------------------------------ told on (issue 33)
@pytest.mark.parametrize("mode", [Mode.ENFORCED, Mode.TABLE])
def test_W_5_W_D5_W_P6_pictures_told_on_from_memos_are_the_pictures_painted_afresh(mode: Mode) -> None:
    """The card room paints each viewer with the memo of its last picture (the deal told so far, the seat lines
    kept) and works out once for every viewer what they all see alike (the tricks): over random rubbers, every
    seat's and the spectators' picture in both languages is the one painted from the view alone and names no card
    the view does not hold (W-§5: the tricks; W-D5, W-P6: a card gone astray unseen), even painted with another
    viewer's memo."""
    assert sum(memos_against_fresh("whist", mode, seed, positions=150) for seed in range(2)) > 2500
