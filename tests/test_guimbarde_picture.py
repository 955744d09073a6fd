"""The table picture of La Guimbarde (games/guimbarde/picture.py): what a seat or a spectator sees, in words.

Scenario tests follow the rule file's worked examples (§6): each trick's winner and why,
every payment with the rule that made it (GUIMBARDE-R1, R2, R4, R5, §4–§7), the deal's result with why, the move
labels, the refusals citing the rule (GUIMBARDE-R3, R7, R8, R9), the hand sorted the game's way (GUIMBARDE-§8), and
the same position in French. Random games of every table size, in enforced and in table mode, check that no
picture names a card its view does not hold, that the drawing fits 80 columns and that the picture is JSON.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import itertools
import json
import random
import re
from collections.abc import Iterator
from importlib import resources
from typing import Any

import pytest

from academie.cards import Card, Suit, parse_cards
from academie.engine import PUBLIC, Mode, SeededChance
from academie.games.guimbarde import GuimbardeRules, GuimbardeState
from academie.games.guimbarde import picture as painter
from academie.games.guimbarde.laws import CATALOGUE
from academie.games.guimbarde.positions import deck
from academie.games.guimbarde.state import BANK, BOXES, POINT, GuimbardeView, Payment, pack_for
from academie.games.guimbarde.table import ACTS
from academie.laws import Irregular
from academie.picture import Memo, Picture, draw_text
from academie.words import Words

EN, FR = Words("en"), Words("fr")
NAMES = ("A", "B", "C", "D")

# ------------------------------------------------------------------------------------------------ positions
EXAMPLE_1 = {0: "QH KH 9H 7S AC", 1: "JD KS QD 8D TD", 2: "QS TS 8S JC 9D", 3: "KC QC 7C AS 7H"}
"""The rule file's Example 1 (§6): A (seat 0) eldest, D (seat 3) deals, the ♣10 turned: clubs are trumps."""
EXAMPLE_1_PLAY = ("7S", "KS", "QS", "AS", "TD", "9D", "7C", "AC", "KH", "JD", "JC", "QC", "QH", "8D", "8S", "KC",
                  "9H", "QD", "TS", "7H")


def example_1(cards: int = 0) -> GuimbardeState:
    """Example 1 after its first ``cards`` cards (the next deal turns up ♥8: hearts are trumps there)."""
    rules = GuimbardeRules(players=4)
    order = deck(hands=EXAMPLE_1, dealer=3, rules=rules, turn_up="TC")
    state = GuimbardeState.new(rules, decks=[order, deck(hands={}, dealer=0, rules=rules, turn_up="8H")],
                               first_dealer=3)
    for card in EXAMPLE_1_PLAY[:cards]:
        state.apply_text(f"play {card}")
    return state


def example_4() -> GuimbardeState:
    """The rule file's Example 4 (§6), spades trumps: B (seat 0) leads ♦K, C (seat 1) holds ♦Q, D (seat 2) holds
    ♥Q ♠9 ♣10 and no diamond, A (seat 3, the dealer) holds ♥K ♣7 and no other trump."""
    rules = GuimbardeRules(players=4)
    hands = {0: "KD 7D 8D 8C 9C", 1: "QD 9D TD JC QC", 2: "QH 9S TC 7H 8H", 3: "KH 7C 9H AH TH"}
    order = deck(hands=hands, dealer=3, rules=rules, turn_up="7S")
    return GuimbardeState.new(rules, decks=[order], first_dealer=3)


def paint(state: GuimbardeState, viewer: int, words: Words = EN, names: tuple[str, ...] = NAMES) -> Picture:
    return painter.paint(state.view(viewer), words=words, names=names)


# ------------------------------------------------------------------------------------------------ scenarios
def test_GUIMBARDE_R1_R6_trick_winner_and_marriage_in_play_told_with_why() -> None:
    """GUIMBARDE-R6, R1 (Example 1, trick 1): ♠Q falls on ♠K, B wins with the king, the highest spade; all but C,
    the queen's player, pay B one counter."""
    log = paint(example_1(4), 1).log
    assert "C plays Q♠." in log and "A marriage in play: Q♠ falls on K♠ (GUIMBARDE-R6)." in log
    assert "You win trick 1 with K♠ (highest ♠)." in log
    assert ("Everybody but C pays you 1 counter (GUIMBARDE-R1: a marriage in play won by its king; the queen's "
            "player is spared).") in log
    spectator = painter.paint(example_1(4).view(PUBLIC), words=EN, names=NAMES)
    assert "B wins trick 1 with K♠ (highest ♠)." in spectator.log
    assert spectator.last_trick is not None and spectator.last_trick.winner == 1
    assert spectator.last_trick.why == "highest ♠" and spectator.last_trick.plays[0] == (0, "7S")


def test_GUIMBARDE_R4_R5_payments_explained_in_the_order_they_happen() -> None:
    """GUIMBARDE-R4 (grand marriage in hand, 2 from each, when A leads ♥K), GUIMBARDE-R1 (D's club marriage in
    hand, told as D plays ♣Q, before the trick is won) and GUIMBARDE-R5 (le fou taken by ♥K pays its taker)."""
    log = list(paint(example_1(12), 3).log)
    grand = "Each other player pays 2 counters to A (GUIMBARDE-R4: the grand marriage in hand, two from each)."
    mine = "Each other player pays you 1 counter (GUIMBARDE-R1: a marriage in hand; nobody is spared)."
    won = "A wins trick 3 with K♥ (highest trump)."
    fou = "B pays 1 counter to A (GUIMBARDE-R5: le fou taken by K♥ pays its taker)."
    assert log.index("A leads K♥.") < log.index(grand) < log.index("You play Q♣.") < log.index(mine)
    assert log.index(mine) < log.index(won) < log.index(fou)


def test_GUIMBARDE_7_deal_result_with_why_matches_the_rule_file() -> None:
    """GUIMBARDE-§7 and the net table of Example 1: A takes the Point box with four tricks; the deal ends A +15,
    B 0, C −9, D −6, each split into what brought it (antes, boxes, side payments, the Point box for tricks). The
    last trick is told under its own deal's trumps (clubs), though hearts are trumps in the next deal."""
    picture = paint(example_1(20), 2)
    log = list(picture.log)
    assert "D plays 7♥." in log and "A wins trick 5 with 9♥ (highest ♥)." in log
    assert "A takes the Point box, 4 counters, with the most tricks, 4 (GUIMBARDE-§7)." in log
    result = ("Deal 1 is over: A +15 (antes −6, boxes +12, side payments +5, Point box for tricks +4); B 0 (antes "
              "−6, boxes +8, side payments −2); you −9 (antes −6, side payments −3); D −6 (antes −6).")
    assert result in log and picture.result == result
    assert log.index(result) < log.index(next(line for line in log if line.startswith("Deal 2 of 12")))
    assert picture.last_trick is not None and picture.last_trick.number == 5 and picture.last_trick.winner == 0
    assert picture.last_trick.why == "highest ♥" and picture.trump is not None and picture.trump.startswith("♥")


def test_the_payments_of_a_view_explain_each_deal_result() -> None:
    """The view's payments (GUIMBARDE-§1 … R5, G18) are every movement of counters: over random deals they add up,
    seat by seat and leaving the bank's new stocks aside, to what the deal brought each seat."""
    for seed in range(8):
        state = GuimbardeState.new(GuimbardeRules(players=3 + seed % 4, rounds=1), seed=seed, first_dealer=0)
        rng = random.Random(seed)
        while not state.is_terminal:
            state.apply(rng.choice(tuple(state.legal_actions())))
            last = state.view(PUBLIC).last_deal
            if last is None or last.result is None:
                continue
            totals = [0] * state.players
            for payment in last.payments:
                if BANK in (payment.source, payment.target):
                    continue
                for seat, sign in ((payment.source, -1), (payment.target, 1)):
                    if isinstance(seat, int):
                        totals[seat] += sign * payment.amount
            assert tuple(totals) == last.result.points


def test_GUIMBARDE_R2_R3_example_4_refusal_cites_rule_3_and_the_trump_wins_the_marriage() -> None:
    """Example 4: D may not trump the marriage with ♥Q (GUIMBARDE-R3) and must play ♠9; A, whose only trump ♥K is
    barred, may play ♣7; D wins and the king's and the queen's players each pay him one (GUIMBARDE-R2)."""
    state = example_4()
    names = ("B", "C", "D", "A")
    state.apply_text("play KD")
    refusal = painter.why_not(state.view(1), "play 9D", "", words=EN)
    assert refusal.startswith("You must play Q♦ on K♦, to make the marriage (GUIMBARDE-R7)")
    assert refusal.endswith("You may play: Q♦.")
    state.apply_text("play QD")
    refusal = painter.why_not(state.view(2), "play QH", "", words=EN)
    assert refusal == ("You may not take a marriage with la guimbarde, le roi or le fou (GUIMBARDE-R3). "
                       "You may play: 9♠.")
    assert "(couper, GUIMBARDE-R9)" in painter.why_not(state.view(2), "play 7H", "", words=EN)
    state.apply_text("play 9S")
    moves = paint(state, 3, names=names).moves
    assert [move.label for move in moves] == ["play 7♣", "play A♥", "play 10♥", "play 9♥"]
    state.apply_text("play 7C")
    log = paint(state, 3, names=names).log
    assert "D wins trick 1 with 9♠ (highest trump)." in log
    assert ("Everybody but you pays 1 counter to D (GUIMBARDE-R2: a marriage taken by a trump; the king's and the "
            "queen's players pay).") in log


def test_GUIMBARDE_R4_example_5_grand_marriage_on_the_table() -> None:
    """Example 5 (GUIMBARDE-R4, R7): A leads ♥K, B must put ♥Q on it and wins one from each other player."""
    rules = GuimbardeRules(players=3)
    order = deck(hands={0: "KH 7S 8S 9S TS", 1: "QH 7C 8C 9C TC", 2: "7D 8D 9D TD AD"}, dealer=2, rules=rules,
                 turn_up="JS")
    state = GuimbardeState.new(rules, decks=[order], first_dealer=2)
    state.apply_text("play KH")
    assert [move.label for move in paint(state, 1, names=("A", "B", "C")).moves] == [
        "play Q♥: the grand marriage on the table (GUIMBARDE-R4)"]
    state.apply_text("play QH")
    state.apply_text("play 7D")
    log = paint(state, 0, names=("A", "B", "C")).log
    assert "The grand marriage on the table: K♥ then Q♥ (GUIMBARDE-R4)." in log
    assert ("Each other player pays 1 counter to B (GUIMBARDE-R4: the grand marriage on the table, le roi taken "
            "by la guimbarde).") in log


def test_GUIMBARDE_R6_R8_R9_move_labels_and_refusals_never_contradict() -> None:
    """The menu names la guimbarde, le roi and le fou and the queen falling on her king (GUIMBARDE-R6); a card
    refused is refused by the rule that forbids it (GUIMBARDE-R8: follow; R9: trump), and the cards offered after
    a refusal are exactly the legal ones."""
    state = example_1(1)
    assert [move.label for move in paint(state, 1).moves] == ["play K♠"]
    state = example_1(2)
    assert [(move.label, move.card) for move in paint(state, 2).moves] == [
        ("play Q♠ on its king: a marriage (GUIMBARDE-R6)", "QS")]
    state = example_1(8)  # A to lead trick 3 with ♥Q ♥K ♥9 left
    assert [move.label for move in paint(state, 0).moves] == ["play Q♥, la guimbarde", "play K♥, le roi",
                                                              "play 9♥"]
    assert [move.label for move in paint(state, 0, FR).moves] == ["jouer D♥, la guimbarde", "jouer R♥, le roi",
                                                                  "jouer 9♥"]
    state = example_1(5)  # B led ♦10: C must follow with ♦9
    assert painter.why_not(state.view(2), "play 8S", "", words=EN) == (
        "You must follow suit: ♦ was led (GUIMBARDE-R8). You may play: 9♦.")
    state = example_1(7)  # D trumped with ♣7: A, void in diamonds, must overtrump
    refusal = painter.why_not(state.view(0), "play 9H", "", words=EN)
    assert refusal == "You have no ♦: you must trump (couper, GUIMBARDE-R9). You may play: Q♥ K♥ A♣."
    assert painter.why_not(state.view(1), "play KS", "", words=EN) == (
        "It is not your turn: Seat 0 is to play (GUIMBARDE-R12).")
    assert painter.why_not(state.view(0), "play KD", "", words=EN).startswith("You do not hold K♦.")
    assert painter.why_not(state.view(0), "! revoke 0 9H", "", words=EN).startswith(
        "Irregular acts happen only in table mode")


def test_every_refused_card_is_refused_by_its_rule_over_random_deals() -> None:
    """G-§5.3: for every card of the hand that the engine refuses, the refusal names GUIMBARDE-R3, R7, R8 or R9,
    never a vague "cannot be played", and offers only legal cards."""
    rule = re.compile(r"\(.*GUIMBARDE-R[3789]\b")
    for seed in range(12):
        state = GuimbardeState.new(GuimbardeRules(players=3 + seed % 6, rounds=1,
                                                  marriage_either_order=seed % 2 == 1), seed=seed, first_dealer=0)
        rng = random.Random(seed)
        while not state.is_terminal:
            seat = state.actor
            view = state.view(seat)
            legal = {str(action) for action in view.legal_actions}
            for card in view.hand:
                if f"play {card}" in legal:
                    continue
                text = painter.why_not(view, f"play {card}", "", words=EN)
                assert rule.search(text), text
                offered = text.rpartition("You may play: ")[2].rstrip(".").split()
                assert {f"play {Card.parse(c)}" for c in offered} == legal, text
            state.apply(rng.choice(tuple(state.legal_actions())))


def test_GUIMBARDE_8_the_hand_is_sorted_trumps_first_strongest_first() -> None:
    """GUIMBARDE-§8, G-§2.2: la guimbarde, le roi, le fou head the trumps, then the other suits, each strongest
    first with the ace between the jack and the ten."""
    state = example_1()
    assert paint(state, 0).hand == ("QH", "KH", "AC", "9H", "7S")
    assert paint(state, 1).hand == ("JD", "QD", "TD", "8D", "KS")
    assert paint(state, 3).hand == ("KC", "QC", "7C", "7H", "AS")
    assert painter.sort_hand(parse_cards("AS JS QS 7D"), Suit.CLUBS) == parse_cards("7D QS JS AS")


def test_GUIMBARDE_6_the_french_picture_of_the_same_position() -> None:
    """The same position in French: the books' words (la boîte du Fou, étale, levée, atout, la retourne) and the
    French cards (R♠, D♠, V♦)."""
    picture = paint(example_1(4), 1, FR, names=("A", "B", "C", "D"))
    lines = draw_text(picture, FR)
    assert lines[0] == "── La Guimbarde · Coup 1 sur 12, levée 2 sur 5"
    assert "   Votre jeu : V♦ D♦ 10♦ 8♦" in lines
    assert picture.trump == "♣ trèfle, par la retourne ; la guimbarde, le roi et le fou au-dessus"
    log = picture.log
    assert log[0] == "Coup 1 sur 12, donné par D : la retourne est 10♣, l'atout est donc ♣ trèfle (GUIMBARDE-§3)."
    assert "Vous étalez V♦ et tirez la boîte du Fou : 4 jetons (GUIMBARDE-§6)." in log
    assert "Vous gagnez la levée 1 avec R♠ (plus forte carte à ♠)." in log
    assert "Un mariage en jouant : D♠ tombe sur R♠ (GUIMBARDE-R6)." in log
    assert ("Tous sauf C vous paient 1 jeton (GUIMBARDE-R1 : un mariage en jouant, gagné par son roi ; celui qui a "
            "jeté la dame est excepté).") in log
    assert picture.waiting_for == FR("Your move") and picture.moves[0].label.startswith("jouer ")
    assert painter.why_not(example_1(5).view(2), "play 8S", "", words=FR) == (
        "Vous devez fournir : ♦ est entamé (GUIMBARDE-R8). Vous pouvez jouer : 9♦.")


def test_names_turns_and_shorthand() -> None:
    """Names in the viewer's words ("You", "Seat N"; the spectator sees only seats); whose turn it is; a card alone,
    in any notation, or the name of a privileged card stands for playing it."""
    state = example_1()
    view = state.view(1)
    assert painter.default_names(view, words=EN) == ("Seat 0", "You", "Seat 2", "Seat 3")
    assert painter.default_names(state.view(PUBLIC), words=FR) == ("Siège 0", "Siège 1", "Siège 2", "Siège 3")
    assert paint(state, 1).waiting_for == "A to play" and paint(state, 0).waiting_for == "Your move"
    spectator = painter.paint(state.view(PUBLIC), words=EN, names=NAMES)
    assert spectator.viewer is None and spectator.hand == () and spectator.moves == ()
    assert not any(line.startswith("You ") for line in spectator.log)
    leader = state.view(0)
    assert [painter.shorthand(leader, text) for text in ("7s", "play 7S", "R♥", "la guimbarde", "help", "7")] == [
        "play 7S", "play 7S", "play KH", "play QH", "help", "7"]
    assert painter.shorthand(view, "ks") == "ks"  # not B's turn: nothing to play


def test_G3_G17_act_labels_name_their_law_in_both_languages() -> None:
    """Table mode: each irregular act of table.ACTS is told in one line with its law's ID, in English and French."""
    view = example_1().view(0)
    for act in ACTS:
        syntax = act.syntax.replace("SEAT", "0").replace("CARD", "KH").replace("BOX", "roi")
        for words in (EN, FR):
            label = painter.act_label(view, syntax, words=words)
            assert act.law in label and label != syntax and "\n" not in label
    assert "K♥" in painter.act_label(view, "! revoke 0 KH", words=EN)
    assert "la boîte du Roi" in painter.act_label(view, "! forgo 0 roi", words=FR)


def test_G8_a_ruling_is_told_with_its_law_and_its_fine() -> None:
    """Table mode, G8 (GUIMBARDE-R8): the revoke, the pending ruling, then the fine from the offender to each
    other player, and the card standing."""
    rules = GuimbardeRules(players=4, mode=Mode.TABLE)
    hands = {0: "7S 7C 8C 9C TC", 1: "8S 7D 8D 9D TD", 2: "QS TS 7H 8H 9H", 3: "AS JC QC AD KD"}
    order = deck(hands=hands, dealer=3, rules=rules, turn_up="JH")
    state = GuimbardeState.new(rules, decks=[order], first_dealer=3)
    state.automate_table = False  # the ruling waits, to be seen pending
    state.apply_text("play 7S")
    state.apply_text("! revoke 1 7D")
    picture = paint(state, 0)
    assert picture.pending.startswith("G8: renonce with 7♦: suit not followed when able (G8, GUIMBARDE-R8")
    assert picture.waiting_for == "The table rules under G8" and picture.moves == ()
    state.apply_text("remedy fine law=G8")
    log = paint(state, 0).log
    assert "Irregularity by B: renonce with 7♦: suit not followed when able (G8, GUIMBARDE-R8: 1 counter to each)." \
        in log
    assert "Ruling under G8: a fine of 1 counter to each other player; the card stands." in log
    assert ("B pays 1 counter to each other player (GUIMBARDE-R8, G8: a renonce, suit not followed)." in log
            and log[-1] == "B plays 7♦.")


# ------------------------------------------------------------------------------------------------ random games
CARD_TEXT = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9AKQJRDV])[♣♦♥♠]")
"""A card in a sentence, as Words.card writes it in either language (K♥, 10♦; R♥, D♣, V♠)."""
CARD_OF: dict[str, Card] = {**{str(card): card for card in pack_for(8)},
                            **{words.card(card): card for card in pack_for(8) for words in (EN, FR)}}
"""A card from its text in a picture's fields (``KH``) or its form in a sentence (``K♥``, ``R♥``)."""


def held(view: GuimbardeView) -> set[Card]:
    """Every card the view holds: its Card values anywhere (as tests/test_every_game.py::cards_in walks them),
    and the cards named by the irregular acts of its histories."""
    found: set[Card] = set()
    stack: list[Any] = [view]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            found.add(item)
        elif isinstance(item, Irregular):
            for argument in item.args:
                with contextlib.suppress(ValueError):
                    found.add(Card.parse(argument))
        elif isinstance(item, str | int | float | bool | enum.Enum) or item is None:
            continue
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack += [getattr(item, f.name) for f in dataclasses.fields(item) if f.name != "rules"]
        elif isinstance(item, tuple | list | frozenset | set):
            stack += list(item)
    return found


def texts(picture: Picture) -> Iterator[str]:
    """Every sentence or label of a picture."""
    yield from (picture.title, picture.status, picture.trump or "", picture.waiting_for, picture.pending,
                picture.result, *picture.log)
    for seat in picture.seats:
        yield from (seat.name, *seat.roles, *seat.notes)
    for tally in picture.tallies:
        yield tally.label
        for who, value in tally.entries:
            yield from (who, value)
    for label, value in picture.extra:
        yield from (label, value)
    for label, _ in picture.table:
        yield label
    for move in picture.moves:
        yield from (move.label, move.action)
    for trick in (picture.trick, picture.last_trick):
        if trick is not None:
            yield trick.why


def named(picture: Picture) -> set[Card]:
    """Every card a picture names: as card texts in its fields, and in its sentences in the words' card forms."""
    cards = {CARD_OF[text] for text in picture.hand}
    for seat in picture.seats:
        cards |= {CARD_OF[text] for text in seat.shown}
    for _, group in picture.table:
        cards |= {CARD_OF[text] for text in group}
    for trick in (picture.trick, picture.last_trick):
        if trick is not None:
            cards |= {CARD_OF[text] for _, text in trick.plays}
    cards |= {CARD_OF[move.card] for move in picture.moves if move.card}
    for text in texts(picture):
        cards |= {CARD_OF[found] for found in CARD_TEXT.findall(text)}
    return cards


def playout(players: int, seed: int, mode: Mode, *, automate: bool) -> Iterator[GuimbardeState]:
    """A random game (one round of deals), with random irregular acts in table mode, state after state."""
    rules = GuimbardeRules(players=players, rounds=1, mode=mode, unable_to_pay="retire" if seed % 3 == 0
                           else "new-stock", starting_stock=12 if seed % 3 == 0 else 60)
    state = GuimbardeState(rules, chance=SeededChance(seed), first_dealer=seed % players, automate_table=automate)
    rng = random.Random(seed)
    for _ in range(400):
        if state.is_terminal:
            return
        yield state
        acts = [act for seat in range(players) for act in state.irregular_actions(seat)] if mode is Mode.TABLE \
            else []
        if acts and rng.random() < 0.15:
            state.apply(rng.choice(acts))
        else:
            state.apply(rng.choice(tuple(state.legal_actions())))
    yield state


@pytest.mark.parametrize(("players", "mode", "automate"), [
    (3, Mode.ENFORCED, True), (4, Mode.ENFORCED, True), (6, Mode.ENFORCED, True), (8, Mode.ENFORCED, True),
    (3, Mode.TABLE, True), (4, Mode.TABLE, False), (5, Mode.TABLE, True), (7, Mode.TABLE, False)])
def test_no_picture_names_a_card_its_view_does_not_hold(players: int, mode: Mode, automate: bool) -> None:
    """Over random games, the pictures of the spectator, of the seat to act and of one other seat in turn (every
    seat over the game), in both languages, name only cards their view holds (in any field: hand, shown, trick,
    table, log, moves, pending, result); their drawing fits 80 columns and they are plain JSON."""
    pack = pack_for(players)
    for seed in range(3):
        for number, state in enumerate(playout(players, seed, mode, automate=automate)):
            actor = state.actor if isinstance(state.actor, int) and state.actor >= 0 else number % players
            for viewer in {actor, number % players, PUBLIC}:
                view = state.view(viewer)
                words = FR if (number + viewer) % 2 else EN
                names = painter.default_names(view, words=words)
                picture = painter.paint(view, words=words, names=names)
                cards = named(picture)
                extra = cards - held(view)
                assert not extra, (viewer, sorted(map(str, extra)), picture.log)
                assert cards <= set(pack)
                for line in draw_text(picture, words):
                    assert len(line) <= 80, line
                json.dumps(picture.as_json())
                if viewer == PUBLIC:
                    assert picture.hand == () and picture.viewer is None


# ------------------------------------------------------------------------------------------------ as the room paints
@pytest.mark.parametrize("mode", [Mode.ENFORCED, Mode.TABLE])
@pytest.mark.parametrize("players", range(3, 9))
def test_G_2_1_G18_pictures_painted_with_memos_after_every_viewer_are_the_pictures_painted_afresh(
        players: int, mode: Mode) -> None:
    """Issue 33: the card room paints every seat and then the spectators after every action, each with its memo,
    and the painter shares between the viewers of a position what reads no viewer's own (the seats' lines, the
    tricks, the sentences of a card that made no payment, the deal's sums). At every table size (G-§2.1), in both
    modes (irregular acts now and then in table mode) and both languages, seats retiring in some games (G18), each
    picture is the one painted from its view alone, names no card its view does not hold (the seats, whose views
    hold their hands, are painted just before: a part shared from one of them would show his cards to the next),
    and is the same painted with another viewer's memo (a part kept for one viewer never reaches another)."""
    compared = 0
    for seed in range(2):
        rules = GuimbardeRules(players=players, rounds=1, mode=mode, unable_to_pay="retire" if seed else "new-stock",
                               starting_stock=12 if seed else 60)
        state = GuimbardeState(rules, chance=SeededChance(seed), first_dealer=seed % players)
        rng = random.Random(seed * 10 + players)
        memos: dict[tuple[int, str], Memo] = {}
        for _ in range(90):
            if state.is_terminal:
                break
            viewers = (*range(players), PUBLIC)
            for words in (EN, FR):
                for viewer in viewers:
                    view = state.view(viewer)
                    names = painter.default_names(view, words=words)
                    fresh = painter.paint(view, words=words, names=names)
                    extra = named(fresh) - held(view)
                    assert not extra, (players, viewer, sorted(map(str, extra)))
                    mine = memos.setdefault((viewer, words.lang), Memo())
                    other = memos.get((rng.choice(viewers), words.lang)) if rng.random() < 0.1 else None
                    for memo in (mine,) if other is None or other is mine else (mine, other):
                        assert painter.paint(view, words=words, names=names, memo=memo) == fresh, (seed, viewer)
                        compared += 1
            acts = [act for seat in range(players) for act in state.irregular_actions(seat)] \
                if mode is Mode.TABLE else []
            state = state.clone()
            state.apply(rng.choice(acts) if acts and rng.random() < 0.1 else rng.choice(tuple(state.legal_actions())))
    assert compared > 90 * (players + 1)


ROOM_NAMES = ("Anne", "Bruno", "Claire", "Denis", "Emma", "Félix", "Gaston", "Hélène")
"""Names as a card room gives them: the same for every viewer (his own seat told apart by "you" alone)."""


@pytest.mark.parametrize("naming", ["room", "own", "mixed"])
@pytest.mark.parametrize(("players", "mode"), [(3, Mode.ENFORCED), (5, Mode.TABLE), (8, Mode.ENFORCED)])
def test_GUIMBARDE_1_3_4_6_a_deals_first_sentences_shared_by_its_viewers_carry_no_viewers_own(
        players: int, mode: Mode, naming: str) -> None:
    """Issue 33: the first sentences of a deal's log (how the deal before ended; the deal, its dealer and turn-up,
    GUIMBARDE-§3; the antes, GUIMBARDE-§1; the boxes drawn with the cards shown, GUIMBARDE-§4, §6) are told once for
    every viewer of the position who names their seats alike. Painted for every viewer in turn (in one order and the
    other, English and French alternately; irregular acts now and then in table mode, whose fines and rulings may
    end a deal), each picture of a deal's first position is the one its viewer is painted
    alone, from a state of his own replayed from the log (nothing shared with another viewer), and names no card his
    view does not hold: a sentence shared from the viewer before would carry his "you" (the seats named alike by
    everybody, with room names), his name for himself ("You", with each viewer's own names) or his names for the
    others (every other viewer naming the seats his own way) to the next."""
    first, compared = -1, 0
    for seed in range(3):
        rules = GuimbardeRules(players=players, rounds=1, mode=mode)
        state = GuimbardeState(rules, chance=SeededChance(seed), first_dealer=seed % players)
        rng, played = random.Random(seed), list[Any]()
        viewers = (*range(players), PUBLIC)
        while not state.is_terminal:
            if state.view(PUBLIC).deal_number != first:
                first = state.view(PUBLIC).deal_number
                for order in (viewers, viewers[::-1]):
                    for words in (EN, FR, EN):
                        names = {viewer: ROOM_NAMES[:players] if naming == "room" or (
                            naming == "mixed" and viewer % 2) else painter.default_names(state.view(viewer),
                                                                                         words=words)
                                 for viewer in order}
                        pictures = {viewer: painter.paint(state.view(viewer), words=words, names=names[viewer])
                                    for viewer in order}  # (every viewer in turn, as the room paints them)
                        for viewer, picture in pictures.items():
                            alone = GuimbardeState(rules, chance=SeededChance(seed), first_dealer=seed % players)
                            for action in played:
                                alone.apply(action)
                            assert picture == painter.paint(alone.view(viewer), words=words, names=names[viewer])
                            assert not named(picture) - held(state.view(viewer)), viewer
                            compared += 1
            acts = [act for seat in range(players) for act in state.irregular_actions(seat)] \
                if mode is Mode.TABLE else []
            state = state.clone()
            action = rng.choice(acts) if acts and rng.random() < 0.1 else rng.choice(tuple(state.legal_actions()))
            state.apply(action)
            played.append(action)
    assert compared >= 3 * players * 6 * (players + 1)


def test_a_view_holds_every_field_of_its_class_as_made_by_its_constructor() -> None:
    """A view is made for every viewer after every action by filling its fields at once (issue 33): every field of
    GuimbardeView is there, nothing else, and the view equals the one its constructor makes of them, the fields its
    equality leaves out (the deal's payments, the deal before) included."""
    names = {item.name for item in dataclasses.fields(GuimbardeView)}
    for players in (3, 5):
        for number, state in enumerate(playout(players, players, Mode.TABLE, automate=True)):
            if number % 7:
                continue
            for viewer in (*range(players), PUBLIC):
                view = state.view(viewer)
                assert set(vars(view)) == names
                made = GuimbardeView(**vars(view))
                assert made == view and (made.payments, made.last_deal) == (view.payments, view.last_deal)


def test_GUIMBARDE_1_7_R8_a_deals_payments_are_shared_by_the_viewers_who_name_the_seats_they_name_alike() -> None:
    """Issue 33: the sentences of a deal's first payments are told once for every viewer who names alike the seats
    they may name (:meth:`_Teller.named`, their key); every player's stake put into the Point box (GUIMBARDE-§7), told
    "Each player puts ...", names none, so that every viewer shares it. Over random sets of payments from seats into
    boxes (antes, GUIMBARDE-§1; stakes; fines, GUIMBARDE-R8), told to a seat and to the spectators with names of
    their own, every seat a sentence names (by his name, or "you" for the viewer) is among the seats of the key: a
    key that left out a seat named would give one viewer's sentence, and its "you", to another."""
    rng = random.Random(7)
    state = GuimbardeState.new(GuimbardeRules(players=5), seed=1, first_dealer=0)
    names = ("Anne", "Bruno", "Claire", "Denis", "Emma")
    stakes = [Payment(seat, POINT, 1, "GUIMBARDE-§7", -1) for seat in range(5)]
    for viewer in (2, PUBLIC):
        teller = painter._Teller(state.view(viewer), EN, names)
        assert not set(teller.named(stakes)) and teller.payments(stakes) == [
            "Each player puts 1 counter into the Point box (GUIMBARDE-§7: the stake for the most tricks)."]
        for _ in range(400):
            payments = [Payment(rng.randrange(5), rng.choice(BOXES), rng.choice((1, 1, 2)),
                                rng.choice(("GUIMBARDE-§1", "GUIMBARDE-§7", "GUIMBARDE-R8")), -1)
                        for _ in range(rng.randrange(1, 6))] + (stakes if rng.random() < 0.4 else [])
            named, told = set(teller.named(payments)), " ".join(teller.payments(payments))
            said = {seat for seat in range(5) if names[seat] in told}
            if viewer != PUBLIC and re.search(r"\b[Yy]ou\b", told):
                said.add(viewer)
            assert said <= named, (payments, told)


def _forget_the_words_kept_for_every_table() -> None:
    """Empty the caches that keep words for every viewer and table (issue 33), so that the next picture is painted
    from its own view alone."""
    for kept in (painter._PLAYS, painter._TO_PLAY, painter._NAMES, painter._HEADS, painter._POSITIONS,
                 painter._SAID_IN, painter._SEAT_WORDS, painter._last_seats):
        kept.clear()


@pytest.mark.parametrize("mode", [Mode.ENFORCED, Mode.TABLE])
def test_GUIMBARDE_3_8_R4_R6_words_kept_for_every_table_are_the_words_told_afresh(mode: Mode) -> None:
    """Issue 33: the moves to play a card (GUIMBARDE-R6, R4: the queen on her king, the grand marriage; GUIMBARDE-§8:
    la guimbarde, le roi, le fou, a trump), the status line and the turn-up (GUIMBARDE-§3), "... to play", the
    default names and the meanings of rules and boxes are made once per language and what they read, for every viewer
    and table. Four tables of three to eight seats are played in turn and every viewer of each painted with
    his memo, in English and French alternately, every word kept; then each picture is painted again from its view
    alone, the kept words forgotten: the two are equal. A key that left out what a word reads (the card played
    before, whether the card is a trump, the table's number of deals, the language) would give one table's or one
    viewer's words to another."""
    games = [playout(players, seed, mode, automate=True) for players, seed in ((3, 1), (4, 2), (5, 2), (8, 4))]
    memos: dict[tuple[int, int, str], Memo] = {}
    painted: list[tuple[GuimbardeView, Words, Picture]] = []
    for step, states in enumerate(itertools.zip_longest(*games)):  # (the tables in turn, each to its game's end)
        for table, state in enumerate(states):
            if state is None:
                continue
            for viewer in (*range(state.rules.players), PUBLIC):
                view = state.view(viewer)
                words = (EN, FR)[(step + viewer) % 2]
                memo = memos.setdefault((table, viewer, words.lang), Memo())
                painted.append((view, words, painter.paint(view, words=words,
                                                           names=painter.default_names(view, words=words), memo=memo)))
    labels = set()
    for view, words, picture in painted:
        _forget_the_words_kept_for_every_table()
        fresh = painter.paint(view, words=words, names=painter.default_names(view, words=words))
        assert picture == fresh
        labels |= {move.label for move in fresh.moves}
    assert any("GUIMBARDE-R6" in label for label in labels) and any(", a trump" in label for label in labels)


def test_a_picture_holds_every_field_of_its_class_as_made_by_its_constructor() -> None:
    """A picture is made for every viewer after every action by setting its fields through their slots (issue 33):
    over random games of three and five seats in table mode, every seat's and the spectator's picture, painted with
    its memo, equals the picture its class's constructor makes of its fields (a field left unset fails here)."""
    for players in (3, 5):
        memos: dict[int, Memo] = {}
        for number, state in enumerate(playout(players, players + 1, Mode.TABLE, automate=True)):
            if number % 3:
                continue
            for viewer in (*range(players), PUBLIC):
                view = state.view(viewer)
                picture = painter.paint(view, words=EN, names=painter.default_names(view, words=EN),
                                        memo=memos.setdefault(viewer, Memo()))
                assert Picture(**{item.name: getattr(picture, item.name)
                                  for item in dataclasses.fields(Picture)}) == picture


# ------------------------------------------------------------------------------------------------ how to play
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_how_to_play_fits_80_columns_and_cites_the_catalogue(lang: str) -> None:
    """The rules for players fit 80 columns on one or two screens and cite law IDs of the catalogue (GUIMBARDE-§…,
    GUIMBARDE-R…, G-§…, G…), every cited ID being one the catalogue has."""
    text = resources.files("academie.games.guimbarde").joinpath(f"how_to_play.{lang}.md").read_text("utf-8")
    lines = text.splitlines()
    assert lines[0].startswith("# La Guimbarde") and len(lines) <= 46
    assert all(len(line) <= 80 for line in lines)
    known = {entry.id for entry in CATALOGUE}
    cited = set(re.findall(r"GUIMBARDE-(?:FIG|§\d+|R\d+)|G-§\d+(?:\.\d+)?|G\d+\b", text))
    assert cited <= known, cited - known
    assert len(cited) >= 20
